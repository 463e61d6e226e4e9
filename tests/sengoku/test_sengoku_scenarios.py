"""Scenario replays: the 6-clan example campaign, the starter campaign, battle sheets, terrain data."""

from __future__ import annotations

from pathlib import Path

from chronicle.content import load_campaign
from chronicle.history import load_history
from chronicle.maps import load_bundled
from chronicle.rules.sengoku.terrain import japan_terrain

REPO = Path(__file__).resolve().parents[2]


def test_example_campaign_replays_a_year_and_a_half_with_sieges_winter_and_a_seppuku():
    history = load_history(REPO / "examples" / "sengoku")
    assert [p.format() for p in history.problems if p.severity == "error"] == []
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
