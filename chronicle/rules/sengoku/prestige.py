"""The prestige phase: +1 per province held, then every ledger line of the turn is added up;
a clan below -20 commits seppuku (out of the game, provinces neutral, armies disbanded, its
Marriage card back to the deck). Neutral clans keep no score."""

from __future__ import annotations

from ...i18n import N_, N_plural
from .cards import pass_marriage
from .conquest import remove_clan
from .events import PrestigeAwarded, Seppuku
from .options import prestige_points


def prestige_phase(ctx, state):
    for clan in state.players():
        count = state.count(clan)
        points = count * prestige_points(ctx.options, "province")
        if points:
            ctx.emit(PrestigeAwarded(clan, points, N_plural("%(num)s province held", "%(num)s provinces held", count), None,
                                      "province", count))
    totals: dict[str, int] = {}
    for event in ctx.events:
        if isinstance(event, PrestigeAwarded):
            totals[event.clan] = totals.get(event.clan, 0) + event.points
    clans = dict(state.clans)
    for clan, points in totals.items():
        clans[clan] = clans[clan].but(prestige=clans[clan].prestige + points)
    state = state.but(clans=clans)
    limit = ctx.options["seppuku_below"]
    for clan in state.players():
        if state.clans[clan].prestige < limit:
            ctx.emit(Seppuku(clan, state.clans[clan].prestige, limit))
            state = remove_clan(ctx, state, clan, "seppuku", N_("seppuku"))
            state = pass_marriage(ctx, state, clan, None)
    return state
