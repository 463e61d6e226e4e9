"""Where each province's name goes on a map seen at a given scale, and at which zoom it appears.

A name must be readable (at least :data:`READABLE_PX` CSS pixels tall where it is shown), clear
of every other name and of the marks (capitals, fortresses, Kyoto), and, as far as it can, inside
its own province. The map is placed at the scale the page first shows it at (pixels per map
unit); names that find no clear place there are tried again at each further zoom level of
:data:`ZOOMS` (their tier), at a size readable at that zoom, clear of the names placed before;
the page shows a tier once the reader has zoomed that far. A name that finds no place at any
zoom is left to the province's tooltip and the province list.

Sizes follow the province: a big province's name stands up to :data:`LARGEST_PX` tall.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely

READABLE_PX = 10.5
LARGEST_PX = 15.0
ZOOMS = (1.0, 1.6, 2.5, 4.0)


@dataclass(frozen=True)
class Label:
    pid: str
    x: float              # centre, map units
    base: float           # baseline
    size: float           # font size, map units
    tier: int             # index into ZOOMS: shown from that zoom on

    def box(self, text_em: float) -> tuple[float, float, float, float]:
        w = text_em * self.size
        return (self.x - w / 2, self.base - 0.78 * self.size, self.x + w / 2, self.base + 0.22 * self.size)


def place_labels(geometry, names, widths, shapes, zones, marked, scale: float) -> tuple[Label, ...]:
    """Labels for every province that finds a place (see the module docstring).

    ``names``: province -> displayed name; ``widths``: province -> its width in em; ``shapes``:
    province -> shapely outline (where known); ``zones``: boxes to keep clear (marks), in map
    units; ``marked``: province -> how many marks stand on it; ``scale``: CSS pixels per map unit as the page first shows the map."""
    vx, vy, vw, vh = geometry.view_box
    anchor_ids = sorted(geometry.anchors)
    anchors = np.array([geometry.anchors[p] for p in anchor_ids]) if anchor_ids else np.zeros((0, 2))
    areas = geometry.areas
    placed: list[tuple[float, float, float, float]] = list(zones)
    first_free = len(placed)
    out: list[Label] = []
    left = sorted(names, key=lambda p: (-widths[p] / max(math.sqrt(areas.get(p) or 0.0), 1e-9), p))
    for tier, zoom in enumerate(ZOOMS):
        s = scale * zoom                      # pixels per unit at this zoom
        px = 1 / s                            # one pixel, in units
        still = []
        for pid in left:
            size_px = min(LARGEST_PX, max(READABLE_PX, math.sqrt(areas.get(pid) or 0.0) * s / 6))
            near = None if tier == len(ZOOMS) - 1 else geometry.boxes.get(pid)
            found = _place(pid, geometry.anchors[pid], widths[pid], size_px * px, px, placed, shapes.get(pid),
                           anchors, anchor_ids, (vx, vy, vx + vw, vy + vh), marked.get(pid, 0), near)
            if found is None:
                still.append(pid)
                continue
            x, base, size, box = found
            placed.append(box)
            out.append(Label(pid, x, base, size, tier))
        left = still
        if not left:
            break
    del placed[:first_free]
    return tuple(sorted(out, key=lambda lab: lab.pid))


def _place(pid, anchor, em, size, px, placed, shape, anchors, anchor_ids, bounds, marks, near=None):
    """The best clear place for one name near its province, or None. With ``near`` (the
    province's bounding box), a place must touch it or stand within a few pixels of it: a name
    pushed further away waits for a closer zoom."""
    x, y = anchor
    pad = 1.6 * px                       # the white halo around the letters, and a little air
    step = 2.5 * px
    x0b, y0b, x1b, y1b = bounds
    for scale in (1.0, 0.92):
        s = size * scale
        w = em * s
        first = y + ((3.5 * px + 0.78 * s) if marks else 0.45 * s)
        reach_x = int((w / 2 + 26 * px) / step)
        reach_y = int(34 * px / step)
        jj, ii = np.meshgrid(np.arange(-reach_y, reach_y + 1), np.arange(-reach_x, reach_x + 1), indexing="ij")
        ii, jj = ii.ravel(), jj.ravel()
        cx, base = x + ii * step, first + jj * step
        boxes = np.stack([cx - w / 2 - pad, base - 0.78 * s - pad, cx + w / 2 + pad, base + 0.22 * s + pad], axis=1)
        ok = (boxes[:, 0] >= x0b) & (boxes[:, 2] <= x1b) & (boxes[:, 1] >= y0b) & (boxes[:, 3] <= y1b)
        if near is not None:
            slack = 4 * px
            ok &= ((boxes[:, 0] < near[2] + slack) & (boxes[:, 2] > near[0] - slack)
                   & (boxes[:, 1] < near[3] + slack) & (boxes[:, 3] > near[1] - slack))
        if placed:
            others = np.array(placed)
            near = ((others[:, 0] < boxes[:, 2].max()) & (others[:, 2] > boxes[:, 0].min())
                    & (others[:, 1] < boxes[:, 3].max()) & (others[:, 3] > boxes[:, 1].min()))
            others = others[near]
            if len(others):
                hit = ((boxes[:, None, 0] < others[None, :, 2]) & (boxes[:, None, 2] > others[None, :, 0]) &
                       (boxes[:, None, 1] < others[None, :, 3]) & (boxes[:, None, 3] > others[None, :, 1]))
                ok &= ~hit.any(axis=1)
        if not ok.any():
            continue
        cost = np.hypot(ii * step, jj * step) / px
        if len(anchors):          # sitting on another province's centre misleads the eye
            inside = ((anchors[None, :, 0] > boxes[:, None, 0]) & (anchors[None, :, 0] < boxes[:, None, 2]) &
                      (anchors[None, :, 1] > boxes[:, None, 1]) & (anchors[None, :, 1] < boxes[:, None, 3]))
            inside[:, anchor_ids.index(pid)] = False
            cost = cost + 25 * inside.sum(axis=1)
        best = np.argsort(np.where(ok, cost, np.inf), kind="stable")[:min(30, int(ok.sum()))]
        penalty = cost[best] + (0 if scale == 1.0 else 8)
        if shape is not None:     # the best few, also by how much of them lies outside the province
            # the part of each place inside the province: a rectangle clip (GEOS's own algorithm
            # for it) is twice as fast as a general intersection with a box, the same area
            cut = boxes[best]
            local = shapely.clip_by_rect(shape, float(cut[:, 0].min()), float(cut[:, 1].min()),
                                         float(cut[:, 2].max()), float(cut[:, 3].max()))
            inside = np.array([shapely.area(shapely.clip_by_rect(local, *map(float, b))) for b in cut])
            cells = (cut[:, 2] - cut[:, 0]) * (cut[:, 3] - cut[:, 1])
            penalty = penalty + 30 * (1 - inside / cells)
        scored = sorted((round(float(c), 9), int(k)) for c, k in zip(penalty, best))
        k = scored[0][1]
        return float(cx[k]), float(base[k]), s, tuple(float(v) for v in boxes[k])
    return None
