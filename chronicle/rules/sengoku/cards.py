"""Event cards: the configurable deck, each turn's draws, hands, playing a card, the reshuffle
after the last card, and the end of the game after the last deck.

The seed names the cards (Marriage into the Shogun family, Spy, Ninja, Portuguese trader, Forage,
Bitter Enders, Treachery, Excellent Reconnaissance) but not how many of each: the counts are the
``deck`` option. A draw written in the turn file is a fact (the card must still be in the deck);
a draw not written is dealt from the deck, shuffled reproducibly from the campaign seed. A card
name that is not one of the deck's is an error with a did-you-mean, and one not left in the deck
is another: either way no card is dealt in its place (the clan draws nothing until it is fixed).

Which cards are seen when drawn: the ``event_cards`` option (the Marriage card: the seed's one
"event card" kept for the game). Every other card is a tactical card, held hidden until played:
its draw is a :class:`CardDrawn` with ``hidden`` true, public only as "drew a card".
"""

from __future__ import annotations

import difflib

from ...i18n import N_
from ...suggest import did_you_mean
from .context import hand_mark
from .events import CardDrawn, CardPlayed, DeckEmpty, DeckReshuffled, GameEnded, MarriagePassed

#: first-turn card ranks, high to low (seed: "Joker is the highest, followed by Ace, King and so on")
RANKS = ["joker", "a", "k", "q", "j", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


def rank(card: object) -> int:
    text = str(card).strip().lower().removesuffix("s")
    aliases = {"ace": "a", "king": "k", "queen": "q", "jack": "j"}
    text = aliases.get(text, text)
    return len(RANKS) - RANKS.index(text) if text in RANKS else 0


def card_names(options) -> list[str]:
    """Every card the campaign's deck knows (with or without copies)."""
    return sorted((options["deck"] or {}).keys())


def shuffled_deck(options, dice, number: int, held_marriages: int) -> tuple[str, ...]:
    cards = []
    for card, copies in sorted((options["deck"] or {}).items()):
        cards += [card] * int(copies)
    for _ in range(held_marriages):
        if "marriage" in cards:
            cards.remove("marriage")
    cards.sort()
    dice.rng("deck", number).shuffle(cards)
    return tuple(cards)


def draw_phase(ctx, state):
    deck = list(state.deck)
    clans = dict(state.clans)
    undealt = []
    ran_out = False
    seating = [p.id for p in ctx.campaign.players]
    known = card_names(ctx.options)
    shown = set(ctx.options.get("event_cards") or ())
    for clan_id in sorted(state.players(), key=seating.index):
        written, path = ctx.record.draws.get(clan_id, ((), ("cards", clan_id)))
        for i in range(ctx.options["cards_drawn"]):
            if not deck:
                ran_out = True
                if i < len(written):
                    ctx.problem(f"{clan_id} cannot draw {written[i]!r}: deck {state.deck_number} is empty",
                                path, hint="after the last card the turn is played out without further draws",
                                rule="event cards")
                undealt.append(clan_id)
                break
            recorded = i < len(written)
            if recorded:
                card = written[i]
                if card not in known:
                    ctx.reject(f"{clan_id} drew {card!r}, which is not a card of the deck", path + (i,),
                               hint=(did_you_mean(card, known) or "the deck's cards: " + ", ".join(known) + ".")
                               + " No card is dealt in its place.", rule="event cards",
                               about=(clan_id, hand_mark(clan_id, card),
                                      *(hand_mark(clan_id, c) for c in difflib.get_close_matches(card, known, n=3))))
                    continue
                if card not in deck:
                    ctx.reject(f"{clan_id} drew {card!r}, which is not left in deck {state.deck_number}", path + (i,),
                               hint="cards left: " + ", ".join(sorted(set(deck))) + ". No card is dealt in its place.",
                               rule="event cards", about=(clan_id, hand_mark(clan_id, card)))
                    continue
                deck.remove(card)
            else:
                card = deck.pop(0)
            clans[clan_id] = clans[clan_id].but(hand=clans[clan_id].hand + (card,))
            ctx.emit(CardDrawn(clan_id, card, state.deck_number, recorded, card not in shown))
        if len(written) > ctx.options["cards_drawn"]:
            ctx.problem(f"{clan_id} draws {ctx.options['cards_drawn']} card(s) a turn, {len(written)} written", path,
                        rule="event cards", hint=f"write the {ctx.options['cards_drawn']} card(s) {clan_id} drew this turn")
    if not deck:
        ran_out = True
        ctx.emit(DeckEmpty(state.deck_number, tuple(dict.fromkeys(undealt)), state.deck_number >= ctx.options["decks"]))
    ctx.deck_ran_out = ran_out
    for clan_id in ctx.record.draws:
        if clan_id in state.clans and clan_id not in state.players():
            ctx.problem(f"{clan_id} does not draw: it is {'neutral' if state.clans[clan_id].neutral else 'out of the game'}",
                        ctx.record.draws[clan_id][1], rule="event cards", at_key=True,
                        hint=f"remove {clan_id} from cards:; only the clans still playing draw")
    return state.but(deck=tuple(deck), clans=clans)


def play_card(ctx, state, clan: str, card: str, purpose: str, path: tuple):
    """``clan`` plays ``card``: it must hold it; returns (state, True) or (state, False) with a problem."""
    held = state.clans[clan].hand
    if card not in held:
        known = card_names(ctx.options)
        if card not in known:
            ctx.problem(f"{clan} plays {card!r}, which is not a card of the deck", path,
                        hint=did_you_mean(card, known) or "the deck's cards: " + ", ".join(known), rule="event cards")
            return state, False
        shown = ", ".join(sorted(held)) if held else "no cards"
        ctx.problem(f"{clan} plays {card.replace('_', ' ')} but does not hold it", path,
                    hint=f"{clan} holds {shown}; a card is played once, from the hand", rule="event cards",
                    about=(hand_mark(clan, card),))
        return state, False
    hand = list(held)
    hand.remove(card)
    clans = dict(state.clans)
    clans[clan] = clans[clan].but(hand=tuple(hand))
    ctx.emit(CardPlayed(clan, card, purpose))
    return state.but(clans=clans), True


def pass_marriage(ctx, state, loser: str, victor: str | None):
    """A fallen clan's Marriage card passes to the victor, or back to the deck (seppuku: no victor)."""
    clans = dict(state.clans)
    hand = list(clans[loser].hand)
    if "marriage" not in hand:
        return state
    count = hand.count("marriage")
    clans[loser] = clans[loser].but(hand=tuple(c for c in hand if c != "marriage"))
    if victor and victor in clans:
        clans[victor] = clans[victor].but(hand=clans[victor].hand + ("marriage",) * count)
    ctx.emit(MarriagePassed(loser, victor))
    return state.but(clans=clans)


def end_of_turn(ctx, state):
    """After the last card was drawn: reshuffle, or end the game after the last deck."""
    if not getattr(ctx, "deck_ran_out", False) or state.game_over:
        return state
    if state.deck_number >= ctx.options["decks"]:
        contenders = [c for c, clan in state.clans.items() if not clan.neutral and clan.active] or \
                     [c for c, clan in state.clans.items() if not clan.neutral]
        best = max((state.clans[c].prestige for c in contenders), default=0)
        top = sorted(c for c in contenders if state.clans[c].prestige == best)
        winner = top[0] if len(top) == 1 else None
        ctx.emit(GameEnded(winner, best, N_("deck %(deck)s is dealt and its last turn played", deck=state.deck_number)
                           if winner else N_("deck %(deck)s is dealt and its last turn played; tied: %(clans)s",
                                             deck=state.deck_number, clans=", ".join(top))))
        return state.but(game_over=True, winner=winner)
    clans = dict(state.clans)
    held = 0
    for clan_id, clan in clans.items():
        marriages = clan.hand.count("marriage")
        held += marriages
        clans[clan_id] = clan.but(hand=("marriage",) * marriages)
    number = state.deck_number + 1
    deck = shuffled_deck(ctx.options, ctx.dice, number, held)
    ctx.emit(DeckReshuffled(number, len(deck)))
    return state.but(clans=clans, deck=deck, deck_number=number)
