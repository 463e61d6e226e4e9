"""The movement phase: element transfers, then each clan's moves in the order of movement.

An army moves up to 3 provinces along the map's links; a sea link is a sea route, and each
crossing rolls a d6 (a 1: a storm, and a second d6 of elements lost). Up to 2 more provinces
by forced march, one element each, written as ``forced: N``. Entering a province that holds an
enemy army ends the move. Kyoto is entered only while the Shogunate is claimed. A neutral army
stays in its clan's land; an army that refused or lost a battle moves only towards its capital;
a wounded daimyo's armies stay in his provinces. In winter only the march to quarters is allowed.
"""

from __future__ import annotations

from ...i18n import N_
from . import winter
from .neutrals import neutral_attacks
from .events import ArmyDestroyed, ArmyMoved, ElementsTransferred, StormAtSea
from .geo import LAND, distance_to, path_to


def movement_phase(ctx, state, order: list[str]):
    previously_retreated = {a.id for a in state.armies.values() if a.retreated}
    state = transfers(ctx, state)
    by_clan: dict[str, list] = {}
    for move in ctx.record.moves:
        army = state.armies.get(move.army)
        if army is None:
            ctx.army_problem(state, move.army, move.at, "movement", at_key=True)
            continue
        by_clan.setdefault(army.clan, []).append(move)      # every army's clan is in the order (the invariants)
    outside = winter.outside(ctx, state)
    for clan in order:
        for move in by_clan.get(clan, []):
            ctx.move_paths[move.army] = move.at
            # no army is destroyed by another's move (a storm sinks only the army crossing): each moves
            if ctx.date.winter:
                if move.army in outside:
                    state = winter.march(ctx, state, move.army, move)
                else:
                    ctx.reject(f"no movement in winter: {move.army} is in winter quarters at {ctx.name(state.armies[move.army].province)}",
                               move.at, hint="in January only armies outside winter quarters march, and only to quarters",
                               rule="no movement in winter", at_key=True, about=(move.army,))
                continue
            state = move_army(ctx, state, move)
    for army_id in outside:
        if army_id in state.armies and army_id not in ctx.moved:
            state = winter.march(ctx, state, army_id)
    state = neutral_attacks(ctx, state)
    armies = dict(state.armies)
    for army_id in previously_retreated:
        if army_id in armies:
            armies[army_id] = armies[army_id].but(retreated=False)
    return state.but(armies=armies)


def transfers(ctx, state):
    opts = ctx.options
    armies = dict(state.armies)
    for t in ctx.record.transfers:
        giver, taker = armies.get(t.giver), armies.get(t.taker)
        if giver is None or taker is None:
            ctx.army_problem(state, t.giver if giver is None else t.taker, t.at + ("from" if giver is None else "to",), "transfers")
            continue
        if giver.clan != taker.clan:
            ctx.reject(f"{t.giver} and {t.taker} belong to different clans; elements are not exchanged", t.at,
                        rule="players may not exchange armies or elements", about=(t.giver, t.taker),
                        hint="a transfer is between two armies of one clan")
            continue
        if t.giver in {m.army for m in ctx.record.moves}:
            ctx.reject(f"{t.giver} gives elements and also moves", t.at,
                        hint="an army transferring elements must remain stationary", rule="transfers", about=(t.giver, t.taker))
            continue
        if giver.besieged:
            ctx.reject(f"{t.giver} is besieged and cannot send elements out", t.at, rule="transfers", about=(t.giver, t.taker),
                       hint="a besieged army keeps its elements until the siege is lifted")
            continue
        if t.elements >= giver.strength:
            ctx.reject(f"{t.giver} has {giver.strength} elements and cannot give {t.elements}", t.at,
                        hint="the giving army keeps at least one element", rule="transfers", about=(t.giver, t.taker))
            continue
        if taker.strength + t.elements > opts["max_elements"]:
            ctx.reject(f"{t.taker} would have {taker.strength + t.elements} elements, more than {opts['max_elements']}", t.at,
                        rule="army size", about=(t.giver, t.taker),
                        hint=f"send at most {max(0, opts['max_elements'] - taker.strength)} element(s) to {t.taker}")
            continue
        d = distance_to(ctx.map, giver.province, [taker.province], LAND)
        reach = opts["transfer_range"]
        ok = d is not None and d <= reach
        if not ok and d is not None:
            forts = [p for p, _ in state.castles.items() if state.owners.get(p) == giver.clan]
            for fort in forts:
                a = distance_to(ctx.map, giver.province, [fort], LAND)
                b = distance_to(ctx.map, fort, [taker.province], LAND)
                if a is not None and b is not None and a <= reach and b <= opts["transfer_fortress_bonus"]:
                    ok = True
        if not ok:
            ctx.reject(f"{t.taker} is {d if d is not None else 'no'} provinces from {t.giver}: elements move up to {reach}",
                        t.at, hint=f"a fortress of the clan within {reach} of both extends the reach to {reach + opts['transfer_fortress_bonus']}",
                        rule="transfers", about=(t.giver, t.taker))
            continue
        armies[t.giver] = giver.but(strength=giver.strength - t.elements)
        armies[t.taker] = taker.but(strength=taker.strength + t.elements, elements=None)   # their types are not entered
        giver, taker = armies[t.giver], armies[t.taker]
        ctx.emit(ElementsTransferred(t.giver, t.taker, t.elements, d))
    return state.but(armies=armies)


def _enemy_here(state, clan: str, province: str, besieged_count: bool = True):
    return [a for a in state.armies.values() if a.province == province and state.enemies(a.clan, clan)]


def _no_link(ctx, army: str, here: str, there: str):
    """(message, hint, rule) for a step between provinces no link joins, tagged by the rule
    really broken: a land move that skips provinces breaks "each step into a neighbouring
    province" (the hint gives the way by land); only a step between two coasts with no land way
    within a move's reach is a sea move off the sea routes."""
    near = ctx.map.neighbours(here)
    sea = ctx.map.neighbours(here, ["sea"])
    by_land = path_to(ctx.map, here, [there], LAND)
    reach = ctx.options["move"] + ctx.options["forced_march"]
    coasts = bool(sea) and bool(ctx.map.links_of(there, ["sea"]))
    where = f"from {ctx.name(here)} an army can enter {', '.join(near)}" + (f" (by sea: {', '.join(sea)})" if sea else "")
    if by_land is not None and len(by_land) <= reach or not coasts:
        way = (f"; by land the way is {' → '.join([here] + by_land)}" if by_land else "")
        return (f"{army} cannot go from {ctx.name(here)} to {ctx.name(there)}: they share no border", where + way,
                "movement: each step enters a neighbouring province")
    return (f"{army} cannot go from {ctx.name(here)} to {ctx.name(there)}: they share no border and no sea route joins them",
            where, "sea movement only via sea routes")


def kyoto_open(ctx, state) -> bool:
    return state.claim is not None or ctx.record.diplomacy.claim is not None


def move_army(ctx, state, move):
    opts = ctx.options
    army = state.armies[move.army]
    clan = state.clans[army.clan]
    steps = list(move.path)
    if army.besieged:
        ctx.reject(f"{move.army} is besieged in {ctx.name(army.province)} and cannot march out", move.at,
                    hint="a besieged army may sally: enter a battle against the besieger", rule="sieges", at_key=True, about=(move.army,), where=steps[-1:])
        return state
    allowed = opts["move"] + opts["forced_march"]
    needed = max(0, len(steps) - opts["move"])
    if len(steps) > allowed:
        ctx.reject(f"{move.army} moves {len(steps)} provinces; at most {opts['move']} and {opts['forced_march']} by forced march",
                    move.steps[allowed] if len(move.steps) > allowed else move.at, rule="movement", about=(move.army,), where=steps[-1:],
                    hint=f"an army enters at most {allowed} provinces a turn ({opts['move']}, and {opts['forced_march']} more by forced march)")
        return state
    if needed and move.forced != needed:
        ctx.reject(f"{move.army} moves {len(steps)} provinces without forced march" if not move.forced else
                    f"{move.army} moves {len(steps)} provinces: forced march of {needed}, not {move.forced}",
                    move.at, hint=f"write  {move.army}: {{path: [...], forced: {needed}}}  ({opts['forced_march_cost']} element{'s' if opts['forced_march_cost'] != 1 else ''} per province forced)",
                    rule="forced march", at_key=True, about=(move.army,), where=steps[-1:])
        return state
    if move.forced and move.forced > needed:
        ctx.reject(f"{move.army} writes forced: {move.forced} for a move of {len(steps)} province{'' if len(steps) == 1 else 's'} "
                    f"(forced: {needed})",
                    move.at, rule="forced march", at_key=True, about=(move.army,), where=steps[-1:],
                    hint=f"forced: is the provinces beyond the first {opts['move']}: write forced: {needed}, or leave it out")
        return state
    here = army.province
    capital_d = distance_to(ctx.map, here, [clan.capital], LAND) if army.retreated else None
    wounded = clan.wounded_until is not None and clan.wounded_until >= ctx.turn
    sea_steps = []
    for i, there in enumerate(steps):
        at = move.steps[i] if i < len(move.steps) else move.at
        link = ctx.map.link_between(here, there)
        if link is None:
            message, hint, rule = _no_link(ctx, move.army, here, there)
            ctx.reject(message, at, hint=hint, rule=rule, about=(move.army,), where=steps[-1:])
            return state
        if link.kind not in opts["move_links"]:
            ctx.reject(f"{move.army} cannot cross the {link.kind} link from {ctx.name(here)} to {ctx.name(there)}", at,
                        rule="movement", about=(move.army,), where=steps[-1:],
                        hint="armies move along " + ", ".join(opts["move_links"]) + " links (the campaign's move_links)")
            return state
        if ctx.map.provinces[there].has("kyoto") and not kyoto_open(ctx, state):
            ctx.reject(f"{move.army} cannot enter {ctx.name(there)}: Kyoto is entered only to claim the Shogunate or to stop a claim",
                        at, hint="write  diplomacy: {claim: CLAN}  in the turn the claimant moves in", rule="Kyoto", about=(move.army,), where=steps[-1:])
            return state
        if clan.neutral and state.owners.get(there) != army.clan:
            ctx.reject(f"{move.army} is a neutral army and does not leave {army.clan}'s land ({ctx.name(there)} is not theirs)", at,
                        rule="neutral clans", about=(move.army,), where=steps[-1:],
                        hint=f"a neutral army moves only within {army.clan}'s provinces")
            return state
        if wounded and state.owners.get(there) != army.clan:
            ctx.reject(f"{army.clan}'s daimyo is wounded (until turn {clan.wounded_until}): {move.army} cannot leave the clan's provinces",
                        at, rule="ninja: wounded", about=(move.army,), where=steps[-1:],
                        hint=f"until turn {clan.wounded_until} {army.clan}'s armies move only within its provinces")
            return state
        if army.retreated:
            d = distance_to(ctx.map, there, [clan.capital], LAND)
            if capital_d is None or d is None or d >= capital_d:
                ctx.reject(f"{move.army} retreated last turn and may only move back towards its capital {ctx.name(clan.capital)}",
                            at, hint=f"{ctx.name(there)} is not nearer the capital than {ctx.name(here)}", rule="retreat", about=(move.army,), where=steps[-1:])
                return state
            capital_d = d
        if i < len(steps) - 1 and _enemy_here(state, army.clan, there):
            enemy = _enemy_here(state, army.clan, there)[0]
            ctx.reject(f"{move.army} must stop in {ctx.name(there)}: the enemy army {enemy.id} stands there", move.steps[i + 1]
                        if i + 1 < len(move.steps) else at, hint="an army entering a province with an enemy army ends its move there",
                        rule="meeting an enemy", about=(move.army,), where=steps[-1:], also=(enemy.id,))
            return state
        if link.kind == "sea":
            sea_steps.append((here, there))
        here = there
    # the move stands: storms, forced march, arrival
    strength = army.strength
    dice_index = 0
    events = []
    for a, b in sea_steps:
        crossing = f"from {ctx.name(a)} to {ctx.name(b)}"
        roll = ctx.die("storm", move.army, dice_index,
                       missing=f"the storm die of {move.army}'s crossing {crossing} is not written (its earlier dice are)")
        dice_index += 1
        dice, lost = [roll], 0
        if roll.value <= opts["storm_on"]:
            loss = ctx.die("storm", move.army, dice_index,
                           missing=f"{move.army} met a storm (d6 {roll.value}) crossing {crossing}, but the d6 of elements "
                                   "lost is not written",
                           hint=f"a storm rolls a second d6 for the elements lost: write storm: {{{move.army}: "
                                f"[{roll.value}, N]}}" + (" (one pair per crossing)" if len(sea_steps) > 1 else ""))
            dice_index += 1
            dice.append(loss)
            lost = min(loss.value, max(strength, 0))     # the elements it had: a 6 sinks an army of 2 with its 2
        strength -= lost
        events.append(StormAtSea(move.army, army.clan, (a, b), roll.value, lost, tuple(dice)))
    forced_loss = min(needed * opts["forced_march_cost"], max(strength, 0))
    strength -= forced_loss
    ctx.emit(ArmyMoved(move.army, army.clan, (army.province,) + tuple(steps), needed, forced_loss))
    for event in events:
        ctx.emit(event)
    ctx.moved.add(move.army)
    ctx.arrivals.append(move.army)
    armies = dict(state.armies)
    if strength <= 0:
        del armies[move.army]
        ctx.emit(ArmyDestroyed(move.army, army.clan, here, N_("lost on the march") if not sea_steps else N_("lost at sea")))
        return state.but(armies=armies)
    armies[move.army] = army.but(province=here, strength=strength)
    met = _enemy_here(state, army.clan, here)
    if met:
        ctx.spread(move.army, *(a.id for a in met))
        ctx.entries.setdefault(here, []).append((move.army, steps[-2] if len(steps) > 1 else army.province))
    return state.but(armies=armies)
