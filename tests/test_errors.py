"""Bad input (issue 2): each case is rejected at its place, exit 1, and nothing is written.

Every test runs the real ``chronicle check`` on a campaign folder written from strings and asserts
the exact ``path:line:col: error:`` prefix (the column of the offending value), that the message
names that value, the hint where one is promised, and that the folder is left as it was.
"""

from __future__ import annotations

import re

import pytest

from samples import SMALL_CAMPAIGN


# Turn files below are written after textwrap.dedent + lstrip, so line 1 is the first text line.
BATTLE = "battles:\n  - {players: [paula, ginger], winner: paula}\n"          # lines 1-2

# Turn 1 with recorded dice: paula (capital tosa) takes the neutral inaba, whatever the seed.
TAKE_INABA = BATTLE + """\
orders:
  paula: [Attack inaba, Attack inaba]
dice:
  inaba:
    paula: [7, 2]
"""

PROBLEM = re.compile(r"^(?P<where>\S+?(?::\d+:\d+)?): (?P<severity>error|warning): (?P<message>.*)$")


def snapshot(root):
    """Every file under the campaign folder, with its bytes."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def problems(stderr: str, severity: str = "error") -> list[tuple[str, str, str | None]]:
    """(where, message, hint) for every problem of ``severity`` printed, in printed order."""
    found, lines = [], stderr.splitlines()
    for i, line in enumerate(lines):
        match = PROBLEM.match(line)
        if match and match["severity"] == severity:
            hint = None
            if i + 1 < len(lines) and lines[i + 1].startswith("    hint: "):
                hint = lines[i + 1][len("    hint: "):]
            found.append((match["where"], match["message"], hint))
    return found


def rejected(run, root, *args) -> str:
    """Run ``chronicle check``; it must fail with exit 1 and leave the folder byte-for-byte as it was."""
    before = snapshot(root)
    result = run("check", root, *args)
    assert result.exit_code == 1, result.output
    assert result.stderr.rstrip().endswith("found."), "check writes nothing and must not say it wrote"
    assert snapshot(root) == before, "check changed the campaign folder"
    assert not (root / "site").exists()
    return result.stderr


def reported(stderr: str, where: str, *, only: bool = True) -> tuple[str, str | None]:
    """The one error reported at ``where`` (path:line:col): its (message, hint).

    ``only``: it is the only error of the run (no cascade of follow-up noise).
    """
    errors = problems(stderr)
    here = [(message, hint) for place, message, hint in errors if place == where]
    assert len(here) == 1, f"expected one error at {where}, got:\n{stderr}"
    if only:
        assert len(errors) == 1, f"expected only the error at {where}, got:\n{stderr}"
    return here[0]


# ---- YAML ------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, where, words, hint", [
    # an unquoted ': ' inside a value
    ("title: Turn one: the fords\n", "content/turns/001.yaml:1:16", ["a ': ' here starts a key", "must be quoted"],
     "quote the value"),
    # an unclosed flow mapping: the parser fails on line 3, the hint points back to where it opened
    ("battles:\n  - {players: [paula, ginger], winner: paula\norders: {}\n",
     "content/turns/001.yaml:3:7", ["flow mapping", "expected ',' or '}'"], "line 2, column 5"),
], ids=["unquoted-colon", "unclosed-brace"])
def test_yaml_syntax_error(run, make_campaign, text, where, words, hint):
    root = make_campaign(SMALL_CAMPAIGN, {1: text})
    message, got_hint = reported(rejected(run, root), where)
    assert message.startswith("YAML syntax: ")
    for word in words:
        assert word in message
    assert hint in got_hint


def test_tab_indentation(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: "battles:\n\t- {players: [paula, ginger]}\n"})
    message, hint = reported(rejected(run, root), "content/turns/001.yaml:2:1")
    assert "tab" in message
    assert hint == "indent with spaces, not tabs"


def test_duplicate_key(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE + """\
orders:
  paula: [Attack inaba]
orders:
  ginger: [Defend awaji]
"""})
    message, hint = reported(rejected(run, root), "content/turns/001.yaml:5:1")
    assert message == "duplicate key 'orders' [YAML syntax]"
    assert "line 3" in hint


# ---- unknown keys ----------------------------------------------------------------------------


def test_unknown_key_in_turn_file(run, make_campaign):
    """At the top level and inside a battle; each at the key itself, with a did-you-mean."""
    root = make_campaign(SMALL_CAMPAIGN, {1: """\
batles: []
battles:
  - players: [paula, ginger]
    winer: paula
"""})
    stderr = rejected(run, root)
    assert len(problems(stderr)) == 2, stderr
    message, hint = reported(stderr, "content/turns/001.yaml:1:1", only=False)
    assert message == "unknown key 'batles' [file format]"
    assert "did you mean 'battles'" in hint
    message, hint = reported(stderr, "content/turns/001.yaml:4:5", only=False)
    assert message == "unknown key 'winer' [file format]"
    assert hint == "did you mean 'winner'?"


def test_unknown_key_in_campaign_yaml(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN.replace("seed: 7", "sed: 7"))
    message, hint = reported(rejected(run, root), "content/campaign.yaml:3:1")
    assert message == "unknown key 'sed' [file format]"
    assert hint == "did you mean 'seed'?"


def test_unknown_ruleset(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN.replace("ruleset: pitac", "ruleset: pitak"))
    message, hint = reported(rejected(run, root), "content/campaign.yaml:2:10")
    assert message == "unknown ruleset 'pitak' [ruleset]"
    assert hint == "did you mean 'pitac'?"


def test_unknown_bundled_map(run, make_campaign):
    campaign = SMALL_CAMPAIGN.split("map:")[0] + "map: japn\n"      # line 7 is blank, map: is line 8
    root = make_campaign(campaign)
    message, hint = reported(rejected(run, root), "content/campaign.yaml:8:6")
    assert message == "unknown bundled map 'japn' [map]"
    assert hint == "did you mean 'japan'?"


# ---- unknown names ---------------------------------------------------------------------------


@pytest.mark.parametrize("text, where, name, mean", [
    # the player is a key of orders: reported at the key
    (BATTLE + "orders:\n  paulla: [Attack inaba]\n", "content/turns/001.yaml:4:3", "paulla", "paula"),
    ("battles:\n  - {players: [paula, gingr], winner: paula}\n", "content/turns/001.yaml:2:23", "gingr", "ginger"),
    (BATTLE + "orders:\n  paula: [Attack inaba]\ndice:\n  inaba:\n    pauala: [5]\n",
     "content/turns/001.yaml:7:5", "pauala", "paula"),
], ids=["orders", "battle", "dice"])
def test_unknown_player(run, make_campaign, text, where, name, mean):
    root = make_campaign(SMALL_CAMPAIGN, {1: text})
    message, hint = reported(rejected(run, root), where)
    assert message.startswith(f"unknown player {name!r}")
    assert hint == f"did you mean {mean!r}?"


@pytest.mark.parametrize("text, where, name, mean", [
    (BATTLE + "orders:\n  paula: [Attack INABBA]\n", "content/turns/001.yaml:4:11", "INABBA", "inaba"),
    (BATTLE + "orders:\n  paula:\n    - Attack inaba\n    - defend: Tossa\n",
     "content/turns/001.yaml:6:15", "Tossa", "tosa"),
    (BATTLE + "orders:\n  paula: [Attack inaba]\ndice:\n  inabba:\n    paula: [5]\n",
     "content/turns/001.yaml:6:3", "inabba", "inaba"),
], ids=["upper-case-order", "mapping-order", "dice"])
def test_unknown_territory(run, make_campaign, text, where, name, mean):
    root = make_campaign(SMALL_CAMPAIGN, {1: text})
    message, hint = reported(rejected(run, root), where)
    assert message.startswith(f"unknown territory {name!r}")
    assert hint == f"did you mean {mean!r}?"


# ---- orders ----------------------------------------------------------------------------------


def test_attack_not_adjacent(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE + "orders:\n  paula: [Attack izumo]\n"})
    message, hint = reported(rejected(run, root), "content/turns/001.yaml:4:11")
    assert message.startswith("paula cannot Attack Izumo: it is not adjacent to a territory paula holds")
    assert "higo, inaba" in hint                                # what paula could attack instead


@pytest.mark.parametrize("text, where, player, allowed", [
    # ginger was not in any battle: no order at all
    ("battles:\n  - {players: [paula]}\norders:\n  ginger: [Defend awaji]\n",
     "content/turns/001.yaml:4:12", "ginger", 0),
    # a participant who did not win: one order
    (BATTLE + "orders:\n  ginger: [Defend awaji, Defend awaji]\n", "content/turns/001.yaml:4:26", "ginger", 1),
    # the winner: two orders
    (BATTLE + "orders:\n  paula: [Attack inaba, Attack inaba, Defend tosa]\n",
     "content/turns/001.yaml:4:39", "paula", 2),
], ids=["absent", "participant-2", "winner-3"])
def test_more_orders_than_moves(run, make_campaign, text, where, player, allowed):
    root = make_campaign(SMALL_CAMPAIGN, {1: text})
    # (the absent case's battle has one player: that is an error of its own, beside this one)
    message, hint = reported(rejected(run, root), where, only=allowed != 0)
    assert message.startswith(f"{player}'s order ")
    assert f"is one more than the {allowed} move{'s' if allowed != 1 else ''} {player} earned" in message
    assert f"{allowed} move" in hint


def test_defend_not_held(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE + """\
orders:
  paula: [Defend inaba]
  ginger: [Defend tosa]
"""})
    stderr = rejected(run, root)
    assert len(problems(stderr)) == 2, stderr
    message, hint = reported(stderr, "content/turns/001.yaml:4:11", only=False)
    assert message.startswith("paula cannot Defend Inaba: it is neutral")
    assert "paula holds tosa" in hint
    message, hint = reported(stderr, "content/turns/001.yaml:5:12", only=False)
    assert message.startswith("ginger cannot Defend Tosa: it is held by paula")


def test_attack_own_territory(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE + "orders:\n  paula: [Attack tosa]\n"})
    message, hint = reported(rejected(run, root), "content/turns/001.yaml:4:11")
    assert message.startswith("paula cannot Attack Tosa: it is already theirs")
    assert "Defend Tosa" in hint


# ---- dice ------------------------------------------------------------------------------------


@pytest.mark.parametrize("turns, where, words, hint", [
    ({1: BATTLE + "orders:\n  paula: [Attack inaba, Attack inaba]\ndice:\n  inaba:\n    paula: [5]\n"},
     "content/turns/001.yaml:7:12", "paula owes 2 d10 at inaba, 1 recorded", "one d10 per Attack order: 2"),
    ({1: BATTLE + "orders:\n  paula: [Attack inaba]\ndice:\n  inaba:\n    paula: [5, 6]\n"},
     "content/turns/001.yaml:7:12", "paula owes 1 d10 at inaba, 2 recorded", "one d10 per Attack order: 1"),
    # paula takes inaba in turn 1, then attacks ginger's capital awaji: ginger defends with 3d10
    ({1: TAKE_INABA, 2: BATTLE + "orders:\n  paula: [Attack awaji]\ndice:\n  awaji:\n    paula: [5]\n    ginger: [1, 2]\n"},
     "content/turns/002.yaml:8:13", "ginger owes 3 d10 at awaji, 2 recorded", "the holder rolls 3"),
    # paula holds inaba and Defends it twice against ginger's attack: 1 + 2 d10, each counted
    ({1: TAKE_INABA, 2: BATTLE + "orders:\n  paula: [Defend inaba, Defend inaba]\n  ginger: [Attack inaba]\n"
                                  "dice:\n  inaba:\n    paula: [5]\n    ginger: [4]\n"},
     "content/turns/002.yaml:8:12", "paula owes 3 d10 at inaba, 1 recorded",
     "the holder rolls 1 for the territory + 2 for Defend orders"),
], ids=["too-few", "too-many", "capital-owes-3", "defends-counted"])
def test_wrong_number_of_dice(run, make_campaign, turns, where, words, hint):
    root = make_campaign(SMALL_CAMPAIGN, turns)
    message, got_hint = reported(rejected(run, root), where)
    assert message.startswith(words)
    assert hint in got_hint


@pytest.mark.parametrize("dice, where, words, hint", [
    ("[0]", "content/turns/001.yaml:7:13", "die face 0 is out of range 1..10", "a d10 shows 1 to 10"),
    ("11", "content/turns/001.yaml:7:12", "die face 11 is out of range 1..10", 'a 10 and its add-on are written "10+1"'),
    ("[10]", "content/turns/001.yaml:7:13", "a 10 is rolled again and added: 10 lacks its add-on roll", '"10+N"'),
    ("['10+10']", "content/turns/001.yaml:7:13", "a 10 is rolled again and added: '10+10' lacks its add-on roll",
     '"10+10+N"'),
], ids=["zero", "eleven", "ten-without-add-on", "ten-ten-without-add-on"])
def test_die_out_of_range(run, make_campaign, dice, where, words, hint):
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE + f"orders:\n  paula: [Attack inaba]\ndice:\n  inaba:\n    paula: {dice}\n"})
    message, got_hint = reported(rejected(run, root), where)
    assert message.startswith(words)
    assert hint in got_hint


# ---- turn files ------------------------------------------------------------------------------


def test_turn_number_twice(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE, "1.yaml": BATTLE})
    message, hint = reported(rejected(run, root), "content/turns/1.yaml:1:1")
    assert message == "turn 1 is given twice: 1.yaml and 001.yaml [turn files]"
    assert hint == "keep one file per turn"


def test_turn_number_gap(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE, 3: BATTLE})
    message, hint = reported(rejected(run, root), "content/turns/003.yaml:1:1")
    assert message == "turn 2 is missing before turn 3 [turn files]"
    assert "002.yaml" in hint


def test_turn_value_disagrees_with_file_name(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: "turn: 2\n" + BATTLE})
    message, hint = reported(rejected(run, root), "content/turns/001.yaml:1:7")
    assert message == "this file says turn 2 but is named 001.yaml [turn files]"
    assert "turn: 1" in hint


# ---- battles ---------------------------------------------------------------------------------


def test_battle_names_a_player_twice(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: "battles:\n  - {players: [paula, paula], winner: paula}\n"})
    message, hint = reported(rejected(run, root), "content/turns/001.yaml:2:23")
    assert message.startswith("this battle names Paula Purple twice")
    assert hint == "list each player once"


def test_battle_with_a_player_not_in_the_campaign(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: "battles:\n  - {players: [paula, tom], winner: paula}\n"})
    message, hint = reported(rejected(run, root), "content/turns/001.yaml:2:23")
    assert message.startswith("unknown player 'tom'")
    assert hint == "the players in campaign.yaml are ginger, paula"


def test_winner_not_in_the_battle(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: """\
battles:
  - players: [paula]
    winner: ginger
  - players: [paula, ginger]
    winner: [paula, gingr]
"""})
    stderr = rejected(run, root)
    assert len(problems(stderr)) == 3, stderr        # and the first battle has one player
    message, hint = reported(stderr, "content/turns/001.yaml:3:13", only=False)
    assert message.startswith("winner 'ginger' did not fight in this battle")
    assert "its players: paula" in hint
    # in a list of winners, the place is the one that is wrong
    message, hint = reported(stderr, "content/turns/001.yaml:5:21", only=False)
    assert message.startswith("winner 'gingr' did not fight in this battle")
    assert "did you mean 'ginger'?" in hint



@pytest.mark.parametrize("orders, errors", [
    # the winner's two orders, the winner misspelt: the typo alone (not also "one more than 1 move")
    ("[Attack inaba, Defend tosa]", 1),
    # three orders are still more than any player of that battle could have earned
    ("[Attack inaba, Defend tosa, Defend tosa]", 2),
], ids=["two-orders", "three-orders"])
def test_a_misspelt_winner_is_one_error_not_also_moves_not_earned(run, make_campaign, orders, errors):
    root = make_campaign(SMALL_CAMPAIGN, {1: f"""\
battles:
  - {{players: [paula, ginger], winner: pauls}}
orders:
  paula: {orders}
"""})
    stderr = rejected(run, root)
    message, hint = reported(stderr, "content/turns/001.yaml:2:40", only=errors == 1)
    assert message.startswith("winner 'pauls' did not fight in this battle")
    assert "did you mean 'paula'?" in hint
    if errors == 2:
        message, _ = reported(stderr, "content/turns/001.yaml:4:38", only=False)
        assert "is one more than the 2 moves paula earned" in message
        assert len(problems(stderr)) == 2, stderr


@pytest.mark.parametrize("players, vp, errors", [
    # 'Paula' is read on as paula: her VP and her order are not errors of their own
    ("[Paula, ginger]", "{paula: 3, ginger: 5}", 1),
    # a name like no player's, with paula's VP in the battle: paula is read as its player
    ("[zed, ginger]", "{paula: 3, ginger: 5}", 1),
    # nothing says who zed was: paula, in no battle, earned no move, and her order is refused too
    ("[zed, ginger]", "{ginger: 5}", 2),
], ids=["case", "vp-names-her", "nothing-names-her"])
def test_a_misspelt_player_in_a_battle_is_one_error(run, make_campaign, players, vp, errors):
    root = make_campaign(SMALL_CAMPAIGN, {1: f"""\
battles:
  - {{players: {players}, winner: ginger, vp: {vp}}}
orders:
  paula: [Attack inaba]
"""})
    stderr = rejected(run, root)
    message, _hint = reported(stderr, "content/turns/001.yaml:2:16", only=errors == 1)
    assert message.startswith("unknown player ")
    if errors == 2:
        message, _ = reported(stderr, "content/turns/001.yaml:4:11", only=False)
        assert message.startswith("paula's order 'Attack Inaba' is one more than the 0 moves paula earned")
        assert len(problems(stderr)) == 2, stderr


@pytest.mark.parametrize("date, error", [
    ("2026-13-01", "month must be in 1..12"),
    ("2026-02-29", "day is out of range for month"),      # 2026 is not a leap year
    ("2028-02-29", None),                                # 2028 is
    ("2026-02-28", None),
    ("'2026-1-5'", None),
    ("early spring", None),                              # free text stays free
], ids=["month-13", "feb-29-2026", "feb-29-2028", "feb-28", "short", "free-text"])
def test_a_date_written_as_year_month_day_is_a_day_of_the_calendar(run, make_campaign, date, error):
    root = make_campaign(SMALL_CAMPAIGN, {1: f"date: {date}\n" + BATTLE})
    if error is None:
        result = run("check", root)
        assert result.exit_code == 0, result.output
        return
    message, hint = reported(rejected(run, root), "content/turns/001.yaml:1:7")
    assert message == f"date '{date}' is not a day of the calendar ({error}) [turn files]"
    assert "year-month-day" in hint


@pytest.mark.parametrize("turn, where, line", [
    # each report whole, as printed: message, rule and hint (a hint is what tells the fix)
    (BATTLE + "gifts:\n  - {from: paula, to: ginger, territory: inaba}\n", "4:42",
     "paula cannot give Inaba: it is neutral [gifts]\n"
     "    hint: a gift is of a territory the giver holds at the start of the turn"),
    (BATTLE + "gifts:\n  - {from: paula, to: ginger, territory: tosa}\n", "4:42",
     "paula cannot give Tosa: it is paula's capital [gifts]\n"
     "    hint: give another territory; a capital changes hands only by conquest"),
    ({1: TAKE_INABA, 2: BATTLE + "gifts:\n  - {from: paula, to: paula, territory: inaba}\n"}, "002.yaml:4:23",
     "paula cannot receive Inaba: the giver [gifts]\n"
     "    hint: a gift goes from its holder to another player on the map"),
    ("battles:\n  - {players: [paula, ginger], winner: [paula, paula]}\n", "2:48",
     "winner 'paula' is written twice [battle]\n    hint: name each winner once"),
    ("battles:\n  - {players: [paula, ginger], vp: {gingr: 3}}\n", "2:37",
     "VP for 'gingr', who did not fight in this battle [ranks]\n    hint: did you mean 'ginger'?"),
    ("battles:\n  - {players: [paula, ginger], vp: {izumo: 3}}\n", "2:37",
     "VP for 'izumo', who did not fight in this battle [ranks]\n    hint: give VP only to the battle's players"),
    ("battles:\n  - {players: [paula, gingr], winner: paula}\n", "2:23",
     "unknown player 'gingr' [player]\n    hint: did you mean 'ginger'?"),
], ids=["gift-neutral", "gift-capital", "gift-to-self", "winner-twice", "vp-misspelt", "vp-not-in-battle", "player"])
def test_a_report_whole_as_printed(run, make_campaign, turn, where, line):
    root = make_campaign(SMALL_CAMPAIGN, turn if isinstance(turn, dict) else {1: turn})
    stderr = rejected(run, root)
    place = "content/turns/" + (where if ".yaml" in where else "001.yaml:" + where)
    assert f"{place}: error: {line}\n" in stderr, stderr

# ---- capitals --------------------------------------------------------------------------------


def test_starting_capital_on_a_barred_territory(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN.replace("capital: tosa", "capital: izumo"))
    line = SMALL_CAMPAIGN.lstrip().splitlines()[4]                           # paula's entry, line 5
    message, hint = reported(rejected(run, root), f"content/campaign.yaml:5:{line.index('tosa') + 1}")
    assert message.startswith("Izumo may not be a starting capital")
    assert "no_start_capital" in hint


def test_two_players_on_the_same_capital(run, make_campaign):
    # paula rolls higher, so she picks awaji first; ginger's pick is the one refused
    campaign = SMALL_CAMPAIGN.replace("capital: tosa}", "capital: awaji, start_roll: 9}")
    campaign = campaign.replace("capital: awaji}", "capital: awaji, start_roll: 2}")
    root = make_campaign(campaign)
    line = campaign.lstrip().splitlines()[5]                                 # ginger's entry, line 6
    message, hint = reported(rejected(run, root), f"content/campaign.yaml:6:{line.index('awaji') + 1}")
    assert message.startswith("Awaji is already taken by paula")
    assert "start_roll" in hint


# Turn 2: paula takes ginger's capital awaji (9 beats 3 on ginger's 3d10).
TAKE_AWAJI = BATTLE + """\
orders:
  paula: [Attack awaji]
dice:
  awaji:
    paula: [9]
    ginger: [1, 2, 3]
"""


def test_capital_choice_that_does_not_stand(run, make_campaign):
    # ginger holds nothing after losing awaji: the new capital must be neutral, and tosa is paula's
    root = make_campaign(SMALL_CAMPAIGN, {1: TAKE_INABA, 2: TAKE_AWAJI + "capitals:\n  ginger: tosa\n"})
    message, hint = reported(rejected(run, root), "content/turns/002.yaml:10:11")
    assert message.startswith("ginger cannot make tosa the new capital")
    assert hint == "the new capital must be a neutral territory"


def test_lost_capital_without_a_choice_before_a_later_turn(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: TAKE_INABA, 2: TAKE_AWAJI, 3: BATTLE})
    message, hint = reported(rejected(run, root), "content/turns/002.yaml:1:1")
    assert message.startswith("ginger lost their capital and has not named a new one")
    assert "capitals: {ginger: ...}" in hint


def test_lost_capital_without_a_choice_on_the_last_turn_is_a_warning(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: TAKE_INABA, 2: TAKE_AWAJI})
    result = run("check", root)
    assert result.exit_code == 0, result.output
    assert problems(result.stderr) == []
    [(where, message, hint)] = problems(result.stderr, "warning")
    assert where == "content/turns/002.yaml:1:1"
    assert message.startswith("ginger lost their capital and has not named a new one")
    assert "capitals: {ginger: ...}" in hint
    before = snapshot(root)
    strict = run("check", root, "--strict")
    assert strict.exit_code == 1, strict.output
    assert "content/turns/002.yaml:1:1: warning: ginger lost their capital" in strict.stderr
    assert snapshot(root) == before and not (root / "site").exists()


# ---- replay ----------------------------------------------------------------------------------


def test_a_correction_is_reported_at_the_later_order_it_makes_illegal(run, make_campaign):
    turn_2 = BATTLE + "orders:\n  paula: [Attack awaji]\n"                    # needs inaba, taken in turn 1
    root = make_campaign(SMALL_CAMPAIGN, {1: TAKE_INABA, 2: turn_2})
    assert run("check", root).exit_code == 0
    # the administrator corrects turn 1's dice: paula rolled two 1s and did not take inaba
    corrected = root / "content" / "turns" / "001.yaml"
    corrected.write_text(corrected.read_text().replace("[7, 2]", "[1, 1]"))
    message, hint = reported(rejected(run, root), "content/turns/002.yaml:4:11")
    assert message.startswith("paula cannot Attack Awaji: it is not adjacent to a territory paula holds")


def test_every_problem_in_every_file_is_reported_in_one_run(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {
        1: BATTLE + """\
orders:
  paula: [Attack izumo, Attack inaba]
  ginger: [Defend awaji, Defend awaji]
dice:
  inaba:
    paula: [0]
""",
        2: "batles: []\n" + "orders:\n  paulla: [Attack inaba]\n",
        3: "battles:\n\t- {players: [paula]}\n",
        5: BATTLE,
    })
    stderr = rejected(run, root)
    places = [where for where, _, _ in problems(stderr)]
    assert places == [
        "content/turns/001.yaml:4:11",     # Attack izumo: not adjacent
        "content/turns/001.yaml:5:26",     # ginger's second order: 1 move
        "content/turns/001.yaml:8:13",     # die 0
        "content/turns/002.yaml:1:1",      # batles
        "content/turns/002.yaml:3:3",      # paulla
        "content/turns/003.yaml:2:1",      # tab
        "content/turns/005.yaml:1:1",      # turn 4 missing
    ], stderr
    assert stderr.rstrip().endswith("7 errors found.")


def test_a_bad_campaign_yaml_does_not_hide_the_turn_files_problems(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN.replace("seed: 7", "sed: 7"),
                         {1: "batles: []\n", 2: "orders:\n  paula: [Attack inaba]\norders: {}\n"})
    places = [where for where, _, _ in problems(rejected(run, root))]
    assert places == ["content/campaign.yaml:3:1", "content/turns/001.yaml:1:1", "content/turns/002.yaml:3:1"]


# ---- files -----------------------------------------------------------------------------------


def test_missing_campaign_yaml(run, tmp_path):
    root = tmp_path / "empty"
    (root / "content" / "turns").mkdir(parents=True)
    message, hint = reported(rejected(run, root), "content/campaign.yaml")
    assert message == "no campaign here: content/campaign.yaml does not exist [campaign folder]"
    assert "chronicle new" in hint


def test_non_utf8_file(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE})
    (root / "content" / "turns" / "002.yaml").write_bytes(b"battles: []\ntitle: Caf\xe9 of the fords\n")
    message, hint = reported(rejected(run, root), "content/turns/002.yaml:2:11")
    assert message.startswith("not UTF-8 text: byte 0xe9")
    assert "UTF-8" in hint


def test_build_on_a_bad_campaign_leaves_the_site_untouched(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE + "orders:\n  paula: [Attack INABBA]\n"})
    site = root / "site"
    site.mkdir()
    (site / "index.html").write_bytes(b"<!doctype html><title>the old site</title>\n")
    before = snapshot(root)
    result = run("build", root)
    assert result.exit_code == 1, result.output
    assert "content/turns/001.yaml:4:11: error: unknown territory 'INABBA'" in result.stderr
    assert result.stderr.rstrip().endswith('nothing was written.')
    assert snapshot(root) == before
