"""Keeping a turn's drawn orders off the provinces' names (issue 12).

A province's name stands at or just below its centre, and an order's arrow runs from centre to
centre, so drawn straight it crosses the names at both of its ends and often one between: on
the Pitac example's turn 6 the arrow into Tajima covered the name, and the marks at Yamashiro
its label. :class:`Clearance` holds the names' boxes (map units) and answers, for a candidate
curve, how much of it would lie on a name; :func:`route` picks, among a few bends of an arrow
(and, for a path through several provinces, a few ways round the names it passes), the one that
crosses the fewest names, then trims its two ends off the names they start and end in, so that
an arrow leaves from beside its province's name and points at the name of the province it
reaches. Marks in place move to a clear spot (a shield) or leave a gap where a name is (a
ring).

All of it is plain arithmetic on the boxes, in a fixed order: the same turn draws the same SVG.
"""

from __future__ import annotations

import functools
import hashlib
import math

import numpy as np

#: the bends tried for an arrow between two provinces, the first clear one wins (a share of its
#: length to the right of its direction; the first is the usual gentle bow, which keeps two
#: arrows between the same provinces in opposite directions apart)
BENDS = (0.14, -0.14, 0.3, -0.3, 0.5, -0.5, 0.0, 0.75, -0.75)
#: how far (pixels) a path's step through a province may pass beside the name instead of on it
SIDESTEPS = ((0, 0), (0, -1), (0, 1), (-1, 0), (1, 0))
#: what a sample of a line on a name's letters costs, against 1 in the name's soft band
HARD = 8.0


class Clearance:
    """The boxes (x0, y0, x1, y1, map units) a drawing keeps off, and ``px``: one CSS pixel in map
    units; ``tips``: boxes that only an arrow's head keeps off (a contest's badge, which an
    arrow may point at and pass under, but must not hide the head of). With no boxes every
    question answers 'clear' at no cost."""

    def __init__(self, boxes, px: float, tips=(), soft: float = 0.0):
        self.boxes = np.array(list(boxes), dtype=float).reshape(-1, 4)
        self.tips = np.array(list(tips), dtype=float).reshape(-1, 4)
        self.px = px
        self.soft = soft

    def weight(self, gap: np.ndarray, margin: float) -> np.ndarray:
        """What each sample costs whose gap (:meth:`gaps`) is ``gap``, for a line ``margin``
        wide: nothing clear of the boxes, 1 in their outer :attr:`soft` band (a name's halo,
        and the room a browser's text box takes beyond the letters), :data:`HARD` on the
        letters themselves. Where no way is clear, the way that only grazes names wins over one
        shorter on them that crosses a word."""
        return np.where(gap < margin - self.soft, HARD, np.where(gap < margin, 1.0, 0.0))

    def __bool__(self) -> bool:
        return len(self.boxes) > 0 or len(self.tips) > 0

    def gaps(self, points: np.ndarray, tips: bool = False, within: float | None = None) -> np.ndarray:
        """How far each point (an (N, 2) array) stands outside the nearest box (and of
        :attr:`tips` with ``tips``), measured along x or y (negative inside a box; +inf with no
        box): a point is within ``m`` of a box when its gap is below ``m``.

        ``within``: the caller only asks whether gaps are below ``within`` (or some smaller
        margin), so a gap of ``within`` or more may be answered by any figure as large; every
        gap below it is exact. That lets many points be measured box by box against only the
        points in the box's reach (:func:`_gaps_within`): a long arrow's candidates are tens
        of thousands of points, of which each name's box reaches a few hundred."""
        b = np.concatenate([self.boxes, self.tips]) if tips and len(self.tips) else self.boxes
        if not len(b):
            return np.full(len(points), np.inf)
        if within is not None and len(points) * len(b) > _BOX_BY_BOX:
            return _gaps_within(points, b, within)
        return _gaps(points, b)

    def hits(self, points: np.ndarray, margin: float) -> np.ndarray:
        """Whether each point (an (N, 2) array) lies within ``margin`` (map units) of a box."""
        if not len(self.boxes) or not len(points):
            return np.zeros(len(points), dtype=bool)
        b = self.boxes
        x, y = points[:, 0:1], points[:, 1:2]
        return ((x > b[None, :, 0] - margin) & (x < b[None, :, 2] + margin)
                & (y > b[None, :, 1] - margin) & (y < b[None, :, 3] + margin)).any(axis=1)

    def near(self, curves, margin: float) -> "Clearance":
        """Only the boxes that may meet one of ``curves`` (lists of Bézier legs, which lie in
        the hull of their control points) within ``margin``."""
        if not len(self.boxes):
            return self
        points = np.array(curves, dtype=float).reshape(-1, 2) if _even(curves) else \
            np.array([p for legs in curves for leg in legs for p in leg], dtype=float)
        x0, y0 = points.min(axis=0) - margin
        x1, y1 = points.max(axis=0) + margin
        near = Clearance((), self.px, soft=self.soft)
        for name in ("boxes", "tips"):
            b = getattr(self, name)
            setattr(near, name, b[(b[:, 0] < x1) & (b[:, 2] > x0) & (b[:, 1] < y1) & (b[:, 3] > y0)])
        return near

    def tips_only(self) -> "Clearance":
        """The :attr:`tips` as the boxes of a clearance of their own."""
        return Clearance(self.tips, self.px, soft=self.soft)

    def box_of(self, point, margin: float):
        """The first box that ``point`` lies within ``margin`` of, or None."""
        x, y = point
        for b in self.boxes:
            if b[0] - margin < x < b[2] + margin and b[1] - margin < y < b[3] + margin:
                return tuple(b)
        return None

    def covered(self, box) -> float:
        """The area of ``box`` that the boxes cover (overlaps counted once per box)."""
        if not len(self.boxes):
            return 0.0
        b = self.boxes
        w = np.minimum(box[2], b[:, 2]) - np.maximum(box[0], b[:, 0])
        h = np.minimum(box[3], b[:, 3]) - np.maximum(box[1], b[:, 1])
        return float((np.clip(w, 0, None) * np.clip(h, 0, None)).sum())


#: points × boxes above which :meth:`Clearance.gaps` measures box by box (below it, one
#: broadcast over every pair is quicker than a Python loop over the boxes)
_BOX_BY_BOX = 20_000


def _gaps(points: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Each point's gap to the nearest of the boxes ``b``, every pair at once."""
    x, y = points[:, 0:1], points[:, 1:2]
    out = np.maximum(np.maximum(b[None, :, 0] - x, x - b[None, :, 2]), np.maximum(b[None, :, 1] - y, y - b[None, :, 3]))
    return out.min(axis=1)


def _gaps_within(points: np.ndarray, b: np.ndarray, within: float) -> np.ndarray:
    """:func:`_gaps` exact below ``within`` (+inf or a gap at least as large elsewhere): each
    box against the points whose x lies within ``within`` of it only (a point further along x
    is that far from the box at least), found by bisection in the points sorted by x."""
    x, y = points[:, 0], points[:, 1]
    order = np.argsort(x, kind="stable")
    xs = x[order]
    lo = np.searchsorted(xs, b[:, 0] - within, side="left")
    hi = np.searchsorted(xs, b[:, 2] + within, side="right")
    out = np.full(len(points), np.inf)
    for (x0, y0, x1, y1), i, j in zip(b.tolist(), lo.tolist(), hi.tolist()):
        if i >= j:
            continue
        near = order[i:j]
        px, py = x[near], y[near]
        gap = np.maximum(np.maximum(x0 - px, px - x1), np.maximum(y0 - py, py - y1))
        out[near] = np.minimum(out[near], gap)
    return out


def _even(curves) -> bool:
    """Whether every curve has as many legs (so that they make one array)."""
    return len({len(legs) for legs in curves}) == 1


# ---- curves ------------------------------------------------------------------------------------------

def sample(leg, n: int) -> np.ndarray:
    """``n + 1`` points along a cubic Bézier ``leg``, from its start to its end."""
    return _basis(n) @ np.array(leg, dtype=float)


@functools.lru_cache(maxsize=256)
def _params(n: int) -> np.ndarray:
    """``n + 1`` evenly spaced parameters from 0 to 1 (kept: every curve of a size uses them)."""
    return np.linspace(0.0, 1.0, n + 1)


@functools.lru_cache(maxsize=256)
def _basis(n: int) -> np.ndarray:
    """The Bernstein weights of ``n + 1`` evenly spaced parameters, (n + 1, 4)."""
    t = _params(n)
    u = 1 - t
    return np.stack([u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3], axis=1)


def _steps(leg, px: float) -> int:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = leg
    rough = math.dist((x0, y0), (x1, y1)) + math.dist((x1, y1), (x2, y2)) + math.dist((x2, y2), (x3, y3))
    return max(8, min(160, int(rough / (2 * px))))


def route(candidates, clearance: Clearance, *, start_cut: float, end_cut: float, line: float, head: float,
          split, least: float):
    """The best of ``candidates`` (each a list of Bézier legs, in order of preference) with its
    ends trimmed off the names, and its cost (pixels of it on a name): ``(cost, legs)``.

    ``start_cut``/``end_cut``: how far (map units) each end stays from its province's centre in
    any case; ``line``/``head``: the half widths of the casing and of the head, for the
    clearance; ``split(leg, t)``: de Casteljau; ``least``: the shortest arrow worth drawing (map
    units), so that a trim never leaves a stub.

    Remembered for the rest of the build (:data:`_ROUTES`): a long campaign draws the same
    order between the same provinces past the same names turn after turn, and only the badges
    near it (the boxes kept here) tell one turn's search from another's."""
    clearance = clearance.near(candidates, 2 * head)
    key = _route_key(candidates, clearance, (start_cut, end_cut, line, head, least, split.__module__, split.__qualname__))
    found = _ROUTES.get(key)
    if found is None:
        found = _search(candidates, clearance, start_cut, end_cut, line, head, split, least)
        if len(_ROUTES) >= _ROUTES_KEPT:
            _ROUTES.clear()
        _ROUTES[key] = found
    cost, legs = found
    return cost, list(legs)


#: :func:`route`'s answers by :func:`_route_key`, and how many are kept at most
_ROUTES: dict = {}
_ROUTES_KEPT = 50_000


def _route_key(candidates, clearance: Clearance, options: tuple) -> bytes:
    """A digest of all a routing depends on: the candidates' control points, the boxes and
    badges near them, the pixel, the soft band and the options."""
    digest = hashlib.blake2b(digest_size=20)
    if _even(candidates):
        points = np.asarray(candidates, dtype=float)
        digest.update(repr(points.shape).encode())
        digest.update(points.tobytes())
    else:
        for legs in candidates:
            points = np.asarray(legs, dtype=float)
            digest.update(repr(points.shape).encode())
            digest.update(points.tobytes())
    for boxes in (clearance.boxes, clearance.tips):
        digest.update(repr(boxes.shape).encode())
        digest.update(np.ascontiguousarray(boxes, dtype=float).tobytes())
    digest.update(repr((clearance.px, clearance.soft, options)).encode())
    return digest.digest()


def _search(candidates, clearance: Clearance, start_cut, end_cut, line, head, split, least):
    """:func:`route`'s search itself, on the boxes near the candidates."""
    if all(len(legs) == 1 for legs in candidates):
        return _route_legs([legs[0] for legs in candidates], clearance, start_cut, end_cut, line, head, split, least)
    best = None
    for rank, legs in enumerate(candidates):
        trimmed = _trimmed(legs, clearance, start_cut, end_cut, line, head, split, least)
        cost = _cost(trimmed, clearance, line, head) + rank * 0.01
        if best is None or cost < best[0] - 1e-9:
            best = (cost, trimmed)
        if cost < 0.5:              # clear (the rank's tie-break only): take the first such
            break
    return best


def _route_legs(legs, clearance, start_cut, end_cut, line, head, split, least):
    """:func:`route` for arrows of one leg, every candidate at once: the trims are found on one
    set of samples per candidate, and the cost read from the samples between them."""
    px = clearance.px
    n = max(_steps(leg, 1.5 * px) for leg in legs)      # a sample every 3 px: enough against names 10 px tall
    pts = _basis(n) @ np.array(legs, dtype=float)        # (C, n + 1, 2)
    d = pts[:, 1:] - pts[:, :-1]
    seg = np.hypot(d[..., 0], d[..., 1])
    run = np.zeros(pts.shape[:2])
    np.cumsum(seg, axis=1, out=run[:, 1:])
    total = np.maximum(run[:, -1:], 1e-12)
    ts = _params(n)[None, :]
    # every question below asks whether a gap is under the line's or the head's half width
    within = max(line, head)
    gap = clearance.gaps(pts.reshape(-1, 2), within=within).reshape(run.shape)
    tip_gap = gap
    if len(clearance.tips):      # the nearer of a name and a badge: the badges measured alone
        tip_gap = np.minimum(gap, clearance.tips_only().gaps(pts.reshape(-1, 2), within=within).reshape(run.shape))
    # the start: the first sample clear of the names, at least start_cut along
    ok = (run >= np.minimum(start_cut, total / 3)) & (ts <= 0.45)
    free = ok & (gap >= line)
    k0 = np.where(free.any(axis=1), np.argmax(free, axis=1), np.argmax(ok, axis=1))
    # the tip: the last sample clear of the names by the head's half width, end_cut back at least
    index = np.arange(n + 1)[None, :]
    start = run[np.arange(len(legs)), k0][:, None]
    fair = (total - run >= np.minimum(end_cut, (total - start) / 2)) & (index > k0[:, None])
    ok = fair & (run - start >= np.minimum(least, total - start))
    ok = np.where(ok.any(axis=1)[:, None], ok, fair)
    clear = ok & (tip_gap >= head)
    pick = np.where(clear.any(axis=1)[:, None], clear, ok)
    k1 = np.where(pick.any(axis=1), n - np.argmax(pick[:, ::-1], axis=1), n)
    # the cost: the line's samples on a name, and the head's (its last few samples, as wide as the head)
    step = total[:, 0] / n / px
    inside = (index >= k0[:, None]) & (index <= k1[:, None])
    cost = (clearance.weight(gap, line) * inside).sum(axis=1) * step
    # the head reaches back about 1.4 times its half width (9 px long, 5.2 px to either side):
    # its back corners too keep off the names
    tail = max(2, int(1.5 * head / (float(step.min()) * px or 1.0)) + 1)
    cost += (clearance.weight(gap, head) * (inside & (index > (k1[:, None] - tail)))).sum(axis=1) * step
    # the head as drawn: a triangle along the curve's direction at the tip, which on a short
    # bent arrow points well away from the samples before it (Iwami on the Pitac example's turn 11)
    cost += _head_cost(np.array(legs, dtype=float), ts[0, k1], clearance, head) * 2.0
    cost += np.arange(len(legs)) * 0.01
    clear_first = np.nonzero(cost < 0.5)[0]
    c = int(clear_first[0]) if len(clear_first) else int(np.argmin(cost))
    leg = legs[c]
    t0, t1 = float(ts[0, k0[c]]), float(ts[0, k1[c]])
    if t1 < 1:
        leg = split(leg, t1)[0]
    if t0 > 0:
        leg = split(leg, t0 / t1)[1]
    return float(cost[c]), [leg]


def _head_cost(legs: np.ndarray, t: np.ndarray, clearance: Clearance, head: float) -> np.ndarray:
    """For each leg (C, 4, 2) cut at ``t`` (C,): how many points of the outline of its head (the
    triangle :meth:`Overlay._head` draws: as long as ``head`` / 0.75, half as wide as ``head`` /
    1.3, along the curve's direction at the cut) lie on a name's box or its soft band."""
    p0, p1, p2, p3 = (legs[:, i] for i in range(4))
    u = (1 - t)[:, None]
    tt = t[:, None]
    tip = u ** 3 * p0 + 3 * u * u * tt * p1 + 3 * u * tt * tt * p2 + tt ** 3 * p3
    d = 3 * u * u * (p1 - p0) + 6 * u * tt * (p2 - p1) + 3 * tt * tt * (p3 - p2)
    d = d / np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-12)[:, None]
    side = np.stack([-d[:, 1], d[:, 0]], axis=1)
    length, half = head / 0.75, head / 1.3
    base = tip - d * length
    left, right = base + side * half, base - side * half
    w = np.linspace(0.0, 1.0, 6)[None, :, None]
    outline = np.concatenate([tip[:, None] * (1 - w) + left[:, None] * w, left[:, None] * (1 - w) + right[:, None] * w,
                              right[:, None] * (1 - w) + tip[:, None] * w], axis=1)          # (C, 18, 2)
    gap = clearance.gaps(outline.reshape(-1, 2), within=clearance.px).reshape(outline.shape[:2])
    return clearance.weight(gap, clearance.px).sum(axis=1)


def _trimmed(legs, clearance, start_cut, end_cut, line, head, split, least):
    """``legs`` with the start moved to where the first leg leaves the names by the line's half
    width ``line`` (at least ``start_cut`` along) and the tip to where the last leg, walked back from its end, is clear of
    them by the head's half width (at least ``end_cut`` back); never shorter than ``least``."""
    px = clearance.px
    legs = list(legs)
    pts, ts, run = _walk(legs[0], px)
    total = run[-1] or 1.0
    ok = (run >= min(start_cut, total / 3)) & (ts <= (0.45 if len(legs) == 1 else 0.7))
    clear = ok & ~clearance.hits(pts, line)
    k = int(np.argmax(clear)) if clear.any() else int(np.argmax(ok))
    if ts[k] > 0:
        legs[0] = split(legs[0], float(ts[k]))[1]
    pts, ts, run = _walk(legs[-1], px)
    total = run[-1] or 1.0
    back = total - run
    ok = back >= min(end_cut, total / 2)
    ok &= (run >= min(least, total)) if len(legs) == 1 else (ts >= 0.3)
    if not ok.any():
        ok = back >= min(end_cut, total / 2)
    clear = ok & (clearance.gaps(pts, tips=True) >= head)
    k = int(np.nonzero(clear if clear.any() else ok)[0][-1])
    if ts[k] < 1:
        legs[-1] = split(legs[-1], float(ts[k]))[0]
    return legs


def _walk(leg, px):
    """Points along ``leg``, their parameters and the length run from its start to each."""
    n = _steps(leg, px)
    pts = sample(leg, n)
    d = pts[1:] - pts[:-1]
    run = np.zeros(n + 1)
    np.cumsum(np.hypot(d[:, 0], d[:, 1]), out=run[1:])
    return pts, _params(n), run


def _cost(legs, clearance, line, head) -> float:
    """Pixels of the arrow's line and head that lie on a name."""
    if not clearance:
        return 0.0
    px = clearance.px
    cost = 0.0
    for i, leg in enumerate(legs):
        n = _steps(leg, px)
        pts = sample(leg, n)
        step = float(np.hypot(*np.diff(pts, axis=0).T).mean()) / px if n else 0.0
        gap = clearance.gaps(pts)
        cost += float(clearance.weight(gap, line).sum()) * step
        if i == len(legs) - 1:   # the head: its last few pixels, as wide as the head
            near = gap[-max(2, int(1.5 * head / (step * px or 1)) + 1):]
            cost += float(clearance.weight(near, head).sum()) * step
    return cost


def legs_cost(legs, clearance: Clearance, line: float) -> float:
    """Pixels of ``legs`` (a line of half width ``line``) that lie on a name, ends untrimmed."""
    if not clearance or not legs:
        return 0.0
    px = clearance.px
    pts = np.concatenate([sample(leg, _steps(leg, px)) for leg in legs])
    step = float(np.hypot(*np.diff(pts, axis=0).T).mean()) / px
    return float(clearance.hits(pts, line).sum()) * step


def batch_cost(batch, clearance: Clearance, line: float) -> np.ndarray:
    """:func:`legs_cost` of each of ``batch`` (lists of as many legs each), at once."""
    legs = np.array(batch, dtype=float)                               # (S, L, 4, 2)
    if not clearance:
        return np.zeros(len(legs))
    px = clearance.px
    hull = np.hypot(*np.diff(legs, axis=2).transpose(3, 0, 1, 2)).sum(axis=2)      # (S, L)
    n = max(8, min(160, int(hull.max() / (2 * px))))
    pts = _basis(n) @ legs
    d = pts[:, :, 1:] - pts[:, :, :-1]
    step = np.hypot(d[..., 0], d[..., 1]).sum(axis=2) / n / px                     # (S, L)
    hit = clearance.weight(clearance.gaps(pts.reshape(-1, 2)), line).reshape(pts.shape[:3])
    return (hit.sum(axis=2) * step).sum(axis=1)


def count_spot(legs, clearance: Clearance, radius: float):
    """Where an order's count (×2) stands on its arrow: the middle of the middle leg, or the
    nearest point along it whose disc is clear of the names."""
    leg = legs[len(legs) // 2]
    pts = sample(leg, 20)
    for t in (10, 8, 12, 6, 14, 4, 16):
        point = pts[t]
        if clearance.gaps(point[None, :], tips=True)[0] >= radius:
            return float(point[0]), float(point[1])
    # none on the arrow (a short arrow between two names): beside its middle, the nearest
    # clear spot of a few rings around it, so that the count hides no name
    mid = pts[10]
    px = clearance.px
    for ring in (8, 12, 16, 20, 24):
        angles = np.linspace(0.0, 2 * math.pi, 16, endpoint=False)
        around = mid + ring * px * np.stack([np.cos(angles), np.sin(angles)], axis=1)
        free = np.nonzero(clearance.gaps(around, tips=True) >= radius)[0]
        if len(free):
            return float(around[free[0], 0]), float(around[free[0], 1])
    return float(mid[0]), float(mid[1])


def place_spot(anchor, offsets, half: tuple[float, float], clearance: Clearance, px: float):
    """The first of ``offsets`` (pixels from ``anchor``) whose box of ``half`` width and height
    (map units) is clear of the boxes, else the least covered; a mark in place beside its name."""
    x, y = anchor
    best = None
    for dx, dy in offsets:
        cx, cy = x + dx * px, y + dy * px
        covered = clearance.covered((cx - half[0], cy - half[1], cx + half[0], cy + half[1]))
        if covered == 0:
            return cx, cy
        if best is None or covered < best[0] - 1e-12:
            best = (covered, (cx, cy))
    return best[1]


def ring_gaps(centre, r: float, width: float, clearance: Clearance, n: int = 72):
    """The arcs of a ring of radius ``r`` (stroke ``width``) that stay off the names, as
    (start, end) angles in radians; ``[(0, 2π)]`` when the whole ring is clear, ``[]`` when none
    of it is."""
    angles = np.linspace(0.0, 2 * math.pi, n, endpoint=False)
    pts = np.stack([centre[0] + r * np.cos(angles), centre[1] + r * np.sin(angles)], axis=1)
    free = ~clearance.hits(pts, width / 2)
    if free.all():
        return [(0.0, 2 * math.pi)]
    if not free.any():
        return []
    step = 2 * math.pi / n
    # start where a blocked run ends, so that no free arc wraps round the end of the array
    first = int(np.argmax(~free))
    order = [(first + i) % n for i in range(n)]
    arcs, begin = [], None
    for i in order + [first]:
        if free[i] and begin is None:
            begin = i
        elif not free[i] and begin is not None:
            length = (((i - begin) % n) or n) - 1
            if length >= 2:
                arcs.append((float(angles[begin]), float(angles[begin] + length * step)))
            begin = None
    return arcs
