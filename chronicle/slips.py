"""Indentation slips, explained in the campaign's words and mended so the rest is checked as meant.

YAML reads structure from indentation, so one line indented two spaces too far or too little
turns a section into something else: ``dice:`` indented under ``orders:`` is read as a player
named "dice"; a player's orders written under an empty ``orders:`` without indentation sit at
the top level. The parser accepts both, and what follows (an unknown player 'dice', an unknown
key 'paula', orders: expected a mapping, got nothing) names the symptom, not the slip. Here the
slip is found before the file is checked, reported once at its line, and the data is mended as
it was meant, so the turn's other problems are still found where they are and no problem follows
from the slip itself.
"""

from __future__ import annotations

from .errors import Problem
from .source import Document

RULE = "indentation"


def mend(doc: Document, schema: dict, names: set[str] = frozenset()) -> list[Problem]:
    """Find the slips in ``doc`` (a file whose schema is ``schema``), mend ``doc.data`` and return
    one problem per slip. ``names`` are the campaign's player and province ids: a key that is one
    of them is never a misplaced section."""
    data = doc.data
    if not isinstance(data, dict):
        return []
    sections = schema.get("properties") or {}
    problems: list[Problem] = []
    problems += _sections_indented_under_another(doc, data, sections, names)
    problems += _entries_left_at_the_top(doc, data, sections, names)
    return problems


def _sections_indented_under_another(doc, data, sections, names) -> list[Problem]:
    problems = []
    for parent in list(data):
        inner = data.get(parent)
        own = (sections.get(parent) or {}).get("properties") or {}
        if not isinstance(inner, dict):
            continue
        for key in list(inner):
            if key in sections and key != parent and key not in own and key not in names:
                problems.append(doc.locate(Problem(
                    f"{key}: is indented under {parent}:, so it is read as part of {parent} — "
                    f"it is a section of its own",
                    hint=f"write {key}: at the start of its line, with no spaces before it, as {parent}: is",
                    path=(parent, key), rule=RULE), key=True))
                value = inner.pop(key)
                if key not in data:
                    data[key] = value
                    _move_places(doc, (parent, key), (key,))
    return problems


def _entries_left_at_the_top(doc, data, sections, names) -> list[Problem]:
    """Top-level keys that are player or province ids, right after a section that takes such
    keys (left empty, or begun): one error for the run of them, at the first."""
    problems = []
    runs: dict[str, list[str]] = {}
    keys = list(data)
    for i, key in enumerate(keys):
        if key in sections or key not in names or i == 0:
            continue
        before = next((k for k in reversed(keys[:i]) if k in sections), None)
        if before is None or not (data.get(before) is None or isinstance(data.get(before), dict)):
            continue
        if "object" not in _types(sections.get(before) or {}):
            continue
        runs.setdefault(before, []).append(key)
    for before, run in runs.items():
        shown = ", ".join(f"{k}:" for k in run)
        problems.append(doc.locate(Problem(
            f"{shown} {'is' if len(run) == 1 else 'are'} at the top level, but "
            f"{'it is a name' if len(run) == 1 else 'they are names'} of the campaign (a player or a province): "
            f"{'it belongs' if len(run) == 1 else 'they belong'} under {before}:",
            hint=f"indent {'it' if len(run) == 1 else 'them'} under {before}: by two spaces",
            path=(run[0],), rule=RULE), key=True))
        if not isinstance(data.get(before), dict):
            data[before] = {}
        for key in run:
            data[before][key] = data.pop(key)
            _move_places(doc, (key,), (before, key))
    return problems


def _types(schema: dict) -> set[str]:
    found = set()
    kind = schema.get("type")
    found |= set(kind) if isinstance(kind, list) else {kind} if kind else set()
    for option in schema.get("oneOf", []) + schema.get("anyOf", []):
        found |= _types(option)
    return found


def _move_places(doc: Document, old: tuple, new: tuple) -> None:
    """The moved value's places, under its new path, so later problems inside it keep their lines."""
    for table in (doc.places, doc.key_places):
        for path in [p for p in table if p[:len(old)] == old]:
            table[new + path[len(old):]] = table[path]
