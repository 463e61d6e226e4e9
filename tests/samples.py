"""Campaign texts shared by several test modules.

A plain module (not conftest.py) so that ``from samples import ...`` is unambiguous from any test
folder; tests/test_errors.py's expected lines and columns depend on SMALL_CAMPAIGN's exact text.
"""

SMALL_MAP = """
map:
  provinces:
    tosa: {at: [0, 0]}
    inaba: {at: [1, 0]}
    awaji: {at: [2, 0]}
    higo: {at: [0, 1]}
    izumo: {at: [1, 1], flags: [no_start_capital]}
  links:
    - [tosa, inaba]
    - [inaba, awaji]
    - [tosa, higo, sea]
    - [higo, izumo]
    - [izumo, inaba]
"""

SMALL_CAMPAIGN = """
title: Small test campaign
ruleset: pitac
seed: 7
players:
  - {id: paula, name: Paula Purple, colour: "#7b3294", capital: tosa}
  - {id: ginger, name: Ginger Green, colour: "#1b7837", capital: awaji}
""" + SMALL_MAP

#: A Pitac turn 1 on SMALL_CAMPAIGN with its die recorded: Paula wins the one battle and takes the
#: neutral Inaba from her capital Tosa (one attack, a 7 against no defender), whatever the seed.
PAULA_TAKES_INABA = """\
battles:
  - {players: [paula, ginger], winner: paula}
orders:
  paula: [Attack Inaba]
dice:
  inaba: {paula: 7}
"""
