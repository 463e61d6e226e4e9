"""The end of the calendar (R21, R54-R65): the map updated all at once, Capitals taken, the
landless, the summary table, the bonuses for the next turn, and the victory with its final battle.

While a battle of the calendar is still to be played the turn is *in corso* (Q34): the played
battles go into the summary table and the Generals' fates stand, but the map, the bonuses and the
victory wait for the end of the calendar.
"""

from __future__ import annotations

from ...i18n import N_
from .battles import check_entry
from .events import (BattleFought, BestGeneral, BonusEarned, CalendarPending, CampaignWon, CapitalTaken, FinalRequired,
                     KIND_NAMES, PlayerLandless, TerritoryConquered, TerritoryHeld, TerritoryLeftEmpty, TerritoryOccupied)
from .schema import FINALE, TRE_AZIONI
from .state import Final, Record


def records_after(ctx, results) -> dict[str, Record]:
    """R60: every game's score into the tabella riepilogativa (every player has his line from the
    set-up on)."""
    records = dict(ctx.state.records)
    for players, result in results:
        for player in players:
            other = next(p for p in players if p != player)
            outcome = ("draw" if result.winner is None else result.victory if result.winner == player else "defeat")
            records[player] = records[player].add(outcome, result.score.get(player, 0), result.score.get(other, 0))
    return records


def turn_deltas(ctx, results) -> dict[str, int]:
    """The Delta obiettivi of each player who fought this turn: his objective points less his opponents'."""
    deltas: dict[str, int] = {}
    for players, result in results:
        for player in players:
            other = next(p for p in players if p != player)
            deltas[player] = deltas.get(player, 0) + result.score.get(player, 0) - result.score.get(other, 0)
    return deltas


def update_map(ctx) -> dict[str, str | None]:
    """R21: every clash's outcome applied at once, each explained by its rule."""
    owners = dict(ctx.state.owners)
    for clash in ctx.clashes:
        if clash.answer == "unopposed":
            owners[clash.at] = clash.attacker
            ctx.emit(TerritoryOccupied(clash.attacker, clash.at, "R33"))
        elif clash.answer == "retreated":
            owners[clash.at] = clash.attacker
            ctx.emit(TerritoryConquered(clash.attacker, clash.at, clash.holder, "R31"))
        elif clash.result is not None:
            owners[clash.at] = clash.new_owner
            if clash.outcome == "occupied":
                ctx.emit(TerritoryOccupied(clash.new_owner, clash.at, clash.rule))
            elif clash.outcome == "conquered":
                ctx.emit(TerritoryConquered(clash.new_owner, clash.at, clash.holder, clash.rule))
            elif clash.outcome == "held":
                ctx.emit(TerritoryHeld(clash.holder, clash.at, clash.attacker, clash.rule))
            else:
                ctx.emit(TerritoryLeftEmpty(clash.at, clash.rule))
    before = ctx.state.owners
    for territory, founder in sorted(ctx.state.capital_of.items()):
        if owners.get(territory) != before.get(territory) and owners.get(territory) is not None:
            ctx.emit(CapitalTaken(territory, owners[territory], before.get(territory), founder))
    for player in ctx.campaign.player_ids:
        if ctx.held[player] and not any(o == player for o in owners.values()):
            ctx.emit(PlayerLandless(player))
    return owners


def bonuses_after(ctx, owners) -> tuple[dict, dict]:
    """R54-R59 (Q21-Q24): from the end of turn 2, the territories held give one bonus for the next
    turn, and none to a player who does not hold his own Capital."""
    opts = ctx.options
    bonus, why = {}, {}
    for player in ctx.campaign.player_ids:
        count = sum(1 for o in owners.values() if o == player)
        if ctx.turn < opts["bonus_from_turn"]:
            bonus[player], why[player] = None, N_("no bonus before the end of turn %(turn)s", turn=opts["bonus_from_turn"])
            continue
        if count == 0:
            bonus[player], why[player] = None, N_("no territory")
        elif owners.get(ctx.state.homes.get(player)) != player:
            bonus[player], why[player] = None, N_("the faction's Capital is not held")
        else:
            tier = next((t for t in opts["tiers"] if t["min"] <= count and (t.get("max") is None or count <= t["max"])), None)
            bonus[player] = tier["bonus"] if tier else None
            why[player] = "" if tier else N_("no tier for %(count)s territories", count=count)
        ctx.emit(BonusEarned(player, bonus[player], count, why[player] or None,
                             opts["bonus_actions"] if bonus[player] == TRE_AZIONI else None))
    return bonus, why


def best_general(ctx, deltas: dict[str, int], records: dict[str, Record]) -> frozenset:
    """R61 (Q20): the best Delta obiettivi above zero; every player tied for it holds the bonus."""
    if ctx.options["best_general_delta"] == "campaign":
        pool = {p: r.delta for p, r in records.items() if r.games}
    else:
        pool = dict(deltas)
    if not pool:
        return frozenset()
    best = max(pool.values())
    if best <= 0:
        return frozenset()
    holders = tuple(sorted(p for p, d in pool.items() if d == best))
    ctx.emit(BestGeneral(holders, best))
    return frozenset(holders)


def victory(ctx, owners) -> tuple[Final | None, str | None]:
    """R63-R64 (Q25, Q26): who holds enough Capitals at the end of the turn; two or more play off."""
    opts = ctx.options
    need = opts["capitals_to_win"]
    held = {p: sorted(t for t in ctx.state.homes.values() if owners.get(t) == p) for p in ctx.campaign.player_ids}
    qualified = [p for p in ctx.order if len(held[p]) >= need
                 and (not opts["victory_needs_own_capital"] or owners.get(ctx.state.homes.get(p)) == p)]
    if len(qualified) == 1:
        ctx.emit(CampaignWon(qualified[0], tuple(held[qualified[0]]), ctx.turn))
        return None, qualified[0]
    if not qualified:
        if ctx.record.final:
            ctx.problem("no final battle is due: no two players qualify for the victory this turn", ("final",), rule="R64",
                        hint=f"the final is fought only when two players hold {need} Capitals at the end of a turn")
        return None, None
    ctx.emit(FinalRequired(tuple(qualified), {p: len(held[p]) for p in qualified}))
    final = Final(tuple(qualified))
    for i, entry in enumerate(ctx.record.final):
        pair = final.next_pair
        if pair is None:
            ctx.problem("the final is already decided: this battle is one too many", entry.path, rule="R64",
                        hint="remove it")
            continue
        if set(entry.players) != set(pair):
            ctx.problem(f"the final battle {'is' if i == 0 else 'now is'} between {ctx.name(pair[0])} and {ctx.name(pair[1])}",
                        entry.path + ("players",), rule="R64",
                        hint="claimants meet in the order of play; the winner of each meets the next")
            continue
        mark = len(ctx.events)
        result = check_entry(ctx, entry, FINALE, pair, None, where="the final")
        if result is None:
            break
        ctx.events.insert(mark, BattleFought(KIND_NAMES[FINALE], FINALE, None, pair,
                                             (result.winner,) if result.winner else (), result.victory,
                                             dict(result.score), entry.points if isinstance(entry.points, int) else None,
                                             result.scenario))
        final = Final(final.claimants, final.battles + ((pair, result),))
        if result.winner and final.next_pair is None:
            final = Final(final.claimants, final.battles, result.winner)
    if final.winner:
        ctx.emit(CampaignWon(final.winner, tuple(held[final.winner]), ctx.turn, by_final=True))
    return final, final.winner


def pending_event(ctx) -> None:
    pending = [c.at for c in ctx.clashes if c.pending]
    if pending:
        ctx.emit(CalendarPending(tuple(pending)))
