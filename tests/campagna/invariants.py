"""Invariants of a replayed campagna campaign, checked after every turn of every campagna test
campaign that goes through helpers.play (and the property tests):

* every territory of the map has one entry, held by no one or by a player of the campaign;
* the Capitals are conserved: the same territories are Capitals before and after every turn,
  each always held by someone (a Capital is never left empty), one per faction;
* ownership changes only through the turn's events: a territory that changed hands has an
  occupied / conquered event naming its new holder, and one left empty an empty event;
* while a turn is in corso the map does not change (R21);
* a campaign over stays over, with the same winner;
* no player fights more battles than options.max_battles in a turn, nor spends more than his
  allowance (except the sea action, which spends exactly all of it);
* every mapping of a state is frozen, so no later step can change a turn already played.
"""

from __future__ import annotations

from types import MappingProxyType

MAPPINGS = ("owners", "homes", "generals", "records", "bonus", "bonus_why", "deltas", "actions")


def check_history(history) -> None:
    campaign = history.campaign
    players = set(campaign.player_ids)
    provinces = set(campaign.map.provinces)
    start = history.start
    _position(start, players, provinces)
    homes = dict(start.homes)
    before = start
    for result in history.turns:
        after = result.after
        label = f"turn {result.turn.number}"
        _position(after, players, provinces, label)
        assert dict(after.homes) == homes, f"{label}: the Capitals changed: {dict(after.homes)} != {homes}"
        for capital in homes.values():
            assert after.owners[capital] is not None, f"{label}: the Capital {capital} is empty"
        changed = {t for t in provinces if before.owners[t] != after.owners[t]}
        if after.in_progress:
            assert not changed, f"{label}: the map changed while the turn is in corso: {sorted(changed)}"
        explained = {}
        for event in result.events:
            if event.kind in ("territory-occupied", "territory-conquered"):
                explained[event.at] = event.player
            elif event.kind == "territory-left-empty":
                explained[event.at] = None
        for territory in changed:
            assert territory in explained and explained[territory] == after.owners[territory], \
                f"{label}: {territory} changed hands ({before.owners[territory]} -> {after.owners[territory]}) without its event"
        if before.game_over:
            assert after.game_over and after.winner == before.winner, f"{label}: a campaign over came back"
        for player, actions in after.actions.items():
            assert actions.battles <= campaign.options["max_battles"], f"{label}: {player} fights {actions.battles} battles"
            assert actions.used <= actions.allowance, f"{label}: {player} spent {actions.used} of {actions.allowance}"
        before = after


def _position(state, players, provinces, label="the start") -> None:
    thawed = [key for key in MAPPINGS if not isinstance(getattr(state, key), MappingProxyType)]
    assert not thawed, f"{label}: mappings not frozen: {thawed}"
    assert set(state.owners) == provinces, f"{label}: territories {sorted(set(state.owners) ^ provinces)}"
    for territory, owner in state.owners.items():
        assert owner is None or owner in players, f"{label}: {territory} held by {owner!r}"
    capitals = list(state.homes.values())
    assert len(capitals) == len(set(capitals)), f"{label}: two factions share a Capital"
