"""docs/rules/sengoku.md stays true: every rule row names its test(s), every test it names exists,
and every Sengoku test is named on the page."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAGE = HERE.parents[1] / "docs" / "rules" / "sengoku.md"
NAMED = re.compile(r"`(test_[a-z0-9_]+)")


@functools.cache
def _tests() -> frozenset[str]:
    """The test functions of tests/sengoku/, parsed once: the checks below ask for them once per name
    the page gives (some 300), and parsing every file each time took half a minute."""
    found = set()
    for path in HERE.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found |= {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}
    return frozenset(found)


def test_every_test_named_in_the_rules_page_exists():
    named = set(NAMED.findall(PAGE.read_text(encoding="utf-8")))
    missing = sorted(n for n in named if n not in _tests() and not any(t.startswith(n) for t in _tests()))
    assert missing == []


def test_every_rule_row_names_a_test():
    rows = []
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("| ") else []
        if len(cells) == 4 and cells[0] not in ("rule", "rule (seed)", "file") and not set(cells[0]) <= set("-"):
            rows.append(cells)
    assert len(rows) > 50
    assert [r[0] for r in rows if not NAMED.search(r[3])] == []


def test_every_sengoku_test_is_named_in_the_rules_page():
    named = set(NAMED.findall(PAGE.read_text(encoding="utf-8")))
    own = {"test_every_test_named_in_the_rules_page_exists", "test_every_rule_row_names_a_test",
           "test_every_sengoku_test_is_named_in_the_rules_page"}
    assert sorted(_tests() - named - own) == []
