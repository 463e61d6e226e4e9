"""Where a phone first looks on a turn's map: at its battles first, then its orders.

A phone shows a turn's map at a width where its names are readable, in a frame that scrolls
(:class:`~chronicle.render.maps.MapFigure`); the frame first looks at one point. The middle of
everything that happened is the wrong point when the turn is spread over the map: on Pitac turn
6 of the example the fights run from Nagato to Yamashiro, and the middle of them is a stretch of
quiet Inland Sea with the three-player fight at Yamashiro off the right edge. So the turn's
action is taken in order of weight, each part with the marks drawn for it, and a part joins the
view only when everything chosen so far still fits in a phone's window:

1. its contests (battles, sieges, contested provinces), the one with the most players first,
   then the one most orders aim at, each with the orders aimed at it (their arrows start
   elsewhere);
2. then its other orders, each from where it starts to where it goes, else its target alone;
3. then the provinces that changed hands.

A contest whose arrows do not fit with it is taken alone (its badge), so the turn's biggest
fight is always in view: it is what a reader looks for. The view looks at the middle of what was chosen. Pure and deterministic: the same
points give the same view.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

Point = tuple[float, float]

#: the window (CSS pixels) a turn's map has on a small phone: a 360 x 667 screen gives the map's
#: frame about 326 pixels across (the page's margins) and 72% of its height (style.css)
PHONE_WINDOW = (320.0, 480.0)
#: how far a mark reaches beyond its province's anchor (CSS pixels): a contest's badge stands up
#: to about 30 pixels off it and is 23 across (overlay.py)
MARK_REACH = 40.0


def action_groups(summary, anchors: Mapping[str, Point], changed: Iterable[str] = ()) -> list[tuple[Point, ...]]:
    """The turn's action as groups of points, weightiest first (see the module docstring); each
    group a tuple of the anchors of its provinces, its first point the one that matters most."""
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
    contests = [(i, c) for i, c in enumerate(summary.contests) if c.province in anchors]
    contests.sort(key=lambda ic: (-len(set(ic[1].players)), -sum(o.count for o in aimed.get(ic[1].province, ())), ic[0]))
    groups: list[tuple[Point, ...]] = []
    covered: set[int] = set()
    for _i, contest in contests:
        orders = aimed.get(contest.province, ())
        covered |= {id(o) for o in orders}
        groups.append(points([contest.province] + [p for o in orders for p in o.path]))
        groups.append(points([contest.province]))        # when its arrows do not fit, its badge alone
    for order in summary.orders:
        if id(order) not in covered and order.path:
            groups.append(points(list(reversed(order.path))))
            groups.append(points([order.path[-1]]))
    groups.extend(points([pid]) for pid in sorted(changed))
    return [g for g in groups if g]


def view_point(groups: Sequence[tuple[Point, ...]], window: Point) -> Point | None:
    """The middle of the weightiest groups that fit together in ``window`` (w, h, in map units,
    the marks' reach already taken off), in their order; a group that does not fit is passed
    over (a group of one point always fits: each contest's and order's own province follows
    its group). None when there are none."""
    chosen: list[Point] = []
    for group in groups:
        trial = chosen + list(group)
        xs, ys = [p[0] for p in trial], [p[1] for p in trial]
        if max(xs) - min(xs) <= window[0] and max(ys) - min(ys) <= window[1]:
            chosen = trial
    if not chosen:
        return None
    xs, ys = [p[0] for p in chosen], [p[1] for p in chosen]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
