"""What the CLI and the site read of a campagna state: the summary, the tabella riepilogativa, the
state JSON, each player's orders as written, and what is only known once a turn is resolved (a
calendar left unfinished, a final not fought).
"""

from __future__ import annotations

from ...errors import Problem
from ...i18n import N_, gettext as _
from .. import Standings, Summary
from .events import BONUS_NAMES, KIND_NAMES, bonus_name
from .schema import min_points
from .setup import order_of

VERB = {"schermaglia": "Schermaglia", "scorreria": "Scorreria", "battaglia_decisiva": "Battaglia decisiva"}


def review(campaign, before, after, record, is_last: bool) -> list[Problem]:
    """R21, Q34: battles of the calendar not yet played are a warning on the last turn written (the
    turn is in corso) and an error before a later turn; likewise a final not fought (R64)."""
    problems = []
    name = campaign.name_of
    unread = record.unread_battles
    # a battle written but unreadable is that entry's error alone, not also "not recorded"
    pending = [c for c in after.calendar if c.pending and c.at not in unread and "*" not in unread]
    if pending:
        where = ", ".join(f"{name(c.at)} ({name(c.attacker)} against {name(c.opponent)})" for c in pending)
        count = len(pending)
        if is_last:
            problems.append(Problem(f"{count} battle{'s' if count != 1 else ''} of the calendar not yet played: {where}; "
                                    "the map is updated when the calendar ends", path=("battles",) if record.battles else (),
                                    severity="warning", rule="R21",
                                    hint="write each result under battles: (winner, victory, score) once it is played"))
        else:
            problems.append(Problem(f"the calendar of turn {record.number} is not finished: {where} not recorded, "
                                    "and a later turn is written", path=("battles",) if record.battles else (), rule="R21",
                                    hint="write each battle's result under battles: before the next turn"))
    if (after.final is not None and after.final is not before.final and after.final.winner is None
            and after.final.next_pair and not after.game_over):
        a, b = after.final.next_pair
        if is_last:
            problems.append(Problem(f"the final Battaglia decisiva between {name(a)} and {name(b)} is still to be fought",
                                    path=("final",) if record.final else (), severity="warning", rule="R64",
                                    hint=f"write it under final: (players: [{a}, {b}], at least "
                                         f"{min_points(campaign.options, 'finale')} points, both Generals)"))
    return problems


def orders_of(campaign, record) -> dict[str, list[str]]:
    """Each player's declarations and answers as written, for the turn page."""
    name = campaign.name_of
    out: dict[str, list[str]] = {}
    for player, orders in record.orders.items():
        for order in orders:
            text = f"{VERB[order.kind]} {name(order.target)}"
            if order.origin:
                text += " " + _("(from %(territory)s)", territory=name(order.origin))
            out.setdefault(player, []).append(text)
    return out


def summary(campaign, state) -> Summary:
    capitals = {p: (home if state.owners.get(home) == p else None) for p, home in state.homes.items()}
    marks = {t: ("capital",) for t in state.homes.values()}
    scores = {p: len(state.capitals_held(p)) for p in campaign.player_ids}
    return Summary(state.turn, state.owners, capitals, _("Capitals"), scores, state.winner, marks)


COLUMNS = (N_("Capitals"), N_("Territories"), N_("Games"), N_("Major wins"), N_("Minor wins"), N_("Draws"),
           N_("Defeats"), N_("Objectives for"), N_("Objectives against"), N_("Delta"), N_("Bonus next turn"),
           N_("General"))


def standings(campaign, state) -> Standings:
    """The tabella riepilogativa (R60): ordered by Capitals, then territories, then Delta."""
    rows = []
    def key(p):
        r = state.records[p]
        return (-len(state.capitals_held(p)), -state.count(p), -r.delta, p)
    for player in sorted(campaign.player_ids, key=key):
        r = state.records[player]
        general = state.generals[player]          # every player's, from the set-up (R01)
        wound = {"ferita_grave": "ferita grave", "ferita_lieve": "ferita lieve"}.get(general.pending)
        bonus = state.bonus.get(player)
        extra = [bonus_name(bonus, campaign.options["bonus_actions"])] if bonus else []
        if player in state.best_general:
            extra.append(_(BONUS_NAMES["miglior_generale"]))
        rows.append((player, (f"{len(state.capitals_held(player))}/{campaign.options['capitals_to_win']}",
                              state.count(player), r.games, r.major, r.minor, r.draws, r.defeats, r.scored, r.conceded,
                              f"{r.delta:+d}", ", ".join(extra) or "-",
                              general.name + (f" ({wound})" if wound else ""))))
    notes = []
    if state.in_progress:
        notes.append(_("The turn's calendar is in progress: the map is updated when its last battle is played."))
    if state.final is not None and state.final.winner is None and state.final.next_pair:
        a, b = state.final.next_pair
        notes.append(_("A final Battaglia decisiva between %(first)s and %(second)s decides the campaign.",
                       first=campaign.name_of(a), second=campaign.name_of(b)))
    return Standings(COLUMNS, tuple(rows), tuple(notes))


def to_json(campaign, state, events=()) -> dict:
    """The state after a turn and its events, as documented in docs/rules/campagna.md ("State JSON")."""
    opts = campaign.options
    capital_of = state.capital_of
    turn_order = state.order or state.first_order
    next_order = order_of(state.first_order, state.turn + 1)
    players = {}
    for player in campaign.players:
        pid = player.id
        home = state.homes.get(pid)
        general = state.generals[pid]
        actions = state.actions.get(pid)
        record = state.records[pid]
        held = state.held_by(pid)
        players[pid] = {
            "name": player.name, "colour": player.colour, "faction": player.fields.get("faction"),
            "general": general.name,
            "territories": len(held), "provinces": len(held), "holdings": held,
            "home_capital": home, "capital": home if home and state.owners.get(home) == pid else None,
            "capitals": state.capitals_held(pid), "capitals_count": len(state.capitals_held(pid)),
            "on_map": bool(held),
            "initiative": turn_order.index(pid) + 1 if pid in turn_order else None,
            "next_initiative": next_order.index(pid) + 1 if pid in next_order else None,
            "actions": actions.to_json() if actions else None,
            "battles_this_turn": actions.battles if actions else 0,
            "bonus_next_turn": state.bonus.get(pid), "bonus_reason": state.bonus_why.get(pid) or None,
            "miglior_generale": pid in state.best_general,
            "delta_turn": state.deltas.get(pid, 0), "delta_total": record.delta,
            "record": record.to_json(),
        }
    events = list(events)
    return {
        "turn": state.turn, "ruleset": "campagna",
        "territories": {t: {"owner": o, "capital_of": capital_of.get(t),
                            "coast": campaign.map.provinces[t].has("coast")} for t, o in state.owners.items()},
        "provinces": {t: {"owner": o, "capital_of": capital_of.get(t)} for t, o in state.owners.items()},
        "players": players,
        "generals": {p: g.to_json() for p, g in state.generals.items()},
        "order": list(turn_order), "next_order": list(next_order),
        "calendar": [c.to_json() for c in state.calendar],
        "in_progress": state.in_progress,
        "capitals_to_win": opts["capitals_to_win"],
        "final": state.final.to_json() if state.final else None,
        "game_over": state.game_over, "winner": state.winner, "winner_turn": state.winner_turn,
        "dice": [{**roll.to_json(), "event": i, "kind": e.kind}
                 for i, e in enumerate(events) for roll in getattr(e, "dice", ())],
        "events": [e.to_json() for e in events],
    }


def clash_title(campaign, clash) -> str:
    return f"{KIND_NAMES[clash.kind]} at {campaign.name_of(clash.at)}"
