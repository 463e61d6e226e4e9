"""A small numbered map and a two-clan campaign to test Sengoku rules one at a time.

    1 - 2 - 3 - 4 - 5 - 6 - 7 - 8        red holds 1 2 3 (capital 1, fortress 2)
            |   |                        blue holds 6 7 8 (capital 8, fortress 7)
            9 (Kyoto)                    4 and 5 belong to no one
    10 ~~sea~~ 1,  10 - 11,  11 ~~sea~~ 12 (an island off 11)
"""

from __future__ import annotations

import textwrap

from chronicle.history import replay
from chronicle.content import load_campaign

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
    text = f"""
title: Sengoku test
ruleset: sengoku
seed: 11
players:
  - id: red
    {red}
    start_card: K
  - id: blue
    {blue}
    start_card: "5"
{extra_players}
options:
  {deck}
  {options}
""" + MAP
    return text


def play(make_campaign, turns: dict, **kwargs):
    """Write and replay; returns (history, problems as formatted strings)."""
    root = make_campaign(campaign_yaml(**kwargs), {n: textwrap.dedent(t) for n, t in turns.items()})
    campaign, problems = load_campaign(root)
    assert campaign is not None, [p.format() for p in problems]
    history = replay(campaign)
    found = [p.format() for p in list(problems) + list(history.problems)]
    return history, found


def errors(found):
    return [p for p in found if ": error:" in p]


def events_of(history, turn, kind=None):
    events = history.result(turn).events
    return [e for e in events if kind is None or type(e).__name__ == kind]


def army(history, army_id, turn=None):
    state = history.final if turn is None else history.state_after(turn)
    return state.armies.get(army_id)
