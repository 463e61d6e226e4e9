"""The output folder: refused where a build would destroy something; always whole; one writer.

Fault injection: every change the build makes to the file system goes through a few functions
of chronicle.render.output (and site._write for each file). The tests wrap them to check, before
and after each one, that the target is the whole old or the whole new site; then they make each
one fail (an exception) or kill the process right before it (a forked child that calls
``os._exit``), and check that the target is still whole and that the next build cleans up.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from chronicle.errors import ChronicleError
from chronicle.history import load_history
from chronicle.render import output
from chronicle.render import site as site_module
from chronicle.render import incremental
from chronicle.render.site import build_site
from site_helpers import SMALL_CAMPAIGN, SMALL_STORIES, SMALL_TURNS

STEPS = ("_mkdtemp", "_chmod", "_rename", "_unlink", "_rmtree", "_exchange", "_write_marker")


def files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def leftovers(folder: Path) -> list[str]:
    """What a build left beside the site, but the build cache it keeps there on purpose."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".site") and p.name != ".site.cache")


@pytest.fixture
def campaign(make_campaign):
    return make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)


@pytest.fixture
def old_and_new(campaign):
    """A built site (the old one) and the History of an edited campaign (whose site is new)."""
    target = campaign / "site"
    before = load_history(campaign)
    build_site(before, target, progress=False)
    old = files(target)
    story = campaign / "content" / "turns" / "002.md"
    story.write_text("A new story for turn 2.\n", encoding="utf-8")
    history = load_history(campaign)
    return target, old, before, history


def new_site_files(history, tmp_path) -> dict[str, bytes]:
    elsewhere = tmp_path / "reference"
    build_site(history, elsewhere, progress=False)
    return files(elsewhere)


def instrument(monkeypatch, before):
    """Call ``before(step_name)`` before every file-system change of a build."""
    for name in STEPS:
        real = getattr(output, name)

        def wrapper(*args, _real=real, _name=name, **kwargs):
            before(_name)
            return _real(*args, **kwargs)
        monkeypatch.setattr(output, name, wrapper)
    real_write = site_module._write

    def write(*args):
        before("_write")
        return real_write(*args)
    monkeypatch.setattr(site_module, "_write", write)
    real_link = incremental.link               # an unchanged page linked from the old site: a file written too

    def link(*args):
        before("_write")
        return real_link(*args)
    monkeypatch.setattr(incremental, "link", link)


def the_steps(history, target, monkeypatch) -> list[str]:
    """The names of the steps a build of ``history`` over an existing site at ``target`` takes, in
    order (a dry run elsewhere)."""
    build_site(history, target, progress=False)
    seen: list[str] = []
    with monkeypatch.context() as patch:
        instrument(patch, seen.append)
        build_site(history, target, progress=False)
    return seen


def chosen_steps(steps: list[str]) -> list[int]:
    """Every step but the writing of each file: of those, the first, one in the middle and the last."""
    writes = [i for i, s in enumerate(steps) if s == "_write"]
    return sorted([i for i, s in enumerate(steps) if s != "_write"] + [writes[0], writes[len(writes) // 2], writes[-1]])


def whole(target: Path, old: dict, new: dict) -> str:
    now = files(target) if target.is_dir() else None
    assert now in (old, new), "the target is neither the whole old nor the whole new site"
    return "old" if now == old else "new"


def test_every_step_leaves_the_target_whole(old_and_new, tmp_path, monkeypatch):
    target, old, before, history = old_and_new
    new = new_site_files(history, tmp_path)
    assert new != old
    states = []
    instrument(monkeypatch, lambda step: states.append((step, whole(target, old, new))))
    build_site(history, target, progress=False)
    assert whole(target, old, new) == "new"
    assert "_exchange" in [s for s, _ in states]            # on Linux the swap is one system call
    assert {state for _, state in states} == {"old", "new"}
    assert leftovers(target.parent) == []


@pytest.mark.parametrize("atomic", [True, False], ids=["exchange", "two-renames"])
def test_a_failure_at_any_step_leaves_the_target_whole_and_nothing_behind(old_and_new, tmp_path, monkeypatch, atomic):
    target, old, before, history = old_and_new
    new = new_site_files(history, tmp_path)
    if not atomic:
        monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    steps = the_steps(history, tmp_path / "dry", monkeypatch)
    build_site(before, target, progress=False)     # back to the old site
    assert files(target) == old
    for index in chosen_steps(steps):
        step = steps[index]
        if step in ("_rmtree", "_unlink"):      # clean-up: a failure there is ignored by design
            continue
        count = [0]

        class Injected(OSError):
            pass

        def fail(name, index=index):
            count[0] += 1
            if count[0] == index + 1:
                raise Injected(f"injected failure before {name}")
        with monkeypatch.context() as patch:
            instrument(patch, fail)
            try:
                build_site(history, target, progress=False)
            except Injected:
                pass
        state = whole(target, old, new)
        assert leftovers(target.parent) == [], (index, step)
        if state == "new":
            build_site(before, target, progress=False)


def _killed_at(history, target: Path, index: int, monkeypatch) -> int:
    """Build in a forked child that dies (os._exit, no clean-up at all) before step ``index``."""
    pid = os.fork()
    if pid == 0:                                          # the child
        try:
            count = [0]

            def die(name):
                count[0] += 1
                if count[0] == index + 1:
                    os._exit(9)
            instrument(monkeypatch, die)
            build_site(history, target, progress=False)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork to kill a build half-way")
@pytest.mark.parametrize("atomic", [True, False], ids=["exchange", "two-renames"])
def test_a_build_killed_at_any_step_leaves_the_target_whole_and_the_next_build_cleans_up(
        old_and_new, tmp_path, monkeypatch, atomic):
    target, old, before, history = old_and_new
    new = new_site_files(history, tmp_path)
    if not atomic:
        monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    steps = the_steps(history, tmp_path / "dry", monkeypatch)
    pristine = tmp_path / "pristine"
    shutil.copytree(target, pristine)
    saw_missing_between_renames = False
    for index in chosen_steps(steps):
        shutil.rmtree(target)
        shutil.copytree(pristine, target)                  # the old site again
        assert _killed_at(history, target, index, monkeypatch) == 9, (index, steps[index])
        if not target.exists():
            # only possible without the atomic exchange, between its two renames
            assert not atomic, (index, steps[index])
            saw_missing_between_renames = True
            output.recover(target)                         # what the next build does first
            assert files(target) == old
        else:
            whole(target, old, new)
        build_site(history, target, progress=False)        # the next build
        assert files(target) == new
        assert leftovers(target.parent) == [], (index, steps[index])
    assert saw_missing_between_renames == (not atomic)


def test_the_next_build_removes_what_a_killed_build_left(campaign):
    target = campaign / "site"
    build_site(load_history(campaign), target, progress=False)
    stale_temp = campaign / ".site.abcd1234.tmp"
    stale_old = campaign / ".site.zz_9yx87.old"
    for folder in (stale_temp, stale_old):
        (folder / "deep").mkdir(parents=True)
        (folder / "deep" / "page.html").write_text("half a site", encoding="utf-8")
    (campaign / ".site.lock").write_text("", encoding="utf-8")       # a lock file of a killed build
    unrelated = campaign / ".site.notes.tmp"                      # not a name chronicle makes
    unrelated.write_text("mine", encoding="utf-8")
    build_site(load_history(campaign), target, progress=False)
    assert leftovers(campaign) == [".site.notes.tmp"]
    assert unrelated.read_text(encoding="utf-8") == "mine"


def test_the_old_site_may_be_left_for_the_caller_to_remove(campaign):
    """serve answers first and removes the replaced site after: the new site is in place when the
    build returns, the old one is handed back whole, and one never removed (a killed server) is a
    leftover the next build removes."""
    target = campaign / "site"
    build_site(load_history(campaign), target, progress=False)
    before = files(target)
    (campaign / "content" / "turns" / "001.md").write_text("Another story.\n", encoding="utf-8")
    later: list = []
    build_site(load_history(campaign), target, progress=False, later=later)
    assert len(later) == 1 and files(Path(later[0])) == before and files(target) != before
    assert leftovers(campaign) == [Path(later[0]).name]
    build_site(load_history(campaign), target, progress=False, later=[])       # never removed: the next build does
    assert leftovers(campaign) != [] and Path(later[0]).name not in leftovers(campaign)
    output.remove_later(later)                    # gone already: no error
    assert later == []


def test_two_builds_at_once_are_serialised(campaign):
    target = campaign / "site"
    history = load_history(campaign)
    reference = files(_built(history, campaign.parent / "reference"))
    errors, waited = [], []

    def one():
        try:
            build_site(history, target, progress=False, wait=lambda: waited.append(1))
        except BaseException as exc:      # noqa: BLE001 (reported below)
            errors.append(exc)
    threads = [threading.Thread(target=one) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert files(target) == reference
    assert leftovers(campaign) == []


def test_a_build_waits_for_the_lock(campaign):
    target = campaign / "site"
    history = load_history(campaign)
    waited, done = [], []
    with output.locked(target):
        worker = threading.Thread(target=lambda: done.append(
            build_site(history, target, progress=False, wait=lambda: waited.append(1))))
        worker.start()
        for _ in range(100):                   # until the build has asked for the lock
            if waited:
                break
            time.sleep(0.05)
        assert waited == [1]
        assert done == [] and not target.exists()
    worker.join()
    assert done and target.is_dir()


def _built(history, target):
    build_site(history, target, progress=False)
    return target


# ---- output folders that are refused -------------------------------------------------------


@pytest.mark.parametrize("where, reason", [
    (".", "it is the campaign folder itself"),
    ("content", "it is the campaign's content/ folder"),
    ("content/turns", "it lies inside the campaign's content/ folder"),
    ("content/site", "it lies inside the campaign's content/ folder"),
    ("templates", "it is the campaign's templates/ folder"),
    ("..", "it contains the campaign folder"),
], ids=["campaign", "content", "turns", "inside-content", "templates", "parent"])
def test_an_output_folder_that_would_destroy_the_campaign_is_refused(campaign, run, where, reason):
    (campaign / "templates").mkdir()
    (campaign / "templates" / "keep.txt").write_text("mine", encoding="utf-8")
    (campaign / "notes.txt").write_text("notes", encoding="utf-8")
    before = {p: p.read_bytes() for p in campaign.parent.rglob("*") if p.is_file()}
    result = run("build", campaign, "-o", campaign / where, "--quiet")
    assert result.exit_code == 1, result.output
    assert "cannot write the site to" in result.stderr
    assert reason in result.stderr
    assert "Traceback" not in result.output
    assert {p: p.read_bytes() for p in campaign.parent.rglob("*") if p.is_file()} == before


def test_the_current_directory_and_its_parents_are_refused(campaign, run, monkeypatch, tmp_path):
    work = tmp_path / "work" / "here"
    work.mkdir(parents=True)
    (work / "mine.txt").write_text("mine", encoding="utf-8")
    monkeypatch.chdir(work)
    for where, reason in ((".", "it is the current directory"), ("..", "it contains the current directory")):
        result = run("build", campaign, "-o", where, "--quiet")
        assert result.exit_code == 1, result.output
        assert reason in result.stderr
    assert (work / "mine.txt").read_text(encoding="utf-8") == "mine"
    result = run("build", campaign, "-o", "fresh", "--quiet")        # inside the current directory: fine
    assert result.exit_code == 0, result.output
    assert (work / "fresh" / "index.html").is_file()


def test_a_folder_that_chronicle_did_not_build_is_refused(campaign, run, tmp_path):
    foreign = tmp_path / "documents"
    foreign.mkdir()
    (foreign / "thesis.txt").write_text("years of work", encoding="utf-8")
    result = run("build", campaign, "-o", foreign, "--quiet")
    assert result.exit_code == 1
    assert "chronicle did not build" in result.stderr
    assert (foreign / "thesis.txt").read_text(encoding="utf-8") == "years of work"
    afile = tmp_path / "a-file"
    afile.write_text("x", encoding="utf-8")
    result = run("build", campaign, "-o", afile, "--quiet")
    assert result.exit_code == 2 and "is a file" in result.stderr       # click's own check, a usage error
    with pytest.raises(ChronicleError, match="it is a file, not a folder"):
        build_site(load_history(campaign), afile, progress=False)
    assert afile.read_text(encoding="utf-8") == "x"


def test_new_empty_and_previously_built_folders_are_accepted(campaign, run, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    for target in (tmp_path / "new" / "deeper", empty, empty, campaign / "site"):
        result = run("build", campaign, "-o", target, "--quiet")
        assert result.exit_code == 0, result.output
        assert (target / "index.html").is_file() and (target / output.MARKER).is_file()
    legacy = tmp_path / "legacy"                 # built before the marker existed
    legacy.mkdir()
    for name in ("index.html", "feed.xml", "404.html"):
        (legacy / name).write_text("old", encoding="utf-8")
    assert run("build", campaign, "-o", legacy, "--quiet").exit_code == 0


def test_a_symlinked_site_is_replaced_where_it_points(campaign, run, tmp_path):
    real = tmp_path / "www"
    (campaign / "site").symlink_to(real, target_is_directory=True)
    result = run("build", campaign, "--quiet")
    assert result.exit_code == 0, result.output
    assert (campaign / "site").is_symlink() and (real / "index.html").is_file()
