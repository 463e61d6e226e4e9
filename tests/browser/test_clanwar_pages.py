"""Every kind of Clan War page in a real browser, at a phone's width (390 px) and a desktop's
(1280 px): the common pages of a clanwar campaign (home, a turn with its battles, a player with
the koku ledger, standings) and the pages only clanwar has (forces, battle reports, alliances,
the fallen, libraries). The campaign is the eight-turn acceptance campaign on the `rokugan` map.
Screenshots go to test-artifacts/screenshots/clanwar-*.png."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from browser_kit import *  # noqa: F401,F403  (the fixtures)
from browser_kit import BROWSER
from chronicle.history import load_history
from chronicle.render.site import build_site

pytestmark = BROWSER

CAMPAIGN = Path(__file__).resolve().parents[1] / "campaigns" / "docs_only_clanwar"
PAGES = {
    "home": "index.html",
    "turn": "turns/004/index.html",
    "player": "players/crane.html",
    "standings": "standings.html",
    "forces": "forces.html",
    "battles": "battles.html",
    "alliances": "alliances.html",
    "fallen": "fallen.html",
    "libraries": "libraries.html",
}
WIDTHS = {"phone": 390, "desktop": 1280}


@pytest.fixture(scope="module")
def clanwar_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("clanwar") / "campaign"
    shutil.copytree(CAMPAIGN / "content", root / "content")
    build_site(load_history(root), root / "site", progress=False)
    return root / "site"


def _open(browser, url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    problems = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.goto(url, wait_until="load")
    return context, page, problems


@pytest.mark.parametrize("width", WIDTHS.values(), ids=list(WIDTHS))
@pytest.mark.parametrize("kind", PAGES)
def test_clanwar_page_loads_cleanly(browser, clanwar_site, kind, width, screenshots):
    context, page, problems = _open(browser, (clanwar_site / PAGES[kind]).as_uri(), width)
    try:
        assert page.title()
        assert page.locator("main h1").first.is_visible()
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"{kind} is {overflow}px wider than the {width}px viewport"
        # the clanwar pages are in the navigation of every page
        for path in ("forces.html", "battles.html", "alliances.html", "fallen.html", "libraries.html"):
            assert page.locator(f"header nav a[href$='{path}']").count() == 1
        page.screenshot(path=str(screenshots / f"clanwar-{kind}-{width}.png"), full_page=True)
        assert problems == []
    finally:
        context.close()


def test_forces_show_every_state_and_the_ledger_adds_up(browser, clanwar_site):
    context, page, problems = _open(browser, (clanwar_site / "forces.html").as_uri(), 1280)
    try:
        crane = page.locator("#roster-crane")
        assert crane.locator("table.units tbody tr").count() == 4
        kuwanan = page.locator("#personality-kuwanan")
        assert "(lost: Fire)" in kuwanan.inner_text()      # maimed: the ring lost, by its name
        assert page.locator("#roster-lion .badge-dead").count() == 0   # the dead are in the hall of the fallen
        page.goto((clanwar_site / "fallen.html").as_uri())
        assert "Matsu Tsuko" in page.locator("table.fallen").inner_text()
        assert "not under Void 3: Dead" in page.locator("table.fallen").inner_text()
        page.goto((clanwar_site / "players" / "crane.html").as_uri())
        assert page.locator("table.ledger").count() == 1
        assert "11,101" in page.locator("main").inner_text()      # English thousands: 11.101 on an Italian site
        assert problems == []
    finally:
        context.close()


def test_battle_reports_show_the_dice_and_the_switch(browser, clanwar_site):
    context, page, problems = _open(browser, (clanwar_site / "battles.html").as_uri(), 390)
    try:
        reports = page.locator("section.battle-report")
        assert reports.count() == 6
        kakita = reports.nth(2)
        text = kakita.inner_text()
        assert "Battle of Kakita" in text and "Switched sides" in text
        assert "d10 1 + 0 = 1, under Void 2: Maimed" in text
        assert page.locator("section.battle-report .die").count() >= 10
        assert problems == []
    finally:
        context.close()


def test_the_alliance_graph_per_turn(browser, clanwar_site):
    context, page, problems = _open(browser, (clanwar_site / "alliances.html").as_uri(), 390)
    try:
        graphs = page.locator("svg.alliance-graph")
        assert graphs.count() == 4          # the start, then turns 1, 4 and 5: when the alliances changed
        assert graphs.nth(1).locator("line.alliance").count() == 1
        assert graphs.nth(2).locator("line.alliance").count() == 0
        assert "switches sides" in page.locator("ul.alliance-history").inner_text()
        assert problems == []
    finally:
        context.close()
