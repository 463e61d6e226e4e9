"""Pages a ruleset adds to the site besides the ones every campaign has (Clan War's forces, battle
reports, alliances, the fallen and libraries). A module per ruleset gives ``NAV`` (path, label)
and ``outputs(renderer)``; the renderer asks here, so site.py stays the same for every ruleset."""

from __future__ import annotations

import importlib

MODULES = {"clanwar": "chronicle.render.clanwar_pages"}


def _module(ruleset: str):
    name = MODULES.get(ruleset)
    return importlib.import_module(name) if name else None


def nav(ruleset: str) -> tuple:
    module = _module(ruleset)
    return tuple(module.NAV) if module else ()


def outputs(renderer) -> list:
    module = _module(renderer.campaign.ruleset.name)
    return module.outputs(renderer) if module else []
