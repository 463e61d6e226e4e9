"""The Pitac position after a turn, and the events that explain each change."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Mapping

from ...i18n import _, join, ngettext, tr
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
        values = {"player": name(self.player), "province": name(self.province), "dice": self.dice}
        if self.how == "chosen":
            return _("%(player)s chose %(province)s as capital (%(dice)sd10 defence)", **values)
        if self.how == "random":
            return _("%(player)s was given at random %(province)s as capital (%(dice)sd10 defence)", **values)
        return _("%(player)s joined the map at %(province)s as capital (%(dice)sd10 defence)", **values)


@dataclass(frozen=True)
class TerritoryGiven(Event):
    giver: str
    receiver: str
    province: str
    as_capital: bool

    def describe(self, name=str) -> str:
        values = {"giver": name(self.giver), "province": name(self.province), "receiver": name(self.receiver)}
        if self.as_capital:
            return _("%(giver)s gave %(province)s to %(receiver)s, who makes it their capital", **values)
        return _("%(giver)s gave %(province)s to %(receiver)s", **values)


@dataclass(frozen=True)
class MovesEarned(Event):
    player: str
    moves: int
    reason: str           # a Message: "won Hill 44" (translated where shown)

    def describe(self, name=str) -> str:
        return ngettext("%(player)s earned %(num)s move: %(reason)s", "%(player)s earned %(num)s moves: %(reason)s",
                        self.moves, player=name(self.player), reason=tr(self.reason))


@dataclass(frozen=True)
class BattleFought(Event):
    name: str
    players: tuple[str, ...]
    winners: tuple[str, ...]
    vp: Mapping[str, int]
    scenario: str | None = None

    def describe(self, name=str) -> str:
        who = " vs ".join(map(name, self.players))
        if self.winners:
            return _("%(battle)s: %(players)s, won by %(winners)s", battle=self.name, players=who,
                     winners=join(map(name, self.winners)))
        return _("%(battle)s: %(players)s, no winner", battle=self.name, players=who)


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
        where = name(self.province)
        if self.outcome == "taken":
            result = _("%(player)s takes %(province)s", player=name(self.new_owner), province=where)
        elif self.new_owner is None and self.holder is not None:
            result = _("%(province)s returns to neutral", province=where)
        elif self.new_owner is None:
            result = _("%(province)s stays neutral", province=where)
        else:
            result = _("%(player)s holds %(province)s", player=name(self.holder), province=where)
        return f"{where}: {rolls}. {result} ({tr(self.rule)})"

    @property
    def changed_hands(self) -> bool:
        return self.new_owner != self.holder


@dataclass(frozen=True)
class UnopposedDefence(Event):
    player: str
    province: str
    defends: int

    def describe(self, name=str) -> str:
        return _("%(player)s defended %(province)s but no one attacked it", player=name(self.player),
                 province=name(self.province))


@dataclass(frozen=True)
class CapitalLost(Event):
    player: str
    province: str
    taken_by: str | None

    def describe(self, name=str) -> str:
        if self.taken_by:
            return _("%(player)s lost the capital %(province)s to %(taker)s", player=name(self.player),
                     province=name(self.province), taker=name(self.taken_by))
        return _("%(player)s lost the capital %(province)s", player=name(self.player), province=name(self.province))


@dataclass(frozen=True)
class CapitalChosen(Event):
    player: str
    province: str
    from_neutral: bool
    dice: int                  # the later_capital_dice in force (2 in the seed)

    def describe(self, name=str) -> str:
        if self.from_neutral:
            return _("%(player)s named %(province)s the new capital (a neutral territory, now theirs), defending "
                     "with %(dice)sd10", player=name(self.player), province=name(self.province), dice=self.dice)
        return _("%(player)s named %(province)s the new capital, defending with %(dice)sd10", player=name(self.player),
                 province=name(self.province), dice=self.dice)


@dataclass(frozen=True)
class CapitalPending(Event):
    player: str

    def describe(self, name=str) -> str:
        return _("%(player)s has not yet named a new capital", player=name(self.player))


@dataclass(frozen=True)
class LeftMap(Event):
    player: str

    def describe(self, name=str) -> str:
        return _("%(player)s holds nothing and no neutral territory is left: off the map, still playing battles",
                 player=name(self.player))


@dataclass(frozen=True)
class EpochEnded(Event):
    number: int
    champions: tuple[str, ...]
    totals: Mapping[str, int]

    def describe(self, name=str) -> str:
        return ngettext("Ranking epoch %(number)s ends: champion %(champions)s; all totals restart at 0",
                        "Ranking epoch %(number)s ends: champions %(champions)s; all totals restart at 0",
                        len(self.champions), number=self.number, champions=join(map(name, self.champions)))


@dataclass(frozen=True)
class ArmyListBonus(Event):
    player: str
    koku: int

    def describe(self, name=str) -> str:
        return _("%(player)s turned in an army list early: +%(koku)s koku", player=name(self.player), koku=self.koku)


@dataclass(frozen=True)
class ShogunProclaimed(Event):
    player: str
    held: int
    needed: int

    def describe(self, name=str) -> str:
        return _("%(player)s holds %(held)s territories (needed %(needed)s) and is Shogun", player=name(self.player),
                 held=self.held, needed=self.needed)
