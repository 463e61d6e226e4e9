"""Shared by the campagna tests: the test maps, the standard set-up S, and a campaign folder written
from plain data and replayed (the invariants of invariants.py checked after every turn)."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml

from chronicle.content import load_campaign
from chronicle.history import replay

HERE = Path(__file__).resolve().parent

STANDARD = [
    {"id": "anna", "name": "Anna", "faction": "Gondor", "general": "Boromir", "capital": "borgo",
     "territories": ["alba", "fonte"]},
    {"id": "bruno", "name": "Bruno", "faction": "Rohan", "general": "Eomer", "capital": "erta",
     "territories": ["dosso", "noce"]},
    {"id": "carla", "name": "Carla", "faction": "Mordor", "general": "Gothmog", "capital": "quercia",
     "territories": ["urbe", "valle"]},
]


def map_data(name: str = "valle") -> dict:
    return yaml.safe_load((HERE / f"{name}.yaml").read_text(encoding="utf-8"))


def write(root: Path, turns: list[dict] = (), players=None, options=None, game_map="valle", seed=1,
          initiative=("anna", "bruno", "carla")) -> Path:
    content = root / "content"
    (content / "turns").mkdir(parents=True, exist_ok=True)
    campaign = {"title": "test", "ruleset": "campagna", "seed": seed,
                "map": map_data(game_map) if isinstance(game_map, str) and game_map in ("valle", "tre", "quattro") else game_map,
                "players": copy.deepcopy(players or STANDARD)}
    if initiative:
        campaign["initiative"] = list(initiative)
    if options:
        campaign["options"] = options
    (content / "campaign.yaml").write_text(yaml.safe_dump(campaign, sort_keys=False, allow_unicode=True), encoding="utf-8")
    for number, turn in enumerate(turns, start=1):
        (content / "turns" / f"{number:03d}.yaml").write_text(
            yaml.safe_dump({"turn": number, **turn}, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return root


def play(root: Path, **kwargs):
    """Write and replay; returns (history, problems) with the invariants checked after every turn."""
    from .invariants import check_history
    write(root, **kwargs)
    campaign, problems = load_campaign(root)
    assert campaign is not None, "\n".join(p.format() for p in problems)
    history = replay(campaign)
    check_history(history)
    return history, list(problems) + list(history.problems)


def errors(problems) -> list:
    return [p for p in problems if p.severity == "error"]


def state_json(history, turn: int | None = None) -> dict:
    campaign = history.campaign
    if turn == 0:
        return campaign.ruleset.to_json(campaign, history.start, history.start_events)
    result = history.turns[-1] if turn is None else history.result(turn)
    return campaign.ruleset.to_json(campaign, result.after, result.events)
