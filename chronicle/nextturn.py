"""``chronicle next``: the next turn file, pre-filled with what the rules will ask for.

A ruleset says what each player is owed after the last turn (its ``next_turn`` hook returns the
file's sections as :class:`Slot` values); this module writes them as YAML with the guidance as
comments, and finds the blanks (``___``) left in a turn file so that ``check`` names each one,
with the ruleset's hint (``blank_hint``), instead of the errors a blank would otherwise cause.

A turn file that still has blanks is not played: its blanks are its only errors, and the turns
after it replay as if it were empty. Filled in, it checks like any other.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import yaml

from .errors import Problem

BLANK = "___"
RULE = "fill in the turn"


@dataclass(frozen=True)
class Slot:
    """One line of the file: ``key: value`` (``key`` None: a list item ``- value``), the value in
    flow style with :data:`BLANK` where the administrator writes; or ``key:`` with ``children``
    below it. ``above`` is comment text put on the lines before it, ``note`` a comment after it;
    ``commented`` writes the whole slot as a comment (an example, not a blank to fill)."""

    key: str | None
    value: object = None
    note: str = ""
    above: str = ""
    children: tuple["Slot", ...] = ()
    commented: bool = False


@dataclass(frozen=True)
class NextTurn:
    """What a ruleset asks of the next turn: the file's sections and notices for the administrator
    (things to do elsewhere, e.g. in the last turn's file)."""

    slots: tuple[Slot, ...]
    notices: tuple[str, ...] = ()


def flow(value: object) -> str:
    """A value on one line, as YAML writes it in flow style (``[a, b]``, ``{x: 1}``)."""
    if value is None:
        return ""
    text = yaml.safe_dump(value, default_flow_style=True, width=10_000, allow_unicode=True, sort_keys=False).strip()
    return text[:-4].rstrip() if text.endswith("\n...") else text.removesuffix("...").rstrip()


def render(slots, indent: int = 0) -> list[str]:
    """YAML lines; a commented slot is written as comment lines that, uncommented (``# `` removed),
    are the right YAML at the right indentation."""
    lines = []
    pad = " " * indent
    for slot in slots:
        hash_ = "# " if slot.commented else ""
        for comment in slot.above.splitlines() if slot.above else ():
            lines.append(f"{pad}# {comment}".rstrip() if comment.strip() else "")
        head = f"{hash_}{pad}- " if slot.key is None else f"{hash_}{pad}{slot.key}:"
        if slot.children:
            lines.append(head + (f"  # {slot.note}" if slot.note else ""))
            lines.extend(render([Slot(c.key, c.value, c.note, c.above, c.children, c.commented or slot.commented)
                                 for c in slot.children], indent + 2))
            continue
        value = flow(slot.value)
        line = (head + value) if slot.key is None else (head + (" " + value if value else ""))
        if slot.note:
            line += f"  # {slot.note}"
        lines.append(line)
    return lines


def write_text(ruleset_name: str, number: int, date: dt.date | str, wanted: NextTurn) -> str:
    head = [f"# yaml-language-server: $schema=../../schemas/turn-{ruleset_name}.schema.json",
            f"# Turn {number}, written by chronicle next: fill in every {BLANK} (or delete what did not",
            "# happen), then run chronicle check; it names every blank still left.",
            f"date: \"{date}\""]
    return "\n".join(head + render(wanted.slots)) + "\n"


def story_text(number: int) -> str:
    return (f"<!-- The story of turn {number}: what happened on the game day, in Markdown. It is shown "
            "on the turn's page above the orders and dice. -->\n")


# ---- blanks ------------------------------------------------------------------------------

def is_blank(value: object) -> bool:
    return isinstance(value, str) and value.strip() == BLANK


def contains_blank(value: object) -> bool:
    if is_blank(value):
        return True
    if isinstance(value, dict):
        return any(is_blank(k) or contains_blank(v) for k, v in value.items())
    if isinstance(value, list):
        return any(contains_blank(v) for v in value)
    return False


def find_blanks(data: object, path: tuple = ()) -> list[tuple[tuple, bool]]:
    """(path, at_key) of every blank in a turn file's data, in document order."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if is_blank(key):
                found.append((path + (key,), True))
            found += find_blanks(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += find_blanks(value, path + (i,))
    elif is_blank(data):
        found.append((path, False))
    return found


def blank_problems(ruleset, data: object, options: Mapping) -> list[Problem]:
    """One error per blank, with the ruleset's word on what goes there (in the campaign's
    ``options``: a hint that states a number states the one in force)."""
    problems = []
    for path, at_key in find_blanks(data):
        shown = ".".join(str(p) for p in path) or "the file"
        hint = ruleset.blank_hint(path, options) or "write the value, or delete the line if it did not happen"
        problems.append(Problem(f"blank left to fill: {shown}", hint=hint, path=path, rule=RULE, at_key=at_key))
    return problems


def today() -> dt.date:
    """The date a new turn file is given unless --date says otherwise (the only clock chronicle
    reads: writing a file for the administrator, never a build)."""
    return dt.date.today()


def turn_paths(root: Path, number: int) -> tuple[Path, Path]:
    folder = Path(root) / "content" / "turns"
    return folder / f"{number:03d}.yaml", folder / f"{number:03d}.md"
