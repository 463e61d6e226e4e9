"""Clan War edges that the rulebook cases do not reach, found by scripts/mutate (issue 13): the
Cavalry phase's slots in ``chronicle next`` (a Cavalry unit, a Flight unit, a Cavalry and a Flight
lone personality, beside forces that may not use it), and a move over a sea link drawn as a sea
leg on the map. The map is the helpers' branching map with a sea link from Asahina to Kitsu."""

from __future__ import annotations

import pytest

from chronicle.nextturn import BLANK

from .helpers import CAMPAIGN, play

#: the helpers' map, plus a sea lane from Crane's Asahina to Lion's Kitsu
SEA = CAMPAIGN.replace("[akodo, kitsu]]", "[akodo, kitsu], [asahina, kitsu, sea]]")

#: Crane adds a Cavalry unit (led by a Nikutai) and a Cavalry lone personality; Lion a Flight unit
#: and a Flight lone personality
FAST = SEA.replace("""      - {unit: crane-1, type: ashigaru, models: 10, cost: 100, deploy: doji, ml: 6, tl: 6, leader: hoturi}
""", """      - {unit: crane-1, type: ashigaru, models: 10, cost: 100, deploy: doji, ml: 6, tl: 6, leader: hoturi}
      - {unit: crane-2, type: kakita_riders, models: 4, cost: 80, deploy: kakita, ml: 6, tl: 6, leadership: 1, cavalry: true, lps: [{rank: nikutai}]}
      - {personality: yoshi, unique: true, cost: 30, earth: 2, void: 2, wounds: 3, cavalry: true, deploy: asahina}
""").replace("""      - {unit: lion-1, type: ashigaru, models: 10, cost: 100, deploy: akodo, ml: 6, tl: 6, leader: tsuko}
""", """      - {unit: lion-1, type: ashigaru, models: 10, cost: 100, deploy: akodo, ml: 6, tl: 6, leader: tsuko}
      - {unit: lion-2, type: lion_hawks, models: 3, cost: 60, deploy: matsu, ml: 6, tl: 6, leadership: 1, flight: true, lps: [{rank: nikutai}]}
      - {personality: kage, unique: true, cost: 30, earth: 2, void: 2, wounds: 3, flight: true, deploy: kitsu}
""")


def test_next_turn_offers_the_cavalry_phase_to_cavalry_and_flight_only(make_campaign):
    """The Cavalry phase's worksheet lists exactly the Cavalry and Flight units and lone personalities
    (L80, L100), by faction and province, each with its note; the foot units and Kuwanan, who is
    neither, are offered only the Primary phase."""
    from chronicle.rules.clanwar.nextturn import next_turn
    history, problems = play(make_campaign, {1: "title: Quiet\n"}, campaign=FAST)
    assert [p for p in problems if ": error: " in p] == []
    _, _, moves, _, _ = next_turn(history.campaign, history).slots
    primary, cavalry, reserve = moves.children
    assert [s.key for s in primary.children] == ["crane-1", "crane-2", "lion-1", "lion-2", "yoshi", "kuwanan", "kage"]
    assert (cavalry.key, cavalry.note) == ("cavalry", "Cavalry and Flight only, even after a primary move")
    assert [(s.key, s.value, s.note) for s in cavalry.children] == [
        ("crane-2", BLANK, "Crane's crane-2 (kakita_riders): one more step"),
        ("lion-2", BLANK, "Lion's lion-2 (lion_hawks): one more step"),
        ("yoshi", [BLANK], "Crane's Yoshi"),
        ("kage", [BLANK], "Lion's Kage")]
    assert reserve.key == "reserve"


def test_without_cavalry_or_flight_there_is_no_cavalry_slot(make_campaign):
    from chronicle.rules.clanwar.nextturn import next_turn
    history, _ = play(make_campaign, {1: "title: Quiet\n"}, campaign=SEA)
    _, _, moves, _, _ = next_turn(history.campaign, history).slots
    assert [m.key for m in moves.children] == ["primary", "reserve"]


def test_cavalry_move_in_both_phases_and_a_sea_leg_on_the_map(make_campaign):
    """A Cavalry unit steps in the Primary phase and again in the Cavalry phase (L80); a lone
    personality's path over land then across the sea lane is drawn with one land and one sea leg."""
    history, problems = play(make_campaign, {1: """\
        moves:
          primary: {crane-2: otosan_uchi, kuwanan: [asahina, kitsu]}
          cavalry: {crane-2: plain, yoshi: [doji]}
        """}, campaign=FAST.replace("    plain: {name: Plain of Fast Troubles, at: [5, 5]}\n",
                                    "    plain: {name: Plain of Fast Troubles, at: [5, 5]}\n"
                                    "    otosan_uchi: {name: Otosan Uchi, at: [8, 6]}\n")
                                .replace("[asahina, kitsu, sea]]", "[asahina, kitsu, sea], [kakita, otosan_uchi], [otosan_uchi, plain]]"))
    assert [p for p in problems if ": error: " in p] == []
    campaign, result = history.campaign, history.result(1)
    marks = campaign.ruleset.map_marks(campaign, result.before, result.after, result.record, result.events)
    orders = {(o.army, o.phase): (o.player, o.path, o.legs) for o in marks.orders}
    assert orders == {
        ("crane-2", "Primary movement"): ("crane", ("kakita", "otosan_uchi"), ("",)),
        ("kuwanan", "Primary movement"): ("crane", ("kakita", "asahina", "kitsu"), ("", "sea")),
        ("crane-2", "Cavalry movement"): ("crane", ("otosan_uchi", "plain"), ("",)),
        ("yoshi", "Cavalry movement"): ("crane", ("asahina", "doji"), ("",)),
    }
    assert result.after.units["crane-2"].province == "plain"
    assert result.after.personalities["kuwanan"].province == "kitsu"


ATTACK = """\
moves:
  primary: {{lion-1: doji}}
battles:
  - at: doji
    sides: [[lion], [crane]]
    winner: {winner}
{extra}dice:
  experience: {{crane-1: [10, 10], lion-1: [10, 10]}}
"""


def test_the_map_marks_a_battle_won_by_the_attacker_and_a_drawn_one(make_campaign):
    """The battle's mark is seen from the attacker (the players who did not hold the province): a
    Lion win at Crane's Doji succeeded; a battle without a winner is drawn (the Crane win, which
    failed, is in test_clanwar_views)."""
    from chronicle.rules import Outcome
    won, problems = play(make_campaign, {1: ATTACK.format(winner="lion", extra="    withdraw: {crane: asahina}\n")})
    assert [p for p in problems if ": error: " in p] == []
    drawn, problems = play(make_campaign, {1: ATTACK.format(winner="null", extra="")})    # the same folder, rewritten
    assert [p for p in problems if ": error: " in p] == []
    for history, outcome, winner in ((won, Outcome.SUCCEEDED, "lion"), (drawn, Outcome.DRAWN, None)):
        campaign, result = history.campaign, history.result(1)
        marks = campaign.ruleset.map_marks(campaign, result.before, result.after, result.record, result.events)
        (battle,) = marks.contests
        assert (battle.province, battle.players, battle.outcome, battle.winner) == ("doji", ("lion", "crane"), outcome, winner)


def test_the_state_json_gives_each_province_and_each_die_whole(make_campaign):
    """`chronicle state --json`, field by field: a province with a library and one without, and every
    die with its purpose, subject, index, value, whether it was written, and the event it decided."""
    history, problems = play(make_campaign, {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n")})
    assert [p for p in problems if ": error: " in p] == []
    campaign, result = history.campaign, history.result(1)
    state = campaign.ruleset.to_json(campaign, result.after, result.events)
    assert state["provinces"]["asahina"] == {"controller": "crane", "owner": "crane", "original": "crane", "library": True,
                                             "spells": [], "joint": []}
    assert state["provinces"]["doji"]["library"] is False
    assert state["dice"] == [
        {"purpose": "experience", "subject": unit, "index": index, "value": 10, "recorded": True, "event": event,
         "kind": "experience-checked"}
        for event, (unit, index) in enumerate([("crane-1", 0), ("crane-1", 1), ("lion-1", 0), ("lion-1", 1)], start=6)]


def _unit_row(unit, player, before, lost=0, state="ready", left=False, after=None, at=None):
    return {"unit": unit, "player": player, "models_before": before, "lost": lost, "state": state, "left_table": left,
            "models_after": before - lost if after is None else after, "regrouped_at": at, "destroyed": False}


def test_a_battle_report_in_the_state_json_field_by_field(make_campaign):
    """The battle as the site's report reads it: a Crane win at Doji, lion-1 Routed with 3 lost
    regrouping at 60% of 7 (4, rounded down, L116) in Matsu, control kept by the defender (L121-122);
    and a battle without a winner, control unchanged (Q20)."""
    won, problems = play(make_campaign, {1: ATTACK.format(winner="crane", extra=(
        "    units: {lion-1: {lost: 3, state: routed, left_table: true, penalty: 2}}\n    withdraw: {lion: matsu}\n"))})
    assert [p for p in problems if ": error: " in p] == []
    (report,) = [e.to_json() for e in won.result(1).events if e.kind == "battle-fought"]
    assert report == {
        "kind": "battle-fought", "province": "doji", "sides": [["lion"], ["crane"]], "started": [["lion"], ["crane"]],
        "text": "Battle of doji: lion against crane; crane won; doji stays crane's (the defender held it (L121-122))",
        "winner": "crane", "winners": ["crane"], "defender": "crane", "terrain": None, "switched": [],
        "units": [_unit_row("crane-1", "crane", 10), _unit_row("lion-1", "lion", 10, 3, "routed", True, 4, "matsu")],
        "withdrawals": [["lion", "matsu"]], "controller_before": "crane", "controller_after": "crane",
        "control_rule": "the defender held it (L121-122)", "decks": []}
    drawn, problems = play(make_campaign, {1: ATTACK.format(winner="null", extra="")})    # the same folder, rewritten
    (report,) = [e.to_json() for e in drawn.result(1).events if e.kind == "battle-fought"]
    assert (report["text"], report["winner"], report["winners"], report["withdrawals"]) == (
        "Battle of doji: lion against crane; no winner", None, [], [])
    assert report["units"] == [_unit_row("crane-1", "crane", 10), _unit_row("lion-1", "lion", 10)]
    assert (report["controller_after"], report["control_rule"]) == ("crane", "no winner: control unchanged (Q20)")


#: the helpers' campaign without the Asahina-Doji link, with withdrawals only to a province next to the battle
NOT_NEXT = CAMPAIGN.replace("[[asahina, doji], ", "[").replace("seed: 3\n", "seed: 3\noptions: {withdraw_adjacent: true}\n")

REFUSALS = {
    # L155: the Broken and Routing penalties are Clan War's, entered (reading Q38): none written, none in the options
    "a Broken unit without its penalty": (
        {1: ATTACK.format(winner="crane", extra="    units: {lion-1: {lost: 3, state: broken, left_table: true}}\n"
                                                 "    withdraw: {lion: matsu}\n")},
        ["content/turns/001.yaml:7:21: error: lion-1 was Broken: write its penalty: (added to its experience checks) "
         "[experience checks (L155)]\n    hint: or set options: broken_penalty: N"]),
    # a battle entry names only the forces that fought there (the hint said "personalitys" before), and players who play
    "a personality who did not fight, and a break with no one": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n    units: {lion-2: {lost: 1}}\n"
                                                 "    personalities: {kuwanan: {removed: true, over: 0}}\n"
                                                 "    broken: [{by: lion, with: crabs}]\n")},
        ["content/turns/001.yaml:10:31: error: unknown player 'crabs' [players]\n    hint: did you mean 'crane'?",
         "content/turns/001.yaml:8:13: error: lion-2 is not a unit fighting in Doji [battle results]\n"
         "    hint: units here: crane-1, lion-1",
         "content/turns/001.yaml:9:21: error: kuwanan is not a personality fighting in Doji [battle results]\n"
         "    hint: personalities here: hoturi, tsuko"]),
    # L60: unique items are bid for only 'optionally'; L57-59: bids are for what no player's clan sells; an alliance or a
    # corruption written again is a warning
    "bids for an item and from a played clan, an alliance and a corruption written twice": (
        {1: "start:\n  alliances: [[crane, lion]]\n  bids:\n"
            "    - {item: Jade Hand, bids: {crane: 20, lion: 30}, to: {crane: hoturi, lion: tsuko}}\n"
            "    - {personality: toku, unique: true, earth: 2, void: 2, wounds: 3, from: lion, bids: {crane: 300, lion: 250}, "
            "deploy: {crane: doji, lion: akodo}}\nfacts:\n  corrupted: [crane]\n",
         2: "start:\n  alliances: [[lion, crane]]\nfacts:\n  corrupted: [crane]\n"},
        ["content/turns/001.yaml:4:14: error: unique items are bought, not bid for, in this campaign [bidding]\n"
         "    hint: set options: bid_unique_items: true to bid for them (L60, 'optionally')",
         "content/turns/001.yaml:5:77: error: Lion is played: its forces are bought from it as an ally, not bid for "
         "[bids are for unaligned personalities and unplayed clans (L57, L59)]\n"
         "    hint: buy them under start: buy: with from: lion, while allied",
         "content/turns/002.yaml:4:15: warning: Crane is already corrupted [corruption]\n"
         "    hint: remove it from facts: corrupted: (corruption lasts, and the Shadowlands always are)",
         "content/turns/002.yaml:2:15: warning: Lion and Crane are already allies [alliances]\n"
         "    hint: an alliance lasts until it is broken: remove this pair"]),
    # a wrong value is one error at its place: a misspelt withdrawal is not reported again as missing (it was, as
    # "where to?"), and a number for a reincarnation target is refused by the file format alone
    "a withdrawal to a province not on the map, a reincarnation written as a number": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsuu}\n"
                                                 "    personalities: {hoturi: {removed: true, over: 0, reincarnate: 5}}\n"
                          ).replace("dice:\n", "dice:\n  fate: {hoturi: [1]}\n")},
        ["content/turns/001.yaml:8:67: error: battles/0/personalities/hoturi/reincarnate: expected text, got 5 [file format]\n"
         "    hint: put the value in quotes to keep it as the text written",
         "content/turns/001.yaml:7:22: error: unknown province 'matsuu' [province]\n    hint: did you mean 'matsu'?"]),
    "a battle deck of an unknown player": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n    decks: {crabs: [Ambush]}\n")},
        ["content/turns/001.yaml:8:13: error: unknown player 'crabs' [players]\n    hint: did you mean 'crane'?"]),
    # L92: reassignment names an active personality of the player and one of its units
    "reassignments written wrong": (
        {1: "start:\n  assign:\n    - {personality: kuwanan, unit: null}\n    - {personality: kuwanan, unit: crane-9}\n"
            "    - {personality: kuwanan, unit: lion-1}\n    - {personality: toturi, unit: crane-1}\n"},
        ["content/turns/001.yaml:3:36: warning: kuwanan is not in a unit [reassignment]\n    hint: it is alone already: remove the entry",
         "content/turns/001.yaml:4:36: error: unknown unit 'crane-9' of Crane [reassignment]\n    hint: did you mean 'crane-1'?",
         "content/turns/001.yaml:5:36: error: lion-1 is not Crane's unit [reassignment]\n"
         "    hint: a personality leads a unit of its own player",
         "content/turns/001.yaml:6:21: error: unknown personality 'toturi' [reassignment]\n    hint: did you mean 'hoturi'?"]),
    # L92-93: transfers name two units of the player; a swap is applied in the order written (the Fan goes and comes back)
    "transfers and swaps written wrong": (
        {1: "start:\n  transfer:\n    - {from: crane-9, to: crane-1, models: 1}\n    - {from: crane-1, to: lion-9, models: 1}\n"
            "  swap:\n    - {item: Fan, from: hoturi, to: kuwanan}\n    - {item: Fan, from: kuwanan, to: hoturi}\n"
            "    - {item: Sword, from: hoturi, to: kuwanan}\n"},
        ["content/turns/001.yaml:3:14: error: unknown unit 'crane-9' [reassignment]\n    hint: did you mean 'crane-1'?",
         "content/turns/001.yaml:4:27: error: unknown unit 'lion-9' [reassignment]\n    hint: did you mean 'lion-1'?",
         "content/turns/001.yaml:8:7: error: hoturi does not carry the item 'Sword' [swapping]\n    hint: it carries: Fan"],
        CAMPAIGN.replace("      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}\n",
                         "      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: doji}\n"
                         "      - {item: Fan, to: hoturi, cost: 5}\n")),
    # Q6: a bid is at least the catalogue's price (10 a model: 100 for 10); the winner of a bid must say where it joins;
    # L80: only a Cavalry or Flight personality moves in the Cavalry phase
    "a bid below the list price, a winner with no deploy, a foot personality in the Cavalry phase": (
        {1: "start:\n  bids:\n    - {unit: u9, type: ashigaru, models: 10, from: unicorn, bids: {crane: 90, lion: 120}, "
            "deploy: {crane: doji, lion: akodo}, leadership: 1}\n"
            "    - {personality: toku, unique: true, earth: 2, void: 2, wounds: 3, bids: {crane: 300, lion: 350}, "
            "deploy: {crane: doji}}\nmoves:\n  cavalry: {kuwanan: [doji]}\n"},
        ["content/turns/001.yaml:3:75: error: Crane bids 90 for u9, below its price of 100 [bidding]\n"
         "    hint: a bid is at least the list price: bidding replaces the price only under competition (Q6)",
         "content/turns/001.yaml:4:7: error: where does toku join? write deploy: PROVINCE [placing new forces]\n"
         "    hint: a province the player controlled at the beginning of the turn (L134)",
         "content/turns/001.yaml:6:13: error: kuwanan is not a Cavalry or Flight personality: it cannot move in the Cavalry "
         "phase [only Cavalry personalities move in the Cavalry phase (L80)]\n    hint: move it under primary: or reserve:"],
        CAMPAIGN.replace("ruleset: clanwar\n", "ruleset: clanwar\ncatalogue:\n  units:\n    ashigaru: {cost_per_model: 10, ml: 6, tl: 6}\n")),
    # L57-59, L139: an ally's forces are bought from it, not bid for -- named by its player (Paula), not its faction
    "a bid for a played ally's personality": (
        {1: "start:\n  alliances: [[crane, paula]]\n  bids:\n"
            "    - {personality: toku, unique: true, earth: 2, void: 2, wounds: 3, from: lion, bids: {crane: 300, paula: 250}, "
            "deploy: {crane: doji, paula: akodo}}\n"},
        ["content/turns/001.yaml:4:77: error: Paula is played: its forces are bought from it as an ally, not bid for "
         "[bids are for unaligned personalities and unplayed clans (L57, L59)]\n"
         "    hint: buy them under start: buy: with from: paula, while allied"],
        CAMPAIGN.replace("  - id: lion\n", "  - id: paula\n    faction: lion\n")),
    # a new unit its player cannot pay for is in doubt: a move of it the same turn is counted under that error, not reported
    "a move of a unit that could not be paid for": (
        {1: "start:\n  buy:\n    crane:\n      - {unit: crane-5, type: ashigaru, models: 10, cost: 99999, deploy: doji, ml: 6, "
            "tl: 6, leadership: 1}\nmoves:\n  primary: {crane-5: plain}\n"},
        ["content/turns/001.yaml:4:9: error: Crane holds 5750 koku and cannot pay 99999 for unit crane-5 [koku never below zero]\n"
         "    hint: the koku ledger never goes below zero: buy less, or later",
         "content/turns/001.yaml:6:13: warning: 1 more problem not reported: it follows from an earlier error (turn 1: Crane "
         "holds 5750 koku and cannot pay 99999 for unit crane-5) [consequences of an earlier error]\n"
         "    hint: fix that error first; not reported: unknown unit 'crane-5'"]),
    # a unit an order was refused about is in doubt for the rest of the turn: its replacements beyond its maximum
    # and a promotion it cannot pay for are counted under the first error
    "orders about a unit in doubt": (
        {1: "start:\n  transfer:\n    - {from: crane-1, to: lion-1, models: 1}\n  buy:\n    crane:\n"
            "      - {replace: crane-1, models: 2, cost: 10}\n      - {promote: crane-1, to: nikutai, cost: 99999}\n"},
        ["content/turns/001.yaml:3:7: error: crane-1 and lion-1 are not one player's units at the same province "
         "[reassignment at the same province]\n    hint: transfer models between two units of one player that stand together",
         "content/turns/001.yaml:6:36: warning: 2 more problems not reported: they follow from an earlier error (turn 1: crane-1 "
         "and lion-1 are not one player's units at the same province) [consequences of an earlier error]\n"
         "    hint: fix that error first; not reported: crane-1 has 10 models: 2 more exceed its maximum of 10; Crane holds 5750 "
         "koku and cannot pay 99999 for a promotion in crane-1"],
        CAMPAIGN.replace("deploy: doji, ml: 6, tl: 6, leader: hoturi}", "deploy: doji, ml: 6, tl: 6, leader: hoturi, max_models: 10}")),
    # L118: a personality Wounded in the battle is out of play until the Recovery phase (L129): no Reserve move
    "a Reserve move of a personality wounded in the battle": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n    personalities: {hoturi: {removed: true, over: 0}}\n")
            .replace("dice:\n", "dice:\n  fate: {hoturi: [1]}\n")
            .replace("  primary: {lion-1: doji}\n", "  primary: {lion-1: doji}\n  reserve: {hoturi: [asahina]}\n")},
        ["content/turns/001.yaml:3:13: error: hoturi is wounded and cannot move [reserve movement]\n"
         "    hint: only an active personality moves: remove the move"]),
    # L99: travel only along the roads; the hint names the provinces next to where the path stands
    "a path to a province that is not next to it": (
        {1: "moves:\n  primary: {kuwanan: [plain]}\n"},
        ["content/turns/001.yaml:2:23: error: Plain of Fast Troubles is not next to Kakita: kuwanan cannot go there "
         "[travel only along the roads between provinces (L99)]\n    hint: next to Kakita: Asahina, Doji"]),
    # L59, L139-142: out-of-clan forces name a clan, carry their base cost, and pay the clan modifier in force (Crane
    # buying Phoenix: 120%, so 60 for a base of 50); with no modifier for the pair the purchase writes its price (c9 stands)
    "out-of-clan purchases written wrong": (
        {1: "start:\n  buy:\n    crane:\n"
            "      - {unit: c5, type: ashigaru, models: 5, cost: 50, from: unicorns, deploy: doji, ml: 6, tl: 6, leadership: 1}\n"
            "      - {unit: c6, type: ashigaru, models: 5, from: unicorn, deploy: doji, ml: 6, tl: 6, leadership: 1}\n"
            "      - {unit: c7, type: ashigaru, models: 5, from: unicorn, base: 50, deploy: doji, ml: 6, tl: 6, leadership: 1}\n"
            "      - {unit: c8, type: ashigaru, models: 5, from: phoenix, base: 50, cost: 55, deploy: doji, ml: 6, tl: 6, leadership: 1}\n"
            "      - {unit: c9, type: ashigaru, models: 5, from: unicorn, base: 50, cost: 70, deploy: doji, ml: 6, tl: 6, leadership: 1}\n"
            "      - {experienced: ghost, cost: 10}\n"},
        ["content/turns/001.yaml:4:63: error: unknown faction 'unicorns' to buy unit c5 from [out-of-clan forces]\n"
         "    hint: did you mean 'unicorn'?",
         "content/turns/001.yaml:5:9: error: unit c6 from unicorn: its base cost is not known [out-of-clan forces]\n"
         "    hint: write base: (the unit's own cost), from which the clan modifier and the ally's fee are reckoned",
         "content/turns/001.yaml:6:9: error: no cost modifier is set for Crane buying Unicorn forces [out-of-clan forces]\n"
         "    hint: write cost: (the price paid), or add options: cost_modifiers: {crane: {unicorn: PERCENT}}",
         "content/turns/001.yaml:7:78: error: unit c8: base 50 at 120% costs 60 koku, but cost: says 55 [out-of-clan forces]\n"
         "    hint: leave cost: out (the modifier is applied to base:), or correct it",
         "content/turns/001.yaml:9:23: error: unknown personality 'ghost' of Crane [experienced versions]\n"
         "    hint: personalities: hoturi, kuwanan"]),
    # L66, L134: a spell goes to a library its player held at the start of the turn; with one library held, it may go
    # unnamed (Tempest, and Lion's Water, stand)
    "spells sent to no library": (
        {1: "start:\n  buy:\n    crane:\n      - {spell: Tempest, cost: 30}\n      - {spell: Fury, cost: 30, library: asahinaa}\n"
            "      - {spell: Wind, cost: 30, library: doji}\n      - {spell: Fire, cost: 30, library: kitsu}\n"
            "    lion:\n      - {spell: Water, cost: 30}\n"},
        ["content/turns/001.yaml:5:42: error: unknown province 'asahinaa' [province]\n    hint: did you mean 'asahina'?",
         "content/turns/001.yaml:6:42: error: the spell Wind cannot go to Doji: it is not a library "
         "[new spells go to a library controlled at the beginning of the turn]\n    hint: libraries held: asahina",
         "content/turns/001.yaml:7:42: error: the spell Fire cannot go to Kitsu: it was not Crane's at the beginning of the "
         "turn [new spells go to a library controlled at the beginning of the turn]\n    hint: libraries held: asahina"]),
    # L88: a model is promoted to Nikutai only while one has no package (the hint named a from: that promote: does not
    # have); a promotion is in the buyer's own unit
    "promotions with no model left and in another's unit": (
        {1: "start:\n  buy:\n    crane:\n      - {promote: crane-2, to: nikutai, cost: 5}\n"
            "      - {promote: lion-1, to: nikutai, cost: 5}\n"},
        ["content/turns/001.yaml:4:9: error: crane-2 has no model left without a leadership package [promotion]\n"
         "    hint: every model of the unit has a package: promote one of them a rank up instead (to: gunso or chui)",
         "content/turns/001.yaml:5:19: error: lion-1 is Lion's unit, not Crane's [promotion]\n"
         "    hint: name one of the buyer's own units"],
        CAMPAIGN.replace("      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}\n",
                         "      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}\n"
                         "      - {unit: crane-2, type: ashigaru, models: 1, cost: 10, deploy: doji, ml: 6, tl: 6, leadership: 1, "
                         "lps: [{rank: nikutai}]}\n")),
    # L94: a shugenja standing at one of its player's libraries swaps spells that are there (isawa takes Tempest at last);
    # Q53: a new Daimyo is one of the player's own personalities
    "libraries and Daimyos written wrong": (
        {1: "start:\n  library:\n    - {shugenja: kuwanan, take: [Tempest]}\n    - {shugenja: tomoe, take: [Tempest]}\n"
            "    - {shugenja: isawa, take: [Fury], leave: [Wind]}\n    - {shugenja: isawa, take: [Tempest]}\n"
            "  daimyo: {crane: tsuko, lion: tsukoo}\n"},
        ["content/turns/001.yaml:3:18: error: kuwanan is no shugenja [libraries]\n"
         "    hint: only a shugenja (shugenja: true) at a library takes or leaves spells",
         "content/turns/001.yaml:4:7: error: tomoe stands in Doji, which is not a library Crane controls "
         "[shugenja at a library swap spells]\n    hint: the shugenja must stand at one of the player's libraries",
         "content/turns/001.yaml:5:7: error: not there to swap: Fury, Wind [libraries]\n"
         "    hint: the library holds Tempest; isawa carries nothing",
         "content/turns/001.yaml:7:19: error: tsuko is not Crane's [the Daimyo]\n"
         "    hint: the Daimyo is one of the player's own personalities",
         "content/turns/001.yaml:7:32: error: unknown personality 'tsukoo' of Lion [the Daimyo]\n    hint: did you mean 'tsuko'?"],
        CAMPAIGN.replace("      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}\n",
                         "      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}\n"
                         "      - {personality: isawa, unique: true, cost: 50, earth: 2, void: 3, wounds: 3, shugenja: true, deploy: asahina}\n"
                         "      - {personality: tomoe, unique: true, cost: 50, earth: 2, void: 3, wounds: 3, shugenja: true, deploy: doji}\n"
                         "      - {spell: Tempest, cost: 30, library: asahina}\n")),
    # L121-124: control: is for allied winners only; L114: only the beaten, and units that left the table, withdraw;
    # L155: a Ready unit has no penalty; L167: only an Ujimitsu reincarnates
    "a winner's control, withdrawal, penalty and reincarnation written wrong": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu, crane: asahina}\n    control: {to: crane}\n"
                                                 "    units: {crane-1: {lost: 0, state: ready, penalty: 1}}\n"
                                                 "    personalities: {hoturi: {reincarnated: kuwanan}}\n")},
        ["content/turns/001.yaml:7:29: error: Crane does not withdraw from Doji [all units of an army withdraw to one province "
         "it controlled at the beginning of the turn (L114)]\n    hint: only a beaten army, and units that left the table, withdraw",
         "content/turns/001.yaml:8:19: error: Crane held Doji and won: it keeps it [allied defenders: whoever controlled the "
         "province keeps it (L122)]\n    hint: remove control: a defender who wins keeps the province (L122)",
         "content/turns/001.yaml:10:44: error: hoturi has no reincarnation ability [Shiba Ujimitsu (L167)]\n"
         "    hint: only Shiba Ujimitsu (or a personality bought with reincarnates: true) reincarnates",
         "content/turns/001.yaml:9:55: error: crane-1 was Ready: it has no Broken or Routing penalty [experience checks (L155)]\n"
         "    hint: penalty: is for a unit that ended Broken or Routed: remove it"]),
    "control written for a battle without a winner": (
        {1: ATTACK.format(winner="null", extra="    control: neutral\n")},
        ["content/turns/001.yaml:7:14: error: a battle without a winner changes no control [control of the province (L121)]\n"
         "    hint: remove control:, or write the winner"]),
    "a lone winner leaving the province neutral": (
        {1: ATTACK.format(winner="lion", extra="    withdraw: {crane: asahina}\n    control: neutral\n")},
        ["content/turns/001.yaml:8:14: error: only allied winners who cannot agree leave a province neutral [allied winners (L124)]\n"
         "    hint: control: neutral is for two or more allied winners; one winner takes the province"]),
    # captures are facts (L117, L174): by an enemy only (a player's own personality said "Crane is Crane's ally" before)
    "captures and releases written wrong": (
        {1: "start:\n  alliances: [[crane, lion]]\nfacts:\n  captured: [{personality: kuwanan, by: crane}, "
            "{personality: ghost, by: lion}, {personality: hoturi, by: lion}]\n  released: [{personality: hoturi, at: doji}]\n"},
        ["content/turns/001.yaml:4:41: error: kuwanan is Crane's own personality: a player does not capture its own [capture]\n"
         "    hint: a personality is captured by an enemy, never by its own player or an ally",
         "content/turns/001.yaml:4:63: error: unknown personality 'ghost' [capture]\n    hint: personalities: hoturi, kuwanan, tsuko",
         "content/turns/001.yaml:4:107: error: Lion is Crane's ally: it captures no one of theirs [capture]\n"
         "    hint: a personality is captured by an enemy, never by its own player or an ally",
         "content/turns/001.yaml:5:28: error: hoturi is not held captive [capture]\n"
         "    hint: released: is for a personality captured earlier (status captured)"]),
    # a campaign without capture (options.capture: false) refuses each capture, the second as the first
    "captures in a campaign without capture": (
        {1: "facts:\n  captured: [{personality: kuwanan, by: lion}, {personality: tsuko, by: crane}]\n"},
        ["content/turns/001.yaml:2:14: error: this campaign has no capture (option capture: false) [capture]\n"
         "    hint: set options: capture: true in campaign.yaml, or remove the capture",
         "content/turns/001.yaml:2:48: error: this campaign has no capture (option capture: false) [capture]\n"
         "    hint: set options: capture: true in campaign.yaml, or remove the capture"],
        CAMPAIGN.replace("seed: 3\n", "seed: 3\noptions: {capture: false}\n")),
    # seed 16's survivors (issue 13): an item removed from play by a personality who carries nothing, a library order of a
    # personality no one has (under the libraries' rule)
    "an item from an empty hand, a library's unknown shugenja": (
        {1: "start:\n  swap:\n    - {item: Sword, from: kuwanan, removed: true}\n  library:\n    - {shugenja: ghost, take: [Tempest]}\n"},
        ["content/turns/001.yaml:3:7: error: kuwanan does not carry the item 'Sword' [swapping]\n    hint: it carries: nothing",
         "content/turns/001.yaml:5:18: error: unknown personality 'ghost' [libraries]\n    hint: personalities: hoturi, kuwanan, tsuko"]),
    # ... and an alliance pair or a break naming a player who does not play: each placed at the name
    "an alliance and a break naming players who do not play": (
        {1: "start:\n  alliances: [[crane, crabs]]\n  broken: [{by: crabz, with: lion}]\n"},
        ["content/turns/001.yaml:2:23: error: unknown player 'crabs' [players]\n    hint: did you mean 'crane'?",
         "content/turns/001.yaml:3:17: error: unknown player 'crabz' [players]\n    hint: did you mean 'crane'?"]),
    # L160's missing table is the option ring_table: a face given twice (2) and one never (3) is refused at the option in
    # campaign.yaml (it was reported at the first experience in a turn file), once; experience still names who is unknown
    "a ring table that gives a face twice": (
        {1: "facts:\n  personality_experience: [kuwanan, ghost]\n", 2: "title: x\n"},
        ["content/campaign.yaml:4:15: error: the ring_table option must give every face 1-10 exactly once [the ring table]\n"
         "    hint: e.g. ring_table: {earth: [1, 2], water: [3, 4], fire: [5, 6], air: [7, 8], void: [9, 10]}",
         "content/turns/001.yaml:2:37: error: unknown personality 'ghost' [personality experience]\n"
         "    hint: personalities: hoturi, kuwanan, tsuko"],
        CAMPAIGN.replace("ruleset: clanwar\n", "ruleset: clanwar\noptions:\n  ring_table: {earth: [1, 2], water: [2, 4], "
                                                 "fire: [5, 6], air: [7, 8], void: [9, 10]}\n")),
    # L74: decks only of players who fought; L120: Maimed only after a fate roll; L167: only a Dead Ujimitsu reincarnates
    # after the battle, and one who reincarnated during it made no fate roll (a warning: his removed: is dropped)
    "decks, maiming and reincarnations written wrong": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n    decks: {scorpion: [Ambush]}\n"
                                                 "    personalities: {hoturi: {maimed: fire, reincarnate: kuwanan}, "
                                                 "ujimitsu: {removed: true, over: 0, reincarnated: kuwanan}}\n")},
        ["content/turns/001.yaml:8:13: error: Scorpion did not fight here [the tactical deck (L74)]\n"
         "    hint: decks: lists only the decks of players who fought this battle",
         "content/turns/001.yaml:9:57: error: hoturi did not die: he does not reincarnate [Shiba Ujimitsu (L167)]\n"
         "    hint: reincarnate: is for an Ujimitsu whose fate roll leaves him Dead: remove it",
         "content/turns/001.yaml:9:38: error: hoturi was not removed as a casualty: it cannot be Maimed [fate (L120)]\n"
         "    hint: maimed: goes with removed: true and fate dice that Maim",
         "content/turns/001.yaml:9:87: warning: ujimitsu reincarnated in the battle: he makes no fate roll [Shiba Ujimitsu (L167)]\n"
         "    hint: remove removed: and his fate dice: the old Ujimitsu is Dead"],
        CAMPAIGN.replace("      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}\n",
                         "      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}\n"
                         "      - {personality: ujimitsu, type: shiba_ujimitsu, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, "
                         "deploy: doji}\n")
        + "  - id: scorpion\n    provinces: [plain]\n    daimyo: shoju\n    buy:\n"
          "      - {personality: shoju, unique: true, cost: 100, earth: 3, void: 3, wounds: 4, deploy: plain}\n"),
    "a new Daimyo for an unknown player": (
        {1: "start:\n  daimyo: {crabs: hoturi}\n"},
        ["content/turns/001.yaml:2:12: error: unknown player 'crabs' [players]\n    hint: did you mean 'crane'?"]),
    # L134: new forces deploy to a province held at the beginning of the turn; L59-62: a unit whose own clan: is
    # another's comes only from that clan, named in from:. A refused out-of-clan purchase puts its unit in doubt:
    # the move of the unit never bought is counted under that error, not reported as an unknown unit
    "a deploy to another's province, units of another clan": (
        {1: "start:\n  buy:\n    crane:\n"
            "      - {unit: c5, type: ashigaru, models: 5, cost: 50, deploy: akodo, ml: 6, tl: 6, leadership: 1}\n"
            "      - {unit: c6, type: ashigaru, models: 5, cost: 50, clan: phoenix, deploy: doji, ml: 6, tl: 6, leadership: 1}\n"
            "      - {unit: c7, type: ashigaru, models: 5, base: 40, clan: phoenix, from: unicorn, deploy: doji, ml: 6, tl: 6, "
            "leadership: 1}\nmoves:\n  primary: {c6: plain, c7: plain}\n"},
        ["content/turns/001.yaml:4:65: error: c5 cannot deploy to Akodo: Crane did not control it at the beginning of the turn "
         "[new forces deploy to a province controlled at the beginning of the turn]\n"
         "    hint: provinces it controlled: asahina, doji, kakita",
         "content/turns/001.yaml:5:9: error: unit c6 belongs to the Phoenix: write from: phoenix [out-of-clan forces only from "
         "an ally or an unplayed clan]\n"
         "    hint: out-of-clan forces come only from an ally's clan or a clan no one plays (L59, L62, L139)",
         "content/turns/001.yaml:6:78: error: unit c7 belongs to the Phoenix, not the Unicorn [out-of-clan forces]\n"
         "    hint: from: names the ally whose clan the force belongs to",
         "content/turns/001.yaml:8:13: warning: 2 more problems not reported: they follow from an earlier error (turn 1: "
         "unit c6 belongs to the Phoenix: write from: phoenix; turn 1: unit c7 belongs to the Phoenix, not the Unicorn) "
         "[consequences of an earlier error]\n    hint: fix that error first; not reported: unknown unit 'c6'; unknown unit 'c7'"]),
    # L104: no Reserve move for a force that battled this turn, nor one that entered neutral or enemy land
    "a Reserve move after a battle": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: akodo}\n").replace(
            "moves:\n  primary: {lion-1: doji}\n", "moves:\n  primary: {lion-1: doji}\n  reserve: {crane-1: asahina}\n")},
        ["content/turns/001.yaml:3:13: error: crane-1 battled this turn: no Reserve move [reserve movement restrictions "
         "(L104-109)]\n    hint: remove the reserve move: a force that battled this turn makes none"]),
    "a Reserve move after entering neutral land": (
        {1: "moves:\n  primary: {kuwanan: [doji, plain]}\n  reserve: {kuwanan: [doji]}\n"},
        ["content/turns/001.yaml:3:13: error: kuwanan entered a neutral or enemy province this turn: no Reserve move "
         "[reserve movement restrictions (L104-109)]\n    hint: remove the reserve move: only forces that stayed in "
         "their own or allied land this turn make one"]),
    # a path names the provinces entered; L165: only the Monk move anywhere to defend
    "a move into the province it stands in, and a defence by a Crane unit": (
        {1: "moves:\n  primary: {kuwanan: [kakita]}\n  defend: {crane-1: asahina}\n"},
        ["content/turns/001.yaml:2:23: error: kuwanan is already in Kakita [primary movement]\n"
         "    hint: write the provinces entered, not the one it starts from",
         "content/turns/001.yaml:3:12: error: only the Monk move to defend any province; crane-1 is Crane's "
         "[the Monk's move to defend (L165)]\n    hint: write it under primary:, cavalry: or reserve:"]),
    # L81: a battle is fought where opposing armies meet; the hint names the armies that do stand there
    "a battle where no opposing armies stand": (
        {1: "battles:\n  - {at: doji, sides: [[lion], [crane]], winner: crane}\n"},
        ["content/turns/001.yaml:2:10: error: no opposing armies stand in Doji: no battle is fought there "
         "[a battle wherever opposing armies meet (L81)]\n    hint: armies there: Crane"]),
    # a roll written with a die too few is one error, the dice rule's, which says what the roll is (the
    # schema called the list too short as well, without a hint); the missing die is drawn
    "an experience roll written with one die of two": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n").replace("crane-1: [10, 10]", "crane-1: [10]")},
        ["content/turns/001.yaml:9:25: error: die 2 of the experience roll of crane-1 is not written (its other dice are) "
         "[dice]\n    hint: write every die of the roll: the experience checks of a surviving unit: a d10 for Morale, "
         "then a d10 for Training"]),
    # L89: replacements are bought for a unit of the player's; a tattooed unit's new models pay their tattoos (L90)
    "replacements for an unknown unit, and for a tattooed unit with no price for its tattoos": (
        {1: "start:\n  buy:\n    crane:\n      - {replace: crane-9, models: 2, cost: 10}\n"
            "      - {replace: crane-2, models: 2, cost: 10}\n"},
        ["content/turns/001.yaml:4:19: error: unknown unit 'crane-9' of Crane [replacing casualties]\n"
         "    hint: did you mean 'crane-2' or 'crane-1'?",
         "content/turns/001.yaml:5:9: error: crane-2 is tattooed: its new models must be tattooed too "
         "[a tattooed unit's new models pay their tattoos]\n    hint: write tattoos_cost: (koku for the new models' "
         "tattoos), or give the tattoos' costs in the catalogue (L90)"],
        CAMPAIGN.replace("leader: hoturi}\n", "leader: hoturi}\n      - {unit: crane-2, type: ashigaru, models: 5, cost: 50, "
                                                "deploy: doji, ml: 6, tl: 6, leadership: 1, tattoos: [tiger]}\n", 1)),
    # words and places of the turn file's reading: a swap of two things at once, alliances under facts:, a bid
    # by an unknown player (placed at its key), a unit written as a number (one error: it was also read as "no
    # unit" and warned about: "kuwanan is not in a unit"), a withdrawal of an unknown player (the next one is still read)
    "a swap of two things, alliances under facts, a bid by an unknown player": (
        {1: "start:\n  swap:\n    - {item: Jade Hand, spell: Fury, from: hoturi, to: kuwanan}\n"
            "  bids:\n    - {personality: toku, unique: true, earth: 2, void: 2, wounds: 3, bids: {crabs: 300, lion: 200}, "
            "deploy: {lion: akodo}}\nfacts:\n  alliances: [[crane, lion]]\n"},
        ["content/turns/001.yaml:7:3: error: alliances are declared only in the Start phase [alliances are declared in the "
         "Start phase]\n    hint: write them under start: alliances: [[a, b]]",
         "content/turns/001.yaml:5:78: error: unknown player 'crabs' [players]\n    hint: did you mean 'crane'?",
         "content/turns/001.yaml:3:7: error: a swap moves one item, spell or equipment [swapping]\n"
         "    hint: write item: NAME, spell: NAME or equipment: NAME, with from: and to:"]),
    "an assignment to a unit written as a number": (
        {1: "start:\n  assign: [{personality: kuwanan, unit: 5}]\n"},
        ["content/turns/001.yaml:2:41: error: start/assign/0/unit: expected text, got 5 [file format]\n"
         "    hint: put the value in quotes to keep it as the text written"]),
    # a roll written for a unit that made none (it said "a experience roll"); an unknown corrupted player is placed
    # at its value; a swap and a reassignment after a refused one are still judged
    "an experience roll no one made": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n").replace("lion-1: [10, 10]}", "lion-1: [10, 10], kuwanan: [1, 1]}")},
        ["content/turns/001.yaml:9:53: error: an experience roll is written for kuwanan, but no such roll was made this turn "
         "[dice]\n    hint: experience rolls made: crane-1, lion-1 (experience: the experience checks of a surviving unit: "
         "a d10 for Morale, then a d10 for Training)"]),
    "an unknown corrupted player": (
        {1: "facts:\n  corrupted: [crabs]\n"},
        ["content/turns/001.yaml:2:15: error: unknown player 'crabs' [players]\n    hint: did you mean 'crane'?"]),
    "a swap after a refused one": (
        {1: "start:\n  swap:\n    - {item: Jade Hand, spell: Fury, from: hoturi, to: kuwanan}\n"
            "    - {equipment: yari, from: hoturi, to: kuwanan}\n"},
        ["content/turns/001.yaml:3:7: error: a swap moves one item, spell or equipment [swapping]\n"
         "    hint: write item: NAME, spell: NAME or equipment: NAME, with from: and to:",
         "content/turns/001.yaml:4:7: error: mundane equipment moves between a personality and the stockpile: write from: "
         "PERSONALITY or to: PERSONALITY [swapping]\n    hint: from: null, to: PERSONALITY takes it from the stockpile; "
         "from: PERSONALITY, to: null puts it back"]),
    "a reassignment after a refused one": (
        {1: "start:\n  assign: [{personality: kuwanann, unit: crane-1}, {personality: kuwanan, unit: null}]\n"},
        ["content/turns/001.yaml:2:26: error: unknown personality 'kuwanann' [reassignment]\n    hint: did you mean 'kuwanan'?",
         "content/turns/001.yaml:2:81: warning: kuwanan is not in a unit [reassignment]\n    hint: it is alone already: remove the entry"]),
    # a battle entry naming an unknown player is refused as read: that is its one error; the battle is not also
    # "not entered" (it was), and its dice are counted under the error, not reported as rolls no one made
    "a battle with an unknown player on a side": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n").replace("[[lion], [crane]]", "[[lion], [crane, crabs]]")},
        ["content/turns/001.yaml:5:29: error: unknown player 'crabs' [players]\n    hint: did you mean 'crane'?",
         "content/turns/001.yaml:9:16: warning: 2 more problems not reported: they follow from an earlier error (turn 1: the "
         "battle of Doji is not fought as written) [consequences of an earlier error]\n    hint: fix that error first; not "
         "reported: an experience roll is written for crane-1, but no such roll was made this turn; an experience roll is "
         "written for lion-1, but no such roll was made this turn"]),
    "a battle won by an unknown player": (
        {1: ATTACK.format(winner="crabs", extra="")},
        ["content/turns/001.yaml:6:13: error: unknown player 'crabs' [players]\n    hint: did you mean 'crane'?",
         "content/turns/001.yaml:8:16: warning: 2 more problems not reported: they follow from an earlier error (turn 1: the "
         "battle of Doji is not fought as written) [consequences of an earlier error]\n    hint: fix that error first; not "
         "reported: an experience roll is written for crane-1, but no such roll was made this turn; an experience roll is "
         "written for lion-1, but no such roll was made this turn"]),
    # L93: mundane equipment goes back to the stockpile from the personality carrying it; the hint lists what it
    # carries (two pieces), or says it carries none
    "mundane equipment put back by a personality who does not carry it": (
        {1: "start:\n  swap:\n    - {equipment: yari, from: null, to: kuwanan}\n    - {equipment: no-dachi, from: null, to: kuwanan}\n"
            "    - {equipment: katana, from: kuwanan, to: null}\n    - {equipment: katana, from: hoturi, to: null}\n"},
        ["content/turns/001.yaml:5:7: error: kuwanan carries no katana [swapping]\n    hint: it carries: yari, no-dachi",
         "content/turns/001.yaml:6:7: error: hoturi carries no katana [swapping]\n    hint: it carries no mundane equipment"],
        CAMPAIGN.replace("leader: hoturi}\n", "leader: hoturi}\n      - {equipment: yari, count: 2, cost: 4}\n"
                                                "      - {equipment: no-dachi, cost: 3}\n", 1)),
    # L120: a personality who failed both fate rolls is Dead: in the next turn it does nothing
    "a reassignment of a personality who died in battle": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n    personalities: {kuwanan: {removed: true, over: 0}}\n")
            .replace("dice:\n", "dice:\n  fate: {kuwanan: [9, 9]}\n").replace("  primary: {lion-1: doji}\n", "  primary: {lion-1: doji, kuwanan: doji}\n"),
         2: "start:\n  assign: [{personality: kuwanan, unit: crane-1}]\n"},
        ["content/turns/002.yaml:2:26: error: kuwanan is dead: it cannot act [reassignment]\n    hint: only an active personality acts"]),
    # L144: a unit bought from an ally is lost when the alliance breaks (Start phase, before transfers): models for
    # it are refused as for a unit gone, not as an "unknown" one (whose hint named itself); the next transfer is judged
    "a transfer to a unit lost when its alliance broke, and one after it": (
        {1: "start:\n  alliances: [[crane, lion]]\n  buy:\n    crane:\n"
            "      - {unit: crane-5, type: ashigaru, from: lion, base: 50, cost: 50, models: 5, ml: 6, tl: 6, leadership: 1, deploy: doji}\n",
         2: "start:\n  broken: [{by: lion, with: crane}]\n  transfer:\n    - {from: crane-1, to: crane-5, models: 1}\n"
            "    - {from: crane-1, to: lion-1, models: 1}\n"},
        ["content/turns/002.yaml:4:27: error: crane-5 has no models left [reassignment]\n"
         "    hint: it was destroyed or lost earlier in this turn: remove the order",
         "content/turns/002.yaml:5:7: error: crane-1 and lion-1 are not one player's units at the same province "
         "[reassignment at the same province]\n    hint: transfer models between two units of one player that stand together"]),
    # a bid from a faction no one has is one error, whoever bids (it was one a bidder)
    "a bid from an unknown faction": (
        {1: "start:\n  bids:\n    - {personality: toku, unique: true, earth: 2, void: 2, wounds: 3, from: unicorns, "
            "bids: {crane: 300, lion: 250}, deploy: {crane: doji, lion: akodo}}\n"},
        ["content/turns/001.yaml:3:77: error: unknown faction 'unicorns' to buy personality toku from [out-of-clan forces]\n"
         "    hint: did you mean 'unicorn'?"]),
    # L100: a unit whose leader left it in the Start phase has no leader to move it (placed at the unit's key)
    "a move of a unit whose leader left it": (
        {1: "start:\n  assign: [{personality: hoturi, unit: null}]\nmoves:\n  primary: {crane-1: kakita}\n"},
        ["content/turns/001.yaml:4:13: error: crane-1 has no leader: a unit moves only with a personality or a leadership "
         "package to lead it [a unit moves only with a leader (L100)]\n"
         "    hint: assign a personality to it in a Start phase, or promote one of its models"]),
    "a capture by an unknown player": (
        {1: "facts:\n  captured: [{personality: kuwanan, by: crabs}]\n"},
        ["content/turns/001.yaml:2:41: error: unknown player 'crabs' [players]\n    hint: did you mean 'crane'?"]),
    # more dice written than a roll took: the hint says why (an experience check takes two)
    "three experience dice for a roll of two": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n").replace("crane-1: [10, 10]", "crane-1: [10, 10, 10]")},
        ["content/turns/001.yaml:9:34: error: 3 experience dice are written for crane-1, but the roll took 2 [dice]\n"
         "    hint: the roll took fewer dice"]),
    # a new personality commands only a unit bought before it (unit:), and deploys to a province of the map
    "a personality to command a unit not bought with it, one deployed nowhere": (
        {1: "start:\n  buy:\n    crane:\n"
            "      - {personality: yoshi, unique: true, cost: 30, earth: 2, void: 2, wounds: 2, deploy: dojii}\n"
            "      - {personality: kenshin, unique: true, cost: 30, earth: 2, void: 2, wounds: 2, deploy: doji, unit: crane-1}\n"},
        ["content/turns/001.yaml:4:92: error: unknown province 'dojii' [province]\n    hint: did you mean 'doji'?",
         "content/turns/001.yaml:5:106: error: kenshin cannot command 'crane-1': only a unit bought before it in the same "
         "Start phase and deployed to the same province [reassignment happens in the Start phase]\n"
         "    hint: buy the unit first, in the same Start phase and deployed to the same province; or reassign later "
         "(start: reassign:)"]),
    # L134: a new item goes on a personality in play at Recovery (placed at its to:); a province written empty
    "an item for a personality who dies in the battle": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n    personalities: {kuwanan: {removed: true, over: 0}}\n")
            .replace("dice:\n", "dice:\n  fate: {kuwanan: [9, 9]}\n")
            .replace("moves:\n  primary: {lion-1: doji}\n", "start:\n  buy:\n    crane:\n      - {item: Fan, to: kuwanan, cost: 5}\n"
                     "moves:\n  primary: {lion-1: doji, kuwanan: doji}\n")},
        ["content/turns/001.yaml:4:25: error: the item Fan cannot be placed on kuwanan: it is not in play [placing new forces]\n"
         "    hint: put the item on a personality of the buyer who is in play"]),
    "a move to a province written empty": (
        {1: "moves:\n  primary: {kuwanan: \"\"}\n"},
        ["content/turns/001.yaml:2:22: error: expected a province, got '' [province]\n"
         "    hint: a province's id or its name, as the map writes it"]),
    "a release at a province not on the map": (
        {1: "facts:\n  released: [{personality: kuwanan, at: dojii}]\n"},
        ["content/turns/001.yaml:2:41: error: unknown province 'dojii' [province]\n    hint: did you mean 'doji'?"]),
    # a battle entry at a province not on the map is its one error: the battle it meant (the players it names
    # face each other there) is not also reported missing, nor its dice as rolls no one made
    "a battle at a province not on the map": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n").replace("  - at: doji", "  - at: dojii")},
        ["content/turns/001.yaml:4:9: error: unknown province 'dojii' [province]\n    hint: did you mean 'doji'?",
         "content/turns/001.yaml:2:21: warning: 3 more problems not reported: they follow from an earlier error (turn 1: the "
         "battle of Doji is not fought as written) [consequences of an earlier error]\n    hint: fix that error first; not "
         "reported: opposing armies stand in Doji (Crane, Lion): a battle is fought there, and its result is not entered; an "
         "experience roll is written for crane-1, but no such roll was made this turn; an experience roll is written for "
         "lion-1, but no such roll was made this turn"]),
    "a withdrawal of an unknown player before a good one": (
        {1: ATTACK.format(winner="crane", extra="    withdraw: {crabs: matsu, lion: matsu}\n")},
        ["content/turns/001.yaml:7:16: error: unknown player 'crabs' [players]\n    hint: did you mean 'crane'?"]),
    # seed 14's fresh draw (issue 13): L124's control: {to: ...} is for allied winners: written by the one winner it is a
    # warning (the winner takes the province anyway); naming a player who did not win is an error
    "a lone winner's control: to itself, and to the beaten": (
        {1: ATTACK.format(winner="lion", extra="    withdraw: {crane: asahina}\n    control: {to: lion}\n")},
        ["content/turns/001.yaml:8:19: warning: the one winner takes the province: control: is for allied winners "
         "[allied winners (L124)]\n    hint: remove control: the one winner takes it (L121)"]),
    "control: to a player who did not win": (
        {1: ATTACK.format(winner="lion", extra="    withdraw: {crane: asahina}\n    control: {to: crane}\n")},
        ["content/turns/001.yaml:8:19: error: Crane did not win here [allied winners (L124)]\n"
         "    hint: control: to: names one of the winners: Lion"]),
    # L114 with the option withdraw_adjacent, on a map without the Asahina-Doji link: Asahina was Crane's at the
    # beginning of the turn but is not next to Doji (the reason is that one, not "did not control it"); Doji itself
    # is the battle's province; Kakita, next to both, is the one legal withdrawal
    "a withdrawal not next to the battle (withdraw_adjacent)": (
        {1: ATTACK.format(winner="lion", extra="    withdraw: {crane: asahina}\n")},
        ["content/turns/001.yaml:7:23: error: Crane cannot withdraw to Asahina: it is not next to the battle (option "
         "withdraw_adjacent) [all units of an army withdraw to one province it controlled at the beginning of the turn "
         "(L114)]\n    hint: legal: kakita"], NOT_NEXT),
    # L169: Yokuni's tattoos are bought for a unit of the buyer's own, each refusal under that rule (as replacements
    # under theirs, L89); the second purchase's unit is then in doubt, so nothing more is said of it
    "tattoos for an unknown unit and for another's": (
        {1: "start:\n  buy:\n    crane:\n      - {tattoo: crane-9, tattoos: [tiger], cost: 10}\n"
            "      - {tattoo: lion-1, tattoos: [tiger], cost: 10}\n"},
        ["content/turns/001.yaml:4:18: error: unknown unit 'crane-9' of Crane [Togashi Yokuni's tattoos]\n"
         "    hint: did you mean 'crane-1'?",
         "content/turns/001.yaml:5:18: error: lion-1 is Lion's unit, not Crane's [Togashi Yokuni's tattoos]\n"
         "    hint: name one of the buyer's own units"]),
    "replacements for another's unit": (
        {1: "start:\n  buy:\n    crane:\n      - {replace: lion-1, models: 2, cost: 10}\n"},
        ["content/turns/001.yaml:4:19: error: lion-1 is Lion's unit, not Crane's [replacing casualties]\n"
         "    hint: name one of the buyer's own units"]),
    # L57: a bid is for one personality, unit or item: two at once, or none, is one error each, with the way to write it
    "a bid for two things at once, and for nothing": (
        {1: "start:\n  bids:\n    - {personality: toku, unit: t1, bids: {crane: 30, lion: 20}}\n"
            "    - {bids: {crane: 30, lion: 20}}\n"},
        ["content/turns/001.yaml:3:7: error: a bid is for one personality, unit or item [bidding]\n"
         "    hint: write personality: ID, unit: ID or item: NAME",
         "content/turns/001.yaml:4:7: error: a bid is for one personality, unit or item [bidding]\n"
         "    hint: write personality: ID, unit: ID or item: NAME"]),
    "a withdrawal to the battle's own province": (
        {1: ATTACK.format(winner="lion", extra="    withdraw: {crane: doji}\n")},
        ["content/turns/001.yaml:7:23: error: Crane cannot withdraw to Doji: it is the battle's province [all units of an "
         "army withdraw to one province it controlled at the beginning of the turn (L114)]\n    hint: legal: kakita"],
        NOT_NEXT),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_a_refusal_whole_at_its_place(make_campaign, name):
    """Each refusal as `chronicle check` prints it: file:line:col, the message, the rule, the hint."""
    turns, expected, *campaign = REFUSALS[name]
    _, problems = play(make_campaign, turns, *campaign)
    assert problems == expected


def test_a_beaten_army_with_nowhere_to_go_in_the_events(tmp_path):
    """Case 27b's events as the site's battle report and hall of the fallen read them: each unit
    destroyed with its player, where and why, and the Daimyo captured by the winner (reading Q19)."""
    import yaml
    from test_clanwar_cases import CASES, replay_case
    case = yaml.safe_load((CASES / "27b_a_beaten_army_with_nowhere_to_withdraw.yaml").read_text(encoding="utf-8"))
    history, _ = replay_case(case, tmp_path)
    events = [e.to_json() for e in history.result(1).events if e.kind in ("unit-destroyed", "captured")]
    for event in events:
        del event["text"]
    assert events == [
        {"kind": "unit-destroyed", "unit": "l1", "player": "lion", "province": "akodo", "why": "nowhere to withdraw"},
        {"kind": "unit-destroyed", "unit": "l2", "player": "lion", "province": "akodo", "why": "wiped out"},
        {"kind": "captured", "personality": "lion-daimyo", "player": "lion", "by": "crane", "why": "cut off: nowhere to withdraw"}]


def test_a_winner_s_unit_that_left_the_table_takes_its_leader_along(make_campaign):
    """L114-115: a Broken unit that left the table withdraws even when its side won, and the
    personality leading it goes with it (Q61); a lone personality of the winner stays where it
    fought. crane-1 (Broken, 2 lost, led by Hoturi) regroups at Asahina at full strength and
    recovers 1 of its 2 casualties (L133: half after a win); Kuwanan stays at Doji."""
    history, problems = play(make_campaign, {1: ATTACK.format(winner="crane", extra=(
        "    units: {crane-1: {lost: 2, state: broken, left_table: true, penalty: 1}}\n"
        "    withdraw: {crane: asahina, lion: matsu}\n")).replace("primary: {lion-1: doji}", "primary: {lion-1: doji, kuwanan: [doji]}")})
    assert [p for p in problems if ": error: " in p] == []
    after = history.result(1).after
    assert {u: (unit.province, unit.models) for u, unit in after.units.items()} == {"crane-1": ("asahina", 9), "lion-1": ("matsu", 10)}
    assert {p: (person.province, person.unit) for p, person in after.personalities.items()} == {
        "hoturi": ("asahina", "crane-1"), "kuwanan": ("doji", None), "tsuko": ("matsu", "lion-1")}


#: set-up mistakes: a faction that is not one of the twelve, a faction played twice, a province given to two
#: players, replacements bought at the set-up, a Daimyo who is not the player's, a player without a Daimyo
SETUP = CAMPAIGN.replace("""  - id: lion
    daimyo: tsuko
""", """  - id: lion
    daimyo: tsuko
    provinces: [akodo, doji]
""").replace("""      - {unit: crane-1, type: ashigaru, models: 10, cost: 100, deploy: doji, ml: 6, tl: 6, leader: hoturi}
""", """      - {unit: crane-1, type: ashigaru, models: 10, cost: 100, deploy: doji, ml: 6, tl: 6, leader: hoturi}
      - {replace: crane-1, models: 2}
  - id: unicorns
  - id: ronin
    faction: crane
  - id: scorpion
    daimyo: shoju
  - id: dragon
""")


def test_set_up_mistakes_whole_at_their_places(make_campaign):
    """L15-26: twelve factions, each played once; L28-40: a province starts with one faction; L89:
    replacements are a Start phase purchase; L67: each player picks a Daimyo among its personalities."""
    _, problems = play(make_campaign, {}, campaign=SETUP)
    assert problems == [
        "content/campaign.yaml:24:9: error: 'unicorns' is not one of the twelve factions: write faction: FACTION [factions]\n"
        "    hint: factions: crab, crane, dragon, lion, mantis, monk, naga, phoenix, scorpion, shadowlands, toturi, unicorn",
        "content/campaign.yaml:25:5: error: the Crane are played by crane already [factions]\n"
        "    hint: each faction is played by one player at most",
        "content/campaign.yaml:32:16: error: Doji is given to both crane and lion [starting provinces]\n"
        "    hint: each province starts with one faction at most",
        "content/campaign.yaml:23:9: error: replacements are bought in a Start phase, for a unit in play [replacing casualties]\n"
        "    hint: buy the unit at the size you want in the set-up",
        "content/campaign.yaml:28:13: error: unknown personality 'shoju' of Scorpion [you must pick a Daimyo (L67)]\n"
        "    hint: no personality yet",
        "content/campaign.yaml:29:5: error: dragon must pick a Daimyo [you must pick a Daimyo (L67)]\n"
        "    hint: write daimyo: PERSONALITY in the player's entry, one of its set-up personalities"]


def test_a_spell_bought_without_naming_the_one_library_held_goes_there(make_campaign):
    history, _ = play(make_campaign, {1: "start:\n  buy:\n    crane:\n      - {spell: Tempest, cost: 30}\n"
                                         "    lion:\n      - {spell: Water, cost: 30}\n"})
    libraries = history.result(1).after.libraries
    assert (libraries.get("asahina"), libraries.get("kitsu")) == (("Tempest",), ("Water",))


def test_purchases_say_their_phase_and_the_catalogue_price_per_piece(make_campaign):
    """A purchase's event says whether it was made at the set-up or in a Start phase (the turn page
    and the ledger show it), and mundane equipment costs the catalogue's price for each piece: 3
    yari at 2 koku are 6, 2 are 4 (L63); a promotion says what was promoted to what (L88)."""
    campaign = CAMPAIGN.replace("ruleset: clanwar\n", "ruleset: clanwar\ncatalogue:\n  equipment: {yari: {cost: 2}}\n").replace(
        "      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}\n",
        "      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}\n"
        "      - {equipment: yari, count: 3}\n      - {experienced: kuwanan, cost: 10}\n").replace(
        "leader: hoturi}\n", "leader: hoturi}\n      - {promote: crane-1, to: nikutai, cost: 5}\n", 1)
    history, problems = play(make_campaign, {1: "start:\n  buy:\n    crane:\n      - {experienced: hoturi, cost: 20}\n"
                                                "      - {equipment: yari, count: 2}\n      - {promote: crane-1, to: gunso, cost: 10}\n"},
                             campaign=campaign)
    assert [p for p in problems if ": error: " in p] == []
    bought = [e.to_json() for e in list(history.start_events) + list(history.result(1).events) if e.kind == "bought"]
    got = [(b["category"], b["subject"], b["cost"], b["detail"], b["phase"]) for b in bought
           if b["category"] in ("equipment", "experienced", "promote")]
    assert got == [("equipment", "yari", 6, "3 for the stockpile", "setup"), ("experienced", "kuwanan", 10, "the difference in cost", "setup"),
                   ("promote", "crane-1", 5, "a model to Nikutai", "setup"),
                   ("experienced", "hoturi", 20, "the difference in cost", "start"), ("equipment", "yari", 4, "2 for the stockpile", "start"),
                   ("promote", "crane-1", 10, "Nikutai to Gunso", "start")]


def test_a_turn_s_state_and_summary_say_which_turn_they_follow(make_campaign):
    history, _ = play(make_campaign, {1: "title: One\n", 2: "title: Two\n"})
    assert [history.state_after(n).turn for n in (0, 1, 2)] == [0, 1, 2]
    campaign = history.campaign
    assert campaign.ruleset.summary(campaign, history.state_after(2)).turn == 2


def test_spells_are_traded_among_shugenja_only(make_campaign):
    """L93-94: Isawa takes two spells at the library of Asahina (turn 1), then gives Fury to the
    shugenja Tomoe, who carries it; Tempest to Kuwanan, who is no shugenja, is refused at its to:."""
    campaign = CAMPAIGN.replace(
        "      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}\n",
        "      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: asahina}\n"
        "      - {personality: isawa, unique: true, cost: 50, earth: 2, void: 3, wounds: 3, shugenja: true, deploy: asahina}\n"
        "      - {personality: tomoe, unique: true, cost: 50, earth: 2, void: 3, wounds: 3, shugenja: true, deploy: asahina}\n"
        "      - {spell: Tempest, cost: 30, library: asahina}\n      - {spell: Fury, cost: 30, library: asahina}\n")
    history, problems = play(make_campaign, {
        1: "start:\n  library:\n    - {shugenja: isawa, take: [Tempest, Fury]}\n",
        2: "start:\n  swap:\n    - {spell: Tempest, from: isawa, to: kuwanan}\n    - {spell: Fury, from: isawa, to: tomoe}\n"},
        campaign=campaign)
    assert problems == ["content/turns/002.yaml:3:41: error: kuwanan is no shugenja: spells are traded among shugenja [swapping]\n"
                        "    hint: give the spell to a shugenja (shugenja: true) at the same province"]
    after = history.result(2).after
    assert {p: after.personalities[p].spells for p in ("isawa", "tomoe", "kuwanan")} == {
        "isawa": ("Tempest",), "tomoe": ("Fury",), "kuwanan": ()}
    assert history.result(1).after.libraries.get("asahina", ()) == ()


def test_a_spell_left_at_a_library_is_kept_there(make_campaign):
    """L94: Isawa takes Tempest and Fury at Asahina (turn 1) and leaves Fury there again (turn 2):
    the library holds Fury, Isawa carries Tempest."""
    campaign = CAMPAIGN.replace(
        "      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}\n",
        "      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}\n"
        "      - {personality: isawa, unique: true, cost: 50, earth: 2, void: 3, wounds: 3, shugenja: true, deploy: asahina}\n"
        "      - {spell: Tempest, cost: 30, library: asahina}\n      - {spell: Fury, cost: 30, library: asahina}\n")
    history, problems = play(make_campaign, {1: "start:\n  library:\n    - {shugenja: isawa, take: [Tempest, Fury]}\n",
                                             2: "start:\n  library:\n    - {shugenja: isawa, leave: [Fury]}\n"}, campaign=campaign)
    assert problems == []
    after = history.result(2).after
    assert (after.libraries.get("asahina"), after.personalities["isawa"].spells) == (("Fury",), ("Tempest",))


def test_an_unknown_personality_stops_no_one_else_s_experience(make_campaign):
    """L157-160 as facts: the unknown 'ghost' is refused at its place, and Kuwanan after it still
    gains his experience (d10 1 on the ring table: Earth 3 -> 4)."""
    history, problems = play(make_campaign, {1: "facts:\n  personality_experience: [ghost, kuwanan]\ndice:\n  ring: {kuwanan: 1}\n"})
    assert problems == ["content/turns/001.yaml:2:28: error: unknown personality 'ghost' [personality experience]\n"
                        "    hint: personalities: hoturi, kuwanan, tsuko"]
    assert [e.describe() for e in history.result(1).events if e.kind == "personality-experienced"] == [
        "kuwanan gains experience: d10 1: Earth 3 \u2192 4"]
    assert history.result(1).after.personalities["kuwanan"].earth == 4


def test_a_beaten_unit_of_one_model_not_named_in_the_battle_withdraws_with_its_army(make_campaign):
    """L114: all the beaten army's units withdraw together; a unit the entry does not name lost
    nothing, so one of a single model is a survivor and goes too (the limit of 'has models left')."""
    campaign = CAMPAIGN.replace("leader: tsuko}\n", "leader: tsuko}\n      - {unit: lion-2, type: ashigaru, models: 1, cost: 10, "
                                                    "deploy: akodo, ml: 6, tl: 6, leadership: 1, lps: [{rank: nikutai}]}\n")
    history, problems = play(make_campaign, {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n")
                                             .replace("{lion-1: doji}", "{lion-1: doji, lion-2: doji}")
                                             .replace("lion-1: [10, 10]", "lion-1: [10, 10], lion-2: [10, 10]")}, campaign=campaign)
    assert problems == []
    assert [(u.province, u.models) for u in (history.final.units["lion-1"], history.final.units["lion-2"])] == [
        ("matsu", 10), ("matsu", 1)]


def test_a_die_not_written_is_drawn_for_its_own_roll(make_campaign):
    """The die missing from a roll (an error, above) is drawn from the campaign's seed for that turn,
    roll, subject and die: seed 3 gives crane-1's second experience die 2, shown as drawn."""
    history, _ = play(make_campaign, {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n")
                                      .replace("crane-1: [10, 10]", "crane-1: [10]")})
    campaign, result = history.campaign, history.result(1)
    state = campaign.ruleset.to_json(campaign, result.after, result.events)
    assert [(d["purpose"], d["subject"], d["index"], d["value"], d["recorded"]) for d in state["dice"] if d["subject"] == "crane-1"] == [
        ("experience", "crane-1", 0, 10, True), ("experience", "crane-1", 1, 2, False)]


#: Yokuni's Dragon in the Togashi province, Lion next door
TOGASHI = """\
title: Togashi
ruleset: clanwar
seed: 3
map:
  provinces:
    togashi: {faction: dragon, flags: [togashi], at: [0, 0]}
    mirumoto: {faction: dragon, at: [0, 2]}
    akodo: {faction: lion, at: [2, 0]}
  links: [[togashi, mirumoto], [togashi, akodo], [mirumoto, akodo]]
players:
  - id: dragon
    daimyo: yokuni
    buy:
      - {personality: yokuni, type: togashi_yokuni, unique: true, cost: 100, earth: 4, void: 5, wounds: 5, leadership: 3, deploy: togashi}
      - {unit: u2, type: ashigaru, models: 10, cost: 100, deploy: togashi, ml: 6, tl: 6, leadership: 1, lps: [{rank: nikutai}]}
  - id: lion
    daimyo: tsuko
    buy:
      - {personality: tsuko, unique: true, cost: 100, earth: 3, void: 3, wounds: 4, leadership: 2, deploy: akodo}
      - {unit: l1, type: ashigaru, models: 10, cost: 100, deploy: akodo, ml: 6, tl: 6, leader: tsuko}
"""


def test_a_unit_tattooed_this_turn_and_driven_from_togashi_by_a_battle(make_campaign):
    """L170: the unit Yokuni tattoos 'must spend the entire turn in the Togashi province'. Its own
    moves out are refused at the move (case 39); beaten there, it withdraws, and the error is placed
    at the tattoos bought, with a hint that says so."""
    _, problems = play(make_campaign, {1: """\
        start:
          assign: [{personality: yokuni, unit: u2}]
          buy:
            dragon: [{tattoo: u2, tattoos: [dragon], cost: 30}]
        moves:
          primary: {l1: togashi}
        battles:
          - {at: togashi, sides: [[lion], [dragon]], winner: lion, withdraw: {dragon: mirumoto}}
        dice:
          experience: {u2: [10, 10], l1: [10, 10]}
        """}, campaign=TOGASHI)
    assert problems == [
        "content/turns/001.yaml:4:14: error: u2 did not spend the whole turn in the Togashi province [Yokuni's tattoos (L170)]\n"
        "    hint: it was driven out by a battle: remove the tattoos from this turn's purchases, and buy them in a turn it stays there"]


def test_after_a_withdrawal_of_an_unknown_player_the_next_is_still_made(make_campaign):
    history, _ = play(make_campaign, {1: ATTACK.format(winner="crane", extra="    withdraw: {crabs: matsu, lion: matsu}\n")})
    assert history.final.units["lion-1"].province == "matsu"


def test_a_personality_in_a_battle_entry_without_wounds_written_loses_none(make_campaign):
    """A battle entry's personality with no wounds: written took none: hoturi, 4 of 4, has nothing to
    heal at Recovery (L131), so no healing roll is made for him."""
    history, problems = play(make_campaign, {1: ATTACK.format(winner="crane", extra="    withdraw: {lion: matsu}\n"
                                                                                       "    personalities: {hoturi: {removed: false}}\n")})
    assert problems == []
    campaign, result = history.campaign, history.result(1)
    state = campaign.ruleset.to_json(campaign, result.after, result.events)
    assert [d["purpose"] for d in state["dice"] if d["subject"] == "hoturi"] == []
    assert state["personalities"]["hoturi"]["wounds"] == 4


def test_a_unique_item_named_as_a_personality_bought_with_it_is_still_bought(make_campaign):
    """Only items count as copies of a unique item: a personality whose id reads as the item's name
    (jade_hand, Jade Hand), bought in the same Start phase, is no copy of it."""
    history, problems = play(make_campaign, {1: "start:\n  buy:\n    crane:\n"
                                                "      - {personality: jade_hand, cost: 10, earth: 2, void: 2, wounds: 3, deploy: doji}\n"
                                                "      - {item: Jade Hand, unique: true, cost: 10, to: hoturi}\n"})
    assert problems == []
    assert history.final.personalities["hoturi"].items == ("Jade Hand",)


def test_a_personality_bought_to_command_a_new_unit_and_forces_of_other_clans(make_campaign):
    """L89, L92: a personality bought with ``unit:`` commands the unit bought before it (the entry
    was read as the unit's, "id taken"); L59, L139: a personality of a clan no one plays keeps its
    clan and no seller, one bought from an ally (Paula, playing Lion) names her as its seller; a
    written ``reincarnates:`` is kept."""
    campaign = CAMPAIGN.replace("  - id: lion\n", "  - id: paula\n    faction: lion\n")
    history, problems = play(make_campaign, {1: "start:\n  alliances: [[crane, paula]]\n  buy:\n    crane:\n"
        "      - {personality: ishio, unique: true, from: phoenix, base: 50, earth: 2, void: 2, wounds: 2, deploy: doji}\n"
        "      - {personality: toku, unique: true, from: paula, base: 40, cost: 40, earth: 2, void: 2, wounds: 2, deploy: doji, "
        "reincarnates: true}\n"
        "      - {unit: c5, type: ashigaru, models: 5, cost: 50, deploy: doji, ml: 6, tl: 6}\n"
        "      - {personality: kaede, unique: true, cost: 30, earth: 2, void: 2, wounds: 2, deploy: doji, unit: c5}\n"},
        campaign)
    assert problems == []
    after = history.result(1).after
    got = {pid: (after.personalities[pid].clan, after.personalities[pid].bought_from, after.personalities[pid].reincarnates)
           for pid in ("ishio", "toku", "kaede")}
    assert got == {"ishio": ("phoenix", None, False), "toku": ("lion", "paula", True), "kaede": (None, None, False)}
    assert (after.units["c5"].leader, after.personalities["kaede"].unit) == ("kaede", "c5")


@pytest.mark.parametrize("key", ["owners", "original", "factions", "units", "personalities", "libraries", "joint"])
def test_a_state_changed_with_but_keeps_its_mappings_sorted_and_read_only(make_campaign, key):
    """A state is a value: a mapping given to ClanwarState.but is copied, sorted by key (the state
    JSON and every walk over it come out in one order) and read-only (no rule can change a state
    that an earlier turn's page still shows)."""
    history, _ = play(make_campaign, {})
    state = history.state_after(0)
    given = dict(reversed(sorted(getattr(state, key).items()))) or {"zz": "x", "aa": "y"}
    changed = state.but(**{key: given})
    got = getattr(changed, key)
    assert list(got) == sorted(given)
    given.clear()
    assert len(got) > 0
    with pytest.raises(TypeError):
        got["new"] = None


def test_a_battle_where_only_allies_stand_names_every_army_there(make_campaign):
    """L81: a battle is fought where opposing armies meet. Crane and Lion, allied, share Doji; a
    battle entered there with both on one side is refused, and the hint names both armies."""
    _, problems = play(make_campaign, {1: "start:\n  alliances: [[crane, lion]]\nmoves:\n  primary: {lion-1: doji}\n"
                                          "battles:\n  - {at: doji, sides: [[crane, lion]], winner: crane}\n"})
    assert problems == ["content/turns/001.yaml:6:10: error: no opposing armies stand in Doji: no battle is fought there "
                        "[a battle wherever opposing armies meet (L81)]\n    hint: armies there: Crane, Lion"]


def test_a_tattooed_unit_s_second_replacement_after_a_refused_one_is_a_consequence(make_campaign):
    """One cause, one error: the first replacements for the tattooed crane-2 are refused (no price),
    which puts crane-2 in doubt; the second's missing tattoo price is then counted under that error,
    not reported as a second one."""
    campaign = CAMPAIGN.replace("leader: hoturi}\n", "leader: hoturi}\n      - {unit: crane-2, type: ashigaru, models: 5, cost: 50, "
                                                     "deploy: doji, ml: 6, tl: 6, leadership: 1, tattoos: [tiger]}\n", 1)
    _, problems = play(make_campaign, {1: "start:\n  buy:\n    crane:\n      - {replace: crane-2, models: 2, tattoos_cost: 4}\n"
                                          "      - {replace: crane-2, models: 2, cost: 10}\n"}, campaign=campaign)
    assert problems == [
        "content/turns/001.yaml:4:9: error: no price for 2 replacement models for crane-2 [prices]\n"
        "    hint: write cost: (koku), or give it a price in the catalogue",
        "content/turns/001.yaml:5:9: warning: 1 more problem not reported: it follows from an earlier error (turn 1: no price "
        "for 2 replacement models for crane-2) [consequences of an earlier error]\n"
        "    hint: fix that error first; not reported: crane-2 is tattooed: its new models must be tattooed too"]


# ---- seed 14's fresh draw (issue 13): edges it found untested ------------------------------------

#: Lion adds Kage, a lone personality (no unit) at Akodo
KAGE = CAMPAIGN.replace("""      - {unit: lion-1, type: ashigaru, models: 10, cost: 100, deploy: akodo, ml: 6, tl: 6, leader: tsuko}
""", """      - {unit: lion-1, type: ashigaru, models: 10, cost: 100, deploy: akodo, ml: 6, tl: 6, leader: tsuko}
      - {personality: kage, unique: true, cost: 30, earth: 2, void: 2, wounds: 3, deploy: akodo}
""")


def test_a_lone_personality_is_forces_enough_to_capture(make_campaign):
    """A capture needs the captor's forces where the captive stands (captures are facts, L117): an
    active lone personality is forces (Board.force_players). Kuwanan and Kage both walk into the neutral
    Plain (no army, so no battle) and Lion captures Kuwanan; without Kage there, it cannot."""
    history, problems = play(make_campaign, {
        1: "moves:\n  primary: {kuwanan: [doji, plain], kage: [beiden_pass]}\n",
        2: "moves:\n  primary: {kage: [plain]}\nfacts:\n  captured: [{personality: kuwanan, by: lion}]\n"}, KAGE)
    assert problems == []
    kuwanan = history.final.personalities["kuwanan"]
    assert (kuwanan.status, kuwanan.captured_by) == ("captured", "lion")
    history, problems = play(make_campaign, {
        1: "moves:\n  primary: {kuwanan: [doji, plain], kage: [beiden_pass]}\n",
        2: "facts:\n  captured: [{personality: kuwanan, by: lion}]\n"}, KAGE)
    assert problems == ["content/turns/002.yaml:2:41: error: Lion has no forces in Plain of Fast Troubles, where kuwanan "
                        "stands [capture]\n    hint: the captor needs forces in the province where the personality stands"]
    assert history.final.personalities["kuwanan"].status == "active"


def test_a_turn_after_the_campaign_is_won_is_refused_and_still_counted(make_campaign):
    """After a win a further turn is an error (case 58), and its state is the winning position numbered
    as that turn (2: not the winning turn 1, nor none), as every turn's state is."""
    won = CAMPAIGN.replace("seed: 3\n", "seed: 3\noptions: {victory: provinces, victory_provinces: 4}\n")
    history, problems = play(make_campaign, {1: "moves:\n  primary: {crane-1: plain}\n", 2: "title: after\n"}, won)
    assert problems == ["content/turns/002.yaml:1:1: error: the campaign is already won: no more turns are played "
                        "[victory]\n    hint: the winner is Crane"]
    after = history.result(2).after
    assert (after.turn, after.winner, history.result(1).after.turn) == (2, "crane", 1)
    assert after.owners == history.result(1).after.owners


def test_a_released_personality_returns_where_the_release_says(make_campaign):
    """After Lion captures Kuwanan in the Plain (above), Kuwanan is released to Asahina: the event
    names the province (the site's sentence reads it) and the state puts him there, active again."""
    history, problems = play(make_campaign, {
        1: "moves:\n  primary: {kuwanan: [doji, plain], kage: [beiden_pass]}\n",
        2: "moves:\n  primary: {kage: [plain]}\nfacts:\n  captured: [{personality: kuwanan, by: lion}]\n",
        3: "facts:\n  released: [{personality: kuwanan, at: asahina}]\n"}, KAGE)
    assert problems == []
    (released,) = [e for e in history.result(3).events if type(e).__name__ == "Released"]
    assert (released.personality, released.player, released.at) == ("kuwanan", "crane", "asahina")
    assert released.describe() == "kuwanan is released and returns to crane at asahina"
    kuwanan = history.final.personalities["kuwanan"]
    assert (kuwanan.status, kuwanan.province) == ("active", "asahina")
