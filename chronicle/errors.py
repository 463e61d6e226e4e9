"""Problems found in a campaign, each tied to the place in a file that causes it.

Every layer reports problems the same way so that the CLI can print them all at once,
sorted by place, in the ``path:line:col: error: message`` form editors understand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Iterable

QUOTED_MAX = 60          # characters of a value echoed in a message, before it is cut
MESSAGE_MAX = 2000       # characters of a whole message or hint, before it is cut


@dataclass(frozen=True, order=True)
class Place:
    """A position in a source file; line and column are 1-based as editors show them."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.col}"
        return self.file


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the campaign.

    ``path`` locates the value inside its document (keys and list indexes); the loader turns it
    into a :class:`Place`. Rules only know paths, never files. ``at_key`` says the offending
    value is the mapping key at the end of ``path`` (a misspelt player or territory used as a
    key), so the place is the key's, not its value's.
    """

    message: str
    hint: str | None = None
    rule: str | None = None
    path: tuple = ()
    place: Place | None = None
    severity: str = "error"
    at_key: bool = False
    #: "schema" for a problem found by a file's JSON Schema: where a ruleset reports a problem at
    #: the very same place, its message (with the rule and a sharper hint) is shown instead
    origin: str = ""

    def at(self, place: Place | None) -> "Problem":
        return replace(self, place=place)

    def format(self) -> str:
        where = str(self.place) if self.place else "<campaign>"
        text = f"{where}: {self.severity}: {shorten(self.message)}"
        if self.rule:
            text += f" [{self.rule}]"
        if self.hint:
            text += f"\n    hint: {shorten(self.hint)}"
        return text

    def sort_key(self):
        place = self.place or Place("")
        return (place.file, place.line, place.col, self.message)


# a value as repr() quotes it: the opening quote after a space, a bracket or the start, the closing
# one before a space, punctuation or the end, so that two possessives ("red's ... battle's") are
# never taken for one
LONG_QUOTE = re.compile(r"(?:(?<=[\s(\[{:=,])|^)'([^'\n]{%d,}?)'(?=[\s,;:.)\]}?!]|$)" % (QUOTED_MAX + 1))


def shorten(text: str) -> str:
    """A value echoed in a message is cut to its first characters: a name pasted by mistake
    (a whole paragraph, a 100,000-character line) must not bury the report, nor the line's
    place, under itself. The place is what tells where to look."""
    text = LONG_QUOTE.sub(lambda m: f"'{m.group(1)[:QUOTED_MAX]}…' ({len(m.group(1)):,} characters)", text)
    if len(text) > MESSAGE_MAX:
        text = text[:MESSAGE_MAX] + f"… ({len(text):,} characters in all)"
    return text


class ChronicleError(Exception):
    """Raised with every problem found, so one run reports them all."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = sorted(problems, key=Problem.sort_key)
        super().__init__("\n".join(p.format() for p in self.problems))


def errors_only(problems: Iterable[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == "error"]


def without_echoes(problems: Iterable[Problem]) -> list[Problem]:
    """The problems less each schema error that a ruleset's error at the same place repeats
    (``vp: -1`` is out of the schema's range and also breaks a rule: say it once, by the rule)."""
    problems = list(problems)
    ruled = {(p.place.file, p.place.line, p.place.col) for p in problems
             if p.place and p.origin != "schema" and p.severity == "error"}
    return [p for p in problems if not (p.origin == "schema" and p.place
                                        and (p.place.file, p.place.line, p.place.col) in ruled)]
