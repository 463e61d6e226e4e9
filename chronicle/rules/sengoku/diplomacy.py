"""The diplomacy phase, entered as facts: alliances (+5 each), alliances broken (-7), treaty
obligations broken (-5), provinces ceded (each must border the taker's land), fortresses built
(+2), umpire penalties, and Ninja attempts: the Ninja card (-5 for stooping so low), a d6 (a Spy
card: +1 for the sender, -1 if the target plays one): 6 assassinates (-40 and a d6 for the heir:
4-6 keeps the clan, else a battle against the usurper, entered under ``usurper:``), 5 wounds (the
daimyo's armies stay in his provinces for d6 turns)."""

from __future__ import annotations

from ...i18n import N_
from .cards import play_card
from .context import province_mark
from .conquest import remove_clan
from .events import (AllianceBroken, AllianceFormed, FortressBuilt, NinjaAttempt, Penalty, ProvincesCeded,
                     Succession, TreatyBroken)


def diplomacy_phase(ctx, state):
    d = ctx.record.diplomacy
    active = set(state.active_clans())

    def out(clan, path, what="diplomacy"):
        """A clan out of the game, or a neutral one (nobody plays it: it makes no alliance, treaty,
        cession, fortress or ninja attempt, and keeps no score): an error, and the entry is skipped."""
        if clan not in active:
            ctx.problem(f"{clan} is out of the game", path, rule="diplomacy",
                        hint="remove this entry: a clan out of the game makes no treaty, cession, fortress or ninja attempt")
            return True
        if state.clans[clan].neutral:
            ctx.problem(f"{clan} is neutral: nobody plays it, so it takes no part in {what}", path,
                        hint="a neutral clan never leaves its land and attacks any army entering it; it makes no alliance, "
                             "treaty or cession, builds nothing and keeps no score", rule="neutral clans")
            return True
        return False

    for a, b, path in d.alliances:
        if out(a, path + (0,), "alliances") or out(b, path + (1,), "alliances"):
            continue
        if a == b or frozenset((a, b)) in state.alliances:
            ctx.problem(f"{a} and {b} are already allied" if a != b else "a clan cannot ally with itself", path, rule="alliances",
                        hint="remove this alliance: an alliance lasts until it is broken" if a != b else "name two different clans")
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
        if out(clan, path, "treaties"):
            continue
        ctx.emit(TreatyBroken(clan, note))
        ctx.award(clan, "treaty_broken")
    for giver, taker, provinces, path in d.cessions:
        if out(giver, path, "cessions") or out(taker, path, "cessions"):
            continue
        owners = dict(state.owners)
        done = []
        for i, province in enumerate(provinces):
            if owners.get(province) != giver:
                ctx.problem(f"{giver} cannot cede {ctx.name(province)}: it is not theirs", path + ("provinces", i), rule="cessions",
                            about=(province_mark(province),), hint=f"a clan cedes only provinces it holds; see chronicle state for {giver}'s")
                continue
            if not any(owners.get(n) == taker for n in ctx.map.neighbours(province)):
                ctx.problem(f"{ctx.name(province)} does not border {taker}'s land", path + ("provinces", i),
                            hint="provinces change hands only next to the taker's own territory", rule="cessions",
                            about=(province_mark(province),))
                continue
            owners[province] = taker
            done.append(province)
            ctx.lose_province(province, giver, None)
        if done:
            sieges = {p: s for p, s in state.sieges.items() if p not in done}
            state = state.but(owners=owners, sieges=sieges)
            ctx.emit(ProvincesCeded(giver, taker, tuple(done)))
    for clan, province, path in d.fortresses:
        if out(clan, path, "building fortresses"):
            continue
        if state.owners.get(province) != clan:
            ctx.problem(f"{clan} cannot build a fortress in {ctx.name(province)}: it is not theirs", path, rule="fortresses",
                        about=(province_mark(province),), hint=f"a clan builds only in a province it holds; see chronicle state for {clan}'s")
            continue
        if province in state.castles:
            ctx.problem(f"{ctx.name(province)} already has a {state.castles[province]}", path, rule="fortresses",
                        hint="one fortress a province: choose another province, or remove this entry")
            continue
        castles = dict(state.castles)
        castles[province] = "fortress"
        state = state.but(castles=castles)
        ctx.emit(FortressBuilt(clan, province))
        ctx.award(clan, "fortress_built")
    for clan, points, reason, path in d.penalties:
        if out(clan, path, "prestige"):
            continue
        ctx.emit(Penalty(clan, points, reason))
        ctx.award(clan, "umpire", points=points)
    for by, target, spy, path in d.ninja:
        if out(by, path, "ninja attempts") or out(target, path, "ninja attempts"):
            continue
        state = ninja(ctx, state, by, target, spy, path)
    return state


def ninja(ctx, state, by, target, spy, path):
    opts = ctx.options
    if by == target or not state.clans[target].active or not state.clans[by].active:
        ctx.problem(f"{by} cannot send a ninja against {target}", path, rule="ninja",
                    hint="a ninja is sent by a clan still playing against another clan still playing")
        return state
    state, ok = play_card(ctx, state, by, "ninja", N_("against %(clan)s", clan=target), path)
    if not ok:
        return state
    ctx.award(by, "ninja_used")                   # caused by the Ninja card, the last event emitted
    modifier = 0
    if spy == "by":
        state, ok = play_card(ctx, state, by, "spy", N_("to help the ninja"), path + ("spy",))
        modifier = 1 if ok else 0
    elif spy == "target":
        state, ok = play_card(ctx, state, target, "spy", N_("against the ninja"), path + ("spy",))
        modifier = -1 if ok else 0
    die = ctx.die("ninja", target)
    roll = die.value
    score = roll + modifier
    if score >= opts["ninja_kill_on"]:
        ctx.emit(NinjaAttempt(by, target, roll, modifier, "assassinated", dice=(die,)))
        ctx.award(target, "assassinated")         # caused by the attempt, the last event emitted
        heir_die = ctx.die("heir", target)
        heir = heir_die.value
        if heir >= opts["heir_survives_on"]:
            ctx.emit(Succession(target, heir, "heir", (heir_die,)))
        else:
            written = ctx.record.usurper.get(target)
            if written is None:
                ctx.problem(f"{target}'s heir rolled {heir}: a general tries to seize the clan, and the battle's result is missing",
                            path, hint=f"fight the usurper's battle ({by} plays the general) and write  usurper: {{{target}: won}}  or lost",
                            rule="ninja: succession")
                return state
            if written[0]:
                ctx.emit(Succession(target, heir, "usurper-beaten", (heir_die,)))
            else:
                ctx.emit(Succession(target, heir, "usurped", (heir_die,)))
                state = remove_clan(ctx, state, target, "usurped", N_("a general seized the clan after the daimyo's assassination"))
                from .cards import pass_marriage
                state = pass_marriage(ctx, state, target, None)
    elif score >= opts["ninja_wound_on"]:
        wound = ctx.die("wound", target)
        turns = wound.value
        clans = dict(state.clans)
        clans[target] = clans[target].but(wounded_until=ctx.turn + turns - 1)
        state = state.but(clans=clans)
        ctx.emit(NinjaAttempt(by, target, roll, modifier, "wounded", turns, (die, wound)))
    else:
        ctx.emit(NinjaAttempt(by, target, roll, modifier, "failed", dice=(die,)))
    return state
