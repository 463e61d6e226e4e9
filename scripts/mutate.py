"""Mutation testing of the rules engines (chronicle/rules/), one ruleset at a time.

Run it as ``scripts/mutate [RULESET ...]`` (the shell wrapper installs what it needs); see
docs/testing.md. Why mutmut 3: it forks each mutant from a process that has already imported
chronicle and collected the tests, and runs only the tests that call the mutated function, so a
mutant costs a fraction of a second instead of a fresh ``pytest`` start (cosmic-ray runs the test
command once per mutant; pytest-gremlins starts a pytest subprocess per mutant: both ran 20-50x
slower here). Its results are cached, so a second run re-tests only what changed.

Each ruleset is tested in a scratch copy of the repository under ``.mutation/<ruleset>/`` (ignored
by git): mutmut writes its mutated tree and cache there and never touches the checkout. The report
lists every surviving mutant by file and line with the change it made; a survivor that no test can
kill (an equivalent mutant) is listed with the reason in scripts/mutate-allow.yaml and not counted.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
WORK = REPO / ".mutation"
ALLOW_FILE = REPO / "scripts" / "mutate-allow.yaml"
RULES = Path("chronicle/rules")
TARGET_RATE = 90.0
DEFAULT_SEED = 13

# The fast test selection of each ruleset: its rules' unit tests, never the site or browser tests.
# A ruleset not listed uses tests/<ruleset>/, tests/test_<ruleset>*.py and its docs-only campaign. (tests/test_properties.py
# is left out: its random campaigns cost seconds a mutant, and a mutant only they kill is an edge
# that deserves a case of its own.)
TESTS = {
    "pitac": ["tests/pitac", "tests/test_gameday.py", "tests/test_pitac_cases.py", "tests/test_docs_only_campaign.py", "tests/test_errors.py",
              "tests/test_map_marks.py"],
    "sengoku": ["tests/sengoku", "tests/test_docs_only_sengoku.py", "tests/test_map_marks.py"],
    "campagna": ["tests/test_campagna_cases.py", "tests/campagna/test_campagna_rules.py",
                 "tests/campagna/test_campagna_docs.py", "tests/campagna/test_campagna_views.py",
                 "tests/test_docs_only_campagna.py", "tests/test_suspicious_battles.py"],
    "clanwar": ["tests/test_clanwar_cases.py", "tests/clanwar/test_clanwar_errors.py", "tests/clanwar/test_clanwar_views.py",
                "tests/clanwar/test_clanwar_map.py", "tests/clanwar/test_clanwar_sentences.py", "tests/clanwar/test_clanwar_edges.py", "tests/test_docs_only_clanwar.py", "tests/test_docs_only_clanwar_2.py",
                "tests/test_suspicious_battles.py"],
    "common": ["tests/pitac", "tests/sengoku", "tests/test_errors.py", "tests/test_pitac_cases.py"],
}
# Tests of a selected file that are left out of it: whole-site builds, which check the build and the
# site (files written or kept), not a rule. They ran for every mutant of a function the campaign
# calls (20 s of Clan War's 56 s a mutant); the rules they replay are replayed and checked by the
# same file's `check` and position tests.
DESELECT = {
    "clanwar": ["tests/test_docs_only_clanwar_2.py::test_a_turn_file_is_never_written_by_a_build",
                "tests/test_docs_only_clanwar_2.py::test_a_refused_build_leaves_the_previous_site"],
}
# What the tests read besides the package (copied into mutmut's tree).
ALSO_COPY = ["docs", "content", "examples", "schemas", "templates"]

STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped",
          36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout",
          37: "killed", None: "not checked"}
SEPARATOR = "ǁ"                         # mutmut's separator of class and method in a mutant's name


def targets_available() -> list[str]:
    packages = sorted(p.name for p in (REPO / RULES).iterdir() if (p / "__init__.py").exists())
    return packages + ["common"]


def sources_of(target: str, only: list[str] | None = None) -> list[str]:
    """Glob patterns (mutmut's only_mutate) of the files a target mutates: all of the ruleset's,
    or only the modules named by --only."""
    if target == "common":
        return [str(RULES / "__init__.py")]
    if only:
        return sorted({str(RULES / target / (o.removesuffix(".py").split(".")[0] + ".py")) for o in only})
    return [str(RULES / target / "*")]


def mutant_glob(target: str, only: str) -> str:
    """mutmut's name pattern for ``module`` or ``module.function`` (or ``module.Class.method``)
    of a ruleset, e.g. ``supply`` or ``supply._lost_behind``."""
    package = str(RULES).replace("/", ".") + ("" if target == "common" else f".{target}")
    module, _, function = only.removesuffix(".py").partition(".")
    if target == "common":
        module, function = "", only
    prefix = f"{package}.{module}." if module and module != "__init__" else f"{package}."
    if not function:
        return prefix + ("*" if module and module != "__init__" else "x*")
    if "." in function:
        cls, method = function.split(".", 1)
        return f"{prefix}x{SEPARATOR}{cls}{SEPARATOR}{method}__mutmut_*"
    return f"{prefix}x_{function}__mutmut_*"


def tests_of(target: str) -> list[str]:
    chosen = TESTS.get(target) or [f"tests/{target}", f"tests/test_docs_only_{target}.py"] + sorted(
        str(p.relative_to(REPO)) for p in (REPO / "tests").glob(f"test_{target}*.py"))
    chosen = [t for t in chosen if (REPO / t).exists()]
    return chosen + [arg for test in DESELECT.get(target, []) for arg in ("--deselect", test)]


# ---- the scratch copy ---------------------------------------------------------------------------

def tracked_files() -> list[str]:
    """The repository's files as a fresh clone has them (plus new, not yet committed files)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=REPO, check=True, capture_output=True).stdout
        return [f for f in out.decode().split("\0") if f and (REPO / f).is_file()]
    except (OSError, subprocess.CalledProcessError):
        wanted = ["chronicle", "tests", "pyproject.toml"] + ALSO_COPY
        return [str(p.relative_to(REPO)) for w in wanted for p in
                ([REPO / w] if (REPO / w).is_file() else (REPO / w).rglob("*")) if p.is_file()]


# Appended to the scratch copy's tests/conftest.py (never the checkout's). mutmut runs a mutant's
# tests with -x, so the first test that fails ends the run, but it hands pytest the tests in no
# particular order: a mutant that a 0.05 s rules test kills often waited for a replay of the whole
# example campaign or the turn page to render first. Running each file's tests fastest first, and
# the files in the order of their average test (mutmut's own timings, from mutmut-stats.json),
# kills those mutants sooner; a survivor still runs every test. A file's tests stay together, so a
# module-scoped fixture (a docs-only campaign replayed once) is still made once.
FASTEST_FIRST = """

def pytest_collection_modifyitems(session, config, items):
    \"\"\"scripts/mutate: run each file's tests fastest first, the fastest files first.\"\"\"
    import json, os, statistics
    if not os.path.exists("mutmut-stats.json"):
        return
    with open("mutmut-stats.json", encoding="utf-8") as stats:
        took = json.load(stats).get("duration_by_test", {})
    files = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(took.get(item.nodeid, 1.0))
    mean = {name: statistics.fmean(times) for name, times in files.items()}
    items.sort(key=lambda item: (mean[item.nodeid.split("::")[0]], item.nodeid.split("::")[0],
                                 took.get(item.nodeid, 1.0)))
"""


def prepare(target: str, fresh: bool, only: list[str] | None = None) -> Path:
    """A scratch copy of the repository for one target, keeping mutmut's cache unless fresh."""
    work = WORK / target
    if fresh and work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    for entry in work.iterdir():                   # drop the old copy (a deleted test must go), not mutmut's
        if entry.name != "mutants" and not entry.name.startswith("sample"):   # results nor the samples a re-run re-tests
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    for name in tracked_files():
        if name.startswith(("tests/browser/", ".mutation/")):
            continue
        dest = work / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, dest)
    forget_changed_sources(work, sources_of(target, only))
    forget_stats_unless_they_cover(work, sources_of(target, only))
    config = {
        "source_paths": ["chronicle"],
        "only_mutate": sources_of(target, only),
        "also_copy": ALSO_COPY,
        "pytest_add_cli_args_test_selection": tests_of(target),
        # the same property-test examples at every run, so a mutant is killed or not for good
        "pytest_add_cli_args": ["-p", "no:cacheprovider", "--hypothesis-seed=0"],
    }
    with (work / "tests" / "conftest.py").open("a", encoding="utf-8") as conftest:
        conftest.write(FASTEST_FIRST)
    text = (work / "pyproject.toml").read_text(encoding="utf-8")
    (work / "pyproject.toml").write_text(text + "\n[tool.mutmut]\n" + "".join(
        f"{key} = {json.dumps(value)}\n" for key, value in config.items()), encoding="utf-8")
    return work


def forget_changed_sources(work: Path, mutated_now: list[str] = ()) -> None:
    """Make mutmut see every source that changed since its tree was made. mutmut copies a source
    into ``mutants/`` only if it is not there yet, and re-mutates a mutated one only if the source
    is newer (by mtime) than its mutant: so a shared module changed by someone else stayed stale
    for good, and a rules module edited while mutmut was still writing the mutants of the old one
    was never re-mutated (its stale schema failed a new test in the clean run). Whatever changed
    in content since the last run is deleted from ``mutants/``: mutmut copies it again and
    re-mutates it, keeping the results of every function whose text did not change.

    A module this run mutates (``mutated_now``) whose copy in ``mutants/`` is the plain source is
    deleted too: a run with --only copies every other module there unmutated and newer than its
    source, so the next run of the whole ruleset found it up to date and tested its mutants against
    code with no mutant in it (every one of them "survived")."""
    tree = work / "mutants"
    manifest = tree / ".sources.json"
    if not tree.is_dir():
        return
    known = json.loads(manifest.read_text(encoding="utf-8")) if manifest.is_file() else {}
    current = {}
    for path in sorted((work / "chronicle").rglob("*")):
        if path.is_file():
            name = str(path.relative_to(work))
            current[name] = hashlib.sha256(path.read_bytes()).hexdigest()
            mutated = tree / name
            # an empty mutant of a source that is not: a run stopped while mutmut was writing it
            # (mutmut would trust it, and the next run failed on a package with nothing in it)
            cut = mutated.is_file() and mutated.stat().st_size == 0 and path.stat().st_size > 0
            plain = (mutated.is_file() and any(Path(name).match(p) for p in mutated_now)
                     and mutated.read_bytes() == path.read_bytes())
            if (known.get(name) != current[name] or cut or plain) and mutated.is_file():
                mutated.unlink()
    manifest.write_text(json.dumps(current, indent=0), encoding="utf-8")


def forget_stats_unless_they_cover(work: Path, mutated_now: list[str]) -> None:
    """Make mutmut map every mutated function to its tests afresh when this run mutates a module its
    map was not made with. mutmut runs the tests once to learn which tests call each mutated function
    (``mutmut-stats.json``), and afterwards runs only tests it has not seen: after an --only run of
    contact, an --only run of armylists found its functions called by nothing but the few tests added
    since, and reported 353 of its first 401 mutants "no tests" (and others tested by too few). The
    modules the map covers are kept beside it (``.stats-sources.json``); a run that mutates any other
    deletes the map, and mutmut makes it again for this run's modules. The results of a module the
    map did not cover were found with too few tests: they go too, with its mutants."""
    tree = work / "mutants"
    stats, covered = tree / "mutmut-stats.json", tree / ".stats-sources.json"
    if not tree.is_dir():
        return
    known = set(json.loads(covered.read_text(encoding="utf-8"))) if covered.is_file() else None
    if known is not None and set(mutated_now) <= known and stats.is_file():
        return
    stats.unlink(missing_ok=True)
    for source in (work / "chronicle").rglob("*.py"):
        name = str(source.relative_to(work))
        if any(Path(name).match(p) for p in mutated_now) and not any(Path(name).match(p) for p in known or ()):
            for stale in (tree / name, tree / (name + ".meta")):
                stale.unlink(missing_ok=True)
    covered.write_text(json.dumps(sorted(mutated_now)), encoding="utf-8")


# ---- results ------------------------------------------------------------------------------------

@dataclass
class Mutant:
    name: str
    file: str
    status: str
    line: int = 0
    before: str = ""
    after: str = ""
    function: str = ""
    reason: str = ""


def read_results(work: Path) -> list[Mutant]:
    mutants = []
    for meta in sorted((work / "mutants").rglob("*.py.meta")):
        file = str(meta.relative_to(work / "mutants"))[:-len(".meta")]
        data = json.loads(meta.read_text(encoding="utf-8"))
        for name, code in data.get("exit_code_by_key", {}).items():
            mutants.append(Mutant(name, file, STATUS.get(code, "suspicious")))
    return mutants


def function_of(name: str) -> str:
    """``Class.method`` or ``function`` from a mutant's name."""
    last = name.rsplit("__mutmut_", 1)[0].rsplit(".", 1)[-1]
    if SEPARATOR in last:
        _, cls, method = last.split(SEPARATOR)
        return f"{cls}.{method}"
    return last[2:]


def function_lines(source: str) -> dict[str, int]:
    lines = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines[node.name] = node.lineno
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    lines[f"{node.name}.{item.name}"] = item.lineno
    return lines


def changed_line(diff: list[str], start: int) -> int | None:
    """The file line of a mutant's first removed line. mutmut diffs the function alone, its hunk
    numbered from the ``def`` line (``start``); a search for the removed text instead found the
    first line that reads the same (two ``held = state.held_by(player)`` in one function)."""
    old = None
    for line in diff:
        if line.startswith("@@"):
            old = int(line.split()[1].lstrip("-").split(",")[0])
        elif old is None or line.startswith(("---", "+++", "+")):
            continue
        elif line.startswith("-"):
            return start + old - 1
        else:
            old += 1
    return None


def locate(work: Path, survivors: list[Mutant]) -> None:
    """File line, and the line before and after, of every survivor (from mutmut's own diff)."""
    if not survivors:
        return
    cwd = os.getcwd()
    os.chdir(work)
    try:
        from mutmut.mutation.diff_apply import get_diff_for_mutant
        sources: dict[str, tuple[list[str], dict[str, int]]] = {}
        for m in survivors:
            if m.file not in sources:
                text = (work / m.file).read_text(encoding="utf-8")
                sources[m.file] = (text.splitlines(), function_lines(text))
            lines, starts = sources[m.file]
            m.function = function_of(m.name)
            diff = get_diff_for_mutant(m.name, path=Path(m.file)).splitlines()
            removed = [d[1:] for d in diff if d.startswith("-") and not d.startswith("---")]
            added = [d[1:] for d in diff if d.startswith("+") and not d.startswith("+++")]
            m.before = " / ".join(r.strip() for r in removed)
            m.after = " / ".join(a.strip() for a in added)
            start = starts.get(m.function, 1)
            m.line = changed_line(diff, start)
            if m.line is None:              # no hunk header: the first line that reads as the removed one
                first = removed[0].strip() if removed else ""
                m.line = next((i + 1 for i in range(start - 1, len(lines)) if lines[i].strip() == first), start)
    finally:
        os.chdir(cwd)


def load_allowed() -> list[dict]:
    if not ALLOW_FILE.exists():
        return []
    return yaml.safe_load(ALLOW_FILE.read_text(encoding="utf-8")) or []


def apply_allowed(survivors: list[Mutant], allowed: list[dict]) -> list[dict]:
    """Mark the survivors the allow-list explains; return the entries that matched nothing."""
    used = set()
    for m in survivors:
        for i, entry in enumerate(allowed):
            if entry["file"] == m.file and entry["function"] == m.function \
                    and entry["from"].strip() == m.before and entry["to"].strip() == m.after:
                m.status, m.reason = "equivalent", entry["why"].strip()
                used.add(i)
                break
    return [entry for i, entry in enumerate(allowed) if i not in used]


# ---- the run ------------------------------------------------------------------------------------

def run_mutmut(work: Path, names: list[str], children: int) -> None:
    mutmut = Path(sys.executable).with_name("mutmut")
    command = [str(mutmut), "run", "--max-children", str(children), *names]
    log = (work / "mutmut.log").open("w", encoding="utf-8")
    process = subprocess.run(command, cwd=work, stdout=log, stderr=subprocess.STDOUT)
    if process.returncode != 0:
        print(f"mutmut failed (exit {process.returncode}); its output is in {work / 'mutmut.log'}")
        sys.exit(process.returncode)


def generate(work: Path) -> None:
    """Write the mutants (and mutmut's list of them) without testing any: what a sample is drawn from."""
    code = ("import os\n"
            "from mutmut.__main__ import copy_src_dir, copy_also_copy_files, setup_source_paths, "
            "store_lines_covered_by_tests, create_mutants, set_mutant_under_test\n"
            "set_mutant_under_test('mutant_generation')\n"
            "os.makedirs('mutants', exist_ok=True)\n"
            "copy_src_dir(); copy_also_copy_files(); setup_source_paths(); store_lines_covered_by_tests()\n"
            "create_mutants(1)\n")
    subprocess.run([sys.executable, "-c", code], cwd=work, check=True, stdout=subprocess.DEVNULL)


def sample_file(work: Path, seed: int) -> Path:
    """Where the sample drawn by a seed is kept: one file a seed, so that a sample drawn afresh with
    another seed (mutants no test was written for) never disturbs the one the tests were written for."""
    return work / ("sample.txt" if seed == DEFAULT_SEED else f"sample-seed{seed}.txt")


def draw_sample(work: Path, size: int, patterns: list[str], seed: int = DEFAULT_SEED) -> list[str]:
    """The same sample every time for the same mutants and seed, so that a re-run re-tests the
    mutants a test was written for."""
    names = sorted(m.name for m in read_results(work) if any(Path(m.file).match(p) for p in patterns))
    kept = []
    path = sample_file(work, seed)
    if path.exists():                           # the last sample, less the mutants that are gone
        kept = [n for n in path.read_text(encoding="utf-8").split() if n in set(names)][:size]
    rest = sorted(set(names) - set(kept))
    chosen = sorted(kept + random.Random(seed).sample(rest, min(size - len(kept), len(rest))))
    path.write_text("".join(n + "\n" for n in chosen), encoding="utf-8")
    return chosen


def report(target: str, work: Path, seconds: float | None, verbose: bool,
           sample: set[str] | None = None, only: list[str] | None = None,
           seed: int = DEFAULT_SEED) -> tuple[float, list[Mutant]]:
    mutants = [m for m in read_results(work) if any(
        Path(m.file).match(pattern) for pattern in sources_of(target, only))]
    total = len(mutants)
    if sample is not None:
        mutants = [m for m in mutants if m.name in sample]
    survivors = [m for m in mutants if m.status in ("survived", "no tests", "suspicious")]
    locate(work, survivors)
    stale = apply_allowed(survivors, [e for e in load_allowed() if e["file"] in {m.file for m in mutants}])
    survivors = [m for m in survivors if m.status != "equivalent"]
    counted = [m for m in mutants if m.status not in ("equivalent", "not checked", "skipped")]
    killed = [m for m in counted if m.status in ("killed", "timeout")]
    equivalent = sum(1 for m in mutants if m.status == "equivalent")
    unchecked = sum(1 for m in mutants if m.status == "not checked")
    rate = 100.0 * len(killed) / len(counted) if counted else 100.0
    what = target + (f" ({', '.join(Path(p).stem for p in sources_of(target, only))})" if only else "")
    lines = [f"== {what}: {len(killed)} of {len(counted)} mutants killed ({rate:.1f}%)"
             + (f" in a sample of {len(mutants)} of its {total}" if sample is not None else "")
             + (f" drawn with seed {seed}" if sample is not None and seed != DEFAULT_SEED else "")
             + f"{'' if rate >= TARGET_RATE else f', below the {TARGET_RATE:.0f}% target'}; "
             f"{len(survivors)} survived, {equivalent} equivalent (allow-list)"
             + (f", {unchecked} not checked" if unchecked else "")
             + (f"; mutmut ran {seconds:.0f} s" if seconds is not None else "")]
    for m in sorted(survivors, key=lambda m: (m.file, m.line, m.name)):
        lines.append(f"{m.file}:{m.line}: {m.status}: {m.before}")
        lines.append(f"    mutant: {m.after}    [{m.name}]")
    for entry in stale:
        lines.append(f"allow-list entry no longer matches a survivor: {entry['file']} {entry['function']}: "
                     f"{entry['from']!r} -> {entry['to']!r}")
    text = "\n".join(lines) + "\n"
    (work / "report.txt").write_text(text, encoding="utf-8")
    print(text if verbose else lines[0])
    return rate, survivors


def main(argv: list[str] | None = None) -> int:
    available = targets_available()
    parser = argparse.ArgumentParser(prog="scripts/mutate", description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", metavar="RULESET",
                        help=f"what to mutate: {', '.join(available)} (default: all)")
    parser.add_argument("--fresh", action="store_true", help="forget the cached results and start over")
    parser.add_argument("--recheck", action="store_true",
                        help="re-test the survivors of the last run (after adding tests)")
    parser.add_argument("--only", action="append", default=[], metavar="MODULE[.FUNCTION]",
                        help="test (again) only the mutants of one module or function of the ruleset, "
                             "e.g. --only supply or --only supply._lost_behind (repeatable)")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="test a fixed random sample of N mutants (an estimate in minutes, not hours)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED,
                        help=f"draw the sample with this seed (default {DEFAULT_SEED}); another seed draws "
                             "mutants no test was written for, the fairer measure of the kill rate")
    parser.add_argument("--report", action="store_true", help="only print the last run's report")
    parser.add_argument("--jobs", type=int, default=1, help="mutants tested at once (default 1)")
    parser.add_argument("--quiet", action="store_true", help="print only each target's summary line")
    args = parser.parse_args(argv)
    unknown = [t for t in args.targets if t not in available]
    if unknown:
        parser.error(f"unknown ruleset {', '.join(unknown)}; choose from {', '.join(available)}")
    rates = {}
    for target in args.targets or available:
        work = WORK / target
        seconds = None
        if not args.report:
            work = prepare(target, args.fresh, args.only)
            started = time.monotonic()
            names = [] if args.sample else [mutant_glob(target, only) for only in args.only]
            chosen = None
            if args.sample:
                generate(work)
                chosen = set(draw_sample(work, args.sample, sources_of(target, args.only), args.seed))
            status = {m.name: m.status for m in read_results(work)}
            if chosen is not None:
                names += sorted(n for n in chosen if status.get(n) == "not checked")
            if args.recheck:
                names += sorted(n for n, st in status.items() if st in ("survived", "no tests", "suspicious")
                                and (chosen is None or n in chosen))
            if names or not (args.recheck or args.only or args.sample):
                run_mutmut(work, names, args.jobs)
            else:
                print(f"== {target}: nothing to (re-)test")
            seconds = time.monotonic() - started
        if not (work / "mutants").exists():
            print(f"== {target}: no results yet; run scripts/mutate {target}")
            continue
        sample = None
        if args.sample and sample_file(work, args.seed).exists():
            sample = set(sample_file(work, args.seed).read_text(encoding="utf-8").split())
        rates[target], _ = report(target, work, seconds, verbose=not args.quiet, sample=sample, only=args.only,
                                   seed=args.seed)
    if len(rates) > 1:
        print("kill rate: " + ", ".join(f"{t} {r:.1f}%" for t, r in rates.items()))
    return 0 if all(r >= TARGET_RATE for r in rates.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
