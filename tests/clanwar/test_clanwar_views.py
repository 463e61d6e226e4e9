"""What the CLI and the site read of a Clan War state: the state JSON (public and private), the
standings, the map's marks of a turn (moves by phase, withdrawals, battles)."""

from __future__ import annotations

import json

import pytest

from chronicle.rules import Outcome

from .helpers import play

BATTLE = """\
start:
  alliances: [[crane, lion]]
  broken: []
moves:
  primary: {kuwanan: [doji]}
"""

FIGHT = """\
moves:
  primary: {lion-1: doji}
battles:
  - at: doji
    sides: [[lion], [crane]]
    winner: crane
    units: {lion-1: {lost: 3, state: routed, left_table: true, penalty: 2}}
    withdraw: {lion: matsu}
    decks: {crane: [Ambush, Rally]}
dice:
  experience: {crane-1: [10, 10], lion-1: [10, 10]}
"""


def test_state_json_gives_controllers_koku_units_personalities_and_alliances(make_campaign, run):
    history, problems = play(make_campaign, {1: BATTLE})
    root = history.campaign.root
    state = json.loads(run("state", root, "--json").stdout)
    assert state["provinces"]["doji"]["controller"] == "crane" and state["provinces"]["plain"]["controller"] is None
    assert state["koku"] == {"crane": 6050, "lion": 6100}              # 6000 - 250 + 300, 6000 - 200 + 300
    assert state["factions"]["crane"]["koku"] == 6050 and state["factions"]["crane"]["daimyo"] == "hoturi"
    assert state["units"]["crane-1"]["province"] == "doji" and state["units"]["crane-1"]["leader"] == "hoturi"
    assert state["personalities"]["kuwanan"]["province"] == "doji"
    assert state["personalities"]["kuwanan"]["status"] == "active"
    assert state["alliances"] == [["crane", "lion"]]


def test_the_private_view_names_the_tactical_decks_and_the_public_one_does_not(make_campaign, run):
    from .helpers import CAMPAIGN
    text = CAMPAIGN.replace("    daimyo: hoturi\n", "    daimyo: hoturi\n    deck: [" + ", ".join(["Ambush", "Rally"] * 30) + "]\n")
    text = text.replace("ruleset: clanwar\n", "ruleset: clanwar\noptions: {deck_battle: 2}\n")
    history, problems = play(make_campaign, {1: FIGHT}, campaign=text)
    assert [p for p in problems if ": error: " in p] == []
    root = history.campaign.root
    public = json.loads(run("state", root, "--json").stdout)
    private = json.loads(run("state", root, "--json", "--private").stdout)
    assert "deck" not in public["factions"]["crane"] and public["factions"]["crane"]["deck_cards"] == 60
    assert private["factions"]["crane"]["deck"][:2] == ["Ambush", "Rally"]
    battle = lambda s: next(e for e in s["events"] if e["kind"] == "battle-fought")
    assert battle(public)["decks"] == [] and "Ambush" not in json.dumps(public["events"])
    assert battle(private)["decks"] == [["crane", ["Ambush", "Rally"]]]


def test_the_map_marks_moves_by_phase_the_withdrawal_and_the_battle(make_campaign):
    history, problems = play(make_campaign, {1: FIGHT})
    campaign, result = history.campaign, history.result(1)
    marks = campaign.ruleset.map_marks(campaign, result.before, result.after, result.record, result.events)
    orders = [(o.kind, o.army, o.path, o.phase) for o in marks.orders]
    assert orders == [("move", "lion-1", ("akodo", "doji"), "Primary movement"),
                      ("retreat", "lion-1", ("doji", "matsu"), "Battle phase")]
    (battle,) = marks.contests
    assert (battle.kind, battle.province, battle.outcome, battle.winner) == ("battle", "doji", Outcome.FAILED, "crane")
    assert result.events[battle.event].kind == "battle-fought"
    assert all(result.events[o.event].kind in ("moved", "regrouped") for o in marks.orders)


def test_standings_rank_by_provinces_then_koku(make_campaign):
    history, _ = play(make_campaign, {1: FIGHT})
    campaign = history.campaign
    table = campaign.ruleset.standings(campaign, history.final)
    assert table.columns[:2] == ("Provinces", "Koku")
    assert [(pid, cells[:2]) for pid, cells in table.rows] == [("lion", (3, 6100)), ("crane", (3, 6050))]


def test_next_turn_is_a_worksheet_of_every_force_where_it_stands(make_campaign):
    """chronicle next after the alliance turn: only the title is owed; every unit a step and every
    lone personality a path, by faction in campaign order, then by province; the Start phase, the
    battles (the first two factions as sides) and the dice as commented examples."""
    from chronicle.nextturn import BLANK
    from chronicle.rules.clanwar.nextturn import next_turn
    history, problems = play(make_campaign, {1: BATTLE})
    assert [p for p in problems if ": error: " in p] == []
    planned = next_turn(history.campaign, history)
    title, start, moves, battles, dice = planned.slots
    assert (title.key, title.value, title.commented) == ("title", BLANK, False)
    assert (start.key, start.commented) == ("start", True)
    assert start.value == {"alliances": [[BLANK, BLANK]],
                           "buy": {"PLAYER": [{"unit": "ID", "type": "TYPE", "models": 6, "deploy": "PROVINCE"}]}}
    assert "Players: crane, lion." in start.above
    assert (moves.key, moves.commented) == ("moves", True)
    primary, reserve = moves.children
    assert primary.key == "primary"
    assert [(s.key, s.value, s.note) for s in primary.children] == [
        ("crane-1", BLANK, "Crane's crane-1 (ashigaru), at Doji: one step"),
        ("lion-1", BLANK, "Lion's lion-1 (ashigaru), at Akodo: one step"),
        ("kuwanan", [BLANK], "Crane's Kuwanan, alone at Doji: a path")]
    assert (reserve.key, reserve.value) == ("reserve", {"FORCE": BLANK})
    assert (battles.key, battles.commented) == ("battles", True)
    assert battles.value == [{"at": BLANK, "sides": [["crane"], ["lion"]], "winner": BLANK}]
    assert (dice.key, dice.value, dice.commented) == ("dice", {"fate": {"PERSONALITY": "D10"}}, True)
    assert planned.notices == ()
    assert title.note == "a name for the Strategic Turn"
    assert start.above == ("\nstart: the Start phase: alliances (declared only here), broken, bids, buy (paid at once,\n"
                           "placed at Recovery), assign, transfer, swap, library, daimyo. Players: crane, lion.")
    assert moves.above == "\nmoves: uncomment the forces that move and write where; a force left out stays."
    assert reserve.note == "not after battling or entering neutral or enemy land"
    assert battles.above == ("\nbattles: where opposing forces met, the result as fought on the table (each unit's\n"
                             "lost, state, left_table, penalty; each personality's removed, over, maimed).")
    assert dice.above == ("\ndice: rolls made at the table (fate, heal, experience, ring); the rest are drawn from the seed.")


@pytest.mark.parametrize("path, hint", [
    (("title",), "a name for the Strategic Turn, e.g. \"The Crane march on Beiden Pass\""),
    (("moves", "primary", "crane-1"), "where crane-1 goes: a unit's one step (a province next to it), a lone "
                                      "personality's path [A, B]; delete the line if it stays"),
    (("moves", "primary"), "where the force goes: a unit's one step (a province next to it), a lone "
                           "personality's path [A, B]; delete the line if it stays"),
    (("battles", 0, "at"), "the battle's province, sides and winner (null: no winner), or delete the entry if none was fought"),
    (("start", "buy"), "the Start phase's entry, or delete it if nothing was done there"),
    (("dice",), None),
])
def test_blank_hints(path, hint):
    from chronicle.rules.clanwar.nextturn import blank_hint
    assert blank_hint(path, {}) == hint


def test_standings_rows_cell_by_cell(make_campaign):
    """The alliance turn: Lion 3 provinces and 6100 koku before Crane's 6050; each faction's units,
    models, personalities, rings (none yet), honor and allies."""
    history, _ = play(make_campaign, {1: BATTLE})
    campaign = history.campaign
    table = campaign.ruleset.standings(campaign, history.final)
    assert table.columns == ("Provinces", "Koku", "Units", "Models", "Personalities", "Rings", "Honor", "Allies", "Status")
    assert table.rows == (("lion", (3, 6100, 1, 10, 1, "-", 0, "Crane", "")),
                          ("crane", (3, 6050, 1, 10, 2, "-", 0, "Lion", "")))
    assert table.notes == ()


BUYING = """\
start:
  buy:
    crane:
      - {unit: crane-2, type: ashigaru, models: 5, cost: 50, deploy: doji, ml: 6, tl: 6, leadership: 1}
      - {personality: yoshi, unique: true, cost: 40, earth: 2, void: 3, wounds: 3, deploy: doji}
    lion:
      - {unit: lion-2, type: ashigaru, models: 5, cost: 50, deploy: akodo, ml: 6, tl: 6, leadership: 1}
"""


def test_the_turn_page_lists_each_player_s_purchases_as_ordered(make_campaign):
    history, problems = play(make_campaign, {1: BUYING})
    assert [p for p in problems if ": error: " in p] == []
    campaign = history.campaign
    assert campaign.ruleset.orders_of(campaign, history.result(1).record) == {
        "crane": ["buy the unit crane-2", "buy the personality yoshi"], "lion": ["buy the unit lion-2"]}
