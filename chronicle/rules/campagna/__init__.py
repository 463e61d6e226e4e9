"""Regolamento Campagna (shared/seeds/003_ad7e4ae065cc7e22.txt): a map of territories and Capitals,
turns of declared actions (Schermaglia, Scorreria, Battaglia decisiva and the answers Resistere,
Ritirarsi, Intervenire), battles fought on the table and entered as results, each player's named
General and his D6 fate, campaign bonuses, and victory at three Capitals.

A turn is played in the seed's sequence: the order of play (rotated every turn), the declarations
in that order with their answers (the calendario del turno), the battles as entered, then at the
end of the calendar the map, the summary table, the bonuses and the victory. Each step is a module
with one job; this one ties them together. Every rule, its reading where the seed is unclear, and
its test are listed in docs/rules/campagna.md.
"""

from __future__ import annotations

from .. import PlaysOnce, Ruleset
from . import record as rec
from . import marks, views
from .battles import fight
from .context import Ctx
from .declarations import declare
from .endturn import best_general, bonuses_after, pending_event, records_after, turn_deltas, update_map, victory
from .events import TurnOrder
from .schema import CAMPAIGN_PROPERTIES, OPTIONS, PLAYER_PROPERTIES, PLAYER_REQUIRED, TURN_SCHEMA
from .setup import initial_state


class Campagna(PlaysOnce, Ruleset):
    name = "campagna"
    title = "Regolamento Campagna"
    seed_file = "003_ad7e4ae065cc7e22.txt"
    options = OPTIONS
    player_properties = PLAYER_PROPERTIES
    player_required = PLAYER_REQUIRED
    campaign_properties = CAMPAIGN_PROPERTIES
    turn_schema = TURN_SCHEMA
    default_language = "it"

    def initial_state(self, campaign, dice):
        return initial_state(campaign, dice)

    def parse_turn(self, campaign, number, data):
        return rec.parse_turn(campaign, number, data)

    def play(self, campaign, state, record, dice):
        """One turn: (state after, events, problems). Pure: the same input gives the same output."""
        ctx = Ctx(campaign, record, state, dice)
        if state.game_over:
            ctx.problem(f"the campaign is over: {campaign.name_of(state.winner)} won it in turn {state.winner_turn}",
                        (), hint="no turn is played after the victory; remove this file", rule="R63")
            return state.but(turn=record.number, calendar=(), actions={}, in_progress=False), [], ctx.problems
        if state.final is not None and state.final.winner is None:
            pair = state.final.next_pair
            ctx.problem(f"the final battle between {campaign.name_of(pair[0])} and {campaign.name_of(pair[1])} is not "
                        f"decided: the campaign waits for it", (), rule="R64",
                        hint=f"write it under final: in turn {state.turn}'s file")
            return state.but(turn=record.number, calendar=(), actions={}, in_progress=False), [], ctx.problems
        ctx.emit(TurnOrder(record.number, ctx.order))
        declare(ctx)
        fight(ctx)
        played = [c for c in ctx.clashes if c.result is not None]
        results = [(c.players, c.result) for c in sorted(played, key=lambda c: c.battle_index)]
        common = dict(turn=record.number, calendar=tuple(ctx.clashes), actions=ctx.actions, order=ctx.order,
                      generals=ctx.generals)
        if any(c.pending for c in ctx.clashes):
            pending_event(ctx)
            if record.final:
                ctx.problem("the final is fought at the end of the calendar, and battles of the calendar are still to "
                            "play", ("final",), rule="R64", hint="write the calendar's results first")
            after = state.but(records=records_after(ctx, results), in_progress=True, **common)
            return after, ctx.events, ctx.problems
        owners = update_map(ctx)
        state = state.but(owners=owners)
        final, winner = victory(ctx, owners)
        if final is not None:
            results += [(pair, result) for pair, result in final.battles]
        records = records_after(ctx, results)
        deltas = turn_deltas(ctx, [(c.players, c.result) for c in played])
        bonus, why = bonuses_after(ctx, owners)
        best = best_general(ctx, deltas, records)
        after = state.but(records=records, bonus=bonus, bonus_why=why, best_general=best, deltas=deltas,
                          in_progress=False, final=final, game_over=winner is not None, winner=winner,
                          winner_turn=record.number if winner else None, **common)
        return after, ctx.events, ctx.problems

    def review(self, campaign, before, after, record, events, is_last: bool):
        return views.review(campaign, before, after, record, is_last)

    # ---- views -------------------------------------------------------------------------------

    def orders_of(self, campaign, record):
        return views.orders_of(campaign, record)

    def map_marks(self, campaign, before, after, record, events):
        return marks.map_marks(campaign, before, after, events)      # the calendar in ``after`` says it all

    def next_turn(self, campaign, history):
        from .nextturn import next_turn
        return next_turn(campaign, history)

    def blank_hint(self, path, options):
        from .nextturn import blank_hint
        return blank_hint(path, options)

    def summary(self, campaign, state):
        return views.summary(campaign, state)

    def standings(self, campaign, state):
        return views.standings(campaign, state)

    def to_json(self, campaign, state, events=(), private: bool = False):
        return views.to_json(campaign, state, events)
