"""Scenario replays: the 6-clan example campaign, the starter campaign, battle sheets, terrain data."""

from __future__ import annotations

from pathlib import Path

from chronicle.content import load_campaign
from chronicle.history import load_history
from chronicle.maps import load_bundled
from chronicle.rules.sengoku.terrain import japan_terrain

from .helpers import replay_recorded
from .invariants import check_history

REPO = Path(__file__).resolve().parents[2]


def test_example_campaign_replays_a_year_and_a_half_with_sieges_winter_and_a_seppuku():
    history = load_history(REPO / "examples" / "sengoku")
    assert [p.format() for p in history.problems if p.severity == "error"] == []
    check_history(history)
    assert len(history.turns) == 9
    kinds = {type(e).__name__ for t in history.turns for e in t.events}
    assert {"SiegeRoll", "CastleTaken", "BattleFought", "WinterAttrition", "WinterReinforced", "Seppuku",
            "ArmyRaised", "NinjaAttempt", "DeckReshuffled"} <= kinds
    final = history.final
    assert final.clans["imagawa"].status == "seppuku" and final.clans["imagawa"].prestige == -24
    assert final.owners["suruga"] == "takeda" and final.owners["totomi"] is None   # the rest of Imagawa land turned neutral
    summary = history.campaign.ruleset.summary(history.campaign, final)
    assert summary.calendar == "July 1561" and summary.score_name == "Prestige"
    assert summary.marks["shinano"] == ("fortress",) and "kyoto" in summary.marks["yamashiro"]
    assert any(p.label == "mori-4" for p in summary.pieces)


def test_the_sixth_turn_is_winter(make_campaign):
    history = load_history(REPO / "examples" / "sengoku")
    ruleset = history.campaign.ruleset
    labels = [ruleset.summary(history.campaign, t.after).calendar for t in history.turns]
    assert labels[:6] == ["March 1560", "May 1560", "July 1560", "September 1560", "November 1560", "January 1561"]


def test_starter_campaign_checks(run, tmp_path):
    result = run("new", tmp_path / "x", "--ruleset", "sengoku")
    assert result.exit_code == 0, result.output
    result = run("check", tmp_path / "x")
    assert result.exit_code == 0, result.output


def test_battle_sheets_for_pending_meetings():
    history = load_history(REPO / "examples" / "sengoku")
    campaign = history.campaign
    sheets = campaign.ruleset.battle_sheets(campaign, history.state_after(7))
    siege = next(s for s in sheets if s.province == "suruga")
    assert siege.bua == "capital" and siege.terrain == "mountains" and siege.river_possible
    assert {s.role for s in siege.sides} == {"besieger", "besieged"}
    assert "takeda-1" in siege.terrain_set_by


def test_every_japan_province_has_terrain():
    game_map, _ = load_bundled("japan")
    data = japan_terrain()
    assert set(data) == set(game_map.provinces) - {"yamashiro"} | {"yamashiro"}
    assert all(kind in ("grassland", "mountains", "high_mountains") for kind, _ in data.values())


def test_numbered_custom_map_terrain(make_campaign):
    from .helpers import campaign_yaml
    root = make_campaign(campaign_yaml())
    campaign, _ = load_campaign(root)
    from chronicle.rules.sengoku.terrain import terrain_of
    assert terrain_of(campaign, "p3") == ("grassland", True)
    assert terrain_of(campaign, "p7") == ("high_mountains", False)
    assert terrain_of(campaign, "p1") == ("mountains", False)


SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def _prestige_by_turn(history, clan):
    return [t.after.clans[clan].prestige for t in history.turns]


def test_shogunate_scenario_takeda_claims_holds_kyoto_two_turns_and_wins(monkeypatch):
    """tests/sengoku/scenarios/shogunate: two clans on a numbered 7x5 map (Kyoto = 18), eleven
    turns, every die and card written. Computed by hand from the seed, turn by turn:

    Set-up: Takeda 1-10 (capital 3, fortress 8), armies t1@3 t2@8 t3@7; Uesugi 26-35 (capital
    33, fortress 28), u1@33 u2@28 u3@27; 12 elements each; 10 prestige each. Deck of 12 cards.

    ==== ============ ================================================ ============= =============
    turn date         what happens                                      Takeda        Uesugi
    ==== ============ ================================================ ============= =============
    1    Mar 1560     T takes 11 12 13, U takes 22 23 24                +13 = 23      +13 = 23
    2    May 1560     T draws Marriage; T takes 14 16 17, U 19 21 25    +16 = 39      +16 = 39
    3    Jul 1560     t2 attacks u1 at 19: losses 1-4, U plays Bitter   +3 win +4 el  -2 loss +1 el
                      Enders (point 6): no break, more losses lose;      +17 prov      +16 prov
                      u1 retreats to 24 (nearest its capital 33). T      = 63          = 54
                      takes 19, U takes 20. 19 lost behind u2 in 20:
                      chain roll 6: u2 12 -> 11.
    4    Sep 1560     u3 refuses battle at 21 (to 26, -1). t2 (11)       +3 +3 el +2   -1 -2 +2 el
                      beats u2 (11) at 20, losses 2-3, camp taken;       camp +20      +14
                      u2 to 25 (own land first). T takes 15 20 21.       = 91          = 67
    5    Nov 1560     T builds a fortress at 13 (+2). t2 forced march    +2 +20 = 113  +14 = 81
                      20-19-14-9-8 (1 element: 9 -> 8); retreated u2,
                      u3 step nearer 33 each province.
    6    Jan 1561     Winter. t3 in 17 is 4 from the only quarters with  +20 = 133     +14 = 95
                      room (capital 3): 3 + 3 lost, Forage saves 1:
                      12 -> 7. u2 in 34 is 1 from 33: 3 lost, 8 -> 5.
                      In quarters all winter: t2 8 -> 11, u1 8 -> 11
                      (t1, u3 already 12). Deck 1 ends: reshuffled,
                      the Marriage stays with Takeda (11 cards).
    7    Mar 1561     Spring: T 20 provinces -> 6 armies (t4 t5 t6 at    +21 = 154     +13 = 108
                      3); U 14 -> 4 (u4 at 33). T takes 24.
    8    May 1561     t1 beats u3 at 23, losses 2-4 (u3 breaks at 4);   +3 +4 el      -2 +2 el
                      u3 to 28. T takes 22 23 25.                        +24 = 185     +10 = 118
    9    Jul 1561     t1 enters 28: u1 shuts itself in the fortress,    +24 = 209     -1 +10 = 127
                      u3 withdraws to 33 (-1). Portuguese trader: d6 3
                      +1 < 6, t1 loses 1 (10 -> 9).
    10   Sep 1561     T claims: 24 provinces, 209 prestige, Marriage.   +2 fort       -5 fort lost
                      t4 enters Kyoto. Siege: 4 +1 >= 5 (one less after  +25 = 236     -2 army
                      a month): 28 falls, u1 destroyed. Chain roll for                 +9 = 129
                      u4 in 27 (28 behind it): 2, no loss. Kyoto held 1/2.
    11   Nov 1561     u4 enters Kyoto to stop the claim and loses 4-3    +3 +4 el      -2 +3 el
                      (Bitter Enders: point 6, no break); u4 retreats    +25 = 268     +9 = 139
                      to 23, out of supply: d6 3 +1 = 4, holds. Kyoto
                      held 2/2: Takeda is Shogun and wins.
    ==== ============ ================================================ ============= =============

    Ledger totals: Takeda 10 + provinces 225 + battles 29 (7 + 8 + 7 + 7) + fortress built 2
    + fortress taken 2 = 268. Uesugi 10 + provinces 138 - 9 (T3 -1, T4 -1, T8 0, T9 -1, T10 -7,
    T11 +1) = 139. Provinces at the end: Takeda 25 (1-17, 19-25, 28), Uesugi 9 (26, 27, 29-35).
    """
    history, drawn, unwritten = replay_recorded(SCENARIOS / "shogunate", monkeypatch)
    assert [p.format() for p in history.problems] == []
    assert drawn == [] and unwritten == []                       # every die and every card is written
    assert len(history.turns) == 11
    assert _prestige_by_turn(history, "takeda") == [23, 39, 63, 91, 113, 133, 154, 185, 209, 236, 268]
    assert _prestige_by_turn(history, "uesugi") == [23, 39, 54, 67, 81, 95, 108, 118, 127, 129, 139]
    final = history.final
    assert final.winner == "takeda" and final.shogun == "takeda" and final.game_over
    numbers = lambda clan: sorted(history.campaign.map.provinces[p].number for p in final.held_by(clan))
    assert numbers("takeda") == list(range(1, 18)) + list(range(19, 26)) + [28]
    assert numbers("uesugi") == [26, 27] + list(range(29, 36))
    ledger = {}
    for t in history.turns:
        for e in t.events:
            if type(e).__name__ == "PrestigeAwarded":
                kind = "provinces" if e.reason.endswith("provinces held") else e.reason.split(" x")[0]
                ledger.setdefault(e.clan, {}).setdefault(kind, 0)
                ledger[e.clan][kind] += e.points
    assert ledger["takeda"] == {"provinces": 225, "victory": 12, "element_destroyed": 15, "camp_taken": 2,
                                "fortress_built": 2, "fortress_taken": 2}
    assert ledger["uesugi"] == {"provinces": 138, "defeat": -8, "element_destroyed": 8, "refused_battle": -2,
                                "fortress_lost": -5, "army_destroyed": -2}
    assert {a.id: (a.province, a.strength) for a in final.armies.values()} == {
        "takeda-1": ("p28", 9), "takeda-2": ("p25", 11), "takeda-3": ("p3", 7), "takeda-4": ("p18", 9),
        "takeda-5": ("p3", 12), "takeda-6": ("p3", 12),
        "uesugi-2": ("p33", 5), "uesugi-3": ("p33", 8), "uesugi-4": ("p23", 8)}
    assert [type(e).__name__ for e in history.result(11).events if type(e).__name__ in ("KyotoHeld", "ShogunConferred")] \
        == ["KyotoHeld", "ShogunConferred"]


def test_second_deck_scenario_ends_after_the_last_card_and_the_highest_prestige_wins(monkeypatch):
    """tests/sengoku/scenarios/second_deck: Mori (1-10, capital 3, fortress 8), Shimazu (26-35,
    capital 33, fortress 28) and Hojo (12 13 14 16 17 19 20 22 23 24, capital 17, fortress 19) on
    the same 7x5 map with the isle of 36 (sea routes from 5 and 35). A deck of 7 cards for 3
    players: deck 1 deals turns 1-3 (turn 3 deals one card: Shimazu and Hojo draw nothing),
    is reshuffled, and deck 2 deals turns 4-6; the game ends after turn 6. Every die and card is
    written. By hand, from the seed:

    ==== ======== ============================================== ============ ============ ============
    turn date     what happens                                    Mori         Shimazu      Hojo
    ==== ======== ============================================== ============ ============ ============
    1    Mar 1560 Mori-Shimazu alliance (+5 each). mori-1 sails   +5 +12 = 27  +5 +12 = 27  +11 = 21
                  5 -> 36: storm (1), d6 2 lost (12 -> 10). Mori
                  takes 11 and the isle 36 (next to 5 by sea),
                  Shimazu 21 25, Hojo 15.
    2    May 1560 Hojo's ninja (-5) on Mori: 5 wounds, d6 2:      +12 = 39     +3 win +2 el -5 ninja -2
                  turns 2-3. hojo-3 attacks shimazu-2 at 24,                    +14 = 46     +1 el +9
                  losses 2-1, Hojo loses, retreats to 19.                                    = 24
                  Shimazu takes 16 24.
    3    Jul 1560 The last card (Mori). shimazu-3 at 17: hojo-1   +12 = 51     +15 = 61     +8 = 32
                  shuts itself in the capital; d6 2 < 6, -1
                  element. Shimazu takes 23. mori-1 sails home
                  (d6 4). Deck 1 reshuffled (7 cards).
    4    Sep 1560 mori-2 sends 2 elements 3 provinces to mori-1   +3 win +4 el +2 allied    -2 +3 el -15
                  (10 -> 12). Siege: 5 >= 5 (a month on): 17 +13 = 71     +5 capital   capital -2
                  falls, hojo-1 destroyed. mori-1 (12) with 4                   +16 = 84     army +6 = 22
                  Shimazu elements (16: breaking point 6) breaks
                  hojo-2 (12: point 4): losses 2+1 against 4.
                  hojo-2 to 14. Mori takes 15.
    5    Nov 1560 Shimazu breaks the alliance (-7); Mori breaks   -5 +13 = 79  -7 +16 = 93  +2 fort +6
                  a treaty (-5); Hojo builds a fortress at 14                                = 30
                  (+2). mori-3 forced march 4 provinces (-1).
    6    Jan 1561 Winter, the last card (Mori). Initiative tie   +13 = 92     +16 = 109    +6 = 36
                  4-4 re-rolled 5-2. mori-1 in 4, 1 from the
                  capital: 3 - 1 (Forage) lost, 10 -> 8.
                  Quarters all winter: +3 up to 12. Deck 2 is
                  dealt: the game ends; Shimazu wins with 109.
    ==== ======== ============================================== ============ ============ ============

    Ledger totals: Mori 10 + 5 + provinces 75 (12+12+12+13+13+13) + 3 + 4 - 5 = 92; Shimazu 10 + 5
    + provinces 89 (12+14+15+16+16+16) + 3 + 2 + 2 + 5 - 7 = 109; Hojo 10 + provinces 46
    (11+9+8+6+6+6) - 5 - 2 + 1 - 2 + 3 - 15 - 2 + 2 = 36. Provinces at the end: Mori 13 (1-11, 15,
    36), Shimazu 16 (16, 17, 21, 23-35), Hojo 6 (12, 13, 14, 19, 20, 22).
    """
    history, drawn, unwritten = replay_recorded(SCENARIOS / "second_deck", monkeypatch)
    assert [p.format() for p in history.problems] == []
    assert drawn == [] and unwritten == []
    assert len(history.turns) == 6
    assert _prestige_by_turn(history, "mori") == [27, 39, 51, 71, 79, 92]
    assert _prestige_by_turn(history, "shimazu") == [27, 46, 61, 84, 93, 109]
    assert _prestige_by_turn(history, "hojo") == [21, 24, 32, 22, 30, 36]
    final = history.final
    assert final.game_over and final.winner == "shimazu" and final.shogun is None
    ended = [e for e in history.result(6).events if type(e).__name__ == "GameEnded"]
    assert [(e.winner, e.prestige) for e in ended] == [("shimazu", 109)]
    assert [type(e).__name__ for e in history.result(3).events].count("DeckReshuffled") == 1
    numbers = lambda clan: sorted(history.campaign.map.provinces[p].number for p in final.held_by(clan))
    assert numbers("mori") == list(range(1, 12)) + [15, 36]
    assert numbers("shimazu") == [16, 17, 21] + list(range(23, 36))
    assert numbers("hojo") == [12, 13, 14, 19, 20, 22]
    assert {a.id: (a.province, a.strength) for a in final.armies.values()} == {
        "mori-1": ("p3", 8), "mori-2": ("p8", 12), "mori-3": ("p3", 12), "hojo-2": ("p14", 11), "hojo-3": ("p19", 12),
        "shimazu-1": ("p28", 12), "shimazu-2": ("p33", 12), "shimazu-3": ("p17", 12)}
    assert final.castles["p17"] == "capital" and final.owners["p17"] == "shimazu" and final.castles["p14"] == "fortress"
