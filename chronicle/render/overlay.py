"""How a turn's orders and contests look on the map: arrows, marks in place, and badges.

The ruleset says what happened (:class:`~chronicle.rules.OrderMark`,
:class:`~chronicle.rules.ContestMark`); this module only draws it. Sizes are given in CSS
pixels as the page first shows the map (``px`` map units each), so that arrows and badges keep
their size whatever part of the map a page frames.

* An order along a path is an arrow in its player's colour with a dark casing, curved a little
  (two arrows between the same provinces in opposite directions do not cover each other). Steps
  by sea are dashed, forced-march steps carry ticks across the line, a retreat is dotted with a
  hollow head, a transfer is thin and dashed. An order that failed ends in a hollow head crossed
  out; one given several times carries its count (×2) halfway.
* An order in place is a shield (defend), a ring around the castle (siege) or a small ring (hold).
* A contest is a round badge on its province: crossed swords for a battle, a tower for a siege,
  a die for a roll-off; filled with the winner's colour when the province or castle changed
  hands (the attack succeeded), white with the holder's colour as a ring when it held, dashed
  while pending, grey for a draw. It links to the contest's card on the turn page.

Every drawn order and contest is one element with a ``<title>``: hovering or tapping it, or a
screen reader, tells what it is.
"""

from __future__ import annotations

import hashlib
import math
from html import escape

import numpy as np
import shapely

from ..rules import Outcome
from . import clearance as clear

INK = "#1b1b1b"
PATH_KINDS = {"attack", "move", "retreat", "support", "transfer"}
PLACE_KINDS = {"defend", "siege", "hold"}
#: where a shield and a hold ring may stand around their province's centre (pixels), the first
#: clear of the names and the badges wins
SHIELD_SPOTS = ((-14, -6), (14, -6), (-14, 8), (14, 8), (0, -18), (0, 18), (-24, 0), (24, 0), (-22, -16), (22, -16),
                (-22, 16), (22, 16), (0, -28), (0, 28), (-32, -6), (32, -6), (-30, 10), (30, 10))
HOLD_SPOTS = ((0, 0), (0, -14), (0, 14), (-18, 0), (18, 0), (-14, -14), (14, -14), (-14, 14), (14, 14))


def _f(value: float, decimals: int) -> str:
    text = f"{value:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class Overlay:
    """Draws marks for one map: ``anchors`` are the provinces' centres, ``px`` one CSS pixel in
    map units, ``colour(player)`` a fill colour, ``decimals`` the precision of coordinates;
    ``names``: the boxes of the provinces' names (map units), which arrows and marks keep off
    (:mod:`.clearance`); ``badges``: the contests' badge boxes, which marks in place keep off."""

    def __init__(self, anchors, px: float, colour, decimals: int, text_on, names=(), badges=(), soft: float = 0.0,
                 shapes=None, memo=None):
        """``shapes``: the provinces' outlines (shapely, map units), which a contest's badge keeps
        inside; ``memo``: a dict the caller keeps from map to map, where what depends only on a
        province, the scale and the names is remembered: the badge spots' shares of land
        (measuring them was a quarter of a long campaign's build) and the clear spots an arrow
        still on a name is routed between (:meth:`_clear_spots`)."""
        self.anchors = anchors
        self.shapes = shapes or {}
        self.memo = {} if memo is None else memo
        self.px = px
        self.colour = colour
        self.d = decimals
        self.text_on = text_on
        self.names = clear.Clearance(names, px, tips=badges, soft=soft)   # an arrow's head stops short of a badge too
        self._names_key = hashlib.blake2b(self.names.boxes.tobytes(), digest_size=16).digest()
        self.crowd = clear.Clearance(list(names) + list(badges), px)

    def f(self, value: float) -> str:
        return _f(value, self.d)

    def p(self, n: float) -> str:
        """``n`` pixels in map units, as text."""
        return _f(n * self.px, self.d + 1)

    # ---- orders -------------------------------------------------------------------------------

    def orders(self, marks) -> str:
        parts = []
        drawn = [m for m in marks if all(p in self.anchors for p in m.path) and m.path]
        # marks in place under arrows; failed orders under those that succeeded
        for mark in sorted(drawn, key=lambda m: (_shape(m) == "path", m.outcome is not Outcome.FAILED)):
            parts.append(self.order(mark))
        if not parts:
            return ""
        return f'<g class="orders" stroke-linecap="round" stroke-linejoin="round">{"".join(parts)}</g>'

    def order(self, mark) -> str:
        classes = f"order order-{escape(mark.kind)} outcome-{mark.outcome.value}"
        if mark.count > 1:
            classes += " repeated"
        title = f"<title>{escape(mark.title)}</title>"
        army = f' data-army="{escape(mark.army)}"' if mark.army else ""
        return f'<g class="{classes}"{army}>{title}{self.body(mark)}</g>'

    def body(self, mark) -> str:
        """The drawing of one order, without its title (the legend's samples)."""
        colour = self.colour(mark.player)
        if _shape(mark) == "place":
            return self._in_place(mark, colour)
        return self._arrow(mark, colour)

    def _in_place(self, mark, colour) -> str:
        x, y = self.anchors[mark.path[0]]
        px = self.px
        failed = mark.outcome is Outcome.FAILED
        kind = mark.kind if mark.kind in PLACE_KINDS else "hold"
        if kind == "defend":
            w, h = 5 * px, 6.5 * px
            cx, cy = clear.place_spot((x, y), SHIELD_SPOTS, (w + 1.5 * px, h + 1.5 * px), self.crowd, px)
            d = (f"M{self.f(cx - w)},{self.f(cy - h)}L{self.f(cx + w)},{self.f(cy - h)}"
                 f"L{self.f(cx + w)},{self.f(cy - h * 0.1)}Q{self.f(cx + w)},{self.f(cy + h * 0.75)} {self.f(cx)},{self.f(cy + h)}"
                 f"Q{self.f(cx - w)},{self.f(cy + h * 0.75)} {self.f(cx - w)},{self.f(cy - h * 0.1)}Z")
            fill = "#ffffff" if mark.outcome is Outcome.NONE else colour
            dash = f' stroke-dasharray="{self.p(2)} {self.p(1.5)}"' if mark.outcome is Outcome.NONE else ""
            out = (f'<path d="{d}" fill="{fill}" stroke="{INK}" stroke-width="{self.p(1.4)}"{dash}/>')
            if failed:
                out += self._cross(cx, cy, 4.5)
            return out
        if kind == "siege":
            # around the castle, open where the province's name stands under it
            dash = f' stroke-dasharray="{self.p(3.5)} {self.p(2.2)}"'
            return self._ring((x, y - 6 * px), 12 * px, INK, 4.2, dash) + self._ring((x, y - 6 * px), 12 * px, colour, 2.4, dash)
        r = 7 * px
        x, y = clear.place_spot((x, y), HOLD_SPOTS, (r + 2 * px, r + 2 * px), self.crowd, px)
        return (self._ring((x, y), r, INK, 3.6) + self._ring((x, y), r, colour, 2)
                + (self._cross(x, y, 4) if failed else ""))

    def _ring(self, centre, r, colour, width, dash="") -> str:
        """A ring, or its arcs clear of the names (see :func:`.clearance.ring_gaps`)."""
        arcs = clear.ring_gaps(centre, r, (width + 1) * self.px, self.names)
        x, y = centre
        f = self.f
        paint = f'fill="none" stroke="{colour}" stroke-width="{self.p(width)}"{dash}'
        if arcs == [(0.0, 2 * math.pi)]:
            return f'<circle cx="{f(x)}" cy="{f(y)}" r="{f(r)}" {paint}/>'
        d = []
        for a0, a1 in arcs:
            large = 1 if a1 - a0 > math.pi else 0
            d.append(f"M{f(x + r * math.cos(a0))},{f(y + r * math.sin(a0))}"
                     f"A{f(r)},{f(r)} 0 {large} 1 {f(x + r * math.cos(a1))},{f(y + r * math.sin(a1))}")
        return f'<path d="{"".join(d)}" {paint}/>' if d else ""

    def _cross(self, x, y, half) -> str:
        h = half * self.px
        d = (f"M{self.f(x - h)},{self.f(y - h)}L{self.f(x + h)},{self.f(y + h)}"
             f"M{self.f(x - h)},{self.f(y + h)}L{self.f(x + h)},{self.f(y - h)}")
        return (f'<path class="failed-cross" d="{d}" stroke="#ffffff" stroke-width="{self.p(4.4)}" fill="none"/>'
                f'<path d="{d}" stroke="{INK}" stroke-width="{self.p(2.2)}" fill="none"/>')

    def _arrow(self, mark, colour) -> str:
        px = self.px
        kind = mark.kind if mark.kind in PATH_KINDS else "move"
        points = [self.anchors[p] for p in mark.path]
        if len(points) == 1:
            return self._in_place(mark, colour)
        width = {"transfer": 1.8, "retreat": 2.8, "support": 2.4}.get(kind, 3.2)
        head = {"transfer": 6.5}.get(kind, 9.0)
        legs = self._route(points, width, head, mark.path)
        tip, back = legs[-1][3], legs[-1][2]
        legs[-1] = _trim_end(legs[-1], head * px * 0.8)
        words = list(mark.legs) + [""] * (len(legs) - len(mark.legs))
        casing, lines, ticks = [], [], []
        for leg, word in zip(legs, words):
            d = self._curve(leg)
            tags = set(word.split())
            if kind == "retreat":
                dash = f' stroke-dasharray="0 {self.p(4.5)}"'
            elif kind == "transfer":
                dash = f' stroke-dasharray="{self.p(4)} {self.p(3)}"'
            elif "sea" in tags:
                dash = f' stroke-dasharray="{self.p(7)} {self.p(4)}"'
            else:
                dash = ""
            casing_dash = dash if kind == "retreat" else ""
            casing.append(f'<path d="{d}" stroke="{INK}" stroke-width="{self.p(width + 2.2)}"{casing_dash}/>')
            lines.append(f'<path class="leg{" leg-" + "-".join(sorted(tags)) if tags else ""}" d="{d}" stroke="{colour}" '
                         f'stroke-width="{self.p(width)}"{dash}/>')
            if "forced" in tags:
                ticks.append(f'<path class="forced-ticks" d="{d}" stroke="{INK}" stroke-width="{self.p(width + 6)}" '
                             f'stroke-linecap="butt" stroke-dasharray="{self.p(1.4)} {self.p(4.6)}"/>')
        hollow = kind == "retreat" or mark.outcome is Outcome.FAILED
        out = (f'<g fill="none">{"".join(casing)}{"".join(ticks)}{"".join(lines)}</g>'
               + self._head(tip, back, head, colour, hollow))
        if mark.outcome is Outcome.FAILED:
            ux, uy = _unit(tip, back)
            out += self._cross(tip[0] + ux * head * 0.45 * px, tip[1] + uy * head * 0.45 * px, 3.6)
        if mark.count > 1:
            mx, my = clear.count_spot(legs, self.names, 9 * px)
            out += (f'<circle cx="{self.f(mx)}" cy="{self.f(my)}" r="{self.p(7.5)}" fill="#ffffff" stroke="{INK}" '
                    f'stroke-width="{self.p(1.4)}"/><text x="{self.f(mx)}" y="{self.f(my + 3.6 * px)}" '
                    f'font-size="{self.p(10)}" font-weight="700" text-anchor="middle" fill="{INK}">'
                    f'×{mark.count}</text>')
        return out

    def _route(self, points, width, head, provinces=()):
        """The legs of an arrow through ``points``, kept off the names: a leg between two
        provinces bows one of :data:`.clearance.BENDS` ways; a path through several may pass
        beside the names of the provinces it crosses. Its start leaves from beside its
        province's name, its tip stops short of the name it points at (:func:`.clearance.route`)."""
        px = self.px
        options = dict(start_cut=6 * px, end_cut=8 * px, line=(width + 2.2) / 2 * px,
                       head=(head * 0.58 + 1.5) * px, split=_split, least=(head * 1.8) * px)
        if len(points) == 2:
            bends = clear.BENDS if self.names else clear.BENDS[:1]
            def curves(a, b, bends):
                return [_beziers([a, b], bend=bend, limit=40 * px * max(1.0, abs(bend) / 0.14)) for bend in bends]
            # from and to the centres first; if no bend is clear, from and to beside the names on them
            best = clear.route(curves(points[0], points[1], bends), self.names, **options)
            if best[0] < 0.5:
                return best[1]
            ends = [(a, b) for a in self._beside(points[0]) for b in self._beside(points[1])][1:]
            if ends:
                found = clear.route([c for a, b in ends for c in curves(a, b, bends)], self.names, **options)
                if found[0] < best[0] - 1e-9:
                    best = found
            if best[0] >= 0.5 and len(provinces) == 2:
                # still on a name: from and to clear spots further inside the two provinces
                # (a name on a small province's centre, its neighbour's name beside it: the
                # Kinai at the scale of the whole of Japan), the nearest pair first
                ends = sorted(((a, b) for a in self._clear_spots(provinces[0], options["line"])
                               for b in self._clear_spots(provinces[1], options["head"])),
                              key=lambda e: math.dist(e[0], points[0]) + math.dist(e[1], points[1]))
                if ends:
                    found = clear.route([c for a, b in ends for c in curves(a, b, bends)], self.names, **options)
                    if found[0] < best[0] - 1e-9:
                        best = found
            return best[1]
        # a path through several provinces: each province it passes may be passed beside its
        # name (greedy, twice over, by the cost of the legs that the step moves)
        points = list(points)
        names = self.names.near([[(p, p, p, p) for p in points]], 24 * px)
        line = options["line"]
        for _round in range(2):
            moved = False
            for i in range(1, len(points) - 1):
                tries = [points] + [points[:i] + [step] + points[i + 1:] for step in self._sidesteps(points[i])]
                costs = clear.batch_cost([_beziers(t, 0.0, 0.0)[max(0, i - 2):i + 2] for t in tries], names, line)
                if costs[0] < 0.5:
                    continue
                k = int(np.argmin(costs))       # the first of the least
                if costs[k] < costs[0] - 1e-9:
                    points, moved = tries[k], True
            if not moved:
                break
        return clear.route([_beziers(points, 0.0, 0.0)], self.names, **options)[1]

    def _clear_spots(self, province, margin):
        """Up to nine points of ``province`` clear of the names by ``margin`` and a pixel: its
        centre if clear, and in each of eight directions the nearest such point (a 3-pixel grid
        over the province, inside its outline where known). Remembered in :attr:`memo` for
        the next map with the same names at the same scale (most of a campaign's turns)."""
        key = ("spots", province, margin, self.px, self._names_key)
        if key not in self.memo:
            self.memo[key] = self._find_clear_spots(province, margin)
        return self.memo[key]

    def _find_clear_spots(self, province, margin):
        x, y = self.anchors[province]
        px = self.px
        shape = self.shapes.get(province)
        if shape is not None:
            x0, y0, x1, y1 = shape.bounds
        else:
            x0, y0, x1, y1 = x - 30 * px, y - 30 * px, x + 30 * px, y + 30 * px
        step = 3 * px
        gx = np.arange(math.floor((x0 - x) / step), math.ceil((x1 - x) / step) + 1) * step + x
        gy = np.arange(math.floor((y0 - y) / step), math.ceil((y1 - y) / step) + 1) * step + y
        cx, cy = (a.ravel() for a in np.meshgrid(gx, gy))
        ok = shapely.contains_xy(shape, cx, cy) if shape is not None else np.ones(len(cx), dtype=bool)
        pts = np.stack([cx, cy], axis=1)[ok]
        if not len(pts):
            return []
        pts = pts[self.names.gaps(pts, within=margin + px) >= margin + px]
        if not len(pts):
            return []
        d = np.hypot(pts[:, 0] - x, pts[:, 1] - y)
        sector = np.floor((np.arctan2(pts[:, 1] - y, pts[:, 0] - x) + math.pi) / (math.pi / 4)).astype(int) % 8
        out = []
        if d.min() < 0.5 * step:
            out.append((x, y))
        for k in range(8):
            mine = np.nonzero(sector == k)[0]
            if len(mine):
                i = mine[np.argmin(d[mine])]
                out.append((float(pts[i, 0]), float(pts[i, 1])))
        return out

    def _beside(self, point):
        """An arrow's end: the province's centre, or just above or below the name on it."""
        box = self.names.box_of(point, 0.0) if self.names else None
        if box is None:
            return [point]
        gap = 3 * self.px
        return [point, (point[0], box[1] - gap), (point[0], box[3] + gap),
                (box[0] - gap, point[1]), (box[2] + gap, point[1])]

    def _sidesteps(self, point):
        """Where a path may pass instead of through ``point``: beside the name that stands on
        it, or a little away from it on any side."""
        x, y = point
        px = self.px
        out = []
        box = self.names.box_of(point, 0.0)
        if box is not None:
            gap = 4 * px
            out += [(x, box[1] - gap), (x, box[3] + gap), (box[0] - gap, y), (box[2] + gap, y)]
        for r in (8, 16):
            out += [(x, y - r * px), (x, y + r * px), (x - r * px, y), (x + r * px, y)]
        return out

    def _head(self, tip, back, length, colour, hollow) -> str:
        px = self.px
        ux, uy = _unit(tip, back)
        base = (tip[0] + ux * length * px, tip[1] + uy * length * px)
        half = length * 0.58 * px
        left = (base[0] - uy * half, base[1] + ux * half)
        right = (base[0] + uy * half, base[1] - ux * half)
        d = (f"M{self.f(tip[0])},{self.f(tip[1])}L{self.f(left[0])},{self.f(left[1])}"
             f"L{self.f(right[0])},{self.f(right[1])}Z")
        fill = "#ffffff" if hollow else colour
        stroke = colour if hollow else INK
        width = 2 if hollow else 1.3
        casing = (f'<path d="{d}" fill="none" stroke="{INK}" stroke-width="{self.p(width + 2)}"/>' if hollow else "")
        return casing + f'<path class="head" d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{self.p(width)}"/>'

    def _curve(self, leg) -> str:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = leg
        f = self.f
        return f"M{f(x0)},{f(y0)}C{f(x1)},{f(y1)} {f(x2)},{f(y2)} {f(x3)},{f(y3)}"

    # ---- contests -----------------------------------------------------------------------------

    #: where a badge may stand around its province's centre (pixels), the first clear one wins
    SPOTS = ((13, -17), (-13, -17), (19, 0), (-19, 0), (13, 15), (-13, 15), (0, -26), (0, 22), (26, -17), (-26, -17),
             (28, 4), (-28, 4), (0, -34), (24, -30), (-24, -30), (36, -8), (-36, -8), (0, 30), (26, 24), (-26, 24))

    def contests(self, contests, owners, href=None, obstacles=(), spots=None) -> str:
        """A badge per placed contest; ``owners`` (province -> holder) colours a held badge's
        ring; ``href(event index)`` links it to its card. ``spots``: where each stands, from
        :meth:`place_contests` (by default placed here, clear of ``obstacles``)."""
        if spots is None:
            spots = self.place_contests(contests, obstacles)
        parts = [self.contest(contest, owners, centre, href) for contest, centre in spots]
        if not parts:
            return ""
        return f'<g class="contests">{"".join(parts)}</g>'

    def place_contests(self, contests, obstacles=(), names=()) -> list:
        """(contest, centre) for each contest with a province on the map: each badge stands at the
        first spot around its province clear of ``obstacles`` (marks and the names' boxes, with
        their halo) and of the other badges; a spot that hides any of the letters of a name
        (``names``: its province and the box of its letters) only where every other spot does."""
        spots = []
        taken = list(obstacles)
        for contest in contests:
            if contest.province is None or contest.province not in self.anchors:
                continue
            centre = self.badge_spot(contest.province, taken, names)
            taken.append(self.badge_box(centre))
            spots.append((contest, centre))
        return spots

    def badge_box(self, centre) -> tuple[float, float, float, float]:
        r = 11.5 * self.px
        return (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r)

    def badge_spot(self, province: str, taken, names=()) -> tuple[float, float]:
        """The first spot (of :attr:`SPOTS`, in order) that costs least: its badge's share over
        ``taken`` (names, marks, other badges) twice, its share on other provinces' land once
        (a badge on a neighbour reads as the neighbour's fight: Yamashiro's roll-off, on Pitac
        turn 6, stood on Omi's land), its share on the sea half. Shares are counted in
        twentieths (any cover at all counts one), so that a spot barely better does not beat
        an earlier one; a small province in a crowd may have no spot inside that hides no name.
        A spot over the letters of any of ``names`` ((province, box)) costs 40 more: a badge
        all on a neighbour's land is better than one that hides a name."""
        x, y = self.anchors[province]
        r = 11.5 * self.px
        spots = np.array(self.SPOTS, dtype=float) * self.px + (x, y)
        cost = np.zeros(len(spots))
        if len(taken):
            b = np.array(taken, dtype=float)
            w = np.minimum(spots[:, 0:1] + r, b[None, :, 2]) - np.maximum(spots[:, 0:1] - r, b[None, :, 0])
            h = np.minimum(spots[:, 1:2] + r, b[None, :, 3]) - np.maximum(spots[:, 1:2] - r, b[None, :, 1])
            covered = np.where((w > 0) & (h > 0), w * h, 0.0).sum(axis=1) / (2 * r) ** 2
            cost += 2 * np.ceil(covered * 20 - 1e-9)          # covering anything costs
        letters = [box for _pid, box in names]
        if letters:          # a name hidden, however little, costs more than a badge all on a neighbour's land
            b = np.array(letters, dtype=float)
            w = np.minimum(spots[:, 0:1] + r, b[None, :, 2]) - np.maximum(spots[:, 0:1] - r, b[None, :, 0])
            h = np.minimum(spots[:, 1:2] + r, b[None, :, 3]) - np.maximum(spots[:, 1:2] - r, b[None, :, 1])
            deep = 1.5 * self.px             # the measured width of a name is a little more than its letters'
            cost += 40 * ((w > deep) & (h > deep)).any(axis=1)
        own = self.shapes.get(province)
        if own is not None:
            key = ("shares", province, self.px)
            if key not in self.memo:
                self.memo[key] = self._shares(province, own, spots, r)
            inside, on_land = self.memo[key]
            cost += np.round(on_land * 20) + np.round(np.clip(1.0 - inside - on_land, 0.0, None) * 10)
        k = int(np.argmin(cost))          # the first of the least
        return (float(spots[k, 0]), float(spots[k, 1]))

    def _shares(self, province, own, spots, r):
        """How much of a badge (a disc of radius ``r``) at each of ``spots`` lies on ``province``'s
        land (``own``), and how much on the other provinces'."""
        discs = shapely.buffer(shapely.points(spots), r, quad_segs=4)
        area = float(shapely.area(discs[0]))
        box = (spots[:, 0].min() - r, spots[:, 1].min() - r, spots[:, 0].max() + r, spots[:, 1].max() + r)
        inside = shapely.area(shapely.intersection(shapely.clip_by_rect(own, *box), discs)) / area
        near = [shapely.clip_by_rect(shape, *box) for pid, shape in sorted(self.shapes.items())
                if pid != province and shape.bounds[0] < box[2] and shape.bounds[2] > box[0]
                and shape.bounds[1] < box[3] and shape.bounds[3] > box[1]]
        on_land = np.zeros(len(spots))
        for shape in near:                # provinces do not overlap: their shares add up
            on_land += shapely.area(shapely.intersection(shape, discs)) / area
        return inside, on_land

    def contest(self, contest, owners, centre, href=None) -> str:
        cx, cy = centre
        body = self.badge(contest.kind, contest.outcome, contest.winner or owners.get(contest.province), cx, cy)
        classes = f"contest contest-{escape(contest.kind)} outcome-{contest.outcome.value}"
        title = f"<title>{escape(contest.title)}</title>"
        if href is not None and contest.event is not None:
            return f'<a class="{classes}" href="{escape(href(contest.event))}">{title}{body}</a>'
        return f'<g class="{classes}">{title}{body}</g>'

    def badge(self, kind, outcome, who, cx, cy, r_px=9.5) -> str:
        px = self.px
        r = r_px * px
        colour = self.colour(who) if who else "#ffffff"
        if outcome is Outcome.SUCCEEDED:
            fill, ring, dash = colour, INK, ""
        elif outcome is Outcome.FAILED:
            fill, ring, dash = "#ffffff", colour if who else INK, ""
        elif outcome is Outcome.PENDING:
            fill, ring, dash = "#ffffff", INK, f' stroke-dasharray="{self.p(2.5)} {self.p(1.8)}"'
        else:
            fill, ring, dash = "#d9d9d9", INK, ""
        ink = self.text_on(fill)
        ring_width = 3 if outcome is Outcome.FAILED and who else 1.5
        out = (f'<circle cx="{self.f(cx)}" cy="{self.f(cy)}" r="{self.f(r + 1.6 * px)}" fill="#ffffff"/>'
               f'<circle cx="{self.f(cx)}" cy="{self.f(cy)}" r="{self.f(r)}" fill="{fill}" stroke="{ring}" '
               f'stroke-width="{self.p(ring_width)}"{dash}/>')
        return out + self._icon(kind, cx, cy, r_px * 0.62, ink)

    def _icon(self, kind, cx, cy, size, ink) -> str:
        """A small drawing inside a badge, ``size`` pixels from its centre to its edge."""
        px = self.px
        s = size * px
        f = self.f
        if kind == "siege":
            x0, x1, y0, y1 = cx - s * 0.75, cx + s * 0.75, cy - s * 0.55, cy + s
            m = s * 0.3
            d = (f"M{f(x0)},{f(y1)}L{f(x0)},{f(y0 - m)}L{f(x0 + 0.5 * m * 1.6)},{f(y0 - m)}L{f(x0 + 0.5 * m * 1.6)},{f(y0)}"
                 f"L{f(cx - 0.4 * m)},{f(y0)}L{f(cx - 0.4 * m)},{f(y0 - m)}L{f(cx + 0.4 * m)},{f(y0 - m)}L{f(cx + 0.4 * m)},{f(y0)}"
                 f"L{f(x1 - 0.8 * m)},{f(y0)}L{f(x1 - 0.8 * m)},{f(y0 - m)}L{f(x1)},{f(y0 - m)}L{f(x1)},{f(y1)}Z")
            return f'<path d="{d}" fill="{ink}"/>'
        if kind == "conflict":
            h = s * 0.8
            dots = "".join(f'<circle cx="{f(cx + dx * h * 0.5)}" cy="{f(cy + dy * h * 0.5)}" r="{f(s * 0.16)}" fill="{ink}"/>'
                           for dx, dy in ((-1, -1), (1, 1), (0, 0)))
            return (f'<rect x="{f(cx - h)}" y="{f(cy - h)}" width="{f(2 * h)}" height="{f(2 * h)}" rx="{f(h * 0.3)}" '
                    f'fill="none" stroke="{ink}" stroke-width="{self.p(1.3)}"/>' + dots)
        # crossed swords: two blades with guards
        a = s * 0.95
        d = (f"M{f(cx - a)},{f(cy - a)}L{f(cx + a)},{f(cy + a)}M{f(cx + a)},{f(cy - a)}L{f(cx - a)},{f(cy + a)}"
             f"M{f(cx + a * 0.35)},{f(cy + a * 0.85)}L{f(cx + a * 0.85)},{f(cy + a * 0.35)}"
             f"M{f(cx - a * 0.35)},{f(cy + a * 0.85)}L{f(cx - a * 0.85)},{f(cy + a * 0.35)}")
        return f'<path d="{d}" stroke="{ink}" stroke-width="{self.p(1.7)}" fill="none" stroke-linecap="round"/>'


def _shape(mark) -> str:
    if mark.kind in PLACE_KINDS or len(mark.path) < 2 or len(set(mark.path)) == 1:
        return "place"
    return "path"


def _unit(tip, back) -> tuple[float, float]:
    dx, dy = back[0] - tip[0], back[1] - tip[1]
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


def _beziers(points, bend: float, limit: float):
    """Cubic Bézier legs through ``points`` (Catmull-Rom); a single leg bows by ``bend`` of its
    length (at most ``limit``) to the right of its direction."""
    if len(points) == 2:
        (x0, y0), (x3, y3) = points
        dx, dy = x3 - x0, y3 - y0
        length = math.hypot(dx, dy) or 1.0
        off = min(bend * length, limit)
        nx, ny = -dy / length * off, dx / length * off
        return [((x0, y0), (x0 + dx / 3 + nx, y0 + dy / 3 + ny), (x0 + 2 * dx / 3 + nx, y0 + 2 * dy / 3 + ny), (x3, y3))]
    legs = []
    n = len(points)
    for i in range(n - 1):
        p0 = points[max(0, i - 1)]
        p1, p2 = points[i], points[i + 1]
        p3 = points[min(n - 1, i + 2)]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        legs.append((p1, c1, c2, p2))
    return legs


def _bezier_at(leg, t: float) -> tuple[float, float]:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = leg
    u = 1 - t
    return (u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
            u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3)


def _length(leg) -> float:
    points = [_bezier_at(leg, i / 8) for i in range(9)]
    return sum(math.dist(a, b) for a, b in zip(points, points[1:]))


def _split(leg, t: float):
    """De Casteljau: the two halves of ``leg`` at ``t``."""
    p0, p1, p2, p3 = leg

    def lerp(a, b):
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    a, b, c = lerp(p0, p1), lerp(p1, p2), lerp(p2, p3)
    d, e = lerp(a, b), lerp(b, c)
    m = lerp(d, e)
    return (p0, a, d, m), (m, e, c, p3)


def _trim_end(leg, cut: float):
    length = _length(leg)
    if length <= cut * 1.5:
        return leg
    return _split(leg, 1 - cut / length)[0]
