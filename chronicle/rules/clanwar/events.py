"""The events of a Clan War Strategic Turn: each says what changed and why, in one sentence.

``describe(name)`` takes a function turning player, unit, personality and province ids into
display names. Koku never changes silently: every change is a :class:`KokuChanged` ledger line
whose ``cause`` is the index, in the same turn's event list, of the event that caused it (a
purchase, a bid won, an ally's fee, the taxes). Every die is a :class:`Roll` that says whether it
was written in the turn file or drawn from the campaign seed; the events that roll dice list them.

Public and private: a faction's tactical card pool and battle decks are its secret (seed L74);
events that name cards give them only in ``describe_private`` and ``to_json(private=True)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import N_, format_number, join, ngettext, tr
from ...i18n import gettext as _
from .. import Event

PHASES = ("setup", "start", "primary", "cavalry", "defend", "battle", "reserve", "recovery")
PHASE_TITLES = {"setup": N_("Set-up"), "start": N_("Start phase"), "primary": N_("Primary movement"),
                "cavalry": N_("Cavalry movement"), "defend": N_("Monks' defence"), "battle": N_("Battle phase"),
                "reserve": N_("Reserve movement"), "recovery": N_("Recovery phase")}
RINGS = {"earth": N_("Earth"), "water": N_("Water"), "fire": N_("Fire"), "air": N_("Air"), "void": N_("Void")}


@dataclass(frozen=True)
class Roll:
    """One d10: its purpose (fate, heal, experience, ring), its subject, the index of the die for
    that pair, its face, and whether it was written in the turn file or drawn from the seed."""
    purpose: str
    subject: str
    index: int
    value: int
    recorded: bool

    def to_json(self) -> dict:
        return {"purpose": self.purpose, "subject": self.subject, "index": self.index, "value": self.value,
                "recorded": self.recorded}


class ClanwarEvent(Event):
    hidden = False

    def describe_private(self, name=str) -> str:
        return self.describe(name)

    def to_json(self, private: bool = False) -> dict:
        data = super().to_json()
        if private:
            data["text"] = self.describe_private()
        return data


def _list(name, ids) -> str:
    return join([name(i) for i in ids])


def _ring(ring: str) -> str:
    return tr(RINGS.get(ring, ring))


# ---- the turn's shape ---------------------------------------------------------------------------

@dataclass(frozen=True)
class PhaseBegun(ClanwarEvent):
    phase: str

    def describe(self, name=str) -> str:
        return tr(PHASE_TITLES.get(self.phase, self.phase))


@dataclass(frozen=True)
class FactionSetUp(ClanwarEvent):
    player: str
    faction: str
    provinces: tuple[str, ...]
    koku: int
    corrupted: bool = False

    def describe(self, name=str) -> str:
        where = _list(name, self.provinces) if self.provinces else _("no province")
        if self.corrupted:
            return _("%(player)s (corrupted) starts with %(provinces)s and %(koku)s koku", player=name(self.player),
                     provinces=where, koku=format_number(self.koku))
        return _("%(player)s starts with %(provinces)s and %(koku)s koku", player=name(self.player), provinces=where,
                 koku=format_number(self.koku))


@dataclass(frozen=True)
class KokuChanged(ClanwarEvent):
    """A line of a faction's koku ledger. ``reason``: a key of REASONS (start, purchase, ally_fee, tax;
    the seed refunds nothing); ``what`` says what was bought or taxed."""
    player: str
    amount: int
    balance: int
    reason: str
    what: str = ""
    cause: int | None = None

    def describe(self, name=str) -> str:
        sign = ("+" if self.amount >= 0 else "\u2212") + format_number(abs(self.amount))
        return _("%(player)s %(amount)s koku (%(reason)s), %(balance)s left", player=name(self.player), amount=sign,
                 reason=self.shown_reason(), balance=format_number(self.balance))

    def shown_reason(self) -> str:
        """The ledger line's reason and what it was for, in the language in force ("tax: 4 provinces")."""
        # every reason Ctx.koku is called with is a key of REASONS (tested on the docs-only campaigns,
        # which play each): no fallback for a reason without its words
        reason = tr(REASONS[self.reason])
        return f"{reason}: {tr(self.what)}" if self.what else reason


REASONS = {"start": N_("start"), "purchase": N_("purchase"), "bid": N_("bid"), "ally_fee": N_("ally's fee"),
           "tax": N_("tax")}

#: what a koku ledger line of a purchase says it was for (``what``), by the purchase's category
PURCHASED = {"unit": N_("unit %(subject)s"), "personality": N_("personality %(subject)s"),
             "replace": N_("replacements for %(subject)s"), "spell": N_("spell %(subject)s"),
             "item": N_("item %(subject)s"), "equipment": N_("equipment %(subject)s"),
             "tattoos": N_("tattoos for %(subject)s"), "promote": N_("a promotion in %(subject)s"),
             "experienced": N_("the experienced version of %(subject)s")}
#: a purchase as the turn's orders list it, by its kind (record.PURCHASE_KINDS: the key it leads with)
ORDERED = {"unit": N_("buy the unit %(subject)s"), "personality": N_("buy the personality %(subject)s"),
           "replace": N_("buy replacements for %(subject)s"), "spell": N_("buy the spell %(subject)s"),
           "item": N_("buy the item %(subject)s"), "equipment": N_("buy the equipment %(subject)s"),
           "tattoo": N_("buy tattoos for %(subject)s"), "promote": N_("promote a model of %(subject)s"),
           "experienced": N_("buy the experienced version of %(subject)s")}


# ---- the start phase ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Bought(ClanwarEvent):
    """A purchase: a unit, a personality, replacement models, a spell, an item, equipment, tattoos,
    a promotion. ``arrives`` is where (and when) it joins: deployed at Recovery."""
    player: str
    category: str                      # unit | personality | replace | spell | item | equipment | tattoos | promote | experienced
    subject: str                   # the unit or personality id, or the spell, item, equipment's name
    cost: int
    detail: str = ""
    arrives: str | None = None     # the province (or library) it is placed in at Recovery
    seller: str | None = None      # bought from an ally or an unplayed clan (L59, L139)
    base: int | None = None        # the base cost the modifier and the ally's fee apply to
    modifier: int | None = None    # percent
    phase: str = "start"
    group: str | None = None       # a command-group personality: the general whose group it joins (L68, L71)
    share: int | None = None       # ... and the percent of its full cost it paid there
    full: int | None = None        # its full cost

    def describe(self, name=str) -> str:
        subject = name(self.subject) if self.category in ("unit", "personality", "replace", "tattoos", "promote", "experienced") \
            else self.subject.replace("_", " ")
        what = tr(BOUGHT.get(self.category, BOUGHT["item"]))
        text = _(what, player=name(self.player), subject=subject)
        if self.detail:
            text += f" ({tr(self.detail)})"
        if self.seller:
            if self.base is not None and self.modifier is not None:
                text += _(" from %(seller)s, base %(base)s at %(modifier)s%%", seller=name(self.seller), base=self.base,
                          modifier=self.modifier)
            else:
                text += _(" from %(seller)s", seller=name(self.seller))
        if self.group:
            text += _(" into %(general)s's command group", general=name(self.group))
            if self.share is not None and self.full is not None:
                text += _(", %(share)s%% of %(full)s", share=self.share, full=format_number(self.full))
        text += _(" for %(cost)s koku", cost=format_number(self.cost))
        if self.arrives:
            text += _("; it joins at %(province)s in the Recovery phase", province=name(self.arrives))
        return text


BOUGHT = {"unit": N_("%(player)s recruited %(subject)s"), "personality": N_("%(player)s recruited %(subject)s"),
          "replace": N_("%(player)s bought replacements for %(subject)s"),
          "spell": N_("%(player)s bought the spell %(subject)s"), "item": N_("%(player)s bought %(subject)s"),
          "equipment": N_("%(player)s bought %(subject)s"), "tattoos": N_("%(player)s bought tattoos for %(subject)s"),
          "promote": N_("%(player)s promoted a model of %(subject)s"),
          "experienced": N_("%(player)s promoted %(subject)s to the experienced version")}


@dataclass(frozen=True)
class BidResolved(ClanwarEvent):
    """Sealed bids revealed (L57): the highest bid recruits at its price; a tie for the highest: no one."""
    subject: str                   # the personality, unit or item bid for
    category: str
    bids: tuple[tuple[str, int], ...]
    winner: str | None
    price: int | None = None       # what the winner pays (the bid, with the clan modifier for an unplayed clan's forces)
    modifier: int | None = None

    def describe(self, name=str) -> str:
        bids = ", ".join(f"{name(p)} {b}" for p, b in self.bids)
        if self.category == "item":     # an item is bought, not recruited (L60)
            if self.winner is None:
                return _("Bids for %(subject)s: %(bids)s; a tie for the highest bid: no one buys %(subject)s",
                         subject=name(self.subject), bids=bids)
            return _("Bids for %(subject)s: %(bids)s; %(winner)s buys %(subject)s for %(price)s koku",
                     subject=name(self.subject), bids=bids, winner=name(self.winner), price=self.price)
        if self.winner is None:
            return _("Bids for %(subject)s: %(bids)s; a tie for the highest bid: no one recruits %(subject)s",
                     subject=name(self.subject), bids=bids)
        if self.modifier and self.modifier != 100:
            return _("Bids for %(subject)s: %(bids)s; %(winner)s recruits %(subject)s for %(price)s koku (the bid at "
                     "%(modifier)s%%)", subject=name(self.subject), bids=bids, winner=name(self.winner), price=self.price,
                     modifier=self.modifier)
        return _("Bids for %(subject)s: %(bids)s; %(winner)s recruits %(subject)s for %(price)s koku",
                 subject=name(self.subject), bids=bids, winner=name(self.winner), price=self.price)


@dataclass(frozen=True)
class AllianceDeclared(ClanwarEvent):
    players: tuple[str, str]

    def describe(self, name=str) -> str:
        return _("%(a)s and %(b)s declare an alliance", a=name(self.players[0]), b=name(self.players[1]))


@dataclass(frozen=True)
class AllianceBroken(ClanwarEvent):
    """``by`` broke it (in the Start phase, or in battle: a side switch, or fighting an ally).
    ``excused``: the other had kept a province ``by`` liberated (L123): no penalty."""
    by: str
    other: str
    where: str | None = None       # the battle's province, or None (the Start phase)
    how: str = "declared"          # declared | switched sides | fought an ally
    excused: bool = False

    def describe(self, name=str) -> str:
        how = tr(BROKEN.get(self.how, BROKEN["declared"]))
        text = _(how, by=name(self.by), other=name(self.other))
        if self.where:
            text += _(" at %(province)s", province=name(self.where))
        if self.excused:
            text += _(" (without penalty: %(other)s kept a province %(by)s had held)", other=name(self.other), by=name(self.by))
        return text


BROKEN = {"declared": N_("%(by)s breaks its alliance with %(other)s"),
          "switched sides": N_("%(by)s switches sides and breaks its alliance with %(other)s"),
          "fought an ally": N_("%(by)s fights its ally and breaks its alliance with %(other)s")}


@dataclass(frozen=True)
class ForcesRemoved(ClanwarEvent):
    """Units and personalities bought from an ally are lost when the alliance breaks (L144): no
    refund; the personalities are not Dead and may be hired again."""
    player: str
    ally: str
    units: tuple[str, ...]
    personalities: tuple[str, ...]

    def describe(self, name=str) -> str:
        lost = list(self.units) + list(self.personalities)
        return _("%(player)s loses %(lost)s, bought from %(ally)s (no refund)", player=name(self.player),
                 lost=_list(name, lost), ally=name(self.ally))


@dataclass(frozen=True)
class Corrupted(ClanwarEvent):
    player: str

    def describe(self, name=str) -> str:
        return _("%(player)s is corrupted by the Shadowlands", player=name(self.player))


@dataclass(frozen=True)
class Reassigned(ClanwarEvent):
    personality: str
    unit: str | None
    before: str | None
    lead: bool = True

    def describe(self, name=str) -> str:
        if self.unit is None:
            return _("%(who)s leaves %(unit)s and stands alone", who=name(self.personality), unit=name(self.before))
        if self.lead:
            return _("%(who)s takes command of %(unit)s", who=name(self.personality), unit=name(self.unit))
        return _("%(who)s joins %(unit)s", who=name(self.personality), unit=name(self.unit))


@dataclass(frozen=True)
class ModelsTransferred(ClanwarEvent):
    giver: str
    taker: str
    models: int

    def describe(self, name=str) -> str:
        return ngettext("%(num)d model passes from %(giver)s to %(taker)s", "%(num)d models pass from %(giver)s to %(taker)s",
                        self.models, giver=name(self.giver), taker=name(self.taker))


@dataclass(frozen=True)
class Swapped(ClanwarEvent):
    category: str                      # item | spell | equipment
    thing: str
    giver: str | None              # None: the stockpile
    taker: str | None

    def describe(self, name=str) -> str:
        giver = name(self.giver) if self.giver else _("the stockpile")
        taker = name(self.taker) if self.taker else _("the stockpile")
        return _("%(thing)s passes from %(giver)s to %(taker)s", thing=self.thing.replace("_", " "), giver=giver, taker=taker)


@dataclass(frozen=True)
class EquipmentSetAside(ClanwarEvent):
    """L64, L93: the equipment a special item (or mundane equipment) replaces is set aside."""
    personality: str
    equipment: str
    replacement: str

    def describe(self, name=str) -> str:
        return _("%(who)s's %(equipment)s is set aside for %(thing)s: it comes back when %(thing)s leaves, and never goes "
                 "to the stockpile", who=name(self.personality), equipment=self.equipment.replace("_", " "),
                 thing=self.replacement.replace("_", " "))


@dataclass(frozen=True)
class EquipmentRecovered(ClanwarEvent):
    """L64, L93: the replacement left the personality: the equipment set aside for it comes back."""
    personality: str
    equipment: str
    replacement: str

    def describe(self, name=str) -> str:
        return _("%(who)s takes back the %(equipment)s set aside for %(thing)s", who=name(self.personality),
                 equipment=self.equipment.replace("_", " "), thing=self.replacement.replace("_", " "))


@dataclass(frozen=True)
class ItemRemoved(ClanwarEvent):
    """L64: a special item leaves play (lost, destroyed or given up: a fact)."""
    personality: str
    item: str

    def describe(self, name=str) -> str:
        return _("%(thing)s is removed from %(who)s", thing=self.item.replace("_", " "), who=name(self.personality))


@dataclass(frozen=True)
class LibraryUsed(ClanwarEvent):
    shugenja: str
    library: str
    taken: tuple[str, ...]
    left: tuple[str, ...]

    def describe(self, name=str) -> str:
        taken = ", ".join(s.replace("_", " ") for s in self.taken)
        left = ", ".join(s.replace("_", " ") for s in self.left)
        who, where = name(self.shugenja), name(self.library)
        if taken and left:
            return _("%(who)s at the library of %(library)s takes %(taken)s and leaves %(left)s", who=who, library=where,
                     taken=taken, left=left)
        if taken:
            return _("%(who)s at the library of %(library)s takes %(taken)s", who=who, library=where, taken=taken)
        return _("%(who)s at the library of %(library)s leaves %(left)s", who=who, library=where, left=left)


@dataclass(frozen=True)
class DaimyoNamed(ClanwarEvent):
    player: str
    personality: str
    free_group: tuple[tuple[str, int], ...] = ()
    allowance: int | None = None

    def describe(self, name=str) -> str:
        if self.free_group:
            worth = sum(c for _m, c in self.free_group)
            return _("%(who)s is %(player)s's Daimyo, with a free command group worth %(worth)s of %(allowance)s koku "
                     "allowed", who=name(self.personality), player=name(self.player), worth=worth, allowance=self.allowance)
        return _("%(who)s is %(player)s's Daimyo", who=name(self.personality), player=name(self.player))


@dataclass(frozen=True)
class CommandGroupGranted(ClanwarEvent):
    """L72: a general other than the Daimyo fields a free command group by the Daimyo's rules."""
    player: str
    personality: str
    free_group: tuple[tuple[str, int], ...] = ()
    allowance: int | None = None

    def describe(self, name=str) -> str:
        worth = sum(c for _m, c in self.free_group)
        return _("%(who)s comes with a free command group worth %(worth)s of %(allowance)s koku allowed",
                 who=name(self.personality), worth=worth, allowance=self.allowance)


# ---- movement ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Moved(ClanwarEvent):
    """A unit's step, or a lone personality's path, in one movement phase. ``hostile``: it entered
    a province neither its player nor an ally controls (no Reserve move after that)."""
    phase: str
    subject: str
    category: str                      # unit | personality
    player: str
    path: tuple[str, ...]          # from, then every province entered
    hostile: bool = False
    carried: tuple[str, ...] = ()  # personalities moving with the unit

    def describe(self, name=str) -> str:
        route = " \u2192 ".join(name(p) for p in self.path)
        phase = tr(PHASE_TITLES.get(self.phase, self.phase)).lower()
        if self.carried:
            return _("%(who)s with %(carried)s: %(route)s (%(phase)s)", who=name(self.subject),
                     carried=_list(name, self.carried), route=route, phase=phase)
        return _("%(who)s: %(route)s (%(phase)s)", who=name(self.subject), route=route, phase=phase)


@dataclass(frozen=True)
class ProvinceOccupied(ClanwarEvent):
    """An army alone in a neutral or enemy province at the end of the Battle phase takes it."""
    province: str
    player: str
    before: str | None

    def describe(self, name=str) -> str:
        if self.before:
            return _("%(player)s's army takes %(province)s from %(before)s unopposed", player=name(self.player),
                     province=name(self.province), before=name(self.before))
        return _("%(player)s's army takes %(province)s unopposed", player=name(self.player), province=name(self.province))


@dataclass(frozen=True)
class Warned(ClanwarEvent):
    """A rule that is only advice in the seed (Naga must attack Shadowlands 'whenever they get the
    opportunity'; two factions whose lands do not touch)."""
    player: str
    text_: str

    def describe(self, name=str) -> str:
        return tr(self.text_)


# ---- battles -------------------------------------------------------------------------------

@dataclass(frozen=True)
class UnitResult:
    unit: str
    player: str
    models_before: int
    lost: int
    state: str                     # ready | broken | routed
    left_table: bool
    models_after: int
    regrouped_at: str | None       # the withdrawal province
    destroyed: bool = False

    def to_json(self) -> dict:
        return {"unit": self.unit, "player": self.player, "models_before": self.models_before, "lost": self.lost,
                "state": self.state, "left_table": self.left_table, "models_after": self.models_after,
                "regrouped_at": self.regrouped_at, "destroyed": self.destroyed}


@dataclass(frozen=True)
class BattleFought(ClanwarEvent):
    province: str
    sides: tuple[tuple[str, ...], ...]     # the factions on each side at the end (after switches)
    started: tuple[tuple[str, ...], ...]   # as the battle began
    winner: str | None                     # a player of the winning side; None: a draw
    winners: tuple[str, ...]
    defender: str | None                   # who chose the terrain (None: neutral ground, agreed)
    terrain: str | None
    switched: tuple[str, ...] = ()
    units: tuple[UnitResult, ...] = ()
    withdrawals: tuple[tuple[str, str | None], ...] = ()   # (player, province or None: nowhere)
    controller_before: str | None = None
    controller_after: str | None = None
    control_rule: str = ""
    decks: tuple[tuple[str, tuple[str, ...]], ...] = ()    # private

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for side in self.sides for p in side)

    def describe(self, name=str) -> str:
        sides = _(" against ").join(_list(name, side) for side in self.sides)
        province = name(self.province)
        if self.winner is None:
            return _("Battle of %(province)s: %(sides)s; no winner", province=province, sides=sides)
        text = _("Battle of %(province)s: %(sides)s; %(winners)s won", province=province, sides=sides,
                 winners=_list(name, self.winners))
        if self.controller_after == self.controller_before:
            if self.controller_before:
                text += _("; %(province)s stays %(player)s's (%(rule)s)", province=province,
                          player=name(self.controller_before), rule=tr(self.control_rule))
            else:
                text += _("; %(province)s stays neutral (%(rule)s)", province=province, rule=tr(self.control_rule))
        return text

    def describe_private(self, name=str) -> str:
        text = self.describe(name)
        for player, cards in self.decks:
            text += f"; {name(player)}'s deck: {', '.join(cards)}"
        return text

    def to_json(self, private: bool = False) -> dict:
        data = super().to_json(private)
        if not private:
            data["decks"] = []
        return data


@dataclass(frozen=True)
class FateRolled(ClanwarEvent):
    """L119-120: 1d10 + wounds over max, below Earth: Wounded; else 1d10 + over, under Void:
    Maimed (one ring lower for good); else Dead."""
    personality: str
    player: str
    over: int
    earth: int
    void: int
    dice: tuple[Roll, ...]
    result: str                    # wounded | maimed | dead
    maimed_ring: str | None = None
    province: str | None = None

    @property
    def arithmetic(self) -> str:
        first = self.dice[0].value
        if self.result == "wounded":
            return _("d10 %(die)s + %(over)s over = %(total)s, below Earth %(earth)s: Wounded", die=first, over=self.over,
                     total=first + self.over, earth=self.earth)
        text = _("d10 %(die)s + %(over)s over = %(total)s, not below Earth %(earth)s; ", die=first, over=self.over,
                 total=first + self.over, earth=self.earth)
        second = self.dice[1].value
        if self.result == "maimed":
            text += _("d10 %(die)s + %(over)s = %(total)s, under Void %(void)s: Maimed", die=second, over=self.over,
                      total=second + self.over, void=self.void)
            if self.maimed_ring:
                text += _(" (loses 1 %(ring)s)", ring=_ring(self.maimed_ring))
            return text
        return text + _("d10 %(die)s + %(over)s = %(total)s, not under Void %(void)s: Dead", die=second, over=self.over,
                        total=second + self.over, void=self.void)

    def describe(self, name=str) -> str:
        return _("%(who)s falls: %(arithmetic)s", who=name(self.personality), arithmetic=self.arithmetic)


@dataclass(frozen=True)
class Reincarnated(ClanwarEvent):
    """Shiba Ujimitsu's reincarnation (L167): the old one is Dead (no fate roll in battle); the
    target keeps its name and takes Ujimitsu's profile."""
    old: str
    target: str
    player: str
    when: str                      # battle | recovery

    def describe(self, name=str) -> str:
        if self.when == "battle":
            return _("%(old)s reincarnates into %(target)s during the battle; the old one is Dead", old=name(self.old),
                     target=name(self.target))
        return _("%(old)s reincarnates into %(target)s in the Recovery phase, after dying; the old one is Dead",
                 old=name(self.old), target=name(self.target))


@dataclass(frozen=True)
class Regrouped(ClanwarEvent):
    unit: str
    player: str
    to: str
    before: int
    after: int
    routed: bool
    origin: str          # the battle's province, where the withdrawal starts (the map's retreat arrow)

    def describe(self, name=str) -> str:
        if self.routed:
            return _("%(unit)s withdraws to %(province)s (Routed: %(after)s of %(before)s models regroup)",
                     unit=name(self.unit), province=name(self.to), after=self.after, before=self.before)
        return ngettext("%(unit)s withdraws to %(province)s (%(num)d model regroups)",
                        "%(unit)s withdraws to %(province)s (%(num)d models regroup)", self.after, unit=name(self.unit),
                        province=name(self.to))


@dataclass(frozen=True)
class UnitDestroyed(ClanwarEvent):
    unit: str
    player: str
    province: str
    why: str

    def describe(self, name=str) -> str:
        return _("%(unit)s is destroyed at %(province)s (%(why)s)", unit=name(self.unit), province=name(self.province),
                 why=tr(self.why))


@dataclass(frozen=True)
class ExperienceChecked(ClanwarEvent):
    """L153-156: d10 - the leader's Leadership + the Broken/Routing penalty; below the stat: the
    stat goes down by one for good (the unit becomes Experienced)."""
    unit: str
    player: str
    stat: str                      # ML | TL
    die: Roll
    leadership: int
    penalty: int
    before: int
    after: int

    @property
    def total(self) -> int:
        return self.die.value - self.leadership + self.penalty

    @property
    def arithmetic(self) -> str:
        pen = f" + {self.penalty}" if self.penalty else ""
        text = _("d10 %(die)s \u2212 Leadership %(leadership)s%(penalty)s = %(total)s", die=self.die.value,
                 leadership=self.leadership, penalty=pen, total=self.total)
        if self.after < self.before:
            return text + _(", below %(stat)s %(before)s: %(stat)s %(after)s", stat=self.stat, before=self.before,
                            after=self.after)
        if self.total < self.before:
            return text + _(", below %(stat)s %(before)s, but %(stat)s is at its floor", stat=self.stat, before=self.before)
        return text + _(", not below %(stat)s %(before)s", stat=self.stat, before=self.before)

    def describe(self, name=str) -> str:
        return _("%(unit)s %(stat)s check: %(arithmetic)s", unit=name(self.unit), stat=self.stat, arithmetic=self.arithmetic)


@dataclass(frozen=True)
class ExperienceLost(ClanwarEvent):
    unit: str
    experienced: int
    models: int
    share: int

    def describe(self, name=str) -> str:
        return _("%(unit)s has %(experienced)s experienced of %(models)s models, under %(share)s%%: it loses the "
                 "Experienced trait and its bonuses", unit=name(self.unit), experienced=self.experienced, models=self.models,
                 share=self.share)


@dataclass(frozen=True)
class ControlChanged(ClanwarEvent):
    province: str
    before: str | None
    after: str | None
    rule: str

    def describe(self, name=str) -> str:
        if self.after:
            return _("%(province)s passes to %(player)s (%(rule)s)", province=name(self.province), player=name(self.after),
                     rule=tr(self.rule))
        return _("%(province)s passes to no one (neutral) (%(rule)s)", province=name(self.province), rule=tr(self.rule))


@dataclass(frozen=True)
class Liberated(ClanwarEvent):
    province: str
    by: str
    to: str | None                 # the ally it was returned to; None: kept
    honor: int = 0

    def describe(self, name=str) -> str:
        if self.to:
            return _("%(by)s returns %(province)s to %(to)s (+%(honor)s honor)", by=name(self.by),
                     province=name(self.province), to=name(self.to), honor=self.honor)
        return _("%(by)s keeps %(province)s, which its ally had held at the start: the ally may break the alliance "
                 "without penalty", by=name(self.by), province=name(self.province))


@dataclass(frozen=True)
class Captured(ClanwarEvent):
    personality: str
    player: str
    by: str
    why: str = N_("entered as a fact")

    def describe(self, name=str) -> str:
        return _("%(who)s of %(player)s is captured by %(by)s (%(why)s)", who=name(self.personality),
                 player=name(self.player), by=name(self.by), why=tr(self.why))


@dataclass(frozen=True)
class Released(ClanwarEvent):
    personality: str
    player: str
    at: str

    def describe(self, name=str) -> str:
        return _("%(who)s is released and returns to %(player)s at %(province)s", who=name(self.personality),
                 player=name(self.player), province=name(self.at))


@dataclass(frozen=True)
class MonkRing(ClanwarEvent):
    player: str
    rings: int
    province: str

    def describe(self, name=str) -> str:
        return ngettext("%(player)s gains a Ring for the victory at %(province)s (%(num)d Ring now)",
                        "%(player)s gains a Ring for the victory at %(province)s (%(num)d Rings now)", self.rings,
                        player=name(self.player), province=name(self.province))


@dataclass(frozen=True)
class SpellsCaptured(ClanwarEvent):
    library: str
    by: str | None
    before: str | None
    spells: tuple[str, ...]

    def describe(self, name=str) -> str:
        return _("The library of %(library)s passes to %(who)s with %(spells)s", library=name(self.library),
                 who=name(self.by) if self.by else _("no one"), spells=", ".join(s.replace("_", " ") for s in self.spells))


# ---- recovery ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Returned(ClanwarEvent):
    """A Wounded or Maimed personality is set to 1 wound and 0 void and placed back (L129)."""
    personality: str
    status: str
    province: str

    def describe(self, name=str) -> str:
        if self.status == "maimed":
            return _("%(who)s (maimed) returns at %(province)s with 1 wound and 0 void", who=name(self.personality),
                     province=name(self.province))
        return _("%(who)s (wounded) returns at %(province)s with 1 wound and 0 void", who=name(self.personality),
                 province=name(self.province))


@dataclass(frozen=True)
class Healed(ClanwarEvent):
    personality: str
    wounds: tuple[int, int]        # before, after
    void: tuple[int, int]
    dice: tuple[Roll, ...] = ()    # none: it neither moved nor battled, all recovered

    def describe(self, name=str) -> str:
        if not self.dice:
            return _("%(who)s rested: all wounds and void recovered (%(wounds)s wounds, %(void)s void)",
                     who=name(self.personality), wounds=self.wounds[1], void=self.void[1])
        w, v = self.dice
        return _("%(who)s heals 1d/2: d10 %(wdie)s \u2192 wounds %(w0)s \u2192 %(w1)s, d10 %(vdie)s \u2192 void %(v0)s "
                 "\u2192 %(v1)s", who=name(self.personality), wdie=w.value, w0=self.wounds[0], w1=self.wounds[1],
                 vdie=v.value, v0=self.void[0], v1=self.void[1])


@dataclass(frozen=True)
class CasualtiesRecovered(ClanwarEvent):
    unit: str
    lost: int
    share: int
    recovered: int
    models: int

    def describe(self, name=str) -> str:
        return ngettext("%(unit)s recovers %(recovered)s of its %(lost)s casualties (%(share)s%%): %(num)d model",
                        "%(unit)s recovers %(recovered)s of its %(lost)s casualties (%(share)s%%): %(num)d models",
                        self.models, unit=name(self.unit), recovered=self.recovered, lost=self.lost, share=self.share)


@dataclass(frozen=True)
class Deployed(ClanwarEvent):
    player: str
    subject: str
    category: str
    at: str | None                 # None: the stockpile
    detail: str = ""

    def describe(self, name=str) -> str:
        shown = name(self.subject) if self.category in ("unit", "personality", "replace", "tattoo") else self.subject.replace("_", " ")
        extra = f" ({tr(self.detail)})" if self.detail else ""
        if self.at:
            return _("%(thing)s joins %(player)s at %(province)s", thing=shown, player=name(self.player),
                     province=name(self.at)) + extra
        return _("%(thing)s joins %(player)s in the stockpile", thing=shown, player=name(self.player)) + extra


@dataclass(frozen=True)
class PersonalityExperienced(ClanwarEvent):
    personality: str
    ring: str
    die: Roll | None
    before: int
    after: int
    renamed: str | None = None

    def describe(self, name=str) -> str:
        roll = f"d10 {self.die.value}: " if self.die else ""
        change = f"{roll}{_ring(self.ring)} {self.before} \u2192 {self.after}"
        if self.renamed:
            return _("%(who)s gains experience, renamed %(new)s: %(change)s", who=name(self.personality), new=self.renamed,
                     change=change)
        return _("%(who)s gains experience: %(change)s", who=name(self.personality), change=change)


@dataclass(frozen=True)
class GameWon(ClanwarEvent):
    winner: str
    rule: str

    def describe(self, name=str) -> str:
        return _("%(player)s wins the campaign (%(rule)s)", player=name(self.winner), rule=tr(self.rule))
