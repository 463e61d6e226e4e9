"""Publishing that works the first time: the distribution's name from its own metadata, the
release workflow, the Pages workflow that `chronicle new` writes, warnings that never block,
GitHub annotations, and the site's public address (sitemap, robots, canonical, feed ids)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path

import pytest
import yaml

import chronicle
from chronicle import distribution, report, siteurl
from chronicle.errors import Place, Problem
from samples import SMALL_CAMPAIGN
from site_helpers import SMALL_STORIES, SMALL_TURNS
from test_errors import TAKE_AWAJI, TAKE_INABA

REPO = Path(__file__).resolve().parents[1]
ATOM = {"a": "http://www.w3.org/2005/Atom"}

#: the current major version of every action the workflows use, as each action's own releases
#: list them (checked when this was written; see docs/publishing.md)
ACTIONS = {"actions/checkout": "v7", "actions/setup-python": "v7", "actions/configure-pages": "v6",
           "actions/upload-pages-artifact": "v5", "actions/deploy-pages": "v5",
           "actions/upload-artifact": "v7", "actions/download-artifact": "v8",
           "pypa/gh-action-pypi-publish": "release/v1"}


def workflow(path: Path) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))          # YAML 1.1 reads the key `on` as true
    return data


def uses(job: dict) -> dict[str, str]:
    return dict(step["uses"].split("@", 1) for step in job["steps"] if "uses" in step)


def runs(job: dict) -> list[str]:
    return [step["run"] for step in job["steps"] if "run" in step]


# ---- the distribution ---------------------------------------------------------------------------

def test_the_distribution_is_named_in_pyproject_and_read_back_from_the_installed_metadata():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert project["name"] == "campaign-chronicle"              # `chronicle` on PyPI is someone else's
    ours = distribution.this()
    assert ours.name == project["name"] == metadata.metadata(project["name"])["Name"]
    assert ours.version == project["version"] == metadata.version(project["name"]) == chronicle.__version__
    assert ours.requirement == f"campaign-chronicle=={project['version']}"
    assert ours.index_page == "https://pypi.org/project/campaign-chronicle/"
    # the `chronicle` command of that distribution is this package's
    [point] = [p for p in metadata.entry_points(group="console_scripts", name="chronicle")
               if p.dist.metadata["Name"] == project["name"]]
    assert point.value == "chronicle.cli:main"


def test_nothing_names_the_other_projects_distribution():
    """Every mention of the distribution comes from the metadata, so none can name PyPI's
    unrelated `chronicle` (the old scaffold installed it and linked to it)."""
    stale = re.compile(r"pypi\.org/project/chronicle/|pip install \"?chronicle[=\"\s]")
    for folder in ("chronicle", "templates", "docs"):
        for path in (REPO / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".html", ".md", ".yml", ".yaml", ".xml", ".txt"):
                assert not stale.search(path.read_text(encoding="utf-8")), path
    assert not stale.search((REPO / "README.md").read_text(encoding="utf-8"))


def test_version_option_names_the_distribution(run):
    result = run("--version")
    assert result.output.strip() == f"chronicle {chronicle.__version__} (the campaign-chronicle distribution)"


def test_feed_generator_and_scaffold_take_the_distribution_from_metadata(run, tmp_path, monkeypatch):
    # a different installed version shows everywhere at once: nothing holds a copy of its own
    monkeypatch.setattr(distribution, "this", lambda: distribution.Distribution("campaign-chronicle", "9.8.7"))
    target = tmp_path / "c"
    assert run("new", target).exit_code == 0
    pages = workflow(target / ".github" / "workflows" / "pages.yml")
    assert pages["env"]["CHRONICLE"] == "campaign-chronicle==9.8.7"
    readme = (target / "README.md").read_text()
    assert "https://pypi.org/project/campaign-chronicle/" in readme and "campaign-chronicle==9.8.7" in readme
    assert run("build", target, "--quiet").exit_code == 0
    feed = ET.fromstring((target / "site" / "feed.xml").read_text())
    generator = feed.find("a:generator", ATOM)
    assert generator.get("uri") == "https://pypi.org/project/campaign-chronicle/"
    assert generator.get("version") == "9.8.7"
    assert feed.get("{http://www.w3.org/XML/1998/namespace}lang") == "en"      # the campaign's language


# ---- the Pages workflow that `chronicle new` writes ----------------------------------------------

@pytest.fixture
def pages(run, tmp_path) -> tuple[Path, dict]:
    target = tmp_path / "campaign"
    assert run("new", target).exit_code == 0
    return target, workflow(target / ".github" / "workflows" / "pages.yml")


def test_pages_workflow_uses_the_current_major_of_every_action(pages):
    _root, flow = pages
    for name, job in flow["jobs"].items():
        for action, version in uses(job).items():
            assert ACTIONS.get(action) == version, f"job {name}: {action}@{version}, current is @{ACTIONS.get(action)}"
    used = set().union(*(uses(job) for job in flow["jobs"].values()))
    assert used == {"actions/checkout", "actions/setup-python", "actions/configure-pages",
                    "actions/upload-pages-artifact", "actions/deploy-pages"}


def test_pages_workflow_publishes_pushes_and_only_checks_pull_requests(pages):
    root, flow = pages
    assert flow["on"]["push"] == {"branches": ["main"]} and "pull_request" in flow["on"]
    assert flow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    assert flow["concurrency"]["group"] and "cancel-in-progress" in flow["concurrency"]
    check, build, deploy = flow["jobs"]["check"], flow["jobs"]["build"], flow["jobs"]["deploy"]
    # the pull request's job checks and nothing else: no Pages action, no write permission
    assert check["if"] == "github.event_name == 'pull_request'"
    assert check["permissions"] == {"contents": "read"}
    assert not any("pages" in action for action in uses(check))
    assert runs(check) == ['pip install "$CHRONICLE"', "chronicle check"]
    # pushes build and deploy; a pull request never reaches them
    assert build["if"] == "github.event_name != 'pull_request'" and deploy["needs"] == "build"
    assert deploy["environment"]["name"] == "github-pages"
    # configure-pages' base_url is the site's public address; warnings do not block (no --strict)
    steps = build["steps"]
    configure = next(i for i, s in enumerate(steps) if s.get("uses", "").startswith("actions/configure-pages"))
    build_step = next(i for i, s in enumerate(steps) if s.get("run", "").startswith("chronicle build"))
    assert configure < build_step
    command = steps[build_step]["run"]
    assert f"--url \"${{{{ steps.{steps[configure]['id']}.outputs.base_url }}}}\"" in command
    assert "--strict" not in command
    # pip's cache is keyed on a file every campaign has: this workflow, where the install line is
    for job in (check, build):
        python = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/setup-python"))
        assert python["with"]["cache"] == "pip"
        assert (root / python["with"]["cache-dependency-path"]).is_file()


def test_the_install_line_is_one_setting_that_may_name_a_git_tag(pages):
    root, flow = pages
    text = (root / ".github" / "workflows" / "pages.yml").read_text()
    assert flow["env"]["CHRONICLE"] == distribution.this().requirement
    assert text.count(distribution.this().requirement) == 1
    for job in ("check", "build"):
        assert 'pip install "$CHRONICLE"' in runs(flow["jobs"][job])
    assert re.search(r"#\s+CHRONICLE: \"campaign-chronicle @ git\+https://github\.com/\S+@v", text)


# ---- the release workflow of this repository -------------------------------------------------------

def test_release_workflow_builds_checks_tries_and_publishes_with_trusted_publishing():
    flow = workflow(REPO / ".github" / "workflows" / "release.yml")
    assert flow["on"]["push"]["tags"]
    build, publish = flow["jobs"]["build"], flow["jobs"]["publish"]
    commands = "\n".join(runs(build))
    assert "python -m build" in commands                       # sdist and wheel
    assert "twine check --strict dist/*" in commands
    assert "scripts/try-wheel dist" in commands                # new + build from the wheel alone
    assert "GITHUB_REF_NAME" in commands                       # the tag is the version being released
    assert publish["needs"] == "build"
    assert publish["permissions"] == {"id-token": "write"}     # trusted publishing: no token stored
    assert publish["environment"]["name"] == "pypi"
    assert "pypa/gh-action-pypi-publish" in uses(publish)
    for job in flow["jobs"].values():
        for action, version in uses(job).items():
            assert ACTIONS.get(action) == version, f"{action}@{version}"


@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed to clone the repository")
def test_the_wheel_alone_makes_and_builds_a_campaign_and_the_pages_line_installs_it():
    """scripts/try-wheel: the wheel built from a clean clone, in a fresh venv, outside the source."""
    result = subprocess.run([str(REPO / "scripts" / "try-wheel")], capture_output=True, text=True,
                            env={**os.environ, "PYTHON": shutil.which("python3") or "python3"}, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    from chronicle import scaffold
    starters = [name for name in chronicle.rules.registry() if (scaffold.SCAFFOLD / name).is_dir()]
    assert {"pitac", "sengoku"} <= set(starters)
    for ruleset in starters:
        assert f"try-wheel: {ruleset}: new, check and build work from the wheel" in result.stdout
    assert f'pip install "{distribution.this().requirement}" -> chronicle {chronicle.__version__}' in result.stdout


# ---- warnings never block; GitHub annotations -----------------------------------------------------

def test_an_ordinary_game_day_with_warnings_publishes(run, make_campaign):
    # ginger lost her capital on the last turn and has not named a new one yet: a warning
    root = make_campaign(SMALL_CAMPAIGN, {1: TAKE_INABA, 2: TAKE_AWAJI})
    result = run("build", root, "--quiet")
    assert result.exit_code == 0, result.output
    assert "warning: ginger lost their capital" in result.stderr
    assert (root / "site" / "index.html").is_file()


def test_annotations_under_github_actions(run, make_campaign, monkeypatch):
    root = make_campaign(SMALL_CAMPAIGN, {1: TAKE_INABA, 2: TAKE_AWAJI, 3: "battles: [{players: [paula], winner: ginger}]\n"})
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    result = run("check", root)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    commands = [line for line in lines if line.startswith("::")]
    assert commands, result.stderr
    for command in commands:
        # the text line stays for the log, and the command follows it
        assert re.match(r"::(error|warning) file=[^,:]+/content/turns/\d{3}\.yaml,line=\d+,col=\d+,title=chronicle( \[[^]]+\])?::", command), command
        assert "\n" not in command
    monkeypatch.delenv("GITHUB_ACTIONS")
    plain = run("check", root)
    assert not any(line.startswith("::") for line in plain.stderr.splitlines())
    forced = run("check", root, "--format", "github")
    assert [line for line in forced.stderr.splitlines() if line.startswith("::")] == commands


def test_annotation_escaping_and_paths():
    problem = Problem("50% of 'a,b': c\nd", hint="do x", rule="a, b: c", place=Place("content/turns/001.yaml", 3, 5))
    assert report.annotation(problem, "camp") == (
        "::error file=camp/content/turns/001.yaml,line=3,col=5,title=chronicle [a%2C b%3A c]"
        "::50%25 of 'a,b': c%0Ad%0Ahint: do x")
    warning = Problem("careful", severity="warning", place=Place("content/campaign.yaml"))
    assert report.annotation(warning) == "::warning file=content/campaign.yaml,title=chronicle::careful"
    assert report.default_format({"GITHUB_ACTIONS": "true"}) == "github"
    assert report.default_format({}) == "text"


# ---- the public URL --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("https://NAME.github.io/REPO", "https://NAME.github.io/REPO/"),
    ("http://example.org", "http://example.org/"),
    ("HTTPS://example.org/a/b/", "https://example.org/a/b/"),
    ("https://example.org/camp/index.html", "https://example.org/camp/"),
])
def test_site_url_forms(text, expected):
    assert siteurl.parse(text) == expected


@pytest.mark.parametrize("text", ["ftp://example.org/", "example.org/camp", "javascript:alert(1)",
                                  "https://", "file:///tmp/site", "https://example.org/?q=1", "/camp/"])
def test_site_url_rejects_what_is_not_a_web_address(text):
    with pytest.raises(ValueError):
        siteurl.parse(text)


def test_build_url_option_is_checked(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)
    result = run("build", root, "--url", "ftp://example.org/")
    assert result.exit_code == 2 and "not a web address" in result.output
    assert not (root / "site").exists()
    # an empty --url (an unset workflow variable) is no URL at all
    assert run("build", root, "--quiet", "--url", "").exit_code == 0
    assert not (root / "site" / "sitemap.xml").exists()


def test_url_in_campaign_yaml_must_be_http(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN + "url: ftp://example.org/camp\n", SMALL_TURNS)
    result = run("check", root)
    assert result.exit_code == 1
    assert re.search(r"content/campaign\.yaml:\d+:6: error: .*ftp://example\.org/camp", result.stderr), result.stderr
    assert "https://" in result.stderr          # the hint shows the form expected


def test_with_a_url_the_site_has_sitemap_robots_canonical_and_absolute_feed_ids(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)
    assert run("build", root, "--quiet", "--url", "https://friends.github.io/campaign").exit_code == 0
    site = root / "site"
    base = "https://friends.github.io/campaign/"
    locs = re.findall(r"<loc>([^<]+)</loc>", (site / "sitemap.xml").read_text())
    assert base in locs and base + "turns/002/" in locs and base + "players/paula.html" in locs
    assert not any("404" in loc for loc in locs)
    assert (site / "robots.txt").read_text() == f"User-agent: *\nAllow: /\n\nSitemap: {base}sitemap.xml\n"
    assert f'<link rel="canonical" href="{base}turns/002/">' in (site / "turns/002/index.html").read_text()
    assert f'<link rel="canonical" href="{base}">' in (site / "index.html").read_text()
    assert 'rel="canonical"' not in (site / "404.html").read_text()
    feed = ET.fromstring((site / "feed.xml").read_text())
    assert feed.find("a:id", ATOM).text == base
    ids = [e.find("a:id", ATOM).text for e in feed.findall("a:entry", ATOM)]
    assert ids == [base + "turns/002/", base + "turns/001/"]
    # --url overrides url: in campaign.yaml
    config = root / "content" / "campaign.yaml"
    config.write_text(config.read_text() + "url: https://old.example.org/\n")
    assert run("build", root, "--quiet", "--url", "https://new.example.org/c/").exit_code == 0
    assert "https://new.example.org/c/sitemap.xml" in (site / "robots.txt").read_text()


def test_without_a_url_no_sitemap_robots_or_canonical(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)
    assert run("build", root, "--quiet").exit_code == 0
    site = root / "site"
    assert not (site / "sitemap.xml").exists() and not (site / "robots.txt").exists()
    assert 'rel="canonical"' not in (site / "index.html").read_text()
    feed = ET.fromstring((site / "feed.xml").read_text())
    assert feed.find("a:id", ATOM).text.startswith("tag:")       # an id still, though not an address


def test_serve_answers_any_missing_address_with_the_sites_404_page(make_campaign):
    import urllib.error
    import urllib.request

    from chronicle.serve import Server
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)
    server = Server(root, port=0, echo=lambda _line: None, interval=0.2)
    port = server.start()
    try:
        for path in ("/nowhere", "/turns/099/", "/turns/099/index.html", "/a/b/c/d.html", "/static/gone.css"):
            with pytest.raises(urllib.error.HTTPError) as caught:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5)
            assert caught.value.code == 404, path
            body = caught.value.read().decode("utf-8")
            assert "This page is not in the chronicle" in body, path
    finally:
        server.stop()


# ---- link previews: Open Graph / Twitter cards and the map picture ---------------------------------

def metas(html: str) -> dict[str, str]:
    found = {}
    for key, value in re.findall(r'<meta (?:property|name)="((?:og|twitter):[a-z:_]+)" content="([^"]*)">', html):
        found[key] = value
    return found


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_every_page_has_link_preview_tags_and_map_pages_a_picture(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)
    assert run("build", root, "--quiet").exit_code == 0
    site = root / "site"
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        tags = metas(page.read_text(encoding="utf-8"))
        for key in ("og:title", "og:description", "og:type", "og:site_name", "twitter:card", "twitter:title"):
            assert tags.get(key), (page, key)
        assert "og:url" not in tags                      # no address without the public URL
    home = metas((site / "index.html").read_text())
    assert home["og:image"] == "preview.png" and home["twitter:card"] == "summary_large_image"
    assert png_size((site / "preview.png").read_bytes()) == (1200, 630)
    for number in ("000", "001"):
        tags = metas((site / "turns" / number / "index.html").read_text())
        assert tags["og:image"] == "preview.png" and tags["og:image:width"] == "1200"
        assert png_size((site / "turns" / number / "preview.png").read_bytes()) == (1200, 630)
    # the last turn's page shows the home page's card: the same picture, made once
    last = metas((site / "turns" / "002" / "index.html").read_text())
    assert last["og:image"] == "../../preview.png" and not (site / "turns" / "002" / "preview.png").exists()
    assert last["og:image:alt"] == home["og:image:alt"] == "The map of Small test campaign after turn 2, with the leading players"
    turn = metas((site / "turns/001/index.html").read_text())
    assert turn["og:title"] == "Turn 1: The first clash · Small test campaign"
    assert "changed hands" in turn["og:description"]
    assert metas((site / "standings.html").read_text())["twitter:card"] == "summary"


@pytest.mark.parametrize("recent, own", [(1, set()), (2, {"001"}), (3, {"000", "001"})])
def test_only_the_latest_turns_have_a_card_of_their_own(run, make_campaign, monkeypatch, recent, own):
    """preview.RECENT at its edge on a campaign of turns 0-2: a turn has its own card when it is
    one of the RECENT latest and not the last (whose card is the home page's); the older ones
    show the home page's card and say it is the campaign as it stands now."""
    from chronicle.render import preview
    monkeypatch.setattr(preview, "RECENT", recent)
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)
    assert run("build", root, "--quiet").exit_code == 0
    site = root / "site"
    assert {p.parent.name for p in site.glob("turns/*/preview.png")} == own
    assert (site / "preview.png").is_file()
    for number in ("000", "001", "002"):
        tags = metas((site / "turns" / number / "index.html").read_text())
        if number in own:
            assert tags["og:image"] == "preview.png"
            assert tags["og:image:alt"] == ("The map of Small test campaign at the start, with the leading players" if number == "000" else
                                            "The map of Small test campaign after turn 1, with the leading players")
        elif number == "002":
            assert tags["og:image"] == "../../preview.png" and "after turn 2" in tags["og:image:alt"]
        else:
            assert tags["og:image"] == "../../preview.png"
            assert tags["og:image:alt"] == "The map of Small test campaign as it stands now, with the leading players"


def test_link_previews_are_absolute_with_the_public_url(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)
    assert run("build", root, "--quiet", "--url", "https://friends.github.io/campaign/").exit_code == 0
    site = root / "site"
    home = metas((site / "index.html").read_text())
    assert home["og:url"] == "https://friends.github.io/campaign/"
    assert home["og:image"] == home["twitter:image"] == "https://friends.github.io/campaign/preview.png"
    turn = metas((site / "turns/001/index.html").read_text())
    assert turn["og:url"] == "https://friends.github.io/campaign/turns/001/"
    assert turn["og:image"] == "https://friends.github.io/campaign/turns/001/preview.png"
    player = metas((site / "players/paula.html").read_text())
    assert player["og:url"] == "https://friends.github.io/campaign/players/paula.html" and "og:image" not in player


def test_the_picture_shows_the_map_in_the_players_colours():
    """The card's map half is drawn in the owners' colours, exactly: a palette PNG (8-bit indexed)
    keeps a flat fill's colour, and the same card gives the same bytes."""
    import io

    from PIL import Image

    from chronicle.render import preview
    leaders = [("#7b3294", "Paula Purple", "3 held · 10 VP")]
    map_svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">'
               '<rect x="10" y="10" width="80" height="80" fill="#7b3294"/></svg>')
    png = preview.rasterise(preview.card_svg("A <campaign> & co", "After turn 3", "May 1561", leaders, map_svg))
    assert png_size(png) == (1200, 630)
    assert png == preview.rasterise(preview.card_svg("A <campaign> & co", "After turn 3", "May 1561", leaders, map_svg))
    assert (png[24], png[25]) == (8, 3)                       # IHDR: bit depth 8, colour type 3 (palette)
    with Image.open(io.BytesIO(png)) as image:
        pixels = image.convert("RGB")
    assert pixels.getpixel((880, 315)) == (0x7b, 0x32, 0x94)      # the map's middle: Paula's purple
    assert pixels.getpixel((100, 600)) == (0xf6, 0xf3, 0xea)      # the card's paper
    assert pixels.getpixel((570, 600)) == (0xdc, 0xe9, 0xf2)      # the map frame's sea
