"""What the rulebook-case runners of Pitac, Clan War and Campagna share (tests/test_*_cases.py): one
YAML file a case (as the Diplomacy judges keep their DATC cases), loaded as one test each, its
header checked, its expectations matched, its problems compared one by one, and the ruleset's page
pointing at every case. Each runner keeps what is its own: how a case becomes a campaign folder and
what its ``expect`` keys mean."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Iterator

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]


def load_cases(folder: Path) -> list:
    """One pytest param a case file, its name the test id; ``xfail: why`` marks a known difference
    (strict: it fails the day it is fixed)."""
    params = []
    for path in sorted(folder.glob("*.yaml")):
        case = yaml.safe_load(path.read_text(encoding="utf-8"))
        marks = [pytest.mark.xfail(reason=case["xfail"], strict=True)] if case.get("xfail") else []
        params.append(pytest.param(path, case, id=path.stem, marks=marks))
    return params


def check_header(path: Path, case: dict, keys: set[str]) -> None:
    """A case names itself as its file does, uses only the runner's keys and quotes its rule."""
    assert case.get("id") == path.stem, f"{path.name}: id must be {path.stem!r}"
    assert set(case) <= keys, f"{path.name}: unknown keys {sorted(set(case) - keys)}"
    assert case.get("rule"), f"{path.name}: quote the rule it checks"


def case_turns(case: dict) -> list[dict]:
    """The case's turns: ``turns:``, or the one ``turn:``, or none (a case of the set-up)."""
    if case.get("turns"):
        return case["turns"]
    return [case["turn"] or {}] if "turn" in case else []


def expectations(case: dict, turns: list[dict] | None = None) -> Iterator[tuple[int, dict]]:
    """(index, expect) for each turn: its own ``expect``, and for the last turn the case's too
    (without ``problems``, which are of the whole replay)."""
    turns = case_turns(case) if turns is None else turns
    for index, turn in enumerate(turns):
        expect = dict((turn or {}).get("expect") or {})
        if index == len(turns) - 1:
            expect.update({k: v for k, v in (case.get("expect") or {}).items() if k != "problems"})
        yield index, expect


def matches(expected, actual) -> bool:
    """``expected`` is a subset of ``actual`` (a mapping's keys, a list entry by entry); a value
    ``{one_of: [a, b]}`` matches any of them (for what the seed draws)."""
    if isinstance(expected, dict) and set(expected) == {"one_of"}:
        return any(matches(e, actual) for e in expected["one_of"])
    if isinstance(expected, dict) and isinstance(actual, dict):
        return all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(matches(e, a) for e, a in zip(expected, actual))
    return expected == actual


def _hint_fits(hint: str, wanted, whole: bool) -> bool:
    """``whole``: a hint written as one string is the whole hint, as printed; otherwise (and for a
    list) substrings of it, as written."""
    if wanted is None:
        return True
    if whole and isinstance(wanted, str):
        return hint == wanted
    return all(part in hint for part in _parts(wanted))


def _parts(message) -> list[str]:
    return [] if message is None else [message] if isinstance(message, str) else list(message)


def check_problems(problems, expected, rule_in: bool = False,
                   place: Callable[[object, dict], bool] = lambda problem, want: True,
                   whole_hint: bool = False, as_written: bool = False, whole_message: bool = False) -> list[str]:
    """Every error and warning of the replay against the case's ``problems``, one for one: each
    ``{severity (default error), rule, message, hint}`` -- ``message`` a substring or a list of
    them, any case (``as_written``: in the case written; ``whole_message``: a message written as
    one string is the whole message, so a word added to it is noticed too); ``hint`` the same of
    the hint printed under it, as written (``whole_hint``: a string is the whole hint); ``rule`` the
    rule named (``rule_in``: a substring of it, in any case unless ``as_written``) -- and ``place``
    for what a runner pins of the place. A problem the case does not list is wrong too."""
    unmatched = [p for p in problems if p.severity in ("error", "warning")]
    fold = (lambda text: text) if as_written else str.lower
    wrong = []
    for want in expected or []:
        def fits(p):
            return (p.severity == want.get("severity", "error")
                    and (fold(p.message) == fold(want["message"]) if whole_message and isinstance(want.get("message"), str)
                         else all(fold(part) in fold(p.message) for part in _parts(want.get("message"))))
                    and _hint_fits(p.hint or "", want.get("hint"), whole_hint)
                    and ("rule" not in want or (fold(want["rule"]) in fold(p.rule or "") if rule_in
                                                else p.rule == want["rule"]))
                    and place(p, want))
        hit = next((p for p in unmatched if fits(p)), None)
        if hit is None:
            wrong.append(f"no {want.get('severity', 'error')} like {want!r}")
        else:
            unmatched.remove(hit)
    return wrong + [f"unexpected problem: {p.format()}" for p in unmatched]


def check_rules_page_names_every_case(ruleset: str, folder: Path, placeholders: frozenset = frozenset()) -> None:
    """docs/rules/<ruleset>.md points at every case of ``folder``, and at no case that does not
    exist (``placeholders``: the page's example of how a case is named)."""
    page = (ROOT / "docs" / "rules" / f"{ruleset}.md").read_text(encoding="utf-8")
    named = set(re.findall(rf"tests/test_{ruleset}_cases\.py::test_case\[([^\]]+)\]", page))
    cases = {p.stem for p in folder.glob("*.yaml")}
    assert not cases - named, f"cases the rules page does not name: {sorted(cases - named)}"
    assert not named - cases - placeholders, f"the rules page names missing cases: {sorted(named - cases)}"
