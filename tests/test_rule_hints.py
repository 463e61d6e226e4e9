"""Every report of every ruleset gives a hint and names its rule (the project's standard: every
error names file, line, column, what is wrong, and a hint). Read from the rulesets' source, so
that a report added later without a hint fails here, whether or not a test happens to trigger it."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest


@pytest.mark.parametrize("ruleset", ["pitac", "sengoku", "clanwar", "campagna"])
def test_every_refusal_of_the_rules_gives_a_hint(ruleset):
    """docs/rules/clanwar.md, Bad input: every error (and warning) names the rule and gives a hint.
    Every place in the ruleset that reports a problem passes one (FINDINGS.md F3 of the second
    docs-only campaign found eight that did not in Clan War; Campagna had four); a new report
    without a hint fails here."""
    package = importlib.import_module(f"chronicle.rules.{ruleset}")
    missing = []
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Problem":
                if "hint" not in {k.arg for k in node.keywords} and len(node.args) < 2:
                    missing.append(f"{path.name}:{node.lineno}: hint")
                continue
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("problem", "reject", "warn")):
                continue
            keywords = {k.arg for k in node.keywords}
            if path.name == "context.py" and node.func.attr == "problem" and len(node.args) >= 3:
                continue   # reject() and warn() passing their own hint on
            if "hint" not in keywords or "rule" not in keywords:
                missing.append(f"{path.name}:{node.lineno}: {'hint' if 'hint' not in keywords else 'rule'}")
    assert not missing, "reports without a hint or a rule:\n" + "\n".join(missing)
