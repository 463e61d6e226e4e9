"""The events of a campagna turn: each says what changed and why, in one sentence.

``describe(name)`` takes a function turning player and territory ids into display names. Every
event that decides the map names the seed's rule (R31, R36 ...) that decided it, as listed in
docs/rules/campagna.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .. import Event
from .schema import DECISIVA, FERITA_GRAVE, FERITA_LIEVE, FINALE, SCHERMAGLIA, SCORRERIA

KIND_NAMES = {SCHERMAGLIA: "Schermaglia", SCORRERIA: "Scorreria", DECISIVA: "Battaglia decisiva",
              FINALE: "final Battaglia decisiva"}
FATE_NAMES = {FERITA_GRAVE: "Ferita grave (-1 Wound, -1 Fate point)", FERITA_LIEVE: "Ferita lieve (-1 Wound)",
              None: "Invincibile (no consequence)", "nessuna": "Invincibile (no consequence)"}
BONUS_NAMES = {"tre_azioni": "3 actions", "ripeti_iniziativa": "re-roll an initiative roll",
               "ripeti_rinforzi": "re-roll a reinforcements roll", "fearless": "Fearless for one turn",
               "miglior_generale": "Miglior generale"}


def ordinal(n: int) -> str:
    return f"{n}°"


@dataclass(frozen=True)
class Roll:
    """One die: what it was for, whose, its face, and whether it was written in the turn file."""

    purpose: str
    subject: str
    value: int
    recorded: bool

    def to_json(self) -> dict:
        return {"purpose": self.purpose, "subject": self.subject, "value": self.value, "recorded": self.recorded}


# ---- set-up ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class FactionSetUp(Event):
    player: str
    faction: str | None
    general: str
    capital: str
    territories: tuple[str, ...]
    drawn: tuple[str, ...]          # what was drawn from the seed: "capital", "territories"

    def describe(self, name=str) -> str:
        faction = f" ({self.faction})" if self.faction else ""
        lands = ", ".join(name(t) for t in self.territories) or "nothing else"
        drawn = f"; {' and '.join(self.drawn)} drawn from the seed" if self.drawn else ""
        return (f"{name(self.player)}{faction}, General {self.general}, starts with the Capital {name(self.capital)} "
                f"and {lands}{drawn}")


@dataclass(frozen=True)
class InitiativeDrawn(Event):
    order: tuple[str, ...]
    recorded: bool

    def describe(self, name=str) -> str:
        how = "as drawn at the table" if self.recorded else "drawn from the seed"
        return "Order of play for turn 1 (" + how + "): " + ", ".join(
            f"{ordinal(i + 1)} {name(p)}" for i, p in enumerate(self.order))


# ---- a turn's declarations ------------------------------------------------------------------------

@dataclass(frozen=True)
class TurnOrder(Event):
    turn: int
    order: tuple[str, ...]

    def describe(self, name=str) -> str:
        how = "" if self.turn == 1 else ": the last of the previous turn plays first"
        return f"Order of play{how}: " + ", ".join(f"{ordinal(i + 1)} {name(p)}" for i, p in enumerate(self.order))


@dataclass(frozen=True)
class ActionDeclared(Event):
    player: str
    action: str                     # schermaglia | scorreria | battaglia_decisiva
    at: str
    origin: str
    route: str
    cost: int
    holder: str | None

    def describe(self, name=str) -> str:
        route = {"sea": " by sea (the whole turn)", "mountain": f" across the mountains ({self.cost} actions)",
                 "river": " across the river"}.get(self.route, "")
        against = f" against {name(self.holder)}" if self.holder else ""
        return f"{name(self.player)} declares {KIND_NAMES[self.action]} on {name(self.at)}{against} from {name(self.origin)}{route}"


@dataclass(frozen=True)
class Intervention(Event):
    player: str
    at: str
    against: str
    distance: int

    def describe(self, name=str) -> str:
        return (f"{name(self.player)} intervenes at {name(self.at)} against {name(self.against)} "
                f"({self.distance} territor{'y' if self.distance == 1 else 'ies'} away): a Schermaglia battle")


@dataclass(frozen=True)
class Retreat(Event):
    player: str
    at: str
    to: str
    invader: str

    def describe(self, name=str) -> str:
        return f"{name(self.player)} retreats from {name(self.at)} into {name(self.to)}: {name(self.invader)} takes it without a battle"


@dataclass(frozen=True)
class Resisted(Event):
    player: str
    at: str
    attacker: str

    def describe(self, name=str) -> str:
        return f"{name(self.player)} resists at {name(self.at)}: a battle against {name(self.attacker)}"


# ---- battles -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class BattleFought(Event):
    """A battle of the calendar, or the final, as entered. ``name``, ``players``, ``winners`` and
    ``vp`` (the objective points) are the shape the site reads every ruleset's battles in."""

    name: str
    action: str
    at: str | None
    players: tuple[str, ...]
    winners: tuple[str, ...]
    victory: str | None
    vp: Mapping[str, int]
    points: int | None
    scenario: str | None

    def describe(self, name=str) -> str:
        where = f" at {name(self.at)}" if self.at else ""
        sides = " against ".join(name(p) for p in self.players)
        score = "–".join(str(self.vp.get(p, 0)) for p in self.players) if self.vp else ""
        score = f" ({score})" if score else ""
        if not self.winners:
            return f"{KIND_NAMES[self.action]}{where}, {sides}: a draw{score}"
        how = "Vittoria maggiore" if self.victory == "major" else "Vittoria"
        return f"{KIND_NAMES[self.action]}{where}, {sides}: {how} for {name(self.winners[0])}{score}"


@dataclass(frozen=True)
class GeneralKilled(Event):
    player: str
    general: str
    at: str
    roll: int
    recorded: bool
    fate: str                       # ferita_grave | ferita_lieve | nessuna

    @property
    def dice(self) -> tuple[Roll, ...]:
        return (Roll("fate", self.player, self.roll, self.recorded),)

    def describe(self, name=str) -> str:
        how = "" if self.recorded else ", drawn from the seed"
        return (f"{self.general} ({name(self.player)}) is killed at {self.at}: D6 {self.roll}{how}, "
                f"{FATE_NAMES[self.fate]} at his next battle")


@dataclass(frozen=True)
class WoundCarried(Event):
    player: str
    general: str
    wound: str
    at: str

    def describe(self, name=str) -> str:
        return f"{self.general} ({name(self.player)}) starts the battle at {self.at} with his {FATE_NAMES[self.wound]}"


@dataclass(frozen=True)
class WoundLapsed(Event):
    player: str
    general: str
    wound: str

    def describe(self, name=str) -> str:
        return f"{self.general} ({name(self.player)}) was left out of the battle: his wound lapses"


# ---- the map at the end of the calendar -----------------------------------------------------------

@dataclass(frozen=True)
class TerritoryOccupied(Event):
    player: str
    at: str
    rule: str

    def describe(self, name=str) -> str:
        return f"{name(self.player)} occupies {name(self.at)} ({self.rule})"


@dataclass(frozen=True)
class TerritoryConquered(Event):
    player: str
    at: str
    loser: str
    rule: str

    def describe(self, name=str) -> str:
        return f"{name(self.player)} conquers {name(self.at)} from {name(self.loser)} ({self.rule})"


@dataclass(frozen=True)
class TerritoryHeld(Event):
    player: str
    at: str
    attacker: str
    rule: str

    def describe(self, name=str) -> str:
        return f"{name(self.player)} holds {name(self.at)} against {name(self.attacker)} ({self.rule})"


@dataclass(frozen=True)
class TerritoryLeftEmpty(Event):
    at: str
    rule: str

    def describe(self, name=str) -> str:
        return f"{name(self.at)} stays empty ({self.rule})"


@dataclass(frozen=True)
class CapitalTaken(Event):
    at: str
    player: str
    loser: str
    founder: str

    def describe(self, name=str) -> str:
        whose = "" if self.founder == self.loser else f", {name(self.founder)}'s Capital,"
        return f"{name(self.player)} takes the Capital {name(self.at)}{whose} from {name(self.loser)}"


@dataclass(frozen=True)
class PlayerLandless(Event):
    player: str

    def describe(self, name=str) -> str:
        return (f"{name(self.player)} holds no territory: a strenua resistenza: the player plays on but may only react "
                "(R65)")


@dataclass(frozen=True)
class CalendarPending(Event):
    battles: tuple[str, ...]

    def describe(self, name=str) -> str:
        where = ", ".join(name(t) for t in self.battles)
        return f"The calendar is not finished ({where} to play): the map is updated when it is (R21)"


@dataclass(frozen=True)
class BonusEarned(Event):
    player: str
    bonus: str | None
    territories: int
    why: str | None = None

    def describe(self, name=str) -> str:
        if self.bonus is None:
            return f"{name(self.player)} earns no Controllo del territorio bonus for the next turn ({self.why})"
        return (f"{name(self.player)} holds {self.territories} territor{'y' if self.territories == 1 else 'ies'}: "
                f"{BONUS_NAMES[self.bonus]} next turn (Controllo del territorio)")


@dataclass(frozen=True)
class BestGeneral(Event):
    players: tuple[str, ...]
    delta: int

    def describe(self, name=str) -> str:
        who = " and ".join(name(p) for p in self.players)
        return f"Miglior generale for the next turn: {who} (Delta obiettivi {self.delta:+d})"


@dataclass(frozen=True)
class FinalRequired(Event):
    claimants: tuple[str, ...]
    capitals: Mapping[str, int]

    def describe(self, name=str) -> str:
        who = " and ".join(f"{name(p)} ({self.capitals[p]} Capitals)" for p in self.claimants)
        return f"{who} both qualify: a final Battaglia decisiva decides the campaign (R64)"


@dataclass(frozen=True)
class CampaignWon(Event):
    player: str
    capitals: tuple[str, ...]
    turn: int
    by_final: bool = False

    def describe(self, name=str) -> str:
        held = ", ".join(name(c) for c in self.capitals)
        how = " and the final battle" if self.by_final else ""
        return f"{name(self.player)} wins the campaign with {len(self.capitals)} Capitals ({held}){how}"
