"""SVG maps of a campaign, drawn with svgwrite.

The geometry (outlines, label anchors, coast, link lines) is computed once per build by
:func:`map_geometry`; :class:`MapPainter` then paints one map per state, changing only fills,
classes, marks and pieces. Outlines come from, in order:

1. the map's geometry file (``geometry: svgpaths.json`` beside the map file: ``viewBox`` and one SVG
   path per province id), with the land outside the provinces from ``extras.geojson`` beside it
   drawn as a muted coast, projected with the ``projection`` the geometry file states;
2. a province's own ``path`` in the map file;
3. otherwise a cell grown from the province's position: a Voronoi diagram of every ``at``,
   clipped to a buffer around their hull.

The painter reads a :class:`~chronicle.rules.Summary` only: who holds what, marks and pieces.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from statistics import median
from typing import Mapping

import svgwrite
from shapely.geometry import MultiPoint, Point, Polygon
from shapely.ops import voronoi_diagram
from shapely.strtree import STRtree

from ..maps import BUNDLED_DIR

NEUTRAL_FILL = "#e4e0d4"
SEA_FILL = "#dce9f2"
COAST_FILL = "#cfcbbf"
BORDER = "#ffffff"
INK = "#1b1b1b"
CHANGED = "#000000"
LINK_STYLE = {            # kind -> (colour, dash pattern in units, width in units)
    "land": ("#5b5b5b", None, 1.2),
    "sea": ("#1f5f8b", (5, 4), 1.6),
    "mountain": ("#6b4a2b", (1.5, 3), 1.8),
    "river": ("#2a7ab8", (8, 3), 1.6),
    "ford": ("#2a7ab8", (2, 2), 1.6),
}
CREDITS = {"japan": "Province boundaries: Asukana/Ryoseikoku_20230626_TSV, CC0 1.0"}
_PROJECTION = re.compile(
    r"x\s*=\s*\(\s*lon\s*-\s*(?P<lon0>-?[\d.]+)\s*\)\s*\*\s*cos\(\s*(?P<phi>-?[\d.]+)\s*deg\s*\)\s*\*\s*(?P<kx>[\d.]+)"
    r".*?y\s*=\s*(?P<neg>-?)\s*\(\s*lat\s*-\s*(?P<lat0>-?[\d.]+)\s*\)\s*\*\s*(?P<ky>[\d.]+)", re.S)
_NUMBER = re.compile(r"-?\d*\.?\d+(?:[eE][-+]?\d+)?")


@dataclass(frozen=True)
class MapGeometry:
    """Everything about a map's drawing that never changes from turn to turn."""

    view_box: tuple[float, float, float, float]
    unit: float                                    # one "pixel" when the map is 1000 units across
    outlines: Mapping[str, str]                    # province id -> SVG path data
    anchors: Mapping[str, tuple[float, float]]     # province id -> label point
    label_sizes: Mapping[str, float]
    coast: tuple[str, ...]                         # path data of land outside the provinces
    links: tuple[tuple[str, str, str], ...]        # (a, b, kind), sorted
    drawn_from: str                                # "outlines" or "cells"
    credit: str | None = None

    @property
    def decimals(self) -> int:
        return _decimals(self.unit)

    def fmt(self, value: float) -> str:
        return _fmt(value, self.decimals)


def _fmt(value: float, decimals: int = 1) -> str:
    text = f"{value:.{decimals}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def _decimals(unit: float) -> int:
    """Enough decimals for a tenth of a 'pixel' (a thousandth of the map's size)."""
    return max(1, math.ceil(-math.log10(unit * 0.1))) if unit > 0 else 1


# ---- geometry, once per build -----------------------------------------------------------------

def map_geometry(campaign) -> MapGeometry:
    game_map = campaign.map
    provinces = game_map.provinces
    outlines: dict[str, str] = {}
    view_box = None
    coast: tuple[str, ...] = ()
    if game_map.geometry and campaign.map_dir:
        data = json.loads((Path(campaign.map_dir) / game_map.geometry).read_text(encoding="utf-8"))
        outlines.update({pid: d for pid, d in data.get("paths", {}).items() if pid in provinces})
        if data.get("viewBox"):
            view_box = tuple(float(v) for v in str(data["viewBox"]).split())
        coast = _coast(Path(campaign.map_dir) / "extras.geojson", data.get("projection", ""))
    for pid, province in provinces.items():
        if pid not in outlines and province.path:
            outlines[pid] = province.path
    positions = _positions(provinces)
    missing = sorted(pid for pid in provinces if pid not in outlines)
    drawn_from = "outlines"
    if missing:
        drawn_from = "cells" if len(missing) == len(provinces) else "outlines"
        outlines.update(_cells(positions, missing))
    shapes = {pid: _bbox_area(d) for pid, d in outlines.items()}
    if view_box is None:
        view_box = _fit([shapes[pid][0] for pid in shapes] + [(x, y, x, y) for x, y in positions.values()])
    unit = max(view_box[2], view_box[3]) / 1000
    sizes = {}
    for pid in sorted(provinces):
        (bx0, _by0, bx1, _by1), area = shapes[pid]
        size = (min(20.0, max(11.5, math.sqrt(area) / unit / 6)) if area else 13.0) * unit
        if pid in missing:       # a grown cell: keep the label inside it, as the cells sit edge to edge
            size = max(8.0 * unit, min(size, 0.95 * (bx1 - bx0) / (0.58 * max(1, len(provinces[pid].name)))))
        sizes[pid] = size
    links = tuple(sorted((min(l.a, l.b), max(l.a, l.b), l.kind) for l in game_map.links))
    credit = None
    if campaign.map_dir is not None:
        folder = Path(campaign.map_dir).resolve()
        if folder.parent == BUNDLED_DIR.resolve():
            credit = CREDITS.get(folder.name)
    return MapGeometry(view_box, unit, dict(sorted(outlines.items())), positions, sizes, coast, links,
                       drawn_from, credit)


def _positions(provinces) -> dict[str, tuple[float, float]]:
    """Each province's `at`; provinces sharing a point (or lacking one) are spread on a grid."""
    seen: dict[tuple[float, float], list[str]] = {}
    for pid in sorted(provinces):
        seen.setdefault(tuple(provinces[pid].at), []).append(pid)
    if len(seen) == 1 and len(provinces) > 1:
        ids = sorted(provinces)
        columns = max(1, math.ceil(math.sqrt(len(ids))))
        return {pid: (float(i % columns), float(i // columns)) for i, pid in enumerate(ids)}
    points = {}
    for (x, y), ids in seen.items():
        for i, pid in enumerate(ids):
            angle = i * 2.39996
            step = 0.05 * math.sqrt(i)
            points[pid] = (x + step * math.cos(angle), y + step * math.sin(angle)) if i else (x, y)
    return points


def _cells(positions: dict[str, tuple[float, float]], wanted: list[str]) -> dict[str, str]:
    """Voronoi cells around every position, clipped to a buffer around their hull."""
    ids = sorted(positions)
    if len(ids) == 1:
        x, y = positions[ids[0]]
        return {ids[0]: _path(Point(x, y).buffer(0.5, quad_segs=8), 3)} if ids[0] in wanted else {}
    points = [Point(positions[pid]) for pid in ids]
    spacing = median(min(p.distance(q) for q in points if q is not p) for p in points) or 1.0
    land = MultiPoint(points).convex_hull.buffer(0.55 * spacing, quad_segs=8)
    x0, y0, x1, y1 = land.bounds
    decimals = _decimals(max(x1 - x0, y1 - y0) / 1000)
    cells = list(voronoi_diagram(MultiPoint(points), envelope=land.envelope.buffer(spacing)).geoms)
    tree = STRtree(cells)
    out = {}
    for pid, point in zip(ids, points):
        if pid not in wanted:
            continue
        found = [cells[i] for i in tree.query(point, predicate="intersects")]
        cell = found[0] if found else point.buffer(0.4 * spacing)
        out[pid] = _path(cell.intersection(land), decimals)
    return out


def _path(shape, decimals: int) -> str:
    polygons = [shape] if isinstance(shape, Polygon) else [g for g in getattr(shape, "geoms", []) if isinstance(g, Polygon)]
    parts = []
    for polygon in polygons:
        for ring in [polygon.exterior, *polygon.interiors]:
            coords = list(ring.coords)[:-1]
            parts.append("M" + "L".join(f"{_fmt(x, decimals)},{_fmt(y, decimals)}" for x, y in coords) + "Z")
    return "".join(parts)


def _bbox_area(d: str) -> tuple[tuple[float, float, float, float], float]:
    """Bounding box and (for M/L/Z paths) area of path data; area 0 when it cannot tell."""
    numbers = [float(n) for n in _NUMBER.findall(d)]
    xs, ys = numbers[0::2], numbers[1::2]
    if not xs or not ys:
        return (0.0, 0.0, 0.0, 0.0), 0.0
    box = (min(xs), min(ys), max(xs), max(ys))
    if re.search(r"[^MLZmlz0-9.,\s eE+-]", d) or re.search(r"[mlz]", d):
        return box, 0.0
    area = 0.0
    for ring in re.findall(r"M([^MZ]*)Z?", d):
        values = [float(n) for n in _NUMBER.findall(ring)]
        pts = list(zip(values[0::2], values[1::2]))
        area += abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]))) / 2
    return box, area


def _fit(boxes) -> tuple[float, float, float, float]:
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[2] for b in boxes)
    y1 = max(b[3] for b in boxes)
    pad = max(x1 - x0, y1 - y0, 1e-9) * 0.04
    return (x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad)


def _coast(path: Path, projection: str) -> tuple[str, ...]:
    """Outlines of the land outside the provinces, projected into the geometry file's frame."""
    match = _PROJECTION.search(projection.replace(" ", ""))
    if not path.is_file() or not match:
        return ()
    lon0, lat0 = float(match["lon0"]), float(match["lat0"])
    kx = math.cos(math.radians(float(match["phi"]))) * float(match["kx"])
    ky = float(match["ky"]) * (-1 if match["neg"] else 1)
    data = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for feature in sorted(data.get("features", []), key=lambda f: str(f.get("id", ""))):
        geometry = feature.get("geometry") or {}
        polygons = geometry.get("coordinates", [])
        if geometry.get("type") == "Polygon":
            polygons = [polygons]
        elif geometry.get("type") != "MultiPolygon":
            continue
        parts = []
        for polygon in polygons:
            for ring in polygon:
                parts.append("M" + "L".join(f"{(lon - lon0) * kx:.1f},{(lat - lat0) * ky:.1f}" for lon, lat in ring[:-1]) + "Z")
        out.append("".join(parts))
    return tuple(out)


# ---- painting, once per state -----------------------------------------------------------------

@dataclass(frozen=True)
class LegendItem:
    kind: str          # player | neutral | mark | changed | link
    label: str
    colour: str | None = None
    key: str | None = None


class MapPainter:
    """Paints a campaign's map for one state; the geometry and the static layers are shared."""

    def __init__(self, campaign, geometry: MapGeometry | None = None):
        self.campaign = campaign
        self.geometry = geometry or map_geometry(campaign)
        self._f = partial(_fmt, decimals=self.geometry.decimals)
        self._dwg = svgwrite.Drawing(debug=False)
        self._coast = self._coast_layer()
        self._links = self._link_layer()
        self._labels = self._label_layer()

    # static layers (built once, added to every drawing)

    def _u(self, n: float) -> float:
        """``n`` 'pixels' (thousandths of the map's size) in map units."""
        return n * self.geometry.unit

    def _w(self, n: float) -> str:
        return self._f(self._u(n))



    def _coast_layer(self):
        group = self._dwg.g(class_="coast", fill=COAST_FILL, stroke="#b3ae9f", stroke_width=self._w(0.6))
        for d in self.geometry.coast:
            group.add(self._dwg.path(d=d))
        return group

    def _link_layer(self):
        g = self.geometry
        group = self._dwg.g(class_="links", fill="none", stroke_linecap="round")
        for a, b, kind in g.links:
            if g.drawn_from == "outlines" and kind == "land":
                continue      # a shared border already shows a land link
            colour, dash, width = LINK_STYLE.get(kind, LINK_STYLE["land"])
            (x1, y1), (x2, y2) = g.anchors[a], g.anchors[b]
            line = self._dwg.line((self._f(x1), self._f(y1)), (self._f(x2), self._f(y2)), class_=f"link link-{kind}",
                                  stroke=colour, stroke_width=self._w(width), opacity="0.85")
            if dash:
                line["stroke-dasharray"] = ",".join(self._w(v) for v in dash)
            line.set_desc(title=f"{self.campaign.name_of(a)} – {self.campaign.name_of(b)}: {kind} link")
            group.add(line)
        return group

    def _label_layer(self):
        group = self._dwg.g(class_="labels", fill=INK, stroke="#ffffff", stroke_width=self._w(2.6),
                            stroke_linejoin="round", text_anchor="middle", font_family="system-ui, sans-serif",
                            font_weight="600", style="paint-order:stroke", pointer_events="none")
        group["aria-hidden"] = "true"
        for pid, (x, y, size) in sorted(self._label_places().items()):
            group.add(self._dwg.text(self.campaign.name_of(pid), insert=(self._f(x), self._f(y)),
                                     font_size=self._f(size), class_="label"))
        return group

    def _label_places(self) -> dict[str, tuple[float, float, float]]:
        """Baseline point and size of each label, nudged or shrunk to keep clear of the others."""
        g = self.geometry
        placed: list[tuple[float, float, float, float]] = []
        out = {}
        order = sorted(self.campaign.map.provinces, key=lambda pid: (-g.label_sizes[pid], pid))

        def box(x, base, size, text):
            w = 0.58 * size * len(text)
            return (x - w / 2, base - 0.78 * size, x + w / 2, base + 0.22 * size)

        def clear(b):
            return all(b[2] <= p[0] or b[0] >= p[2] or b[3] <= p[1] or b[1] >= p[3] for p in placed)

        for pid in order:
            x, y = g.anchors[pid]
            text = self.campaign.name_of(pid)
            size = g.label_sizes[pid]
            choice = None
            for scale in (1.0, 0.85, 0.75, 0.65):
                s = size * scale
                for dy in (0.9, 1.9, -0.6, 2.8, -1.5):
                    b = box(x, y + dy * s, s, text)
                    if clear(b):
                        choice = (x, y + dy * s, s)
                        break
                if choice:
                    break
            if choice is None:
                choice = (x, y + 0.9 * size, size)
            placed.append(box(choice[0], choice[1], choice[2], text))
            out[pid] = choice
        return out

    # one state

    def svg(self, summary, *, changed: Mapping[str, tuple] | None = None, title: str = "",
            standalone: bool = False, href=None) -> str:
        """The map for ``summary`` as SVG text; ``changed`` maps province -> (old owner, new owner);
        ``href(province_id)``, if given, makes each province a link."""
        g = self.geometry
        changed = changed or {}
        x, y, w, h = g.view_box
        legend = self.legend(summary, changed) if standalone else []
        legend_height = self._u(30) * math.ceil(len(legend) / 3) if legend else 0
        dwg = svgwrite.Drawing(debug=False, size=(self._f(w), self._f(h + legend_height)) if standalone else ("100%", "100%"))
        dwg["viewBox"] = " ".join(self._f(v) for v in (x, y, w, h + legend_height))
        dwg["class"] = "map"
        dwg["role"] = "img"
        if not standalone:
            del dwg.attribs["width"], dwg.attribs["height"]
        dwg.set_desc(title=title or self.campaign.title)
        dwg.add(dwg.rect((self._f(x), self._f(y)), (self._f(w), self._f(h + legend_height)), fill=SEA_FILL, class_="sea"))
        dwg.add(self._coast)
        dwg.add(self._provinces(dwg, summary, changed, href))
        if changed:
            dwg.add(self._changed(dwg, changed))
        dwg.add(self._links)
        dwg.add(self._marks(dwg, summary))
        dwg.add(self._labels)
        if summary.pieces:
            dwg.add(self._pieces(dwg, summary))
        if legend:
            dwg.add(self._legend(dwg, legend, y + h))
        text = dwg.tostring()
        if standalone:
            return '<?xml version="1.0" encoding="utf-8"?>\n' + text + "\n"
        return text

    def _colour(self, owner) -> str:
        return self.campaign.player(owner).colour if owner else NEUTRAL_FILL

    def _provinces(self, dwg, summary, changed, href=None):
        g = self.geometry
        group = dwg.g(class_="provinces", stroke=BORDER, stroke_width=self._w(0.9), stroke_linejoin="round")
        name = self.campaign.name_of
        for pid in sorted(self.campaign.map.provinces):
            owner = summary.owners.get(pid)
            classes = ["province", f"owner-{owner}" if owner else "neutral"]
            if pid in changed:
                classes.append("changed")
            path = dwg.path(d=g.outlines[pid], id=f"province-{pid}", class_=" ".join(classes),
                            fill=self._colour(owner), fill_rule="evenodd")
            path["data-owner"] = owner or ""
            tip = f"{name(pid)}: " + (f"held by {name(owner)}" if owner else "neutral")
            marks = summary.marks.get(pid, ())
            if marks:
                tip += " (" + ", ".join(marks) + ")"
            if pid in changed:
                before, _after = changed[pid]
                tip += f"; changed hands this turn (before: {name(before) if before else 'neutral'})"
            path.set_desc(title=tip)
            if href is None:
                group.add(path)
            else:
                link = dwg.a(href(pid), target=None)
                link.add(path)
                group.add(link)
        return group

    def _changed(self, dwg, changed):
        group = dwg.g(class_="changed-outlines", fill="none", stroke=CHANGED, stroke_width=self._w(2.6),
                      stroke_linejoin="round", stroke_dasharray=f"{self._w(5)},{self._w(3)}",
                      pointer_events="none")
        group["aria-hidden"] = "true"
        for pid in sorted(changed):
            group.add(dwg.path(d=self.geometry.outlines[pid], class_="changed-outline"))
        return group

    def _marks(self, dwg, summary):
        g = self.geometry
        group = dwg.g(class_="marks", stroke="#ffffff", stroke_width=self._w(1.2), stroke_linejoin="round")
        for pid in sorted(summary.marks):
            if pid not in g.anchors:
                continue
            x, y = g.anchors[pid]
            for i, mark in enumerate(sorted(summary.marks[pid])):
                cx = x + (i - (len(summary.marks[pid]) - 1) / 2) * self._u(17)
                shape = _mark_shape(dwg, mark, cx, y - self._u(6), self._u(8.5), self._f)
                shape["class"] = f"mark mark-{mark}"
                shape.set_desc(title=f"{mark} of {self.campaign.name_of(summary.owners.get(pid)) if summary.owners.get(pid) else 'no one'}: {self.campaign.name_of(pid)}")
                group.add(shape)
        return group

    def _pieces(self, dwg, summary):
        g = self.geometry
        group = dwg.g(class_="pieces", font_family="system-ui, sans-serif", text_anchor="middle")
        by_province: dict[str, list] = {}
        for piece in summary.pieces:
            by_province.setdefault(piece.province, []).append(piece)
        for pid in sorted(by_province):
            if pid not in g.anchors:
                continue
            x, y = g.anchors[pid]
            pieces = sorted(by_province[pid], key=lambda p: (p.player or "", p.label, p.strength or 0))
            for i, piece in enumerate(pieces):
                px = x + self._u(16) + i * self._u(18)
                py = y - self._u(12)
                badge = dwg.g(class_="piece" + (f" owner-{piece.player}" if piece.player else "") +
                              (f" {piece.status}" if piece.status else ""))
                badge.set_desc(title=f"{piece.label}" + (f" ({piece.strength})" if piece.strength is not None else "") +
                               (f" of {self.campaign.name_of(piece.player)}" if piece.player else "") +
                               f" in {self.campaign.name_of(pid)}" + (f", {piece.status}" if piece.status else ""))
                badge.add(dwg.rect((self._f(px - self._u(8)), self._f(py - self._u(8))), (self._w(16), self._w(16)),
                                   rx=self._w(3), fill=self._colour(piece.player), stroke=INK,
                                   stroke_width=self._w(1)))
                text = str(piece.strength) if piece.strength is not None else piece.label[:1].upper()
                badge.add(dwg.text(text, insert=(self._f(px), self._f(py + self._u(4))), font_size=self._w(11),
                                   fill="#ffffff", stroke=INK, stroke_width=self._w(2), style="paint-order:stroke",
                                   font_weight="700"))
                group.add(badge)
        return group

    def legend(self, summary, changed=None) -> list[LegendItem]:
        """What the map's colours and symbols mean, for the page or the SVG's own legend."""
        items = [LegendItem("player", p.name, p.colour, p.id) for p in self.campaign.players]
        items.append(LegendItem("neutral", "Neutral", NEUTRAL_FILL, "neutral"))
        for mark in sorted({m for marks in summary.marks.values() for m in marks}):
            items.append(LegendItem("mark", mark.replace("_", " ").capitalize(), None, mark))
        kinds = sorted({kind for _a, _b, kind in self.geometry.links
                        if not (kind == "land" and self.geometry.drawn_from == "outlines")})
        for kind in kinds:
            items.append(LegendItem("link", f"{kind.capitalize()} link", LINK_STYLE.get(kind, LINK_STYLE["land"])[0], kind))
        if changed:
            items.append(LegendItem("changed", "Changed hands this turn", CHANGED, "changed"))
        return items

    def _legend(self, dwg, items, top):
        g = self.geometry
        x0, _y, w, _h = g.view_box
        group = dwg.g(class_="legend", font_family="system-ui, sans-serif", font_size=self._w(14), fill=INK)
        column = w / 3
        for i, item in enumerate(items):
            cx = x0 + self._u(12) + (i % 3) * column
            cy = top + self._u(8) + (i // 3) * self._u(30)
            size = self._u(14)
            if item.kind in ("player", "neutral"):
                group.add(dwg.rect((self._f(cx), self._f(cy)), (self._f(size), self._f(size)), fill=item.colour, stroke=INK,
                                   stroke_width=self._w(0.6)))
            elif item.kind == "mark":
                group.add(_mark_shape(dwg, item.key, cx + size / 2, cy + size / 2, size / 2, self._f))
            elif item.kind == "changed":
                group.add(dwg.rect((self._f(cx), self._f(cy)), (self._f(size), self._f(size)), fill="none", stroke=CHANGED,
                                   stroke_width=self._w(2), stroke_dasharray=f"{self._w(4)},{self._w(2)}"))
            else:
                colour, dash, width = LINK_STYLE.get(item.key, LINK_STYLE["land"])
                line = dwg.line((self._f(cx), self._f(cy + size / 2)), (self._f(cx + size * 1.5), self._f(cy + size / 2)),
                                stroke=colour, stroke_width=self._w(width))
                if dash:
                    line["stroke-dasharray"] = ",".join(self._w(v) for v in dash)
                group.add(line)
            group.add(dwg.text(item.label, insert=(self._f(cx + size * 1.8), self._f(cy + size * 0.85))))
        return group


def _mark_shape(dwg, mark: str, x: float, y: float, r: float, f=_fmt):
    """A capital is a star, a fortress a square tower, anything else a diamond."""
    if mark == "capital":
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = math.pi / 2 + i * math.pi / 5
            points.append((f(x + radius * math.cos(angle)), f(y - radius * math.sin(angle))))
        return dwg.polygon(points, fill="#000000")
    if mark == "fortress":
        return dwg.rect((f(x - r * 0.8), f(y - r * 0.8)), (f(r * 1.6), f(r * 1.6)), fill="#3d3d3d")
    return dwg.polygon([(f(x), f(y - r)), (f(x + r), f(y)), (f(x), f(y + r)), (f(x - r), f(y))],
                       fill="#5a3e8a")
