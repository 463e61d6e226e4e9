"""What the CLI and the site show of a Pitac state: JSON, the summary, the standings table."""

from __future__ import annotations

from ...i18n import N_
from .. import Standings, Summary
from . import standing
from .record import PitacTurn, order_text
from .state import Conflict, PitacState


def orders_of(campaign, record: PitacTurn) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for order in record.orders:
        orders.setdefault(order.player, []).append(order_text(order.kind, campaign.map.provinces[order.province].name))
    return orders


def summary(campaign, state: PitacState) -> Summary:
    marks = {}
    for player, capital in state.capitals.items():
        if capital:
            marks[capital] = ("capital",)
    return Summary(state.turn, state.owners, state.capitals, N_("VP"), state.vp_all_time, state.winner, marks)


def to_json(campaign, state: PitacState, events=()) -> dict:
    counts = state.counts()
    players = {}
    for player in campaign.players:
        pid = player.id
        players[pid] = {
            "name": player.name, "colour": player.colour,
            "joined": pid in state.joined,
            "provinces": counts.get(pid, 0),
            "holdings": state.held_by(pid),
            "capital": state.capitals.get(pid),
            "capital_dice": state.capital_dice.get(pid),
            "capital_pending": pid in state.pending_capital,
            "on_map": pid in state.joined and pid not in state.off_map,
            "vp": state.vp.get(pid, 0), "vp_all_time": state.vp_all_time.get(pid, 0),
            "koku_bonus": state.koku_bonuses.get(pid, 0),
        }
    capital_of = {c: p for p, c in state.capitals.items() if c}
    return {
        "turn": state.turn, "ruleset": "pitac",
        "provinces": {pid: {"owner": owner, "capital_of": capital_of.get(pid)}
                      for pid, owner in state.owners.items()},
        "players": players,
        "winner": state.winner, "winner_turn": state.winner_turn,
        "shogun_needed": standing.shogun_needed(campaign, state),
        "ranking": {"epoch": len(state.epochs) + 1, "totals": dict(state.vp),
                    "epochs": [e.to_json() for e in state.epochs]},
        "rolls": [e.to_json() for e in events if isinstance(e, Conflict)],
        "events": [e.to_json() for e in events],
    }


def standings(campaign, state: PitacState) -> Standings:
    counts = state.counts()      # the joined players; VP totals have every player from the start
    order = sorted(campaign.players, key=lambda p: (-counts.get(p.id, 0), -state.vp_all_time[p.id], p.index))
    rows = []
    for player in order:
        pid = player.id
        capital = state.capitals.get(pid)
        status = (N_("Shogun") if state.winner == pid else N_("off the map") if pid in state.off_map
                  else N_("not joined") if pid not in state.joined else "")
        rows.append((pid, (counts.get(pid, 0), capital or "-", state.vp[pid], state.vp_all_time[pid], status)))
    notes = (N_("Shogun at %(needed)s of %(total)s territories.", needed=standing.shogun_needed(campaign, state),
                total=len(campaign.map.provinces)),)
    # N_: the site shows the columns, statuses and notes in its language (tr); the terminal in English
    return Standings((N_("Territories"), N_("Capital"), N_("VP (this epoch)"), N_("VP (all time)"), N_("Status")),
                     tuple(rows), notes, key=(N_("Territories"), N_("Status")))
