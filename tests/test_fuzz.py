"""The short fuzz run: a few hypothesis-chosen mutants of the example campaigns, each checked
against issue 8's "what must hold" (tests/fuzzing.py). The long run is scripts/fuzz."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fuzzing


@pytest.mark.skipif(not hasattr(os, "fork"), reason="each mutant runs in a forked process")
@settings(max_examples=10, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(rng=st.randoms(use_true_random=False))
def test_a_mutant_of_an_example_campaign_never_crashes_or_hangs(rng, tmp_path_factory):
    root = tmp_path_factory.mktemp("mutant") / "campaign"
    case = fuzzing.mutant(rng, root)
    outcome = fuzzing.run_case(root, case)
    assert outcome.kind in ("accepted", "placed"), f"{outcome.kind}: {case}: {outcome.why}\n{outcome.output[-3000:]}"


@pytest.mark.parametrize("operator", sorted(fuzzing.TEXT_OPERATORS) + sorted(fuzzing.DATA_OPERATORS))
def test_every_operator_changes_its_input(operator):
    """An operator that silently does nothing would make the fuzzer test nothing."""
    changed = 0
    for seed in range(10):
        rng = random.Random(seed)
        original = b"title: A campaign\nplayers:\n  - {id: a, name: Ann}\n  - {id: b}\noptions: {move: 3}\n"
        if operator in fuzzing.TEXT_OPERATORS:
            mutated, _ = fuzzing.TEXT_OPERATORS[operator](rng, original)
            changed += mutated != original
        else:
            import yaml
            data = yaml.safe_load(original)
            mutated, _ = fuzzing.DATA_OPERATORS[operator](rng, yaml.safe_load(original))
            changed += mutated != data
    assert changed >= 5


def test_the_checks_catch_what_must_not_happen():
    case = fuzzing.Case("pitac", "content/campaign.yaml", "test")
    ok = {"code": 1, "output": "content/campaign.yaml:3:1: error: bad\n    hint: x\n", "seconds": 0}
    assert fuzzing.classify(case, [ok], 1).kind == "placed"
    for broken, why in [
        ({"code": 70, "output": "internal error: X — please report it", "seconds": 0}, "exited 70"),
        ({"code": 1, "output": "Traceback (most recent call last):\n", "seconds": 0}, "traceback"),
        ({"code": 1, "output": "/usr/lib/chronicle/theme/turn.html:3:1: error: x\n", "seconds": 0}, "outside"),
        ({"code": 1, "output": "<campaign>: error: x\n", "seconds": 0}, "without a place"),
        ({"code": 1, "output": "content/a.yaml:1:1: warning: x\n", "seconds": 0}, "without an error"),
    ]:
        outcome = fuzzing.classify(case, [broken], 1)
        assert outcome.kind == "crash" and why in outcome.why, (broken, outcome.why)
    built_badly = [{"code": 0, "output": "", "seconds": 0}, {"code": 1, "output": "content/a.yaml:1:1: error: x", "seconds": 0}]
    assert fuzzing.classify(case, built_badly, 1).why == "check passed but build failed"
