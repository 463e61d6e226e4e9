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
from .nextturn import blank_problems

TURN_PATH = re.compile(r"(?:^|/)content/turns/(\d+)\.(?:ya?ml|md)$")


@dataclass(frozen=True)
class TurnResult:
    turn: Turn
    record: object
    before: object
    after: object
    events: tuple
    drawn: tuple = ()        # (identity, sides, die) of every die drawn from the seed in this turn


@dataclass(frozen=True)
class History:
    campaign: Campaign
    start: object
    start_events: tuple
    turns: tuple[TurnResult, ...]
    problems: tuple[Problem, ...]
    turn_problems: tuple = ()        # the problems found replaying each turn (for the build cache)

    @property
    def final(self):
        return self.turns[-1].after if self.turns else self.start

    def state_after(self, number: int):
        if number == 0:
            return self.start
        return next(t.after for t in self.turns if t.turn.number == number)

    def result(self, number: int) -> TurnResult:
        return next(t for t in self.turns if t.turn.number == number)


def replay(campaign: Campaign, reuse: tuple = (), reused_problems: tuple = ()) -> History:
    """Play every turn; collect every problem, with its place, without stopping at the first.

    ``reuse``: the results of the first turns as an earlier replay of the very same turn files
    gave them (with ``reused_problems``, each turn's problems then): those turns are not played
    again, only the turns after them (see :mod:`chronicle.cache`)."""
    ruleset = campaign.ruleset
    dice = DiceBox(campaign.seed)
    problems: list[Problem] = []
    state, start_events, setup = ruleset.initial_state(campaign, dice)
    problems += [p if p.place else campaign.doc.locate(p) for p in setup]
    if campaign.options.get("all_dice_recorded"):
        problems += [campaign.doc.locate(p) for p in unrecorded(campaign, _distinct(dice.drawn), setup, ("players",))]
    start = state
    results = []
    per_turn = []
    for turn, result, found in zip(campaign.turns, reuse, reused_problems):
        results.append(replace(result, turn=turn))
        per_turn.append(tuple(found))
        problems += found
        state = result.after
    last = campaign.turns[-1].number if campaign.turns else 0
    for turn in campaign.turns[len(results):]:
        mark = len(dice.drawn)
        blanks = blank_problems(ruleset, turn.data, campaign.options)
        if blanks:
            # not filled in yet: its blanks are its only errors; the turns after it replay as if
            # it were empty (so that their own problems are still found)
            record, _ = ruleset.parse_turn(campaign, turn.number, {})
            after, events = ruleset.resolve(campaign, state, record, dice)
            found = blanks
        else:
            record, found = ruleset.parse_turn(campaign, turn.number, turn.data)
            found += ruleset.check(campaign, state, record)
            after, events = ruleset.resolve(campaign, state, record, dice)
            found += ruleset.review(campaign, state, after, record, events, turn.number == last)
        drawn = _distinct(dice.drawn[mark:])
        if campaign.options.get("all_dice_recorded") and not blanks:
            found += unrecorded(campaign, drawn, found, ("dice",) if "dice" in turn.data else ())
        located = [p if p.place else turn.doc.locate(p) for p in found]
        problems += located
        per_turn.append(tuple(located))
        results.append(TurnResult(turn, record, state, after, tuple(events), drawn))
        state = after
    return History(campaign, start, tuple(start_events), tuple(results),
                   tuple(problems), tuple(per_turn))


def _distinct(drawn) -> tuple:
    """Each die once (a phase may ask for the same die twice: the draw is the same)."""
    seen, out = set(), []
    for identity, sides, die in drawn:
        if identity not in seen:
            seen.add(identity)
            out.append((identity, sides, die))
    return tuple(out)


def draw_groups(campaign: Campaign, drawn) -> list[tuple[str, list]]:
    """The dice drawn, grouped by roll (the identity without the die's number), with words for
    where and for whom: ``("Inaba, Paula Purple", [die, die])``; the turn number is left out."""
    groups: dict[tuple, list] = {}
    for identity, _sides, die in drawn:
        key = tuple(part for part in identity if not isinstance(part, int) or isinstance(part, bool))
        groups.setdefault(key, []).append(die)
    return [(", ".join(_word(campaign, part) for part in key), dice) for key, dice in groups.items()]


def _word(campaign: Campaign, part) -> str:
    text = str(part)
    if text in campaign.player_ids or text in campaign.map.provinces:
        return campaign.name_of(text)
    return text.replace("_", " ")


def unrecorded(campaign: Campaign, drawn, found, path: tuple) -> list[Problem]:
    """With the all_dice_recorded option, a die the seed had to draw is an error: one per roll.
    A roll about which the turn already has a dice error is left to that error (one mistake, one
    error: a roll written with the wrong number of dice was drawn instead, and said so)."""
    mentioned = {str(part).lower().replace(" ", "_") for p in found if p.severity == "error" and p.path[:1] == ("dice",)
                 for part in p.path[1:]}
    left = [d for d in drawn if not any(str(part).lower() in mentioned for part in d[0])]
    return [Problem(f"a roll is not written: {where} (the seed drew {', '.join(d.text() for d in dice)})",
                    hint="write the dice rolled at the table under dice: in this turn file, or set the option "
                         "all_dice_recorded: false to let chronicle draw the dice not written",
                    path=path, rule="all dice recorded")
            for where, dice in draw_groups(campaign, left)]


def replay_folder(root: Path | str, cache=None) -> tuple[History | None, list[Problem]]:
    """Load and replay without raising: the History carries every problem, the loader's first.

    None (with the problems) when the campaign cannot even be loaded. With ``cache`` (a
    :class:`chronicle.cache.HistoryCache`), only the turns from the first changed one are read
    and replayed."""
    if cache is not None:
        return cache.replay_folder(root)
    campaign, problems = load_campaign(root)
    if campaign is None:
        return None, problems
    history = replay(campaign)
    everything = tuple(without_echoes(tuple(problems) + tuple(history.problems)))
    return replace(history, problems=everything), list(everything)


def load_history(root: Path | str, until: int | None = None, cache=None) -> History:
    """Load and replay; raise ChronicleError with every error found (warnings stay on History).

    With ``until``, errors in turn files after that turn are let through (they cannot change the
    state up to it): the administrator can look at turn 3 while turn 7 is still being written.
    Those later errors come back as warnings.
    """
    history, problems = replay_folder(root, cache)
    if history is None:
        raise ChronicleError(problems)
    everything = list(history.problems)
    if until is not None:
        everything = [_after_turn_as_warning(p, until) for p in everything]
    if errors_only(everything):
        raise ChronicleError(everything)
    return replace(history, problems=tuple(everything))


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
