"""The benchmark's generator writes campaigns that check: its figures measure real campaigns."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from chronicle.history import load_history

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import generate  # noqa: E402


@pytest.mark.parametrize("ruleset", sorted(generate.RULESETS))
def test_generated_campaign_checks_and_grows_turn_by_turn(tmp_path, ruleset):
    generate.generate(tmp_path, ruleset, turns=6, players=12)
    generate.generate(tmp_path, ruleset, turns=2, first=7)        # adding turns to what is there
    history = load_history(tmp_path)
    assert [r.turn.number for r in history.turns] == list(range(1, 9))
    assert len(history.campaign.players) == 12
    fought = 0
    for result in history.turns:
        story = result.turn.story
        assert story and 1000 <= len(story.encode()) <= 3200
        battles = result.turn.data.get("battles", [])
        if ruleset == "pitac":                    # every player at a table of 2 to 4
            assert battles and all(2 <= len(b["players"]) <= 4 for b in battles)
        else:                                     # armies that met, each battle entered with its losses
            assert all(b["attacker"]["army"] and b["defender"]["army"] for b in battles)
        fought += len(battles)
    assert fought >= len(history.turns)
    written = [t.data for t in history.campaign.turns]
    assert any(t.get("dice") for t in written), "some dice are recorded, the rest drawn"


def test_same_seed_same_campaign(tmp_path):
    generate.generate(tmp_path / "a", "pitac", turns=4)
    generate.generate(tmp_path / "b", "pitac", turns=4)
    for path in sorted((tmp_path / "a" / "content").rglob("*.*")):
        assert path.read_bytes() == (tmp_path / "b" / path.relative_to(tmp_path / "a")).read_bytes()
