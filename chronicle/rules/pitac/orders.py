"""Moves earned on the game day, which orders stand, and the dice each side owes."""

from __future__ import annotations

from collections import Counter, defaultdict

from ...errors import Problem
from ...i18n import N_
from .record import OrderKind, PitacTurn


def moves(campaign, state, record: PitacTurn) -> dict[str, tuple[int, str]]:
    """Moves each player earned this game day: the best they earned in any battle.

    A battle whose written winner could not be read (an error of its own) counts each of its
    players as a possible winner, so the typo is the one error and their orders are not also
    refused as moves not earned."""
    earned: dict[str, tuple[int, str]] = {}
    for battle in record.battles:
        for player in battle.players:
            won = player in battle.winners or battle.winner_unread
            moves = campaign.options["winner_moves" if won else "participant_moves"]
            reason = N_("won %(battle)s", battle=battle.name) if won else N_("fought in %(battle)s", battle=battle.name)
            if moves > earned.get(player, (-1, ""))[0]:
                earned[player] = (moves, reason)
    return earned


def legal_orders(campaign, state, record: PitacTurn):
    """The orders that stand, and a problem for each one that does not."""
    problems, legal = [], []
    earned = moves(campaign, state, record)
    kinds = campaign.options["attack_links"]
    given = Counter()
    for order in record.orders:
        player = order.player
        name = campaign.map.provinces[order.province].name
        if player not in state.joined:
            joins = campaign.player(player).fields.get("joins")
            problems.append(Problem(f"{player} has not joined the map yet (joins at turn {joins})",
                                    hint=f"{player}'s orders start at turn {joins}; remove this one",
                                    path=order.path, rule="new players"))
            continue
        given[player] += 1
        allowed = earned.get(player, (0, "absent from the game day"))
        if given[player] > allowed[0]:
            problems.append(Problem(
                f"{player}'s order {order.text(name)!r} is one more than the {allowed[0]} "
                f"move{'s' if allowed[0] != 1 else ''} {player} earned",
                hint=f"{player} {allowed[1]}: {allowed[0]} move{'s' if allowed[0] != 1 else ''}; "
                     f"a winner gets {campaign.options['winner_moves']}, every other player in a battle "
                     f"{campaign.options['participant_moves']}, the absent 0",
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


def unowed_dice(state, record, legal, owed, province, player, path) -> Problem:
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


def dice_hint(campaign, state, province, player, legal) -> str:
    if state.owners[province] == player:
        base = base_dice(campaign, state, province)
        defends = sum(1 for o in legal if o.player == player and o.province == province)
        why = ""
        if base == 1 and player in state.pending_capital:
            why = f" ({player} has no capital: the one lost was not replaced, so every territory rolls 1)"
        return (f"the holder rolls {base} for the territory" + (f" + {defends} for Defend orders" if defends else "")
                + why)
    attacks = sum(1 for o in legal if o.player == player and o.province == province)
    return f"one d10 per Attack order: {attacks}"


def base_dice(campaign, state, province) -> int:
    holder = state.owners[province]
    if holder and state.capitals.get(holder) == province:
        return state.capital_dice[holder]
    return 1


def dice_owed(campaign, state, legal) -> dict[str, dict[str, int]]:
    attacks = defaultdict(Counter)
    defends = defaultdict(Counter)
    for order in legal:
        (attacks if order.kind is OrderKind.ATTACK else defends)[order.province][order.player] += 1
    owed = {}
    for province, by_player in attacks.items():
        owed[province] = dict(by_player)
        holder = state.owners[province]
        if holder:
            owed[province][holder] = base_dice(campaign, state, province) + defends[province][holder]
    return owed


def dice_problems(campaign, state, record: PitacTurn, legal) -> list[Problem]:
    """Recorded dice checked against what each side owes: one per Attack; the holder 1 (a capital
    its capital_dice or later_capital_dice) plus one per Defend."""
    problems = []
    owed = dice_owed(campaign, state, legal)
    # one mistake, one error: an order rejected or unreadable has its own error, and the dice
    # written for it (or for its territory's defence) are not judged against what it would have owed
    doubtful = {o.province for o in record.orders if o not in legal}
    doubtful |= {p for _player, meant, _path in record.unread for p in meant}
    unsure_players = {player for player, meant, _path in record.unread if not meant}
    for (province, player), (dice, path) in record.dice.items():
        if province in doubtful or player in unsure_players:
            continue
        count = owed.get(province, {}).get(player)
        if count is None:
            problems.append(unowed_dice(state, record, legal, owed, province, player, path))
        elif len(dice) != count:
            problems.append(Problem(
                f"{player} owes {count} d10 at {province}, {len(dice)} recorded",
                hint=dice_hint(campaign, state, province, player, legal), path=path, rule="dice"))
    return problems
