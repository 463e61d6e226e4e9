"""What the pages show, gathered from a History in one pass before anything is rendered.

Everything here is read from the History, the ruleset's Summary and Standings, and the events;
nothing is decided about the game. The one computation is a diff of owners before and after a
turn (which provinces changed hands), which the events already explain.

Each ruleset's events have their own shapes, so the site reads them through small adapters, one
per (ruleset, event kind), at the end of this module: a battle (Pitac's ``battle-fought`` names
players and winners; Sengoku's names two armies with their losses and breaking points), a siege
roll, a line of the score's ledger. An adapter only copies fields into a common view
(:class:`BattleView`, :class:`SiegeView`, :class:`ScoreLine`); a ruleset without adapters gets
the Pitac-shaped reading of any event that looks like a battle or a conflict. Every event of a
turn keeps its index in the turn's event list: the turn page gives it the anchor ``e-INDEX``,
which is where the ledger's links lead.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from markupsafe import Markup, escape

from .. import i18n
from ..i18n import N_


@dataclass(frozen=True)
class Change:
    province: str
    before: str | None
    after: str | None


# ---- the common views of battles, sieges and score lines ------------------------------------------

@dataclass(frozen=True)
class Side:
    """One player's part in a battle: an army with its elements, or just a player (Pitac)."""

    player: str | None
    team: int                        # sides with the same team fought together
    won: bool | None                 # None: no winner (a draw)
    army: str | None = None
    role: str = ""                   # attacker | defender | allied contingent
    elements: int | None = None      # on the table
    lost: int | None = None
    breaking: int | None = None      # the breaking point: losses that break it
    beside: str | None = None        # an allied contingent: the army it fought beside


@dataclass(frozen=True)
class BattleView:
    index: int                       # in the turn's events: the anchor e-INDEX
    event: Any
    title: str
    province: str | None
    sides: tuple[Side, ...]
    winners: tuple[str, ...]         # players
    scenario: str | None = None
    how: str | None = None           # why the winner won
    camp_taken_by: str | None = None  # an army
    bua_taken_by: str | None = None
    castle_taken: bool = False
    cards: tuple[tuple[int, Any], ...] = ()      # (index, event) of the cards played in it
    aftermath: tuple[tuple[int, Any], ...] = ()  # (index, event): retreats, destructions, sieges lifted, castles taken
    vp: Mapping[str, int] = field(default_factory=dict)

    @property
    def anchor(self) -> str:
        return f"e-{self.index}"

    @property
    def name(self) -> str:
        return self.title

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.player for s in self.sides if s.player))

    @property
    def detailed(self) -> bool:
        """True when the battle was fought by armies with elements (a card, not a table row)."""
        return any(s.elements is not None for s in self.sides)

    def describe(self, name=str) -> str:
        return self.event.describe(name)

    def result_for(self, player: str) -> str | None:
        mine = [s for s in self.sides if s.player == player]
        if not mine:
            return None
        if not self.winners:
            return "drawn"
        return "won" if any(s.won for s in mine) else "lost"

    def against(self, player: str) -> tuple[str, ...]:
        teams = {s.team for s in self.sides if s.player == player}
        return tuple(dict.fromkeys(s.player for s in self.sides if s.player and s.player != player
                                   and s.team not in teams))


@dataclass(frozen=True)
class SiegeView:
    index: int
    event: Any
    province: str
    besieger: str                    # army
    player: str | None               # the besieger's
    defender: str | None             # the army shut in the castle, if any
    holder: str | None               # whose castle
    castle: str | None               # capital | fortress (the map's mark)
    roll: int
    bonus: int
    needed: int
    taken: bool
    lost: int
    forage: bool = False

    @property
    def anchor(self) -> str:
        return f"e-{self.index}"


@dataclass(frozen=True)
class ScoreLine:
    """One change of a player's score, and the event that caused it."""

    index: int
    player: str
    points: int
    reason: str
    cause: int | None                # index of the causing event in the same turn, if any

    @property
    def anchor(self) -> str:
        return f"e-{self.index}"

    @property
    def target(self) -> int:
        """The event a link to this line's cause leads to (the line itself when it has none)."""
        return self.index if self.cause is None else self.cause


# ---- turns and the whole site ---------------------------------------------------------------------

@dataclass
class TurnView:
    number: int                      # 0: the start, before turn 1
    title: str
    date: str | None
    calendar: str | None
    story: str | None
    state: Any
    summary: Any                     # Summary after the turn
    events: tuple
    changes: list[Change]
    conflicts: list                  # events with sides and dice
    battles: list                    # BattleView, one per battle event
    others: list                     # every other event (not a conflict, battle, siege roll or score line)
    orders: dict[str, list[str]]
    standings: Any
    prev: "TurnView | None" = None
    next: "TurnView | None" = None
    sieges: list = field(default_factory=list)          # SiegeView
    score_lines: list = field(default_factory=list)     # ScoreLine
    season: str | None = None
    _index: dict = field(default_factory=dict, repr=False)

    @property
    def slug(self) -> str:
        return f"{self.number:03d}"

    @property
    def path(self) -> str:
        return f"turns/{self.slug}/index.html"

    @property
    def changed(self) -> dict[str, tuple]:
        return {c.province: (c.before, c.after) for c in self.changes}

    @property
    def label(self) -> str:
        return i18n.gettext("Start") if self.number == 0 else i18n.gettext("Turn %(number)s", number=self.number)

    def __getstate__(self) -> dict:
        """Pickled without the index by ``id()`` (the ids are another process's: the build cache
        keeps views, chronicle/cache.py; it is made again on first use) and without the links to
        the turns before and after (:func:`build_model` links the views it reuses anew; followed
        by pickle, 500 linked turns went past Python's recursion limit and nothing was kept), and
        without its story (:func:`build_model` gives a reused view the story read anew)."""
        return {**self.__dict__, "_index": {}, "prev": None, "next": None, "story": None}

    def index_of(self, event) -> int:
        """The position of ``event`` (this very object) in the turn's events."""
        if not self._index:
            self._index.update({id(e): i for i, e in enumerate(self.events)})
        return self._index[id(event)]

    def anchor(self, event) -> str:
        return f"e-{self.index_of(event)}"

    def link(self, index: int) -> str:
        """A site path to event ``index`` of this turn (its anchor on the turn page)."""
        return f"{self.path}#e-{index}"

    def event(self, index: int):
        return self.events[index]

    def caption(self, index: int, name=str) -> str:
        """A short text for event ``index``: a battle's or a siege's title, else its sentence."""
        for battle in self.battles:
            if battle.index == index:
                return battle.title
        for siege in self.sieges:
            if siege.index == index:
                roll = str(siege.roll) + (f"{siege.bonus:+d}" if siege.bonus else "")
                return i18n.gettext("Siege of %(province)s: %(roll)s against %(needed)s", province=name(siege.province),
                                    roll=roll, needed=siege.needed)
        return self.events[index].describe(name)


#: a history longer than this many turns is split into pages of this many turns each: no page
#: grows without bound as a campaign goes on
PERIOD = 100
#: turns shown on the main page of a long history (the rest are on the period pages)
RECENT = 25


@dataclass(frozen=True)
class Period:
    """A stretch of PERIOD turns (the first holds the start, turn 0): one page of a long history."""

    first: int
    last: int                        # the last turn it holds so far
    turns: tuple

    @property
    def end(self) -> int:
        """The last turn it will hold: a period is named by its whole stretch from its first
        turn, so that a new turn neither renames the latest period's pages nor changes the links
        to them on every other period's page."""
        return self.first + PERIOD - 1

    @property
    def slug(self) -> str:
        return f"{self.first:03d}-{self.end:03d}"

    @property
    def label(self) -> str:
        return f"{self.first}\u2013{self.end}"


def periods(turns: list) -> list[Period]:
    """The pages of a long history (none while it fits one page), in fixed stretches so that a new
    turn only ever changes the last of them."""
    if len(turns) <= PERIOD + 1:
        return []
    out = []
    for start in range(0, len(turns), PERIOD):
        chunk = tuple(turns[start:start + PERIOD])
        out.append(Period(chunk[0].number, chunk[-1].number, chunk))
    return out


def province_changes(model) -> dict[str, int]:
    """How many times each province changed hands (the start does not count)."""
    counts: dict[str, int] = {}
    for view in model.turns[1:]:
        for change in view.changes:
            counts[change.province] = counts.get(change.province, 0) + 1
    return counts


@dataclass
class SiteModel:
    campaign: Any
    turns: list[TurnView]
    final: TurnView
    winner: str | None
    winner_turn: int | None
    ranking: dict | None
    last_change: dict = field(default_factory=dict)     # (player, column) -> turn number
    references: tuple = ()                              # (value, label): score thresholds to draw
    sheets: list | None = None                          # battle sheets for the coming game day, if the ruleset gives them
    produces: frozenset = frozenset()                   # what the ruleset's events can show: see :func:`produces`

    def turn(self, number: int) -> TurnView:
        return self.turns[number]

    @property
    def periods(self) -> list[Period]:
        if "_periods" not in self.__dict__:
            self.__dict__["_periods"] = periods(self.turns)
        return self.__dict__["_periods"]

    def province_turns(self) -> dict[str, tuple[list[int], list[int]]]:
        """province -> (the turns after which its holder or the capital it is changed, the start
        first; the turns in which anything happened there: those, and any in which it changed
        hands or was fought over), both in order: what a province's table of holders lists
        (:func:`province_rows`), found in one pass over the turns for every province."""
        if "_province_turns" not in self.__dict__:
            found: dict[str, tuple[list[int], list[int]]] = {}
            owners: dict = {}
            capitals: dict = {}
            for view in self.turns:
                summary, n = view.summary, view.number
                now = {c: p for p, c in summary.capitals.items()}
                if n == 0:
                    touched = set(summary.owners) | set(now)
                else:          # a turn's changes are its owners' differences (build_model)
                    touched = {c.province for c in view.changes} | (summary.owners.keys() ^ owners.keys())
                    touched |= {p for p in now.keys() | capitals.keys() if now.get(p) != capitals.get(p)}
                touched.discard(None)                   # a player with no capital
                for pid in touched:
                    changes, eventful = found.setdefault(pid, ([], []))
                    changes.append(n)
                    eventful.append(n)
                fought = {getattr(e, "province", None) for e in (*view.conflicts, *view.battles, *view.sieges)}
                for pid in fought - touched - {None}:
                    found.setdefault(pid, ([0], [0]))[1].append(n)
                owners, capitals = summary.owners, now
            self.__dict__["_province_turns"] = found
        return self.__dict__["_province_turns"]

    @property
    def recent(self) -> list[TurnView]:
        """The turns a main page lists: all of them, or the last RECENT of a long history."""
        return self.turns[-RECENT:] if self.periods else self.turns

    @property
    def score_name(self) -> str:
        """The name of the score ("VP", "Prestige"), in the language in force."""
        return i18n.tr(self.final.summary.score_name)

    @property
    def calendared(self) -> bool:
        return any(v.calendar for v in self.turns)

    @property
    def has_sieges(self) -> bool:
        return any(v.sieges for v in self.turns)

    @property
    def has_ledger(self) -> bool:
        return any(v.score_lines for v in self.turns)

    def can(self, what: str) -> bool:
        """Whether the ruleset's events can give ``what`` ("conflicts", "battles", "sieges",
        "score_lines"): a page leaves out a section that this campaign's rules could never fill."""
        return what in self.produces


def is_conflict(event) -> bool:
    """A roll-off for a province: sides of players with their dice (Pitac's Conflict)."""
    sides = getattr(event, "sides", None)
    return (hasattr(event, "province") and isinstance(sides, tuple) and bool(sides)
            and all(hasattr(s, "player") and hasattr(s, "dice") for s in sides))


def is_battle(event) -> bool:
    """A tabletop battle between players, with its winners (Pitac's BattleFought)."""
    return all(hasattr(event, key) for key in ("name", "players", "winners"))


# ---- what a ruleset's events can show -------------------------------------------------------------

def event_classes(ruleset) -> tuple[type, ...]:
    """The event classes a ruleset can produce: every subclass of :class:`~chronicle.rules.Event`
    defined in the ruleset's own module or package (a ruleset may list them as ``event_classes``)."""
    from ..rules import Event
    listed = getattr(ruleset, "event_classes", None)
    if listed:
        return tuple(listed)
    home = type(ruleset).__module__
    found, todo = [], list(Event.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__ == home or cls.__module__.startswith(home + "."):
            found.append(cls)
    return tuple(sorted(set(found), key=lambda c: (c.__module__, c.__qualname__)))


def _kind_of(cls) -> str | None:
    kind = getattr(cls, "kind", None)
    if isinstance(kind, property):
        try:
            kind = kind.fget(cls.__new__(cls))
        except Exception:            # a kind that needs the event's fields: unknown
            return None
    return kind if isinstance(kind, str) else None


def _field_names(cls) -> set[str]:
    names = set(getattr(cls, "__dataclass_fields__", {}) or {})
    return names | set(getattr(cls, "__annotations__", {}) or {})


def produces(ruleset, turns: list[TurnView] = ()) -> frozenset[str]:
    """What the ruleset's events can give the pages: "conflicts" (roll-offs with dice, Pitac),
    "battles", "sieges", "score_lines". Read from the ruleset's event classes (their kinds, as the
    adapters below know them, and their fields), and from what the turns actually hold."""
    out = set()
    for cls in event_classes(ruleset):
        kind = _kind_of(cls)
        fields = _field_names(cls)
        if {"province", "sides"} <= fields:
            out.add("conflicts")
        if {"name", "players", "winners"} <= fields:
            out.add("battles")
        for what, table in (("battles", BATTLES), ("sieges", SIEGES), ("score_lines", SCORES)):
            if kind and ((ruleset.name, kind) in table or (None, kind) in table):
                out.add(what)
    for view in turns:
        for what in ("conflicts", "battles", "sieges", "score_lines"):
            if getattr(view, what):
                out.add(what)
    return frozenset(out)


def each(function: Callable, items) -> list:
    """``function`` applied to every item (for templates: Jinja's ``map`` takes no callable)."""
    return [function(item) for item in items]


def join_words(items) -> str:
    """Items as a list in the words of the language in force: "A, B and C" ("A, B e C"). Items
    that are markup (links) stay markup; the rest is escaped."""
    items = list(items)
    if any(isinstance(i, Markup) for i in items):
        return Markup(i18n.join([escape(i) for i in items]))
    return i18n.join(items)


def display_date(value) -> str | None:
    if value is None:
        return None
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()[:10]
    return str(value)


def _turn_view(campaign, number, title, date, story, before_summary, state, summary, events, changes, orders,
               standings) -> TurnView:
    ruleset = campaign.ruleset
    events = tuple(events)
    owners = {p.label: p.player for s in (before_summary, summary) if s is not None for p in s.pieces}
    read = Reading(ruleset.name, campaign, events, owners, before_summary or summary, summary)
    battles = read.battles()
    sieges = read.sieges()
    lines = read.score_lines()
    taken = ({b.index for b in battles} | {i for b in battles for i, _card in b.cards} | {s.index for s in sieges}
             | {l.index for l in lines})
    conflicts = [e for e in events if is_conflict(e)]
    others = [e for i, e in enumerate(events) if i not in taken and not is_conflict(e)]
    season = None
    if summary.calendar:
        data = ruleset.to_json(campaign, state, ())
        season = data.get("season") if isinstance(data, dict) else None
    calendar = i18n.tr(summary.calendar) if summary.calendar else None          # "May 1561", "maggio 1561"
    return TurnView(number, title, date, calendar, story, state, summary, events, changes, conflicts, battles,
                    others, orders, standings, sieges=sieges, score_lines=lines,
                    season=str(season) if season else None)


def build_model(history, reuse: "SiteModel | None" = None) -> SiteModel:
    """The pages' view of ``history``. ``reuse``: the model of an earlier build in the same process
    (``chronicle serve``): a turn whose state and events are the very objects it was made from
    (the replay took them as they were) keeps its view, with its story read anew."""
    campaign = history.campaign
    kept = {v.number: v for v in reuse.turns} if reuse is not None else {}
    ruleset = campaign.ruleset
    views: list[TurnView] = []
    start_summary = ruleset.summary(campaign, history.start)
    views.append(_turn_view(
        campaign, 0, i18n.gettext("Start of the campaign"), None, None, None, history.start, start_summary, history.start_events,
        [Change(p, None, o) for p, o in sorted(start_summary.owners.items()) if o], {},
        ruleset.standings(campaign, history.start)))
    for result in history.turns:
        turn = result.turn
        old = kept.get(turn.number)
        if old is not None and old.state is result.after and old.events is result.events:
            views.append(replace(old, story=turn.story, prev=None, next=None))
            continue
        before = views[-1].summary
        drawn = ruleset.map_marks(campaign, result.before, result.after, result.record, result.events)
        summary = replace(ruleset.summary(campaign, result.after), orders=tuple(drawn.orders),
                          contests=tuple(drawn.contests))
        changes = [Change(p, before.owners.get(p), o) for p, o in sorted(summary.owners.items())
                   if before.owners.get(p) != o]
        title = turn.data.get("title") or i18n.gettext("Turn %(number)s", number=turn.number)
        views.append(_turn_view(
            campaign, turn.number, str(title), display_date(turn.data.get("date")), turn.story, before, result.after,
            summary, result.events, changes,
            {p: list(o) for p, o in ruleset.orders_of(campaign, result.record).items()},
            ruleset.standings(campaign, result.after)))
    for before, after in zip(views, views[1:]):
        before.next, after.prev = after, before
    final = views[-1]
    winner_turn = next((v.number for v in views if v.summary.winner), None)
    ranking = ruleset.to_json(campaign, final.state, ()).get("ranking")
    sheets = battle_sheets(campaign, final.state)
    return SiteModel(campaign, views, final, final.summary.winner, winner_turn,
                     ranking if isinstance(ranking, dict) else None, _last_changes(views),
                     score_references(campaign), sheets, produces(ruleset, views))


def _last_changes(views: list[TurnView]) -> dict:
    """For each (player, standings column): the turn at which its current value was reached."""
    out = {}
    final = views[-1].standings
    for player, cells in final.rows:
        for column, value in enumerate(cells):
            made = 0
            for view in views[1:]:
                previous = _cell(view.prev.standings, player, column)
                if _cell(view.standings, player, column) != previous:
                    made = view.number
            out[(player, column)] = made
    return out


def _cell(standings, player, column):
    for pid, cells in standings.rows:
        if pid == player:
            return cells[column] if column < len(cells) else None
    return None


# ---- per player and per province ----------------------------------------------------------

def holdings(model: SiteModel, player: str, turns=None) -> list[dict]:
    """Turn by turn: how many provinces the player held, which were gained and which lost."""
    rows = []
    for view in turns or model.turns:
        held = sorted(p for p, o in view.summary.owners.items() if o == player)
        gained = [c.province for c in view.changes if c.after == player]
        lost = [c.province for c in view.changes if c.before == player]
        rows.append({"turn": view, "count": len(held), "held": held, "gained": gained, "lost": lost,
                     "capital": view.summary.capitals.get(player),
                     "score": view.summary.scores.get(player, 0)})
    return rows


def battles_of(model: SiteModel, player: str, turns=None) -> list[dict]:
    """Every battle the player fought (or sent an allied contingent to), with its result."""
    out = []
    for view in turns or model.turns:
        for battle in view.battles:
            result = battle.result_for(player)
            if result is None:
                continue
            mine = [s for s in battle.sides if s.player == player]
            roles = [s.role for s in mine if s.role and not s.beside] or [s.role for s in mine if s.role]
            out.append({"turn": view, "battle": battle, "result": result, "result_text": _battle_result(result),
                        "vp": battle.vp.get(player),
                        "against": battle.against(player), "role": ", ".join(dict.fromkeys(roles)),
                        "link": view.link(battle.index)})
    return out


def _battle_result(result: str) -> str:
    """A player's result in a battle, in the language in force."""
    return {"won": i18n.pgettext("a battle's result", "won"), "lost": i18n.pgettext("a battle's result", "lost"),
            "drawn": i18n.pgettext("a battle's result", "drawn")}.get(result, result)


def _conflict_result(result: str) -> str:
    """A player's result in a territory conflict, in the language in force."""
    return {"held": i18n.pgettext("a territory conflict's result", "held"),
            "lost": i18n.pgettext("a territory conflict's result", "lost"),
            "took": i18n.pgettext("a territory conflict's result", "took"),
            "failed": i18n.pgettext("a territory conflict's result", "failed")}.get(result, result)


def conflicts_of(model: SiteModel, player: str, turns=None) -> list[dict]:
    out = []
    for view in turns or model.turns:
        for conflict in view.conflicts:
            if not any(side.player == player for side in conflict.sides):
                continue
            holder, new = getattr(conflict, "holder", None), getattr(conflict, "new_owner", None)
            if holder == player:
                result = "held" if new == player else "lost"
            else:
                result = "took" if new == player else "failed"
            out.append({"turn": view, "conflict": conflict, "result": result, "result_text": _conflict_result(result)})
    return out


def sieges_of(model: SiteModel, player: str, turns=None) -> list[dict]:
    """Every siege roll made by or against the player."""
    out = []
    for view in turns or model.turns:
        for siege in view.sieges:
            if player not in (siege.player, siege.holder):
                continue
            role = "besieger" if siege.player == player else "besieged"
            out.append({"turn": view, "siege": siege, "role": role,
                        "role_text": i18n.gettext("besieger") if role == "besieger" else i18n.gettext("besieged"),
                        "link": view.link(siege.index)})
    return out


def ledger(model: SiteModel, player: str, turns=None) -> dict:
    """The player's score line by line: where it started, every change with its reason, running
    total and cause (a site path to the event on its turn page), and the total after each turn.

    ``reconciled`` says whether the lines add up to the score the ruleset reports after every turn.
    """
    shown = turns or model.turns
    first = shown[0]
    start = (first.prev or first).summary.scores.get(player, 0)
    total = start
    turns = []
    reconciled = True
    for view in shown:
        lines = []
        for line in view.score_lines:
            if line.player != player:
                continue
            total += line.points
            cause = view.event(line.target) if 0 <= line.target < len(view.events) else None
            lines.append({"line": line, "total": total, "cause": cause, "link": view.link(line.target),
                          "caused": line.cause is not None})
        reported = view.summary.scores.get(player)
        if reported is not None and reported != total:
            reconciled = False
        if lines:
            turns.append({"turn": view, "lines": lines, "net": sum(l["line"].points for l in lines), "total": total})
    return {"start": start, "from": first.prev, "turns": turns, "final": total, "reconciled": reconciled}


def province_history(model: SiteModel, province: str, turns=None) -> list[dict]:
    rows = []
    for view in turns or model.turns:
        owner = view.summary.owners.get(province)
        change = next((c for c in view.changes if c.province == province), None)
        rows.append({"turn": view, "owner": owner, "changed": change is not None and view.number > 0,
                     "capital_of": next((p for p, c in view.summary.capitals.items() if c == province), None),
                     "marks": view.summary.marks.get(province, ()),
                     "conflicts": [c for c in view.conflicts if c.province == province],
                     "battles": [b for b in view.battles if b.province == province],
                     "sieges": [s for s in view.sieges if s.province == province]})
    return rows


def province_rows(model: SiteModel, province: str, turns=None) -> list[dict]:
    """The rows of a province's table "who held it" (:func:`province_row_turns`)."""
    return province_history(model, province, [model.turns[n] for n in province_row_turns(model, province, turns)])


def province_row_turns(model: SiteModel, province: str, turns=None) -> list[int]:
    """The turns a province's table "who held it" lists: the turn its holder (and capital) as at
    the first of ``turns`` dates from (the start, or the turn it changed hands), then only the turns
    of ``turns`` in which something happened there (it changed hands, became or stopped being a
    capital, was fought over). A quiet turn adds no row, so a province nothing happened to has
    the same page after a new turn (an incremental build leaves it as it was); the last row
    always holds the province as it stands after the last of ``turns`` (a stretch of turns in
    order, as the pages show)."""
    turns = list(turns or model.turns)
    if not turns:
        return []
    changes, eventful = model.province_turns().get(province, ([0], [0]))
    first, last = turns[0].number, turns[-1].number
    since = changes[max(0, bisect.bisect_right(changes, first) - 1)]
    shown = {v.number for v in turns}
    numbers = [n for n in eventful[bisect.bisect_left(eventful, first):bisect.bisect_right(eventful, last)] if n in shown]
    if since < first or not numbers:
        numbers.insert(0, since)
    return numbers


def grouped_changes(view: TurnView) -> list[dict]:
    """A turn's changes of hands grouped by who lost and who gained (the start: by who holds),
    largest group first: a long list reads better as a few lines."""
    groups: dict[tuple, list[str]] = {}
    for change in view.changes:
        key = (None if view.number == 0 else change.before, change.after)
        groups.setdefault(key, []).append(change.province)
    return [{"before": before, "after": after, "provinces": provinces}
            for (before, after), provinces in sorted(groups.items(), key=lambda kv: (-len(kv[1]), str(kv[0])))]


def pieces(view: TurnView) -> list:
    """The pieces on the map after a turn (armies), by player then label."""
    return sorted(view.summary.pieces, key=lambda p: (p.player or "", p.label))


_CALENDAR = re.compile(r"^(?P<month>.+?)\s+(?P<year>-?\d+)$")


def calendar_years(model: SiteModel, turns=None) -> list[dict]:
    """The turns grouped by the year of their calendar label ("May 1561"), for a calendar strip."""
    years: list[dict] = []
    for view in (turns or model.turns):
        if view.number == 0:
            continue
        if not view.calendar:
            continue
        match = _CALENDAR.match(view.calendar)
        year, month = (match["year"], match["month"]) if match else ("", view.calendar)
        if not years or years[-1]["year"] != year:
            years.append({"year": year, "turns": []})
        years[-1]["turns"].append({"turn": view, "month": month})
    return years


# ---- what the ruleset offers besides History: battle sheets, score thresholds ------------------------

def battle_sheets(campaign, state) -> list[dict] | None:
    """The ruleset's battle sheets for the game day after ``state`` (None: it has none)."""
    make = getattr(campaign.ruleset, "battle_sheets", None)
    if make is None:
        return None
    out = []
    for sheet in make(campaign, state):
        sides = [{"army": getattr(s, "army", None), "player": getattr(s, "clan", None) or getattr(s, "player", None),
                  "elements": getattr(s, "elements", None), "breaking": getattr(s, "breaking_point", None),
                  "role": getattr(s, "role", "")} for s in getattr(sheet, "sides", ())]
        out.append({"province": sheet.province, "terrain": str(getattr(sheet, "terrain", "") or "").replace("_", " "),
                    "requirement": getattr(sheet, "requirement", None),
                    "river": getattr(sheet, "river_possible", None), "bua": getattr(sheet, "bua", None),
                    "set_by": getattr(sheet, "terrain_set_by", None), "sides": sides,
                    "notes": tuple(getattr(sheet, "notes", ()) or ())})
    return out


def score_references(campaign) -> tuple:
    """Thresholds of the score that charts draw as reference lines: (value, label)."""
    reader = REFERENCES.get(campaign.ruleset.name)
    return tuple(reader(campaign)) if reader else ()


# ---- adapters: how each ruleset's events are read ---------------------------------------------------

class Reading:
    """Reads one turn's events through the adapters registered for the ruleset."""

    def __init__(self, ruleset: str, campaign, events: tuple, armies: Mapping[str, str | None], before, after):
        self.ruleset = ruleset
        self.campaign = campaign
        self.events = events
        self.armies = armies           # army label -> player, from the pieces before and after the turn
        self.before = before           # Summary before the turn
        self.after = after

    def _read(self, table) -> list:
        out = []
        for index, event in enumerate(self.events):
            adapter = table.get((self.ruleset, event.kind)) or table.get((None, event.kind))
            if adapter is None and table is BATTLES and is_battle(event):
                adapter = pitac_battle
            if adapter is None:
                continue
            view = adapter(self, index, event)
            if view is not None:
                out.append(view)
        return out

    def battles(self) -> list[BattleView]:
        return self._read(BATTLES)

    def sieges(self) -> list[SiegeView]:
        return self._read(SIEGES)

    def score_lines(self) -> list[ScoreLine]:
        return self._read(SCORES)


def pitac_battle(read: Reading, index: int, event) -> BattleView | None:
    """A battle between players, with winners and VP (Pitac; any event shaped like it)."""
    if not is_battle(event):
        return None
    winners = tuple(event.winners)
    sides = tuple(Side(p, i, (p in winners) if winners else None) for i, p in enumerate(event.players))
    return BattleView(index, event, str(event.name), getattr(event, "province", None), sides, winners,
                      scenario=getattr(event, "scenario", None), vp=dict(getattr(event, "vp", None) or {}))


AFTERMATH = ("army-retreated", "army-destroyed", "siege-lifted", "castle-taken", "elements-lost")


def sengoku_battle(read: Reading, index: int, event) -> BattleView:
    """Two armies (with allied contingents) on the table: elements, losses, breaking points."""
    armies = (event.attacker, event.defender)
    players = (event.attacker_clan, event.defender_clan)
    sides = []
    on_table = tuple(getattr(event, "armies", ()) or ())
    if getattr(event, "big_battle", False) and on_table:
        # a Big Battle (Kyoto): every army a side wrote, the side's breaking point on its first army
        winner_side = next((x.side for x in on_table if x.army == event.winner), "attacker")
        first = {}
        for x in on_table:
            team = 0 if x.side == "attacker" else 1
            breaking = _at(event.breaking, team) if x.side not in first else None
            first.setdefault(x.side, x.army)
            sides.append(Side(x.clan, team, x.side == winner_side, x.army, x.side, x.elements, x.lost, breaking))
    else:
        for i, role in enumerate((N_("attacker"), N_("defender"))):
            sides.append(Side(players[i], i, armies[i] == event.winner, armies[i], role,
                              _at(event.sizes, i), _at(event.lost, i), _at(event.breaking, i)))
    for ally, beside, elements, lost in getattr(event, "allies", ()) or ():
        team = 0 if beside == event.attacker else 1
        sides.append(Side(read.armies.get(ally), team, armies[team] == event.winner, ally, N_("allied contingent"),
                          elements, lost, None, beside))
    sides.sort(key=lambda s: (s.team, s.beside is not None))     # each army, then the contingents beside it
    winner_team = next((s.team for s in sides if s.army == event.winner), 0 if event.winner == event.attacker else 1)
    winners = tuple(dict.fromkeys(s.player for s in sides if s.team == winner_team and s.player))
    # the cards played in it are emitted just before it; what befell its armies follows it
    cards = []
    j = index - 1
    while j >= 0 and read.events[j].kind == "card-played":
        cards.insert(0, (j, read.events[j]))
        j -= 1
    involved = ({event.attacker, event.defender} | {a for a, *_ in getattr(event, "allies", ()) or ()}
                | {x.army for x in on_table})
    aftermath = []
    for k in range(index + 1, len(read.events)):
        other = read.events[k]
        if other.kind in ("battle-fought", "card-played"):
            break
        if other.kind in AFTERMATH and (getattr(other, "army", None) in involved
                                        or getattr(other, "besieger", None) in involved
                                        or (other.kind == "castle-taken" and other.province == event.province)):
            aftermath.append((k, other))
    return BattleView(index, event, i18n.gettext("Battle of %(province)s", province=read.campaign.name_of(event.province)),
                      event.province, tuple(sides),
                      winners, how=getattr(event, "how", None), camp_taken_by=getattr(event, "camp_taken_by", None),
                      bua_taken_by=getattr(event, "bua_taken_by", None),
                      castle_taken=bool(getattr(event, "castle_taken", False)), cards=tuple(cards),
                      aftermath=tuple(aftermath))


def sengoku_siege(read: Reading, index: int, event) -> SiegeView:
    """A siege roll: the d6 (and the trader's bonus) against the score needed."""
    inside = [p.label for s in (read.before, read.after) for p in s.pieces
              if p.province == event.province and p.status == "besieged"]
    begun = [e for e in read.events[:index] if e.kind == "siege-begun" and e.province == event.province]
    defender = begun[-1].defender if begun else (inside[0] if inside else None)
    marks = read.before.marks.get(event.province, ()) or read.after.marks.get(event.province, ())
    castle = next((m for m in marks if m in ("capital", "fortress")), None)
    return SiegeView(index, event, event.province, event.besieger, read.armies.get(event.besieger), defender,
                     read.before.owners.get(event.province), castle, event.roll, getattr(event, "bonus", 0),
                     event.needed, event.taken, getattr(event, "lost", 0), bool(getattr(event, "forage", False)))


def sengoku_prestige(read: Reading, index: int, event) -> ScoreLine:
    cause = getattr(event, "cause", None)
    if cause is not None and not 0 <= cause < len(read.events):
        cause = None
    reason = getattr(event, "shown_reason", None) or i18n.tr(event.reason).replace("_", " ")   # in the site's language
    return ScoreLine(index, event.clan, event.points, reason, cause)


def clanwar_koku(read: Reading, index: int, event) -> ScoreLine:
    """A line of a Clan War faction's koku ledger: a purchase, a bid won, an ally's fee, the taxes."""
    cause = event.cause if event.cause is not None and 0 <= event.cause < len(read.events) else None
    return ScoreLine(index, event.player, event.amount, event.shown_reason(), cause)   # in the site's language


def clanwar_battle(read: Reading, index: int, event) -> BattleView:
    """A Clan War battle: the players of each side (after any switch), its winners, and what followed
    it (fate rolls, experience checks, withdrawals, control) up to the next battle or phase."""
    winners = tuple(event.winners)
    sides = []
    for team, side in enumerate(event.sides):
        for player in side:
            role = N_("defender") if player == event.defender else N_("switched sides") if player in event.switched else ""
            lost = sum(r.lost for r in event.units if r.player == player)
            sides.append(Side(player, team, (player in winners) if winners else None, role=role, lost=lost))
    aftermath = []
    for k in range(index + 1, len(read.events)):
        other = read.events[k]
        if other.kind in ("battle-fought", "phase-begun"):
            break
        aftermath.append((k, other))
    return BattleView(index, event, i18n.gettext("Battle of %(province)s", province=read.campaign.name_of(event.province)),
                      event.province, tuple(sides), winners, aftermath=tuple(aftermath))


def _signed(value) -> str:
    return f"\u2212{-value}" if value < 0 else str(value)


def _at(values, i):
    try:
        return values[i]
    except (IndexError, TypeError):
        return None


def campagna_battle(read: Reading, index: int, event) -> BattleView | None:
    """A campagna battle: Pitac's shape (players, winner, the objective points as VP), its title
    ("Scorreria at Noce") in the site's language."""
    view = pitac_battle(read, index, event)
    return replace(view, title=i18n.tr(event.name)) if view is not None else None


#: (ruleset name, event kind) -> adapter; a ruleset name of None matches any ruleset
BATTLES: dict[tuple[str | None, str], Callable] = {
    ("campagna", "battle-fought"): campagna_battle,
    ("pitac", "battle-fought"): pitac_battle,
    ("sengoku", "battle-fought"): sengoku_battle,
    ("clanwar", "battle-fought"): clanwar_battle,
}
SIEGES: dict[tuple[str | None, str], Callable] = {
    ("sengoku", "siege-roll"): sengoku_siege,
}
SCORES: dict[tuple[str | None, str], Callable] = {
    ("sengoku", "prestige-awarded"): sengoku_prestige,
    ("clanwar", "koku-changed"): clanwar_koku,
}
#: ruleset name -> thresholds of its score to draw on charts
REFERENCES: dict[str, Callable] = {
    "campagna": lambda campaign: [(campaign.options["capitals_to_win"],
                                   i18n.gettext("victory at %(count)s Capitals", count=campaign.options["capitals_to_win"]))],
    "sengoku": lambda campaign: [(campaign.options["seppuku_below"],
                                  i18n.gettext("seppuku below %(limit)s", limit=_signed(campaign.options["seppuku_below"])))],
}
