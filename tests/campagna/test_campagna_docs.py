"""docs/rules/campagna.md stays true: every rule R01-R65 has its row naming its test(s), every test
it names exists, every campagna test is named on the page, and its example campaign checks clean."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
PAGE = TESTS.parent / "docs" / "rules" / "campagna.md"
NAMED = re.compile(r"`(test_[a-z0-9_]+)")
CASE = re.compile(r"tests/test_campagna_cases\.py::test_case\[([^\]]+)\]")
OWN = {"test_every_test_named_in_the_rules_page_exists", "test_every_rule_row_names_a_test",
       "test_every_campagna_test_is_named_in_the_rules_page", "test_docs_example_campaign_checks_clean"}


def _tests() -> set[str]:
    found = set()
    for path in list(HERE.glob("test_*.py")) + [TESTS / "test_campagna_cases.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found |= {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}
    return found


def test_every_test_named_in_the_rules_page_exists():
    named = set(NAMED.findall(PAGE.read_text(encoding="utf-8")))
    assert sorted(named - _tests()) == []


def test_every_rule_row_names_a_test():
    rows = {}
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| R") or line.startswith("| Q"):
            rows[cells[0].split()[0]] = cells[-1]
    assert [f"R{n:02d}" for n in range(1, 66) if f"R{n:02d}" not in rows] == []
    assert [f"Q{n:02d}" for n in range(1, 38) if f"Q{n:02d}" not in rows] == []
    assert [r for r, tests in rows.items() if not (NAMED.search(tests) or CASE.search(tests))] == []


def test_every_campagna_test_is_named_in_the_rules_page():
    named = set(NAMED.findall(PAGE.read_text(encoding="utf-8")))
    assert sorted(_tests() - named - OWN - {"test_case", "test_rules_page_names_every_case"}) == []


def test_docs_example_campaign_checks_clean(make_campaign, run):
    """The page's campaign and turn, put together, replay with no problem, as its text says."""
    text = PAGE.read_text(encoding="utf-8")
    blocks = {b.splitlines()[0][len("# schema: "):]: b for b in re.findall(r"```yaml\n(.*?)```", text, re.S)
              if b.startswith("# schema: ")}
    root = make_campaign(blocks["campaign-campagna"], {1: blocks["turn-campagna"]})
    result = run("check", root, "--strict")
    assert result.exit_code == 0, result.output
    state = json.loads(run("state", root, "--json").stdout)
    assert state["territories"]["ponte"]["owner"] == "dario"
    assert state["generals"]["anna"]["pending"] == "ferita_lieve"
    assert {p: state["players"][p]["territories"] for p in state["players"]} == {"anna": 4, "bruno": 5, "carla": 5, "dario": 5}
