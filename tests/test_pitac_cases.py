"""Clans of the Pitac, case by case: every worked example of the seed, and every reading the seed
leaves open, as one YAML file in tests/pitac_cases/ (as the Diplomacy judges keep their DATC cases).

A case file holds::

    id: 01_inaba_uncontested          # the file's name without .yaml; the test id
    rule: |                           # the seed's own words (or, for a reading, the question)
      ...
    map: {provinces: ..., links: ...} # a small inline map: the seed's map is not real geography
    players: [...]                    # as in campaign.yaml (capital, start_roll, joins ...)
    options: {...}                    # optional house rules (Pitac.options)
    seed: 1                           # optional campaign seed for dice not written
    setup:                            # optional: holdings besides the capital, before the case
      paula: [mimasaka]
    turn: {...}                       # one turn file, or
    turns: [{...}, ...]               # several, each may carry its own expect:
    expect: {...}                     # the outcome after the last turn
    xfail: "why"                      # optional: a known difference, never an empty case

``setup`` is played as ordinary turns before the case's own: each set-up turn every player still
short of their holdings fights a battle (1 move; a lone player fights another of the case, who leaves
that move unused) and attacks one neutral territory adjacent to what
they hold, with a recorded 5 (an uncontested neutral falls to anything but a 1). The runner then
checks the position is exactly the capitals plus the set-up holdings, so a case's start is reached
through the rules themselves, never written into the state. A player's ``joins: N`` counts the
case's own turns (the runner adds the set-up turns).

``expect`` keys (all optional; a turn's own ``expect`` uses the same keys for that turn):

* ``owners``: territory -> player or null.
* ``players``: player -> a subset of ``chronicle state --json``'s player entry (capital,
  capital_dice, capital_pending, on_map, provinces, holdings, joined, vp ...).
* ``conflicts``: territory -> outcome, owner (the new owner), holder, capital, rule (a substring
  of the rule applied), best (player -> best die), dice (player -> number of dice), recorded
  (player -> whether the dice were written). The turn's conflicts must be exactly these.
  Unless ``drawn: true``, every die of the case's conflicts must be a recorded one.
* ``moves``: player -> moves earned (a player not listed earned none).
* ``events``: event kinds that must occur in the turn (``capital-lost``, ``left-map`` ...).
* ``winner``, ``shogun_needed``, ``ranking`` (a subset of the JSON ``ranking``).
* ``problems``: every error and warning of the whole replay, each ``{severity, rule, message}``:
  ``severity`` defaults to error, ``rule`` is the rule the problem names, ``message`` a substring
  (or a list of substrings, all present; case does not matter) so that a case pins what the
  problem is about (the player, the territory) without freezing its wording. By default none.

A value ``{one_of: [a, b]}`` matches any of the listed values (for draws from the seed).
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from chronicle.content import load_campaign
from chronicle.history import replay

from rulebook_cases import (case_turns, check_header, check_problems, check_rules_page_names_every_case,
                            expectations, load_cases, matches)

CASES = Path(__file__).resolve().parent / "pitac_cases"
SETUP_DIE = 5
CASE_KEYS = {"id", "rule", "map", "players", "options", "seed", "setup", "turn", "turns", "expect", "xfail", "drawn"}


def _holds(json_state, player):
    return sorted(p for p, info in json_state["provinces"].items() if info["owner"] == player)


def _setup_turns(case: dict) -> list[dict]:
    """Ordinary turns that give each player their set-up holdings, one neutral a turn."""
    setup = case.get("setup") or {}
    if not setup:
        return []
    links = case["map"].get("links") or []
    neighbours: dict[str, set[str]] = {}
    for link in links:
        neighbours.setdefault(link[0], set()).add(link[1])
        neighbours.setdefault(link[1], set()).add(link[0])
    held = {p["id"]: {p["capital"]} for p in case["players"] if p["id"] in setup}
    wanted = {player: list(territories) for player, territories in setup.items()}
    everything = [t for ts in wanted.values() for t in ts]
    assert len(everything) == len(set(everything)), "set-up holdings overlap"
    turns = []
    while any(wanted.values()):
        orders, dice, players = {}, {}, []
        for player in sorted(wanted):
            if not wanted[player]:
                continue
            near = [t for t in wanted[player] if neighbours.get(t, set()) & held[player]]
            assert near, f"set-up: none of {wanted[player]} is adjacent to {player}'s {sorted(held[player])}"
            target = near[0]
            wanted[player].remove(target)
            held[player].add(target)
            players.append(player)
            orders[player] = [f"Attack {target}"]
            dice[target] = {player: SETUP_DIE}
        if len(players) == 1:
            # a battle has two sides (a battle of one player is an error): another player of the
            # case fights too, and earns a move that the set-up turn leaves unused
            players.append(next(p["id"] for p in case["players"] if p["id"] != players[0]))
        turns.append({"title": "Set-up (test runner)", "battles": [{"name": "Set-up", "players": players}],
                      "orders": orders, "dice": dice})
    return turns


def _write(root: Path, case: dict, setup_turns: list[dict], own_turns: list[dict]) -> None:
    content = root / "content"
    (content / "turns").mkdir(parents=True)
    players = copy.deepcopy(case["players"])
    for player in players:
        if "joins" in player:            # joins: counts the case's own turns, after the set-up
            player["joins"] += len(setup_turns)
    campaign = {"title": case["id"], "ruleset": "pitac", "seed": case.get("seed", 1),
                "players": players, "map": case["map"]}
    if case.get("options"):
        campaign["options"] = case["options"]
    (content / "campaign.yaml").write_text(yaml.safe_dump(campaign, sort_keys=False), encoding="utf-8")
    for number, turn in enumerate(setup_turns + own_turns, start=1):
        data = {"turn": number, **{k: v for k, v in turn.items() if k != "expect"}}
        (content / "turns" / f"{number:03d}.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def _check_turn(history, number: int, expect: dict, label: str, drawn_ok: bool) -> list[str]:
    """Every way the state after turn ``number`` differs from ``expect``, as sentences."""
    campaign = history.campaign
    ruleset = campaign.ruleset
    result = history.result(number)
    state = ruleset.to_json(campaign, result.after, result.events)
    wrong = []
    for province, owner in (expect.get("owners") or {}).items():
        actual = state["provinces"][province]["owner"]
        if not matches(owner, actual):
            wrong.append(f"{label}: {province} owner {actual!r}, expected {owner!r}")
    for player, fields in (expect.get("players") or {}).items():
        actual = state["players"][player]
        for key, value in fields.items():
            if not matches(value, actual.get(key)):
                wrong.append(f"{label}: {player}.{key} = {actual.get(key)!r}, expected {value!r}")
    conflicts = {c["province"]: c for c in state["rolls"]}
    if "conflicts" in expect:
        wanted = expect["conflicts"] or {}
        if set(wanted) != set(conflicts):
            wrong.append(f"{label}: conflicts at {sorted(conflicts)}, expected at {sorted(wanted)}")
        for province, fields in wanted.items():
            conflict = conflicts.get(province)
            if conflict is None:
                continue
            sides = {s["player"]: s for s in conflict["sides"]}
            for key, value in fields.items():
                if key == "owner":
                    actual = conflict["new_owner"]
                elif key == "rule":
                    actual = conflict["rule"]
                    if value not in actual:
                        wrong.append(f"{label}: {province} decided by {actual!r}, expected {value!r}")
                    continue
                elif key == "best":
                    actual = {p: s["best"] for p, s in sides.items()}
                elif key == "dice":
                    actual = {p: len(s["dice"]) for p, s in sides.items()}
                elif key == "recorded":
                    actual = {p: all(d["recorded"] for d in s["dice"]) for p, s in sides.items()}
                else:
                    actual = conflict[key]
                if not matches(value, actual):
                    wrong.append(f"{label}: {province} {key} = {actual!r}, expected {value!r}")
    if not drawn_ok:
        for conflict in conflicts.values():
            for side in conflict["sides"]:
                if not all(d["recorded"] for d in side["dice"]):
                    wrong.append(f"{label}: {side['player']}'s dice at {conflict['province']} were drawn, "
                                 "not recorded (wrong number written?)")
    if "moves" in expect:
        earned = {e["player"]: e["moves"] for e in state["events"] if e["kind"] == "moves-earned"}
        wanted = {p: n for p, n in (expect["moves"] or {}).items() if n}
        earned = {p: n for p, n in earned.items() if n}
        if earned != wanted:
            wrong.append(f"{label}: moves earned {earned}, expected {wanted}")
    kinds = [e["kind"] for e in state["events"]]
    for kind in expect.get("events") or []:
        if kind not in kinds:
            wrong.append(f"{label}: no {kind!r} event among {kinds}")
    for kind in expect.get("no_events") or []:
        if kind in kinds:
            wrong.append(f"{label}: unexpected {kind!r} event")
    for key in ("winner", "winner_turn", "shogun_needed"):
        if key in expect and not matches(expect[key], state[key]):
            wrong.append(f"{label}: {key} = {state[key]!r}, expected {expect[key]!r}")
    if "ranking" in expect and not matches(expect["ranking"], state["ranking"]):
        wrong.append(f"{label}: ranking {state['ranking']!r}, expected {expect['ranking']!r}")
    return wrong


@pytest.mark.parametrize("path,case", load_cases(CASES))
def test_case(path, case, tmp_path):
    """Replay the case's campaign through the loader and the rules, as `chronicle check` would,
    and compare the outcome with the case's ``expect`` (the rule it checks is in ``case['rule']``,
    the seed's own words, and is printed with any failure)."""
    check_header(path, case, CASE_KEYS)
    turns = case_turns(case)
    setup_turns = _setup_turns(case)
    _write(tmp_path, case, setup_turns, turns)
    campaign, problems = load_campaign(tmp_path)
    assert campaign is not None, "\n".join(p.format() for p in problems)
    history = replay(campaign)
    problems = list(problems) + list(history.problems)
    header = f"case {case['id']}: {case['rule'].strip()}\n"

    wrong = []
    if setup_turns:
        # the set-up reached exactly the position the case describes
        after = history.state_after(len(setup_turns))
        json_state = campaign.ruleset.to_json(campaign, after)
        for player in case["players"]:
            pid = player["id"]
            wanted = sorted({player["capital"], *(case["setup"].get(pid) or [])}) if player.get("capital") else None
            if wanted is not None and _holds(json_state, pid) != wanted:
                wrong.append(f"set-up: {pid} holds {_holds(json_state, pid)}, expected {wanted}")
        if json_state["winner"] is not None:
            wrong.append(f"set-up made {json_state['winner']} Shogun before the case began")
    drawn_ok = bool(case.get("drawn"))
    for index, expect in expectations(case, turns):
        wrong += _check_turn(history, len(setup_turns) + index + 1, expect, f"turn {index + 1} of the case", drawn_ok)
    wrong += check_problems(problems, (case.get("expect") or {}).get("problems"))
    assert not wrong, header + "\n".join(wrong)


def test_every_seed_example_has_a_case():
    """The seed's worked examples named in issue 2 each have their case file."""
    names = {p.stem.split("_", 1)[1] for p in CASES.glob("*.yaml")}
    for example in ("inaba_uncontested", "awaji_contested", "dewa", "mimasaka", "yamashiro", "aki",
                    "chikuzen_attacker_beats_one", "chikuzen_capital_tie", "higo_capital_lost",
                    "inaba_defend_holds", "inaba_defend_twice_loses", "mutsu_double_attack", "buzen"):
        assert any(n.startswith(example) for n in names), f"no case for the seed's {example} example"


def test_rules_page_names_every_case():
    """docs/rules/pitac.md points at every case, and at no case that does not exist."""
    check_rules_page_names_every_case("pitac", CASES, frozenset({"NN_name"}))
