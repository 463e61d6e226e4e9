"""The second Clan War acceptance campaign, written and computed by hand from the docs alone.

Campaign: ``tests/campaigns/docs_only_clanwar_2/`` -- thirteen Strategic Turns on a small map of
its own (``content/map.yaml``: rings, not a line) with five factions: Dragon, Phoenix, Naga, the
Brotherhood (Monk) and the Shadowlands. It was written from ``docs/rules/clanwar.md``, the seed
(``shared/seeds/000_...``), the reading notes, the schemas and chronicle's error messages, never
from the ruleset's code or its tests. ``expected.yaml`` holds the position after every turn as
computed by hand (the arithmetic is in its comments); ``illegal.yaml`` holds one-entry variants
that must be refused, each with the rule of the seed it breaks; ``FINDINGS.md`` records where
chronicle and the hand computation disagreed and who was right, by the docs.

Each expectation is a test of its own (turn, section, and the unit or personality), so a finding
marks exactly the expectation it concerns ``xfail(strict=True)``: the suite stays green and the
bug stays visible, and the day it is fixed the xfail fails and must be removed.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from chronicle.cli import main, state_json
from chronicle.history import load_history

from clanwar.invariants import check_history

CAMPAIGN = Path(__file__).parent / "campaigns" / "docs_only_clanwar_2"
EXPECTED = yaml.safe_load((CAMPAIGN / "expected.yaml").read_text())["turns"]
ILLEGAL = yaml.safe_load((CAMPAIGN / "illegal.yaml").read_text())["cases"]
LAST = max(EXPECTED)
ABSENT = "<absent>"

# expectation id -> the finding (FINDINGS.md) that explains why chronicle disagrees with the docs
# (F1-F4 are fixed: none is left).
KNOWN_BUGS: dict[str, str] = {}


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def state(turn, directory=CAMPAIGN):
    result = run("state", directory, "--turn", turn, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def every_state(directory=CAMPAIGN):
    """Every turn's ``chronicle state --json`` from one replay (a ``state`` call a turn replayed the
    campaign fourteen times: seconds for each mutant of scripts/mutate; the CLI is checked below)."""
    history = load_history(directory)
    return {n: json.loads(json.dumps(state_json(history, n), sort_keys=True)) for n in range(0, LAST + 1)}


@pytest.fixture(scope="module")
def states():
    return every_state()


def test_chronicle_state_prints_the_same(states):
    assert state(LAST) == states[LAST]
    assert state(3) == states[3]


WARNING = re.compile(r"^content/(?:turns/(\d+)\.yaml|campaign\.yaml):\d+:\d+: warning: (.*)$", re.M)


@pytest.fixture(scope="module")
def warnings():
    """The warnings of `chronicle check`, by turn (0: campaign.yaml)."""
    result = run("check", CAMPAIGN)
    assert result.exit_code == 0, result.output
    by_turn: dict[int, list[str]] = {}
    for turn, message in WARNING.findall(result.output):
        by_turn.setdefault(int(turn or 0), []).append(message)
    return by_turn


# --- comparing one expectation -------------------------------------------------------------------

def _subset(expected, got, where, rename=None):
    """Differences between the fields written in `expected` and the same fields of `got`.

    `rename` maps a name of expected.yaml to the state's (a personality's `void` left is its
    `void_points`; `rings: {void: 3}` is the ring)."""
    problems = []
    for key, want in expected.items():
        field = (rename or {}).get(key, key)
        if field not in got:
            problems.append(f"{where}.{key}: no such field (expected {want!r})")
            continue
        have = got[field]
        if isinstance(want, dict) and isinstance(have, dict):
            problems += _subset(want, have, f"{where}.{key}")
        elif have != want:
            problems.append(f"{where}.{key}: expected {want!r}, got {have!r}")
    return problems


def _pairs(pairs):
    return sorted(sorted(p) for p in pairs)


def check_section(turn, section, key, s, warns):
    """The differences (an empty list when chronicle agrees) for one expectation."""
    want = EXPECTED[turn][section] if key is None else EXPECTED[turn][section][key]
    factions = s["factions"]
    if section == "koku":
        return _subset(want, s["koku"], "koku")
    if section == "ledger":
        lines = {p: [] for p in factions}
        for e in s["events"]:
            if e["kind"] == "koku-changed":
                lines[e["player"]].append(e["amount"])
        return [] if lines[key] == want else [f"ledger {key}: expected {want}, got {lines[key]}"]
    if section in ("honor", "rings", "corrupted", "daimyo", "stockpile"):
        return _subset(want, {p: f[section] for p, f in factions.items()}, section)
    if section in ("grudges", "excused"):
        got = {p: sorted(f[section]) for p, f in factions.items()}
        return _subset({p: sorted(v) for p, v in want.items()}, got, section)
    if section == "provinces":
        return _subset(want, {p: v["controller"] for p, v in s["provinces"].items()}, "controller")
    if section == "spells":
        got = {p: sorted(v["spells"]) for p, v in s["provinces"].items()}
        return _subset({p: sorted(v) for p, v in want.items()}, got, "spells")
    if section == "alliances":
        return [] if _pairs(s["alliances"]) == _pairs(want) else [f"alliances: expected {want}, got {s['alliances']}"]
    if section == "graveyard":
        return [] if sorted(s["graveyard"]) == sorted(want) else [f"graveyard: expected {want}, got {s['graveyard']}"]
    if section == "winner":
        return [] if s["winner"] == want else [f"winner: expected {want}, got {s['winner']}"]
    if section == "unit_ids":
        return [] if sorted(s["units"]) == sorted(want) else [f"units: expected {sorted(want)}, got {sorted(s['units'])}"]
    if section in ("units", "personalities"):
        entries = s[section]
        if want.get("province") == ABSENT:
            return [] if key not in entries else [f"{key}: expected absent, got {entries[key]}"]
        if key not in entries:
            return [f"{key}: missing"]
        return _subset(want, entries[key], key, {"void": "void_points"} if section == "personalities" else None)
    if section == "events":
        problems = []
        for wanted in want:
            if not any(all(e.get(k) == v for k, v in wanted.items()) for e in s["events"]):
                problems.append(f"no event {wanted}")
        return problems
    if section == "warnings":
        got = list(warns.get(turn, []))
        problems = []
        for word in want:
            hit = next((w for w in got if word in w), None)
            if hit is None:
                problems.append(f"no warning naming {word!r}")
            else:
                got.remove(hit)
        problems += [f"unexpected warning: {w}" for w in got]
        return problems
    raise AssertionError(f"expected.yaml: unknown section {section!r} in turn {turn}")


PER_KEY = ("units", "personalities", "ledger")


def expectations():
    for turn, sections in sorted(EXPECTED.items()):
        for section, body in sections.items():
            keys = sorted(body) if section in PER_KEY else [None]
            for key in keys:
                name = f"t{turn}-{section}" + (f"-{key}" if key else "")
                marks = [pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[name])] if name in KNOWN_BUGS else []
                yield pytest.param(turn, section, key, id=name, marks=marks)


@pytest.mark.parametrize("turn, section, key", list(expectations()))
def test_position_as_computed_by_hand(states, warnings, turn, section, key):
    problems = check_section(turn, section, key, states[turn], warnings)
    assert not problems, "\n".join(problems)


def test_every_expectation_is_checked_every_turn():
    """The hand computation covers every turn, and a known bug names an expectation that exists."""
    assert sorted(EXPECTED) == list(range(0, LAST + 1))
    assert len(list((CAMPAIGN / "content" / "turns").glob("*.yaml"))) == LAST
    ids = {p.id for p in expectations()} | {f"{k}-{c['name']}" for c in ILLEGAL for k in ("refused", "explained")}
    assert set(KNOWN_BUGS) <= ids


# --- the campaign as a whole ---------------------------------------------------------------------

def test_campaign_checks_without_errors():
    result = run("check", CAMPAIGN)
    assert result.exit_code == 0, result.output
    assert ": error:" not in result.output


def test_every_die_is_written_the_seed_changes_nothing(tmp_path, states):
    other = tmp_path / "other"
    shutil.copytree(CAMPAIGN, other)
    config = other / "content" / "campaign.yaml"
    config.write_text(config.read_text().replace("seed: 4242", "seed: 777"))
    elsewhere = every_state(other)
    for n in range(1, LAST + 1):
        assert all(d["recorded"] for d in states[n]["dice"]), f"turn {n} drew a die"
        assert elsewhere[n] == states[n], f"turn {n} depends on the seed"


def test_koku_conserved_start_plus_taxes_and_fees_minus_purchases(states):
    totals = {p: 0 for p in states[0]["koku"]}
    for turn in range(0, LAST + 1):
        for e in states[turn]["events"]:
            if e["kind"] == "koku-changed":
                totals[e["player"]] += e["amount"]
        assert totals == states[turn]["koku"], turn
        assert all(v >= 0 for v in states[turn]["koku"].values())


def test_the_invariants_hold_every_turn():
    assert check_history(load_history(CAMPAIGN)) == []


def test_a_turn_file_is_never_written_by_a_build(tmp_path):
    other = tmp_path / "other"
    shutil.copytree(CAMPAIGN, other)
    before = {p: p.read_bytes() for p in (other / "content").rglob("*") if p.is_file()}
    result = run("build", other)
    assert result.exit_code == 0, result.output
    assert {p: p.read_bytes() for p in (other / "content").rglob("*") if p.is_file()} == before


# --- orders that must be refused -----------------------------------------------------------------

def illegal_variant(case, root):
    """A copy of the campaign cut after `case["turns"]`, with the one change the case makes."""
    shutil.copytree(CAMPAIGN / "content", root / "content")
    for path in (root / "content" / "turns").glob("*.yaml"):
        if int(path.stem) > case["turns"]:
            path.unlink()
    target = root / case["file"]
    if "write" in case:
        target.write_text(case["write"])
    else:
        old, new = case["replace"]
        text = target.read_text()
        assert text.count(old) == 1, f"{case['name']}: the text to replace is not in {case['file']} once"
        target.write_text(text.replace(old, new))
    return root


ERROR = re.compile(r"^(\S+?):(\d+):(\d+): error: (.*)\n(?:    hint: (.*))?", re.M)


def illegal_cases(check):
    for case in ILLEGAL:
        name = f"{check}-{case['name']}"
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[name])] if name in KNOWN_BUGS else []
        yield pytest.param(case, id=case["name"], marks=marks)


_REFUSALS: dict[str, tuple[int, str]] = {}


def refusal(case, tmp_path_factory):
    """`chronicle check` on the case's variant, run once for both tests of the case."""
    if case["name"] not in _REFUSALS:
        root = illegal_variant(case, tmp_path_factory.mktemp(case["name"]))
        result = run("check", root)
        _REFUSALS[case["name"]] = (result.exit_code, result.output)
    return _REFUSALS[case["name"]]


def errors_at(case, tmp_path_factory):
    """The errors `chronicle check` gives at the case's line, as (col, message, hint)."""
    exit_code, output = refusal(case, tmp_path_factory)
    assert exit_code != 0, f"{case['name']} ({case['rule']}) was accepted:\n{output}"
    errors = ERROR.findall(output)
    assert errors, output
    here = [(int(col), msg, hint) for f, line, col, msg, hint in errors
            if f == case["file"] and int(line) == case["line"]]
    assert here, f"no error at {case['file']}:{case['line']}:\n{output}"
    return here, output


@pytest.mark.parametrize("case", list(illegal_cases("refused")))
def test_an_illegal_order_is_refused_where_it_stands(tmp_path_factory, case):
    here, _ = errors_at(case, tmp_path_factory)
    assert all(col >= 1 for col, _, _ in here)
    message = " ".join(msg for _, msg, _ in here).lower()
    for word in case["words"]:
        assert word.lower() in message, f"{word!r} not in {message!r}"


@pytest.mark.parametrize("case", list(illegal_cases("explained")))
def test_the_refusal_names_the_rule_and_gives_a_hint(tmp_path_factory, case):
    """docs/rules/clanwar.md, Bad input: every error names the rule broken (in brackets) and a hint."""
    here, output = errors_at(case, tmp_path_factory)
    for _, message, hint in here:
        if case.get("rule_named", True):
            assert re.search(r"\[.+\]$", message), f"the rule broken is not named in brackets: {message!r}"
        assert hint.strip(), f"an error without a hint:\n{output}"


def test_a_refused_build_leaves_the_previous_site(tmp_path):
    root = illegal_variant(next(c for c in ILLEGAL if c["name"] == "over_spending"), tmp_path / "c")
    good = tmp_path / "good"
    shutil.copytree(CAMPAIGN / "content", good / "content")
    for path in (good / "content" / "turns").glob("*.yaml"):
        if int(path.stem) > 1:
            path.unlink()
    assert run("build", good).exit_code == 0
    shutil.copytree(good / "site", root / "site")
    before = {p.relative_to(root): p.read_bytes() for p in (root / "site").rglob("*") if p.is_file()}
    assert run("build", root).exit_code != 0
    assert {p.relative_to(root): p.read_bytes() for p in (root / "site").rglob("*") if p.is_file()} == before
