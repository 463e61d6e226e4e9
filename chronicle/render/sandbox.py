"""Templates are code: a campaign's template overrides run in Jinja2's sandbox, read safely.

A campaign repository may build pull requests in CI, so a template override must not reach
Python (``cycler.__init__.__globals__.os`` works in a plain Jinja environment). Jinja's
:class:`~jinja2.sandbox.SandboxedEnvironment` refuses unsafe attributes; on top of it,
:class:`Sandbox` bounds the operators that could ask for gigabytes (``"x" * 10**10``).
:class:`TemplateFiles` reads every template through :func:`chronicle.source.read_text`:
never a FIFO or a folder, never a file outside its template folder (a symbolic link out), at
most the size limit, UTF-8 without control characters, each failure placed at the file.
"""

from __future__ import annotations

import os
import re
import sys
import types
from pathlib import Path, PurePath

import jinja2
import jinja2.nodes
import jinja2.parser
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

from ..source import is_inside, read_text

#: the longest text or list a template may make by repetition, and the largest power it may take
MAX_REPEAT = 1_000_000
MAX_EXPONENT = 1_000


class Sandbox(SandboxedEnvironment):
    """The sandbox, with ``*`` and ``**`` checked so that no template asks for unbounded memory,
    and no way to the file system or to Python's modules through the objects a page is given:
    Jinja's sandbox refuses ``__globals__`` and the like, but a ``Path`` in the context
    (``campaign.root``) would still ``read_text()`` any file or ``unlink()`` one, and a module
    (``views``) would hand out whatever it imported."""

    intercepted_binops = frozenset(["*", "**"])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.globals.pop("lipsum", None)          # a text generator a template can ask gigabytes of

    # A template nested too deeply for Python (thousands of {% if %}, of brackets, of filters in a
    # row; more than 20 loops inside each other) fails in Jinja's parser, its code generator or
    # Python's compiler with a RecursionError or a SyntaxError that names no template line. Each
    # of the three steps turns that into a TemplateSyntaxError at the line where it happened, so
    # check and build place it like any other template error.

    def _parse(self, source, name, filename):
        try:
            return super()._parse(source, name, filename)
        except (RecursionError, MemoryError) as exc:
            raise _too_deep(exc, _line_in_parser(exc), name, filename) from None

    def _generate(self, source, name, filename, defer_init=False):
        try:
            return super()._generate(source, name, filename, defer_init)
        except (RecursionError, MemoryError) as exc:
            raise _too_deep(exc, _line_of_node(exc), name, filename) from None

    def _compile(self, source, filename):
        try:
            return super()._compile(source, filename)
        except (RecursionError, MemoryError, SyntaxError) as exc:
            code_line = getattr(exc, "lineno", None) or _longest_line(source)
            line = _template_line(source, code_line)
            name = None if filename == "<template>" else os.path.basename(filename)
            raise _too_deep(exc, line, name, None if filename == "<template>" else filename) from None

    def is_safe_attribute(self, obj, attr, value) -> bool:
        if isinstance(obj, PurePath) or isinstance(value, (PurePath, types.ModuleType, type)):
            return False
        if isinstance(obj, types.ModuleType) and not _defined_in(value, obj):
            return False
        return super().is_safe_attribute(obj, attr, value)

    def call_binop(self, context, operator, left, right):
        if operator == "*":
            for sized, times in ((left, right), (right, left)):
                if isinstance(sized, (str, list, tuple)) and isinstance(times, int) and len(sized) * times > MAX_REPEAT:
                    raise SecurityError(f"a repetition longer than {MAX_REPEAT:,} is not allowed in a template")
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > MAX_EXPONENT:
            raise SecurityError(f"a power above {MAX_EXPONENT} is not allowed in a template")
        return super().call_binop(context, operator, left, right)


def _too_deep(exc: BaseException, line: int, name, filename) -> jinja2.TemplateSyntaxError:
    why = "more than 20 loops or blocks inside each other" if isinstance(exc, SyntaxError) else \
        "too many tags, brackets or filters inside each other"
    return jinja2.TemplateSyntaxError(f"the template is nested too deeply for Python ({why}); "
                                      "split it with macros or includes", line or 1, name, filename)


def _line_in_parser(exc: BaseException) -> int:
    """The template line Jinja's parser had reached: its token stream's current token, in the
    innermost parser frame of the traceback."""
    line = 0
    for frame, _ in _frames(exc):
        parser = frame.f_locals.get("self")
        if isinstance(parser, jinja2.parser.Parser):
            line = parser.stream.current.lineno
    return line


def _line_of_node(exc: BaseException) -> int:
    """The line of the innermost template node Jinja's code generator was visiting (or walking)."""
    line = 0
    for frame, _ in _frames(exc):
        for node in (frame.f_locals.get("node"), frame.f_locals.get("self")):
            if isinstance(node, jinja2.nodes.Node) and getattr(node, "lineno", None):
                line = node.lineno
    return line


def _frames(exc: BaseException):
    import traceback
    return traceback.walk_tb(exc.__traceback__)


def _longest_line(code: str) -> int:
    """Python's compiler names no line when an expression is nested too deeply; that expression
    is the longest line of the generated code by far."""
    lines = code.splitlines()
    return max(range(len(lines)), key=lambda i: len(lines[i])) + 1 if lines else 1


_DEBUG_INFO = re.compile(r"^debug_info = '([0-9=&]*)'$", re.M)


def _template_line(code: str, code_line: int | None) -> int:
    """The template line of a line of the Python code Jinja generated, from the ``debug_info``
    map (template line = code line, ...) Jinja writes at the end of that code."""
    match = _DEBUG_INFO.search(code) if code_line else None
    if not match or not match.group(1):
        return 1
    line = 1
    for pair in match.group(1).split("&"):
        template, generated = (int(n) for n in pair.split("="))
        if generated <= code_line:
            line = template
    return line


def _defined_in(value, module: types.ModuleType) -> bool:
    """Whether a module's attribute is its own (a function it defines), not something it imported."""
    return getattr(value, "__module__", None) == module.__name__


class TemplateFiles(jinja2.BaseLoader):
    """Templates from one folder, read through chronicle's safe file reading."""

    def __init__(self, folder: Path, shown=None):
        self.folder = Path(folder)
        self.shown = shown or (lambda path: str(path))

    def get_source(self, environment, template):
        parts = [p for p in template.split("/") if p not in ("", ".")]
        if any(p == ".." or os.sep in p or (os.altsep and os.altsep in p) for p in parts):
            raise jinja2.TemplateNotFound(template)
        path = self.folder.joinpath(*parts)
        if not os.path.lexists(path):
            raise jinja2.TemplateNotFound(template)
        shown = self.shown(path)
        text = read_text(path, shown, inside=self.folder)       # a ChronicleError, placed, if it cannot be read
        mtime = _mtime(path)
        return text, str(path), lambda: _mtime(path) == mtime

    def list_templates(self):
        found = []
        for path in sorted(self.folder.rglob("*")):
            if path.is_file() and is_inside(path, self.folder):
                found.append(path.relative_to(self.folder).as_posix())
        return found


def _mtime(path: Path) -> float | None:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return None
