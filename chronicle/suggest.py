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
    close = close_matches(text, choices)
    if close:
        return "did you mean " + " or ".join(repr(c) for c in close) + "?"
    return None


def close_matches(word: object, choices: Iterable[str], n: int = 3) -> list[str]:
    """The choices closest to a misspelt ``word``, best first (what did-you-mean names), so a
    ruleset can also hold back the follow-on errors of the name the typo most likely meant."""
    lowered = {c.lower(): c for c in sorted(set(choices))}
    return [lowered[c] for c in difflib.get_close_matches(str(word).lower(), list(lowered), n=n, cutoff=0.6)]


def one_of(choices: Iterable[str], limit: int = 12) -> str:
    choices = sorted(set(choices))
    shown = ", ".join(choices[:limit])
    if len(choices) > limit:
        shown += f", ... ({len(choices)} in all)"
    return shown
