"""Clan War edges that the rulebook cases do not reach, found by scripts/mutate (issue 13): the
Cavalry phase's slots in ``chronicle next`` (a Cavalry unit, a Flight unit, a Cavalry and a Flight
lone personality, beside forces that may not use it), and a move over a sea link drawn as a sea
leg on the map. The map is the helpers' branching map with a sea link from Asahina to Kitsu."""

from __future__ import annotations

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
    orders = {(o.army, o.phase): (o.path, o.legs) for o in marks.orders}
    assert orders == {
        ("crane-2", "Primary movement"): (("kakita", "otosan_uchi"), ("",)),
        ("kuwanan", "Primary movement"): (("kakita", "asahina", "kitsu"), ("", "sea")),
        ("crane-2", "Cavalry movement"): (("otosan_uchi", "plain"), ("",)),
        ("yoshi", "Cavalry movement"): (("asahina", "doji"), ("",)),
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
