"""A Clan War campaign of eight Strategic Turns written from docs/rules/clanwar.md and the seed,
with the expected position computed by hand before chronicle was run, then checked against it.

Campaign: ``tests/campaigns/docs_only_clanwar/`` on the bundled ``rokugan`` map. Crane, Lion and
Scorpion, 4 provinces each (2000 koku a province: 8000), prices from the campaign's catalogue
(ashigaru 5 a model, bushi 12, cavalry 20; Hoturi 150, Kuwanan 120, Tsuko 160, an Ikoma Bushi 40,
Shoju 150, Toku 40, the spell Tempest 30; promotions 10/15/20). Every die is written, so the result
must not depend on the campaign ``seed`` (checked below).

(How it was written: the brief asked for a separate session writing it from the docs alone; none
could be started from this one, so the ruleset's author wrote it, from the docs page, and computed
the position by hand first. Where chronicle and the hand computation differed, a CORRECTION note
says which was wrong.)

Hand computation, turn by turn
==============================

Set-up. Crane: Hoturi 150, Kuwanan 120, crane-1 12 bushi 144 (led by Hoturi), crane-2 20 ashigaru
  100 (Kuwanan), crane-3 6 cavalry 120 (a Nikutai, Leadership 1): 634, 8000 -> 7366; free command
  group 100 <= 75% of 150 = 112. Lion: Tsuko 160, lion-1 12 bushi 144, lion-2 20 ashigaru 100, an
  Ikoma Bushi 40, Tempest 30 at Kitsu: 474 -> 7526. Scorpion: Shoju 150, scorpion-1 10 bushi 120,
  scorpion-2 16 ashigaru 80: 350 -> 7650.

T1. Crane-Scorpion alliance. lion-1 Ikoma -> Kakita; scorpion-2 Shosuro -> Beiden Pass; crane-3
  Asahina -> Doji (Primary) -> Otosan Uchi (Cavalry). Battle of Kakita, Crane wins: lion-1 loses 4
  (12 -> 8), Broken, leaves, penalty 1; crane-2 loses 6 (20 -> 14). Kuwanan removed, 0 over: d10 2 <
  Earth 3: Wounded. Tsuko takes 2 wounds, spends 1 void. Experience: crane-2 (Kuwanan, Leadership 2)
  3-2 = 1 < ML 6: ML 5; 9-2 = 7, TL stays 6: Experienced, 14 experienced models. lion-1 (Tsuko, 3,
  +1) 8-3+1 = 6, ML stays 5; 2-3+1 = 0 < TL 5: TL 4: Experienced, 8. lion-1 withdraws to Ikoma (8).
  Beiden Pass taken by Scorpion, Otosan Uchi by Crane (armies alone). Recovery: Kuwanan 1 wound, 0
  void; Tsuko (moved, battled) heals d10 6 -> +3, wounds 3 -> 5; d10 3 -> +2, void 2 -> 3. crane-2
  recovers 3 of 6 (won): 17 (14 experienced, 82%); lion-1 1 of 4 (lost): 9 (8 experienced).
  Taxes: Crane 5 provinces 500 -> 7866; Lion 4 -> 7926; Scorpion 5 -> 8150.

T2. Bids for Toku: Crane 60, Lion 50 (the list price is 40): Crane pays 60. Crane buys 3 models for
  crane-2 (15); Lion promotes lion-2's Nikutai to Gunso (15). crane-3 Otosan Uchi -> the Plain (taken).
  Recovery: crane-2 17 + 3 = 20, 14 experienced = 70% < 75%: no longer Experienced, ML back to 6.
  Kuwanan rests: 4 wounds, 2 void. Toku joins at Doji. Taxes: Crane 6 -> 7866-75+600 = 8391; Lion
  4 -> 8311; Scorpion 5 -> 8650.

T3. lion-1 Ikoma -> the Plain; Toku Doji -> Kakita -> Wasp Clan (one step into neutral land, the
  last). Battle of the Plain, Lion wins: crane-3 loses 2 (6 -> 4), Routed, leaves: 60% of 4 = 2 to
  Otosan Uchi; lion-1 loses 1 (9 -> 8, the inexperienced one: 8 of 8 experienced). Experience:
  crane-3 (LP 1, +2) 9-1+2 = 10, 10-1+2 = 11: no change; lion-1 10-3 = 7 >= 5 and 4: no change.
  The Plain passes to Lion. Recovery: crane-3 1/4 of 2 = 0 (2); lion-1 1/2 of 1 = 0 (8). Taxes: Crane
  5 -> 8891; Lion 5 -> 8811; Scorpion 5 -> 9150.

T4. lion-1 the Plain -> Kakita; scorpion-1 Bayushi -> Kakita. Battle of Kakita: Lion against Crane
  and Scorpion; Scorpion switches to Lion's side (breaking the Crane-Scorpion alliance); Lion wins.
  crane-2 loses 8 (20 -> 12), Broken, to Daidoji; lion-1 loses 2 (8 -> 6); scorpion-1 loses 1 (10 ->
  9). Kuwanan removed, 0 over: d10 4 not below Earth 3; d10 1 < Void 2: Maimed, Fire 3 -> 2; he goes
  with crane-2. Experience: crane-2 10-2+1 = 9: none; lion-1 7: none; scorpion-1 (Shoju, 3) 2-3 =
  -1 < ML 5: ML 4; 10-3 = 7, TL 5 stays: Experienced. Lion and Scorpion are not allies: Kakita is
  left neutral. Recovery: Kuwanan 1 wound, 0 void; crane-2 1/4 of 8 = 2 (14); lion-1 1/2 of 2 = 1 (7);
  scorpion-1 1/2 of 1 = 0 (9). Taxes: Crane 4 -> 9291; Lion 5 -> 9311; Scorpion 5 -> 9650.

T5. Crane-Lion alliance; Crane buys crane-4 (10 ashigaru) from its ally Lion: base 50, no modifier
  set for Crane buying Lion, cost written 60; Lion gains 20% of 50 = 10 at the end of the Start
  phase. Battle of Kakita (Lion and Scorpion still there), Scorpion wins: lion-1 loses 3 (7 -> 4),
  Routed, leaves, penalty 2: 60% of 4 = 2 to the Plain, with Tsuko. Experience: lion-1 1-3+2 = 0 < ML
  5: ML 4; 10-3+2 = 9, TL 4 stays. scorpion-1 10-3 = 7 >= 4 and 5: none. Kakita to Scorpion.
  Recovery: lion-1 0 back (2); Kuwanan rests: 4 wounds, 2 void; crane-4 joins at Doji. Taxes: Crane
  4 -> 9291-60+400 = 9631; Lion 5 -> 9311+10+500 = 9821; Scorpion 6 -> 10250.

T6. crane-2 Daidoji -> Kakita, crane-4 Doji -> Kakita, lion-1 the Plain -> Kakita. Battle of Kakita:
  Crane and Lion against Scorpion; Crane wins; the allies agree on Crane (control: to). scorpion-1
  loses 5 (9 -> 4), Routed: 60% of 4 = 2 to Bayushi. Shoju removed, 0 over: d10 1 < Earth 3:
  Wounded, with his unit at Bayushi. Experience: no change anywhere. Kakita to Crane. Recovery:
  Shoju 1 wound, 0 void; scorpion-1 1/4 of 5 = 1 (3), a veteran: 3 of 3 experienced, still
  Experienced with ML 4. [CORRECTION: chronicle first counted every recovered casualty as a new,
  inexperienced model, so scorpion-1 (2 experienced of 3) lost the trait. The hand computation took
  the men who come back for the men who fell, experienced ones included (all nine were); the docs
  now say so (L91 row) and chronicle follows them.] Taxes: Crane 5 -> 10131; Lion 5 -> 10321;
  Scorpion 5 -> 10750.

T7. lion-1 Kakita -> Bayushi; scorpion-2 Beiden Pass -> Ikoma (empty Lion land: taken at the end of
  the Battle phase). Battle of Bayushi, Scorpion wins: lion-1 loses its 2 models: destroyed. Tsuko
  removed, 1 over: d10 6 + 1 = 7 not below Earth 3; d10 5 + 1 = 6 not under Void 3: Dead; unique:
  never again. scorpion-1 experience 7 >= 4 and 5: none. Recovery: Shoju (battled) heals d10 6 ->
  +3, wounds 1 -> 4; d10 4 -> +2, void 0 -> 2. Kuwanan gains experience (a fact): ring d10 9: Void
  2 -> 3 (he is unique already: no rename). Taxes: Crane 5 -> 10631; Lion 4 (Akodo, Kitsu, Matsu,
  the Plain) -> 10721; Scorpion 6 (with Ikoma) -> 11350. Tsuko's death is this turn's: no warning yet.

T8. Lion names the Ikoma Bushi Daimyo. Crane buys 6 models for crane-2 (30); Scorpion a Yogo
  shugenja (30) and the spell Wind of Blood (25) for its library at Soshi. scorpion-1 Bayushi ->
  Soshi. Recovery: crane-2 20; Shoju (moved) heals d10 2 -> +1: wounds 4 (full), void 2 -> 3;
  Kuwanan rests: void 2 -> 3. Taxes: Crane 5 -> 11101; Lion 4 -> 11121; Scorpion 6 -> 11895.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from chronicle.cli import main, state_json
from chronicle.history import load_history

from clanwar.invariants import check_history

CAMPAIGN = Path(__file__).parent / "campaigns" / "docs_only_clanwar"
PLAYERS = ("crane", "lion", "scorpion")

KOKU = {0: (7366, 7526, 7650), 1: (7866, 7926, 8150), 2: (8391, 8311, 8650), 3: (8891, 8811, 9150),
        4: (9291, 9311, 9650), 5: (9631, 9821, 10250), 6: (10131, 10321, 10750), 7: (10631, 10721, 11350),
        8: (11101, 11121, 11895)}
START = {"crane": {"asahina", "daidoji", "doji", "kakita"}, "lion": {"akodo", "ikoma", "kitsu", "matsu"},
         "scorpion": {"bayushi", "shosuro", "soshi", "yogo"}}
CHANGES = {  # turn -> [(province, new controller)]
    1: [("beiden_pass", "scorpion"), ("otosan_uchi", "crane")],
    2: [("plain_of_fast_troubles", "crane")],
    3: [("plain_of_fast_troubles", "lion")],
    4: [("kakita", None)],
    5: [("kakita", "scorpion")],
    6: [("kakita", "crane")],
    7: [("ikoma", "scorpion")],
    8: [],
}
UNITS = {  # turn -> unit -> (province, models)
    1: {"crane-1": ("doji", 12), "crane-2": ("kakita", 17), "crane-3": ("otosan_uchi", 6), "lion-1": ("ikoma", 9),
        "lion-2": ("akodo", 20), "scorpion-1": ("bayushi", 10), "scorpion-2": ("beiden_pass", 16)},
    2: {"crane-1": ("doji", 12), "crane-2": ("kakita", 20), "crane-3": ("plain_of_fast_troubles", 6),
        "lion-1": ("ikoma", 9), "lion-2": ("akodo", 20), "scorpion-1": ("bayushi", 10), "scorpion-2": ("beiden_pass", 16)},
    3: {"crane-1": ("doji", 12), "crane-2": ("kakita", 20), "crane-3": ("otosan_uchi", 2),
        "lion-1": ("plain_of_fast_troubles", 8), "lion-2": ("akodo", 20), "scorpion-1": ("bayushi", 10),
        "scorpion-2": ("beiden_pass", 16)},
    4: {"crane-1": ("doji", 12), "crane-2": ("daidoji", 14), "crane-3": ("otosan_uchi", 2), "lion-1": ("kakita", 7),
        "lion-2": ("akodo", 20), "scorpion-1": ("kakita", 9), "scorpion-2": ("beiden_pass", 16)},
    5: {"crane-1": ("doji", 12), "crane-2": ("daidoji", 14), "crane-3": ("otosan_uchi", 2), "crane-4": ("doji", 10),
        "lion-1": ("plain_of_fast_troubles", 2), "lion-2": ("akodo", 20), "scorpion-1": ("kakita", 9),
        "scorpion-2": ("beiden_pass", 16)},
    6: {"crane-1": ("doji", 12), "crane-2": ("kakita", 14), "crane-3": ("otosan_uchi", 2), "crane-4": ("kakita", 10),
        "lion-1": ("kakita", 2), "lion-2": ("akodo", 20), "scorpion-1": ("bayushi", 3), "scorpion-2": ("beiden_pass", 16)},
    7: {"crane-1": ("doji", 12), "crane-2": ("kakita", 14), "crane-3": ("otosan_uchi", 2), "crane-4": ("kakita", 10),
        "lion-2": ("akodo", 20), "scorpion-1": ("bayushi", 3), "scorpion-2": ("ikoma", 16)},
    8: {"crane-1": ("doji", 12), "crane-2": ("kakita", 20), "crane-3": ("otosan_uchi", 2), "crane-4": ("kakita", 10),
        "lion-2": ("akodo", 20), "scorpion-1": ("soshi", 3), "scorpion-2": ("ikoma", 16)},
}
STATS = {  # turn -> unit -> (ML, TL, Experienced)
    1: {"crane-2": (5, 6, True), "lion-1": (5, 4, True)},
    2: {"crane-2": (6, 6, False), "lion-1": (5, 4, True)},
    4: {"scorpion-1": (4, 5, True)},
    5: {"lion-1": (4, 4, True), "scorpion-1": (4, 5, True)},
    8: {"crane-2": (6, 6, False), "scorpion-1": (4, 5, True), "crane-1": (5, 5, False)},
}
ALLIANCES = {1: [["crane", "scorpion"]], 2: [["crane", "scorpion"]], 3: [["crane", "scorpion"]], 4: [],
             5: [["crane", "lion"]], 6: [["crane", "lion"]], 7: [["crane", "lion"]], 8: [["crane", "lion"]]}


def state(turn, directory=CAMPAIGN, private=False):
    args = ["state", str(directory), "--turn", str(turn), "--json"] + (["--private"] if private else [])
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def every_state(directory=CAMPAIGN):
    """Every turn's ``chronicle state --json`` from one replay (a ``state`` call a turn replayed the
    campaign nine times, for each mutant of scripts/mutate; the CLI is checked below)."""
    history = load_history(directory)
    return {n: json.loads(json.dumps(state_json(history, n), sort_keys=True)) for n in range(0, 9)}


@pytest.fixture(scope="module")
def states():
    return every_state()


def test_chronicle_state_prints_the_same(states):
    assert state(8) == states[8]


def test_campaign_checks_without_errors_or_warnings():
    result = CliRunner().invoke(main, ["check", str(CAMPAIGN), "--strict"])
    assert result.exit_code == 0, result.output


def test_every_die_is_written_the_seed_changes_nothing(tmp_path, states):
    other = tmp_path / "other"
    shutil.copytree(CAMPAIGN, other)
    config = other / "content" / "campaign.yaml"
    config.write_text(config.read_text().replace("seed: 1121", "seed: 777"))
    elsewhere = every_state(other)
    for n in range(1, 9):
        assert elsewhere[n] == states[n], f"turn {n} depends on the seed: a die was drawn"
        assert all(d["recorded"] for d in states[n]["dice"])


@pytest.mark.parametrize("turn", range(0, 9))
def test_koku_turn_by_turn(states, turn):
    assert tuple(states[turn]["koku"][p] for p in PLAYERS) == KOKU[turn]


@pytest.mark.parametrize("turn", range(1, 9))
def test_koku_conserved_start_plus_taxes_and_fees_minus_purchases(states, turn):
    lines = {p: {} for p in PLAYERS}
    for t in range(0, turn + 1):
        for e in states[t]["events"]:
            if e["kind"] == "koku-changed":
                lines[e["player"]][e["reason"]] = lines[e["player"]].get(e["reason"], 0) + e["amount"]
    for i, p in enumerate(PLAYERS):
        got = lines[p]
        assert got["start"] == 8000
        assert got["start"] + got.get("tax", 0) + got.get("ally_fee", 0) + got.get("purchase", 0) == KOKU[turn][i]


@pytest.mark.parametrize("turn", range(0, 9))
def test_provinces_turn_by_turn(states, turn):
    owner = {p: o for o, ps in START.items() for p in ps}
    for t in range(1, turn + 1):
        for province, who in CHANGES[t]:
            owner[province] = who
    got = {p: v["controller"] for p, v in states[turn]["provinces"].items() if v["controller"] is not None}
    assert got == {p: o for p, o in owner.items() if o is not None}


@pytest.mark.parametrize("turn", range(1, 9))
def test_units_turn_by_turn(states, turn):
    got = {u: (v["province"], v["models"]) for u, v in states[turn]["units"].items()}
    assert got == UNITS[turn]
    for unit, (ml, tl, experienced) in STATS.get(turn, {}).items():
        entry = states[turn]["units"][unit]
        assert (entry["ml"], entry["tl"], entry["experienced"]) == (ml, tl, experienced), unit


@pytest.mark.parametrize("turn", range(1, 9))
def test_alliances_turn_by_turn(states, turn):
    assert states[turn]["alliances"] == ALLIANCES[turn]


def test_the_falls_of_kuwanan_shoju_and_tsuko(states):
    fates = {(t, e["personality"]): (e["result"], [d["value"] for d in e["dice"]])
             for t in range(1, 9) for e in states[t]["events"] if e["kind"] == "fate-rolled"}
    assert fates == {(1, "kuwanan"): ("wounded", [2]), (4, "kuwanan"): ("maimed", [4, 1]),
                     (6, "shoju"): ("wounded", [1]), (7, "tsuko"): ("dead", [6, 5])}
    final = states[8]["personalities"]
    assert final["kuwanan"]["rings"] == {"earth": 3, "water": 2, "fire": 2, "air": 2, "void": 3}
    assert (final["kuwanan"]["maimed"], final["kuwanan"]["gained"], final["kuwanan"]["experienced"]) == (["fire"], ["void"], True)
    assert (final["kuwanan"]["wounds"], final["kuwanan"]["void_points"]) == (4, 3)
    assert (final["shoju"]["status"], final["shoju"]["wounds"], final["shoju"]["void_points"], final["shoju"]["province"]) == \
        ("active", 4, 3, "soshi")
    assert final["tsuko"]["status"] == "dead" and states[8]["graveyard"] == ["tsuko"]
    assert states[1]["personalities"]["tsuko"]["wounds"] == 5 and states[1]["personalities"]["tsuko"]["void_points"] == 3
    assert states[8]["factions"]["lion"]["daimyo"] == "ikoma-b"
    assert final["toku"]["province"] == "wasp_clan" and final["toku"]["faction"] == "crane"


def test_bids_fees_libraries_and_lps(states):
    (bid,) = [e for e in states[2]["events"] if e["kind"] == "bid-resolved"]
    assert (bid["winner"], bid["price"], bid["bids"]) == ("crane", 60, [["crane", 60], ["lion", 50]])
    fees = [(e["player"], e["amount"]) for e in states[5]["events"] if e["kind"] == "koku-changed" and e["reason"] == "ally_fee"]
    assert fees == [("lion", 10)]
    assert states[5]["units"]["crane-4"]["bought_from"] == "lion"
    assert states[2]["units"]["lion-2"]["lps"] == [{"rank": "gunso", "family": "generic"}]
    assert states[8]["provinces"]["kitsu"]["spells"] == ["tempest"]
    assert states[8]["provinces"]["soshi"]["spells"] == ["Wind of Blood"]
    switched = [e for e in states[4]["events"] if e["kind"] == "alliance-broken"]
    assert [(e["by"], e["other"], e["how"]) for e in switched] == [("scorpion", "crane", "switched sides")]


def test_the_invariants_hold_every_turn():
    assert check_history(load_history(CAMPAIGN)) == []
