"""What the CLI and the site read of a Clan War state: the summary, the standings, the JSON.

Public and private: the site shows the public JSON; ``private=True`` (``chronicle state
--private``) adds what the players keep to themselves: each faction's tactical card pool and the
battle decks built from it (L74).

A state holds no unit of 0 models (the end of each turn removes them; tests/clanwar/invariants.py
checks it after every turn), so the views count every unit they are given.
"""

from __future__ import annotations

from ...i18n import N_, N_units
from ...i18n import gettext as _
from .. import Piece, Standings, Summary
from .events import ORDERED
from .factions import FACTIONS
from .state import DEAD, HELD, ON_MAP, REMOVED


#: a counter of personalities without troops; the map shows the status as a class and, translated, in the tip
LONE = N_("lone")
#: what the map's legend says a counter shows, by its status (see :func:`summary`)
#: what a counter's figure counts, as its tip says it
MODELS = N_units("%(num)d model", "%(num)d models")
COUNTERS = {"": N_("Units in a province: which unit (×2: two units) and their models"),
            LONE: N_("Personalities without troops: which one (×2: two of them)")}


def summary(campaign, state) -> Summary:
    """One counter per faction and province: its units (their names in the tip, the unit's own
    number on the counter, or how many when several, and their models), else its personalities
    without troops. Its label, ``lion@akodo``, is only its identity on the map: players know
    units and personalities by their names, never by that."""
    marks = {p: ("library",) for p in campaign.map.with_flag("library")}
    pieces = []
    for province in sorted(campaign.map.provinces):
        for player in sorted(state.factions):
            units = sorted((u for u in state.units.values() if u.province == province and u.faction == player),
                           key=lambda u: u.id)
            people = sorted((p for p in state.personalities.values() if p.province == province and p.faction == player
                             and p.status in ON_MAP), key=lambda p: p.id)
            shown = units or people
            if not shown:
                continue
            name = ", ".join(x.name for x in shown)
            short = f"×{len(shown)}" if len(shown) > 1 else None     # one: its own number or initial (short_name)
            if units:
                models = sum(u.models for u in units)
                pieces.append(Piece(province, player, f"{player}@{province}", models, name=name, short=short,
                                    unit=MODELS))
            else:
                pieces.append(Piece(province, player, f"{player}@{province}", None, LONE, name=name, short=short))
    scores = {p: f.koku for p, f in state.factions.items()}
    capitals = {p: None for p in state.factions}
    return Summary(state.turn, state.owners, capitals, "Koku", scores, state.winner, marks, tuple(pieces),
                   piece_legend=COUNTERS)


def standings(campaign, state) -> Standings:
    rows = []
    order = sorted(state.factions.values(), key=lambda f: (state.winner != f.id, -state.count(f.id), -f.koku, -f.honor, f.id))
    for faction in order:
        units = [u for u in state.units.values() if u.faction == faction.id]
        people = [p for p in state.personalities.values() if p.faction == faction.id and p.status in HELD]
        allies = sorted(next(iter(pair - {faction.id})) for pair in state.alliances if faction.id in pair)
        status = N_("winner") if state.winner == faction.id else (N_("corrupted") if faction.corrupted and faction.kind != "shadowlands" else "")
        rows.append((faction.id, (state.count(faction.id), faction.koku, len(units), sum(u.models for u in units), len(people),
                                  faction.rings if faction.kind == "monk" else "-", faction.honor,
                                  ", ".join(campaign.name_of(a) for a in allies), status)))
    dead = sorted(p.name for p in state.personalities.values() if p.status == DEAD and p.unique)
    notes = (N_("The dead, never to return: %(names)s.", names=", ".join(dead)),) if dead else ()
    return Standings((N_("Provinces"), N_("Koku"), N_("Units"), N_("Models"), N_("Personalities"), N_("Rings"), N_("Honor"),
                      N_("Allies"), N_("Status")), tuple(rows), notes,
                     key=(N_("Provinces"), N_("Status")))     # who holds most leads; a phone keeps these in view


def to_json(ruleset, campaign, state, events, private: bool) -> dict:
    """The state after a turn and its events (docs/rules/clanwar.md, "State JSON"). No defaults:
    Clanwar.to_json, the one caller, passes both (the defaults were never read)."""
    factions = {}
    for pid, faction in state.factions.items():
        allies = sorted(next(iter(pair - {pid})) for pair in state.alliances if pid in pair)
        entry = {"faction": faction.kind, "faction_name": FACTIONS[faction.kind].name, "name": campaign.name_of(pid),
                 "koku": faction.koku, "honor": faction.honor, "rings": faction.rings, "corrupted": faction.corrupted,
                 "daimyo": faction.daimyo, "provinces": state.count(pid), "held": state.held_by(pid), "allies": allies,
                 "stockpile": dict(faction.stockpile), "grudges": sorted(faction.grudges),
                 "excused": sorted(faction.excused), "deck_cards": len(faction.deck)}
        if private:
            entry["deck"] = list(faction.deck)
        factions[pid] = entry
    events = list(events)
    # L70: 'If your daimyo leads a combat unit, these command group models are placed off-table and out of use'
    leaders = {u.leader for u in state.units.values() if u.leader}
    return {
        "turn": state.turn, "ruleset": ruleset.name,
        "provinces": {p: {"controller": o, "owner": o, "original": state.original.get(p),
                          "library": campaign.map.provinces[p].has("library"),
                          "spells": list(state.libraries.get(p, ())), "joint": list(state.joint.get(p, ()))}
                      for p, o in state.owners.items()},
        "factions": factions,
        "players": factions,
        "koku": {pid: f.koku for pid, f in state.factions.items()},
        "units": {u.id: u.to_json() for u in sorted(state.units.values(), key=lambda u: u.id)},
        "personalities": {p.id: {**p.to_json(), "command_group_off_table": bool(p.command_group) and p.id in leaders}
                          for p in sorted(state.personalities.values(), key=lambda p: p.id)},
        "alliances": sorted(sorted(pair) for pair in state.alliances),
        "graveyard": sorted(state.graveyard),
        "dead": sorted(p.id for p in state.personalities.values() if p.status == DEAD),
        "removed": sorted(p.id for p in state.personalities.values() if p.status == REMOVED),
        "game_over": state.game_over, "winner": state.winner,
        "dice": [{**roll.to_json(), "event": i, "kind": e.kind} for i, e in enumerate(events) for roll in _rolls(e)],
        "events": [e.to_json(private=private) for e in events],
    }


def _rolls(event):
    if hasattr(event, "dice"):
        return tuple(event.dice)
    if hasattr(event, "die") and event.die is not None:
        return (event.die,)
    return ()


def orders_of(campaign, record) -> dict[str, list[str]]:
    """Each player's moves and purchases as written, for the turn page (by the subject's owner when
    it can be told from the record: purchases say their buyer; moves are listed under 'moves')."""
    orders: dict[str, list[str]] = {}
    for purchase in record.purchases:
        ordered = ORDERED[purchase.kind]      # in the site's language: the site calls this
        orders.setdefault(purchase.player, []).append(_(ordered, subject=purchase.subject))
    return orders


def display_names(state) -> dict[str, str]:
    """Units and personalities by their names, for sentences."""
    names = {u.id: u.name for u in state.units.values()}
    names.update({p.id: p.name for p in state.personalities.values()})
    return names


def map_marks(campaign, before, after, record, events):
    """The turn on the map: every move by phase as an arrow (a withdrawal as a retreat), every battle
    marked where it was fought, with its result seen from the side that attacked (the players who
    did not hold the province)."""
    from .. import ContestMark, MapMarks, OrderMark, Outcome
    from .events import PHASE_TITLES
    from .views import display_names
    names = dict(display_names(before))
    names.update(display_names(after))

    def name(some_id):
        if some_id in campaign.player_ids or some_id in campaign.map.provinces or some_id is None:
            return campaign.name_of(some_id)
        return names.get(some_id, str(some_id))

    orders, contests = [], []
    for index, event in enumerate(events):
        kind = event.kind
        if kind == "moved":
            orders.append(OrderMark("support" if event.phase == "defend" else "move", event.player, tuple(event.path),
                                    Outcome.SUCCEEDED, event.describe(name), army=event.subject,
                                    legs=tuple(("sea" if (link := campaign.map.link_between(a, b)) and link.kind == "sea"
                                                else "") for a, b in zip(event.path, event.path[1:])),
                                    phase=PHASE_TITLES[event.phase], event=index))
        elif kind == "regrouped":
            if event.origin != event.to:
                orders.append(OrderMark("retreat", event.player, (event.origin, event.to), Outcome.SUCCEEDED, event.describe(name),
                                        army=event.unit, phase=PHASE_TITLES["battle"], event=index))
        elif kind == "battle-fought":
            attackers = [p for p in event.players if p != event.controller_before]
            if event.winner is None:
                outcome = Outcome.DRAWN
            elif any(w in attackers for w in event.winners) and event.controller_before not in event.winners:
                outcome = Outcome.SUCCEEDED
            else:
                outcome = Outcome.FAILED
            contests.append(ContestMark("battle", event.province, tuple(event.players), outcome, event.describe(name),
                                        event.winner, index))
    return MapMarks(tuple(orders), tuple(contests))
