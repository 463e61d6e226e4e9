"""Every Pitac event's sentence, as the turn pages and `chronicle state` print it.

The sentences are the rules explained to the players; each is pinned here once, with display
names (``name``) applied to every player and territory, so that a changed word or a dropped name
is a failing test rather than a surprise on the site.
"""

from __future__ import annotations

from types import MappingProxyType

import pytest

from chronicle.dice import Die
from chronicle.rules.pitac.conflict import Side
from chronicle.rules.pitac.state import (ArmyListBonus, BattleFought, CapitalChosen, CapitalLost, CapitalPending,
                                         CapitalPlaced, Conflict, EpochEnded, LeftMap, MovesEarned,
                                         ShogunProclaimed, TerritoryGiven, UnopposedDefence)


def name(key):
    return {"paula": "Paula", "ginger": "Ginger", "billy": "Billy", "tosa": "Tosa", "awa": "Awa"}.get(key, key)


SIDES = (Side("ginger", "holder", (Die((3,)), Die((1,)))), Side("paula", "attacker", (Die((10, 4)),)))

CASES = [
    (CapitalPlaced("paula", "tosa", "chosen", 3), "Paula chose Tosa as capital (3d10 defence)"),
    (CapitalPlaced("paula", "tosa", "random", 3), "Paula was given at random Tosa as capital (3d10 defence)"),
    (CapitalPlaced("billy", "awa", "joined", 4), "Billy joined the map at Awa as capital (4d10 defence)"),
    (TerritoryGiven("ginger", "paula", "awa", False), "Ginger gave Awa to Paula"),
    (TerritoryGiven("ginger", "billy", "awa", True), "Ginger gave Awa to Billy, who makes it their capital"),
    (MovesEarned("paula", 2, "won Battle 1"), "Paula earned 2 moves: won Battle 1"),
    (MovesEarned("ginger", 1, "fought in Battle 1"), "Ginger earned 1 move: fought in Battle 1"),
    (BattleFought("Battle 1", ("paula", "ginger"), ("paula",), MappingProxyType({}), "Pike and Shot"),
     "Battle 1: Paula vs Ginger, won by Paula"),
    (BattleFought("Melee", ("paula", "ginger", "billy"), ("paula", "billy"), MappingProxyType({})),
     "Melee: Paula vs Ginger vs Billy, won by Paula and Billy"),
    (BattleFought("Draw", ("paula", "ginger"), (), MappingProxyType({})), "Draw: Paula vs Ginger, no winner"),
    (Conflict("awa", "ginger", False, SIDES, "taken", "paula", "the highest roll gains the territory"),
     "Awa: Ginger 3, 1; Paula 10+4=14. Paula takes Awa (the highest roll gains the territory)"),
    (Conflict("awa", "ginger", True, SIDES, "held", "ginger", "the defender rolled highest"),
     "Awa: Ginger 3, 1; Paula 10+4=14. Ginger holds Awa (the defender rolled highest)"),
    (Conflict("awa", "ginger", False, SIDES, "neutral", None, "a tie of ones returns the territory to neutral"),
     "Awa: Ginger 3, 1; Paula 10+4=14. Awa returns to neutral (a tie of ones returns the territory to neutral)"),
    (Conflict("awa", None, False, SIDES[1:], "failed", None, "a 1 always fails"),
     "Awa: Paula 10+4=14. Awa stays neutral (a 1 always fails)"),
    (UnopposedDefence("ginger", "awa", 2), "Ginger defended Awa but no one attacked it"),
    (CapitalLost("ginger", "awa", "paula"), "Ginger lost the capital Awa to Paula"),
    (CapitalLost("ginger", "awa", None), "Ginger lost the capital Awa"),
    (CapitalChosen("ginger", "tosa", False, 2), "Ginger named Tosa the new capital, defending with 2d10"),
    (CapitalChosen("ginger", "tosa", True, 5),
     "Ginger named Tosa the new capital (a neutral territory, now theirs), defending with 5d10"),
    (CapitalPending("ginger"), "Ginger has not yet named a new capital"),
    (LeftMap("ginger"), "Ginger holds nothing and no neutral territory is left: off the map, still playing battles"),
    (EpochEnded(2, ("paula",), MappingProxyType({"paula": 25})),
     "Ranking epoch 2 ends: champion Paula; all totals restart at 0"),
    (EpochEnded(1, ("paula", "ginger"), MappingProxyType({"paula": 25, "ginger": 25})),
     "Ranking epoch 1 ends: champions Paula and Ginger; all totals restart at 0"),
    (ArmyListBonus("billy", 50), "Billy turned in an army list early: +50 koku"),
    (ShogunProclaimed("paula", 4, 4), "Paula holds 4 territories (needed 4) and is Shogun"),
]


@pytest.mark.parametrize("event,sentence", CASES, ids=[f"{type(e).__name__}-{i}" for i, (e, _) in enumerate(CASES)])
def test_sentence(event, sentence):
    assert event.describe(name) == sentence
    data = event.to_json()
    assert data["kind"] == "".join("-" + c.lower() if c.isupper() else c for c in type(event).__name__).lstrip("-")
    assert data["text"] == event.describe()


def test_a_conflict_in_json_names_its_sides_best_dice():
    conflict = CASES[10][0]
    data = conflict.to_json()
    assert [(s["player"], s["role"], s["best"], [d["value"] for d in s["dice"]]) for s in data["sides"]] == [
        ("ginger", "holder", 3, [3, 1]), ("paula", "attacker", 14, [14])]
    assert (data["province"], data["holder"], data["outcome"], data["new_owner"]) == ("awa", "ginger", "taken", "paula")
