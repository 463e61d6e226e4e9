"""Sealed bids (seed L57-60): players who want the same unaligned personality, or forces of a clan
no one plays (or, with ``bid_unique_items``, a unique item), write their bids and reveal them.

The highest bid recruits at its own price (with the clan modifier on an unplayed clan's forces,
L59); a tie for the highest bid recruits no one (Q5: "if all players bid the same"); the others
pay nothing. A bid is at least the list price when one is known (Q6), and within the koku the
bidder holds. Bids are resolved before the Start phase's other purchases.
"""

from __future__ import annotations

import math

from .events import BidResolved
from .purchases import allowed_seller, buy, held_items, modifier_of, named_seller, normal, unique_holder
from .catalogue import catalogue_of
from .record import Purchase


def resolve_bids(ctx) -> None:
    for entry in ctx.record.bids:
        _resolve(ctx, entry)


def _resolve(ctx, entry) -> None:
    board = ctx.board
    cat = catalogue_of(ctx.campaign)
    kind = entry.kind
    key = str(entry.data.get("type") or entry.subject)
    if kind == "item" and not ctx.options["bid_unique_items"]:
        ctx.reject("unique items are bought, not bid for, in this campaign", entry.at + ("item",),
                   hint="set options: bid_unique_items: true to bid for them (L60, 'optionally')", rule="bidding")
        return
    listed = dict(cat.entry(kind, key))
    unique = bool(entry.data.get("unique", listed.get("unique")))      # as the bid says, else the catalogue
    if kind == "personality" and unique:
        if key in board.graveyard:
            ctx.reject(f"{key} is dead: a unique personality who died is never recruited again", entry.at,
                       hint="the unique dead are in the graveyard for good: bid for another personality",
                       rule="a dead unique personality may not be re-purchased")
            return
        holder = unique_holder(ctx, key)
        if holder is not None:
            ctx.reject(f"no bid for {key}: {ctx.name(holder)} controls this unique personality", entry.at,
                       hint="bids are only for an unaligned unique personality no player controls (L58)",
                       rule="no bid for a unique personality another player controls")
            return
    if kind == "item" and unique:
        held_by = next((pl for pl, item in held_items(ctx) if normal(item) == normal(entry.subject)), None)
        if held_by is not None:
            ctx.reject(f"no bid for {entry.subject}: the unique item is already {ctx.name(held_by)}'s", entry.at,
                       hint="bids are only for a unique item no player holds (L58, L60)", rule="only 1 of any unique item")
            return
    seller_value = entry.data.get("from")
    list_price = listed.get("cost")
    if kind == "unit" and listed.get("cost_per_model") is not None and entry.data.get("models"):
        list_price = listed["cost_per_model"] * entry.data["models"]
    list_price = entry.data.get("base", list_price)
    named = None
    if seller_value:
        # an unknown faction is one error, not one a bidder
        named = named_seller(ctx, seller_value, entry.at, f"{kind} {entry.subject}")
        if named is None:
            return
    valid = []
    for player, amount, where in entry.bids:
        seller = allowed_seller(ctx, player, named, entry.at, f"{kind} {entry.subject}") if named is not None else (None, None)
        if seller is None:
            continue
        if seller[0] is not None:
            ctx.reject(f"{ctx.name(seller[0])} is played: its forces are bought from it as an ally, not bid for", entry.at + ("from",),
                       hint=f"buy them under start: buy: with from: {seller[0]}, while allied",
                       rule="bids are for unaligned personalities and unplayed clans (L57, L59)")
            return
        modifier = modifier_of(ctx, player, seller[1])      # None (no seller, or none set): paid as bid (100%)
        price = math.ceil(amount * (modifier or 100) / 100)
        if list_price is not None and amount < list_price:
            ctx.reject(f"{ctx.name(player)} bids {amount} for {entry.subject}, below its price of {list_price}", where,
                       hint="a bid is at least the list price: bidding replaces the price only under competition (Q6)",
                       rule="bidding")
            continue
        if price > board.factions[player].koku:
            ctx.reject(f"{ctx.name(player)} bids {amount} for {entry.subject} (paying {price}) but holds "
                       f"{board.factions[player].koku} koku", where, rule="koku never below zero",
                       hint="a bid must be one the bidder can pay")
            continue
        valid.append((player, amount, price, modifier, where))
    if not valid:
        return
    top = max(amount for _, amount, _, _, _ in valid)
    leaders = [v for v in valid if v[1] == top]
    shown = tuple((p, a) for p, a, *_ in sorted(valid, key=lambda v: (-v[1], v[0])))
    if len(leaders) > 1:
        ctx.emit(BidResolved(entry.subject, kind, shown, None))
        return
    winner, amount, price, modifier, _ = leaders[0]
    ctx.emit(BidResolved(entry.subject, kind, shown, winner, price, modifier))
    # the winner's purchase, at its price (the bids and base: stay in it: a purchase with _bid and
    # cost: set reads neither; deploy: and to: are the winner's own, below)
    data = {k: v for k, v in entry.data.items() if k not in ("deploy", "to")}
    data["_bid"] = True               # the price is set: the modifier is in it (and the event above)
    deploy = entry.data.get("deploy")
    if isinstance(deploy, dict):
        deploy = deploy.get(winner)
    if deploy is not None:
        data["deploy"] = deploy
    on = entry.data.get("to")
    if isinstance(on, dict):
        data["to"] = on.get(winner)
    data["cost"] = price
    buy(ctx, Purchase(winner, kind, entry.subject, data, entry.at))
