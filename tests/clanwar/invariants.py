"""Invariants of every Clan War position, checked after every replayed turn of every clanwar test
campaign (the case runner, the property tests, the scenarios):

* the koku ledger adds up: each player's koku after a turn is its koku before plus the turn's ledger
  lines (``koku-changed``), each line's balance is the running total, and no balance is negative;
  at the start, the set-up's lines make the starting koku;
* one controller per province: every province of the map has one entry, held by a player or no one;
* every unit stands in a province of the map with at least one model and no more than its maximum,
  and its leader (if any) is its player's personality in the unit;
* every personality still held stands in a province of the map, in one of its player's units there
  or alone;
* no unique personality type is held twice, and no dead unique type is ever held again; a dead
  personality stays dead;
* alliances pair two different players.
"""

from __future__ import annotations

from collections import Counter

from chronicle.rules.clanwar.state import DEAD, HELD


def check_state(campaign, state) -> list[str]:
    wrong = []
    players = set(campaign.player_ids)
    if set(state.owners) != set(campaign.map.provinces):
        wrong.append("the provinces of the state are not the map's")
    for province, owner in state.owners.items():
        if owner is not None and owner not in players:
            wrong.append(f"{province} is held by {owner!r}, no player")
    for faction in state.factions.values():
        if faction.koku < 0:
            wrong.append(f"{faction.id} has {faction.koku} koku")
    for unit in state.units.values():
        if unit.province not in campaign.map.provinces:
            wrong.append(f"unit {unit.id} stands in {unit.province!r}, no province")
        if unit.models <= 0:
            wrong.append(f"unit {unit.id} has {unit.models} models")
        if unit.max_models is not None and unit.models > unit.max_models:
            wrong.append(f"unit {unit.id} has {unit.models} models, above its maximum {unit.max_models}")
        if not 0 <= unit.experienced_models <= unit.models:
            wrong.append(f"unit {unit.id} has {unit.experienced_models} experienced of {unit.models}")
        if unit.leader is not None:
            leader = state.personalities.get(unit.leader)
            if leader is None or leader.faction != unit.faction or leader.unit != unit.id:
                wrong.append(f"unit {unit.id}'s leader {unit.leader} is not its player's personality in it")
    for person in state.personalities.values():
        if person.status not in HELD:
            continue
        if person.province not in campaign.map.provinces:
            wrong.append(f"{person.id} stands in {person.province!r}, no province")
        if person.unit is not None:
            unit = state.units.get(person.unit)
            if unit is None or unit.faction != person.faction or unit.province != person.province:
                wrong.append(f"{person.id} is in the unit {person.unit}, which is not its player's unit beside it")
    held = Counter(p.type for p in state.personalities.values() if p.unique and p.status in HELD)
    wrong += [f"the unique {kind} is held {n} times" for kind, n in held.items() if n > 1]
    wrong += [f"the dead unique {kind} is held again" for kind in held if kind in state.graveyard]
    for pair in state.alliances:
        if len(pair) != 2 or not pair <= players:
            wrong.append(f"alliance {sorted(pair)} is not a pair of players")
    return wrong


def _ledger(before: dict, events, label: str) -> list[str]:
    wrong = []
    running = dict(before)
    for event in events:
        if event.kind != "koku-changed":
            continue
        running[event.player] = running.get(event.player, 0) + event.amount
        if running[event.player] != event.balance:
            wrong.append(f"{label}: {event.player}'s ledger line says {event.balance}, the lines add up to {running[event.player]}")
        if event.balance < 0:
            wrong.append(f"{label}: {event.player}'s ledger goes below zero ({event.balance})")
    return wrong, running


def check_history(history) -> list[str]:
    campaign = history.campaign
    wrong = []
    found, running = _ledger({}, history.start_events, "set-up")
    wrong += found
    for player, faction in history.start.factions.items():
        if running.get(player, 0) != faction.koku:
            wrong.append(f"set-up: {player} holds {faction.koku}, its ledger adds up to {running.get(player, 0)}")
    wrong += [f"set-up: {w}" for w in check_state(campaign, history.start)]
    before = history.start
    for result in history.turns:
        label = f"turn {result.turn.number}"
        found, running = _ledger({p: f.koku for p, f in before.factions.items()}, result.events, label)
        wrong += found
        for player, faction in result.after.factions.items():
            if running.get(player) != faction.koku:
                wrong.append(f"{label}: {player} holds {faction.koku}, its ledger adds up to {running.get(player)}")
        wrong += [f"{label}: {w}" for w in check_state(campaign, result.after)]
        for pid, person in before.personalities.items():
            now = result.after.personalities.get(pid)
            if person.status == DEAD and (now is None or now.status != DEAD):
                wrong.append(f"{label}: the dead {pid} is {now.status if now else 'gone'}")
        before = result.after
    return wrong
