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


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


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
        who = f"{name(self.clan)} (neutral, moved by the umpire)" if self.neutral else name(self.clan)
        forts = ", ".join(name(f) for f in self.fortresses) or "none"
        return f"{who} holds {_n(self.provinces, 'province')}, capital {name(self.capital)}, fortress {forts}"


@dataclass(frozen=True)
class ArmyRaised(SengokuEvent):
    army: str
    clan: str
    province: str
    strength: int
    rule: str = "set-up"

    def describe(self, name=str) -> str:
        return f"{name(self.clan)} raised army {self.army} ({_n(self.strength, 'element')}) at {name(self.province)} ({self.rule})"


@dataclass(frozen=True)
class ArmyListed(SengokuEvent):
    army: str
    clan: str
    army_list: str
    elements: tuple[tuple[str, int], ...]      # (type, count), the general as "3Kn(Gen)"

    def describe(self, name=str) -> str:
        listed = ", ".join(f"{n}x{kind}" for kind, n in self.elements)
        return f"{name(self.clan)}'s army {self.army} takes the field as {listed} (the {self.army_list.replace('_', ' ')} list)"


@dataclass(frozen=True)
class ArmyDisbanded(SengokuEvent):
    army: str
    clan: str
    province: str
    rule: str

    def describe(self, name=str) -> str:
        return f"{name(self.clan)}'s army {self.army} at {name(self.province)} is disbanded ({self.rule})"


def card_title(card: str) -> str:
    return "Marriage into the Shogun family" if card == "marriage" else card.replace("_", " ").title()


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
            return f"{name(self.clan)} drew the Marriage into the Shogun family card and keeps it for the game"
        if self.hidden:
            return f"{name(self.clan)} drew a card from deck {self.deck}"
        return f"{name(self.clan)} drew {card_title(self.card)} from deck {self.deck}"

    def describe_private(self, name=str) -> str:
        if not self.hidden:
            return self.describe(name)
        how = "as written" if self.recorded else "dealt from the seeded shuffle"
        return f"{name(self.clan)} drew {card_title(self.card)} from deck {self.deck} ({how}; hidden until played)"

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
        extra = f"; {', '.join(map(name, self.undealt))} drew nothing" if self.undealt else ""
        then = "the game ends" if self.last else "the cards are reshuffled"
        return f"The last card of deck {self.deck} is drawn{extra}: the turn is played out, then {then}"


@dataclass(frozen=True)
class DeckReshuffled(SengokuEvent):
    deck: int
    cards: int

    def describe(self, name=str) -> str:
        return f"Every card but the Marriage cards held goes back: deck {self.deck} of {_n(self.cards, 'card')} is shuffled"


@dataclass(frozen=True)
class CardPlayed(SengokuEvent):
    clan: str
    card: str
    purpose: str

    def describe(self, name=str) -> str:
        return f"{name(self.clan)} played {card_title(self.card)} ({self.purpose})"


@dataclass(frozen=True)
class MovementOrder(SengokuEvent):
    order: tuple[str, ...]
    how: str
    rolls: tuple[tuple[str, tuple[int, ...]], ...] = ()
    dice: tuple[Roll, ...] = ()

    def describe(self, name=str) -> str:
        rolls = "; ".join(f"{name(c)} {'/'.join(map(str, r))}" for c, r in self.rolls)
        return f"Movement order: {', '.join(map(name, self.order))} ({self.how}{': ' + rolls if rolls else ''})"


# ---- diplomacy ------------------------------------------------------------------------------

@dataclass(frozen=True)
class AllianceFormed(SengokuEvent):
    clans: tuple[str, str]

    def describe(self, name=str) -> str:
        return f"{name(self.clans[0])} and {name(self.clans[1])} formed an alliance"


@dataclass(frozen=True)
class AllianceBroken(SengokuEvent):
    by: str
    other: str

    def describe(self, name=str) -> str:
        return f"{name(self.by)} broke the alliance with {name(self.other)}"


@dataclass(frozen=True)
class TreatyBroken(SengokuEvent):
    clan: str
    note: str = ""

    def describe(self, name=str) -> str:
        return f"{name(self.clan)} broke treaty obligations" + (f": {self.note}" if self.note else "")


@dataclass(frozen=True)
class ProvincesCeded(SengokuEvent):
    giver: str
    taker: str
    provinces: tuple[str, ...]

    def describe(self, name=str) -> str:
        return f"{name(self.giver)} ceded {', '.join(map(name, self.provinces))} to {name(self.taker)}"


@dataclass(frozen=True)
class FortressBuilt(SengokuEvent):
    clan: str
    province: str

    def describe(self, name=str) -> str:
        return f"{name(self.clan)} built a fortress in {name(self.province)}"


@dataclass(frozen=True)
class Penalty(SengokuEvent):
    clan: str
    prestige: int
    reason: str

    def describe(self, name=str) -> str:
        return f"The umpire penalised {name(self.clan)}: {self.prestige:+d} prestige ({self.reason})"


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
        mod = f"{self.modifier:+d} spy " if self.modifier else ""
        what = {"assassinated": f"{name(self.target)}'s daimyo is assassinated",
                "wounded": f"{name(self.target)}'s daimyo is wounded for {_n(self.wound_turns or 0, 'turn')}: no orders out of his own provinces",
                "failed": "the attempt fails"}[self.outcome]
        return f"{name(self.by)} sent a ninja against {name(self.target)}: d6 {self.roll} {mod}— {what}"


@dataclass(frozen=True)
class Succession(SengokuEvent):
    clan: str
    roll: int
    outcome: str              # heir | usurper-beaten | usurped
    dice: tuple[Roll, ...] = ()

    def describe(self, name=str) -> str:
        what = {"heir": "the heir secures the succession",
                "usurper-beaten": "a general tries to seize the clan and is beaten",
                "usurped": "a general seizes the clan: the player is out of the game"}[self.outcome]
        return f"{name(self.clan)} succession roll {self.roll}: {what}"


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
        forced = f", forced march of {_n(self.forced, 'province')} costing {_n(self.lost, 'element')}" if self.forced else ""
        rule = f" ({self.rule})" if self.rule else ""
        return f"{name(self.clan)}'s army {self.army} moved {_path(name, self.path)}{forced}{rule}"


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
            return f"A storm hit {self.army}'s fleet from {name(a)} to {name(b)} (d6 {self.roll}): {_n(self.lost, 'element')} lost"
        return f"{self.army} crossed from {name(a)} to {name(b)} in fair weather (d6 {self.roll})"


@dataclass(frozen=True)
class ElementsTransferred(SengokuEvent):
    giver: str
    taker: str
    elements: int
    distance: int

    def describe(self, name=str) -> str:
        return f"{_n(self.elements, 'element')} marched {_n(self.distance, 'province')} from {self.giver} to reinforce {self.taker}"


@dataclass(frozen=True)
class BattleRefused(SengokuEvent):
    army: str
    clan: str
    province: str
    to: str
    enemy: str
    after: str | None = None           # the army it had just beaten (the victor answering the next entrant)

    def describe(self, name=str) -> str:
        first = f"Having beaten {self.after}, " if self.after else ""
        return f"{first}{self.army} refused battle with {self.enemy} and withdrew from {name(self.province)} to {name(self.to)}"


@dataclass(frozen=True)
class ShutInCastle(SengokuEvent):
    army: str
    clan: str
    province: str
    enemy: str
    after: str | None = None           # the army it had just beaten (the victor answering the next entrant)

    def describe(self, name=str) -> str:
        first = f"Having beaten {self.after}, " if self.after else ""
        return f"{first}{self.army} shut itself in the castle of {name(self.province)} before {self.enemy}"


# ---- sieges ------------------------------------------------------------------------------

@dataclass(frozen=True)
class SiegeBegun(SengokuEvent):
    province: str
    besieger: str
    clan: str
    defender: str | None

    def describe(self, name=str) -> str:
        inside = f"with {self.defender} inside" if self.defender else "undefended"
        return f"{self.besieger} ({name(self.clan)}) laid siege to the castle of {name(self.province)}, {inside}"


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
        bonus = f"{self.bonus:+d} trader " if self.bonus else ""
        if self.taken:
            return f"Siege of {name(self.province)}: {self.besieger} rolled {self.roll} {bonus}(needed {self.needed}) and took the castle"
        cost = "the Forage card spared the element" if self.forage else f"{_n(self.lost, 'element')} lost"
        return f"Siege of {name(self.province)}: {self.besieger} rolled {self.roll} {bonus}(needed {self.needed}), failed; {cost}"


@dataclass(frozen=True)
class SiegeLifted(SengokuEvent):
    province: str
    besieger: str
    reason: str

    def describe(self, name=str) -> str:
        return f"The siege of {name(self.province)} by {self.besieger} is lifted: {self.reason}"


@dataclass(frozen=True)
class CastleTaken(SengokuEvent):
    province: str
    castle: str               # capital | fortress
    by: str
    from_clan: str | None
    how: str

    def describe(self, name=str) -> str:
        return f"{name(self.by)} took the {self.castle} of {name(self.province)} from {name(self.from_clan)} ({self.how})"


@dataclass(frozen=True)
class ArmyDestroyed(SengokuEvent):
    army: str
    clan: str
    province: str
    reason: str

    def describe(self, name=str) -> str:
        return f"{name(self.clan)}'s army {self.army} is destroyed in {name(self.province)}: {self.reason}"


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
        if self.big_battle:
            a = ", ".join(x.army for x in self.armies if x.side == "attacker")
            d = ", ".join(x.army for x in self.armies if x.side == "defender")
            won = "attackers" if any(x.army == self.winner and x.side == "attacker" for x in self.armies) else "defenders"
            text = (f"Big Battle of {name(self.province)}: {a} ({self.sizes[0]}) against {d} ({self.sizes[1]}); "
                    f"losses {self.lost[0]}–{self.lost[1]} (breaking points {self.breaking[0]} and {self.breaking[1]}); "
                    f"the {won} won ({self.how})")
        else:
            text = (f"Battle of {name(self.province)}: {a} ({name(self.attacker_clan)}, {self.sizes[0]}) against "
                    f"{d} ({name(self.defender_clan)}, {self.sizes[1]}); losses {self.lost[0]}–{self.lost[1]} "
                    f"(breaking points {self.breaking[0]} and {self.breaking[1]}); {self.winner} won ({self.how})")
        fell = [x.army for x in self.armies if x.general_lost]
        if fell:
            text += "; the general of " + " and of ".join(fell) + " fell"
        if self.camp_taken_by:
            text += f"; {self.camp_taken_by} took the enemy camp"
        if self.bua_taken_by:
            text += f"; {self.bua_taken_by} took the BUA (it counts as one more element lost by the relief)"
        if self.castle_taken:
            text += f"; holding the BUA, {self.winner} took the castle"
        return text


@dataclass(frozen=True)
class ArmyRetreated(SengokuEvent):
    army: str
    clan: str
    province: str
    to: str
    how: str = ""                      # as written | the only way | not written: the rule's first choice

    def describe(self, name=str) -> str:
        return f"Beaten, {self.army} retreated from {name(self.province)} to {name(self.to)}, towards its capital"


@dataclass(frozen=True)
class ElementsLost(SengokuEvent):
    army: str
    clan: str
    lost: int
    reason: str

    def describe(self, name=str) -> str:
        return f"{self.army} ({name(self.clan)}) lost {_n(self.lost, 'element')}: {self.reason}"


# ---- end of turn ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ProvinceConquered(SengokuEvent):
    province: str
    clan: str
    from_clan: str | None
    army: str

    def describe(self, name=str) -> str:
        was = f" from {name(self.from_clan)}" if self.from_clan else ""
        return f"{name(self.clan)} conquered {name(self.province)}{was}: {self.army} holds it unopposed"


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
        mods = f" +{self.distance * self.per_province} distance" if self.distance else ""
        mods += f" +{self.others * self.per_army} other armies" if self.others else ""
        fate = "starves: 1 element lost" if self.lost else "holds out"
        return f"{self.army} is out of supply in {name(self.province)}: d6 {self.roll}{mods} = {self.total}, {fate}"


@dataclass(frozen=True)
class ChainBroken(SengokuEvent):
    army: str
    clan: str
    lost_province: str
    roll: int
    lost: int
    dice: tuple[Roll, ...] = ()

    def describe(self, name=str) -> str:
        fate = "1 element lost" if self.lost else "no loss"
        return f"{name(self.lost_province)} fell behind {self.army}: its chain of supply is broken (d6 {self.roll}, {fate})"


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
            return f"Winter: {self.army} is {_n(self.distance, 'province')} from winter quarters and is destroyed"
        forage = f" (Forage saved {_n(self.saved, 'element')})" if self.forage else ""
        return (f"Winter: {self.army} was {_n(self.distance, 'province')} from winter quarters, lost "
                f"{_n(self.lost, 'element')}{forage} and marched to {name(self.quarters)}")


@dataclass(frozen=True)
class WinterReinforced(SengokuEvent):
    army: str
    clan: str
    province: str
    gained: int

    def describe(self, name=str) -> str:
        return f"{self.army} wintered in {name(self.province)} all turn and gained {_n(self.gained, 'element')}"


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
        return f"{name(self.clan)} {self.points:+d} prestige: {self.reason.replace('_', ' ')}"


@dataclass(frozen=True)
class Seppuku(SengokuEvent):
    clan: str
    prestige: int
    limit: int

    def describe(self, name=str) -> str:
        return (f"{name(self.clan)}'s prestige fell to {self.prestige}, below {self.limit}: the daimyo commits seppuku; "
                "the clan's provinces turn neutral and its armies disband")


@dataclass(frozen=True)
class ClanOut(SengokuEvent):
    clan: str
    reason: str

    def describe(self, name=str) -> str:
        return f"{name(self.clan)} is out of the game ({self.reason})"


@dataclass(frozen=True)
class MarriagePassed(SengokuEvent):
    giver: str
    taker: str | None

    def describe(self, name=str) -> str:
        if self.taker:
            return f"The Marriage card passes from {name(self.giver)} to the victorious {name(self.taker)}"
        return f"The Marriage card of {name(self.giver)} goes back to the deck"


@dataclass(frozen=True)
class ShogunateClaimed(SengokuEvent):
    clan: str
    provinces: int
    prestige: int

    def describe(self, name=str) -> str:
        return f"{name(self.clan)} claims the Shogunate ({self.provinces} provinces, {self.prestige} prestige, married to the Minamoto)"


@dataclass(frozen=True)
class KyotoHeld(SengokuEvent):
    clan: str
    held: int
    needed: int

    def describe(self, name=str) -> str:
        return f"{name(self.clan)} holds Kyoto: turn {self.held} of {self.needed}"


@dataclass(frozen=True)
class ClaimFailed(SengokuEvent):
    clan: str
    reason: str

    def describe(self, name=str) -> str:
        return f"{name(self.clan)}'s claim to the Shogunate fails: {self.reason}"


@dataclass(frozen=True)
class ShogunConferred(SengokuEvent):
    clan: str

    def describe(self, name=str) -> str:
        return f"{name(self.clan)} is conferred the title of Shogun and wins the game"


@dataclass(frozen=True)
class GameEnded(SengokuEvent):
    winner: str | None
    prestige: int
    reason: str

    def describe(self, name=str) -> str:
        return f"The game ends ({self.reason}): {name(self.winner)} wins with {self.prestige} prestige"
