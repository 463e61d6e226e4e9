"""Suspicious battle entries in Clan War and Campagna (issue 7: "a battle with one player, a player
who both wins and loses, a battle naming the same player twice: errors with hints, in every
ruleset"), each check at its edge -- where it fires and where it does not -- through
``chronicle check``: one error a slip, at its file:line:column, with the rule and a hint, and no
second error following from it. (Pitac's and Sengoku's are in tests/test_gameday.py.)

Clan War's battle entry has ``sides`` and its own checks (``chronicle/rules/clanwar/battle.py``);
Campagna's names its ``players`` optionally (the calendar knows them) and uses the checks every
ruleset shares (``chronicle/rules/battlecheck.py``) before comparing them with the calendar's.
"""

from __future__ import annotations

import re
import textwrap

import pytest

from clanwar.helpers import CAMPAIGN as CLANWAR
from campagna.helpers import write as write_campagna

#: ``path:line:col: severity: message [rule]`` and the hint line under it
PROBLEM = re.compile(r"^(\S+?:\d+:\d+): (error|warning): (.*) \[([^\]]+)\]\n    hint: (.*)$", re.M)


def reported(output: str) -> list[tuple[str, str, str, str, str]]:
    return PROBLEM.findall(output)


# ---- Clan War ------------------------------------------------------------------------------------

def clanwar_battle(make_campaign, battle: str):
    """Lion's army marches into Crane's Doji, where Crane's army stands: a battle, entered as given."""
    turn = textwrap.dedent(f"""\
        moves:
          primary: {{lion-1: doji}}
        battles:
          - {battle}
        dice:
          experience: {{crane-1: [10, 10], lion-1: [10, 10]}}
        """)
    return make_campaign(CLANWAR, {1: turn})


@pytest.mark.parametrize("battle, place, message, hint", [
    # a player named twice on one side: at the repeated entry (where the schema would say it too: said once)
    ("{at: doji, sides: [[crane, crane], [lion]], winner: crane, withdraw: {lion: matsu}}", "4:32",
     "this battle names Crane twice on one side", "list each player once"),
    ("{at: doji, sides: [[crane], [lion, crane]], winner: crane, withdraw: {lion: matsu}}", "4:23",
     "Crane is on two sides", "write each player on one side; one who changed sides during the battle goes under switched:"),
    # a battle of one side: both players on it, or the other side left empty, or no side at all
    ("{at: doji, sides: [[crane, lion]], winner: crane, withdraw: {lion: matsu}}", "4:23",
     "the battle of Doji has one side: Crane and Lion on it", "a battle has two sides or more, each a list: sides: [[PLAYER], [ENEMY]]"),
    ("{at: doji, sides: [[crane], []], winner: crane, withdraw: {lion: matsu}}", "4:23",
     "the battle of Doji has one side: Crane on it", "a battle has two sides or more, each a list: sides: [[PLAYER], [ENEMY]]"),
    ("{at: doji, sides: [], winner: crane, withdraw: {lion: matsu}}", "4:23",
     "the battle of Doji has no side", "a battle has two sides or more, each a list: sides: [[PLAYER], [ENEMY]]"),
], ids=["twice-on-one-side", "on-two-sides", "one-side-of-two-players", "one-side-and-an-empty-one", "no-side"])
def test_clanwar_a_suspicious_battle_is_one_error_at_its_place(run, make_campaign, battle, place, message, hint):
    result = run("check", clanwar_battle(make_campaign, battle))
    assert result.exit_code == 1, result.output
    errors = [p for p in reported(result.output) if p[1] == "error"]
    assert errors == [(f"content/turns/001.yaml:{place}", "error", message, "battle sides", hint)], result.output
    assert "1 error found." in result.output
    # the dice written for the battle are not reported again: one warning counts them as consequences
    (warning,) = [p for p in reported(result.output) if p[1] == "warning"]
    assert warning[0] == "content/turns/001.yaml:6:16" and "the battle of Doji is not fought as written" in warning[2]


@pytest.mark.parametrize("battle", [
    "{at: doji, sides: [[crane], [lion]], winner: crane, withdraw: {lion: matsu}}",
    # an empty third side is harmless: two sides fought
    "{at: doji, sides: [[crane], [lion], []], winner: crane, withdraw: {lion: matsu}}",
], ids=["two-sides", "two-sides-and-an-empty-one"])
def test_clanwar_a_battle_of_two_sides_is_not_suspicious(run, make_campaign, battle):
    result = run("check", clanwar_battle(make_campaign, battle))
    assert result.exit_code == 0, result.output
    assert reported(result.output) == []


# ---- Campagna ------------------------------------------------------------------------------------

def campagna_battle(tmp_path, battle: str):
    """Anna's Schermaglia at Gola, Carla intervening: the calendar's battle is Anna against Carla."""
    write_campagna(tmp_path, options={"min_actions": 0})
    (tmp_path / "content" / "turns" / "001.yaml").write_text(
        "turn: 1\norders: {anna: [Schermaglia GOLA]}\nanswers:\n  gola: {interviene: carla}\nbattles:\n  - " + battle + "\n",
        encoding="utf-8")
    return tmp_path


RESULT = "winner: anna, victory: minor, score: {anna: 4, carla: 2}"


@pytest.mark.parametrize("battle, place, message, rule, hint", [
    (f"{{at: gola, players: [anna], {RESULT}}}", "6:25",
     "a battle with one player: only Anna fought in it", "battle", "a battle has two sides: add the player Anna fought against"),
    (f"{{at: gola, players: [anna, anna], {RESULT}}}", "6:32",
     "this battle names Anna twice", "battle", "list each player once"),
    (f"{{at: gola, players: [anna, bruno], {RESULT}}}", "6:25",
     "the Schermaglia at Gola is fought by Anna and Carla, not by Anna and Bruno", "R20",
     "the calendar knows who fights: players may be left out"),
    (f"{{at: gola, players: [anna, carla, bruno], {RESULT}}}", "6:25",
     "the Schermaglia at Gola is fought by Anna and Carla, not by Anna and Carla and Bruno", "R20",
     "the calendar knows who fights: players may be left out"),
    # a winner who did not fight: that one error, not also "a draw with a victory written"
    ("{at: gola, winner: bruno, victory: minor, score: {anna: 4, carla: 2}}", "6:24",
     "Bruno did not fight the Schermaglia at Gola", "R46", "the winner is one of Anna and Carla, or none for a draw"),
    # Q33 at its edge: one objective point fewer than the loser
    ("{at: gola, winner: anna, victory: minor, score: {anna: 3, carla: 4}}", "6:53",
     "the Schermaglia at Gola: Anna won with fewer objective points (3) than Carla (4)", "Q33", "check the winner and the score"),
], ids=["one-player", "a-player-twice", "not-the-calendar-s-players", "three-players", "a-winner-who-did-not-fight",
        "a-winner-one-point-behind"])
def test_campagna_a_suspicious_battle_is_one_error_at_its_place(run, tmp_path, battle, place, message, rule, hint):
    result = run("check", campagna_battle(tmp_path, battle))
    assert result.exit_code == 1, result.output
    assert reported(result.output) == [(f"content/turns/001.yaml:{place}", "error", message, rule, hint)], result.output
    assert "1 error found." in result.output


@pytest.mark.parametrize("battle", [
    f"{{at: gola, {RESULT}}}",                                   # players left out: the calendar's
    f"{{at: gola, players: [carla, anna], {RESULT}}}",           # the calendar's, in another order
    "{at: gola, winner: anna, victory: minor, score: {anna: 3, carla: 3}}",   # Q33's edge: level on points
], ids=["players-left-out", "players-in-another-order", "a-winner-level-on-points"])
def test_campagna_a_battle_as_the_calendar_has_it_is_not_suspicious(run, tmp_path, battle):
    result = run("check", campagna_battle(tmp_path, battle))
    assert result.exit_code == 0, result.output
    assert reported(result.output) == []

