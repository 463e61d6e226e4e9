"""A Pitac turn file's facts read as written, and every slip reported at its own place.

What tests/test_errors.py does through the CLI for the common slips, this does for each part of
a turn file the rules read: battles (names, scenario, VP), gifts, capitals and army lists; each
problem's file:line:col points at the value (or the key) that is wrong.
"""

from __future__ import annotations

import pytest

from .test_pitac_edges import only, play

TURN = """\
title: The slips
battles:
  - name: Pike and Shot
    scenario: Hill
    players: [paula, ginger]
    winner: paula
    vp: {paula: 3, ginger: 2}
  - {players: [paula, ginger], vp: {billy: 4}}
gifts:
  - {from: paula, to: gingr, territory: inaba}
  - {from: paulo, to: ginger, territory: inaba}
  - {from: paula, to: ginger, territory: inabo}
capitals: {gingr: kii}
army_lists: [paula, yoko]
date: 2026-03-14
"""


@pytest.fixture(scope="module")
def replayed(tmp_path_factory):
    from tests.conftest import write_campaign
    from .test_pitac_edges import campaign
    from chronicle.history import replay_folder
    root = write_campaign(tmp_path_factory.mktemp("records") / "c", campaign(), {1: TURN})
    history, problems = replay_folder(root)
    assert history is not None, [p.format() for p in problems]
    return history, problems


def test_a_battle_keeps_its_name_scenario_and_vp(replayed):
    history, _ = replayed
    fought = [e for e in history.result(1).events if type(e).__name__ == "BattleFought"]
    assert [(e.name, e.players, e.winners, dict(e.vp), e.scenario) for e in fought] == [
        ("Pike and Shot", ("paula", "ginger"), ("paula",), {"paula": 3, "ginger": 2}, "Hill"),
        ("Battle 2", ("paula", "ginger"), (), {}, None)]
    assert dict(history.final.vp) == {"paula": 3, "ginger": 2}
    assert dict(history.final.koku_bonuses) == {"paula": 50}
    record = history.result(1).record
    assert (record.title, record.date, record.army_lists) == ("The slips", "2026-03-14", ("paula",))


@pytest.mark.parametrize("place, rule, message", [
    ("8:37", "ranks", "VP for 'billy', who did not fight in this battle"),
    ("10:23", "player", "unknown player 'gingr'"),
    ("11:12", "player", "unknown player 'paulo'"),
    ("12:42", "territory", "unknown territory 'inabo'"),
    ("13:12", "player", "unknown player 'gingr'"),
    ("14:21", "player", "unknown player 'yoko'"),
])
def test_each_slip_is_reported_at_its_place(replayed, place, rule, message):
    _, problems = replayed
    found = [(f"{p.place.line}:{p.place.col}", p.rule, p.message) for p in only(problems)]
    assert (place, rule, message) in found, found


def test_nothing_else_is_reported_and_bad_entries_are_left_out(replayed):
    history, problems = replayed
    assert len(only(problems)) == 6, [p.format() for p in problems]
    assert [type(e).__name__ for e in history.result(1).events if type(e).__name__ == "TerritoryGiven"] == []
    assert history.final.owners["inaba"] is None


MALFORMED = """\
battles:
  - {players: paula}
  - {players: [paula, ginger], winner: paula, vp: {paula: true, ginger: 2}}
dice: {inaba: {paula: true}, higo: {paula: [4, true]}}
orders: {paula: [Attack inaba, Attack higo]}
capitals: {ginger: 7}
army_lists: [3, paula]
gifts: [{from: paula, to: 5, territory: inaba}]
"""


def test_values_of_the_wrong_type_are_reported_once_and_the_rest_of_the_turn_stands(make_campaign):
    """The schema reports each value of the wrong type; the rules then read around it (no second,
    confusing report, no crash): the good battle still earns its moves and VP, the dice of the
    wrong type are drawn instead, the army list that is a name counts."""
    history, problems = play(make_campaign, {1: MALFORMED})
    assert sorted((p.place.line, p.place.col) for p in problems) == [
        (2, 13), (3, 57), (4, 23), (4, 48), (6, 20), (7, 14), (8, 27)], [p.format() for p in problems]
    assert all(p.rule == "file format" and "expected" in p.message for p in problems)
    fought = [e for e in history.result(1).events if type(e).__name__ == "BattleFought"]
    assert [(e.name, e.players, e.winners) for e in fought] == [("Battle 2", ("paula", "ginger"), ("paula",))]
    assert dict(history.final.vp) == {"paula": 0, "ginger": 2}
    assert dict(history.final.koku_bonuses) == {"paula": 50}
    assert history.final.owners["inaba"] == "paula" and history.final.owners["higo"] == "paula"
