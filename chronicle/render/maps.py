"""SVG maps of a campaign: the geometry once per build, then a few kilobytes per map.

The geometry (outlines, label anchors, coast, link lines) is computed once per build by
:func:`map_geometry`, and its outlines written once as compact text (relative integer steps on a
fine grid, scaled back by the group's transform): a turn's map repeats that text with its own
classes and adds only what the turn changed: fills (by class, from a small ``<style>``), changed
outlines, marks, counters, order arrows and contest badges. Nothing is rebuilt through an XML
library per page. Outlines come from, in order:

1. the map's geometry file (``geometry: svgpaths.json`` beside the map file: ``viewBox`` and one SVG
   path per province id), with the land outside the provinces from ``extras.geojson`` beside it
   drawn as a muted coast, projected with the ``projection`` the geometry file states;
2. a province's own ``path`` in the map file;
3. otherwise a cell grown from the province's position: a Voronoi diagram of every ``at``,
   clipped to the geometry file's ``land`` when it has one (with its ``coast`` paths, the land
   beyond the provinces, drawn muted), else to a buffer around their hull.

A map is framed to the provinces in play (held by a player, reached by an order, contested, or
where an army stands), with a margin; the whole map stays in the SVG (``data-full``), one click
away for the page's script. Marks, arrows and names are sized in CSS pixels as the page first
shows the map (:data:`DESKTOP`: a 1280-pixel-wide page gives the map 1184 × 828 pixels), so
they keep their size whatever the frame; names too small to read there appear on zooming
(:mod:`.labels`). The painter reads a :class:`~chronicle.rules.Summary` only.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from dataclasses import dataclass
from html import escape
from pathlib import Path
from statistics import median
from typing import Callable, Mapping

import numpy as np
import shapely
from markupsafe import Markup
from shapely.geometry import LineString, MultiPoint, Point, Polygon
from shapely.ops import voronoi_diagram
from shapely.strtree import STRtree

from ..i18n import N_, gettext as _, tr
from ..maps import BUNDLED_DIR
from ..rules import OrderMark, Outcome, Piece
from . import palette
from .focus import MARK_REACH, PHONE_WINDOW, action_parts, view_point
from .labels import READABLE_PX, ZOOMS, place_labels
from .overlay import Overlay
from .pieces import TEXT as PIECE_TEXT, Counters, counter_width, short_name
from . import terrain as terrain_kit

NEUTRAL_FILL = "#e4e0d4"
SEA_FILL = "#dce9f2"
COAST_FILL = "#cfcbbf"
BORDER = "#ffffff"
INK = "#1b1b1b"
CHANGED = "#000000"
CASTLE = "#3d3d3d"
KYOTO = "#f0c419"
ONCE_HELD = "#f4f1ea"
#: the pattern of a province held once and lost since, on a player's map: the player's colour in
#: stripes on white, told apart at a glance from the flat neutral fill and from land held now
ONCE_HELD_FILL = "once-held-fill"
LINK_STYLE = {            # kind -> (colour, dash pattern in pixels, width in pixels)
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
#: the legend's words for the orders and contests a map draws
ORDER_NAMES = {"attack": N_("Attack"), "support": N_("Support"), "move": N_("Move"), "transfer": N_("Transfer"),
               "retreat": N_("Retreat")}
FAILED_NAMES = {"attack": N_("Attack that failed"), "support": N_("Support that failed"), "move": N_("Move that failed"),
                "transfer": N_("Transfer that failed"), "retreat": N_("Retreat that failed")}
CONTEST_NAMES = {"battle": N_("Battle"), "siege": N_("Siege"), "conflict": N_("Roll-off for a province"),
                 "skirmish": N_("Skirmish"), "raid": N_("Raid"), "decisive-battle": N_("Decisive battle")}
CONTEST_RESULTS = {"succeeded": N_("won by the attacker (its colour)"), "failed": N_("held (the holder's colour ring)"),
                   "pending": N_("to be fought"), "drawn": N_("drawn: no winner")}
#: the legend's words for a kind of counter (by status) whose ruleset gives none of its own
#: (``Summary.piece_legend``): a counter says no more than that an army stands there
COUNTER_WORDS = {"": N_("Army"), "besieged": N_("Besieged army (in its castle)")}


def mark_name(mark: str) -> str:
    """A map mark (capital, fortress...) as a reader calls it, in the language in force."""
    return tr(MARK_NAMES.get(mark, mark.replace("_", " ")))


def link_label(kind: str) -> str:
    """A kind of link (sea, river...) as the legend names it, in the language in force."""
    return tr(LINK_LABELS[kind]) if kind in LINK_LABELS else _("%(kind)s link", kind=kind.replace("_", " ").capitalize())


CREDITS = {"japan": N_("Province boundaries: %(source)s", source="Asukana/Ryoseikoku_20230626_TSV, CC0 1.0")}
#: the room (CSS pixels) a map has on a 1280-pixel-wide page: the page's width, 92% of a
#: 900-pixel-tall window; and a locator map's on a province or player page
DESKTOP = (1184.0, 828.0)
#: how far (CSS pixels) a name's box reaches beyond its letters: their halo, and the taller box a
#: browser gives a line of text; drawn orders may graze it where no way is clear (overlay.py)
LABEL_PAD = 2.5
LOCATOR = (340.0, 340.0)
#: scales (pixels per map unit) are rounded down to a power of this, so that a few label layouts
#: serve every page and a name is never drawn smaller than READABLE_PX
BUCKET = 1.18
_PROJECTION = re.compile(
    r"x\s*=\s*\(\s*lon\s*-\s*(?P<lon0>-?[\d.]+)\s*\)\s*\*\s*cos\(\s*(?P<phi>-?[\d.]+)\s*deg\s*\)\s*\*\s*(?P<kx>[\d.]+)"
    r".*?y\s*=\s*(?P<neg>-?)\s*\(\s*lat\s*-\s*(?P<lat0>-?[\d.]+)\s*\)\s*\*\s*(?P<ky>[\d.]+)", re.S)
_NUMBER = re.compile(r"-?\d*\.?\d+(?:[eE][-+]?\d+)?")
_STRAIGHT = re.compile(r"^[MLZ0-9.,\s eE+-]*$")

Box = tuple[float, float, float, float]       # x0, y0, x1, y1


@dataclass(frozen=True)
class MapGeometry:
    """Everything about a map's drawing that never changes from turn to turn."""

    view_box: tuple[float, float, float, float]
    unit: float                                    # a thousandth of the map's size
    outlines: Mapping[str, str]                    # province id -> SVG path data
    anchors: Mapping[str, tuple[float, float]]     # province id -> label point
    boxes: Mapping[str, Box]                       # province id -> bounding box of its outline
    areas: Mapping[str, float]                     # province id -> area (0: unknown, a curved path)
    coast: tuple[str, ...]                         # path data of land outside the provinces
    coast_boxes: tuple[Box, ...]
    links: tuple[tuple[str, str, str], ...]        # (a, b, kind), sorted
    drawn_from: str                                # "outlines" or "cells"
    credit: str | None = None
    quantum: float | None = None                   # compact paths are integer steps of this
    compact: Mapping[str, str] | None = None       # province id -> compact path data
    compact_coast: tuple[str, ...] = ()

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
    land = None
    if game_map.geometry and campaign.map_dir:
        data = json.loads((Path(campaign.map_dir) / game_map.geometry).read_text(encoding="utf-8"))
        outlines.update({pid: d for pid, d in data.get("paths", {}).items() if pid in provinces})
        if data.get("viewBox"):
            view_box = tuple(float(v) for v in str(data["viewBox"]).split())
        coast = _coast(Path(campaign.map_dir) / "extras.geojson", data.get("projection", ""))
        coast += tuple(str(d) for d in data.get("coast", ()))
        land = _land(data.get("land"))
    for pid, province in provinces.items():
        if pid not in outlines and province.path:
            outlines[pid] = province.path
    positions = _positions(provinces)
    missing = sorted(pid for pid in provinces if pid not in outlines)
    drawn_from = "outlines"
    if missing:
        drawn_from = "cells" if len(missing) == len(provinces) else "outlines"
        outlines.update(_cells(positions, missing, land))
    shapes = {pid: _bbox_area(d) for pid, d in outlines.items()}
    if view_box is None:
        view_box = _fit([shapes[pid][0] for pid in shapes] + [(x, y, x, y) for x, y in positions.values()])
    unit = max(view_box[2], view_box[3]) / 1000
    links = tuple(sorted((min(l.a, l.b), max(l.a, l.b), l.kind) for l in game_map.links))
    credit = None
    if campaign.map_dir is not None:
        folder = Path(campaign.map_dir).resolve()
        if folder.parent == BUNDLED_DIR.resolve():
            credit = CREDITS.get(folder.name)
    outlines = dict(sorted(outlines.items()))
    quantum, compact, compact_coast = _compact_all(outlines, coast, unit)
    return MapGeometry(view_box, unit, outlines, positions, {p: b for p, (b, _a) in shapes.items()},
                       {p: a for p, (_b, a) in shapes.items()}, coast, tuple(_bbox_area(d)[0] for d in coast), links,
                       drawn_from, credit, quantum, compact, compact_coast)


def _compact_all(outlines, coast, unit):
    """Outlines as relative integer steps of a quantum (a fifth of a thousandth of the map), when
    every outline is made of straight lines; else (None, None, ())."""
    if not all(_STRAIGHT.match(d) for d in list(outlines.values()) + list(coast)):
        return None, None, ()
    q = float(f"{unit / 2:.2g}")
    return q, {pid: _compact(d, q) for pid, d in outlines.items()}, tuple(_compact(d, q) for d in coast)


def _compact(d: str, q: float) -> str:
    parts = []
    for ring in re.findall(r"M([^MZ]*)Z?", d):
        values = [float(n) for n in _NUMBER.findall(ring)]
        points = [(round(x / q), round(y / q)) for x, y in zip(values[0::2], values[1::2])]
        kept = [points[0]] if points else []
        for point in points[1:]:
            if point != kept[-1]:
                kept.append(point)
        if len(kept) < 3:
            continue
        steps = []
        for (x0, y0), (x1, y1) in zip(kept, kept[1:]):
            steps.append(f"{x1 - x0} {y1 - y0}")
        text = f"M{kept[0][0]} {kept[0][1]}l" + " ".join(steps) + "z"
        parts.append(text.replace(" -", "-"))
    return "".join(parts)


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


def _land(paths) -> Polygon | None:
    """The land a geometry file draws (``land``: SVG paths of straight lines, one polygon each):
    grown cells are clipped to it, so that a map of positions alone can still have a coast."""
    if not paths:
        return None
    polygons = []
    for d in paths:
        rings = []
        for ring in re.findall(r"M([^MZ]*)Z?", str(d)):
            values = [float(n) for n in _NUMBER.findall(ring)]
            rings.append(list(zip(values[0::2], values[1::2])))
        if rings and len(rings[0]) >= 3:
            polygons.append(Polygon(rings[0], [r for r in rings[1:] if len(r) >= 3]))
    return shapely.unary_union(polygons) if polygons else None


def _cells(positions: dict[str, tuple[float, float]], wanted: list[str], land=None) -> dict[str, str]:
    """Voronoi cells around every position, clipped to the map's ``land`` when its geometry file
    draws one, else to a buffer around their hull."""
    ids = sorted(positions)
    if len(ids) == 1:
        x, y = positions[ids[0]]
        return {ids[0]: _path(Point(x, y).buffer(0.5, quad_segs=8), 3)} if ids[0] in wanted else {}
    points = [Point(positions[pid]) for pid in ids]
    spacing = median(min(p.distance(q) for q in points if q is not p) for p in points) or 1.0
    if land is None:
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


def _bbox_area(d: str) -> tuple[Box, float]:
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


def _union(boxes) -> Box | None:
    boxes = list(boxes)
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _within(inner: Box, box) -> bool:
    """Whether ``inner`` (x0, y0, x1, y1) lies inside ``box`` (x, y, w, h)."""
    x, y, w, h = box
    return inner[0] >= x and inner[1] >= y and inner[2] <= x + w and inner[3] <= y + h


def _around(point, r: float) -> Box:
    """The box (x0, y0, x1, y1) of ``r`` about ``point``."""
    return (point[0] - r, point[1] - r, point[0] + r, point[1] + r)


def _at_least(box, size):
    """``box`` (x, y, w, h) grown about its centre to at least ``size`` (w, h)."""
    x, y, w, h = box
    grow_w, grow_h = max(0.0, size[0] - w), max(0.0, size[1] - h)
    return (x - grow_w / 2, y - grow_h / 2, w + grow_w, h + grow_h)


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and a[2] > b[0] and a[1] < b[3] and a[3] > b[1]


# ---- what a page's map shows ------------------------------------------------------------------

@dataclass(frozen=True)
class LegendItem:
    kind: str          # player | neutral | mark | changed | link | piece | order | contest | held
    label: str
    colour: str | None = None
    key: str | None = None
    sample: Markup | None = None       # a small drawing of the mark, as on the map
    style: str | None = None           # CSS for a swatch (a pattern over the colour)


@dataclass(frozen=True)
class MapFigure:
    """A map for a page, with how a phone first shows it: at ``width`` CSS pixels (where its
    names are readable), in a frame that scrolls when wider than a phone, first looking at
    (``x``%, ``y``%) of the map: this turn's action."""

    svg: Markup
    width: int
    x: float
    y: float
    action: bool = False               # (x, y) is this turn's action (else the middle of what is in play)
    inset: Markup | None = None        # where the frame lies among the provinces in play, when it leaves some out
    parts: str | None = None           # this turn's action for the page's script (JSON, MapPainter.phone_parts)

    @property
    def scrolls(self) -> bool:
        return self.width > 420


@dataclass(frozen=True)
class _Layers:
    """What is the same on every map seen at one scale."""

    scale: float
    labels: tuple
    label_svg: str
    label_boxes: tuple[Box, ...]
    links: str
    coast: str
    terrain_under: str = ""        # land beyond the map, the shore's glow: under the provinces
    terrain_over: str = ""         # mountain chains, rivers, fords and the coastline, on their borders


class MapPainter:
    """Paints a campaign's map for one state; the geometry and the layers that do not change
    are shared by every map of the build."""

    def __init__(self, campaign, geometry: MapGeometry | None = None, marked: Mapping[str, int] | None = None):
        """``marked``: province -> how many marks it carries at the start (capitals,
        fortresses, Kyoto; :func:`.mapviews.start_marks`); the names keep clear of them, and a
        mark a later turn adds finds its own place (:meth:`mark_spot`). Without it, of the
        players' capitals."""
        self.campaign = campaign
        self.geometry = geometry or map_geometry(campaign)
        self._d = self.geometry.decimals
        self._names = {pid: campaign.name_of(pid) for pid in campaign.map.provinces}
        self._widths = {pid: text_width(n) for pid, n in self._names.items()}
        self._shapes = _shapes(self.geometry.outlines)
        self._overlay_memo: dict = {}          # what Overlay remembers from map to map (see its memo)
        self.terrain = terrain_kit.terrain(campaign.map, self._shapes, self.geometry.links, self.geometry.unit,
                                           draws_coast=bool(self.geometry.coast))
        if marked is None:
            marked = {p.capital: 1 for p in campaign.players if getattr(p, "capital", None)}
        self.marked = {pid: n for pid, n in marked.items() if n and pid in self.geometry.anchors}
        self.patterns = palette.patterns([(p.id, p.colour) for p in campaign.players])
        self._colours = {p.id: p.colour for p in campaign.players}
        self._layers: dict[float, _Layers] = {}
        self._piece_cache: dict = {}
        self._spots: dict = {}               # (scale, province, count) -> where its later marks stand
        self._inside_cache: dict = {}        # scale -> how much of each counter place lies in its province
        self._compact_q = self.geometry.quantum

    def __getstate__(self) -> dict:
        """Pickled (the build cache keeps the painter, chronicle/cache.py) with its label layers
        but without the counters placed for this process's summaries: they are found by ``id()``
        and would only be dead weight in another process."""
        return {**self.__dict__, "_piece_cache": {}}

    # ---- scale and frames ------------------------------------------------------------------

    def f(self, value: float) -> str:
        return _fmt(value, self._d)

    def bucket(self, scale: float) -> float:
        """``scale`` rounded down to a power of :data:`BUCKET` (a few layouts serve every page)."""
        return BUCKET ** math.floor(math.log(scale, BUCKET) + 1e-9)

    def scale_of(self, box, room=DESKTOP) -> float:
        """Pixels per map unit when ``box`` (x, y, w, h) is shown in ``room`` (w, h) pixels."""
        return min(room[0] / box[2], room[1] / box[3])

    def in_play(self, summary, changed=None) -> set[str]:
        """The provinces a map of ``summary`` must show: held by a player, reached by an order,
        contested, where a piece stands, changed hands."""
        out = {p for p, o in summary.owners.items() if o}
        out |= {p for m in summary.orders for p in m.path}
        out |= {c.province for c in summary.contests if c.province}
        out |= {p.province for p in summary.pieces}
        out |= set(changed or ())
        return {p for p in out if p in self.geometry.boxes}

    def action(self, summary, changed=None) -> set[str]:
        """This turn's action: where its orders went, its contests, what changed hands."""
        out = {p for m in summary.orders for p in m.path} | {c.province for c in summary.contests if c.province}
        out |= set(changed or ())
        return {p for p in out if p in self.geometry.boxes}

    def frame(self, provinces, margin: float = 0.07, aspect=(0.8, 1.7)) -> tuple[float, float, float, float]:
        """A view box around ``provinces`` with a margin, its shape kept within ``aspect`` (width
        over height); the whole map when they cover most of it or there are none."""
        g = self.geometry
        return self.frame_box(_union(g.boxes[p] for p in provinces if p in g.boxes), margin, aspect)

    def frame_box(self, box, margin: float = 0.07, aspect=(0.8, 1.7)) -> tuple[float, float, float, float]:
        """:meth:`frame` of a box (x0, y0, x1, y1) rather than of provinces."""
        g = self.geometry
        full = g.view_box
        if box is None:
            return full
        x0, y0, x1, y1 = box
        size = max(x1 - x0, y1 - y0)
        pad = margin * size + 30 * g.unit
        x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
        w, h = x1 - x0, y1 - y0
        low, high = aspect
        if w / h < low:
            grow = low * h - w
            x0, w = x0 - grow / 2, w + grow
        elif w / h > high:
            grow = w / high - h
            y0, h = y0 - grow / 2, h + grow
        if w * h >= 0.8 * full[2] * full[3]:
            return full
        return (x0, y0, w, h)

    def action_frame(self, summary, changed=None) -> tuple[tuple[float, float, float, float], tuple | None]:
        """A turn's frame, for the turn's own page: its action (orders, contests, what changed hands)
        large, with the provinces in play around it; and, when that leaves provinces in play
        outside, the frame of all of them for an overview beside it (else None).

        What a player looks at a turn for is what happened in it: framed to everything in play,
        a fight in one corner of a campaign that spans the map is drawn a few pixels wide. The
        provinces in play close around it (a sixth of its size) stay in the frame (the
        neighbours a reader needs to place it); those further away are on the overview, and
        the whole map is one click away."""
        g = self.geometry
        in_play = self.in_play(summary, changed)
        everything = self.frame(in_play)
        action = self.action(summary, changed)
        if not action:
            return everything, None
        x0, y0, x1, y1 = _union(g.boxes[p] for p in action)
        reach = 0.15 * max(x1 - x0, y1 - y0) + 20 * g.unit
        near = {p for p in in_play if x0 - reach <= g.anchors[p][0] <= x1 + reach and y0 - reach <= g.anchors[p][1] <= y1 + reach}
        if max(x1 - x0, y1 - y0) <= max(everything[2], everything[3]) / 4:
            # a fight in one corner: its neighbours by where their names and marks stand, not by their
            # whole outline, or a long province beside it (Echigo beside Sengoku's Kai) stretches the
            # frame its length and the fight is drawn small
            box = self.frame_box(_union([(x0, y0, x1, y1)] + [_around(g.anchors[p], 12 * g.unit) for p in near - action]))
        else:
            box = self.frame(action | near)
        # never so close that the map loses its bearings: a third of everything in play at least
        box = _at_least(box, (everything[2] / 3, everything[3] / 3))
        # as wide as the page shows it (a narrower frame is shown with more of the map beside it)
        box = _at_least(box, (box[3] * DESKTOP[0] / DESKTOP[1], 0.0))
        if all(_within(g.boxes[p], box) for p in in_play):
            return box, None
        return box, everything

    def inset(self, box, overview, title: str, corner: str = "bottom-right") -> Markup:
        """A small overview of ``overview`` (the provinces of the map above, by reference: no
        outline is written twice) with ``box``, the main map's frame, outlined on it."""
        ox, oy, ow, oh = overview
        px = max(ow, oh) / 200                 # the overview stands about 200 pixels wide
        x, y, w, h = box
        f = self.f
        return Markup(
            f'<svg class="map-inset at-{corner}" xmlns="http://www.w3.org/2000/svg" viewBox="{f(ox)} {f(oy)} {f(ow)} {f(oh)}" '
            f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
            f'<rect x="{f(ox)}" y="{f(oy)}" width="{f(ow)}" height="{f(oh)}" fill="{SEA_FILL}"/>'
            f'<use href="#map-provinces"/>'
            f'<rect class="inset-frame" x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" fill="none" stroke="#ffffff" '
            f'stroke-width="{f(4 * px)}"/><rect class="inset-frame" x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" '
            f'fill="none" stroke="{INK}" stroke-width="{f(2 * px)}"/></svg>')

    def _inset_corner(self, box, overview, action) -> str:
        """The corner of the map where the overview hides least of the turn's action (the top left
        holds the zoom buttons)."""
        g = self.geometry
        x, y, w, h = box
        iw = 0.2 * w                          # the overview is a fifth of the map's width (style.css)
        ih = iw * overview[3] / overview[2]
        boxes = [g.boxes[p] for p in action]
        best = None
        for corner, (cx, cy) in (("bottom-right", (x + w - iw, y + h - ih)), ("bottom-left", (x, y + h - ih)),
                                 ("top-right", (x + w - iw, y))):
            hidden = sum(max(0.0, min(b[2], cx + iw) - max(b[0], cx)) * max(0.0, min(b[3], cy + ih) - max(b[1], cy))
                         for b in boxes)
            if best is None or hidden < best[0] - 1e-9:
                best = (hidden, corner)
        return best[1]

    def around(self, pid: str) -> tuple[float, float, float, float]:
        """A square view box around province ``pid`` and its neighbours' near parts (a locator)."""
        (x0, y0, x1, y1) = self.geometry.boxes[pid]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        half = max(x1 - x0, y1 - y0) / 2 + 55 * self.geometry.unit
        return (cx - half, cy - half, 2 * half, 2 * half)

    # ---- the layers that depend only on the scale -------------------------------------------

    def layers(self, scale: float) -> _Layers:
        key = round(scale, 9)
        kept = self._layers.get(key)
        if kept is None:
            kept = self._make_layers(scale)
            self._layers[key] = kept
        return kept

    def _make_layers(self, scale: float) -> _Layers:
        g = self.geometry
        px = 1 / scale
        marks = [self._mark_zone(pid, n, px) for pid, n in sorted(self.marked.items())]
        ground = self.terrain
        drawn = [terrain_kit.zones(b.lines, px) for b in ground.borders] + [terrain_kit.zones(ground.coastline, px, 2.0)]
        zones = marks + [z for part in drawn for z in part]
        labels = place_labels(g, self._names, self._widths, self._shapes, zones, self.marked, scale)
        pad = LABEL_PAD * px             # the letters' halo and a browser's taller text box
        boxes = tuple((b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad)
                      for b in (lab.box(self._widths[lab.pid]) for lab in labels))
        parts = []
        for lab in labels:
            tier = f" t{lab.tier}" if lab.tier else ""
            parts.append(f'<text class="label{tier}" x="{self.f(lab.x)}" y="{self.f(lab.base)}" '
                         f'font-size="{_fmt(lab.size, self._d + 1)}">{escape(self._names[lab.pid])}</text>')
        label_svg = (f'<g class="labels" fill="{INK}" stroke="#ffffff" stroke-width="{_fmt(2.6 * px, self._d + 1)}" '
                     f'stroke-linejoin="round" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="600" '
                     f'style="paint-order:stroke" pointer-events="none" aria-hidden="true">{"".join(parts)}</g>')
        return _Layers(scale, labels, label_svg, boxes, self._link_layer(px, list(boxes) + marks), self._coast_open(px),
                       self._terrain_under(px), self._terrain_over(px))

    def _terrain_under(self, px: float) -> str:
        ground = self.terrain
        return (terrain_kit.draw_beyond(ground.beyond, COAST_FILL, self.f)
                + terrain_kit.draw_shore_glow(ground.coastline, px, self.f))

    def _terrain_over(self, px: float) -> str:
        ground = self.terrain
        parts = []
        for b in ground.borders:
            title = f"{self._names[b.a]} – {self._names[b.b]}: {terrain_kit.border_label(b.kind).lower()}"
            parts.append(terrain_kit.draw_border(b.kind, b.lines, px, self.f, f"link link-{b.kind} border", title))
        parts.append(terrain_kit.draw_coastline(ground.coastline, px, self.f, tr(terrain_kit.COAST_LABEL)))
        body = "".join(parts)
        return f'<g class="terrain">{body}</g>' if body else ""

    def _coast_open(self, px: float) -> str:
        return f'<g class="coast" fill="{COAST_FILL}" stroke="#b3ae9f" stroke-width="{_fmt(0.6 * px, self._d + 1)}">'

    def _link_layer(self, px: float, avoid=()) -> str:
        """A line from centre to centre for each link the map does not already show (a shared
        border shows a land link on a map of outlines; a mountain, river or ford shared border is
        drawn on it), broken where it would run over a name or a mark of ``avoid``."""
        g = self.geometry
        on_borders = self.terrain.on_borders
        obstacles = [shapely.box(*b) for b in avoid]
        tree = STRtree(obstacles) if obstacles else None
        parts = []
        for a, b, kind in g.links:
            if (g.drawn_from == "outlines" and kind == "land") or (a, b, kind) in on_borders:
                continue
            colour, dash, width = LINK_STYLE.get(kind, LINK_STYLE["land"])
            line = LineString([g.anchors[a], g.anchors[b]])
            if tree is not None:
                hit = tree.query(line, predicate="intersects")
                if len(hit):
                    line = line.difference(shapely.unary_union([obstacles[i] for i in hit]))
            pieces = [piece for piece in getattr(line, "geoms", [line])
                      if isinstance(piece, LineString) and piece.length > 3 * px]
            if not pieces:
                continue
            d = "".join("M" + "L".join(f"{self.f(x)},{self.f(y)}" for x, y in piece.coords) for piece in pieces)
            dashed = f' stroke-dasharray="{",".join(_fmt(v * px, self._d + 1) for v in dash)}"' if dash else ""
            parts.append(f'<path class="link link-{kind}" d="{d}" '
                         f'stroke="{colour}" stroke-width="{_fmt(width * px, self._d + 1)}" opacity="0.85"{dashed}>'
                         f'<title>{escape(self._names[a])} – {escape(self._names[b])}: {escape(link_label(kind).lower())}'
                         f'</title></path>')
        return f'<g class="links" fill="none" stroke-linecap="round">{"".join(parts)}</g>'

    def _mark_zone(self, pid: str, count: int, px: float) -> Box:
        """The box that ``count`` marks of province ``pid`` take (see :meth:`_marks`)."""
        x, y = self.mark_spot(pid, count, px)
        return _zone_at(x, y, count, px)

    def mark_spot(self, pid: str, count: int, px: float) -> tuple[float, float]:
        """Where ``count`` marks of province ``pid`` stand (the point their row is drawn above).

        The names keep clear of the marks of the start only (:attr:`marked`), so that a mark a
        later turn adds moves no name on any map, earlier turns' included (issue 11). Those
        marks stand on the province's centre, where the start's marks do, when the names leave
        it clear; else on the nearest spot inside the province clear of the names and of the
        start's marks (found once per scale, the same on every map at it)."""
        anchor = self.geometry.anchors[pid]
        if count <= self.marked.get(pid, 0):
            return anchor
        key = (round(1 / px, 9), pid, count)
        spot = self._spots.get(key)
        if spot is None:
            spot = self._spots[key] = self._find_spot(pid, count, px)
        return spot

    def _find_spot(self, pid: str, count: int, px: float) -> tuple[float, float]:
        """See :meth:`mark_spot`: spots on a 2-pixel grid around the centre, nearest first; one
        whose whole box lies in the province wins over one only centred in it, and where none is
        clear, the one the names cover least."""
        g = self.geometry
        x, y = g.anchors[pid]
        blocks = list(self.layers(1 / px).label_boxes) + [
            _zone_at(*g.anchors[p], n, px) for p, n in sorted(self.marked.items()) if p != pid]
        blocks = np.array(blocks, dtype=float).reshape(-1, 4)
        x0b, y0b, x1b, y1b = g.boxes[pid]
        step = 2 * px
        reach = 40 * px
        xs = np.arange(math.floor((x0b - reach - x) / step), math.ceil((x1b + reach - x) / step) + 1) * step + x
        ys = np.arange(math.floor((y0b - reach - y) / step), math.ceil((y1b + reach - y) / step) + 1) * step + y
        cx, cy = (a.ravel() for a in np.meshgrid(xs, ys))
        zx0, zy0, zx1, zy1 = _zone_at(cx, cy, count, px)          # every candidate's zone at once
        # only the blocks a candidate's zone can meet (the others add nothing to any sum): the
        # candidates-by-blocks arrays below over every name of the map took hundreds of megabytes
        # on a big province at a close scale (the build's peak memory)
        blocks = blocks[(blocks[:, 0] < zx1.max()) & (blocks[:, 2] > zx0.min())
                        & (blocks[:, 1] < zy1.max()) & (blocks[:, 3] > zy0.min())]
        w = np.clip(np.minimum(zx1[:, None], blocks[None, :, 2]) - np.maximum(zx0[:, None], blocks[None, :, 0]), 0, None)
        h = np.clip(np.minimum(zy1[:, None], blocks[None, :, 3]) - np.maximum(zy0[:, None], blocks[None, :, 1]), 0, None)
        covered = (w * h).sum(axis=1) if len(blocks) else np.zeros(len(cx))
        shape = self._shapes.get(pid)
        mid = (cy - 6 * px)                        # the mark's own centre
        if shape is not None:
            centred = shapely.contains_xy(shape, cx, mid)
            whole = centred & shapely.contains_xy(shape, zx0, zy0) & shapely.contains_xy(shape, zx1, zy0) \
                & shapely.contains_xy(shape, zx0, zy1) & shapely.contains_xy(shape, zx1, zy1)
        else:
            centred = (cx >= x0b) & (cx <= x1b) & (mid >= y0b) & (mid <= y1b)
            whole = centred
        distance = np.hypot(cx - x, cy - y)
        clear = covered <= 1e-12
        for ok in (clear & whole, clear & centred):
            if ok.any():
                k = int(np.argmin(np.where(ok, distance, np.inf)))
                return float(cx[k]), float(cy[k])
        if not centred.any():
            return (x, y)
        k = int(np.lexsort((distance, np.where(centred, covered, np.inf)))[0])
        return float(cx[k]), float(cy[k])

    #: how tall (in CSS pixels) the usual province name stands where the page first shows a map
    READABLE_LABEL_PX = READABLE_PX

    @property
    def unlabelled(self) -> tuple[str, ...]:
        """Provinces whose name finds no place on the home map at any zoom (tooltip only)."""
        layers = self.layers(self.bucket(self.scale_of(self.geometry.view_box)))
        named = {lab.pid for lab in layers.labels}
        return tuple(sorted(p for p in self.campaign.map.provinces if p not in named))

    # ---- one map ------------------------------------------------------------------------------

    def colour(self, player) -> str:
        return self._colours.get(player, NEUTRAL_FILL) if player else NEUTRAL_FILL

    def svg(self, summary, *, changed: Mapping[str, tuple] | None = None, title: str = "", href=None,
            event_href=None, box=None, room=DESKTOP, ids: bool = True, focus: str | None = None,
            overlay: bool = True, clip: bool = False, tint: Mapping[str, tuple[str, str]] | None = None,
            once_colour: str | None = None, standalone: bool = False) -> str:
        """The map of ``summary`` as SVG text.

        ``changed``: province -> (old owner, new owner), outlined; ``href(province)`` makes each
        province a link; ``event_href(index)`` links each contest badge to its card; ``box`` the
        view box (default: framed to the provinces in play), shown in ``room`` pixels; ``focus``
        outlines one province (a locator map); ``overlay=False`` leaves out orders, contests and
        counters; ``clip`` leaves out the provinces outside the box (a small map); ``tint``:
        province -> (class, tooltip) drawn instead of its owner (a player's lands over time);
        ``ids=False`` leaves out element ids, so that several maps can share a page;
        ``once_colour``: the colour whose stripes on white fill the ``once-held`` tint (a pale
        flat tint looked like no one's land)."""
        g = self.geometry
        changed = changed or {}
        if box is None:
            box = self.frame(self.in_play(summary, changed))
        scale = self.bucket(self.scale_of(box, room))
        px = 1 / scale
        layers = self.layers(scale)
        x, y, w, h = box
        keep = self._keeper(box) if clip else (lambda b: True)
        f = self.f
        full = " ".join(f(v) for v in g.view_box)
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="map" role="img" viewBox="{f(x)} {f(y)} {f(w)} {f(h)}" '
                f'data-full="{full}" data-scale="{scale:.5g}" data-zooms="{" ".join(f"{z:g}" for z in ZOOMS)}"' +
                (f' width="{round(w * scale)}" height="{round(h * scale)}"' if standalone else "") + ">")
        out = [head, f"<title>{escape(title or self.campaign.title)}</title>", self._style(px, ids)]
        if once_colour:
            out.append(f"<style>.map .once-held{{fill:url(#{ONCE_HELD_FILL})}}</style><defs>"
                       + palette.pattern_svg(ONCE_HELD_FILL, once_colour, "once", 7 * px, lambda v: _fmt(v, self._d + 1))
                       + "</defs>")
        out.append(f'<rect class="sea" x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" fill="{SEA_FILL}"/>')
        out.append(layers.terrain_under)
        out.append(self._coast(layers, keep))
        out.append(self._provinces(summary, changed, href, ids, px, keep, tint))
        if changed:
            out.append(self._outlines(sorted(p for p in changed if keep(g.boxes[p])), "changed-outlines",
                                      "changed-outline", CHANGED, 2.6 * px, f"{_fmt(5 * px, self._d + 1)},{_fmt(3 * px, self._d + 1)}",
                                      reuse=ids))
        out.append(layers.terrain_over)
        out.append(layers.links)
        if focus:
            out.append(self._focus(focus, px))
        out.append(self._marks(summary, px, keep))
        out.append(layers.label_svg)
        if overlay:
            placing = Overlay(g.anchors, px, self.colour, self._d, _text_on, shapes=self._shapes,
                              memo=self._overlay_memo)
            zones = [self._mark_zone(p, len(m), px) for p, m in summary.marks.items() if p in g.anchors and m]
            # the badges find their places first, so that the counters and the orders keep clear of them too
            spots = placing.place_contests(summary.contests, list(layers.label_boxes) + zones,
                                           names=[(lab.pid, lab.box(self._widths[lab.pid])) for lab in layers.labels])
            drawing = Overlay(g.anchors, px, self.colour, self._d, _text_on, names=layers.label_boxes, shapes=self._shapes,
                              memo=self._overlay_memo, badges=[placing.badge_box(centre) for _c, centre in spots], soft=LABEL_PAD * px)
            out.append(drawing.orders(summary.orders))
            if summary.pieces:
                out.append(self._piece_layer(summary, scale, px, layers, ids, box,
                                             [drawing.badge_box(centre) for _c, centre in spots]))
            out.append(drawing.contests(summary.contests, summary.owners, event_href, spots=spots))
        out.append("</svg>")
        return "".join(out)

    def figure(self, summary, *, changed=None, page_room=DESKTOP, overview=None, **options) -> MapFigure:
        """The map of ``summary`` for a page, with how a phone first shows it (see
        :class:`MapFigure`): wide enough for its names, looking at this turn's action (its
        battles first, then its orders and changes: :meth:`phone_point`), else at the middle of
        the provinces in play. ``overview``: a frame for a small overview map beside it (see
        :meth:`action_frame`)."""
        changed = changed or {}
        box = options.pop("box", None) or self.frame(self.in_play(summary, changed))
        svg = self.svg(summary, changed=changed, box=box, room=page_room, **options)
        scale = self.bucket(self.scale_of(box, page_room))
        width = int(math.ceil(box[2] * scale))
        action = self.action(summary, changed)
        x, y = self.phone_point(summary, changed, box, width) if action else self.focus_point(self.in_play(summary, changed), box)
        inset = None
        if overview is not None and options.get("ids", True):
            inset = self.inset(box, overview, _("Where this map lies among the provinces in play"),
                               self._inset_corner(box, overview, action))
        parts = self.phone_parts(summary, changed, box) if action else None
        return MapFigure(Markup(svg), width, x, y, bool(action), inset, parts)

    def phone_parts(self, summary, changed, box) -> str | None:
        """The turn's action as :func:`.focus.action_parts` weighs it, in percent of ``box``, as
        JSON for the page's script: it chooses the view again for the frame the phone really
        has (``phone_point`` chooses for the smallest, :data:`.focus.PHONE_WINDOW`, which is
        where a page opens without the script). ``[reach, [[players, orders, [x, y, x, y...],
        ...ways], ...parts]]``; None without parts."""
        parts = action_parts(summary, self.geometry.anchors, changed)
        if not parts:
            return None
        x0, y0, w, h = box
        if not w or not h:
            return None

        def way(points):
            return [v for px, py in points for v in (round(100 * (px - x0) / w, 1), round(100 * (py - y0) / h, 1))]
        out = [[part.weight[0], part.weight[1], *(way(points) for points in part.ways)] for part in parts]
        return json.dumps([MARK_REACH, out], separators=(",", ":"))

    def phone_point(self, summary, changed, box, width: int) -> tuple[float, float]:
        """Where a phone first looks, in percent of ``box``: this turn's battles first, then its
        orders, as much of them as a small phone's window holds (see :mod:`.focus`). The map is
        at least ``width`` pixels wide there, so a window of ``PHONE_WINDOW`` pixels spans at
        most that many map units at ``width / box``'s scale."""
        g = self.geometry
        per_px = box[2] / width if width else 1.0
        window = tuple(max(0.0, (side - 2 * MARK_REACH) * per_px) for side in PHONE_WINDOW)
        point = view_point(action_parts(summary, g.anchors, changed), window)
        if point is None:
            return self.focus_point(self.action(summary, changed), box)
        return self._percent(point, box)

    def _percent(self, point, box) -> tuple[float, float]:
        x0, y0, w, h = box
        if not w or not h:
            return (50.0, 50.0)
        return (round(min(100, max(0, 100 * (point[0] - x0) / w)), 1), round(min(100, max(0, 100 * (point[1] - y0) / h)), 1))

    def focus_point(self, provinces, box) -> tuple[float, float]:
        """The middle of ``provinces`` in percent of ``box``'s width and height."""
        g = self.geometry
        points = [g.anchors[p] for p in provinces if p in g.anchors]
        x0, y0, w, h = box
        if not points or not w or not h:
            return (50.0, 50.0)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return self._percent(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), box)

    # ---- the parts of one map ---------------------------------------------------------------

    def _style(self, px: float, ids: bool) -> str:
        """Fills by class (the timeline's script changes only classes), patterns for near-identical
        colours, and which names show at which zoom."""
        rules, defs = [], []
        for player in self.campaign.players:
            pattern = self.patterns.get(player.id)
            if pattern:
                pattern_id = f"fill-{player.id}"
                defs.append(palette.pattern_svg(pattern_id, player.colour, pattern, 7 * px, lambda v: _fmt(v, self._d + 1)))
                rules.append(f".map .owner-{player.id},.province.owner-{player.id}{{fill:url(#{pattern_id})}}")
            else:
                rules.append(f".map .owner-{player.id},.province.owner-{player.id}{{fill:{player.colour}}}")
        # (.province.x too: the overview beside a turn's map shows these provinces by reference, and
        # a clone of <use> matches no rule that names an ancestor)
        rules.append(f".map .neutral,.province.neutral{{fill:{NEUTRAL_FILL}}}.map .once-held{{fill:{ONCE_HELD}}}")
        shown = []
        for k in range(1, len(ZOOMS)):
            rules.append(f".map .t{k}{{display:none}}")
            shown += [f".map.z{j} .t{k}" for j in range(k, len(ZOOMS))]
        rules.append(",".join(shown) + "{display:inline}")
        style = f"<style>{''.join(rules)}</style>"
        return style + (f"<defs>{''.join(defs)}</defs>" if defs else "")

    def _scaled(self) -> str:
        q = self._compact_q
        return f' transform="scale({q:g})"' if q else ""

    def _d_of(self, pid: str) -> str:
        g = self.geometry
        return g.compact[pid] if g.compact is not None else g.outlines[pid]

    def _width(self, px_width: float) -> str:
        """A stroke width inside the (scaled) outline groups."""
        q = self._compact_q or 1.0
        return _fmt(px_width / q, self._d + 1)

    def _coast(self, layers, keep) -> str:
        g = self.geometry
        paths = g.compact_coast if g.compact is not None else g.coast
        kept = [d for d, b in zip(paths, g.coast_boxes) if keep(b)]
        if not kept:
            return ""
        q = self._compact_q
        group = layers.coast
        if q:
            width = re.search(r'stroke-width="([^"]+)"', group).group(1)
            group = group.replace(f'stroke-width="{width}"', f'stroke-width="{_fmt(float(width) / q, self._d + 2)}"')
            group = group[:-1] + self._scaled() + ">"
        return group + "".join(f'<path d="{d}"/>' for d in kept) + "</g>"

    def _provinces(self, summary, changed, href, ids, px, keep, tint) -> str:
        g = self.geometry
        name = self.campaign.name_of
        parts = []
        for pid in sorted(self.campaign.map.provinces):
            if not keep(g.boxes[pid]):
                continue
            owner = summary.owners.get(pid)
            if tint is not None and pid in tint:
                cls, tip = tint[pid]
                classes = ["province", cls]
            else:
                classes = ["province", f"owner-{owner}" if owner else "neutral"]
                tip = f"{name(pid)}: " + (_("held by %(owner)s", owner=name(owner)) if owner else _("neutral"))
                marks = summary.marks.get(pid, ())
                if marks:
                    tip += " (" + ", ".join(mark_name(m) for m in marks) + ")"
            if pid in changed:
                classes.append("changed")
                before, _after = changed[pid]
                tip += "; " + _("changed hands this turn (before: %(owner)s)", owner=name(before) if before else _("neutral"))
            ident = f' id="province-{pid}"' if ids else ""
            path = (f'<path{ident} class="{" ".join(classes)}" d="{self._d_of(pid)}">'
                    f'<title>{escape(tip)}</title></path>')
            if href is not None:
                path = f'<a href="{escape(href(pid))}">{path}</a>'
            parts.append(path)
        ident = ' id="map-provinces"' if ids else ""
        return (f'<g{ident} class="provinces" stroke="{BORDER}" stroke-width="{self._width(0.9 * px)}" stroke-linejoin="round" '
                f'fill-rule="evenodd"{self._scaled()}>{"".join(parts)}</g>')

    def _outlines(self, pids, group_class, path_class, colour, width, dash=None, reuse=False) -> str:
        """Outlines of ``pids`` drawn over the provinces; ``reuse``: by reference to the provinces'
        own paths (their ids are on the page), so that no outline is written twice."""
        if not pids:
            return ""
        q = self._compact_q or 1.0
        dashed = ""
        if dash:
            dashed = ' stroke-dasharray="' + ",".join(_fmt(float(v) / q, self._d + 1) for v in dash.split(",")) + '"'
        if reuse:
            paths = "".join(f'<use class="{path_class}" href="#province-{p}"/>' for p in pids)
        else:
            paths = "".join(f'<path class="{path_class}" d="{self._d_of(p)}"/>' for p in pids)
        return (f'<g class="{group_class}" fill="none" stroke="{colour}" stroke-width="{self._width(width)}" '
                f'stroke-linejoin="round"{dashed} pointer-events="none" aria-hidden="true"{self._scaled()}>{paths}</g>')

    def _focus(self, pid: str, px: float) -> str:
        d = self._d_of(pid)
        return (f'<g class="focus" fill="none" stroke-linejoin="round" pointer-events="none"{self._scaled()}>'
                f'<path d="{d}" stroke="#ffffff" stroke-width="{self._width(6 * px)}"/>'
                f'<path d="{d}" stroke="{INK}" stroke-width="{self._width(3 * px)}"/></g>')

    def _keeper(self, box) -> Callable[[Box], bool]:
        """Whether a thing with bounds (x0, y0, x1, y1) shows in the view box ``box`` (x, y, w, h)."""
        x, y, w, h = box
        view = (x, y, x + w, y + h)
        return lambda b: _meets(b, view)

    def clipped(self, summary, box, room) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What a small map (``svg(..., clip=True)``) of ``box`` in ``room`` draws of ``summary``:
        the provinces it draws, and those whose marks it draws. A page keyed by their holders
        and marks is made again only when its own corner of the map changed."""
        keep = self._keeper(box)
        px = 1 / self.bucket(self.scale_of(box, room))
        g = self.geometry
        provinces = tuple(p for p in sorted(self.campaign.map.provinces) if keep(g.boxes[p]))
        marked = tuple(p for p in sorted(summary.marks) if self._mark_shown(summary, p, px, keep))
        return provinces, marked

    def _mark_shown(self, summary, pid, px, keep) -> bool:
        marks = summary.marks[pid]
        return bool(marks) and pid in self.geometry.anchors and keep(self._mark_zone(pid, len(marks), px))

    def _marks(self, summary, px: float, keep=lambda b: True) -> str:
        """The marks (capitals, castles...) of every province whose marks show in the view."""
        g = self.geometry
        parts = []
        for pid in sorted(summary.marks):
            if not self._mark_shown(summary, pid, px, keep):
                continue
            x, y = self.mark_spot(pid, len(summary.marks[pid]), px)
            holder = summary.owners.get(pid)
            for i, mark in enumerate(sorted(summary.marks[pid])):
                cx = x + (i - (len(summary.marks[pid]) - 1) / 2) * 17 * px
                tip = _("%(mark)s of %(owner)s: %(province)s", mark=mark_name(mark), owner=self.campaign.name_of(holder),
                        province=self.campaign.name_of(pid))
                parts.append(_mark_shape(mark, cx, y - 6 * px, 8.5 * px, self.f, f"mark mark-{mark}", tip))
        if not parts:
            return ""
        return (f'<g class="marks" stroke="#ffffff" stroke-width="{_fmt(1.2 * px, self._d + 1)}" stroke-linejoin="round">'
                f'{"".join(parts)}</g>')

    def _piece_layer(self, summary, scale, px, layers, ids, box, badges=()) -> str:
        """The counters of ``summary`` at one scale and frame, placed once however many maps show
        them, clear of the names, the marks and the contests' ``badges``."""
        key = (id(summary), round(scale, 9), ids, tuple(box))
        kept = self._piece_cache.get(key)
        if kept is None or kept[0] is not summary:
            marks = [self._mark_zone(p, len(m), px) for p, m in summary.marks.items() if p in self.geometry.anchors and m]
            marked = {p for p, m in summary.marks.items() if m}
            counters = Counters(self.geometry.anchors, self._shapes, px, self.f, self.colour, _text_on,
                                self.campaign.name_of, self._inside_cache.setdefault(round(scale, 9), {}))
            x, y, w, h = box
            inset = 3 * px
            kept = (summary, counters.layer(summary.pieces, marks, marked, layers.label_boxes, ids,
                                            (x + inset, y + inset, x + w - inset, y + h - inset), badges))
            self._piece_cache[key] = kept
        return kept[1]

    # ---- the legend -------------------------------------------------------------------------

    def legend(self, summary, changed=None, *, orders=True, players=None) -> list[LegendItem]:
        """What the map's colours and symbols mean, each once, with a drawing of each mark."""
        items = []
        for p in self.campaign.players:
            if players is not None and p.id not in players:
                continue
            pattern = self.patterns.get(p.id)
            items.append(LegendItem("player", p.name, p.colour, p.id, style=palette.css_background(p.colour, pattern)))
        items.append(LegendItem("neutral", _("Neutral"), NEUTRAL_FILL, "neutral", style=f"background:{NEUTRAL_FILL}"))
        for mark in sorted({m for marks in summary.marks.values() for m in marks}):
            items.append(LegendItem("mark", mark_name(mark).capitalize(), None, mark,
                                    _sample(_mark_shape(mark, 8, 8, 7, lambda v: _fmt(v, 1), "", ""), 16)))
        on_borders = self.terrain.on_borders
        kinds = sorted({kind for a, b, kind in self.geometry.links
                        if not (kind == "land" and self.geometry.drawn_from == "outlines") and (a, b, kind) not in on_borders})
        for kind in kinds:
            items.append(LegendItem("link", link_label(kind), LINK_STYLE.get(kind, LINK_STYLE["land"])[0], kind))
        small = lambda v: _fmt(v, 1)    # noqa: E731
        for kind in sorted({b.kind for b in self.terrain.borders}):
            drawing = terrain_kit.draw_border(kind, (((2.0, 12.0), (14.0, 7.0), (30.0, 10.0)),), 1.0, small)
            items.append(LegendItem("border", terrain_kit.border_label(kind), None, f"border-{kind}", _sample(drawing, 32, 18)))
        if self.terrain.coastline:
            drawing = (f'<rect x="0" y="0" width="32" height="9" fill="{NEUTRAL_FILL}"/>'
                       f'<rect x="0" y="9" width="32" height="9" fill="{SEA_FILL}"/>'
                       f'<path d="M0,11H32" stroke="{terrain_kit.SHORE_GLOW}" stroke-width="4"/>'
                       f'<path d="M0,9H32" stroke="{terrain_kit.SHORE}" stroke-width="2"/>')
            items.append(LegendItem("border", tr(terrain_kit.COAST_LABEL), None, "coast", _sample(drawing, 32, 18)))
        if changed:
            items.append(LegendItem("changed", _("Changed hands this turn"), CHANGED, "changed"))
        kinds: dict[str, Piece] = {}
        for piece in sorted(summary.pieces, key=lambda p: (p.status or "", p.label)):
            kinds.setdefault(piece.status or "", piece)
        for status, piece in kinds.items():
            words = summary.piece_legend.get(status) or COUNTER_WORDS.get(status) or tr(status).capitalize()
            items.append(LegendItem("piece", tr(words), None, status or "piece", _counter_sample(piece)))
        if orders:
            items += self._order_legend(summary.orders) + self._contest_legend(summary.contests)
        return items

    def _order_legend(self, orders) -> list[LegendItem]:
        out = []
        seen = set()
        grey = "#8c8c8c"

        drawing = Overlay({"a": (-2, 16), "b": (42, 8), "c": (24, 17)}, 1.0, lambda _p: grey, 1, _text_on)

        def add(key, label, mark):
            if key not in seen:
                seen.add(key)
                out.append(LegendItem("order", label, None, key, _sample(drawing.body(mark), 38, 24)))
        for m in orders:
            kind = m.kind
            legs = {w for leg in m.legs for w in leg.split()}
            path = ("a", "b")
            if kind in ORDER_NAMES and len(m.path) > 1:
                if m.outcome is Outcome.FAILED:
                    add(f"{kind}-failed", tr(FAILED_NAMES[kind]), OrderMark(kind, None, path, Outcome.FAILED, ""))
                else:
                    add(kind, tr(ORDER_NAMES[kind]), OrderMark(kind, None, path, Outcome.SUCCEEDED, ""))
                if m.count > 1:
                    add("repeated", _("Order given twice (or more)"),
                        OrderMark(kind, None, path, Outcome.SUCCEEDED, "", count=2))
                if "sea" in legs:
                    add("sea", _("Step by sea"), OrderMark(kind, None, path, Outcome.SUCCEEDED, "", legs=("sea",)))
                if "forced" in legs:
                    add("forced", _("Forced march"), OrderMark(kind, None, path, Outcome.SUCCEEDED, "", legs=("forced",)))
            elif kind == "siege":
                add("siege", _("Siege laid"), OrderMark("siege", None, ("c",), Outcome.SUCCEEDED, ""))
            elif kind == "defend":
                if m.outcome is Outcome.FAILED:
                    add("defend-failed", _("Defence that failed"), OrderMark("defend", None, ("c",), Outcome.FAILED, ""))
                elif m.outcome is Outcome.NONE:
                    add("defend-none", _("Defence no one tested"), OrderMark("defend", None, ("c",), Outcome.NONE, ""))
                else:
                    add("defend", _("Defence"), OrderMark("defend", None, ("c",), Outcome.SUCCEEDED, ""))
            else:
                add("hold", _("Order in place"), OrderMark("hold", None, ("c",), m.outcome, ""))
        return out

    def _contest_legend(self, contests) -> list[LegendItem]:
        out = []
        seen = set()
        drawing = Overlay({}, 1.0, lambda p: "#8c8c8c" if p else "#ffffff", 1, _text_on)
        for c in contests:
            if c.province is None:
                continue
            key = (c.kind, c.outcome)
            if key in seen:
                continue
            seen.add(key)
            what = tr(CONTEST_NAMES[c.kind]) if c.kind in CONTEST_NAMES else c.kind.replace("-", " ").capitalize()
            result = CONTEST_RESULTS.get(c.outcome.value)
            label = _("%(contest)s: %(result)s", contest=what, result=tr(result)) if result else what
            out.append(LegendItem("contest", label, None, f"{c.kind}-{c.outcome.value}",
                                  _sample(drawing.badge(c.kind, c.outcome, "x", 11, 11), 22, 22)))
        return out


def _counter_sample(piece: Piece) -> Markup:
    """The legend's drawing of a kind of counter: one of them (``piece``) in grey, with what its
    counter writes (its strength as 12: the figures vary, their place does not); a besieged
    one with its castle wall around it, which needs a larger box."""
    sample = Piece("", "", "", 12 if piece.strength is not None else None, piece.status, short=short_name(piece))
    wall = piece.status == "besieged"
    drawn = Counters({}, {}, 1.0, lambda v: _fmt(v, 1), lambda _p: "#9e9e9e", _text_on, str).counter(
        sample, 5 if wall else 1, 8 if wall else 1, "")
    width = counter_width(sample) + (10 if wall else 2)
    return _sample(f"<g {PIECE_TEXT}>{drawn}</g>", width, 31 if wall else 21)


def _sample(svg: str, width: float, height: float | None = None) -> Markup:
    height = height if height is not None else width
    return Markup(f'<svg class="legend-sample" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
                  f'width="{width:g}" height="{height:g}" aria-hidden="true" stroke-linecap="round" '
                  f'stroke-linejoin="round">{svg}</svg>')


def _zone_at(x: float, y: float, count: int, px: float) -> Box:
    """The box of a row of ``count`` marks drawn about (x, y) (see :meth:`MapPainter._marks`)."""
    half = ((count - 1) / 2 * 17 + 9.5) * px
    return (x - half, y - 15.5 * px, x + half, y + 3.5 * px)


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


def _mark_shape(mark: str, x: float, y: float, r: float, f, classes: str, tip: str) -> str:
    """A capital is a star, a fortress a square tower, Kyoto a gold disc with a dark ring, anything
    else a diamond."""
    cls = f' class="{classes}"' if classes else ""
    title = f"<title>{escape(tip)}</title>" if tip else ""
    if mark == "capital":
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = math.pi / 2 + i * math.pi / 5
            points.append(f"{f(x + radius * math.cos(angle))},{f(y - radius * math.sin(angle))}")
        return f'<polygon{cls} points="{" ".join(points)}" fill="#000000">{title}</polygon>'
    if mark == "fortress":
        return (f'<rect{cls} x="{f(x - r * 0.8)}" y="{f(y - r * 0.8)}" width="{f(r * 1.6)}" height="{f(r * 1.6)}" '
                f'fill="{CASTLE}">{title}</rect>')
    if mark == "kyoto":
        return (f'<circle{cls} cx="{f(x)}" cy="{f(y)}" r="{f(r * 0.95)}" fill="{KYOTO}" stroke="{INK}" '
                f'stroke-width="{f(r * 0.3)}">{title}</circle>')
    points = f"{f(x)},{f(y - r)} {f(x + r)},{f(y)} {f(x)},{f(y + r)} {f(x - r)},{f(y)}"
    return f'<polygon{cls} points="{points}" fill="#5a3e8a">{title}</polygon>'
