"""The bundled `rokugan` map: the seed's 47 provinces (L28-40) with their factions and libraries,
and the constraints the seed implies, which our judgement of positions and links must respect
(docs/maps/rokugan.md). The generic checks of every bundled map (links' ends exist, connected)
are in tests/test_maps.py."""

from __future__ import annotations

import pytest
from shapely.geometry import Point

from chronicle.maps import load_bundled
from chronicle.rules.clanwar.factions import FACTIONS, NEUTRAL_PROVINCES

SEED_NAMES = {  # L28-40, as the seed spells them
    "crab": ["Hida", "Kaiu", "Kuni", "Yasuki"], "crane": ["Asahina", "Daidoji", "Doji", "Kakita"],
    "dragon": ["Agasha", "Kitsuki", "Mirumoto", "Togashi"], "lion": ["Akodo", "Ikoma", "Kitsu", "Matsu"],
    "phoenix": ["Asako", "Isawa", "Shiba", "Dragonfly"], "scorpion": ["Bayushi", "Shosuro", "Soshi", "Yogo"],
    "unicorn": ["Ide", "Iuchi", "Otaku", "Shinjo"],
    "shadowlands": ["Festering Pit", "Shiro Hiruma", "Forgotten Tomb", "Plains of Desperate Evil"],
    "monk": ["Temple of Osano-Wo", "Shrine of Shinsei", "Three Sisters Shrine", "Ki-Rin Shrine"],
    "naga": ["Plains above Evil", "Shinomen Forest", "Naga Road Plain", "Snow Plain"],
    "mantis": ["Mantis islands", "Fox clan", "Wasp Clan", "Usagi"],
    None: ["Beiden Pass", "Plain of Fast Troubles", "Otosan Uchi"],
}
LIBRARIES = {"Kuni", "Asahina", "Agasha", "Kitsu", "Isawa", "Soshi", "Iuchi", "Temple of Osano-Wo"}


@pytest.fixture(scope="module")
def rokugan():
    return load_bundled("rokugan")[0]


def test_the_seed_s_47_provinces_with_their_factions(rokugan):
    assert len(rokugan) == 47
    for faction, names in SEED_NAMES.items():
        got = sorted(p.name for p in rokugan.provinces.values() if p.faction == faction)
        assert got == sorted(names), faction
    for faction, kind in FACTIONS.items():
        assert sorted(rokugan.provinces[p].name for p in kind.provinces) == sorted(SEED_NAMES.get(faction, []))
    assert {rokugan.provinces[p].name for p in NEUTRAL_PROVINCES} == set(SEED_NAMES[None])


def test_the_eight_libraries_and_the_togashi_province(rokugan):
    assert {rokugan.provinces[p].name for p in rokugan.with_flag("library")} == LIBRARIES
    assert rokugan.with_flag("togashi") == ["togashi"]


def _of(game_map, faction):
    return {pid for pid, p in game_map.provinces.items() if p.faction == faction}


def test_crane_and_naga_lands_do_not_touch(rokugan):
    """L42: 'if there are only 2 players, Crane versus Naga will not work very well'."""
    naga = _of(rokugan, "naga")
    assert not any(set(rokugan.neighbours(p)) & naga for p in _of(rokugan, "crane"))


def test_the_mantis_islands_are_reached_by_sea(rokugan):
    links = rokugan.links_of("mantis_islands")
    assert links and all(link.kind == "sea" for link in links)


def test_crab_and_naga_border_the_shadowlands(rokugan):
    shadow = _of(rokugan, "shadowlands")
    for faction in ("crab", "naga"):
        assert any(set(rokugan.neighbours(p)) & shadow for p in _of(rokugan, faction)), faction
    for faction in ("crane", "lion", "phoenix", "dragon", "unicorn", "monk", "mantis"):
        assert not any(set(rokugan.neighbours(p)) & shadow for p in _of(rokugan, faction)), faction


def test_beiden_pass_is_the_one_way_between_lion_and_scorpion_through_no_one_s_land(rokugan):
    """Beiden Pass: mountain links to both; without it, Lion reaches Scorpion only through another
    faction's land."""
    lion, scorpion = _of(rokugan, "lion"), _of(rokugan, "scorpion")
    assert all(link.kind == "mountain" for link in rokugan.links_of("beiden_pass"))
    assert set(rokugan.neighbours("beiden_pass")) & lion and set(rokugan.neighbours("beiden_pass")) & scorpion
    open_land = lion | scorpion | {p for p, v in rokugan.provinces.items() if v.faction is None}

    def reach(without):
        seen, todo = set(lion), list(lion)
        while todo:
            here = todo.pop()
            for there in rokugan.neighbours(here):
                if there in open_land and there not in seen and there != without:
                    seen.add(there)
                    todo.append(there)
        return seen

    assert reach(None) & scorpion
    assert not reach("beiden_pass") & scorpion


def test_a_campaign_on_it_sets_up_the_seed_s_holdings(make_campaign):
    from chronicle.history import replay_folder
    root = make_campaign("""\
        title: Rokugan
        ruleset: clanwar
        map: rokugan
        players:
          - {id: crane, daimyo: d1, buy: [{personality: d1, cost: 0, earth: 2, void: 2, wounds: 3, deploy: doji}]}
          - {id: lion, daimyo: d2, buy: [{personality: d2, cost: 0, earth: 2, void: 2, wounds: 3, deploy: ikoma}]}
        """)
    history, problems = replay_folder(root)
    assert [p.format() for p in problems] == []
    owners = history.start.owners
    assert sorted(p for p, o in owners.items() if o == "crane") == ["asahina", "daidoji", "doji", "kakita"]
    assert sorted(p for p, o in owners.items() if o == "lion") == ["akodo", "ikoma", "kitsu", "matsu"]
    assert sum(1 for o in owners.values() if o is None) == 39      # the others' lands start neutral (L44)
    assert history.start.factions["crane"].koku == 8000          # X1: 2000 x 4


# --- the coast (make_map.py, geometry.json) ---------------------------------------------------------

def _shape(d: str):
    """An SVG path of straight lines (M/L/Z, absolute) as a shapely shape, ring by ring."""
    import re
    from shapely.geometry import Polygon
    from shapely.ops import unary_union
    rings = []
    for ring in re.findall(r"M([^MZ]*)Z?", d):
        values = [float(n) for n in re.findall(r"-?\d*\.?\d+", ring)]
        rings.append(Polygon(list(zip(values[0::2], values[1::2]))))
    shape = unary_union([]) if not rings else rings[0]
    for ring in rings[1:]:                       # even-odd, as SVG draws them: a ring inside is a hole
        shape = shape.symmetric_difference(ring)
    return shape


@pytest.fixture(scope="module")
def rokugan_geometry():
    from types import SimpleNamespace
    from chronicle.render.maps import map_geometry
    game_map, folder = load_bundled("rokugan")
    return game_map, map_geometry(SimpleNamespace(map=game_map, map_dir=folder))


def test_geometry_json_is_what_make_map_writes(tmp_path):
    """The coast is generated from the positions: moving a province without running make_map.py
    again would leave a stale coast."""
    import importlib.util
    _game_map, folder = load_bundled("rokugan")
    spec = importlib.util.spec_from_file_location("rokugan_make_map", folder / "make_map.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path / "geometry.json")
    import json
    fresh = json.loads((tmp_path / "geometry.json").read_text(encoding="utf-8"))
    shipped = json.loads((folder / "geometry.json").read_text(encoding="utf-8"))
    assert sorted(fresh) == sorted(shipped) and fresh["viewBox"] == shipped["viewBox"]
    for key in ("land", "coast"):           # the same shapes, whatever GEOS version rounds the last digit
        assert len(fresh[key]) == len(shipped[key]), key
        for new, old in zip(fresh[key], shipped[key]):
            assert _shape(new).symmetric_difference(_shape(old)).area < 5.0, key


def test_cells_grow_inside_the_coast_and_hold_their_province(rokugan_geometry):
    game_map, geometry = rokugan_geometry
    assert geometry.drawn_from == "cells"          # land links stay drawn as lines: no border claims a link
    import json
    _m, folder = load_bundled("rokugan")
    land = _shape("".join(json.loads((folder / "geometry.json").read_text(encoding="utf-8"))["land"]))
    shapes = {pid: _shape(d) for pid, d in geometry.outlines.items()}
    assert sorted(shapes) == sorted(game_map.provinces)
    for pid, shape in shapes.items():
        assert shape.is_valid and shape.contains(Point(game_map.provinces[pid].at)), pid
        assert shape.difference(land.buffer(0.5)).area < 1.0, pid
    ids = sorted(shapes)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            assert shapes[a].intersection(shapes[b]).area < 1e-6, (a, b)


def test_the_mantis_islands_lie_apart_in_the_sea(rokugan_geometry):
    """Reached only by sea (the links), and drawn so: no other province's outline comes near them,
    while the other 46 provinces make one mainland."""
    from shapely.ops import unary_union
    game_map, geometry = rokugan_geometry
    shapes = {pid: _shape(d) for pid, d in geometry.outlines.items()}
    islands = shapes.pop("mantis_islands")
    assert min(islands.distance(s) for s in shapes.values()) > 20
    mainland = unary_union([s.buffer(0.01) for s in shapes.values()])
    assert mainland.geom_type == "Polygon"
    land_beyond = unary_union([_shape(d) for d in geometry.coast])
    assert islands.distance(land_beyond) > 20


def test_the_sea_is_east_and_south_east(rokugan_geometry):
    """The Crane, the Temple of Osano-Wo and the Crab's Yasuki are on the coast: east of them is no
    land at all; the Unicorn and the Dragon end at land beyond the Empire, not at the sea."""
    from shapely.geometry import LineString
    from shapely.ops import unary_union
    game_map, geometry = rokugan_geometry
    everything = unary_union([_shape(d) for d in geometry.outlines.values()] + [_shape(d) for d in geometry.coast])
    x_end = geometry.view_box[0] + geometry.view_box[2]
    y_end = geometry.view_box[1] + geometry.view_box[3]
    for pid in ("asahina", "doji", "daidoji", "temple_of_osano_wo"):
        x, y = game_map.provinces[pid].at
        east = LineString([(x, y), (x_end, y)])
        reached = east.intersection(everything)
        assert reached.length < east.length * 0.5, pid          # the sea begins before the frame's edge
        assert not east.intersection(everything).covers(LineString([(x_end - 5, y), (x_end, y)])), pid
    for pid in ("shinjo", "otaku", "togashi", "snow_plain"):
        x, y = game_map.provinces[pid].at
        outward = LineString([(x, y), (geometry.view_box[0], y)]) if pid != "togashi" else LineString([(x, y), (x, geometry.view_box[1])])
        assert outward.difference(everything.buffer(0.5)).length < 1.0, pid      # land all the way to the frame
    assert y_end > max(p.at[1] for p in game_map.provinces.values())
