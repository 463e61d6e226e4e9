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
import unicodedata
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from statistics import median
from typing import Mapping

import numpy as np
import shapely
import svgwrite
from shapely.geometry import MultiPoint, Point, Polygon, box as shapely_box
from shapely.ops import voronoi_diagram
from shapely.strtree import STRtree

from ..i18n import N_, gettext as _, tr
from ..maps import BUNDLED_DIR

NEUTRAL_FILL = "#e4e0d4"
SEA_FILL = "#dce9f2"
COAST_FILL = "#cfcbbf"
BORDER = "#ffffff"
INK = "#1b1b1b"
CHANGED = "#000000"
CASTLE = "#3d3d3d"
KYOTO = "#f0c419"
LINK_STYLE = {            # kind -> (colour, dash pattern in units, width in units)
    "land": ("#5b5b5b", None, 1.2),
    "sea": ("#1f5f8b", (5, 4), 1.6),
    "mountain": ("#6b4a2b", (1.5, 3), 1.8),
    "river": ("#2a7ab8", (8, 3), 1.6),
    "ford": ("#2a7ab8", (2, 2), 1.6),
}
#: the names of the marks and kinds of link that rulesets and maps use, for translation
MARK_NAMES = {"capital": N_("capital"), "fortress": N_("fortress"), "kyoto": N_("Kyoto"), "library": N_("library")}
LINK_LABELS = {"land": N_("Land link"), "sea": N_("Sea link"), "mountain": N_("Mountain link"),
               "river": N_("River link"), "ford": N_("Ford link")}


def mark_name(mark: str) -> str:
    """A map mark (capital, fortress...) as a reader calls it, in the language in force."""
    return tr(MARK_NAMES.get(mark, mark.replace("_", " ")))


def link_label(kind: str) -> str:
    """A kind of link (sea, river...) as the legend names it, in the language in force."""
    return tr(LINK_LABELS[kind]) if kind in LINK_LABELS else _("%(kind)s link", kind=kind.replace("_", " ").capitalize())


CREDITS = {"japan": N_("Province boundaries: %(source)s", source="Asukana/Ryoseikoku_20230626_TSV, CC0 1.0")}
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
            size = max(8.0 * unit, min(size, 0.95 * (bx1 - bx0) / max(0.6, text_width(provinces[pid].name))))
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

    def __init__(self, campaign, geometry: MapGeometry | None = None, marked: Mapping[str, int] | None = None):
        """``marked``: province -> the most marks it carries in any state to be drawn (capitals,
        fortresses, Kyoto); the labels keep clear of them. Without it, of the players' capitals."""
        self.campaign = campaign
        self.geometry = geometry or map_geometry(campaign)
        self._f = partial(_fmt, decimals=self.geometry.decimals)
        self._dwg = svgwrite.Drawing(debug=False)
        self._coast = self._coast_layer()
        self._links = self._link_layer()
        self._shapes = _shapes(self.geometry.outlines)
        if marked is None:
            marked = {p.capital: 1 for p in campaign.players if getattr(p, "capital", None)}
        self.marked = {pid: n for pid, n in marked.items() if n and pid in self.geometry.anchors}
        self._places = self._label_places()
        #: provinces whose name found no clear place on the map: their name is in the tooltip only
        self.unlabelled = tuple(sorted(pid for pid in campaign.map.provinces if pid not in self._places))
        self._label_boxes = tuple(_label_box(x, y, size, self.campaign.name_of(pid))
                                  for pid, (x, y, size) in sorted(self._places.items()))
        self._labels = self._label_layer()
        self._piece_cache: dict = {}

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
            line.set_desc(title=f"{self.campaign.name_of(a)} – {self.campaign.name_of(b)}: {link_label(kind).lower()}")
            group.add(line)
        return group

    def _label_layer(self):
        group = self._dwg.g(class_="labels", fill=INK, stroke="#ffffff", stroke_width=self._w(2.6),
                            stroke_linejoin="round", text_anchor="middle", font_family="system-ui, sans-serif",
                            font_weight="600", style="paint-order:stroke", pointer_events="none")
        group["aria-hidden"] = "true"
        for pid, (x, y, size) in sorted(self._places.items()):
            group.add(self._dwg.text(self.campaign.name_of(pid), insert=(self._f(x), self._f(y)),
                                     font_size=self._f(size), class_="label"))
        return group

    def _mark_zone(self, pid: str, count: int) -> tuple[float, float, float, float]:
        """The box that ``count`` marks of province ``pid`` take (see :meth:`_marks`)."""
        x, y = self.geometry.anchors[pid]
        half = self._u((count - 1) / 2 * 17 + 9.5)
        return (x - half, y - self._u(15.5), x + half, y + self._u(3.5))

    def _label_places(self) -> dict[str, tuple[float, float, float]]:
        """Centre, baseline and size of each province's name, placed clear of every other name
        and of the marks.

        The names of the provinces with the least room for them are placed first. Places on a
        grid around the province are tried, at full size and then a little smaller; each costs
        its distance from the first choice (centred just under the province's marks), how much
        of it lies outside the province and whether it covers another province's centre. A name
        that finds no clear place is left out (:attr:`unlabelled`): the province's tooltip and
        the province list still name it.
        """
        g = self.geometry
        u = self._u
        vx, vy, vw, vh = g.view_box
        pad = u(1.6)                     # the white halo around the letters, and a little air
        names = {pid: self.campaign.name_of(pid) for pid in self.campaign.map.provinces}
        zones = [self._mark_zone(pid, n) for pid, n in sorted(self.marked.items())]
        anchors = np.array([g.anchors[pid] for pid in sorted(g.anchors)]) if g.anchors else np.zeros((0, 2))
        anchor_ids = sorted(g.anchors)

        def room(pid):
            _box, area = _bbox_area(g.outlines[pid])
            return text_width(names[pid]) * g.label_sizes[pid] / max(math.sqrt(area), u(1))
        order = sorted(self.campaign.map.provinces, key=lambda pid: (-room(pid), pid))
        placed: list[tuple[float, float, float, float]] = []
        out: dict[str, tuple[float, float, float]] = {}
        step = u(2.5)
        for pid in order:
            x, y = g.anchors[pid]
            text = names[pid]
            shape = self._shapes.get(pid)
            for scale in (1.0, 0.9):
                s = g.label_sizes[pid] * scale
                w = text_width(text) * s
                first = y + (u(3.5) + 0.78 * s if pid in self.marked else 0.45 * s)
                reach_x = int((w / 2 + u(26)) / step)
                reach_y = int(u(34) / step)
                jj, ii = np.meshgrid(np.arange(-reach_y, reach_y + 1), np.arange(-reach_x, reach_x + 1), indexing="ij")
                ii, jj = ii.ravel(), jj.ravel()
                cx, base = x + ii * step, first + jj * step
                boxes = np.stack([cx - w / 2 - pad, base - 0.78 * s - pad, cx + w / 2 + pad, base + 0.22 * s + pad], axis=1)
                ok = ((boxes[:, 0] >= vx) & (boxes[:, 2] <= vx + vw) & (boxes[:, 1] >= vy) & (boxes[:, 3] <= vy + vh))
                others = np.array(placed + zones) if placed or zones else np.zeros((0, 4))
                if len(others):
                    hit = ((boxes[:, None, 0] < others[None, :, 2]) & (boxes[:, None, 2] > others[None, :, 0]) &
                           (boxes[:, None, 1] < others[None, :, 3]) & (boxes[:, None, 3] > others[None, :, 1]))
                    ok &= ~hit.any(axis=1)
                if not ok.any():
                    continue
                cost = np.hypot(ii * step, jj * step) / u(1)
                if len(anchors):          # sitting on another province's centre misleads the eye
                    inside = ((anchors[None, :, 0] > boxes[:, None, 0]) & (anchors[None, :, 0] < boxes[:, None, 2]) &
                              (anchors[None, :, 1] > boxes[:, None, 1]) & (anchors[None, :, 1] < boxes[:, None, 3]))
                    inside[:, anchor_ids.index(pid)] = False
                    cost = cost + 25 * inside.sum(axis=1)
                best = np.array([k for k in np.argsort(cost, kind="stable") if ok[k]][:30])
                penalty = cost[best] + (0 if scale == 1.0 else 8)
                if shape is not None:     # the best few, also by how much of them lies outside the province
                    cells = shapely.box(*boxes[best].T)
                    penalty = penalty + 30 * (1 - shapely.area(shapely.intersection(shape, cells)) / shapely.area(cells))
                scored = sorted((round(float(c), 9), int(k)) for c, k in zip(penalty, best))
                k = scored[0][1]
                placed.append(tuple(float(v) for v in boxes[k]))
                out[pid] = (float(cx[k]), float(base[k]), s)
                break
        return out

    #: how tall (in CSS pixels) the usual province name should stand on a phone's map
    READABLE_LABEL_PX = 10.5

    def readable_width(self) -> int:
        """The width in CSS pixels at which the map's usual province names are readable: a phone
        shows the map that wide, in a frame that scrolls."""
        sizes = sorted(size for _x, _y, size in self._places.values()) or [self.geometry.unit * 12]
        typical = sizes[len(sizes) // 2]
        _x, _y, w, _h = self.geometry.view_box
        return int(min(1600, math.ceil(self.READABLE_LABEL_PX * w / typical)))

    def focus(self, provinces=()) -> tuple[float, float]:
        """Where a phone's frame first looks: the middle of ``provinces`` (e.g. those that changed
        hands), else of every province, in percent of the map's width and height."""
        g = self.geometry
        points = [g.anchors[p] for p in provinces if p in g.anchors] or list(g.anchors.values())
        x0, y0, w, h = g.view_box
        if not points or not w or not h:
            return (50.0, 50.0)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        return (round(100 * (cx - x0) / w, 1), round(100 * (cy - y0) / h, 1))

    # one state

    def svg(self, summary, *, changed: Mapping[str, tuple] | None = None, title: str = "",
            standalone: bool = False, href=None, focus: str | None = None, ids: bool = True) -> str:
        """The map for ``summary`` as SVG text; ``changed`` maps province -> (old owner, new owner);
        ``href(province_id)``, if given, makes each province a link. ``focus`` frames one province
        and its surroundings (outlined); ``ids=False`` leaves out the element ids, so that several
        maps can share a page."""
        g = self.geometry
        changed = changed or {}
        x, y, w, h = self.frame(focus) if focus else g.view_box
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
        dwg.add(self._provinces(dwg, summary, changed, href, ids))
        if changed:
            dwg.add(self._changed(dwg, changed))
        dwg.add(self._links)
        if focus:
            outline = dwg.g(class_="focus", fill="none", stroke_linejoin="round")
            outline.add(dwg.path(d=g.outlines[focus], stroke="#ffffff", stroke_width=self._w(6)))
            outline.add(dwg.path(d=g.outlines[focus], stroke=INK, stroke_width=self._w(3)))
            dwg.add(outline)
        dwg.add(self._marks(dwg, summary))
        dwg.add(self._labels)
        if summary.pieces:
            dwg.add(self._piece_layer(dwg, summary, ids))
        if legend:
            dwg.add(self._legend(dwg, legend, y + h))
        text = dwg.tostring()
        if standalone:
            return '<?xml version="1.0" encoding="utf-8"?>\n' + text + "\n"
        return text

    def _colour(self, owner) -> str:
        return self.campaign.player(owner).colour if owner else NEUTRAL_FILL

    def frame(self, pid: str) -> tuple[float, float, float, float]:
        """A square view box around province ``pid`` and its neighbours' near parts."""
        (x0, y0, x1, y1), _area = _bbox_area(self.geometry.outlines[pid])
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        half = max(x1 - x0, y1 - y0) / 2 + self._u(55)
        return (cx - half, cy - half, 2 * half, 2 * half)

    def _provinces(self, dwg, summary, changed, href=None, ids=True):
        g = self.geometry
        group = dwg.g(class_="provinces", stroke=BORDER, stroke_width=self._w(0.9), stroke_linejoin="round")
        name = self.campaign.name_of
        for pid in sorted(self.campaign.map.provinces):
            owner = summary.owners.get(pid)
            classes = ["province", f"owner-{owner}" if owner else "neutral"]
            if pid in changed:
                classes.append("changed")
            path = dwg.path(d=g.outlines[pid], class_=" ".join(classes), fill=self._colour(owner), fill_rule="evenodd")
            if ids:
                path["id"] = f"province-{pid}"
            path["data-owner"] = owner or ""
            tip = f"{name(pid)}: " + (_("held by %(owner)s", owner=name(owner)) if owner else _("neutral"))
            marks = summary.marks.get(pid, ())
            if marks:
                tip += " (" + ", ".join(mark_name(m) for m in marks) + ")"
            if pid in changed:
                before, _after = changed[pid]
                tip += "; " + _("changed hands this turn (before: %(owner)s)",
                                owner=name(before) if before else _("neutral"))
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
                shape.set_desc(title=_("%(mark)s of %(owner)s: %(province)s", mark=mark_name(mark),
                                       owner=self.campaign.name_of(summary.owners.get(pid)),
                                       province=self.campaign.name_of(pid)))
                group.add(shape)
        return group

    # armies and other pieces: a counter per piece in its owner's colour, with its strength

    COUNTER_W, COUNTER_H, COUNTER_GAP, PER_ROW = 24.0, 19.0, 2.5, 3

    def _piece_layer(self, dwg, summary, ids=True):
        """The counters of ``summary``, placed once and shared by every drawing of that summary (the
        page's map and the map.svg beside it)."""
        key = (id(summary), ids)
        kept = self._piece_cache.get(key)
        if kept is None or kept[0] is not summary:
            kept = (summary, self._pieces(dwg, summary, ids))
            self._piece_cache[key] = kept
        return kept[1]

    def _pieces(self, dwg, summary, ids=True):
        """A counter per piece (an army): its owner's colour, its strength in figures, a castle wall
        around it when it is besieged. The counters of one province stand in rows next to its
        marks, placed clear of the labels, the marks and the other provinces' counters (a thin
        leader line joins counters pushed further away to their province)."""
        g = self.geometry
        group = dwg.g(class_="pieces", font_family="system-ui, sans-serif", text_anchor="middle")
        by_province: dict[str, list] = {}
        for piece in summary.pieces:
            if piece.province in g.anchors:
                by_province.setdefault(piece.province, []).append(piece)
        labels = dict(zip(sorted(self._places), self._label_boxes))
        marks = self._mark_boxes(summary)
        placed: list[tuple[float, float, float, float]] = []
        # the most crowded provinces are placed first, then in a fixed order
        for pid in sorted(by_province, key=lambda p: (-len(by_province[p]), p)):
            pieces = sorted(by_province[pid], key=lambda p: (p.status != "besieged", p.player or "", p.label))
            x, y = g.anchors[pid]
            rows = [pieces[i:i + self.PER_ROW] for i in range(0, len(pieces), self.PER_ROW)]
            width = max(len(r) for r in rows) * self._u(self.COUNTER_W + self.COUNTER_GAP) - self._u(self.COUNTER_GAP)
            height = len(rows) * self._u(self.COUNTER_H + self.COUNTER_GAP) - self._u(self.COUNTER_GAP)
            obstacles = ([(b, 8.0 if other == pid else 5.0) for other, b in labels.items()] + [(b, 20.0) for b in marks] +
                         [(b, 100.0) for b in placed])
            left, top, far = self._place_counters(x, y, width, height, bool(summary.marks.get(pid)), obstacles,
                                                  self._shapes.get(pid))
            pad = self._u(4.5)
            placed.append((left - pad, top - pad, left + width + pad, top + height + pad))
            stack = dwg.g(class_="stack")
            if ids:
                stack["id"] = f"stack-{pid}"
            if far:
                cx, cy = min(max(x, left), left + width), min(max(y, top), top + height)
                leader = dwg.line((self._f(x), self._f(y)), (self._f(cx), self._f(cy)), class_="leader", stroke=INK,
                                  stroke_width=self._w(1.2))
                stack.add(leader)
                stack.add(dwg.circle((self._f(x), self._f(y)), r=self._w(2.2), fill=INK, class_="leader"))
            for r, row in enumerate(rows):
                row_left = left + (width - len(row) * self._u(self.COUNTER_W + self.COUNTER_GAP) + self._u(self.COUNTER_GAP)) / 2
                for i, piece in enumerate(row):
                    px = row_left + i * self._u(self.COUNTER_W + self.COUNTER_GAP)
                    py = top + r * self._u(self.COUNTER_H + self.COUNTER_GAP)
                    stack.add(self._counter(dwg, piece, px, py, pid))
            group.add(stack)
        return group

    def _counter(self, dwg, piece, left, top, pid):
        w, h = self._u(self.COUNTER_W), self._u(self.COUNTER_H)
        f = self._f
        badge = dwg.g(class_="piece" + (f" owner-{piece.player}" if piece.player else "") +
                      (f" {piece.status}" if piece.status else ""))
        if pid:
            what = f"{piece.label}" + (f" ({piece.strength})" if piece.strength is not None else "")
            where = self.campaign.name_of(pid)
            tip = (_("%(piece)s of %(owner)s in %(province)s", piece=what, owner=self.campaign.name_of(piece.player),
                     province=where) if piece.player else _("%(piece)s in %(province)s", piece=what, province=where))
            badge.set_desc(title=tip + (f", {tr(piece.status)}" if piece.status else ""))
        if piece.status == "besieged":
            # a castle wall around the counter: a dark frame with three merlons on top
            o = self._u(3.2)
            m = self._u(4.2)
            wall = dwg.g(class_="siege-wall", fill=CASTLE, stroke="#ffffff", stroke_width=self._w(1))
            wall.add(dwg.rect((f(left - o), f(top - o)), (f(w + 2 * o), f(h + 2 * o)), rx=self._w(1)))
            for k in range(3):
                mx = left - o + k * (w + 2 * o - m) / 2
                wall.add(dwg.rect((f(mx), f(top - o - m * 0.8)), (f(m), f(m * 0.8 + self._u(1))), stroke="none"))
            badge.add(wall)
        colour = self._colour(piece.player)
        badge.add(dwg.rect((f(left), f(top)), (f(w), f(h)), rx=self._w(3), fill=colour, stroke=INK,
                           stroke_width=self._w(1.3), class_="counter"))
        # a white band along the top, as a flag hangs from its pole: tells counters from provinces
        badge.add(dwg.rect((f(left + self._u(1.5)), f(top + self._u(1.5))), (f(w - self._u(3)), f(self._u(2.2))),
                           fill="#ffffff", opacity="0.75"))
        text = str(piece.strength) if piece.strength is not None else piece.label[:1].upper()
        badge.add(dwg.text(text, insert=(f(left + w / 2), f(top + h * 0.5 + self._u(6.2))), font_size=self._w(15.5),
                           fill=_text_on(colour), font_weight="700", text_anchor="middle", class_="strength"))
        return badge

    def _mark_boxes(self, summary) -> list[tuple[float, float, float, float]]:
        g = self.geometry
        boxes = []
        for pid, marks in summary.marks.items():
            if pid in g.anchors and marks:
                x, y = g.anchors[pid]
                half = (len(marks) - 1) / 2 * self._u(17) + self._u(9.5)
                boxes.append((x - half, y - self._u(16), x + half, y + self._u(4)))
        return boxes

    def _place_counters(self, x, y, width, height, marked, obstacles, shape=None):
        """Top-left corner of a block of counters for a province at (x, y), and whether it stands
        away from its province (then a leader line joins them). Places on a grid around the
        province are tried; each costs its distance from the first choice (just above the
        province's marks), what it covers (other counters most, then marks, then labels) and how
        much of it lies outside the province's own outline."""
        u = self._u
        home = (x, y - (u(18) if marked else u(5)) - height / 2)
        reach = max(width, height) / 2 + u(60)
        near = [(b, w) for b, w in obstacles
                if b[0] < x + reach and b[2] > x - reach and b[1] < y + reach and b[3] > y - reach]
        area = u(1) ** 2
        step = u(5)
        fine = (u(18) if marked else u(5)) + u(8)          # further than this from the province: a leader line
        jj, ii = np.meshgrid(np.arange(-12, 9), np.arange(-10, 11), indexing="ij")
        jj, ii = jj.ravel(), ii.ravel()
        cx, cy = home[0] + ii * step, home[1] + jj * step
        x0, y0, x1, y1 = cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2
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
        scored = [(round(float(cost[k]), 6), int(jj[k]), int(ii[k]),
                   (float(x0[k]), float(y0[k]), float(x1[k]), float(y1[k])), bool(far[k])) for k in range(len(cx))]
        scored.sort(key=lambda c: c[:3])
        if shape is not None:       # the best few, also by how much of them lies outside the province
            block = width * height
            rescored = []
            for cost, j, i, box, far in scored[:40]:
                inside = shape.intersection(shapely_box(*box)).area if shape.intersects(shapely_box(*box)) else 0.0
                rescored.append((cost + 0.4 * (block - inside) / area, j, i, box, far))
            scored = sorted(rescored, key=lambda c: c[:3])
        _cost, _j, _i, box, far = scored[0]
        return box[0], box[1], far

    def legend(self, summary, changed=None) -> list[LegendItem]:
        """What the map's colours and symbols mean, for the page or the SVG's own legend."""
        items = [LegendItem("player", p.name, p.colour, p.id) for p in self.campaign.players]
        items.append(LegendItem("neutral", _("Neutral"), NEUTRAL_FILL, "neutral"))
        for mark in sorted({m for marks in summary.marks.values() for m in marks}):
            items.append(LegendItem("mark", mark_name(mark).capitalize(), None, mark))
        kinds = sorted({kind for _a, _b, kind in self.geometry.links
                        if not (kind == "land" and self.geometry.drawn_from == "outlines")})
        for kind in kinds:
            items.append(LegendItem("link", link_label(kind), LINK_STYLE.get(kind, LINK_STYLE["land"])[0], kind))
        if changed:
            items.append(LegendItem("changed", _("Changed hands this turn"), CHANGED, "changed"))
        if summary.pieces:
            strong = any(p.strength is not None for p in summary.pieces)
            items.append(LegendItem("piece", _("Army and its strength") if strong else _("Army"), None, "piece"))
            if any(p.status == "besieged" for p in summary.pieces):
                items.append(LegendItem("piece", _("Besieged army (in its castle)"), None, "besieged"))
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
            elif item.kind == "piece":
                from ..rules import Piece
                sample = Piece("", None, "army", 12, "besieged" if item.key == "besieged" else None)
                scale = size / self._u(self.COUNTER_H)
                counter = self._counter(dwg, sample, 0, 0, "")
                counter["transform"] = f"translate({self._f(cx)} {self._f(cy)}) scale({scale:.3f})"
                group.add(counter)
            else:
                colour, dash, width = LINK_STYLE.get(item.key, LINK_STYLE["land"])
                line = dwg.line((self._f(cx), self._f(cy + size / 2)), (self._f(cx + size * 1.5), self._f(cy + size / 2)),
                                stroke=colour, stroke_width=self._w(width))
                if dash:
                    line["stroke-dasharray"] = ",".join(self._w(v) for v in dash)
                group.add(line)
            group.add(dwg.text(item.label, insert=(self._f(cx + size * 1.8), self._f(cy + size * 0.85))))
        return group


def _shapes(outlines: Mapping[str, str]) -> dict:
    """Province outlines as shapely polygons (only for straight-line paths: M, L and Z)."""
    out = {}
    for pid, d in outlines.items():
        if re.search(r"[^MLZ0-9.,\s eE+-]", d):
            continue
        rings = []
        for ring in re.findall(r"M([^MZ]*)Z?", d):
            values = [float(n) for n in _NUMBER.findall(ring)]
            points = list(zip(values[0::2], values[1::2]))
            if len(points) >= 3:
                rings.append(Polygon(points).buffer(0))
        if rings:
            shape = rings[0]
            for ring in rings[1:]:
                shape = shape.symmetric_difference(ring)
            out[pid] = shape
    return out


#: advance widths (in em) of DejaVu Sans Bold, the widest of the usual system sans-serif faces at
#: weight 600, so that a name measured here is never wider on screen
_WIDTHS = dict(zip(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ()-'.,&0123456789",
    (0.67, 0.72, 0.59, 0.72, 0.68, 0.44, 0.72, 0.71, 0.34, 0.34, 0.67, 0.34, 1.04, 0.71, 0.69, 0.72, 0.72, 0.49, 0.6,
     0.48, 0.71, 0.65, 0.92, 0.65, 0.65, 0.58,
     0.77, 0.76, 0.73, 0.83, 0.68, 0.68, 0.82, 0.84, 0.37, 0.37, 0.77, 0.64, 1.0, 0.84, 0.85, 0.73, 0.85, 0.77, 0.72,
     0.68, 0.81, 0.77, 1.1, 0.77, 0.72, 0.73,
     0.35, 0.46, 0.46, 0.42, 0.31, 0.38, 0.38, 0.87) + (0.7,) * 10))


def text_width(text: str) -> float:
    """The width of ``text`` in em, at the labels' weight (a CJK character counts one em)."""
    total = 0.0
    for char in text:
        width = _WIDTHS.get(char)
        if width is None:
            base = unicodedata.normalize("NFD", char)[:1]
            width = _WIDTHS.get(base, 1.0 if unicodedata.east_asian_width(char) in ("W", "F") else 0.72)
        total += width
    return total


def _label_box(x: float, base: float, size: float, text: str) -> tuple[float, float, float, float]:
    """The box a label of ``size`` takes, centred on ``x`` with its baseline at ``base``."""
    w = text_width(text) * size
    return (x - w / 2, base - 0.78 * size, x + w / 2, base + 0.22 * size)


def _luminance(colour: str) -> float:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    try:
        channels = [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    except ValueError:
        return 0.5
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _text_on(colour: str) -> str:
    """White or ink, whichever contrasts more with ``colour``."""
    lum = _luminance(colour)
    return "#ffffff" if (1.05 / (lum + 0.05)) >= ((lum + 0.05) / (_luminance(INK) + 0.05)) else INK


def _mark_shape(dwg, mark: str, x: float, y: float, r: float, f=_fmt):
    """A capital is a star, a fortress a square tower, Kyoto a gold disc with a dark ring, anything
    else a diamond."""
    if mark == "capital":
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = math.pi / 2 + i * math.pi / 5
            points.append((f(x + radius * math.cos(angle)), f(y - radius * math.sin(angle))))
        return dwg.polygon(points, fill="#000000")
    if mark == "fortress":
        return dwg.rect((f(x - r * 0.8), f(y - r * 0.8)), (f(r * 1.6), f(r * 1.6)), fill=CASTLE)
    if mark == "kyoto":
        return dwg.circle((f(x), f(y)), r=f(r * 0.95), fill=KYOTO, stroke=INK, stroke_width=f(r * 0.3))
    return dwg.polygon([(f(x), f(y - r)), (f(x + r), f(y)), (f(x), f(y + r)), (f(x - r), f(y))],
                       fill="#5a3e8a")
