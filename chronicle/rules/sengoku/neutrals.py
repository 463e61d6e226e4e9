"""Neutral clans (seed: "A Neutral army does not leave its territory and will move to attack any
army that enters its territory or threatens the capital. Neutral armies are unaffected by winter
and supply and always contain 12 elements.")

After every player has moved (neutral clans move last), each army that entered a neutral clan's
land this turn is met, in order of arrival: by the neutral army already standing in its province,
else by the nearest neutral army of that clan not yet engaged, which moves to it (at most 3
provinces, only through its own land, not through a province where an enemy stands). The battle
is fought on the table and entered under ``battles:`` like any other; an intruder met by a
neutral army and no battle entered is an error naming the battle to enter. Readings: the
intruder does not refuse battle (it chose to invade); "threatens the capital" is an army entering
the neutral land (a neutral army cannot leave its land to meet one outside); an army that
entered in an earlier turn and still stands there (besieging a neutral castle) is not attacked
again; an intruder no neutral army can reach stands unopposed.
"""

from __future__ import annotations

from ...i18n import N_
from .events import ArmyMoved
from .geo import LAND, path_to


def _intruders(ctx, state):
    """Armies that entered a neutral clan's land this turn, in order of arrival: (army, neutral clan)."""
    found = []
    for army_id in ctx.arrivals:
        intruder = state.armies.get(army_id)
        if intruder is None:
            continue
        owner = state.owners.get(intruder.province)
        clan = state.clans.get(owner) if owner else None
        if clan is None or owner == intruder.clan or not clan.neutral or not clan.active or state.clans[intruder.clan].neutral:
            continue
        found.append((intruder, owner))
    return found


def neutral_attacks(ctx, state):
    armies = dict(state.armies)
    intruders = _intruders(ctx, state)
    waiting = []
    # a neutral army where an intruder arrived meets it there; the others are met in order of arrival
    for intruder, owner in intruders:
        here = sorted(a.id for a in armies.values() if a.clan == owner and a.province == intruder.province
                      and not a.besieged and a.id not in ctx.engaged)
        if here:
            ctx.engaged[here[0]] = intruder.id
        else:
            waiting.append((intruder, owner))
    for intruder, owner in waiting:
        army_id, province = intruder.id, intruder.province
        # a neutral army there already (engaged with an earlier intruder, shut in, or come out to
        # meet one): no other comes to this province
        if any(a.clan == owner and a.province == province for a in armies.values()):
            continue

        def passable(q, owner=owner):
            return state.owners.get(q) == owner and not any(
                a.province == q and state.enemies(a.clan, owner) for a in armies.values())

        best = None
        for army in sorted(armies.values(), key=lambda a: a.id):
            if army.clan != owner or army.besieged or army.id in ctx.engaged or army.id in ctx.moved:
                continue
            path = path_to(ctx.map, army.province, [province], LAND, through=passable)
            if path is None or len(path) > ctx.options["move"]:
                continue
            if best is None or len(path) < len(best[1]):
                best = (army, path)
        if best is None:
            continue
        army, path = best
        armies[army.id] = army.but(province=province)
        ctx.moved.add(army.id)
        ctx.engaged[army.id] = army_id
        ctx.entries.setdefault(province, []).append((army.id, path[-2] if len(path) > 1 else army.province))
        ctx.emit(ArmyMoved(army.id, owner, (army.province,) + tuple(path), rule=N_("a neutral army attacks %(army)s, which entered its land",
                                                                                   army=army_id)))
    return state.but(armies=armies)


def restore(ctx, state):
    """Neutral armies always contain 12 elements (``neutral_elements``), after a battle too."""
    armies = dict(state.armies)
    for army in state.armies.values():
        if state.clans[army.clan].neutral and army.strength != ctx.options["neutral_elements"]:
            armies[army.id] = army.but(strength=ctx.options["neutral_elements"], elements=None)
    return state.but(armies=armies)
