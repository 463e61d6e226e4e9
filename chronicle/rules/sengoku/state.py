"""The Sengoku position between turns: clans, provinces, castles, armies, sieges, the deck.

Everything is immutable; ``but(...)`` returns a changed copy. Rules live in the phase modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Mapping


def frozen(mapping) -> Mapping:
    return mapping if isinstance(mapping, MappingProxyType) else MappingProxyType(dict(sorted(mapping.items())))


IN_GAME = "in"


@dataclass(frozen=True)
class Army:
    id: str
    clan: str
    province: str
    strength: int
    besieged: bool = False          # shut in its own castle
    retreated: bool = False         # refused battle or lost one: its next move goes only towards its capital
    #: the most this army may contain, by element ("3Kn(Gen)", "4Bd"...): its last declared
    #: composition less the elements named lost since; None when unknown (never declared, or it
    #: gained elements whose types are not entered). See armylists.py, "Tracking".
    elements: tuple[tuple[str, int], ...] | None = None
    #: where its general fell since its last declaration ("the battle of Three, turn 2"): its next
    #: declaration must name a successor; None otherwise
    general_lost: str | None = None

    def but(self, **changes) -> "Army":
        return replace(self, **changes)


@dataclass(frozen=True)
class Siege:
    province: str
    besieger: str                   # army id
    defender: str | None            # army id shut in the castle, or None (an undefended castle)
    rolls: int = 0                  # siege rolls made so far (the score needed falls each further turn)
    trader: bool = False            # a Portuguese trader card was played for this siege

    def to_json(self) -> dict:
        return {"province": self.province, "besieger": self.besieger, "defender": self.defender,
                "rolls": self.rolls, "trader": self.trader}


@dataclass(frozen=True)
class Clan:
    id: str
    capital: str                    # the home capital (retreats go towards it, even once it is lost)
    neutral: bool = False           # an unplayed clan, moved by the umpire
    prestige: int = 0
    status: str = IN_GAME           # in | seppuku | usurped | eliminated
    hand: tuple[str, ...] = ()      # cards held (tactical cards and the Marriage card)
    wounded_until: int | None = None   # the daimyo is wounded: no orders out of own land up to this turn
    next_army: int = 1              # number of the next army raised

    @property
    def active(self) -> bool:
        return self.status == IN_GAME

    @property
    def married(self) -> bool:
        return "marriage" in self.hand

    def but(self, **changes) -> "Clan":
        return replace(self, **changes)

    def to_json(self) -> dict:
        return {"id": self.id, "capital": self.capital, "neutral": self.neutral, "prestige": self.prestige,
                "status": self.status, "cards": len(self.hand), "married": self.married,
                "wounded_until": self.wounded_until}


@dataclass(frozen=True)
class Claim:
    clan: str
    since: int                      # the turn the claim was made
    held: int = 0                   # turns ended with the claimant in Kyoto


@dataclass(frozen=True)
class SengokuState:
    turn: int
    owners: Mapping[str, str | None]          # province -> clan (None: neutral land)
    castles: Mapping[str, str]                # province -> "capital" | "fortress"
    clans: Mapping[str, Clan]
    armies: Mapping[str, Army]
    sieges: Mapping[str, Siege]               # province -> siege
    alliances: frozenset                      # frozenset of frozenset({a, b})
    deck: tuple[str, ...] = ()                # cards left to draw, top first
    deck_number: int = 1                      # which deck is being dealt
    claim: Claim | None = None
    game_over: bool = False
    winner: str | None = None
    shogun: str | None = None
    #: armies (or clans) whose orders were rejected: later problems about them are consequences of
    #: that error (see context.py); id -> the error. Empty in a campaign without errors.
    in_doubt: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def but(self, **changes) -> "SengokuState":
        for key in ("owners", "castles", "clans", "armies", "sieges", "in_doubt"):
            if key in changes:
                changes[key] = frozen(changes[key])
        return replace(self, **changes)

    # ---- queries --------------------------------------------------------------------------

    def held_by(self, clan: str) -> list[str]:
        return sorted(p for p, owner in self.owners.items() if owner == clan)

    def count(self, clan: str) -> int:
        return sum(1 for owner in self.owners.values() if owner == clan)

    def armies_of(self, clan: str) -> list[Army]:
        return [a for a in self.armies.values() if a.clan == clan]

    def armies_in(self, province: str) -> list[Army]:
        return [a for a in self.armies.values() if a.province == province]

    def allied(self, a: str, b: str) -> bool:
        return a == b or frozenset((a, b)) in self.alliances

    def enemies(self, a: str, b: str) -> bool:
        return not self.allied(a, b)

    def castle_of(self, province: str) -> str | None:
        return self.castles.get(province)

    def capacity(self, province: str, options) -> int:
        kind = self.castles.get(province)
        return options["capital_holds"] if kind == "capital" else options["fortress_holds"] if kind else 0

    def active_clans(self) -> list[str]:
        return [c for c, clan in self.clans.items() if clan.active]

    def players(self) -> list[str]:
        """Clans played by someone and still in the game."""
        return [c for c, clan in self.clans.items() if clan.active and not clan.neutral]
