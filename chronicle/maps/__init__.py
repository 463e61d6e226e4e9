"""Bundled maps and the map file format.

A map file is YAML::

    name: Japan
    geometry: svgpaths.json        # optional outlines, relative to the map file
    provinces:
      yamashiro: {name: Yamashiro, at: [x, y], flags: [kyoto], region: Kinai}
    links:
      - [yamashiro, omi]           # land by default
      - [buzen, nagato, sea]       # kind: land, sea, mountain, river or ford

A campaign names a bundled map (``map: japan``), a file of its own (``map: {file: map.yaml}``)
or writes the same mapping inline under ``map:``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from ..errors import ChronicleError, Problem
from ..geography import LINK_KINDS, Link, Map, Province
from ..source import Document, load_yaml
from ..suggest import did_you_mean

BUNDLED_DIR = Path(str(resources.files(__package__)))


def bundled_names() -> list[str]:
    return sorted(p.name for p in BUNDLED_DIR.iterdir() if (p / "map.yaml").is_file())


def bundled_path(name: str) -> Path:
    return BUNDLED_DIR / name / "map.yaml"


def load_bundled(name: str) -> tuple[Map, Path]:
    path = bundled_path(name)
    doc = load_yaml(path, f"<bundled map {name}>")
    game_map, problems = map_from_data(doc, ())
    if problems:
        raise ChronicleError([doc.locate(p) for p in problems])
    return game_map, path.parent


def map_from_data(doc: Document, base: tuple) -> tuple[Map, list[Problem]]:
    """Build a Map from the mapping at ``base`` in ``doc``; shape is already schema-checked.

    Returns every problem found (links to unknown provinces, self-links, repeated links).
    """
    data = doc.data
    for key in base:
        data = data[key]
    problems: list[Problem] = []
    provinces = []
    for pid, info in (data.get("provinces") or {}).items():
        info = info or {}
        at = info.get("at") or [0, 0]
        provinces.append(Province(
            id=str(pid), name=str(info.get("name", str(pid).replace("_", " ").title())),
            at=(float(at[0]), float(at[1])), flags=frozenset(info.get("flags") or ()),
            number=info.get("number"), terrain=info.get("terrain"), region=info.get("region"),
            faction=info.get("faction"), path=info.get("path")))
    ids = {p.id for p in provinces}
    links = []
    seen = {}
    for i, entry in enumerate(data.get("links") or []):
        path = base + ("links", i)
        a, b = str(entry[0]), str(entry[1])
        kind = entry[2] if len(entry) > 2 else "land"
        bad = False
        for j, end in enumerate((a, b)):
            if end not in ids:
                problems.append(Problem(f"link names unknown province {end!r}",
                                        hint=did_you_mean(end, ids) or "declare it under provinces:",
                                        path=path + (j,), rule="map"))
                bad = True
        if kind not in LINK_KINDS:
            problems.append(Problem(f"unknown link kind {kind!r}", hint=did_you_mean(kind, LINK_KINDS), path=path + (2,), rule="map"))
            bad = True
        if a == b:
            problems.append(Problem(f"a province cannot be linked to itself ({a!r})", path=path, rule="map"))
            bad = True
        pair = frozenset((a, b))
        if pair in seen and not bad:
            problems.append(Problem(f"link {a} - {b} is given twice", hint=f"first at entry {seen[pair] + 1}", path=path, rule="map"))
            bad = True
        if not bad:
            seen[pair] = i
            links.append(Link(a, b, kind))
    name = str(data.get("name", "map"))
    return Map.build(name, provinces, links, data.get("geometry")), problems
