"""Every schema of every registered ruleset is held to the shared dialect (chronicle/schemas.py):
every number has a range, every list says whether its entries must be distinct.

The test walks the schemas that ``chronicle schema`` publishes (campaign, turn and map, options
and player fields folded in) for every ruleset in the registry, so a ruleset added later is held
to the same rules by construction.
"""

from __future__ import annotations

import pytest

from chronicle import rules, schemas
from chronicle.source import Document


walk = schemas.walk


def types_of(schema: dict) -> set:
    kind = schema.get("type")
    return set(kind) if isinstance(kind, list) else {kind} if isinstance(kind, str) else set()


def every_schema():
    return sorted(schemas.all_schemas(rules.registry().values()).items())


@pytest.mark.parametrize("name, schema", every_schema(), ids=[n for n, _ in every_schema()])
def test_every_number_has_a_range(name, schema):
    unbounded = [" / ".join(map(str, path)) for path, sub in walk(schema)
                 if types_of(sub) & {"integer", "number"} and path[-1:] != ("properties",)
                 and not ({"minimum", "exclusiveMinimum"} & set(sub) and {"maximum", "exclusiveMaximum"} & set(sub))]
    assert unbounded == [], f"numbers without a minimum and a maximum in {name}"


#: rulesets still deciding, list by list, whether an entry may repeat; strict, so the mark must go
#: the moment their schemas say it
@pytest.mark.parametrize("name, schema", [pytest.param(n, s, id=n) for n, s in every_schema()])
def test_every_list_says_whether_its_entries_must_be_distinct(name, schema):
    undecided = [" / ".join(map(str, path)) for path, sub in walk(schema)
                 if "array" in types_of(sub) and path[-1:] != ("properties",)
                 and not (sub.get("uniqueItems") is True or "x-distinct" in sub or sub.get("x-repeats"))]
    assert undecided == [], f"lists that do not say whether a repeated entry is allowed in {name}"


@pytest.mark.parametrize("name", sorted(rules.registry()))
def test_every_option_default_is_within_its_own_schema(name):
    ruleset = rules.get(name)
    for option, (default, schema, _doc) in ruleset.options.items():
        doc = Document("campaign.yaml", {option: default})
        assert schemas.validate(doc, {"type": "object", "properties": {option: schema}}) == [], option


def _problems(schema, value):
    return schemas.validate(Document("f.yaml", {"x": value}), {"type": "object", "properties": {"x": schema}})


def test_a_whole_number_is_whole_as_written():
    schema = {"type": "integer", "minimum": 0, "maximum": 10}
    assert _problems(schema, 4) == []
    (problem,) = _problems(schema, 4.0)
    assert problem.message == "x: expected a whole number, got 4.0"
    assert problem.hint == "write a whole number without a decimal point: 4"
    assert _problems(schema, True) != []


def test_a_number_out_of_range_names_the_range():
    (problem,) = _problems({"type": "integer", "minimum": 1, "maximum": 20}, 100_000_000)
    assert problem.message == "x: 100000000 is out of range: it must be from 1 to 20"
    (problem,) = _problems({"type": "number", "exclusiveMinimum": 0, "maximum": 1}, 0)
    assert problem.message == "x: 0 is out of range: it must be above 0 and at most 1"


def test_distinct_entries_by_key():
    schema = {"type": "array", "x-distinct": "army", "items": {"type": ["object", "string"]}}
    assert _problems(schema, [{"army": "a"}, {"army": "b"}, "c"]) == []
    (problem,) = _problems(schema, [{"army": "a", "elements": 3}, {"army": "b"}, {"army": "a", "elements": 4}])
    assert problem.message.endswith("'a' is listed twice (first as entry 1)")
    assert problem.path == ("x", 2, "army")
    (problem,) = _problems(schema, ["c", "c"])
    assert problem.path == ("x", 1)


@pytest.mark.parametrize("share, ok", [("1/3", True), ("1/1", True), ("1/0", False), ("0/5", False), ("5/3", False)])
def test_a_share_written_as_a_fraction_is_checked_against_its_range(share, ok):
    schema = {"type": "string", "pattern": r"^[0-9]+/[0-9]+$", "x-fraction": {"exclusiveMinimum": 0, "maximum": 1}}
    assert (_problems(schema, share) == []) == ok


def test_docs_ranges_is_up_to_date():
    from pathlib import Path
    page = Path(__file__).resolve().parents[1] / "docs" / "ranges.md"
    assert page.read_text(encoding="utf-8") == schemas.ranges_markdown(rules.registry().values()), \
        "docs/ranges.md is stale: run 'python -m chronicle.schemas --ranges > docs/ranges.md'"


# ---- Clan War's lists: which repeat and which may not (issue 8) ----------------------------------

def _clanwar_turn_problems(text: str) -> list[str]:
    from chronicle.source import parse_yaml
    doc = parse_yaml(text, "t.yaml")
    return [f"{p.place.line}:{p.place.col} {p.message}" for p in schemas.validate(doc, schemas.turn_schema(rules.get("clanwar")))]


@pytest.mark.parametrize("text, found", [
    ("facts:\n  captured:\n    - {personality: toturi, by: lion}\n    - {personality: toturi, by: crab}\n",
     ["4:21 facts/captured/1/personality: 'toturi' is listed twice (first as entry 1)"]),
    ("facts:\n  released:\n    - {personality: toturi, at: otosan}\n    - {personality: toturi, at: beiden}\n",
     ["4:21 facts/released/1/personality: 'toturi' is listed twice (first as entry 1)"]),
    ("start:\n  broken:\n    - {by: lion, with: crane}\n    - {by: lion, with: crane}\n",
     ["4:7 start/broken: {by: lion, with: crane} is listed twice (first as entry 1)"]),
    ("start:\n  library:\n    - {shugenja: isawa, take: [Fires of Purity, Fires of Purity]}\n",
     ["3:49 start/library/0/take: 'Fires of Purity' is listed twice (first as entry 1)"]),
], ids=["captured", "released", "broken", "spells-taken"])
def test_a_clanwar_entry_that_cannot_repeat_is_refused_where_it_repeats(text, found):
    assert _clanwar_turn_problems(text) == found


@pytest.mark.parametrize("text", [
    "dice:\n  heal: {toturi: [3, 3]}\n  experience: {lions: [7, 7]}\n  fate: {toturi: [2, 2]}\n",
    "battles:\n  - {at: otosan, sides: [[lion], [crab]], decks: {lion: [Ambush, Ambush]}}\n",
    "moves:\n  primary: {toturi: [otosan, beiden, otosan]}\n",
    "start:\n  transfer:\n    - {from: a, to: b, models: 1}\n    - {from: a, to: b, models: 1}\n",
], ids=["dice", "deck-copies", "path-back", "transfers"])
def test_a_clanwar_entry_that_may_repeat_is_accepted(text):
    assert _clanwar_turn_problems(text) == []
