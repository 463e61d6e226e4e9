"""Generate chronicle/maps/japan/map.yaml from the public-domain province data.

    python chronicle/maps/japan/make_map.py [DATA_DIR]

DATA_DIR defaults to ../shared/maps/japan relative to the repository root and must hold
provinces.geojson, svgpaths.json, adjacency.json and extras.geojson (see its README.md).
The script writes map.yaml next to itself (deterministically, sorted) and copies svgpaths.json
and extras.geojson beside it unchanged. Sea lanes are a judgement, not data: they are listed
below with their reasons, and docs/maps/japan.md explains them.

Coordinates: provinces.geojson gives ``label_xy_km`` north-up (y = (lat - 36) * 111.195), while
svgpaths.json draws in the same plane with SVG y down (y = -(lat - 36) * 111.195). ``at`` is
the label point in the SVG frame, so y is negated.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections import deque
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[2]
DEFAULT_DATA = REPO_ROOT.parent / "shared" / "maps" / "japan"

MAP_NAME = "Japan (the old provinces)"
# Two provinces share the name Awa; readers need them told apart on maps and in lists.
DISAMBIGUATED = {"awa_kanto": "Awa (Kanto)", "awa_shikoku": "Awa (Shikoku)"}
GEOMETRY = "svgpaths.json"
COPIED = ("svgpaths.json", "extras.geojson")

FLAGS = {
    "izumo": ["no_start_capital"],     # Clans of the Pitac: not a starting capital
    "buzen": ["no_start_capital"],     # Clans of the Pitac: not a starting capital
    "yamashiro": ["kyoto"],            # Kyoto's province
}

# (a, b): why. Distances are between the simplified outlines in svgpaths.json.
SEA_LANES = {
    ("aki", "iyo"): "Geiyo islands (Aki's Osaki islands to Iyo's Okamura), 0.1 km",
    ("bingo", "iyo"): "Geiyo islands (Shimanami chain, Tatara strait), 0.0 km; 2.4 km shared edge, under the 3 km land cut",
    ("buzen", "nagato"): "Kanmon strait (Moji/Kokura - Shimonoseki), 0.2 km",
    ("awa_shikoku", "awaji"): "Naruto strait, 1.1 km",
    ("bizen", "sanuki"): "Bizen coast - Naoshima islands; Shimotsui - Marugame crossing, 1.3 km",
    ("awaji", "harima"): "Akashi strait (Akashi - Iwaya), 3.7 km",
    ("higo", "hizen"): "Hayasaki strait (Amakusa - Shimabara, Oniike - Kuchinotsu), 4.6 km",
    ("kazusa", "sagami"): "Uraga channel, the ancient Tokaido crossing (Hashirimizu - Kazusa), 6.9 km",
    ("awaji", "kii"): "Kitan strait (Kada - Yura), the ancient Nankaido crossing, 9.5 km",
    ("mikawa", "shima"): "Irago strait (Irago - Toba), the pilgrims' way to Ise, 9.7 km",
    ("awa_kanto", "sagami"): "Mouth of Edo Bay (Miura - Awa), crossed by the Miura and by Yoritomo in 1180, 11.7 km",
    ("bungo", "iyo"): "Hoyo strait (Sadamisaki - Sekizaki), about 14 km (12.3 km island to island)",
    ("awa_shikoku", "kii"): "Kii channel (Wakayama - Tokushima), 28 km",
    ("echigo", "sado"): "Sado strait (Ogi - Izumozaki, Akadomari - Teradomari), 32 km",
    ("izumo", "oki"): "Oki - Mihonoseki, 43 km",
    ("hoki", "oki"): "Oki - Hoki; Go-Daigo's escape to Nawa in 1333, 52 km",
    ("hizen", "iki"): "Iki - Yobuko/Karatsu (Matsura), 14 km",
    ("chikuzen", "iki"): "Iki - Hakata, 32 km",
    ("iki", "tsushima"): "Tsushima strait, eastern channel, 45 km",
}

# Candidates in adjacency.json's sea_proximity_km that are deliberately left out.
NOT_LANES = {
    ("chikuzen", "nagato"): "4.7 km off the western mouth of the Kanmon strait; the crossing ran to Buzen",
    ("iyo", "suo"): "6.3 km between outlying islands across the Iyo-nada; Iyo already has the Geiyo and Hoyo lanes",
    ("awaji", "settsu"): "8.4 km across the mouth of Osaka Bay; Awaji's northern crossing was to Akashi (Harima)",
    ("bitchu", "sanuki"): "8.4 km between outer islands; the Konpira crossing left from Shimotsui in Bizen",
}


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def num(value: float) -> str:
    text = f"{round(value, 1):.1f}"
    return "0.0" if text == "-0.0" else text


def scalar(text: str) -> str:
    """A YAML scalar: plain when safe, else a JSON (= YAML double-quoted) string."""
    plain = text.replace("_", "").replace(" ", "").replace("-", "")
    if plain.isalnum() and text.isascii() and not text[0].isdigit() and text.lower() not in {
            "yes", "no", "on", "off", "true", "false", "null", "y", "n"}:
        return text
    return json.dumps(text)


def connected(ids: list[str], links: list[tuple[str, str, str]]) -> set[str]:
    around = {pid: set() for pid in ids}
    for a, b, _ in links:
        around[a].add(b)
        around[b].add(a)
    seen = {ids[0]}
    queue = deque([ids[0]])
    while queue:
        for there in around[queue.popleft()]:
            if there not in seen:
                seen.add(there)
                queue.append(there)
    return seen


def build(data_dir: Path) -> str:
    features = json.loads((data_dir / "provinces.geojson").read_text(encoding="utf-8"))["features"]
    paths = json.loads((data_dir / "svgpaths.json").read_text(encoding="utf-8"))["paths"]
    adjacency = json.loads((data_dir / "adjacency.json").read_text(encoding="utf-8"))

    provinces = {}
    for feature in features:
        props = feature["properties"]
        x, y = props["label_xy_km"]
        name = DISAMBIGUATED.get(props["id"], props["name"])
        provinces[props["id"]] = {"name": name, "at": (x, -y), "region": props["circuit"]}
    ids = sorted(provinces)
    assert len(ids) == 68, f"expected 68 provinces, found {len(ids)}"
    assert set(paths) == set(ids), "svgpaths.json and provinces.geojson name different provinces"
    for pid in FLAGS:
        assert pid in provinces, pid

    land = set()
    for a, neighbours in adjacency["adjacency"].items():
        for b in neighbours:
            land.add(pair(a, b))
    candidates = {pair(a, b) for a, b, _ in adjacency["sea_proximity_km"]["pairs"]}
    sea = {pair(a, b) for a, b in SEA_LANES}
    skipped = {pair(a, b) for a, b in NOT_LANES}
    assert not (sea & land), f"sea lanes that are also land links: {sorted(sea & land)}"
    assert not (candidates - sea - skipped), f"undecided candidates: {sorted(candidates - sea - skipped)}"
    for a, b in sea | skipped:
        assert a in provinces and b in provinces, (a, b)

    links = [(a, b, "land") for a, b in sorted(land)] + [(a, b, "sea") for a, b in sorted(sea)]
    reached = connected(ids, links)
    assert reached == set(ids), f"unreachable: {sorted(set(ids) - reached)}"

    reasons = {pair(a, b): why for (a, b), why in SEA_LANES.items()}
    out = [
        "# Generated by chronicle/maps/japan/make_map.py from the data in shared/maps/japan;",
        "# edit the script and run it again rather than editing this file.",
        "# Province boundaries: Asukana/Ryoseikoku_20230626_TSV, CC0 1.0. See docs/maps/japan.md.",
        f"name: {scalar(MAP_NAME)}",
        f"geometry: {GEOMETRY}",
        "provinces:",
    ]
    for pid in ids:
        info = provinces[pid]
        x, y = info["at"]
        fields = [f"name: {scalar(info['name'])}", f"at: [{num(x)}, {num(y)}]", f"region: {scalar(info['region'])}"]
        if pid in FLAGS:
            fields.append("flags: [" + ", ".join(sorted(FLAGS[pid])) + "]")
        out.append(f"  {pid}: {{{', '.join(fields)}}}")
    out.append("links:")
    out.append(f"  # land: the {len(land)} shared borders of at least 3 km (adjacency.json)")
    for a, b, _ in links[:len(land)]:
        out.append(f"  - [{a}, {b}]")
    out.append(f"  # sea: {len(sea)} lanes chosen by hand (see make_map.py and docs/maps/japan.md)")
    for a, b, kind in links[len(land):]:
        out.append(f"  - [{a}, {b}, {kind}]  # {reasons[(a, b)]}")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    data_dir = Path(argv[1]) if len(argv) > 1 else DEFAULT_DATA
    if not (data_dir / "provinces.geojson").is_file():
        print(f"no provinces.geojson in {data_dir}", file=sys.stderr)
        return 1
    text = build(data_dir)
    (HERE / "map.yaml").write_text(text, encoding="utf-8", newline="\n")
    for name in COPIED:
        shutil.copyfile(data_dir / name, HERE / name)
    print(f"wrote {HERE / 'map.yaml'} and copied {', '.join(COPIED)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
