"""Clans of the Pitac (shared/seeds/001_9830fcc6545e436e.txt): d10 territory moves.

Every rule, its reading where the seed is unclear, and its test are listed in docs/rules/pitac.md.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace
from fractions import Fraction

from ...dice import DiceBox, Die
from ...errors import Problem
from .. import Ruleset, Standings, Summary
from . import record as rec
from .conflict import Side, decide
from .record import OrderKind, PitacTurn
from .state import (ArmyListBonus, BattleFought, CapitalChosen, CapitalLost, CapitalPending, CapitalPlaced,
                    Conflict, Epoch, EpochEnded, LeftMap, MovesEarned, PitacState, ShogunProclaimed,
                    UnopposedDefence, frozen)

SHARE = {"oneOf": [{"type": "number", "exclusiveMinimum": 0, "maximum": 1},
                   {"type": "string", "pattern": r"^\d+/\d+$"}]}
PLAYER_ID = {"type": "string"}
DIE = {"type": ["integer", "string"],
       "description": "One d10: 7, or a 10 with its add-on rolls as \"10+4\"."}

TURN_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "turn": {"type": "integer", "minimum": 1, "description": "The turn's number; must match the file name."},
        "title": {"type": "string"},
        "date": {"type": "string", "description": "The game day, e.g. 2026-03-14."},
        "notes": {"type": "string"},
        "battles": {"type": "array", "items": {
            "type": "object", "required": ["players"], "additionalProperties": False,
            "properties": {
                "name": {"type": "string"},
                "scenario": {"type": "string"},
                "players": {"type": "array", "minItems": 1, "items": PLAYER_ID},
                "winner": {"oneOf": [PLAYER_ID, {"type": "array", "items": PLAYER_ID}, {"type": "null"}],
                           "description": "The winner (2 moves); everyone else in the battle gets 1."},
                "vp": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
                       "description": "Victory points each player scored, for the ranks."},
                "notes": {"type": "string"},
            }}},
        "orders": {"type": "object", "additionalProperties": {
            "type": ["array", "null"],
            "items": {"oneOf": [
                {"type": "string", "pattern": r"(?i)^\s*(attack|defend)\s+\S", "x-verbs": ["Attack", "Defend"],
                 "description": "Attack X or Defend X"},
                {"type": "object", "minProperties": 1, "maxProperties": 1,
                 "properties": {"attack": {"type": "string"}, "defend": {"type": "string"}},
                 "additionalProperties": False}]}},
            "description": "Each player's orders: 'Attack X' or 'Defend X', one per move earned."},
        "dice": {"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": {"anyOf": [DIE, {"type": "array", "items": DIE}]}},
            "description": "Recorded rolls: territory -> player -> dice. Rolls not written are drawn from the seed."},
        "capitals": {"type": "object", "additionalProperties": {"type": "string"},
                     "description": "A new capital named by a player who lost theirs this turn."},
        "army_lists": {"type": "array", "items": PLAYER_ID, "uniqueItems": True,
                       "description": "Players who turned in their army list 3 days early (50 koku bonus)."},
    },
}


def _share(value) -> Fraction:
    return Fraction(value) if isinstance(value, str) else Fraction(value).limit_denominator(1000)


class Pitac(Ruleset):
    name = "pitac"
    title = "Clans of the Pitac"
    seed_file = "001_9830fcc6545e436e.txt"
    options = {
        "capital_dice": (3, {"type": "integer", "minimum": 1}, "Dice a first capital defends with."),
        "later_capital_dice": (2, {"type": "integer", "minimum": 1}, "Dice a later capital defends with."),
        "winner_moves": (2, {"type": "integer", "minimum": 0}, "Moves earned by a battle's winner."),
        "participant_moves": (1, {"type": "integer", "minimum": 0}, "Moves earned by every other player in a battle."),
        "shogun_share_small": ("1/2", SHARE, "Share of all territories that makes a Shogun in a small game."),
        "shogun_share_large": ("1/3", SHARE, "Share of all territories that makes a Shogun in a large game."),
        "large_game_players": (5, {"type": "integer", "minimum": 1}, "Players from which a game counts as large."),
        "vp_reboot": (25, {"type": ["integer", "null"], "minimum": 1},
                      "Ranking total at which the ranks restart at 0 (null: never)."),
        "army_list_koku": (50, {"type": "integer", "minimum": 0}, "Koku bonus for an army list turned in early."),
        "attack_links": (["land", "sea", "mountain", "river", "ford"],
                         {"type": "array", "items": {"enum": ["land", "sea", "mountain", "river", "ford"]}},
                         "Kinds of link an attack may cross."),
    }
    player_properties = {
        "capital": {"type": "string", "description": "Starting capital (id or name), or 'random'."},
        "start_roll": {"type": "integer", "minimum": 1, "maximum": 10,
                       "description": "The d10 rolled to choose capitals, high to low."},
        "joins": {"type": "integer", "minimum": 1, "description": "The turn at which a late player joins the map."},
    }
    turn_schema = TURN_SCHEMA

    # ---- set-up ---------------------------------------------------------------------------

    def initial_state(self, campaign, dice):
        owners = {pid: None for pid in campaign.map.provinces}
        state = PitacState(0, frozen(owners), frozen({}), frozen({}), (), frozenset(), frozenset(),
                           frozen({p: 0 for p in campaign.player_ids}), frozen({p: 0 for p in campaign.player_ids}),
                           (), None, None, frozen({}))
        founders = [p for p in campaign.players if p.fields.get("joins", 1) <= 1]
        state, events, problems = self._place_capitals(campaign, state, founders, dice, turn=0)
        return state, events, problems

    def _place_capitals(self, campaign, state, players, dice, turn):
        """Chosen capitals in start-roll order (high first), then random ones among what is left."""
        problems, events = [], []
        owners, capitals, capital_dice = dict(state.owners), dict(state.capitals), dict(state.capital_dice)
        barred = set(campaign.map.with_flag("no_start_capital"))

        def order(player):
            roll = player.fields.get("start_roll")
            if roll is None:
                roll = dice.roll(10, "start-roll", player.id).value
            return (-roll, player.index)

        chosen_by = {}
        placed = set()
        for player in sorted(players, key=order):
            path = ("players", player.index, "capital")
            wanted = player.fields.get("capital", "random")
            if wanted == "random":
                continue
            province, more = rec.resolve_province(wanted, campaign.map, path)
            if more:
                problems += more
                continue
            if province in barred:
                problems.append(Problem(f"{campaign.map.provinces[province].name} may not be a starting capital",
                                        hint="the map bars it (flag no_start_capital); choose another or 'random'",
                                        path=path, rule="starting capitals"))
                continue
            if owners[province] is not None:
                problems.append(Problem(f"{campaign.map.provinces[province].name} is already taken by "
                                        f"{chosen_by.get(province, owners[province])}",
                                        hint="capitals are picked in start_roll order, high to low; choose another",
                                        path=path, rule="starting capitals"))
                continue
            owners[province], capitals[player.id] = player.id, province
            capital_dice[player.id] = campaign.options["capital_dice"]
            chosen_by[province] = player.id
            placed.add(player.id)
            events.append(CapitalPlaced(player.id, province, "joined" if turn else "chosen", capital_dice[player.id]))
        off_map = set(state.off_map)
        # 'random', and any choice rejected above (reported; drawn instead so that one slip in
        # campaign.yaml does not also leave the player off the map for every later turn)
        unplaced = [p for p in players if p.id not in placed]
        drawing_order = [p for p in unplaced if p.fields.get("capital", "random") == "random"]
        drawing_order += [p for p in unplaced if p not in drawing_order]
        for player in drawing_order:
            free = [p for p in owners if owners[p] is None and p not in barred]
            province = dice.choice(free, "start-capital", player.id)
            if province is None:
                off_map.add(player.id)
                capitals[player.id] = None
                events.append(LeftMap(player.id))
                continue
            owners[province], capitals[player.id] = player.id, province
            capital_dice[player.id] = campaign.options["capital_dice"]
            events.append(CapitalPlaced(player.id, province, "joined" if turn else "random", capital_dice[player.id]))
        joined = state.joined + tuple(p.id for p in players if p.id not in state.joined)
        return state.but(owners=owners, capitals=capitals, capital_dice=capital_dice, joined=joined,
                         off_map=frozenset(off_map)), events, problems

    # ---- a turn -----------------------------------------------------------------------------

    def parse_turn(self, campaign, number, data):
        return rec.parse_turn(campaign, number, data)

    def _join(self, campaign, state, number, dice):
        """Players whose ``joins:`` is this turn take their place on the map at its start."""
        joining = [p for p in campaign.players if p.fields.get("joins", 1) == number and number > 1]
        if not joining:
            return state, [], []
        state, events, problems = self._place_capitals(campaign, state, joining, dice, turn=number)
        # a joiner's capital: written in campaign.yaml, found wrong only now: report it at this turn
        who = {p.index: p.id for p in joining}
        problems = [replace(p, path=(), message=f"{who[p.path[1]]} joins at turn {number}: {p.message} "
                            f"(campaign.yaml, players[{p.path[1]}].capital)") for p in problems]
        return state, events, problems

    def moves(self, campaign, state, record: PitacTurn) -> dict[str, tuple[int, str]]:
        """Moves each player earned this game day: the best they earned in any battle."""
        earned: dict[str, tuple[int, str]] = {}
        for battle in record.battles:
            for player in battle.players:
                won = player in battle.winners
                moves = campaign.options["winner_moves" if won else "participant_moves"]
                reason = f"{'won' if won else 'fought in'} {battle.name}"
                if moves > earned.get(player, (-1, ""))[0]:
                    earned[player] = (moves, reason)
        return earned

    def legal_orders(self, campaign, state, record: PitacTurn):
        """The orders that stand, and a problem for each one that does not."""
        problems, legal = [], []
        earned = self.moves(campaign, state, record)
        kinds = campaign.options["attack_links"]
        given = Counter()
        for order in record.orders:
            player = order.player
            name = campaign.map.provinces[order.province].name
            if player not in state.joined:
                joins = campaign.player(player).fields.get("joins")
                problems.append(Problem(f"{player} has not joined the map yet (joins at turn {joins})",
                                        path=order.path, rule="new players"))
                continue
            given[player] += 1
            allowed = earned.get(player, (0, "absent from the game day"))
            if given[player] > allowed[0]:
                problems.append(Problem(
                    f"{player}'s order {order.text(name)!r} is one more than the {allowed[0]} "
                    f"move{'s' if allowed[0] != 1 else ''} {player} earned",
                    hint=f"{player} {allowed[1]}: {allowed[0]} move{'s' if allowed[0] != 1 else ''}; "
                         "a winner gets 2, every other player in a battle 1, the absent 0",
                    path=order.path, rule="moves"))
                continue
            held = state.held_by(player)
            if order.kind is OrderKind.DEFEND:
                if state.owners[order.province] != player:
                    holder = state.owners[order.province]
                    problems.append(Problem(
                        f"{player} cannot Defend {name}: it is {'held by ' + holder if holder else 'neutral'}",
                        hint="Defend names a territory the player holds at the start of the turn" +
                             (f"; {player} holds " + ", ".join(held) if held else ""),
                        path=order.path, rule="Defend adds a d10 in a territory held"))
                    continue
            else:
                if state.owners[order.province] == player:
                    problems.append(Problem(f"{player} cannot Attack {name}: it is already theirs",
                                            hint=f"write 'Defend {name}' for an extra defence die",
                                            path=order.path, rule="attacks"))
                    continue
                if not any(campaign.map.adjacent(h, order.province, kinds) for h in held):
                    near = sorted({n for h in held for n in campaign.map.neighbours(h, kinds)} - set(held))
                    problems.append(Problem(
                        f"{player} cannot Attack {name}: it is not adjacent to a territory {player} holds",
                        hint=(f"{player} can attack, by land or sea lane: " + ", ".join(near))
                        if near else f"no territory borders {player}'s" if held else f"{player} holds no territory",
                        path=order.path, rule="attack only adjacent territories"))
                    continue
            legal.append(order)
        return legal, problems

    def check(self, campaign, state, record):
        # late players join at the start of their turn, before orders are judged (as in resolve);
        # their draws depend only on the campaign seed, so a fresh DiceBox gives the same places
        state, _, problems = self._join(campaign, state, record.number, DiceBox(campaign.seed))
        legal, more = self.legal_orders(campaign, state, record)
        problems += more
        owed = self._dice_owed(campaign, state, legal)
        for (province, player), (dice, path) in record.dice.items():
            count = owed.get(province, {}).get(player)
            if count is None:
                problems.append(self._unowed_dice(state, record, legal, owed, province, player, path))
            elif len(dice) != count:
                problems.append(Problem(
                    f"{player} owes {count} d10 at {province}, {len(dice)} recorded",
                    hint=self._dice_hint(campaign, state, province, player, legal), path=path, rule="dice"))
        return problems

    def _unowed_dice(self, state, record, legal, owed, province, player, path) -> Problem:
        """Dice written where none are owed, explained by the most likely cause."""
        if any(o.player == player and o.province == province for o in legal):
            message = f"no one attacks {province} this turn, so {player}'s Defend there rolls no dice"
            hint = "remove these dice; a Defend only adds a die when the territory is attacked"
        elif any(o.player == player and o.province == province for o in record.orders):
            message = f"dice recorded for {player} at {province}, but {player}'s order there was rejected"
            hint = "fix that order (see its error) or remove these dice"
        elif province in owed:
            message = f"dice recorded for {player} at {province}, but {player} neither attacks nor holds it"
            hint = "the sides there are " + ", ".join(sorted(owed[province]))
        else:
            message = f"dice recorded for {player} at {province}, but no one attacks {province} this turn"
            hint = "record dice only for territories in conflict"
        return Problem(message, hint=hint, path=path, rule="dice")

    def _dice_hint(self, campaign, state, province, player, legal) -> str:
        if state.owners[province] == player:
            base = self._base_dice(campaign, state, province)
            defends = sum(1 for o in legal if o.player == player and o.province == province)
            why = ""
            if base == 1 and player in state.pending_capital:
                why = f" ({player} has no capital: the one lost was not replaced, so every territory rolls 1)"
            return (f"the holder rolls {base} for the territory" + (f" + {defends} for Defend orders" if defends else "")
                    + why)
        attacks = sum(1 for o in legal if o.player == player and o.province == province)
        return f"one d10 per Attack order: {attacks}"

    def _base_dice(self, campaign, state, province) -> int:
        holder = state.owners[province]
        if holder and state.capitals.get(holder) == province:
            return state.capital_dice[holder]
        return 1

    def _dice_owed(self, campaign, state, legal) -> dict[str, dict[str, int]]:
        attacks = defaultdict(Counter)
        defends = defaultdict(Counter)
        for order in legal:
            (attacks if order.kind is OrderKind.ATTACK else defends)[order.province][order.player] += 1
        owed = {}
        for province, by_player in attacks.items():
            owed[province] = dict(by_player)
            holder = state.owners[province]
            if holder:
                owed[province][holder] = self._base_dice(campaign, state, province) + defends[province][holder]
        return owed

    def resolve(self, campaign, state: PitacState, record: PitacTurn, dice):
        events = []
        number = record.number
        state = state.but(turn=number)
        # late players join at the start of their turn
        state, joined_events, _ = self._join(campaign, state, number, dice)
        events += joined_events
        earned = self.moves(campaign, state, record)
        for battle in record.battles:
            events.append(BattleFought(battle.name, battle.players, battle.winners, frozen(battle.vp), battle.scenario))
        for player in sorted(earned):
            events.append(MovesEarned(player, earned[player][0], earned[player][1]))

        legal, _ = self.legal_orders(campaign, state, record)
        owed = self._dice_owed(campaign, state, legal)
        conflicts = []
        for province in sorted(owed):
            holder = state.owners[province]
            sides = []
            for player in sorted(owed[province], key=lambda p: (p != holder, p)):
                count = owed[province][player]
                written = record.dice.get((province, player))
                if written and len(written[0]) == count:
                    rolled = written[0]
                else:
                    rolled = tuple(dice.roll(10, number, province, player, i, open_ended=True) for i in range(count))
                sides.append(Side(player, "holder" if player == holder else "attacker", rolled))
            holder_side = sides[0] if holder else None
            attackers = tuple(sides[1:] if holder else sides)
            decision = decide(holder_side, attackers)
            capital = holder is not None and state.capitals.get(holder) == province
            conflicts.append(Conflict(province, holder, capital, tuple(sides), decision.outcome,
                                      decision.new_owner, decision.rule))
        unopposed = Counter((o.player, o.province) for o in legal
                            if o.kind is OrderKind.DEFEND and o.province not in owed)
        for (player, province), count in sorted(unopposed.items()):
            events.append(UnopposedDefence(player, province, count))
        events += conflicts

        owners = dict(state.owners)
        for conflict in conflicts:
            owners[conflict.province] = conflict.new_owner
        state = state.but(owners=owners)
        state, capital_events = self._capitals_after(campaign, state, record, conflicts)
        events += capital_events
        state, rank_events = self._ranks(campaign, state, record)
        events += rank_events
        state, win_events = self._victory(campaign, state)
        events += win_events
        return state, events

    def _capitals_after(self, campaign, state, record, conflicts):
        events = []
        capitals, capital_dice = dict(state.capitals), dict(state.capital_dice)
        owners = dict(state.owners)
        pending, off_map = set(state.pending_capital), set(state.off_map)
        for conflict in conflicts:
            if conflict.capital and conflict.new_owner != conflict.holder:
                player = conflict.holder
                events.append(CapitalLost(player, conflict.province, conflict.new_owner))
                capitals[player] = None
                pending.add(player)
        for player in sorted(pending):
            choice = record.capitals.get(player)
            held = [p for p, o in owners.items() if o == player]
            neutral = [p for p, o in owners.items() if o is None]
            if not held and not neutral:
                pending.discard(player)
                off_map.add(player)
                events.append(LeftMap(player))
                continue
            if choice is None:
                events.append(CapitalPending(player))
                continue
            province = choice[0]
            if province in held or (not held and province in neutral):
                if not held:
                    owners[province] = player
                capitals[player] = province
                capital_dice[player] = campaign.options["later_capital_dice"]
                pending.discard(player)
                events.append(CapitalChosen(player, province, not held))
            else:
                events.append(CapitalPending(player))
        for player in state.joined:
            if player not in off_map and player not in pending and capitals.get(player) is None \
                    and not any(o == player for o in owners.values()):
                off_map.add(player)
        return state.but(capitals=capitals, capital_dice=capital_dice, owners=owners,
                         pending_capital=frozenset(pending), off_map=frozenset(off_map)), events

    def _ranks(self, campaign, state, record):
        events = []
        vp, all_time = dict(state.vp), dict(state.vp_all_time)
        for battle in record.battles:
            for player, points in battle.vp.items():
                vp[player] = vp.get(player, 0) + points
                all_time[player] = all_time.get(player, 0) + points
        koku = dict(state.koku_bonuses)
        for player, _ in record.army_lists:
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

    def shogun_needed(self, campaign, state) -> int:
        players = len(state.joined)
        large = players >= campaign.options["large_game_players"]
        share = _share(campaign.options["shogun_share_large" if large else "shogun_share_small"])
        total = len(campaign.map.provinces)
        needed = share * total
        return int(needed) if needed.denominator == 1 else int(needed) + 1

    def _victory(self, campaign, state):
        if state.winner is not None:
            return state, []
        needed = self.shogun_needed(campaign, state)
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

    def review(self, campaign, before, after, record, events, is_last: bool) -> list[Problem]:
        """Problems only known once the turn is resolved: capital choices that do not stand, and a
        lost capital with no new one named (an error once later turns depend on it)."""
        problems = []
        chosen = {e.player for e in events if isinstance(e, CapitalChosen)}
        lost = {e.player for e in events if isinstance(e, CapitalLost)} | set(before.pending_capital)
        for player, (province, path) in record.capitals.items():
            if player in chosen:
                continue
            if player not in lost:
                problems.append(Problem(f"{player} did not lose a capital this turn and cannot name a new one",
                                        hint="capitals: is for a player whose capital was taken this turn",
                                        path=path, rule="a new capital"))
            elif player in after.pending_capital:
                held = after.held_by(player)
                where = (f"one of {player}'s territories: " + ", ".join(held)) if held else "a neutral territory"
                problems.append(Problem(f"{player} cannot make {province} the new capital",
                                        hint=f"the new capital must be {where}", path=path, rule="a new capital"))
        for player in sorted(after.pending_capital - set(record.capitals) - set(before.pending_capital)):
            held = after.held_by(player)
            choices = ", ".join(held) if held else "any neutral territory"
            problems.append(Problem(
                f"{player} lost their capital and has not named a new one",
                hint=f"add  capitals: {{{player}: ...}}  to this turn; choose from {choices}",
                rule="a player who loses the capital names another",
                severity="warning" if is_last else "error"))
        return problems

    # ---- views ------------------------------------------------------------------------------

    def orders_of(self, campaign, record: PitacTurn) -> dict[str, list[str]]:
        orders: dict[str, list[str]] = {}
        for order in record.orders:
            orders.setdefault(order.player, []).append(order.text(campaign.map.provinces[order.province].name))
        return orders

    def summary(self, campaign, state: PitacState) -> Summary:
        marks = {}
        for player, capital in state.capitals.items():
            if capital:
                marks[capital] = ("capital",)
        return Summary(state.turn, state.owners, state.capitals, "VP", state.vp_all_time, state.winner, marks)

    def to_json(self, campaign, state: PitacState, events=()) -> dict:
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
            "turn": state.turn, "ruleset": self.name,
            "provinces": {pid: {"owner": owner, "capital_of": capital_of.get(pid)}
                          for pid, owner in state.owners.items()},
            "players": players,
            "winner": state.winner, "winner_turn": state.winner_turn,
            "shogun_needed": self.shogun_needed(campaign, state),
            "ranking": {"epoch": len(state.epochs) + 1, "totals": dict(state.vp),
                        "epochs": [e.to_json() for e in state.epochs]},
            "rolls": [e.to_json() for e in events if isinstance(e, Conflict)],
            "events": [e.to_json() for e in events],
        }

    def standings(self, campaign, state: PitacState) -> Standings:
        counts = state.counts()
        order = sorted(campaign.players, key=lambda p: (-counts.get(p.id, 0), -state.vp_all_time.get(p.id, 0), p.index))
        rows = []
        for player in order:
            pid = player.id
            capital = state.capitals.get(pid)
            status = ("Shogun" if state.winner == pid else "off the map" if pid in state.off_map
                      else "not joined" if pid not in state.joined else "")
            rows.append((pid, (counts.get(pid, 0), capital or "-", state.vp.get(pid, 0),
                               state.vp_all_time.get(pid, 0), status)))
        notes = (f"Shogun at {self.shogun_needed(campaign, state)} of {len(campaign.map.provinces)} territories.",)
        return Standings(("Territories", "Capital", "VP (this epoch)", "VP (all time)", "Status"), tuple(rows), notes)
