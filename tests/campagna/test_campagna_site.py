"""The site of a campagna campaign: the calendario del turno (finished and in corso, printable), the
order of play, the actions used of the allowance, the race to the Capitals, the Generals' page and
the tabella riepilogativa. Built from the acceptance campaign (tests/campaigns/docs_only_campagna),
whole and with turn 8's last two battles not yet played; expected values are read from the
replayed History, not written here."""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from chronicle.history import load_history
from chronicle.render.site import build_site

CAMPAIGN = Path(__file__).resolve().parents[1] / "campaigns" / "docs_only_campagna"


def _build(root: Path, language: str = "en"):
    config = root / "content" / "campaign.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace("language: it", f"language: {language}"),
                      encoding="utf-8")
    history = load_history(root)
    build_site(history, root / "site", progress=False)
    return history, root / "site"


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    root = tmp_path_factory.mktemp("campagna") / "c"
    shutil.copytree(CAMPAIGN, root)
    return _build(root)


@pytest.fixture(scope="module")
def pending(tmp_path_factory):
    """Turn 8 with its Ponte and Erta battles not yet written: the turn is in corso."""
    root = tmp_path_factory.mktemp("campagna-pending") / "c"
    shutil.copytree(CAMPAIGN, root)
    path = root / "content" / "turns" / "008.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["battles"] = data["battles"][:2]
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return _build(root)


class Page(HTMLParser):
    """Elements by class, their text, and every id."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, set[str]]] = []
        self.texts: dict[str, list[str]] = {}
        self.ids: list[str] = []
        self.links: list[str] = []
        self._open: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.append(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if tag in ("br", "img", "meta", "link", "input"):
            return
        classes = (attrs.get("class") or "").split()
        self._open.append((tag, classes))
        for c in classes:
            self.texts.setdefault(c, []).append("")

    def handle_endtag(self, tag):
        while self._open:
            open_tag, _ = self._open.pop()
            if open_tag == tag:
                break

    def handle_data(self, data):
        for _tag, classes in self._open:
            for c in classes:
                self.texts[c][-1] += data

    def text(self, cls: str) -> list[str]:
        return [" ".join(t.split()) for t in self.texts.get(cls, [])]


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_navigation_has_the_calendar_and_the_generals(whole):
    _history, site = whole
    for page in ("index.html", "standings.html", "turns/003/index.html", "calendar.html", "generals.html"):
        html = (site / page).read_text(encoding="utf-8")
        assert re.search(r'<a href="[./]*calendar\.html"[^>]*>Calendar</a>', html), page
        assert re.search(r'<a href="[./]*generals\.html"[^>]*>Generals</a>', html), page
        assert 'static/campagna.css' in html


def test_turn_page_calendar_order_and_actions(whole):
    history, site = whole
    for result in history.turns:
        page = parse(site / f"turns/{result.turn.number:03d}/index.html")
        state = result.after
        assert len(page.text("clash")) == len(state.calendar)
        assert [f"clash-{c.number}" for c in state.calendar] == [i for i in page.ids if i.startswith("clash-")
                                                                 and not i.endswith("-title")]
        order = page.text("order-of-play")[0]
        for place, player in enumerate(state.order, start=1):
            assert f"{place}° {history.campaign.name_of(player)}" in order
        rows = page.text("actions-used")[0]
        for player, actions in state.actions.items():
            assert f"{actions.used}/{actions.allowance}" in rows
    torre = parse(site / "turns/006/index.html")
    card = next(t for t in torre.text("clash") if t.startswith("3 Battaglia decisiva"))
    assert "at least 700 points" in card and "both Generals on the table" in card
    assert "the defender may have the scenario die re-rolled" in card and "Assalto" in card
    assert "Vittoria maggiore for Anna (10–3)" in card and "Anna conquers Torre (R44)" in card
    assert "used: Miglior generale" in card
    vetta = next(t for t in torre.text("clash") if t.startswith("5 Battaglia decisiva"))
    assert "killed: D6 3, Ferita lieve" in vetta
    urbe = next(t for t in torre.text("clash") if t.startswith("2 Scorreria"))
    assert "Anna retreats into Ponte" in urbe and "Dario takes Urbe without a battle (R31)" in urbe


def test_a_wound_carried_into_a_battle_shows_on_its_card(whole):
    _history, site = whole
    page = parse(site / "turns/002/index.html")
    (ponte,) = [t for t in page.text("clash") if "Ponte" in t]
    assert "Ferita grave: −1 Wound, −1 Fate point" in ponte


def test_turn_in_progress_calendar_printable(pending):
    history, site = pending
    assert history.final.in_progress
    turn = parse(site / "turns/008/index.html")
    assert "Turn in progress" in turn.text("in-progress-banner")[0]
    calendar = parse(site / "calendar.html")
    cards = calendar.text("clash")
    waiting = [c for c in cards if "to be played" in c]
    assert len(waiting) == 2
    erta = next(c for c in waiting if "Erta" in c)
    assert "a Vittoria maggiore of Anna: Anna takes the Capital Erta" in erta
    assert "anything else: Bruno holds it" in erta
    assert "Winner:" in erta
    assert "In progress: 2 battles still to be played." in calendar.text("lead")[0]
    # the map waits: Erta is still Bruno's on the turn page's map
    page = (site / "turns/008/index.html").read_text(encoding="utf-8")
    svg = page[page.index('<svg xmlns="http://www.w3.org/2000/svg" class="map"'):]
    svg = svg[:svg.index("</svg>")]
    assert history.final.owners["erta"] == "bruno"
    assert 'id="province-erta" class="province owner-bruno' in svg
    assert ">Erta</text>" in svg


def test_race_to_the_capitals_on_home_and_standings(whole):
    history, site = whole
    for page in ("index.html", "standings.html"):
        race = parse(site / page).text("race")[0]
        assert "Anna" in race and "3/3" in race and "Borgo (own), Erta, Torre" in race
        assert "own Capital lost" in race
    chart = (site / "standings.html").read_text(encoding="utf-8")
    assert "victory at 3 Capitals" in chart


def test_generals_page_lists_every_battle_and_fate(whole):
    history, site = whole
    page = parse(site / "generals.html")
    cards = page.text("general-card")
    assert len(cards) == 4
    boromir = next(c for c in cards if c.startswith("Boromir"))
    assert "12 battles on the table, killed 3 times" in boromir
    assert "Ferita lieve: −1 Wound" in boromir and "since Erta, turn 8" in boromir
    assert boromir.count("killed:") == 3 and "D6 6, Invincibile" in boromir
    lurtz = next(c for c in cards if c.startswith("Lurtz"))
    assert "D6 4, Ferita lieve" in lurtz and "No wound" in lurtz
    rows = [r for r in page.links if "#clash-" in r]
    assert rows and all(re.match(r"^turns/\d{3}/index\.html#clash-\d+$", r) for r in rows)


def test_summary_table_is_the_standings(whole):
    history, site = whole
    html = (site / "standings.html").read_text(encoding="utf-8")
    for column in ("Capitals", "Territories", "Games", "Major wins", "Minor wins", "Draws", "Defeats",
                   "Objectives for", "Objectives against", "Delta", "Bonus next turn", "General"):
        assert f">{column}<" in html
    assert "+32" in html and "Boromir (ferita lieve)" in html


def test_every_internal_link_resolves(whole):
    _history, site = whole
    for path in sorted(site.rglob("*.html")):
        page = parse(path)
        for link in page.links:
            if link.startswith(("http", "mailto:", "#")):
                continue
            target = link.split("#")[0]
            if not target:
                continue
            assert (path.parent / target).resolve().exists(), f"{path.relative_to(site)} -> {link}"


@pytest.fixture(scope="module")
def italian(tmp_path_factory):
    root = tmp_path_factory.mktemp("campagna-it") / "c"
    shutil.copytree(CAMPAIGN, root)
    history, site = _build(root, language="it")
    return history, site, root / "content"


def test_the_campagna_site_speaks_italian(italian):
    """campagna's players read Italian: every page of an Italian campagna site (the calendar, the
    Generals, the turns with their event sentences, the standings) shows no English of the sources,
    and the rulebook's words stay its own (Schermaglia, Scorreria, Battaglia decisiva, Capitale,
    Generale)."""
    from i18n_helpers import untranslated
    _history, site, content = italian
    assert untranslated(site, content, "it") == []
    turn = parse(site / "turns/006/index.html")
    sentences = " ".join(turn.text("event"))
    assert "Anna dichiara Battaglia decisiva su Torre contro Dario da Urbe" in sentences
    assert "Anna conquista Olmo, strappandolo a Dario (R31)" in sentences
    card = next(t for t in turn.text("clash") if t.startswith("3 Battaglia decisiva"))
    assert "almeno 700 punti" in card and "entrambi i Generali in lista" in card
    assert "Vittoria maggiore di Anna (10–3)" in card and "Anna conquista Torre (R44)" in card
    generals = parse(site / "generals.html")
    assert "I Generali" in " ".join(generals.text("general-card")) or (site / "generals.html").read_text(
        encoding="utf-8").count("I Generali")
    race = parse(site / "index.html").text("race")[0]
    assert "Borgo (propria), Erta, Torre" in race
    standings = (site / "standings.html").read_text(encoding="utf-8")
    for column in ("Capitali", "Territori", "Partite", "Vittorie maggiori", "Vittorie di lieve entità", "Pareggi",
                   "Sconfitte", "Obiettivi segnati", "Obiettivi subiti", "Bonus del prossimo turno", "Generale"):
        assert f">{column}<" in standings
