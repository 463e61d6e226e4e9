"""Territories given away: a fact the administrator records, applied before the turn's moves.

The seed leaves gifts to a generous player's whim ("Or maybe some kind and generous player
would give them one of their territories. Or maybe not."); chronicle enforces only what makes a
gift possible: the giver holds the territory, it is not the giver's capital, the receiver is on
the campaign. A receiver who holds nothing makes the gift their (first) capital.
"""

from __future__ import annotations

from ...errors import Problem
from .record import PitacTurn
from .state import TerritoryGiven


def give(campaign, state, record: PitacTurn):
    """The state after the turn's gifts, their events, and a problem for each that cannot stand."""
    owners, capitals, capital_dice = dict(state.owners), dict(state.capitals), dict(state.capital_dice)
    off_map = set(state.off_map)
    events, problems = [], []
    for gift in record.gifts:
        name = campaign.map.provinces[gift.province].name
        holder = owners[gift.province]
        if holder != gift.giver:
            problems.append(Problem(
                f"{gift.giver} cannot give {name}: it is {'held by ' + holder if holder else 'neutral'}",
                hint="a gift is of a territory the giver holds at the start of the turn",
                path=gift.path + ("territory",), rule="gifts"))
            continue
        if capitals.get(gift.giver) == gift.province:
            problems.append(Problem(f"{gift.giver} cannot give {name}: it is {gift.giver}'s capital",
                                    hint="give another territory; a capital changes hands only by conquest",
                                    path=gift.path + ("territory",), rule="gifts"))
            continue
        if gift.receiver == gift.giver or gift.receiver not in state.joined:
            why = "the giver" if gift.receiver == gift.giver else "not on the map yet (see joins:)"
            problems.append(Problem(f"{gift.receiver} cannot receive {name}: {why}",
                                    hint="a gift goes from its holder to another player on the map",
                                    path=gift.path + ("to",), rule="gifts"))
            continue
        as_capital = not any(owner == gift.receiver for owner in owners.values()) \
            and gift.receiver not in state.pending_capital
        owners[gift.province] = gift.receiver
        if as_capital:
            capitals[gift.receiver] = gift.province
            capital_dice[gift.receiver] = campaign.options["capital_dice"]
            off_map.discard(gift.receiver)
        events.append(TerritoryGiven(gift.giver, gift.receiver, gift.province, as_capital))
    state = state.but(owners=owners, capitals=capitals, capital_dice=capital_dice, off_map=frozenset(off_map))
    return state, events, problems
