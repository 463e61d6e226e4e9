"""The supply phase. An army is in supply in its clan's land or a province next to it by land
(not across the sea). Otherwise it rolls a d6, +1 per province beyond supply, +2 per other army
(its own clan's or an ally's: more mouths on the same land) in its province: 5 or more loses an element to starvation. A Forage card spares one army for
the turn. An army in supply in its own land whose clan lost, this turn, a neighbouring province
nearer the capital (behind it) has its chain of supply broken: a 6 loses an element. Neutral
armies are untouched by supply."""

from __future__ import annotations

from ...i18n import N_
from .cards import play_card
from .events import ArmyDestroyed, ChainBroken, SupplyRoll
from .geo import LAND, distance_to


def in_supply(ctx, state, army) -> bool:
    own = set(state.held_by(army.clan))
    return army.province in own or any(n in own for n in ctx.map.neighbours(army.province, LAND))


def supply_phase(ctx, state):
    opts = ctx.options
    for army_id in sorted(state.armies):
        army = state.armies.get(army_id)
        if army is None:
            continue
        clan = state.clans[army.clan]
        if clan.neutral or not clan.active:
            continue
        lost = 0
        if not in_supply(ctx, state, army):
            if ctx.forage.get(army_id):
                state, ok = play_card(ctx, state, army.clan, "forage", N_("supply of %(army)s", army=army_id), ctx.forage[army_id].pop(0))
                if ok:
                    continue
            own = state.held_by(army.clan)
            d = distance_to(ctx.map, army.province, own, LAND)
            if d is None:
                d = distance_to(ctx.map, army.province, own, None) or 1
            beyond = max(0, d - 1)
            others = sum(1 for a in state.armies.values() if a.province == army.province and a.id != army_id
                         and state.allied(a.clan, army.clan))
            die = ctx.die("supply", army_id)
            roll = die.value
            total = roll + beyond * opts["supply_per_province"] + others * opts["supply_per_army"]
            lost = 1 if total >= opts["supply_loss_on"] else 0
            ctx.emit(SupplyRoll(army_id, army.clan, army.province, roll, beyond, others, total, lost, (die,),
                                opts["supply_per_province"], opts["supply_per_army"]))
        elif state.owners.get(army.province) == army.clan:
            behind = _lost_behind(ctx, state, army)
            if behind:
                die = ctx.die("chain", army_id)
                roll = die.value
                lost = 1 if roll >= opts["chain_loss_on"] else 0
                ctx.emit(ChainBroken(army_id, army.clan, behind, roll, lost, (die,)))
        if lost:
            armies = dict(state.armies)
            if army.strength - lost <= 0:
                del armies[army_id]
                ctx.emit(ArmyDestroyed(army_id, army.clan, army.province, N_("starvation")))
            else:
                armies[army_id] = army.but(strength=army.strength - lost)
            state = state.but(armies=armies)
    return state


def _lost_behind(ctx, state, army) -> str | None:
    lost = ctx.lost_provinces.get(army.clan, [])
    if not lost:
        return None
    capital = state.clans[army.clan].capital
    here = distance_to(ctx.map, army.province, [capital], LAND)
    for province in sorted(lost):
        if province in ctx.map.neighbours(army.province, LAND):
            d = distance_to(ctx.map, province, [capital], LAND)
            if here is not None and d is not None and d < here:
                return province
    return None
