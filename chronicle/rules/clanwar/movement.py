"""Movement (seed L79-82, L97-109): the Primary, Cavalry and Reserve phases, and the Monks' move
to defend (L165).

Moves of one phase are simultaneous (Q29): each is judged on the position at the start of its
phase. A unit makes one step a phase along a road (a map link), led by a personality within its
Command Limit or by a leadership package (E1-E3); the Cavalry phase moves only Cavalry and Flight
(E5); the Reserve phase moves only forces that have not battled, not entered or passed a neutral or
enemy province this turn, do not stand next to enemy forces, and go only into friendly land free of
opposing armies (E13-E17). A personality not in a unit moves freely through friendly land (its
own or an ally's) and may end its move with one step into neutral or enemy land (E8, Q27); a
Cavalry (or Flight) personality cannot pass through a province holding enemy Cavalry (or Flight)
troops, though it may end its move there (E11-E12, Q28). A personality in a unit moves with it.
"""

from __future__ import annotations

from .events import Moved
from .factions import MONK
from .state import ACTIVE

ONE_STEP = "a unit moves one province a phase, along a road"


def movement_phase(ctx, phase: str) -> None:
    moves = ctx.record.moves.get(phase, ())
    if not moves and phase == "defend":
        return
    ctx.begin(phase)
    board = ctx.board
    snapshot = {"units": dict(board.units), "personalities": dict(board.personalities)}
    planned = []
    for move in moves:
        found = _judge(ctx, move, snapshot)
        if found:
            planned.append(found)
    for subject, kind, player, path, carried in planned:
        hostile = any(not board.friendly(player, p) for p in path[1:])
        if kind == "unit":
            board.units[subject] = board.units[subject].but(province=path[-1])
        for pid in ((subject,) if kind == "personality" else ()) + carried:
            board.personalities[pid] = board.personalities[pid].but(province=path[-1])
        for some in (subject,) + carried:
            ctx.moved.add(some)
            if hostile:
                ctx.hostile.add(some)
        ctx.emit(Moved(phase, subject, kind, player, path, hostile, carried))


def _judge(ctx, move, snapshot):
    """Check one move against the position at the start of the phase; (subject, kind, player,
    path from its province, personalities carried) when it stands."""
    board = ctx.board
    sid = move.subject
    unit = snapshot["units"].get(sid)
    person = snapshot["personalities"].get(sid)
    rule = f"{move.phase} movement"
    if unit is not None and unit.models > 0:
        kind, player, here = "unit", unit.faction, unit.province
    elif person is not None and person.status == ACTIVE:
        kind, player, here = "personality", person.faction, person.province
        if person.unit is not None:
            ctx.reject(f"{sid} is in the unit {person.unit} and moves with it", move.at, at_key=True, about=(sid,),
                       hint="to move alone it leaves the unit in a Start phase (start: assign: [{personality: "
                            f"{sid}, unit: null}}])", rule="personalities in a unit move with it (Q56)")
            return None
    else:
        if person is not None:
            ctx.reject(f"{sid} is {person.status} and cannot move", move.at, at_key=True, about=(sid,), hint="only an active personality moves: remove the move",
                       rule=rule)
        elif sid not in board.personalities:
            ctx.unknown("unit", sid, move.at, rule, at_key=True)
        return None
    if move.phase == "defend":
        return _defend(ctx, move, kind, player, here)
    if move.path[0] == here:
        ctx.reject(f"{sid} is already in {ctx.name(here)}", move.steps[0], about=(sid,), rule=rule,
                   hint="write the provinces entered, not the one it starts from")
        return None
    path = (here,) + move.path
    for a, b, where in zip(path, path[1:], move.steps):
        if not ctx.map.adjacent(a, b):
            ctx.reject(f"{ctx.name(b)} is not next to {ctx.name(a)}: {sid} cannot go there", where, about=(sid,),
                       hint="next to " + ctx.name(a) + ": " + ", ".join(map(ctx.name, ctx.map.neighbours(a))),
                       rule="travel only along the roads between provinces (L99)")
            return None
    if kind == "unit":
        if not _unit_ok(ctx, move, unit, path, snapshot):
            return None
        carried = tuple(sorted(p.id for p in snapshot["personalities"].values() if p.unit == sid and p.status == ACTIVE))
    else:
        if not _personality_ok(ctx, move, person, path, snapshot):
            return None
        carried = ()
    if move.phase == "reserve" and not _reserve_ok(ctx, move, kind, player, path, (sid,) + carried, snapshot):
        return None
    if board.kind(player) == MONK and not _monk_may_enter(ctx, move, player, path[-1]):
        return None
    if sid in ctx.stayed:
        ctx.reject(f"{sid} must spend the whole turn in the Togashi province (its tattoos were bought this turn)", move.at,
                   at_key=True, about=(sid,), hint="remove the move: the unit stays in the Togashi province this turn; it may move next turn",
                   rule="Yokuni's unit spends the entire turn in the Togashi province (L170-171)")
        return None
    return sid, kind, player, path, carried


def _unit_ok(ctx, move, unit, path, snapshot) -> bool:
    sid = unit.id
    if len(path) > 2:
        ctx.reject(f"{sid} moves {len(path) - 1} provinces in the {move.phase} phase: {ONE_STEP}", move.steps[1],
                   about=(sid,), rule=ONE_STEP, hint="a unit moves to an adjacent province; it may move again in a later phase")
        return False
    if move.phase == "cavalry" and not (unit.cavalry or unit.flight):
        ctx.reject(f"{sid} is neither Cavalry nor Flight: it cannot move in the Cavalry phase", move.at, at_key=True,
                   about=(sid,), rule="only Cavalry and Flight units move in the Cavalry phase (L100)",
                   hint="move it in the Primary or Reserve phase")
        return False
    leader = snapshot["personalities"].get(unit.leader)       # None for a unit without a leader
    if leader is not None and leader.status == ACTIVE and leader.province == unit.province:
        if leader.command_limit is not None and unit.models > leader.command_limit:
            ctx.reject(f"{sid} has {unit.models} models, beyond its leader {leader.id}'s Command Limit of {leader.command_limit}",
                       move.at, at_key=True, about=(sid,), hint="give it a leader with a larger Command Limit (start: reassign:), or move fewer models (start: transfer:)",
                       rule="a unit moves only with a leader within its Command Limit (L100)")
            return False
        return True
    if unit.lps:
        return True
    ctx.reject(f"{sid} has no leader: a unit moves only with a personality or a leadership package to lead it", move.at,
               at_key=True, about=(sid,), rule="a unit moves only with a leader (L100)",
               hint="assign a personality to it in a Start phase, or promote one of its models")
    return False


def _blocked(ctx, person, province, snapshot) -> str | None:
    """L102-103: enemy Cavalry troops block Cavalry personalities passing through; enemy Flight troops
    block Cavalry and Flight personalities."""
    for unit in snapshot["units"].values():
        if unit.province != province or unit.models <= 0 or ctx.board.allied(unit.faction, person.faction):
            continue
        if unit.flight and (person.cavalry or person.flight):
            return f"enemy Flight troops ({unit.id})"
        if unit.cavalry and person.cavalry:
            return f"enemy Cavalry troops ({unit.id})"
    return None


def _personality_ok(ctx, move, person, path, snapshot) -> bool:
    sid = person.id
    board = ctx.board
    if move.phase == "cavalry" and not (person.cavalry or person.flight):
        ctx.reject(f"{sid} is not a Cavalry or Flight personality: it cannot move in the Cavalry phase", move.at, at_key=True,
                   about=(sid,), hint="move it under primary: or reserve:",
                   rule="only Cavalry personalities move in the Cavalry phase (L80)")
        return False
    for i, (province, where) in enumerate(zip(path[1:], move.steps)):
        last = i == len(path) - 2
        if not last and not board.friendly(person.faction, province):
            ctx.reject(f"{sid} cannot move on from {ctx.name(province)}: a move into neutral or enemy land ends there",
                       move.steps[i + 1],
                       about=(sid,), rule="a lone personality makes one move into neutral or enemy land a phase (L101)",
                       hint="a lone personality moves freely through its own and its allies' provinces only")
            return False
        if not last:
            blocker = _blocked(ctx, person, province, snapshot)
            if blocker:
                ctx.reject(f"{sid} cannot pass through {ctx.name(province)}: {blocker} block it (it may stop there)", where,
                           about=(sid,), hint="end the move in that province, or go round it",
                           rule="enemy Cavalry and Flight troops block movement through their province (L102-103)")
                return False
    return True


def _reserve_ok(ctx, move, kind, player, path, who, snapshot) -> bool:
    board = ctx.board
    sid = move.subject
    rule = "reserve movement restrictions (L104-109)"
    if any(w in ctx.battled for w in who):
        ctx.reject(f"{sid} battled this turn: no Reserve move", move.at, at_key=True, about=(sid,),
                   hint="remove the reserve move: a force that battled this turn makes none", rule=rule)
        return False
    if any(w in ctx.hostile for w in who):
        ctx.reject(f"{sid} entered a neutral or enemy province this turn: no Reserve move", move.at, at_key=True,
                   about=(sid,), hint="remove the reserve move: only forces that stayed in their own or allied land this turn make one",
                   rule=rule)
        return False
    here = path[0]
    for near in ctx.map.neighbours(here):
        enemies = [f for f in board.force_players(near) if not board.allied(player, f)]
        if enemies:
            ctx.reject(f"{sid} stands in {ctx.name(here)}, next to {ctx.name(enemies[0])}'s forces in {ctx.name(near)}: "
                       "no Reserve move", move.at, at_key=True, about=(sid,), hint="remove the reserve move: forces next to opposing forces stay to face them",
                       rule=rule)
            return False
    for province, where in zip(path[1:], move.steps):
        if not board.friendly(player, province):
            ctx.reject(f"{ctx.name(province)} is neutral or enemy land: Reserve movement stays in friendly territory", where,
                       about=(sid,), hint="a Reserve move goes through its own and its allies' provinces only", rule=rule)
            return False
    enemies = [f for f in board.army_players(path[-1]) if not board.allied(player, f)]
    if enemies:
        ctx.reject(f"{ctx.name(enemies[0])}'s army stands in {ctx.name(path[-1])}: Reserve movement never enters "
                   "territory occupied by opposing armies", move.steps[-1], about=(sid,), hint="end the Reserve move before the province the opposing army occupies",
                   rule=rule)
        return False
    return True


def _monk_may_enter(ctx, move, player, province) -> bool:
    """L165: 'Monk will never attack a non-shadowlands or non-corrupt player, unless that player has
    conquered a Monk province'."""
    board = ctx.board
    grudges = board.factions[player].grudges
    others = {board.owners.get(province)} | set(board.force_players(province))
    for other in sorted(o for o in others if o and not board.allied(player, o)):
        if not board.corrupt(other) and other not in grudges:
            ctx.reject(f"the Monk will never attack {ctx.name(other)}: it is not Shadowlands or corrupt and has conquered no "
                       "Monk province", move.steps[-1], about=(move.subject,), rule="the Monk attacks only the Shadowlands, "
                       "the corrupt, and those who took a Monk province (L165)",
                       hint="to defend a province write the move under moves: defend:")
            return False
    return True


def _defend(ctx, move, kind, player, here):
    """L165: Monk forces 'may move their forces into any province to defend it, regardless of
    adjacency or alliances, or normal movement rules', and join an allied attack on the
    Shadowlands or the corrupt. Checked against the battle fought there (battle.py)."""
    if ctx.board.kind(player) != MONK:
        ctx.reject(f"only the Monk move to defend any province; {move.subject} is {ctx.name(player)}'s", move.at, at_key=True,
                   about=(move.subject,), rule="the Monk's move to defend (L165)", hint="write it under primary:, cavalry: or reserve:")
        return None
    if len(move.path) != 1:
        ctx.reject(f"a move to defend names one province, the one defended", move.at, about=(move.subject,),
                   hint="write the one province defended: defend: {FORCE: PROVINCE}", rule="the Monk's move to defend (L165)")
        return None
    carried = ()
    if kind == "unit":
        carried = tuple(sorted(p.id for p in ctx.board.personalities.values() if p.unit == move.subject and p.status == ACTIVE))
    ctx.defends[move.subject] = (move.path[0], move.at)
    return move.subject, kind, player, (here, move.path[0]), carried
