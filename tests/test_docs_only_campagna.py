"""A campagna campaign of eight turns written from the docs alone, checked against a hand computation.

Campaign: ``tests/campaigns/docs_only_campagna/`` (the bundled ``valle`` map, docs/maps/valle.md).
Written by reading docs/rules/campagna.md, docs/maps/valle.md and the seed only, then computed by
hand below before chronicle was run on it. (Said plainly: the issue asks for a separate helper
session to write it; the tools of this session could not start one, so it was written by the
ruleset's author, working from the docs' text and the map's page, and the figures below were
computed by hand first.) Every die (the Generals' fates), the order of play and the starting
territories are written, so nothing depends on the campaign ``seed`` (checked below).

Players (initiative anna, bruno, carla, dario; rotating: the last becomes first):
  anna  Gondor   Boromir  Capital Borgo  + alba, gola
  bruno Rohan    Éomer    Capital Erta   + dosso, noce
  carla Mordor   Gothmog  Capital Vetta  + zolla, vigna
  dario Isengard Lurtz    Capital Torre  + urbe, olmo

Hand computation, turn by turn (W = winner, maj/min = Vittoria maggiore / di lieve entità)
=========================================================================================

T1 order anna, bruno, carla, dario. anna: Schermaglia Fonte (from Alba, land) and Colle (Borgo);
  dario intervenes at Fonte (1 from Olmo across the river: the distance counts rivers), one of his
  two actions. bruno: Monte, Faro. carla: Rocca (from Zolla across the river: a Schermaglia may
  cross), Elce. dario: Ponte. Fonte: dario W min 5-3: the intervener's minor victory leaves Fonte
  empty (R38). Boromir killed, D6 2: Ferita grave.
  Holdings: anna 4 (borgo alba gola colle), bruno 5 (+monte faro), carla 5 (+rocca elce),
  dario 4 (+ponte). No bonus after turn 1. Miglior generale: dario (+2).

T2 order dario, anna, bruno, carla. dario: Schermaglia Fonte (from Olmo across the river), Bosco.
  anna: Scorreria Ponte (from Gola), dario resists; Schermaglia Lago (from Colle, land, before the
  Gola ford: same price, first by name). bruno: Selva; Scorreria Rocca, carla retreats into Zolla
  (across the river: a retreat crosses any link but the sea): bruno takes Rocca. carla: Duna, Foce.
  Ponte: anna W min 6-4 (dario uses Miglior generale): conquered. Boromir carries his Ferita grave
  into it, which clears it.
  Holdings: anna 6, bruno 7, carla 6, dario 5. Bonuses for turn 3 (from the end of turn 2): all
  5-8 with their Capital: ripeti_iniziativa. Miglior generale: anna (+2).

T3 order carla, dario, anna, bruno. carla: Scorreria Rocca (from Zolla across the river), bruno
  resists; Schermaglia Cava. dario: Scorreria Ponte (from Olmo), anna resists; Schermaglia Arena
  (from Bosco). anna: Schermaglia Quercia (from Lago, land, before the Ponte river)
  [CORRECTION: first written "across the ford"; the map's page puts the fords at Gola-Lago,
  Quercia-Valle and Sasso-Vigna, and Lago-Quercia is land: chronicle was right.];
  Scorreria Fonte, dario retreats into Olmo: anna takes it. bruno: Schermaglia Orto across the
  mountain (2 actions).
  Rocca: carla W maj 8-2 (bruno uses ripeti_iniziativa): conquered; Éomer killed, D6 5: Ferita
  lieve. Ponte: anna W min 5-3 (anna uses Miglior generale): held.
  Holdings: anna 8, bruno 7, carla 8, dario 5. Bonuses for turn 4: all ripeti_iniziativa.
  Miglior generale: carla (+6).

T4 order bruno, carla, dario, anna. bruno: Schermaglia Sasso (from Orto); Scorreria Rocca, carla
  resists. carla: Scorreria Selva (from Rocca), bruno resists; Schermaglia Valle (from Cava).
  dario: Scorreria Fonte (from Olmo across the river) and Ponte (from Olmo), anna resists both.
  anna declares nothing: her two answers are her two actions.
  Rocca: carla W maj 9-2 (carla uses Miglior generale): held; Éomer carries his Ferita lieve in,
  cleared. Selva: a draw 4-4 (bruno leaves Éomer out): held. Fonte: dario W min 6-5: conquered;
  Boromir killed, D6 6: Invincibile. Ponte: anna W min 7-2: held.
  Holdings: anna 7, bruno 8, carla 9, dario 6; nothing empty. Bonuses for turn 5: carla 9 ->
  ripeti_rinforzi, the others ripeti_iniziativa. Miglior generale: carla (+7).

T5 order anna, bruno, carla, dario. anna: Scorreria Urbe (from Ponte), dario resists; Scorreria
  Fonte, dario retreats into Olmo. bruno: Scorreria Vigna (from Sasso across the ford) and Rocca,
  carla resists both (her two answers are her actions). dario: Scorreria Ponte (from Olmo), anna
  resists (her second battle); Scorreria Alba (from Fonte: his at the start of the turn), anna
  retreats into Borgo.
  Urbe: anna W min 7-5: conquered. Vigna: bruno W min 6-3 (carla uses ripeti_rinforzi):
  conquered; Gothmog killed, D6 1: Ferita grave, which he carries into Rocca, the next battle
  (Q18), and clears. Rocca: carla W min 5-3: held. Ponte: anna W maj 8-1: held.
  Holdings: anna 8 (-alba +urbe +fonte), bruno 9, carla 8, dario 5 (+alba -urbe -fonte).
  Bonuses for turn 6: bruno 9 -> ripeti_rinforzi, the others ripeti_iniziativa. Miglior
  generale: anna (+9).

T6 order dario, anna, bruno, carla. dario: Scorreria Fonte (from Alba), anna resists; Scorreria
  Urbe (from Bosco), anna retreats into Ponte. anna: Battaglia decisiva Torre from Urbe (held at
  the start of the turn: the attack stands, Q07), dario resists (his own Capital); Scorreria Olmo
  (from Ponte): dario, at two battles, retreats into Torre. bruno: Battaglia decisiva Vetta from
  Vigna (not from Selva: a river, R12), carla resists; Scorreria Rocca, carla resists.
  Fonte: anna W min 6-4: held. Torre: scenario rolls 3 then 5 (dario's re-roll), Assalto; anna W
  maj 10-3 (anna uses Miglior generale): dario's Capital taken. Vetta: carla W min 7-4: held;
  Éomer killed, D6 3: Ferita lieve. Rocca: bruno W maj 9-2 (Éomer left out): conquered.
  Holdings: anna 9 (Capitals Borgo, Torre), bruno 10, carla 7, dario 4 (bosco arena alba urbe,
  no Capital). Bonuses for turn 7: anna 9 and bruno 10 -> ripeti_rinforzi, carla 7 ->
  ripeti_iniziativa, dario none (he does not hold his Capital, R17, though 4 would give 3
  actions). Miglior generale: anna (+9).

T7 order carla, dario, anna, bruno. carla: Scorreria Rocca (from Zolla across the river), bruno
  resists; Scorreria Vigna (from Foce), bruno retreats into Sasso (the ford). dario: Battaglia
  decisiva Torre (his own Capital, anna's now) from Arena, anna resists; Scorreria Fonte, anna
  resists. anna: Scorreria Dosso from Colle across the mountain (2 actions); bruno retreats into
  Erta. bruno: Battaglia decisiva Vetta from Vigna (his at the start of the turn), carla resists.
  Rocca: carla W maj 8-1: conquered; Éomer carries his Ferita lieve in, cleared. Torre: dario W
  min 6-5: a minor victory does not take a Capital (R44): held; Lurtz killed, D6 4: Ferita lieve,
  carried into Fonte and cleared. Fonte: a draw 3-3 (Boromir left out): held. Vetta: carla W maj
  9-2: held; Éomer killed, D6 2: Ferita grave.
  Holdings: anna 10 (+dosso), bruno 7 (-rocca -vigna -dosso), carla 9, dario 4. Bonuses for turn
  8: anna 10 and carla 9 -> ripeti_rinforzi, bruno 7 -> ripeti_iniziativa, dario none. Miglior
  generale: carla (+14).

T8 order bruno, carla, dario, anna. bruno: Scorreria Rocca (from Monte), carla resists. carla:
  Scorreria Sasso (from Vigna across the ford), bruno retreats into Selva; Scorreria Urbe (from
  Valle), dario resists. dario: Scorreria Fonte (from Alba), anna retreats into Gola; Scorreria
  Ponte (from Urbe), anna resists. anna: Battaglia decisiva Erta from Dosso, bruno resists (his
  second battle).
  Rocca: carla W min 5-4 (carla uses Miglior generale): held; Éomer carries his Ferita grave in,
  cleared. Urbe: dario W min 6-4: held. Ponte: anna W min 4-2: held. Erta: anna W maj 11-4:
  bruno's Capital taken; Boromir killed, D6 5: Ferita lieve.
  Holdings: anna 10 (Capitals Borgo, Erta, Torre: three), bruno 5, carla 10, dario 5.
  ANNA WINS at the end of turn 8 (R63). Bonuses computed all the same: anna and carla
  ripeti_rinforzi, bruno and dario none (no Capital). Miglior generale: anna (+9).

Summary table after turn 8 (games, major, minor, draws, defeats, for, against, Delta):
  anna 13 3 6 1 3 80 48 +32; bruno 11 1 1 1 8 41 71 -30; carla 11 4 3 1 3 64 43 +21;
  dario 13 0 4 1 8 50 73 -23 (objective points for = against = 235 over the 24 battles).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from chronicle.cli import main

CAMPAIGN = Path(__file__).parent / "campaigns" / "docs_only_campagna"
PLAYERS = ("anna", "bruno", "carla", "dario")

HELD = {   # after each turn
    1: {"anna": {"borgo", "alba", "gola", "colle"}, "bruno": {"erta", "dosso", "noce", "monte", "faro"},
        "carla": {"vetta", "zolla", "vigna", "rocca", "elce"}, "dario": {"torre", "urbe", "olmo", "ponte"}},
    2: {"anna": {"borgo", "alba", "gola", "colle", "lago", "ponte"},
        "bruno": {"erta", "dosso", "noce", "monte", "faro", "selva", "rocca"},
        "carla": {"vetta", "zolla", "vigna", "elce", "duna", "foce"},
        "dario": {"torre", "urbe", "olmo", "fonte", "bosco"}},
    3: {"anna": {"borgo", "alba", "gola", "colle", "lago", "ponte", "quercia", "fonte"},
        "bruno": {"erta", "dosso", "noce", "monte", "faro", "selva", "orto"},
        "carla": {"vetta", "zolla", "vigna", "elce", "duna", "foce", "rocca", "cava"},
        "dario": {"torre", "urbe", "olmo", "bosco", "arena"}},
    4: {"anna": {"borgo", "alba", "gola", "colle", "lago", "ponte", "quercia"},
        "bruno": {"erta", "dosso", "noce", "monte", "faro", "selva", "orto", "sasso"},
        "carla": {"vetta", "zolla", "vigna", "elce", "duna", "foce", "rocca", "cava", "valle"},
        "dario": {"torre", "urbe", "olmo", "bosco", "arena", "fonte"}},
    5: {"anna": {"borgo", "gola", "colle", "lago", "ponte", "quercia", "urbe", "fonte"},
        "bruno": {"erta", "dosso", "noce", "monte", "faro", "selva", "orto", "sasso", "vigna"},
        "carla": {"vetta", "zolla", "elce", "duna", "foce", "rocca", "cava", "valle"},
        "dario": {"torre", "olmo", "bosco", "arena", "alba"}},
    6: {"anna": {"borgo", "gola", "colle", "lago", "ponte", "quercia", "fonte", "torre", "olmo"},
        "bruno": {"erta", "dosso", "noce", "monte", "faro", "selva", "orto", "sasso", "vigna", "rocca"},
        "carla": {"vetta", "zolla", "elce", "duna", "foce", "cava", "valle"},
        "dario": {"bosco", "arena", "alba", "urbe"}},
    7: {"anna": {"borgo", "gola", "colle", "lago", "ponte", "quercia", "fonte", "torre", "olmo", "dosso"},
        "bruno": {"erta", "noce", "monte", "faro", "selva", "orto", "sasso"},
        "carla": {"vetta", "zolla", "elce", "duna", "foce", "cava", "valle", "rocca", "vigna"},
        "dario": {"bosco", "arena", "alba", "urbe"}},
    8: {"anna": {"borgo", "gola", "colle", "lago", "ponte", "quercia", "torre", "olmo", "dosso", "erta"},
        "bruno": {"noce", "monte", "faro", "selva", "orto"},
        "carla": {"vetta", "zolla", "elce", "duna", "foce", "cava", "valle", "rocca", "vigna", "sasso"},
        "dario": {"bosco", "arena", "alba", "urbe", "fonte"}},
}
ORDER = {1: ["anna", "bruno", "carla", "dario"], 2: ["dario", "anna", "bruno", "carla"],
         3: ["carla", "dario", "anna", "bruno"], 4: ["bruno", "carla", "dario", "anna"],
         5: ["anna", "bruno", "carla", "dario"], 6: ["dario", "anna", "bruno", "carla"],
         7: ["carla", "dario", "anna", "bruno"], 8: ["bruno", "carla", "dario", "anna"]}
RI, RR = "ripeti_iniziativa", "ripeti_rinforzi"
BONUS = {1: (None, None, None, None), 2: (RI, RI, RI, RI), 3: (RI, RI, RI, RI), 4: (RI, RI, RR, RI),
         5: (RI, RR, RI, RI), 6: (RR, RR, RI, None), 7: (RR, RI, RR, None), 8: (RR, None, RR, None)}
BEST = {1: "dario", 2: "anna", 3: "carla", 4: "carla", 5: "anna", 6: "anna", 7: "carla", 8: "anna"}
CAPITALS = {t: {"anna": ["borgo"], "bruno": ["erta"], "carla": ["vetta"], "dario": ["torre"]} for t in range(1, 6)}
CAPITALS.update({6: {"anna": ["borgo", "torre"], "bruno": ["erta"], "carla": ["vetta"], "dario": []},
                 7: {"anna": ["borgo", "torre"], "bruno": ["erta"], "carla": ["vetta"], "dario": []},
                 8: {"anna": ["borgo", "erta", "torre"], "bruno": [], "carla": ["vetta"], "dario": []}})
# games, major, minor, draws, defeats, for, against
RECORDS = {
    1: {"anna": (1, 0, 0, 0, 1, 3, 5), "bruno": (0, 0, 0, 0, 0, 0, 0), "carla": (0, 0, 0, 0, 0, 0, 0),
        "dario": (1, 0, 1, 0, 0, 5, 3)},
    2: {"anna": (2, 0, 1, 0, 1, 9, 9), "dario": (2, 0, 1, 0, 1, 9, 9)},
    3: {"anna": (3, 0, 2, 0, 1, 14, 12), "bruno": (1, 0, 0, 0, 1, 2, 8), "carla": (1, 1, 0, 0, 0, 8, 2),
        "dario": (3, 0, 1, 0, 2, 12, 14)},
    4: {"anna": (5, 0, 3, 0, 2, 26, 20), "bruno": (3, 0, 0, 1, 2, 8, 21), "carla": (3, 2, 0, 1, 0, 21, 8),
        "dario": (5, 0, 2, 0, 3, 20, 26)},
    5: {"anna": (7, 1, 4, 0, 2, 41, 26), "bruno": (5, 0, 1, 1, 3, 17, 29), "carla": (5, 2, 1, 1, 1, 29, 17),
        "dario": (7, 0, 2, 0, 5, 26, 41)},
    6: {"anna": (9, 2, 5, 0, 2, 57, 33), "bruno": (7, 1, 1, 1, 4, 30, 38), "carla": (7, 2, 2, 1, 2, 38, 30),
        "dario": (9, 0, 2, 0, 7, 33, 57)},
    7: {"anna": (11, 2, 5, 1, 3, 65, 42), "bruno": (9, 1, 1, 1, 6, 33, 55), "carla": (9, 4, 2, 1, 2, 55, 33),
        "dario": (11, 0, 3, 1, 7, 42, 65)},
    8: {"anna": (13, 3, 6, 1, 3, 80, 48), "bruno": (11, 1, 1, 1, 8, 41, 71), "carla": (11, 4, 3, 1, 3, 64, 43),
        "dario": (13, 0, 4, 1, 8, 50, 73)},
}
# the General's pending wound, battles fielded, times killed, after each turn
GENERALS = {
    "anna": {1: ("ferita_grave", 1, 1), 2: (None, 2, 1), 3: (None, 3, 1), 4: (None, 5, 2), 5: (None, 7, 2),
             6: (None, 9, 2), 7: (None, 10, 2), 8: ("ferita_lieve", 12, 3)},
    "bruno": {1: (None, 0, 0), 2: (None, 0, 0), 3: ("ferita_lieve", 1, 1), 4: (None, 2, 1), 5: (None, 4, 1),
              6: ("ferita_lieve", 5, 2), 7: ("ferita_grave", 7, 3), 8: (None, 9, 3)},
    "carla": {1: (None, 0, 0), 2: (None, 0, 0), 3: (None, 1, 0), 4: (None, 3, 0), 5: (None, 5, 1), 6: (None, 7, 1),
              7: (None, 9, 1), 8: (None, 10, 1)},
    "dario": {1: (None, 1, 0), 2: (None, 2, 0), 3: (None, 3, 0), 4: (None, 5, 0), 5: (None, 7, 0), 6: (None, 9, 0),
              7: (None, 11, 1), 8: (None, 13, 1)},
}
FATES = {1: {"anna": (2, "ferita_grave")}, 3: {"bruno": (5, "ferita_lieve")}, 4: {"anna": (6, "nessuna")},
         5: {"carla": (1, "ferita_grave")}, 6: {"bruno": (3, "ferita_lieve")},
         7: {"dario": (4, "ferita_lieve"), "bruno": (2, "ferita_grave")}, 8: {"anna": (5, "ferita_lieve")}}
# territory -> (kind, attacker, answer, outcome) of every clash
CALENDAR = {
    1: {"fonte": ("schermaglia", "anna", "intervened", "empty"), "colle": ("schermaglia", "anna", "unopposed", "occupied"),
        "monte": ("schermaglia", "bruno", "unopposed", "occupied"), "faro": ("schermaglia", "bruno", "unopposed", "occupied"),
        "rocca": ("schermaglia", "carla", "unopposed", "occupied"), "elce": ("schermaglia", "carla", "unopposed", "occupied"),
        "ponte": ("schermaglia", "dario", "unopposed", "occupied")},
    6: {"fonte": ("scorreria", "dario", "resisted", "held"), "urbe": ("scorreria", "dario", "retreated", "retreated"),
        "torre": ("battaglia_decisiva", "anna", "resisted", "conquered"),
        "olmo": ("scorreria", "anna", "retreated", "retreated"),
        "vetta": ("battaglia_decisiva", "bruno", "resisted", "held"), "rocca": ("scorreria", "bruno", "resisted", "conquered")},
    7: {"rocca": ("scorreria", "carla", "resisted", "conquered"), "vigna": ("scorreria", "carla", "retreated", "retreated"),
        "torre": ("battaglia_decisiva", "dario", "resisted", "held"), "fonte": ("scorreria", "dario", "resisted", "held"),
        "dosso": ("scorreria", "anna", "retreated", "retreated"), "vetta": ("battaglia_decisiva", "bruno", "resisted", "held")},
}
ROUTES = {(2, "lago"): ("colle", "land"), (3, "quercia"): ("lago", "land"), (3, "orto"): ("faro", "mountain"),
          (1, "rocca"): ("zolla", "river"), (5, "vigna"): ("sasso", "ford"), (6, "vetta"): ("vigna", "land"),
          (7, "dosso"): ("colle", "mountain"), (8, "erta"): ("dosso", "land")}


def state(turn, directory=CAMPAIGN):
    result = CliRunner().invoke(main, ["state", str(directory), "--turn", str(turn), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.fixture(scope="module")
def states():
    return {n: state(n) for n in range(0, 9)}


def test_campaign_checks_without_errors():
    result = CliRunner().invoke(main, ["check", str(CAMPAIGN), "--strict"])
    assert result.exit_code == 0, result.output


def test_every_die_is_written_the_seed_changes_nothing(tmp_path, states):
    other = tmp_path / "other"
    shutil.copytree(CAMPAIGN, other)
    campaign = other / "content" / "campaign.yaml"
    campaign.write_text(campaign.read_text(encoding="utf-8").replace("seed: 3003", "seed: 77"), encoding="utf-8")
    for n in range(1, 9):
        assert state(n, other) == states[n], f"turn {n} depends on the seed"
        assert all(d["recorded"] for d in states[n]["dice"])


@pytest.mark.parametrize("turn", range(1, 9))
def test_holdings_turn_by_turn(states, turn):
    s = states[turn]
    for player in PLAYERS:
        assert set(s["players"][player]["holdings"]) == HELD[turn][player], player
    held = set().union(*HELD[turn].values())
    assert {t for t, v in s["territories"].items() if v["owner"] is None} == set(s["territories"]) - held


@pytest.mark.parametrize("turn", range(1, 9))
def test_order_bonuses_best_general_and_capitals(states, turn):
    s = states[turn]
    assert s["order"] == ORDER[turn]
    assert tuple(s["players"][p]["bonus_next_turn"] for p in PLAYERS) == BONUS[turn]
    assert [p for p in PLAYERS if s["players"][p]["miglior_generale"]] == [BEST[turn]]
    for player in PLAYERS:
        assert s["players"][player]["capitals"] == CAPITALS[turn][player]


@pytest.mark.parametrize("turn", range(1, 9))
def test_summary_table_turn_by_turn(states, turn):
    s = states[turn]
    for player, row in RECORDS[turn].items():
        r = s["players"][player]["record"]
        assert (r["games"], r["major"], r["minor"], r["draws"], r["defeats"], r["scored"], r["conceded"]) == row, player
    if turn == 8:
        assert sum(s["players"][p]["record"]["scored"] for p in PLAYERS) == 235
        assert sum(s["players"][p]["record"]["conceded"] for p in PLAYERS) == 235


@pytest.mark.parametrize("turn", range(1, 9))
def test_generals_and_fates_turn_by_turn(states, turn):
    s = states[turn]
    for player in PLAYERS:
        g = s["generals"][player]
        assert (g["pending"], g["battles"], g["killed"]) == GENERALS[player][turn], player
    killed = {e["player"]: (e["roll"], e["fate"]) for e in s["events"] if e["kind"] == "general-killed"}
    assert killed == FATES.get(turn, {})


@pytest.mark.parametrize("turn", sorted(CALENDAR))
def test_calendar_of_selected_turns(states, turn):
    got = {c["at"]: (c["kind"], c["attacker"], c["answer"], c["outcome"]) for c in states[turn]["calendar"]}
    assert got == CALENDAR[turn]


def test_routes_chosen(states):
    for (turn, at), (origin, route) in ROUTES.items():
        clash = next(c for c in states[turn]["calendar"] if c["at"] == at)
        assert (clash["origin"], clash["route"]) == (origin, route), (turn, at)
    orto = next(c for c in states[3]["calendar"] if c["at"] == "orto")
    assert orto["cost"] == 2
    assert states[3]["players"]["bruno"]["actions"]["used"] == 2


def test_anna_wins_at_the_end_of_turn_8(states):
    for turn in range(1, 8):
        assert states[turn]["winner"] is None and not states[turn]["game_over"]
    s = states[8]
    assert (s["winner"], s["winner_turn"], s["game_over"]) == ("anna", 8, True)
    won = [e for e in s["events"] if e["kind"] == "campaign-won"]
    assert won and won[0]["capitals"] == ["borgo", "erta", "torre"]
    assert s["players"]["bruno"]["capital"] is None and s["players"]["bruno"]["on_map"]
    assert states[6]["players"]["dario"]["bonus_reason"] == "the faction's Capital is not held"
