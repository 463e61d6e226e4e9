"""YAML documents that remember where every value came from.

PyYAML's composer keeps a mark on every node; we build plain Python values from the nodes and
keep a table from each value's path (keys and indexes from the root) to its place, so that any
later layer can report a problem at the exact line and column of the value it rejects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .errors import ChronicleError, Place, Problem


@dataclass
class Document:
    """Plain data from one YAML file, plus the place of every value and mapping key."""

    file: str
    data: object
    places: dict = field(default_factory=dict)
    key_places: dict = field(default_factory=dict)

    def place(self, path: tuple = ()) -> Place:
        """The place of the value at ``path``, or of its nearest ancestor that exists."""
        path = tuple(path)
        while path not in self.places and path:
            path = path[:-1]
        return self.places.get(path, Place(self.file, 1, 1))

    def key_place(self, path: tuple) -> Place:
        """The place of the key that names the value at ``path`` (for unknown-key errors)."""
        path = tuple(path)
        return self.key_places.get(path) or self.place(path)

    def locate(self, problem: Problem, *, key: bool = False) -> Problem:
        key = key or problem.at_key
        where = self.key_place(problem.path) if key else self.place(problem.path)
        return problem.at(where)


def _place(file: str, node: yaml.Node) -> Place:
    return Place(file, node.start_mark.line + 1, node.start_mark.column + 1)


def parse_yaml(text: str, file: str) -> Document:
    """Parse ``text``; a syntax error or a duplicate key raises ChronicleError at its place."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return Document(file, None, {(): Place(file, 1, 1)})
        problems: list[Problem] = []
        doc = Document(file, None)
        doc.data = _build(loader, node, (), doc, problems)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        place = Place(file, mark.line + 1, mark.column + 1) if mark else Place(file)
        what = exc.problem or "invalid YAML"
        if "'\\t'" in what:
            what = "a tab character cannot indent or start a value"
        elif what in PLAIN:
            what = PLAIN[what]
        elif exc.context:
            what = f"{exc.context}, {what}"
        raise ChronicleError([Problem(f"YAML syntax: {what}", hint=_syntax_hint(what, exc, mark), place=place,
                                      rule="YAML syntax")])
    finally:
        loader.dispose()
    if problems:
        raise ChronicleError(problems)
    return doc


#: the parser's words for the commonest slips, in the administrator's
PLAIN = {
    "expected <block end>, but found '<block mapping start>'":
        "this line is indented more than the lines before it, as if it belonged under the line above",
    "expected <block end>, but found '<block sequence start>'":
        "this list item is indented more than the lines before it",
    "expected <block end>, but found '-'":
        "this list item is not indented like the items before it",
    "expected <block end>, but found '?'": "this line is not indented like the lines before it",
    "mapping values are not allowed here":
        "a ': ' here starts a key where none can start: a value containing ': ' must be quoted, or the line "
        "is indented under a value",
}


def _syntax_hint(what: str, exc: yaml.MarkedYAMLError, mark) -> str:
    if "tab character" in what:
        return "indent with spaces, not tabs"
    if what.startswith("this line is indented more") or what.startswith("this list item"):
        return "the lines of one section are indented alike: two spaces under its key, the same for each"
    if what.startswith("a ': ' here"):
        return "quote the value (\"Attack: Inaba\") or check the indentation of this line"
    if "mapping values are not allowed" in what:
        return "a value containing ': ' must be quoted"
    start = exc.context_mark
    if exc.context and start and mark and (start.line, start.column) != (mark.line, mark.column):
        opened = exc.context.removeprefix("while parsing ").removeprefix("while scanning ")
        return (f"{opened} begins at line {start.line + 1}, column {start.column + 1}: "
                "check its brackets, quotes and indentation up to here")
    return "check indentation and quoting on this line and the one before it"


def _build(loader, node, path, doc: Document, problems: list[Problem]):
    doc.places[path] = _place(doc.file, node)
    if isinstance(node, yaml.MappingNode):
        result = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if isinstance(key, (list, dict)):
                problems.append(Problem("a mapping key must be a plain value", place=_place(doc.file, key_node),
                                        rule="YAML syntax"))
                continue
            if key in result:
                first = doc.key_places[path + (key,)]
                problems.append(Problem(
                    f"duplicate key {key!r}", hint=f"it is already given at line {first.line}; merge the two",
                    place=_place(doc.file, key_node), rule="YAML syntax"))
                continue
            doc.key_places[path + (key,)] = _place(doc.file, key_node)
            result[key] = _build(loader, value_node, path + (key,), doc, problems)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, item, path + (i,), doc, problems) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def load_yaml(path: Path, display: str | None = None) -> Document:
    """Read and parse a YAML file; ``display`` is the name used in messages."""
    display = display or str(path)
    raw = Path(path).read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        line = raw.count(b"\n", 0, exc.start) + 1
        col = len(raw[line_start:exc.start].decode("utf-8", errors="replace")) + 1
        bad = raw[exc.start:exc.end]
        raise ChronicleError([Problem(
            f"not UTF-8 text: byte{'s' if len(bad) > 1 else ''} {' '.join(f'0x{b:02x}' for b in bad)} "
            f"cannot be read ({exc.reason})",
            hint="save the file as UTF-8 (it looks like another encoding, such as Latin-1 or Windows-1252)",
            place=Place(display, line, col), rule="file encoding")])
    return parse_yaml(text.removeprefix("\ufeff"), display)
