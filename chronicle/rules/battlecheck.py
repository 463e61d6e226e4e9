"""Battle entries that cannot be right in any ruleset: a battle with one player, a player named
twice, a player who both wins and loses. Each ruleset says who its battle entry names (players,
clans behind armies...) and where; this module says what is suspicious, in the same words for
every ruleset, so campagna and clanwar reuse it as pitac and sengoku do::

    from chronicle.rules.battlecheck import Named, suspicious_battle
    problems += suspicious_battle([Named(p, path + ("players", i)) for i, p in enumerate(players)],
                                  winners=[Named(w, path + ("winner",))], losers=[...],
                                  where=path, name=campaign.name_of)

A player is whoever the rules score: Sengoku names armies, and the clans behind them are the
players (two armies of one clan fighting each other is a battle of one player).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ..errors import Problem

RULE = "battle"


@dataclass(frozen=True)
class Named:
    """A player as a battle entry names it: the id, where it is written, and (optionally) what the
    entry wrote there when that is not the player itself (an army of the player's clan)."""

    player: str
    path: tuple
    written: str | None = None
    at_key: bool = False

    def shown(self, name: Callable[[str], str]) -> str:
        return f"{self.written} ({name(self.player)})" if self.written and self.written != self.player else name(self.player)


def suspicious_battle(players: Sequence[Named], winners: Sequence[Named] = (), losers: Sequence[Named] = (), *,
                      where: tuple = (), name: Callable[[str], str] = str, noun: str = "player",
                      rule: str = RULE) -> list[Problem]:
    """Every suspicious thing about one battle entry, each an error with a hint.

    ``players``: everyone the entry names as fighting (in order); ``winners``/``losers``: whom it
    names as having won or lost (a ruleset without a loser field passes none)."""
    problems = []
    first: dict[str, Named] = {}
    for entry in players:
        earlier = first.get(entry.player)
        if earlier is None:
            first[entry.player] = entry
        elif entry.written and earlier.written and entry.written != earlier.written:
            # two of one player's pieces (Sengoku's armies of one clan) against each other
            problems.append(Problem(
                f"a battle with one {noun}: {earlier.written} and {entry.written} are both {name(entry.player)}'s",
                hint=f"a battle is fought between enemies: check the armies written (did you mean another {noun}'s army?)",
                path=entry.path, rule=rule, at_key=entry.at_key))
        else:
            problems.append(Problem(
                f"this battle names {entry.written or name(entry.player)} twice",
                hint=f"list each {noun} once" if not entry.written else "each side is a different army: check the armies written",
                path=entry.path, rule=rule, at_key=entry.at_key))
    if len(first) == 1 and not problems:          # (a player named twice is that error alone)
        (only,) = first.values()
        problems.append(Problem(
            f"a battle with one {noun}: only {name(only.player)} fought in it",
            hint=f"a battle has two sides: add the {noun} {name(only.player)} fought against"
                 + ("" if only.written is None else f" (both armies here are {name(only.player)}'s)"),
            path=where or only.path, rule=rule))
    lost = {entry.player: entry for entry in losers}
    reported = set()
    for entry in winners:
        if entry.player in lost and entry.player not in reported:
            reported.add(entry.player)
            problems.append(Problem(
                f"{name(entry.player)} both wins and loses this battle",
                hint=f"one side wins: write the winner once, and the {noun} who lost only among the losers",
                path=entry.path, rule=rule, at_key=entry.at_key))
    return problems
