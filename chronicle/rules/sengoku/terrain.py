"""Battle-sheet terrain: grassland, mountains or high mountains, with or without a river.

A campaign's own map may write ``terrain: mountains`` (or ``"grassland river"``) on a province;
otherwise the bundled japan map uses this ruleset's japan_terrain.yaml (our documented judgement);
any other province is grassland without a river.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import yaml

from ...i18n import N_

KINDS = ("grassland", "mountains", "high_mountains")

#: seed, "Terrain placement"
REQUIREMENTS = {
    "grassland": N_("At least three of: gentle hills, forests, bad going (rough, swamp, rice field), road."),
    "mountains": N_("At least three of: gentle hills, steep hills, bad going (rough), forest, road; one must be a steep hill."),
    "high_mountains": N_("At least three of: steep hills, bad going (rough), forest, gentle hills, road; two must be steep "
                         "hills."),
}
#: the kinds as the battle sheet names them ("high_mountains" reads "high mountains")
NAMES = {"grassland": N_("grassland"), "mountains": N_("mountains"), "high_mountains": N_("high mountains")}


@lru_cache(maxsize=1)
def japan_terrain() -> dict:
    text = resources.files(__package__).joinpath("japan_terrain.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


def parse_terrain(text: str) -> tuple[str, bool] | None:
    words = str(text).lower().replace("-", " ").replace("+", " ").replace(",", " ").split()
    river = "river" in words
    words = [w for w in words if w != "river"]
    kind = "_".join(words) or "grassland"
    return (kind, river) if kind in KINDS else None


def terrain_of(campaign, province: str) -> tuple[str, bool]:
    written = campaign.map.provinces[province].terrain
    if written:
        parsed = parse_terrain(written)
        if parsed:
            return parsed
    if province in japan_terrain() and campaign.map.name.lower().startswith("japan"):
        kind, river = japan_terrain()[province]
        return kind, bool(river)
    return "grassland", False
