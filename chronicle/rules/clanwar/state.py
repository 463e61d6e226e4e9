"""The Clan War position between Strategic Turns: factions and their koku, provinces, units,
personalities, alliances, libraries, the dead.

Everything here is immutable. A turn works on a :class:`Board` (a mutable copy, see board.py) and
freezes it into a new :class:`ClanwarState` at the end: the state before a turn is never changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Mapping

RINGS = ("earth", "water", "fire", "air", "void")

ACTIVE = "active"          # on the map, ready
WOUNDED = "wounded"        # taken to 0 wounds, survived the first fate roll: back at Recovery
MAIMED = "maimed"          # survived the second: one ring lower for good, back at Recovery
DEAD = "dead"              # failed both rolls (a unique one never returns)
CAPTURED = "captured"      # a fact (capture rules are not written in the seed)
REMOVED = "removed"        # bought from an ally whose alliance broke: gone, not dead, re-hirable
ON_MAP = (ACTIVE, WOUNDED, MAIMED)
HELD = (ACTIVE, WOUNDED, MAIMED, CAPTURED)   # still someone's: counts for uniqueness


def frozen(mapping) -> Mapping:
    return mapping if isinstance(mapping, MappingProxyType) else MappingProxyType(dict(sorted(mapping.items())))


@dataclass(frozen=True)
class LP:
    """A leadership package in a unit: Nikutai, Gunso, Chui (or an Elemental Guardian), of a
    family or generic."""
    rank: str
    family: str = "generic"

    @property
    def generic(self) -> bool:
        return self.family == "generic"

    def label(self) -> str:
        return f"{self.rank.title()}" if self.generic else f"{self.family.title()} {self.rank.title()}"

    def to_json(self) -> dict:
        return {"rank": self.rank, "family": self.family}


@dataclass(frozen=True)
class Unit:
    id: str
    faction: str                     # the player who owns it
    type: str                        # the troop type (a catalogue key or as written)
    name: str
    province: str
    models: int
    max_models: int | None = None
    experienced_models: int = 0
    experienced: bool = False
    leader: str | None = None        # the personality commanding it
    lps: tuple[LP, ...] = ()
    ml: int | None = None
    tl: int | None = None
    base_ml: int | None = None       # before experience lowered them
    base_tl: int | None = None
    leadership: int | None = None    # its LP leader's Leadership, when no personality leads it
    cavalry: bool = False
    flight: bool = False
    yojimbo: bool = False
    tattoos: tuple[str, ...] = ()
    yokuni: bool = False             # tattooed through Togashi Yokuni, not by its own card (L171)
    clan: str | None = None          # whose troops they are, when not the owner's own (L59, L139)
    bought_from: str | None = None   # the ally they were bought from: lost if that alliance breaks (L144)
    cost: int = 0
    limit: int | None = None         # force-profile limit on units of this type (L56)

    @property
    def tattooed(self) -> bool:
        return bool(self.tattoos)

    def but(self, **changes) -> "Unit":
        return replace(self, **changes)

    def to_json(self) -> dict:
        return {"id": self.id, "faction": self.faction, "type": self.type, "name": self.name, "province": self.province,
                "models": self.models, "max_models": self.max_models, "experienced_models": self.experienced_models,
                "experienced": self.experienced, "leader": self.leader, "lps": [lp.to_json() for lp in self.lps],
                "ml": self.ml, "tl": self.tl, "base_ml": self.base_ml, "base_tl": self.base_tl,
                "leadership": self.leadership, "cavalry": self.cavalry, "flight": self.flight, "yojimbo": self.yojimbo,
                "tattoos": list(self.tattoos), "tattooed": self.tattooed, "yokuni": self.yokuni, "clan": self.clan,
                "bought_from": self.bought_from, "cost": self.cost}


@dataclass(frozen=True)
class Personality:
    id: str
    faction: str                     # the player who controls it
    type: str                        # the profile (uniqueness is by type)
    name: str
    province: str
    unique: bool = False
    experienced: bool = False
    unit: str | None = None          # the unit it leads or is attached to (None: a lone personality)
    earth: int | None = None         # rings (None: not given; Earth and Void always are)
    water: int | None = None
    fire: int | None = None
    air: int | None = None
    void: int | None = None
    max_wounds: int = 1
    wounds: int = 1                  # left now
    void_points: int = 0             # left now (at most the Void ring)
    leadership: int | None = None
    command_limit: int | None = None
    cavalry: bool = False
    flight: bool = False
    shugenja: bool = False
    reincarnates: bool = False       # Shiba Ujimitsu's ability (L167)
    status: str = ACTIVE
    captured_by: str | None = None
    items: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()
    # equipment set aside for what replaced it (L64, L93): (replacement, equipment, carried: it was
    # mundane equipment it carried, not its card's own); never in the stockpile, back when the replacement leaves
    set_aside: tuple[tuple[str, str, bool], ...] = ()
    tattoos: tuple[str, ...] = ()    # tattoos bought as items: never traded (L65)
    maimed: tuple[str, ...] = ()     # rings lost to maiming, in order
    gained: tuple[str, ...] = ()     # rings gained by experience, in order
    clan: str | None = None
    bought_from: str | None = None
    cost: int = 0
    died: int | None = None          # the turn it died (or was removed)
    command_group: tuple[tuple[str, int], ...] = ()   # the Daimyo's free entourage (model, koku); a general's, by L72
    group_of: str | None = None      # the general whose command group this command-group personality joined (L68, L71)

    @property
    def rings(self) -> dict:
        return {r: getattr(self, r) for r in RINGS}

    @property
    def family(self) -> str:
        return self.name.split()[0] if self.name.split() else self.name

    def but(self, **changes) -> "Personality":
        return replace(self, **changes)

    def to_json(self) -> dict:
        return {"id": self.id, "faction": self.faction, "type": self.type, "name": self.name, "province": self.province,
                "unique": self.unique, "experienced": self.experienced, "unit": self.unit, "rings": self.rings,
                "max_wounds": self.max_wounds, "wounds": self.wounds, "void_points": self.void_points,
                "leadership": self.leadership, "command_limit": self.command_limit, "cavalry": self.cavalry,
                "flight": self.flight, "shugenja": self.shugenja, "reincarnates": self.reincarnates,
                "status": self.status, "captured_by": self.captured_by, "items": list(self.items),
                "spells": list(self.spells), "equipment": list(self.equipment),
                "set_aside": [{"equipment": kit, "for": by, "carried": carried} for by, kit, carried in self.set_aside],
                "tattoos": list(self.tattoos), "maimed": list(self.maimed),
                "gained": list(self.gained), "clan": self.clan, "bought_from": self.bought_from, "cost": self.cost,
                "died": self.died, "command_group": [{"model": m, "cost": c} for m, c in self.command_group],
                "group_of": self.group_of}


@dataclass(frozen=True)
class Faction:
    """A player: the faction they play and what it owns besides provinces and forces."""
    id: str                          # the player id
    kind: str                        # one of the twelve factions
    koku: int = 0
    honor: int = 0
    rings: int = 0                   # Monk Rings (L165): taxed like provinces, never lost
    corrupted: bool = False
    daimyo: str | None = None
    stockpile: tuple[tuple[str, int], ...] = ()   # mundane equipment: (type, count)
    grudges: frozenset = frozenset() # Monk: factions that conquered a Monk province (L165)
    deck: tuple[str, ...] = ()       # the tactical card pool (private)
    excused: frozenset = frozenset() # factions it may break an alliance with without penalty (L123)

    def but(self, **changes) -> "Faction":
        return replace(self, **changes)

    def stock(self, kind: str) -> int:
        return dict(self.stockpile).get(kind, 0)


@dataclass(frozen=True)
class ClanwarState:
    turn: int
    owners: Mapping[str, str | None]          # province -> player (None: neutral)
    original: Mapping[str, str | None]        # province -> its controller at the start of the campaign
    factions: Mapping[str, Faction]
    units: Mapping[str, Unit]
    personalities: Mapping[str, Personality]
    alliances: frozenset = frozenset()        # frozenset({a, b}) pairs
    libraries: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))  # province -> spells stored
    graveyard: frozenset = frozenset()        # types of unique personalities that died: never again (L52, L120)
    joint: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))     # neutral, held by allies (L124)
    game_over: bool = False
    winner: str | None = None

    def but(self, **changes) -> "ClanwarState":
        for key in ("owners", "original", "factions", "units", "personalities", "libraries", "joint"):
            if key in changes:
                changes[key] = frozen(changes[key])
        return replace(self, **changes)

    # ---- queries -----------------------------------------------------------------------------

    def allied(self, a: str | None, b: str | None) -> bool:
        return a is not None and (a == b or frozenset((a, b)) in self.alliances)

    def held_by(self, player: str) -> list[str]:
        return sorted(p for p, o in self.owners.items() if o == player)

    def count(self, player: str) -> int:
        return sum(1 for o in self.owners.values() if o == player)

    def units_of(self, player: str) -> list[Unit]:
        return [u for u in self.units.values() if u.faction == player]

    def personalities_of(self, player: str, statuses=HELD) -> list[Personality]:
        return [p for p in self.personalities.values() if p.faction == player and p.status in statuses]
