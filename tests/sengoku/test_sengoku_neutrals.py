"""Neutral clans. Seed: "If less then 6 players play then any clans not being played are neutral.
They still have three armies and a fortress. A Neutral army does not leave its territory and will
move to attack any army that enters its territory or threatens the capital. Neutral armies are
unaffected by winter and supply and always contain 12 elements." """

from __future__ import annotations

from .helpers import army, errors, events_of, play, play_grid

NEUTRAL_BLUE = "provinces: [5, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [6, 7, 8]\n    neutral: true"


def test_neutral_army_moves_to_attack_an_army_entering_its_land(make_campaign):
    """red-3 enters empty neutral Five; blue-1, one province away in Six, moves to attack it. The
    battle is fought on the table: without its entry the administrator is told what to enter."""
    history, found = play(make_campaign, {1: "moves: {red-3: [4, 5]}\n"}, blue=NEUTRAL_BLUE)
    moved = [e for e in events_of(history, 1, "ArmyMoved") if e.army == "blue-1"]
    assert moved and moved[0].path == ("p6", "p5") and "a neutral army attacks red-3" in moved[0].rule
    assert any("001.yaml:1:9: error: the neutral army blue-1 (blue) moved to attack red-3, which entered its land at Five: "
               "the battle's result is missing [neutral armies attack any army entering their land]" in p
               and "hint: fight it on the table and enter it under battles, the neutral army attacking:  - {at: p5, attacker: "
                   "{army: blue-1, lost: N}, "
                   "defender: {army: red-3, lost: N}}" in p for p in found), found


def test_neutral_battle_entered_and_neutral_armies_always_contain_twelve(make_campaign):
    history, found = play(make_campaign, {1: """
        moves: {red-3: [4, 5]}
        battles:
          - {at: 5, attacker: {army: blue-1, lost: 3}, defender: {army: red-3, lost: 4}}
        """}, blue=NEUTRAL_BLUE)
    assert errors(found) == []
    assert army(history, "red-3").province == "p4" and army(history, "red-3").strength == 8
    assert army(history, "blue-1").strength == 12 and army(history, "blue-1").province == "p5"
    ledger = [(e.clan, e.reason) for e in events_of(history, 1, "PrestigeAwarded")]
    assert ("red", "defeat") in ledger and not any(clan == "blue" for clan, _ in ledger)   # neutrals keep no score


def test_an_intruder_entering_where_a_neutral_army_stands_must_fight(make_campaign):
    _, found = play(make_campaign, {1: "moves: {red-3: [4, 5, 6]}\n"}, blue=NEUTRAL_BLUE)
    assert any("the neutral army blue-1 (blue) attacks red-3, which entered its land at Six" in p for p in found), found
    _, found = play(make_campaign, {1: "moves: {red-3: [4, 5, 6]}\nresponses: {blue-1: {retreat: 7}}\n"}, blue=NEUTRAL_BLUE)
    assert any("blue-1 is neutral: a neutral army always attacks" in p for p in found), found


def test_each_neutral_army_meets_one_intruder_in_order_of_arrival(make_campaign):
    """Two intruders: red-3 in Five, then red-2 in Six. blue-1, in Six, meets red-2 where it stands
    (it is not pulled away to Five); blue-2 and blue-3 could reach Five only through Six, where an
    enemy stands: red-3 stands unopposed."""
    history, found = play(make_campaign, {1: """
        moves:
          red-3: [4, 5]
          red-2: {path: [3, 4, 5, 6], forced: 1}
        """}, blue=NEUTRAL_BLUE)
    assert [e for e in events_of(history, 1, "ArmyMoved") if e.clan == "blue"] == []
    assert [p.split(": error: ")[1].split(":")[0] for p in errors(found)] == \
        ["the neutral army blue-1 (blue) attacks red-2, which entered its land at Six"], found


def test_the_nearest_free_neutral_army_moves_up_to_three_provinces(make_campaign):
    """red-3 enters Five; blue's armies stand in Seven and Eight: blue-1 (Seven) is nearest and
    moves two provinces through its own land."""
    history, _ = play(make_campaign, {1: "moves: {red-3: [4, 5]}\n"},
                      blue="provinces: [5, 6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [7, 8]\n    neutral: true")
    assert [(e.army, e.path) for e in events_of(history, 1, "ArmyMoved") if e.clan == "blue"] == [("blue-1", ("p7", "p6", "p5"))]


def test_neutral_clan_untouched_by_winter_and_supply(make_campaign):
    """Neutral armies stand in the field in January (blue-1 in Six, no castle) and lose nothing."""
    turns = {n: "title: quiet\n" for n in range(1, 7)}
    history, found = play(make_campaign, turns, blue=NEUTRAL_BLUE)
    assert errors(found) == []
    assert not [e for e in events_of(history, 6, "WinterAttrition") if e.clan == "blue"]
    assert all(a.strength == 12 for a in history.final.armies_of("blue"))
    assert army(history, "blue-1").province == "p6"


def test_the_neutral_army_is_written_as_the_attacker(make_campaign):
    """Seed: a neutral army "will move to attack any army that enters its territory": in its battle
    with the intruder it is the attacker. red-3 enters neutral Five and blue-1 comes out of Six to
    attack it; the entry written the other way round is an error at the defender, with the entry
    to write; the same losses written the right way round stand."""
    wrong = "  - {at: 5, attacker: {army: red-3, lost: 4}, defender: {army: blue-1, lost: 3}}\n"
    history, found = play(make_campaign, {1: "moves: {red-3: [4, 5]}\nbattles:\n" + wrong}, blue=NEUTRAL_BLUE)
    assert [p.split("\n")[0] for p in errors(found)] == [
        "content/turns/001.yaml:3:57: error: blue-1 is a neutral army: it attacks red-3, which entered its land, so it is "
        "written as the attacker, not the defender [neutral armies attack any army entering their land]"], found
    assert "hint: swap the sides, each with its own losses:  attacker: {army: blue-1, ...}, defender: {army: red-3, ...}" \
        in errors(found)[0]
    assert events_of(history, 1, "BattleFought") == []
    # an intruder entering where the neutral army stands: the neutral army still attacks
    _, found = play(make_campaign, {1: "moves: {red-3: [4, 5, 6]}\n"}, blue=NEUTRAL_BLUE)
    assert any("the neutral army blue-1 (blue) attacks red-3, which entered its land at Six" in p
               and "attacker: {army: blue-1, lost: N}, defender: {army: red-3, lost: N}" in p for p in found), found
    history, found = play(make_campaign, {1: """
        moves: {red-3: [4, 5, 6]}
        battles:
          - {at: 6, attacker: {army: blue-1, lost: 1}, defender: {army: red-3, lost: 4}}
        """}, blue=NEUTRAL_BLUE)
    assert errors(found) == []
    assert [(e.attacker, e.winner) for e in events_of(history, 1, "BattleFought")] == [("blue-1", "blue-1")]


def test_the_battle_sheet_of_a_neutral_battle_has_the_intruder_defending(make_campaign):
    """The battle sheet agrees: in neutral land the neutral army attacks, the intruder defends and
    so sets the terrain (seed: "Terrain is placed by the defender")."""
    history, _ = play(make_campaign, {1: "moves: {red-3: [4, 5, 6]}\n"}, blue=NEUTRAL_BLUE)
    campaign = history.campaign
    sheet = next(s for s in campaign.ruleset.battle_sheets(campaign, history.final) if s.province == "p6")
    assert {s.army: s.role for s in sheet.sides} == {"blue-1": "attacker", "red-3": "defender"}
    assert sheet.terrain_set_by.startswith("red-3")
    assert any("the intruder defends and sets the terrain" in n for n in sheet.notes)


def test_each_intruder_s_missing_battle_is_placed_at_its_own_move(make_campaign):
    """red-2 and red-3 both enter Six, where the neutral army blue-1 stands, and no battle is entered:
    the missing battle with red-2 is an error at red-2's move; the one with red-3, a consequence (blue-1
    is in doubt), is counted at red-3's move, not at red-2's."""
    red = "provinces: [1, 2, 3, 4]\n    capital: 1\n    fortress: 2\n    armies: [1, 4, 4]"
    _, found = play(make_campaign, {1: "moves:\n  red-2: [5, 6]\n  red-3: [5, 6]\n"}, red=red, blue=NEUTRAL_BLUE)
    missing = ("the neutral army blue-1 (blue) attacks {army}, which entered its land at Six: the battle's result is "
               "missing")
    assert errors(found) == [
        f"content/turns/001.yaml:2:3: error: {missing.format(army='red-2')} [neutral armies attack any army entering "
        "their land]\n    hint: fight it on the table and enter it under battles, the neutral army attacking:  - {at: p6, "
        "attacker: {army: blue-1, lost: N}, defender: {army: red-2, lost: N}}"], found
    assert found[-1] == (
        "content/turns/001.yaml:3:3: warning: 1 more problem about blue-1, red-3 not reported: it follows from an earlier "
        f"error (turn 1: {missing.format(army='red-2')}) [consequences of an earlier error]\n    hint: fix that error "
        f"first, then check again; not reported: {missing.format(army='red-3')}")


def test_an_intruder_where_a_neutral_army_already_came_does_not_stop_the_next_being_met(make_campaign):
    """Three red armies enter green's neutral land, in this order: red-1 and red-2 into Twelve, where
    no neutral army stands, red-3 into Fourteen. green-1 comes out of Eleven to meet red-1; red-2,
    in Twelve too, draws no second army (one is there); red-3 is still met, by green-2 from Thirteen."""
    players = """
  - {id: red, provinces: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], capital: 1, fortress: 2, armies: [7, 8, 9], start_card: K}
  - {id: green, provinces: [11, 12, 13, 14, 15], capital: 13, fortress: 15, armies: [11, 13, 15], neutral: true}
  - {id: blue, provinces: [21, 22, 23, 24, 25], capital: 25, fortress: 24, armies: [21, 22, 23], start_card: "5"}
"""
    history, found = play_grid(make_campaign, players, {1: "moves: {red-1: [12], red-2: [7, 12], red-3: [14]}\n"})
    assert [e.describe() for e in events_of(history, 1, "ArmyMoved") if e.clan == "green"] == [
        "green's army green-1 moved p11 → p12 (a neutral army attacks red-1, which entered its land)",
        "green's army green-2 moved p13 → p14 (a neutral army attacks red-3, which entered its land)"]
    assert [p.split(": error: ")[1].split(" [")[0] for p in errors(found)] == [
        "the neutral army green-1 (green) moved to attack red-1, which entered its land at Province 12: the battle's result is missing",
        "the neutral army green-2 (green) moved to attack red-3, which entered its land at Province 14: the battle's result is missing"]
