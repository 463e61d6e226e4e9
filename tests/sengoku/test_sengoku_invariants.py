"""The invariant checker run after every replayed Sengoku turn fails on a broken position
(it is not an empty check): two hostile armies left in the field, an army of 13, a province of a
clan out of the game, a neutral army in Kyoto, a ledger that does not add up."""

from __future__ import annotations

import pytest

from .helpers import play
from .invariants import check_history, check_state


def test_invariants_hold_and_catch_a_broken_position(make_campaign):
    history, _ = play(make_campaign, {1: "moves: {red-3: [4]}\n"})
    campaign, state = history.campaign, history.final
    check_state(campaign, state, "as replayed")
    armies = dict(state.armies)
    armies["blue-1"] = armies["blue-1"].but(province="p4")
    with pytest.raises(AssertionError, match="hostile and both stand in p4"):
        check_state(campaign, state.but(armies=armies), "two enemies")
    with pytest.raises(AssertionError, match="has 13 elements"):
        check_state(campaign, state.but(armies={**state.armies, "red-1": state.armies["red-1"].but(strength=13)}), "13")
    clans = dict(state.clans)
    clans["red"] = clans["red"].but(status="seppuku")
    with pytest.raises(AssertionError, match="out of the game"):
        check_state(campaign, state.but(clans=clans), "seppuku without its land turning neutral")
    with pytest.raises(AssertionError, match="besieged but no siege"):
        check_state(campaign, state.but(armies={**state.armies, "red-1": state.armies["red-1"].but(besieged=True)}), "siege")
    clans = dict(state.clans)
    clans["red"] = clans["red"].but(neutral=True)
    with pytest.raises(AssertionError, match="neutral red-1 stands in Kyoto"):
        check_state(campaign, state.but(clans=clans, armies={**state.armies, "red-1": state.armies["red-1"].but(province="p9")}),
                    "a neutral army in Kyoto")
    turns = list(history.turns)
    last = turns[-1]
    wrong = dict(last.after.clans)
    wrong["red"] = wrong["red"].but(prestige=wrong["red"].prestige + 1)
    turns[-1] = last.__class__(last.turn, last.record, last.before, last.after.but(clans=wrong), last.events)
    with pytest.raises(AssertionError, match="the ledger sums to"):
        check_history(history.__class__(history.campaign, history.start, history.start_events, tuple(turns), history.problems))
