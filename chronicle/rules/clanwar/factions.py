"""The twelve factions of the seed, their starting provinces and libraries, and who may ally with whom.

Seed lines 15-40: twelve factions, four provinces each (Toturi's Army none), eight libraries, three
neutral provinces. The provinces are named here by their ids on the bundled ``rokugan`` map; a
campaign on another map gives each province its starting ``faction:`` and the ``library`` flag.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FactionKind:
    id: str
    name: str
    colour: str
    provinces: tuple[str, ...]      # on the bundled rokugan map
    library: str | None             # its library province on the rokugan map


FACTIONS: dict[str, FactionKind] = {f.id: f for f in (
    FactionKind("crab", "Crab", "#4f6b8a", ("hida", "kaiu", "kuni", "yasuki"), "kuni"),
    FactionKind("crane", "Crane", "#5fa8d3", ("asahina", "daidoji", "doji", "kakita"), "asahina"),
    FactionKind("dragon", "Dragon", "#3f8f3f", ("agasha", "kitsuki", "mirumoto", "togashi"), "agasha"),
    FactionKind("lion", "Lion", "#d9a404", ("akodo", "ikoma", "kitsu", "matsu"), "kitsu"),
    FactionKind("phoenix", "Phoenix", "#e8743b", ("asako", "isawa", "shiba", "dragonfly"), "isawa"),
    FactionKind("scorpion", "Scorpion", "#b0222e", ("bayushi", "shosuro", "soshi", "yogo"), "soshi"),
    FactionKind("unicorn", "Unicorn", "#8e44ad", ("ide", "iuchi", "otaku", "shinjo"), "iuchi"),
    FactionKind("naga", "Naga", "#2a9d8f", ("plains_above_evil", "shinomen_forest", "naga_road_plain", "snow_plain"), None),
    FactionKind("monk", "Brotherhood of Shinsei", "#c47a2c",
                ("temple_of_osano_wo", "shrine_of_shinsei", "three_sisters_shrine", "ki_rin_shrine"), "temple_of_osano_wo"),
    FactionKind("mantis", "Yoritomo's Alliance", "#1f7a5a", ("mantis_islands", "fox_clan", "wasp_clan", "usagi"), None),
    FactionKind("toturi", "Toturi's Army", "#6d6d6d", (), None),
    FactionKind("shadowlands", "Yogo Junzo's Army", "#3b3b3b",
                ("festering_pit", "shiro_hiruma", "forgotten_tomb", "plains_of_desperate_evil"), None),
)}

#: the seed's neutral provinces (L40), by id on the rokugan map
NEUTRAL_PROVINCES = ("beiden_pass", "plain_of_fast_troubles", "otosan_uchi")

SHADOWLANDS = "shadowlands"
NAGA = "naga"
MONK = "monk"
TOTURI = "toturi"


def kind_of(faction: str) -> FactionKind | None:
    return FACTIONS.get(faction)
