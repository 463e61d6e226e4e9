"""Pitac's pure rules one by one: how a contested territory is decided (every case of the seed,
with the rule each decision names), an option's share of the map, and who ranks first.

The campaign-level cases are in tests/pitac_cases/; these pin each function's edges directly.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from chronicle.dice import Die
from chronicle.rules.pitac.conflict import Side, decide
from chronicle.rules.pitac.schema import share

from .test_pitac_edges import PAULA_WINS, only, play


def side(player, role, *faces):
    return Side(player, role, tuple(Die((f,)) for f in faces))


def holder(*faces):
    return side("ginger", "holder", *faces)


def attacker(player, *faces):
    return side(player, "attacker", *faces)


@pytest.mark.parametrize("defender, attackers, expected", [
    # a neutral territory
    (None, [attacker("paula", 1)], (None, "failed", "a 1 always fails")),
    (None, [attacker("paula", 1, 1)], (None, "failed", "all 1s fail")),
    (None, [attacker("paula", 1), attacker("billy", 1)], (None, "failed", "a 1 always fails: every contestant rolled 1")),
    (None, [attacker("paula", 2)], ("paula", "taken", "an uncontested neutral territory falls to anything but a 1")),
    (None, [attacker("paula", 7), attacker("billy", 7)], (None, "tie", "a tie for the high roll leaves the territory neutral")),
    (None, [attacker("paula", 7), attacker("billy", 8)], ("billy", "taken", "the highest roll gains the contested territory")),
    # a held territory
    (holder(1), [attacker("paula", 1)], (None, "neutral", "a tie of ones returns the territory to neutral")),
    (holder(5), [attacker("paula", 5)], ("ginger", "held", "a tie goes to the defender")),
    (holder(6), [attacker("paula", 5)], ("ginger", "held", "the defender rolled highest")),
    (holder(2, 6), [attacker("paula", 5), attacker("billy", 4)], ("ginger", "held", "the defender rolled highest")),
    (holder(4), [attacker("paula", 5)], ("paula", "taken", "the highest roll gains the territory")),
    (holder(4), [attacker("paula", 5), attacker("billy", 5)],
     ("ginger", "tie", "challengers tied above the defender: no one takes it, the defender holds")),
    (holder(4), [attacker("paula", 5), attacker("billy", 6)], ("billy", "taken", "the highest roll gains the territory")),
], ids=["one-1", "all-1s", "every-contestant-1", "neutral-2", "neutral-tie", "neutral-highest", "tie-of-ones",
        "tie-to-defender", "defender-higher", "defender-best-die", "attacker-higher", "challengers-tied", "challenger-highest"])
def test_decide(defender, attackers, expected):
    decision = decide(defender, tuple(attackers))
    assert (decision.new_owner, decision.outcome, decision.rule) == expected


def test_a_side_rolls_its_best_die():
    assert side("paula", "attacker", 2, 9, 4).best == 9
    assert Side("paula", "attacker", (Die((10, 3)), Die((9,)))).best == 13


@pytest.mark.parametrize("written, fraction", [
    ("1/2", Fraction(1, 2)), ("2/5", Fraction(2, 5)), (0.5, Fraction(1, 2)), (0.3333, Fraction(1, 3)), (1, Fraction(1)),
])
def test_a_share_is_written_as_a_fraction_or_a_decimal(written, fraction):
    assert share(written) == fraction


def test_standings_rank_by_territories_then_all_time_vp_then_campaign_order(make_campaign):
    """Billy (listed last) scores the most VP but holds one territory like Ginger: VP decide
    between them; Paula holds two with no VP: territories come first."""
    players = """
  - {id: paula, name: Paula Purple, colour: "#7b3294", capital: tosa}
  - {id: ginger, name: Ginger Green, colour: "#1b7837", capital: awaji}
  - {id: billy, name: Billy Blue, colour: "#2166ac", capital: kii}
"""
    history, problems = play(make_campaign, {1: """
        battles: [{players: [paula, billy], winner: paula, vp: {billy: 9, paula: 0}}, {players: [ginger, billy], vp: {ginger: 2}}]
        orders: {paula: [Attack inaba]}
        dice: {inaba: {paula: 6}}
        """}, players=players)
    assert only(problems) == [], [p.format() for p in problems]
    campaign = history.campaign
    rows = campaign.ruleset.standings(campaign, history.final).rows
    assert [(pid, cells[0], cells[3]) for pid, cells in rows] == [("paula", 2, 0), ("billy", 1, 9), ("ginger", 1, 2)]
