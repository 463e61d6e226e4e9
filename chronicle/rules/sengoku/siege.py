"""The siege phase. The besieger rolls a d6 each turn: 6 takes a castle with an army inside,
4-6 an empty one, and the score needed falls by one each further turn of the siege. A failure
costs the besieger one element (a Forage card spares it); a Portuguese trader adds +1 for the
whole siege. A taken castle destroys the army inside and gives the province to the besieger.
The siege ends when the besieger leaves, is destroyed, or winter comes."""

from __future__ import annotations

from ...i18n import N_
from .cards import play_card
from .context import province_mark
from .events import ArmyDestroyed, CastleTaken, SiegeLifted, SiegeRoll


def needed(options, siege, defended: bool) -> int:
    base = options["siege_defended"] if defended else options["siege_undefended"]
    return max(options["siege_floor"], base - options["siege_step"] * siege.rolls)


def capture(ctx, state, province: str, by_clan: str, how: str):
    """A castle falls: the army inside is destroyed, the province and castle change hands."""
    kind = state.castles[province]
    loser = state.owners.get(province)
    armies, owners, sieges = dict(state.armies), dict(state.owners), dict(state.sieges)
    owners[province] = by_clan
    sieges.pop(province, None)
    cause = ctx.emit(CastleTaken(province, kind, by_clan, loser, how))
    ctx.award(by_clan, "capital_taken" if kind == "capital" else "fortress_taken", cause=cause)
    if loser is not None:
        ctx.award(loser, "capital_lost" if kind == "capital" else "fortress_lost", cause=cause)
    ctx.lose_province(province, loser, by_clan)
    for army in sorted(state.armies.values(), key=lambda a: a.id):
        if army.province == province and army.clan == loser and army.besieged:
            del armies[army.id]
            ctx.emit(ArmyDestroyed(army.id, army.clan, province, N_("the castle fell")))
            ctx.award(army.clan, "army_destroyed")
    return state.but(armies=armies, owners=owners, sieges=sieges)


def _lift(ctx, armies, siege, reason):
    ctx.emit(SiegeLifted(siege.province, siege.besieger, reason))
    if siege.defender and siege.defender in armies:
        armies[siege.defender] = armies[siege.defender].but(besieged=False)


def siege_phase(ctx, state):
    opts = ctx.options
    traders = {army: path for army, path in ctx.record.played.get("portuguese_trader", ())}
    for province in sorted(state.sieges):
        siege = state.sieges.get(province)
        if siege is None:
            continue
        armies, sieges = dict(state.armies), dict(state.sieges)
        besieger = armies.get(siege.besieger)
        reason = None
        if ctx.date.winter:
            reason = N_("winter intervenes")
        elif besieger is None:
            reason = N_("the besieging army is gone")
        elif besieger.province != province:
            reason = N_("the besieging army moved away")
        elif state.owners.get(province) is None or not state.enemies(state.owners[province], besieger.clan):
            reason = N_("the castle is no longer an enemy's")
        if reason:
            _lift(ctx, armies, siege, reason)
            del sieges[province]
            state = state.but(armies=armies, sieges=sieges)
            continue
        defended = bool(siege.defender and siege.defender in armies and armies[siege.defender].province == province)
        if siege.besieger in traders and not siege.trader:
            state, ok = play_card(ctx, state, besieger.clan, "portuguese_trader", N_("siege of %(province)s", province=ctx.name(province)),
                                  traders.pop(siege.besieger))
            if ok:
                siege = siege.__class__(**{**siege.__dict__, "trader": True})
        traders.pop(siege.besieger, None)
        need = needed(opts, siege, defended)
        die = ctx.die("siege", siege.besieger)
        roll = die.value
        ctx.spread(siege.besieger, province_mark(province), *([siege.defender] if siege.defender else []))
        bonus = opts["trader_bonus"] if siege.trader else 0
        taken = roll + bonus >= need
        lost, forage = 0, False
        if not taken:
            lost = opts["siege_failure_cost"]
            if ctx.forage.get(siege.besieger):
                state, ok = play_card(ctx, state, besieger.clan, "forage", N_("siege of %(province)s", province=ctx.name(province)),
                                      ctx.forage[siege.besieger].pop(0))
                if ok:
                    lost, forage = 0, True
        ctx.emit(SiegeRoll(province, siege.besieger, roll, bonus, need, taken, lost, forage, (die,)))
        armies, sieges = dict(state.armies), dict(state.sieges)
        if taken:
            state = capture(ctx, state, province, besieger.clan, N_("siege, d6 %(roll)s", roll=roll))
            continue
        strength = besieger.strength - lost
        sieges[province] = siege.__class__(**{**siege.__dict__, "rolls": siege.rolls + 1})
        if strength <= 0:
            del armies[siege.besieger]
            ctx.emit(ArmyDestroyed(siege.besieger, besieger.clan, province, N_("worn away by the siege")))
            ctx.award(besieger.clan, "army_destroyed")
            _lift(ctx, armies, siege, N_("the besieging army is gone"))
            del sieges[province]
        else:
            armies[siege.besieger] = besieger.but(strength=strength)
        state = state.but(armies=armies, sieges=sieges)
    for army, path in traders.items():
        ctx.problem(f"a Portuguese trader is played for {army}, which lays no siege this turn", path,
                    rule=f"Portuguese trader: +{opts['trader_bonus']} for the duration of a siege",
                    hint="play it for an army that besieges a city this turn, or keep the card")
    return state
