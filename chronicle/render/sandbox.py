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
import types
from pathlib import Path, PurePath

import jinja2
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
