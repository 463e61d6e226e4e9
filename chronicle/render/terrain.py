"""Terrain drawn where it lies: mountain chains, rivers and fords on the border they cross, the
coast along the provinces that face the Sea.

A link between two provinces is a line from centre to centre, which says *that* they touch; a
mountain chain, a river or a ford says *where*: players read it on the border itself, as the
rulebooks' own maps draw it (Regolamento Campagna: rivers, and fords as red dashes across them).
So where the two provinces of a ``mountain``, ``river`` or ``ford`` link share a border, that
border is drawn (a brown ridge with teeth, a blue river, a blue river with red dashes) and the
centre line is left out; where they share none (an island, a strait) the line stays. A province
flagged ``coast`` has its outer edge (the part of its outline no other province shares) drawn as
a shore; on a map that draws no coast of its own, the outer edges of the other provinces border
land beyond the map, drawn muted, so that the Sea is only where the coasts are.

Computed once per map (:func:`terrain`), in map units; drawn per scale (sizes in CSS pixels,
``px`` map units each) by :func:`draw_border` and :func:`zones`, which give the names the
places to keep clear.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

import shapely
from shapely.geometry import LineString, MultiLineString

from ..i18n import N_, tr

#: the kinds of link drawn on the border they cross, and the legend's words for each
BORDER_KINDS = {"mountain": N_("Mountain chain"), "river": N_("River"), "ford": N_("River with a ford")}
COAST_LABEL = N_("Coast: faces the Sea")
RIVER = "#2a7ab8"
FORD = "#d62728"
RIDGE = "#6b4a2b"
SHORE = "#1f5f8b"
SHORE_GLOW = "#9cc3dd"

Line = tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Border:
    a: str
    b: str
    kind: str
    lines: tuple[Line, ...]

    @property
    def box(self) -> tuple[float, float, float, float]:
        xs = [x for line in self.lines for x, _y in line]
        ys = [y for line in self.lines for _x, y in line]
        return (min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True)
class Terrain:
    borders: tuple[Border, ...]            # sorted by (a, b, kind)
    coastline: tuple[Line, ...]
    beyond: tuple[tuple[Line, ...], ...]   # polygons (rings) of land beyond the map's edge

    @property
    def on_borders(self) -> frozenset[tuple[str, str, str]]:
        """The links drawn on their border (their centre line is left out)."""
        return frozenset((b.a, b.b, b.kind) for b in self.borders)


NO_TERRAIN = Terrain((), (), ())


def terrain(game_map, shapes, links, unit: float, draws_coast: bool) -> Terrain:
    """The borders of ``links`` (a, b, kind) of a border kind, the coastline of the provinces
    flagged ``coast`` and, unless the map ``draws_coast`` already, the land beyond its other outer
    edges. ``shapes``: province -> shapely polygon (provinces without one are left out)."""
    eps = unit * 0.6
    shortest = 4 * unit
    borders = []
    for a, b, kind in links:
        if kind not in BORDER_KINDS or a not in shapes or b not in shapes:
            continue
        shared = _lines(shapes[a].boundary.intersection(shapes[b].buffer(eps)), shortest)
        if shared:
            borders.append(Border(a, b, kind, shared))
    coasts = sorted(pid for pid, p in game_map.provinces.items() if "coast" in p.flags and pid in shapes)
    if not coasts:
        return Terrain(tuple(borders), (), ())
    land = shapely.unary_union([s.buffer(eps) for s in shapes.values()]).buffer(-eps)
    coast_parts = []
    for pid in coasts:
        others = shapely.unary_union([s for q, s in shapes.items() if q != pid])
        coast_parts.append(shapes[pid].boundary.difference(others.buffer(eps)))
    coastline = shapely.line_merge(shapely.unary_union(coast_parts)) if coast_parts else None
    beyond: tuple = ()
    if not draws_coast:
        edge = land.boundary
        if coastline is not None and not coastline.is_empty:
            edge = edge.difference(coastline.buffer(eps * 2))
        width = 20 * unit
        band = edge.buffer(width, cap_style="flat").difference(land.buffer(eps))
        beyond = _rings(band.simplify(unit * 0.3))
    return Terrain(tuple(borders), _lines(coastline, shortest) if coastline is not None else (), beyond)


def _lines(shape, shortest: float) -> tuple[Line, ...]:
    """The line pieces of ``shape`` (merged where they meet) at least ``shortest`` long."""
    if shape is None or shape.is_empty:
        return ()
    pieces = [g for g in getattr(shape, "geoms", [shape]) if isinstance(g, (LineString, MultiLineString))]
    if not pieces:
        return ()
    merged = shapely.line_merge(shapely.unary_union(pieces))
    out = []
    for line in getattr(merged, "geoms", [merged]):
        if isinstance(line, LineString) and line.length >= shortest:
            out.append(tuple((float(x), float(y)) for x, y in line.coords))
    return tuple(sorted(out))


def _rings(shape) -> tuple[tuple[Line, ...], ...]:
    polygons = [g for g in getattr(shape, "geoms", [shape]) if g.geom_type == "Polygon" and not g.is_empty]
    return tuple(tuple(tuple((float(x), float(y)) for x, y in list(ring.coords)[:-1])
                       for ring in [p.exterior, *p.interiors]) for p in polygons)


# ---- drawing, per scale --------------------------------------------------------------------------

def _d(lines, f) -> str:
    return "".join("M" + "L".join(f"{f(x)},{f(y)}" for x, y in line) for line in lines)


def border_label(kind: str) -> str:
    return tr(BORDER_KINDS[kind])


def draw_border(kind: str, lines, px: float, f, classes: str = "", title: str = "") -> str:
    """One border's drawing: ``px`` map units a CSS pixel, ``f`` formats a coordinate."""
    d = _d(lines, f)
    w = lambda n: f(n * px)    # noqa: E731
    parts = []
    if kind == "mountain":
        parts.append(f'<path d="{d}" stroke="#ffffff" stroke-width="{w(5)}"/>'
                     f'<path d="{d}" stroke="{RIDGE}" stroke-width="{w(2.6)}"/>')
        teeth = "".join(_teeth(line, px, f) for line in lines)
        if teeth:
            parts.append(f'<path d="{teeth}" fill="{RIDGE}" stroke="#ffffff" stroke-width="{w(0.8)}"/>')
    else:
        parts.append(f'<path d="{d}" stroke="#ffffff" stroke-width="{w(6.5)}"/>'
                     f'<path d="{d}" stroke="{RIVER}" stroke-width="{w(4)}"/>')
        if kind == "ford":
            parts.append(f'<path d="{d}" stroke="{FORD}" stroke-width="{w(4)}" stroke-linecap="butt" '
                         f'stroke-dasharray="{w(5)} {w(4)}"/>')
    cls = f' class="{classes}"' if classes else ""
    tip = f"<title>{escape(title)}</title>" if title else ""
    return f'<g{cls} fill="none" stroke-linecap="round" stroke-linejoin="round">{tip}{"".join(parts)}</g>'


def _teeth(line: Line, px: float, f) -> str:
    """Small triangles along a mountain chain, every 14 pixels, pointing up the page (or left on
    an upright chain): the ridge's teeth."""
    shape = LineString(line)
    step, half, tall = 15 * px, 4.2 * px, 6.5 * px
    count = int(shape.length // step)
    if count < 1:
        return ""
    start = (shape.length - (count - 1) * step) / 2
    out = []
    for k in range(count):
        at = start + k * step
        p0, p1 = shape.interpolate(max(0.0, at - half)), shape.interpolate(min(shape.length, at + half))
        mid = shape.interpolate(at)
        dx, dy = p1.x - p0.x, p1.y - p0.y
        n = math.hypot(dx, dy) or 1.0
        nx, ny = dy / n, -dx / n              # a normal to the chain
        if ny > 0 or (ny == 0 and nx > 0):
            nx, ny = -nx, -ny                 # pointing up the page
        apex = (mid.x + nx * tall, mid.y + ny * tall)
        out.append(f"M{f(p0.x)},{f(p0.y)}L{f(apex[0])},{f(apex[1])}L{f(p1.x)},{f(p1.y)}Z")
    return "".join(out)


def draw_coastline(lines, px: float, f, title: str) -> str:
    if not lines:
        return ""
    return (f'<g class="coastline" fill="none" stroke="{SHORE}" stroke-width="{f(2 * px)}" stroke-linecap="round" '
            f'stroke-linejoin="round"><title>{escape(title)}</title><path d="{_d(lines, f)}"/></g>')


def draw_shore_glow(lines, px: float, f) -> str:
    """A pale band along the coast, drawn under the provinces: only its half at sea shows."""
    if not lines:
        return ""
    return (f'<path class="shore" d="{_d(lines, f)}" fill="none" stroke="{SHORE_GLOW}" stroke-width="{f(12 * px)}" '
            f'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"/>')


def draw_beyond(rings, fill: str, f) -> str:
    if not rings:
        return ""
    d = "".join("M" + "L".join(f"{f(x)},{f(y)}" for x, y in ring) + "Z" for polygon in rings for ring in polygon)
    return f'<path class="beyond" d="{d}" fill="{fill}" fill-rule="evenodd" stroke="none" aria-hidden="true"/>'


def zones(lines, px: float, half: float = 3.5) -> list[tuple[float, float, float, float]]:
    """Boxes along ``lines``, a few pixels each, ``half`` pixels either side: what the names keep
    clear of."""
    out = []
    chunk = 6 * px
    pad = half * px
    for line in lines:
        for (x0, y0), (x1, y1) in zip(line, line[1:]):
            n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / chunk))
            for k in range(n):
                ax, ay = x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n
                bx, by = x0 + (x1 - x0) * (k + 1) / n, y0 + (y1 - y0) * (k + 1) / n
                out.append((min(ax, bx) - pad, min(ay, by) - pad, max(ax, bx) + pad, max(ay, by) + pad))
    return out
