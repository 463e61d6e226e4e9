"""The Pitac position after a turn, and the events that explain each change."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Mapping

from .. import Event
from .conflict import Side


def frozen(mapping: dict) -> Mapping:
    return MappingProxyType(dict(sorted(mapping.items())))


@dataclass(frozen=True)
class Epoch:
    """A closed ranking epoch: the totals when it closed and its champion(s)."""

    number: int
    ended_turn: int
    champions: tuple[str, ...]
    totals: Mapping[str, int]

    def to_json(self) -> dict:
        return {"number": self.number, "ended_turn": self.ended_turn, "champions": list(self.champions),
                "totals": dict(self.totals)}


@dataclass(frozen=True)
class PitacState:
    turn: int
    owners: Mapping[str, str | None]
    capitals: Mapping[str, str | None]        # joined player -> current capital (None: none yet / off map)
    capital_dice: Mapping[str, int]           # joined player -> dice its capital defends with
    joined: tuple[str, ...]
    off_map: frozenset[str]
    pending_capital: frozenset[str]           # lost a capital and has not named another
    vp: Mapping[str, int]                     # current ranking epoch
    vp_all_time: Mapping[str, int]
    epochs: tuple[Epoch, ...]
    winner: str | None
    winner_turn: int | None
    koku_bonuses: Mapping[str, int]

    def held_by(self, player: str) -> list[str]:
        return sorted(p for p, owner in self.owners.items() if owner == player)

    def counts(self) -> dict[str, int]:
        counts = {p: 0 for p in self.joined}
        for owner in self.owners.values():
            if owner is not None:
                counts[owner] = counts.get(owner, 0) + 1
        return counts

    def neutral(self) -> list[str]:
        return sorted(p for p, owner in self.owners.items() if owner is None)

    def but(self, **changes) -> "PitacState":
        for key in ("owners", "capitals", "capital_dice", "vp", "vp_all_time", "koku_bonuses"):
            if key in changes and not isinstance(changes[key], MappingProxyType):
                changes[key] = frozen(changes[key])
        return replace(self, **changes)


# ---- events ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class CapitalPlaced(Event):
    player: str
    province: str
    how: str          # chosen | random | joined
    dice: int

    def describe(self, name=str) -> str:
        how = {"chosen": "chose", "random": "was given at random", "joined": "joined the map at"}[self.how]
        return f"{name(self.player)} {how} {name(self.province)} as capital ({self.dice}d10 defence)"


@dataclass(frozen=True)
class TerritoryGiven(Event):
    giver: str
    receiver: str
    province: str
    as_capital: bool

    def describe(self, name=str) -> str:
        extra = ", who makes it their capital" if self.as_capital else ""
        return f"{name(self.giver)} gave {name(self.province)} to {name(self.receiver)}{extra}"


@dataclass(frozen=True)
class MovesEarned(Event):
    player: str
    moves: int
    reason: str

    def describe(self, name=str) -> str:
        return f"{name(self.player)} earned {self.moves} move{'s' if self.moves != 1 else ''}: {self.reason}"


@dataclass(frozen=True)
class BattleFought(Event):
    name: str
    players: tuple[str, ...]
    winners: tuple[str, ...]
    vp: Mapping[str, int]
    scenario: str | None = None

    def describe(self, name=str) -> str:
        who = " vs ".join(map(name, self.players))
        result = f"won by {' and '.join(map(name, self.winners))}" if self.winners else "no winner"
        return f"{self.name}: {who}, {result}"


@dataclass(frozen=True)
class Conflict(Event):
    """One territory's roll-off: who rolled what, and what became of it."""

    province: str
    holder: str | None
    capital: bool
    sides: tuple[Side, ...]
    outcome: str
    new_owner: str | None
    rule: str

    def describe(self, name=str) -> str:
        rolls = "; ".join(f"{name(s.player)} {', '.join(d.text() for d in s.dice)}" for s in self.sides)
        if self.outcome == "taken":
            result = f"{name(self.new_owner)} takes {name(self.province)}"
        elif self.new_owner is None and self.holder is not None:
            result = f"{name(self.province)} returns to neutral"
        elif self.new_owner is None:
            result = f"{name(self.province)} stays neutral"
        else:
            result = f"{name(self.holder)} holds {name(self.province)}"
        return f"{name(self.province)}: {rolls}. {result} ({self.rule})"

    @property
    def changed_hands(self) -> bool:
        return self.new_owner != self.holder


@dataclass(frozen=True)
class UnopposedDefence(Event):
    player: str
    province: str
    defends: int

    def describe(self, name=str) -> str:
        return f"{name(self.player)} defended {name(self.province)} but no one attacked it"


@dataclass(frozen=True)
class CapitalLost(Event):
    player: str
    province: str
    taken_by: str | None

    def describe(self, name=str) -> str:
        return f"{name(self.player)} lost the capital {name(self.province)}" + (f" to {name(self.taken_by)}" if self.taken_by else "")


@dataclass(frozen=True)
class CapitalChosen(Event):
    player: str
    province: str
    from_neutral: bool
    dice: int                  # the later_capital_dice in force (2 in the seed)

    def describe(self, name=str) -> str:
        extra = " (a neutral territory, now theirs)" if self.from_neutral else ""
        return f"{name(self.player)} named {name(self.province)} the new capital{extra}, defending with {self.dice}d10"


@dataclass(frozen=True)
class CapitalPending(Event):
    player: str

    def describe(self, name=str) -> str:
        return f"{name(self.player)} has not yet named a new capital"


@dataclass(frozen=True)
class LeftMap(Event):
    player: str

    def describe(self, name=str) -> str:
        return f"{name(self.player)} holds nothing and no neutral territory is left: off the map, still playing battles"


@dataclass(frozen=True)
class EpochEnded(Event):
    number: int
    champions: tuple[str, ...]
    totals: Mapping[str, int]

    def describe(self, name=str) -> str:
        return f"Ranking epoch {self.number} ends: champion {' and '.join(map(name, self.champions))}; all totals restart at 0"


@dataclass(frozen=True)
class ArmyListBonus(Event):
    player: str
    koku: int

    def describe(self, name=str) -> str:
        return f"{name(self.player)} turned in an army list early: +{self.koku} koku"


@dataclass(frozen=True)
class ShogunProclaimed(Event):
    player: str
    held: int
    needed: int

    def describe(self, name=str) -> str:
        return f"{name(self.player)} holds {self.held} territories (needed {self.needed}) and is Shogun"
