"""The registry of rulesets and the interface every ruleset implements.

A ruleset is values in, values out (python-chess's model): it never reads files or writes HTML.

* ``parse_turn(campaign, doc)`` reads one turn file's plain data into a typed record;
* ``initial_state(campaign, dice)`` sets the map up before turn 1: ``(state, events, problems)``;
* ``check(campaign, state, record)`` lists every illegal order against the state before the turn;
* ``resolve(campaign, state, record, dice)`` plays the turn, skipping what ``check`` rejects, and
  returns the new state with the events that explain every change;
* ``review(...)`` reports what is only known after resolution (a capital choice that does not stand);
* ``to_json(state)`` and ``standings(state)`` are what the CLI and the site show.

Problems carry a path inside the turn's document; the history layer turns paths into places.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Mapping


@dataclass(frozen=True)
class Event:
    """Something that happened in a turn, with the rule that made it happen.

    Subclasses add fields; ``text`` is a sentence for readers, ``kind`` a stable name for
    templates and JSON.
    """

    @property
    def kind(self) -> str:
        name = type(self).__name__
        return "".join("-" + c.lower() if c.isupper() else c for c in name).lstrip("-")

    @property
    def text(self) -> str:
        return self.describe()

    def describe(self, name=str) -> str:
        """A sentence for readers; ``name`` turns player and province ids into display names."""
        return self.kind

    def to_json(self) -> dict:
        """Field by field (not dataclasses.asdict, which deep-copies and cannot copy a read-only
        mapping, and would flatten a field's own ``to_json``)."""
        data = {"kind": self.kind, "text": self.text}
        for item in fields(self):
            data[item.name] = _jsonable(getattr(self, item.name))
        return data


def _jsonable(value):
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (frozenset, set)):
        return sorted(_jsonable(v) for v in value)
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if hasattr(value, "to_json"):
        return value.to_json()
    return value


@dataclass(frozen=True)
class Standings:
    """A table for the standings page: column titles and one row per player, best first."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[Any, ...]], ...]   # (player id, cells)
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Piece:
    """Something standing in a province that the map draws: an army, a garrison, a personality."""

    province: str
    player: str | None
    label: str
    strength: int | None = None
    status: str | None = None          # e.g. "besieged"


@dataclass(frozen=True)
class Summary:
    """The ruleset-independent view of a state that every page and chart reads."""

    turn: int
    owners: Mapping[str, str | None]
    capitals: Mapping[str, str | None]
    score_name: str
    scores: Mapping[str, int]
    winner: str | None
    marks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # province -> marks (capital, fortress...)
    pieces: tuple[Piece, ...] = ()
    calendar: str | None = None        # a label for the turn, e.g. "May 1561"


class Ruleset:
    """Base class: subclasses fill in the rules; the defaults here are the shared plumbing."""

    name = "base"
    title = "Base ruleset"
    seed_file = ""
    #: option name -> (default, JSON Schema of the value, one-line description)
    options: Mapping[str, tuple[Any, dict, str]] = {}
    #: extra JSON Schema properties allowed on each player in campaign.yaml
    player_properties: Mapping[str, dict] = {}
    #: extra top-level properties allowed in campaign.yaml
    campaign_properties: Mapping[str, dict] = {}
    #: JSON Schema of one turn file
    turn_schema: Mapping[str, Any] = {"type": "object"}

    def option_defaults(self) -> dict:
        return {name: default for name, (default, _schema, _doc) in self.options.items()}

    def parse_turn(self, campaign, number: int, data: dict):
        raise NotImplementedError

    def initial_state(self, campaign):
        raise NotImplementedError

    def check(self, campaign, state, record) -> list:
        raise NotImplementedError

    def resolve(self, campaign, state, record, dice):
        raise NotImplementedError

    def to_json(self, campaign, state, events=(), private: bool = False) -> dict:
        """The state as JSON for scripts and the site's state.json. The public view hides what
        players keep secret (Sengoku's tactical cards); ``private`` is the administrator's view."""
        raise NotImplementedError

    def turn_json(self, campaign, state, events=()) -> dict:
        """The public state after one turn, for the site's ``turns/NNN/state.json``: :meth:`to_json`,
        less any record that only grows (a ruleset overrides this to keep, say, only the ranking
        periods closed in this turn), so that a long campaign's files do not repeat each other."""
        return self.to_json(campaign, state, events)

    def summary(self, campaign, state) -> Summary:
        raise NotImplementedError

    def standings(self, campaign, state) -> Standings:
        raise NotImplementedError

    def review(self, campaign, before, after, record, events, is_last: bool) -> list:
        """Problems only known once a turn is resolved (the default: none)."""
        return []

    def orders_of(self, campaign, record) -> dict[str, list[str]]:
        """Each player's orders as written, for the turn page."""
        return {}


def registry() -> dict[str, Ruleset]:
    from .pitac import Pitac
    from .sengoku import Sengoku
    rulesets = [Pitac(), Sengoku()]
    return {r.name: r for r in rulesets}


def get(name: str) -> Ruleset | None:
    return registry().get(name)
