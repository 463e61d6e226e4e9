"""Invariants of Clan War on random campaigns (hypothesis).

Each turn, every player buys a few things (some beyond its means, some breaking the limits), its
units and lone personalities step at random (some moves illegal), alliances are declared and
broken now and then; wherever opposing armies then meet, a battle is entered with a random winner,
random losses, sometimes a personality taken to 0 wounds, and a withdrawal to a random province.
Errors are allowed: whatever the input, after every turn:

* the invariants of invariants.py hold (the koku ledger adds up, one controller per province, the
  unique held once, the dead stay dead);
* koku is conserved: each player's koku = its start + taxes + allies' fees - purchases, summed from
  the ledger by cause;
* a dead unique personality never returns, and a graveyard type is never bought again;
* the replay is deterministic: the same files give the same state JSON.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from chronicle.history import replay_folder

from .invariants import check_history

MAP = {
    "provinces": {
        "asahina": {"faction": "crane", "flags": ["library"], "at": [8, 2]}, "doji": {"faction": "crane", "at": [7, 4]},
        "kakita": {"faction": "crane", "at": [9, 4]}, "akodo": {"faction": "lion", "at": [2, 4]},
        "matsu": {"faction": "lion", "at": [1, 6]}, "kitsu": {"faction": "lion", "flags": ["library"], "at": [0, 4]},
        "bayushi": {"faction": "scorpion", "at": [5, 7]}, "soshi": {"faction": "scorpion", "at": [5, 9]},
        "plain": {"at": [5, 5]}, "beiden_pass": {"at": [4, 4]},
    },
    "links": [["asahina", "doji"], ["doji", "kakita"], ["asahina", "kakita"], ["doji", "plain"], ["doji", "akodo"],
              ["plain", "beiden_pass"], ["beiden_pass", "akodo"], ["akodo", "matsu"], ["matsu", "kitsu"],
              ["akodo", "kitsu"], ["beiden_pass", "bayushi"], ["bayushi", "soshi"], ["plain", "bayushi"]],
}
NEIGHBOURS: dict[str, list[str]] = {p: [] for p in MAP["provinces"]}
for a, b in MAP["links"]:
    NEIGHBOURS[a].append(b)
    NEIGHBOURS[b].append(a)
PLAYERS = {"crane": "doji", "lion": "akodo", "scorpion": "bayushi"}
UNIQUES = ["toku", "hoturi", "tsuko"]


def _campaign():
    players = []
    for pid, home in PLAYERS.items():
        players.append({"id": pid, "daimyo": f"{pid}-d", "buy": [
            {"personality": f"{pid}-d", "cost": 50, "earth": 3, "void": 3, "wounds": 3, "leadership": 2, "deploy": home},
            {"unit": f"{pid}-u0", "type": "ashigaru", "models": 8, "cost": 80, "deploy": home, "ml": 6, "tl": 6,
             "leadership": 1, "lps": [{"rank": "nikutai"}]}]})
    return {"title": "random", "ruleset": "clanwar", "seed": 5, "map": MAP, "players": players}


@st.composite
def orders(draw, turn: int, state: dict):
    """One turn's Start phase and moves, from the state JSON before it."""
    start = {"buy": {}}
    for pid, home in PLAYERS.items():
        buys = []
        for k in range(draw(st.integers(0, 2))):
            kind = draw(st.sampled_from(["unit", "unique", "generic", "replace"]))
            if kind == "unit":
                buys.append({"unit": f"{pid}-u{turn}{k}", "type": "ashigaru", "models": draw(st.integers(1, 12)),
                             "cost": draw(st.sampled_from([10, 100, 3000])), "deploy": home, "ml": 6, "tl": 6,
                             "leadership": 1, "lps": [{"rank": "nikutai"}]})
            elif kind == "unique":
                buys.append({"personality": f"{pid}-p{turn}{k}", "type": draw(st.sampled_from(UNIQUES)), "unique": True,
                             "cost": 20, "earth": 3, "void": 3, "wounds": 3, "deploy": home})
            elif kind == "generic":
                buys.append({"personality": f"{pid}-g{turn}{k}", "type": "bushi", "cost": 10, "earth": 2, "void": 2,
                             "wounds": 2, "deploy": home})
            else:
                mine = sorted(u for u, v in state["units"].items() if v["faction"] == pid)
                if mine:
                    buys.append({"replace": draw(st.sampled_from(mine)), "models": draw(st.integers(1, 3)), "cost": 5})
        if buys:
            start["buy"][pid] = buys
    if draw(st.booleans()):
        a, b = draw(st.permutations(sorted(PLAYERS)))[:2]
        key = "broken" if [min(a, b), max(a, b)] in state["alliances"] else "alliances"
        start[key] = [{"by": a, "with": b}] if key == "broken" else [[a, b]]
    primary = {}
    for uid, unit in sorted(state["units"].items()):
        if draw(st.integers(0, 2)) == 0:
            primary[uid] = draw(st.sampled_from(NEIGHBOURS[unit["province"]] + ["kitsu"]))
    return {"start": start, "moves": {"primary": primary}}


def _battles(problems, state, turn, draw):
    """A battle entry for each meeting the replay reports as missing."""
    battles, dice = [], {"fate": {}, "experience": {}}
    for problem in problems:
        if problem.rule != "a battle wherever opposing armies meet (L81)" or "result is not entered" not in problem.message:
            continue
        if problem.place is None or f"/{turn:03d}.yaml" not in problem.place.file:
            continue
        province = re.search(r"at: (\w+)", problem.hint).group(1)
        players = re.search(r"\(([^)]*)\)", problem.message).group(1).lower().split(", ")
        sides = [[p] for p in players]
        winner = draw(st.sampled_from(players + [None]))
        entry = {"at": province, "sides": sides, "winner": winner, "units": {}, "personalities": {}, "withdraw": {}}
        for uid, unit in state["units"].items():
            if unit["province"] == province and unit["faction"] in players:
                entry["units"][uid] = {"lost": draw(st.integers(0, unit["models"]))}
        for pid, person in state["personalities"].items():
            if person["province"] == province and person["faction"] in players and person["status"] == "active" \
                    and draw(st.integers(0, 3)) == 0:
                entry["personalities"][pid] = {"removed": True, "over": draw(st.integers(0, 3)), "maimed": "earth"}
                dice["fate"][pid] = [draw(st.integers(1, 10)), draw(st.integers(1, 10))]
        for p in players:
            if winner is not None and p != winner:
                entry["withdraw"][p] = draw(st.sampled_from(sorted(MAP["provinces"])))
        battles.append(entry)
    return battles


def _write(root: Path, turns: list[dict]):
    content = root / "content"
    (content / "turns").mkdir(parents=True, exist_ok=True)
    (content / "campaign.yaml").write_text(yaml.safe_dump(_campaign()), encoding="utf-8")
    for old in (content / "turns").glob("*.yaml"):
        old.unlink()
    for n, turn in enumerate(turns, 1):
        (content / "turns" / f"{n:03d}.yaml").write_text(yaml.safe_dump(turn), encoding="utf-8")


def _json(history, n):
    campaign = history.campaign
    result = history.result(n)
    return campaign.ruleset.to_json(campaign, result.after, result.events)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_random_campaigns_keep_the_invariants(data):
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        turns: list[dict] = []
        _write(root, turns)
        history, _ = replay_folder(root)
        state = history.campaign.ruleset.to_json(history.campaign, history.start, ())
        for turn in range(1, data.draw(st.integers(1, 4)) + 1):
            turns.append(data.draw(orders(turn, state)))
            _write(root, turns)
            history, problems = replay_folder(root)
            battles = _battles(problems, _after_moves(history, turn), turn, data.draw)
            if battles:
                event("a battle was fought")
                turns[-1]["battles"] = battles
                _write(root, turns)
                history, problems = replay_folder(root)
            state = _json(history, turn)
        wrong = check_history(history)
        assert not wrong, "\n".join(wrong)
        _conserved(history)
        _the_dead_stay_dead(history)
        again, _ = replay_folder(root)
        for n in range(1, len(turns) + 1):
            assert json.dumps(_json(again, n), sort_keys=True) == json.dumps(_json(history, n), sort_keys=True)


def _after_moves(history, turn):
    """The position where the turn's battles are fought: the state after the turn as replayed
    without them (units that met stay where they met: no battle moved them)."""
    return _json(history, turn)


def _conserved(history):
    """start + taxes + fees - purchases = balance, for every player after every turn."""
    totals: dict[str, int] = {}
    for event in history.start_events:
        if event.kind == "koku-changed":
            totals[event.player] = totals.get(event.player, 0) + event.amount
    for result in history.turns:
        by_cause: dict[str, dict[str, int]] = {}
        for event in result.events:
            if event.kind == "koku-changed":
                by_cause.setdefault(event.player, {}).setdefault(event.reason, 0)
                by_cause[event.player][event.reason] += event.amount
        for player, faction in result.after.factions.items():
            causes = by_cause.get(player, {})
            assert set(causes) <= {"tax", "purchase", "ally_fee"}, causes
            assert causes.get("purchase", 0) <= 0 and causes.get("tax", 0) >= 0 and causes.get("ally_fee", 0) >= 0
            totals[player] = totals.get(player, 0) + sum(causes.values())
            assert totals[player] == faction.koku, (player, result.turn.number)


def _the_dead_stay_dead(history):
    dead_types = set()
    for result in history.turns:
        for person in result.after.personalities.values():
            if person.unique and person.type in dead_types:
                assert person.status in ("dead", "removed"), f"{person.type} came back in turn {result.turn.number}"
        dead_types |= set(result.after.graveyard)
