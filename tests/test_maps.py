"""The bundled maps: every one loads cleanly and is a sound graph; japan's own facts."""

from __future__ import annotations

import json
import re

import pytest

from chronicle.errors import ChronicleError
from chronicle.maps import bundled_names, bundled_path, load_bundled, map_from_data
from chronicle.schemas import MAP_SCHEMA, validate
from chronicle.source import load_yaml, parse_yaml

NAMES = bundled_names()


def test_japan_is_bundled():
    assert "japan" in NAMES


@pytest.fixture(scope="module", params=NAMES)
def bundled(request):
    name = request.param
    doc = load_yaml(bundled_path(name), f"<bundled map {name}>")
    return name, doc


def test_matches_the_map_schema(bundled):
    _, doc = bundled
    assert [p.format() for p in validate(doc, MAP_SCHEMA)] == []


def test_loads_with_no_problems(bundled):
    name, doc = bundled
    _, problems = map_from_data(doc, ())
    assert [p.format() for p in problems] == []
    game_map, folder = load_bundled(name)
    assert len(game_map) > 0
    assert folder == bundled_path(name).parent


def test_links_name_known_provinces_once(bundled):
    _, doc = bundled
    provinces = doc.data["provinces"]
    seen = set()
    for entry in doc.data.get("links") or []:
        a, b = entry[0], entry[1]
        assert a in provinces, f"link {entry} names unknown {a!r}"
        assert b in provinces, f"link {entry} names unknown {b!r}"
        assert a != b, f"self-link {entry}"
        key = frozenset((a, b))
        assert key not in seen, f"duplicate link {entry}"
        seen.add(key)


def test_every_province_reaches_every_other(bundled):
    name, _ = bundled
    game_map, _ = load_bundled(name)
    parts = game_map.components()
    assert len(parts) == 1, f"{len(parts)} separate parts, smallest: {sorted(min(parts, key=len))}"


def test_every_province_has_a_name_and_a_position(bundled):
    _, doc = bundled
    for pid, info in doc.data["provinces"].items():
        assert isinstance(info, dict), pid
        assert isinstance(info.get("name"), str) and info["name"].strip(), f"{pid} has no name"
        at = info.get("at")
        assert isinstance(at, list) and len(at) == 2, f"{pid} has no position"
        assert all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in at), pid


def test_geometry_file_exists(bundled):
    name, doc = bundled
    geometry = doc.data.get("geometry")
    if geometry is None:
        pytest.skip(f"{name} has no geometry")
    assert (bundled_path(name).parent / geometry).is_file()


# --- japan ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def japan():
    game_map, folder = load_bundled("japan")
    return game_map, folder


@pytest.fixture(scope="module")
def japan_svg(japan):
    game_map, folder = japan
    return json.loads((folder / game_map.geometry).read_text(encoding="utf-8"))


def test_japan_has_the_68_provinces(japan):
    game_map, _ = japan
    assert len(game_map) == 68
    assert game_map.geometry == "svgpaths.json"
    assert {"yamashiro", "awa_kanto", "awa_shikoku", "mutsu", "dewa", "tsushima"} <= set(game_map.provinces)


def test_japan_flags(japan):
    game_map, _ = japan
    assert game_map.with_flag("no_start_capital") == ["buzen", "izumo"]
    assert game_map.with_flag("kyoto") == ["yamashiro"]


def test_japan_kanmon_is_a_sea_link(japan):
    game_map, _ = japan
    link = game_map.link_between("buzen", "nagato")
    assert link is not None and link.kind == "sea"


def test_japan_sado_only_by_sea(japan):
    game_map, _ = japan
    assert game_map.neighbours("sado", ["land"]) == []
    assert game_map.neighbours("sado") == ["echigo"]
    assert game_map.link_between("sado", "echigo").kind == "sea"
    for island in ("oki", "iki", "tsushima", "awaji"):
        assert game_map.neighbours(island, ["land"]) == [], island
        assert game_map.neighbours(island, ["sea"]), island


def test_japan_kinds_are_land_or_sea(japan):
    game_map, _ = japan
    assert {link.kind for link in game_map.links} == {"land", "sea"}
    assert sum(link.kind == "land" for link in game_map.links) == 127


def test_japan_geometry_ids_are_province_ids(japan, japan_svg):
    game_map, _ = japan
    assert set(japan_svg["paths"]) == set(game_map.provinces)


def _rings(path: str) -> list[list[tuple[float, float]]]:
    rings = []
    for sub in re.findall(r"M[^M]*", path):
        rings.append([(float(x), float(y)) for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", sub)])
    return rings


def _inside(point: tuple[float, float], rings) -> bool:
    """Even-odd rule over every ring, as SVG's fill-rule evenodd draws it."""
    x, y = point
    inside = False
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


def test_japan_labels_land_inside_their_outlines(japan, japan_svg):
    game_map, _ = japan
    outside = [pid for pid, p in game_map.provinces.items() if not _inside(p.at, _rings(japan_svg["paths"][pid]))]
    assert outside == []


# --- problems ------------------------------------------------------------------------------

def test_unknown_province_in_a_link_gets_a_did_you_mean():
    doc = parse_yaml(
        "provinces:\n"
        "  yamashiro: {name: Yamashiro, at: [0, 0]}\n"
        "  omi: {name: Omi, at: [1, 0]}\n"
        "links:\n"
        "  - [yamashiro, omii]\n",
        "map.yaml")
    game_map, problems = map_from_data(doc, ())
    assert len(problems) == 1
    problem = doc.locate(problems[0])
    assert "unknown province 'omii'" in problem.message
    assert problem.hint == "did you mean 'omi'?"
    assert problem.path == ("links", 0, 1)
    assert (problem.place.line, problem.place.col) == (5, 17)
    assert game_map.links == ()


def test_load_bundled_raises_on_a_broken_map(tmp_path, monkeypatch):
    import chronicle.maps as maps

    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "map.yaml").write_text(
        "provinces:\n  omi: {}\n  mino: {}\nlinks:\n  - [omi, mno]\n", encoding="utf-8")
    monkeypatch.setattr(maps, "BUNDLED_DIR", tmp_path)
    with pytest.raises(ChronicleError) as raised:
        maps.load_bundled("broken")
    assert "did you mean 'mino'?" in str(raised.value)
    assert "<bundled map broken>:5:" in str(raised.value)
