"""Where a phone first looks on a turn's map: at its battles first, then its orders.

A phone shows a turn's map at a width where its names are readable, in a frame that scrolls
(:class:`~chronicle.render.maps.MapFigure`); the frame first looks at one point. The middle of
everything that happened is the wrong point when the turn is spread over the map: on Pitac turn
6 of the example the fights run from Nagato to Yamashiro, and the middle of them is a stretch of
quiet Inland Sea with the three-player fight at Yamashiro off the right edge. So the turn's
action is taken in order of weight, each part with the marks drawn for it, and a part joins the
view only when everything chosen so far still fits in a phone's window:

1. its contests (battles, sieges, contested provinces), the ones with the most players first,
   then the ones most orders aim at, each with the orders aimed at it (their arrows start
   elsewhere);
2. then its other orders, each from where it starts to where it goes, else its target alone;
3. then the provinces that changed hands.

A contest whose arrows do not fit with it is taken alone (its badge), so one of the turn's
biggest fights is always in view: it is what a reader looks for. Which one: the one whose
neighbourhood holds the most of the rest (on Pitac turn 9, the three fights around Settsu rather
than the one in Buzen, told first). The view looks at the middle of what was chosen. Pure and
deterministic: the same points give the same view. The page's script repeats
:func:`view_point` for the screen's own frame (tests/browser/test_map_story.py holds the two
to the same answers).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

Point = tuple[float, float]

#: the window (CSS pixels) a turn's map has on a small phone: a 360 x 667 screen gives the map's
#: frame about 326 pixels across (the page's margins) and 72% of its height (style.css). The
#: page opens there without its script; with it, chronicle.js's viewPoint (these steps again)
#: chooses for the frame the screen really has, from the parts the page gives
#: (MapPainter.phone_parts): a 390 x 844 phone's is 356 x 608
PHONE_WINDOW = (320.0, 480.0)
#: how far a mark reaches beyond its province's anchor (CSS pixels): a contest's badge stands up
#: to about 30 pixels off it and is 23 across (overlay.py)
MARK_REACH = 40.0


@dataclass(frozen=True)
class Part:
    """One part of a turn's action: its ``weight`` (players fighting, orders drawn) and the
    points it may be seen by, tried in order (a contest with its arrows, else its badge alone)."""

    weight: tuple[int, int]
    ways: tuple[tuple[Point, ...], ...]


def action_parts(summary, anchors: Mapping[str, Point], changed: Iterable[str] = ()) -> list[Part]:
    """The turn's action as parts, weightiest first (see the module docstring)."""
    def points(pids) -> tuple[Point, ...]:
        seen, out = set(), []
        for pid in pids:
            if pid in anchors and pid not in seen:
                seen.add(pid)
                out.append(anchors[pid])
        return tuple(out)

    aimed: dict[str, list] = {}
    for order in summary.orders:
        if order.path:
            aimed.setdefault(order.path[-1], []).append(order)
    parts: list[Part] = []
    covered: set[int] = set()
    for contest in summary.contests:
        if contest.province not in anchors:
            continue
        orders = [o for o in aimed.get(contest.province, ()) if id(o) not in covered]
        covered |= {id(o) for o in orders}
        whole = points([contest.province] + [p for o in orders for p in o.path])
        parts.append(Part((len(set(contest.players)), sum(o.count for o in orders)), (whole, points([contest.province]))))
    parts.sort(key=lambda part: (-part.weight[0], -part.weight[1]))       # stable: ties as told
    for order in summary.orders:
        if id(order) not in covered and order.path:
            ways = (points(list(reversed(order.path))), points([order.path[-1]]))
            parts.append(Part((0, order.count), tuple(w for w in ways if w)))
    parts.extend(Part((0, 0), (points([pid]),)) for pid in sorted(changed) if pid in anchors)
    return [part for part in parts if part.ways]


def view_point(parts: Sequence[Part], window: Point) -> Point | None:
    """The middle of the weightiest parts that fit together in ``window`` (w, h, in map units,
    the marks' reach already taken off). Each of the heaviest parts (the fights with the most
    players; without fights, every order) is tried as the one the view starts from, the others
    joining in order when they fit (a part of one point always fits: each contest's and order's
    own province is its last way); the start that sees the most weight wins, the first on a tie.
    None when there are no parts."""
    if not parts:
        return None
    best = None
    for start, part in enumerate(parts):
        if part.weight[0] != parts[0].weight[0]:
            break
        chosen, seen = _gather(parts, start, window)
        if best is None or seen > best[1]:
            best = (chosen, seen)
    xs, ys = [p[0] for p in best[0]], [p[1] for p in best[0]]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def _gather(parts: Sequence[Part], start: int, window: Point) -> tuple[list[Point], tuple[int, int]]:
    """The points of ``parts[start]`` and of each other part, in order, that fit with them in
    ``window``; and the weight seen."""
    chosen: list[Point] = []
    seen = (0, 0)
    for part in [parts[start]] + [p for i, p in enumerate(parts) if i != start]:
        for way in part.ways:
            trial = chosen + list(way)
            xs, ys = [p[0] for p in trial], [p[1] for p in trial]
            if max(xs) - min(xs) <= window[0] and max(ys) - min(ys) <= window[1]:
                chosen = trial
                seen = (seen[0] + part.weight[0], seen[1] + part.weight[1])
                break
    return chosen, seen
