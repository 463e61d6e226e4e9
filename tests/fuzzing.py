"""Mutation fuzzing of the example campaigns of every ruleset, for tests/test_fuzz.py (short) and scripts/fuzz (long).

A mutant is a copy of an example campaign (``content/``, Pitac; ``examples/sengoku/content``; the
docs-only campaigns of Campagna and Clan War)
with one operator applied to one of its files: bytes (control characters, invalid UTF-8, a
BOM and CRLF, truncation), lines (deleted, repeated, re-indented), YAML (tags, anchors and
aliases, a recursive alias, deep nesting, an alias bomb), values (type swaps, key renames and
deletions, duplicated entries, huge, negative and fractional numbers, dates, unicode, paths out
of the campaign, ``javascript:`` addresses), the file system (a folder, a FIFO, a dangling or
looping symbolic link, a look-alike name) and a template override. Every operator takes a
``random.Random``, so hypothesis (``st.randoms()``) and a seeded long run share them.

Each mutant runs ``chronicle check`` and, if it passes, ``chronicle build``, in a forked child
process with a timeout and a memory cap, and is classified against issue 8's "what must hold":

* **accepted**: check exits 0 and build exits 0;
* **placed**: check exits 1 and every problem is ``path:line:col: error|warning: ...`` inside the
  campaign (the build is not tried: it runs the same load and preflight, so it refuses too);
* **crash**: anything else: another exit code (70 is an internal error), a traceback, a problem
  placed outside the campaign or without a place, an exit 1 with no error, a build that fails
  after check passed;
* **hang**: no answer within the timeout.
"""

from __future__ import annotations

import json
import os
import random
import re
import select
import shutil
import signal
import string
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
CAMPAIGNS = {"pitac": REPO / "content", "sengoku": REPO / "examples" / "sengoku" / "content",
             # the two later rulesets have no example campaign of their own: their docs-only campaigns
             # (every rule of docs/rules/<ruleset>.md played) are the richest input there is
             "campagna": REPO / "tests" / "campaigns" / "docs_only_campagna" / "content",
             "clanwar": REPO / "tests" / "campaigns" / "docs_only_clanwar" / "content"}
PLACED = re.compile(r"^(?P<file>[^\n:]+):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning): ", re.M)
TIMEOUT = 300.0                        # seconds for check + build of one mutant: a hang, not a slow run on a busy machine
MEMORY = 3 * 1024 ** 3                 # bytes a mutant's process may map


# ---- the mutant ---------------------------------------------------------------------------------

@dataclass
class Case:
    campaign: str
    file: str
    operator: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.campaign}:{self.file}:{self.operator}({self.detail[:80]!r})"


@dataclass
class Outcome:
    kind: str                          # accepted, placed, crash, hang
    case: Case
    why: str = ""
    output: str = ""
    seconds: float = 0.0
    codes: tuple = field(default_factory=tuple)


def copy_campaign(name: str, root: Path) -> Path:
    """A fresh copy of an example campaign at ``root`` (``root/content``)."""
    if root.exists():
        shutil.rmtree(root)
    shutil.copytree(CAMPAIGNS[name], root / "content", symlinks=True)
    return root


def mutant(rng: random.Random, root: Path, campaigns: list[str] | None = None) -> Case:
    """Copy a campaign (one of ``campaigns``, all by default) to ``root`` and apply one operator to
    one file; returns what was done."""
    name = rng.choice(sorted(campaigns or CAMPAIGNS))
    copy_campaign(name, root)
    files = sorted(p.relative_to(root).as_posix() for p in (root / "content").rglob("*") if p.is_file())
    weights = [4 if f.endswith("campaign.yaml") else 1 for f in files]
    target = rng.choices(files, weights)[0]
    kinds = list(TEXT_OPERATORS) + list(DATA_OPERATORS) + list(FILE_OPERATORS) + ["template"]
    kind = rng.choice(kinds)
    path = root / target
    if kind in FILE_OPERATORS:
        detail = FILE_OPERATORS[kind](rng, root, path)
    elif kind == "template":
        detail = template_override(rng, root)
        target = "templates/turn.html"
    elif kind in DATA_OPERATORS and target.endswith(".yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        data, detail = DATA_OPERATORS[kind](rng, data)
        path.write_text(dump(data), encoding="utf-8")
    else:
        if kind in DATA_OPERATORS:
            kind = rng.choice(list(TEXT_OPERATORS))
        raw, detail = TEXT_OPERATORS[kind](rng, path.read_bytes())
        path.write_bytes(raw)
    _shorten(rng, root, target)
    return Case(name, target, kind, str(detail))


def _shorten(rng: random.Random, root: Path, target: str) -> None:
    """A campaign in progress: keep the turns up to the one after the mutated file (all of them
    for half the mutants of campaign.yaml). The build, most of a mutant's cost, shrinks with it."""
    match = re.search(r"turns/0*([0-9]+)\.(?:yaml|md)$", target)
    if match:
        last = int(match.group(1)) + 1
    elif target.endswith("campaign.yaml") and rng.random() < 0.5:
        last = 3
    else:
        return
    for path in (root / "content" / "turns").glob("*"):
        number = re.match(r"^0*([0-9]+)\.(?:yaml|md)$", path.name)
        if number and int(number.group(1)) > last and not path.is_symlink():
            path.unlink()


def dump(data) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


# ---- operators on bytes and lines ---------------------------------------------------------------

def _insert(raw: bytes, rng: random.Random, piece: bytes) -> bytes:
    at = rng.randrange(len(raw) + 1)
    return raw[:at] + piece + raw[at:]


def control(rng, raw):
    char = rng.choice(["\x00", "\x01", "\x07", "\x1b", "\x7f", "\x80", "\x9b", "\u2028", "\ufeff", "\ufffe", "\x0c"])
    return _insert(raw, rng, char.encode("utf-8", "surrogatepass")), repr(char)


def bad_utf8(rng, raw):
    piece = rng.choice([b"\xff", b"\xc3", b"\xe9t\xe9", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf"])
    return _insert(raw, rng, piece), repr(piece)


def bom_crlf(rng, raw):
    which = rng.choice(["bom", "crlf", "both", "cr"])
    if which in ("crlf", "both"):
        raw = raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    if which == "cr":
        raw = raw.replace(b"\n", b"\r")
    if which in ("bom", "both"):
        raw = b"\xef\xbb\xbf" + raw
    return raw, which


def truncate(rng, raw):
    at = rng.randrange(len(raw) + 1)
    return raw[:at], at


def _lines(raw: bytes) -> list[bytes]:
    return raw.splitlines(keepends=True) or [b""]


def delete_line(rng, raw):
    lines = _lines(raw)
    i = rng.randrange(len(lines))
    return b"".join(lines[:i] + lines[i + 1:]), i + 1


def repeat_line(rng, raw):
    lines = _lines(raw)
    i = rng.randrange(len(lines))
    return b"".join(lines[:i + 1] + [lines[i]] * rng.choice([1, 2, 50]) + lines[i + 1:]), i + 1


def reindent(rng, raw):
    lines = _lines(raw)
    i = rng.randrange(len(lines))
    prefix = rng.choice([b" ", b"  ", b"\t", b"    ", b"-", b"- ", b"? ", b": ", b"# ", b"---\n", b"...\n", b"%YAML 1.1\n"])
    if rng.random() < 0.5:
        lines[i] = prefix + lines[i]
    else:
        lines[i] = lines[i].lstrip()
    return b"".join(lines), (i + 1, prefix)


TAGS = ["!!binary aGk=", "!!set {a, b}", "!!omap [a: 1]", "!!timestamp 2026-01-01", "!!python/object/apply:os.system [id]",
        "!!python/name:os.system", "!custom x", "!!int '7'", "!!float 3", "!!str 5", "!!bool yes", "!!null ''",
        "!<tag:example.org,2000:x> y", "!!merge x", "!!pairs [a: 1]", "!!int x"]


def _value_spot(rng, raw: bytes) -> tuple[bytes, int] | None:
    """The byte offset just after a ': ' (where a value starts) somewhere in the file."""
    spots = [m.end() for m in re.finditer(rb": ", raw)]
    return rng.choice(spots) if spots else None


def tag(rng, raw):
    at = _value_spot(rng, raw)
    piece = rng.choice(TAGS).encode()
    if at is None:
        return raw + b"\nx: " + piece + b"\n", piece
    return raw[:at] + piece + b" " + raw[at:], piece


def alias(rng, raw):
    which = rng.choice(["recursive", "recursive-map", "undefined", "anchor-reuse", "merge", "bad-merge", "key-alias"])
    snippet = {
        "recursive": b"&r [*r]",
        "recursive-map": b"&m {a: *m}",
        "undefined": b"*nowhere",
        "anchor-reuse": b"&x 1",
        "merge": b"{<<: {x: 1}, y: 2}",
        "bad-merge": b"{<<: 5}",
        "key-alias": b"{*k : 1}",
    }[which]
    at = _value_spot(rng, raw)
    if at is None:
        return raw + b"\nx: " + snippet + b"\n", which
    end = raw.find(b"\n", at)
    end = len(raw) if end < 0 else end
    return raw[:at] + snippet + raw[end:], which


def deep(rng, raw):
    depth = rng.choice([63, 64, 65, 100, 1000, 5000])
    kind = rng.choice(["flow", "map", "unclosed", "block"])
    if kind == "flow":
        piece = b"[" * depth + b"]" * depth
    elif kind == "map":
        piece = b"{a: " * depth + b"1" + b"}" * depth
    elif kind == "unclosed":
        piece = b"[" * depth
    else:
        piece = b"\n" + b"".join(b"  " * (i + 1) + b"- \n" for i in range(min(depth, 300)))
    at = _value_spot(rng, raw)
    if at is None:
        return raw + b"\nx: " + piece + b"\n", (kind, depth)
    end = raw.find(b"\n", at)
    end = len(raw) if end < 0 else end
    return raw[:at] + piece + raw[end:], (kind, depth)


def bomb(rng, raw):
    levels = rng.choice([3, 5, 9])
    lines = [b'bomb0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels + 1):
        lines.append(f"bomb{i}: &a{i} [".encode() + b",".join([f"*a{i - 1}".encode()] * 9) + b"]")
    return raw.rstrip(b"\n") + b"\n" + b"\n".join(lines) + b"\n", levels


TEXT_OPERATORS = {"control": control, "bad_utf8": bad_utf8, "bom_crlf": bom_crlf, "truncate": truncate,
                  "delete_line": delete_line, "repeat_line": repeat_line, "reindent": reindent, "tag": tag,
                  "alias": alias, "deep": deep, "bomb": bomb}


# ---- operators on values ------------------------------------------------------------------------

WEIRD_TEXT = ["", " ", "x" * 100_000, "\u202eevil", "😀" * 50, "e\u0301", "\u200b", "null", "~", "yes", "NaN",
              "1/0", "0/5", "5/3", "2026-01-01", "javascript:alert(1)", "ftp://x/", "https://x.org/\"><script>",
              "../../etc/passwd", "/etc/passwd", "/dev/zero", "<script>alert(1)</script>", "{{ 7*7 }}", "%00",
              "Attack", "Attack " * 500, "10+10+10+10+10+3", "10+", "+", "0x10", "1e3", "-0", "\\", "'", '"']


def random_value(rng: random.Random, depth: int = 0):
    kind = rng.choice(["int", "float", "text", "bool", "null", "list", "dict", "date"] if depth < 3 else
                      ["int", "float", "text", "bool", "null"])
    if kind == "int":
        return rng.choice([0, 1, -1, 2, 3, 6, 7, 10, 11, 12, 13, 100, 2 ** 31, 10 ** 9, 10 ** 18, 10 ** 25, -10 ** 9,
                           100_000_000])
    if kind == "float":
        return rng.choice([0.0, 0.5, 4.0, -1.5, 1e308, 1e-308, 3.14, 1e20, float("inf"), float("nan")])
    if kind == "text":
        return rng.choice(WEIRD_TEXT)
    if kind == "bool":
        return rng.choice([True, False])
    if kind == "null":
        return None
    if kind == "date":
        import datetime
        return datetime.date(2026, 1, 1)
    if kind == "list":
        return rng.choice([[], [random_value(rng, depth + 1)] * rng.choice([1, 2, 3, 200]),
                           [random_value(rng, depth + 1) for _ in range(rng.randrange(1, 4))]])
    return rng.choice([{}, {rng.choice(["a", "x", "paula", "takeda", "1"]): random_value(rng, depth + 1)}])


def _paths(data, path=()):
    """Every (path, value) in a parsed document."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, path + (i,))


def _get(data, path):
    for key in path:
        data = data[key]
    return data


def _set(data, path, value):
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


def _pick(rng, data, where=lambda p, v: True):
    spots = [(p, v) for p, v in _paths(data) if where(p, v)]
    return rng.choice(spots) if spots else (None, None)


def type_swap(rng, data):
    path, _ = _pick(rng, data, lambda p, v: bool(p))
    if path is None:
        return random_value(rng), "whole document"
    value = random_value(rng)
    return _set(data, path, value), (path, value if not isinstance(value, str) else value[:40])


def number(rng, data):
    path, old = _pick(rng, data, lambda p, v: isinstance(v, (int, float)) and not isinstance(v, bool) and p)
    if path is None:
        return type_swap(rng, data)
    value = rng.choice([0, -1, -100, 4.0, 0.5, 10 ** 9, 100_000_000, 10 ** 25, 1e308, 2 ** 63, old + 1, old - 1, old * 1000])
    return _set(data, path, value), (path, old, value)


def rename_key(rng, data):
    path, _ = _pick(rng, data, lambda p, v: bool(p) and isinstance(p[-1], str))
    if path is None:
        return type_swap(rng, data)
    parent = _get(data, path[:-1])
    old = path[-1]
    new = rng.choice([old.upper(), old[:-1], old + "s", old.replace("a", "а"), " " + old, old + " ", "", "<<", "1", "yes",
                      rng.choice(["options", "map", "players", "turn", "dice", "battles", "orders"])])
    items = [(new if k == old else k, v) for k, v in parent.items()]
    parent.clear()
    for key, value in items:
        parent.setdefault(key, value)
    return data, (path, new)


def delete_key(rng, data):
    path, _ = _pick(rng, data, lambda p, v: bool(p))
    if path is None:
        return type_swap(rng, data)
    del _get(data, path[:-1])[path[-1]]
    return data, path


def duplicate_entry(rng, data):
    path, value = _pick(rng, data, lambda p, v: isinstance(v, list) and v)
    if path is None:
        return type_swap(rng, data)
    i = rng.randrange(len(value))
    value.insert(i, json.loads(json.dumps(value[i], default=str)))
    return data, (path, i)


def text_value(rng, data):
    path, old = _pick(rng, data, lambda p, v: isinstance(v, str) and p)
    if path is None:
        return type_swap(rng, data)
    value = rng.choice(WEIRD_TEXT + [old.upper(), old + old, old[::-1], old.replace(" ", "\u00a0")])
    return _set(data, path, value), (path, value[:40])


def option(rng, data):
    """campaign.yaml's options (and map, url, seed): the settings that most change what follows."""
    if not isinstance(data, dict):
        return type_swap(rng, data)
    key = rng.choice(["options", "map", "url", "seed", "players", "ruleset", "language"])
    if key == "options":
        names = ["capital_dice", "later_capital_dice", "winner_moves", "participant_moves", "shogun_share_small",
                 "shogun_share_large", "large_game_players", "vp_reboot", "army_list_koku", "attack_links",
                 "start_prestige", "start_armies", "max_elements", "move", "siege_floor", "breaking_points", "contingent",
                 "months", "deck", "decks", "prestige", "storm_on", "provinces_per_army", "shogun_hold", "bogus"]
        options = data.setdefault("options", {}) if isinstance(data.get("options"), dict) else {}
        data["options"] = options
        name = rng.choice(names)
        options[name] = random_value(rng)
        return data, (name, options[name] if not isinstance(options[name], str) else options[name][:40])
    if key == "map":
        data["map"] = rng.choice(["japan", "nowhere", {"file": rng.choice(["../../etc/passwd", "/etc/passwd", "map.yaml",
                                                                           "turns", "turns/001.yaml", "/dev/zero"])},
                                  {"provinces": {"a": {"at": [0, 0]}, "b": {"at": [0, 0]}}, "links": [["a", "b"], ["a", "b"]]},
                                  {"provinces": {"a": {"at": [1e6, -1e6], "path": "M 0 0 L 1e99 1 Z"}}},
                                  {"provinces": {"a": None}, "geometry": rng.choice(["../x.json", "campaign.yaml", "turns"])}])
        return data, data["map"]
    data[key] = random_value(rng)
    return data, (key, data[key] if not isinstance(data[key], str) else data[key][:40])


DATA_OPERATORS = {"type_swap": type_swap, "number": number, "rename_key": rename_key, "delete_key": delete_key,
                  "duplicate_entry": duplicate_entry, "text_value": text_value, "option": option}


# ---- operators on the file system ---------------------------------------------------------------

def as_folder(rng, root, path):
    path.unlink()
    path.mkdir()
    (path / "x.yaml").write_text("a: 1\n", encoding="utf-8")
    return "folder"


def as_fifo(rng, root, path):
    path.unlink()
    if hasattr(os, "mkfifo"):
        os.mkfifo(path)
        return "fifo"
    path.mkdir()
    return "folder"


def as_link(rng, root, path):
    path.unlink()
    which = rng.choice(["dangling", "loop", "outside", "inside", "dev"])
    target = {"dangling": "missing.yaml", "loop": path.name, "outside": "/etc/hostname",
              "inside": "../campaign.yaml" if path.parent.name == "turns" else "turns/001.yaml", "dev": "/dev/zero"}[which]
    path.symlink_to(target)
    return which


def rename(rng, root, path):
    turns = root / "content" / "turns"
    new = rng.choice(["013.YAML", "13.Yml", "\u0661\u0663.yaml", "turn-13.yaml", "000.yaml", "001.yml", "0001.yaml",
                      "999999999999999999999.yaml", ".001.yaml", "013.md", "001.yaml~", "99.md"])
    shutil.copyfile(path, turns / new) if path.is_file() else None
    return new


def big(rng, root, path):
    with open(path, "ab") as handle:
        handle.write(b"# " + b"x" * (8 * 1024 * 1024 + 10) + b"\n")
    return "over 8 MiB"


def story(rng, root, path):
    turns = root / "content" / "turns"
    name = rng.choice(sorted(p.name for p in turns.glob("*.yaml")) or ["001.yaml"]).replace(".yaml", ".md")
    raw = rng.choice([b"caf\xe9\n", b"a\x00b\n", b"<script>alert(1)</script>\n", b"[x](javascript:alert(1))\n",
                      b"\xef\xbb\xbfBOM story\r\n", b"# " * 5000, b"*" * 10000, b"![img](file:///etc/passwd)\n"])
    (turns / name).write_bytes(raw)
    return (name, raw[:30])


FILE_OPERATORS = {"as_folder": as_folder, "as_fifo": as_fifo, "as_link": as_link, "rename": rename, "big": big,
                  "story": story}


# ---- a template override ----------------------------------------------------------------------

TEMPLATE_BODIES = [
    "{{ cycler.__init__.__globals__.os.system('id') }}", "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ campaign.root.read_text() }}", "{{ self._TemplateReference__context }}", "{{ 'x' * 10000000000 }}",
    "{{ 2 ** 100000 }}", "{% for x in range(10000000000) %}{% endfor %}", "{{ no_such_name.attribute }}",
    "{{ 1 / 0 }}", "{% if %}", "{% block content %}{% endblock %}{% block content %}{% endblock %}",
    "{% include 'turn.html' %}", "{% extends 'turn.html' %}", "{% include '/etc/passwd' %}",
    "{% include '../../../../etc/passwd' %}", "{{ campaign.title }}", "{{ range(5) | list }}", "{% raw %}",
    "{{ lipsum(1000, false, 10000, 10000) | length }}", "{{ '%999999999d' % 1 }}", "{{ '{:>999999999}'.format(1) }}",
    "{{ 'x' | center(999999999) }}", "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}",
    "{% set ns = namespace(x='ab') %}{% for i in range(60) %}{% set ns.x = ns.x ~ ns.x %}{% endfor %}",
    "{% if true %}" * 3000 + "{% endif %}" * 3000, "{{ 1" + "|string" * 3000 + " }}",
    "{% for a in [1] %}" * 25 + "{% endfor %}" * 25, "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
    "{% include ['x.html', 'turn.html'] %}", "{% import 'turn.html' as t %}",
]


def template_override(rng, root):
    body = rng.choice(TEMPLATE_BODIES)
    raw = ("{% extends \"default/turn.html\" %}{% block content %}" + body + "{% endblock %}\n").encode()
    if rng.random() < 0.2:
        raw = rng.choice([b"<p>caf\xe9</p>", b"<p>\x00</p>", raw + b"\xff"])
    (root / "templates").mkdir(exist_ok=True)
    (root / "templates" / "turn.html").write_bytes(raw)
    return body


# ---- running a mutant ---------------------------------------------------------------------------

def _child(root: Path, write) -> None:
    """In the forked child: run check, then build if check passed; write the results as JSON."""
    try:
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    except (ImportError, ValueError, OSError):
        pass
    from click.testing import CliRunner

    from chronicle.cli import main
    runner = CliRunner()
    results = []
    os.chdir(root)
    for args in (["check", str(root)], ["build", str(root), "--quiet"]):
        start = time.monotonic()
        result = runner.invoke(main, args, catch_exceptions=True)
        output = result.output
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            import traceback
            output += "\nTraceback (uncaught by chronicle):\n" + "".join(
                traceback.format_exception(type(result.exception), result.exception, result.exception.__traceback__))
        results.append({"code": result.exit_code, "output": output[-20000:], "seconds": time.monotonic() - start})
        if result.exit_code != 0:
            break
    write(json.dumps(results).encode("utf-8"))


def preload() -> None:
    """Import all of chronicle in the parent, once: a forked child then never reads a module from
    disk, so editing the code during a long run cannot mix two versions in one mutant."""
    import importlib
    import pkgutil

    import chronicle
    if getattr(preload, "done", False):
        return
    preload.done = True
    for info in pkgutil.walk_packages(chronicle.__path__, "chronicle."):
        if not info.name.startswith("chronicle.maps.japan"):
            importlib.import_module(info.name)
    import click.testing  # noqa: F401


def run_case(root: Path, case: Case, timeout: float = TIMEOUT) -> Outcome:
    """Run check (and build) on the mutant at ``root`` in a forked child; classify the outcome."""
    preload()
    read, write = os.pipe()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:                                                  # the child
        os.close(read)
        try:
            _child(root, lambda data: _write_all(write, data))
        except BaseException:                                     # noqa: BLE001 (told, not lost: "died" said nothing)
            import traceback
            _write_all(write, json.dumps([{"code": 99, "seconds": 0, "output": "Traceback (in the fuzz child, "
                                           "outside chronicle's CLI):\n" + traceback.format_exc()[-5000:]}]).encode())
        finally:
            os._exit(0)
    os.close(write)
    data = b""
    try:
        while True:
            left = timeout - (time.monotonic() - start)
            if left <= 0:
                state = _process_state(pid)
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return Outcome("hang", case, f"no answer in {timeout:.0f} s ({state})", seconds=time.monotonic() - start)
            ready, _, _ = select.select([read], [], [], min(left, 1.0))
            if ready:
                chunk = os.read(read, 1 << 20)
                if not chunk:
                    break
                data += chunk
    finally:
        os.close(read)
    _, status = os.waitpid(pid, 0)
    seconds = time.monotonic() - start
    if not data:
        return Outcome("crash", case, f"the process died (status {status})", seconds=seconds)
    return classify(case, json.loads(data), seconds)


def _process_state(pid: int) -> str:
    """What the child was doing when time ran out: its CPU seconds and its state. A loop that
    never ends has used most of the time on the CPU ('running'); a read that never returns (a
    FIFO) has used almost none ('sleeping'); a child that was merely starved of CPU on a loaded
    machine is 'running' with little CPU used: replay it with --only to tell."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        cpu = (int(fields[11]) + int(fields[12])) / ticks
        state = {"R": "running", "S": "sleeping", "D": "waiting on the disk", "T": "stopped"}.get(fields[0], fields[0])
        return f"{cpu:.1f} s of CPU used, {state}"
    except (OSError, ValueError, IndexError):
        return "CPU time unknown"


def _write_all(fd: int, data: bytes) -> None:
    while data:
        data = data[os.write(fd, data):]


def classify(case: Case, results: list[dict], seconds: float) -> Outcome:
    codes = tuple(r["code"] for r in results)
    output = "\n".join(r["output"] for r in results)
    crash = _broken(results)
    if crash:
        return Outcome("crash", case, crash, output, seconds, codes)
    if codes[0] == 0:
        return Outcome("accepted", case, "", output, seconds, codes)
    return Outcome("placed", case, "", output, seconds, codes)


def _broken(results: list[dict]) -> str:
    """Why the results break the 'what must hold' list, or ''."""
    for step, result in zip(("check", "build"), results):
        code, output = result["code"], result["output"]
        if code not in (0, 1):
            return f"{step} exited {code}"
        if "Traceback" in output or "internal error" in output:
            return f"{step} printed a traceback or an internal error"
        places = list(PLACED.finditer(output))
        for match in places:
            if not match["file"].startswith(("content/", "templates/")):
                return f"{step} placed a problem outside the campaign: {match['file']}"
            if int(match["line"]) < 1:
                return f"{step} placed a problem at line 0"
        problem_lines = [line for line in output.splitlines() if ": error: " in line or ": warning: " in line]
        if len(problem_lines) != len(places):
            return f"{step} printed a problem without a place"
        if code == 1 and not any(m["severity"] == "error" for m in places):
            return f"{step} exited 1 without an error"
    if len(results) == 2 and results[0]["code"] == 0 and results[1]["code"] != 0:
        return "check passed but build failed"
    return ""


def random_name(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(8))
