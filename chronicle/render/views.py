"""What the pages show, gathered from a History in one pass before anything is rendered.

Everything here is read from the History, the ruleset's Summary and Standings, and the events;
nothing is decided about the game. The one computation is a diff of owners before and after a
turn (which provinces changed hands), which the events already explain.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Change:
    province: str
    before: str | None
    after: str | None


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
    battles: list                    # events with players and winners
    others: list                     # every other event
    orders: dict[str, list[str]]
    standings: Any
    prev: "TurnView | None" = None
    next: "TurnView | None" = None

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
        return "Start" if self.number == 0 else f"Turn {self.number}"


@dataclass
class SiteModel:
    campaign: Any
    turns: list[TurnView]
    final: TurnView
    winner: str | None
    winner_turn: int | None
    ranking: dict | None
    last_change: dict = field(default_factory=dict)     # (player, column) -> turn number

    def turn(self, number: int) -> TurnView:
        return self.turns[number]


def is_conflict(event) -> bool:
    """A roll-off for a province: sides of players with their dice (Pitac's Conflict)."""
    sides = getattr(event, "sides", None)
    return (hasattr(event, "province") and isinstance(sides, tuple) and bool(sides)
            and all(hasattr(s, "player") and hasattr(s, "dice") for s in sides))


def is_battle(event) -> bool:
    """A tabletop battle between players, with its winners (Pitac's BattleFought)."""
    return all(hasattr(event, key) for key in ("name", "players", "winners"))


def display_date(value) -> str | None:
    if value is None:
        return None
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()[:10]
    return str(value)


def build_model(history) -> SiteModel:
    campaign = history.campaign
    ruleset = campaign.ruleset
    views: list[TurnView] = []
    start_summary = ruleset.summary(campaign, history.start)
    views.append(TurnView(
        0, "Start of the campaign", None, start_summary.calendar, None, history.start, start_summary,
        tuple(history.start_events), [Change(p, None, o) for p, o in sorted(start_summary.owners.items()) if o],
        [e for e in history.start_events if is_conflict(e)], [e for e in history.start_events if is_battle(e)],
        [e for e in history.start_events if not is_conflict(e) and not is_battle(e)], {},
        ruleset.standings(campaign, history.start)))
    for result in history.turns:
        turn = result.turn
        before = views[-1].summary
        summary = ruleset.summary(campaign, result.after)
        changes = [Change(p, before.owners.get(p), o) for p, o in sorted(summary.owners.items())
                   if before.owners.get(p) != o]
        title = turn.data.get("title") or f"Turn {turn.number}"
        views.append(TurnView(
            turn.number, str(title), display_date(turn.data.get("date")), summary.calendar, turn.story,
            result.after, summary, tuple(result.events), changes,
            [e for e in result.events if is_conflict(e)], [e for e in result.events if is_battle(e)],
            [e for e in result.events if not is_conflict(e) and not is_battle(e)],
            {p: list(o) for p, o in ruleset.orders_of(campaign, result.record).items()},
            ruleset.standings(campaign, result.after)))
    for before, after in zip(views, views[1:]):
        before.next, after.prev = after, before
    final = views[-1]
    winner_turn = next((v.number for v in views if v.summary.winner), None)
    ranking = ruleset.to_json(campaign, final.state, ()).get("ranking")
    return SiteModel(campaign, views, final, final.summary.winner, winner_turn,
                     ranking if isinstance(ranking, dict) else None, _last_changes(views))


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

def holdings(model: SiteModel, player: str) -> list[dict]:
    """Turn by turn: how many provinces the player held, which were gained and which lost."""
    rows = []
    for view in model.turns:
        held = sorted(p for p, o in view.summary.owners.items() if o == player)
        gained = [c.province for c in view.changes if c.after == player]
        lost = [c.province for c in view.changes if c.before == player]
        rows.append({"turn": view, "count": len(held), "held": held, "gained": gained, "lost": lost,
                     "capital": view.summary.capitals.get(player),
                     "score": view.summary.scores.get(player, 0)})
    return rows


def battles_of(model: SiteModel, player: str) -> list[dict]:
    out = []
    for view in model.turns:
        for battle in view.battles:
            if player in battle.players:
                result = "won" if player in battle.winners else "drawn" if not battle.winners else "lost"
                vp = getattr(battle, "vp", {}) or {}
                out.append({"turn": view, "battle": battle, "result": result, "vp": vp.get(player)})
    return out


def conflicts_of(model: SiteModel, player: str) -> list[dict]:
    out = []
    for view in model.turns:
        for conflict in view.conflicts:
            if not any(side.player == player for side in conflict.sides):
                continue
            holder, new = getattr(conflict, "holder", None), getattr(conflict, "new_owner", None)
            if holder == player:
                result = "held" if new == player else "lost"
            else:
                result = "took" if new == player else "failed"
            out.append({"turn": view, "conflict": conflict, "result": result})
    return out


def province_history(model: SiteModel, province: str) -> list[dict]:
    rows = []
    for view in model.turns:
        owner = view.summary.owners.get(province)
        change = next((c for c in view.changes if c.province == province), None)
        rows.append({"turn": view, "owner": owner, "changed": change is not None and view.number > 0,
                     "capital_of": next((p for p, c in view.summary.capitals.items() if c == province), None),
                     "marks": view.summary.marks.get(province, ()),
                     "conflicts": [c for c in view.conflicts if c.province == province]})
    return rows
