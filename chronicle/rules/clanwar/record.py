"""A Clan War turn file read into typed values: the Start phase's business, the moves of each
movement phase, the battles as fought on the table, dice and facts.

Parsing knows names, not the position: an unknown province or player is reported here (with a
did-you-mean); an unknown unit or personality when the phase that uses it checks it against the
state. A value of the wrong shape has already been reported by the turn schema at its place, so
it is skipped silently here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

import jsonschema

from ...errors import Problem
from ...suggest import did_you_mean, one_of
from .schema import PURCHASE

_PURCHASE = jsonschema.Draft202012Validator(PURCHASE)
PURCHASE_KINDS = ("unit", "personality", "replace", "spell", "item", "equipment", "tattoo", "promote", "experienced")
PHASE_KEYS = ("primary", "cavalry", "defend", "reserve")
#: dice purposes: purpose -> (whose, what, dice per roll)
PURPOSES = {
    "fate": ("personality", "the fate roll of a personality removed as a casualty: d10 against Earth, then d10 against Void", 2),
    "heal": ("personality", "healing 1d/2: a d10 for wounds, then a d10 for void", 2),
    "experience": ("unit", "the experience checks of a surviving unit: a d10 for Morale, then a d10 for Training", 2),
    "ring": ("personality", "the ring a personality gains with experience: a d10 on the ring table", 1),
}


@dataclass(frozen=True)
class Purchase:
    player: str
    kind: str                       # one of PURCHASE_KINDS
    subject: str                    # the id or name after the kind's key
    data: Mapping
    at: tuple
    invalid: bool = False           # the schema rejected its shape (and reported it): not bought


@dataclass(frozen=True)
class BidEntry:
    kind: str                       # personality | unit | item
    subject: str
    data: Mapping
    bids: tuple[tuple[str, int, tuple], ...]   # (player, koku, where)
    at: tuple


@dataclass(frozen=True)
class Move:
    phase: str
    subject: str
    path: tuple[str, ...]           # the provinces entered, in order
    at: tuple
    steps: tuple[tuple, ...] = ()


@dataclass(frozen=True)
class UnitOutcome:
    unit: str
    lost: int = 0
    state: str = "ready"
    left_table: bool = False
    penalty: int | None = None
    leadership: int | None = None
    at: tuple = ()


@dataclass(frozen=True)
class PersonalityOutcome:
    """A personality's part in a battle entry (keyed by its id in BattleEntry.personalities)."""
    removed: bool = False
    over: int = 0
    wounds: int = 0
    void: int = 0
    maimed: str | None = None
    reincarnated: str | None = None
    reincarnate: str | None = None
    at: tuple = ()


@dataclass(frozen=True)
class Swap:
    """L93: a special item or spell passed between personalities, mundane equipment into or out of
    the stockpile (None: the stockpile), or (``removed``) a special item leaving play; ``replaces``:
    the taker's equipment it takes the place of (L64)."""
    kind: str                       # item | spell | equipment
    thing: str
    giver: str | None
    taker: str | None
    at: tuple
    replaces: str | None = None
    removed: bool = False


@dataclass(frozen=True)
class BattleEntry:
    province: str
    sides: tuple[tuple[str, ...], ...]
    switched: Mapping[str, tuple[int, tuple]]
    broken: tuple[tuple[str, str, tuple], ...]
    winner: str | None
    defender: tuple | None          # (value, where) when written
    terrain: str | None
    units: Mapping[str, UnitOutcome]
    personalities: Mapping[str, PersonalityOutcome]
    withdraw: Mapping[str, tuple[str | None, tuple]]   # None: a province not on the map (reported by the record)
    control: tuple | None           # ("neutral", None, where) | ("to", player, where) | ("give_to", player, where)
    decks: Mapping[str, tuple[tuple[str, ...], tuple]]
    at: tuple


@dataclass(frozen=True)
class ClanwarTurn:
    number: int
    title: str | None
    alliances: tuple[tuple[str, str, tuple], ...] = ()
    breaks: tuple[tuple[str, str, tuple], ...] = ()
    bids: tuple[BidEntry, ...] = ()
    purchases: tuple[Purchase, ...] = ()
    assigns: tuple[tuple[str, str | None, bool, tuple], ...] = ()     # (personality, unit or None, lead, where)
    transfers: tuple[tuple[str, str, int, tuple], ...] = ()
    swaps: tuple[Swap, ...] = ()
    library: tuple[tuple[str, tuple[str, ...], tuple[str, ...], tuple], ...] = ()
    daimyo: tuple[tuple[str, str, tuple], ...] = ()
    moves: Mapping[str, tuple[Move, ...]] = field(default_factory=dict)
    battles: tuple[BattleEntry, ...] = ()
    dice: Mapping[tuple[str, str], tuple[tuple[int, ...], tuple]] = field(default_factory=dict)
    corrupted: tuple[tuple[str, tuple], ...] = ()
    captured: tuple[tuple[str, str, tuple], ...] = ()
    released: tuple[tuple[str, str, tuple], ...] = ()
    experience: tuple[tuple[str, tuple], ...] = ()
    renamed: Mapping[str, tuple[str, tuple]] = field(default_factory=dict)
    winner: tuple[str, tuple] | None = None
    miswritten: tuple[str, ...] = ()    # whose dice are written but are not d10s (the schema's error says so)
    # battle entries refused as read (an unknown player, a province not on the map: their error says so):
    # (the province, or None when it is the one misspelt; the players the entry names)
    refused_battles: tuple[tuple[str | None, frozenset], ...] = ()


# ---- names -----------------------------------------------------------------------------------

def resolve_province(name: object, game_map, path: tuple) -> tuple[str | None, list[Problem]]:
    """A province by its id, or by its name in any case."""
    if not isinstance(name, str) or not name.strip():
        return None, [Problem(f"expected a province, got {name!r}", path=path, rule="province",
                          hint="a province's id or its name, as the map writes it")]
    text = name.strip()
    key = text.lower().replace(" ", "_").replace("-", "_")
    if text in game_map.provinces:
        return text, []
    if key in game_map.provinces:
        return key, []
    matches = [pid for pid, p in game_map.provinces.items() if p.name.lower() == text.lower()]
    if len(matches) == 1:
        return matches[0], []
    hint = did_you_mean(key, game_map.provinces) or did_you_mean(text, [p.name for p in game_map.provinces.values()])
    return None, [Problem(f"unknown province {text!r}", hint=hint or "provinces are the map's ids or names",
                          path=path, rule="province")]


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def _sequence(value) -> list:
    return value if isinstance(value, list) else []


def _int(value, default=None):
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _texts(value) -> tuple[str, ...]:
    return tuple(str(v) for v in _sequence(value) if isinstance(v, (str, int)) and not isinstance(v, bool))


# ---- the turn ----------------------------------------------------------------------------------

def parse_turn(campaign, number: int, data: dict) -> tuple[ClanwarTurn, list[Problem]]:
    problems: list[Problem] = []
    players = campaign.player_ids
    game_map = campaign.map

    def province(value, path):
        found, more = resolve_province(value, game_map, path)
        problems.extend(more)
        return found

    def player_ok(value, path, at_key=False) -> bool:
        if value in players:
            return True
        problems.append(Problem(f"unknown player {value!r}", hint=did_you_mean(value, players) or f"the players are {one_of(players)}",
                                path=path, rule="players", at_key=at_key))
        return False

    for where in (("alliances",), ("moves", "alliances"), ("facts", "alliances")):
        holder = data
        for key in where[:-1]:
            holder = _mapping(holder.get(key))
        if "alliances" in holder:
            problems.append(Problem("alliances are declared only in the Start phase", path=where,
                                    hint="write them under start: alliances: [[a, b]]",
                                    rule="alliances are declared in the Start phase",
                                    at_key=True))

    start = _mapping(data.get("start"))
    alliances = []
    for i, pair in enumerate(_sequence(start.get("alliances"))):
        path = ("start", "alliances", i)
        if isinstance(pair, list) and len(pair) == 2 and all(player_ok(p, path + (j,)) for j, p in enumerate(pair)):
            alliances.append((pair[0], pair[1], path))
    breaks = []
    for i, entry in enumerate(_sequence(start.get("broken"))):
        path = ("start", "broken", i)
        if isinstance(entry, dict) and player_ok(entry.get("by"), path + ("by",)) and player_ok(entry.get("with"), path + ("with",)):
            breaks.append((entry["by"], entry["with"], path))

    bids = []
    for i, entry in enumerate(_sequence(start.get("bids"))):
        path = ("start", "bids", i)
        if not isinstance(entry, dict):
            continue
        kinds = [k for k in ("personality", "unit", "item") if k in entry]
        if len(kinds) != 1:
            problems.append(Problem("a bid is for one personality, unit or item", path=path, rule="bidding",
                                    hint="write personality: ID, unit: ID or item: NAME"))
            continue
        offers = []
        for player, amount in _mapping(entry.get("bids")).items():
            if player_ok(player, path + ("bids", player), at_key=True) and _int(amount) is not None:
                offers.append((player, amount, path + ("bids", player)))
        bids.append(BidEntry(kinds[0], str(entry[kinds[0]]), entry, tuple(offers), path))

    purchases = []
    for player, entries in _mapping(start.get("buy")).items():
        if not player_ok(player, ("start", "buy", player), at_key=True):
            continue
        for i, entry in enumerate(_sequence(entries)):
            found = purchase_of(player, entry, ("start", "buy", player, i))
            if found:
                purchases.append(found)

    assigns = []
    for i, entry in enumerate(_sequence(start.get("assign"))):
        # a unit: the schema refused (not text) leaves the entry out: read as "no unit" it was also
        # warned about as a personality leaving a unit it is not in
        if isinstance(entry, dict) and isinstance(entry.get("personality"), str) and isinstance(entry.get("unit"), (str, type(None))):
            assigns.append((entry["personality"], entry.get("unit"), entry.get("lead", True) is not False, ("start", "assign", i)))
    transfers = []
    for i, entry in enumerate(_sequence(start.get("transfer"))):
        if isinstance(entry, dict) and isinstance(entry.get("from"), str) and isinstance(entry.get("to"), str):
            transfers.append((entry["from"], entry["to"], _int(entry.get("models"), 0), ("start", "transfer", i)))
    swaps = []
    for i, entry in enumerate(_sequence(start.get("swap"))):
        path = ("start", "swap", i)
        if not isinstance(entry, dict):
            continue
        kinds = [k for k in ("item", "spell", "equipment") if k in entry]
        if len(kinds) != 1:
            problems.append(Problem("a swap moves one item, spell or equipment", path=path, rule="swapping",
                                    hint="write item: NAME, spell: NAME or equipment: NAME, with from: and to:"))
            continue
        giver, taker, replaces = entry.get("from"), entry.get("to"), entry.get("replaces")
        swaps.append(Swap(kinds[0], str(entry[kinds[0]]), giver if isinstance(giver, str) else None,
                          taker if isinstance(taker, str) else None, path, replaces if isinstance(replaces, str) else None,
                          entry.get("removed") is True))
    library = []
    for i, entry in enumerate(_sequence(start.get("library"))):
        if isinstance(entry, dict) and isinstance(entry.get("shugenja"), str):
            library.append((entry["shugenja"], _texts(entry.get("take")), _texts(entry.get("leave")), ("start", "library", i)))
    daimyo = []
    for player, who in _mapping(start.get("daimyo")).items():
        if player_ok(player, ("start", "daimyo", player), at_key=True) and isinstance(who, str):
            daimyo.append((player, who, ("start", "daimyo", player)))

    moves = {}
    for phase in PHASE_KEYS:
        found = []
        for subject, spec in _mapping(_mapping(data.get("moves")).get(phase)).items():
            path = ("moves", phase, subject)
            if isinstance(spec, str):
                steps = [(spec, path)]
            else:
                steps = [(s, path + (j,)) for j, s in enumerate(_sequence(spec))]
            resolved = [(province(name, where), where) for name, where in steps]
            if resolved and all(p for p, _ in resolved):
                found.append(Move(phase, str(subject), tuple(p for p, _ in resolved), path, tuple(w for _, w in resolved)))
        moves[phase] = tuple(found)

    battles, refused_battles = [], []
    for i, entry in enumerate(_sequence(data.get("battles"))):
        found = _battle(entry, ("battles", i), province, player_ok, problems, refused_battles)
        if found:
            battles.append(found)

    dice, miswritten = {}, []
    for purpose, by_subject in _mapping(data.get("dice")).items():
        if purpose not in PURPOSES:
            continue
        for subject, values in _mapping(by_subject).items():
            values = values if isinstance(values, list) else [values]
            if values and all(_int(v) is not None and 1 <= v <= 10 for v in values):
                dice[(purpose, str(subject))] = (tuple(values), ("dice", purpose, subject))
            elif values:
                miswritten.append(str(subject))

    facts = _mapping(data.get("facts"))
    corrupted = tuple((p, ("facts", "corrupted", i)) for i, p in enumerate(_sequence(facts.get("corrupted")))
                      if player_ok(p, ("facts", "corrupted", i)))
    captured, released = [], []
    for i, entry in enumerate(_sequence(facts.get("captured"))):
        path = ("facts", "captured", i)
        if isinstance(entry, dict) and isinstance(entry.get("personality"), str) and player_ok(entry.get("by"), path + ("by",)):
            captured.append((entry["personality"], entry["by"], path))
    for i, entry in enumerate(_sequence(facts.get("released"))):
        path = ("facts", "released", i)
        if isinstance(entry, dict) and isinstance(entry.get("personality"), str):
            where = province(entry.get("at"), path + ("at",))
            if where:
                released.append((entry["personality"], where, path))
    experience = tuple((p, ("facts", "personality_experience", i))
                       for i, p in enumerate(_sequence(facts.get("personality_experience"))) if isinstance(p, str))
    renamed = {str(k): (str(v), ("facts", "renamed", k)) for k, v in _mapping(facts.get("renamed")).items() if isinstance(v, str)}
    winner = None
    if isinstance(facts.get("winner"), str) and player_ok(facts["winner"], ("facts", "winner")):
        winner = (facts["winner"], ("facts", "winner"))

    return ClanwarTurn(number, data.get("title"), tuple(alliances), tuple(breaks), tuple(bids), tuple(purchases),
                       tuple(assigns), tuple(transfers), tuple(swaps), tuple(library), tuple(daimyo), moves,
                       tuple(battles), dice, corrupted, tuple(captured), tuple(released), experience, renamed,
                       winner, tuple(sorted(set(miswritten))), tuple(refused_battles)), problems


def purchase_of(player: str, entry, path: tuple) -> Purchase | None:
    """One purchase entry (the schema has checked its shape): its kind is the first of
    PURCHASE_KINDS it has, except that a personality may name the unit it commands (``unit:``,
    bought before it): that entry buys the personality (it was read as the unit, its id "taken")."""
    if not isinstance(entry, dict):
        return None
    for kind in PURCHASE_KINDS:
        if kind in entry and not (kind == "unit" and ("tattoo" in entry or "personality" in entry)) \
                and not (kind == "tattoo" and "item" in entry):
            value = entry[kind]
            if kind == "tattoo" and "tattoos" not in entry:
                continue
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return Purchase(player, kind, str(value), entry, path, not _PURCHASE.is_valid(_plain(entry)))
    return None


def _plain(data):
    from ...schemas import _plain as plain
    return plain(data)


def _battle(entry, path, province, player_ok, problems, refused: list) -> BattleEntry | None:
    """The entry, or None when it cannot be played as written: then (its province if known, the
    players it names) go into ``refused`` (the battle was written: its error is the one error, not
    "not entered" too)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("sides"), list):
        return None
    where = province(entry.get("at"), path + ("at",))
    sides = []
    good = True
    for j, side in enumerate(entry["sides"]):
        members = [p for p in _sequence(side)]
        if not all(player_ok(p, path + ("sides", j, k)) for k, p in enumerate(members)):
            good = False
        sides.append(tuple(members))
    switched = {}
    for player, side in _mapping(entry.get("switched")).items():
        if player_ok(player, path + ("switched", player), at_key=True) and _int(side) is not None:
            switched[player] = (side, path + ("switched", player))
    broken = []
    for j, item in enumerate(_sequence(entry.get("broken"))):
        at = path + ("broken", j)
        if isinstance(item, dict) and player_ok(item.get("by"), at + ("by",)) and player_ok(item.get("with"), at + ("with",)):
            broken.append((item["by"], item["with"], at))
    winner = entry.get("winner")
    if winner is not None and not player_ok(winner, path + ("winner",)):
        good = False
    defender = None
    if "defender" in entry:
        value = entry["defender"]
        if value is None or player_ok(value, path + ("defender",)):
            defender = (value, path + ("defender",))
    units = {}
    for unit, spec in _mapping(entry.get("units")).items():
        spec = _mapping(spec)
        units[str(unit)] = UnitOutcome(str(unit), _int(spec.get("lost"), 0), spec["state"]
                                       if spec.get("state") in ("ready", "broken", "routed") else "ready",
                                       spec.get("left_table") is True, _int(spec.get("penalty")), _int(spec.get("leadership")),
                                       path + ("units", unit))
    personalities = {}
    for who, spec in _mapping(entry.get("personalities")).items():
        spec = _mapping(spec)
        personalities[str(who)] = PersonalityOutcome(
            spec.get("removed") is True, _int(spec.get("over"), 0), _int(spec.get("wounds"), 0),
            _int(spec.get("void"), 0), spec.get("maimed") if isinstance(spec.get("maimed"), str) else None,
            spec.get("reincarnated") if isinstance(spec.get("reincarnated"), str) else None,
            spec.get("reincarnate") if isinstance(spec.get("reincarnate"), str) else None, path + ("personalities", who))
    withdraw = {}
    for player, target in _mapping(entry.get("withdraw")).items():
        at = path + ("withdraw", player)
        if not player_ok(player, at, at_key=True):
            continue
        targets = [(target, at)] if not isinstance(target, list) else [(t, at + (j,)) for j, t in enumerate(target)]
        found = [(province(t, w), w) for t, w in targets]
        if not found:
            continue
        if not all(f for f, _ in found):          # a province not on the map: reported there, not again as missing
            withdraw[player] = (None, at)
            continue
        first = found[0][0]
        other = next(((f, w) for f, w in found if f != first), None)
        if other:
            problems.append(Problem(f"{player}'s units withdraw to {other[0]} and to {first}: any and all units of an army that "
                                    "withdraw go to the same province", path=other[1], rule="all units of an army withdraw to one "
                                    "province it controlled at the beginning of the turn (L114)", hint=f"choose one: {first} or {other[0]}"))
        withdraw[player] = (first, found[0][1])
    control = None
    raw = entry.get("control")
    if raw == "neutral":
        control = ("neutral", None, path + ("control",))
    elif isinstance(raw, dict) and len(raw) == 1:
        (kind, who), = raw.items()
        if kind in ("to", "give_to") and player_ok(who, path + ("control", kind)):
            control = (kind, who, path + ("control", kind))
    decks = {}
    for player, cards in _mapping(entry.get("decks")).items():
        if player_ok(player, path + ("decks", player), at_key=True):
            decks[player] = (_texts(cards), path + ("decks", player))
    if not where or not good:
        refused.append((where, frozenset(p for side in sides for p in side if isinstance(p, str))))
        return None
    return BattleEntry(where, tuple(sides), switched, tuple(broken), winner, defender,
                       entry.get("terrain") if isinstance(entry.get("terrain"), str) else None, units, personalities,
                       withdraw, control, decks, path)
