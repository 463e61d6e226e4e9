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
from ...i18n import _, tr
from .. import ContestMark, MapMarks, OrderMark, Outcome
from . import capitals as capital_rules
from . import gifts
from .orders import legal_orders
from .record import OrderKind, PitacTurn, order_text
from .state import BattleFought, Conflict


def map_marks(campaign, before, after, record: PitacTurn, events) -> MapMarks:
    name = campaign.name_of
    # the position the orders were judged against: the turn's joins and gifts applied (as check does)
    state, _joined, _problems = capital_rules.join(campaign, before.but(turn=record.number), record.number, DiceBox(campaign.seed))
    state, _given, _problems = gifts.give(campaign, state, record)
    legal, _problems = legal_orders(campaign, state, record)
    conflicts = {e.province: (i, e) for i, e in enumerate(events) if isinstance(e, Conflict)}
    given = Counter((o.player, o.kind, o.province) for o in legal)
    orders = []
    for (player, kind, province), count in given.items():          # in the order first written
        index, conflict = conflicts.get(province, (None, None))
        written = order_text(kind, name(province))
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
                                name=_("Attack") if kind is OrderKind.ATTACK else _("Defend"), count=count, event=index))
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
        return Outcome.NONE, _("not rolled")
    if conflict.new_owner == player:
        return Outcome.SUCCEEDED, _("taken")
    if conflict.new_owner is not None and conflict.new_owner != conflict.holder:
        return Outcome.FAILED, _("failed: %(player)s took it", player=name(conflict.new_owner))
    if conflict.new_owner is not None:
        return Outcome.FAILED, _("failed: %(player)s held it (%(rule)s)", player=name(conflict.holder), rule=tr(conflict.rule))
    if conflict.holder is not None:
        return Outcome.FAILED, _("failed: it returned to neutral (%(rule)s)", rule=tr(conflict.rule))
    return Outcome.FAILED, _("failed: it stays neutral (%(rule)s)", rule=tr(conflict.rule))


def _defence_result(conflict, player, name) -> tuple[Outcome, str]:
    if conflict is None:
        return Outcome.NONE, _("no one attacked it")
    if conflict.new_owner == player:
        return Outcome.SUCCEEDED, _("held")
    if conflict.new_owner is None:
        return Outcome.FAILED, _("lost: it returned to neutral")
    return Outcome.FAILED, _("lost to %(player)s", player=name(conflict.new_owner))


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
