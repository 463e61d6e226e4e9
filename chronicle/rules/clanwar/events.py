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

from .. import Event

PHASES = ("setup", "start", "primary", "cavalry", "defend", "battle", "reserve", "recovery")
PHASE_TITLES = {"setup": "Set-up", "start": "Start phase", "primary": "Primary movement",
                "cavalry": "Cavalry movement", "defend": "Monks' defence", "battle": "Battle phase",
                "reserve": "Reserve movement", "recovery": "Recovery phase"}


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


def _n(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else (plural or word + 's')}"


def _list(name, ids) -> str:
    names = [name(i) for i in ids]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


# ---- the turn's shape ---------------------------------------------------------------------------

@dataclass(frozen=True)
class PhaseBegun(ClanwarEvent):
    phase: str

    def describe(self, name=str) -> str:
        return PHASE_TITLES.get(self.phase, self.phase)


@dataclass(frozen=True)
class FactionSetUp(ClanwarEvent):
    player: str
    faction: str
    provinces: tuple[str, ...]
    koku: int
    corrupted: bool = False

    def describe(self, name=str) -> str:
        where = _list(name, self.provinces) if self.provinces else "no province"
        extra = " (corrupted)" if self.corrupted else ""
        return f"{name(self.player)}{extra} starts with {where} and {self.koku} koku"


@dataclass(frozen=True)
class KokuChanged(ClanwarEvent):
    """A line of a faction's koku ledger. ``reason``: start, purchase, bid, ally_fee, tax, refund
    (never: the seed refunds nothing); ``what`` says what was bought or taxed."""
    player: str
    amount: int
    balance: int
    reason: str
    what: str = ""
    cause: int | None = None

    def describe(self, name=str) -> str:
        sign = f"+{self.amount}" if self.amount >= 0 else f"\u2212{-self.amount}"
        what = f": {self.what}" if self.what else ""
        return f"{name(self.player)} {sign} koku ({self.reason.replace('_', ' ')}{what}), {self.balance} left"


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

    def describe(self, name=str) -> str:
        what = {"unit": "recruited", "personality": "recruited", "replace": "bought replacements for",
                "spell": "bought the spell", "item": "bought", "equipment": "bought", "tattoos": "bought tattoos for",
                "promote": "promoted a model of", "experienced": "promoted to the experienced version"}.get(self.category, "bought")
        subject = name(self.subject) if self.category in ("unit", "personality", "replace", "tattoos", "promote", "experienced") \
            else self.subject.replace("_", " ")
        text = f"{name(self.player)} {what} {subject}"
        if self.detail:
            text += f" ({self.detail})"
        if self.seller:
            text += f" from {name(self.seller)}"
            if self.base is not None and self.modifier is not None:
                text += f", base {self.base} at {self.modifier}%"
        text += f" for {self.cost} koku"
        if self.arrives:
            text += f"; it joins at {name(self.arrives)} in the Recovery phase"
        return text


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
        if self.winner is None:
            return f"Bids for {name(self.subject)}: {bids}; a tie for the highest bid: no one recruits {name(self.subject)}"
        price = f"{self.price} koku" + (f" (the bid at {self.modifier}%)" if self.modifier and self.modifier != 100 else "")
        return f"Bids for {name(self.subject)}: {bids}; {name(self.winner)} recruits {name(self.subject)} for {price}"


@dataclass(frozen=True)
class AllianceDeclared(ClanwarEvent):
    players: tuple[str, str]

    def describe(self, name=str) -> str:
        return f"{name(self.players[0])} and {name(self.players[1])} declare an alliance"


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
        where = f" at {name(self.where)}" if self.where else ""
        how = {"declared": "breaks", "switched sides": "switches sides and breaks",
               "fought an ally": "fights its ally and breaks"}.get(self.how, "breaks")
        text = f"{name(self.by)} {how} its alliance with {name(self.other)}{where}"
        if self.excused:
            text += f" (without penalty: {name(self.other)} kept a province {name(self.by)} had held)"
        return text


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
        return f"{name(self.player)} loses {_list(name, lost)}, bought from {name(self.ally)} (no refund)"


@dataclass(frozen=True)
class Corrupted(ClanwarEvent):
    player: str

    def describe(self, name=str) -> str:
        return f"{name(self.player)} is corrupted by the Shadowlands"


@dataclass(frozen=True)
class Reassigned(ClanwarEvent):
    personality: str
    unit: str | None
    before: str | None
    lead: bool = True

    def describe(self, name=str) -> str:
        if self.unit is None:
            return f"{name(self.personality)} leaves {name(self.before)} and stands alone"
        role = "takes command of" if self.lead else "joins"
        return f"{name(self.personality)} {role} {name(self.unit)}"


@dataclass(frozen=True)
class ModelsTransferred(ClanwarEvent):
    giver: str
    taker: str
    models: int

    def describe(self, name=str) -> str:
        return f"{_n(self.models, 'model')} pass from {name(self.giver)} to {name(self.taker)}"


@dataclass(frozen=True)
class Swapped(ClanwarEvent):
    category: str                      # item | spell | equipment
    thing: str
    giver: str | None              # None: the stockpile
    taker: str | None

    def describe(self, name=str) -> str:
        giver = name(self.giver) if self.giver else "the stockpile"
        taker = name(self.taker) if self.taker else "the stockpile"
        return f"{self.category.title()} {self.thing.replace('_', ' ')} passes from {giver} to {taker}"


@dataclass(frozen=True)
class LibraryUsed(ClanwarEvent):
    shugenja: str
    library: str
    taken: tuple[str, ...]
    left: tuple[str, ...]

    def describe(self, name=str) -> str:
        parts = []
        if self.taken:
            parts.append("takes " + ", ".join(s.replace("_", " ") for s in self.taken))
        if self.left:
            parts.append("leaves " + ", ".join(s.replace("_", " ") for s in self.left))
        return f"{name(self.shugenja)} at the library of {name(self.library)} {' and '.join(parts)}"


@dataclass(frozen=True)
class DaimyoNamed(ClanwarEvent):
    player: str
    personality: str
    free_group: tuple[tuple[str, int], ...] = ()
    allowance: int | None = None

    def describe(self, name=str) -> str:
        text = f"{name(self.personality)} is {name(self.player)}'s Daimyo"
        if self.free_group:
            worth = sum(c for _, c in self.free_group)
            text += f", with a free command group worth {worth} of {self.allowance} koku allowed"
        return text


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
        with_ = f" with {_list(name, self.carried)}" if self.carried else ""
        phase = PHASE_TITLES.get(self.phase, self.phase).lower()
        return f"{name(self.subject)}{with_}: {route} ({phase})"


@dataclass(frozen=True)
class ProvinceOccupied(ClanwarEvent):
    """An army alone in a neutral or enemy province at the end of the Battle phase takes it."""
    province: str
    player: str
    before: str | None

    def describe(self, name=str) -> str:
        was = f" from {name(self.before)}" if self.before else ""
        return f"{name(self.player)}'s army takes {name(self.province)}{was} unopposed"


@dataclass(frozen=True)
class Warned(ClanwarEvent):
    """A rule that is only advice in the seed (Naga must attack Shadowlands 'whenever they get the
    opportunity'; two factions whose lands do not touch)."""
    player: str
    text_: str

    def describe(self, name=str) -> str:
        return self.text_


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
        sides = " against ".join(" and ".join(name(p) for p in side) for side in self.sides)
        if self.winner is None:
            result = "no winner"
        else:
            result = f"{' and '.join(name(p) for p in self.winners)} won"
            if self.controller_after == self.controller_before:
                held = f"{name(self.controller_before)}'s" if self.controller_before else "neutral"
                result += f"; {name(self.province)} stays {held} ({self.control_rule})"
        return f"Battle of {name(self.province)}: {sides}; {result}"

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
        text = f"d10 {first} + {self.over} over = {first + self.over}, "
        if self.result == "wounded":
            return text + f"below Earth {self.earth}: Wounded"
        text += f"not below Earth {self.earth}; "
        second = self.dice[1].value
        text += f"d10 {second} + {self.over} = {second + self.over}, "
        if self.result == "maimed":
            return text + f"under Void {self.void}: Maimed" + (f" (loses 1 {self.maimed_ring.title()})" if self.maimed_ring else "")
        return text + f"not under Void {self.void}: Dead"

    def describe(self, name=str) -> str:
        return f"{name(self.personality)} falls: {self.arithmetic}"


@dataclass(frozen=True)
class Reincarnated(ClanwarEvent):
    """Shiba Ujimitsu's reincarnation (L167): the old one is Dead (no fate roll in battle); the
    target keeps its name and takes Ujimitsu's profile."""
    old: str
    target: str
    player: str
    when: str                      # battle | recovery

    def describe(self, name=str) -> str:
        when = "during the battle" if self.when == "battle" else "in the Recovery phase, after dying"
        return f"{name(self.old)} reincarnates into {name(self.target)} {when}; the old one is Dead"


@dataclass(frozen=True)
class Regrouped(ClanwarEvent):
    unit: str
    player: str
    to: str
    before: int
    after: int
    routed: bool

    def describe(self, name=str) -> str:
        how = f"Routed: {self.after} of {self.before} models regroup" if self.routed else f"{_n(self.after, 'model')} regroup"
        return f"{name(self.unit)} withdraws to {name(self.to)} ({how})"


@dataclass(frozen=True)
class UnitDestroyed(ClanwarEvent):
    unit: str
    player: str
    province: str
    why: str

    def describe(self, name=str) -> str:
        return f"{name(self.unit)} is destroyed at {name(self.province)} ({self.why})"


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
        text = f"d10 {self.die.value} \u2212 Leadership {self.leadership}{pen} = {self.total}"
        if self.after < self.before:
            return text + f", below {self.stat} {self.before}: {self.stat} {self.after}"
        if self.total < self.before:
            return text + f", below {self.stat} {self.before}, but {self.stat} is at its floor"
        return text + f", not below {self.stat} {self.before}"

    def describe(self, name=str) -> str:
        return f"{name(self.unit)} {self.stat} check: {self.arithmetic}"


@dataclass(frozen=True)
class ExperienceLost(ClanwarEvent):
    unit: str
    experienced: int
    models: int
    share: int

    def describe(self, name=str) -> str:
        return (f"{name(self.unit)} has {self.experienced} experienced of {_n(self.models, 'model')}, under {self.share}%: "
                "it loses the Experienced trait and its bonuses")


@dataclass(frozen=True)
class ControlChanged(ClanwarEvent):
    province: str
    before: str | None
    after: str | None
    rule: str

    def describe(self, name=str) -> str:
        after = name(self.after) if self.after else "no one (neutral)"
        return f"{name(self.province)} passes to {after} ({self.rule})"


@dataclass(frozen=True)
class Liberated(ClanwarEvent):
    province: str
    by: str
    to: str | None                 # the ally it was returned to; None: kept
    honor: int = 0

    def describe(self, name=str) -> str:
        if self.to:
            return f"{name(self.by)} returns {name(self.province)} to {name(self.to)} (+{self.honor} honor)"
        return (f"{name(self.by)} keeps {name(self.province)}, which its ally had held at the start: the ally may break "
                "the alliance without penalty")


@dataclass(frozen=True)
class Captured(ClanwarEvent):
    personality: str
    player: str
    by: str
    why: str = "entered as a fact"

    def describe(self, name=str) -> str:
        return f"{name(self.personality)} of {name(self.player)} is captured by {name(self.by)} ({self.why})"


@dataclass(frozen=True)
class Released(ClanwarEvent):
    personality: str
    player: str
    at: str

    def describe(self, name=str) -> str:
        return f"{name(self.personality)} is released and returns to {name(self.player)} at {name(self.at)}"


@dataclass(frozen=True)
class MonkRing(ClanwarEvent):
    player: str
    rings: int
    province: str

    def describe(self, name=str) -> str:
        return f"{name(self.player)} gains a Ring for the victory at {name(self.province)} ({_n(self.rings, 'Ring')} now)"


@dataclass(frozen=True)
class SpellsCaptured(ClanwarEvent):
    library: str
    by: str | None
    before: str | None
    spells: tuple[str, ...]

    def describe(self, name=str) -> str:
        who = name(self.by) if self.by else "no one"
        return (f"The library of {name(self.library)} passes to {who} with "
                f"{', '.join(s.replace('_', ' ') for s in self.spells)}")


# ---- recovery ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Returned(ClanwarEvent):
    """A Wounded or Maimed personality is set to 1 wound and 0 void and placed back (L129)."""
    personality: str
    status: str
    province: str

    def describe(self, name=str) -> str:
        return f"{name(self.personality)} ({self.status}) returns at {name(self.province)} with 1 wound and 0 void"


@dataclass(frozen=True)
class Healed(ClanwarEvent):
    personality: str
    wounds: tuple[int, int]        # before, after
    void: tuple[int, int]
    dice: tuple[Roll, ...] = ()    # none: it neither moved nor battled, all recovered

    def describe(self, name=str) -> str:
        if not self.dice:
            return f"{name(self.personality)} rested: all wounds and void recovered ({self.wounds[1]} wounds, {self.void[1]} void)"
        w, v = self.dice
        return (f"{name(self.personality)} heals 1d/2: d10 {w.value} \u2192 wounds {self.wounds[0]} \u2192 {self.wounds[1]}, "
                f"d10 {v.value} \u2192 void {self.void[0]} \u2192 {self.void[1]}")


@dataclass(frozen=True)
class CasualtiesRecovered(ClanwarEvent):
    unit: str
    lost: int
    share: int
    recovered: int
    models: int

    def describe(self, name=str) -> str:
        return f"{name(self.unit)} recovers {self.recovered} of its {self.lost} casualties ({self.share}%): {_n(self.models, 'model')}"


@dataclass(frozen=True)
class Deployed(ClanwarEvent):
    player: str
    subject: str
    category: str
    at: str | None                 # None: the stockpile
    detail: str = ""

    def describe(self, name=str) -> str:
        shown = name(self.subject) if self.category in ("unit", "personality", "replace", "tattoo") else self.subject.replace("_", " ")
        extra = f" ({self.detail})" if self.detail else ""
        where = f"at {name(self.at)}" if self.at else "in the stockpile"
        return f"{shown} joins {name(self.player)} {where}{extra}"


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
        renamed = f", renamed {self.renamed}" if self.renamed else ""
        return f"{name(self.personality)} gains experience{renamed}: {roll}{self.ring.title()} {self.before} \u2192 {self.after}"


@dataclass(frozen=True)
class GameWon(ClanwarEvent):
    winner: str
    rule: str

    def describe(self, name=str) -> str:
        return f"{name(self.winner)} wins the campaign ({self.rule})"
