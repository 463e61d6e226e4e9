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
import shapely

from ..i18n import gettext as _, tr

INK = "#1b1b1b"
CASTLE = "#3d3d3d"
NUMBER_W, STRENGTH_W, COUNTER_H, GAP, PER_ROW = 13.0, 20.0, 19.0, 2.5, 3
RESCORED = 40         # the best places looked at again, by how much of them lies outside the province
#: how a counter's text is set; on the layer of counters, and around the legend's sample (a
#: counter alone, without it, writes its strength from the middle rightwards, out of its tile)
TEXT = 'font-family="system-ui, sans-serif" text-anchor="middle" font-weight="700"'


def short_name(piece) -> str:
    """What a counter writes to say which army it is: what the ruleset gave (``piece.short``),
    else the part of its name after its owner's (``takeda-3`` -> ``3``), else its name if short,
    else its initial."""
    if piece.short:
        return piece.short
    label = piece.display
    if piece.player and label.lower().startswith(piece.player.lower() + "-"):
        label = label[len(piece.player) + 1:]
    return label if len(label) <= 3 else label[:1].upper()


def number_width(piece) -> float:
    """The white cell's width: one figure's, and half as much again for each more (``12``,
    ``×2``: at one figure's width they ran over the strength beside them)."""
    return NUMBER_W + 6.5 * (max(1, len(short_name(piece))) - 1)


def counter_width(piece) -> float:
    return number_width(piece) + (STRENGTH_W if piece.strength is not None else 8)


class Counters:
    def __init__(self, anchors, shapes, px: float, fmt, colour, text_on, name, inside_cache: dict | None = None):
        """``inside_cache``: kept by the caller from map to map (of one scale and map), it holds how
        much of each place tried lies inside its province, which every turn's map asks again."""
        self.anchors = anchors
        self.inside_cache = {} if inside_cache is None else inside_cache
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
                                         self.shapes.get(pid), bounds, label_boxes, pid)
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
        return f'<g class="pieces" {TEXT}>{"".join(out)}</g>'

    def counter(self, piece, left, top, pid) -> str:
        u, f = self.u, self.f
        w, h = u(counter_width(piece)), u(COUNTER_H)
        n = u(number_width(piece))
        classes = "piece" + (f" owner-{piece.player}" if piece.player else "") + (f" {piece.status}" if piece.status else "")
        parts = []
        if pid:
            what = piece.display + (f" ({tr(piece.size) if piece.size else piece.strength})" if piece.strength is not None else "")
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
        size = 10.5
        parts.append(f'<text class="army-name" x="{f(left + number_w / 2)}" y="{f(top + h / 2 + u(size * 0.36))}" '
                     f'font-size="{f(u(size))}" fill="{INK}">{escape(short)}</text>')
        if piece.strength is not None:
            parts.append(f'<text class="strength" x="{f(left + n + (w - n) / 2)}" y="{f(top + h / 2 + u(5.4))}" '
                         f'font-size="{f(u(14.5))}" fill="{self.text_on(colour)}">{piece.strength}</text>')
        return f'<g class="{classes}" data-army="{escape(piece.label)}">{"".join(parts)}</g>'

    def _place(self, x, y, width, height, marked, obstacles, shape=None, bounds=None, labels=(), pid=None):
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
            found = self._search(x, y, width, height, marked, obstacles, shape, bounds, reach_x, up, down, labels,
                                 limit=best[0] if best is not None else np.inf, pid=pid)
            if found is None:
                continue
            if best is None or found[0] < best[0]:
                best = found
            if found[1] == 0:          # nothing covered: the nearer place is the one
                break
        _cost, _covered, b, far = best
        return b[0], b[1], far

    def _search(self, x, y, width, height, marked, obstacles, shape, bounds, reach_x, up, down, labels=(),
                limit=np.inf, pid=None):
        """The best place on a grid of ``reach_x`` steps either side and ``up``/``down`` steps
        above and below the first choice: (cost, what it covers, its box, whether it is far)."""
        u = self.u
        home = (x, y - (u(18) if marked else u(5)) - height / 2)
        step = u(5)
        area = u(1) ** 2
        fine = (u(18) if marked else u(5)) + u(8)          # further than this from the province: a leader line
        rows, cols = np.arange(-up, down + 1), np.arange(-reach_x, reach_x + 1)
        left = home[0] + cols * step - width / 2           # the places' edges, by column and by row
        top = home[1] + rows * step - height / 2
        right, bottom = left + width, top + height
        # what any place tried could cover (the grid's extent, not a radius around the province:
        # the first choice stands above the province's marks)
        gx0, gy0, gx1, gy1 = left[0], top[0], right[-1], bottom[-1]
        near = [(b, w) for b, w in obstacles if b[0] < gx1 and b[2] > gx0 and b[1] < gy1 and b[3] > gy0]
        covered = np.zeros((len(rows), len(cols)))
        if near:
            # a place's overlap with a box is its overlap across times its overlap down, and every
            # place of a column (a row) shares the first (the second): one product for the grid
            o = np.array([b for b, _w in near])
            w = np.array([w for _b, w in near])
            across = np.clip(np.minimum(right[None, :], o[:, 2:3]) - np.maximum(left[None, :], o[:, 0:1]), 0, None)
            down_ = np.clip(np.minimum(bottom[None, :], o[:, 3:4]) - np.maximum(top[None, :], o[:, 1:2]), 0, None)
            covered = (down_ * w[:, None]).T @ across / area
        jj, ii = np.meshgrid(rows, cols, indexing="ij")
        jj, ii, covered = jj.ravel(), ii.ravel(), covered.ravel()
        x0, y0 = left[ii + reach_x], top[jj + up]
        x1, y1 = x0 + width, y0 + height
        if bounds is not None:
            inside = (x0 >= bounds[0]) & (y0 >= bounds[1]) & (x1 <= bounds[2]) & (y1 <= bounds[3])
            if inside.any():
                keep = np.flatnonzero(inside)
                jj, ii, covered, x0, y0, x1, y1 = (a[keep] for a in (jj, ii, covered, x0, y0, x1, y1))
        if not len(covered):
            return None
        gap = np.hypot(np.maximum(np.maximum(x0 - x, 0.0), x - x1), np.maximum(np.maximum(y0 - y, 0.0), y - y1))
        far = gap > fine
        cost = covered + 2.5 * np.hypot(ii, jj) * 5 + np.where(far, 60, 0)
        if limit < np.inf:
            # what costs ``limit`` or more already (a nearer search found as good) cannot win: the
            # leader lines and the part outside the province only add to a place's cost
            keep = np.flatnonzero(cost < limit + 1e-6)
            if not len(keep):
                return None
            jj, ii, covered, x0, y0, x1, y1, far, cost = (a[keep] for a in (jj, ii, covered, x0, y0, x1, y1, far, cost))
        lab = np.array([b for b in labels if b[0] < gx1 and b[2] > gx0 and b[1] < gy1 and b[3] > gy0]).reshape(-1, 4)
        if len(lab) and far.any():
            # a leader line that crosses a name hides it: its points on names cost more. Only the
            # places that could still be among the best few are looked at (the cost only grows)
            todo = far.copy()
            first = np.argsort(cost, kind="stable")[:RESCORED + 20]
            self._leaders(x, y, x0, y0, x1, y1, lab, cost, first[todo[first]])
            todo[first] = False
            known = cost[~todo]           # exact costs: the places near, and those just looked at
            threshold = np.partition(known, RESCORED - 1)[RESCORED - 1] if len(known) >= RESCORED else np.inf
            rest = np.flatnonzero(todo & (cost <= threshold + 1e-6))
            self._leaders(x, y, x0, y0, x1, y1, lab, cost, rest)
        cost = np.round(cost, 6)
        order = np.lexsort((ii, jj, cost))
        if shape is not None:       # the best few, also by how much of them lies outside the province
            best = order[:RESCORED]
            inside_area = self._inside(shape, (pid, marked, width, height), jj[best], ii[best], x0[best], y0[best],
                                       x1[best], y1[best])
            rescored = cost[best] + 0.4 * (width * height - inside_area) / area
            order = best[np.lexsort((ii[best], jj[best], rescored))]
            cost[best] = rescored
        k = int(order[0])
        return float(cost[k]), round(float(covered[k]), 6), (float(x0[k]), float(y0[k]), float(x1[k]), float(y1[k])), bool(far[k])

    def _inside(self, shape, key, jj, ii, x0, y0, x1, y1):
        """The area of each place (jj, ii) inside ``shape``; a place is the same box on every map of
        the same scale for the same province and block (``key``), so each is measured once."""
        known = self.inside_cache.setdefault(key, {})
        out = np.array([known.get(k, -1.0) for k in zip(jj.tolist(), ii.tolist())])
        todo = np.flatnonzero(out < 0)
        if len(todo):
            # the outline cut to where those places lie first: a province's outline has hundreds of points
            near = shapely.clip_by_rect(shape, x0[todo].min(), y0[todo].min(), x1[todo].max(), y1[todo].max())
            out[todo] = shapely.area(shapely.intersection(near, shapely.box(x0[todo], y0[todo], x1[todo], y1[todo])))
            for k in todo.tolist():
                known[(int(jj[k]), int(ii[k]))] = float(out[k])
        return out

    @staticmethod
    def _leaders(x, y, x0, y0, x1, y1, lab, cost, which) -> None:
        """Adds to ``cost`` of the places ``which`` 150 for each of seven points of their leader
        line (from the province's centre to the block) that stands on a name of ``lab``."""
        if not len(which):
            return
        ex, ey = np.clip(x, x0[which], x1[which]), np.clip(y, y0[which], y1[which])    # where the line meets the block
        t = np.linspace(0.15, 1.0, 7)
        sx = (x + (ex[:, None] - x) * t[None, :])[:, :, None]
        sy = (y + (ey[:, None] - y) * t[None, :])[:, :, None]
        on = ((sx > lab[:, 0]) & (sx < lab[:, 2]) & (sy > lab[:, 1]) & (sy < lab[:, 3])).any(axis=2)
        cost[which] += 150 * on.sum(axis=1)
