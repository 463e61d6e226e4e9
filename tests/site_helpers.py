"""Campaigns for the site tests: a few turns on the bundled japan map, written by replaying.

Each turn's orders are chosen from the state the engine reached before it (attack the first
neighbour not held), so the files stay legal whatever the rules decide; some dice are recorded
and the rest are drawn from the seed.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from chronicle.history import load_history

from samples import SMALL_CAMPAIGN  # noqa: F401  (re-exported for the site tests)


# Two turns on tests/conftest.py's small map: recorded and drawn dice, a story with a table,
# a footnote and markup that must be escaped.
SMALL_TURNS = {
    1: """
       title: The first clash
       date: 2026-03-14
       battles:
         - {name: Hill <of> doom, players: [paula, ginger], winner: paula, vp: {paula: 10, ginger: 4}}
       orders:
         paula: [Attack Inaba, Attack Higo]
         ginger: [Attack Inaba]
       dice:
         inaba: {paula: 7, ginger: 3}
       """,
    2: """
       title: Second & last
       date: 2026-03-21
       battles:
         - {name: River fight, players: [paula, ginger], winner: ginger, vp: {paula: 2, ginger: 9}}
       orders:
         ginger: [Attack Inaba, Defend Awaji]
         paula: [Attack Izumo]
       """,
}
SMALL_STORIES = {
    1: """
       It began with *rain*.

       | who | what |
       |-----|------|
       | Paula | marched |

       A footnote.[^a] And some <script>alert("story")</script> markup.

       [^a]: Footnotes work.
       """,
}


JAPAN_CAMPAIGN = {
    "title": "Sengoku <Jidai> & Friends",
    "description": "A test campaign on the old provinces of Japan.",
    "ruleset": "pitac",
    "seed": 1561,
    "map": "japan",
    "players": [
        {"id": "oda", "name": "Nobunaga & \"Co\"", "capital": "owari", "start_roll": 9},
        {"id": "takeda", "name": "Takeda Shingen", "capital": "kai", "start_roll": 7},
        {"id": "mori", "name": "Mori Motonari", "capital": "aki", "start_roll": 5},
        {"id": "shimazu", "name": "Shimazu <Yoshihisa>", "capital": "satsuma", "start_roll": 3},
    ],
}

STORY = """\
The spring of {year} opens with **{count}** lords in the field.

| clan | mood |
|------|------|
| Oda  | restless |

Rumour says the <script>alert("x")</script> court is watching.[^1]

[^1]: As rumours do.
"""


def write_japan_campaign(root: Path, turns: int = 6, url: str | None = None) -> Path:
    """Write a japan campaign of ``turns`` turns under ``root`` and return ``root``."""
    root = Path(root)
    (root / "content" / "turns").mkdir(parents=True, exist_ok=True)
    config = dict(JAPAN_CAMPAIGN)
    if url:
        config["url"] = url
    (root / "content" / "campaign.yaml").write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True),
                                                     encoding="utf-8")
    players = [p["id"] for p in JAPAN_CAMPAIGN["players"]]
    for number in range(1, turns + 1):
        history = load_history(root)
        state = history.final
        campaign = history.campaign
        first, second = players[number % 4], players[(number + 1) % 4]
        third, fourth = players[(number + 2) % 4], players[(number + 3) % 4]
        battles = [
            {"name": f"Battle of turn {number} <north>", "players": [first, second], "winner": first,
             "vp": {first: 8, second: 3}},
            {"name": f"Skirmish {number}", "players": [third, fourth], "winner": third,
             "vp": {third: 6, fourth: 4}},
        ]
        moves = {first: 2, second: 1, third: 2, fourth: 1}
        orders = {}
        for player in players:
            held = state.held_by(player)
            targets = sorted({n for h in held for n in campaign.map.neighbours(h)} - set(held))
            chosen = [f"Attack {campaign.map.provinces[t].name if t not in ('awa_kanto', 'awa_shikoku') else t}"
                      for t in targets[:moves[player]]]
            if chosen:
                orders[player] = chosen
        data = {"turn": number, "title": f"Turn {number}: the {['spring', 'summer', 'autumn', 'winter'][number % 4]} campaign",
                "date": f"2026-0{1 + number % 9}-{10 + number:02d}", "battles": battles, "orders": orders}
        if number == 1:        # the first turn's dice are written down; later ones are drawn
            dice = {}
            for i, player in enumerate(players):
                for order in orders.get(player, []):
                    target = order.split(" ", 1)[1]
                    dice.setdefault(target, {})[player] = [8, 6, 4, "10+3"][i]
            data["dice"] = dice
        pending = sorted(state.pending_capital)
        if pending:
            data["capitals"] = {p: (state.held_by(p) or state.neutral())[0] for p in pending}
        (root / "content" / "turns" / f"{number:03d}.yaml").write_text(
            yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        (root / "content" / "turns" / f"{number:03d}.md").write_text(
            STORY.format(year=1560 + number, count=len(players)), encoding="utf-8")
        # a captured capital must be replaced in the same turn: fix it up after resolution
        after = load_history_lenient(root)
        if after is not None and after.final.pending_capital:
            for p in sorted(after.final.pending_capital):
                data.setdefault("capitals", {})[p] = (after.final.held_by(p) or after.final.neutral())[0]
            (root / "content" / "turns" / f"{number:03d}.yaml").write_text(
                yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    load_history(root)
    return root


def load_history_lenient(root: Path):
    from chronicle.content import load_campaign
    from chronicle.history import replay
    campaign, _ = load_campaign(root)
    return replay(campaign) if campaign else None


# ---- the Sengoku example campaign, whole or cut short -------------------------------------------

SENGOKU_EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "sengoku"


def write_sengoku_example(root: Path, until: int | None = None) -> Path:
    """Copy examples/sengoku under ``root``, keeping only the turns up to ``until`` (all if None)."""
    import shutil
    root = Path(root)
    shutil.copytree(SENGOKU_EXAMPLE / "content", root / "content")
    if until is not None:
        for path in sorted((root / "content" / "turns").iterdir()):
            if path.stem.isdigit() and int(path.stem) > until:
                path.unlink()
    return root


def sengoku_pending_turn() -> int:
    """The last turn of the Sengoku example after which a battle is pending (a battle sheet)."""
    history = load_history(SENGOKU_EXAMPLE)
    campaign = history.campaign
    for result in reversed(history.turns):
        if campaign.ruleset.battle_sheets(campaign, result.after):
            return result.turn.number
    raise AssertionError("no turn of the Sengoku example leaves a battle pending: the site tests need one")
