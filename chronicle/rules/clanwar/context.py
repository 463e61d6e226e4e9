"""What every phase of a Strategic Turn shares: the campaign, the turn record, its dice, the board
being changed, and the turn's output (events and problems).

The board is a mutable working copy of the state before the turn; the state itself is never
changed (a turn ends by freezing the board into a new state). A phase is ``phase(ctx)``: it
changes ``ctx.board`` and appends the events that explain each change.

One cause, one error. An error that rejects an order about a unit or personality puts it *in
doubt*: later problems about it in the same turn (its moves, its battle) are consequences, not
reported one by one but counted in one warning naming the first error.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import Problem
from ...suggest import did_you_mean
from .events import KokuChanged, PhaseBegun, Roll
from .record import PURPOSES
from .state import ON_MAP, ClanwarState, Faction

#: the kinds of forces a hint lists, in the plural
PLURAL = {"unit": "units", "personality": "personalities"}


class Board:
    """A mutable copy of a :class:`ClanwarState` for one turn."""

    def __init__(self, state: ClanwarState):
        self.turn = state.turn
        self.owners = dict(state.owners)
        self.original = dict(state.original)
        self.factions: dict[str, Faction] = dict(state.factions)
        self.units = dict(state.units)
        self.personalities = dict(state.personalities)
        self.alliances = set(state.alliances)
        self.libraries = {k: tuple(v) for k, v in state.libraries.items()}
        self.graveyard = set(state.graveyard)
        self.joint = {k: tuple(v) for k, v in state.joint.items()}
        self.game_over = state.game_over
        self.winner = state.winner

    def freeze(self) -> ClanwarState:
        return ClanwarState(self.turn, {}, {}, {}, {}, {}).but(
            owners=self.owners, original=self.original, factions=self.factions, units=self.units,
            personalities=self.personalities, alliances=frozenset(self.alliances),
            libraries={k: v for k, v in self.libraries.items() if v}, graveyard=frozenset(self.graveyard),
            joint={k: v for k, v in self.joint.items() if v}, game_over=self.game_over, winner=self.winner)

    # ---- queries ---------------------------------------------------------------------------

    def allied(self, a, b) -> bool:
        return a is not None and b is not None and (a == b or frozenset((a, b)) in self.alliances)

    def friendly(self, player: str, province: str) -> bool:
        """Controlled by the player or an ally (L106: not 'a neutral or enemy province')."""
        return self.allied(player, self.owners.get(province))

    def units_in(self, province: str, player: str | None = None) -> list:
        return sorted((u for u in self.units.values() if u.province == province and u.models > 0
                       and (player is None or u.faction == player)), key=lambda u: u.id)

    def personalities_in(self, province: str, player: str | None = None) -> list:
        return sorted((p for p in self.personalities.values() if p.province == province and p.status in ON_MAP
                       and (player is None or p.faction == player)), key=lambda p: p.id)

    def army_players(self, province: str) -> list[str]:
        """Players with an army in the province: at least one unit of non-yojimbo troops (L117)."""
        return sorted({u.faction for u in self.units_in(province) if not u.yojimbo})

    def force_players(self, province: str) -> list[str]:
        """Players with any forces in the province (units or personalities on the map)."""
        return sorted({u.faction for u in self.units_in(province)}
                      | {p.faction for p in self.personalities_in(province) if p.status == "active"})

    def kind(self, player: str) -> str:
        return self.factions[player].kind

    def corrupt(self, player: str) -> bool:
        faction = self.factions.get(player)
        return faction is not None and (faction.kind == "shadowlands" or faction.corrupted)

    def held(self, player: str) -> list[str]:
        return sorted(p for p, o in self.owners.items() if o == player)


@dataclass
class Ctx:
    campaign: object
    record: object
    dice: object
    turn: int
    board: Board
    events: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    used_dice: dict = field(default_factory=dict)      # (purpose, subject) -> dice rolled
    doubt: dict = field(default_factory=dict)          # id -> the error that put it in doubt
    suppressed: list = field(default_factory=list)
    start_owners: dict = field(default_factory=dict)   # province -> controller at the start of the turn (L114, L134)
    moved: set = field(default_factory=set)            # units and personalities that moved this turn
    hostile: set = field(default_factory=set)          # ... that entered or passed a neutral or enemy province (L106)
    battled: set = field(default_factory=set)          # ... that fought (or stood where a battle was fought, Q59)
    foes: dict = field(default_factory=dict)           # unit or personality -> the players it fought this turn (L164)
    stayed: dict = field(default_factory=dict)         # unit -> where: it must spend the turn in Togashi (L170-171)
    pending: list = field(default_factory=list)        # purchases placed in the Recovery phase
    casualties: dict = field(default_factory=dict)     # unit -> [(lost, share percent)], for Recovery
    fell: dict = field(default_factory=dict)           # personality -> wounded | maimed | dead (this turn)
    fees: dict = field(default_factory=dict)           # ally -> [(koku, cause index, what)], credited at the end of Start
    battle_at: dict = field(default_factory=dict)      # province -> its last BattleFought event index
    new_personalities: set = field(default_factory=set)   # bought this turn (a new item may go on them)
    recovery_reincarnations: dict = field(default_factory=dict)   # Ujimitsu who died -> (target, where)
    defends: dict = field(default_factory=dict)        # Monk forces that moved to defend -> (province, where)
    battle_info: dict = field(default_factory=dict)    # province -> the battle fought there: sides, winners, controller
    daimyo_lost: dict = field(default_factory=dict)    # player -> its Daimyo, lost when the Start phase could name another (Q53)
    phase: str = "start"

    @property
    def options(self):
        return self.campaign.options

    @property
    def map(self):
        return self.campaign.map

    def emit(self, event) -> int:
        self.events.append(event)
        return len(self.events) - 1

    def begin(self, phase: str) -> None:
        self.phase = phase
        self.emit(PhaseBegun(phase))

    def name(self, some_id) -> str:
        return name_of(self.campaign, self.board, some_id)

    # ---- koku ------------------------------------------------------------------------------

    def koku(self, player: str, amount: int, reason: str, what: str = "", cause: int | None = None) -> None:
        """A koku ledger line; ``cause`` is the index of the event that caused it (None: the line
        stands alone, as the start and the taxes do). Never below zero: callers check before they spend."""
        if amount == 0:
            return
        faction = self.board.factions[player]
        balance = faction.koku + amount
        self.board.factions[player] = faction.but(koku=balance)
        self.emit(KokuChanged(player, amount, balance, reason, what, cause))

    # ---- problems --------------------------------------------------------------------------

    def problem(self, message: str, path: tuple = (), hint: str | None = None, rule: str | None = None,
                severity: str = "error", at_key: bool = False, about=(), rejects=()) -> None:
        """Report a problem, unless it is about something an earlier error put in doubt: then it is
        counted under that error (:meth:`consequences`). No caller asks which it was."""
        found = Problem(message, hint=hint, rule=rule, path=path, severity=severity, at_key=at_key)
        cause = next((self.doubt[a] for a in about if a in self.doubt), None)
        if cause is not None:
            self.suppressed.append((found, cause))
            return
        self.problems.append(found)
        if severity == "error":
            for a in rejects:
                self.doubt.setdefault(a, f"{'the set-up' if self.turn == 0 else f'turn {self.turn}'}: {message}")

    def reject(self, message: str, path: tuple = (), hint: str | None = None, rule: str | None = None,
               at_key: bool = False, about=()) -> None:
        """An error rejecting an order about ``about``: they are put in doubt."""
        self.problem(message, path, hint, rule, "error", at_key, tuple(about), tuple(about))

    def warn(self, message: str, path: tuple = (), hint: str | None = None, rule: str | None = None, at_key=False) -> None:
        self.problem(message, path, hint, rule, "warning", at_key)

    def consequences(self) -> None:
        if not self.suppressed:
            return
        first, _ = self.suppressed[0]
        causes = sorted({c for _, c in self.suppressed})
        count = len(self.suppressed)
        examples = "; ".join(p.message for p, _ in self.suppressed[:3]) + ("; ..." if count > 3 else "")
        self.problems.append(Problem(
            f"{count} more problem{'s' if count != 1 else ''} not reported: {'it follows' if count == 1 else 'they follow'} "
            f"from an earlier error ({'; '.join(causes)})", hint=f"fix that error first; not reported: {examples}",
            rule="consequences of an earlier error", path=first.path, severity="warning", at_key=first.at_key))

    def unknown(self, kind: str, some_id: str, path: tuple, rule: str, at_key: bool = False, player: str | None = None) -> None:
        """An order about a unit or personality that is not there: unknown, or (the player's own) gone
        from play -- a unit left with no models this turn, a personality dead, removed or captured,
        which is said as such (it was "unknown", with itself as the likely meaning)."""
        pool = self.board.units if kind == "unit" else self.board.personalities
        gone = pool.get(some_id)
        if gone is not None and (player is None or gone.faction == player):
            self.reject(f"{some_id} has no models left" if kind == "unit" else f"{some_id} is {gone.status}", path,
                        hint=("it was destroyed or lost earlier in this turn" if kind == "unit" else
                              "only a personality in play takes orders") + ": remove the order",
                        rule=rule, at_key=at_key, about=(some_id,))
            return
        known = sorted(k for k, v in pool.items() if player is None or v.faction == player)
        self.reject(f"unknown {kind} {some_id!r}" + (f" of {self.name(player)}" if player else ""), path,
                    hint=did_you_mean(some_id, known) or (f"{PLURAL[kind]}: {', '.join(known[:12])}" if known else f"no {kind} yet"),
                    rule=rule, at_key=at_key, about=(some_id,))

    # ---- dice ------------------------------------------------------------------------------

    def die(self, purpose: str, subject: str, index: int | None = None) -> Roll:
        """The next d10 of (purpose, subject): as written in the turn file, else drawn from the seed.
        Once some dice of a roll are written, a missing one is an error (and is drawn so the replay
        goes on)."""
        key = (purpose, subject)
        if index is None:
            index = self.used_dice.get(key, 0)
        self.used_dice[key] = max(self.used_dice.get(key, 0), index + 1)
        written = self.record.dice.get(key)
        if written:
            values, path = written
            if index < len(values):
                return Roll(purpose, subject, index, values[index], True)
            self.problem(f"die {index + 1} of the {purpose} roll of {subject} is not written (its other dice are)", path,
                         hint=f"write every die of the roll: {PURPOSES[purpose][1]}", rule="dice", about=(subject,))
        return Roll(purpose, subject, index, self.dice.roll(10, self.turn, purpose, subject, index).value, False)

    def unused_dice(self) -> None:
        """Dice written and not rolled are errors: a roll never made, or more dice than it took."""
        for (purpose, subject), (values, path) in self.record.dice.items():
            used = self.used_dice.get((purpose, subject), 0)
            if used == 0:
                rolled = sorted(s for (p, s) in self.used_dice if p == purpose)
                self.problem(f"{'an' if purpose[0] in 'aeiou' else 'a'} {purpose} roll is written for {subject}, but no such roll was made this turn", path,
                             hint=did_you_mean(subject, rolled) or (f"{purpose} rolls made: {', '.join(rolled)}" if rolled
                                                                    else f"no {purpose} roll was made this turn")
                             + f" ({purpose}: {PURPOSES[purpose][1]})", rule="dice", at_key=True, about=(subject,))
            elif len(values) > used:
                why = {"fate": "the first die was below Earth: no second roll is made"}.get(purpose, "the roll took fewer dice")
                self.problem(f"{len(values)} {purpose} dice are written for {subject}, but the roll took {used}",
                             path + (used,), hint=why, rule="dice", about=(subject,))


def name_of(campaign, board, some_id) -> str:
    """A display name for a player, province, unit or personality id."""
    if some_id is None:
        return "no one"
    for player in campaign.players:
        if player.id == some_id:
            return player.name
    province = campaign.map.provinces.get(some_id)
    if province:
        return province.name
    if board is not None:
        if some_id in board.personalities:
            return board.personalities[some_id].name
        if some_id in board.units:
            return board.units[some_id].name
    return str(some_id)
