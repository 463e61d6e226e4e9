"""The bi-monthly calendar: March (spring), May, July, September (summer), November (autumn),
January (winter); the year counts on at January. Turn 1 is ``start_month start_year``."""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import Message


@dataclass(frozen=True)
class Date:
    month: str
    season: str
    year: int

    @property
    def label(self) -> str:
        """ "May 1561": a :class:`~chronicle.i18n.Message` the site shows in its language."""
        return Message("%(month)s %(year)s", month=Message(self.month), year=self.year)

    @property
    def winter(self) -> bool:
        return self.season == "winter"

    @property
    def spring(self) -> bool:
        return self.season == "spring"


def _months(options) -> list[tuple[str, str]]:
    return [(str(m), str(s)) for m, s in options["months"]]


def date_of(options, turn: int) -> Date:
    """The date of ``turn`` (turn 0 is the set-up, dated like turn 1)."""
    months = _months(options)
    names = [m for m, _ in months]
    start = names.index(options["start_month"]) if options["start_month"] in names else 0
    year = int(options["start_year"])
    index = start
    for _ in range(max(turn, 1) - 1):
        index = (index + 1) % len(months)
        if months[index][0] == ("January" if "January" in names else months[0][0]):
            year += 1
    month, season = months[index]
    return Date(month, season, year)


def first_of_season(options, turn: int) -> bool:
    """True when ``turn`` is the first turn of its season (spring armies appear in its first month)."""
    here = date_of(options, turn)
    if turn <= 1:
        return True
    return date_of(options, turn - 1).season != here.season
