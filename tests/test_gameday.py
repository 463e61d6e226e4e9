"""The administrator's game day: `chronicle next`, the dice the program drew, one mistake one
error, and the ripple of a correction."""

from __future__ import annotations

import json
import re

import pytest
import yaml

from chronicle import nextturn
from samples import SMALL_CAMPAIGN
from site_helpers import write_sengoku_example
from test_errors import BATTLE, TAKE_AWAJI, TAKE_INABA, problems, rejected, reported

BLANK_LINE = re.compile(r"^(\S+):(\d+):(\d+): error: blank left to fill: (\S+) \[fill in the turn\]$")


def blanks_reported(stderr: str) -> list[str]:
    return [m.group(4) for m in map(BLANK_LINE.match, stderr.splitlines()) if m]


# ---- chronicle next ----------------------------------------------------------------------------

def test_next_writes_the_next_pitac_turn_with_a_slot_for_every_player(run, tmp_path):
    root = tmp_path / "c"
    assert run("new", root).exit_code == 0
    result = run("next", root, "--date", "2026-01-17")
    assert result.exit_code == 0, result.output
    path = root / "content" / "turns" / "002.yaml"
    text = path.read_text()
    assert text.splitlines()[0] == "# yaml-language-server: $schema=../../schemas/turn-pitac.schema.json"
    assert (root / "content" / "turns" / "002.md").is_file()
    data = yaml.safe_load(text)
    assert data["date"] == "2026-01-17"
    # every player on the map is owed orders, with what they hold and may attack beside them
    assert list(data["orders"]) == ["paula", "billy", "riddle", "ginger"]
    assert all(slot == [nextturn.BLANK, nextturn.BLANK] for slot in data["orders"].values())
    assert re.search(r"paula: \[___, ___\]  # holds awa_shikoku, iyo, tosa; can attack .*sanuki", text)
    # unfilled, check names every blank, one error each, and nothing else
    result = run("check", root)
    assert result.exit_code == 1
    assert blanks_reported(result.stderr) == [
        "title", "battles.0.name", "battles.0.players.0", "battles.0.players.1", "battles.0.winner",
        "orders.paula.0", "orders.paula.1", "orders.billy.0", "orders.billy.1",
        "orders.riddle.0", "orders.riddle.1", "orders.ginger.0", "orders.ginger.1"]
    assert len(problems(result.stderr)) == 13
    assert "hint: an order of paula: \"Attack X\" or \"Defend X\"" in result.stderr
    # the next turn waits until this one is filled in (and never overwrites a file)
    again = run("next", root)
    assert again.exit_code == 1 and "blank left to fill: title" in again.stderr
    assert not (root / "content" / "turns" / "003.yaml").exists()



# What chronicle next writes for the Pitac starter campaign after its first turn, word for word:
# every line is what the administrator reads while filling in a game day (a wrong word, a lost
# comment or a slot too few is a mistake of chronicle next, caught here).
PITAC_NEXT = """\
# yaml-language-server: $schema=../../schemas/turn-pitac.schema.json
# Turn 2, written by chronicle next: fill in every ___ (or delete what did not
# happen), then run chronicle check; it names every blank still left.
date: "2026-01-17"
title: ___  # a name for the game day

# One entry per battle of the game day (copy it for each). Players: paula, billy, riddle, ginger.
# Moves earned: a winner 2, any other player in a battle 1, the absent 0; for a draw, delete winner.
# vp: the victory points each player scored, e.g. {paula: 18, billy: 9}.
battles:
  - {name: ___, players: [___, ___], winner: ___, vp: {}}

# One order per move earned: "Attack X" (next to a territory held, by land or sea lane)
# or "Defend X" (a territory held: one more d10 there). Delete the blanks of moves not earned,
# and the line of a player absent from the game day.
orders:
  paula: [___, ___]  # holds awa_shikoku, iyo, tosa; can attack aki, awaji, bingo, bungo, kii, sanuki
  billy: [___, ___]  # holds echigo, etchu; can attack dewa, hida, kaga, kozuke, mutsu, noto, sado, shinano
  riddle: [___, ___]  # holds nagato, suo; can attack aki, buzen, iwami
  ginger: [___, ___]  # holds mutsu; can attack dewa, echigo, hitachi, kozuke, shimotsuke

# The rolls made on the day, territory -> player -> dice (a 10 rolls again and adds: "10+4").
# Rolls not written are drawn from the campaign seed, the same at every build.
# dice: {TERRITORY: {PLAYER: [ROLL]}}

# A player whose capital falls this turn names a new one here.
# capitals: {PLAYER: TERRITORY}

# Army lists turned in three days early (+50 koku each).
# army_lists: [PLAYER]
"""

PITAC_BLANK_HINTS = {
    "title": 'a name for the game day, e.g. "The siege of Osaka"',
    "battles.0.name": 'the battle\'s name, e.g. "Ambush at the ford"',
    "battles.0.players.0": "a player who fought in it (delete the blank if fewer did)",
    "battles.0.winner": "the player who won (one of its players); for a draw, delete the winner line",
    "orders.riddle.1": 'an order of riddle: "Attack X" or "Defend X"; delete the blank if riddle earned fewer moves '
                       "(a winner 2, any other player in a battle 1, the absent 0)",
}


def test_next_pitac_turn_word_for_word(run, tmp_path):
    root = tmp_path / "c"
    assert run("new", root).exit_code == 0
    assert run("next", root, "--date", "2026-01-17").exit_code == 0
    assert (root / "content" / "turns" / "002.yaml").read_text() == PITAC_NEXT
    assert (root / "content" / "turns" / "002.md").read_text() == "<!-- The story of turn 2: what happened on the game day, in Markdown. It is shown on the turn's page above the orders and dice. -->\n"
    stderr = run("check", root).stderr
    for blank, hint in PITAC_BLANK_HINTS.items():
        line = next(i for i, text in enumerate(stderr.splitlines()) if text.endswith(f"blank left to fill: {blank} [fill in the turn]"))
        assert stderr.splitlines()[line + 1] == f"    hint: {hint}", blank

def test_next_pitac_turn_filled_in_checks_and_builds(run, tmp_path):
    root = tmp_path / "c"
    run("new", root)
    run("next", root, "--date", "2026-01-17")
    path = root / "content" / "turns" / "002.yaml"
    text = path.read_text()
    text = text.replace("title: ___", "title: Spring offensive")
    text = text.replace("{name: ___, players: [___, ___], winner: ___, vp: {}}",
                        "{name: Hill fight, players: [paula, billy], winner: paula, vp: {paula: 10, billy: 5}}")
    text = text.replace("paula: [___, ___]", "paula: [Attack Aki, Defend Tosa]")
    text = text.replace("billy: [___, ___]", "billy: [Attack Noto, ___]")          # one blank left
    text = re.sub(r"  (riddle|ginger): \[___, ___\].*\n", "", text)               # absent
    path.write_text(text)
    result = run("check", root)
    assert blanks_reported(result.stderr) == ["orders.billy.1"] and len(problems(result.stderr)) == 1
    path.write_text(text.replace("billy: [Attack Noto, ___]", "billy: [Attack Noto]"))
    result = run("check", root, "--strict")
    assert result.exit_code == 0, result.output
    assert run("build", root, "--quiet").exit_code == 0


def test_next_sengoku_turn_checks_once_its_title_is_written(run, tmp_path):
    root = write_sengoku_example(tmp_path / "s")
    result = run("next", root, "--date", "2026-05-02")
    assert result.exit_code == 0, result.output
    path = root / "content" / "turns" / "010.yaml"
    text = path.read_text()
    data = yaml.safe_load(text)
    assert set(data) == {"date", "title"}                  # everything else is a commented example
    for army in ("hojo-1", "takeda-1", "mori-3"):
        assert re.search(rf"#   {army}: \[___\]  # \w+, at [A-Z][\w ()]+, \d+ elements", text), army
    result = run("check", root)
    assert blanks_reported(result.stderr) == ["title"] and len(problems(result.stderr)) == 1
    path.write_text(text.replace("title: ___", "title: The rains"))
    assert run("check", root).exit_code == 0


def test_next_clanwar_turn_lists_every_force_and_checks_once_filled(run, tmp_path):
    root = tmp_path / "cw"
    assert run("new", root, "--ruleset", "clanwar").exit_code == 0
    result = run("next", root, "--date", "2026-06-06")
    assert result.exit_code == 0, result.output
    path = root / "content" / "turns" / "002.yaml"
    text = path.read_text()
    assert text.splitlines()[0] == "# yaml-language-server: $schema=../../schemas/turn-clanwar.schema.json"
    assert set(yaml.safe_load(text)) == {"date", "title"}     # nothing is owed: the rest is commented
    # every unit of the starter, with its owner, type and where it stands; the cavalry again
    units = ["crane-3", "crane-1", "crane-2", "lion-2", "lion-1", "scorpion-1", "crab-1", "crab-2"]
    assert re.findall(r"^#     ([\w-]+): ___  # \w+'s .* at [A-Z].*: one step$", text, re.M) == units
    assert re.search(r"^#   cavalry:.*\n#     crane-3: ___  # Crane's crane-3 \(cavalry\): one more step$", text, re.M)
    result = run("check", root)
    assert blanks_reported(result.stderr) == ["title"] and len(problems(result.stderr)) == 1
    assert "a name for the Strategic Turn" in result.stderr
    # uncommented and filled, a move is played; a move left blank is named as a blank
    filled = text.replace("title: ___", "title: The Crane gather")
    filled = filled.replace("# moves:\n#   primary:\n", "moves:\n  primary:\n")
    filled = filled.replace("#     crane-1: ___", "    crane-1: ___")
    path.write_text(filled)
    result = run("check", root)
    assert blanks_reported(result.stderr) == ["moves.primary.crane-1"] and len(problems(result.stderr)) == 1
    assert "a unit's one step" in result.stderr
    path.write_text(filled.replace("    crane-1: ___", "    crane-1: kakita"))
    result = run("check", root, "--strict")
    assert result.exit_code == 0, result.output
    state = json.loads(run("state", root, "--json").output)
    assert state["units"]["crane-1"]["province"] == "kakita"


def test_next_campagna_turn_owes_each_player_his_actions_in_the_initiative_order(run, tmp_path):
    root = tmp_path / "cg"
    assert run("new", root, "--ruleset", "campagna").exit_code == 0
    state = json.loads(run("state", root, "--json").output)
    result = run("next", root, "--date", "2026-05-01")
    assert result.exit_code == 0, result.output
    path = root / "content" / "turns" / "002.yaml"
    text = path.read_text()
    data = yaml.safe_load(text)
    # R18: turn 2's order, the last of turn 1 first; two actions each (no bonus yet)
    assert list(data["orders"]) == state["next_order"] == ["dario", "anna", "bruno", "carla"]
    assert all(slot == [nextturn.BLANK, nextturn.BLANK] for slot in data["orders"].values())
    # what each holds and what lies next to it, with the route's cost where it is not a plain border
    assert re.search(r"anna: \[___, ___\]  # holds Alba, Borgo, Colle, Gola; empty nearby: Fonte, Lago; "
                     r"enemy nearby: Dosso \(mountain: 2 actions\), Ponte$", text, re.M)
    result = run("check", root)
    assert blanks_reported(result.stderr) == ["title"] + [f"orders.{p}.{i}" for p in data["orders"] for i in (0, 1)]
    assert len(problems(result.stderr)) == 9 and "\"Battaglia decisiva X\" (an enemy Capital)" in result.stderr
    filled = (text.replace("title: ___", "title: Avanti")
              .replace("dario: [___, ___]", "dario: [Schermaglia Bosco, Schermaglia Valle]")
              .replace("anna: [___, ___]", "anna: [Schermaglia Fonte, Schermaglia Lago]")
              .replace("bruno: [___, ___]", "bruno: [Schermaglia Selva, Scorreria Rocca]")
              .replace("carla: [___, ___]", "carla: [Schermaglia Duna, Schermaglia Foce]"))
    path.write_text(filled)
    result = run("check", root)          # filled in, it checks: the raid on Rocca is still to be played
    assert result.exit_code == 0, result.output
    assert "1 battle of the calendar not yet played: Rocca" in result.stderr
    # the next file, written before that battle is recorded, comes with the reminder
    result = run("next", root, "--date", "2026-05-08")
    assert result.exit_code == 0
    assert "turn 2's calendar is not finished: record its battles in content/turns/002.yaml" in result.output + result.stderr


def with_options(root, options: dict) -> None:
    """House rules written into a scaffolded campaign.yaml (the options block it shows commented)."""
    config = root / "content" / "campaign.yaml"
    config.write_text(config.read_text() + "\noptions:\n" + "".join(f"  {k}: {v}\n" for k, v in options.items()))


def test_next_pitac_states_the_moves_and_koku_of_the_options_in_force(run, tmp_path):
    # issue 13: a message derives its numbers from the options in force, not the seed's 2 / 1 / 50
    root = tmp_path / "c"
    assert run("new", root).exit_code == 0
    with_options(root, {"winner_moves": 3, "participant_moves": 2, "army_list_koku": 70})
    assert run("next", root, "--date", "2026-01-17").exit_code == 0
    text = (root / "content" / "turns" / "002.yaml").read_text()
    data = yaml.safe_load(text)
    # as many blanks as the most a player can earn (a winner's 3), never the seed's 2
    assert all(slot == [nextturn.BLANK] * 3 for slot in data["orders"].values())
    assert "Moves earned: a winner 3, any other player in a battle 2, the absent 0;" in text
    assert "(+70 koku each)" in text and "+50" not in text
    result = run("check", root)
    assert ("delete the blank if paula earned fewer moves (a winner 3, any other player in a battle 2, "
            "the absent 0)") in result.stderr
    assert "a winner 2," not in result.stderr


def test_next_pitac_with_the_seeds_options_states_the_seeds_numbers(run, tmp_path):
    root = tmp_path / "c"
    run("new", root)
    run("next", root, "--date", "2026-01-17")
    text = (root / "content" / "turns" / "002.yaml").read_text()
    assert "Moves earned: a winner 2, any other player in a battle 1, the absent 0;" in text
    assert "(+50 koku each)" in text


def test_next_pitac_a_participant_earning_more_than_a_winner_sets_the_blanks(run, tmp_path):
    root = tmp_path / "c"
    run("new", root)
    with_options(root, {"winner_moves": 2, "participant_moves": 3})  # turn 1 stays legal
    run("next", root, "--date", "2026-01-17")
    data = yaml.safe_load((root / "content" / "turns" / "002.yaml").read_text())
    assert all(slot == [nextturn.BLANK] * 3 for slot in data["orders"].values())


@pytest.mark.parametrize("cost", [1, 3])
def test_next_campagna_states_the_mountain_cost_in_force(run, tmp_path, cost):
    root = tmp_path / "cg"
    assert run("new", root, "--ruleset", "campagna").exit_code == 0
    with_options(root, {"mountain_cost": cost})
    assert run("next", root, "--date", "2026-05-01").exit_code == 0
    text = (root / "content" / "turns" / "002.yaml").read_text()
    assert f"across a mountain an action costs {cost}, a sea action is the whole turn" in text


def test_next_with_every_die_recorded_asks_for_the_initiative_dice(run, tmp_path):
    root = write_sengoku_example(tmp_path / "s", until=2)
    config = root / "content" / "campaign.yaml"
    data = yaml.safe_load(config.read_text())
    data.setdefault("options", {})["all_dice_recorded"] = True
    config.write_text(yaml.safe_dump(data, sort_keys=False))
    # the example's turns leave dice to the seed: now each roll drawn is an error
    result = run("check", root)
    assert result.exit_code == 1 and "a roll is not written" in result.stderr
    assert "[all dice recorded]" in result.stderr


def test_next_refuses_while_the_campaign_has_errors(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE + "orders:\n  paula: [Attack Nowhere]\n"})
    result = run("next", root)
    assert result.exit_code == 1 and "unknown territory 'Nowhere'" in result.stderr
    assert not (root / "content" / "turns" / "002.yaml").exists()


def test_next_tells_of_a_capital_the_last_turn_still_owes(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: TAKE_INABA, 2: TAKE_AWAJI})
    result = run("next", root, "--date", "2026-02-01")
    assert result.exit_code == 0, result.output
    assert "ginger lost their capital in turn 2 and has not named a new one: add capitals: {ginger: ...} " \
           "to content/turns/002.yaml" in result.stderr


# ---- the dice drawn, and the option that forbids drawing -------------------------------------------

def test_check_and_build_say_which_dice_the_seed_drew_in_the_last_turn(run, make_campaign):
    turn = BATTLE + "orders:\n  paula: [Attack inaba]\n"            # inaba's die is not written
    root = make_campaign(SMALL_CAMPAIGN, {1: TAKE_INABA, 2: BATTLE + "orders:\n  paula: [Attack awaji]\n"})
    result = run("check", root)
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert lines[0] == ("Drawn from the campaign seed in turn 2 (4 dice not written in content/turns/002.yaml; "
                        "write them there to use the table's rolls):")
    assert sorted(lines[1:3])[0].startswith("  Awaji, Ginger Green: ") and sorted(lines[1:3])[1].startswith("  Awaji, Paula Purple: ")
    state = json.loads(run("state", root, "--json").stdout)
    drawn = [roll for roll in state.get("rolls", []) if not roll.get("recorded", True)] if "rolls" in state else None
    assert "Drawn from the campaign seed in turn 2" in run("build", root, "--quiet").stderr
    # a turn whose dice are all written draws none: no notice
    root2 = make_campaign(SMALL_CAMPAIGN, {1: TAKE_INABA}, root=root.parent / "other")
    assert "Drawn" not in run("check", root2).stderr
    del turn, drawn


def test_all_dice_recorded_makes_a_drawn_die_an_error(run, make_campaign):
    campaign = SMALL_CAMPAIGN.replace("seed: 7\n", "seed: 7\noptions:\n  all_dice_recorded: true\n")
    campaign = campaign.replace("capital: tosa}", "capital: tosa, start_roll: 9}").replace("capital: awaji}", "capital: awaji, start_roll: 2}")
    root = make_campaign(campaign, {1: TAKE_INABA, 2: BATTLE + "orders:\n  paula: [Attack awaji]\n"})
    stderr = rejected(run, root)
    errors = problems(stderr)
    assert [where for where, _m, _h in errors] == ["content/turns/002.yaml:1:1", "content/turns/002.yaml:1:1"]
    messages = sorted(m for _w, m, _h in errors)
    assert messages[0].startswith("a roll is not written: Awaji, Ginger Green (the seed drew ")
    assert messages[1].startswith("a roll is not written: Awaji, Paula Purple (the seed drew ")
    # written, the turn checks
    written = BATTLE + "orders:\n  paula: [Attack awaji]\ndice:\n  awaji:\n    paula: [9]\n    ginger: [1, 2, 3]\n"
    (root / "content" / "turns" / "002.yaml").write_text(written)
    assert run("check", root).exit_code == 0


# ---- one mistake, one error --------------------------------------------------------------------------

def test_a_typo_in_an_order_is_one_error_not_a_cascade_of_dice_errors(run, make_campaign):
    turn = BATTLE + "orders:\n  paula: [Attack Inabba, Attack inaba]\ndice:\n  inaba:\n    paula: [7, 2]\n"
    root = make_campaign(SMALL_CAMPAIGN, {1: turn})
    message, hint = reported(rejected(run, root), "content/turns/001.yaml:4:11")
    assert message.startswith("unknown territory 'Inabba'") and "did you mean 'inaba'" in hint


def test_dice_of_a_rejected_order_are_not_an_error_of_their_own(run, make_campaign):
    # paula cannot attack izumo (not adjacent): the order's error is the one; its dice are not judged
    turn = BATTLE + "orders:\n  paula: [Attack izumo]\ndice:\n  izumo:\n    paula: [7]\n"
    root = make_campaign(SMALL_CAMPAIGN, {1: turn})
    message, _hint = reported(rejected(run, root), "content/turns/001.yaml:4:11")
    assert message.startswith("paula cannot Attack Izumo")


def test_sengoku_a_card_not_held_is_reported_beside_an_unrelated_earlier_error(run, tmp_path):
    root = write_sengoku_example(tmp_path / "s", until=1)
    turn = root / "content" / "turns" / "001.yaml"
    text = turn.read_text()
    # takeda's draw is misspelt ('spyy': an error that puts takeda in doubt), and takeda plays a
    # card it does not hold, unrelated to that draw: both are reported
    text = text.replace("cards: {takeda: forage, mori: spy}", "cards: {takeda: spyy, mori: spy}")
    text = text.replace("  alliances: [[hojo, imagawa]]\n", "  alliances: [[hojo, imagawa]]\n  ninja: [{by: takeda, target: uesugi}]\n")
    turn.write_text(text)
    stderr = rejected(run, root)
    messages = [m for _w, m, _h in problems(stderr)]
    assert any(m.startswith("takeda drew 'spyy', which is not a card of the deck") for m in messages), stderr
    assert any(m.startswith("takeda plays ninja but does not hold it") for m in messages), stderr
    # playing the very card the misspelt draw meant ('ninjaa': ninja) follows from that error
    turn.write_text(text.replace("takeda: spyy", "takeda: ninjaa"))
    stderr = rejected(run, root)
    messages = [m for _w, m, _h in problems(stderr)]
    assert any(m.startswith("takeda drew 'ninjaa'") for m in messages)
    assert not any("plays ninja but does not hold it" in m for m in messages), stderr



@pytest.mark.parametrize("written, meant, where, message", [
    # a misspelt winner: not also "the calendar is not finished: Ponte not recorded" (R21)
    ("    winner: dario", "    winner: dari", "27:13", "unknown player 'dari'"),
    # a misspelt place of the battle: likewise
    ("  - at: ponte", "  - at: pont", "24:9", "unknown territory 'pont'"),
    # a misspelt target: not also "Anna made 1 action this turn: every player makes at least 2" (R23)
    ("  anna: [Schermaglia COLLE]", "  anna: [Schermaglia COLE]", "11:10", "unknown territory 'COLE'"),
], ids=["winner", "battle-place", "action-target"])
def test_campagna_a_typo_is_one_error_not_also_a_missing_battle_or_action(run, tmp_path, written, meant, where,
                                                                         message):
    root = tmp_path / "cg"
    assert run("new", root, "--ruleset", "campagna").exit_code == 0
    turn = root / "content" / "turns" / "001.yaml"
    text = turn.read_text()
    assert written + "\n" in text
    turn.write_text(text.replace(written + "\n", meant + "\n", 1))
    got, _hint = reported(rejected(run, root), "content/turns/001.yaml:" + where)
    assert got.startswith(message)


def test_campagna_an_unread_battle_elsewhere_does_not_excuse_a_battle_left_out(run, tmp_path):
    root = tmp_path / "cg"
    assert run("new", root, "--ruleset", "campagna").exit_code == 0
    turn = root / "content" / "turns" / "001.yaml"
    text = turn.read_text()
    head, _, _ = text.partition("\nbattles:")
    # the only battle of the calendar is Ponte; an entry for Colle with a misspelt winner is its own
    # error, and Ponte, recorded nowhere before a later turn, is still R21's error
    turn.write_text(head + "\nbattles:\n  - {at: colle, winner: annna, victory: minor, score: {anna: 5, dario: 1}}\n")
    (root / "content" / "turns" / "002.yaml").write_text("title: Dopo\ndate: '2026-04-18'\n")
    stderr = rejected(run, root)
    messages = [m for _w, m, _h in problems(stderr)]
    assert any(m.startswith("unknown player 'annna'") for m in messages), stderr
    assert any(m.startswith("the calendar of turn 1 is not finished: Ponte") for m in messages), stderr


@pytest.mark.parametrize("written, meant, message, follows", [
    # a misspelt province in a move: not also "takeda-2 ... has nothing to answer" and "a siege
    # roll is written for uesugi-1, but no such roll was made"
    ("  uesugi-1: [shinano]", "  uesugi-1: [shinnao]", "unknown province 'shinnao'", 2),
    # a misspelt answer: not also "takeda-2 and uesugi-1 are both in the field after the battle phase"
    ("  takeda-2: fortress", "  takeda-2: fortres", "responses/takeda-2: 'fortres' is not one of", 2),
    # a misspelt army answering: likewise (the army it most likely meant is held back with it)
    ("  takeda-2: fortress", "  takeda-22: fortress", "unknown army 'takeda-22'", 2),
    # a misspelt province in a move that leads nowhere else: that error alone, nothing held back
    ("  takeda-3: [mino]", "  takeda-3: [mnio]", "unknown province 'mnio'", 0),
], ids=["move", "answer", "answering-army", "move-alone"])
def test_sengoku_a_typo_in_a_move_or_answer_is_one_error(run, tmp_path, written, meant, message, follows):
    root = tmp_path / "s"
    assert run("new", root, "--ruleset", "sengoku").exit_code == 0
    turn = root / "content" / "turns" / "001.yaml"
    text = turn.read_text()
    assert re.search("^" + re.escape(written) + r"(?=\s)", text, re.M)
    turn.write_text(re.sub("^" + re.escape(written) + r"(?=\s)", meant, text, count=1, flags=re.M))
    stderr = rejected(run, root)
    errors = problems(stderr)
    assert len(errors) == 1 and errors[0][1].startswith(message), stderr
    warnings = problems(stderr, "warning")
    if follows:
        assert len(warnings) == 1 and warnings[0][1].startswith(f"{follows} more problems about "), stderr
    else:
        assert warnings == [], stderr

def test_errors_are_printed_in_file_and_line_order(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN.replace("seed: 7", "seed: 7\nbogus: 1"),
                         {1: BATTLE + "orders:\n  paula: [Attack Nowhere]\n", 2: "battles: [{players: [zed], winner: zed}]\n"})
    result = run("check", root)
    places = [where for where, _m, _h in problems(result.stderr)]
    keys = [(w.split(":")[0], int(w.split(":")[1]), int(w.split(":")[2])) for w in places if w.count(":") == 2]
    assert keys == sorted(keys) and len(keys) >= 1


# ---- the ripple of a correction -------------------------------------------------------------------

def test_a_correction_reports_what_it_changes_in_later_turns(run, make_campaign):
    second = BATTLE + "orders:\n  paula: [Attack higo]\ndice:\n  higo: {paula: [8]}\n"
    root = make_campaign(SMALL_CAMPAIGN, {1: TAKE_INABA, 2: second})
    assert run("build", root, "--quiet").exit_code == 0
    assert "Compared with the last build" not in run("check", root).stderr       # nothing changed
    # the administrator corrects turn 1's dice: paula rolled 1 and 1, and inaba stayed neutral
    turn_1 = root / "content" / "turns" / "001.yaml"
    turn_1.write_text(TAKE_INABA.replace("paula: [7, 2]", "paula: [1, 1]"))
    result = run("check", root)
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    start = lines.index("Compared with the last build (site/), this replay changes turn 1 and what follows:")
    assert lines[start + 1] == "  turn 1: Inaba neutral (was held by Paula Purple)"
    assert lines[start + 2].startswith("  turn 2: Inaba neutral (was held by Paula Purple)")
    # building publishes the correction; the next check compares with it
    assert run("build", root, "--quiet").exit_code == 0
    assert "Compared with the last build" not in run("check", root).stderr


def test_ripple_names_owners_scores_and_the_winner():
    from chronicle import ripple
    before = {1: {"summary": {"owners": {"inaba": "paula", "tosa": "paula"}, "scores": {"paula": 5}, "winner": None}},
              2: {"summary": {"owners": {"inaba": "paula", "tosa": "paula"}, "scores": {"paula": 9}, "winner": "paula"}}}
    after = {1: {"summary": {"owners": {"inaba": None, "tosa": "paula"}, "scores": {"paula": 5}, "winner": None}},
             2: {"summary": {"owners": {"inaba": "ginger", "tosa": "paula"}, "scores": {"paula": 7}, "winner": None}}}
    found = ripple.compare(before, after, "VP")
    assert found.lines() == [
        "Compared with the last build (site/), this replay changes turn 1 and what follows:",
        "  turn 1: inaba neutral (was held by paula)",
        "  turn 2: inaba held by ginger (was held by paula); VP paula 7 (was 9); winner no one (was paula)"]
    assert ripple.compare(before, before, "VP") is None
    # an older build without the summary: owners and winner from its provinces
    old = {1: {"provinces": {"inaba": {"owner": "paula"}, "tosa": {"owner": "paula"}}, "winner": None}}
    assert ripple.compare(old, {1: after[1]}, "VP").lines()[1] == "  turn 1: inaba neutral (was held by paula)"


@pytest.mark.parametrize("text, blank", [("___", True), (" ___ ", True), ("____", False), ("a ___", False)])
def test_what_a_blank_is(text, blank):
    assert nextturn.is_blank(text) is blank


# ---- suspicious battle entries (the checks every ruleset shares) -----------------------------------

@pytest.mark.parametrize("battle, where, message", [
    ("{players: [paula], winner: paula}", "content/turns/001.yaml:2:5", "a battle with one player: only Paula Purple fought in it"),
    ("{players: [paula, paula], winner: paula}", "content/turns/001.yaml:2:23", "this battle names Paula Purple twice"),
    ("{players: [paula, ginger], winner: [paula, ginger]}", "content/turns/001.yaml:2:5",
     "every player of this battle is written as its winner, so no one lost it"),
    ("{players: [paula, ginger], winner: [paula, paula]}", "content/turns/001.yaml:2:5", "winner 'paula' is written twice"),
])
def test_pitac_suspicious_battles_are_errors_with_hints(run, make_campaign, battle, where, message):
    root = make_campaign(SMALL_CAMPAIGN, {1: f"battles:\n  - {battle}\n"})
    stderr = rejected(run, root)
    errors = problems(stderr)
    assert len(errors) == 1, stderr
    (place, text, hint), = errors
    assert text.startswith(message) and text.endswith("[battle]") and hint, stderr


def sengoku_battle(tmp_path, attacker: str, defender: str):
    """The example's turn 1 with a battle entered at Shinano between the two armies given."""
    root = write_sengoku_example(tmp_path / "s", until=1)
    turn = root / "content" / "turns" / "001.yaml"
    turn.write_text(turn.read_text().replace(
        "battles: []", f"battles:\n  - {{at: shinano, attacker: {{army: {attacker}, lost: 1}}, defender: {{army: {defender}, lost: 2}}}}"))
    return root


def test_sengoku_a_battle_of_one_army_against_itself(run, tmp_path):
    root = sengoku_battle(tmp_path, "uesugi-1", "uesugi-1")
    errors = problems(rejected(run, root))
    assert [m for _w, m, _h in errors][:1] == ["this battle names uesugi-1 twice [battle]"], errors
    assert all(h for _w, _m, h in errors)


def test_sengoku_a_battle_between_two_armies_of_one_clan(run, tmp_path):
    root = sengoku_battle(tmp_path, "takeda-1", "takeda-2")
    turn = root / "content" / "turns" / "001.yaml"
    turn.write_text(turn.read_text().replace("  takeda-3: [mino]\n", "  takeda-3: [mino]\n  takeda-1: [shinano]\n"))
    stderr = rejected(run, root)
    errors = problems(stderr)
    found = [(m, h) for _w, m, h in errors if m.startswith("a battle with one clan: takeda-1 and takeda-2 are both")]
    assert len(found) == 1 and found[0][1], stderr


def test_the_shared_check_says_who_both_wins_and_loses():
    from chronicle.rules.battlecheck import Named, suspicious_battle
    found = suspicious_battle([Named("a", ("players", 0)), Named("b", ("players", 1))],
                              winners=[Named("a", ("winner",))], losers=[Named("a", ("loser",))], where=("b",))
    assert [p.message for p in found] == ["a both wins and loses this battle"]
    assert found[0].path == ("winner",) and found[0].hint and found[0].rule == "battle"
    assert suspicious_battle([Named("a", ()), Named("b", ())], winners=[Named("a", ())], losers=[Named("b", ())]) == []


@pytest.mark.parametrize("text, got", [("___\n", "'___'"), ("  ___  \n", "'___'"), ("- ___\n", "a list of 1")])
def test_a_turn_file_that_is_only_a_blank_is_no_turn(run, make_campaign, text, got):
    """A blank stands for a value inside a turn; a file that is nothing but one (found by a
    mutation run: accepted silently as an empty turn) has no keys at all, and says so."""
    root = make_campaign(SMALL_CAMPAIGN, {1: TAKE_INABA, 2: text})
    result = run("check", root)
    assert result.exit_code == 1
    assert problems(result.stderr) == [
        ("content/turns/002.yaml:1:1", f"expected a mapping of keys (key: value lines), got {got} [file format]",
         "the file is key: value lines, one key a line (docs/format.md shows each kind of file)")]
