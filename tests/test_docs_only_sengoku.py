"""A Sengoku campaign written and computed by hand from the docs and the rulebook alone.

Campaign: ``tests/campaigns/docs_only_sengoku/`` (``japan`` map). Played: Takeda (capital Kai,
fortress Shinano), Uesugi (Echigo, fortress Etchu), Mori (Aki, fortress Bingo), each with the
seed's holdings and three armies of 12 (``CLAN-1..3`` in listed order). Neutral: Hojo, Imagawa,
Shimazu (never touched). Every card and every die is written in the turn files, so the result
must not depend on the campaign ``seed`` (checked below).

Readings taken from docs/rules/sengoku.md: prestige by the seed's table (victory +3, defeat -2,
+1 per enemy element destroyed, camp +2, fortress taken +2 / lost -5, army destroyed -2,
refused battle -1, fortress built +2, alliance +5, +1 per province at the prestige phase);
"clockwise" = players' order in campaign.yaml (takeda, uesugi, mori), neutrals last; siege
"month" = turn; supply +1 per province *beyond* the in-supply zone; conquest by any link.

Hand computation, turn by turn
==============================

T1 March 1560 (spring; the set-up counts as the first spring: 10 provinces -> 3 armies, no muster).
  Cards: takeda forage, uesugi portuguese_trader, mori blank. Order by start card:
  takeda (joker), mori (A), uesugi (K).
  takeda-1 forced march Kai-Shinano-Mino-Omi-Tanba (4 provinces, forced 1): 12 -> 11.
  takeda-3 Omi -> Wakasa (empty Uesugi land).
  mori-1 Aki -> Iyo by the sea lane: storm d6 1, loss d6 2: 12 -> 10.
  mori-3 Bizen -> Harima (empty Takeda land).
  uesugi-1 Echigo -> Shinano; takeda-2 shuts itself in the fortress: siege.
  uesugi-3 Echizen -> Wakasa, meets takeda-3 (entered first) which gives battle.
  Siege of Shinano: needs 6, Portuguese trader +1, d6 3 -> 4, fails: uesugi-1 12 -> 11.
  Battle of Wakasa: uesugi-3 (12, breaks at 4) loses 4 -> broken, loses; takeda-3 loses 2
  (12 -> 10) and takes the camp. uesugi-3 (8) retreats to Echizen (3 from Echigo, own land;
  Omi is also 3 but Takeda's).
  Conquest: Takeda Wakasa (next to Omi), Mori Harima (next to Bizen), Mori Iyo (sea link to Aki).
  Supply: all in own land or next to it (uesugi-1 in Shinano next to Echigo).
  Provinces: Takeda 10, Uesugi 9, Mori 12.
  Prestige: Takeda +3 victory +4 elements +2 camp +10 = 29; Uesugi -2 defeat +2 elements +9 = 19;
  Mori +12 = 22.

T2 May 1560. Cards: takeda bitter_enders, uesugi forage, mori excellent_reconnaissance.
  Initiative takeda 4, uesugi 5, mori 2: uesugi first, then clockwise: uesugi, mori, takeda.
  Siege of Shinano, 2nd month: needs 5, +1 trader, d6 4 -> 5: taken. takeda-2 destroyed;
  Shinano and its fortress to Uesugi.
  mori-1 Iyo -> Tosa. takeda-3 Wakasa -> Tango (empty Uesugi).
  takeda-1 Tanba -> Harima against mori-3, which gives battle: takeda-1 (11, breaks at 4, +2
  Bitter Enders = 6) loses 4, not broken; mori-3 (12, breaks at 4) loses 4: broken, loses.
  takeda-1 11 -> 7; mori-3 12 -> 8 retreats to Bizen (Bizen and Mimasaka both 3 from Aki,
  own land: written retreat: bizen).
  Conquest: Takeda Harima, Takeda Tango, Mori Tosa.
  Provinces: Takeda 11, Uesugi 9, Mori 12.
  Prestige: Takeda -5 fortress lost -2 army destroyed +3 victory +4 elements +11 = 40;
  Uesugi +2 fortress taken +9 = 30; Mori -2 defeat +4 elements +12 = 36.

T3 July 1560. Cards: takeda spy, uesugi blank, mori forage.
  Initiative takeda 6, uesugi 1, mori 3: takeda, uesugi, mori.
  Mori builds a fortress in Iyo (+2). Transfer mori-2 (Bingo) -> mori-3 (Bizen), 3 elements
  (2 provinces): mori-2 12 -> 9, mori-3 8 -> 11.
  takeda-1 Harima -> Mimasaka -> Bitchu (Mori land, 2 from Takeda land: out of supply).
  uesugi-2 Etchu -> Hida -> Mino (empty Takeda). mori-1 Tosa -> Awa -> Sanuki.
  Conquest: Uesugi Mino (next to Hida), Mori Sanuki (next to Iyo); not Bitchu (not next to Takeda).
  Supply: takeda-1 d6 4 +1 (one province beyond) = 5: loses 1, 7 -> 6.
  Provinces: Takeda 10, Uesugi 10, Mori 13.
  Prestige: Takeda +10 = 50; Uesugi +10 = 40; Mori +2 fortress built +13 = 51.

T4 September 1560. Cards: takeda blank, uesugi excellent_reconnaissance, mori bitter_enders.
  Initiative takeda 3, uesugi 2, mori 5: mori, takeda, uesugi.
  Takeda builds a fortress in Omi (+2).
  mori-3 Bizen -> Bitchu (nearer Aki: allowed after its retreat) against takeda-1, which
  refuses and retreats to Mimasaka (-1).
  takeda-3 Tango -> Tanba -> Omi. uesugi-3 Echizen -> Kaga -> Etchu (each step nearer Echigo).
  Conquest: none. takeda-1 stands alone in Mimasaka, next to Harima, but it withdrew there this
  turn, and a retreat conquers nothing. [CORRECTION: my first computation, following chronicle as
  it then was, had Takeda conquer Mimasaka here. The rulebook calls refusing battle a retreat
  ("refuse battle and retreat out of the province"; "Refuse battle/retreat -1PP") and the reading
  now in docs/rules/sengoku.md is that a retreating army never conquers the province it retreats
  into. Turns 4-8 below are recomputed; the turn files are unchanged.]
  Provinces: Takeda 10, Uesugi 10, Mori 13.
  Prestige: Takeda -1 refused +2 fortress built +10 = 61; Uesugi +10 = 50; Mori +13 = 64.

  POSITION AFTER TURN 4
  | clan   | prov | capital | armies (province, elements)                                  | castles                      | prestige |
  | takeda | 10   | kai     | takeda-1 mimasaka 6, takeda-3 omi 10                          | kai (capital), omi           | 61       |
  | uesugi | 10   | echigo  | uesugi-1 shinano 11, uesugi-2 mino 12, uesugi-3 etchu 8      | echigo (capital), etchu, shinano | 50   |
  | mori   | 13   | aki     | mori-1 sanuki 10, mori-2 bingo 9, mori-3 bitchu 11           | aki (capital), bingo, iyo    | 64       |
  No army besieged, no siege. Hands 3 / 3 / 4 cards; deck 1 with 42 left.

T5 November 1560. Cards: takeda forage, uesugi spy, mori blank.
  Initiative takeda 1, uesugi 6, mori 4: uesugi, mori, takeda.
  Takeda builds a fortress in Harima (+2).
  uesugi-1 Shinano -> Echigo. mori-1 Sanuki -> Iyo. mori-3 Bitchu -> Hoki -> Inaba -> Tajima.
  takeda-1 Mimasaka -> Harima (nearer Kai). takeda-3 Omi -> Mino against uesugi-2: battle.
  takeda-3 (10) loses 2 -> 8; uesugi-2 (12, breaks at 4) loses 4 -> broken, 8 elements,
  retreats to Shinano (1 from Echigo).
  Conquest: Takeda Mino. Not Tajima for Mori (not next to Mori land).
  Supply: mori-3 in Tajima (2 from Hoki) d6 2 +1 = 3: no loss.
  Provinces: Takeda 11, Uesugi 9, Mori 13.
  Prestige: Takeda +2 fortress built +3 victory +4 elements +11 = 81;
  Uesugi -2 defeat +2 elements +9 = 59; Mori +13 = 77.

T6 January 1561 (winter). Cards: takeda blank, uesugi forage, mori spy.
  Initiative takeda 3, uesugi 5, mori 1: uesugi, mori, takeda (no moves written).
  Onset: takeda-3 in Mino, outside quarters; nearest quarters with room: Omi (1 province):
  loses 3, 8 -> 5, marched to Omi. mori-3 in Tajima; Bingo (3) and Iyo are full (mori-2,
  mori-1), the nearest with room is Aki, 4 provinces (Tajima-Inaba-Hoki-Bingo-Aki): 3 + 3,
  Forage -1: loses 5, 11 -> 6, marched to Aki.
  In quarters all winter, +3 up to 12: takeda-1 (Harima) 6 -> 9, uesugi-1 (Echigo) 11 -> 12,
  uesugi-2 (Shinano) 8 -> 11, uesugi-3 (Etchu) 8 -> 11, mori-1 (Iyo) 10 -> 12, mori-2 (Bingo) 9 -> 12.
  Provinces unchanged: 11, 9, 13. Prestige: Takeda 92, Uesugi 68, Mori 90.

T7 March 1561 (spring). Muster: Takeda 11 provinces -> 3 armies, has 2: one new of 12 at Kai
  (named takeda-4: the docs now say new armies take the clan's next number, never reusing a lost
  army's); Uesugi 9 -> 3, has 3; Mori 13 -> 4, has 3: mori-4 (12) at Aki.
  Cards: takeda spy, uesugi blank, mori portuguese_trader. Alliance Uesugi-Mori (+5 each).
  Initiative takeda 5, uesugi 4, mori 2: takeda, uesugi, mori.
  uesugi-1 Echigo -> Shinano -> Mino (empty Takeda); mori-2 Bingo -> Bitchu -> Mimasaka (Mori's).
  Conquest: Uesugi Mino. Provinces: Takeda 10, Uesugi 10, Mori 13.
  Supply: Mino (2 from Kai) was lost next to takeda-3 in Omi (3, own land): its chain of
  supply is broken, d6 2: no loss. [CORRECTION after running chronicle: my first hand
  computation forgot this rule of docs/rules/sengoku.md (Supply, "behind"); chronicle drew the
  die from the seed, which the seed-independence test caught. Chronicle was right; the die is
  now written in 007.yaml.]
  Prestige: Takeda +10 = 102; Uesugi +5 +10 = 83; Mori +5 +13 = 108.

T8 May 1561. Cards: takeda excellent_reconnaissance, uesugi bitter_enders, mori blank.
  Initiative takeda 2, uesugi 6 then 3, mori 6 then 5: mori, takeda, uesugi.
  mori-2 Mimasaka -> Harima against takeda-1 (battle). uesugi-1 Mino -> Omi against takeda-3,
  which shuts itself in Omi's fortress.
  Siege of Omi: needs 6, d6 6: taken; takeda-3 destroyed; Omi and its castle to Uesugi.
  Battle of Harima: mori-2 (12) loses 1 -> 11; takeda-1 (9, breaks at 4) loses 4 -> broken,
  5 elements, retreats to Tanba (4 from Kai; Settsu and Tajima 5).
  Conquest: none: Harima's Takeda fortress still stands (empty), so mori-2 does not take it.
  Supply: mori-2 in Harima next to Mimasaka: in supply. Omi (3 from Kai) was lost next to
  takeda-1 in Tanba (4, own land): chain of supply broken, d6 6: loses 1, 5 -> 4.
  [CORRECTION, as in turn 7: first forgotten, chronicle right; the die is written in 008.yaml.]
  Provinces: Takeda 9, Uesugi 11, Mori 13.
  Prestige: Takeda -5 fortress lost -2 army destroyed -2 defeat +1 element +9 = 103;
  Uesugi +2 fortress taken +11 = 96; Mori +3 victory +4 elements +13 = 128.

  POSITION AFTER TURN 8 (May 1561)
  | clan   | prov | capital | armies (province, elements)                                          | castles                            | prestige |
  | takeda | 9    | kai     | takeda-1 tanba 4, takeda-4 kai 12                                    | kai (capital), harima              | 103      |
  | uesugi | 11   | echigo  | uesugi-1 omi 12, uesugi-2 shinano 11, uesugi-3 etchu 11              | echigo (capital), etchu, shinano, omi | 96    |
  | mori   | 13   | aki     | mori-1 iyo 12, mori-2 harima 11, mori-3 aki 6, mori-4 aki 12         | aki (capital), bingo, iyo          | 128      |
  No army besieged, no siege. Hands 7 / 7 / 7; deck 1 with 30 left; no winner yet.
"""

import json
import shutil
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from click.testing import CliRunner

from chronicle.cli import main

CAMPAIGN = Path(__file__).parent / "campaigns" / "docs_only_sengoku"
PLAYED = ["takeda", "uesugi", "mori"]
NEUTRAL = ["hojo", "imagawa", "shimazu"]

# ---- provinces ----------------------------------------------------------------------------
START = {
    "takeda": {"kai", "shinano", "mino", "omi", "tanba", "tajima", "inaba", "harima", "settsu", "izumi"},
    "uesugi": {"echigo", "sado", "dewa", "etchu", "noto", "kaga", "hida", "echizen", "wakasa", "tango"},
    "mori": {"aki", "suo", "nagato", "iwami", "izumo", "hoki", "bingo", "bitchu", "bizen", "mimasaka"},
    "hojo": {"sagami", "izu", "musashi", "shimosa", "kazusa", "awa_kanto", "hitachi", "shimotsuke", "kozuke", "mutsu"},
    "imagawa": {"suruga", "totomi", "mikawa", "owari", "ise", "shima", "iga", "yamato", "kii", "kawachi"},
    "shimazu": {"satsuma", "osumi", "hyuga", "higo", "bungo", "chikugo", "chikuzen", "hizen", "buzen", "iki"},
}
# turn -> [(province, new owner)]
CHANGES = {
    1: [("harima", "mori"), ("wakasa", "takeda"), ("iyo", "mori")],
    2: [("shinano", "uesugi"), ("harima", "takeda"), ("tango", "takeda"), ("tosa", "mori")],
    3: [("mino", "uesugi"), ("sanuki", "mori")],
    4: [],                        # takeda-1 withdrew into Mimasaka: a retreat conquers nothing
    5: [("mino", "takeda")],
    6: [],
    7: [("mino", "uesugi")],
    8: [("omi", "uesugi")],
}
COUNTS = {  # turn -> (takeda, uesugi, mori)
    1: (10, 9, 12), 2: (11, 9, 12), 3: (10, 10, 13), 4: (10, 10, 13),
    5: (11, 9, 13), 6: (11, 9, 13), 7: (10, 10, 13), 8: (9, 11, 13),
}
TAKEDA_AFTER_4 = {"kai", "omi", "tanba", "tajima", "inaba", "settsu", "izumi", "wakasa", "harima", "tango"}
UESUGI_AFTER_4 = {"echigo", "sado", "dewa", "etchu", "noto", "kaga", "hida", "echizen", "shinano", "mino"}
MORI_AFTER_4 = {"aki", "suo", "nagato", "iwami", "izumo", "hoki", "bingo", "bitchu", "bizen", "iyo", "tosa", "sanuki",
                "mimasaka"}
TAKEDA_AFTER_8 = {"kai", "tanba", "tajima", "inaba", "settsu", "izumi", "wakasa", "harima", "tango"}
UESUGI_AFTER_8 = {"echigo", "sado", "dewa", "etchu", "noto", "kaga", "hida", "echizen", "shinano", "mino", "omi"}
MORI_AFTER_8 = MORI_AFTER_4 | {"mimasaka"}

# ---- castles ------------------------------------------------------------------------------
CASTLES_4 = {
    "kai": ("capital", "takeda"), "omi": ("fortress", "takeda"),
    "echigo": ("capital", "uesugi"), "etchu": ("fortress", "uesugi"), "shinano": ("fortress", "uesugi"),
    "aki": ("capital", "mori"), "bingo": ("fortress", "mori"), "iyo": ("fortress", "mori"),
    "sagami": ("capital", "hojo"), "musashi": ("fortress", "hojo"),
    "suruga": ("capital", "imagawa"), "mikawa": ("fortress", "imagawa"),
    "satsuma": ("capital", "shimazu"), "higo": ("fortress", "shimazu"),
}
CASTLES_8 = dict(CASTLES_4, omi=("fortress", "uesugi"), harima=("fortress", "takeda"))

# ---- armies: turn -> {army: (province, elements, besieged)} --------------------------------
NEUTRAL_ARMIES = {
    "hojo-1": ("sagami", 12, False), "hojo-2": ("musashi", 12, False), "hojo-3": ("kozuke", 12, False),
    "imagawa-1": ("suruga", 12, False), "imagawa-2": ("mikawa", 12, False), "imagawa-3": ("yamato", 12, False),
    "shimazu-1": ("satsuma", 12, False), "shimazu-2": ("higo", 12, False), "shimazu-3": ("buzen", 12, False),
}
ARMIES = {
    1: {"takeda-1": ("tanba", 11, False), "takeda-2": ("shinano", 12, True), "takeda-3": ("wakasa", 10, False),
        "uesugi-1": ("shinano", 11, False), "uesugi-2": ("etchu", 12, False), "uesugi-3": ("echizen", 8, False),
        "mori-1": ("iyo", 10, False), "mori-2": ("bingo", 12, False), "mori-3": ("harima", 12, False)},
    2: {"takeda-1": ("harima", 7, False), "takeda-3": ("tango", 10, False),
        "uesugi-1": ("shinano", 11, False), "uesugi-2": ("etchu", 12, False), "uesugi-3": ("echizen", 8, False),
        "mori-1": ("tosa", 10, False), "mori-2": ("bingo", 12, False), "mori-3": ("bizen", 8, False)},
    3: {"takeda-1": ("bitchu", 6, False), "takeda-3": ("tango", 10, False),
        "uesugi-1": ("shinano", 11, False), "uesugi-2": ("mino", 12, False), "uesugi-3": ("echizen", 8, False),
        "mori-1": ("sanuki", 10, False), "mori-2": ("bingo", 9, False), "mori-3": ("bizen", 11, False)},
    4: {"takeda-1": ("mimasaka", 6, False), "takeda-3": ("omi", 10, False),
        "uesugi-1": ("shinano", 11, False), "uesugi-2": ("mino", 12, False), "uesugi-3": ("etchu", 8, False),
        "mori-1": ("sanuki", 10, False), "mori-2": ("bingo", 9, False), "mori-3": ("bitchu", 11, False)},
    5: {"takeda-1": ("harima", 6, False), "takeda-3": ("mino", 8, False),
        "uesugi-1": ("echigo", 11, False), "uesugi-2": ("shinano", 8, False), "uesugi-3": ("etchu", 8, False),
        "mori-1": ("iyo", 10, False), "mori-2": ("bingo", 9, False), "mori-3": ("tajima", 11, False)},
    6: {"takeda-1": ("harima", 9, False), "takeda-3": ("omi", 5, False),
        "uesugi-1": ("echigo", 12, False), "uesugi-2": ("shinano", 11, False), "uesugi-3": ("etchu", 11, False),
        "mori-1": ("iyo", 12, False), "mori-2": ("bingo", 12, False), "mori-3": ("aki", 6, False)},
    7: {"takeda-1": ("harima", 9, False), "takeda-3": ("omi", 5, False),
        "takeda-4": ("kai", 12, False),
        "uesugi-1": ("mino", 12, False), "uesugi-2": ("shinano", 11, False), "uesugi-3": ("etchu", 11, False),
        "mori-1": ("iyo", 12, False), "mori-2": ("mimasaka", 12, False), "mori-3": ("aki", 6, False),
        "mori-4": ("aki", 12, False)},
    8: {"takeda-1": ("tanba", 4, False),
        "takeda-4": ("kai", 12, False),
        "uesugi-1": ("omi", 12, False), "uesugi-2": ("shinano", 11, False), "uesugi-3": ("etchu", 11, False),
        "mori-1": ("iyo", 12, False), "mori-2": ("harima", 11, False), "mori-3": ("aki", 6, False),
        "mori-4": ("aki", 12, False)},
}

# ---- prestige ledger: turn -> clan -> {reason: points} -------------------------------------
LEDGER = {
    1: {"takeda": {"victory": 3, "element_destroyed": 4, "camp_taken": 2, "province": 10},
        "uesugi": {"defeat": -2, "element_destroyed": 2, "province": 9},
        "mori": {"province": 12}},
    2: {"takeda": {"fortress_lost": -5, "army_destroyed": -2, "victory": 3, "element_destroyed": 4, "province": 11},
        "uesugi": {"fortress_taken": 2, "province": 9},
        "mori": {"defeat": -2, "element_destroyed": 4, "province": 12}},
    3: {"takeda": {"province": 10},
        "uesugi": {"province": 10},
        "mori": {"fortress_built": 2, "province": 13}},
    4: {"takeda": {"refused_battle": -1, "fortress_built": 2, "province": 10},
        "uesugi": {"province": 10},
        "mori": {"province": 13}},
    5: {"takeda": {"fortress_built": 2, "victory": 3, "element_destroyed": 4, "province": 11},
        "uesugi": {"defeat": -2, "element_destroyed": 2, "province": 9},
        "mori": {"province": 13}},
    6: {"takeda": {"province": 11}, "uesugi": {"province": 9}, "mori": {"province": 13}},
    7: {"takeda": {"province": 10},
        "uesugi": {"alliance_formed": 5, "province": 10},
        "mori": {"alliance_formed": 5, "province": 13}},
    8: {"takeda": {"fortress_lost": -5, "army_destroyed": -2, "defeat": -2, "element_destroyed": 1, "province": 9},
        "uesugi": {"fortress_taken": 2, "province": 11},
        "mori": {"victory": 3, "element_destroyed": 4, "province": 13}},
}
PRESTIGE = {  # after each turn: takeda, uesugi, mori
    1: (29, 19, 22), 2: (40, 30, 36), 3: (50, 40, 51), 4: (61, 50, 64),
    5: (81, 59, 77), 6: (92, 68, 90), 7: (102, 83, 108), 8: (103, 96, 128),
}
ORDER = {
    1: ["takeda", "mori", "uesugi"], 2: ["uesugi", "mori", "takeda"], 3: ["takeda", "uesugi", "mori"],
    4: ["mori", "takeda", "uesugi"], 5: ["uesugi", "mori", "takeda"], 6: ["uesugi", "mori", "takeda"],
    7: ["takeda", "uesugi", "mori"], 8: ["mori", "takeda", "uesugi"],
}
CARDS = {  # drawn, in turn order
    "takeda": ["forage", "bitter_enders", "spy", "blank", "forage", "blank", "spy", "excellent_reconnaissance"],
    "uesugi": ["portuguese_trader", "forage", "blank", "excellent_reconnaissance", "spy", "forage", "blank", "bitter_enders"],
    "mori": ["blank", "excellent_reconnaissance", "forage", "bitter_enders", "blank", "spy", "portuguese_trader", "blank"],
}
PLAYED_CARDS = {"takeda": {2: 1}, "uesugi": {1: 1}, "mori": {6: 1}}  # clan -> turn -> cards played
DATES = {1: "March 1560", 2: "May 1560", 3: "July 1560", 4: "September 1560",
         5: "November 1560", 6: "January 1561", 7: "March 1561", 8: "May 1561"}


def state(turn, directory=CAMPAIGN):
    result = CliRunner().invoke(main, ["state", str(directory), "--turn", str(turn), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.fixture(scope="module")
def states():
    return {n: state(n) for n in range(0, 9)}


@pytest.fixture(scope="module")
def private_states():
    """The administrator's view (``to_json(private=True)``): card names and hands."""
    from chronicle.history import load_history
    history = load_history(CAMPAIGN)
    campaign = history.campaign
    return {r.turn.number: campaign.ruleset.to_json(campaign, r.after, r.events, private=True) for r in history.turns}


def owners_after(turn):
    owner = {p: c for c, ps in START.items() for p in ps}
    for t in range(1, turn + 1):
        for province, clan in CHANGES[t]:
            owner[province] = clan
    return owner


def test_campaign_checks_without_errors():
    result = CliRunner().invoke(main, ["check", str(CAMPAIGN), "--strict"])
    assert result.exit_code == 0, result.output


def test_every_die_and_card_is_recorded_the_seed_changes_nothing(tmp_path, states):
    other = tmp_path / "other"
    shutil.copytree(CAMPAIGN, other)
    campaign = other / "content" / "campaign.yaml"
    campaign.write_text(campaign.read_text().replace("seed: 4004", "seed: 99173"))
    for n in range(1, 9):
        assert state(n, other) == states[n], f"turn {n} depends on the seed: a die or card was drawn"


@pytest.mark.parametrize("turn", range(1, 9))
def test_provinces_turn_by_turn(states, turn):
    s = states[turn]
    expected = owners_after(turn)
    got = {p: v["owner"] for p, v in s["provinces"].items() if v["owner"] is not None}
    assert got == expected
    counts = tuple(s["clans"][c]["provinces"] for c in PLAYED)
    assert counts == COUNTS[turn]
    for c in NEUTRAL:
        assert s["clans"][c]["provinces"] == 10


@pytest.mark.parametrize("turn", range(1, 9))
def test_armies_turn_by_turn(states, turn):
    s = states[turn]
    got = {a: (v["province"], v["strength"], v["besieged"]) for a, v in s["armies"].items()}
    assert got == dict(ARMIES[turn], **NEUTRAL_ARMIES)


@pytest.mark.parametrize("turn", range(1, 9))
def test_armies_as_multisets_ignoring_the_names_of_new_armies(states, turn):
    s = states[turn]
    got = Counter((v["clan"], v["province"], v["strength"], v["besieged"]) for v in s["armies"].values())
    want = Counter((a.rsplit("-", 1)[0], *v) for a, v in dict(ARMIES[turn], **NEUTRAL_ARMIES).items())
    assert got == want


@pytest.mark.parametrize("turn", range(1, 9))
def test_prestige_ledger_turn_by_turn(states, turn):
    got = defaultdict(lambda: defaultdict(int))
    for e in states[turn]["events"]:
        if e["kind"] == "prestige-awarded" and e["clan"] in PLAYED:
            # reasons are written "victory", "element_destroyed x4", "12 provinces held"
            reason = "province" if "provinces held" in e["reason"] else e["reason"].split(" x")[0]
            got[e["clan"]][reason] += e["points"]
    assert {c: dict(v) for c, v in got.items()} == LEDGER[turn]
    assert tuple(states[turn]["clans"][c]["prestige"] for c in PLAYED) == PRESTIGE[turn]
    # the ledger adds up from the start of 10
    for i, c in enumerate(PLAYED):
        assert 10 + sum(sum(LEDGER[t][c].values()) for t in range(1, turn + 1)) == PRESTIGE[turn][i]


@pytest.mark.parametrize("turn", range(1, 9))
def test_movement_order_and_cards(states, private_states, turn):
    s = states[turn]
    (order,) = [e["order"] for e in s["events"] if e["kind"] == "movement-order"]
    assert [c for c in order if c in PLAYED] == ORDER[turn]
    assert set(order[3:]) <= set(NEUTRAL)  # neutrals (if listed at all) move last
    # "The tactical cards are not revealed to other players until played": the public JSON (what
    # the site publishes) says a card was drawn, not which; the administrator's view names it.
    # [CORRECTION: the first version of this test read the card names from the public JSON.]
    public = {e["clan"]: (e["card"], e["hidden"], e["recorded"]) for e in s["events"] if e["kind"] == "card-drawn"}
    assert public == {c: (None, True, True) for c in PLAYED}
    drawn = {e["clan"]: e["card"] for e in private_states[turn]["events"] if e["kind"] == "card-drawn"}
    assert drawn == {c: CARDS[c][turn - 1] for c in PLAYED}
    for c in PLAYED:
        played = sum(v for t, v in PLAYED_CARDS[c].items() if t <= turn)
        assert s["clans"][c]["cards"] == turn - played
    assert s["deck"] == {"left": 54 - 3 * turn, "number": 1}
    assert s["date"] == DATES[turn]


def test_position_after_turn_4(states):
    s = states[4]
    owner = {p: v["owner"] for p, v in s["provinces"].items()}
    assert {p for p, o in owner.items() if o == "takeda"} == TAKEDA_AFTER_4
    assert {p for p, o in owner.items() if o == "uesugi"} == UESUGI_AFTER_4
    assert {p for p, o in owner.items() if o == "mori"} == MORI_AFTER_4
    assert {c: s["clans"][c]["capital"] for c in PLAYED} == {"takeda": "kai", "uesugi": "echigo", "mori": "aki"}
    castles = {p: (v["castle"], v["owner"]) for p, v in s["provinces"].items() if v["castle"]}
    assert castles == CASTLES_4
    assert s["sieges"] == []
    assert {c: s["clans"][c]["prestige"] for c in PLAYED} == {"takeda": 61, "uesugi": 50, "mori": 64}
    assert s["season"] == "summer"


def test_position_after_turn_8(states):
    s = states[8]
    owner = {p: v["owner"] for p, v in s["provinces"].items()}
    assert {p for p, o in owner.items() if o == "takeda"} == TAKEDA_AFTER_8
    assert {p for p, o in owner.items() if o == "uesugi"} == UESUGI_AFTER_8
    assert {p for p, o in owner.items() if o == "mori"} == MORI_AFTER_8
    assert {p for p, o in owner.items() if o is None} == {"yamashiro", "awa_shikoku", "awaji", "oki", "tsushima"}
    assert {c: s["clans"][c]["capital"] for c in PLAYED} == {"takeda": "kai", "uesugi": "echigo", "mori": "aki"}
    castles = {p: (v["castle"], v["owner"]) for p, v in s["provinces"].items() if v["castle"]}
    assert castles == CASTLES_8
    assert s["sieges"] == []
    assert {c: s["clans"][c]["prestige"] for c in PLAYED} == {"takeda": 103, "uesugi": 96, "mori": 128}
    assert s["winner"] is None and s["game_over"] is False
    assert s["alliances"] == [["mori", "uesugi"]] or s["alliances"] == [["uesugi", "mori"]]


def test_sieges_and_storm_dice_as_written(states):
    def rolls(turn, kind):
        return [e for e in states[turn]["events"] if e["kind"] == kind]

    (t1,) = rolls(1, "siege-roll")
    assert (t1["province"], t1["roll"], t1["bonus"], t1["needed"], t1["taken"], t1["lost"]) == ("shinano", 3, 1, 6, False, 1)
    assert states[1]["sieges"] == [{"besieger": "uesugi-1", "defender": "takeda-2", "province": "shinano",
                                    "rolls": 1, "trader": True}]
    (t2,) = rolls(2, "siege-roll")
    assert (t2["province"], t2["roll"], t2["bonus"], t2["needed"], t2["taken"]) == ("shinano", 4, 1, 5, True)
    (t8,) = rolls(8, "siege-roll")
    assert (t8["province"], t8["roll"], t8["needed"], t8["taken"]) == ("omi", 6, 6, True)
    (storm,) = rolls(1, "storm-at-sea")
    assert (storm["army"], storm["roll"], storm["lost"]) == ("mori-1", 1, 2)
