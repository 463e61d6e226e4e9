"""An Italian site in a real browser: the Sengoku example with ``language: it``, every kind of page
at a phone's and a desktop's width, and the script's own words (timeline, map zoom) in Italian; and
Clan War's own pages in Italian (longer words must not widen a phone's page either)."""

from __future__ import annotations

import pytest

from browser_kit import *  # noqa: F401,F403  (the fixtures)
from browser_kit import BROWSER
from i18n_helpers import build_in

pytestmark = BROWSER

PAGES = {
    "home": ("index.html", "Classifica"),
    "turn": ("turns/002/index.html", "Cosa è cambiato"),
    "turns": ("turns/index.html", "I turni"),
    "player": ("players/takeda.html", "Possedimenti nel tempo"),
    "province": ("provinces/kai.html", "Chi l’ha tenuta, turno per turno"),
    "standings": ("standings.html", "Turno per turno"),
    "timeline": ("timeline.html", "La mappa, turno per turno"),
    "battle-sheets": ("battle-sheets.html", "Schede di battaglia per la prossima giornata di gioco"),
    "not-found": ("404.html", "Questa pagina non è nella cronaca"),
}


CLANWAR_PAGES = {
    "forces": ("forces.html", "Forze dopo il turno 8"),
    "battles": ("battles.html", "Resoconti delle battaglie"),
    "alliances": ("alliances.html", "Alleanze"),
    "fallen": ("fallen.html", "La sala dei caduti"),
    "libraries": ("libraries.html", "Le biblioteche e i loro incantesimi"),
    "player": ("players/crane.html", "Turno per turno"),
    "turn": ("turns/004/index.html", "Cosa è cambiato"),
}


@pytest.fixture(scope="module")
def italian_clanwar_site(tmp_path_factory):
    return build_in("it", "clanwar", tmp_path_factory.mktemp("italian-clanwar-browser") / "campaign")


@pytest.fixture(scope="module")
def italian_site(tmp_path_factory):
    return build_in("it", "sengoku", tmp_path_factory.mktemp("italian-browser") / "campaign")


def _open(browser, url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    problems = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.goto(url, wait_until="load")
    return context, page, problems


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("kind", PAGES)
def test_italian_page_loads_in_italian(browser, italian_site, kind, width, screenshots):
    path, words = PAGES[kind]
    context, page, problems = _open(browser, (italian_site / path).as_uri(), width)
    try:
        assert page.evaluate("document.documentElement.lang") == "it"
        text = page.locator("body").inner_text()
        assert words in text
        assert "Skip to the content" not in text and "Standings" not in text
        nav = page.locator(".site-header nav").inner_text()
        assert "Classifica" in nav and "Cronologia" in nav and "Province" in nav
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"{kind} is {overflow}px wider than the {width}px viewport"
        page.screenshot(path=str(screenshots / f"italian-{kind}-{width}.png"), full_page=True)
        assert problems == []
    finally:
        context.close()


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("kind", CLANWAR_PAGES)
def test_italian_clanwar_page_loads_in_italian(browser, italian_clanwar_site, kind, width, screenshots):
    path, words = CLANWAR_PAGES[kind]
    context, page, problems = _open(browser, (italian_clanwar_site / path).as_uri(), width)
    try:
        assert page.evaluate("document.documentElement.lang") == "it"
        text = page.locator("body").inner_text()
        assert words in text
        assert "Standings" not in text and " models" not in text and "Library" not in text
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"{kind} is {overflow}px wider than the {width}px viewport"
        page.screenshot(path=str(screenshots / f"italian-clanwar-{kind}-{width}.png"), full_page=True)
        assert problems == []
    finally:
        context.close()


def test_the_scripts_words_are_italian(browser, italian_site):
    context, page, problems = _open(browser, (italian_site / "timeline.html").as_uri(), 1280)
    try:
        assert page.locator(".timeline-prev").inner_text() == "← Precedente"
        assert page.locator(".timeline-next").inner_text() == "Successivo →"
        assert page.locator(".timeline-range").get_attribute("aria-label") == "Turno"
        page.goto((italian_site / "index.html").as_uri())
        page.set_viewport_size({"width": 390, "height": 900})
        page.reload()
        assert page.locator(".map-tools button[aria-label='Riduci']").count() == 1
        assert page.locator(".map-tools button[aria-label='Ingrandisci']").count() == 1
        assert problems == []
    finally:
        context.close()
