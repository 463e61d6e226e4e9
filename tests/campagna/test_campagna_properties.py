"""Invariants of Regolamento Campagna on random campaigns (hypothesis).

A campaign is generated turn by turn on the test map `valle` (mountain, rivers, a ford, coasts):
each player declares up to three actions on territories near his own (the verb mostly the right
one, sometimes not), the attacked answer at random (resist, retreat somewhere, an intervention by
anyone), and every battle the calendar then holds gets a random result (a winner or a draw, a
victory, a score, Generals fielded or killed, a fate die written or left to the seed), or is left
unplayed on the last turn. Legal or not, the engine must keep (tests/campagna/invariants.py, checked
after every turn):

* one owner at most per territory, every owner a player; the Capitals conserved, never empty;
* ownership changes only through the turn's events; no change while a turn is in corso;
* no player over his battles or his allowance;

and replay is deterministic: the same files give the same state JSON, turn by turn.
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chronicle.content import Turn, load_campaign
from chronicle.errors import Place
from chronicle.history import replay
from chronicle.source import Document

from .helpers import STANDARD, write
from .invariants import check_history

PLAYERS = ["anna", "bruno", "carla"]
VERBS = {"schermaglia": "Schermaglia", "scorreria": "Scorreria", "battaglia_decisiva": "Battaglia decisiva"}


def _base():
    root = Path(tempfile.mkdtemp(prefix="campagna-prop-"))
    write(root, options={"min_actions": 0})
    campaign, problems = load_campaign(root)
    assert campaign is not None
    return campaign


BASE = None


def _turn(number: int, data: dict) -> Turn:
    name = f"content/turns/{number:03d}.yaml"
    return Turn(number, Document(name, data, {(): Place(name, 1, 1)}))


def _play(campaign, turns):
    return replay(dataclasses.replace(campaign, turns=tuple(_turn(n, d) for n, d in enumerate(turns, 1))))


def _declarations(draw, campaign, state) -> dict:
    game_map = campaign.map
    owners = state.owners
    capitals = set(state.homes.values())
    orders, answers = {}, {}
    for player in PLAYERS:
        held = [t for t, o in owners.items() if o == player]
        near = sorted({n for t in held for n in game_map.neighbours(t)} - set(held)) or sorted(game_map.provinces)
        mine = []
        for _ in range(draw(st.integers(0, 3))):
            target = draw(st.sampled_from(near))
            right = ("schermaglia" if owners[target] is None else
                     "battaglia_decisiva" if target in capitals else "scorreria")
            kind = right if draw(st.integers(0, 9)) else draw(st.sampled_from(sorted(VERBS)))
            mine.append(f"{VERBS[kind]} {target}")
            answer = draw(st.integers(0, 4))
            if answer == 1:
                answers[target] = "resiste"
            elif answer == 2:
                answers[target] = {"ritira": draw(st.sampled_from(sorted(game_map.neighbours(target))))}
            elif answer == 3:
                answers[target] = {"interviene": draw(st.sampled_from(PLAYERS))}
        if mine:
            orders[player] = mine
    return {"orders": orders, "answers": answers}


def _results(draw, clashes, last: bool) -> list[dict]:
    battles = []
    for clash in clashes:
        if not clash.battle or (last and not draw(st.integers(0, 4))):
            continue                       # left unplayed: the turn is in corso
        sides = list(clash.players)
        entry = {"at": clash.at, "score": {p: draw(st.integers(0, 12)) for p in sides}}
        if draw(st.integers(0, 3)):
            winner = max(sides, key=lambda p: (entry["score"][p], p))
            entry["winner"] = winner
            entry["victory"] = draw(st.sampled_from(["major", "minor"]))
        generals = {}
        for p in sides:
            status = draw(st.sampled_from(["fielded", "killed", None]))
            if status or clash.kind == "battaglia_decisiva":
                generals[p] = status or "fielded"
        entry["generals"] = generals
        fates = {p: draw(st.integers(1, 6)) for p, s in generals.items() if s == "killed" and draw(st.booleans())}
        if fates:
            entry["fate"] = fates
        battles.append(entry)
    return battles


@st.composite
def campaigns(draw):
    global BASE
    BASE = BASE or _base()
    turns = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        history = _play(BASE, turns)
        state = history.final
        if state.game_over:
            break
        data = _declarations(draw, BASE, state)
        declared = _play(BASE, turns + [data]).result(number).after
        data["battles"] = _results(draw, declared.calendar, last=False)
        turns.append(data)
    if turns and draw(st.booleans()):
        # the last turn's calendar maybe not finished
        last = dict(turns[-1])
        declared = _play(BASE, turns[:-1] + [{k: v for k, v in last.items() if k != "battles"}]).turns[-1].after
        last["battles"] = _results(draw, declared.calendar, last=True)
        turns[-1] = last
    return turns


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(campaigns())
def test_invariants_hold_on_random_campaigns(turns):
    history = _play(BASE, turns)
    check_history(history)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(campaigns())
def test_replay_is_deterministic(turns):
    first, second = _play(BASE, turns), _play(BASE, turns)
    campaign = first.campaign
    for a, b in zip(first.turns, second.turns):
        assert json.dumps(campaign.ruleset.to_json(campaign, a.after, a.events), sort_keys=True) == \
            json.dumps(campaign.ruleset.to_json(campaign, b.after, b.events), sort_keys=True)
    assert [p.format() for p in first.problems] == [p.format() for p in second.problems]


def test_invariants_catch_a_broken_position(tmp_path):
    """The checker is not empty: a Capital left empty, or a territory changed without its event, fails."""
    import pytest
    global BASE
    BASE = BASE or _base()
    history = _play(BASE, [{"orders": {"anna": ["Schermaglia gola"]}}])
    after = history.turns[-1].after
    broken = dataclasses.replace(history.turns[-1], after=after.but(owners={**after.owners, "borgo": None}))
    with pytest.raises(AssertionError, match="Capital borgo is empty"):
        check_history(dataclasses.replace(history, turns=(broken,)))
    silent = dataclasses.replace(history.turns[-1], after=after.but(owners={**after.owners, "lago": "carla"}))
    with pytest.raises(AssertionError, match="lago changed hands"):
        check_history(dataclasses.replace(history, turns=(silent,)))
