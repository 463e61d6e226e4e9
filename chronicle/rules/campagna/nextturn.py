"""What the next Campagna turn asks for (``chronicle next``): every player's own actions, in the
turn's initiative order (R18: the last of the turn before becomes first), as many blanks as his
allowance (2, or 3 with the Controllo del territorio bonus), with what he holds and what lies next
to it; the answers and the battles as commented examples (the calendar follows from the
declarations, so its battles are written once they are played). A calendar the last turn has not
finished is said as a notice: its battles are recorded first."""

from __future__ import annotations

from ...nextturn import BLANK, NextTurn, Slot
from .schema import SCHERMAGLIA, TRE_AZIONI, min_points
from .setup import order_of
from .terrain import routes

SHOWN = 8          # territories named in a note


def next_turn(campaign, history) -> NextTurn:
    state = history.final
    opts = campaign.options
    last = history.turns[-1].turn.number if history.turns else 0
    number = last + 1
    name = campaign.name_of
    capitals = state.capital_of
    orders = []
    for player in order_of(state.first_order, number) or tuple(campaign.player_ids):
        allowance = opts["bonus_actions"] if state.bonus.get(player) == TRE_AZIONI else opts["actions_per_turn"]
        held = state.held_by(player)
        near = sorted({n for t in held for n in campaign.map.neighbours(t)} - set(held))
        empty = [t for t in near if state.owners.get(t) is None]
        enemy = [t for t in near if state.owners.get(t) is not None]
        parts = [f"holds {_some(held, name)}" if held else "holds nothing (may only answer)"]
        way = _ways(campaign.map, held, opts["mountain_cost"])
        if empty:
            parts.append(f"empty nearby: {_some(empty, name, way)}")
        if enemy:
            parts.append("enemy nearby: " + _some(enemy, name, lambda t: way(t) + (" (Capital)" if t in capitals else "")))
        if allowance != opts["actions_per_turn"]:
            parts.append(f"{allowance} actions (the bonus)")
        orders.append(Slot(player, [BLANK] * allowance, note="; ".join(parts)))
    slots = [
        Slot("title", BLANK, note="a name for the turn"),
        Slot("orders", children=tuple(orders),
             above="\nEach player's own actions, in the order declared (initiative order of this turn below):\n"
                   "\"Schermaglia X\" (an empty territory), \"Scorreria X\" (an enemy's), \"Battaglia decisiva X\"\n"
                   f"(an enemy Capital); across a mountain an action costs {opts['mountain_cost']}, a sea action is the whole turn.\n"
                   f"At least {opts['min_actions']} each (the min_actions option); delete the blanks not used."),
        Slot("answers", {"TERRITORY": "resiste"}, commented=True,
             above="\nanswers: the answer to an attack, keyed by the territory attacked: resiste | {ritira: T} |\n"
                   "{interviene: PLAYER} (an intervention in a Schermaglia: one of his actions)."),
        Slot("battles", [{"at": "TERRITORY", "points": min_points(opts, SCHERMAGLIA), "scenario": "SCENARIO", "winner": "PLAYER",
                          "victory": "minor", "score": {"PLAYER": 6, "OTHER": 4}}], commented=True,
             above="\nbattles: the calendar's battles with their results, in the order played (once played:\n"
                   "the site prints the calendar for the game day)."),
    ]
    notices = []
    if state.in_progress and last:
        notices.append(f"turn {last}'s calendar is not finished: record its battles in "
                       f"content/turns/{last:03d}.yaml before turn {number} is played (R21)")
    if state.game_over and state.winner:
        notices.append(f"the campaign is already won ({name(state.winner)}): check refuses a further turn")
    return NextTurn(tuple(slots), tuple(notices))


def blank_hint(path: tuple, options) -> str | None:
    head = path[0] if path else None
    if head == "title":
        return "a name for the turn, e.g. \"La conquista del Faro\""
    if head == "orders":
        who = path[1] if len(path) > 1 else "the player"
        return (f"an action of {who}: \"Schermaglia X\" (an empty territory), \"Scorreria X\" (an enemy's) or "
                f"\"Battaglia decisiva X\" (an enemy Capital); delete the blank if {who} declared fewer")
    return None


def _some(territories, name, mark=lambda t: "") -> str:
    shown = ", ".join(name(t) + mark(t) for t in territories[:SHOWN])
    return shown + (f" and {len(territories) - SHOWN} more" if len(territories) > SHOWN else "")


def _ways(game_map, held, mountain_cost):
    """A territory's mark in a note: how its cheapest route from what is held is taken, when that
    is not a plain border (a mountain costs more, the sea takes the whole turn, a river without a
    ford allows no Battaglia decisiva)."""
    def way(territory: str) -> str:
        found = routes(game_map, held, territory, mountain_cost)
        if not found:
            return ""
        best = found[0]
        if best.kind == "mountain" and best.cost > 1:
            return f" (mountain: {best.cost} actions)"
        return {"sea": " (by sea)", "river": " (river)"}.get(best.kind, "")
    return way
