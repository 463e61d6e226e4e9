"""Pages a ruleset adds to the site besides the ones every campaign has (Clan War's forces, battle
reports, alliances, the fallen and libraries; Campagna's calendar and Generals). A module per
ruleset gives ``NAV`` (path, label) and ``outputs(renderer)``; the renderer asks here, so site.py
stays the same for every ruleset.

A module may also give ``STYLESHEET`` (a site path under static/, linked from every page) and be
the view helpers its templates reach as ``pages``: the common turn, home and standings templates
include ``RULESET/turn.html``, ``RULESET/home.html`` and ``RULESET/standings.html`` when a ruleset's
templates have them (Campagna's calendar of clashes, order of play and race to the Capitals)."""

from __future__ import annotations

import importlib

MODULES = {"clanwar": "chronicle.render.clanwar_pages", "campagna": "chronicle.render.campagna"}


def _module(ruleset: str):
    name = MODULES.get(ruleset)
    return importlib.import_module(name) if name else None


def nav(ruleset: str) -> tuple:
    module = _module(ruleset)
    return tuple(module.NAV) if module else ()


def outputs(renderer) -> list:
    module = _module(renderer.campaign.ruleset.name)
    return module.outputs(renderer) if module else []


def helpers(ruleset: str):
    """The ruleset's page module, for its templates (``pages``); None for a ruleset without one."""
    return _module(ruleset)


def stylesheet(ruleset: str) -> str | None:
    return getattr(_module(ruleset), "STYLESHEET", None)
