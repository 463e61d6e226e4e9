"""What the map draws of a Pitac turn: each order as an arrow or a mark, each roll-off as a contest.

A Pitac order names only its target ("Attack Yamashiro"): the seed lets a player attack any
territory adjacent to one they hold. The arrow starts from one of the player's territories next
to the target (after the turn's joins and gifts, before the roll-offs), by land if one borders it,
else the nearest by the map's positions, then by id: a fixed choice, so the same turn always
draws the same arrow. Several Attacks of one player on one territory are one arrow with a
``count`` (the doubled attack of the seed's example); a Defend is a mark in place.
"""

from __future__ import annotations

import math
from collections import Counter

from ...dice import DiceBox
from .. import ContestMark, MapMarks, OrderMark, Outcome
from . import capitals as capital_rules
from . import gifts
from .orders import legal_orders
from .record import OrderKind, PitacTurn
from .state import BattleFought, Conflict


def map_marks(campaign, before, after, record: PitacTurn, events) -> MapMarks:
    name = campaign.name_of
    # the position the orders were judged against: the turn's joins and gifts applied (as check does)
    state, _, _ = capital_rules.join(campaign, before.but(turn=record.number), record.number, DiceBox(campaign.seed))
    state, _, _ = gifts.give(campaign, state, record)
    legal, _ = legal_orders(campaign, state, record)
    conflicts = {e.province: (i, e) for i, e in enumerate(events) if isinstance(e, Conflict)}
    given = Counter((o.player, o.kind, o.province) for o in legal)
    orders = []
    for (player, kind, province), count in given.items():          # in the order first written
        index, conflict = conflicts.get(province, (None, None))
        written = ("Attack " if kind is OrderKind.ATTACK else "Defend ") + name(province)
        if count > 1:
            written += f" ×{count}"
        if kind is OrderKind.ATTACK:
            outcome, result = _attack_result(conflict, player, name)
            path = (_origin(campaign, state, player, province), province)
            mark_kind = "attack"
        else:
            outcome, result = _defence_result(conflict, player, name)
            path = (province,)
            mark_kind = "defend"
        orders.append(OrderMark(mark_kind, player, path, outcome, f"{name(player)}: {written} — {result}",
                                name=kind.value.title(), count=count, event=index))
    contests = []
    for index, event in enumerate(events):
        if isinstance(event, Conflict):
            outcome = Outcome.SUCCEEDED if event.changed_hands else Outcome.FAILED
            contests.append(ContestMark("conflict", event.province, tuple(s.player for s in event.sides), outcome,
                                        event.describe(name), event.new_owner, index))
        elif isinstance(event, BattleFought):      # fought on the table: no place on the map
            outcome = Outcome.SUCCEEDED if event.winners else Outcome.DRAWN
            contests.append(ContestMark("battle", None, tuple(event.players), outcome, event.describe(name),
                                        event.winners[0] if len(event.winners) == 1 else None, index))
    return MapMarks(tuple(orders), tuple(contests))


def _attack_result(conflict, player, name) -> tuple[Outcome, str]:
    if conflict is None:               # cannot happen for a legal attack; said plainly if it does
        return Outcome.NONE, "not rolled"
    if conflict.new_owner == player:
        return Outcome.SUCCEEDED, "taken"
    if conflict.new_owner is not None and conflict.new_owner != conflict.holder:
        return Outcome.FAILED, f"failed: {name(conflict.new_owner)} took it"
    if conflict.new_owner is not None:
        return Outcome.FAILED, f"failed: {name(conflict.holder)} held it ({conflict.rule})"
    if conflict.holder is not None:
        return Outcome.FAILED, f"failed: it returned to neutral ({conflict.rule})"
    return Outcome.FAILED, f"failed: it stays neutral ({conflict.rule})"


def _defence_result(conflict, player, name) -> tuple[Outcome, str]:
    if conflict is None:
        return Outcome.NONE, "no one attacked it"
    if conflict.new_owner == player:
        return Outcome.SUCCEEDED, "held"
    if conflict.new_owner is None:
        return Outcome.FAILED, "lost: it returned to neutral"
    return Outcome.FAILED, f"lost to {name(conflict.new_owner)}"


def _origin(campaign, state, player: str, target: str) -> str:
    """The player's territory the arrow to ``target`` starts from (see the module docstring)."""
    game_map = campaign.map
    kinds = campaign.options["attack_links"]
    tx, ty = game_map.provinces[target].at
    near = []
    for held in state.held_by(player):
        link = game_map.link_between(held, target)
        if link is None or link.kind not in kinds:
            continue
        x, y = game_map.provinces[held].at
        near.append((link.kind == "sea", math.hypot(x - tx, y - ty), held))
    return min(near)[2] if near else target
