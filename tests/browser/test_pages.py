"""Every kind of page in a real browser, from file:// and from a localhost subpath; and
``chronicle serve`` reloading the page and showing build errors in it.

Screenshots at phone (390 px) and desktop (1280 px) widths go to test-artifacts/screenshots/.
The browser tests share one Chromium (see browser_kit.browser).
"""

from __future__ import annotations

import functools
import re
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from browser_kit import *  # noqa: F401,F403  (the fixtures)
from browser_kit import BROWSER, SUBPATH, TURNS
from chronicle.history import load_history
from chronicle.render.site import build_site
from chronicle.serve import Server
from site_helpers import SMALL_CAMPAIGN, SMALL_STORIES, SMALL_TURNS, write_japan_campaign

pytestmark = BROWSER

PROVINCES = 68
PAGES = {
    "home": "index.html",
    "start": "turns/000/index.html",
    "turn": "turns/002/index.html",
    "turns": "turns/index.html",
    "player": "players/oda.html",
    "province": "provinces/owari.html",
    "provinces": "provinces/index.html",
    "standings": "standings.html",
    "timeline": "timeline.html",
    "not-found": "404.html",
}
MAP_PAGES = {"home", "start", "turn"}
WIDTHS = {"phone": 390, "desktop": 1280}


def open_page(browser, url, width=1280, javascript=True):
    """A new page with every console error, page error and failed request collected."""
    context = browser.new_context(viewport={"width": width, "height": 900}, java_script_enabled=javascript)
    page = context.new_page()
    problems = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url} {r.failure}")
            if "ERR_ABORTED" not in (r.failure or "") else None)     # aborted by a navigation
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    page.goto(url, wait_until="load")
    return context, page, problems


@pytest.mark.parametrize("width", WIDTHS.values(), ids=list(WIDTHS))
@pytest.mark.parametrize("kind", PAGES)
def test_page_loads_cleanly(browser, base, kind, width, screenshots, request):
    context, page, problems = open_page(browser, base + PAGES[kind], width)
    try:
        page.wait_for_load_state("networkidle")
        assert page.title()
        assert page.locator("main h1").first.is_visible()
        assert page.locator("footer").is_visible()
        # the stylesheet applied (no unstyled page): the header has its dark background
        colour = page.evaluate("getComputedStyle(document.querySelector('.site-header')).backgroundColor")
        assert colour == "rgb(34, 49, 63)"
        # nothing overflows the viewport sideways (tables scroll inside their own box)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"{kind} is {overflow}px wider than the {width}px viewport"
        if kind in MAP_PAGES:
            svg = page.locator("svg.map")
            assert svg.count() == 1
            assert svg.is_visible()
            box = svg.bounding_box()
            assert box["width"] > 0.8 * min(width, 700) - 40 and box["height"] > 200
            assert page.locator("svg.map .province").count() == PROVINCES
            ids = page.eval_on_selector_all("svg.map .province", "els => els.map(e => e.id)")
            assert len(set(ids)) == PROVINCES and all(i.startswith("province-") for i in ids)
            titles = page.eval_on_selector_all("svg.map .province", "els => els.filter(e => e.querySelector('title')).length")
            assert titles == PROVINCES
            sized = page.eval_on_selector_all(
                "svg.map .province", "els => els.filter(e => { const b = e.getBBox(); return b.width > 0 && b.height > 0; }).length")
            assert sized == PROVINCES
        if kind in ("player", "standings"):
            assert page.locator("svg.chart").count() == 2
            assert page.locator("svg.chart").first.is_visible()
        scheme = "file" if base.startswith("file:") else "http"
        page.screenshot(path=str(screenshots / f"{kind}-{scheme}-{width}.png"), full_page=True)
        assert problems == []
    finally:
        context.close()


def test_turn_navigation(browser, base):
    context, page, problems = open_page(browser, base + "turns/001/index.html")
    try:
        page.locator(".turn-nav a[rel=next]").first.click()
        page.wait_for_url(re.compile(r"turns/002/index\.html$"))
        assert "Turn 2" in page.locator("main h1").inner_text()
        page.locator(".turn-nav a[rel=prev]").first.click()
        page.wait_for_url(re.compile(r"turns/001/index\.html$"))
        page.locator(".turn-nav a[rel=prev]").first.click()
        page.wait_for_url(re.compile(r"turns/000/index\.html$"))
        assert page.locator(".turn-nav .prev.disabled").count() == 2
        page.keyboard.press("ArrowRight")
        page.wait_for_url(re.compile(r"turns/001/index\.html$"))
        page.goto(base + f"turns/{TURNS:03d}/index.html")
        assert page.locator(".turn-nav .next.disabled").count() == 2
        page.locator(".turn-nav a.all").first.click()
        page.wait_for_url(re.compile(r"turns/index\.html$"))
        page.locator("table.turns a", has_text="Turn 3").click()
        page.wait_for_url(re.compile(r"turns/003/index\.html$"))
        page.locator("svg.map a").first.click()          # a province on the map leads to its page
        page.wait_for_url(re.compile(r"provinces/[a-z_]+\.html$"))
        assert problems == []
    finally:
        context.close()


def _owners(page):
    return page.eval_on_selector_all("svg.map path.province", "els => Object.fromEntries(els.map(e => [e.id, e.getAttribute('class')]))")


def test_timeline_with_script(browser, base):
    """One map; the script changes its owners turn by turn (the page holds each turn's changes)."""
    context, page, problems = open_page(browser, base + "timeline.html")
    try:
        assert page.locator(".timeline svg.map").count() == 1
        assert page.locator(".legend").count() == 1                       # the legend once
        assert not page.locator(".timeline-turns").is_visible()          # the list folds away
        label = page.locator(".timeline-label")
        assert label.inner_text().startswith(f"Turn {TURNS}")
        last = _owners(page)
        page.keyboard.press("ArrowLeft")
        assert label.inner_text().startswith(f"Turn {TURNS - 1}")
        page.locator(".timeline-range").fill("0")
        assert label.inner_text().startswith("Start")
        start = _owners(page)
        assert start != last
        held = [pid for pid, classes in start.items() if "owner-" in classes]
        assert len(held) == 4                                             # the four capitals
        assert page.locator(".timeline-prev").is_disabled()
        page.locator(".timeline-next").click()
        assert label.inner_text().startswith("Turn 1")
        assert page.locator("svg.map .changed-outlines path").count() > 0   # what changed hands in turn 1
        page.keyboard.press("End")
        assert _owners(page) == last
        assert label.get_attribute("href").endswith(f"turns/{TURNS:03d}/index.html")
        assert problems == []
    finally:
        context.close()


def test_timeline_without_script(browser, base, screenshots):
    """Without the script: the last turn's map and a link to every turn's page."""
    context, page, problems = open_page(browser, base + "timeline.html", width=1280, javascript=False)
    try:
        assert page.locator(".timeline-controls").count() == 0
        assert page.locator(".timeline svg.map").is_visible()
        frames = page.locator(".timeline .frame:visible")
        assert frames.count() == TURNS + 1
        assert frames.nth(0).locator("a").get_attribute("href").endswith("turns/000/index.html")
        if base.startswith("http"):
            page.screenshot(path=str(screenshots / "timeline-nojs-http-1280.png"), full_page=True)
        assert problems == []
    finally:
        context.close()


def test_print_stylesheet_hides_navigation(browser, base):
    context, page, problems = open_page(browser, base + "turns/001/index.html")
    try:
        page.emulate_media(media="print")
        assert not page.locator(".site-header nav").is_visible()
        assert not page.locator(".turn-nav").first.is_visible()
        assert page.locator("svg.map").is_visible()
    finally:
        context.close()


# ---- chronicle serve ---------------------------------------------------------------------------

@pytest.fixture
def served(make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)
    lines = []
    server = Server(root, port=0, echo=lines.append, interval=0.1)
    port = server.start()
    yield root, f"http://127.0.0.1:{port}/", lines
    server.stop()


def test_live_reload_and_errors_in_the_page(browser, served, screenshots):
    root, base, lines = served
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(base + "turns/002/index.html")
        assert "Second & last" in page.locator("main h1").inner_text()
        turn = root / "content" / "turns" / "002.yaml"
        good = turn.read_text(encoding="utf-8")
        turn.write_text(good.replace("Second & last", "Second, revised"), encoding="utf-8")
        page.wait_for_function("() => document.querySelector('main h1').textContent.includes('Second, revised')",
                               timeout=60000)
        turn.write_text(good + "bogus: 1\n", encoding="utf-8")
        alert = page.locator("[role=alert]")
        alert.wait_for(state="visible", timeout=60000)
        assert "002.yaml" in alert.inner_text() and "bogus" in alert.inner_text()
        assert "Second, revised" in page.locator("main h1").inner_text()       # the last good build
        page.screenshot(path=str(screenshots / "serve-error-1280.png"))
        turn.write_text(good, encoding="utf-8")
        page.wait_for_function("() => document.querySelector('main h1').textContent.includes('Second & last')",
                               timeout=60000)
        assert page.locator("[role=alert]").count() == 0
        assert errors == []
        assert any("bogus" in line for line in lines)
    finally:
        context.close()


# ---- a Sengoku campaign --------------------------------------------------------------------------

SENGOKU_PAGES = {
    "home": "index.html",
    "turn-battle": "turns/009/index.html",
    "turn-siege": "turns/003/index.html",
    "turn-winter": "turns/006/index.html",
    "turns": "turns/index.html",
    "player": "players/takeda.html",
    "player-seppuku": "players/imagawa.html",
    "province": "provinces/suruga.html",
    "standings": "standings.html",
    "timeline": "timeline.html",
    "battle-sheets-none": "battle-sheets.html",
}


def _clean(page, problems, width, kind):
    page.wait_for_load_state("networkidle")
    assert page.title()
    assert page.locator("main h1").first.is_visible() or kind.startswith("battle-sheets")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1, f"{kind} is {overflow}px wider than the {width}px viewport"
    assert problems == []


@pytest.mark.parametrize("width", WIDTHS.values(), ids=list(WIDTHS))
@pytest.mark.parametrize("kind", SENGOKU_PAGES)
def test_sengoku_page_loads_cleanly(browser, sengoku_site, kind, width, screenshots):
    context, page, problems = open_page(browser, sengoku_site.as_uri() + "/" + SENGOKU_PAGES[kind], width)
    try:
        _clean(page, problems, width, kind)
        if kind in ("home", "turn-battle", "turn-siege", "turn-winter"):
            counters = page.locator("svg.map .pieces .piece")
            assert counters.count() > 0
            # a counter is big enough to read its figure: at 1280 px at least 14 px wide
            box = page.locator("svg.map .pieces .counter").first.bounding_box()
            assert box["width"] >= (14 if width >= 1280 else 5)
            assert page.locator("svg.map .mark-kyoto").count() == 1
        if kind.startswith("player"):
            assert page.locator("svg.chart .reference").count() == 1
            assert page.locator("table.ledger").is_visible()
        page.screenshot(path=str(screenshots / f"sengoku-{kind}-{width}.png"), full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS.values(), ids=list(WIDTHS))
def test_sengoku_battle_sheets_load_cleanly(browser, sengoku_pending_site, width, screenshots):
    context, page, problems = open_page(browser, sengoku_pending_site.as_uri() + "/battle-sheets.html", width)
    try:
        _clean(page, problems, width, "battle-sheets")
        assert page.locator(".battle-sheet").count() >= 1
        assert page.locator(".battle-sheet svg").first.is_visible()
        page.screenshot(path=str(screenshots / f"sengoku-battle-sheets-{width}.png"), full_page=True)
        home = page.locator("nav a", has_text="Home")
        home.click()
        page.wait_for_url(re.compile(r"index\.html$"))
        page.locator(".sheets-link a").click()
        page.wait_for_url(re.compile(r"battle-sheets\.html$"))
        assert problems == []
    finally:
        context.close()


def test_a_ledger_link_lands_on_its_cause(browser, sengoku_site, screenshots):
    context, page, problems = open_page(browser, sengoku_site.as_uri() + "/players/takeda.html")
    try:
        link = page.locator("a.ledger-link", has_text="Battle of").first
        href = link.get_attribute("href")
        link.click()
        page.wait_for_url(re.compile(re.escape(href.split("/", 1)[1]) + "$"))
        target = page.locator(":target")
        assert target.count() == 1
        assert target.evaluate("e => e.className") == "battle-card"
        assert target.is_visible() and target.bounding_box()["y"] < 900     # scrolled into view
        page.screenshot(path=str(screenshots / "sengoku-ledger-target-1280.png"))
        assert problems == []
    finally:
        context.close()


def test_sengoku_battle_sheets_print_one_per_page(browser, sengoku_two_sheets_site, screenshots):
    site, count = sengoku_two_sheets_site
    assert count == 2
    context, page, problems = open_page(browser, site.as_uri() + "/battle-sheets.html")
    try:
        page.emulate_media(media="print")
        assert not page.locator(".site-header").is_visible()
        assert not page.locator(".screen-only").is_visible()
        assert page.locator(".battle-sheet").count() == count
        pdf = page.pdf(format="A4")
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == count
        page.screenshot(path=str(screenshots / "sengoku-battle-sheets-print.png"), full_page=True)
        assert problems == []
    finally:
        context.close()


# ---- the map: names that do not collide, and a phone's frame -------------------------------------

OVERLAP_PX2 = 4.0          # two names' boxes (em boxes, wider than the glyphs) may touch by this much


def _rects(page, selector):
    return page.eval_on_selector_all(selector, """els => els.map(e => {
        const r = e.getBoundingClientRect();
        return {name: e.textContent || e.getAttribute('class'), x: r.x, y: r.y, w: r.width, h: r.height}; })""")


def _overlap(a, b) -> float:
    dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(dx, 0) * max(dy, 0)


@pytest.mark.parametrize("which", ["japan", "sengoku"])
def test_map_names_do_not_overlap_on_the_home_page(browser, request, which, screenshots):
    site = request.getfixturevalue("site" if which == "japan" else "sengoku_site")
    context, page, problems = open_page(browser, site.as_uri() + "/index.html", 1280)
    try:
        labels = _rects(page, "svg.map .labels text")
        assert len(labels) >= PROVINCES - 2                   # a name with no room may be left to its tooltip
        clashes = [(a["name"], b["name"], round(_overlap(a, b), 1)) for i, a in enumerate(labels)
                   for b in labels[i + 1:] if _overlap(a, b) > OVERLAP_PX2]
        assert clashes == []
        marks = _rects(page, "svg.map .marks .mark")
        assert marks
        covered = [(a["name"], m["name"]) for a in labels for m in marks if _overlap(a, m) > OVERLAP_PX2]
        assert covered == []                                  # e.g. Kyoto's disc clear of "Yamashiro"
        names = {label["name"] for label in labels}
        assert "Yamashiro" in names
        if which == "sengoku":
            counters = _rects(page, "svg.map .pieces .counter")
            hidden = [(a["name"], round(_overlap(a, c), 1)) for a in labels for c in counters if _overlap(a, c) > 12]
            assert hidden == []
        page.locator("svg.map").screenshot(path=str(screenshots / f"map-labels-{which}-1280.png"))
        assert problems == []
    finally:
        context.close()


def _frame(page):
    return page.evaluate("""() => {
        const s = document.querySelector('.map-scroll'), f = document.querySelector('.map-focus');
        const sr = s.getBoundingClientRect(), fr = f.getBoundingClientRect();
        const texts = [...document.querySelectorAll('svg.map .labels text')].filter(
            t => getComputedStyle(t).display !== 'none').map(
            t => t.getScreenCTM().a * parseFloat(t.getAttribute('font-size'))).sort((a, b) => a - b);
        return {scrollWidth: s.scrollWidth, clientWidth: s.clientWidth, scrollHeight: s.scrollHeight,
                clientHeight: s.clientHeight, left: s.scrollLeft, top: s.scrollTop,
                focusInView: fr.left >= sr.left && fr.right <= sr.right && fr.top >= sr.top && fr.bottom <= sr.bottom,
                medianName: texts[Math.floor(texts.length / 2)], smallestName: texts[0],
                page: document.documentElement.scrollWidth - document.documentElement.clientWidth};
    }""")


@pytest.mark.parametrize("javascript", [False, True], ids=["no-script", "script"])
@pytest.mark.parametrize("which", ["japan", "sengoku"])
def test_phone_map_scrolls_in_its_frame_and_the_page_does_not(browser, request, which, javascript, screenshots):
    site = request.getfixturevalue("site" if which == "japan" else "sengoku_site")
    context, page, problems = open_page(browser, site.as_uri() + "/index.html", 390, javascript=javascript)
    try:
        page.wait_for_load_state("networkidle")
        frame = _frame(page)
        assert frame["page"] <= 1                              # the page itself never scrolls sideways
        assert frame["scrollWidth"] > frame["clientWidth"] + 50     # the map is wider than its frame...
        assert frame["scrollHeight"] >= frame["clientHeight"]
        assert frame["medianName"] >= 10 and frame["smallestName"] >= 9    # ...so that its names can be read
        assert frame["focusInView"]                            # first looking at the turn's action, not the corner
        assert frame["left"] > 0
        hint = page.locator(".map-hint")
        assert hint.is_visible() and "Scroll the map" in hint.inner_text()
        page.locator(".map-scroll").evaluate("s => s.scrollBy(10000, 10000)")       # the frame scrolls...
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 1
        assert page.evaluate("window.scrollX") == 0                                  # ...and the page stays put
        if javascript:
            zoom_out = page.locator(".map-tools button[aria-label='Zoom out']")
            zoom_in = page.locator(".map-tools button[aria-label='Zoom in']")
            while not zoom_out.is_disabled():                  # out, until the frame shows all of the map
                zoom_out.click()
            fitted = _frame(page)
            assert fitted["scrollWidth"] <= fitted["clientWidth"] + 1
            assert zoom_out.is_disabled()
            for _ in range(6):                                 # and in, past where it started
                zoom_in.click()
                zoomed = _frame(page)
                if zoomed["scrollWidth"] > frame["scrollWidth"]:
                    break
            assert zoomed["scrollWidth"] > frame["scrollWidth"] and zoomed["page"] <= 1
        else:
            assert page.locator(".map-tools").count() == 0
        page.screenshot(path=str(screenshots / f"map-phone-{which}-{'js' if javascript else 'nojs'}-390.png"))
        assert problems == []
    finally:
        context.close()


def test_desktop_map_fits_and_zooms_with_the_script(browser, sengoku_site):
    context, page, problems = open_page(browser, sengoku_site.as_uri() + "/turns/009/index.html", 1280)
    try:
        frame = _frame(page)
        assert frame["scrollWidth"] <= frame["clientWidth"] + 1       # the whole map, no scrolling
        assert not page.locator(".map-hint").is_visible()
        page.locator(".map-tools button[aria-label='Zoom in']").click()
        zoomed = _frame(page)
        assert zoomed["scrollWidth"] >= 1.4 * frame["clientWidth"] and zoomed["page"] <= 1
        assert zoomed["smallestName"] >= 10                    # names too small before appear, readable
        page.locator(".map-tools button[aria-label='Zoom out']").click()
        back = _frame(page)
        assert back["scrollWidth"] <= back["clientWidth"] + 1
        assert page.locator(".map-tools button[aria-label='Zoom out']").is_disabled()
        assert problems == []
    finally:
        context.close()


@pytest.mark.parametrize("which,path", [("japan", "turns/index.html"), ("japan", "players/oda.html"),
                                        ("japan", "turns/002/index.html"), ("japan", "provinces/index.html"),
                                        ("sengoku", "turns/index.html"), ("sengoku", "players/takeda.html"),
                                        ("sengoku", "provinces/suruga.html")])
def test_phone_tables_fit_without_scrolling(browser, request, which, path):
    """The wide tables become one card per row on a phone: nothing in them is cut off at the edge."""
    site = request.getfixturevalue("site" if which == "japan" else "sengoku_site")
    context, page, problems = open_page(browser, f"{site.as_uri()}/{path}", 390)
    try:
        wide = page.eval_on_selector_all(
            "table.stack, table.province-list",
            "els => els.map(t => [t.className, t.parentElement.scrollWidth - t.parentElement.clientWidth])")
        assert wide and all(extra <= 1 for _name, extra in wide), wide
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 1
        assert problems == []
    finally:
        context.close()


# ---- publishing: the 404 page as GitHub Pages serves it, and the link-preview picture ----------
# (here rather than in a module of their own: the session's one browser is this module's fixture)
HEADER = "rgb(34, 49, 63)"          # the site header's background: the stylesheet applied
MISSING = ["nowhere", "turns/099/index.html", "turns/099/", "players/nobody.html", "a/b/c/d/e.html", "static/gone/"]


class PagesHandler(SimpleHTTPRequestHandler):
    """Serves like GitHub Pages: any missing address gets the site's own /SUBPATH/404.html."""

    def log_message(self, format, *args):
        return

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / SUBPATH / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def pages_server(tmp_path_factory):
    """A served folder (the site goes in SUBPATH/ under it) and its http://127.0.0.1:PORT/ base."""
    folder = tmp_path_factory.mktemp("pages-like")
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(PagesHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield folder, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module", params=["no-url", "url"])
def pages_site(request, pages_server, tmp_path_factory):
    """The japan campaign built without a URL, or with the very URL it is served at."""
    folder, root = pages_server
    campaign = write_japan_campaign(tmp_path_factory.mktemp("lost") / "campaign", turns=TURNS)
    history = load_history(campaign)
    if request.param == "url":
        import dataclasses
        history = dataclasses.replace(history, campaign=dataclasses.replace(history.campaign, url=f"{root}{SUBPATH}/"))
    target = folder / SUBPATH
    if target.exists():
        shutil.rmtree(target)
    build_site(history, campaign / "site", progress=False)
    shutil.copytree(campaign / "site", target)
    return request.param, f"{root}{SUBPATH}/"


def collect_problems(page, document_url, base):
    """Console errors, page errors and failed requests, but for the 404 page's own probes: without
    a known URL it asks each folder of the address, deepest first, for static/chronicle.js, and the
    folders that are not the site's root answer 404 (that is how it tells)."""
    problems = []

    def probe(url: str) -> bool:
        """The 404 document itself (its status is 404: that is the point), or one of its probes."""
        return url == document_url or (url.endswith("/static/chronicle.js") and url != base + "static/chronicle.js")
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text} at {m.location.get('url')}")
            if m.type in ("error", "warning") and not probe(m.location.get("url", "")) else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}")
            if r.status >= 400 and r.url != document_url and not (probe(r.url) and r.request.method == "HEAD") else None)
    return problems


@pytest.mark.parametrize("missing", MISSING)
def test_404_at_any_depth_is_styled_and_its_links_work(browser, pages_site, missing, screenshots):
    kind, base = pages_site
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    url = base + missing
    problems = collect_problems(page, url, base)
    try:
        response = page.goto(url, wait_until="load")
        assert response.status == 404
        assert page.locator("main h1").inner_text() == "This page is not in the chronicle"
        page.wait_for_load_state("networkidle")
        assert page.evaluate("getComputedStyle(document.querySelector('.site-header')).backgroundColor") == HEADER
        # every link of the page leads into the site (none is a 404 itself)
        hrefs = page.eval_on_selector_all("a[href]:not([href^='#'])", "els => els.map(e => e.href)")
        assert hrefs and all(h.startswith(base) for h in hrefs), hrefs
        if missing.count("/") >= 2:
            page.screenshot(path=str(screenshots / f"404-{kind}-depth.png"))
        page.locator("main a", has_text="Back to the campaign's home page").click()
        page.wait_for_url(base.rstrip("/") + "/index.html" if kind == "no-url" else base + "index.html")
        assert page.locator("main h1").first.inner_text()
        assert page.evaluate("getComputedStyle(document.querySelector('.site-header')).backgroundColor") == HEADER
        assert problems == []
    finally:
        context.close()


def test_link_preview_image_is_the_turn_map_at_1200_by_630(browser, pages_site, screenshots):
    kind, base = pages_site
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        for path in ("index.html", f"turns/{TURNS:03d}/index.html", "turns/001/index.html"):
            page.goto(base + path, wait_until="load")
            meta = {name: page.get_attribute(f"meta[property='og:{name}']", "content")
                    for name in ("title", "description", "image", "image:width", "image:height")}
            assert meta["title"] and meta["description"]
            assert (meta["image:width"], meta["image:height"]) == ("1200", "630")
            assert page.get_attribute("meta[name='twitter:card']", "content") == "summary_large_image"
            image = page.evaluate("src => new URL(src, document.baseURI).href", meta["image"])
            if kind == "url":
                assert meta["image"] == image                      # absolute, as chat services want
                assert page.get_attribute("meta[property='og:url']", "content") == page.url.replace("index.html", "")
            # the browser loads it as a 1200x630 image
            size = page.evaluate("""src => new Promise((ok, no) => { const i = new Image();
                i.onload = () => ok([i.naturalWidth, i.naturalHeight]); i.onerror = () => no('not an image: ' + src);
                i.src = src; })""", image)
            assert size == [1200, 630], (path, size)
        # the home page and the last turn's page show the one picture of the last turn
        page.goto(base + "index.html")
        home_card = page.get_attribute("meta[property='og:image']", "content")
        assert page.evaluate("src => new URL(src, document.baseURI).href", home_card) == base + "preview.png"
        page.goto(base + f"turns/{TURNS:03d}/index.html")
        assert page.evaluate("src => new URL(src, document.baseURI).href",
                             page.get_attribute("meta[property='og:image']", "content")) == base + "preview.png"
        page.goto(base + "preview.png")
        page.screenshot(path=str(screenshots / f"preview-{kind}.png"))
        # the picture is the map: the players' colours fill a good part of it
        colours = page.evaluate("""() => { const img = document.querySelector('img');
            const c = document.createElement('canvas'); c.width = img.naturalWidth; c.height = img.naturalHeight;
            const g = c.getContext('2d'); g.drawImage(img, 0, 0);
            const d = g.getImageData(600, 0, 600, 630).data; const seen = {};
            for (let k = 0; k < d.length; k += 4 * 37) { const key = d[k] + ',' + d[k + 1] + ',' + d[k + 2]; seen[key] = (seen[key] || 0) + 1; }
            return seen; }""")
        assert len(colours) > 5
    finally:
        context.close()
