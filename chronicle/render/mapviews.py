"""The maps each page shows, made from the site model with one painter for the whole build.

* the home and turn pages: the turn's map framed to the provinces in play, every order and
  contest drawn, each contest linked to its card on the turn page;
* a province page: a locator map, the province outlined among its neighbours;
* a player page: the player's lands over time (held now, held once), framed to them;
* the timeline: one map whose owners a script changes turn by turn (the data of every turn is a
  few bytes of JSON beside it), so that the page stays small at any length;
* the battle sheets: each province on a small map.
"""

from __future__ import annotations

import json
import posixpath

from markupsafe import Markup

from ..i18n import gettext as _, ngettext
from .maps import LOCATOR, MapFigure, MapPainter


def start_marks(model) -> dict[str, int]:
    """province -> how many marks it carries at the start (turn 0): the names keep clear of
    these only. A mark a later turn adds (a new capital, a fortress built) finds its own clear
    spot beside the names (:meth:`MapPainter.mark_spot`), so that no turn moves a name and the
    maps of earlier turns, already published, stay as they were (issue 11)."""
    start = model.turns[0].summary if model.turns else None
    return {pid: len(marks) for pid, marks in sorted(start.marks.items()) if marks} if start else {}


def _prefix(page_path: str) -> str:
    """The relative way from a page back to the site's root ("", "../", "../../")."""
    return "../" * page_path.count("/")


class SiteMaps:
    def __init__(self, campaign, model, painter: MapPainter | None = None):
        """``painter``: one kept from an earlier build of the same campaign and marks (``serve``)."""
        self.campaign = campaign
        self.model = model
        if painter is None:
            painter = MapPainter(campaign, marked=start_marks(model))
        self.painter = painter

    @property
    def geometry(self):
        return self.painter.geometry

    def turn(self, view, page_path: str) -> MapFigure:
        """The map of a turn for its own page (``page_path`` = ``view.path``) or the home page."""
        prefix = _prefix(page_path)
        own = posixpath.normpath(page_path) == posixpath.normpath(view.path)
        anchor = "" if own else prefix + view.path
        title = _("The map at the start") if view.number == 0 else _("The map after turn %(number)s", number=view.number)
        changed = view.changed if view.number else None
        box = overview = None
        if own:      # a turn's page is about what happened in it; the home page about the whole campaign
            box, overview = self.painter.action_frame(view.summary, changed)
        return self.painter.figure(view.summary, changed=changed, title=title, box=box, overview=overview,
                                   href=lambda pid: f"{prefix}provinces/{pid}.html",
                                   event_href=lambda index: f"{anchor}#e-{index}")

    def legend(self, view):
        return self.painter.legend(view.summary, view.changed if view.number else None)

    def province(self, pid: str, page_path: str) -> MapFigure:
        """A locator: ``pid`` outlined among its neighbours, owners as after the last turn."""
        prefix = _prefix(page_path)
        final = self.model.final.summary
        box = self.painter.around(pid)
        return self.painter.figure(final, box=box, page_room=LOCATOR, focus=pid, overlay=False, clip=True, ids=False,
                                   title=_("%(province)s and its neighbours", province=self.campaign.name_of(pid)),
                                   href=lambda p: f"{prefix}provinces/{p}.html")

    def locator_key(self, pid: str) -> tuple:
        """What :meth:`province`'s map shows that can change from turn to turn: the holders and
        marks of the provinces it draws (a province's tooltip names its marks) and the marks it
        draws with their holders, as the painter itself clips them. Equal keys, equal maps: a
        province's page is made again only when its corner of the map changed."""
        final = self.model.final.summary
        provinces, marked = self.painter.clipped(final, self.painter.around(pid), LOCATOR)
        marks = lambda p: tuple(sorted(final.marks.get(p, ())))
        return ([(p, final.owners.get(p), marks(p)) for p in provinces],
                [(p, marks(p), final.owners.get(p)) for p in marked])

    def player(self, player_id: str, page_path: str) -> MapFigure | None:
        """The player's lands over time: held now in the player's colour, held once and lost
        since in a pale tint, each with the turns it was held in its tooltip."""
        prefix = _prefix(page_path)
        name = self.campaign.name_of
        held: dict[str, list[int]] = {}
        for view in self.model.turns:
            for pid, owner in view.summary.owners.items():
                if owner == player_id:
                    held.setdefault(pid, []).append(view.number)
        if not held:
            return None
        final = self.model.final.summary
        tint = {}
        for pid, turns in held.items():
            spans = _spans(turns)
            if final.owners.get(pid) == player_id:
                tint[pid] = (f"owner-{player_id}", _("%(province)s: held by %(player)s (%(turns)s)", province=name(pid),
                                                      player=name(player_id), turns=spans))
            else:
                now = final.owners.get(pid)
                tint[pid] = ("once-held", _("%(province)s: held by %(player)s (%(turns)s); now %(now)s", province=name(pid),
                                            player=name(player_id), turns=spans,
                                            now=_("held by %(owner)s", owner=name(now)) if now else _("neutral")))
        box = self.painter.frame(held, margin=0.12)
        return self.painter.figure(final, box=box, page_room=LOCATOR, overlay=False, clip=True, ids=False, tint=tint,
                                   once_colour=self.painter.colour(player_id),
                                   title=_("The lands of %(player)s, turn by turn", player=name(player_id)),
                                   href=lambda p: f"{prefix}provinces/{p}.html")

    def player_legend(self, player_id: str):
        from .maps import LegendItem, ONCE_HELD
        items = [i for i in self.painter.legend(self.model.final.summary, orders=False, players={player_id})
                 if i.kind in ("player", "neutral", "mark")]
        colour = self.painter.colour(player_id)
        items.insert(1, LegendItem("held", _("Held once, lost since"), ONCE_HELD, "once-held",
                                   style=f"background:repeating-linear-gradient(45deg,{colour} 0 2px,#fff 2px 5px)"))
        return items

    def timeline(self, page_path: str, turns=None) -> dict:
        """One map and the owners of every turn of ``turns`` (default: all) as JSON: the page's
        script shows turn after turn."""
        prefix = _prefix(page_path)
        turns = list(self.model.turns if turns is None else turns)
        summaries = [v.summary for v in turns]
        in_play = set()
        for view in turns:
            in_play |= self.painter.in_play(view.summary, view.changed)
        box = self.painter.frame(in_play)
        final = turns[-1]
        plain = _without_marks(final.summary)
        figure = self.painter.figure(plain, box=box, overlay=False, title=_("The map, turn by turn"),
                                     href=lambda pid: f"{prefix}provinces/{pid}.html")
        frames = []
        before: dict = {}
        for view, summary in zip(turns, summaries):
            owners = {p: o for p, o in sorted(summary.owners.items()) if before.get(p, "?") != o}
            frames.append({"turn": view.number, "path": prefix + view.path, "owners": owners,
                           "changed": sorted(view.changed) if view.number else []})
            before = dict(summary.owners)
        players = {p.id: p.name for p in self.campaign.players}
        data = json.dumps({"frames": frames, "players": players}, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
        # safe inside <script>: no markup characters at all (names may hold any)
        data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        return {"figure": figure, "data": Markup(data)}

    def timeline_legend(self):
        return self.painter.legend(_without_marks(self.model.final.summary), {"": None}, orders=False)

    def sheet(self, province: str) -> Markup:
        final = self.model.final.summary
        return Markup(self.painter.svg(final, box=self.painter.around(province), room=LOCATOR, focus=province, ids=False,
                                       overlay=False, clip=True,
                                       title=_("%(province)s and around it", province=self.campaign.name_of(province))))


def _spans(turns: list[int]) -> str:
    """[1, 2, 3, 5] -> "turns 1–3, 5"; the start is turn 0."""
    runs = []
    for t in sorted(turns):
        if runs and t == runs[-1][1] + 1:
            runs[-1][1] = t
        else:
            runs.append([t, t])
    text = ", ".join(f"{a}–{b}" if b > a else f"{a}" for a, b in runs)
    return ngettext("turn %(turns)s", "turns %(turns)s", len(turns), turns=text)


def _without_marks(summary):
    from dataclasses import replace
    return replace(summary, marks={}, pieces=(), orders=(), contests=())
