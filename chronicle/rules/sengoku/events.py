"""The events of a Sengoku turn: each says what changed and why, in one sentence.

``describe(name)`` takes a function turning clan, army and province ids into display names.
Prestige is never changed silently: every point is a :class:`PrestigeAwarded` whose ``cause`` is
the index, in the same turn's event list, of the event that earned it (the site's ledger links it).

Every die is a :class:`Roll` that says whether it was recorded in the turn file or drawn from the
seed; the events that roll dice list them in ``dice``.

Public and private. A tactical card is hidden until played (seed: "The tactical cards are not
revealed to other players until played"). Everything an event gives by default is public:
``describe(name)`` and ``to_json()`` never name a hidden card (a :class:`CardDrawn` with
``hidden`` true reads "Takeda drew a card"). Only ``describe_private(name)`` and
``to_json(private=True)`` name it: for the administrator, never for the site.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import N_, _, join, ngettext, tr
from .. import Event


@dataclass(frozen=True)
class Roll:
    """One d6: what it was for (purpose, army or clan, the index of the die for that pair), its
    face, and whether it was recorded in the turn file (True) or drawn from the campaign seed."""
    purpose: str
    subject: str
    index: int
    value: int
    recorded: bool

    def to_json(self) -> dict:
        return {"purpose": self.purpose, "subject": self.subject, "index": self.index, "value": self.value,
                "recorded": self.recorded}

    def text(self) -> str:
        return str(self.value)


class SengokuEvent(Event):
    """What every Sengoku event adds to :class:`Event`: the public/private split."""

    #: True when the event holds a secret (a tactical card drawn): its public forms do not name it
    hidden = False

    def describe_private(self, name=str) -> str:
        """The administrator's sentence: like ``describe`` but naming hidden cards."""
        return self.describe(name)

    def to_json(self, private: bool = False) -> dict:
        return super().to_json()


def _elements(count: int) -> str:
    return ngettext("%(num)s element", "%(num)s elements", count)


def _signed(value: int) -> str:
    return f"{value:+d}"


def _provinces(count: int) -> str:
    return ngettext("%(num)s province", "%(num)s provinces", count)


def _path(name, path) -> str:
    return " → ".join(name(p) for p in path)


# ---- set-up and the deck ----------------------------------------------------------------------

@dataclass(frozen=True)
class ClanSetUp(SengokuEvent):
    clan: str
    capital: str
    provinces: int
    fortresses: tuple[str, ...]
    neutral: bool

    def describe(self, name=str) -> str:
        who = _("%(clan)s (neutral, moved by the umpire)", clan=name(self.clan)) if self.neutral else name(self.clan)
        forts = ", ".join(name(f) for f in self.fortresses) or _("none")
        return _("%(clan)s holds %(provinces)s, capital %(capital)s, fortress %(fortresses)s", clan=who,
                 provinces=_provinces(self.provinces), capital=name(self.capital), fortresses=forts)


@dataclass(frozen=True)
class ArmyRaised(SengokuEvent):
    army: str
    clan: str
    province: str
    strength: int
    rule: str = N_("set-up")

    def describe(self, name=str) -> str:
        return _("%(clan)s raised army %(army)s (%(elements)s) at %(province)s (%(rule)s)", clan=name(self.clan),
                 army=self.army, elements=_elements(self.strength), province=name(self.province), rule=tr(self.rule))


@dataclass(frozen=True)
class ArmyListed(SengokuEvent):
    army: str
    clan: str
    army_list: str
    elements: tuple[tuple[str, int], ...]      # (type, count), the general as "3Kn(Gen)"

    def describe(self, name=str) -> str:
        listed = ", ".join(f"{n}x{kind}" for kind, n in self.elements)
        return _("%(clan)s's army %(army)s takes the field as %(elements)s (the %(list)s list)", clan=name(self.clan),
                 army=self.army, elements=listed, list=tr(self.army_list.replace("_", " ")))


@dataclass(frozen=True)
class ArmyDisbanded(SengokuEvent):
    army: str
    clan: str
    province: str
    rule: str

    def describe(self, name=str) -> str:
        return _("%(clan)s's army %(army)s at %(province)s is disbanded (%(rule)s)", clan=name(self.clan), army=self.army,
                 province=name(self.province), rule=tr(self.rule))


#: the seed's names of the cards, translated where shown (a card the options add is named from its id)
CARD_TITLES = {"marriage": N_("Marriage into the Shogun family"), "spy": N_("Spy"), "ninja": N_("Ninja"),
               "portuguese_trader": N_("Portuguese Trader"), "forage": N_("Forage"), "bitter_enders": N_("Bitter Enders"),
               "treachery": N_("Treachery"), "excellent_reconnaissance": N_("Excellent Reconnaissance"),
               "blank": N_("Blank")}


def card_title(card: str) -> str:
    """A card's name as the seed prints it, in the language in force."""
    return tr(CARD_TITLES[card]) if card in CARD_TITLES else card.replace("_", " ").title()


@dataclass(frozen=True)
class CardDrawn(SengokuEvent):
    """A card drawn at the start of the turn. ``card`` is the truth (the administrator's); the
    public forms give it only when ``hidden`` is false (event cards, shown when drawn)."""
    clan: str
    card: str
    deck: int
    recorded: bool = True              # written in the turn file (False: dealt from the seeded shuffle)
    hidden: bool = True                # a tactical card: not revealed until played

    def describe(self, name=str) -> str:
        if self.card == "marriage":
            return _("%(clan)s drew the Marriage into the Shogun family card and keeps it for the game", clan=name(self.clan))
        if self.hidden:
            return _("%(clan)s drew a card from deck %(deck)s", clan=name(self.clan), deck=self.deck)
        return _("%(clan)s drew %(card)s from deck %(deck)s", clan=name(self.clan), card=card_title(self.card), deck=self.deck)

    def describe_private(self, name=str) -> str:
        if not self.hidden:
            return self.describe(name)
        how = _("as written") if self.recorded else _("dealt from the seeded shuffle")
        return _("%(clan)s drew %(card)s from deck %(deck)s (%(how)s; hidden until played)", clan=name(self.clan),
                 card=card_title(self.card), deck=self.deck, how=how)

    def to_json(self, private: bool = False) -> dict:
        data = super().to_json()
        if private:
            data["text"] = self.describe_private()
        elif self.hidden:
            data["card"] = None
        return data


@dataclass(frozen=True)
class DeckEmpty(SengokuEvent):
    deck: int
    undealt: tuple[str, ...]
    last: bool = False                 # the last deck of the game: the game ends after this turn

    def describe(self, name=str) -> str:
        undealt = ", ".join(map(name, self.undealt))
        if self.undealt and self.last:
            return _("The last card of deck %(deck)s is drawn; %(clans)s drew nothing: the turn is played out, then the "
                     "game ends", deck=self.deck, clans=undealt)
        if self.undealt:
            return _("The last card of deck %(deck)s is drawn; %(clans)s drew nothing: the turn is played out, then the "
                     "cards are reshuffled", deck=self.deck, clans=undealt)
        if self.last:
            return _("The last card of deck %(deck)s is drawn: the turn is played out, then the game ends", deck=self.deck)
        return _("The last card of deck %(deck)s is drawn: the turn is played out, then the cards are reshuffled",
                 deck=self.deck)


@dataclass(frozen=True)
class DeckReshuffled(SengokuEvent):
    deck: int
    cards: int

    def describe(self, name=str) -> str:
        return ngettext("Every card but the Marriage cards held goes back: deck %(deck)s of %(num)s card is shuffled",
                        "Every card but the Marriage cards held goes back: deck %(deck)s of %(num)s cards is shuffled",
                        self.cards, deck=self.deck)


@dataclass(frozen=True)
class CardPlayed(SengokuEvent):
    clan: str
    card: str
    purpose: str

    def describe(self, name=str) -> str:
        return _("%(clan)s played %(card)s (%(purpose)s)", clan=name(self.clan), card=card_title(self.card),
                 purpose=tr(self.purpose))


@dataclass(frozen=True)
class MovementOrder(SengokuEvent):
    order: tuple[str, ...]
    how: str
    rolls: tuple[tuple[str, tuple[int, ...]], ...] = ()
    dice: tuple[Roll, ...] = ()

    def describe(self, name=str) -> str:
        rolls = "; ".join(f"{name(c)} {'/'.join(map(str, r))}" for c, r in self.rolls)
        how = tr(self.how) + (": " + rolls if rolls else "")
        return _("Movement order: %(order)s (%(how)s)", order=", ".join(map(name, self.order)), how=how)


# ---- diplomacy ------------------------------------------------------------------------------

@dataclass(frozen=True)
class AllianceFormed(SengokuEvent):
    clans: tuple[str, str]

    def describe(self, name=str) -> str:
        return _("%(clan)s and %(other)s formed an alliance", clan=name(self.clans[0]), other=name(self.clans[1]))


@dataclass(frozen=True)
class AllianceBroken(SengokuEvent):
    by: str
    other: str

    def describe(self, name=str) -> str:
        return _("%(clan)s broke the alliance with %(other)s", clan=name(self.by), other=name(self.other))


@dataclass(frozen=True)
class TreatyBroken(SengokuEvent):
    clan: str
    note: str = ""

    def describe(self, name=str) -> str:
        if self.note:
            return _("%(clan)s broke treaty obligations: %(note)s", clan=name(self.clan), note=self.note)
        return _("%(clan)s broke treaty obligations", clan=name(self.clan))


@dataclass(frozen=True)
class ProvincesCeded(SengokuEvent):
    giver: str
    taker: str
    provinces: tuple[str, ...]

    def describe(self, name=str) -> str:
        return _("%(giver)s ceded %(provinces)s to %(taker)s", giver=name(self.giver),
                 provinces=", ".join(map(name, self.provinces)), taker=name(self.taker))


@dataclass(frozen=True)
class FortressBuilt(SengokuEvent):
    clan: str
    province: str

    def describe(self, name=str) -> str:
        return _("%(clan)s built a fortress in %(province)s", clan=name(self.clan), province=name(self.province))


@dataclass(frozen=True)
class Penalty(SengokuEvent):
    clan: str
    prestige: int
    reason: str

    def describe(self, name=str) -> str:
        return _("The umpire penalised %(clan)s: %(points)s prestige (%(reason)s)", clan=name(self.clan),
                 points=_signed(self.prestige), reason=tr(self.reason))


@dataclass(frozen=True)
class NinjaAttempt(SengokuEvent):
    by: str
    target: str
    roll: int
    modifier: int
    outcome: str              # assassinated | wounded | failed
    wound_turns: int | None = None
    dice: tuple[Roll, ...] = ()        # the ninja die, then (a wound) the d6 of turns

    def describe(self, name=str) -> str:
        roll = f"{self.roll} " + (_("%(modifier)s spy", modifier=_signed(self.modifier)) + " " if self.modifier else "")
        target = name(self.target)
        if self.outcome == "assassinated":
            what = _("%(clan)s's daimyo is assassinated", clan=target)
        elif self.outcome == "wounded":
            what = ngettext("%(clan)s's daimyo is wounded for %(num)s turn: no orders out of his own provinces",
                            "%(clan)s's daimyo is wounded for %(num)s turns: no orders out of his own provinces",
                            self.wound_turns or 0, clan=target)
        else:
            what = _("the attempt fails")
        return _("%(clan)s sent a ninja against %(target)s: d6 %(roll)s— %(what)s", clan=name(self.by), target=target,
                 roll=roll, what=what)


@dataclass(frozen=True)
class Succession(SengokuEvent):
    clan: str
    roll: int
    outcome: str              # heir | usurper-beaten | usurped
    dice: tuple[Roll, ...] = ()

    def describe(self, name=str) -> str:
        what = {"heir": _("the heir secures the succession"),
                "usurper-beaten": _("a general tries to seize the clan and is beaten"),
                "usurped": _("a general seizes the clan: the player is out of the game")}[self.outcome]
        return _("%(clan)s succession roll %(roll)s: %(what)s", clan=name(self.clan), roll=self.roll, what=what)


# ---- movement ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class ArmyMoved(SengokuEvent):
    army: str
    clan: str
    path: tuple[str, ...]          # from the start province to the end
    forced: int = 0
    lost: int = 0
    rule: str = ""

    def describe(self, name=str) -> str:
        text = _("%(clan)s's army %(army)s moved %(path)s", clan=name(self.clan), army=self.army, path=_path(name, self.path))
        if self.forced:
            text += _(", forced march of %(provinces)s costing %(elements)s", provinces=_provinces(self.forced),
                      elements=_elements(self.lost))
        return text + (f" ({tr(self.rule)})" if self.rule else "")


@dataclass(frozen=True)
class StormAtSea(SengokuEvent):
    army: str
    clan: str
    crossing: tuple[str, str]
    roll: int
    lost: int
    dice: tuple[Roll, ...] = ()        # the storm die, then (on a storm) the loss die

    def describe(self, name=str) -> str:
        a, b = self.crossing
        if self.lost or self.roll == 1:
            return ngettext("A storm hit %(army)s's fleet from %(start)s to %(end)s (d6 %(roll)s): %(num)s element lost",
                            "A storm hit %(army)s's fleet from %(start)s to %(end)s (d6 %(roll)s): %(num)s elements lost",
                            self.lost, army=self.army, start=name(a), end=name(b), roll=self.roll)
        return _("%(army)s crossed from %(start)s to %(end)s in fair weather (d6 %(roll)s)", army=self.army, start=name(a),
                 end=name(b), roll=self.roll)


@dataclass(frozen=True)
class ElementsTransferred(SengokuEvent):
    giver: str
    taker: str
    elements: int
    distance: int

    def describe(self, name=str) -> str:
        return ngettext("%(elements)s marched %(provinces)s from %(giver)s to reinforce %(taker)s",
                        "%(elements)s marched %(provinces)s from %(giver)s to reinforce %(taker)s", self.elements,
                        elements=_elements(self.elements), provinces=_provinces(self.distance), giver=self.giver,
                        taker=self.taker)


@dataclass(frozen=True)
class BattleRefused(SengokuEvent):
    army: str
    clan: str
    province: str
    to: str
    enemy: str
    after: str | None = None           # the army it had just beaten (the victor answering the next entrant)

    def describe(self, name=str) -> str:
        values = {"army": self.army, "enemy": self.enemy, "province": name(self.province), "to": name(self.to)}
        if self.after:
            return _("Having beaten %(beaten)s, %(army)s refused battle with %(enemy)s and withdrew from %(province)s to "
                     "%(to)s", beaten=self.after, **values)
        return _("%(army)s refused battle with %(enemy)s and withdrew from %(province)s to %(to)s", **values)


@dataclass(frozen=True)
class ShutInCastle(SengokuEvent):
    army: str
    clan: str
    province: str
    enemy: str
    after: str | None = None           # the army it had just beaten (the victor answering the next entrant)

    def describe(self, name=str) -> str:
        values = {"army": self.army, "enemy": self.enemy, "province": name(self.province)}
        if self.after:
            return _("Having beaten %(beaten)s, %(army)s shut itself in the castle of %(province)s before %(enemy)s",
                     beaten=self.after, **values)
        return _("%(army)s shut itself in the castle of %(province)s before %(enemy)s", **values)


# ---- sieges ------------------------------------------------------------------------------

@dataclass(frozen=True)
class SiegeBegun(SengokuEvent):
    province: str
    besieger: str
    clan: str
    defender: str | None

    def describe(self, name=str) -> str:
        values = {"army": self.besieger, "clan": name(self.clan), "province": name(self.province)}
        if self.defender:
            return _("%(army)s (%(clan)s) laid siege to the castle of %(province)s, with %(inside)s inside",
                     inside=self.defender, **values)
        return _("%(army)s (%(clan)s) laid siege to the castle of %(province)s, undefended", **values)


@dataclass(frozen=True)
class SiegeRoll(SengokuEvent):
    province: str
    besieger: str
    roll: int
    bonus: int
    needed: int
    taken: bool
    lost: int
    forage: bool = False
    dice: tuple[Roll, ...] = ()

    def describe(self, name=str) -> str:
        roll = f"{self.roll} " + (_("%(bonus)s trader", bonus=_signed(self.bonus)) + " " if self.bonus else "")
        values = {"province": name(self.province), "army": self.besieger, "roll": roll, "needed": self.needed}
        if self.taken:
            return _("Siege of %(province)s: %(army)s rolled %(roll)s(needed %(needed)s) and took the castle", **values)
        if self.forage:
            cost = _("the Forage card spared the element")
        else:
            cost = ngettext("%(num)s element lost", "%(num)s elements lost", self.lost)
        return _("Siege of %(province)s: %(army)s rolled %(roll)s(needed %(needed)s), failed; %(cost)s", cost=cost, **values)


@dataclass(frozen=True)
class SiegeLifted(SengokuEvent):
    province: str
    besieger: str
    reason: str

    def describe(self, name=str) -> str:
        return _("The siege of %(province)s by %(army)s is lifted: %(reason)s", province=name(self.province),
                 army=self.besieger, reason=tr(self.reason))


@dataclass(frozen=True)
class CastleTaken(SengokuEvent):
    province: str
    castle: str               # capital | fortress
    by: str
    from_clan: str | None
    how: str

    def describe(self, name=str) -> str:
        values = {"clan": name(self.by), "province": name(self.province), "loser": name(self.from_clan), "how": tr(self.how)}
        if self.castle == "capital":
            return _("%(clan)s took the capital of %(province)s from %(loser)s (%(how)s)", **values)
        return _("%(clan)s took the fortress of %(province)s from %(loser)s (%(how)s)", **values)


@dataclass(frozen=True)
class ArmyDestroyed(SengokuEvent):
    army: str
    clan: str
    province: str
    reason: str

    def describe(self, name=str) -> str:
        return _("%(clan)s's army %(army)s is destroyed in %(province)s: %(reason)s", clan=name(self.clan), army=self.army,
                 province=name(self.province), reason=tr(self.reason))


# ---- battles ------------------------------------------------------------------------------

@dataclass(frozen=True)
class BattleArmy:
    """One army on the table in a battle (allied contingents are in ``BattleFought.allies``)."""
    army: str
    clan: str
    side: str                          # attacker | defender
    elements: int                      # its elements when the battle began
    lost: int
    general_lost: bool = False
    elements_lost: tuple[tuple[str, int], ...] | None = None    # by type, when the entry names them

    def to_json(self) -> dict:
        return {"army": self.army, "clan": self.clan, "side": self.side, "elements": self.elements, "lost": self.lost,
                "general_lost": self.general_lost,
                "elements_lost": dict(self.elements_lost) if self.elements_lost is not None else None}


@dataclass(frozen=True)
class BattleFought(SengokuEvent):
    province: str
    attacker: str
    defender: str
    attacker_clan: str
    defender_clan: str
    sizes: tuple[int, int]             # elements on the table, contingents included
    lost: tuple[int, int]
    breaking: tuple[int, int]
    winner: str
    loser: str
    how: str                           # broke | general | most losses | coin toss
    allies: tuple[tuple[str, str, int, int], ...] = ()   # (army, side army, elements, lost)
    camp_taken_by: str | None = None
    castle_taken: bool = False
    bua_taken_by: str | None = None     # relief battle: the besieger occupied the BUA (1 more loss for the relief)
    #: every army on the table, attackers first, as written. In a Big Battle (``big_battle``: Kyoto
    #: with more than two armies) ``attacker``/``defender`` are the first army written on each side
    #: (its commander-in-chief), ``sizes``, ``lost`` and ``breaking`` are each side's totals, and
    #: ``winner``/``loser`` the first army of the winning/losing side.
    armies: tuple[BattleArmy, ...] = ()
    big_battle: bool = False

    def describe(self, name=str) -> str:
        a, d = self.attacker, self.defender
        values = {"province": name(self.province), "size": self.sizes[0], "enemy_size": self.sizes[1],
                  "lost": self.lost[0], "enemy_lost": self.lost[1], "breaks": self.breaking[0],
                  "enemy_breaks": self.breaking[1], "how": tr(self.how)}
        if self.big_battle:
            a = ", ".join(x.army for x in self.armies if x.side == "attacker")
            d = ", ".join(x.army for x in self.armies if x.side == "defender")
            if any(x.army == self.winner and x.side == "attacker" for x in self.armies):
                text = _("Big Battle of %(province)s: %(attackers)s (%(size)s) against %(defenders)s (%(enemy_size)s); "
                         "losses %(lost)s–%(enemy_lost)s (breaking points %(breaks)s and %(enemy_breaks)s); the attackers "
                         "won (%(how)s)", attackers=a, defenders=d, **values)
            else:
                text = _("Big Battle of %(province)s: %(attackers)s (%(size)s) against %(defenders)s (%(enemy_size)s); "
                         "losses %(lost)s–%(enemy_lost)s (breaking points %(breaks)s and %(enemy_breaks)s); the defenders "
                         "won (%(how)s)", attackers=a, defenders=d, **values)
        else:
            text = _("Battle of %(province)s: %(attacker)s (%(attacker_clan)s, %(size)s) against %(defender)s "
                     "(%(defender_clan)s, %(enemy_size)s); losses %(lost)s–%(enemy_lost)s (breaking points %(breaks)s and "
                     "%(enemy_breaks)s); %(winner)s won (%(how)s)", attacker=a, defender=d,
                     attacker_clan=name(self.attacker_clan), defender_clan=name(self.defender_clan), winner=self.winner,
                     **values)
        fell = [x.army for x in self.armies if x.general_lost]
        if fell:
            text += "; " + ngettext("the general of %(armies)s fell", "the generals of %(armies)s fell", len(fell),
                                    armies=join(fell))
        if self.camp_taken_by:
            text += "; " + _("%(army)s took the enemy camp", army=self.camp_taken_by)
        if self.bua_taken_by:
            text += "; " + _("%(army)s took the BUA (it counts as one more element lost by the relief)",
                             army=self.bua_taken_by)
        if self.castle_taken:
            text += "; " + _("holding the BUA, %(army)s took the castle", army=self.winner)
        return text


@dataclass(frozen=True)
class ArmyRetreated(SengokuEvent):
    army: str
    clan: str
    province: str
    to: str
    how: str = ""                      # as written | the only way | not written: the rule's first choice

    def describe(self, name=str) -> str:
        return _("Beaten, %(army)s retreated from %(province)s to %(to)s, towards its capital", army=self.army,
                 province=name(self.province), to=name(self.to))


@dataclass(frozen=True)
class ElementsLost(SengokuEvent):
    army: str
    clan: str
    lost: int
    reason: str

    def describe(self, name=str) -> str:
        return ngettext("%(army)s (%(clan)s) lost %(num)s element: %(reason)s",
                        "%(army)s (%(clan)s) lost %(num)s elements: %(reason)s", self.lost, army=self.army,
                        clan=name(self.clan), reason=tr(self.reason))


# ---- end of turn ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ProvinceConquered(SengokuEvent):
    province: str
    clan: str
    from_clan: str | None
    army: str

    def describe(self, name=str) -> str:
        values = {"clan": name(self.clan), "province": name(self.province), "army": self.army}
        if self.from_clan:
            return _("%(clan)s conquered %(province)s from %(loser)s: %(army)s holds it unopposed",
                     loser=name(self.from_clan), **values)
        return _("%(clan)s conquered %(province)s: %(army)s holds it unopposed", **values)


@dataclass(frozen=True)
class SupplyRoll(SengokuEvent):
    army: str
    clan: str
    province: str
    roll: int
    distance: int
    others: int
    total: int
    lost: int
    dice: tuple[Roll, ...] = ()
    per_province: int = 1      # the options in force: supply_per_province
    per_army: int = 2          # and supply_per_army

    def describe(self, name=str) -> str:
        roll = str(self.roll)
        if self.distance:
            roll += " " + _("+%(value)s distance", value=self.distance * self.per_province)
        if self.others:
            roll += " " + _("+%(value)s other armies", value=self.others * self.per_army)
        fate = _("starves: 1 element lost") if self.lost else _("holds out")
        return _("%(army)s is out of supply in %(province)s: d6 %(roll)s = %(total)s, %(fate)s", army=self.army,
                 province=name(self.province), roll=roll, total=self.total, fate=fate)


@dataclass(frozen=True)
class ChainBroken(SengokuEvent):
    army: str
    clan: str
    lost_province: str
    roll: int
    lost: int
    dice: tuple[Roll, ...] = ()

    def describe(self, name=str) -> str:
        fate = _("1 element lost") if self.lost else _("no loss")
        return _("%(province)s fell behind %(army)s: its chain of supply is broken (d6 %(roll)s, %(fate)s)",
                 province=name(self.lost_province), army=self.army, roll=self.roll, fate=fate)


@dataclass(frozen=True)
class WinterAttrition(SengokuEvent):
    army: str
    clan: str
    province: str
    distance: int
    lost: int
    quarters: str | None
    forage: bool = False
    saved: int = 1             # elements the Forage card saved (winter_forage, at most the loss)

    def describe(self, name=str) -> str:
        if self.quarters is None:
            return _("Winter: %(army)s is %(provinces)s from winter quarters and is destroyed", army=self.army,
                     provinces=_provinces(self.distance))
        values = {"army": self.army, "provinces": _provinces(self.distance), "elements": _elements(self.lost),
                  "quarters": name(self.quarters)}
        if self.forage:
            return _("Winter: %(army)s was %(provinces)s from winter quarters, lost %(elements)s (Forage saved "
                     "%(saved)s) and marched to %(quarters)s", saved=_elements(self.saved), **values)
        return _("Winter: %(army)s was %(provinces)s from winter quarters, lost %(elements)s and marched to %(quarters)s",
                 **values)


@dataclass(frozen=True)
class WinterReinforced(SengokuEvent):
    army: str
    clan: str
    province: str
    gained: int

    def describe(self, name=str) -> str:
        return _("%(army)s wintered in %(province)s all turn and gained %(elements)s", army=self.army,
                 province=name(self.province), elements=_elements(self.gained))


@dataclass(frozen=True)
class PrestigeAwarded(SengokuEvent):
    """A prestige ledger line. ``reason`` is the text shown ("victory", "element_destroyed x4",
    "12 provinces held", the umpire's reason); ``key`` the prestige table's entry it applies
    ("province", "victory", ... or "umpire"), ``times`` how many times it counts."""
    clan: str
    points: int
    reason: str
    cause: int | None = None           # index of the event that earned it, in this turn's events
    key: str = ""
    times: int = 1

    def describe(self, name=str) -> str:
        return _("%(clan)s %(points)s prestige: %(reason)s", clan=name(self.clan), points=_signed(self.points),
                 reason=self.shown_reason)

    @property
    def shown_reason(self) -> str:
        """The reason as the ledger shows it, in the language in force."""
        return prestige_reason(self.reason)


@dataclass(frozen=True)
class Seppuku(SengokuEvent):
    clan: str
    prestige: int
    limit: int

    def describe(self, name=str) -> str:
        return _("%(clan)s's prestige fell to %(prestige)s, below %(limit)s: the daimyo commits seppuku; the clan's "
                 "provinces turn neutral and its armies disband", clan=name(self.clan), prestige=self.prestige,
                 limit=self.limit)


@dataclass(frozen=True)
class ClanOut(SengokuEvent):
    clan: str
    reason: str

    def describe(self, name=str) -> str:
        return _("%(clan)s is out of the game (%(reason)s)", clan=name(self.clan), reason=tr(self.reason))


@dataclass(frozen=True)
class MarriagePassed(SengokuEvent):
    giver: str
    taker: str | None

    def describe(self, name=str) -> str:
        if self.taker:
            return _("The Marriage card passes from %(giver)s to the victorious %(taker)s", giver=name(self.giver),
                     taker=name(self.taker))
        return _("The Marriage card of %(giver)s goes back to the deck", giver=name(self.giver))


@dataclass(frozen=True)
class ShogunateClaimed(SengokuEvent):
    clan: str
    provinces: int
    prestige: int

    def describe(self, name=str) -> str:
        return _("%(clan)s claims the Shogunate (%(provinces)s provinces, %(prestige)s prestige, married to the Minamoto)",
                 clan=name(self.clan), provinces=self.provinces, prestige=self.prestige)


@dataclass(frozen=True)
class KyotoHeld(SengokuEvent):
    clan: str
    held: int
    needed: int

    def describe(self, name=str) -> str:
        return _("%(clan)s holds Kyoto: turn %(held)s of %(needed)s", clan=name(self.clan), held=self.held,
                 needed=self.needed)


@dataclass(frozen=True)
class ClaimFailed(SengokuEvent):
    clan: str
    reason: str

    def describe(self, name=str) -> str:
        return _("%(clan)s's claim to the Shogunate fails: %(reason)s", clan=name(self.clan), reason=tr(self.reason))


@dataclass(frozen=True)
class ShogunConferred(SengokuEvent):
    clan: str

    def describe(self, name=str) -> str:
        return _("%(clan)s is conferred the title of Shogun and wins the game", clan=name(self.clan))


@dataclass(frozen=True)
class GameEnded(SengokuEvent):
    winner: str | None
    prestige: int
    reason: str

    def describe(self, name=str) -> str:
        return _("The game ends (%(reason)s): %(clan)s wins with %(prestige)s prestige", reason=tr(self.reason),
                 clan=name(self.winner), prestige=self.prestige)


#: the prestige table's entries as the ledger names them (seed, "PRESTIGE PHASE")
PRESTIGE_REASONS = {
    "province": N_("province held"), "victory": N_("victory"), "allied_victory": N_("allied victory"),
    "element_destroyed": N_("element destroyed"), "camp_taken": N_("camp taken"), "defeat": N_("defeat"),
    "allied_defeat": N_("allied defeat"), "refused_battle": N_("refused battle"), "fortress_taken": N_("fortress taken"),
    "capital_taken": N_("capital taken"), "fortress_lost": N_("fortress lost"), "army_destroyed": N_("army destroyed"),
    "capital_lost": N_("capital lost"), "fortress_built": N_("fortress built"), "alliance_formed": N_("alliance formed"),
    "alliance_broken": N_("alliance broken"), "treaty_broken": N_("treaty broken"), "ninja_used": N_("ninja used"),
    "shogunate_failed": N_("Shogunate failed"), "assassinated": N_("assassinated"), "umpire": N_("umpire"),
}


def prestige_reason(reason: str) -> str:
    """A ledger line's reason in the language in force: "element destroyed x4", "12 provinces held",
    an entry of the prestige table, or the umpire's own words as written."""
    if isinstance(reason, str) and " x" in reason and reason.rsplit(" x", 1)[0] in PRESTIGE_REASONS:
        key, times = reason.rsplit(" x", 1)
        return _("%(reason)s x%(times)s", reason=tr(PRESTIGE_REASONS[key]), times=times)
    if reason in PRESTIGE_REASONS:
        return tr(PRESTIGE_REASONS[reason])
    return tr(reason).replace("_", " ")
