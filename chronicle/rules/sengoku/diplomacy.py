"""The diplomacy phase, entered as facts: alliances (+5 each), alliances broken (-7), treaty
obligations broken (-5), provinces ceded (each must border the taker's land), fortresses built
(+2), umpire penalties, and Ninja attempts: the Ninja card (-5 for stooping so low), a d6 (a Spy
card: +1 for the sender, -1 if the target plays one): 6 assassinates (-40 and a d6 for the heir:
4-6 keeps the clan, else a battle against the usurper, entered under ``usurper:``), 5 wounds (the
daimyo's armies stay in his provinces for d6 turns)."""

from __future__ import annotations

from .cards import play_card
from .conquest import remove_clan
from .events import (AllianceBroken, AllianceFormed, FortressBuilt, NinjaAttempt, Penalty, ProvincesCeded,
                     Succession, TreatyBroken)


def diplomacy_phase(ctx, state):
    d = ctx.record.diplomacy
    active = set(state.active_clans())

    def out(clan, path):
        if clan not in active:
            ctx.problem(f"{clan} is out of the game", path, rule="diplomacy")
            return True
        return False

    for a, b, path in d.alliances:
        if out(a, path) or out(b, path):
            continue
        if a == b or frozenset((a, b)) in state.alliances:
            ctx.problem(f"{a} and {b} are already allied" if a != b else "a clan cannot ally with itself", path, rule="alliances")
            continue
        state = state.but(alliances=state.alliances | {frozenset((a, b))})
        cause = ctx.emit(AllianceFormed((a, b)))
        ctx.award(a, "alliance_formed", cause=cause)
        ctx.award(b, "alliance_formed", cause=cause)
    for by, other, path in d.breaks:
        pair = frozenset((by, other))
        if pair not in state.alliances:
            ctx.problem(f"{by} and {other} are not allied", path, hint="alliances: " + (
                "; ".join(" & ".join(sorted(p)) for p in state.alliances) or "none"), rule="alliances")
            continue
        state = state.but(alliances=state.alliances - {pair})
        ctx.emit(AllianceBroken(by, other))
        ctx.award(by, "alliance_broken")
    for clan, note, path in d.treaties:
        ctx.emit(TreatyBroken(clan, note))
        ctx.award(clan, "treaty_broken")
    for giver, taker, provinces, path in d.cessions:
        if out(giver, path) or out(taker, path):
            continue
        owners = dict(state.owners)
        done = []
        for i, province in enumerate(provinces):
            if owners.get(province) != giver:
                ctx.problem(f"{giver} cannot cede {ctx.name(province)}: it is not theirs", path + ("provinces", i), rule="cessions")
                continue
            if not any(owners.get(n) == taker for n in ctx.map.neighbours(province)):
                ctx.problem(f"{ctx.name(province)} does not border {taker}'s land", path + ("provinces", i),
                            hint="provinces change hands only next to the taker's own territory", rule="cessions")
                continue
            owners[province] = taker
            done.append(province)
            ctx.lose_province(province, giver, None)
        if done:
            sieges = {p: s for p, s in state.sieges.items() if p not in done}
            state = state.but(owners=owners, sieges=sieges)
            ctx.emit(ProvincesCeded(giver, taker, tuple(done)))
    for clan, province, path in d.fortresses:
        if out(clan, path):
            continue
        if state.owners.get(province) != clan:
            ctx.problem(f"{clan} cannot build a fortress in {ctx.name(province)}: it is not theirs", path, rule="fortresses")
            continue
        if province in state.castles:
            ctx.problem(f"{ctx.name(province)} already has a {state.castles[province]}", path, rule="fortresses")
            continue
        castles = dict(state.castles)
        castles[province] = "fortress"
        state = state.but(castles=castles)
        ctx.emit(FortressBuilt(clan, province))
        ctx.award(clan, "fortress_built")
    for clan, points, reason, path in d.penalties:
        ctx.emit(Penalty(clan, points, reason))
        ctx.award(clan, "umpire", points=points)
    for by, target, spy, path in d.ninja:
        state = ninja(ctx, state, by, target, spy, path)
    return state


def ninja(ctx, state, by, target, spy, path):
    opts = ctx.options
    if by == target or not state.clans[target].active or not state.clans[by].active:
        ctx.problem(f"{by} cannot send a ninja against {target}", path, rule="ninja")
        return state
    state, ok = play_card(ctx, state, by, "ninja", f"against {target}", path)
    if not ok:
        return state
    cause = len(ctx.events) - 1
    ctx.award(by, "ninja_used", cause=cause)
    modifier = 0
    if spy == "by":
        state, ok = play_card(ctx, state, by, "spy", "to help the ninja", path + ("spy",))
        modifier = 1 if ok else 0
    elif spy == "target":
        state, ok = play_card(ctx, state, target, "spy", "against the ninja", path + ("spy",))
        modifier = -1 if ok else 0
    roll = ctx.roll("ninja", target)
    score = roll + modifier
    if score >= opts["ninja_kill_on"]:
        cause = ctx.emit(NinjaAttempt(by, target, roll, modifier, "assassinated"))
        ctx.award(target, "assassinated", cause=cause)
        heir = ctx.roll("heir", target)
        if heir >= opts["heir_survives_on"]:
            ctx.emit(Succession(target, heir, "heir"))
        else:
            written = ctx.record.usurper.get(target)
            if written is None:
                ctx.problem(f"{target}'s heir rolled {heir}: a general tries to seize the clan, and the battle's result is missing",
                            path, hint=f"fight the usurper's battle ({by} plays the general) and write  usurper: {{{target}: won}}  or lost",
                            rule="ninja: succession")
                return state
            if written[0]:
                ctx.emit(Succession(target, heir, "usurper-beaten"))
            else:
                ctx.emit(Succession(target, heir, "usurped"))
                state = remove_clan(ctx, state, target, "usurped", "a general seized the clan after the daimyo's assassination")
                from .cards import pass_marriage
                state = pass_marriage(ctx, state, target, None)
    elif score >= opts["ninja_wound_on"]:
        turns = ctx.roll("wound", target)
        clans = dict(state.clans)
        clans[target] = clans[target].but(wounded_until=ctx.turn + turns - 1)
        state = state.but(clans=clans)
        ctx.emit(NinjaAttempt(by, target, roll, modifier, "wounded", turns))
    else:
        ctx.emit(NinjaAttempt(by, target, roll, modifier, "failed"))
    for clan, (won, upath) in ctx.record.usurper.items():
        pass
    return state
