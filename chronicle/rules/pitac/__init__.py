"""Clans of the Pitac (shared/seeds/001_9830fcc6545e436e.txt): d10 territory moves.

The ruleset object ties the rulebook's parts together in the order a turn is played; each part
lives in a module of its own (orders, conflict, capitals, standing) and every rule, its reading
where the seed is unclear, and its test are listed in docs/rules/pitac.md.
"""

from __future__ import annotations

from collections import Counter

from ...dice import DiceBox
from ...errors import Problem
from ...i18n import N_
from .. import Ruleset
from . import capitals as capital_rules
from . import orders as order_rules
from . import record as rec
from . import gifts, marks, standing, views
from .conflict import Side, decide
from .record import OrderKind, PitacTurn
from .schema import OPTIONS, PLAYER_PROPERTIES, TURN_SCHEMA
from .state import BattleFought, Conflict, MovesEarned, PitacState, UnopposedDefence, frozen


class Pitac(Ruleset):
    name = "pitac"
    title = "Clans of the Pitac"
    seed_file = "001_9830fcc6545e436e.txt"
    options = OPTIONS
    player_properties = PLAYER_PROPERTIES
    turn_schema = TURN_SCHEMA

    def initial_state(self, campaign, dice):
        owners = {pid: None for pid in campaign.map.provinces}
        nobody = frozen({p: 0 for p in campaign.player_ids})
        state = PitacState(0, frozen(owners), frozen({}), frozen({}), (), frozenset(), frozenset(),
                           nobody, nobody, (), None, None, frozen({}))
        founders = [p for p in campaign.players if p.fields.get("joins", 1) <= 1]
        return capital_rules.place_capitals(campaign, state, founders, dice, turn=0)

    def parse_turn(self, campaign, number, data):
        return rec.parse_turn(campaign, number, data)

    def check(self, campaign, state, record: PitacTurn) -> list[Problem]:
        # late players join at the start of their turn, before orders are judged (as in resolve);
        # their draws depend only on the campaign seed, so a fresh DiceBox gives the same places
        state, _, problems = capital_rules.join(campaign, state, record.number, DiceBox(campaign.seed))
        state, _, more = gifts.give(campaign, state, record)
        problems += more
        legal, more = order_rules.legal_orders(campaign, state, record)
        problems += more
        problems += order_rules.dice_problems(campaign, state, record, legal)
        return problems

    def resolve(self, campaign, state: PitacState, record: PitacTurn, dice):
        """Play the turn: joiners, gifts, moves, every conflict at once, capitals, ranks, victory."""
        number = record.number
        state, events, _ = capital_rules.join(campaign, state.but(turn=number), number, dice)
        state, given, _ = gifts.give(campaign, state, record)
        events += given
        earned = order_rules.moves(campaign, state, record)
        for battle in record.battles:
            events.append(BattleFought(battle.name, battle.players, battle.winners, frozen(battle.vp), battle.scenario))
        for player in sorted(earned):
            events.append(MovesEarned(player, earned[player][0], earned[player][1]))

        legal, _ = order_rules.legal_orders(campaign, state, record)
        owed = order_rules.dice_owed(campaign, state, legal)
        conflicts = [self._conflict(state, record, dice, province, owed[province]) for province in sorted(owed)]
        unopposed = Counter((o.player, o.province) for o in legal
                            if o.kind is OrderKind.DEFEND and o.province not in owed)
        for (player, province), count in sorted(unopposed.items()):
            events.append(UnopposedDefence(player, province, count))
        events += conflicts

        owners = dict(state.owners)
        for conflict in conflicts:
            owners[conflict.province] = conflict.new_owner
        state, more = capital_rules.capitals_after(campaign, state.but(owners=owners), record, conflicts)
        events += more
        state, more = standing.ranks(campaign, state, record)
        events += more
        state, more = standing.victory(campaign, state)
        events += more
        return state, events

    @staticmethod
    def _conflict(state, record, dice, province, owed) -> Conflict:
        """One territory's roll-off: recorded dice where written (and complete), drawn otherwise."""
        holder = state.owners[province]
        sides = []
        for player in sorted(owed, key=lambda p: (p != holder, p)):
            count = owed[player]
            written = record.dice.get((province, player))
            if written and len(written[0]) == count:
                rolled = written[0]
            else:
                rolled = tuple(dice.roll(10, record.number, province, player, i, open_ended=True) for i in range(count))
            sides.append(Side(player, N_("holder") if player == holder else N_("attacker"), rolled))
        decision = decide(sides[0] if holder else None, tuple(sides[1:] if holder else sides))
        capital = holder is not None and state.capitals.get(holder) == province
        return Conflict(province, holder, capital, tuple(sides), decision.outcome, decision.new_owner, decision.rule)

    def review(self, campaign, before, after, record, events, is_last: bool) -> list[Problem]:
        return capital_rules.capital_problems(campaign, before, after, record, events, is_last)

    # ---- views ------------------------------------------------------------------------------

    def shogun_needed(self, campaign, state) -> int:
        return standing.shogun_needed(campaign, state)

    def orders_of(self, campaign, record):
        return views.orders_of(campaign, record)

    def next_turn(self, campaign, history):
        from .nextturn import next_turn
        return next_turn(campaign, history)

    def blank_hint(self, path, options):
        from .nextturn import blank_hint
        return blank_hint(path, options)

    def summary(self, campaign, state):
        return views.summary(campaign, state)

    def map_marks(self, campaign, before, after, record, events):
        return marks.map_marks(campaign, before, after, record, events)

    def to_json(self, campaign, state, events=(), private: bool = False):
        return views.to_json(campaign, state, events)     # Pitac keeps nothing secret

    def turn_json(self, campaign, state, events=()):
        """to_json with only the ranking epochs closed in this very turn (the earlier ones are in
        the state.json of the turns that closed them): one epoch closes every few turns."""
        data = views.to_json(campaign, state, events)
        ranking = data["ranking"]
        ranking["epochs_before"] = sum(1 for e in state.epochs if e.ended_turn != state.turn)
        ranking["epochs"] = [e for e in ranking["epochs"] if e["ended_turn"] == state.turn]
        return data

    def standings(self, campaign, state):
        return views.standings(campaign, state)
