"""Claiming the Shogunate: a clan with 20 provinces, 200 prestige and the Marriage card claims
in the diplomacy phase and must move an army into Kyoto. Holding Kyoto at the end of two turns
(the claim's turn and the next) confers the title and wins the game; a claimant with no army in
Kyoto at the end of a turn fails and loses 50 prestige. While a claim stands, any army may enter
Kyoto to stop it; Kyoto holds any number of armies."""

from __future__ import annotations

from ...i18n import N_
from .events import ClaimFailed, KyotoHeld, ShogunConferred, ShogunateClaimed
from .state import Claim


def kyoto(ctx) -> list[str]:
    return ctx.map.with_flag("kyoto")


def claim_phase(ctx, state):
    written = ctx.record.diplomacy.claim
    if written is None:
        return state
    clan, path = written
    opts = ctx.options
    c = state.clans[clan]
    lacks = []
    if state.count(clan) < opts["shogun_provinces"]:
        lacks.append(f"{state.count(clan)} provinces of {opts['shogun_provinces']}")
    if c.prestige < opts["shogun_prestige"]:
        lacks.append(f"{c.prestige} prestige of {opts['shogun_prestige']}")
    if not c.married:
        lacks.append("no Marriage into the Shogun family card")
    if not kyoto(ctx):
        lacks.append("the map has no province flagged kyoto")
    if state.claim is not None:
        lacks.append(f"{state.claim.clan} already claims it")
    if not c.active or c.neutral:
        lacks.append("the clan is not in the game")
    if lacks:
        ctx.problem(f"{clan} cannot claim the Shogunate: " + "; ".join(lacks), path,
                    hint=f"a claimant needs {opts['shogun_provinces']} provinces, {opts['shogun_prestige']} prestige "
                         "and the Marriage card", rule="claiming the Shogunate")
        return state
    ctx.emit(ShogunateClaimed(clan, state.count(clan), c.prestige))
    return state.but(claim=Claim(clan, ctx.turn))


def hold_phase(ctx, state):
    claim = state.claim
    if claim is None:
        return state
    seat = set(kyoto(ctx))
    if any(a.clan == claim.clan and a.province in seat for a in state.armies.values()):
        held = claim.held + 1
        ctx.emit(KyotoHeld(claim.clan, held, ctx.options["shogun_hold"]))
        if held >= ctx.options["shogun_hold"]:
            ctx.emit(ShogunConferred(claim.clan))
            return state.but(claim=None, shogun=claim.clan, winner=claim.clan, game_over=True)
        return state.but(claim=Claim(claim.clan, claim.since, held))
    cause = ctx.emit(ClaimFailed(claim.clan, N_("no army of the claimant holds Kyoto at the end of the turn")))
    ctx.award(claim.clan, "shogunate_failed", cause=cause)
    return state.but(claim=None)
