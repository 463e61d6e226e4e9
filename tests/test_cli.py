"""The ``chronicle`` command line: help, usage errors, ``state`` and ``schema``."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from chronicle.cli import main

from samples import SMALL_CAMPAIGN


BATTLE = "battles:\n  - {players: [paula, ginger], winner: paula, vp: {paula: 3, ginger: 1}}\n"

# Turn 1: paula takes the neutral inaba (recorded dice). Turn 2: ginger's Defend, paula's attack fails.
TURNS = {
    1: BATTLE + """\
orders:
  paula: [Attack inaba, Attack inaba]
dice:
  inaba:
    paula: [7, 2]
""",
    2: BATTLE + """\
orders:
  paula: [Attack awaji]
  ginger: [Defend awaji]
dice:
  awaji:
    paula: [6]
    ginger: [2, 9, 1, 4]
""",
}


@pytest.fixture
def campaign(make_campaign):
    return make_campaign(SMALL_CAMPAIGN, TURNS)


# ---- help and usage --------------------------------------------------------------------------


@pytest.mark.parametrize("command", sorted(main.commands))
def test_every_command_has_help_with_an_example(run, command):
    result = run(command, "--help")
    assert result.exit_code == 0, result.output
    assert "Usage: " in result.output
    assert "Example:" in result.output
    assert f"chronicle {command}" in result.output.split("Example:", 1)[1]


def test_top_level_help(run):
    result = run("--help")
    assert result.exit_code == 0
    for command in main.commands:
        assert command in result.output


def test_unknown_command_is_a_usage_error(run):
    result = run("chek")
    assert result.exit_code == 2
    assert "No such command 'chek'" in result.stderr
    assert "check" in result.stderr                        # click suggests the near name


@pytest.mark.parametrize("args", [("check", "--bogus"), ("state", "--turn", "three"), ("schema", "no-such-kind"),
                                  ("new",)], ids=["bad-option", "bad-value", "unknown-kind", "missing-argument"])
def test_bad_usage_exits_2(run, campaign, args):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Usage:" in result.stderr or "Error:" in result.stderr


# ---- state -----------------------------------------------------------------------------------


def test_check_a_good_campaign(run, campaign):
    result = run("check", campaign)
    assert result.exit_code == 0, result.output
    assert "2 turns replayed, no errors" in result.stdout


def test_state_json(run, campaign):
    result = run("state", campaign, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"turn", "ruleset", "provinces", "players", "winner", "rolls", "ranking"} <= set(data)
    assert data["turn"] == 2 and data["ruleset"] == "pitac" and data["winner"] is None
    assert set(data["provinces"]) == {"tosa", "inaba", "awaji", "higo", "izumo"}
    owners = {pid: p["owner"] for pid, p in data["provinces"].items()}
    assert owners == {"tosa": "paula", "inaba": "paula", "awaji": "ginger", "higo": None, "izumo": None}
    assert data["players"]["paula"]["provinces"] == 2 and data["players"]["paula"]["capital"] == "tosa"
    assert data["players"]["ginger"]["provinces"] == 1 and data["players"]["ginger"]["capital"] == "awaji"
    # the rolls of the turn: ginger's capital 3d10 + 1 for Defend against paula's one die
    [roll] = data["rolls"]
    assert roll["province"] == "awaji" and roll["new_owner"] == "ginger"
    dice = {side["player"]: [d["value"] for d in side["dice"]] for side in roll["sides"]}
    assert dice == {"ginger": [2, 9, 1, 4], "paula": [6]}
    assert all(d["recorded"] for side in roll["sides"] for d in side["dice"])
    assert data["ranking"]["totals"] == {"paula": 6, "ginger": 2}


def test_state_turn_0_and_n(run, campaign):
    start = json.loads(run("state", campaign, "--turn", "0", "--json").stdout)
    assert start["turn"] == 0
    assert start["provinces"]["tosa"]["owner"] == "paula" and start["provinces"]["inaba"]["owner"] is None
    assert start["rolls"] == []
    after_1 = json.loads(run("state", campaign, "--turn", "1", "--json").stdout)
    assert after_1["turn"] == 1
    assert after_1["provinces"]["inaba"]["owner"] == "paula"
    assert [r["province"] for r in after_1["rolls"]] == ["inaba"]
    assert json.loads(run("state", campaign, "--turn", "2", "--json").stdout) == \
        json.loads(run("state", campaign, "--json").stdout)


@pytest.mark.parametrize("turn", ["3", "-1"])
def test_state_turn_out_of_range(run, campaign, turn):
    result = run("state", campaign, "--turn", turn)
    assert result.exit_code == 2, result.output
    assert "0..2" in result.stderr


def test_state_table_lists_players(run, campaign):
    result = run("state", campaign)
    assert result.exit_code == 0, result.output
    assert "Paula Purple" in result.stdout and "Ginger Green" in result.stdout
    assert "after turn 2" in result.stdout


def test_state_of_a_bad_campaign_exits_1(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: "batles: []\n"})
    result = run("state", root, "--json")
    assert result.exit_code == 1
    assert "content/turns/001.yaml:1:1: error: unknown key 'batles'" in result.stderr
    assert result.stdout == ""


# ---- schema ----------------------------------------------------------------------------------

KINDS = ("campaign-pitac", "turn-pitac", "map")


def schema_of(run, kind) -> dict:
    result = run("schema", kind)
    assert result.exit_code == 0, result.output
    schema = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


def test_schema_lists_kinds(run):
    result = run("schema")
    assert result.exit_code == 0
    for kind in KINDS:
        assert kind in result.stdout


@pytest.mark.parametrize("kind", KINDS)
def test_schema_prints_a_valid_json_schema(run, kind):
    schema = schema_of(run, kind)
    assert schema["type"] == "object"


def test_schema_output_writes_files(run, tmp_path):
    out = tmp_path / "schemas"
    result = run("schema", "--output", out)
    assert result.exit_code == 0, result.output
    for kind in KINDS:
        written = json.loads((out / f"{kind}.schema.json").read_text(encoding="utf-8"))
        assert written == schema_of(run, kind)


def test_turn_schema_validates_turn_files(run):
    validator = jsonschema.Draft202012Validator(schema_of(run, "turn-pitac"))
    for text in TURNS.values():
        validator.validate(yaml.safe_load(text))
    with pytest.raises(jsonschema.ValidationError, match="batles"):
        validator.validate(yaml.safe_load("batles: []\n"))
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(yaml.safe_load("orders:\n  paula: [Atack inaba]\n"))


def test_campaign_schema_validates_campaign_yaml(run):
    validator = jsonschema.Draft202012Validator(schema_of(run, "campaign-pitac"))
    validator.validate(yaml.safe_load(SMALL_CAMPAIGN))
    with pytest.raises(jsonschema.ValidationError, match="sed"):
        validator.validate(yaml.safe_load(SMALL_CAMPAIGN.replace("seed: 7", "sed: 7")))


def test_state_of_an_early_turn_while_a_later_turn_has_errors(make_campaign, run):
    """The administrator looks at turn 1 while turn 2 is still wrong: shown, with a warning."""
    root = make_campaign(SMALL_CAMPAIGN, {
        1: "battles:\n  - {players: [paula, ginger], winner: paula}\norders:\n  paula: [Attack Inaba]\n"
           "dice:\n  inaba: {paula: [6]}\n",
        2: "orders:\n  paula: [Attack Nowhere]\n"})
    result = run("state", root, "--turn", "1", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["provinces"]["inaba"]["owner"] == "paula"
    assert "content/turns/002.yaml:2:11: warning: unknown territory 'Nowhere'" in result.stderr
    assert "(in a turn after 1)" in result.stderr
    # without --turn (the last turn) the same error stops it, as check does
    assert run("state", root).exit_code == 1
    assert run("check", root).exit_code == 1
