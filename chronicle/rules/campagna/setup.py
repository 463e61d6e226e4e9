"""The position before turn 1 (R01-R04): each faction's Capital and two more territories, the
Generals, and the order of play.

What the table wrote is used as written; what it did not write is drawn from the campaign seed,
each draw from its own identity (``capital``/``start-territory`` and the player, ``initiative``),
so a correction to one player's entry never reshuffles another's draw unless the two collide:
a draw walks a shuffled list of the map and takes the first territory still free.
"""

from __future__ import annotations

from ...errors import Problem
from ...i18n import N_
from ...suggest import did_you_mean, one_of
from ..pitac.record import resolve_province
from .events import FactionSetUp, InitiativeDrawn
from .state import CampagnaState, General, Record, frozen

CAPITAL_SEAT = "capital"


def _shuffled(dice, items, *identity) -> list:
    items = sorted(items)
    dice.rng(*identity).shuffle(items)
    return items


def initial_state(campaign, dice):
    opts = campaign.options
    game_map = campaign.map
    problems: list[Problem] = []
    owners: dict[str, str | None] = {t: None for t in game_map.provinces}
    homes: dict[str, str] = {}
    seats = set(game_map.with_flag(CAPITAL_SEAT))
    drawn: dict[str, list[str]] = {p.id: [] for p in campaign.players}

    # Capitals: those written first, then the draws (R03, Q32)
    for player in campaign.players:
        written = player.fields.get("capital")
        if written is None or str(written).strip().lower() == "random":
            continue
        path = ("players", player.index, "capital")
        capital, more = resolve_province(written, game_map, path)
        problems += more
        if capital is None:
            continue
        if capital in homes.values():
            other = next(p for p, c in homes.items() if c == capital)
            problems.append(Problem(f"{game_map.provinces[capital].name} is already {other}'s Capital",
                                    hint="each faction has its own Capital", path=path, rule="R03"))
            continue
        if seats and capital not in seats:
            problems.append(Problem(f"{game_map.provinces[capital].name} is not a Capital seat of this map",
                                    hint=f"the map marks these seats with the flag 'capital': {one_of(seats)}",
                                    path=path, rule="R13"))
            continue
        homes[player.id] = capital
    promised = set()                 # territories written as someone's start: a drawn Capital avoids them
    for player in campaign.players:
        for name in player.fields.get("territories") or ():
            territory, _ = resolve_province(name, game_map, ())
            promised.add(territory)
    for player in campaign.players:
        if player.id in homes:
            continue
        written = player.fields.get("capital")
        if written is not None and str(written).strip().lower() != "random":
            continue   # an error above: no Capital, and no draw that would hide it
        pool = sorted(seats) if seats else sorted(game_map.provinces)
        capital = next((t for t in _shuffled(dice, pool, "capital", player.id)
                        if t not in homes.values() and t not in promised), None)
        if capital is None:
            problems.append(Problem(f"no territory is left for {player.id}'s Capital",
                                    hint=f"the map marks {len(seats)} Capital seats (the flag 'capital') for "
                                         f"{len(campaign.players)} factions" if seats else
                                         f"the map's {len(game_map.provinces)} territories are all Capitals or "
                                         "written as starting territories", path=("players", player.index),
                                    rule="R03"))
            continue
        homes[player.id] = capital
        drawn[player.id].append("capital")
    for player, capital in homes.items():
        owners[capital] = player

    # the other starting territories: those written first, then the draws
    count = opts["start_territories"]
    capitals = set(homes.values())
    lands: dict[str, list[str]] = {p.id: [] for p in campaign.players}
    for player in campaign.players:
        written = player.fields.get("territories")
        if written is None:
            continue
        base = ("players", player.index, "territories")
        if len(written) != count:
            problems.append(Problem(f"{player.id} starts with {count} territories besides the Capital, {len(written)} are written",
                                    hint=f"write exactly {count}, or leave territories out to draw them "
                                         "(options.start_territories changes the number)", path=base, rule="R03"))
        for j, name in enumerate(written):
            territory, more = resolve_province(name, game_map, base + (j,))
            problems += more
            if territory is None:
                continue
            if territory in capitals:
                problems.append(Problem(f"{game_map.provinces[territory].name} is a Capital",
                                        hint=f"the {count} starting territories are besides the Capitals", path=base + (j,),
                                        rule="R03"))
                continue
            if owners[territory] is not None:
                problems.append(Problem(f"{game_map.provinces[territory].name} is already {owners[territory]}'s",
                                        hint="each territory starts with at most one faction", path=base + (j,), rule="R03"))
                continue
            owners[territory] = player.id
            lands[player.id].append(territory)
    for player in campaign.players:
        if player.fields.get("territories") is not None:
            continue
        free = [t for t in _shuffled(dice, game_map.provinces, "start-territory", player.id)
                if owners[t] is None and t not in capitals]
        if len(free) < count:
            problems.append(Problem(f"the map has too few free territories to give {player.id} {count}",
                                    hint="a bigger map, or lower options.start_territories", path=("players", player.index),
                                    rule="R03"))
        for territory in free[:count]:
            owners[territory] = player.id
            lands[player.id].append(territory)
        if count:
            drawn[player.id].append("territories")

    # the Generals (R01): required by the schema
    generals = {p.id: General(str(p.fields.get("general") or p.name), p.id) for p in campaign.players}

    # the order of play of turn 1 (R04)
    ids = campaign.player_ids
    written = campaign.doc.data.get("initiative") if isinstance(campaign.doc.data, dict) else None
    order = None
    if isinstance(written, list):
        unknown = [(i, p) for i, p in enumerate(written) if p not in ids]
        for i, p in unknown:
            problems.append(Problem(f"unknown player {p!r} in the order of play", path=("initiative", i), rule="R04",
                                    hint=did_you_mean(p, ids) or f"the players are {one_of(ids)}"))
        missing = [p for p in ids if p not in written]
        if missing and not unknown:
            problems.append(Problem(f"the order of play leaves out {', '.join(missing)}",
                                    hint="list every player once, in the order drawn at the table", path=("initiative",),
                                    rule="R04"))
        if not unknown and not missing and len(written) == len(set(written)):
            order = tuple(written)
    events = []
    recorded = order is not None
    if order is None:
        order = tuple(_shuffled(dice, ids, "initiative"))
    if len(ids) < opts["capitals_to_win"]:
        problems.append(Problem(f"with {len(ids)} players no one can ever hold {opts['capitals_to_win']} Capitals",
                                hint=f"a campaign of {len(ids)} needs options: {{capitals_to_win: {len(ids)}}} or fewer",
                                path=("players",), rule="R63"))

    for player in campaign.players:
        if player.id in homes:
            events.append(FactionSetUp(player.id, player.fields.get("faction"), generals[player.id].name,
                                       homes[player.id], tuple(sorted(lands[player.id])), tuple(drawn[player.id])))
    events.append(InitiativeDrawn(order, recorded))
    state = CampagnaState(
        turn=0, owners=frozen(owners), homes=frozen(homes), first_order=order, generals=frozen(generals),
        records=frozen({p: Record() for p in ids}), bonus=frozen({p: None for p in ids}),
        bonus_why=frozen({p: N_("no bonus before the end of turn %(turn)s", turn=opts["bonus_from_turn"]) for p in ids}),
        order=order)
    return state, events, problems


def order_of(first: tuple[str, ...], turn: int) -> tuple[str, ...]:
    """R18: from turn 2 each player moves one place down and the last becomes first."""
    if not first:
        return first
    shift = (turn - 1) % len(first)
    return first[len(first) - shift:] + first[:len(first) - shift] if shift else tuple(first)
