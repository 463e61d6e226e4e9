"""A campagna turn file read into typed values: declarations, answers, battles and the final.

Parsing knows names, not the position: an unknown territory or player is reported here (with
did-you-mean); whether an order is legal is judged by declarations.py against the state. A value
of the wrong type has already been reported by the turn schema at its place, so it is skipped
here without a second message.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Mapping

from ...errors import Problem
from ...suggest import one_of
from ..pitac.record import check_player, resolve_province
from .schema import DECISIVA, SCHERMAGLIA, SCORRERIA

VERBS = {"schermaglia": SCHERMAGLIA, "skirmish": SCHERMAGLIA, "scorreria": SCORRERIA, "raid": SCORRERIA,
         "battaglia decisiva": DECISIVA, "decisive battle": DECISIVA,
         "battaglia_decisiva": DECISIVA, "decisive_battle": DECISIVA}
ORDER_TEXT = re.compile(r"^\s*(schermaglia|skirmish|scorreria|raid|battaglia\s+decisiva|decisive\s+battle)\s+(.+?)\s*$",
                        re.IGNORECASE)
ANSWER_TEXT = re.compile(r"^\s*(resiste|resistere|resist|ritira|ritirarsi|retreat|interviene|intervenire|intervene)"
                         r"(?:\s+(.+?))?\s*$", re.IGNORECASE)
ANSWER_VERBS = {"resiste": "resist", "resistere": "resist", "resist": "resist",
                "ritira": "retreat", "ritirarsi": "retreat", "retreat": "retreat",
                "interviene": "intervene", "intervenire": "intervene", "intervene": "intervene"}


class Answer(enum.Enum):
    RESIST = "resist"
    RETREAT = "retreat"
    INTERVENE = "intervene"


@dataclass(frozen=True)
class Order:
    """One own action as declared: Schermaglia, Scorreria or Battaglia decisiva on a territory."""

    player: str
    kind: str
    target: str
    origin: str | None              # `from:` as written (None: the cheapest route)
    path: tuple                     # the order in the file
    index: int                      # its place in the player's list


@dataclass(frozen=True)
class Reply:
    """An answer to an attack on ``territory``: resist, retreat into ``to``, or an intervention by ``player``."""

    territory: str
    kind: Answer
    to: str | None
    player: str | None
    path: tuple


@dataclass(frozen=True)
class BattleEntry:
    """A battle of the calendar as written: where, and (once played) its result."""

    at: str | None                  # the territory (None in the final)
    players: tuple[str, ...] | None
    points: int | Mapping[str, int] | None
    scenario: str | None
    scenario_roll: Mapping | None
    winner: str | None
    victory: str | None
    score: Mapping[str, int]
    generals: Mapping[str, str]
    fate: Mapping[str, int]
    alliances: Mapping[str, str]
    bonuses: Mapping[str, tuple[str, ...]]
    occupy: bool | None
    played: bool                    # a winner or a score is written
    path: tuple
    # written but of a type the schema refused (each already an error there), so not reported again
    # as missing: ("victory",) or (key, player) such as ("score", "anna")
    unread: frozenset = frozenset()


@dataclass(frozen=True)
class CampagnaTurn:
    number: int
    title: str | None
    date: str | None
    orders: Mapping[str, tuple[Order, ...]]           # player -> his orders, as written
    replies: Mapping[str, Reply]                      # territory -> the answer
    battles: tuple[BattleEntry, ...]
    final: tuple[BattleEntry, ...]
    order_paths: Mapping[str, tuple] = field(default_factory=dict)   # player -> where his orders are
    written: bool = True                                              # False: an empty record
    # written but unreadable (each already an error), so not judged again as missing (one mistake,
    # one error): where battles: entries were fought ("*": an entry whose place is unreadable too),
    # and the players with an action that could not be read
    unread_battles: frozenset = frozenset()
    unread_orders: frozenset = frozenset()


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def _sequence(value) -> list:
    return value if isinstance(value, list) else []


def parse_turn(campaign, number: int, data: dict) -> tuple[CampagnaTurn, list[Problem]]:
    problems: list[Problem] = []
    players = campaign.player_ids
    unread_orders: set = set()
    orders, order_paths = _orders(data.get("orders"), campaign, players, problems, unread_orders)
    replies = _replies(data.get("answers"), campaign, players, problems)
    written = [(entry, _battle(entry, ("battles", i), campaign, players, problems, final=False))
               for i, entry in enumerate(_sequence(data.get("battles"))) if isinstance(entry, dict)]
    battles = tuple(battle for _, battle in written)
    unread_battles = frozenset(_place_of(entry, campaign) for entry, battle in written if battle is None)
    final = tuple(_battle(entry, ("final", i), campaign, players, problems, final=True)
                  for i, entry in enumerate(_sequence(data.get("final"))) if isinstance(entry, dict))
    date = data.get("date")
    return CampagnaTurn(number, data.get("title"), str(date) if date is not None else None, orders, replies,
                        tuple(b for b in battles if b is not None), tuple(f for f in final if f is not None),
                        order_paths, unread_battles=unread_battles, unread_orders=frozenset(unread_orders)), problems


def _place_of(entry, campaign) -> str:
    """Where an unreadable battles: entry was fought, if that much reads; "*" if not."""
    at = entry.get("at")
    territory = resolve_province(at, campaign.map, ())[0] if isinstance(at, str) else None
    return territory or "*"


def _orders(raw, campaign, players, problems, unread: set):
    orders, paths = {}, {}
    for player, entries in _mapping(raw).items():
        ppath = ("orders", player)
        bad = check_player(player, players, ppath, at_key=True)
        if bad:
            problems.extend(bad)
            continue
        paths[player] = ppath
        mine = []
        for i, entry in enumerate(_sequence(entries)):
            path = ppath + (i,)
            kind, target, origin, where = _order_parts(entry)
            if kind is None:
                unread.add(player)
                problems.extend(_actions_in_one(entry, path))      # else the schema has reported it
                continue
            territory, more = resolve_province(target, campaign.map, path + where)
            problems.extend(more)
            start = None
            if origin is not None:
                start, more = resolve_province(origin, campaign.map, path + ("from",))
                problems.extend(more)
                if start is None:
                    unread.add(player)
                    continue
            if territory:
                mine.append(Order(player, kind, territory, start, path, i))
            else:
                unread.add(player)
        orders[player] = tuple(mine)
    return orders, paths


def _order_parts(entry):
    """(kind, target, origin, where the target is written) of one order, or Nones."""
    if isinstance(entry, str):
        match = ORDER_TEXT.match(entry)
        if match:
            return VERBS[re.sub(r"\s+", " ", match.group(1).lower())], match.group(2), None, ()
        return None, None, None, None
    if isinstance(entry, dict):
        verbs = [k for k in entry if str(k).lower() in VERBS]
        origin = entry.get("from")
        if len(verbs) == 1 and isinstance(entry[verbs[0]], str) and (origin is None or isinstance(origin, str)):
            return VERBS[str(verbs[0]).lower()], entry[verbs[0]], origin, (verbs[0],)
    return None, None, None, None


def _actions_in_one(entry, path) -> list[Problem]:
    """An order written as a mapping the schema lets through (its keys all verbs or ``from``, its
    values all text) that names no action or two: an error, not an order silently dropped. (With
    one verb it is an order, read by _order_parts.)"""
    if not isinstance(entry, dict) or not entry or not all(
            isinstance(k, str) and (k in VERBS or k == "from") and isinstance(v, str) for k, v in entry.items()):
        return []
    verbs = [k for k in entry if k != "from"]
    if not verbs:
        return [Problem("this order names no action, only where it is declared from", path=path, rule="R22",
                        hint=f"write {{schermaglia: TERRITORY, from: {entry['from']}}} (or scorreria, battaglia_decisiva)")]
    return [Problem(f"one order is one action: {' and '.join(verbs)} are written in one", path=path, rule="R22",
                    hint="write each action as an order of its own, in the order declared")]


def _replies(raw, campaign, players, problems) -> dict[str, Reply]:
    replies = {}
    for name, answer in _mapping(raw).items():
        path = ("answers", name)
        territory, more = resolve_province(name, campaign.map, path)
        problems.extend(Problem(p.message, p.hint, p.rule, p.path, at_key=True) for p in more)
        if territory is None:
            continue
        kind, value, where = _answer_parts(answer)
        if kind is None:
            continue
        if territory in replies:
            problems.append(Problem(f"{campaign.name_of(territory)} is answered twice", hint="give one answer per territory",
                                    path=path, rule="R29-R32", at_key=True))
            continue
        if kind is Answer.RETREAT:
            if not value:
                problems.append(Problem(f"the retreat from {campaign.name_of(territory)} names no territory to retreat into",
                                        hint=f"write {{{name}: {{ritira: TERRITORY}}}}: another territory of the defender's "
                                             f"next to {campaign.name_of(territory)}", path=path + where, rule="R30"))
                continue
            to, more = resolve_province(value, campaign.map, path + where)
            problems.extend(more)
            if to:
                replies[territory] = Reply(territory, kind, to, None, path)
        elif kind is Answer.INTERVENE:
            if not value:
                problems.append(Problem(f"the intervention at {campaign.name_of(territory)} names no player who intervenes",
                                        hint=f"write {{{name}: {{interviene: PLAYER}}}}, PLAYER one of {one_of(players)}",
                                        path=path + where, rule="R32"))
                continue
            bad = check_player(value, players, path + where)
            problems.extend(bad)
            if not bad:
                replies[territory] = Reply(territory, kind, None, value, path)
        else:
            if value:
                problems.append(Problem(f"'resiste' takes nothing after it, got {value!r}", hint=f"write {name}: resiste",
                                        path=path, rule="R29"))
            replies[territory] = Reply(territory, kind, None, None, path)
    return replies


def _answer_parts(answer):
    """(kind, what it names or "" when it names nothing, where that is written) of one answer, or
    Nones when the schema has reported its shape. A retreat or intervention naming nothing
    (``ritira``, ``{ritira: }``, ``{ritira: ""}``) is let through the schema on purpose, so that
    the one error it gets is the rule's, which can say what is missing."""
    if isinstance(answer, str):
        match = ANSWER_TEXT.match(answer)
        if match:
            return Answer(ANSWER_VERBS[match.group(1).lower()]), (match.group(2) or "").strip(), ()
        return None, None, None
    if isinstance(answer, dict) and len(answer) == 1:
        (key, value), = answer.items()
        verb = ANSWER_VERBS.get(str(key).lower())
        # {resiste: ...} is not a shape of the file: the schema reports the key
        if verb in ("retreat", "intervene") and (value is None or isinstance(value, str)):
            return Answer(verb), (value or "").strip(), (key,)
    return None, None, None


def _battle(entry, path, campaign, players, problems, final: bool) -> BattleEntry | None:
    at = None
    if not final:
        if not isinstance(entry.get("at"), str):
            return None
        at, more = resolve_province(entry["at"], campaign.map, path + ("at",))
        problems.extend(more)
        if at is None:
            return None
    names = entry.get("players")
    if names is not None:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            return None
        bad = [p for i, n in enumerate(names) for p in check_player(n, players, path + ("players", i))]
        problems.extend(bad)
        if bad:
            return None
        names = tuple(names)
    elif final:
        return None

    unread = set()

    def keyed(key, kind):
        value = _mapping(entry.get(key))
        out = {}
        for player, item in value.items():
            bad = check_player(player, players, path + (key, player), at_key=True)
            problems.extend(bad)
            if bad:
                continue
            if isinstance(item, kind) and not isinstance(item, bool):
                out[player] = item
            else:
                unread.add((key, player))
        return out

    winner = entry.get("winner")
    if winner is not None:
        if not isinstance(winner, str):
            return None
        bad = check_player(winner, players, path + ("winner",))
        problems.extend(bad)
        if bad:
            return None
    points = entry.get("points")
    if isinstance(points, dict):
        points = keyed("points", int)
    elif not isinstance(points, int) or isinstance(points, bool):
        points = None
    bonuses = {}
    for player, used in keyed("bonuses", (str, list)).items():
        bonuses[player] = tuple(used) if isinstance(used, list) else (used,)
    roll = entry.get("scenario_roll") if isinstance(entry.get("scenario_roll"), dict) else None
    score = keyed("score", int)
    fate = {p: v for p, v in keyed("fate", int).items() if 1 <= v <= 6}    # the schema reports any other
    occupy = entry.get("occupy") if isinstance(entry.get("occupy"), bool) else None
    played = winner is not None or bool(score)
    victory = entry.get("victory")
    if victory not in ("major", "minor"):         # one test, read and refused alike (the schema reports it)
        if "victory" in entry:
            unread.add(("victory",))
        victory = None
    return BattleEntry(at, names, points, entry.get("scenario") if isinstance(entry.get("scenario"), str) else None,
                       roll, winner, victory,
                       score, keyed("generals", str), fate, keyed("alliances", str), bonuses,
                       occupy, played, path, frozenset(unread))
