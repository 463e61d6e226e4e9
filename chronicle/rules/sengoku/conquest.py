"""Conquest: an army alone in a province at the end of a turn (no enemy army, no siege, no
enemy castle standing) takes it for its clan, if the province borders (by any link) a province
the clan already held. An army that retreated into the province this turn (beaten, or refusing
battle) does not take it: a retreat is no advance. Kyoto is never conquered: it is won by
claiming the Shogunate. A clan left with no province is eliminated; its Marriage card passes to
the clan that took its last."""

from __future__ import annotations

from ...i18n import N_
from .cards import pass_marriage
from .events import ArmyDisbanded, ClanOut, ProvinceConquered, SiegeLifted


def conquest_phase(ctx, state):
    owners = dict(state.owners)
    for province in sorted({a.province for a in state.armies.values()}):
        here = [a for a in state.armies.values() if a.province == province]
        clans = {a.clan for a in here}
        if len(clans) != 1 or any(a.besieged for a in here):
            continue
        clan = clans.pop()
        if not state.clans[clan].active or ctx.map.provinces[province].has("kyoto"):
            continue
        if state.owners.get(province) == clan or province in state.sieges:
            continue
        holding = sorted(a.id for a in here if not a.retreated)
        if not holding:
            continue      # only armies that retreated into it this turn: a retreat conquers nothing
        holder = state.owners.get(province)
        if province in state.castles and holder is not None:
            continue      # an enemy castle stands: it must be taken by siege or relief battle
        if holder is not None and not state.enemies(holder, clan):
            continue      # an ally's land is not seized
        if not any(state.owners.get(n) == clan for n in ctx.map.neighbours(province)):
            continue
        owners[province] = clan
        ctx.emit(ProvinceConquered(province, clan, holder, holding[0]))
        ctx.lose_province(province, holder, clan)
    state = state.but(owners=owners)
    return eliminate_landless(ctx, state)


def eliminate_landless(ctx, state):
    for clan_id, clan in state.clans.items():
        if not clan.active or state.count(clan_id):
            continue
        victor = ctx.last_taker.get(clan_id)
        state = remove_clan(ctx, state, clan_id, "eliminated", N_("it holds no province"))
        state = pass_marriage(ctx, state, clan_id, victor)
    return state


def remove_clan(ctx, state, clan_id: str, status: str, reason: str):
    """A clan leaves the game: its provinces turn neutral, its armies disband, its sieges end, and
    so do the sieges of its castles (they belong to no clan now: an army standing alone there at the
    end of a later turn takes the province, castle and all, as it takes any province of no clan)."""
    armies = dict(state.armies)
    for army in sorted(state.armies.values(), key=lambda a: a.id):
        if army.clan == clan_id:
            del armies[army.id]
            ctx.emit(ArmyDisbanded(army.id, clan_id, army.province, N_("%(clan)s is out of the game", clan=clan_id)))
    owners = {p: (None if o == clan_id else o) for p, o in state.owners.items()}
    sieges = dict(state.sieges)
    for p, s in sorted(state.sieges.items()):
        if s.besieger not in armies:             # its own besieger disbanded: the castle's army is free
            del sieges[p]
            ctx.emit(SiegeLifted(p, s.besieger, N_("the besieger's clan is out of the game")))
            if s.defender in armies:
                armies[s.defender] = armies[s.defender].but(besieged=False)
        elif state.owners.get(p) == clan_id:     # its castle turns neutral: no enemy's to besiege any more
            del sieges[p]
            ctx.emit(SiegeLifted(p, s.besieger, N_("the castle's clan is out of the game")))
    clans = dict(state.clans)
    clans[clan_id] = clans[clan_id].but(status=status)
    alliances = frozenset(pair for pair in state.alliances if clan_id not in pair)
    claim = None if state.claim and state.claim.clan == clan_id else state.claim
    ctx.emit(ClanOut(clan_id, reason))
    return state.but(armies=armies, owners=owners, sieges=sieges, clans=clans, alliances=alliances, claim=claim)
