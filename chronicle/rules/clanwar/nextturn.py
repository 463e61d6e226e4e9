"""What the next Clan War turn asks for (``chronicle next``): a title, and for every force on the
map where it stands and which movement phases it may use, written as commented move slots ready
to fill in (a unit takes one step a phase, a lone personality a path), with the Start phase, the
battles and the dice as commented examples. Nothing is owed in Clan War (every section of a turn
is optional), so only the title is a blank to fill; the rest is a worksheet of what may be done."""

from __future__ import annotations

from ...nextturn import BLANK, NextTurn, Slot
from .state import ON_MAP


def next_turn(campaign, history) -> NextTurn:
    state = history.final
    players = [p for p in campaign.player_ids if p in state.factions]
    order = {p: i for i, p in enumerate(players)}
    name = campaign.name_of
    units = sorted((u for u in state.units.values() if u.faction in order),
                   key=lambda u: (order[u.faction], u.province, u.id))
    lone = sorted((p for p in state.personalities.values()
                   if p.faction in order and p.unit is None and p.status in ON_MAP),
                  key=lambda p: (order[p.faction], p.province, p.id))
    primary = tuple([Slot(u.id, BLANK, note=f"{name(u.faction)}'s {_what(u)}, at {name(u.province)}: one step")
                     for u in units]
                    + [Slot(p.id, [BLANK], note=f"{name(p.faction)}'s {p.name}, alone at {name(p.province)}: a path")
                       for p in lone])
    fast = tuple([Slot(u.id, BLANK, note=f"{name(u.faction)}'s {_what(u)}: one more step")
                  for u in units if u.cavalry or u.flight]
                 + [Slot(p.id, [BLANK], note=f"{name(p.faction)}'s {p.name}") for p in lone if p.cavalry or p.flight])
    moves = [Slot("primary", children=primary)] if primary else []
    if fast:
        moves.append(Slot("cavalry", children=fast, note="Cavalry and Flight only, even after a primary move"))
    if primary:
        moves.append(Slot("reserve", {"FORCE": BLANK}, note="not after battling or entering neutral or enemy land"))
    sides = [[p] for p in players[:2]] or [[BLANK], [BLANK]]
    slots = [
        Slot("title", BLANK, note="a name for the Strategic Turn"),
        Slot("start", {"alliances": [[BLANK, BLANK]], "buy": {"PLAYER": [{"unit": "ID", "type": "TYPE",
                                                                           "models": 6, "deploy": "PROVINCE"}]}},
             commented=True,
             above="\nstart: the Start phase: alliances (declared only here), broken, bids, buy (paid at once,\n"
                   "placed at Recovery), assign, transfer, swap, library, daimyo. Players: " + ", ".join(players) + "."),
    ]
    if moves:
        slots.append(Slot("moves", children=tuple(moves), commented=True,
                          above="\nmoves: uncomment the forces that move and write where; a force left out stays."))
    slots += [
        Slot("battles", [{"at": BLANK, "sides": sides, "winner": BLANK}], commented=True,
             above="\nbattles: where opposing forces met, the result as fought on the table (each unit's\n"
                   "lost, state, left_table, penalty; each personality's removed, over, maimed)."),
        Slot("dice", {"fate": {"PERSONALITY": "D10"}}, commented=True,
             above="\ndice: rolls made at the table (fate, heal, experience, ring); the rest are drawn from the seed."),
    ]
    notices = (f"the campaign is already won ({name(state.winner)}): check refuses a further turn",) \
        if state.game_over and state.winner else ()
    return NextTurn(tuple(slots), notices)


def blank_hint(path: tuple, options) -> str | None:
    head = path[0] if path else None
    if head == "title":
        return "a name for the Strategic Turn, e.g. \"The Crane march on Beiden Pass\""
    if head == "moves":
        who = path[2] if len(path) > 2 else "the force"
        return (f"where {who} goes: a unit's one step (a province next to it), a lone personality's path "
                "[A, B]; delete the line if it stays")
    if head == "battles":
        return "the battle's province, sides and winner (null: no winner), or delete the entry if none was fought"
    if head == "start":
        return "the Start phase's entry, or delete it if nothing was done there"
    return None


def _what(unit) -> str:
    """A unit as the administrator knows it: its name, and its troop type when that says more."""
    return unit.name if unit.type in unit.name else f"{unit.name} ({unit.type})"
