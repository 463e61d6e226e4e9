"""Reading the campaign's files: bounded, placed, and remembering where every value came from.

Every file chronicle reads from a campaign goes through :func:`read_bytes`: only a regular file
(never a FIFO, a device or a folder, which could hang or mislead a build), at most
:data:`MAX_FILE_BYTES`, and, when a campaign folder is given, never one that resolves outside
it (through ``..`` or a symbolic link). Text goes through :func:`read_text`: UTF-8 only, and none
of the control characters that YAML, HTML and XML cannot carry.

YAML is composed into nodes by libyaml (``yaml.CSafeLoader``, about 8x faster) where it is
installed, else by PyYAML's pure-Python parser; both keep a mark on every node. We then build
plain Python values from the node graph ourselves, keeping a table from each value's path (keys
and indexes from the root) to its place, so that any later layer can report a problem at the
exact line and column of the value it rejects. Building values ourselves is also where the
dialect is fixed, one rule for every file:

* values are text, whole numbers, finite decimal numbers, true/false, null, lists and mappings
  (YAML's core schema); any other tag (``!!binary``, ``!!set``, ``!!python/...``, ``!custom``)
  is an error, never dropped;
* a date written without quotes (``2026-03-14``) stays the text written: chronicle has no date
  type, so a title, a name or a date field reads it as text, and a number field rejects it;
* mapping keys are the text written (``1:`` is the key "1", ``yes:`` is "yes"), as in JSON;
* aliases may repeat at most :data:`MAX_ALIAS_VALUES` values in a file (an "alias bomb" of a
  few hundred bytes would otherwise expand to gigabytes), an alias may not contain itself, and
  values nest at most :data:`MAX_DEPTH` levels;
* ``<<`` merge keys work as in YAML 1.1, with the merged values keeping their own places.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .errors import ChronicleError, Place, Problem
from .files import MAX_FILE_BYTES, UNPRINTABLE, decode, is_inside, read_bytes, read_text  # noqa: F401 (re-exported)

try:                                     # libyaml, when PyYAML was built with it (the usual wheels)
    FastLoader = yaml.CSafeLoader
except AttributeError:                   # pragma: no cover - depends on the installed PyYAML
    FastLoader = yaml.SafeLoader

#: how deep lists and mappings may nest in a YAML file (chronicle's own formats need fewer than 10)
MAX_DEPTH = 64
#: how many values aliases may repeat in one YAML file, in total
MAX_ALIAS_VALUES = 20_000
#: the most digits a whole number may have (the largest useful is far smaller; schemas bound it)
MAX_DIGITS = 30

CORE = "tag:yaml.org,2002:"
_AS_TEXT = {CORE + "str", CORE + "timestamp", CORE + "value", CORE + "merge"}


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
        return self._as_place(self.places.get(path)) or Place(self.file, 1, 1)

    def key_place(self, path: tuple) -> Place:
        """The place of the key that names the value at ``path`` (for unknown-key errors)."""
        path = tuple(path)
        return self._as_place(self.key_places.get(path)) or self.place(path)

    def _as_place(self, where) -> Place | None:
        """Places are kept as (line, column) while loading (a Place costs more to make than a
        tuple, and a file has thousands of values) and made when asked for."""
        if isinstance(where, tuple):
            return Place(self.file, *where)
        return where

    def locate(self, problem: Problem, *, key: bool = False) -> Problem:
        key = key or problem.at_key
        where = self.key_place(problem.path) if key else self.place(problem.path)
        return problem.at(where)


# ---- files: chronicle/files.py (read without YAML, so a no-change build need not load it) ----

# ---- YAML -------------------------------------------------------------------------------------

def load_yaml(path: Path, display: str | None = None, *, inside: Path | None = None) -> Document:
    """Read and parse a YAML file; ``display`` is the name used in messages."""
    display = display or str(path)
    return parse_yaml(read_text(path, display, inside=inside), display)


def parse_yaml(text: str, file: str, loader_class=None) -> Document:
    """Parse ``text``; a syntax error, a duplicate key or a value outside the dialect raises
    ChronicleError at its place."""
    if UNPRINTABLE.search(text):
        decode(text.encode("utf-8", "surrogatepass"), file)     # raises, placed
    loader_class = loader_class or FastLoader
    if loader_class is yaml.SafeLoader:
        _refuse_deep_brackets(text, file)
    loader = loader_class(text)
    try:
        try:
            node = loader.get_single_node()
        except RecursionError:
            raise ChronicleError([_too_deep(file, _deep_mark(text))]) from None
        except yaml.YAMLError as exc:
            raise ChronicleError([_syntax_problem(text, file, exc, loader_class)]) from None
    finally:
        loader.dispose()
    if node is None:
        return Document(file, None, {(): Place(file, 1, 1)})
    builder = _Builder(loader, file)
    doc = builder.document(node)
    if builder.problems:
        raise ChronicleError(builder.problems)
    return doc


def _syntax_problem(text: str, file: str, exc: yaml.YAMLError, loader_class) -> Problem:
    deep = _deep_bracket(text)
    if deep is not None:
        line = text.count("\n", 0, deep)
        return _too_deep(file, yaml.Mark(file, deep, line, deep - (text.rfind("\n", 0, deep) + 1), None, None))
    if loader_class is not yaml.SafeLoader:
        # libyaml's messages are terser: explain the error with the pure-Python parser's words
        # (errors are rare, so parsing twice costs nothing that matters)
        try:
            yaml.SafeLoader(text).get_single_node()
        except yaml.MarkedYAMLError as better:
            exc = better
        except (yaml.YAMLError, RecursionError):
            pass
    if not isinstance(exc, yaml.MarkedYAMLError):
        return Problem(f"YAML syntax: {exc}", place=Place(file, 1, 1), rule="YAML syntax")
    mark = exc.problem_mark or exc.context_mark
    place = Place(file, mark.line + 1, mark.column + 1) if mark else Place(file, 1, 1)
    what = exc.problem or "invalid YAML"
    if "maximum nesting depth" in what:
        return _too_deep(file, mark)
    if "'\\t'" in what:
        what = "a tab character cannot indent or start a value"
    elif what in PLAIN:
        what = PLAIN[what]
    elif exc.context:
        what = f"{exc.context}, {what}"
    return Problem(f"YAML syntax: {what}", hint=_syntax_hint(what, exc, mark), place=place, rule="YAML syntax")


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


def _too_deep(file: str, mark) -> Problem:
    place = Place(file, mark.line + 1, mark.column + 1) if mark else Place(file, 1, 1)
    return Problem(f"lists and mappings nest more than {MAX_DEPTH} levels deep here", place=place,
                   hint="chronicle's files need only a few levels; check for brackets that are never closed",
                   rule="limits")


def _deep_bracket(text: str) -> int | None:
    """The index of the first bracket that opens more than MAX_DEPTH levels of ``[`` and ``{``,
    outside quotes and comments, or None. The pure-Python parser takes time quadratic in the
    depth of brackets (14 s for 2,000), so it never sees such text; libyaml stops at 1,000."""
    depth, quote, i, n = 0, None, 0, len(text)
    while i < n:
        c = text[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or text[i - 1] in " \t\r\n"):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return i
        elif c in "]}":
            depth = max(0, depth - 1)
        i += 1
    return None


def _refuse_deep_brackets(text: str, file: str) -> None:
    index = _deep_bracket(text)
    if index is not None:
        line = text.count("\n", 0, index)
        col = index - (text.rfind("\n", 0, index) + 1)
        raise ChronicleError([_too_deep(file, yaml.Mark(file, index, line, col, None, None))])


def _deep_mark(text: str):
    """Where nesting first passes MAX_DEPTH, found from the event stream (which, unlike composing,
    needs no recursion)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return event.start_mark
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        pass
    return None


class _Builder:
    """Plain values from a node graph, with places, inside the dialect and the limits."""

    def __init__(self, loader, file: str):
        self.loader = loader
        self.file = file
        self.problems: list[Problem] = []
        self.seen: set[int] = set()            # nodes built at least once
        self.open: set[int] = set()            # nodes being built (an alias to one is a loop)
        self.repeated = 0                      # values built again through an alias
        self.stopped = False                   # the alias budget is spent: build nothing more

    def document(self, node) -> Document:
        self.doc = Document(self.file, None)
        self.doc.data = self.build(node, (), 0)
        return self.doc

    def place(self, node) -> Place:
        return Place(self.file, node.start_mark.line + 1, node.start_mark.column + 1)

    def where(self, path: tuple, node) -> Place:
        """The key naming the value at ``path`` if there is one (an alias's own place is lost
        when the graph is composed: the key in front of it is the nearest place we keep)."""
        return self.doc.key_place(path) if path in self.doc.key_places else self.place(node)

    def problem(self, message: str, place: Place, hint: str | None = None, rule: str | None = None) -> None:
        self.problems.append(Problem(message, hint=hint, place=place, rule=rule))

    def build(self, node, path: tuple, depth: int):
        if self.stopped:
            return None
        key = id(node)
        if key in self.open:
            self.problem("an alias here refers to a value that contains it, a loop without end",
                         self.where(path, node), hint="an alias (*name) may only repeat a value defined before it "
                                                      "and outside it", rule="limits")
            return None
        if key in self.seen:
            self.repeated += 1
            if self.repeated > MAX_ALIAS_VALUES:
                self.stopped = True
                self.problem(f"aliases repeat more than {MAX_ALIAS_VALUES:,} values in this file",
                             self.where(path, node), hint="an alias that repeats a list of aliases multiplies "
                                                          "them: write the values out instead", rule="limits")
                return None
        if depth > MAX_DEPTH:
            self.problems.append(_too_deep(self.file, node.start_mark))
            self.stopped = True
            return None
        self.seen.add(key)
        mark = node.start_mark
        self.doc.places[path] = (mark.line + 1, mark.column + 1)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path)
        self.open.add(key)
        try:
            if isinstance(node, yaml.MappingNode) and node.tag == CORE + "map":
                return self.mapping(node, path, depth)
            if isinstance(node, yaml.SequenceNode) and node.tag == CORE + "seq":
                return [self.build(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
            self.unknown_tag(node, path)
            return None
        finally:
            self.open.discard(key)

    def mapping(self, node, path: tuple, depth: int) -> dict:
        result: dict = {}
        explicit: set = set()
        for key_node, value_node, merged in self.pairs(node, path):
            key = self.key(key_node)
            if key is None:
                continue
            if key in explicit or (merged and key in result):
                if not merged:
                    first = self.doc.key_place(path + (key,))
                    self.problem(f"duplicate key {key!r}", self.place(key_node),
                                 hint=f"it is already given at line {first.line}; merge the two", rule="YAML syntax")
                continue
            if not merged:
                explicit.add(key)
            mark = key_node.start_mark
            self.doc.key_places[path + (key,)] = (mark.line + 1, mark.column + 1)
            result[key] = self.build(value_node, path + (key,), depth + 1)
        return result

    def pairs(self, node, path: tuple):
        """The mapping's (key, value, merged) pairs: its own first, then what ``<<`` merges in
        (its own keys win, as in YAML 1.1; of the merged mappings, the first wins)."""
        own, merges = [], []
        for key_node, value_node in node.value:
            if key_node.tag == CORE + "merge" and isinstance(key_node, yaml.ScalarNode):
                sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
                for source in sources:
                    if isinstance(source, yaml.MappingNode) and source.tag == CORE + "map" and id(source) not in self.open:
                        merges.append(source)
                    else:
                        self.problem("'<<' merges a mapping, or a list of mappings, into this one", self.place(key_node),
                                     hint="write <<: *name, where &name marks a mapping defined before")
            else:
                own.append((key_node, value_node, False))
        merged = []
        for source in merges:
            self.open.add(id(source))
            try:
                merged += [(k, v, True) for k, v, _ in self.pairs(source, path)]
            finally:
                self.open.discard(id(source))
        return own + merged

    def key(self, node) -> str | None:
        if not isinstance(node, yaml.ScalarNode):
            self.problem("a mapping key must be a plain value", self.place(node),
                         hint="write the key as text, not as a list or a mapping", rule="YAML syntax")
            return None
        if node.tag not in _AS_TEXT and node.tag not in (CORE + t for t in ("int", "float", "bool", "null")):
            self.unknown_tag(node, ())
            return None
        return node.value

    def scalar(self, node, path: tuple):
        tag, text = node.tag, node.value
        if tag in _AS_TEXT:
            return text
        if tag == CORE + "int":
            digits = sum(c.isdigit() for c in text)
            if digits > MAX_DIGITS:
                self.problem(f"a whole number of {digits} digits is too large", self.place(node),
                             hint=f"numbers in chronicle's files have at most {MAX_DIGITS} digits", rule="limits")
                return None
            try:
                return self.loader.construct_yaml_int(node)
            except (ValueError, TypeError):
                self.problem(f"cannot read {text!r} as a whole number", self.place(node))
                return None
        if tag == CORE + "float":
            try:
                value = self.loader.construct_yaml_float(node)
            except (ValueError, TypeError):
                self.problem(f"cannot read {text!r} as a number", self.place(node))
                return None
            if not math.isfinite(value):
                self.problem(f"{text!r} is not a finite number", self.place(node),
                             hint="write an ordinary number (infinity, not-a-number and numbers beyond 1e308 "
                                  "cannot be used)", rule="limits")
                return None
            return value
        if tag == CORE + "bool":
            try:
                return self.loader.construct_yaml_bool(node)
            except (KeyError, ValueError, TypeError):     # an explicit !!bool on text that is not one
                self.problem(f"cannot read {text!r} as true or false", self.place(node),
                             hint="write true or false (or remove the !!bool tag)")
                return None
        if tag == CORE + "null":
            return None
        self.unknown_tag(node, path)
        return None

    def unknown_tag(self, node, path: tuple) -> None:
        tag = node.tag
        shown = "!!" + tag[len(CORE):] if tag.startswith(CORE) else tag
        self.problem(f"the tag {shown} is not allowed", self.place(node),
                     hint="chronicle reads plain YAML: text, numbers, true/false, null, lists and mappings; "
                          "remove the tag (put the value in quotes to keep it as text)", rule="YAML")
