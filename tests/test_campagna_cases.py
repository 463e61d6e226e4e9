"""Regolamento Campagna, case by case: every case derived from the seed's rules (the seed has no worked
example), every reading of an unclear rule, and each rule at its edge, as one YAML file in
tests/campagna_cases/ (as the Diplomacy judges keep their DATC cases), run by one runner.

A case file holds::

    id: 04_unopposed_skirmishes      # the file's name without .yaml; the test id
    rule: |                          # the seed's own words (and the reading, for an unclear rule)
      ...
    map: valle                       # valle | tre | quattro (tests/campagna/*.yaml), or a map inline
    players: S                       # S: the standard set-up of the reading notes (anna, bruno, carla
                                     # on valle), or a list as in campaign.yaml
    initiative: [anna, bruno, carla] # optional: turn 1's order (S gives anna, bruno, carla)
    options: {...}                   # optional house rules
    seed: 1                          # optional campaign seed for what is not written
    turn: {...}                      # one turn file, or
    turns: [{...}, ...]              # several, each may carry its own expect:
    expect: {...}                    # the outcome after the last turn
    xfail: "why"                     # optional: a known difference, never an empty case

``expect`` keys (all optional; a turn's own ``expect`` uses the same keys for that turn):

* ``owners``: territory -> player or null.
* ``held``: player -> the exact list of territories held.
* ``players``: player -> a subset of ``chronicle state --json``'s player entry (territories,
  capital, capitals, bonus_next_turn, miglior_generale, initiative, actions ...).
* ``generals``: player -> a subset of his General's JSON (pending, since, battles, killed).
* ``calendar``: territory -> a subset of that clash's JSON (kind, answer, opponent, outcome,
  new_owner, rule, route, cost, result ...); ``calendar_at``: the exact list of territories clashed for.
* ``order``: the turn's order of play; ``events``: events that must occur, each its kind or a
  subset of its JSON (``{kind: territory-conquered, player: anna, at: noce, loser: bruno, rule: R31}``);
  ``no_events``: kinds that must not.
* ``winner``, ``game_over``, ``in_progress``, ``final`` (a subset of the final's JSON).
* ``problems``: every error and warning of the whole replay, each ``{severity, rule, message}``:
  ``severity`` defaults to error, ``rule`` the rule the problem names, ``message`` the whole message
  as one string (a word added or changed is noticed), or a list of substrings, all present, both
  as printed (case too), ``hint`` its whole hint as printed,
  ``at`` the file, line and column it is placed at (``001.yaml:7:5``). By default none.
* ``drawn``: the dice that may be drawn from the seed (by default every die must be written).

A value ``{one_of: [a, b]}`` matches any of the listed values (for draws from the seed).
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from campagna.invariants import check_history
from chronicle.content import load_campaign
from chronicle.history import replay
from rulebook_cases import (case_turns, check_header, check_problems, check_rules_page_names_every_case,
                            expectations, load_cases, matches)

HERE = Path(__file__).resolve().parent
CASES = HERE / "campagna_cases"
MAPS = HERE / "campagna"
CASE_KEYS = {"id", "rule", "map", "players", "initiative", "options", "seed", "turn", "turns", "expect", "xfail"}

STANDARD = [
    {"id": "anna", "name": "Anna", "faction": "Gondor", "general": "Boromir", "capital": "borgo",
     "territories": ["alba", "fonte"]},
    {"id": "bruno", "name": "Bruno", "faction": "Rohan", "general": "Eomer", "capital": "erta",
     "territories": ["dosso", "noce"]},
    {"id": "carla", "name": "Carla", "faction": "Mordor", "general": "Gothmog", "capital": "quercia",
     "territories": ["urbe", "valle"]},
]


def case_map(spec):
    if isinstance(spec, str):
        return yaml.safe_load((MAPS / f"{spec}.yaml").read_text(encoding="utf-8"))
    return spec


def write_case(root: Path, case: dict) -> None:
    content = root / "content"
    (content / "turns").mkdir(parents=True)
    players = case.get("players", "S")
    players = copy.deepcopy(STANDARD if players == "S" else players)
    campaign = {"title": case["id"], "ruleset": "campagna", "seed": case.get("seed", 1),
                "map": case_map(case.get("map", "valle")), "players": players}
    initiative = case.get("initiative", ["anna", "bruno", "carla"] if case.get("players", "S") == "S" else None)
    if initiative:
        campaign["initiative"] = initiative
    if case.get("options"):
        campaign["options"] = case["options"]
    (content / "campaign.yaml").write_text(yaml.safe_dump(campaign, sort_keys=False, allow_unicode=True), encoding="utf-8")
    for number, turn in enumerate(case_turns(case), start=1):
        data = {"turn": number, **{k: v for k, v in turn.items() if k != "expect"}}
        (content / "turns" / f"{number:03d}.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                                                              encoding="utf-8")


def check_state(state: dict, expect: dict, label: str) -> list[str]:
    """Every way a ``chronicle state --json`` differs from ``expect``, as sentences."""
    wrong = []
    for territory, owner in (expect.get("owners") or {}).items():
        actual = state["territories"][territory]["owner"]
        if not matches(owner, actual):
            wrong.append(f"{label}: {territory} owner {actual!r}, expected {owner!r}")
    for player, held in (expect.get("held") or {}).items():
        actual = state["players"][player]["holdings"]
        if sorted(held) != actual:
            wrong.append(f"{label}: {player} holds {actual}, expected {sorted(held)}")
    for group in ("players", "generals"):
        for who, fields in (expect.get(group) or {}).items():
            actual = state[group][who]
            for key, value in fields.items():
                if not matches(value, actual.get(key)):
                    wrong.append(f"{label}: {group} {who}.{key} = {actual.get(key)!r}, expected {value!r}")
    clashes = {c["at"]: c for c in state["calendar"]}
    if "calendar_at" in expect and sorted(expect["calendar_at"] or []) != sorted(clashes):
        wrong.append(f"{label}: clashes at {sorted(clashes)}, expected {sorted(expect['calendar_at'] or [])}")
    for territory, fields in (expect.get("calendar") or {}).items():
        clash = clashes.get(territory)
        if clash is None:
            wrong.append(f"{label}: no clash at {territory} (clashes at {sorted(clashes)})")
            continue
        for key, value in fields.items():
            if not matches(value, clash.get(key)):
                wrong.append(f"{label}: clash at {territory}: {key} = {clash.get(key)!r}, expected {value!r}")
    kinds = [e["kind"] for e in state["events"]]
    for kind in expect.get("events") or []:
        if isinstance(kind, dict):      # an event with the fields it must carry
            same = [e for e in state["events"] if e["kind"] == kind["kind"]]
            if not any(all(matches(v, e.get(k)) for k, v in kind.items()) for e in same):
                wrong.append(f"{label}: no event {kind!r} among {[{k: e.get(k) for k in kind} for e in same] or kinds}")
        elif kind not in kinds:
            wrong.append(f"{label}: no {kind!r} event among {kinds}")
    for kind in expect.get("no_events") or []:
        if kind in kinds:
            wrong.append(f"{label}: unexpected {kind!r} event")
    for key in ("order", "winner", "winner_turn", "game_over", "in_progress"):
        if key in expect and not matches(expect[key], state[key]):
            wrong.append(f"{label}: {key} = {state[key]!r}, expected {expect[key]!r}")
    if "final" in expect and not matches(expect["final"], state["final"]):
        wrong.append(f"{label}: final = {state['final']!r}, expected {expect['final']!r}")
    drawn = [d for d in state["dice"] if not d["recorded"]]
    allowed = expect.get("drawn") or 0
    if len(drawn) > allowed:
        wrong.append(f"{label}: {len(drawn)} dice drawn from the seed, {allowed} expected: {drawn}")
    return wrong


def _on_line(problem, want) -> bool:
    """``at``: the turn file and line:col the problem is placed at (``001.yaml:7:5``)."""
    place = problem.place
    return "at" not in want or bool(place and f"{Path(place.file).name}:{place.line}:{place.col}" == want["at"])


def replay_case(case: dict, root: Path):
    write_case(root, case)
    campaign, problems = load_campaign(root)
    assert campaign is not None, "\n".join(p.format() for p in problems)
    history = replay(campaign)
    check_history(history)
    return history, list(problems) + list(history.problems)


@pytest.mark.parametrize("path,case", load_cases(CASES))
def test_case(path, case, tmp_path):
    """Replay the case's campaign through the loader and the rules, as `chronicle check` would, and
    compare the outcome with the case's ``expect`` (the rule it checks is in ``case['rule']``, the
    seed's own words, printed with any failure)."""
    check_header(path, case, CASE_KEYS)
    history, problems = replay_case(case, tmp_path)
    campaign = history.campaign
    header = f"case {case['id']}: {case['rule'].strip()}\n"
    wrong = []
    if not case_turns(case):
        state = campaign.ruleset.to_json(campaign, history.start, history.start_events)
        wrong += check_state(state, case.get("expect") or {}, "the start")
    for index, expect in expectations(case):
        number = index + 1
        result = history.result(number)
        state = campaign.ruleset.to_json(campaign, result.after, result.events)
        wrong += check_state(state, expect, f"turn {number}")
    wrong += check_problems(problems, (case.get("expect") or {}).get("problems"), place=_on_line, whole_hint=True, whole_message=True, as_written=True)
    assert not wrong, header + "\n".join(wrong)


def test_rules_page_names_every_case():
    """docs/rules/campagna.md points at every case, and at no case that does not exist."""
    check_rules_page_names_every_case("campagna", CASES, frozenset({"NN_name"}))
