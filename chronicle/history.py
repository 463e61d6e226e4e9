"""Replay every turn of a campaign through its ruleset, from scratch, into a History.

Nothing is stored between builds: correcting turn 3 changes turns 4..n, and an order that a
correction makes illegal is reported at that order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from .content import Campaign, Turn, load_campaign
from .dice import DiceBox
from .errors import ChronicleError, Problem, errors_only, without_echoes

TURN_PATH = re.compile(r"(?:^|/)content/turns/(\d+)\.(?:ya?ml|md)$")


@dataclass(frozen=True)
class TurnResult:
    turn: Turn
    record: object
    before: object
    after: object
    events: tuple


@dataclass(frozen=True)
class History:
    campaign: Campaign
    start: object
    start_events: tuple
    turns: tuple[TurnResult, ...]
    problems: tuple[Problem, ...]

    @property
    def final(self):
        return self.turns[-1].after if self.turns else self.start

    def state_after(self, number: int):
        if number == 0:
            return self.start
        return next(t.after for t in self.turns if t.turn.number == number)

    def result(self, number: int) -> TurnResult:
        return next(t for t in self.turns if t.turn.number == number)


def replay(campaign: Campaign) -> History:
    """Play every turn; collect every problem, with its place, without stopping at the first."""
    ruleset = campaign.ruleset
    dice = DiceBox(campaign.seed)
    problems: list[Problem] = []
    state, start_events, setup = ruleset.initial_state(campaign, dice)
    problems += [p if p.place else campaign.doc.locate(p) for p in setup]
    start = state
    results = []
    last = campaign.turns[-1].number if campaign.turns else 0
    for turn in campaign.turns:
        record, found = ruleset.parse_turn(campaign, turn.number, turn.data)
        found += ruleset.check(campaign, state, record)
        after, events = ruleset.resolve(campaign, state, record, dice)
        found += ruleset.review(campaign, state, after, record, events, turn.number == last)
        problems += [p if p.place else turn.doc.locate(p) for p in found]
        results.append(TurnResult(turn, record, state, after, tuple(events)))
        state = after
    return History(campaign, start, tuple(start_events), tuple(results),
                   tuple(problems))


def replay_folder(root: Path | str) -> tuple[History | None, list[Problem]]:
    """Load and replay without raising: the History carries every problem, the loader's first.

    None (with the problems) when the campaign cannot even be loaded."""
    campaign, problems = load_campaign(root)
    if campaign is None:
        return None, problems
    history = replay(campaign)
    everything = tuple(without_echoes(tuple(problems) + tuple(history.problems)))
    return History(history.campaign, history.start, history.start_events, history.turns, everything), list(everything)


def load_history(root: Path | str, until: int | None = None) -> History:
    """Load and replay; raise ChronicleError with every error found (warnings stay on History).

    With ``until``, errors in turn files after that turn are let through (they cannot change the
    state up to it): the administrator can look at turn 3 while turn 7 is still being written.
    Those later errors come back as warnings.
    """
    history, problems = replay_folder(root)
    if history is None:
        raise ChronicleError(problems)
    everything = list(history.problems)
    if until is not None:
        everything = [_after_turn_as_warning(p, until) for p in everything]
    if errors_only(everything):
        raise ChronicleError(everything)
    return History(history.campaign, history.start, history.start_events, history.turns, tuple(everything))


def _after_turn_as_warning(problem: Problem, until: int) -> Problem:
    number = turn_of(problem)
    if number is None or number <= until or problem.severity != "error":
        return problem
    return replace(problem, severity="warning", message=f"{problem.message} (in a turn after {until})")


def turn_of(problem: Problem) -> int | None:
    """The turn whose file a problem is in, or None for campaign.yaml and map files."""
    if problem.place is None:
        return None
    match = TURN_PATH.search(problem.place.file.replace("\\", "/"))
    return int(match.group(1)) if match else None
