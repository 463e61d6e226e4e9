"""How one contested territory is decided: the four cases of the seed, as one pure function.

Every reading of an unclear case is written in docs/rules/pitac.md and tested in
tests/pitac_cases/.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...dice import Die
from ...i18n import N_


@dataclass(frozen=True)
class Side:
    player: str
    role: str                  # "holder" or "attacker"
    dice: tuple[Die, ...]

    @property
    def best(self) -> int:
        """A player's result is their best die (seed: "rolls 3d10; 2, 1, 7")."""
        return max(d.value for d in self.dice)

    def to_json(self) -> dict:
        return {"player": self.player, "role": self.role, "best": self.best,
                "dice": [d.to_json() for d in self.dice]}


@dataclass(frozen=True)
class Decision:
    new_owner: str | None
    outcome: str               # taken | held | neutral | failed | tie
    rule: str


def decide(holder: Side | None, attackers: tuple[Side, ...]) -> Decision:
    """Decide a territory from the sides' dice (all rolled at once, as the seed insists)."""
    if holder is None:
        return _neutral(attackers)
    top = max([holder.best] + [a.best for a in attackers])
    if holder.best == top:
        if top == 1:
            return Decision(None, "neutral", N_("a tie of ones returns the territory to neutral"))
        return Decision(holder.player, "held", N_("a tie goes to the defender") if any(a.best == top for a in attackers)
                        else N_("the defender rolled highest"))
    leaders = [a for a in attackers if a.best == top]
    if len(leaders) > 1:
        return Decision(holder.player, "tie", N_("challengers tied above the defender: no one takes it, the defender holds"))
    return Decision(leaders[0].player, "taken", N_("the highest roll gains the territory"))


def _neutral(attackers: tuple[Side, ...]) -> Decision:
    top = max(a.best for a in attackers)
    if top == 1:
        rule = (N_("a 1 always fails") if len(attackers) == 1 and len(attackers[0].dice) == 1
                else N_("all 1s fail") if len(attackers) == 1 else N_("a 1 always fails: every contestant rolled 1"))
        return Decision(None, "failed", rule)
    if len(attackers) == 1:
        return Decision(attackers[0].player, "taken", N_("an uncontested neutral territory falls to anything but a 1"))
    leaders = [a for a in attackers if a.best == top]
    if len(leaders) > 1:
        return Decision(None, "tie", N_("a tie for the high roll leaves the territory neutral"))
    return Decision(leaders[0].player, "taken", N_("the highest roll gains the contested territory"))
