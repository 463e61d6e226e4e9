"""A Pitac turn file read into typed values: battles, orders, recorded dice and choices.

Parsing is forgiving: a malformed entry is reported and skipped so that the rest of the turn
(and every later turn) can still be checked. A value of the wrong type has already been reported
by the turn schema at its place, so it is skipped here without a second message.
"""

from __future__ import annotations

import difflib
import enum
import re
from dataclasses import dataclass, replace
from typing import Mapping

from ...dice import Die, parse_die
from ...errors import Problem
from ...i18n import gettext as _
from ...suggest import close_matches, did_you_mean, one_of
from ..battlecheck import Named, suspicious_battle

ORDER_TEXT = re.compile(r"^\s*(attack|defend)\s+(.+?)\s*$", re.IGNORECASE)


class OrderKind(enum.Enum):
    ATTACK = "attack"
    DEFEND = "defend"


@dataclass(frozen=True)
class Order:
    player: str
    kind: OrderKind
    province: str
    path: tuple

    def text(self, province_name: str | None = None) -> str:
        """The order as written ("Attack Inaba"): English, the turn file's language."""
        return f"{self.kind.value.title()} {province_name or self.province}"


def order_text(kind: OrderKind, province_name: str) -> str:
    """An order as the site shows it, in the language in force ("Attack Inaba", "Attacca Inaba")."""
    if kind is OrderKind.ATTACK:
        return _("Attack %(province)s", province=province_name)
    return _("Defend %(province)s", province=province_name)


@dataclass(frozen=True)
class Battle:
    name: str
    players: tuple[str, ...]
    winners: tuple[str, ...]
    vp: Mapping[str, int]
    scenario: str | None
    # a winner was written that is not one of the battle's players (already an error): who won
    # is unknown, so no one's moves are counted short on its account (one mistake, one error)
    winner_unread: bool = False


@dataclass(frozen=True)
class Gift:
    """A territory handed over by its holder, a fact the administrator records (a treaty, a
    welcome for a new player: "some kind and generous player would give them one")."""

    giver: str
    receiver: str
    province: str
    path: tuple


@dataclass(frozen=True)
class PitacTurn:
    number: int
    title: str | None
    date: str | None
    battles: tuple[Battle, ...]
    orders: tuple[Order, ...]
    dice: Mapping[tuple[str, str], tuple[tuple[Die, ...], tuple]]   # (province, player) -> dice, path
    capitals: Mapping[str, tuple[str, tuple]]                       # player -> (province, path)
    army_lists: tuple[str, ...]
    gifts: tuple[Gift, ...] = ()
    #: orders that could not be read (an unknown territory): (player, the territories it may have
    #: meant, path). Their error is reported once; dice that follow from them are not judged.
    unread: tuple[tuple[str, tuple[str, ...], tuple], ...] = ()


def resolve_province(name: object, game_map, path: tuple) -> tuple[str | None, list[Problem]]:
    """A province named by id or by name, in any case (the seed writes INABA)."""
    text = str(name).strip()
    key = text.lower().replace(" ", "_")
    if key in game_map.provinces:
        return key, []
    by_name = {}
    for pid, province in game_map.provinces.items():
        by_name.setdefault(province.name.lower(), []).append(pid)
    matches = by_name.get(text.lower(), [])
    if len(matches) == 1:
        return matches[0], []
    if len(matches) > 1:
        return None, [Problem(f"{text!r} names more than one territory", hint="write one of the ids " + ", ".join(sorted(matches)),
                              path=path, rule="territory")]
    hint = did_you_mean(key, game_map.provinces) or did_you_mean(text, [p.name for p in game_map.provinces.values()])
    return None, [Problem(f"unknown territory {text!r}", hint=hint or "territories are the map's province ids",
                          path=path, rule="territory")]


def guesses(name: object, game_map) -> tuple[str, ...]:
    """The territories a misspelt name may have meant (by id or by name), closest first."""
    text = str(name).strip().lower()
    by_name = {p.name.lower(): pid for pid, p in game_map.provinces.items()}
    keys = list(game_map.provinces) + list(by_name)
    close = difflib.get_close_matches(text.replace(" ", "_"), keys, n=3, cutoff=0.6)
    close += difflib.get_close_matches(text, keys, n=3, cutoff=0.6)
    return tuple(dict.fromkeys(by_name.get(c, c) for c in close))


def check_player(player: object, players: list[str], path: tuple, *, at_key: bool = False) -> list[Problem]:
    """``at_key``: the player is a mapping key (orders, dice, capitals), so report at the key."""
    if player in players:
        return []
    return [Problem(f"unknown player {player!r}",
                    hint=did_you_mean(player, players) or f"the players in campaign.yaml are {one_of(players)}",
                    path=path, rule="player", at_key=at_key)]


def _is_text(value: object) -> bool:
    return isinstance(value, str)


def _mapping(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _sequence(value: object) -> list:
    return value if isinstance(value, list) else []


def parse_turn(campaign, number: int, data: dict) -> tuple[PitacTurn, list[Problem]]:
    problems: list[Problem] = []
    players = campaign.player_ids
    battles = _battles(data.get("battles"), campaign, players, problems)
    unread: list = []
    orders = _orders(data.get("orders"), campaign, players, problems, unread)
    dice = _dice(data.get("dice"), campaign, players, problems)
    capitals = {}
    for player, name in _mapping(data.get("capitals")).items():
        path = ("capitals", player)
        bad = check_player(player, players, path, at_key=True)
        problems += bad
        if not _is_text(name):
            continue
        province, more = resolve_province(name, campaign.map, path)
        problems += more
        if not bad and province:
            capitals[player] = (province, path)
    army_lists = []
    for i, player in enumerate(_sequence(data.get("army_lists"))):
        if not _is_text(player):
            continue
        bad = check_player(player, players, ("army_lists", i))
        problems += bad
        if not bad:
            army_lists.append(player)
    gifts = _gifts(data.get("gifts"), campaign, players, problems)
    date = data.get("date")
    return PitacTurn(number, data.get("title"), str(date) if date is not None else None, tuple(battles),
                     tuple(orders), dice, capitals, tuple(army_lists), tuple(gifts), tuple(unread)), problems


def _gifts(raw, campaign, players, problems) -> list[Gift]:
    gifts = []
    for i, entry in enumerate(_sequence(raw)):
        if not isinstance(entry, dict) or not all(_is_text(entry.get(k)) for k in ("from", "to", "territory")):
            continue   # the schema has reported the shape
        path = ("gifts", i)
        bad = check_player(entry["from"], players, path + ("from",)) + check_player(entry["to"], players, path + ("to",))
        province, more = resolve_province(entry["territory"], campaign.map, path + ("territory",))
        problems += bad + more
        if not bad and province:
            gifts.append(Gift(entry["from"], entry["to"], province, path))
    return gifts


def _battles(raw, campaign, players, problems) -> list[Battle]:
    battles = []
    for i, entry in enumerate(_sequence(raw)):
        if not isinstance(entry, dict):
            continue
        path = ("battles", i)
        names = entry.get("players") or []
        raw_winners = entry.get("winner")
        winner_paths = ([(path + ("winner", j), w) for j, w in enumerate(raw_winners)] if isinstance(raw_winners, list)
                        else [(path + ("winner",), raw_winners)] if raw_winners is not None else [])
        vp = entry.get("vp") or {}
        if (not isinstance(names, list) or not all(map(_is_text, names))
                or not all(_is_text(w) for _, w in winner_paths) or not isinstance(vp, dict)):
            continue   # the schema has reported the wrong type
        vp = {p: v for p, v in vp.items() if isinstance(v, int) and not isinstance(v, bool)}
        # a wrong part is reported and left out, but the battle stands with what is right, so one
        # slip does not also cost every player in it their moves (and flood the report)
        seen: list[str] = []
        known: list[Named] = []
        for j, player in enumerate(names):
            more = check_player(player, players, path + ("players", j))
            problems.extend(more)
            if not more:
                known.append(Named(player, path + ("players", j)))
                if player not in seen:
                    seen.append(player)
            else:
                # read on as the player the name most likely meant ('Paula': paula), so that the
                # battle's winner, VP and the moves it earned are not errors of their own: the
                # misspelt name is the one error (the turn is refused for it all the same)
                meant = close_matches(player, players, n=1)
                if meant and meant[0] not in seen and meant[0] not in names:
                    seen.append(meant[0])
        if len(known) < len(names):
            # likewise a player of the campaign given VP in it ([zed, billy] with vp: {paula: 10})
            seen.extend(p for p in vp if p in players and p not in seen)
        # a battle of one player, a player named twice (the shared checks of every ruleset); a
        # player not in the campaign is that error alone (one mistake, one error)
        if len(known) == len(names):
            problems.extend(suspicious_battle(known, where=path + ("players",), name=campaign.name_of))
        winners, winner_unread = [], False
        for where, winner in winner_paths:
            if winner not in seen:
                winner_unread = True
                close = did_you_mean(winner, seen)
                problems.append(Problem(f"winner {winner!r} did not fight in this battle",
                                        hint=(close + " " if close else "").replace("lower case ", "lower case; ") +
                                        "the winner must be one of its players: " + ", ".join(map(str, names)),
                                        path=where, rule="battle"))
            elif winner in winners:
                problems.append(Problem(f"winner {winner!r} is written twice", hint="name each winner once",
                                        path=where, rule="battle"))
            else:
                winners.append(winner)
        if len(seen) > 1 and winners and set(winners) == set(seen):
            problems.append(Problem(
                "every player of this battle is written as its winner, so no one lost it",
                hint="winner: is the side that won (allies may win together); for a draw, leave winner out",
                path=path + ("winner",), rule="battle"))
        for player in list(vp):
            if player not in seen:
                problems.append(Problem(f"VP for {player!r}, who did not fight in this battle",
                                        hint=did_you_mean(player, seen) or "give VP only to the battle's players",
                                        path=path + ("vp", player), rule="ranks", at_key=True))
                del vp[player]
        if seen:
            battles.append(Battle(str(entry.get("name") or f"Battle {i + 1}"), tuple(seen), tuple(winners),
                                  dict(vp), entry.get("scenario"), winner_unread))
    return battles


def _orders(raw, campaign, players, problems, unread):
    orders = []
    if not isinstance(raw, dict):
        return orders
    for player, entries in raw.items():
        ppath = ("orders", player)
        bad = check_player(player, players, ppath, at_key=True)
        if bad:
            problems.extend(p for p in bad)
            continue
        for i, entry in enumerate(_sequence(entries)):
            path = ppath + (i,)
            kind, target = _order_parts(entry)
            if kind is None:
                continue   # not 'Attack X' / 'Defend X': the turn schema has reported it at its place
            # in the form {attack: inaba} the territory is the value under the key
            where = path + (next(iter(entry)),) if isinstance(entry, dict) else path
            province, more = resolve_province(target, campaign.map, where)
            problems.extend(more)
            if province:
                orders.append(Order(player, kind, province, path))
            else:
                unread.append((player, guesses(target, campaign.map), path))
    return orders


def _order_parts(entry):
    if isinstance(entry, str):
        match = ORDER_TEXT.match(entry)
        if match:
            return OrderKind(match.group(1).lower()), match.group(2)
        return None, None
    if isinstance(entry, dict) and len(entry) == 1:
        (key, value), = entry.items()
        if str(key).lower() in ("attack", "defend") and isinstance(value, str):
            return OrderKind(str(key).lower()), value
    return None, None


def _dice(raw, campaign, players, problems):
    dice = {}
    if not isinstance(raw, dict):
        return dice
    for name, by_player in raw.items():
        province, more = resolve_province(name, campaign.map, ("dice", name))
        problems.extend(replace(p, at_key=True) for p in more)
        if not province or not isinstance(by_player, dict):
            continue
        for player, values in by_player.items():
            path = ("dice", name, player)
            bad = check_player(player, players, path, at_key=True)
            if bad:
                problems.extend(bad)
                continue
            values = values if isinstance(values, list) else [values]
            if not all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in values):
                continue   # the schema has reported the wrong type
            parsed = []
            for i, value in enumerate(values):
                die, more = parse_die(value, 10, path + (i,), open_ended=True)
                problems.extend(more)
                if die:
                    parsed.append(die)
            if len(parsed) == len(values):
                dice[(province, player)] = (tuple(parsed), path)
    return dice
