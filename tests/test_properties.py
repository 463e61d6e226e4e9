"""Invariants of Clans of the Pitac, on random campaigns of legal orders (hypothesis).

A campaign is generated turn by turn on a small map: who fights whom, who wins, the orders each
player's moves allow against the position at the start of the turn (attacks into adjacent land,
Defends of held land, the same territory more than once), dice sometimes written and sometimes
left to the seed, a new capital named whenever one is lost, and now and then a late joiner. Then:

* the generated campaign checks clean (every order was legal, every written die the right count);
* replay is deterministic: the same files give the same ``chronicle state --json`` for every turn;
* a territory has one owner at most, and every owner is a player on the map;
* ownership changes only through the turn's events: a resolved conflict, a new capital taken
  from neutral land, a late joiner placed;
* drawn dice are the roll's own: correcting turn 1's written dice leaves every later drawn die
  (same turn, territory, player, die number) as it was.
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chronicle.content import Turn, load_campaign
from chronicle.errors import Place
from chronicle.history import replay
from chronicle.source import Document

PROVINCES = ["tosa", "awa", "sanuki", "iyo", "bizen", "harima", "izumo", "oki"]
MAP = {
    "provinces": {p: ({"flags": ["no_start_capital"]} if p == "izumo" else None) for p in PROVINCES},
    "links": [["tosa", "awa"], ["awa", "sanuki"], ["sanuki", "iyo"], ["iyo", "tosa"],
              ["sanuki", "bizen", "sea"], ["bizen", "harima"], ["harima", "izumo"],
              ["izumo", "oki", "sea"], ["bizen", "izumo", "mountain"], ["oki", "iyo", "sea"]],
}
NEIGHBOURS: dict[str, set[str]] = {p: set() for p in PROVINCES}
for _a, _b, *_ in MAP["links"]:
    NEIGHBOURS[_a].add(_b)
    NEIGHBOURS[_b].add(_a)
NAMES = ["paula", "ginger", "billy", "riddle", "yoko"]

DIE = st.one_of(st.integers(1, 9), st.integers(1, 9).map(lambda k: f"10+{k}"),
                st.integers(1, 9).map(lambda k: f"10+10+{k}"))


def _turn(number: int, data: dict) -> Turn:
    name = f"content/turns/{number:03d}.yaml"
    return Turn(number, Document(name, data, {(): Place(name, 1, 1)}))


def _play(campaign, turns: list[dict]):
    return replay(dataclasses.replace(campaign, turns=tuple(_turn(n, d) for n, d in enumerate(turns, 1))))


def _config(draw):
    """campaign.yaml's data and the number of turns: 2-5 players, chosen or random capitals."""
    count = draw(st.integers(2, 5))
    players = []
    free = [p for p in PROVINCES if p != "izumo"]
    joiner = draw(st.sampled_from([None] + NAMES[1:count])) if count > 2 else None
    n_turns = draw(st.integers(1, 5))
    for name in NAMES[:count]:
        entry = {"id": name}
        if name == joiner:
            entry["joins"] = draw(st.integers(2, max(2, n_turns)))
        elif draw(st.booleans()):
            entry["capital"] = draw(st.sampled_from(free))
            free.remove(entry["capital"])
            entry["start_roll"] = draw(st.integers(1, 10))
        players.append(entry)
    config = {"title": "property campaign", "ruleset": "pitac", "seed": draw(st.integers(0, 10**6)),
              "players": players, "map": MAP}
    return config, n_turns


def _generate(data, root: Path):
    """Write a campaign of legal orders under ``root``: campaign.yaml, then the turns one by one,
    each drawn against the replayed position before it. Returns the folder and the turns' data."""
    config, n_turns = _config(data.draw)
    (root / "content" / "turns").mkdir(parents=True)
    (root / "content" / "campaign.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    campaign, problems = load_campaign(root)
    assert campaign is not None and not problems, [p.format() for p in problems]
    turns: list[dict] = []
    for number in range(1, n_turns + 1):
        # the position orders are judged against: the start of the turn, late joiners placed
        start = _play(campaign, turns + [{}]).result(number).after
        on_map = [p for p in start.joined if p not in start.off_map]
        present = data.draw(st.lists(st.sampled_from(list(start.joined)), unique=True), label="present") \
            if start.joined else []
        battles, moves = [], {}
        # battles of two or three (a battle of one player is an error); a lone player left over
        # joins the last battle, and a player present alone fights no battle
        rest = list(present) if len(present) > 1 else []
        while rest:
            size = data.draw(st.integers(2, min(3, len(rest))), label="battle size")
            group, rest = rest[:size], rest[size:]
            if len(rest) == 1:
                group, rest = group + rest, []
            winner = data.draw(st.sampled_from([None] + group), label="winner")
            battle = {"players": group}
            if winner:
                battle["winner"] = winner
            if data.draw(st.booleans(), label="vp"):
                battle["vp"] = {p: data.draw(st.integers(0, 15), label="vp value") for p in group}
            battles.append(battle)
            for p in group:
                moves[p] = max(moves.get(p, 0), 2 if p == winner else 1)
        orders, attacks, defends = {}, {}, {}
        for player in sorted(moves):
            if player not in on_map:
                continue
            held = start.held_by(player)
            targets = sorted({n for h in held for n in NEIGHBOURS[h]} - set(held))
            choices = [f"Attack {t}" for t in targets] + [f"Defend {h}" for h in held]
            if not choices:
                continue
            mine = data.draw(st.lists(st.sampled_from(choices), max_size=moves[player]), label="orders")
            if mine:
                orders[player] = mine
            for order in mine:
                kind, province = order.split()
                book = attacks if kind == "Attack" else defends
                book.setdefault(province, {}).setdefault(player, 0)
                book[province][player] += 1
        dice = {}
        for province, by_player in sorted(attacks.items()):
            owed = dict(by_player)
            holder = start.owners[province]
            if holder:
                base = start.capital_dice[holder] if start.capitals.get(holder) == province else 1
                owed[holder] = base + defends.get(province, {}).get(holder, 0)
            for player, count in sorted(owed.items()):
                if data.draw(st.booleans(), label="record dice"):
                    rolled = data.draw(st.lists(DIE, min_size=count, max_size=count), label="dice")
                    dice.setdefault(province, {})[player] = rolled if count > 1 else rolled[0]
        turn = {"turn": number}
        if battles:
            turn["battles"] = battles
        if orders:
            turn["orders"] = orders
        if dice:
            turn["dice"] = dice
        after = _play(campaign, turns + [turn]).result(number).after
        capitals = {}
        for player in sorted(after.pending_capital):
            # two players left with nothing cannot both take the same neutral territory
            options = after.held_by(player) or [p for p in after.neutral() if p not in capitals.values()]
            if options:
                capitals[player] = data.draw(st.sampled_from(options), label="new capital")
        if capitals:
            turn["capitals"] = capitals
        turns.append(turn)
    for number, turn in enumerate(turns, 1):
        (root / "content" / "turns" / f"{number:03d}.yaml").write_text(yaml.safe_dump(turn), encoding="utf-8")
    return root, turns


def _states(history) -> list[str]:
    campaign = history.campaign
    rules = campaign.ruleset
    out = [json.dumps(rules.to_json(campaign, history.start, history.start_events), sort_keys=True)]
    out += [json.dumps(rules.to_json(campaign, t.after, t.events), sort_keys=True) for t in history.turns]
    return out


def _load_and_replay(root):
    campaign, problems = load_campaign(root)
    assert campaign is not None, [p.format() for p in problems]
    history = replay(campaign)
    return history, list(problems) + list(history.problems)


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.data())
def test_replay_is_deterministic_and_legal_orders_check_clean(data):
    with tempfile.TemporaryDirectory() as tmp:
        _deterministic(*_generate(data, Path(tmp)))


def _deterministic(root, _turns):
    first, problems = _load_and_replay(root)
    assert not problems, "\n".join(p.format() for p in problems)
    second, _ = _load_and_replay(root)
    assert _states(first) == _states(second)


@SETTINGS
@given(st.data())
def test_one_owner_and_only_events_change_owners(data):
    with tempfile.TemporaryDirectory() as tmp:
        _owners(*_generate(data, Path(tmp)))


def _owners(root, _turns):
    history, _ = _load_and_replay(root)
    players = set(history.campaign.player_ids)
    for result in history.turns:
        before, after = result.before, result.after
        assert set(after.owners) == set(PROVINCES)
        for province, owner in after.owners.items():
            assert owner is None or (owner in players and owner in after.joined), (province, owner)
        capitals = [c for c in after.capitals.values() if c]
        assert len(capitals) == len(set(capitals)), "two players share a capital"
        for player, capital in after.capitals.items():
            if capital:
                assert after.owners[capital] == player, f"{player}'s capital {capital} is not theirs"
        for player in after.off_map:
            assert not after.held_by(player), f"{player} is off the map but holds land"
        # replay the turn's events onto the owners before it: they must give the owners after it
        owners = dict(before.owners)
        for event in result.events:
            kind = event.kind
            if kind == "conflict":
                assert owners[event.province] == event.holder
                sides = {s.player for s in event.sides}
                assert event.new_owner is None or event.new_owner in sides
                owners[event.province] = event.new_owner
            elif kind == "capital-chosen" and event.from_neutral:
                assert owners[event.province] is None
                owners[event.province] = event.player
            elif kind == "capital-placed":
                assert event.how == "joined" and owners[event.province] is None
                owners[event.province] = event.player
        assert owners == dict(after.owners), f"turn {result.turn.number}: owners changed without an event"


@SETTINGS
@given(st.data())
def test_correcting_turn_one_dice_leaves_later_draws_alone(data):
    with tempfile.TemporaryDirectory() as tmp:
        _correction(data, *_generate(data, Path(tmp)))


def _correction(data, root, turns):
    history, _ = _load_and_replay(root)
    conflicts = [e for e in history.turns[0].events if e.kind == "conflict"]
    corrected = dict(turns[0])
    dice = {}
    for conflict in conflicts:
        for side in conflict.sides:
            rolled = data.draw(st.lists(DIE, min_size=len(side.dice), max_size=len(side.dice)), label="correction")
            dice.setdefault(conflict.province, {})[side.player] = rolled
    if dice:
        corrected["dice"] = dice
    else:
        corrected.pop("dice", None)
    (root / "content" / "turns" / "001.yaml").write_text(yaml.safe_dump(corrected), encoding="utf-8")
    again, _ = _load_and_replay(root)

    def drawn(hist):
        rolls = {}
        for result in hist.turns[1:]:
            for event in result.events:
                if event.kind == "conflict":
                    for side in event.sides:
                        for i, die in enumerate(side.dice):
                            if not die.recorded:
                                rolls[(result.turn.number, event.province, side.player, i)] = die.faces
        return rolls

    old, new = drawn(history), drawn(again)
    for key in old.keys() & new.keys():
        assert old[key] == new[key], f"drawn die {key} changed after a correction to turn 1"
