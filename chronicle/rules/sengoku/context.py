"""What every phase of a turn shares: the campaign, the turn record, its dice and its output.

A phase is ``phase(ctx, state) -> state``: the state stays immutable; the phase appends the
events that explain its changes, and the problems it finds, to the context.

Dice: ``ctx.die(purpose, subject)`` gives a :class:`Roll`, recorded (from the turn file's
``dice:``) or drawn (from the seed). Once a roll is written for a (purpose, subject), every die of
it must be: a missing one (a storm's loss die, an initiative re-roll) is an error, drawn only so
that the replay can go on. Dice written and not rolled are errors at the end of the turn.

One cause, one error. An error that rejects an order (``reject``) puts the armies it concerns
*in doubt*: they stay where they were, and every later problem about an army in doubt (its
battle, its response, its dice, a meeting with it, its orders in later turns) is a consequence
of that first error: it is not reported on its own, only counted in one warning per turn that
names the cause. The state carries the armies in doubt from turn to turn (``in_doubt``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import Problem
from ...suggest import close_matches, did_you_mean
from .calendar import date_of
from .events import PrestigeAwarded, Roll
from .options import prestige_points

PROVINCE = "province:"


def province_mark(province: str) -> str:
    """A province in doubt is kept beside the armies in doubt, under this prefix."""
    return PROVINCE + province


HAND = "hand:"


def hand_mark(clan: str, card: str) -> str:
    """A card whose draw was rejected: playing *that* card later follows from the error; playing
    any other card the clan does not hold is a mistake of its own, reported (one cause, one error,
    but no error hidden behind an unrelated one)."""
    return f"{HAND}{clan}:{card}"


def _subject(mark: str, name) -> str:
    if mark.startswith(PROVINCE):
        return name(mark.removeprefix(PROVINCE))
    if mark.startswith(HAND):
        return mark.removeprefix(HAND).partition(":")[0]
    return mark


PURPOSE_NAMES = {"initiative": "initiative", "storm": "storm", "siege": "siege", "supply": "supply",
                 "chain": "broken chain of supply", "ninja": "ninja", "heir": "succession", "wound": "wound"}


@dataclass
class Ctx:
    campaign: object
    record: object
    dice: object
    turn: int
    events: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    used_dice: dict = field(default_factory=dict)     # (purpose, subject) -> dice rolled (recorded or drawn)
    doubt: dict = field(default_factory=dict)         # army or clan -> the error that put it in doubt
    suppressed: list = field(default_factory=list)    # problems not reported: consequences of an earlier error
    fought: set = field(default_factory=set)          # armies that fought a battle this turn
    fought_at: dict = field(default_factory=dict)     # province -> armies that fought a battle there this turn
    fought_pairs: set = field(default_factory=set)    # frozenset({army, army}) for each pair that fought this turn
    replied: set = field(default_factory=set)         # (army, entrant): per-entrant responses given
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
        self.events.append(PrestigeAwarded(clan, value, label, len(self.events) - 1 if cause is None else cause,
                                           reason, times))

    # ---- problems, and their consequences ----------------------------------------------------

    def problem(self, message: str, path: tuple = (), hint: str | None = None, rule: str | None = None,
                severity: str = "error", at_key: bool = False, about=(), rejects=()) -> bool:
        """Report a problem, unless one of the armies (or clans) ``about`` is in doubt: then it is a
        consequence of the error that put it there, and only counted. An error also puts the
        armies ``rejects`` in doubt. Returns True when the problem was reported."""
        found = Problem(message, hint=hint, rule=rule, path=path, severity=severity, at_key=at_key)
        cause = next((self.doubt[a] for a in about if a in self.doubt), None)
        if cause is not None:
            self.suppressed.append((found, about, cause))
            for a in rejects:
                self.doubt.setdefault(a, cause)
            return False
        self.problems.append(found)
        if severity == "error":
            for a in rejects:
                self.doubt.setdefault(a, f"turn {self.turn}: {message}")
        return True

    def reject(self, message: str, path: tuple = (), hint: str | None = None, rule: str | None = None,
               at_key: bool = False, about=(), also=(), where=()) -> bool:
        """An error that rejects an order about the armies ``about``: they are put in doubt, and so
        are the provinces ``where`` (their owner may not be what the turn file expects). The
        armies ``also`` are consulted too: if one is in doubt, this is a consequence."""
        marks = tuple(about) + tuple(province_mark(p) for p in where if p)
        return self.problem(message, path, hint, rule, "error", at_key, tuple(about) + tuple(also), marks)

    def spread(self, *ids: str) -> None:
        """Armies (or provinces) that met one in doubt are in doubt too: their fate depends on it."""
        cause = next((self.doubt[i] for i in ids if i in self.doubt), None)
        if cause is not None:
            for i in ids:
                self.doubt.setdefault(i, cause)

    def consequences(self) -> None:
        """One warning per turn for the problems not reported, naming the error they follow from."""
        if not self.suppressed:
            return
        first, _, cause = self.suppressed[0]
        subjects = sorted({_subject(a, self.name) for _, about, _ in self.suppressed for a in about if a in self.doubt})
        causes = sorted({c for _, _, c in self.suppressed})
        count = len(self.suppressed)
        examples = "; ".join(p.message for p, _, _ in self.suppressed[:3]) + ("; ..." if count > 3 else "")
        self.problems.append(Problem(
            f"{count} more problem{'s' if count != 1 else ''} about {', '.join(subjects)} not reported: "
            f"{'it follows' if count == 1 else 'they follow'} from an earlier error ({'; '.join(causes)})",
            hint=f"fix that error first, then check again; not reported: {examples}", rule="consequences of an earlier error",
            path=first.path, severity="warning", at_key=first.at_key))

    # ---- dice ------------------------------------------------------------------------------

    def die(self, purpose: str, subject: str, index: int | None = None, missing: str | None = None,
            hint: str | None = None, also=()) -> Roll:
        """The next (or the ``index``-th) d6 for (purpose, subject): as written in the turn file, else
        drawn from the seed. When the turn file writes some dice of this roll but not this one, the
        die is drawn and the missing one is an error (``missing`` says which die it is)."""
        key = (purpose, subject)
        if index is None:
            index = self.used_dice.get(key, 0)
        self.used_dice[key] = max(self.used_dice.get(key, 0), index + 1)
        written = self.record.dice.get(key)
        name = PURPOSE_NAMES[purpose]        # every purpose a die is rolled for (record.PURPOSES)
        if written:
            values, path = written
            if index < len(values):
                return Roll(purpose, subject, index, values[index], True)
            self.reject(missing or f"die {index + 1} of the {name} roll of {subject} is not written (its other dice are)",
                        path, hint=hint or f"write every die of the roll: {purpose}: {{{subject}: "
                        f"[{', '.join(map(str, values))}, N]}}", rule="dice", about=(subject,), also=also)
        elif key in self.record.bad_dice and subject not in self.doubt:
            # the schema reported the die; the one drawn instead decides nothing the file expects
            self.doubt[subject] = f"turn {self.turn}: the {name} die of {subject} is not a d6"
        value = self.dice.roll(6, self.turn, purpose, subject, index).value
        return Roll(purpose, subject, index, value, False)

    def roll(self, purpose: str, subject: str, index: int | None = None) -> int:
        return self.die(purpose, subject, index).value

    def army_problem(self, state, army: str, path: tuple, rule: str, at_key: bool = False):
        """An unknown army: the army it most likely meant is put in doubt with it, so that what
        follows from its order going unread (a defender left unanswered) is not a second error."""
        meant = close_matches(army, state.armies, n=1)
        self.reject(f"unknown army {army!r}", path, hint=did_you_mean(army, state.armies) or
                    (f"armies now: {', '.join(sorted(state.armies))}" if state.armies else "no army stands"),
                    rule=rule, at_key=at_key, about=(army, *meant))

    def lose_province(self, province: str, loser: str | None, taker: str | None):
        if loser is not None:
            self.lost_provinces.setdefault(loser, []).append(province)
            if taker is not None:
                self.last_taker[loser] = taker

    def name(self, some_id) -> str:
        return self.campaign.name_of(some_id)
