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


NOT_READ = """\
battles:
  - not a battle
  - {players: [paula, 5], winner: paula}
  - {players: [paula, ginger], winner: 5}
  - {players: [paula, ginger], winner: ginger, vp: {ginger: 3}}
"""


def test_a_battle_the_schema_refuses_is_left_out_and_the_next_still_counts(make_campaign):
    """An entry that is not a battle, a player or a winner that is not a name: each is the schema's one
    error (no "unknown player 5", no "winner 5 did not fight"), its battle is left out, and the
    battles after it still count (found by scripts/mutate: a `break` for the `continue`, and an `and`
    for either `or`, passed every test)."""
    history, problems = play(make_campaign, {1: NOT_READ})
    assert [(p.place.line, p.place.col, p.rule) for p in problems] == [
        (2, 3, "file format"), (3, 21, "file format"), (4, 38, "file format")], [p.format() for p in problems]
    fought = [e for e in history.result(1).events if type(e).__name__ == "BattleFought"]
    assert [(e.name, e.players, e.winners, dict(e.vp)) for e in fought] == [
        ("Battle 4", ("paula", "ginger"), ("ginger",), {"ginger": 3})]


MEANT = """\
battles:
  - {players: [paula, Gingr], winner: ginger, vp: {paula: 2}}
  - {players: [paula, ginger], winner: paula, vp: {yoko: 1}}
  - {players: [paula], winner: paula}
  - {players: [paula, ginger], winner: gingr}
  - {players: [paula, ginger], winner: [paula, ginger]}
"""


def test_a_misspelt_player_is_read_as_meant_and_vp_of_a_player_not_there_refused(make_campaign):
    """A misspelt player is the one error of its battle: the battle is read with the player the name
    meant ('Gingr': ginger), so its winner is not reported again. (The VP here are Paula's: VP for the
    player meant would bring the player in by themselves, and the reading of the name went untested.)
    VP for a player of the campaign who did not fight, in a battle whose names are all right, are
    refused at their key (not taken as hers, as if the battle had a misspelt name). A battle of one
    player is placed at its list of players, a winner who did not fight (written alone, not in a list)
    at the winner, a battle everyone won at its winners. Found by scripts/mutate."""
    from .test_pitac_edges import THREE
    history, problems = play(make_campaign, {1: MEANT}, players=THREE)
    assert [(p.place.line, p.place.col, p.rule, p.message, p.hint) for p in problems] == [
        (2, 21, "player", "unknown player 'Gingr'", "did you mean 'ginger'?"),
        (3, 50, "ranks", "VP for 'yoko', who did not fight in this battle", "give VP only to the battle's players"),
        (4, 13, "battle", "a battle with one player: only Paula Purple fought in it",
         "a battle has two sides: add the player Paula Purple fought against"),
        (5, 38, "battle", "winner 'gingr' did not fight in this battle",
         "did you mean 'ginger'? the winner must be one of its players: paula, ginger"),
        (6, 38, "battle", "every player of this battle is written as its winner, so no one lost it",
         "winner: is the side that won (allies may win together); for a draw, leave winner out")], \
        [p.format() for p in problems]
    fought = [e for e in history.result(1).events if type(e).__name__ == "BattleFought"]
    assert [(e.players, e.winners, dict(e.vp)) for e in fought] == [
        (("paula", "ginger"), ("ginger",), {"paula": 2}), (("paula", "ginger"), ("paula",), {}),
        (("paula",), ("paula",), {}), (("paula", "ginger"), (), {}), (("paula", "ginger"), ("paula", "ginger"), {})]


def test_a_territory_written_with_spaces_or_capitals_and_its_guesses(make_campaign):
    """A territory is read by its id written with spaces and in any case ('Awa Shikoku': awa_shikoku,
    whose name is "Awa (Shikoku)"), and a misspelt one in capitals is guessed as the one it meant (the
    names of an order's doubt). Found by scripts/mutate's seed 16: no test wrote a territory with a space."""
    from chronicle.history import load_history
    from chronicle.rules.pitac.record import guesses, resolve_province
    campaign = "title: t\nruleset: pitac\nseed: 3\nmap: japan\nplayers:\n  - {id: paula, capital: shinano}\n  - {id: ginger, capital: tosa}\n"
    game_map = load_history(make_campaign(campaign, {})).campaign.map
    assert resolve_province("Awa Shikoku", game_map, ()) == ("awa_shikoku", [])
    assert guesses("AWA SHIKOKUU", game_map)[0] == "awa_shikoku"
