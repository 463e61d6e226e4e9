"""Capitals: where players start, where late players join, and what happens when one falls."""

from __future__ import annotations

from dataclasses import replace

from ...errors import Problem
from . import record as rec
from .state import CapitalChosen, CapitalLost, CapitalPending, CapitalPlaced, LeftMap


def place_capitals(campaign, state, players, dice, turn):
    """Chosen capitals in start-roll order (high first), then random ones among what is left."""
    problems, events = [], []
    owners, capitals, capital_dice = dict(state.owners), dict(state.capitals), dict(state.capital_dice)
    barred = set(campaign.map.with_flag("no_start_capital"))

    def order(player):
        roll = player.fields.get("start_roll")
        if roll is None:
            roll = dice.roll(10, "start-roll", player.id).value
        return (-roll, player.index)

    placed = set()
    for player in sorted(players, key=order):
        path = ("players", player.index, "capital")
        wanted = player.fields.get("capital", "random")
        if wanted == "random":
            continue
        province, more = rec.resolve_province(wanted, campaign.map, path)
        if more:
            problems += more
            continue
        if province in barred:
            problems.append(Problem(f"{campaign.map.provinces[province].name} may not be a starting capital",
                                    hint="the map bars it (flag no_start_capital); choose another or 'random'",
                                    path=path, rule="starting capitals"))
            continue
        if owners[province] is not None:
            problems.append(Problem(f"{campaign.map.provinces[province].name} is already taken by {owners[province]}",
                                    hint="capitals are picked in start_roll order, high to low; choose another",
                                    path=path, rule="starting capitals"))
            continue
        owners[province], capitals[player.id] = player.id, province
        capital_dice[player.id] = campaign.options["capital_dice"]
        placed.add(player.id)
        events.append(CapitalPlaced(player.id, province, "joined" if turn else "chosen", capital_dice[player.id]))
    off_map = set(state.off_map)
    # 'random', and any choice rejected above (reported; drawn instead so that one slip in
    # campaign.yaml does not also leave the player off the map for every later turn)
    unplaced = [p for p in players if p.id not in placed]
    drawing_order = [p for p in unplaced if p.fields.get("capital", "random") == "random"]
    drawing_order += [p for p in unplaced if p not in drawing_order]
    for player in drawing_order:
        free = [p for p in owners if owners[p] is None and p not in barred]
        province = dice.choice(free, "start-capital", player.id)
        if province is None:
            off_map.add(player.id)
            capitals[player.id] = None
            events.append(LeftMap(player.id))
            continue
        owners[province], capitals[player.id] = player.id, province
        capital_dice[player.id] = campaign.options["capital_dice"]
        events.append(CapitalPlaced(player.id, province, "joined" if turn else "random", capital_dice[player.id]))
    joined = state.joined + tuple(p.id for p in players if p.id not in state.joined)
    return state.but(owners=owners, capitals=capitals, capital_dice=capital_dice, joined=joined,
                     off_map=frozenset(off_map)), events, problems


def join(campaign, state, number, dice):
    """Players whose ``joins:`` is this turn take their place on the map at its start."""
    joining = [p for p in campaign.players if p.fields.get("joins", 1) == number and number > 1]
    if not joining:
        return state, [], []
    state, events, problems = place_capitals(campaign, state, joining, dice, turn=number)
    # a joiner's capital: written in campaign.yaml, found wrong only now: report it at this turn
    who = {p.index: p.id for p in joining}
    problems = [replace(p, path=(), message=f"{who[p.path[1]]} joins at turn {number}: {p.message} "
                        f"(campaign.yaml, players[{p.path[1]}].capital)") for p in problems]
    return state, events, problems


def capitals_after(campaign, state, record, conflicts):
    events = []
    capitals, capital_dice = dict(state.capitals), dict(state.capital_dice)
    owners = dict(state.owners)
    pending, off_map = set(state.pending_capital), set(state.off_map)
    for conflict in conflicts:
        if conflict.capital and conflict.new_owner != conflict.holder:
            player = conflict.holder
            events.append(CapitalLost(player, conflict.province, conflict.new_owner))
            capitals[player] = None
            pending.add(player)
    for player in sorted(pending):
        choice = record.capitals.get(player)
        held = [p for p, o in owners.items() if o == player]
        neutral = [p for p, o in owners.items() if o is None]
        if not held and not neutral:
            pending.discard(player)
            off_map.add(player)
            events.append(LeftMap(player))
            continue
        if choice is None:
            events.append(CapitalPending(player))
            continue
        province = choice[0]
        if province in held or (not held and province in neutral):
            if not held:
                owners[province] = player
            capitals[player] = province
            capital_dice[player] = campaign.options["later_capital_dice"]
            pending.discard(player)
            events.append(CapitalChosen(player, province, not held, capital_dice[player]))
        else:
            events.append(CapitalPending(player))
    return state.but(capitals=capitals, capital_dice=capital_dice, owners=owners,
                     pending_capital=frozenset(pending), off_map=frozenset(off_map)), events


def capital_problems(campaign, before, after, record, events, is_last: bool) -> list[Problem]:
    """Problems only known once the turn is resolved: capital choices that do not stand, and a
    lost capital with no new one named (an error once later turns depend on it)."""
    problems = []
    chosen = {e.player for e in events if isinstance(e, CapitalChosen)}
    lost = {e.player for e in events if isinstance(e, CapitalLost)} | set(before.pending_capital)
    for player, (province, path) in record.capitals.items():
        if player in chosen:
            continue
        if player not in lost:
            problems.append(Problem(f"{player} did not lose a capital this turn and cannot name a new one",
                                    hint="capitals: is for a player whose capital was taken this turn",
                                    path=path, rule="a new capital"))
        elif player in after.pending_capital:
            held = after.held_by(player)
            where = (f"one of {player}'s territories: " + ", ".join(held)) if held else "a neutral territory"
            problems.append(Problem(f"{player} cannot make {province} the new capital",
                                    hint=f"the new capital must be {where}", path=path, rule="a new capital"))
    for player in sorted(after.pending_capital - set(record.capitals) - set(before.pending_capital)):
        held = after.held_by(player)
        choices = ", ".join(held) if held else "any neutral territory"
        problems.append(Problem(
            f"{player} lost their capital and has not named a new one",
            hint=f"add  capitals: {{{player}: ...}}  to this turn; choose from {choices}",
            rule="a player who loses the capital names another",
            severity="warning" if is_last else "error"))
    return problems
