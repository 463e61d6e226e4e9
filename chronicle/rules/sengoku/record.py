"""A Sengoku turn file read into typed values: draws, diplomacy, moves, responses, sieges,
battles as fought on the table, cards played and dice.

Parsing knows names, not the position: an unknown province is reported here (with did-you-mean),
an unknown army when the phase that uses it checks it against the state. A value of the wrong
type has already been reported by the turn schema at its place, so it is skipped silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping

from ...errors import Problem
from ...suggest import did_you_mean, one_of
from .armylists import CompositionError, parse_composition

SPLIT = re.compile(r"\s*(?:,|>|->|→)\s*")

#: what a turn file's dice are for: purpose -> (whose, what)
PURPOSES = {
    "initiative": ("clan", "order of movement: a d6 each, then the re-rolls of a tie for first"),
    "storm": ("army", "each sea crossing: a d6 (storm_on or below, a 1 in the seed, is a storm), then on a storm a d6 of elements lost"),
    "siege": ("army (the besieger)", "the siege roll, one a turn"),
    "supply": ("army", "an army out of supply: the starvation d6"),
    "chain": ("army", "a broken chain of supply: chain_loss_on or above (a 6 in the seed) loses an element"),
    "ninja": ("clan (the target)", "the assassination d6"),
    "heir": ("clan", "after an assassination: the succession d6"),
    "wound": ("clan", "a wounded daimyo: the d6 of turns"),
}


@dataclass(frozen=True)
class Move:
    army: str
    path: tuple[str, ...]          # the provinces entered, in order (not the start)
    forced: int | None             # as written (None: not written)
    at: tuple                      # where the move is written
    steps: tuple[tuple, ...] = ()  # where each step is written


@dataclass(frozen=True)
class Transfer:
    giver: str
    taker: str
    elements: int
    at: tuple


@dataclass(frozen=True)
class Response:
    """An army's answer to an enemy that entered its province (the army is the key it is filed under)."""
    kind: str                      # battle | fortress | retreat
    to: str | None
    at: tuple
    entrant: str | None = None     # a per-entrant response: the entrant it answers (None: the first enemy)


@dataclass(frozen=True)
class Contingent:
    army: str
    elements: int
    lost: int
    at: tuple


@dataclass(frozen=True)
class Side:
    army: str
    lost: int
    general_lost: bool
    camp_taken: bool
    cards: tuple[str, ...]
    allies: tuple[Contingent, ...]
    retreat: str | None
    penalty: int                   # umpire: extra elements lost after the battle
    at: tuple
    bua_taken: bool = False        # relief battle: the besieger occupied the BUA
    elements_lost: tuple[tuple[str, bool], ...] | None = None   # the elements lost by type, when written


@dataclass(frozen=True)
class BattleEntry:
    province: str
    attacker: Side
    defender: Side
    coin: str | None               # attacker | defender: who won the coin toss on a tie
    castle_taken: bool
    winner: str | None             # as written, checked against the losses
    at: tuple
    #: every army on each side, in the order written: (attacker,) and (defender,) for a battle of
    #: two armies; several a side for a Big Battle (Kyoto with more than two armies present)
    attackers: tuple[Side, ...] = ()
    defenders: tuple[Side, ...] = ()

    @property
    def big(self) -> bool:
        return len(self.attackers) + len(self.defenders) > 2


@dataclass(frozen=True)
class Diplomacy:
    alliances: tuple[tuple[str, str, tuple], ...] = ()
    breaks: tuple[tuple[str, str, tuple], ...] = ()
    treaties: tuple[tuple[str, str, tuple], ...] = ()
    cessions: tuple[tuple[str, str, tuple[str, ...], tuple], ...] = ()
    fortresses: tuple[tuple[str, str, tuple], ...] = ()
    ninja: tuple[tuple[str, str, str | None, tuple], ...] = ()    # by, target, spy (by|target|None), at
    claim: tuple[str, tuple] | None = None
    penalties: tuple[tuple[str, int, str, tuple], ...] = ()


@dataclass(frozen=True)
class SengokuTurn:
    number: int
    title: str | None
    date: str | None
    draws: Mapping[str, tuple[tuple[str, ...], tuple]]
    order: tuple[tuple[str, ...], tuple] | None
    diplomacy: Diplomacy
    moves: tuple[Move, ...]
    transfers: tuple[Transfer, ...]
    responses: Mapping[str, Response]
    besiege: tuple[tuple[str, tuple], ...]
    battles: tuple[BattleEntry, ...]
    played: Mapping[str, tuple[tuple[str, tuple], ...]]      # card -> ((army, at), ...)
    dice: Mapping[tuple[str, str], tuple[tuple[int, ...], tuple]]
    usurper: Mapping[str, tuple[bool, tuple]] = field(default_factory=dict)   # clan -> (clan won the usurper's battle, at)
    compositions: Mapping[str, tuple[object, tuple]] = field(default_factory=dict)   # army -> (composition as written, at)
    bad_dice: frozenset = frozenset()      # (purpose, subject) written with a value the schema rejects
    #: per-entrant responses: army -> its answers to each army that entered its province, in the
    #: order written (``responses: {red-3: {blue-1: battle, blue-2: {retreat: p2}}}``)
    replies: Mapping[str, tuple[Response, ...]] = field(default_factory=dict)
    #: armies whose move or response is written but could not be read (a misspelt province or
    #: answer: already an error): what follows from that order is not judged again (one mistake,
    #: one error)
    unread: frozenset = frozenset()


# ---- names ------------------------------------------------------------------------------

def resolve_province(name: object, game_map, path: tuple) -> tuple[str | None, list[Problem]]:
    """A province by id, by name in any case, or by its number on a numbered map (the seed's 41)."""
    if isinstance(name, bool) or name is None:
        return None, [Problem(f"expected a province, got {name!r}", path=path, rule="province",
                              hint="write a province's id or name, e.g. shinano")]
    text = str(name).strip()
    if text.isdigit():
        number = int(text)
        for pid, province in game_map.provinces.items():
            if province.number == number:
                return pid, []
        if text in game_map.provinces:
            return text, []
        return None, [Problem(f"no province is numbered {number}", hint="numbers come from the map's 'number:' fields",
                              path=path, rule="province")]
    key = text.lower().replace(" ", "_")
    if key in game_map.provinces:
        return key, []
    matches = [pid for pid, p in game_map.provinces.items() if p.name.lower() == text.lower()]
    if len(matches) == 1:
        return matches[0], []
    if len(matches) > 1:
        return None, [Problem(f"{text!r} names more than one province", hint="write one of the ids " + ", ".join(sorted(matches)),
                              path=path, rule="province")]
    hint = did_you_mean(key, game_map.provinces) or did_you_mean(text, [p.name for p in game_map.provinces.values()])
    return None, [Problem(f"unknown province {text!r}", hint=hint or "provinces are the map's ids, names or numbers",
                          path=path, rule="province")]


def check_clan(clan: object, clans, path: tuple, at_key: bool) -> list[Problem]:
    if clan in clans:
        return []
    return [Problem(f"unknown clan {clan!r}", hint=did_you_mean(clan, clans) or f"the clans are {one_of(clans)}",
                    path=path, rule="clan", at_key=at_key)]


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def _sequence(value) -> list:
    return value if isinstance(value, list) else []


def _int(value, default=0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _texts(value) -> list:
    if isinstance(value, str):
        return [value]
    return [v for v in _sequence(value) if isinstance(v, (str, int)) and not isinstance(v, bool)]


def card_name(text: object) -> str:
    return str(text).strip().lower().replace(" ", "_").replace("-", "_")


# ---- the turn -------------------------------------------------------------------------------

def parse_turn(campaign, number: int, data: dict) -> tuple[SengokuTurn, list[Problem]]:
    problems: list[Problem] = []
    clans = campaign.player_ids
    game_map = campaign.map

    def province(value, path):
        found, more = resolve_province(value, game_map, path)
        problems.extend(more)
        return found

    def clan_ok(value, path, at_key=False):
        more = check_clan(value, clans, path, at_key)
        problems.extend(more)
        return not more

    draws = {}
    for clan, cards in _mapping(data.get("cards")).items():
        path = ("cards", clan)
        if clan_ok(clan, path, at_key=True):
            draws[clan] = (tuple(card_name(c) for c in _texts(cards)), path)

    order = None
    if isinstance(data.get("order"), list):
        names = [c for c in data["order"] if isinstance(c, str)]
        if all(clan_ok(c, ("order", i)) for i, c in enumerate(names)):
            order = (tuple(names), ("order",))

    diplomacy = _diplomacy(_mapping(data.get("diplomacy")), clan_ok, province, problems)

    moves, unread = [], set()
    for army, spec in _mapping(data.get("moves")).items():
        path = ("moves", army)
        forced = None
        steps_raw, base = spec, path
        if isinstance(spec, dict):
            forced = _int(spec.get("forced"), None) if "forced" in spec else None
            steps_raw, base = spec.get("path"), path + ("path",)
        if isinstance(steps_raw, str):
            names = [s for s in SPLIT.split(steps_raw.strip()) if s]
            steps = [(n, base) for n in names]
        elif isinstance(steps_raw, (int,)) and not isinstance(steps_raw, bool):
            steps = [(steps_raw, base)]
        else:
            steps = [(s, base + (i,)) for i, s in enumerate(_sequence(steps_raw))]
        found = [(province(n, p), p) for n, p in steps]
        if steps and all(f for f, _ in found):
            moves.append(Move(str(army), tuple(f for f, _ in found), forced, path, tuple(p for _, p in found)))
        elif steps:
            unread.add(str(army))
        elif not steps and steps_raw is not None and not isinstance(steps_raw, list):   # an empty list: the schema's error
            problems.append(Problem(f"the move of {army} names no province", hint="write the provinces entered, e.g. [shinano, kozuke]",
                                    path=path, rule="movement"))

    transfers = []
    for i, entry in enumerate(_sequence(data.get("transfers"))):
        if isinstance(entry, dict) and isinstance(entry.get("from"), str) and isinstance(entry.get("to"), str):
            transfers.append(Transfer(entry["from"], entry["to"], _int(entry.get("elements"), 0), ("transfers", i)))

    def response(army, spec, path, entrant=None):
        if isinstance(spec, str) and spec in ("battle", "fortress"):
            return Response(spec, None, path, entrant)
        if isinstance(spec, dict) and "retreat" in spec:
            to = province(spec["retreat"], path + ("retreat",))
            return Response("retreat", to, path, entrant) if to else None
        if isinstance(spec, str) and spec.startswith("retreat"):
            rest = spec[len("retreat"):].strip().removeprefix("to ").strip()
            to = province(rest, path) if rest else None
            if to:
                return Response("retreat", to, path, entrant)
            if not rest:
                problems.append(Problem(f"{army} retreats, but to where?", hint="write  retreat: PROVINCE  (an adjacent province)",
                                        path=path, rule="refusing battle"))
        return None

    responses, replies = {}, {}
    for army, spec in _mapping(data.get("responses")).items():
        path = ("responses", army)
        if isinstance(spec, dict) and "retreat" not in spec:
            # per entrant: {entrant: battle | fortress | {retreat: X}, ...}
            found = [response(str(army), s, path + (e,), str(e)) for e, s in spec.items()]
            replies[str(army)] = tuple(r for r in found if r)
            if not all(found):
                unread.add(str(army))
            continue
        found = response(str(army), spec, path)
        if found:
            responses[str(army)] = found
        else:
            unread.add(str(army))

    besiege = tuple((str(a), ("besiege", i)) for i, a in enumerate(_sequence(data.get("besiege"))) if isinstance(a, str))

    def named(entry) -> set:
        """The armies a battle entry names, however it is written (to put them in doubt when the
        entry cannot be read: the meeting it settles is then no second error)."""
        sides = [entry.get(k) for k in ("attacker", "defender")] if isinstance(entry, dict) else []
        found = [s for side in sides for s in (side if isinstance(side, list) else [side])]
        return {s["army"] for s in found if isinstance(s, dict) and isinstance(s.get("army"), str)}

    battles = []
    for i, entry in enumerate(_sequence(data.get("battles"))):
        path = ("battles", i)
        if not isinstance(entry, dict) or not all(isinstance(entry.get(k), (dict, list)) and entry.get(k)
                                                  for k in ("attacker", "defender")):
            unread.update(named(entry))
            continue
        where = province(entry.get("at"), path + ("at",)) if "at" in entry else None
        lists = []
        for k in ("attacker", "defender"):
            raw = entry[k]
            if isinstance(raw, list):          # a Big Battle: several armies on this side
                lists.append([_side(r, path + (k, j), province, problems) if isinstance(r, dict) else None
                              for j, r in enumerate(raw)])
            else:
                lists.append([_side(raw, path + (k,), province, problems)])
        if where and all(lists) and all(all(s) for s in lists):
            battles.append(BattleEntry(where, lists[0][0], lists[1][0], entry.get("coin"), bool(entry.get("castle_taken")),
                                       entry.get("winner"), path, tuple(lists[0]), tuple(lists[1])))
        else:
            unread.update(named(entry))

    played = {}
    for card, armies in _mapping(data.get("play")).items():
        played[card_name(card)] = tuple((str(a), ("play", card, j)) for j, a in enumerate(_texts(armies)))

    dice, bad_dice = {}, set()
    for purpose, by_subject in _mapping(data.get("dice")).items():
        if purpose not in PURPOSES:
            continue                  # the turn schema reports it (unknown key, with did-you-mean)
        for subject, values in _mapping(by_subject).items():
            path = ("dice", purpose, subject)
            values = values if isinstance(values, list) else [values]
            if not values or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in values):
                bad_dice.add((str(purpose), str(subject)))   # reported by the turn schema: one error
                continue
            dice[(str(purpose), str(subject))] = (tuple(values), path)

    usurper = {}
    for clan, result in _mapping(data.get("usurper")).items():
        path = ("usurper", clan)
        if clan_ok(clan, path, at_key=True) and result in ("won", "lost"):
            usurper[clan] = (result == "won", path)

    compositions = {str(army): (value, ("compositions", army)) for army, value in _mapping(data.get("compositions")).items()}

    date = data.get("date")
    return SengokuTurn(number, data.get("title"), str(date) if date is not None else None, draws, order, diplomacy,
                       tuple(moves), tuple(transfers), responses, besiege, tuple(battles), played, dice, usurper,
                       compositions, frozenset(bad_dice), replies, frozenset(unread)), problems


def _side(raw: dict, path: tuple, province, problems: list) -> Side | None:
    if not isinstance(raw.get("army"), str):
        return None
    lost, general_lost = _int(raw.get("lost")), bool(raw.get("general_lost"))
    typed = None
    if raw.get("elements_lost") is not None:
        at = path + ("elements_lost",)
        try:
            typed = tuple(parse_composition(raw["elements_lost"]))
        except CompositionError as exc:
            problems.append(Problem(f"elements_lost of {raw['army']}: {exc.message}", hint=exc.hint, path=at, rule="army lists"))
        if typed is not None:
            named = any(g for _, g in typed)
            if "lost" not in raw:
                lost = len(typed)
            elif len(typed) != lost:
                problems.append(Problem(f"elements_lost names {len(typed)} element{'' if len(typed) == 1 else 's'} of {raw['army']}, "
                                        f"but lost: says {lost}", path=at,
                                        hint="one entry per element lost; lost: may be left out when elements_lost is written",
                                        rule="battles"))
                typed = None
            if typed is not None and raw.get("general_lost") is True and not named:
                problems.append(Problem(f"general_lost: true, but elements_lost names no general of {raw['army']}", path=at,
                                        hint="write the general's element with (Gen), e.g. 1x3Kn(Gen)", rule="battles"))
                typed = None
            elif typed is not None and raw.get("general_lost") is False and named:
                problems.append(Problem(f"elements_lost names the general of {raw['army']}, but general_lost: false", path=at,
                                        rule="battles", hint="write general_lost: true, or take the general out of elements_lost"))
                typed = None
            if typed is not None and named:
                general_lost = True
    allies = []
    for j, entry in enumerate(_sequence(raw.get("allies"))):
        if isinstance(entry, dict) and isinstance(entry.get("army"), str):
            allies.append(Contingent(entry["army"], _int(entry.get("elements")), _int(entry.get("lost")),
                                     path + ("allies", j)))
    retreat = province(raw["retreat"], path + ("retreat",)) if raw.get("retreat") is not None else None
    return Side(raw["army"], lost, general_lost, bool(raw.get("camp_taken")),
                tuple(card_name(c) for c in _texts(raw.get("cards"))), tuple(allies), retreat,
                _int(raw.get("penalty")), path, bool(raw.get("bua_taken")), typed)


def _diplomacy(raw: dict, clan_ok, province, problems) -> Diplomacy:
    alliances, breaks, treaties, cessions, fortresses, ninja, penalties = [], [], [], [], [], [], []
    for i, pair in enumerate(_sequence(raw.get("alliances"))):
        path = ("diplomacy", "alliances", i)
        if isinstance(pair, list) and len(pair) == 2 and all(clan_ok(c, path + (j,)) for j, c in enumerate(pair)):
            alliances.append((pair[0], pair[1], path))
    for i, entry in enumerate(_sequence(raw.get("broken_alliances"))):
        path = ("diplomacy", "broken_alliances", i)
        if isinstance(entry, dict) and clan_ok(entry.get("by"), path + ("by",)) and clan_ok(entry.get("with"), path + ("with",)):
            breaks.append((entry["by"], entry["with"], path))
    for i, entry in enumerate(_sequence(raw.get("broken_treaties"))):
        path = ("diplomacy", "broken_treaties", i)
        clan = entry.get("clan") if isinstance(entry, dict) else entry
        if clan_ok(clan, path):
            treaties.append((clan, str(entry.get("note", "")) if isinstance(entry, dict) else "", path))
    for i, entry in enumerate(_sequence(raw.get("cessions"))):
        path = ("diplomacy", "cessions", i)
        if isinstance(entry, dict) and clan_ok(entry.get("from"), path + ("from",)) and clan_ok(entry.get("to"), path + ("to",)):
            found = [province(p, path + ("provinces", j)) for j, p in enumerate(_texts(entry.get("provinces")))]
            if found and all(found):
                cessions.append((entry["from"], entry["to"], tuple(found), path))
    for clan, where in _mapping(raw.get("fortresses")).items():
        path = ("diplomacy", "fortresses", clan)
        if clan_ok(clan, path, at_key=True):
            found = province(where, path)
            if found:
                fortresses.append((clan, found, path))
    for i, entry in enumerate(_sequence(raw.get("ninja"))):
        path = ("diplomacy", "ninja", i)
        if isinstance(entry, dict) and clan_ok(entry.get("by"), path + ("by",)) and clan_ok(entry.get("target"), path + ("target",)):
            spy = entry.get("spy")
            ninja.append((entry["by"], entry["target"], spy if spy in ("by", "target") else None, path))
    claim = None
    if isinstance(raw.get("claim"), str) and clan_ok(raw["claim"], ("diplomacy", "claim")):
        claim = (raw["claim"], ("diplomacy", "claim"))
    for i, entry in enumerate(_sequence(raw.get("penalties"))):
        path = ("diplomacy", "penalties", i)
        if isinstance(entry, dict) and clan_ok(entry.get("clan"), path + ("clan",)):
            penalties.append((entry["clan"], _int(entry.get("prestige")), str(entry.get("reason", "umpire's decision")), path))
    return Diplomacy(tuple(alliances), tuple(breaks), tuple(treaties), tuple(cessions), tuple(fortresses),
                     tuple(ninja), claim, tuple(penalties))
