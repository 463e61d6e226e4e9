"""The bundled `rokugan` map: the seed's 47 provinces (L28-40) with their factions and libraries,
and the constraints the seed implies, which our judgement of positions and links must respect
(docs/maps/rokugan.md). The generic checks of every bundled map (links' ends exist, connected)
are in tests/test_maps.py."""

from __future__ import annotations

import pytest

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
