"""The ranks (VP epochs and their champions, the koku bonus) and the Shogun's victory."""

from __future__ import annotations

from .schema import share
from .state import ArmyListBonus, Epoch, EpochEnded, ShogunProclaimed, frozen


def ranks(campaign, state, record):
    events = []
    vp, all_time = dict(state.vp), dict(state.vp_all_time)     # every player's, from the start
    for battle in record.battles:
        for player, points in battle.vp.items():
            vp[player] += points
            all_time[player] += points
    koku = dict(state.koku_bonuses)
    for player in record.army_lists:
        koku[player] = koku.get(player, 0) + campaign.options["army_list_koku"]
        events.append(ArmyListBonus(player, campaign.options["army_list_koku"]))
    epochs = state.epochs
    reboot = campaign.options["vp_reboot"]
    if reboot is not None and vp and max(vp.values()) >= reboot:
        top = max(vp.values())
        champions = tuple(sorted(p for p, v in vp.items() if v == top))
        epoch = Epoch(len(epochs) + 1, record.number, champions, frozen(vp))
        epochs = epochs + (epoch,)
        events.append(EpochEnded(epoch.number, champions, epoch.totals))
        vp = {p: 0 for p in vp}
    return state.but(vp=vp, vp_all_time=all_time, epochs=epochs, koku_bonuses=koku), events


def shogun_needed(campaign, state) -> int:
    """Territories a Shogun must hold now: the share (by the number of players joined) of all
    territories, rounded up."""
    players = len(state.joined)
    large = players >= campaign.options["large_game_players"]
    fraction = share(campaign.options["shogun_share_large" if large else "shogun_share_small"])
    needed = fraction * len(campaign.map.provinces)
    return int(needed) if needed.denominator == 1 else int(needed) + 1


def victory(campaign, state):
    if state.winner is not None:
        return state, []
    needed = shogun_needed(campaign, state)
    counts = state.counts()
    reached = {p: n for p, n in counts.items() if n >= needed}
    if not reached:
        return state, []
    top = max(reached.values())
    leaders = [p for p, n in reached.items() if n == top]
    if len(leaders) > 1:
        return state, []
    winner = leaders[0]
    return state.but(winner=winner, winner_turn=state.turn), [ShogunProclaimed(winner, top, needed)]
