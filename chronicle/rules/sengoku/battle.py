"""The battle phase: battles are fought on the table (DBA 2.2) and entered as facts: elements
lost on each side, generals lost, camp taken, cards played (at most 3), allied contingents, the
coin toss. The program checks them against the position and the breaking points, decides the
loser, and enforces the rest: losses, prestige, the loser's retreat one province towards its
capital (destroyed if the sea or an enemy army blocks it), a relieved or taken castle.

Breaking points by army size (contingents included): 1-5: 2, 6-8: 3, 9-12: 4, 13-15: 5,
16-18: 6 (reading of the seed's overlapping bands: DBA's third of the army); Bitter Enders +2.
The loser: the side that broke (reached its breaking point, or lost its general and more
elements than the enemy); if neither broke (time ran out) the side that lost more; a tie goes
by the recorded coin toss.
"""

from __future__ import annotations

import math

from .cards import play_card
from .events import ArmyDestroyed, ArmyRetreated, BattleFought, ElementsLost, SiegeLifted
from .geo import LAND, distance_to
from .siege import capture


def breaking_point(options, size: int) -> int:
    for top, point in options["breaking_points"]:
        if size <= top:
            return point
    return math.ceil(size / 3)


def retreat_options(ctx, state, army) -> list[str]:
    """Provinces one step nearer the army's capital by land, free of enemies (at the capital:
    a neighbouring province of its own)."""
    capital = state.clans[army.clan].capital
    here = distance_to(ctx.map, army.province, [capital], LAND)
    found = []
    for there in ctx.map.neighbours(army.province, LAND):
        if ctx.map.provinces[there].has("kyoto"):
            continue
        if any(a.province == there and state.enemies(a.clan, army.clan) and not a.besieged for a in state.armies.values()):
            continue
        d = distance_to(ctx.map, there, [capital], LAND)
        if here == 0:
            if state.owners.get(there) == army.clan:
                found.append((1, there))
        elif d is not None and here is not None and d < here:
            found.append((d, there))
    # nearest the capital first; among equals, the clan's own land first
    return [p for _, p in sorted(found, key=lambda f: (f[0], state.owners.get(f[1]) != army.clan, f[1]))]


def battle_phase(ctx, state):
    for entry in ctx.record.battles:
        state = fight(ctx, state, entry)
    return state


def _side_army(ctx, state, side, province):
    army = state.armies.get(side.army)
    if army is None:
        ctx.army_problem(state, side.army, side.at + ("army",), "battles")
        return None
    if army.province != province:
        ctx.problem(f"{side.army} is in {ctx.name(army.province)}, not {ctx.name(province)}, when the battles are fought",
                    side.at + ("army",), rule="battles")
        return None
    return army


def fight(ctx, state, b):
    opts = ctx.options
    att = _side_army(ctx, state, b.attacker, b.province)
    dfn = _side_army(ctx, state, b.defender, b.province)
    if att is None or dfn is None:
        return state
    if not state.enemies(att.clan, dfn.clan):
        ctx.problem(f"{att.id} and {dfn.id} are not enemies ({att.clan} and {dfn.clan})", b.at, rule="battles")
        return state
    ok = True
    sizes, bonus, totals, contingents = [], [], [], []
    for side, army in ((b.attacker, att), (b.defender, dfn)):
        extra = 0
        if len(side.cards) > opts["cards_per_battle"]:
            ctx.problem(f"{army.clan} plays {len(side.cards)} cards in one battle; at most {opts['cards_per_battle']}",
                        side.at + ("cards",), rule="cards in battle")
        for card in side.cards[:opts["cards_per_battle"]]:
            state, played = play_card(ctx, state, army.clan, card, f"battle of {ctx.name(b.province)}", side.at + ("cards",))
            if played and card == "bitter_enders":
                extra += opts["bitter_enders"]
        size, lost = army.strength, side.lost
        mine = []
        for c in side.allies:
            ally = state.armies.get(c.army)
            if ally is None:
                ctx.army_problem(state, c.army, c.at + ("army",), "allied contingents")
                ok = False
                continue
            why, cost = _contingent_problem(ctx, state, c, ally, army, b.province)
            if why:
                ctx.problem(why, c.at, rule="allied contingents")
                ok = False
                continue
            if c.lost > c.elements:
                ctx.problem(f"the contingent of {c.army} lost {c.lost} of its {c.elements} elements", c.at + ("lost",), rule="battles")
                ok = False
                continue
            size += c.elements
            lost += c.lost
            mine.append((c, ally, cost))
        if side.lost > army.strength:
            ctx.problem(f"{army.id} lost {side.lost} elements but had {army.strength}", side.at + ("lost",), rule="battles")
            ok = False
        sizes.append(size)
        bonus.append(extra)
        totals.append(lost)
        contingents.append(mine)
    if not ok:
        return state
    points = [breaking_point(opts, s) + e for s, e in zip(sizes, bonus)]
    broke = [totals[i] >= points[i] for i in range(2)]
    general = [b.attacker.general_lost and totals[0] > totals[1], b.defender.general_lost and totals[1] > totals[0]]
    if all(broke):
        ctx.problem(f"both armies reached their breaking points ({totals[0]} of {points[0]}, {totals[1]} of {points[1]}); "
                    "the battle ends when the first one breaks", b.at,
                    hint="enter the losses when the battle ended", rule="breaking points")
        return state
    if any(broke):
        loser_i, how = broke.index(True), "the enemy broke"
    elif any(general):
        loser_i, how = general.index(True), "the enemy lost its general and more elements"
    elif totals[0] != totals[1]:
        loser_i, how = (0 if totals[0] > totals[1] else 1), "fewer elements lost when time ran out"
    elif b.coin in ("attacker", "defender"):
        loser_i, how = (1 if b.coin == "attacker" else 0), "equal losses: the coin toss"
    else:
        ctx.problem(f"both sides lost {totals[0]} elements and no one broke: the coin toss decides", b.at,
                    hint="write  coin: attacker  or  coin: defender  (the winner of the toss)", rule="battles")
        return state
    sides = (b.attacker, b.defender)
    fighters = (att, dfn)
    winner, loser = fighters[1 - loser_i], fighters[loser_i]
    if b.winner is not None and b.winner != winner.id:
        ctx.problem(f"the entry says {b.winner} won, but by the losses {winner.id} won ({how})", b.at + ("winner",),
                    hint=f"losses {totals[0]}–{totals[1]}, breaking points {points[0]} and {points[1]}", rule="battles")
    camp = next((fighters[i].id for i in range(2) if sides[i].camp_taken), None)
    castle = False
    siege = state.sieges.get(b.province)
    if b.castle_taken:
        if siege is None or siege.besieger != winner.id:
            ctx.problem("castle_taken: only a besieger who wins the relief battle (holding the BUA) takes the castle", b.at + ("castle_taken",),
                        rule="relief battles")
        else:
            castle = True
    cause = ctx.emit(BattleFought(b.province, att.id, dfn.id, att.clan, dfn.clan, tuple(sizes), tuple(totals), tuple(points),
                                  winner.id, loser.id, how,
                                  tuple((c.army, fighters[i].id, c.elements, c.lost) for i in range(2) for c, _, _ in contingents[i]),
                                  camp, castle))
    ctx.award(winner.clan, "victory", cause=cause)
    ctx.award(loser.clan, "defeat", cause=cause)
    for i in range(2):
        for c, ally, _ in contingents[i]:
            if ally.clan != fighters[i].clan:
                ctx.award(ally.clan, "allied_victory" if i != loser_i else "allied_defeat", cause=cause)
        ctx.award(fighters[i].clan, "element_destroyed", times=totals[1 - i], cause=cause)
        if sides[i].camp_taken:
            ctx.award(fighters[i].clan, "camp_taken", cause=cause)
    # losses
    armies = dict(state.armies)
    for i in range(2):
        army = fighters[i]
        ctx.fought.add(army.id)
        left = army.strength - sides[i].lost - sides[i].penalty
        if sides[i].penalty:
            ctx.emit(ElementsLost(army.id, army.clan, sides[i].penalty, "the umpire's penalty for abusing the time limits"))
        armies[army.id] = army.but(strength=left, besieged=False)
        for c, ally, cost in contingents[i]:
            ctx.fought.add(ally.id)
            ally = armies[ally.id]
            armies[ally.id] = ally.but(strength=ally.strength - c.lost - cost)
            if cost:
                ctx.emit(ElementsLost(ally.id, ally.clan, cost, "forced march of its contingent"))
    for army_id in sorted({f.id for f in fighters} | {c.army for i in range(2) for c, _, _ in contingents[i]}):
        army = armies[army_id]
        if army.strength <= 0:
            del armies[army_id]
            ctx.emit(ArmyDestroyed(army_id, army.clan, army.province, "every element lost in battle"))
    state = state.but(armies=armies)
    # sieges: a beaten besieger lifts its siege; a won relief battle may take the castle
    sieges = dict(state.sieges)
    if siege is not None and siege.besieger == loser.id:
        ctx.emit(SiegeLifted(b.province, loser.id, "the besieger lost the battle"))
        if siege.defender in armies:
            armies[siege.defender] = armies[siege.defender].but(besieged=False)
        del sieges[b.province]
        state = state.but(armies=armies, sieges=sieges)
    if castle:
        state = capture(ctx, state, b.province, winner.clan, "relief battle: the besieger held the BUA")
    # the loser retreats
    loser = state.armies.get(loser.id)
    if loser is not None:
        state = retreat(ctx, state, loser, sides[loser_i].retreat, sides[loser_i].at)
    return state


def _contingent_problem(ctx, state, c, ally, army, province):
    opts = ctx.options
    if not state.allied(ally.clan, army.clan):
        return f"{c.army} ({ally.clan}) is not allied to {army.clan}", 0
    if ally.id in ctx.fought:
        return f"{c.army} has already fought a battle this turn and cannot send a contingent", 0
    if ally.province == province and ally.besieged:
        if c.elements > opts["relief_contingent"]:
            return f"a besieged army lends at most {opts['relief_contingent']} elements to its relief", 0
        return None, 0
    low, high = opts["contingent"]
    if not low <= c.elements <= high:
        return f"an allied contingent has {low}-{high} elements, not {c.elements}", 0
    if c.elements >= ally.strength:
        return f"{c.army} has {ally.strength} elements and cannot send {c.elements}", 0
    d = distance_to(ctx.map, ally.province, [province], LAND)
    reach = opts["move"] + opts["forced_march"]
    if d is None or d > reach:
        return f"{c.army} is {d if d is not None else 'no'} provinces from {ctx.name(province)}; a contingent marches at most {reach}", 0
    return None, max(0, d - opts["move"]) * opts["forced_march_cost"]


def retreat(ctx, state, army, chosen, at):
    options = retreat_options(ctx, state, army)
    armies = dict(state.armies)
    if chosen is not None and chosen not in options:
        ctx.problem(f"{army.id} cannot retreat to {ctx.name(chosen)}", at + ("retreat",),
                    hint="a beaten army retreats one province towards its capital, not across the sea nor onto an enemy: "
                         + (", ".join(options) or "none is open, so it is destroyed"), rule="retreat after battle")
        chosen = None
    to = chosen or (options[0] if options else None)
    if to is None:
        del armies[army.id]
        ctx.emit(ArmyDestroyed(army.id, army.clan, army.province,
                               "beaten, it could not retreat towards its capital (the sea or an enemy blocks the way)"))
        ctx.award(army.clan, "army_destroyed")
        return state.but(armies=armies)
    armies[army.id] = army.but(province=to, retreated=True, besieged=False)
    ctx.emit(ArmyRetreated(army.id, army.clan, army.province, to))
    return state.but(armies=armies)
