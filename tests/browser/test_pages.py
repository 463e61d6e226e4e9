"""Every kind of page in a real browser, from file:// and from a localhost subpath; and
``chronicle serve`` reloading the page and showing build errors in it.

Screenshots at phone (390 px) and desktop (1280 px) widths go to test-artifacts/screenshots/.
One module, so that the session's browser is started once.
"""

from __future__ import annotations

import re

import pytest

from browser_kit import *  # noqa: F401,F403  (the fixtures)
from browser_kit import BROWSER, TURNS
from chronicle.serve import Server
from site_helpers import SMALL_CAMPAIGN, SMALL_STORIES, SMALL_TURNS

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


def test_timeline_with_script(browser, base):
    context, page, problems = open_page(browser, base + "timeline.html")
    try:
        frames = page.locator(".timeline .frame")
        assert frames.count() == TURNS + 1
        visible = page.locator(".timeline .frame:visible")
        assert visible.count() == 1
        assert visible.get_attribute("id") == f"frame-{TURNS:03d}"
        label = page.locator(".timeline-label")
        assert label.inner_text().startswith(f"Turn {TURNS}")
        page.keyboard.press("ArrowLeft")
        assert page.locator(".timeline .frame:visible").get_attribute("id") == f"frame-{TURNS - 1:03d}"
        page.locator(".timeline-range").fill("0")
        assert page.locator(".timeline .frame:visible").get_attribute("id") == "frame-000"
        assert label.inner_text().startswith("Start")
        assert page.locator(".timeline-prev").is_disabled()
        page.locator(".timeline-next").click()
        assert page.locator(".timeline .frame:visible").get_attribute("id") == "frame-001"
        image = page.locator(".timeline .frame:visible img")
        image.scroll_into_view_if_needed()
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
        page.keyboard.press("End")
        assert page.locator(".timeline .frame:visible").get_attribute("id") == f"frame-{TURNS:03d}"
        assert problems == []
    finally:
        context.close()


def test_timeline_without_script(browser, base, screenshots):
    context, page, problems = open_page(browser, base + "timeline.html", width=1280, javascript=False)
    try:
        assert page.locator(".timeline-controls").count() == 0
        frames = page.locator(".timeline .frame:visible")
        assert frames.count() == TURNS + 1
        for i in range(TURNS + 1):
            frames.nth(i).scroll_into_view_if_needed()
        page.wait_for_function("() => [...document.querySelectorAll('.timeline img')].every(i => i.complete && i.naturalWidth > 0)")
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
                               timeout=15000)
        turn.write_text(good + "bogus: 1\n", encoding="utf-8")
        alert = page.locator("[role=alert]")
        alert.wait_for(state="visible", timeout=15000)
        assert "002.yaml" in alert.inner_text() and "bogus" in alert.inner_text()
        assert "Second, revised" in page.locator("main h1").inner_text()       # the last good build
        page.screenshot(path=str(screenshots / "serve-error-1280.png"))
        turn.write_text(good, encoding="utf-8")
        page.wait_for_function("() => document.querySelector('main h1').textContent.includes('Second & last')",
                               timeout=15000)
        assert page.locator("[role=alert]").count() == 0
        assert errors == []
        assert any("bogus" in line for line in lines)
    finally:
        context.close()
