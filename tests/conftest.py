"""Shared fixtures: write a campaign folder from strings and run chronicle on it."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from chronicle.cli import main

REPO = Path(__file__).resolve().parents[1]




def write_campaign(root: Path, campaign: str, turns: dict[int, str] | None = None,
                   stories: dict[int, str] | None = None) -> Path:
    """Write content/campaign.yaml and content/turns/NNN.yaml (+ .md) under ``root``."""
    content = root / "content"
    (content / "turns").mkdir(parents=True, exist_ok=True)
    (content / "campaign.yaml").write_text(textwrap.dedent(campaign).lstrip(), encoding="utf-8")
    for number, text in (turns or {}).items():
        name = number if isinstance(number, str) else f"{number:03d}.yaml"
        (content / "turns" / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    for number, text in (stories or {}).items():
        (content / "turns" / f"{number:03d}.md").write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return root


@pytest.fixture(autouse=True)
def _plain_output(monkeypatch):
    """Tests read chronicle's text output: never GitHub's annotations, even when run in a job."""
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)


@pytest.fixture
def make_campaign(tmp_path):
    def make(campaign: str, turns=None, stories=None, root: Path | None = None) -> Path:
        return write_campaign(root or tmp_path / "campaign", campaign, turns, stories)
    return make


@pytest.fixture
def run():
    """Run the chronicle CLI in-process; returns click's Result (exit_code, stdout, stderr)."""
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)
    return invoke
