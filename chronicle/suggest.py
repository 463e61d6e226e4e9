"""Did-you-mean hints for misspelt names."""

from __future__ import annotations

import difflib
from typing import Iterable


def did_you_mean(word: object, choices: Iterable[str]) -> str | None:
    """A hint naming the closest choices, or None when nothing is close."""
    choices = sorted(set(choices))
    text = str(word)
    lowered = {c.lower(): c for c in choices}
    if text.lower() in lowered:
        return f"did you mean {lowered[text.lower()]!r}? names are lower case"
    close = difflib.get_close_matches(text.lower(), list(lowered), n=3, cutoff=0.6)
    if close:
        return "did you mean " + " or ".join(repr(lowered[c]) for c in close) + "?"
    return None


def one_of(choices: Iterable[str], limit: int = 12) -> str:
    choices = sorted(set(choices))
    shown = ", ".join(choices[:limit])
    if len(choices) > limit:
        shown += f", ... ({len(choices)} in all)"
    return shown
