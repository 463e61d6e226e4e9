"""scripts/test on a machine where things go wrong: a busy package manager, no browser wanted.

The script is copied into a scratch folder with stand-ins for apt-get and the venv's python on
PATH, so nothing is installed and the real .venv is never touched."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TOOLS = ("bash", "env", "mktemp", "sed", "grep", "rm", "id", "cat", "dirname", "printf")


def executable(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IEXEC)


@pytest.fixture
def sandbox(tmp_path):
    """A copy of scripts/test, a PATH with only the basic tools (so no chromium), and a stub venv."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(REPO / "scripts" / "test", tmp_path / "scripts" / "test")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in TOOLS:
        found = shutil.which(tool)
        if found:
            (bin_dir / tool).symlink_to(found)
    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    executable(venv / "python", f"#!{shutil.which('bash')}\necho \"python $*\" >> {tmp_path}/calls\n")
    return tmp_path, bin_dir


def run_script(root: Path, bin_dir: Path, *args: str) -> subprocess.CompletedProcess:
    env = {"PATH": str(bin_dir), "HOME": str(root), "CHRONICLE_APT_WAIT": "1"}
    return subprocess.run([shutil.which("bash"), str(root / "scripts" / "test"), *args], cwd=root, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(os.geteuid() != 0, reason="the stand-in apt-get path is the one root takes")
def load_mutate():
    """scripts/mutate.py as a module (it is a script, not a package): its dataclasses look their
    module up in sys.modules while it loads."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("mutate", REPO / "scripts" / "mutate.py")
    mutate = importlib.util.module_from_spec(spec)
    sys.modules["mutate"] = mutate
    try:
        spec.loader.exec_module(mutate)
    finally:
        del sys.modules["mutate"]
    return mutate


def test_a_busy_package_manager_is_named_with_the_way_round_it(sandbox):
    root, bin_dir = sandbox
    executable(bin_dir / "apt-get", f"#!{shutil.which('bash')}\necho \"apt-get $*\" >> {root}/calls\n"
               "echo 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (unattended-upgr)' >&2\n"
               "exit 100\n")
    result = run_script(root, bin_dir)
    assert result.returncode == 1
    assert "Could not get lock /var/lib/dpkg/lock-frontend" in result.stderr
    assert "holds the package manager's lock" in result.stderr
    assert 'scripts/test -m "not browser"' in result.stderr
    # apt-get was asked to wait for the lock, not to fail at once
    assert "-o DPkg::Lock::Timeout=1" in (root / "calls").read_text()
    assert "pytest" not in (root / "calls").read_text()


def test_without_browser_tests_nothing_is_installed_with_apt(sandbox):
    root, bin_dir = sandbox
    executable(bin_dir / "apt-get", f"#!{shutil.which('bash')}\necho \"apt-get $*\" >> {root}/calls\nexit 1\n")
    result = run_script(root, bin_dir, "-m", "not browser", "-q")
    assert result.returncode == 0, result.stderr
    calls = (root / "calls").read_text()
    assert "apt-get" not in calls
    assert "python -m pytest -m not browser -q" in calls
    assert "browser tests left out" in result.stderr


def test_venv_ready_names_a_requirement_added_since_the_venv_was_made(monkeypatch):
    """scripts/mutate and scripts/fuzz reinstall when scripts/venv-ready.py finds a requirement
    missing: a dependency added later (Pillow) made runs fail inside the tests' copies instead."""
    import importlib.metadata as metadata
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location("venv_ready", Path(__file__).parents[1] / "scripts" / "venv-ready.py")
    ready = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ready)
    assert ready.missing({"test"}) == []                       # the suite's own venv has them all
    real = metadata.version

    def without_pillow(name):
        if name.lower() == "pillow":
            raise metadata.PackageNotFoundError(name)
        return real(name)
    monkeypatch.setattr(ready.metadata, "version", without_pillow)
    assert ready.missing(set()) == ["Pillow"]

    def without_mutmut(name):
        if name == "mutmut":
            raise metadata.PackageNotFoundError(name)
        return real(name)
    monkeypatch.setattr(ready.metadata, "version", without_mutmut)
    # an extra not asked for is not required
    assert ready.missing({"test"}) == [] and ready.missing({"test", "mutation"}) == ["mutmut"]


def test_mutate_forgets_every_source_changed_since_mutmut_made_its_tree(tmp_path):
    """scripts/mutate deletes from mutmut's tree each source whose content changed since the last
    run (mutmut then copies and re-mutates it), whatever the files' times say, and keeps the rest:
    a rules module edited while mutmut was still mutating the old one stayed stale otherwise."""
    mutate = load_mutate()
    work = tmp_path / "work"
    for name in ("chronicle/a.py", "chronicle/rules/b.py"):
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text("one\n")
        (work / "mutants" / name).parent.mkdir(parents=True, exist_ok=True)
        (work / "mutants" / name).write_text("one, mutated\n")
    mutate.forget_changed_sources(work)             # no record yet: every source is taken as changed
    assert not (work / "mutants" / "chronicle" / "a.py").exists()
    for name in ("chronicle/a.py", "chronicle/rules/b.py"):
        (work / "mutants" / name).write_text("one, mutated\n")
    mutate.forget_changed_sources(work)             # nothing changed: the tree is kept
    assert (work / "mutants" / "chronicle" / "a.py").exists() and (work / "mutants" / "chronicle" / "rules" / "b.py").exists()
    (work / "chronicle" / "rules" / "b.py").write_text("two\n")
    os.utime(work / "chronicle" / "rules" / "b.py", (0, 0))      # older than its mutant, as copy2 can make it
    mutate.forget_changed_sources(work)
    assert (work / "mutants" / "chronicle" / "a.py").exists()
    assert not (work / "mutants" / "chronicle" / "rules" / "b.py").exists()


def test_mutate_mutates_again_a_module_an_only_run_left_plain(tmp_path):
    """A run with --only copies every other module into mutmut's tree unmutated, and newer than its
    source, so mutmut took it as up to date; the next run of the whole ruleset then tested those
    modules' mutants against code with no mutant in it, and every one "survived". A module the run
    mutates whose copy is the plain source is deleted (mutmut mutates it again); one it does not
    mutate, or already mutated, is kept."""
    mutate = load_mutate()
    work = tmp_path / "work"
    names = ("chronicle/rules/clanwar/bids.py", "chronicle/rules/clanwar/views.py", "chronicle/a.py")
    for name in names:
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text("def f():\n    return 1\n")
        (work / "mutants" / name).parent.mkdir(parents=True, exist_ok=True)
    mutate.forget_changed_sources(work)              # the record of the sources, as the last run left it
    for name in names:
        (work / "mutants" / name).write_text("def f():\n    return 1\n")    # left plain by --only
    (work / "mutants" / "chronicle/rules/clanwar/views.py").write_text("def f(): ...  # mutated\n")
    mutate.forget_changed_sources(work, ["chronicle/rules/clanwar/views.py"])    # another --only run
    assert (work / "mutants" / "chronicle/rules/clanwar/bids.py").exists()
    mutate.forget_changed_sources(work, ["chronicle/rules/clanwar/*"])   # the whole ruleset's run
    assert not (work / "mutants" / "chronicle/rules/clanwar/bids.py").exists()
    assert (work / "mutants" / "chronicle/rules/clanwar/views.py").exists()
    assert (work / "mutants" / "chronicle/a.py").exists()


def test_mutate_keeps_the_sample_a_re_run_re_tests(tmp_path, monkeypatch):
    """scripts/mutate --sample re-tests the same sample after a change (draw_sample keeps the last
    one, less the mutants gone): prepare() dropped sample.txt with the old copy, so every re-run
    drew a new sample from the changed list of mutants and --recheck re-tested other mutants."""
    mutate = load_mutate()
    work = tmp_path / "work" / "clanwar"
    work.mkdir(parents=True)
    (work / "sample.txt").write_text("chronicle.rules.clanwar.bids.x__resolve__mutmut_1\n")
    (work / "old.txt").write_text("a file of the last copy\n")
    monkeypatch.setattr(mutate, "WORK", tmp_path / "work")
    monkeypatch.setattr(mutate, "tracked_files", lambda: ["pyproject.toml", "tests/conftest.py"])
    mutate.prepare("clanwar", fresh=False)
    assert (work / "sample.txt").read_text() == "chronicle.rules.clanwar.bids.x__resolve__mutmut_1\n"
    assert not (work / "old.txt").exists()


def test_mutate_draws_a_fresh_sample_with_another_seed(tmp_path, monkeypatch):
    """scripts/mutate --sample N --seed S draws mutants no test was written for (the fairer kill
    rate), kept in a file of its own: the seed-13 sample the tests were written for is untouched,
    and the same seed draws the same sample again."""
    mutate = load_mutate()
    names = [f"chronicle.rules.pitac.standing.x_ranks__mutmut_{n}" for n in range(1, 201)]
    results = [mutate.Mutant(n, "chronicle/rules/pitac/standing.py", "not checked") for n in names]
    monkeypatch.setattr(mutate, "read_results", lambda work: results)
    work = tmp_path / "pitac"
    work.mkdir()
    patterns = ["chronicle/rules/pitac/*.py"]
    first = mutate.draw_sample(work, 20, patterns)
    fresh = mutate.draw_sample(work, 20, patterns, seed=14)
    assert len(first) == len(fresh) == 20 and first != fresh
    assert (work / "sample.txt").read_text().split() == first
    assert (work / "sample-seed14.txt").read_text().split() == fresh
    assert mutate.draw_sample(work, 20, patterns, seed=14) == fresh
    assert mutate.draw_sample(work, 20, patterns) == first


def test_mutate_places_a_survivor_at_its_own_line_when_an_earlier_one_reads_the_same(tmp_path):
    """mutmut diffs the mutated function alone, its hunk numbered from the ``def`` line: the report
    takes the line from there. It searched for the removed text, and so placed a mutant of Pitac's
    second ``held = state.held_by(player)`` in next_turn (line 54) at the first (line 24)."""
    mutate = load_mutate()
    diff = ["--- chronicle/rules/pitac/nextturn.py", "+++ chronicle/rules/pitac/nextturn.py", "@@ -40,7 +40,7 @@",
            "     notices = []", "     last = history.turns[-1].turn.number if history.turns else None",
            "     for player in sorted(state.pending_capital):", "-        held = state.held_by(player)",
            "+        held = None", "         notices.append(...)"]
    assert mutate.changed_line(diff, 12) == 54          # def next_turn at line 12: 12 + 43 - 1
    assert mutate.changed_line(["@@ -1,3 +1,3 @@", "-def f():", "+def g():"], 7) == 7
    assert mutate.changed_line(["no hunk"], 7) is None


def test_the_mutation_allow_list_reads_and_every_entry_says_what_and_why():
    """scripts/mutate reads scripts/mutate-allow.yaml at every report: an entry that is not valid
    YAML (a ``why`` continued with a ": " in it) made every ruleset's run end in a traceback after
    mutmut had finished."""
    import yaml
    entries = yaml.safe_load((REPO / "scripts" / "mutate-allow.yaml").read_text(encoding="utf-8"))
    assert entries and all(set(e) == {"file", "function", "from", "to", "why"} for e in entries), entries
    assert all((REPO / e["file"]).is_file() and e["why"].strip() for e in entries)


def test_mutate_maps_the_tests_afresh_when_a_run_mutates_a_module_the_map_was_not_made_with(tmp_path):
    """mutmut learns which tests call each mutated function once, then only from tests it has not
    seen: a run of armylists after a run of contact found armylists' functions called by almost
    nothing ("no tests"). The map is deleted when a run mutates a module it was not made with, and
    kept for a run of the same modules or fewer."""
    mutate = load_mutate()
    tree = tmp_path / "mutants"
    tree.mkdir()
    stats = tree / "mutmut-stats.json"
    stats.write_text("{}", encoding="utf-8")
    mutate.forget_stats_unless_they_cover(tmp_path, ["chronicle/rules/sengoku/contact.py"])
    assert not stats.exists()                   # a map of unknown modules (made before this check) goes
    stats.write_text("{}", encoding="utf-8")   # mutmut makes it for contact
    mutate.forget_stats_unless_they_cover(tmp_path, ["chronicle/rules/sengoku/contact.py"])
    assert stats.exists()
    module = tmp_path / "chronicle" / "rules" / "sengoku" / "armylists.py"
    module.parent.mkdir(parents=True)
    module.write_text("x = 1\n", encoding="utf-8")
    (tree / "chronicle" / "rules" / "sengoku").mkdir(parents=True)
    results = tree / "chronicle" / "rules" / "sengoku" / "armylists.py.meta"
    results.write_text("{}", encoding="utf-8")             # found with the map of contact: too few tests
    mutate.forget_stats_unless_they_cover(tmp_path, ["chronicle/rules/sengoku/armylists.py"])
    assert not stats.exists() and not results.exists()
