"""Alliances (seed L137-146) and the factions' rules about them (L164, L166).

Any two factions may ally; alliances are declared only in the Start phase and take effect at
once; they are pairwise, never transitive (L145). An alliance is broken in the Start phase, or in
battle by a side switch or by fighting an ally (L146). When it breaks, each side loses the units
and personalities it bought from the other: no refund, and those personalities are not Dead
(L144). The Naga never ally with the Shadowlands (L164); the Shadowlands ally only with corrupted
players (L166).
"""

from __future__ import annotations

from .events import AllianceBroken, AllianceDeclared, Corrupted, ForcesRemoved
from .state import HELD, REMOVED


def corruption(ctx) -> None:
    """facts: corrupted: a fact from this turn on (the corruption rules are not written, L173)."""
    for player, path in ctx.record.corrupted:
        faction = ctx.board.factions[player]
        if faction.corrupted or faction.kind == "shadowlands":
            ctx.warn(f"{ctx.name(player)} is already corrupted", path, hint="remove it from facts: corrupted: (corruption lasts, and the Shadowlands always are)",
                     rule="corruption")
            continue
        ctx.board.factions[player] = faction.but(corrupted=True)
        ctx.emit(Corrupted(player))


def declare(ctx) -> None:
    board = ctx.board
    for a, b, path in ctx.record.alliances:
        if a == b:
            ctx.problem(f"{ctx.name(a)} cannot ally with itself", path, hint="an alliance pairs two different players: [PLAYER, OTHER]",
                        rule="alliances")
            continue
        if board.allied(a, b):
            ctx.problem(f"{ctx.name(a)} and {ctx.name(b)} are already allies", path, hint="an alliance lasts until it is broken: remove this pair",
                        rule="alliances", severity="warning")
            continue
        kinds = {board.kind(a), board.kind(b)}
        if kinds == {"naga", "shadowlands"}:
            ctx.problem("the Naga may never ally with a Shadowlands player", path, rule="Naga never ally with the Shadowlands (L164)",
                        hint="the Naga must attack the Shadowlands whenever they can")
            continue
        if "shadowlands" in kinds:
            other = b if board.kind(a) == "shadowlands" else a
            if not board.corrupt(other):
                ctx.problem(f"the Shadowlands may only ally with corrupted players, and {ctx.name(other)} is not corrupted", path,
                            rule="Shadowlands ally only with corrupted players (L166)",
                            hint="a player corrupted by the group's ruling is entered as facts: corrupted: [PLAYER]")
                continue
        board.alliances.add(frozenset((a, b)))
        ctx.emit(AllianceDeclared((a, b)))


def break_alliance(ctx, by: str, other: str, where: str | None = None, how: str = "declared") -> None:
    """End the alliance of ``by`` and ``other`` and remove what each bought from the other."""
    board = ctx.board
    board.alliances.discard(frozenset((by, other)))
    faction = board.factions[by]
    excused = other in faction.excused
    if excused:
        board.factions[by] = faction.but(excused=faction.excused - {other})
    ctx.emit(AllianceBroken(by, other, where, how, excused))
    for buyer, seller in ((by, other), (other, by)):
        units = sorted(u.id for u in board.units.values() if u.faction == buyer and u.bought_from == seller and u.models > 0)
        people = sorted(p.id for p in board.personalities.values() if p.faction == buyer and p.bought_from == seller
                        and p.status in HELD)
        for uid in units:
            unit = board.units[uid]
            for pid in sorted(p.id for p in board.personalities.values() if p.unit == uid):
                board.personalities[pid] = board.personalities[pid].but(unit=None)
            board.units[uid] = unit.but(models=0, leader=None)
        for pid in people:
            person = board.personalities[pid]
            board.personalities[pid] = person.but(status=REMOVED, unit=None, died=ctx.turn)
            for unit in [u for u in board.units.values() if u.leader == pid]:
                board.units[unit.id] = unit.but(leader=None)
        pending = [x for x in ctx.pending if x.player == buyer and
                   ((x.unit is not None and x.unit.bought_from == seller) or
                    (x.personality is not None and x.personality.bought_from == seller))]
        for x in pending:
            ctx.pending.remove(x)
        lost_units = tuple(units) + tuple(x.subject for x in pending if x.kind == "unit")
        lost_people = tuple(people) + tuple(x.subject for x in pending if x.kind == "personality")
        if lost_units or lost_people:
            ctx.emit(ForcesRemoved(buyer, seller, lost_units, lost_people))


def breaks(ctx) -> None:
    for by, other, path in ctx.record.breaks:
        if not ctx.board.allied(by, other) or by == other:
            ctx.problem(f"{ctx.name(by)} and {ctx.name(other)} are not allies: there is no alliance to break", path,
                        rule="breaking alliances", hint=_allies_hint(ctx, by))
            continue
        break_alliance(ctx, by, other)


def _allies_hint(ctx, player) -> str:
    allies = sorted(next(iter(pair - {player})) for pair in ctx.board.alliances if player in pair)
    return f"{ctx.name(player)}'s allies: {', '.join(map(ctx.name, allies))}" if allies else f"{ctx.name(player)} has no ally"


def credit_fees(ctx) -> None:
    """An ally gains 20% of the base cost of what was bought from its clan (L143), credited at the
    end of the Start phase (Q8): it cannot pay for the same Start phase's purchases."""
    for ally in sorted(ctx.fees):
        for fee, cause, what in ctx.fees[ally]:
            ctx.koku(ally, fee, "ally_fee", what, cause=cause)
    ctx.fees.clear()
