"""What check and build tell the administrator besides problems: the dice the program drew in
the last turn, and what a correction changes in later turns compared with the last build."""

from __future__ import annotations

from pathlib import Path

from . import ripple
from .history import draw_groups

MAX_ROLLS = 12


def drawn(history) -> list[str]:
    """A short notice of the dice drawn from the seed in the last turn: where, for whom, the values."""
    if not history.turns or not history.turns[-1].drawn:
        return []
    last = history.turns[-1]
    groups = draw_groups(history.campaign, last.drawn)
    count = sum(len(dice) for _where, dice in groups)
    out = [f"Drawn from the campaign seed in turn {last.turn.number} ({count} {'die' if count == 1 else 'dice'} "
           f"not written in {last.turn.doc.file}; write them there to use the table's rolls):"]
    for where, dice in groups[:MAX_ROLLS]:
        out.append(f"  {where}: {', '.join(d.text() for d in dice)}")
    if len(groups) > MAX_ROLLS:
        out.append(f"  and {len(groups) - MAX_ROLLS} more rolls (chronicle state --json shows every roll)")
    return out


def correction(history, site: Path) -> list[str]:
    """The ripple of a correction: what changed, turn by turn, against the site built last."""
    found = ripple.of_history(history, Path(site))
    return found.lines(history.campaign.name_of) if found else []
