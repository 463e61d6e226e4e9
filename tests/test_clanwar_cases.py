"""Clan War, case by case: every worked example and derived case of the reading notes that our
readings agree with, one case per reading of an unclear rule, each rule at its edge, as one YAML
file in tests/clanwar_cases/ (as the Diplomacy judges keep their DATC cases).

A case file holds::

    id: 12_allied_purchase_120_percent      # the file's name without .yaml; the test id
    rule: |                                 # the seed's own words (with its line), or the question read
      ...
    map: {provinces: ..., links: ...}       # optional: a small map (default: DEFAULT_MAP below)
    players: [...]                          # as in campaign.yaml (faction, provinces, koku, buy, daimyo ...)
    options: {...}                          # optional house rules (Clanwar.options)
    catalogue: {...}                        # optional: the group's prices and profiles
    seed: 1                                 # optional campaign seed for dice not written
    turn: {...}                             # one turn file, or
    turns: [{...}, ...]                     # several, each may carry its own expect:
    expect: {...}                           # the outcome after the last turn
    drawn: true                             # optional: dice may be drawn from the seed
    xfail: "why"                            # optional: a known difference, never an empty case

A player without ``daimyo:`` gets one from the runner, stated here so that no case passes by an
unseen default: a personality ``PLAYER-daimyo`` (cost 0, Earth 2, Void 2, 3 wounds, Leadership 2)
bought last (so that the case's own purchases keep their indexes) and deployed to the player's
first starting province. It costs nothing, so no koku
figure of a case depends on it.

``expect`` keys (all optional; a turn's own ``expect`` uses the same keys for that turn):

* ``owners``: province -> player or null (its controller).
* ``koku``: player -> koku after the turn.
* ``ledger``: player -> the turn's ledger lines, each ``[reason, amount]``, in order.
* ``units``: unit -> a subset of its JSON entry (models, province, ml, experienced ...), or null: gone.
* ``personalities``: personality -> a subset of its JSON entry (status, wounds, rings ...).
* ``factions``: player -> a subset of its JSON entry (honor, rings, corrupted, excused ...).
* ``alliances``: the alliance pairs in force, each sorted.
* ``graveyard``: the types of the unique dead.
* ``events``: event kinds that must occur in the turn; ``no_events``: kinds that must not.
* ``texts``: substrings that must appear in the turn's event sentences, as the site writes them
  (players and provinces by name; an arithmetic, a rule), in the case written.
* ``winner``.
* ``problems``: every error and warning of the whole replay, each ``{severity, rule, message, at, hint}``:
  ``severity`` defaults to error, ``rule`` the whole rule the problem names (a rule matched by its first
  words passed with a word dropped or added: scripts/mutate), ``message`` a substring (or list of
  substrings), both in the case written; ``hint`` the whole hint (a list: substrings of it),
  ``at`` the value it is placed at: the turn's
  number (or ``campaign``) and the path of keys and indexes in that file, ``"1: start.buy.crane.0"``
  or ``"campaign: players.1.buy.3"`` (the runner writes the files, so a line number would only
  restate its layout; the place itself is tested in tests/clanwar/test_clanwar_errors.py). By default none.

A value ``{one_of: [a, b]}`` matches any listed value. Unless ``drawn: true``, every die the
replay rolled must have been written in the turn files.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from chronicle.content import load_campaign
from chronicle.history import replay
from chronicle.rules import namer

from clanwar.invariants import check_history
from rulebook_cases import (case_turns, check_header, check_problems, check_rules_page_names_every_case,
                            expectations, load_cases, matches)

CASES = Path(__file__).resolve().parent / "clanwar_cases"
CASE_KEYS = {"id", "rule", "map", "players", "options", "catalogue", "seed", "turn", "turns", "expect", "xfail", "drawn"}

#: a small map that branches (never a straight line): Crane's triangle, Lion's triangle, Scorpion,
#: Dragon with the Togashi province, Phoenix (unplayed unless a case plays it), three neutral
#: provinces between them. Libraries at Asahina, Kitsu, Soshi and Isawa. Crane's Doji borders
#: Lion's Akodo and Scorpion's Bayushi; Dragon's Mirumoto borders Akodo.
DEFAULT_MAP = {
    "provinces": {
        "asahina": {"faction": "crane", "flags": ["library"], "at": [8, 2]},
        "doji": {"faction": "crane", "at": [7, 4]},
        "kakita": {"faction": "crane", "at": [9, 4]},
        "akodo": {"faction": "lion", "at": [2, 4]},
        "matsu": {"faction": "lion", "at": [1, 6]},
        "kitsu": {"faction": "lion", "flags": ["library"], "at": [0, 4]},
        "bayushi": {"faction": "scorpion", "at": [5, 7]},
        "soshi": {"faction": "scorpion", "flags": ["library"], "at": [5, 9]},
        "togashi": {"faction": "dragon", "flags": ["togashi"], "at": [3, 0]},
        "mirumoto": {"faction": "dragon", "at": [2, 2]},
        "isawa": {"faction": "phoenix", "flags": ["library"], "at": [6, 0]},
        "shiba": {"faction": "phoenix", "at": [7, 1]},
        "plain": {"name": "Plain of Fast Troubles", "at": [5, 5]},
        "beiden_pass": {"name": "Beiden Pass", "at": [4, 4]},
        "otosan_uchi": {"name": "Otosan Uchi", "at": [8, 6]},
    },
    "links": [
        ["asahina", "doji"], ["doji", "kakita"], ["asahina", "kakita"], ["kakita", "otosan_uchi"], ["doji", "plain"],
        ["plain", "otosan_uchi"], ["plain", "beiden_pass"], ["beiden_pass", "akodo"], ["akodo", "matsu"],
        ["matsu", "kitsu"], ["akodo", "kitsu"], ["beiden_pass", "bayushi"], ["bayushi", "soshi"], ["plain", "bayushi"],
        ["otosan_uchi", "shiba"], ["shiba", "isawa"], ["isawa", "togashi", "mountain"], ["togashi", "mirumoto"],
        ["mirumoto", "akodo"], ["asahina", "shiba", "sea"], ["doji", "akodo"], ["doji", "bayushi"],
    ],
}


def _players(case: dict) -> list[dict]:
    players = copy.deepcopy(case["players"])
    game_map = case.get("map") or DEFAULT_MAP
    for player in players:
        if "daimyo" in player:
            continue
        kind = player.get("faction", player["id"])
        home = (player.get("provinces") or sorted(p for p, v in game_map["provinces"].items()
                                                  if (v or {}).get("faction") == kind))
        if not home:
            continue
        pid = f"{player['id']}-daimyo"
        player["daimyo"] = pid
        player["buy"] = list(player.get("buy") or []) + [{"personality": pid, "cost": 0, "earth": 2, "void": 2, "wounds": 3,
                                                          "leadership": 2, "deploy": home[0]}]
    return players


def write_case(root: Path, case: dict) -> None:
    content = root / "content"
    (content / "turns").mkdir(parents=True)
    campaign = {"title": case["id"], "ruleset": "clanwar", "seed": case.get("seed", 1),
                "players": _players(case), "map": case.get("map") or DEFAULT_MAP}
    if case.get("options"):
        campaign["options"] = case["options"]
    if case.get("catalogue"):
        campaign["catalogue"] = case["catalogue"]
    (content / "campaign.yaml").write_text(yaml.safe_dump(campaign, sort_keys=False), encoding="utf-8")
    for number, turn in enumerate(case_turns(case), start=1):
        data = {"turn": number, **{k: v for k, v in (turn or {}).items() if k != "expect"}}
        (content / "turns" / f"{number:03d}.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def check_state(state: dict, expect: dict, label: str, sentences: list[str] = ()) -> list[str]:
    """Every way a state JSON differs from ``expect``, as sentences."""
    wrong = []
    for province, owner in (expect.get("owners") or {}).items():
        actual = state["provinces"][province]["controller"]
        if not matches(owner, actual):
            wrong.append(f"{label}: {province} controlled by {actual!r}, expected {owner!r}")
    for player, koku in (expect.get("koku") or {}).items():
        if state["koku"].get(player) != koku:
            wrong.append(f"{label}: {player} koku {state['koku'].get(player)!r}, expected {koku!r}")
    for player, lines in (expect.get("ledger") or {}).items():
        actual = [[e["reason"], e["amount"]] for e in state["events"] if e["kind"] == "koku-changed" and e["player"] == player]
        if actual != lines:
            wrong.append(f"{label}: {player}'s ledger {actual}, expected {lines}")
    for kind in ("units", "personalities", "factions"):
        for some, fields in (expect.get(kind) or {}).items():
            actual = state[kind].get(some)
            if fields is None:
                if actual is not None and not (kind == "units" and actual.get("models") == 0):
                    wrong.append(f"{label}: {kind[:-1]} {some} should be gone, is {actual}")
                continue
            if actual is None:
                wrong.append(f"{label}: no {kind[:-1]} {some}")
                continue
            for key, value in fields.items():
                if not matches(value, actual.get(key)):
                    wrong.append(f"{label}: {some}.{key} = {actual.get(key)!r}, expected {value!r}")
    if "alliances" in expect and state["alliances"] != sorted(sorted(p) for p in expect["alliances"]):
        wrong.append(f"{label}: alliances {state['alliances']}, expected {expect['alliances']}")
    if "graveyard" in expect and state["graveyard"] != sorted(expect["graveyard"]):
        wrong.append(f"{label}: graveyard {state['graveyard']}, expected {expect['graveyard']}")
    kinds = [e["kind"] for e in state["events"]]
    for kind in expect.get("events") or []:
        if kind not in kinds:
            wrong.append(f"{label}: no {kind!r} event among {sorted(set(kinds))}")
    for kind in expect.get("no_events") or []:
        if kind in kinds:
            wrong.append(f"{label}: unexpected {kind!r} event")
    texts = " | ".join(sentences or [e["text"] for e in state["events"]])
    for text in expect.get("texts") or []:
        if text not in texts:
            wrong.append(f"{label}: no event says {text!r}; the events say: {texts}")
    if "winner" in expect and state["winner"] != expect["winner"]:
        wrong.append(f"{label}: winner {state['winner']!r}, expected {expect['winner']!r}")
    return wrong


def _where(problem) -> str:
    """``"N: a.b.0"`` for a problem in turn N's file, ``"campaign: ..."`` for campaign.yaml."""
    file = problem.place.file if problem.place else ""
    name = file.rsplit("/", 1)[-1]
    origin = "campaign" if name == "campaign.yaml" else str(int(name.split(".")[0])) if name[:3].isdigit() else file
    return f"{origin}: " + ".".join(str(part) for part in problem.path)


def _placed(problem, want) -> bool:
    return "at" not in want or _where(problem) == str(want["at"])


def replay_case(case: dict, root: Path):
    write_case(root, case)
    campaign, problems = load_campaign(root)
    assert campaign is not None, "\n".join(p.format() for p in problems)
    history = replay(campaign)
    return history, list(problems) + list(history.problems)


@pytest.mark.parametrize("path,case", load_cases(CASES))
def test_case(path, case, tmp_path):
    """Replay the case's campaign as `chronicle check` would, and compare the outcome with its
    ``expect`` (the rule it checks, in the seed's words, is printed with any failure)."""
    check_header(path, case, CASE_KEYS)
    history, problems = replay_case(case, tmp_path)
    campaign = history.campaign
    header = f"case {case['id']}: {case['rule'].strip()}\n"
    wrong = []
    if not case_turns(case):
        state = campaign.ruleset.to_json(campaign, history.start, history.start_events)
        name = namer(campaign, [history.start])
        wrong += check_state(state, case.get("expect") or {}, "the set-up", [e.describe(name) for e in history.start_events])
    for index, expect in expectations(case):
        number = index + 1
        result = history.result(number)
        state = campaign.ruleset.to_json(campaign, result.after, result.events)
        name = namer(campaign, [history.start] + [t.after for t in history.turns[:number]])
        sentences = [e.describe(name) for e in result.events]
        wrong += check_state(state, expect, f"turn {number}", sentences)
        if not case.get("drawn"):
            drawn = [d for d in state["dice"] if not d["recorded"]]
            if drawn:
                wrong.append(f"turn {number}: dice drawn from the seed, not written: "
                             + ", ".join(f"{d['purpose']} {d['subject']} #{d['index'] + 1}" for d in drawn))
    wrong += check_problems(problems, (case.get("expect") or {}).get("problems"), place=_placed,
                            as_written=True, whole_hint=True)
    wrong += check_history(history)
    assert not wrong, header + "\n".join(wrong)


def test_rules_page_names_every_case():
    """docs/rules/clanwar.md points at every case, and at no case that does not exist."""
    check_rules_page_names_every_case("clanwar", CASES)
