"""The events of a campagna turn: each says what changed and why, in one sentence.

``describe(name)`` takes a function turning player and territory ids into display names. Every
event that decides the map names the seed's rule (R31, R36 ...) that decided it, as listed in
docs/rules/campagna.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ...i18n import N_, gettext as _, ngettext, tr
from .. import Event
from .schema import DECISIVA, FERITA_GRAVE, FERITA_LIEVE, FINALE, SCHERMAGLIA, SCORRERIA, TRE_AZIONI

# the rulebook's own words stay Italian in every language (Schermaglia, Scorreria ...); the rest
# is marked with N_ and shown in the site's language with tr()
KIND_NAMES = {SCHERMAGLIA: "Schermaglia", SCORRERIA: "Scorreria", DECISIVA: "Battaglia decisiva",
              FINALE: N_("final Battaglia decisiva")}
FATE_NAMES = {FERITA_GRAVE: N_("Ferita grave (-1 Wound, -1 Fate point)"), FERITA_LIEVE: N_("Ferita lieve (-1 Wound)"),
              None: N_("Invincibile (no consequence)"), "nessuna": N_("Invincibile (no consequence)")}
BONUS_NAMES = {"ripeti_iniziativa": N_("re-roll an initiative roll"),
               "ripeti_rinforzi": N_("re-roll a reinforcements roll"), "fearless": N_("Fearless for one turn"),
               "miglior_generale": N_("Miglior generale")}


def bonus_name(bonus: str, actions: int | None = None) -> str:
    """A bonus in the site's language. tre_azioni says the allowance it gives (options.bonus_actions,
    the seed's 3 unless the campaign changes it), so a house rule of 4 is not shown as "3 actions"."""
    if bonus == TRE_AZIONI:
        return ngettext("%(num)d action", "%(num)d actions", actions)
    return tr(BONUS_NAMES[bonus])


def kind_name(kind: str) -> str:
    return tr(KIND_NAMES[kind])


def listed(names) -> str:
    from ...i18n import join
    return join(list(names))


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
        lands = listed(name(t) for t in self.territories) or _("nothing else")
        text = _("%(player)s%(faction)s, General %(general)s, starts with the Capital %(capital)s and %(lands)s",
                 player=name(self.player), faction=faction, general=self.general, capital=name(self.capital), lands=lands)
        if self.drawn:
            what = listed(_("the Capital") if d == "capital" else _("the territories") for d in self.drawn)
            text += _("; %(what)s drawn from the seed", what=what)
        return text


@dataclass(frozen=True)
class InitiativeDrawn(Event):
    order: tuple[str, ...]
    recorded: bool

    def describe(self, name=str) -> str:
        order = ", ".join(f"{ordinal(i + 1)} {name(p)}" for i, p in enumerate(self.order))
        if self.recorded:
            return _("Order of play for turn 1 (as drawn at the table): %(order)s", order=order)
        return _("Order of play for turn 1 (drawn from the seed): %(order)s", order=order)


# ---- a turn's declarations ------------------------------------------------------------------------

@dataclass(frozen=True)
class TurnOrder(Event):
    turn: int
    order: tuple[str, ...]

    def describe(self, name=str) -> str:
        order = ", ".join(f"{ordinal(i + 1)} {name(p)}" for i, p in enumerate(self.order))
        if self.turn == 1:
            return _("Order of play: %(order)s", order=order)
        return _("Order of play (the last of the previous turn plays first): %(order)s", order=order)


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
        route = {"sea": _(" by sea (the whole turn)"), "mountain": _(" across the mountains (%(cost)s actions)", cost=self.cost),
                 "river": _(" across the river")}.get(self.route, "")
        if self.holder:
            return _("%(player)s declares %(action)s on %(territory)s against %(holder)s from %(origin)s%(route)s",
                     player=name(self.player), action=kind_name(self.action), territory=name(self.at),
                     holder=name(self.holder), origin=name(self.origin), route=route)
        return _("%(player)s declares %(action)s on %(territory)s from %(origin)s%(route)s", player=name(self.player),
                 action=kind_name(self.action), territory=name(self.at), origin=name(self.origin), route=route)


@dataclass(frozen=True)
class Intervention(Event):
    player: str
    at: str
    against: str
    distance: int

    def describe(self, name=str) -> str:
        return ngettext("%(player)s intervenes at %(territory)s against %(against)s (%(num)d territory away): "
                        "a Schermaglia battle",
                        "%(player)s intervenes at %(territory)s against %(against)s (%(num)d territories away): "
                        "a Schermaglia battle", self.distance, player=name(self.player), territory=name(self.at),
                        against=name(self.against))


@dataclass(frozen=True)
class Retreat(Event):
    player: str
    at: str
    to: str
    invader: str

    def describe(self, name=str) -> str:
        return _("%(player)s retreats from %(territory)s into %(to)s: %(invader)s takes it without a battle",
                 player=name(self.player), territory=name(self.at), to=name(self.to), invader=name(self.invader))


@dataclass(frozen=True)
class Resisted(Event):
    player: str
    at: str
    attacker: str

    def describe(self, name=str) -> str:
        return _("%(player)s resists at %(territory)s: a battle against %(attacker)s", player=name(self.player),
                 territory=name(self.at), attacker=name(self.attacker))


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
        battle = (_("%(action)s at %(territory)s", action=kind_name(self.action), territory=name(self.at)) if self.at
                  else kind_name(self.action))
        sides = _("%(first)s against %(second)s", first=name(self.players[0]), second=name(self.players[-1]))
        score = "–".join(str(self.vp.get(p, 0)) for p in self.players) if self.vp else ""
        score = f" ({score})" if score else ""
        if not self.winners:
            return _("%(battle)s, %(sides)s: a draw%(score)s", battle=battle, sides=sides, score=score)
        how = "Vittoria maggiore" if self.victory == "major" else "Vittoria"
        return _("%(battle)s, %(sides)s: %(victory)s for %(winner)s%(score)s", battle=battle, sides=sides, victory=how,
                 winner=name(self.winners[0]), score=score)


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
        fate = tr(FATE_NAMES[self.fate])
        if self.recorded:
            return _("%(general)s (%(player)s) is killed at %(where)s: D6 %(roll)s, %(fate)s at his next battle",
                     general=self.general, player=name(self.player), where=self.at, roll=self.roll, fate=fate)
        return _("%(general)s (%(player)s) is killed at %(where)s: D6 %(roll)s, drawn from the seed, %(fate)s at his "
                 "next battle", general=self.general, player=name(self.player), where=self.at, roll=self.roll, fate=fate)


@dataclass(frozen=True)
class WoundCarried(Event):
    player: str
    general: str
    wound: str
    at: str

    def describe(self, name=str) -> str:
        return _("%(general)s (%(player)s) starts the battle at %(where)s with his %(wound)s", general=self.general,
                 player=name(self.player), where=self.at, wound=tr(FATE_NAMES[self.wound]))


@dataclass(frozen=True)
class WoundLapsed(Event):
    player: str
    general: str
    wound: str

    def describe(self, name=str) -> str:
        return _("%(general)s (%(player)s) was left out of the battle: his wound lapses", general=self.general,
                 player=name(self.player))


# ---- the map at the end of the calendar -----------------------------------------------------------

@dataclass(frozen=True)
class TerritoryOccupied(Event):
    player: str
    at: str
    rule: str

    def describe(self, name=str) -> str:
        return _("%(player)s occupies %(territory)s (%(rule)s)", player=name(self.player), territory=name(self.at),
                 rule=tr(self.rule))


@dataclass(frozen=True)
class TerritoryConquered(Event):
    player: str
    at: str
    loser: str
    rule: str

    def describe(self, name=str) -> str:
        return _("%(player)s conquers %(territory)s from %(loser)s (%(rule)s)", player=name(self.player),
                 territory=name(self.at), loser=name(self.loser), rule=tr(self.rule))


@dataclass(frozen=True)
class TerritoryHeld(Event):
    player: str
    at: str
    attacker: str
    rule: str

    def describe(self, name=str) -> str:
        return _("%(player)s holds %(territory)s against %(attacker)s (%(rule)s)", player=name(self.player),
                 territory=name(self.at), attacker=name(self.attacker), rule=tr(self.rule))


@dataclass(frozen=True)
class TerritoryLeftEmpty(Event):
    at: str
    rule: str

    def describe(self, name=str) -> str:
        return _("%(territory)s stays empty (%(rule)s)", territory=name(self.at), rule=tr(self.rule))


@dataclass(frozen=True)
class CapitalTaken(Event):
    at: str
    player: str
    loser: str
    founder: str

    def describe(self, name=str) -> str:
        if self.founder == self.loser:
            return _("%(player)s takes the Capital %(territory)s from %(loser)s", player=name(self.player),
                     territory=name(self.at), loser=name(self.loser))
        return _("%(player)s takes the Capital %(territory)s, %(founder)s's Capital, from %(loser)s",
                 player=name(self.player), territory=name(self.at), founder=name(self.founder), loser=name(self.loser))


@dataclass(frozen=True)
class PlayerLandless(Event):
    player: str

    def describe(self, name=str) -> str:
        return _("%(player)s holds no territory: a strenua resistenza: the player plays on but may only react (R65)",
                 player=name(self.player))


@dataclass(frozen=True)
class CalendarPending(Event):
    battles: tuple[str, ...]

    def describe(self, name=str) -> str:
        return _("The calendar is not finished (%(battles)s to play): the map is updated when it is (R21)",
                 battles=listed(name(t) for t in self.battles))


@dataclass(frozen=True)
class BonusEarned(Event):
    player: str
    bonus: str | None
    territories: int
    why: str | None = None
    actions: int | None = None      # tre_azioni: the allowance it gives (options.bonus_actions)

    def describe(self, name=str) -> str:
        if self.bonus is None:
            return _("%(player)s earns no Controllo del territorio bonus for the next turn (%(why)s)",
                     player=name(self.player), why=tr(self.why))
        return ngettext("%(player)s holds %(num)d territory: %(bonus)s next turn (Controllo del territorio)",
                        "%(player)s holds %(num)d territories: %(bonus)s next turn (Controllo del territorio)",
                        self.territories, player=name(self.player), bonus=bonus_name(self.bonus, self.actions))


@dataclass(frozen=True)
class BestGeneral(Event):
    players: tuple[str, ...]
    delta: int

    def describe(self, name=str) -> str:
        delta = f"{self.delta:+d}"
        return _("Miglior generale for the next turn: %(players)s (Delta obiettivi %(delta)s)",
                 players=listed(name(p) for p in self.players), delta=delta)


@dataclass(frozen=True)
class FinalRequired(Event):
    claimants: tuple[str, ...]
    capitals: Mapping[str, int]

    def describe(self, name=str) -> str:
        who = listed(_("%(player)s (%(count)s Capitals)", player=name(p), count=self.capitals[p]) for p in self.claimants)
        return _("%(players)s qualify together: a final Battaglia decisiva decides the campaign (R64)", players=who)


@dataclass(frozen=True)
class CampaignWon(Event):
    player: str
    capitals: tuple[str, ...]
    turn: int
    by_final: bool = False

    def describe(self, name=str) -> str:
        held = listed(name(c) for c in self.capitals)
        if self.by_final:
            return _("%(player)s wins the campaign with %(count)s Capitals (%(held)s) and the final battle",
                     player=name(self.player), count=len(self.capitals), held=held)
        return _("%(player)s wins the campaign with %(count)s Capitals (%(held)s)", player=name(self.player),
                 count=len(self.capitals), held=held)
