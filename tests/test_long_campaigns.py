"""A long campaign's site: no page grows without bound, links are what relpath gives, charts are
drawn once and stay small. Sizes here are counts of rows and points, never times."""

from __future__ import annotations

import itertools
import json
import posixpath
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from chronicle.history import load_history
from chronicle.render import views
from chronicle.render.charts import Chart, Series, draw, line_chart, thinned
from chronicle.render.site import Linker, build_site

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import generate  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def long_site(tmp_path_factory):
    """A 9-turn generated campaign built as if a page held 3 turns and the main pages showed 2."""
    root = tmp_path_factory.mktemp("long")
    generate.generate(root, "pitac", turns=9, players=12)
    patch = pytest.MonkeyPatch()
    patch.setattr(views, "PERIOD", 3)
    patch.setattr(views, "RECENT", 2)
    try:
        history = load_history(root)
        build_site(history, root / "site", progress=False)
    finally:
        patch.undo()
    return history, root / "site"


def rows(html: str, table: str) -> list[str]:
    body = re.search(rf'<table class="{table}[^"]*">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    return re.findall(r"<tr\b", body)


def test_a_long_history_is_split_into_fixed_periods(long_site):
    history, site = long_site
    slugs = ["000-002", "003-005", "006-008", "009-011"]     # the last named by its whole stretch
    for slug in slugs:
        for folder in ("turns", "standings", "timeline"):
            assert (site / folder / f"{slug}.html").is_file()
        for player in history.campaign.player_ids:
            assert (site / "players" / player / f"{slug}.html").is_file()
        for province in history.campaign.map.provinces:
            assert (site / "provinces" / province / f"{slug}.html").is_file()
    page = (site / "players" / "p00" / "003-005.html").read_text(encoding="utf-8")
    assert len(rows(page, "holdings")) == 3
    assert 'aria-current="page">3\u20135</strong>' in page
    assert 'href="../p00.html">latest</a>' in page and 'href="006-008.html"' in page
    assert 'class="chart"' not in page          # the charts are on the main page only


def test_main_pages_show_the_latest_turns_and_link_every_period(long_site):
    history, site = long_site
    player = (site / "players" / "p03.html").read_text(encoding="utf-8")
    assert len(rows(player, "holdings")) == 2
    assert "The last 2 turns." in player
    for slug in ("000-002", "003-005", "006-008", "009-011"):
        assert f'href="p03/{slug}.html"' in player
    turns = (site / "turns" / "index.html").read_text(encoding="utf-8")
    assert len(rows(turns, "turns")) == 2 and 'href="000-002.html"' in turns
    standings = (site / "standings.html").read_text(encoding="utf-8")
    assert len(rows(standings, "by-turn")) == 2
    province = (site / "provinces" / "mino.html").read_text(encoding="utf-8")
    holders = re.findall(r'<tr\b[^>]*><td class="inline"><a class="turn-link" href="../turns/(\d+)/index.html"',
                         province.split('class="holders')[1].split("</table>")[0])
    # the turn its holder took it, then those of the last 2 in which something happened there
    assert holders and all(int(n) >= len(history.turns) - 1 for n in holders[1:])
    home = (site / "index.html").read_text(encoding="utf-8")
    assert len(re.findall(r"<li>", home.split('class="turn-list"')[1].split("</ul>")[0])) == 2


def test_every_turn_is_on_exactly_one_period_page(long_site):
    history, site = long_site
    seen = []
    for page in sorted((site / "turns").glob("*-*.html")):
        html = page.read_text(encoding="utf-8")
        body = re.search(r'<table class="turns[^"]*">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
        seen += [int(n) for n in re.findall(r'href="(\d{3})/index\.html"', body)]
    assert sorted(set(seen)) == seen == list(range(0, len(history.turns) + 1))


def test_feed_holds_the_latest_turns_only(tmp_path, monkeypatch):
    from chronicle.render import feeds
    monkeypatch.setattr(feeds, "FEED_ENTRIES", 2)
    root = tmp_path / "c"
    generate.generate(root, "pitac", turns=5)
    build_site(load_history(root), root / "site", progress=False)
    feed = ET.parse(root / "site" / "feed.xml").getroot()
    entries = feed.findall("{http://www.w3.org/2005/Atom}entry")
    titles = [e.find("{http://www.w3.org/2005/Atom}title").text for e in entries]
    assert len(entries) == 2 and titles[0].startswith("Turn 5") and titles[1].startswith("Turn 4")


def test_turn_state_json_does_not_repeat_closed_epochs(long_site):
    history, site = long_site
    campaign = history.campaign
    closed = 0
    for result in history.turns:
        data = json.loads((site / "turns" / f"{result.turn.number:03d}" / "state.json").read_text(encoding="utf-8"))
        ranking = data["ranking"]
        assert all(e["ended_turn"] == result.turn.number for e in ranking["epochs"])
        assert ranking["epochs_before"] == closed
        closed += len(ranking["epochs"])
    assert closed == len(campaign.ruleset.to_json(campaign, history.final)["ranking"]["epochs"]) > 0


# ---- links --------------------------------------------------------------------------------------

def folders(names: list[str], depth: int) -> list[list[str]]:
    """Every folder path of at most ``depth`` parts drawn from ``names``."""
    return [list(parts) for size in range(depth + 1) for parts in itertools.product(names, repeat=size)]


def test_links_are_what_relpath_gives():
    """Every page folder against every target folder up to three deep, checked exhaustively.

    The linker compares folder names only for equality, position by position, so three names
    give every pattern of shared and differing prefixes at every depth; the whole space is
    a few ten thousand cases, cheap enough to check every one instead of sampling it (sampling
    with Hypothesis tripped its input-speed health check on a loaded machine)."""
    dirs = folders(["turns", "001", "a"], 3)
    assert len(dirs) == 1 + 3 + 9 + 27
    wrong = []
    for page_dirs in dirs:
        page = "/".join(page_dirs + ["index.html"])
        base = posixpath.dirname(page) or "."
        link = Linker(page)
        for target_dirs in dirs:
            for name in ("index.html", "x.html", "style.css"):
                for fragment in ("", "#e-3"):
                    target = "/".join(target_dirs + [name])
                    want = posixpath.relpath(target, base) + fragment
                    if link(target + fragment) != want:
                        wrong.append((page, target + fragment, link(target + fragment), want))
    assert wrong == []


def test_links_under_an_absolute_base():
    assert Linker("turns/001/index.html", "https://x.org/c/")("players/a.html") == "https://x.org/c/players/a.html"
    assert Linker("turns/001/index.html")("#e-2") == "#e-2"


# ---- charts -------------------------------------------------------------------------------------

def chart(turns: int, players: int = 3) -> Chart:
    xs = tuple(range(turns + 1))
    return Chart("c", "Provinces", "Turn", "Provinces", xs,
                 tuple(Series(f"p{i}", f"P{i}", "#0072b2", tuple((x * (i + 1)) % 17 for x in xs))
                       for i in range(players)))


def test_a_long_chart_has_one_line_per_series_and_no_dots():
    svg = draw(chart(1000, players=12)).svg("p3", id="chart-p3-provinces")
    root = ET.fromstring(svg)
    assert root.get("id") == "chart-p3-provinces"
    assert not list(root.iter(f"{SVG}circle"))
    groups = [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("line ")]
    assert len(groups) == 12 and all(len(list(g.iter(f"{SVG}polyline"))) == 1 for g in groups)
    # the emphasised series is drawn last (on top), at full opacity; the others are faded
    assert groups[-1].get("class") == "line series-p3" and groups[-1].get("opacity") == "1"
    assert all("faded" in g.get("class") for g in groups[:-1])
    # at most four points per pixel column of the plot
    points = max(len(p.get("points").split()) for p in root.iter(f"{SVG}polyline"))
    assert points <= 4 * 500


def test_a_short_chart_keeps_a_dot_with_its_figure_on_every_turn():
    root = ET.fromstring(line_chart(chart(10)))
    dots = list(root.iter(f"{SVG}circle"))
    assert len(dots) == 3 * 11
    assert dots[0].find(f"{SVG}title").text == "P0, turn 0: 0 provinces"


def test_one_drawing_gives_every_emphasis():
    drawing = draw(chart(10))
    for key in ("p0", "p1", "p2", None):
        series = [s if key is None else Series(s.key, s.label, s.colour, s.values, s.key == key)
                  for s in chart(10).series]
        alone = Chart("c", "Provinces", "Turn", "Provinces", chart(10).xs, tuple(series))
        assert drawing.svg(key) == line_chart(alone)


def test_thinning_keeps_every_turning_point():
    points = [(float(x), float(y)) for x, y in enumerate([1, 1, 1, 2, 2, 3, 3, 3, 3, 1])]
    assert thinned(points) == [(0.0, 1.0), (2.0, 1.0), (3.0, 2.0), (4.0, 2.0), (5.0, 3.0), (8.0, 3.0), (9.0, 1.0)]


def test_a_provinces_rows_are_the_turns_something_happened_there(long_site):
    """Against the plain reading over every turn: the first row is the last turn at or before the
    first shown in which the holder or the capital changed (the start if none), then each shown
    turn in which one of them changed or the province was fought over; a quiet turn adds none."""
    history, _site = long_site
    model = views.build_model(history)

    def holding(view, pid):
        return view.summary.owners.get(pid), next((p for p, c in view.summary.capitals.items() if c == pid), None)

    for pid in sorted(history.campaign.map.provinces):
        for first in range(len(model.turns)):
            for count in (1, 2, len(model.turns)):
                shown = model.turns[first:first + count]
                since = max(v.number for v in model.turns[:first + 1]
                            if v.number == 0 or holding(v, pid) != holding(model.turns[v.number - 1], pid))
                expected = [since] + [v.number for v in shown if v.number != since and v.number > 0 and (
                    holding(v, pid) != holding(model.turns[v.number - 1], pid)
                    or any(getattr(e, "province", None) == pid for e in v.conflicts + v.battles + v.sieges))]
                got = [row["turn"].number for row in views.province_rows(model, pid, shown)]
                assert got == expected, (pid, first, count)
