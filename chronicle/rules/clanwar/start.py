"""The Start phase (seed L85-95): "Get everything in order", in any order the players like.

The program fixes one order, the same every time (Q8): corruption facts, alliances broken, then
declared (they take effect at once, so an ally's troops can be bought in the same phase),
reassignment and transfers, sealed bids, each player's purchases in the order written, swaps and
the libraries, a new Daimyo; the allies' fees are credited last.
"""

from __future__ import annotations

from .alliances import breaks, corruption, credit_fees, declare
from .bids import resolve_bids
from .catalogue import normal
from .equipment import aside_for, recover, set_aside
from .events import (DaimyoNamed, EquipmentRecovered, EquipmentSetAside, ItemRemoved, LibraryUsed, ModelsTransferred,
                     Reassigned, Swapped)
from .purchases import buy
from .state import ACTIVE, HELD, ON_MAP


def start_phase(ctx) -> None:
    ctx.begin("start")
    corruption(ctx)
    breaks(ctx)
    declare(ctx)
    reassign(ctx)
    transfer(ctx)
    resolve_bids(ctx)
    for purchase in ctx.record.purchases:
        buy(ctx, purchase)
    swap(ctx)
    library(ctx)
    daimyo(ctx)
    credit_fees(ctx)


def _person(ctx, pid, path, rule, player=None):
    person = ctx.board.personalities.get(pid)
    if person is None or person.status not in HELD:
        if person is not None:
            ctx.reject(f"{pid} is {person.status}: it cannot act", path, hint="only an active personality acts",
                       rule=rule, about=(pid,))
        else:
            ctx.unknown("personality", pid, path, rule, player=player)
        return None
    return person


def reassign(ctx) -> None:
    """L92: personalities join or leave units at the same province, as commanders or associated."""
    board = ctx.board
    for pid, uid, lead, path in ctx.record.assigns:
        person = _person(ctx, pid, path + ("personality",), "reassignment")
        if person is None:
            continue
        if person.status != ACTIVE:
            ctx.reject(f"{pid} is {person.status} and cannot be reassigned", path, hint="only an active personality takes command of a unit",
                       rule="reassignment", about=(pid,))
            continue
        before = person.unit
        if uid is None:
            if before is None:
                ctx.problem(f"{pid} is not in a unit", path + ("unit",), hint="it is alone already: remove the entry",
                            rule="reassignment", severity="warning")
                continue
            _leave(board, person)
            ctx.emit(Reassigned(pid, None, before))
            continue
        unit = board.units.get(uid)
        if unit is None or unit.models <= 0:
            ctx.unknown("unit", uid, path + ("unit",), "reassignment", player=person.faction)
            continue
        if unit.faction != person.faction:
            ctx.reject(f"{uid} is not {ctx.name(person.faction)}'s unit", path + ("unit",), hint="a personality leads a unit of its own player",
                       rule="reassignment", about=(pid,))
            continue
        if unit.province != person.province:
            ctx.reject(f"{pid} stands in {ctx.name(person.province)} and {uid} in {ctx.name(unit.province)}: "
                       "reassignment is between units at the same province", path, hint="bring them to one province first; reassign in a later Start phase",
                       rule="reassignment at the same province",
                       about=(pid,))
            continue
        if lead and person.command_limit is not None and unit.models > person.command_limit:
            ctx.reject(f"{pid}'s Command Limit is {person.command_limit}: it cannot command the {unit.models} models of {uid}",
                       path, hint="choose a leader with a larger Command Limit, or move models out first (start: transfer:)",
                       rule="a leader's Command Limit", about=(pid,))
            continue
        _leave(board, person)
        unit = board.units[uid]
        # a leader replaced stays with the unit, associated: his unit is already this one (every leader's is)
        board.units[uid] = unit.but(leader=pid if lead else unit.leader)
        board.personalities[pid] = board.personalities[pid].but(unit=uid)
        ctx.emit(Reassigned(pid, uid, before, lead))


def _leave(board, person) -> None:
    if person.unit and person.unit in board.units and board.units[person.unit].leader == person.id:
        board.units[person.unit] = board.units[person.unit].but(leader=None)
    board.personalities[person.id] = board.personalities[person.id].but(unit=None)


def transfer(ctx) -> None:
    """L92: troop models shift between units at the same province."""
    board = ctx.board
    for giver_id, taker_id, models, path in ctx.record.transfers:
        giver, taker = board.units.get(giver_id), board.units.get(taker_id)
        if giver is None or giver.models <= 0:
            ctx.unknown("unit", giver_id, path + ("from",), "reassignment")
            continue
        if taker is None or taker.models <= 0:
            ctx.unknown("unit", taker_id, path + ("to",), "reassignment")
            continue
        if giver.faction != taker.faction or giver.province != taker.province:
            ctx.reject(f"{giver_id} and {taker_id} are not one player's units at the same province", path,
                       hint="transfer models between two units of one player that stand together",
                       rule="reassignment at the same province", about=(giver_id, taker_id))
            continue
        if giver.type != taker.type:
            ctx.reject(f"{giver_id} ({giver.type}) and {taker_id} ({taker.type}) are different troops", path,
                       hint="models move between units of the same troop type", rule="reassignment", about=(giver_id, taker_id))
            continue
        if models >= giver.models:
            ctx.reject(f"{giver_id} has {giver.models} models: it cannot give {models}", path + ("models",),
                       hint="a unit keeps at least one model", rule="reassignment", about=(giver_id,))
            continue
        caps = [c for c in (taker.max_models, _command_limit(board, taker)) if c is not None]
        if caps and taker.models + models > min(caps):
            ctx.reject(f"{taker_id} holds at most {min(caps)} models (its maximum size and its leader's Command Limit)",
                       path + ("models",), hint=f"transfer at most {max(0, min(caps) - taker.models)} models",
                       rule="unit size", about=(taker_id,))
            continue
        moving_exp = max(0, models - (giver.models - giver.experienced_models))    # inexperienced models go first
        board.units[giver_id] = giver.but(models=giver.models - models, experienced_models=giver.experienced_models - moving_exp)
        board.units[taker_id] = taker.but(models=taker.models + models, experienced_models=taker.experienced_models + moving_exp)
        ctx.emit(ModelsTransferred(giver_id, taker_id, models))


def _command_limit(board, unit) -> int | None:
    leader = board.personalities.get(unit.leader)       # None for a unit without a leader
    return leader.command_limit if leader is not None else None


def swap(ctx) -> None:
    """L93: spells and special items between personalities at the same province; mundane
    equipment into or out of the stockpile. Tattoos are never traded (L65). The equipment an item
    or piece of equipment replaces is set aside and comes back when it leaves (L64, equipment.py)."""
    board = ctx.board
    for order in ctx.record.swaps:
        kind, thing, giver_id, taker_id, path = order.kind, order.thing, order.giver, order.taker, order.at
        if kind == "equipment":
            _equipment(ctx, order)
            continue
        if order.replaces is not None and kind == "spell":
            ctx.reject("a spell replaces no equipment: replaces: is for special items and mundane equipment", path + ("replaces",),
                       hint="remove replaces:", rule="swapping")
            continue
        if order.removed:
            _remove(ctx, order)
            continue
        giver = _person(ctx, giver_id, path + ("from",), "swapping") if giver_id else None
        taker = _person(ctx, taker_id, path + ("to",), "swapping") if taker_id else None
        if giver is None or taker is None:
            if not giver_id or not taker_id:
                ctx.reject(f"a {kind} passes from one personality to another: write from: and to:", path, rule="swapping",
                           hint="a special item that leaves play is written {item: NAME, from: PERSONALITY, removed: true}"
                           if kind == "item" and giver_id else None)
            continue
        field = "items" if kind == "item" else "spells"
        if thing in giver.tattoos:
            ctx.reject(f"{thing} is {giver_id}'s tattoo: tattoos may not be traded", path, hint="tattoos stay on their bearer (L65)",
                       rule="tattoos may not be traded (L65)")
            continue
        if thing not in getattr(giver, field):
            ctx.reject(f"{giver_id} does not carry the {kind} {thing!r}", path, rule="swapping",
                       hint=f"it carries: {', '.join(getattr(giver, field)) or 'nothing'}")
            continue
        if giver.faction != taker.faction or giver.province != taker.province:
            ctx.reject(f"{giver_id} and {taker_id} are not one player's personalities at the same province", path,
                       hint="swap between two personalities of one player at the same province",
                       rule="swapping at the same province")
            continue
        if kind == "spell" and not taker.shugenja:
            ctx.reject(f"{taker_id} is no shugenja: spells are traded among shugenja", path + ("to",), hint="give the spell to a shugenja (shugenja: true) at the same province",
                       rule="swapping")
            continue
        left = list(getattr(giver, field))
        left.remove(thing)
        giver, recovered = recover(giver.but(**{field: tuple(left)}), thing) if kind == "item" else \
            (giver.but(**{field: tuple(left)}), None)
        board.personalities[giver_id] = giver
        taker = board.personalities[taker_id]
        taker = taker.but(**{field: getattr(taker, field) + (thing,)})
        aside = None
        if order.replaces is not None:
            taker, aside = _set_aside(ctx, taker, thing, order.replaces, path + ("replaces",))
        board.personalities[taker_id] = taker
        ctx.emit(Swapped(kind, thing, giver_id, taker_id))
        if recovered:
            ctx.emit(EquipmentRecovered(giver_id, recovered, thing))
        if aside:
            ctx.emit(EquipmentSetAside(taker_id, aside, thing))


def _set_aside(ctx, person, replacement: str, equipment: str, path: tuple):
    """(the personality after, the equipment set aside or None after a problem)."""
    if normal(equipment) == normal(replacement):
        ctx.problem(f"{replacement} cannot replace itself", path, hint="replaces: names another piece of equipment",
                    rule="replaced equipment (L64, L93)")
        return person, None
    after, problem = set_aside(person, replacement, equipment)
    if problem:
        ctx.problem(problem, path, rule="replaced equipment (L64, L93)",
                    hint="each piece of equipment is set aside for one replacement at a time")
        return person, None
    return after, after.set_aside[-1][1]


def _remove(ctx, order) -> None:
    """L64: a special item 'later removed': it leaves play, and what it replaced comes back."""
    board = ctx.board
    if order.taker is not None:
        ctx.reject(f"{order.thing} is removed or passed to {order.taker}, not both", order.at + ("removed",), hint="write removed: true or to: PERSONALITY, not both",
                   rule="swapping")
        return
    person = _person(ctx, order.giver, order.at + ("from",), "swapping") if order.giver else None
    if person is None:
        if not order.giver:
            ctx.reject(f"whose {order.thing} is removed? write from: PERSONALITY", order.at, hint="removed: takes a special item from the personality named in from:",
                       rule="swapping")
        return
    if order.thing in person.tattoos:
        ctx.reject(f"{order.thing} is {person.id}'s tattoo: tattoos stay", order.at, hint="tattoos are never traded nor removed (L65)",
                   rule="tattoos may not be traded (L65)")
        return
    if order.thing not in person.items:
        ctx.reject(f"{person.id} does not carry the item {order.thing!r}", order.at, rule="swapping",
                   hint=f"it carries: {', '.join(person.items) or 'nothing'}")
        return
    left = list(person.items)
    left.remove(order.thing)
    person, recovered = recover(person.but(items=tuple(left)), order.thing)
    board.personalities[person.id] = person
    ctx.emit(ItemRemoved(person.id, order.thing))
    if recovered:
        ctx.emit(EquipmentRecovered(person.id, recovered, order.thing))


def _equipment(ctx, order) -> None:
    board = ctx.board
    thing, giver_id, taker_id, path = order.thing, order.giver, order.taker, order.at
    if order.removed:
        ctx.reject("removed: is for special items; mundane equipment goes back to the stockpile (to: null)", path + ("removed",),
                   hint="write to: null to put mundane equipment back in the stockpile", rule="swapping")
        return
    if (giver_id is None) == (taker_id is None):
        ctx.reject("mundane equipment moves between a personality and the stockpile: write from: PERSONALITY or to: PERSONALITY",
                   path, hint="from: null, to: PERSONALITY takes it from the stockpile; from: PERSONALITY, to: null puts it back",
                   rule="swapping")
        return
    if order.replaces is not None and taker_id is None:
        ctx.reject("equipment going into the stockpile replaces nothing: replaces: goes with to: PERSONALITY",
                   path + ("replaces",), hint="remove replaces:, or give it to a personality (to: PERSONALITY)", rule="swapping")
        return
    person = _person(ctx, giver_id or taker_id, path + ("from" if giver_id else "to",), "swapping")
    if person is None:
        return
    faction = board.factions[person.faction]
    stock = dict(faction.stockpile)
    recovered = aside = None
    if giver_id:
        if thing not in person.equipment:
            by = aside_for(person, thing)
            ctx.reject(f"{person.id}'s {thing} is set aside for {by}: it is not available to the stockpile" if by else
                       f"{person.id} carries no {thing}", path,
                       rule="replaced equipment is not available to the stockpile (L64, L93)" if by else "swapping",
                       hint=f"it comes back to {person.id} when {by} leaves" if by else
                       (f"it carries: {', '.join(person.equipment)}" if person.equipment else "it carries no mundane equipment"))
            return
        left = list(person.equipment)
        left.remove(thing)
        person, recovered = recover(person.but(equipment=tuple(left)), thing)
        stock[thing] = stock.get(thing, 0) + 1
    else:
        if stock.get(thing, 0) < 1:
            ctx.reject(f"{ctx.name(person.faction)}'s stockpile holds no {thing}", path, rule="the stockpile",
                       hint=("it holds " + ", ".join(f"{n} {k}" for k, n in sorted(stock.items()) if n)) if any(stock.values())
                       else "it is empty")
            return
        stock[thing] -= 1
        person = person.but(equipment=person.equipment + (thing,))
        if order.replaces is not None:
            person, aside = _set_aside(ctx, person, thing, order.replaces, path + ("replaces",))
    board.personalities[person.id] = person
    board.factions[person.faction] = faction.but(stockpile=tuple(sorted((k, n) for k, n in stock.items() if n)))
    ctx.emit(Swapped("equipment", thing, giver_id, taker_id))
    if recovered:
        ctx.emit(EquipmentRecovered(person.id, recovered, thing))
    if aside:
        ctx.emit(EquipmentSetAside(person.id, aside, thing))


def library(ctx) -> None:
    """L94: shugenja at a library swap spells into or out of it."""
    board = ctx.board
    for pid, take, leave, path in ctx.record.library:
        person = _person(ctx, pid, path + ("shugenja",), "libraries")
        if person is None:
            continue
        if not person.shugenja:
            ctx.reject(f"{pid} is no shugenja", path + ("shugenja",), hint="only a shugenja (shugenja: true) at a library takes or leaves spells",
                       rule="libraries")
            continue
        here = person.province
        if not ctx.map.provinces[here].has("library") or board.owners.get(here) != person.faction:
            ctx.reject(f"{pid} stands in {ctx.name(here)}, which is not a library {ctx.name(person.faction)} controls", path,
                       rule="shugenja at a library swap spells", hint="the shugenja must stand at one of the player's libraries")
            continue
        stored = list(board.libraries.get(here, ()))
        carried = list(person.spells)
        bad = [s for s in take if s not in stored] + [s for s in leave if s not in carried]
        if bad:
            ctx.reject(f"not there to swap: {', '.join(bad)}", path, rule="libraries",
                       hint=f"the library holds {', '.join(stored) or 'nothing'}; {pid} carries {', '.join(carried) or 'nothing'}")
            continue
        for spell in take:
            stored.remove(spell)
            carried.append(spell)
        for spell in leave:
            carried.remove(spell)
            stored.append(spell)
        board.libraries[here] = tuple(sorted(stored))
        board.personalities[pid] = person.but(spells=tuple(carried))
        ctx.emit(LibraryUsed(pid, here, tuple(take), tuple(leave)))


def daimyo(ctx) -> None:
    """A new Daimyo when the old one died (Q53); any time the player chooses. Whose Daimyo is lost
    as this step begins is kept: a player not naming another here is warned at the end of the turn."""
    board = ctx.board
    ctx.daimyo_lost = {player: f.daimyo for player, f in board.factions.items()
                       if f.daimyo and board.personalities[f.daimyo].status not in ON_MAP}
    for player, pid, path in ctx.record.daimyo:
        person = _person(ctx, pid, path, "the Daimyo", player=player)
        if person is None:
            continue
        if person.faction != player:
            ctx.reject(f"{pid} is not {ctx.name(player)}'s", path, hint="the Daimyo is one of the player's own personalities",
                       rule="the Daimyo")
            continue
        board.factions[player] = board.factions[player].but(daimyo=pid)
        ctx.emit(DaimyoNamed(player, pid))
