"""A 12-turn Clans of the Pitac campaign written and computed by hand from the docs alone.

The campaign is ``tests/campaigns/docs_only_pitac/`` (4 players on the bundled ``japan`` map,
every die recorded, ``shogun_share_small: "1/8"`` so that a Shogun is possible in 12 turns).
It was written by a new administrator who read only README.md, docs/format.md,
docs/rules/pitac.md, docs/maps/japan.md, the rulebook (shared/seeds/001_...txt) and
chronicle/maps/japan/map.yaml -- no code.  Everything below was computed by hand from those
documents BEFORE ``chronicle state`` was run, and is asserted against
``chronicle state <dir> --turn N --json``.

Rules applied (doc sections of docs/rules/pitac.md)
---------------------------------------------------
* moves (s.7): winner 2, other players in a battle 1, absent 0; several battles: the best one.
* a side's result is its best die; "10+N" is one die of 10+N (s.9).
* neutral, one attacker: anything but a 1 takes it (s.10); contested neutral: single highest
  takes it, tie for high or all 1s leaves it neutral (s.11).
* held: holder 1d10 (+1 per Defend), first capital 3d10, later capitals 2d10 (+1 per Defend);
  highest takes, a tie goes to the holder, a tie of 1s makes it neutral, two challengers tied
  above the holder: the holder keeps it (s.12, s.13, s.14).
* all orders judged on the position at the start of the turn (s.8, s.17).
* a new capital: chosen after the turn's conflicts, among what the player holds; holding
  nothing, any neutral territory, taken at once (s.13 readings a, b).  ``no_start_capital``
  bars only *starting* capitals (s.5), so Buzen may be a later capital.
* ranks (s.4): after a turn in which someone's epoch total reaches 25 the epoch closes, its
  champion is the highest total (equal highest: co-champions), and every total restarts at 0.
* Shogun (s.18): share 1/8 of 68 = 8.5, rounded up: 9 territories; proclaimed after the
  turn's conflicts; the title stays.

Start (turn 0; start_roll order dan 10, aoi 8, ben 6, chie 3, no clash):
dan Aki, aoi Tosa, ben Bizen, chie Bungo (all first capitals, 3d10).

Turn by turn (moves; conflicts: dice -> result)
-----------------------------------------------
T1  dan 2 (won), aoi 1, ben 1, chie 2 (won).  army lists: dan, chie (+50 koku each)
    iyo (neutral): dan 6 / aoi 6 -> tie for high, stays neutral
    suo (neutral): dan 1 -> fails
    sanuki (sea lane from Bizen): ben 4 -> ben
    buzen (double attack): chie 1,5 -> chie
T2  ben 2, dan 1; aoi-chie a draw: 1 each.
    iyo: dan 3 / aoi 8 -> aoi;  awa_shikoku: ben 10+2 -> ben;  bitchu: ben 1 -> fails;
    nagato (Kanmon sea lane from Buzen): chie 7 -> chie
T3  dan 2, chie 1, aoi 2, ben 1.  army list: aoi
    suo: dan 1,1 -> all ones, stays neutral
    iyo: aoi holds + Defend 2,5 (best 5) vs chie 5 -> tie, aoi holds
    awa_shikoku: ben holds + Defend 3,4 vs aoi 9 -> aoi
    VP epoch 1: dan 26, aoi 25, ben 19, chie 24 -> EPOCH 1 closes, champion dan (highest)
T4  ben ABSENT (0 moves); three-player battle won by chie: chie 2, dan 1, aoi 1.
    suo: chie 4 / dan 10+1 -> dan;  iwami: chie 3 -> chie
    sanuki: ben (absent, administrator rolls) 1 vs aoi 1 -> tie of ones, NEUTRAL
T5  ben 2, dan 1, aoi 2, chie 1.
    sanuki (neutral): ben 8 / aoi 5 -> ben;  mimasaka: ben 2 -> ben
    bungo (chie's capital 3d10): 4,2,9 vs aoi 9 -> tie, chie holds
    aki (dan's capital 3d10 + Defend): 3,3,2,5 vs chie 10+3 -> CHIE; dan names SUO
    VP epoch 2: dan 9, aoi 25, ben 14, chie 25 -> EPOCH 2 closes, co-champions aoi, chie
T6  aoi 2, dan 1, chie 2, ben 1.  army lists: ben, dan
    aki: chie holds + Defend 4,6 vs dan 8 and aoi 8 -> challengers tied above: chie holds
    suo (dan's later capital 2d10): 7,2 vs chie 7 -> tie, dan holds
    bingo (Geiyo sea lane): aoi 5 -> aoi;  bitchu: ben 9 -> ben
    VP epoch 3 so far: dan 3, aoi 10, ben 8, chie 8
T7  ben 2, aoi 1, chie 2, dan 1.
    bingo: aoi holds + Defend 6,10+2 vs ben 9,4 -> aoi holds
    suo (dan's capital 2d10): 3,5 vs chie 8,1 -> CHIE
    nagato: chie 2 vs dan 6 (attack from Suo, lost this turn: stands) -> dan; dan names NAGATO
T8  dan 2; aoi 2 (lost table 1, won the rematch: best, not 3); ben 2; chie 1.
    suo: chie 4 vs dan 4 -> chie holds;  buzen: chie 3 vs dan 7 -> dan
    nagato (dan's capital 2d10): 5,8 vs chie 10+10+1 -> CHIE; dan names BUZEN
    awaji (Naruto): aoi 2 -> aoi;  bitchu: ben + Defend 3,3 vs aoi 3 -> ben holds
    harima: ben 5 -> ben
    VP epoch 3: dan 16, aoi 22, ben 27, chie 22 -> EPOCH 3 closes, champion ben
T9  chie 2, dan 1, aoi 2, ben 1.  army list: chie
    buzen (dan's capital 2d10): 1,1 vs chie 1 -> tie of ones: NEUTRAL, dan holds nothing
    chikuzen (neutral): chie 1 / dan 1 -> all ones, neutral
    harima: ben + Defend 2,6 vs aoi 7 (Akashi) -> aoi;  kii (Kitan): aoi 10+6 -> aoi
    dan names CHIKUZEN (neutral, taken at once)
T10 dan-ben a draw: 1 each; aoi 1, chie 2.
    buzen: dan 5 / chie 5 -> tie for high, neutral
    harima: aoi 4 vs ben 8 -> ben;  settsu: aoi 3 (from Harima, lost this turn) -> aoi
    chikuzen (dan's capital 2d10): 2,9 vs chie 6 -> dan holds
T11 aoi 2, dan 1, ben 2, chie 1.
    izumi: aoi 6, yamato: aoi 4, tajima: ben 3, hizen: dan 2, chikugo: chie 8 -> taken
    bingo: aoi 7 vs ben 7 -> aoi holds
    aoi holds 9 >= 9 -> SHOGUN aoi (turn 11)
T12 four-player battle won by ben and chie: ben 2, chie 2, aoi 1, dan 1.
    settsu: aoi + Defend 2,3 vs ben 9,1 -> ben;  iyo (Hoyo): aoi 5 vs chie 10+4 -> chie
    hizen: dan 6 vs chie 6 -> dan holds;  chikugo: chie 2 vs dan 2 -> chie holds
    VP epoch 4: dan 20, aoi 21, ben 25, chie 24 -> EPOCH 4 closes, champion ben
    aoi is down to 7, but the Shogun's title stays: winner aoi.

Position after turn 6
---------------------
| player | territories                                   | n | capital (dice) | VP epoch | all time | koku |
|--------|-----------------------------------------------|---|----------------|----------|----------|------|
| aoi    | tosa, iyo, awa_shikoku, bingo                 | 4 | tosa (3)       | 10       | 60       | 50   |
| ben    | bizen, sanuki, mimasaka, bitchu               | 4 | bizen (3)      | 8        | 41       | 50   |
| chie   | bungo, buzen, nagato, iwami, aki              | 5 | bungo (3)      | 8        | 57       | 50   |
| dan    | suo                                           | 1 | suo (2)        | 3        | 38       | 100  |
Closed epochs: 1 (after T3) dan 26 aoi 25 ben 19 chie 24, champion dan;
               2 (after T5) dan 9 aoi 25 ben 14 chie 25, champions aoi + chie.
Current epoch 3.  Winner: none (9 needed).

Position after turn 12
----------------------
| player | territories                                        | n | capital (dice) | VP epoch | all time | koku |
|--------|----------------------------------------------------|---|----------------|----------|----------|------|
| aoi    | tosa, awa_shikoku, bingo, awaji, kii, izumi, yamato | 7 | tosa (3)       | 0        | 93       | 50   |
| ben    | bizen, sanuki, mimasaka, bitchu, harima, tajima, settsu | 7 | bizen (3)  | 0        | 85       | 50   |
| chie   | bungo, iwami, aki, suo, nagato, chikugo, iyo        | 7 | bungo (3)      | 0        | 95       | 100  |
| dan    | chikuzen, hizen                                     | 2 | chikuzen (2)   | 0        | 71       | 100  |
Buzen, taken twice, is neutral again.  Every other province is neutral.
Closed epochs: 1, 2 as above; 3 (after T8) dan 16 aoi 22 ben 27 chie 22, champion ben;
               4 (after T12) dan 20 aoi 21 ben 25 chie 24, champion ben.
Current epoch 5, totals all 0.  Winner: aoi (Shogun since turn 11).
"""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from chronicle.cli import main

CAMPAIGN = Path(__file__).parent / "campaigns" / "docs_only_pitac"
PLAYERS = ("aoi", "ben", "chie", "dan")

START = {"aki": "dan", "tosa": "aoi", "bizen": "ben", "bungo": "chie"}

# owner changes per turn (None: back to neutral), computed by hand above
CHANGES = {
    1: {"sanuki": "ben", "buzen": "chie"},
    2: {"iyo": "aoi", "awa_shikoku": "ben", "nagato": "chie"},
    3: {"awa_shikoku": "aoi"},
    4: {"suo": "dan", "iwami": "chie", "sanuki": None},
    5: {"sanuki": "ben", "mimasaka": "ben", "aki": "chie"},
    6: {"bingo": "aoi", "bitchu": "ben"},
    7: {"suo": "chie", "nagato": "dan"},
    8: {"buzen": "dan", "nagato": "chie", "awaji": "aoi", "harima": "ben"},
    9: {"buzen": None, "harima": "aoi", "kii": "aoi", "chikuzen": "dan"},
    10: {"harima": "ben", "settsu": "aoi"},
    11: {"izumi": "aoi", "yamato": "aoi", "tajima": "ben", "hizen": "dan", "chikugo": "chie"},
    12: {"settsu": "ben", "iyo": "chie"},
}

# dan's capital after each turn (the others keep their first capital)
DAN_CAPITAL = {0: "aki", 1: "aki", 2: "aki", 3: "aki", 4: "aki", 5: "suo", 6: "suo",
               7: "nagato", 8: "buzen", 9: "chikuzen", 10: "chikuzen", 11: "chikuzen",
               12: "chikuzen"}


def owners_after(turn):
    owners = dict(START)
    for t in range(1, turn + 1):
        for province, owner in CHANGES[t].items():
            if owner is None:
                owners.pop(province, None)
            else:
                owners[province] = owner
    return owners


EXPECTED = {
    6: {
        "holdings": {
            "aoi": {"tosa", "iyo", "awa_shikoku", "bingo"},
            "ben": {"bizen", "sanuki", "mimasaka", "bitchu"},
            "chie": {"bungo", "buzen", "nagato", "iwami", "aki"},
            "dan": {"suo"},
        },
        "capital": {"aoi": "tosa", "ben": "bizen", "chie": "bungo", "dan": "suo"},
        "capital_dice": {"aoi": 3, "ben": 3, "chie": 3, "dan": 2},
        "vp": {"aoi": 10, "ben": 8, "chie": 8, "dan": 3},
        "vp_all_time": {"aoi": 60, "ben": 41, "chie": 57, "dan": 38},
        "koku_bonus": {"aoi": 50, "ben": 50, "chie": 50, "dan": 100},
        "epoch": 3,
        "epochs": [
            (1, 3, {"dan"}, {"dan": 26, "aoi": 25, "ben": 19, "chie": 24}),
            (2, 5, {"aoi", "chie"}, {"dan": 9, "aoi": 25, "ben": 14, "chie": 25}),
        ],
        "winner": None,
    },
    12: {
        "holdings": {
            "aoi": {"tosa", "awa_shikoku", "bingo", "awaji", "kii", "izumi", "yamato"},
            "ben": {"bizen", "sanuki", "mimasaka", "bitchu", "harima", "tajima", "settsu"},
            "chie": {"bungo", "iwami", "aki", "suo", "nagato", "chikugo", "iyo"},
            "dan": {"chikuzen", "hizen"},
        },
        "capital": {"aoi": "tosa", "ben": "bizen", "chie": "bungo", "dan": "chikuzen"},
        "capital_dice": {"aoi": 3, "ben": 3, "chie": 3, "dan": 2},
        "vp": {"aoi": 0, "ben": 0, "chie": 0, "dan": 0},
        "vp_all_time": {"aoi": 93, "ben": 85, "chie": 95, "dan": 71},
        "koku_bonus": {"aoi": 50, "ben": 50, "chie": 100, "dan": 100},
        "epoch": 5,
        "epochs": [
            (1, 3, {"dan"}, {"dan": 26, "aoi": 25, "ben": 19, "chie": 24}),
            (2, 5, {"aoi", "chie"}, {"dan": 9, "aoi": 25, "ben": 14, "chie": 25}),
            (3, 8, {"ben"}, {"dan": 16, "aoi": 22, "ben": 27, "chie": 22}),
            (4, 12, {"ben"}, {"dan": 20, "aoi": 21, "ben": 25, "chie": 24}),
        ],
        "winner": "aoi",
    },
}


_cache = {}


def state(turn):
    if turn not in _cache:
        result = CliRunner().invoke(main, ["state", str(CAMPAIGN), "--turn", str(turn), "--json"])
        assert result.exit_code == 0, result.output
        _cache[turn] = json.loads(result.stdout)
    return _cache[turn]


def test_campaign_checks_clean_and_strict():
    result = CliRunner().invoke(main, ["check", str(CAMPAIGN), "--strict"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("turn", range(1, 13))
def test_every_die_is_recorded(turn):
    s = state(turn)
    drawn = [
        (roll["province"], side["player"])
        for roll in s["rolls"]
        for side in roll["sides"]
        for die in side["dice"]
        if not die["recorded"]
    ]
    assert drawn == []


@pytest.mark.parametrize("turn", range(0, 13))
def test_owners_after_every_turn(turn):
    s = state(turn)
    assert s["turn"] == turn
    actual = {p: v["owner"] for p, v in s["provinces"].items() if v["owner"] is not None}
    assert actual == owners_after(turn)
    assert len(s["provinces"]) == 68


@pytest.mark.parametrize("turn", range(0, 13))
def test_dan_capital_after_every_turn(turn):
    s = state(turn)
    assert s["players"]["dan"]["capital"] == DAN_CAPITAL[turn]
    for p in ("aoi", "ben", "chie"):
        assert s["players"][p]["capital"] == {"aoi": "tosa", "ben": "bizen", "chie": "bungo"}[p]


@pytest.mark.parametrize("turn", [6, 12])
def test_position(turn):
    s = state(turn)
    exp = EXPECTED[turn]
    assert s["ruleset"] == "pitac"
    assert s["turn"] == turn
    for p in PLAYERS:
        player = s["players"][p]
        assert set(player["holdings"]) == exp["holdings"][p], p
        assert player["provinces"] == len(exp["holdings"][p]), p
        assert player["capital"] == exp["capital"][p], p
        assert player["capital_dice"] == exp["capital_dice"][p], p
        assert player["capital_pending"] is False, p
        assert player["on_map"] is True, p
        assert player["vp"] == exp["vp"][p], p
        assert player["vp_all_time"] == exp["vp_all_time"][p], p
        assert player["koku_bonus"] == exp["koku_bonus"][p], p
    owners = {prov: v["owner"] for prov, v in s["provinces"].items() if v["owner"]}
    assert owners == {prov: p for p, provs in exp["holdings"].items() for prov in provs}


@pytest.mark.parametrize("turn", [6, 12])
def test_ranking(turn):
    s = state(turn)
    exp = EXPECTED[turn]
    assert s["ranking"]["totals"] == exp["vp"]
    assert s["ranking"]["epoch"] == exp["epoch"]
    epochs = [
        (e["number"], e["ended_turn"], set(e["champions"]), e["totals"])
        for e in s["ranking"]["epochs"]
    ]
    assert epochs == exp["epochs"]


@pytest.mark.parametrize("turn", [6, 12])
def test_winner(turn):
    s = state(turn)
    assert s["shogun_needed"] == 9
    assert s["winner"] == EXPECTED[turn]["winner"]
    if turn == 12:
        assert s["winner_turn"] == 11


# moves earned each turn (docs/rules/pitac.md s.7), computed by hand above; absent: 0
MOVES = {
    1: {"dan": 2, "aoi": 1, "ben": 1, "chie": 2},
    2: {"dan": 1, "aoi": 1, "ben": 2, "chie": 1},
    3: {"dan": 2, "aoi": 2, "ben": 1, "chie": 1},
    4: {"dan": 1, "aoi": 1, "ben": 0, "chie": 2},
    5: {"dan": 1, "aoi": 2, "ben": 2, "chie": 1},
    6: {"dan": 1, "aoi": 2, "ben": 1, "chie": 2},
    7: {"dan": 1, "aoi": 1, "ben": 2, "chie": 2},
    8: {"dan": 2, "aoi": 2, "ben": 2, "chie": 1},
    9: {"dan": 1, "aoi": 2, "ben": 1, "chie": 2},
    10: {"dan": 1, "aoi": 1, "ben": 1, "chie": 2},
    11: {"dan": 1, "aoi": 2, "ben": 2, "chie": 1},
    12: {"dan": 1, "aoi": 1, "ben": 2, "chie": 2},
}


@pytest.mark.parametrize("turn", range(1, 13))
def test_moves_earned(turn):
    earned = {e["player"]: e["moves"] for e in state(turn)["events"] if e["kind"] == "moves-earned"}
    assert {p: earned.get(p, 0) for p in PLAYERS} == MOVES[turn]


def test_winner_turn_by_turn():
    # no one holds 9 before turn 11; aoi holds 9 after turn 11 and keeps the title after 12
    for turn in range(0, 11):
        assert state(turn)["winner"] is None, turn
    assert state(11)["winner"] == "aoi"
    assert state(11)["players"]["aoi"]["provinces"] == 9
