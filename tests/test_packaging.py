"""The wheel must carry every package, the bundled maps, the theme and the starter campaigns."""

from __future__ import annotations

import tomllib
from pathlib import Path

from chronicle import scaffold
from chronicle.render.theme import default_theme_dir

REPO = Path(__file__).resolve().parents[1]


def test_every_package_is_listed_in_pyproject():
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(REPO).parts) for p in (REPO / "chronicle").rglob("__init__.py")
             if "scaffold" not in p.parts and "__pycache__" not in p.parts}
    assert found <= listed, f"add to pyproject.toml [tool.setuptools] packages: {sorted(found - listed)}"


def test_default_theme_is_found():
    assert (default_theme_dir() / "base.html").is_file()


def test_every_ruleset_with_a_starter_has_its_campaign_files():
    for starter in (scaffold.SCAFFOLD).iterdir():
        if starter.name == "common" or not starter.is_dir():
            continue
        assert (starter / "content" / "campaign.yaml").is_file(), starter
