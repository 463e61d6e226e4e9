"""Winter (January): every army must be in winter quarters, a fortress or capital of its clan
(a fortress holds one army, a capital two). An army outside at the onset of winter loses 3
elements, 3 more per province beyond three from quarters (a Forage card saves one), is marched
there, and is destroyed if more than five provinces away. An army in quarters for the whole
winter turn gains 3 elements, up to 12. Neutral clans are untouched by winter."""

from __future__ import annotations

from ...i18n import N_
from .events import ArmyDestroyed, WinterAttrition, WinterReinforced
from .geo import LAND, path_to


def quarters_of(state, clan: str) -> list[str]:
    return sorted(p for p, kind in state.castles.items() if state.owners.get(p) == clan)


def onset(ctx, state) -> None:
    """Which armies stand in quarters when winter begins (kept in ``ctx.wintering``)."""
    if not ctx.date.winter:
        return
    taken: dict[str, int] = {}
    for army in sorted(state.armies.values(), key=lambda a: (not a.besieged, a.id)):
        clan = state.clans[army.clan]
        if clan.neutral or not clan.active:
            continue
        if army.province in quarters_of(state, army.clan) and taken.get(army.province, 0) < state.capacity(army.province, ctx.options):
            taken[army.province] = taken.get(army.province, 0) + 1
            ctx.wintering[army.id] = army.province


def outside(ctx, state) -> list[str]:
    if not ctx.date.winter:
        return []
    return sorted(a.id for a in state.armies.values()
                  if a.id not in ctx.wintering and not state.clans[a.clan].neutral and state.clans[a.clan].active)


def _room(ctx, state, province: str) -> int:
    inside = sum(1 for a in state.armies.values() if a.province == province and
                 (a.id in ctx.wintering or a.id in ctx.moved))
    return state.capacity(province, ctx.options) - inside


def march(ctx, state, army_id: str, written=None):
    """March an army outside quarters to quarters, with the losses of winter."""
    opts = ctx.options
    army = state.armies[army_id]
    # the clan's armies share its quarters: one in doubt leaves the others' room in doubt too
    ctx.spread(army_id, *sorted(a.id for a in state.armies.values() if a.clan == army.clan and a.id in ctx.doubt))
    homes = [q for q in quarters_of(state, army.clan) if _room(ctx, state, q) > 0]
    path = None
    if written is not None:
        steps = list(written.path)
        if steps and steps[-1] in homes:
            path = steps
        else:
            ctx.reject(f"in winter {army_id} may only march to winter quarters; {ctx.name(steps[-1]) if steps else 'nowhere'} is not "
                        f"a fortress or capital of {army.clan} with room", written.at,
                       hint="quarters with room: " + (", ".join(homes) or "none"), rule="no movement in winter",
                       about=(army_id,), where=steps[-1:])
    if path is None:
        path = path_to(ctx.map, army.province, homes, LAND)
    armies = dict(state.armies)
    forage, saved = False, 0
    if path is None or len(path) > opts["winter_destroy_beyond"]:
        distance = len(path) if path else None
        del armies[army_id]
        ctx.emit(WinterAttrition(army_id, army.clan, army.province, distance or 0, army.strength, None))
        ctx.emit(ArmyDestroyed(army_id, army.clan, army.province,
                               N_("more than %(provinces)s provinces from winter quarters",
                                  provinces=opts["winter_destroy_beyond"]) if path
                               else N_("no winter quarters can be reached")))
        return state.but(armies=armies)
    distance = len(path)
    loss = opts["winter_loss"] + opts["winter_loss_per_province"] * max(0, distance - opts["winter_free_distance"])
    if ctx.forage.get(army_id):
        from .cards import play_card
        state, ok = play_card(ctx, state, army.clan, "forage", N_("winter, %(army)s", army=army_id), ctx.forage[army_id].pop(0))
        if ok:
            saved = min(loss, opts["winter_forage"])
            loss, forage = loss - saved, True
        armies = dict(state.armies)
    strength = army.strength - loss
    ctx.emit(WinterAttrition(army_id, army.clan, army.province, distance, min(loss, army.strength), path[-1], forage, saved))
    ctx.moved.add(army_id)
    if strength <= 0:
        del armies[army_id]
        ctx.emit(ArmyDestroyed(army_id, army.clan, army.province, N_("the winter march")))
    else:
        armies[army_id] = army.but(province=path[-1], strength=strength, besieged=False)
    return state.but(armies=armies)


def reinforce(ctx, state):
    if not ctx.date.winter:
        return state
    armies = dict(state.armies)
    top = ctx.options["max_elements"]
    # An army in quarters at the onset is there all turn: in January nothing moves but the march
    # of the armies outside to quarters, and no battle is fought (a besieger is marched home, or
    # destroyed, before the battle phase; tests/sengoku/test_sengoku_edges.py). Only a loss can
    # take one away.
    for army_id, province in sorted(ctx.wintering.items()):
        army = armies.get(army_id)
        if army is None:
            continue
        gained = min(ctx.options["winter_reinforcement"], max(0, top - army.strength))
        if gained:
            armies[army_id] = army.but(strength=army.strength + gained, elements=None)   # of no entered type
            ctx.emit(WinterReinforced(army_id, army.clan, province, gained))
    return state.but(armies=armies)
