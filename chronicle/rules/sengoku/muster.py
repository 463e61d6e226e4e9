"""Spring armies: each spring a clan has provinces / 3 armies (at least 1). New armies appear in
the first month of spring at the capital; a clan with too many disbands the army furthest from
its capital. Neutral clans keep their three armies. The set-up stands for the first
turn's spring (reading): the muster begins with the next spring."""

from __future__ import annotations

from ...i18n import N_plural
from .calendar import first_of_season
from .events import ArmyDisbanded, ArmyRaised
from .geo import distance_to
from .state import Army


def allowed_armies(options, provinces: int) -> int:
    return max(options["min_armies"], provinces // options["provinces_per_army"])


def spring_muster(ctx, state):
    if ctx.turn <= 1 or not (ctx.date.spring and first_of_season(ctx.options, ctx.turn)):
        return state
    armies, clans = dict(state.armies), dict(state.clans)
    for clan_id in state.players():
        clan = clans[clan_id]
        allowed = allowed_armies(ctx.options, state.count(clan_id))
        own = sorted((a for a in armies.values() if a.clan == clan_id), key=lambda a: a.id)
        if len(own) > allowed:
            def far(army):
                d = distance_to(ctx.map, army.province, [clan.capital])
                return (-(d if d is not None else 10 ** 6), army.id)
            for army in sorted(own, key=far)[:len(own) - allowed]:
                del armies[army.id]
                ctx.emit(ArmyDisbanded(army.id, clan_id, army.province,
                                       N_plural("spring: %(provinces)s provinces keep %(num)s army; the furthest from the "
                                                "capital goes", "spring: %(provinces)s provinces keep %(num)s armies; the "
                                                "furthest from the capital goes", allowed, provinces=state.count(clan_id))))
        elif len(own) < allowed:
            seat = clan.capital if state.owners.get(clan.capital) == clan_id else next(
                (p for p in sorted(state.castles) if state.owners.get(p) == clan_id), None)
            if seat is None:
                continue
            rule = (N_plural("spring: %(provinces)s provinces give %(num)s army", "spring: %(provinces)s provinces give "
                             "%(num)s armies", allowed, provinces=state.count(clan_id)) if seat == clan.capital else
                    N_plural("spring: %(provinces)s provinces give %(num)s army; the capital is lost, so at a fortress",
                             "spring: %(provinces)s provinces give %(num)s armies; the capital is lost, so at a fortress",
                             allowed, provinces=state.count(clan_id)))
            for _ in range(allowed - len(own)):
                army_id = f"{clan_id}-{clan.next_army}"
                while army_id in armies:
                    clan = clan.but(next_army=clan.next_army + 1)
                    army_id = f"{clan_id}-{clan.next_army}"
                clan = clan.but(next_army=clan.next_army + 1)
                armies[army_id] = Army(army_id, clan_id, seat, ctx.options["new_army_elements"])
                ctx.emit(ArmyRaised(army_id, clan_id, seat, ctx.options["new_army_elements"], rule))
            clans[clan_id] = clan
    return state.but(armies=armies, clans=clans)
