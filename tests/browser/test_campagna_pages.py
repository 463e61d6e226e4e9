"""Every kind of campagna page in a real browser, at phone (390 px) and desktop (1280 px) widths:
the home page with the race to the Capitals, the turn pages with the calendario del turno (a turn
finished, a turn in corso), the printable calendar, the Generals, the standings (the tabella
riepilogativa), a player, a territory, the territories, the timeline. Built from the acceptance
campaign (tests/campaigns/docs_only_campagna), whole and with turn 8 still being played.

Screenshots go to test-artifacts/screenshots/campagna-*.png.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from browser_kit import *  # noqa: F401,F403  (the fixtures)
from browser_kit import BROWSER
from chronicle.history import load_history
from chronicle.render.site import build_site
from test_pages import WIDTHS, open_page

pytestmark = BROWSER

CAMPAIGN = Path(__file__).resolve().parents[1] / "campaigns" / "docs_only_campagna"
TERRITORIES = 30

PAGES = {
    "home": "index.html",
    "start": "turns/000/index.html",
    "turn": "turns/006/index.html",
    "turn-won": "turns/008/index.html",
    "turns": "turns/index.html",
    "calendar": "calendar.html",
    "generals": "generals.html",
    "standings": "standings.html",
    "player": "players/anna.html",
    "province": "provinces/torre.html",
    "provinces": "provinces/index.html",
    "timeline": "timeline.html",
}
PENDING_PAGES = {"pending-turn": "turns/008/index.html", "pending-calendar": "calendar.html"}


def _site(root: Path, cut: bool) -> Path:
    shutil.copytree(CAMPAIGN, root)     # in Italian, as campagna's players read it
    if cut:
        path = root / "content" / "turns" / "008.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        data["battles"] = data["battles"][:2]
        path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    build_site(load_history(root), root / "site", progress=False)
    return root / "site"


@pytest.fixture(scope="module")
def campagna_site(tmp_path_factory) -> Path:
    return _site(tmp_path_factory.mktemp("campagna") / "c", cut=False)


@pytest.fixture(scope="module")
def campagna_pending_site(tmp_path_factory) -> Path:
    return _site(tmp_path_factory.mktemp("campagna-pending") / "c", cut=True)


def _check(page, problems, width, kind):
    page.wait_for_load_state("networkidle")
    assert page.title()
    assert page.locator("main h1").first.is_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1, f"{kind} is {overflow}px wider than the {width}px viewport"
    colour = page.evaluate("getComputedStyle(document.querySelector('.site-header')).backgroundColor")
    assert colour == "rgb(34, 49, 63)"
    assert problems == []


@pytest.mark.parametrize("width", WIDTHS.values(), ids=list(WIDTHS))
@pytest.mark.parametrize("kind", PAGES)
def test_campagna_page_loads_cleanly(browser, campagna_site, kind, width, screenshots):
    context, page, problems = open_page(browser, campagna_site.as_uri() + "/" + PAGES[kind], width)
    try:
        _check(page, problems, width, kind)
        if kind in ("home", "start", "turn", "turn-won"):
            assert page.locator("svg.map .province").count() == TERRITORIES
            assert page.locator("svg.map .mark-capital").count() == 4
            assert page.locator("svg.map .link-mountain").count() == 4
            assert page.locator("svg.map .link-river").count() == 3
            assert page.locator("svg.map .link-ford").count() == 3
        if kind in ("turn", "turn-won"):
            cards = page.locator(".clash")
            assert cards.count() >= 4
            assert cards.first.is_visible()
            # the calendar's clash cards stay inside the viewport (their tables scroll inside)
            box = cards.first.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1
            assert page.locator(".order-of-play li").count() == 4
            assert page.locator("table.actions-used tbody tr").count() == 4
        if kind == "home":
            assert page.locator(".race li").count() == 4
            assert page.locator(".race-bar span").first.bounding_box()["width"] > 0
        if kind == "generals":
            assert page.locator(".general-card").count() == 4
            assert page.locator(".general-battles tbody tr").count() >= 30
        if kind == "standings":
            assert page.locator("svg.chart .reference").count() >= 1     # the line at 3 Capitals
            assert page.locator(".race li").count() == 4
        if kind == "turn-won":
            assert page.locator(".winner-banner").is_visible()
        page.screenshot(path=str(screenshots / f"campagna-{kind}-{width}.png"), full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS.values(), ids=list(WIDTHS))
@pytest.mark.parametrize("kind", PENDING_PAGES)
def test_campagna_turn_in_progress_loads_cleanly(browser, campagna_pending_site, kind, width, screenshots):
    context, page, problems = open_page(browser, campagna_pending_site.as_uri() + "/" + PENDING_PAGES[kind], width)
    try:
        _check(page, problems, width, kind)
        assert page.locator(".clash-pending").count() == 2
        assert page.locator(".clash-stakes").first.is_visible()
        if kind == "pending-turn":
            assert page.locator(".in-progress-banner").is_visible()
        page.screenshot(path=str(screenshots / f"campagna-{kind}-{width}.png"), full_page=True)
    finally:
        context.close()


def test_campagna_calendar_prints_for_the_game_day(browser, campagna_pending_site, screenshots):
    """Printed, the calendar keeps its clashes (each unbroken, with blanks for the result) and drops
    the navigation and the on-screen notes."""
    context, page, problems = open_page(browser, campagna_pending_site.as_uri() + "/calendar.html")
    try:
        page.emulate_media(media="print")
        assert not page.locator(".site-header nav").is_visible()
        assert not page.locator(".screen-only").first.is_visible()
        cards = page.locator(".clash")
        assert cards.count() == 6
        assert all(cards.nth(i).evaluate("e => getComputedStyle(e).breakInside") == "avoid" for i in range(6))
        assert page.locator(".clash-pending .sheet-result").count() == 2
        pdf = page.pdf(format="A4")
        assert pdf.startswith(b"%PDF")
        page.screenshot(path=str(screenshots / "campagna-calendar-print.png"), full_page=True)
        assert problems == []
    finally:
        context.close()


def test_a_generals_link_lands_on_its_clash(browser, campagna_site):
    context, page, problems = open_page(browser, campagna_site.as_uri() + "/generals.html")
    try:
        link = page.locator(".general-battles a", has_text="Battaglia decisiva su Torre").first
        link.click()
        page.wait_for_load_state("load")
        target = page.locator(":target")
        assert target.count() == 1 and "clash" in target.evaluate("e => e.className")
        assert "Torre" in target.inner_text()
        assert problems == []
    finally:
        context.close()
