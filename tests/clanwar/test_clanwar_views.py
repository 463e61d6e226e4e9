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
    assert battle(private)["text"] == battle(public)["text"] + "; crane's deck: Ambush, Rally"


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
    assert [o.outcome for o in marks.orders] == [Outcome.SUCCEEDED, Outcome.SUCCEEDED]


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


def test_every_kind_of_purchase_is_listed_in_its_own_words():
    """The turn page's orders name each purchase by its kind, the key it leads with: a tattoo
    purchase (kind ``tattoo``) was listed as "buy the item" (the words were filed under ``tattoos``)."""
    from types import SimpleNamespace

    from chronicle.rules.clanwar.record import PURCHASE_KINDS, Purchase
    from chronicle.rules.clanwar.views import orders_of
    record = SimpleNamespace(purchases=[Purchase("crane", kind, "x", {}, ()) for kind in PURCHASE_KINDS])
    assert orders_of(None, record) == {"crane": [
        "buy the unit x", "buy the personality x", "buy replacements for x", "buy the spell x", "buy the item x",
        "buy the equipment x", "buy tattoos for x", "promote a model of x", "buy the experienced version of x"]}


def test_the_summary_marks_the_libraries_and_places_every_force(make_campaign):
    """What every page and chart reads of a state, whole: the libraries marked (Asahina and Kitsu),
    each player's troops by province with their models (lion-1 routed, regrouped at Matsu with 4 of its
    7), a lone personality as such (Kuwanan, with no unit in Kakita), the koku as the score, no
    capitals, no winner."""
    history, _ = play(make_campaign, {1: FIGHT})
    campaign = history.campaign
    summary = campaign.ruleset.summary(campaign, history.final)
    assert summary.marks == {"asahina": ("library",), "kitsu": ("library",)}
    assert [(p.province, p.player, p.label, p.strength, p.status, p.name, p.short) for p in summary.pieces] == [
        ("doji", "crane", "crane@doji", 10, None, "crane-1", None), ("kakita", "crane", "crane@kakita", None, "lone", "Kuwanan", None),
        ("matsu", "lion", "lion@matsu", 4, None, "lion-1", None)]
    assert (summary.turn, summary.score_name, summary.scores, summary.capitals, summary.winner) == (
        1, "Koku", {"crane": 6050, "lion": 6100}, {"crane": None, "lion": None}, None)
    assert summary.owners == history.final.owners


def test_a_monk_s_move_to_defend_is_a_support_arrow(tmp_path):
    """On the map a Monk force's move to defend (moves: defend, L165) is drawn as support, in the
    Monks' defence phase, and the Shadowlands' attack it answered as a move (case 62's turn: m2's
    move, which defends no one, is an error but is still made and drawn)."""
    import yaml
    from pathlib import Path

    from test_clanwar_cases import replay_case
    case = yaml.safe_load((Path(__file__).parents[1] / "clanwar_cases" / "62_the_monk_moves_anywhere_to_defend.yaml")
                          .read_text(encoding="utf-8"))
    history, _ = replay_case(case, tmp_path)
    campaign, result = history.campaign, history.result(1)
    marks = campaign.ruleset.map_marks(campaign, result.before, result.after, result.record, result.events)
    assert [(o.kind, o.army, o.path, o.phase) for o in marks.orders] == [
        ("move", "s1", ("pit", "akodo"), "Primary movement"), ("support", "m1", ("temple", "akodo"), "Monks' defence"),
        ("support", "m2", ("temple", "doji"), "Monks' defence"), ("retreat", "s1", ("akodo", "pit"), "Battle phase")]


def test_a_faction_a_unit_and_a_personality_in_the_state_json_whole(make_campaign):
    """`chronicle state --json`'s entries of a faction, a unit and a personality, every field, as the
    site and a group's own tools read them (a ring or a profile value the purchase did not write is
    null); ``players`` is the same as ``factions``."""
    history, problems = play(make_campaign, {1: BATTLE})
    assert [p for p in problems if ": error: " in p] == []
    campaign, result = history.campaign, history.result(1)
    state = campaign.ruleset.to_json(campaign, result.after, result.events)
    assert state["factions"]["crane"] == {
        "faction": "crane", "faction_name": "Crane", "name": "Crane", "koku": 6050, "honor": 0, "rings": 0,
        "corrupted": False, "daimyo": "hoturi", "provinces": 3, "held": ["asahina", "doji", "kakita"], "allies": ["lion"],
        "stockpile": {}, "grudges": [], "excused": [], "deck_cards": 0}
    assert state["players"] == state["factions"] and "deck" not in state["factions"]["lion"]
    assert (state["turn"], state["ruleset"], state["graveyard"], state["dead"], state["removed"], state["game_over"],
            state["winner"]) == (1, "clanwar", [], [], [], False, None)
    assert state["personalities"]["kuwanan"] == {
        "id": "kuwanan", "faction": "crane", "type": "kuwanan", "name": "Kuwanan", "province": "doji", "unique": True,
        "experienced": False, "unit": None, "rings": {"earth": 3, "water": None, "fire": None, "air": None, "void": 3},
        "max_wounds": 4, "wounds": 4, "void_points": 3, "leadership": None, "command_limit": None, "cavalry": False,
        "flight": False, "shugenja": False, "reincarnates": False, "status": "active", "captured_by": None, "items": [],
        "spells": [], "equipment": [], "set_aside": [], "tattoos": [], "maimed": [], "gained": [], "clan": None,
        "bought_from": None, "cost": 50, "died": None, "command_group": [], "group_of": None,
        "command_group_off_table": False}
    assert state["units"]["crane-1"] == {
        "id": "crane-1", "faction": "crane", "type": "ashigaru", "name": "crane-1", "province": "doji", "models": 10,
        "max_models": None, "experienced_models": 0, "experienced": False, "leader": "hoturi", "lps": [], "ml": 6, "tl": 6,
        "base_ml": 6, "base_tl": 6, "leadership": None, "cavalry": False, "flight": False, "yojimbo": False, "tattoos": [],
        "tattooed": False, "yokuni": False, "clan": None, "bought_from": None, "cost": 100}


def test_a_counter_is_named_as_players_know_its_units_never_by_its_map_id(make_campaign):
    """A counter's tip and the list of armies name the units (their names, else their ids) or the
    lone personalities in it, never the map's own ``crane@doji`` (the tip read "lion@akodo (20)
    of Lion in Akodo"); its cell shows the unit's own number (crane-1 -> 1), a lone personality's
    initial, or how many when there are several (×2); the label, ``faction@province``, stays the
    counter's identity, one per faction and province."""
    from chronicle.render.pieces import short_name
    from .helpers import CAMPAIGN
    text = CAMPAIGN.replace(
        "      - {unit: crane-1, type: ashigaru, models: 10, cost: 100, deploy: doji, ml: 6, tl: 6, leader: hoturi}\n",
        "      - {unit: crane-1, type: ashigaru, models: 10, cost: 100, deploy: doji, ml: 6, tl: 6, leader: hoturi}\n"
        "      - {unit: crane-2, name: Daidoji Guard, type: ashigaru, models: 7, cost: 70, deploy: doji, ml: 6, tl: 6}\n"
        "      - {unit: crane-3, name: Kakita Duellists, type: ashigaru, models: 5, cost: 50, deploy: asahina, ml: 6, tl: 6}\n"
        "      - {personality: tomoe, name: Doji Tomoe, cost: 30, earth: 2, void: 2, wounds: 2, deploy: kakita}\n")
    history, problems = play(make_campaign, {}, campaign=text)
    assert problems == []
    campaign = history.campaign
    summary = campaign.ruleset.summary(campaign, history.final)
    shown = [(p.label, p.display, p.strength, p.status, short_name(p)) for p in summary.pieces]
    assert shown == [
        ("lion@akodo", "lion-1", 10, None, "1"),
        ("crane@asahina", "Kakita Duellists", 5, None, "K"),
        ("crane@doji", "crane-1, Daidoji Guard", 17, None, "×2"),
        ("crane@kakita", "Kuwanan, Doji Tomoe", None, "lone", "×2")]
    assert not any("@" in p.display for p in summary.pieces)
    assert len({p.label for p in summary.pieces}) == len(summary.pieces)
    # what the map draws of them: the tip names the units, the counter's identity is the label
    from chronicle.render.pieces import Counters
    counters = Counters({}, {}, 1.0, str, lambda _p: "#888888", lambda _c: "#000000", campaign.name_of)
    drawn = counters.counter(summary.pieces[2], 0, 0, "doji")
    assert '<title>crane-1, Daidoji Guard (17 models) of Crane in Doji</title>' in drawn
    assert 'data-army="crane@doji"' in drawn and ">×2</text>" in drawn


def test_next_turn_s_battle_example_takes_the_first_two_of_three_players(make_campaign):
    """A battle has two sides: with a third player (Scorpion) the worksheet's example battle still
    names the first two factions in campaign order, one a side, and the Start phase lists all three."""
    from chronicle.rules.clanwar.nextturn import next_turn
    from .helpers import CAMPAIGN
    campaign = CAMPAIGN.replace("    beiden_pass: {name: Beiden Pass, at: [4, 4]}\n",
                                "    beiden_pass: {name: Beiden Pass, at: [4, 4]}\n    bayushi: {faction: scorpion, at: [5, 8]}\n").replace(
        "[akodo, kitsu]]\n", "[akodo, kitsu], [plain, bayushi]]\n") + (
        "  - id: scorpion\n    daimyo: shoju\n    buy:\n      - {personality: shoju, unique: true, cost: 100, earth: 3, void: 3, "
        "wounds: 4, leadership: 2, deploy: bayushi}\n")
    history, problems = play(make_campaign, {1: "title: One\n"}, campaign=campaign)
    assert [p for p in problems if ": error: " in p] == []
    slots = {s.key: s for s in next_turn(history.campaign, history).slots}
    assert "Players: crane, lion, scorpion." in slots["start"].above
    assert slots["battles"].value[0]["sides"] == [["crane"], ["lion"]]
