"""The map-marks interface: what each ruleset tells the map about a turn (rules/__init__.py).

Every order of a turn becomes one mark (an arrow or a mark in place) with its outcome and a
title; every contest (a roll-off, a battle, a siege) one contest mark with the index of the
event whose card tells it.
"""

from __future__ import annotations

import json
import textwrap
from collections import Counter

import pytest

from chronicle.history import load_history, replay_folder
from chronicle.rules import ContestMark, MapMarks, OrderMark, Outcome, Ruleset
from chronicle.rules.pitac.record import OrderKind
from conftest import REPO
from samples import SMALL_CAMPAIGN
from sengoku.helpers import play


def marks_of(history, number: int) -> MapMarks:
    result = history.result(number)
    return history.campaign.ruleset.map_marks(history.campaign, result.before, result.after, result.record,
                                               result.events)


# ---- Pitac ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def example():
    return load_history(REPO)


def test_pitac_example_turn_6_the_fight_for_yamashiro(example):
    """The issue's own case: three players fight over Yamashiro; Yui attacks it twice."""
    marks = marks_of(example, 6)
    got = [(o.kind, o.player, o.path, o.outcome, o.count) for o in marks.orders]
    assert got == [
        ("attack", "yui", ("settsu", "yamashiro"), Outcome.FAILED, 2),
        ("attack", "mariko", ("tanba", "yamashiro"), Outcome.FAILED, 1),
        ("attack", "mariko", ("tajima", "inaba"), Outcome.SUCCEEDED, 1),
        ("defend", "kenji", ("yamashiro",), Outcome.SUCCEEDED, 1),
        ("attack", "tom", ("buzen", "bungo"), Outcome.SUCCEEDED, 1),
        ("attack", "tom", ("buzen", "nagato"), Outcome.FAILED, 1),
        ("attack", "ren", ("iwami", "izumo"), Outcome.SUCCEEDED, 1),
        ("attack", "sam", ("bingo", "izumo"), Outcome.FAILED, 1),
    ]
    titles = [o.title for o in marks.orders]
    assert titles[0] == "Yui Nakamura: Attack Yamashiro ×2 — failed: Kenji Hayashi held it (the defender rolled highest)"
    assert titles[3] == "Kenji Hayashi: Defend Yamashiro — held"
    assert titles[7] == "Sam Ortiz: Attack Izumo — failed: Ren Ishida took it"
    yamashiro = [c for c in marks.contests if c.province == "yamashiro"]
    assert len(yamashiro) == 1
    contest = yamashiro[0]
    assert (contest.kind, contest.outcome, contest.winner) == ("conflict", Outcome.FAILED, "kenji")
    assert set(contest.players) == {"kenji", "mariko", "yui"}
    event = example.result(6).events[contest.event]
    assert event.kind == "conflict" and event.province == "yamashiro"
    # the tabletop battle is a contest with no place on the map
    battle = [c for c in marks.contests if c.kind == "battle"]
    assert len(battle) == 1 and battle[0].province is None and example.result(6).events[battle[0].event].kind == "battle-fought"


def test_pitac_every_order_of_every_turn_is_one_mark_from_a_held_neighbour(example):
    campaign = example.campaign
    for result in example.turns:
        marks = marks_of(example, result.turn.number)
        written = Counter((o.player, o.kind.value, o.province) for o in result.record.orders)
        drawn = {(m.player, m.kind, m.path[-1]): m.count for m in marks.orders}
        assert drawn == dict(written), result.turn.number
        for mark in marks.orders:
            assert mark.title.startswith(campaign.name_of(mark.player) + ": ")
            if mark.kind == "attack":
                origin, target = mark.path
                assert campaign.map.link_between(origin, target) is not None
                held = result.before.owners.get(origin) == mark.player or any(
                    getattr(e, "province", None) == origin and getattr(e, "player", getattr(e, "receiver", None)) == mark.player
                    for e in result.events)
                assert held, (result.turn.number, mark)
        conflicts = [e for e in result.events if e.kind == "conflict"]
        assert sorted(c.province for c in marks.contests if c.kind == "conflict") == sorted(e.province for e in conflicts)


SMALL_TURNS = {
    1: """
       battles:
         - {players: [paula, ginger], winner: paula}
       orders:
         paula: [Attack Inaba, Attack Higo]
         ginger: [Defend Awaji]
       dice:
         inaba: {paula: 7}
         higo: {paula: 1}
       """,
    2: """
       battles:
         - {players: [paula, ginger], winner: ginger}
       orders:
         ginger: [Attack Inaba, Attack Inaba]
         paula: [Defend Inaba]
       dice:
         inaba: {paula: [3, 4], ginger: [9, 1]}
       """,
}


def test_pitac_outcomes_at_their_edges(make_campaign):
    history = load_history(make_campaign(SMALL_CAMPAIGN, SMALL_TURNS))
    first = {(o.player, o.path): o for o in marks_of(history, 1).orders}
    assert first[("paula", ("tosa", "inaba"))].outcome is Outcome.SUCCEEDED
    higo = first[("paula", ("tosa", "higo"))]                      # across the sea lane: the only neighbour held
    assert higo.outcome is Outcome.FAILED and higo.title.endswith("failed: it stays neutral (a 1 always fails)")
    awaji = first[("ginger", ("awaji",))]
    assert awaji.outcome is Outcome.NONE and awaji.title == "Ginger Green: Defend Awaji — no one attacked it"
    second = {(o.player, o.kind): o for o in marks_of(history, 2).orders}
    attack = second[("ginger", "attack")]
    assert (attack.path, attack.count, attack.outcome) == (("awaji", "inaba"), 2, Outcome.SUCCEEDED)
    assert attack.title == "Ginger Green: Attack Inaba ×2 — taken"
    defence = second[("paula", "defend")]
    assert defence.outcome is Outcome.FAILED and defence.title == "Paula Purple: Defend Inaba — lost to Ginger Green"
    (contest,) = [c for c in marks_of(history, 2).contests if c.kind == "conflict"]
    assert (contest.province, contest.outcome, contest.winner) == ("inaba", Outcome.SUCCEEDED, "ginger")


def test_marks_are_plain_json():
    mark = OrderMark("move", "red", ("p1", "p2"), Outcome.SUCCEEDED, "Red: red-1 One → Two — arrived", legs=("sea",))
    data = json.loads(json.dumps(mark.to_json()))
    assert data["outcome"] == "succeeded" and data["path"] == ["p1", "p2"] and data["legs"] == ["sea"]
    contest = ContestMark("battle", None, ("a", "b"), Outcome.PENDING, "t")
    assert json.loads(json.dumps(contest.to_json()))["outcome"] == "pending"


def test_a_ruleset_without_marks_draws_nothing():
    assert Ruleset().map_marks(None, None, None, None, ()) == MapMarks()


# ---- Sengoku ----------------------------------------------------------------------------------

def sengoku_marks(make_campaign, turns, **kwargs):
    history, found = play(make_campaign, {n: textwrap.dedent(t) for n, t in turns.items()}, **kwargs)
    assert [p for p in found if ": error:" in p] == []
    return history, marks_of(history, 1)


def test_sengoku_forced_march_marks_its_last_steps(make_campaign):
    _, marks = sengoku_marks(make_campaign, {1: "moves:\n  red-1: {path: [2, 3, 4, 5], forced: 1}\n"
                                                "dice: {supply: {red-1: 1}}\n"})
    (move,) = [o for o in marks.orders if o.army == "red-1"]
    assert (move.kind, move.path, move.legs, move.name) == ("move", ("p1", "p2", "p3", "p4", "p5"), ("", "", "", "forced"),
                                                            "Forced march")
    assert move.title == "Red: red-1 One → Two → Three → Four → Five — arrived (forced march of 1 province, 1 element lost)"


def test_sengoku_sea_move_and_its_storm(make_campaign):
    history, marks = sengoku_marks(make_campaign, {1: "moves:\n  red-1: [10]\ndice:\n  storm: {red-1: [1, 4]}\n"})
    (move,) = [o for o in marks.orders if o.army == "red-1"]
    assert (move.path, move.legs, move.name, move.outcome) == (("p1", "p10"), ("sea",), "Sea move", Outcome.SUCCEEDED)
    assert "storm at sea, 4 elements lost" in move.title
    assert history.result(1).events[move.event].kind == "army-moved"


def test_sengoku_refused_battle_is_a_retreat(make_campaign):
    _, marks = sengoku_marks(make_campaign, {1: "moves: {blue-1: [5, 4, 3]}\nresponses: {red-3: {retreat: 2}}\n"})
    kinds = {(o.kind, o.army): o for o in marks.orders}
    assert kinds[("move", "blue-1")].path == ("p6", "p5", "p4", "p3")
    retreat = kinds[("retreat", "red-3")]
    assert retreat.path == ("p3", "p2") and retreat.name == "Refuse battle"
    assert not [c for c in marks.contests if c.kind == "battle"]          # no battle: nothing pending either


def test_sengoku_battle_and_the_loser_s_retreat(make_campaign):
    history, marks = sengoku_marks(make_campaign, {1: """
        moves: {blue-1: [5, 4, 3]}
        responses: {red-3: battle}
        battles:
          - at: 3
            attacker: {army: blue-1, lost: 2}
            defender: {army: red-3, lost: 4}
        """})
    (battle,) = [c for c in marks.contests if c.kind == "battle"]
    assert (battle.province, battle.outcome, battle.winner, set(battle.players)) == ("p3", Outcome.SUCCEEDED, "blue",
                                                                                      {"red", "blue"})
    assert history.result(1).events[battle.event].kind == "battle-fought"
    (retreat,) = [o for o in marks.orders if o.kind == "retreat"]
    assert (retreat.army, retreat.path, retreat.name) == ("red-3", ("p3", "p2"), "Retreat")


def test_sengoku_siege_laid_and_rolled(make_campaign):
    red = "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 3\n    armies: [1, 1]"
    turns = {1: "moves: {blue-1: {path: [5, 4, 3, 2, 1], forced: 2}}\nresponses: {red-1: fortress, red-2: fortress}\n"
                "dice: {siege: {blue-1: 1}, supply: {blue-1: 1}}\n"}
    history, marks = sengoku_marks(make_campaign, turns, red=red)
    siege_orders = [o for o in marks.orders if o.kind == "siege"]
    assert [(o.army, o.path, o.outcome) for o in siege_orders] == [("blue-1", ("p1",), Outcome.SUCCEEDED)]
    assert "the castle held this month" in siege_orders[0].title
    (roll,) = [c for c in marks.contests if c.kind == "siege"]
    assert (roll.province, roll.outcome, roll.winner) == ("p1", Outcome.FAILED, "red")
    assert history.result(1).events[roll.event].kind == "siege-roll"
    assert sorted(o.army for o in marks.orders if o.kind == "defend") == ["red-1", "red-2"]


def test_sengoku_transfer_joins_the_two_armies(make_campaign):
    _, marks = sengoku_marks(make_campaign, {1: "transfers: [{from: red-1, to: red-2, elements: 2}]\nmoves: {red-2: [4]}\n"},
                             red="provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, {at: 3, elements: 8}]")
    (transfer,) = [o for o in marks.orders if o.kind == "transfer"]
    assert (transfer.path, transfer.player) == (("p1", "p3"), "red")


def test_sengoku_example_every_move_battle_and_siege_is_marked():
    history, problems = replay_folder(REPO / "examples" / "sengoku")
    for result in history.turns:
        marks = marks_of(history, result.turn.number)
        moved = [e for e in result.events if e.kind == "army-moved"]
        arrows = [o for o in marks.orders if o.phase == "movement" and o.kind in ("move", "attack")]
        assert [(o.army, o.path) for o in arrows] == [(e.army, e.path) for e in moved]
        fights = sorted(i for i, e in enumerate(result.events) if e.kind in ("battle-fought", "siege-roll"))
        assert sorted(c.event for c in marks.contests if c.event is not None) == fights
        for mark in marks.orders + marks.contests:
            assert mark.title and (mark.province if isinstance(mark, ContestMark) else mark.path)
