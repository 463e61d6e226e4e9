"""A small numbered map and a two-clan campaign to test Sengoku rules one at a time.

    1 - 2 - 3 - 4 - 5 - 6 - 7 - 8        red holds 1 2 3 (capital 1, fortress 2)
            |   |                        blue holds 6 7 8 (capital 8, fortress 7)
            9 (Kyoto)                    4 and 5 belong to no one
    10 ~~sea~~ 1,  10 - 11,  11 ~~sea~~ 12 (an island off 11)
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from chronicle.dice import DiceBox
from chronicle.history import replay, replay_folder

from .invariants import check_history

MAP = """
map:
  name: Test island
  provinces:
    p1: {number: 1, name: One, at: [0, 0], terrain: mountains}
    p2: {number: 2, name: Two, at: [1, 0]}
    p3: {number: 3, name: Three, at: [2, 0], terrain: "grassland river"}
    p4: {number: 4, name: Four, at: [3, 0]}
    p5: {number: 5, name: Five, at: [4, 0]}
    p6: {number: 6, name: Six, at: [5, 0]}
    p7: {number: 7, name: Seven, at: [6, 0], terrain: high mountains}
    p8: {number: 8, name: Eight, at: [7, 0]}
    p9: {number: 9, name: Kyoto, at: [2.5, 1], flags: [kyoto]}
    p10: {number: 10, name: Ten, at: [0, 2]}
    p11: {number: 11, name: Eleven, at: [1, 2]}
    p12: {number: 12, name: Twelve, at: [1, 3]}
  links:
    - [p1, p2]
    - [p2, p3]
    - [p3, p4]
    - [p4, p5]
    - [p5, p6]
    - [p6, p7]
    - [p7, p8]
    - [p3, p9]
    - [p4, p9]
    - [p1, p10, sea]
    - [p10, p11]
    - [p11, p12, sea]
"""


def campaign_yaml(red="", blue="", options="", extra_players=""):
    red = red or "provinces: [1, 2, 3]\n    capital: 1\n    fortress: 2\n    armies: [1, 2, 3]"
    blue = blue or "provinces: [6, 7, 8]\n    capital: 8\n    fortress: 7\n    armies: [6, 7, 8]"
    deck = "" if "deck:" in options else "deck: {forage: 10, portuguese_trader: 5, bitter_enders: 5, ninja: 5, spy: 5, marriage: 2}"
    red_card = "" if "start_card" in red else "\n    start_card: K"
    blue_card = "" if "start_card" in blue else '\n    start_card: "5"'
    text = f"""
title: Sengoku test
ruleset: sengoku
seed: 11
players:
  - id: red
    {red}{red_card}
  - id: blue
    {blue}{blue_card}
{extra_players}
options:
  {deck}
  {options}
""" + MAP
    return text


def play(make_campaign, turns: dict, **kwargs):
    """Write and replay; returns (history, problems as formatted strings)."""
    root = make_campaign(campaign_yaml(**kwargs), {n: textwrap.dedent(t) for n, t in turns.items()})
    history, problems = replay_folder(root)
    assert history is not None, [p.format() for p in problems]
    check_history(history)
    found = [p.format() for p in history.problems]
    return history, found


def replay_recorded(root, monkeypatch):
    """Replay a campaign folder, noting every die the engine had to draw because the turn files
    did not write it, and every card dealt that the turn files did not name.

    Returns (history, drawn dice as (turn, purpose, subject, index), cards not written)."""
    drawn = []
    real_roll = DiceBox.roll

    def spy(self, sides, *identity, **kwargs):
        drawn.append(identity)
        return real_roll(self, sides, *identity, **kwargs)

    monkeypatch.setattr(DiceBox, "roll", spy)
    history, problems = replay_folder(root)
    assert history is not None, [p.format() for p in problems]
    check_history(history)
    again = replay(history.campaign)
    assert again.final == history.final and [t.events for t in again.turns] == [t.events for t in history.turns], \
        "the replay is not deterministic"
    unwritten = []
    for result in history.turns:
        for event in result.events:
            if type(event).__name__ == "CardDrawn":
                written = result.record.draws.get(event.clan, ((), ()))[0]
                if event.card not in written:
                    unwritten.append((result.turn.number, event.clan, event.card))
    return history, sorted(set(drawn)), unwritten


def errors(found):
    return [p for p in found if ": error:" in p]


def events_of(history, turn, kind=None):
    events = history.result(turn).events
    return [e for e in events if kind is None or type(e).__name__ == kind]


def army(history, army_id, turn=None):
    state = history.final if turn is None else history.state_after(turn)
    return state.armies.get(army_id)


GRID_MAP = Path(__file__).resolve().parent / "scenarios" / "shogunate" / "content" / "map.yaml"


def play_grid(make_campaign, players: str, turns: dict, options: str = ""):
    """Like play(), on the scenarios' numbered 7x5 map (province n: column (n-1)//5, row (n-1)%5;
    Kyoto is 18; neighbours n±5 and n±1 in the same column). ``players`` is the YAML list."""
    deck = "" if "deck:" in options else "deck: {forage: 10, portuguese_trader: 5, bitter_enders: 5, ninja: 5, spy: 5, marriage: 2}"
    text = f"title: Sengoku grid test\nruleset: sengoku\nseed: 12\nmap: {{file: map.yaml}}\nplayers:\n{textwrap.dedent(players)}\n" \
           f"options:\n  {deck}\n  {options}\n"
    root = make_campaign(text, {n: textwrap.dedent(t) for n, t in turns.items()})
    (Path(root) / "content" / "map.yaml").write_text(GRID_MAP.read_text(encoding="utf-8"), encoding="utf-8")
    history, problems = replay_folder(root)
    assert history is not None, [p.format() for p in problems]
    check_history(history)
    return history, [p.format() for p in history.problems]
