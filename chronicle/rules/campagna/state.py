"""The campagna position between turns, and the turn's calendar of clashes.

Everything is immutable; ``but(...)`` returns a changed copy. The rules live in the other modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Mapping


def frozen(mapping) -> Mapping:
    return mapping if isinstance(mapping, MappingProxyType) else MappingProxyType(dict(sorted(mapping.items())))


@dataclass(frozen=True)
class Record:
    """One player's line of the tabella riepilogativa (R60): every game and its objective points."""

    games: int = 0
    major: int = 0                  # Vittorie maggiori
    minor: int = 0                  # Vittorie "di lieve entità"
    draws: int = 0
    defeats: int = 0
    scored: int = 0                 # objective points for
    conceded: int = 0               # objective points against

    @property
    def delta(self) -> int:
        return self.scored - self.conceded

    def add(self, result: str, scored: int, conceded: int) -> "Record":
        return replace(self, games=self.games + 1, major=self.major + (result == "major"),
                       minor=self.minor + (result == "minor"), draws=self.draws + (result == "draw"),
                       defeats=self.defeats + (result == "defeat"), scored=self.scored + scored,
                       conceded=self.conceded + conceded)

    def to_json(self) -> dict:
        return {"games": self.games, "major": self.major, "minor": self.minor, "draws": self.draws,
                "defeats": self.defeats, "scored": self.scored, "conceded": self.conceded, "delta": self.delta}


@dataclass(frozen=True)
class General:
    """A player's named General (R01) and the wound he carries into his next battle (R48-R51)."""

    name: str
    player: str
    pending: str | None = None      # ferita_grave | ferita_lieve | None
    since: str | None = None        # where the wound was taken ("Gola, turn 2")
    battles: int = 0                # battles fielded
    killed: int = 0

    def but(self, **changes) -> "General":
        return replace(self, **changes)

    def to_json(self) -> dict:
        return {"name": self.name, "player": self.player, "pending": self.pending, "since": self.since,
                "battles": self.battles, "killed": self.killed}


@dataclass(frozen=True)
class Result:
    """A battle's result as entered and checked: what the table decided."""

    winner: str | None              # None: a draw
    victory: str | None             # major | minor (None for a draw)
    score: Mapping[str, int]
    points: int | Mapping[str, int] | None
    scenario: str | None
    generals: Mapping[str, str]     # player -> fielded | killed
    fates: Mapping[str, tuple[int, bool]]   # player -> (D6, recorded)
    wounds: Mapping[str, str]       # player -> the wound his General carried into this battle
    alliances: Mapping[str, str]
    bonuses: Mapping[str, tuple[str, ...]]
    occupy: bool = True

    def to_json(self) -> dict:
        return {"winner": self.winner, "victory": self.victory, "score": dict(self.score), "points": self.points
                if not isinstance(self.points, Mapping) else dict(self.points), "scenario": self.scenario,
                "generals": dict(self.generals),
                "fates": {p: {"value": v, "recorded": r} for p, (v, r) in self.fates.items()},
                "wounds": dict(self.wounds), "alliances": dict(self.alliances),
                "bonuses": {p: list(b) for p, b in self.bonuses.items()}, "occupy": self.occupy}


@dataclass(frozen=True)
class Clash:
    """One clash of the calendario del turno (R20): an action declared, its answer, and its battle."""

    number: int                     # 1-based, in the order declared
    kind: str                       # schermaglia | scorreria | battaglia_decisiva
    at: str
    attacker: str                   # il giocatore di turno
    holder: str | None              # who held the territory at the start (None: empty)
    origin: str                     # the territory the action was declared from
    route: str                      # land | ford | river | mountain | sea
    cost: int                       # actions it took of the attacker's allowance
    answer: str                     # unopposed | intervened | resisted | retreated
    opponent: str | None = None     # the player fought: the intervener or the holder
    retreat_to: str | None = None
    min_points: int | None = None
    privilege: str | None = None    # the defender's scenario privilege: modifier | reroll
    generals_required: bool = False
    wounds: Mapping[str, str] = field(default_factory=dict)    # the Generals' pending wounds when it was declared
    bonuses: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # bonuses each side may use
    result: Result | None = None    # None: no battle, or not yet played
    outcome: str | None = None      # occupied | conquered | held | empty | retreated (None: pending)
    new_owner: str | None = None
    rule: str | None = None         # the rule that decided the outcome
    battle_index: int | None = None # its place in battles:

    @property
    def battle(self) -> bool:
        return self.answer in ("intervened", "resisted")

    @property
    def pending(self) -> bool:
        return self.battle and self.result is None

    @property
    def players(self) -> tuple[str, ...]:
        return (self.attacker, self.opponent) if self.opponent else (self.attacker,)

    def but(self, **changes) -> "Clash":
        return replace(self, **changes)

    def to_json(self) -> dict:
        return {"number": self.number, "kind": self.kind, "at": self.at, "attacker": self.attacker,
                "holder": self.holder, "origin": self.origin, "route": self.route, "cost": self.cost,
                "answer": self.answer, "opponent": self.opponent, "retreat_to": self.retreat_to,
                "battle": self.battle, "status": "pending" if self.pending else "played" if self.battle else "no battle",
                "min_points": self.min_points, "privilege": self.privilege,
                "generals_required": self.generals_required, "wounds": dict(self.wounds),
                "bonuses": {p: list(b) for p, b in self.bonuses.items()},
                "result": self.result.to_json() if self.result else None, "outcome": self.outcome,
                "new_owner": self.new_owner, "rule": self.rule}


@dataclass(frozen=True)
class Actions:
    """What one player did this turn: his allowance, what his own actions and interventions took of
    it, his answers, and his battles (R22-R25)."""

    allowance: int
    used: int = 0                   # of the allowance: own actions at their cost, interventions
    sea: bool = False               # a sea action: the whole turn (R09)
    answers: int = 0                # resist / retreat, toward the minimum only (a mountain retreat counts its cost)
    battles: int = 0
    declared: tuple[str, ...] = ()  # what he declared, as sentences' keys: "schermaglia:gola" ...

    @property
    def total(self) -> int:
        return self.used + self.answers

    def but(self, **changes) -> "Actions":
        return replace(self, **changes)

    def to_json(self) -> dict:
        return {"allowance": self.allowance, "used": self.used, "sea": self.sea, "answers": self.answers,
                "total": self.total, "battles": self.battles, "declared": list(self.declared)}


@dataclass(frozen=True)
class Final:
    """The Battaglia decisiva between two players who qualify at once (R64), and its play-off."""

    claimants: tuple[str, ...]      # in the order they meet (initiative order)
    battles: tuple[tuple[tuple[str, str], Result], ...] = ()
    winner: str | None = None

    @property
    def next_pair(self) -> tuple[str, str] | None:
        """Who meets next: the first two, then the last winner and the next claimant."""
        if self.winner:
            return None
        holder, seen = self.claimants[0], 1
        for (a, b), result in self.battles:
            if result.winner:
                holder = result.winner
                seen += 1
        return (holder, self.claimants[seen]) if seen < len(self.claimants) else None

    def to_json(self) -> dict:
        return {"claimants": list(self.claimants), "winner": self.winner, "pending": self.winner is None,
                "next": list(self.next_pair) if self.next_pair else None,
                "battles": [{"players": list(pair), **result.to_json()} for pair, result in self.battles]}


@dataclass(frozen=True)
class CampagnaState:
    turn: int
    owners: Mapping[str, str | None]            # territory -> player (None: empty, vuoto)
    homes: Mapping[str, str]                    # player -> his faction's Capital (never changes)
    first_order: tuple[str, ...]                # turn 1's initiative order (R04)
    generals: Mapping[str, General]             # player -> his General
    records: Mapping[str, Record]               # player -> his line of the summary table
    bonus: Mapping[str, str | None]             # player -> Controllo del territorio bonus for the next turn
    bonus_why: Mapping[str, str]                # player -> why he has none ("no Capital", "no territory", ...)
    best_general: frozenset = frozenset()       # Miglior generale for the next turn
    deltas: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))   # Delta obiettivi of the turn just played
    calendar: tuple[Clash, ...] = ()            # this turn's clashes
    actions: Mapping[str, Actions] = field(default_factory=lambda: MappingProxyType({}))   # this turn's actions, per player
    order: tuple[str, ...] = ()                 # this turn's initiative order
    in_progress: bool = False                   # the calendar is not finished: the map waits (R21)
    final: Final | None = None
    game_over: bool = False
    winner: str | None = None
    winner_turn: int | None = None

    def but(self, **changes) -> "CampagnaState":
        """A changed copy, every mapping frozen (the Capitals, ``homes``, never change after the set-up)."""
        for key in ("owners", "generals", "records", "bonus", "bonus_why", "deltas", "actions"):
            if key in changes:
                changes[key] = frozen(changes[key])
        return replace(self, **changes)

    # ---- queries --------------------------------------------------------------------------

    @property
    def capital_of(self) -> dict[str, str]:
        """territory -> the player whose faction's Capital it is."""
        return {territory: player for player, territory in self.homes.items()}

    def held_by(self, player: str) -> list[str]:
        return sorted(t for t, owner in self.owners.items() if owner == player)

    def count(self, player: str) -> int:
        return sum(1 for owner in self.owners.values() if owner == player)

    def capitals_held(self, player: str) -> list[str]:
        return sorted(t for t in self.homes.values() if self.owners.get(t) == player)

    def holds_home(self, player: str) -> bool:
        return self.owners.get(self.homes.get(player)) == player
