"""Order of movement: turn 1 by the cards drawn (Joker > Ace > King ...), later turns by a d6
each, the highest first and then clockwise (the order of the players in campaign.yaml), ties
for first re-rolled; an order written in the turn file (agreed, or chosen with a Spy) is a fact.
Neutral clans, moved by the umpire, go last."""

from __future__ import annotations

from ...errors import Problem
from ...i18n import N_
from .cards import rank
from .events import MovementOrder


def movement_order(ctx, state) -> list[str]:
    players = state.players()
    neutrals = [c for c, clan in state.clans.items() if clan.active and clan.neutral]
    seating = [p.id for p in ctx.campaign.players]
    if ctx.record.order:
        order, path = ctx.record.order
        missing = [c for c in players if c not in order]
        extra = [c for c in order if c not in players]
        twice = sorted({c for c in order if order.count(c) > 1})
        if missing or extra or twice:
            hint = "; ".join(f"{what}: {', '.join(clans)}" for what, clans in (
                ("missing", missing), ("not a player's clan in the game", extra), ("named twice", twice)) if clans)
            ctx.problem("the movement order must name each clan in the game once", path, hint=hint, rule="order of movement")
        else:
            ctx.emit(MovementOrder(tuple(order), N_("as written")))
            return list(order) + neutrals
    if ctx.turn == 1 and players and all(ctx.campaign.player(c).fields.get("start_card") is not None for c in players):
        cards = {}
        for c in players:
            written = ctx.campaign.player(c).fields["start_card"]
            cards[c] = tuple(-rank(card) for card in (written if isinstance(written, list) else [written]))
        order = sorted(players, key=lambda c: (cards[c], seating.index(c)))
        for a, b in zip(order, order[1:]):
            common = min(len(cards[a]), len(cards[b]))
            if cards[a][:common] == cards[b][:common]:
                ctx.problems.append(ctx.campaign.doc.locate(Problem(
                    f"{a} and {b} drew cards of the same rank for the first turn: the tie is not resolved",
                    hint=f"ties are resolved by the tied players drawing another card: write start_card: "
                         f"[first card, next card] for {a} and {b}", rule="first turn order by cards",
                    path=("players", seating.index(b), "start_card"))))
        ctx.emit(MovementOrder(tuple(order), N_("first turn: highest card first")))
        return order + neutrals
    rolls = {c: [] for c in players}
    dice = []
    contenders = list(players)
    attempt = 0
    while contenders:
        for c in contenders:
            tied = [o for o in contenders if o != c]
            # a clan rolls once in each round it is still tied in, from the first: its next die is the round's
            roll = ctx.die("initiative", c,
                           missing=f"{c} tied for first with {', '.join(tied)} on {rolls[c][-1] if rolls[c] else '?'}, "
                                   "but its re-roll is not written",
                           hint=f"the tied players roll again: write initiative: {{{c}: "
                                f"[{', '.join(map(str, rolls[c]))}, N]}} (and the others' re-rolls)", also=tied)
            rolls[c].append(roll.value)
            dice.append(roll)
        best = max(rolls[c][-1] for c in contenders)
        top = [c for c in contenders if rolls[c][-1] == best]
        if len(top) == 1 or attempt > 20:
            first = sorted(top, key=seating.index)[0]
            break
        contenders, attempt = top, attempt + 1
    else:
        return neutrals
    at = seating.index(first)
    clockwise = seating[at:] + seating[:at]
    order = [c for c in clockwise if c in players]
    ctx.emit(MovementOrder(tuple(order), N_("highest d6 first, then clockwise"), tuple((c, tuple(rolls[c])) for c in players),
                           tuple(dice)))
    return order + neutrals
