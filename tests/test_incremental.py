"""The incremental build gives the very bytes of a clean build, after every kind of change.

Each test builds a campaign, changes one thing, builds again over the same site (reusing what
the cache says is unchanged), then builds the same campaign into an empty folder, and compares
the two sites file by file. It also checks that the second build did reuse pages where nothing
they show changed (else these tests would pass with no cache at all) and rewrote the rest.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

import chronicle
from chronicle.history import load_history
from chronicle.render import incremental, output, site as site_module
from chronicle.render.site import build_site

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import generate  # noqa: E402

TURNS = 5


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def inodes(folder: Path) -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_ino for p in folder.rglob("*") if p.is_file()}


def build(root: Path, target: Path | None = None) -> Path:
    target = target or root / "site"
    build_site(load_history(root), target, progress=False)
    return target


def rebuilt(root: Path, tmp_path: Path) -> tuple[set[str], set[str]]:
    """Build again over root/site; assert it equals a clean build; (reused paths, rewritten paths)."""
    before = inodes(root / "site")
    build(root)
    clean = build(root, tmp_path / "clean" / "site")
    assert tree(root / "site") == tree(clean)
    after = inodes(root / "site")
    reused = {p for p, i in after.items() if before.get(p) == i}
    return reused, set(after) - reused


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    root = tmp_path_factory.mktemp("campaign")
    generate.generate(root, "pitac", turns=TURNS, players=4)
    return root


@pytest.fixture
def campaign(generated, tmp_path):
    root = tmp_path / "c"
    shutil.copytree(generated / "content", root / "content")
    build(root)
    return root


def turn_file(root: Path, number: int, suffix: str = "yaml") -> Path:
    return root / "content" / "turns" / f"{number:03d}.{suffix}"


def test_nothing_changed_reuses_every_page(campaign, tmp_path):
    reused, rewritten = rebuilt(campaign, tmp_path)
    assert rewritten - {".chronicle-site"} == {incremental.BUILD_ID}      # the output folder's marker is written anew


def test_a_story(campaign, tmp_path):
    path = turn_file(campaign, 3, "md")
    path.write_text(path.read_text(encoding="utf-8") + "\nA *new* line.\n", encoding="utf-8")
    reused, rewritten = rebuilt(campaign, tmp_path)
    assert "turns/003/index.html" in rewritten and "turns/002/index.html" in reused
    assert "players/p00.html" in reused and "turns/003/state.json" in reused
    assert "turns/003/preview.png" in reused                  # a card shows no story


def test_a_turns_orders(campaign, tmp_path):
    path = turn_file(campaign, TURNS)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("title: '", "title: 'Renamed ", 1) if "title: '" in text else "title: Renamed\n" + text,
                    encoding="utf-8")
    reused, rewritten = rebuilt(campaign, tmp_path)
    assert f"turns/{TURNS:03d}/index.html" in rewritten and "turns/002/index.html" in reused


def test_an_early_turns_dice(campaign, tmp_path):
    import yaml
    from chronicle.errors import ChronicleError
    def candidates():
        for number in (1, 2, 3):
            path = turn_file(campaign, number)
            original = path.read_text(encoding="utf-8")
            for province, rolls in yaml.safe_load(original).get("dice", {}).items():
                for player, dice in rolls.items():
                    for i, die in enumerate(dice):
                        for step in (1, -1):
                            if isinstance(die, int) and 1 <= die + step <= 9:
                                yield path, original, province, player, i, die + step
    for path, original, province, player, i, value in candidates():   # a roll that keeps later orders legal
        changed = yaml.safe_load(original)
        changed["dice"][province][player][i] = value
        path.write_text(yaml.safe_dump(changed, sort_keys=False), encoding="utf-8")
        try:
            load_history(campaign)
            break
        except ChronicleError:
            path.write_text(original, encoding="utf-8")
    else:
        pytest.fail("no recorded roll of turns 1-3 can change without making a later order illegal")
    reused, rewritten = rebuilt(campaign, tmp_path)
    first = int(path.stem)
    assert {f"turns/{n:03d}/state.json" for n in range(first, TURNS + 1)} <= rewritten
    assert "turns/000/state.json" in reused


def test_the_campaign_file(campaign, tmp_path):
    path = campaign / "content" / "campaign.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Benchmark", "Renamed", 1), encoding="utf-8")
    reused, rewritten = rebuilt(campaign, tmp_path)
    assert "Renamed" in (campaign / "site" / "turns" / "002" / "index.html").read_text(encoding="utf-8")


def test_a_template_override(campaign, tmp_path):
    (campaign / "templates").mkdir()
    default = Path(chronicle.__file__).resolve().parents[1] / "templates" / "base.html"
    (campaign / "templates" / "base.html").write_text(
        default.read_text(encoding="utf-8").replace("</body>", "<p>Our own footer</p></body>"), encoding="utf-8")
    reused, rewritten = rebuilt(campaign, tmp_path)
    assert "Our own footer" in (campaign / "site" / "turns" / "001" / "index.html").read_text(encoding="utf-8")
    assert "turns/001/state.json" in rewritten or "turns/001/index.html" in rewritten
    assert "turns/001/preview.png" in reused                  # a card is drawn by no template


def test_a_deleted_turn(campaign, tmp_path):
    turn_file(campaign, TURNS).unlink()
    turn_file(campaign, TURNS, "md").unlink()
    reused, rewritten = rebuilt(campaign, tmp_path)
    assert not (campaign / "site" / "turns" / f"{TURNS:03d}").exists()
    assert "turns/001/state.json" in reused


def test_an_added_turn(campaign, tmp_path):
    generate.generate(campaign, "pitac", turns=1, first=TURNS + 1)
    reused, rewritten = rebuilt(campaign, tmp_path)
    assert f"turns/{TURNS + 1:03d}/index.html" in rewritten and "turns/001/state.json" in reused
    # a card shows its own turn only: the earlier ones stay (rasterising them is most of a build)
    assert {f"turns/{n:03d}/preview.png" for n in range(TURNS)} <= reused


def test_added_turns_in_a_long_history(campaign, tmp_path, monkeypatch):
    """Pages of 3 turns (turns 0-2, 3-5, 6-8): the latest period's pages keep their names as
    turns are added to them (each period page links every other, so a renamed one left stale
    links on the pages reused), and a province that nothing happened to keeps its page."""
    from chronicle.render import views
    monkeypatch.setattr(views, "PERIOD", 3)
    monkeypatch.setattr(views, "RECENT", 2)
    build(campaign)
    for number in (TURNS + 1, TURNS + 2):        # turn 6 starts a period, turn 7 joins it
        generate.generate(campaign, "pitac", turns=1, first=number)
        reused, rewritten = rebuilt(campaign, tmp_path / str(number))
    assert "turns/006-008.html" in rewritten and "turns/000-002.html" in reused
    assert {p for p in reused if p.startswith("provinces/") and p.count("/") == 1 and p != "provinces/index.html"}
    assert {p for p in reused if p.startswith("provinces/") and p.endswith("/006-008.html")}


def test_chronicles_version(campaign, tmp_path, monkeypatch):
    monkeypatch.setattr(chronicle, "__version__", chronicle.__version__ + ".post1")
    incremental.code_fingerprint.cache_clear()
    try:
        reused, rewritten = rebuilt(campaign, tmp_path)
    finally:
        incremental.code_fingerprint.cache_clear()
    assert all(p.startswith("static/") for p in reused)      # copied files are keyed by their bytes alone


def test_a_page_edited_by_hand_is_made_again(campaign, tmp_path):
    page = campaign / "site" / "turns" / "002" / "index.html"
    page.write_text("tampered", encoding="utf-8")
    reused, rewritten = rebuilt(campaign, tmp_path)
    assert "turns/002/index.html" in rewritten


def test_an_interrupted_build_leaves_a_cache_that_is_not_trusted(campaign, tmp_path, monkeypatch):
    path = turn_file(campaign, 2, "md")
    path.write_text(path.read_text(encoding="utf-8") + "\nInterrupted.\n", encoding="utf-8")
    done = []
    real_write, real_link = site_module._write, incremental.link

    def counted(real):
        def step(*args):
            if len(done) > 40:                   # killed with the new site half written
                raise KeyboardInterrupt
            done.append(args)
            return real(*args)
        return step
    monkeypatch.setattr(site_module, "_write", counted(real_write))
    monkeypatch.setattr(incremental, "link", counted(real_link))
    with pytest.raises(KeyboardInterrupt):
        build(campaign)
    monkeypatch.undo()
    rebuilt(campaign, tmp_path)


def test_a_killed_build_between_manifest_and_swap(campaign, tmp_path, monkeypatch):
    """The manifest is saved, then the build dies before the new site is in place: the manifest
    does not describe the old site, so nothing is reused on its word."""
    path = turn_file(campaign, 4, "md")
    path.write_text(path.read_text(encoding="utf-8") + "\nKilled.\n", encoding="utf-8")

    def killed(temp, target, later=None):
        raise KeyboardInterrupt
    monkeypatch.setattr(output, "swap", killed)
    with pytest.raises(KeyboardInterrupt):
        build(campaign)
    monkeypatch.undo()
    assert incremental.Manifest.of_site(campaign / "site").files == {}
    reused, rewritten = rebuilt(campaign, tmp_path)
    assert "turns/004/index.html" in rewritten


MAP_CAMPAIGN = """
title: A campaign with its own map file
ruleset: pitac
seed: 7
map: {file: map.yaml}
players:
  - {id: paula, name: Paula Purple, colour: "#7b3294", capital: tosa}
  - {id: ginger, name: Ginger Green, colour: "#1b7837", capital: awaji}
"""
MAP_FILE = """
provinces:
  tosa: {at: [0, 0]}
  inaba: {at: [1, 0], name: Inaba}
  awaji: {at: [2, 0]}
  higo: {at: [0, 1]}
links:
  - [tosa, inaba]
  - [inaba, awaji]
  - [tosa, higo, sea]
"""


def test_a_map_file(make_campaign, tmp_path):
    root = make_campaign(MAP_CAMPAIGN, {1: "battles: [{players: [paula, ginger], winner: paula}]\n"
                                           "orders: {paula: [Attack Inaba]}\n"})
    (root / "content" / "map.yaml").write_text(MAP_FILE, encoding="utf-8")
    build(root)
    (root / "content" / "map.yaml").write_text(MAP_FILE.replace("name: Inaba", "name: Inaba of the Hills"),
                                               encoding="utf-8")
    reused, rewritten = rebuilt(root, tmp_path)
    assert "Inaba of the Hills" in (root / "site" / "provinces" / "inaba.html").read_text(encoding="utf-8")


# ---- replaying only from the first changed turn -------------------------------------------------

def states(history):
    return [(r.turn.number, r.after, r.events) for r in history.turns]


def test_the_history_cache_replays_from_the_first_changed_turn(campaign):
    from chronicle.cache import HistoryCache
    cache = HistoryCache()
    load_history(campaign, cache=cache)
    assert cache.replayed == TURNS
    load_history(campaign, cache=cache)
    assert cache.replayed == 0
    path = turn_file(campaign, 3, "md")
    path.write_text("A new story.\n", encoding="utf-8")
    history = load_history(campaign, cache=cache)
    assert cache.replayed == 0 and history.turns[2].turn.story == "A new story.\n"
    path = turn_file(campaign, 3)
    path.write_text("title: Turn three, renamed\n" + path.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
    history = load_history(campaign, cache=cache)
    assert cache.replayed == TURNS - 2
    assert states(history) == states(load_history(campaign))
    saved = campaign.parent / "saved"
    cache.save(saved)
    again = HistoryCache.load(saved)
    generate.generate(campaign, "pitac", turns=1, first=TURNS + 1)
    history = load_history(campaign, cache=again)
    assert again.replayed == 2              # the new turn, and the one that is no longer the last
    assert states(history) == states(load_history(campaign))


def test_the_history_cache_reports_every_problem_again(campaign):
    from chronicle.cache import HistoryCache
    from chronicle.history import replay_folder
    path = turn_file(campaign, 4)
    path.write_text(path.read_text(encoding="utf-8") + "army_lists: [nobody]\n", encoding="utf-8")
    cache = HistoryCache()
    replay_folder(campaign, cache)
    _history, cached = replay_folder(campaign, cache)
    _history, clean = replay_folder(campaign)
    assert cache.replayed == 0 and clean
    assert sorted(p.format() for p in cached) == sorted(p.format() for p in clean)


def test_a_build_with_nothing_changed_loads_neither_rules_nor_parsers(campaign, run):
    """The no-change answer is the common case on a game day's re-runs: it must not pay for
    importing the rules, YAML, JSON Schema or Jinja (a merge once put those imports back at the
    top of cli.py)."""
    import subprocess
    import sys
    assert run("build", str(campaign)).exit_code == 0
    probe = ("import sys\nfrom chronicle.cli import main\n"
             "try:\n    main(['build', sys.argv[1]])\nexcept SystemExit as exit:\n    assert not exit.code, exit.code\n"
             "print('loaded:', ' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('yaml', 'jinja2', 'jsonschema', 'markdown_it', 'svgwrite') or m.startswith('chronicle.rules'))))")
    done = subprocess.run([sys.executable, "-c", probe, str(campaign)], capture_output=True, text=True, check=True)
    assert "nothing changed" in done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("loaded:"), done.stdout


def test_a_ruleset_is_found_by_name_importing_its_module_alone():
    """A rebuild imports the campaign's ruleset, not all four (half a second of a story edit)."""
    import subprocess
    import sys
    from chronicle import rules
    assert {name: type(rules.get(name)) for name in rules.RULESETS} == {n: type(r) for n, r in rules.registry().items()}
    assert all(rules.get(name).name == name for name in rules.RULESETS) and rules.get("chess") is None
    probe = ("import sys\nfrom chronicle import rules\nrules.get('pitac')\n"
             "print(' '.join(sorted({m.split('.')[2] for m in sys.modules if m.startswith('chronicle.rules.')})))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert set(done.stdout.split()) & set(rules.RULESETS) == {"pitac"}, done.stdout


def test_build_after_no_change_answers_from_the_manifest(campaign, run):
    first = run("build", str(campaign))
    assert first.exit_code == 0 and "nothing changed" not in first.output
    again = run("build", str(campaign))
    assert again.exit_code == 0 and "nothing changed" in again.output
    path = turn_file(campaign, 2, "md")
    path.write_text(path.read_text(encoding="utf-8") + "\nMore.\n", encoding="utf-8")
    third = run("build", str(campaign))
    assert "nothing changed" not in third.output and "More." in (campaign / "site" / "turns" / "002" / "index.html").read_text(encoding="utf-8")
    (campaign / "site" / "stray.html").write_text("x", encoding="utf-8")
    fourth = run("build", str(campaign))
    assert "nothing changed" not in fourth.output and not (campaign / "site" / "stray.html").exists()


def test_serve_keeps_the_model_and_still_gives_the_clean_bytes(campaign, tmp_path):
    """serve keeps the replayed campaign and the pages' model in memory between builds."""
    from chronicle.cache import HistoryCache
    cache, kept = HistoryCache(), {}
    target = tmp_path / "served" / "site"
    build_site(load_history(campaign, cache=cache), target, progress=False, keep=kept)
    first, painter, env = kept["model"], kept["painter"][1], kept["env"][1]
    path = turn_file(campaign, 2, "md")
    path.write_text(path.read_text(encoding="utf-8") + "\nWhile serving.\n", encoding="utf-8")
    build_site(load_history(campaign, cache=cache), target, progress=False, keep=kept)
    assert kept["model"].turns[1] is not first.turns[1]
    assert kept["model"].turns[1].state is first.turns[1].state       # the view was kept, not made again
    assert kept["model"].turns[2].story.endswith("While serving.\n")
    assert kept["painter"][1] is painter and kept["env"][1] is env       # nothing they depend on changed
    clean = build(campaign, tmp_path / "clean" / "site")
    assert tree(target) == tree(clean)


def test_a_build_keeps_the_model_and_painter_beside_the_site(campaign, tmp_path, monkeypatch):
    """``chronicle build`` keeps the pages' model and the map painter in the cache beside the site,
    as serve keeps them in memory: the next build (another process) derives neither the earlier
    turns' views and map marks nor the labels again, and still writes a clean build's bytes."""
    from chronicle.cache import HistoryCache
    folder = incremental.cache_dir(campaign / "site")

    def cli_build():                          # what `chronicle build` does, with the cache on disk
        cache = HistoryCache.load(folder)
        build_site(load_history(campaign, cache=cache), campaign / "site", progress=False, history_cache=cache)
        return cache
    cli_build()
    kept = HistoryCache.load(folder).rendering()
    assert set(kept) == {"model", "painter"}
    marks = []
    import chronicle.rules.pitac.marks as pitac_marks
    original = pitac_marks.map_marks
    monkeypatch.setattr(pitac_marks, "map_marks", lambda *a, **k: marks.append(1) or original(*a, **k))
    path = turn_file(campaign, 2, "md")
    path.write_text(path.read_text(encoding="utf-8") + "\nKept.\n", encoding="utf-8")
    painters = []
    painter = site_module.MapPainter
    monkeypatch.setattr(site_module, "MapPainter", lambda *a, **k: painters.append(1) or painter(*a, **k))
    cli_build()
    assert marks == [] and painters == []          # no turn's marks derived again, no painter made
    model = HistoryCache.load(folder).rendering()["model"]       # as another process finds it
    assert all(view.anchor(event) == f"e-{i}" for view in model.turns for i, event in enumerate(view.events))
    # a view is pickled alone, not with the chain of turns it links to (500 linked turns went past
    # the recursion limit, and the model was silently not kept)
    import pickle
    alone = pickle.loads(pickle.dumps(model.turns[2]))
    assert alone.prev is None and alone.next is None and alone.number == 2
    assert tree(campaign / "site") == tree(build(campaign, tmp_path / "clean" / "site"))
    monkeypatch.undo()
    generate.generate(campaign, "pitac", turns=1, first=TURNS + 1)
    cli_build()                                    # the new turn and the one before it are derived anew
    assert tree(campaign / "site") == tree(build(campaign, tmp_path / "clean2" / "site"))


CLANWAR = Path(__file__).resolve().parent / "campaigns" / "docs_only_clanwar"


def test_a_rulesets_own_pages_follow_the_history(tmp_path):
    """Clan War's own pages (forces, the fallen...) name no key of their own: they are remade
    when any turn changes, never kept from the history before. The change here (a unit bought
    with fewer models) moves nothing the site-wide key holds, only the forces page."""
    root = tmp_path / "c"
    shutil.copytree(CLANWAR / "content", root / "content")
    build(root)
    last = turn_file(root, 8)
    text = last.read_text(encoding="utf-8")
    assert "models: 6" in text
    last.write_text(text.replace("models: 6", "models: 5"), encoding="utf-8")
    reused, rewritten = rebuilt(root, tmp_path)
    assert "forces.html" in rewritten


def test_templates_are_kept_compiled_beside_the_site(campaign, monkeypatch):
    """A build leaves its compiled templates in the build cache; the next process reads them
    instead of compiling the theme again (Jinja checks each against its template's source)."""
    folder = incremental.cache_dir(campaign / "site")
    kept = list(folder.glob("templates-*/*"))
    assert kept
    env = site_module.environment(campaign, folder)

    def compile_again(*args, **kwargs):
        raise AssertionError("a template was compiled again")
    monkeypatch.setattr(type(env), "compile", compile_again)
    assert env.get_template("turn.html") is not None
    with pytest.raises(AssertionError, match="compiled again"):
        site_module.environment(campaign, None).get_template("turn.html")
