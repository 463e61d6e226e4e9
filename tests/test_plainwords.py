"""Errors in plain words: indentation slips named in the campaign's terms, every error with its
[rule] tag, a custom map's errors at each province's own line with the path from the campaign;
and the small consistency items (missing turns, the state table, the Sengoku starter, prestige)."""

from __future__ import annotations

import re
import textwrap

import pytest

from samples import SMALL_CAMPAIGN
from test_errors import BATTLE, problems, rejected

LINE = re.compile(r"^(\S+): (error|warning): (.*)$")


def every_problem_line(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if LINE.match(line)]


# ---- indentation slips -------------------------------------------------------------------------

def test_a_section_indented_under_another_is_named_as_such(run, make_campaign):
    turn = BATTLE + "orders:\n  paula: [Attack inaba]\n  dice:\n    inaba: {paula: [7]}\n"
    root = make_campaign(SMALL_CAMPAIGN, {1: turn})
    stderr = rejected(run, root)
    [(where, message, hint)] = problems(stderr)
    assert where == "content/turns/001.yaml:5:3"
    assert message == ("dice: is indented under orders:, so it is read as part of orders — it is a section of its own "
                       "[indentation]")
    assert hint == "write dice: at the start of its line, with no spaces before it, as orders: is"
    assert "unknown player" not in stderr and "{" not in message


def test_orders_left_at_the_top_level_are_named_as_such(run, make_campaign):
    turn = BATTLE + "orders:\npaula: [Attack inaba]\nginger: [Attack inaba]\n"
    root = make_campaign(SMALL_CAMPAIGN, {1: turn})
    stderr = rejected(run, root)
    [(where, message, hint)] = problems(stderr)
    assert where == "content/turns/001.yaml:4:1"
    assert message.startswith("paula:, ginger: are at the top level, but they are names of the campaign")
    assert "they belong under orders:" in message and hint == "indent them under orders: by two spaces"
    assert "unknown key" not in stderr


def test_a_line_indented_too_far_is_explained_not_in_parser_words(run, make_campaign):
    turn = BATTLE + "orders:\n  paula: [Attack inaba]\n    ginger: [Attack tosa]\n"
    root = make_campaign(SMALL_CAMPAIGN, {1: turn})
    stderr = rejected(run, root)
    [(where, message, hint)] = problems(stderr)
    assert where == "content/turns/001.yaml:5:5"
    assert "indented more than the lines before it" in message and message.endswith("[YAML syntax]")
    assert "<block" not in stderr and "while parsing" not in stderr


def test_a_wrong_type_is_described_in_words_not_as_a_python_dump(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: "battles:\n  players: [paula, ginger]\n  winner: paula\n"})
    stderr = rejected(run, root)
    assert "{'players'" not in stderr and "['paula'" not in stderr
    assert "expected a list, got a mapping (players, winner: ...)" in stderr


@pytest.mark.parametrize("schema, value, message", [
    ({"type": "array", "minItems": 2}, [["crane"]], "a list of 1 entry where at least 2 are needed"),
    ({"type": "array", "maxItems": 2}, ["a", "b", "c"], "a list of 3 entries where at most 2 are allowed"),
    ({"type": "array", "maxItems": 1}, ["a", "b"], "a list of 2 entries where at most 1 is allowed"),
    ({"type": "array", "uniqueItems": True}, ["crane", "lion", "crane"], "'crane' is listed twice (first as entry 1)"),
    ({"type": "object", "maxProperties": 1}, {"a": 1, "b": 2}, "a mapping of 2 keys where at most 1 is allowed"),
    ({"type": "object", "minProperties": 1}, {}, "a mapping of 0 keys where at least 1 is needed"),
    ({"type": "string", "maxLength": 3}, "abcd", "text of 4 characters where at most 3 are allowed"),
    ({"type": "string", "minLength": 1}, "", "text of 0 characters where at least 1 is needed"),
])
def test_sizes_are_counted_in_words_not_dumped(schema, value, message):
    import jsonschema

    from chronicle import schemas
    [error] = jsonschema.Draft202012Validator({"properties": {"sides": schema}}).iter_errors({"sides": value})
    assert schemas._message(error) == f"sides: {message}"


# ---- every error carries its [rule] tag ---------------------------------------------------------

BROKEN = {
    "unknown key": (SMALL_CAMPAIGN, {1: BATTLE + "bogus: 1\n"}),
    "YAML syntax": (SMALL_CAMPAIGN, {1: "battles: [\n"}),
    "duplicate key": (SMALL_CAMPAIGN, {1: BATTLE + "orders: {}\norders: {}\n"}),
    "file naming": (SMALL_CAMPAIGN, {"000.yaml": BATTLE}),
    "not a turn file (a warning, failed by --strict)": (SMALL_CAMPAIGN, {1: BATTLE, "first.yaml": BATTLE}),
    "turns missing": (SMALL_CAMPAIGN, {1: BATTLE, 4: BATTLE}),
    "turn given twice": (SMALL_CAMPAIGN, {1: BATTLE, "1.yaml": BATTLE}),
    "campaign key": (SMALL_CAMPAIGN + "colour_scheme: dark\n", {1: BATTLE}),
    "wrong type": (SMALL_CAMPAIGN, {1: "battles: 3\n"}),
    "unknown ruleset": (SMALL_CAMPAIGN.replace("ruleset: pitac", "ruleset: pitak"), {}),
    "order": (SMALL_CAMPAIGN, {1: BATTLE + "orders:\n  paula: [Attack Nowhere]\n"}),
}


@pytest.mark.parametrize("case", BROKEN)
def test_every_error_has_its_rule_tag(run, make_campaign, case):
    campaign, turns = BROKEN[case]
    root = make_campaign(campaign, turns)
    result = run("check", "--strict", root)
    assert result.exit_code == 1
    lines = every_problem_line(result.stderr)
    assert lines, result.stderr
    for line in lines:
        assert re.search(r" \[[^]]+\]$", line), f"no [rule] tag: {line}"


def test_missing_turns_are_counted_in_words(run, make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE, 3: BATTLE, 6: BATTLE, 9: BATTLE})
    messages = [m for _w, m, _h in problems(rejected(run, root))]
    assert "turn 2 is missing before turn 3 [turn files]" in messages
    assert "turns 4 and 5 are missing before turn 6 [turn files]" in messages
    assert "turns 7–8 are missing before turn 9 [turn files]" not in messages          # two turns: "and"
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE, 5: BATTLE}, root=root.parent / "three")
    assert "turns 2–4 are missing before turn 5 [turn files]" in [m for _w, m, _h in problems(rejected(run, root))]


# ---- a custom map file ----------------------------------------------------------------------------

MAP_CAMPAIGN = """
title: Valley wars
ruleset: pitac
map: {file: maps/valley.yaml}
players:
  - {id: paula, capital: tosa}
  - {id: ginger, capital: awaji}
"""

VALLEY = """\
provinces:
  tosa: {at: [0, 0]}
  Inaba: {at: [1, 0]}
  awaji: {at: [2, 0]}
  Higo Province: {at: [0, 1]}
  izumo: {at: [1, 1], bogus: 1}
links:
  - [tosa, inaba]
  - [awaji, izumoo]
"""


def test_custom_map_errors_are_at_each_provinces_line_with_the_path_from_the_campaign(run, tmp_path, monkeypatch):
    root = tmp_path / "valley"
    (root / "content" / "maps").mkdir(parents=True)
    (root / "content" / "campaign.yaml").write_text(textwrap.dedent(MAP_CAMPAIGN).lstrip())
    (root / "content" / "maps" / "valley.yaml").write_text(VALLEY)
    monkeypatch.chdir(tmp_path)                     # a relative campaign folder, as typed
    result = run("check", "valley")
    found = problems(result.stderr)
    places = [w for w, _m, _h in found]
    assert places == ["content/maps/valley.yaml:3:3", "content/maps/valley.yaml:5:3", "content/maps/valley.yaml:6:23"]
    inaba, higo, bogus = found
    assert inaba[1] == "'Inaba' is not a valid id [file format]"
    assert inaba[2].startswith("write 'inaba': ids are lower case") and "name: Inaba" in inaba[2]
    assert higo[1] == "'Higo Province' is not a valid id [file format]" and "'higo_province'" in higo[2]
    assert bogus[1] == "unknown key 'bogus' [file format]"
    # fixed, the links are checked at their own lines too
    (root / "content" / "maps" / "valley.yaml").write_text(
        VALLEY.replace("Inaba:", "inaba:").replace("Higo Province:", "higo:").replace(", bogus: 1", ""))
    found = problems(run("check", "valley").stderr)
    assert [(w, m) for w, m, _h in found] == [("content/maps/valley.yaml:9:13", "link names unknown province 'izumoo' [map]")]


# ---- consistency ------------------------------------------------------------------------------------

def test_state_heads_provinces_province_in_every_ruleset(run, make_campaign, tmp_path):
    from site_helpers import write_sengoku_example
    root = make_campaign(SMALL_CAMPAIGN, {1: BATTLE + "orders:\n  paula: [Attack inaba]\ndice:\n  inaba: {paula: [7]}\n"})
    for folder in (root, write_sengoku_example(tmp_path / "s", until=1)):
        table = run("state", folder).stdout
        assert re.search(r"^Province\s+Held by", table, re.M), table
        assert "Territory" not in table


def test_the_sengoku_starter_has_a_story_and_says_what_start_card_is(run, tmp_path):
    root = tmp_path / "s"
    assert run("new", root, "--ruleset", "sengoku").exit_code == 0
    assert (root / "content" / "turns" / "001.md").read_text().strip()
    config = (root / "content" / "campaign.yaml").read_text()
    assert "start_card: the playing card" in config and "not an event card" in config
    assert run("build", root, "--quiet").exit_code == 0
    assert "VP" not in (root / "site" / "index.html").read_text()


def test_rules_pages_name_their_rulebooks_not_files_outside_the_repository():
    from pathlib import Path
    docs = Path(__file__).resolve().parents[1] / "docs" / "rules"
    for page in docs.glob("*.md"):
        assert "shared/seeds/" not in page.read_text(encoding="utf-8"), \
            f"{page}: cite the rulebook by its title and section, not by a file outside the repository"
