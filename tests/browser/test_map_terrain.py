"""Terrain on the map, in a real Chromium: Campagna's mountain chains, rivers and fords drawn on the
border they cross, its coast along the territories that face the Sea, each in the legend once, in
Italian on an Italian site, and none of them over a territory's name.

Built from the campagna acceptance campaign (tests/campaigns/docs_only_campagna, in Italian) on
the bundled `valle` map (docs/maps/valle.md). Screenshots go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import shutil

import pytest

from browser_kit import *  # noqa: F401,F403  (the fixtures)
from browser_kit import BROWSER
from chronicle.content import load_campaign
from chronicle.history import load_history
from chronicle.render.site import build_site
from conftest import REPO
from test_map_story import open_page

pytestmark = BROWSER

CAMPAIGN = REPO / "tests" / "campaigns" / "docs_only_campagna"


@pytest.fixture(scope="module")
def campagna_example(tmp_path_factory):
    root = tmp_path_factory.mktemp("campagna-terrain") / "campaign"
    shutil.copytree(CAMPAIGN / "content", root / "content")
    history = load_history(root)
    build_site(history, root / "site", progress=False)
    return history, root / "site"


#: for each terrain drawing (its title names the two territories) points every 4 px along its
#: path, each with the territories found a few pixels to either side of it (by the outlines'
#: own fill, in the browser: what a reader sees either side of the line)
SIDES = """([selector, offset]) => {
  const svg = document.querySelector('svg.map');
  const toScreen = (el, x, y) => new DOMPoint(x, y).matrixTransform(el.getScreenCTM());
  const provinces = [...svg.querySelectorAll('path.province')];
  const at = (sx, sy) => provinces.filter(p => p.isPointInFill(
      new DOMPoint(sx, sy).matrixTransform(p.getScreenCTM().inverse()))).map(p => p.id.replace('province-', ''));
  return [...svg.querySelectorAll(selector)].map(g => {
    const path = g.querySelector('path');
    const total = path.getTotalLength();
    const points = [];
    for (let s = 6; s < total - 6; s += 4 / path.getScreenCTM().a) {
      const p = path.getPointAtLength(s), q = path.getPointAtLength(Math.min(total, s + 0.5));
      const a = toScreen(path, p.x, p.y), b = toScreen(path, q.x, q.y);
      const n = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const nx = -(b.y - a.y) / n, ny = (b.x - a.x) / n;
      points.push({left: at(a.x + nx * offset, a.y + ny * offset), right: at(a.x - nx * offset, a.y - ny * offset)});
    }
    return {title: g.querySelector(':scope > title').textContent, cls: g.getAttribute('class'), points};
  });
}"""

#: the visible names' boxes, and which of them a terrain stroke runs through: a grid of points
#: inside each name's box, tested against the widest stroke of each terrain drawing
UNDER_NAMES = """() => {
  const svg = document.querySelector('svg.map');
  const strokes = [...svg.querySelectorAll('.terrain g')].map(g => {
    const paths = [...g.querySelectorAll('path')];
    return paths.reduce((a, b) => parseFloat(b.getAttribute('stroke-width')) > parseFloat(a.getAttribute('stroke-width')) ? b : a);
  });
  const hits = [];
  for (const t of svg.querySelectorAll('.labels text')) {
    if (getComputedStyle(t).display === 'none') continue;
    const r = t.getBoundingClientRect();
    for (let i = 1; i < 8; i++) for (let j = 1; j < 4; j++) {
      const sx = r.x + r.width * i / 8, sy = r.y + r.height * j / 4;
      for (const p of strokes) {
        const local = new DOMPoint(sx, sy).matrixTransform(p.getScreenCTM().inverse());
        if (p.isPointInStroke(local)) hits.push([t.textContent, p.parentNode.querySelector('title').textContent]);
      }
    }
  }
  return hits;
}"""


def _names(history):
    campaign = history.campaign
    return {campaign.name_of(pid): pid for pid in campaign.map.provinces}


def test_mountains_rivers_and_fords_lie_on_the_border_they_cross(browser, campagna_example, screenshots):
    history, site = campagna_example
    names = _names(history)
    game_map = history.campaign.map
    want = sorted((min(l.a, l.b), max(l.a, l.b), l.kind) for l in game_map.links if l.kind in ("mountain", "river", "ford"))
    context, page, problems = open_page(browser, (site / "turns/006/index.html").as_uri())
    try:
        drawn = page.evaluate(SIDES, [".terrain g.border", 4])
        found = []
        for border in drawn:
            pair, kind_word = border["title"].split(": ")
            a, b = (names[n] for n in pair.split(" – "))
            kind = next(k for k in ("mountain", "river", "ford") if f"link-{k}" in border["cls"])
            found.append((min(a, b), max(a, b), kind))
            assert kind_word == {"mountain": "catena montuosa", "river": "fiume", "ford": "fiume con guado"}[kind]
            # on the border: every point along it has one of the two territories on one side and
            # the other on the other side (4 px away: the outlines' own white line is 1 px wide)
            points = border["points"]
            assert len(points) >= 5, border["title"]
            for point in points:
                assert sorted(point["left"] + point["right"]) == sorted([a, b]), (border["title"], point)
        assert sorted(found) == want            # every mountain, river and ford of the map, once
        # the centre-to-centre line of those links is not drawn as well
        assert page.locator("svg.map .links .link-river, svg.map .links .link-ford, svg.map .links .link-mountain").count() == 0
        legend = [text.strip() for text in page.locator(".map-figure .legend li").all_inner_texts()]
        for words in ("Catena montuosa", "Fiume", "Fiume con guado", "Costa: si affaccia sul Mare"):
            assert legend.count(words) == 1, (words, legend)
        page.locator(".map-figure").screenshot(path=str(screenshots / "maps-campagna-terrain-1280.png"))
        assert problems == []
    finally:
        context.close()


def test_the_coast_runs_along_the_territories_that_face_the_sea(browser, campagna_example):
    history, site = campagna_example
    game_map = history.campaign.map
    coasts = {pid for pid, p in game_map.provinces.items() if "coast" in p.flags}
    assert len(coasts) == 10
    context, page, problems = open_page(browser, (site / "turns/006/index.html").as_uri())
    try:
        drawn = page.evaluate(SIDES, [".terrain g.coastline", 4])
        assert len(drawn) == 1 and drawn[0]["title"] == "Costa: si affaccia sul Mare"
        points = drawn[0]["points"]
        touched = set()
        for point in points:
            sides = point["left"] + point["right"]
            # a coast territory on one side, nothing (the Sea) on the other
            assert len(sides) == 1 and sides[0] in coasts, point
            touched.add(sides[0])
        assert touched == coasts                # along every territory that faces the Sea, and only those
        # beyond the other territories' outer edges the land goes on (drawn muted), not the Sea
        assert page.locator("svg.map path.beyond").count() == 1
        assert problems == []
    finally:
        context.close()


@pytest.mark.parametrize("path", ["index.html", "turns/006/index.html", "turns/000/index.html"])
def test_no_terrain_runs_over_a_name(browser, campagna_example, path):
    _history, site = campagna_example
    context, page, problems = open_page(browser, (site / path).as_uri())
    try:
        assert page.locator("svg.map .labels text").count() == 30
        assert page.evaluate(UNDER_NAMES) == []
        zoom_in = page.locator(".map-tools button").nth(1)
        for _ in range(2):
            zoom_in.click()
            assert page.evaluate(UNDER_NAMES) == []
        assert problems == []
    finally:
        context.close()


def test_the_terrain_check_sees_a_river_over_a_name(browser, campagna_example):
    """The check above is not blind: a river moved onto a name is caught."""
    _history, site = campagna_example
    context, page, problems = open_page(browser, (site / "turns/006/index.html").as_uri())
    try:
        page.evaluate("""() => { const svg = document.querySelector('svg.map');
          const t = [...svg.querySelectorAll('.labels text')].find(t => t.textContent === 'Lago');
          const x = t.getAttribute('x'), y = t.getAttribute('y');
          for (const p of svg.querySelector('.terrain g.link-river').querySelectorAll('path'))
            p.setAttribute('d', `M${x - 50},${y - 4}L${+x + 50},${y - 4}`); }""")
        assert any(name == "Lago" for name, _title in page.evaluate(UNDER_NAMES))
    finally:
        context.close()
