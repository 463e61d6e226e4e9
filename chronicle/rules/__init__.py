"""The registry of rulesets and the interface every ruleset implements.

A ruleset is values in, values out (python-chess's model): it never reads files or writes HTML.

* ``parse_turn(campaign, doc)`` reads one turn file's plain data into a typed record;
* ``initial_state(campaign, dice)`` sets the map up before turn 1: ``(state, events, problems)``;
* ``check(campaign, state, record)`` lists every illegal order against the state before the turn;
* ``resolve(campaign, state, record, dice)`` plays the turn, skipping what ``check`` rejects, and
  returns the new state with the events that explain every change;
* ``review(...)`` reports what is only known after resolution (a capital choice that does not stand);
* ``to_json(state)`` and ``standings(state)`` are what the CLI and the site show;
* ``map_marks(campaign, before, after, record, events)`` tells the map what the turn did (below).

Problems carry a path inside the turn's document; the history layer turns paths into places.

Language: a ruleset writes what readers see in English through :mod:`chronicle.i18n`, and the site
shows it in the campaign's language. ``describe()``, ``orders_of()`` and the map marks' titles build
their sentences with ``_()``/``ngettext()``; a string stored in an event or a state (a rule, a
reason), the standings' columns, statuses and notes, and ``Summary.score_name`` are marked ``N_()``
and translated where they are shown. Problems (terminal messages) stay English. See docs/site.md,
"Rulesets".

What the map draws of a turn
----------------------------

A player reads a turn from its map first, as on Backstabbr or webDiplomacy: every order drawn
where it went, every fight marked where it happened. The ruleset says *what happened*; the
renderer decides *how it looks*. ``map_marks`` returns a :class:`MapMarks` of two lists, which
the site puts in the turn's :class:`Summary` (``summary.orders`` and ``summary.contests``):

* an :class:`OrderMark` per order given (or move made) in the turn: its ``kind`` (below), the
  ``player``, the ``path`` of provinces from where it starts to where it ends (one province: an
  order in place, such as a Defend or a siege), its :class:`Outcome`, and a ``title``: one
  sentence naming it, shown on hover or tap and read by screen readers ("Mariko Sato: Attack
  Yamashiro — failed, Yui Nakamura held it"). Optional: ``name`` (the order's own name in its
  rulebook: "Scorreria", "Forced march"), ``army`` (the piece that moved), ``count`` (an order
  given several times, Pitac's doubled attack), ``legs`` (how each step of the path was made:
  words such as ``"sea"``, ``"forced"``, ``"river"``, space-separated, ``""`` for an ordinary
  step), ``phase`` (the part of the turn it belongs to: clanwar's phases, Sengoku's movement or
  battle) and ``event`` (the index in the turn's events of the event that tells its result).
* a :class:`ContestMark` per contested province, battle or siege: its ``kind``, ``province``
  (``None`` for a fight with no place on the map, such as Pitac's tabletop battles), the
  ``players`` in it, the ``outcome`` seen from the side that attacked, the ``winner``, a ``title``
  sentence with the result, and ``event``: the index of its event in the turn's events. The turn
  page gives every event the anchor ``e-INDEX``, so the map links each contest to its card there.

Kinds are open words; the renderer knows these and draws any other like the nearest of them:

=============  =============================================================================
order kind     meaning
=============  =============================================================================
``attack``     an order to strike or take a province (Pitac's Attack; a raid, a Scorreria)
``move``       a piece changing place along its path (Sengoku's moves, clanwar's moves)
``retreat``    a move forced by defeat, or a withdrawal before battle
``support``    help sent into another's fight (campagna's interventions, allied contingents)
``transfer``   strength passed from one piece or place to another
``defend``     in place: a province defended, an army shut in its castle
``siege``      in place: a castle besieged
``hold``       in place: any other order that stays where it is
=============  =============================================================================

Contest kinds: ``conflict`` (a roll-off for a province, no tabletop battle), ``battle``,
``siege``, ``skirmish``, ``raid``; a ruleset may use its own (campagna's ``decisive-battle``).
Outcomes are the few values of :class:`Outcome`; a ruleset with a subtler result says it in the
title. Orders the rules rejected are not drawn: a built site's turns are legal.
"""

from __future__ import annotations

import functools

import enum
from dataclasses import dataclass, field, fields
from typing import Any, Mapping

from ..i18n import Message, Plural


@functools.lru_cache(maxsize=None)
def _kind_of_class(name: str) -> str:
    """``BattleFought`` -> ``battle-fought`` (asked for every event on every page: worked out once)."""
    return "".join("-" + c.lower() if c.isupper() else c for c in name).lstrip("-")


@dataclass(frozen=True)
class Event:
    """Something that happened in a turn, with the rule that made it happen.

    Subclasses add fields; ``text`` is a sentence for readers, ``kind`` a stable name for
    templates and JSON.
    """

    @property
    def kind(self) -> str:
        return _kind_of_class(type(self).__name__)

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
    #: the columns that matter most: the score that decides the game and the status (Shogun,
    #: seppuku); a phone keeps them in view beside the player and folds the others under
    key: tuple[str, ...] = ()

    def is_key(self, column: str) -> bool:
        return column in self.key if self.key else column.lower() == "status"


@dataclass(frozen=True)
class Piece:
    """Something standing in a province that the map draws: an army, a garrison, a personality.

    ``label`` is its identity, stable and unique on a map (the counter's ``data-army``, what an
    :class:`OrderMark`'s ``army`` names). ``name`` is what players call it, which the counter's
    tip and the list of armies show; without one the label is the name too (Sengoku's army ids,
    ``takeda-3``, are what its turn files write). ``short`` is what the counter itself writes,
    three characters at most; without one it is taken from the name (``takeda-3`` -> ``3``)."""

    province: str
    player: str | None
    label: str
    strength: int | None = None
    status: str | None = None          # e.g. "besieged"
    name: str | None = None
    short: str | None = None
    #: what its strength counts (``N_units("%(num)d element", "%(num)d elements")``): a bare
    #: figure does not say whether it is elements, models or men; without it the tip shows the figure
    unit: Plural | None = None

    @property
    def display(self) -> str:
        """What players call it: its name, else its label."""
        return self.name or self.label

    @property
    def size(self) -> Message | None:
        """Its strength in words ("12 elements"), from the one number it keeps."""
        return self.unit.of(self.strength) if self.unit is not None and self.strength is not None else None


class Outcome(str, enum.Enum):
    """How an order or a contest ended, seen from the side that gave it (or attacked)."""

    SUCCEEDED = "succeeded"    # a province taken, an army arrived, a defence that held, a castle fallen
    FAILED = "failed"          # an attack beaten off, a defence that lost the province, a siege roll missed
    DRAWN = "drawn"            # a fight with no winner
    PENDING = "pending"        # to be decided later (a battle for the next game day)
    NONE = "none"              # nothing to tell (a Defend no one tested)

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class OrderMark:
    """One order of a turn as the map draws it: an arrow along ``path``, or a mark in place when
    the path is one province. See the module docstring for the kinds."""

    kind: str
    player: str | None
    path: tuple[str, ...]
    outcome: Outcome
    title: str
    name: str | None = None            # the order's own name in its rulebook ("Scorreria")
    army: str | None = None            # the piece that moved
    count: int = 1                     # how many times it was given (a doubled attack: 2)
    legs: tuple[str, ...] = ()         # per step of the path: "", "sea", "forced", "sea forced"...
    phase: str | None = None           # the part of the turn it belongs to
    event: int | None = None           # index of the event that tells its result

    def to_json(self) -> dict:
        return {k: _jsonable(getattr(self, k)) if k != "outcome" else self.outcome.value
                for k in (f.name for f in fields(self))}


@dataclass(frozen=True)
class ContestMark:
    """A contested province, battle or siege of a turn, with its result and where its card is."""

    kind: str
    province: str | None               # None: no place on the map
    players: tuple[str, ...]
    outcome: Outcome
    title: str
    winner: str | None = None
    event: int | None = None           # index of its event in the turn's events: the anchor e-INDEX

    def to_json(self) -> dict:
        return {k: _jsonable(getattr(self, k)) if k != "outcome" else self.outcome.value
                for k in (f.name for f in fields(self))}


@dataclass(frozen=True)
class MapMarks:
    """What ``Ruleset.map_marks`` returns: the turn's orders and contests."""

    orders: tuple[OrderMark, ...] = ()
    contests: tuple[ContestMark, ...] = ()


@dataclass(frozen=True)
class Summary:
    """The ruleset-independent view of a state that every page and chart reads.

    ``orders`` and ``contests`` tell what the turn that led to this state did (see the module
    docstring); they are empty for the start and for a ruleset that gives none."""

    turn: int
    owners: Mapping[str, str | None]
    capitals: Mapping[str, str | None]
    score_name: str
    scores: Mapping[str, int]
    winner: str | None
    marks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # province -> marks (capital, fortress...)
    pieces: tuple[Piece, ...] = ()
    calendar: str | None = None        # a label for the turn, e.g. "May 1561"
    orders: tuple[OrderMark, ...] = ()
    contests: tuple[ContestMark, ...] = ()
    #: what the map's legend says each kind of counter shows, by the pieces' ``status`` (``""``
    #: for none): "Army: its number and strength". Marked ``N_()``, translated where shown; a
    #: status without an entry is explained by its own name
    piece_legend: Mapping[str, str] = field(default_factory=dict)


#: options every ruleset has, beside its own (name -> (default, JSON Schema, description))
COMMON_OPTIONS: Mapping[str, tuple[Any, dict, str]] = {
    "all_dice_recorded": (False, {"type": "boolean"},
                          "Every die must be written in the turn file: a die chronicle would draw from the "
                          "campaign seed is an error instead."),
}


class Ruleset:
    """Base class: subclasses fill in the rules; the defaults here are the shared plumbing."""

    name = "base"
    title = "Base ruleset"
    seed_file = ""
    #: option name -> (default, JSON Schema of the value, one-line description)
    options: Mapping[str, tuple[Any, dict, str]] = {}
    #: extra JSON Schema properties allowed on each player in campaign.yaml
    player_properties: Mapping[str, dict] = {}
    #: player fields campaign.yaml must give (besides id)
    player_required: tuple[str, ...] = ()
    #: extra top-level properties allowed in campaign.yaml
    campaign_properties: Mapping[str, dict] = {}
    #: JSON Schema of one turn file
    turn_schema: Mapping[str, Any] = {"type": "object"}
    #: side files a campaign may name as ``KEY: {file: PATH}`` in campaign.yaml (or write inline):
    #: key -> the file's JSON Schema; the loader reads them into ``Campaign.files``
    campaign_files: Mapping[str, dict] = {}

    def all_options(self) -> dict:
        """The ruleset's options and the ones every ruleset has (``COMMON_OPTIONS``)."""
        return {**COMMON_OPTIONS, **self.options}

    def option_defaults(self) -> dict:
        return {name: default for name, (default, _schema, _doc) in self.all_options().items()}

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

    # ---- chronicle next: what the next turn file asks for ---------------------------------

    def next_turn(self, campaign, history):
        """What each player is owed in the turn after ``history``'s last: a
        :class:`chronicle.nextturn.NextTurn` whose slots are the file's sections, with
        ``chronicle.nextturn.BLANK`` wherever the administrator must write something (a battle's
        winner, an order) and commented examples for what is optional. ``chronicle next`` writes
        it; ``check`` names every blank left (see docs/format.md, "chronicle next").

        A ruleset without one gets a file with a title and the date only."""
        from ..nextturn import BLANK, NextTurn, Slot
        return NextTurn((Slot("title", BLANK, note="a name for the game day"),))

    def blank_hint(self, path: tuple, options: Mapping) -> str | None:
        """What goes in the blank at ``path`` of a turn file (for check's hint); None: a generic hint.
        ``options`` are the campaign's options in force: a number the hint states comes from them."""
        return None

    def map_marks(self, campaign, before, after, record, events) -> MapMarks:
        """The turn's orders and contests for the map: ``before`` and ``after`` are the states
        around the turn, ``events`` its events in order (their indexes are the marks' ``event``).
        The default draws nothing."""
        return MapMarks()

    def display_names(self, campaign, state) -> Mapping[str, str]:
        """Display names of the ids a state knows besides players and provinces (Clan War's units
        and personalities), for sentences; the default: none."""
        return {}


def namer(campaign, states=()):
    """``name(id)`` for sentences: players and provinces by the campaign, then any id the ruleset
    names in the given states (a later state's name wins: a personality renamed by experience)."""
    extra: dict[str, str] = {}
    for state in states:
        extra.update(campaign.ruleset.display_names(campaign, state))
    if not extra:
        return campaign.name_of

    def name(some_id) -> str:
        if some_id is None or some_id in campaign.player_ids or some_id in campaign.map.provinces:
            return campaign.name_of(some_id)
        return extra.get(some_id, str(some_id))
    name.extra = extra                   # what the site's incremental build hashes: a rename shows on every page
    return name


def registry() -> dict[str, Ruleset]:
    from .campagna import Campagna
    from .pitac import Pitac
    from .sengoku import Sengoku
    from .clanwar import Clanwar
    rulesets = [Pitac(), Sengoku(), Clanwar(), Campagna()]
    return {r.name: r for r in rulesets}


# name -> (module, class): what get() imports. Importing every ruleset costs a rebuild about half a
# second (Clan War's and Campagna's modules are large); a campaign plays one.
RULESETS = {"pitac": ("pitac", "Pitac"), "sengoku": ("sengoku", "Sengoku"), "clanwar": ("clanwar", "Clanwar"),
            "campagna": ("campagna", "Campagna")}


def get(name: str) -> Ruleset | None:
    """The ruleset called ``name`` (a new instance, as from :func:`registry`), importing its
    module alone; None for a name no ruleset has."""
    known = RULESETS.get(name) if isinstance(name, str) else None
    if known is None:
        return None
    import importlib
    module = importlib.import_module(f"{__name__}.{known[0]}")
    return getattr(module, known[1])()


class PlaysOnce:
    """For a ruleset whose ``play(campaign, state, record, dice)`` returns (state after, events,
    problems): check() and resolve() of one turn share a single play. The replay calls check()
    and then resolve() on the same turn; playing it twice would double the work, and the dice the
    first play drew must still reach the replay's dice box, which reports them (notices.py)."""

    _last = None

    def _played(self, campaign, state, record, dice):
        last = self._last
        if last and last[0] is campaign and last[1] is state and last[2] is record:
            played_with = last[4]
            if played_with is not dice:
                dice.drawn.extend(played_with.drawn)
                self._last = last[:4] + (dice,)
            return last[3]
        result = self.play(campaign, state, record, dice)
        self._last = (campaign, state, record, result, dice)
        return result

    def check(self, campaign, state, record):
        from ..dice import DiceBox
        return list(self._played(campaign, state, record, DiceBox(campaign.seed))[2])

    def resolve(self, campaign, state, record, dice):
        after, events, _problems = self._played(campaign, state, record, dice)
        return after, list(events)
