"""Clan War (shared/seeds/000_7da74ec985e58bcc.txt): house rules for a Legend of the Five Rings
miniatures map campaign in Rokugan.

A Strategic Turn is played in the seed's six phases: Start (purchases, alliances, reassignment),
Primary movement, Cavalry movement, the Monks' moves to defend, Battle (results entered as facts,
then their consequences), Reserve movement, Recovery (healing, casualties, new forces, taxes).
Each phase is a module with one job; this one ties them together and gives the views. Every rule,
its reading where the seed is unclear, and its test are listed in docs/rules/clanwar.md.
"""

from __future__ import annotations

from .. import PlaysOnce, Ruleset
from . import views
from .battle import battle_phase
from .context import Board, Ctx
from .events import PhaseBegun
from .movement import movement_phase
from .options import OPTIONS
from .record import parse_turn
from .recovery import recovery_phase
from .schema import CAMPAIGN_PROPERTIES, CATALOGUE, PLAYER_PROPERTIES, TURN_SCHEMA
from .setup import initial_state
from .start import start_phase
from .state import ON_MAP


class Clanwar(PlaysOnce, Ruleset):
    name = "clanwar"
    title = "Clan War"
    seed_file = "000_7da74ec985e58bcc.txt"
    options = OPTIONS
    player_properties = PLAYER_PROPERTIES
    campaign_properties = CAMPAIGN_PROPERTIES
    campaign_files = {"catalogue": CATALOGUE}
    turn_schema = TURN_SCHEMA

    def initial_state(self, campaign, dice):
        return initial_state(campaign, dice)

    def parse_turn(self, campaign, number, data):
        return parse_turn(campaign, number, data)

    def play(self, campaign, state, record, dice):
        """One Strategic Turn: (state after, events, problems). Pure: the state given is not changed."""
        board = Board(state)
        board.turn = record.number
        ctx = Ctx(campaign, record, dice, record.number, board, start_owners=dict(state.owners))
        for subject in record.miswritten:
            # its dice are drawn instead: what follows from them is not reported as a second error
            ctx.doubt.setdefault(subject, f"turn {record.number}: a die of {subject} is not a d10")
        if state.game_over:
            ctx.problem("the campaign is already won: no more turns are played", (),
                        hint=f"the winner is {ctx.name(state.winner)}", rule="victory")
            return state.but(turn=record.number), [], ctx.problems
        start_phase(ctx)
        movement_phase(ctx, "primary")
        movement_phase(ctx, "cavalry")
        movement_phase(ctx, "defend")
        battle_phase(ctx)
        movement_phase(ctx, "reserve")
        recovery_phase(ctx)
        self._end_of_turn(ctx)
        ctx.unused_dice()
        ctx.consequences()
        return board.freeze(), ctx.events, ctx.problems

    def _end_of_turn(self, ctx) -> None:
        board = ctx.board
        for uid, path in sorted(ctx.stayed.items()):
            unit = board.units.get(uid)
            if unit is not None and unit.models > 0 and not ctx.map.provinces[unit.province].has("togashi"):
                # its moves out were refused at the move (movement.py): only a battle drives it out
                ctx.problem(f"{uid} did not spend the whole turn in the Togashi province", path,
                            hint="it was driven out by a battle: remove the tattoos from this turn's purchases, and buy them in a turn it stays there",
                            rule="Yokuni's tattoos (L170)")
        for player, faction in sorted(board.factions.items()):
            # Q53: a Daimyo lost (dead, captured, removed) is replaced in a Start phase; the player is
            # warned at the end of each turn whose Start phase found him lost and named no other, so
            # not in the turn he fell in battle or was captured (no Start phase was left to name one)
            lost = ctx.daimyo_lost.get(player)
            if lost is not None and faction.daimyo == lost and board.personalities[lost].status not in ON_MAP:
                ctx.warn(f"{ctx.name(player)}'s Daimyo {lost} is {board.personalities[lost].status}: name a new one",
                         ("start",), hint=f"start: daimyo: {{{player}: PERSONALITY}} in the next turn",
                         rule="you must pick a Daimyo (L67)")
        for uid in [u for u, unit in board.units.items() if unit.models <= 0]:
            del board.units[uid]

    # ---- views -------------------------------------------------------------------------------

    def summary(self, campaign, state):
        return views.summary(campaign, state)

    def standings(self, campaign, state):
        return views.standings(campaign, state)

    def to_json(self, campaign, state, events=(), private: bool = False) -> dict:
        return views.to_json(self, campaign, state, events, private)

    def orders_of(self, campaign, record):
        return views.orders_of(campaign, record)

    def display_names(self, campaign, state):
        return views.display_names(state)

    def map_marks(self, campaign, before, after, record, events):
        return views.map_marks(campaign, before, after, record, events)

    def next_turn(self, campaign, history):
        from .nextturn import next_turn
        return next_turn(campaign, history)

    def blank_hint(self, path, options):
        from .nextturn import blank_hint
        return blank_hint(path, options)


__all__ = ["Clanwar", "PhaseBegun"]
