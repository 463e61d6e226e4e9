"""The examples in the docs stay true: each YAML example that names its schema validates against it.

A doc example names its schema on its first line, as ``# schema: turn-pitac``.
"""

from __future__ import annotations

import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from chronicle import rules, schemas

DOCS = Path(__file__).resolve().parents[1] / "docs"
BLOCK = re.compile(r"```yaml\n(.*?)```", re.S)


def _examples():
    for page in sorted(DOCS.rglob("*.md")):
        for n, block in enumerate(BLOCK.findall(page.read_text(encoding="utf-8"))):
            yield pytest.param(page, block, id=f"{page.relative_to(DOCS)}#{n + 1}")


SCHEMA_LINE = re.compile(r"^# schema: (\S+)")


def _schema_for(block: str):
    match = SCHEMA_LINE.match(block)
    if not match:
        return None
    return schemas.all_schemas(rules.registry().values())[match.group(1)]


@pytest.mark.parametrize("page,block", list(_examples()))
def test_yaml_example_is_valid(page, block):
    schema = _schema_for(block)
    if schema is None:
        pytest.skip("a fragment that names no schema")
    data = yaml.safe_load(block)
    jsonschema.validate(schemas._plain(data), schema)


def test_published_schemas_are_up_to_date():
    """schemas/ at the root is what the example campaign's modelines point at."""
    published = Path(__file__).resolve().parents[1] / "schemas"
    current = schemas.all_schemas(rules.registry().values())
    for name, body in current.items():
        path = published / f"{name}.schema.json"
        assert path.is_file() and path.read_text(encoding="utf-8") == schemas.dumps(body), \
            f"{path} is stale: run 'chronicle schema --output schemas'"


def test_format_examples_make_a_campaign_that_checks_clean(make_campaign, run):
    """docs/format.md's campaign and turn examples, put together, replay with no problem at all."""
    text = (DOCS / "format.md").read_text(encoding="utf-8")
    blocks = {SCHEMA_LINE.match(b).group(1): b for b in BLOCK.findall(text) if SCHEMA_LINE.match(b)}
    root = make_campaign(blocks["campaign-pitac"], {1: blocks["turn-pitac"]})
    result = run("check", root, "--strict")
    assert result.exit_code == 0, result.output
    state = __import__("json").loads(run("state", root, "--json").stdout)
    assert state["provinces"]["tosa"]["owner"] == "ginger"          # as the example's comments say
    assert state["players"]["paula"]["capital"] == "iyo"
