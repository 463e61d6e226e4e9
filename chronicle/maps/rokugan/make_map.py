"""Generate chronicle/maps/rokugan/geometry.json: the coast of our Rokugan.

    python chronicle/maps/rokugan/make_map.py

The seed has no map (docs/maps/rokugan.md), so the coast is our judgement, drawn here as numbers
rather than copied art: the Empire's eastern and south-eastern shore is the sea (the Crane, the
Phoenix's Temple of Osano-Wo and the Crab on the coast, the Mantis islands off it); to the west,
north and south-west the provinces end at land that is no one's in this campaign (the Burning
Sands beyond the Unicorn, the Great Wall of the North beyond the Dragon, the Shadowlands' deeper
wastes), drawn muted. The script reads the provinces' positions from map.yaml beside it and writes,
deterministically:

* ``land``: the land the provinces' cells are grown in (the site's Voronoi cells of every ``at``,
  clipped to it instead of to a buffer around their hull): the mainland the provinces cover, and
  the Mantis islands apart in the sea;
* ``coast``: the land beyond the provinces, drawn muted (the site's coast layer);
* ``viewBox``: the frame.

Province outlines are still grown by the site from the positions, so every land link stays drawn
as a line and no border claims an adjacency the links do not have.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from shapely.geometry import MultiPolygon, Point, Polygon, box
from shapely.ops import unary_union

HERE = Path(__file__).resolve().parent

#: the frame of the map (x right, y down, the map file's units)
FRAME = (-40.0, -40.0, 1100.0, 940.0)

#: the sea east and south-east of the Empire, north to south along the shore: east of the Temple
#: of Osano-Wo and the Crane's Asahina, Doji and Daidoji, then turning south-west past Yasuki and
#: the Crab's coast to the Shadowlands' shore; the Mantis islands lie in it.
SEA = [
    (850, -40), (846, 10), (852, 48), (884, 96), (930, 138), (962, 190), (974, 250), (962, 318),
    (936, 388), (916, 452), (900, 520), (874, 578), (850, 622), (838, 680), (818, 720), (790, 752),
    (760, 790), (742, 840), (730, 900), (724, 940), (1100, 940), (1100, -40),
]

#: the Mantis islands (around their position, 950,680): a main island and a smaller one
ISLANDS = [
    [(912, 660), (930, 640), (962, 636), (986, 652), (992, 680), (978, 706), (950, 716), (922, 708), (908, 686)],
    [(960, 738), (976, 730), (992, 738), (990, 756), (972, 762), (958, 754)],
]

#: how far the mainland reaches beyond the provinces' positions (in map units), and how much its
#: outline is smoothed
REACH = 92.0
SMOOTH = 30.0
#: the band of land along the sea that the coastal provinces fill (no land beyond them there)
SHORE = 110.0
#: where that band runs: from the Temple of Osano-Wo's north to the Crab's Forgotten Tomb
SHORE_SPAN = (600.0, 30.0, 1100.0, 850.0)


def main(out: Path = HERE / "geometry.json") -> None:
    data = yaml.safe_load((HERE / "map.yaml").read_text(encoding="utf-8"))
    positions = {pid: tuple(p["at"]) for pid, p in data["provinces"].items()}
    frame = box(*FRAME)
    sea = Polygon(SEA)
    islands = unary_union([Polygon(ring) for ring in ISLANDS])
    mainland_points = [Point(xy) for pid, xy in sorted(positions.items()) if pid != "mantis_islands"]
    reach = unary_union([p.buffer(REACH, quad_segs=8) for p in mainland_points])
    reach = reach.buffer(SMOOTH, quad_segs=8).buffer(-SMOOTH, quad_segs=8)
    shore = sea.buffer(SHORE, quad_segs=8).intersection(box(*SHORE_SPAN))   # the coastal provinces reach the sea
    mainland = Polygon(_largest(reach).exterior).union(shore).difference(sea).intersection(frame)
    mainland = _largest(mainland.buffer(-1.0).buffer(1.0))
    land = unary_union([mainland, islands])
    beyond = frame.difference(sea).difference(land).buffer(-0.5).buffer(0.5)   # no slivers, no pinched rings
    for pid, xy in positions.items():
        assert land.contains(Point(xy)), f"{pid} is not on the land"
    for polygon in _polygons(land) + _polygons(beyond):
        assert polygon.simplify(0.5, preserve_topology=True).is_valid
    geometry = {
        "viewBox": " ".join(_num(v) for v in (FRAME[0], FRAME[1], FRAME[2] - FRAME[0], FRAME[3] - FRAME[1])),
        "land": [_path(g) for g in _polygons(land)],
        "coast": [_path(g) for g in _polygons(beyond)],
    }
    text = json.dumps(geometry, indent=1, sort_keys=True) + "\n"
    out.write_text(text, encoding="utf-8")


def _largest(shape):
    return max(_polygons(shape), key=lambda g: g.area)


def _polygons(shape) -> list[Polygon]:
    if isinstance(shape, Polygon):
        return [shape] if not shape.is_empty else []
    if isinstance(shape, MultiPolygon) or hasattr(shape, "geoms"):
        return sorted((g for g in shape.geoms if isinstance(g, Polygon) and not g.is_empty),
                      key=lambda g: (round(g.bounds[0], 1), round(g.bounds[1], 1)))
    return []


def _path(polygon: Polygon) -> str:
    """One polygon as SVG path data: its exterior, then its holes (straight lines, absolute)."""
    polygon = polygon.simplify(0.5, preserve_topology=True)
    parts = []
    for ring in [polygon.exterior, *polygon.interiors]:
        coords = list(ring.coords)[:-1]
        parts.append("M" + "L".join(f"{_num(x)},{_num(y)}" for x, y in coords) + "Z")
    return "".join(parts)


def _num(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


if __name__ == "__main__":
    main()
