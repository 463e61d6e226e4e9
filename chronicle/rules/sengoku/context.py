"""What every phase of a turn shares: the campaign, the turn record, its dice and its output.

A phase is ``phase(ctx, state) -> state``: the state stays immutable; the phase appends the
events that explain its changes, and the problems it finds, to the context.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import Problem
from ...suggest import did_you_mean
from .calendar import date_of
from .events import PrestigeAwarded
from .options import prestige_points


@dataclass
class Ctx:
    campaign: object
    record: object
    dice: object
    turn: int
    events: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    used_dice: set = field(default_factory=set)
    fought: set = field(default_factory=set)          # armies that fought a battle this turn
    fought_at: dict = field(default_factory=dict)     # province -> armies that fought a battle there this turn
    engaged: dict = field(default_factory=dict)       # neutral army -> the intruder it moved to attack
    moved: set = field(default_factory=set)           # armies that moved this turn
    arrivals: list = field(default_factory=list)      # armies whose move stood, in the order they moved
    entries: dict = field(default_factory=dict)       # province -> [(army, from)] in order of entry
    lost_provinces: dict = field(default_factory=dict)   # clan -> provinces lost this turn
    deck_ran_out: bool = False
    move_paths: dict = field(default_factory=dict)    # army -> where its move is written
    wintering: dict = field(default_factory=dict)     # army -> quarters it stood in at the onset of winter
    forage: dict = field(default_factory=dict)        # army -> [paths of Forage cards played for it, unused]
    last_taker: dict = field(default_factory=dict)    # clan -> the clan that last took a province from it

    @property
    def options(self):
        return self.campaign.options

    @property
    def map(self):
        return self.campaign.map

    @property
    def date(self):
        return date_of(self.options, self.turn)

    def emit(self, event) -> int:
        self.events.append(event)
        return len(self.events) - 1

    def award(self, clan: str | None, reason: str, times: int = 1, points: int | None = None, cause: int | None = None):
        """A prestige ledger line for ``clan``, caused by the last event emitted (or ``cause``)."""
        if clan is None or times == 0:
            return
        if clan in self.campaign.player_ids and self.campaign.player(clan).fields.get("neutral"):
            return                   # neutral clans keep no score
        value = (prestige_points(self.options, reason) if points is None else points) * times
        if value == 0:
            return
        label = reason if times == 1 else f"{reason} x{times}"
        self.events.append(PrestigeAwarded(clan, value, label, len(self.events) - 1 if cause is None else cause))

    def problem(self, message: str, path: tuple = (), hint: str | None = None, rule: str | None = None,
                severity: str = "error", at_key: bool = False):
        self.problems.append(Problem(message, hint=hint, rule=rule, path=path, severity=severity, at_key=at_key))

    def roll(self, purpose: str, subject: str, index: int = 0, sides: int = 6) -> int:
        """The ``index``-th d6 for (purpose, subject): as written in the turn file, else drawn."""
        written = self.record.dice.get((purpose, subject))
        if written and index < len(written[0]):
            self.used_dice.add((purpose, subject))
            return written[0][index]
        return self.dice.roll(sides, self.turn, purpose, subject, index).value

    def army_problem(self, state, army: str, path: tuple, rule: str, at_key: bool = False):
        self.problem(f"unknown army {army!r}", path, hint=did_you_mean(army, state.armies) or
                     (f"armies now: {', '.join(sorted(state.armies))}" if state.armies else "no army stands"),
                     rule=rule, at_key=at_key)

    def lose_province(self, province: str, loser: str | None, taker: str | None):
        if loser is not None:
            self.lost_provinces.setdefault(loser, []).append(province)
            if taker is not None:
                self.last_taker[loser] = taker

    def name(self, some_id) -> str:
        return self.campaign.name_of(some_id)
