"""rules.PlaysOnce: check() and resolve() of one turn share one play, and the dice that play drew
reach the replay's dice box (the drawn-dice notice reads them there). Sengoku, Clan War and
Campagna build on it; before it was shared, only Sengoku's copy passed the drawn dice on."""
from types import SimpleNamespace

import pytest

from chronicle.dice import DiceBox
from chronicle.rules import PlaysOnce, Ruleset, get


class Counting(PlaysOnce, Ruleset):
    """A ruleset whose turn draws one d6 and counts how often it was played."""

    def __init__(self):
        self.plays = 0

    def play(self, campaign, state, record, dice):
        self.plays += 1
        die = dice.roll(6, "turn", record.number)
        return ("after", die.value), ["an event"], ["a problem"]


def test_check_then_resolve_plays_once_and_hands_the_drawn_dice_to_the_replay():
    ruleset, campaign, state, record = Counting(), SimpleNamespace(seed=7), object(), SimpleNamespace(number=3)
    assert ruleset.check(campaign, state, record) == ["a problem"]
    replay_dice = DiceBox(7)
    after, events = ruleset.resolve(campaign, state, record, replay_dice)
    assert ruleset.plays == 1
    assert events == ["an event"]
    assert [identity for identity, _sides, _die in replay_dice.drawn] == [("turn", 3)]
    assert after == ("after", replay_dice.drawn[0][2].value)


def test_another_turn_or_state_is_played_again():
    ruleset, campaign, record = Counting(), SimpleNamespace(seed=7), SimpleNamespace(number=3)
    ruleset.check(campaign, object(), record)
    ruleset.check(campaign, object(), record)                      # a different state: a new play
    ruleset.check(campaign, object(), SimpleNamespace(number=4))
    assert ruleset.plays == 3


@pytest.mark.parametrize("name", ["sengoku", "clanwar", "campagna"])
def test_the_rulesets_that_play_a_turn_share_it(name):
    ruleset = get(name)
    assert isinstance(ruleset, PlaysOnce)
    assert "_played" not in type(ruleset).__dict__ and "check" not in type(ruleset).__dict__
