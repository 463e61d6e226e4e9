"""The site of a Sengoku campaign: armies on the map, the prestige ledger and its links, sieges and
battles on the turn pages, the calendar, battle sheets, and the clans' battles on their pages.

Built from examples/sengoku as it stands (whole: a seppuku and negative prestige) and cut after the
last turn that leaves a battle pending (a siege: one battle sheet). Expected values are read from
the replayed History, never written here, so the tests follow the example as it grows.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from chronicle.history import load_history
from chronicle.render import maps as maps_module
from chronicle.render import views
from chronicle.render.charts import Chart, Reference, Series, line_chart, value_ticks
from chronicle.render.site import build_site
from site_helpers import sengoku_pending_turn, write_sengoku_example
from test_site import broken_links, files, parse

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    root = write_sengoku_example(tmp_path_factory.mktemp("sengoku") / "campaign")
    history = load_history(root)
    build_site(history, root / "site", progress=False)
    return history, root / "site"


@pytest.fixture(scope="module")
def pending(tmp_path_factory):
    root = write_sengoku_example(tmp_path_factory.mktemp("pending") / "campaign", until=sengoku_pending_turn())
    history = load_history(root)
    build_site(history, root / "site", progress=False)
    return history, root / "site"


def read(site: Path, page: str) -> str:
    return (site / page).read_text(encoding="utf-8")


class Elements(HTMLParser):
    """Every element's tag, attributes and (for a given id) its text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.text_of: dict[str, str] = {}
        self._open: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs))
        if tag not in ("br", "img", "meta", "link", "input"):
            self._open.append((tag, attrs.get("id")))
            if attrs.get("id"):
                self.text_of[attrs["id"]] = ""

    def handle_endtag(self, tag):
        while self._open:
            open_tag, _ = self._open.pop()
            if open_tag == tag:
                break

    def handle_data(self, data):
        for _tag, ident in self._open:
            if ident:
                self.text_of[ident] += data


def elements(path: Path) -> Elements:
    parser = Elements()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def prestige_events(history):
    for result in history.turns:
        for index, event in enumerate(result.events):
            if event.kind == "prestige-awarded":
                yield result, index, event


# ---- the whole site ------------------------------------------------------------------------------

def test_every_link_resolves_and_ids_are_unique(whole, pending):
    for _history, site in (whole, pending):
        assert broken_links(site) == []
        for page in site.rglob("*.html"):
            assert parse(page).repeated == [], page


def test_two_builds_are_byte_identical(whole, tmp_path):
    history, site = whole
    again = tmp_path / "again"
    build_site(load_history(history.campaign.root), again, progress=False)
    assert files(again) == files(site)


def test_every_event_of_a_turn_has_one_anchor(whole):
    """Every event of a Sengoku turn is shown once on its turn page with the id e-INDEX (a battle
    card, a card played in it, a siege roll, a prestige line, or a line of the events list)."""
    history, site = whole
    for result in history.turns:
        page = elements(site / "turns" / f"{result.turn.number:03d}" / "index.html")
        ids = {attrs["id"] for _tag, attrs in page.elements if attrs.get("id", "").startswith("e-")}
        assert ids == {f"e-{i}" for i in range(len(result.events))}, result.turn.number


# ---- the prestige ledger -------------------------------------------------------------------------

def test_ledger_adds_up_to_the_final_prestige(whole):
    history, site = whole
    campaign = history.campaign
    final = campaign.ruleset.summary(campaign, history.final).scores
    start = campaign.ruleset.summary(campaign, history.start).scores
    assert any(score < 0 for score in final.values()), "the example should show a negative prestige"
    for player in campaign.players:
        html = read(site, f"players/{player.id}.html")
        ledger = html.split('<table class="ledger">')[1].split("</table>")[0]
        changes = [int(v.replace("\u2212", "-").replace("+", ""))
                   for v in re.findall(r'<td class="points">([^<]*)</td>', ledger)]
        totals = [int(v) for v in re.findall(r'<td class="total">(-?\d+)</td>', ledger)]
        assert totals[0] == start[player.id]
        assert start[player.id] + sum(changes) == final[player.id] == totals[-1], player.id
        assert f"now: <strong>{final[player.id]}</strong>" in html
        # one row per ledger line of the History, and the running totals step by each change
        lines = [e for _r, _i, e in prestige_events(history) if e.clan == player.id]
        assert changes == [e.points for e in lines]
        assert all(b - a == c for a, b, c in zip(totals, totals[1:], changes))
        assert views.ledger(views.build_model(history), player.id)["reconciled"]


def test_every_ledger_link_leads_to_the_event_that_caused_it(whole):
    history, site = whole
    campaign = history.campaign
    seen = 0
    for player in campaign.players:
        page = site / "players" / f"{player.id}.html"
        links = [attrs["href"] for tag, attrs in elements(page).elements
                 if tag == "a" and "ledger-link" in (attrs.get("class") or "")]
        lines = [(r, i, e) for r, i, e in prestige_events(history) if e.clan == player.id]
        assert len(links) == len(lines)
        for href, (result, index, event) in zip(links, lines):
            parts = urlsplit(href)
            assert not parts.scheme and not href.startswith("/")
            target = (page.parent / parts.path).resolve()
            assert target == (site / "turns" / f"{result.turn.number:03d}" / "index.html").resolve(), href
            cause = index if event.cause is None else event.cause
            assert parts.fragment == f"e-{cause}", href
            anchored = elements(target)
            assert parts.fragment in anchored.text_of, href
            if event.cause is not None:      # the anchor holds the causing event
                caused_by = result.events[event.cause]
                shown = anchored.text_of[parts.fragment]
                if caused_by.kind == "battle-fought":
                    assert "Battle of" in shown and campaign.name_of(caused_by.province) in shown
                else:
                    assert caused_by.describe(campaign.name_of) in " ".join(shown.split())
            seen += 1
    assert seen == sum(1 for _ in prestige_events(history))


def test_prestige_chart_shows_negative_values_and_the_seppuku_line(whole):
    history, site = whole
    limit = history.campaign.options["seppuku_below"]
    html = read(site, "players/takeda.html")
    svg = re.search(r'<svg[^>]*id="chart-takeda-score".*?</svg>', html, re.S).group(0)
    root = ET.fromstring(svg)
    refs = [e for e in root.iter(f"{SVG}line") if e.get("class") == "reference"]
    assert len(refs) == 1
    assert f"seppuku below \u2212{-limit}" in svg
    ticks = [t.text for t in root.find(f"{SVG}g[@class='axes']").iter(f"{SVG}text")]
    assert "0" in ticks and any(t.startswith("\u2212") for t in ticks if t)
    # every dot lies inside the plot, negative ones too (above the x axis line)
    bottom = max(float(e.get("y1")) for e in root.iter(f"{SVG}line") if e.get("class") == "grid")
    top = min(float(e.get("y1")) for e in root.iter(f"{SVG}line") if e.get("class") == "grid")
    dots = [float(c.get("cy")) for c in root.iter(f"{SVG}circle")]
    assert dots and all(top - 0.1 <= y <= bottom + 0.1 for y in dots)
    ref_y = float(refs[0].get("y1"))
    assert top < ref_y < bottom


def test_line_chart_with_negative_values_and_a_reference():
    chart = Chart("c", "Prestige", "Turn", "Prestige", (0, 1, 2),
                  (Series("a", "A", "#0072B2", (10, -5, -24)), Series("b", "B", "#D55E00", (10, 40, 95))),
                  (Reference(-20, "seppuku below -20"),))
    svg = line_chart(chart)
    root = ET.fromstring(svg)
    assert [e.get("class") for e in root.iter(f"{SVG}line")].count("reference") == 1
    assert [e.get("class") for e in root.iter(f"{SVG}line")].count("zero") == 1
    assert value_ticks(-24, 95) == [-50, 0, 50, 100]
    assert value_ticks(0, 7) == [0, 2, 4, 6, 8]
    assert value_ticks(-3, 2) == [-3, -2, -1, 0, 1, 2]


# ---- turn pages: sieges, battles, the calendar ---------------------------------------------------------

def test_turn_pages_show_sieges_with_dice_and_the_score_needed(whole):
    history, site = whole
    found = 0
    for result in history.turns:
        html = read(site, f"turns/{result.turn.number:03d}/index.html")
        for index, event in enumerate(result.events):
            if event.kind != "siege-roll":
                continue
            row = re.search(rf'<tr id="e-{index}"[^>]*>(.*?)</tr>', html, re.S).group(1)
            assert f'<span class="die">{event.roll}</span>' in row
            assert f"needs {event.needed}+" in row
            assert ("taken" in row) == event.taken
            found += 1
    assert found


def test_turn_pages_show_battles_with_losses_and_breaking_points(whole):
    history, site = whole
    campaign = history.campaign
    found = 0
    for result in history.turns:
        html = read(site, f"turns/{result.turn.number:03d}/index.html")
        for index, event in enumerate(result.events):
            if event.kind != "battle-fought":
                continue
            card = re.search(rf'<article class="battle-card" id="e-{index}">(.*?)</article>', html, re.S).group(1)
            text = " ".join(re.sub(r"<[^>]+>", " ", card).split())
            for i, army in enumerate((event.attacker, event.defender)):
                assert army in text
                assert f"{event.sizes[i]} {event.lost[i]} {event.breaking[i]}" in text
            winner = event.attacker_clan if event.winner == event.attacker else event.defender_clan
            assert f"{campaign.name_of(winner)} won: {event.how}" in text
            if event.camp_taken_by:
                assert "took the enemy camp" in text
            # the cards played in it, and what followed (retreat, destruction)
            j = index - 1
            while j >= 0 and result.events[j].kind == "card-played":
                assert f'id="e-{j}"' in card
                j -= 1
            for k, later in enumerate(result.events[index + 1:], index + 1):
                if later.kind == "army-retreated" and later.army in (event.attacker, event.defender):
                    assert f'href="#e-{k}"' in card
                    break
            found += 1
    assert found


def test_calendar_in_titles_lists_and_timeline(whole):
    history, site = whole
    campaign = history.campaign
    labels = {r.turn.number: campaign.ruleset.summary(campaign, r.after).calendar for r in history.turns}
    assert all(labels.values())
    home, turns, timeline = read(site, "index.html"), read(site, "turns/index.html"), read(site, "timeline.html")
    for number, label in labels.items():
        page = read(site, f"turns/{number:03d}/index.html")
        assert f"Turn {number} · {label}" in page.split("</h1>")[0]
        assert re.search(rf"<title>Turn {number} · {label}", page)
        assert f"Turn {number} · {label}" in home
        assert f"Turn {number} · {label}" in timeline
        assert f'title="Turn {number} · {label}' in turns          # the calendar strip
    assert 'class="calendar-strip"' in turns
    assert re.search(r'class="season season-winter"', turns + home)


def test_sengoku_map_draws_armies_with_strength_marks_and_sea_routes(pending):
    history, site = pending
    campaign = history.campaign
    summary = campaign.ruleset.summary(campaign, history.final)
    page = read(site, f"turns/{history.turns[-1].turn.number:03d}/index.html")
    svg = re.search(r"<svg[^>]*class=\"map\".*?</svg>", page, re.S).group(0)
    root = ET.fromstring(svg)
    layer = root.find(f".//{SVG}g[@class='pieces']")
    pieces = [g for g in layer.iter(f"{SVG}g") if (g.get("class") or "").split(" ")[0] == "piece"]
    assert len(pieces) == len(summary.pieces) > 0
    drawn = {}
    for g in pieces:
        title = g.find(f"{SVG}title").text
        strength = next(t.text for t in g.iter(f"{SVG}text") if t.get("class") == "strength")
        number = next(t.text for t in g.iter(f"{SVG}text") if t.get("class") == "army-name")
        drawn[title.split(" ")[0]] = (g.get("class"), strength, g.find(f"{SVG}g[@class='siege-wall']") is not None, number)
    for piece in summary.pieces:
        classes, strength, walled, number = drawn[piece.label]
        assert f"owner-{piece.player}" in classes
        assert strength == str(piece.strength)
        assert number == piece.label.rsplit("-", 1)[1]           # which army: takeda-3 says 3
        assert walled == (piece.status == "besieged") == ("besieged" in classes)
    assert any(p.status == "besieged" for p in summary.pieces), "the cut example should leave an army besieged"
    classes = [e.get("class") for e in root.iter()]
    assert "mark mark-capital" in classes and "mark mark-fortress" in classes and "mark mark-kyoto" in classes
    sea = [e for e in root.iter(f"{SVG}path") if e.get("class") == "link link-sea"]
    assert sea and all(e.get("stroke-dasharray") for e in sea)
    legend = page.split('class="legend"')[1].split("</ul>")[0]
    assert "Besieged army (in its castle)" in legend and "Army: its number and strength" in legend
    # the counters do not overlap one another
    boxes = []
    for g in layer.iter(f"{SVG}rect"):
        if g.get("class") == "counter":
            x, y, w, h = (float(g.get(k)) for k in ("x", "y", "width", "height"))
            boxes.append((x, y, x + w, y + h))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_armies_are_listed_under_the_map(whole):
    history, site = whole
    campaign = history.campaign
    summary = campaign.ruleset.summary(campaign, history.final)
    html = read(site, f"turns/{history.turns[-1].turn.number:03d}/index.html")
    assert f"Armies on the map ({len(summary.pieces)})" in html
    for piece in summary.pieces:
        assert f'<th scope="row">{piece.label}</th>' in html


# ---- battle sheets ---------------------------------------------------------------------------------

def test_battle_sheets_page_lists_each_pending_battle(pending):
    history, site = pending
    campaign = history.campaign
    sheets = campaign.ruleset.battle_sheets(campaign, history.final)
    assert sheets
    html = read(site, "battle-sheets.html")
    articles = re.findall(r'<article class="battle-sheet" id="sheet-([a-z_]+)"', html)
    assert articles == [s.province for s in sheets]
    for sheet in sheets:
        part = html.split(f'id="sheet-{sheet.province}"')[1].split("</article>")[0]
        text = " ".join(re.sub(r"<[^>]+>", " ", part).split())
        assert sheet.terrain.replace("_", " ") in text and sheet.requirement in text
        assert ("5–6 puts a river" in text) == sheet.river_possible
        assert (f"the {sheet.bua} stands on the table" in text) == bool(sheet.bua)
        assert sheet.terrain_set_by in text
        for side in sheet.sides:
            assert f"{side.army} {side.elements} {side.breaking_point}" in text
            assert side.role in text
        assert '<svg' in part and 'class="focus"' in part          # the province on a small map
    home = read(site, "index.html")
    assert 'href="battle-sheets.html"' in home and f"{len(sheets)} battle" in home
    assert "@media print" in read(site, "static/style.css") and "break-after: page" in read(site, "static/style.css")


def test_battle_sheets_page_with_nothing_pending(whole):
    history, site = whole
    campaign = history.campaign
    if campaign.ruleset.battle_sheets(campaign, history.final):
        pytest.skip("the whole example ends with a battle pending")
    html = read(site, "battle-sheets.html")
    assert "no battle is pending" in html and 'class="battle-sheet"' not in html
    assert "no battle pending" in read(site, "index.html")


def test_pitac_sites_have_no_battle_sheets(make_campaign):
    from site_helpers import SMALL_CAMPAIGN, SMALL_STORIES, SMALL_TURNS
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)
    site = root / "site"
    build_site(load_history(root), site, progress=False)
    assert not (site / "battle-sheets.html").exists()
    assert "Battle sheets" not in read(site, "index.html")
    assert 'id="e-' in read(site, "turns/001/index.html")       # the battles table rows are anchored


# ---- player and province pages ---------------------------------------------------------------------

def test_player_pages_list_battles_won_and_lost(whole):
    history, site = whole
    campaign = history.campaign
    battles = [(r, i, e) for r in history.turns for i, e in enumerate(r.events) if e.kind == "battle-fought"]
    assert battles
    for player in campaign.players:
        won = lost = 0
        for _r, _i, e in battles:
            clans = {e.attacker_clan, e.defender_clan}
            if player.id not in clans:
                continue
            winner = e.attacker_clan if e.winner == e.attacker else e.defender_clan
            won += winner == player.id
            lost += winner != player.id
        html = read(site, f"players/{player.id}.html")
        if won or lost:
            assert f"Won {won}, lost {lost}." in html, player.id
            for result, index, e in battles:
                if player.id in (e.attacker_clan, e.defender_clan):
                    assert f'href="../turns/{result.turn.number:03d}/index.html#e-{index}"' in html
        else:
            assert "No battles yet." in html


def test_province_pages_list_battles_and_sieges_fought_there(whole):
    history, site = whole
    for result in history.turns:
        for index, event in enumerate(result.events):
            if event.kind in ("battle-fought", "siege-roll"):
                html = read(site, f"provinces/{event.province}.html")
                assert f'href="../turns/{result.turn.number:03d}/index.html#e-{index}"' in html


def test_counter_text_contrasts_with_its_colour():
    assert maps_module._text_on("#0072B2") == "#ffffff"
    assert maps_module._text_on("#E69F00") == maps_module.INK
    assert maps_module._text_on("#e4e0d4") == maps_module.INK


# ---- sections a ruleset cannot fill are left out ----------------------------------------------------

def test_what_the_rulesets_events_can_show():
    from chronicle.rules import get
    assert views.produces(get("sengoku")) == {"battles", "sieges", "score_lines"}
    assert views.produces(get("pitac")) == {"battles", "conflicts"}


def test_no_pitac_section_on_a_sengoku_site(whole):
    history, site = whole
    for player in history.campaign.players:
        html = read(site, f"players/{player.id}.html")
        assert "Territory conflicts" not in html and "No territory conflicts" not in html, player.id
        assert 'id="sieges-heading"' in html and 'id="battles-heading"' in html
    fought = {e.province for r in history.turns for e in r.events if e.kind in ("battle-fought", "siege-roll")}
    for pid in history.campaign.map.provinces:
        html = read(site, f"provinces/{pid}.html")
        assert "Conflicts fought here" not in html and "No conflict" not in html, pid
        assert "Battles and sieges here" in html
        assert ("No battle or siege here yet." in html) == (pid not in fought), pid
        assert '<th scope="col">Battles and sieges</th>' in html
    turns = read(site, "turns/index.html")
    header = turns[turns.index('<table class="turns'):turns.index("</thead>")]
    assert ">Battles<" in header and ">Siege rolls<" in header
    assert ">Conflicts<" not in header and ">Date<" not in header       # no turn of the example has a date


def test_long_changes_are_grouped_by_who_gained(whole):
    history, site = whole
    start = read(site, "turns/000/index.html")
    section = start[start.index('<ul class="changes changes-grouped">'):]
    section = section[:section.index("</ul>")]
    owners = history.campaign.ruleset.summary(history.campaign, history.start).owners
    for player in history.campaign.players:
        held = sorted(p for p, o in owners.items() if o == player.id)
        assert f"({len(held)})" in section
    assert "neutral" not in section             # at the start nothing changed hands: who holds what
