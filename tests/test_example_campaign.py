"""The repository's own example campaign, content/: "The Pitac Wars of Kansai".

It must check clean, and its history must match what an administrator works out by hand from
the turn files. Turns 1..3 write down every die, so their outcome is computed here from the
rulebook alone (not copied from chronicle's output):

Start (start_roll high to low): Yui 10 Yamashiro, Mariko 8 Harima, Kenji 6 Shinano,
Tom 5 Chikuzen, Ren 3 Suo; every capital defends with 3d10. Sam joins at turn 5.

==== ===================== ============================== ============================= ===============================
turn territory (before)      orders                         dice (best)                   result
==== ===================== ============================== ============================= ===============================
1    Settsu (neutral)        Mariko Attack, Yui Attack      Mariko 6, Yui 6               tie for the high roll: neutral
1    Awaji (neutral)         Mariko Attack (sea, Harima)    Mariko 7                      Mariko
1    Buzen (neutral)         Tom Attack                     Tom 4                         Tom
1    Hizen (neutral)         Tom Attack                     Tom 1                         a 1 always fails: neutral
1    Echigo (neutral)        Kenji Attack                   Kenji 10+3 = 13               Kenji
1    Nagato (neutral)        Ren Attack                     Ren 8                         Ren
2    Buzen (Tom)             Ren Attack x2 (sea, Nagato),   Tom 5, 7 (7);                 Ren (12 > 7)
                             Tom Defend                     Ren 3, 10+2 (12)
2    Settsu (neutral)        Yui Attack, Mariko Attack      Yui 8, Mariko 5               Yui
2    Tanba (neutral)         Yui Attack                     Yui 3                         Yui
2    Sado (neutral)          Kenji Attack (sea, Echigo)     Kenji 2                       Kenji
3    Settsu (Yui)            Mariko Attack, Yui Defend      Yui 4, 6 (6); Mariko 6        tie goes to the defender: Yui
3    Tanba (Yui)             Mariko Attack                  Yui 1; Mariko 1               tie of ones: neutral again
3    Buzen (Ren)             Tom Attack                     Ren 3; Tom 9                  Tom
3    Hizen (neutral)         Tom Attack                     Tom 5                         Tom
3    Aki (neutral)           Ren Attack                     Ren 7                         Ren
3    Mino (neutral)          Kenji Attack                   Kenji 2                       Kenji
==== ===================== ============================== ============================= ===============================

After turn 3 (every other territory neutral; Tanba and Hizen changed hands and are neutral):

======= ==================================== ===== =========
player  territories                          count capital
======= ==================================== ===== =========
Yui     Yamashiro, Settsu                    2     Yamashiro
Mariko  Harima, Awaji                        2     Harima
Kenji   Shinano, Echigo, Sado, Mino          4     Shinano
Tom     Chikuzen, Buzen, Hizen               3     Chikuzen
Ren     Suo, Nagato, Aki                     3     Suo
Sam     (joins at turn 5)                    0     -
======= ==================================== ===== =========

Ranks, from the VP written in each battle (the totals restart at 0 once someone reaches 25):

====== === === === === === === ====== === === === === === ====== ===
player  t1  t2  t3  t4  t5  t6 epoch1  t7  t8  t9 t10 t11 epoch2 t12
====== === === === === === === ====== === === === === === ====== ===
Yui      1   4   2   2   4   6     19   5   3   3   5   9     25   2
Mariko   4   1   5   2   5   8     25   3   4   2   5   3     17   5
Kenji    2   2   3   5   4   3     19   3   2   6   2   4     17   4
Tom      5   2   4   4   2   5     22   5   5   4   2   3     19   6
Ren      1   5   2   -   2   2     12   2   5   1   2   6     16   3
Sam      -   -   -   -   1   2      3   4   1   2   4   2     13   4
====== === === === === === === ====== === === === === === ====== ===

Epoch 1 closes after turn 6 (Mariko 25), epoch 2 after turn 11 (Yui 25); epoch 3 is open.
House rule shogun_share_large "1/6": ceil(68 / 6) = 12 territories. Tom reaches 12 in turn 12
by taking Nagato across the Kanmon strait (Tom 4, 10+3 = 13 against Ren's 7, 9), while Kenji
ends on 11.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from chronicle.history import load_history

REPO = Path(__file__).resolve().parents[1]

START_CAPITALS = {"yui": "yamashiro", "mariko": "harima", "kenji": "shinano", "tom": "chikuzen", "ren": "suo"}

AFTER_TURN_3 = {
    "yamashiro": "yui", "settsu": "yui",
    "harima": "mariko", "awaji": "mariko",
    "shinano": "kenji", "echigo": "kenji", "sado": "kenji", "mino": "kenji",
    "chikuzen": "tom", "buzen": "tom", "hizen": "tom",
    "suo": "ren", "nagato": "ren", "aki": "ren",
}


@pytest.fixture(scope="module")
def history():
    return load_history(REPO)


def view(history, number):
    """The ruleset's JSON view of the position after a turn (what `chronicle state --json` prints)."""
    campaign = history.campaign
    return campaign.ruleset.to_json(campaign, history.state_after(number))


def conflicts(history, number):
    return [e for e in history.result(number).events if e.kind == "conflict"]


def sea_only_attacks(history):
    """(turn, territory, attacker) for every attack the attacker could only make by a sea lane."""
    game_map = history.campaign.map
    found = set()
    for result in history.turns:
        for conflict in conflicts(history, result.turn.number):
            for side in conflict.sides:
                if side.role != "attacker":
                    continue
                held = [p for p, o in result.before.owners.items() if o == side.player]
                kinds = {game_map.link_between(h, conflict.province).kind
                         for h in held if game_map.link_between(h, conflict.province)}
                if kinds == {"sea"}:
                    found.add((result.turn.number, conflict.province, side.player))
    return found


def test_example_checks_clean(run):
    result = run("check", REPO)
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    assert "error" not in result.output.replace("no errors", "")
    assert "12 turns replayed" in result.output


def test_example_has_no_problems_at_all(history):
    assert list(history.problems) == []
    assert [t.turn.number for t in history.turns] == list(range(1, 13))
    assert all(t.turn.story for t in history.turns), "every turn has its chronicle text"


def test_campaign_setup(history):
    campaign = history.campaign
    assert campaign.title == "The Pitac Wars of Kansai"
    assert len(campaign.map.provinces) == 68
    colours = [p.colour.upper() for p in campaign.players]
    assert len(set(colours)) == len(colours) == 6
    assert set(colours) <= {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}
    start = view(history, 0)
    assert {pid: p["capital"] for pid, p in start["players"].items() if p["joined"]} == START_CAPITALS
    assert not start["players"]["sam"]["joined"]


@pytest.mark.parametrize("number", [1, 2, 3])
def test_first_three_turns_use_only_recorded_dice(history, number):
    found = conflicts(history, number)
    assert found
    for conflict in found:
        for side in conflict.sides:
            assert all(die.recorded for die in side.dice), (number, conflict.province, side.player)


def test_state_after_turn_3_matches_the_hand_computation(history):
    after = view(history, 3)
    held = {pid: p["owner"] for pid, p in after["provinces"].items() if p["owner"]}
    assert held == AFTER_TURN_3
    # the territories that passed through someone's hands and are neutral again, or never fell
    assert after["provinces"]["tanba"]["owner"] is None
    assert after["provinces"]["settsu"]["owner"] == "yui"
    counts = {pid: p["provinces"] for pid, p in after["players"].items()}
    assert counts == {"yui": 2, "mariko": 2, "kenji": 4, "tom": 3, "ren": 3, "sam": 0}
    capitals = {pid: p["capital"] for pid, p in after["players"].items()}
    assert capitals == {**START_CAPITALS, "sam": None}
    assert after["ranking"] == {"epoch": 1, "epochs": [],
                                "totals": {"yui": 7, "mariko": 10, "kenji": 7, "tom": 11, "ren": 8, "sam": 0}}


def test_turn_3_ties(history):
    by_province = {c.province: c for c in conflicts(history, 3)}
    assert (by_province["settsu"].outcome, by_province["settsu"].new_owner) == ("held", "yui")
    assert (by_province["tanba"].holder, by_province["tanba"].new_owner) == ("yui", None)


def test_absent_player_still_defends_with_drawn_dice(history):
    fourth = history.result(4)
    earned = {e.player for e in fourth.events if e.kind == "moves-earned"}
    assert "ren" not in earned
    nagato = next(c for c in conflicts(history, 4) if c.province == "nagato")
    ren = next(s for s in nagato.sides if s.player == "ren")
    assert ren.role == "holder" and not any(d.recorded for d in ren.dice)


def test_late_player_joins_at_turn_5(history):
    assert not view(history, 4)["players"]["sam"]["joined"]
    fifth = view(history, 5)["players"]["sam"]
    assert fifth["joined"] and fifth["provinces"] == 1 and fifth["capital"] is not None


def test_final_turn_winner_and_ranking_epochs(history):
    final = view(history, 12)
    assert final["winner"] == "tom"
    assert final["winner_turn"] == 12
    assert final["shogun_needed"] == 12
    assert final["players"]["tom"]["provinces"] == 12
    assert final["provinces"]["nagato"]["owner"] == "tom"
    assert max(p["provinces"] for pid, p in final["players"].items() if pid != "tom") < 12
    assert view(history, 11)["winner"] is None
    assert final["ranking"]["epoch"] == 3
    assert final["ranking"]["epochs"] == [
        {"number": 1, "ended_turn": 6, "champions": ["mariko"],
         "totals": {"yui": 19, "mariko": 25, "kenji": 19, "tom": 22, "ren": 12, "sam": 3}},
        {"number": 2, "ended_turn": 11, "champions": ["yui"],
         "totals": {"yui": 25, "mariko": 17, "kenji": 17, "tom": 19, "ren": 16, "sam": 13}},
    ]
    assert final["ranking"]["totals"] == {"yui": 2, "mariko": 5, "kenji": 4, "tom": 6, "ren": 3, "sam": 4}


def test_example_exercises_the_rulebook(history):
    """A guard for later edits: the example keeps showing every case of the rulebook."""
    kinds = Counter(e.kind for t in history.turns for e in t.events)
    for kind in ("capital-lost", "capital-chosen", "unopposed-defence", "epoch-ended", "shogun-proclaimed",
                 "army-list-bonus", "capital-placed"):
        assert kinds[kind], kind
    cases = set()
    for t in history.turns:
        for c in conflicts(history, t.turn.number):
            best = {s.player: max(d.value for d in s.dice) for s in c.sides}
            if c.holder is None:
                contested = len(c.sides) > 1
                cases.add(("neutral", "contested" if contested else "uncontested",
                           "taken" if c.new_owner else "failed" if max(best.values()) == 1 else "tie"))
            else:
                tie = any(b == best[c.holder] for p, b in best.items() if p != c.holder)
                cases.add(("held", "taken" if c.new_owner not in (c.holder, None) else
                           "neutral" if c.new_owner is None else "tie" if tie else "held", c.capital))
    for case in [("neutral", "uncontested", "taken"), ("neutral", "uncontested", "failed"),
                 ("neutral", "contested", "taken"), ("neutral", "contested", "tie"),
                 ("held", "taken", False), ("held", "taken", True), ("held", "held", True),
                 ("held", "tie", False), ("held", "tie", True), ("held", "neutral", False)]:
        assert case in cases, case
    assert sea_only_attacks(history) >= {(1, "awaji", "mariko"), (2, "sado", "kenji"), (2, "buzen", "ren"),
                                         (12, "nagato", "tom")}
    battles = [e for t in history.turns for e in t.events if e.kind == "battle-fought"]
    assert any(len(b.players) >= 3 for b in battles)
    assert any(len(b.winners) > 1 for b in battles)
    drawn = recorded = 0
    for t in history.turns:
        for c in conflicts(history, t.turn.number):
            for s in c.sides:
                for d in s.dice:
                    recorded += d.recorded
                    drawn += not d.recorded
    assert drawn and recorded
