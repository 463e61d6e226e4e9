"""Army counters on the map: which army, its strength, and stacks that stay legible.

A counter is a small tile in its owner's colour: a white cell with the army's own number or
name (``takeda-3`` shows ``3``; the colour says whose it is, the tooltip says it all) and the
army's strength in figures; a castle wall around it when the army is besieged. The counters of
one province stand in rows of three beside its marks, placed clear of the names, the marks and
the other provinces' counters; counters pushed further away are joined to their province by a
thin leader line. Sizes are CSS pixels as the page first shows the map (``px`` units each).
"""

from __future__ import annotations

from html import escape

import numpy as np
from shapely.geometry import box as shapely_box

from ..i18n import gettext as _, tr

INK = "#1b1b1b"
CASTLE = "#3d3d3d"
NUMBER_W, STRENGTH_W, COUNTER_H, GAP, PER_ROW = 13.0, 20.0, 19.0, 2.5, 3


def short_name(piece) -> str:
    """What a counter writes to say which army it is: the part of its id after its owner's
    (``takeda-3`` -> ``3``), else its name if short, else its initial."""
    label = piece.label
    if piece.player and label.lower().startswith(piece.player.lower() + "-"):
        label = label[len(piece.player) + 1:]
    return label if len(label) <= 3 else label[:1].upper()


def counter_width(piece) -> float:
    return NUMBER_W + STRENGTH_W if piece.strength is not None else NUMBER_W + 8


class Counters:
    def __init__(self, anchors, shapes, px: float, fmt, colour, text_on, name):
        self.anchors = anchors
        self.shapes = shapes
        self.px = px
        self.f = fmt
        self.colour = colour
        self.text_on = text_on
        self.name = name

    def u(self, n: float) -> float:
        return n * self.px

    def layer(self, pieces, marks, marked, label_boxes, ids=True, bounds=None, badges=()) -> str:
        """The counters of ``pieces``; ``marks`` (boxes), ``label_boxes`` and the contests'
        ``badges`` are kept clear;
        ``marked``: the provinces that carry marks (their counters stand above them); ``bounds``:
        the frame (x0, y0, x1, y1) the counters stay inside."""
        by_province: dict[str, list] = {}
        for piece in pieces:
            if piece.province in self.anchors:
                by_province.setdefault(piece.province, []).append(piece)
        if not by_province:
            return ""
        placed: list[tuple[float, float, float, float]] = []
        out = []
        u, f = self.u, self.f
        for pid in sorted(by_province, key=lambda p: (-len(by_province[p]), p)):
            stack = sorted(by_province[pid], key=lambda p: (p.status != "besieged", p.player or "", p.label))
            x, y = self.anchors[pid]
            rows = [stack[i:i + PER_ROW] for i in range(0, len(stack), PER_ROW)]
            widths = [sum(u(counter_width(p)) for p in row) + u(GAP) * (len(row) - 1) for row in rows]
            width = max(widths)
            height = len(rows) * u(COUNTER_H + GAP) - u(GAP)
            obstacles = ([(b, 100.0) for b in label_boxes] + [(b, 20.0) for b in marks] + [(b, 100.0) for b in badges]
                         + [(b, 100.0) for b in placed])
            wall = u(7) if any(p.status == "besieged" for p in stack) else 0.0   # a castle wall stands around
            left, top, far = self._place(x, y, width + 2 * wall, height + 2 * wall, pid in marked, obstacles,
                                         self.shapes.get(pid), bounds, label_boxes)
            pad = u(4.5)
            placed.append((left - pad, top - pad, left + width + 2 * wall + pad, top + height + 2 * wall + pad))
            left, top = left + wall, top + wall
            parts = []
            if far:
                cx, cy = min(max(x, left), left + width), min(max(y, top), top + height)
                parts.append(f'<line class="leader" x1="{f(x)}" y1="{f(y)}" x2="{f(cx)}" y2="{f(cy)}" stroke="{INK}" '
                             f'stroke-width="{f(u(1.2))}"/><circle class="leader" cx="{f(x)}" cy="{f(y)}" r="{f(u(2.2))}" '
                             f'fill="{INK}"/>')
            for r, (row, row_width) in enumerate(zip(rows, widths)):
                px = left + (width - row_width) / 2
                py = top + r * u(COUNTER_H + GAP)
                for piece in row:
                    parts.append(self.counter(piece, px, py, pid))
                    px += u(counter_width(piece) + GAP)
            stack_id = f' id="stack-{pid}"' if ids else ""
            out.append(f'<g class="stack"{stack_id}>{"".join(parts)}</g>')
        return (f'<g class="pieces" font-family="system-ui, sans-serif" text-anchor="middle" font-weight="700">'
                f'{"".join(out)}</g>')

    def counter(self, piece, left, top, pid) -> str:
        u, f = self.u, self.f
        w, h = u(counter_width(piece)), u(COUNTER_H)
        n = u(NUMBER_W)
        classes = "piece" + (f" owner-{piece.player}" if piece.player else "") + (f" {piece.status}" if piece.status else "")
        parts = []
        if pid:
            what = piece.label + (f" ({piece.strength})" if piece.strength is not None else "")
            where = self.name(pid)
            tip = (_("%(piece)s of %(owner)s in %(province)s", piece=what, owner=self.name(piece.player), province=where)
                   if piece.player else _("%(piece)s in %(province)s", piece=what, province=where))
            tip += f", {tr(piece.status)}" if piece.status else ""
            parts.append(f"<title>{escape(tip)}</title>")
        if piece.status == "besieged":
            o, m = u(3.2), u(4.2)
            wall = [f'<rect x="{f(left - o)}" y="{f(top - o)}" width="{f(w + 2 * o)}" height="{f(h + 2 * o)}" rx="{f(u(1))}"/>']
            for k in range(3):
                mx = left - o + k * (w + 2 * o - m) / 2
                wall.append(f'<rect x="{f(mx)}" y="{f(top - o - m * 0.8)}" width="{f(m)}" height="{f(m * 0.8 + u(1))}" stroke="none"/>')
            parts.append(f'<g class="siege-wall" fill="{CASTLE}" stroke="#ffffff" stroke-width="{f(u(1))}">{"".join(wall)}</g>')
        colour = self.colour(piece.player)
        parts.append(f'<rect class="counter" x="{f(left)}" y="{f(top)}" width="{f(w)}" height="{f(h)}" rx="{f(u(3))}" '
                     f'fill="{colour}" stroke="{INK}" stroke-width="{f(u(1.3))}"/>')
        short = short_name(piece)
        number_w = n if piece.strength is not None else w
        parts.append(f'<rect x="{f(left + u(1.2))}" y="{f(top + u(1.2))}" width="{f(number_w - u(2.4))}" '
                     f'height="{f(h - u(2.4))}" rx="{f(u(2))}" fill="#ffffff"/>')
        size = 10.5 if len(short) <= 2 else 8.5
        parts.append(f'<text class="army-name" x="{f(left + number_w / 2)}" y="{f(top + h / 2 + u(size * 0.36))}" '
                     f'font-size="{f(u(size))}" fill="{INK}">{escape(short)}</text>')
        if piece.strength is not None:
            parts.append(f'<text class="strength" x="{f(left + n + (w - n) / 2)}" y="{f(top + h / 2 + u(5.4))}" '
                         f'font-size="{f(u(14.5))}" fill="{self.text_on(colour)}">{piece.strength}</text>')
        return f'<g class="{classes}" data-army="{escape(piece.label)}">{"".join(parts)}</g>'

    def _place(self, x, y, width, height, marked, obstacles, shape=None, bounds=None, labels=()):
        """Top-left corner of a block of counters for a province at (x, y), and whether it stands
        away from its province (then a leader line joins them). Places on a grid around the
        province are tried; each costs its distance from the first choice (just above the
        province's marks), what it covers (other counters most, then marks, then labels) and how
        much of it lies outside the province's own outline. Where every place near the province
        covers something (a crowded region: Kanto, Kinai), a wider ring is tried, out to sea if
        need be, and a leader line joins the block to its province. ``bounds``: the map's frame,
        which a block must stay inside (when it can)."""
        best = None
        for reach_x, up, down in ((10, 12, 8), (30, 30, 30)):
            found = self._search(x, y, width, height, marked, obstacles, shape, bounds, reach_x, up, down, labels)
            if found is None:
                continue
            if best is None or found[0] < best[0]:
                best = found
            if found[1] == 0:          # nothing covered: the nearer place is the one
                break
        _cost, _covered, b, far = best
        return b[0], b[1], far

    def _search(self, x, y, width, height, marked, obstacles, shape, bounds, reach_x, up, down, labels=()):
        u = self.u
        home = (x, y - (u(18) if marked else u(5)) - height / 2)
        step = u(5)
        area = u(1) ** 2
        fine = (u(18) if marked else u(5)) + u(8)          # further than this from the province: a leader line
        jj, ii = np.meshgrid(np.arange(-up, down + 1), np.arange(-reach_x, reach_x + 1), indexing="ij")
        jj, ii = jj.ravel(), ii.ravel()
        cx, cy = home[0] + ii * step, home[1] + jj * step
        x0, y0, x1, y1 = cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2
        # what any place tried could cover (the grid's extent, not a radius around the province:
        # the first choice stands above the province's marks)
        gx0, gy0, gx1, gy1 = x0.min(), y0.min(), x1.max(), y1.max()
        near = [(b, w) for b, w in obstacles if b[0] < gx1 and b[2] > gx0 and b[1] < gy1 and b[3] > gy0]
        if bounds is not None:
            inside = (x0 >= bounds[0]) & (y0 >= bounds[1]) & (x1 <= bounds[2]) & (y1 <= bounds[3])
            if inside.any():
                keep = np.flatnonzero(inside)
                jj, ii, cx, cy, x0, y0, x1, y1 = (a[keep] for a in (jj, ii, cx, cy, x0, y0, x1, y1))
        covered = np.zeros(len(cx))
        if near:
            o = np.array([b for b, _w in near])
            w = np.array([w for _b, w in near])
            dx = np.clip(np.minimum(x1[:, None], o[None, :, 2]) - np.maximum(x0[:, None], o[None, :, 0]), 0, None)
            dy = np.clip(np.minimum(y1[:, None], o[None, :, 3]) - np.maximum(y0[:, None], o[None, :, 1]), 0, None)
            covered = (dx * dy * w[None, :]).sum(axis=1) / area
        gap = np.hypot(np.maximum.reduce([x0 - x, np.zeros(len(cx)), x - x1]),
                       np.maximum.reduce([y0 - y, np.zeros(len(cx)), y - y1]))
        far = gap > fine
        cost = covered + 2.5 * np.hypot(ii, jj) * 5 + np.where(far, 60, 0)
        if far.any() and labels:       # a leader line that crosses a name hides it: count its points on names
            lab = np.array([b for b in labels if b[0] < gx1 and b[2] > gx0 and b[1] < gy1 and b[3] > gy0] or [(0, 0, 0, 0)])
            ex, ey = np.clip(x, x0, x1), np.clip(y, y0, y1)          # where the line meets the block
            t = np.linspace(0.15, 1.0, 7)
            sx = x + (ex[:, None] - x) * t[None, :]
            sy = y + (ey[:, None] - y) * t[None, :]
            on = ((sx[:, :, None] > lab[None, None, :, 0]) & (sx[:, :, None] < lab[None, None, :, 2]) &
                  (sy[:, :, None] > lab[None, None, :, 1]) & (sy[:, :, None] < lab[None, None, :, 3])).any(axis=2)
            cost = cost + np.where(far, 150 * on.sum(axis=1), 0)
        scored = [(round(float(cost[k]), 6), int(jj[k]), int(ii[k]), float(covered[k]),
                   (float(x0[k]), float(y0[k]), float(x1[k]), float(y1[k])), bool(far[k])) for k in range(len(cx))]
        scored.sort(key=lambda c: c[:3])
        if shape is not None:       # the best few, also by how much of them lies outside the province
            block = width * height
            rescored = []
            for cost_k, j, i, cov, b, far_k in scored[:40]:
                cell = shapely_box(*b)
                inside_area = shape.intersection(cell).area if shape.intersects(cell) else 0.0
                rescored.append((cost_k + 0.4 * (block - inside_area) / area, j, i, cov, b, far_k))
            scored = sorted(rescored, key=lambda c: c[:3])
        if not scored:
            return None
        cost_k, _j, _i, cov, b, far_k = scored[0]
        return cost_k, round(cov, 6), b, far_k
