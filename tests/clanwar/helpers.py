"""A small Clan War campaign written as text, so that a test knows the line and column of every
value: Crane (Asahina, Doji, Kakita) and Lion (Akodo, Matsu, Kitsu) on a map that branches, with
the neutral Plain and Beiden Pass between them."""

from __future__ import annotations

import textwrap

from chronicle.history import replay_folder

CAMPAIGN = """\
title: Errors
ruleset: clanwar
seed: 3
map:
  provinces:
    asahina: {faction: crane, flags: [library], at: [8, 2]}
    doji: {faction: crane, at: [7, 4]}
    kakita: {faction: crane, at: [9, 4]}
    akodo: {faction: lion, at: [2, 4]}
    matsu: {faction: lion, at: [1, 6]}
    kitsu: {faction: lion, flags: [library], at: [0, 4]}
    plain: {name: Plain of Fast Troubles, at: [5, 5]}
    beiden_pass: {name: Beiden Pass, at: [4, 4]}
  links: [[asahina, doji], [doji, kakita], [asahina, kakita], [doji, plain], [doji, akodo], [plain, beiden_pass],
          [beiden_pass, akodo], [akodo, matsu], [matsu, kitsu], [akodo, kitsu]]
players:
  - id: crane
    daimyo: hoturi
    buy:
      - {personality: hoturi, type: doji_hoturi, unique: true, cost: 100, earth: 3, void: 3, wounds: 4, leadership: 2, deploy: doji}
      - {personality: kuwanan, unique: true, cost: 50, earth: 3, void: 3, wounds: 4, deploy: kakita}
      - {unit: crane-1, type: ashigaru, models: 10, cost: 100, deploy: doji, ml: 6, tl: 6, leader: hoturi}
  - id: lion
    daimyo: tsuko
    buy:
      - {personality: tsuko, unique: true, cost: 100, earth: 3, void: 3, wounds: 4, leadership: 2, deploy: akodo}
      - {unit: lion-1, type: ashigaru, models: 10, cost: 100, deploy: akodo, ml: 6, tl: 6, leader: tsuko}
"""


def play(make_campaign, turns: dict[int, str], campaign: str = CAMPAIGN):
    """Write and replay; returns (history, problems formatted as `chronicle check` prints them)."""
    root = make_campaign(campaign, {n: textwrap.dedent(t) for n, t in turns.items()})
    history, problems = replay_folder(root)
    return history, [p.format() for p in problems]
