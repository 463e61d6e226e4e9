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

import contextlib
import os
import re
import signal
import threading
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
#: the longest text a template may make by any other means (joining, formatting, padding, adding):
#: fifty times the largest page the bundled maps make, and far below a machine's memory
MAX_TEXT = 50_000_000
#: the widest field a format (``%9d``, ``{:>9}``) or a padding filter (``center``) may ask for
MAX_WIDTH = 10_000
#: CPU seconds one page of a campaign with template overrides may take to render (a loop of loops
#: in a template runs for hours otherwise); the slowest page of the benchmark campaigns takes well
#: under a second
MAX_PAGE_SECONDS = 10


class Sandbox(SandboxedEnvironment):
    """The sandbox, with ``*`` and ``**`` checked so that no template asks for unbounded memory,
    and no way to the file system or to Python's modules through the objects a page is given:
    Jinja's sandbox refuses ``__globals__`` and the like, but a ``Path`` in the context
    (``campaign.root``) would still ``read_text()`` any file or ``unlink()`` one, and a module
    (``views``) would hand out whatever it imported."""

    intercepted_binops = frozenset(["*", "**", "%", "+"])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.globals.pop("lipsum", None)          # a text generator a template can ask gigabytes of
        for name, check in _FILTER_CHECKS.items():
            if name in self.filters:
                self.filters[name] = _checked_filter(self.filters[name], check)
        self.template_class = BoundedTemplate

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
        if operator == "%" and isinstance(left, str):
            _check_percent(left, right)
        if operator == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
            _check_length(len(left) + len(right), "an addition")
        return super().call_binop(context, operator, left, right)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (Jinja's own signature)
        """Calls of text methods that can pad or multiply a text are checked before they run."""
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str) and not isinstance(__obj, type):
            check = _METHOD_CHECKS.get(getattr(__obj, "__name__", ""))
            if check:
                check(owner, *args, **kwargs)
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value):
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        text = value.__self__

        def checked(*args, **kwargs):
            _check_braces(text, list(args) + list(kwargs.values()) + [v for a in args if isinstance(a, dict)
                                                                        for v in a.values()])
            return wrapped(*args, **kwargs)
        return checked


# ---- text a template may make ------------------------------------------------------------------
# Jinja's sandbox stops a template reaching Python, not one asking for gigabytes: "%999999999d",
# "{:>999999999}", center(10**9), a text doubled in a loop with ~. Every way of making a long text
# from a short one is checked here *before* it runs, against an upper bound of the result.

def _check_length(length: int, what: str) -> None:
    if length > MAX_TEXT:
        raise SecurityError(f"{what} that makes a text or list longer than {MAX_TEXT:,} is not allowed in a template")


def _check_width(width, what: str) -> None:
    if isinstance(width, int) and not isinstance(width, bool) and abs(width) > MAX_WIDTH:
        raise SecurityError(f"{what} wider than {MAX_WIDTH:,} is not allowed in a template")


def _text_length(value) -> int:
    return len(value) if isinstance(value, str) else len(str(value)) if isinstance(value, (int, float)) else 64


def _longest(values) -> int:
    longest = 0
    for value in values:
        if isinstance(value, str):
            longest = max(longest, len(value))
        elif isinstance(value, (list, tuple, dict)):
            longest = max(longest, sum(_text_length(v) + 4 for v in value) + 2)
        else:
            longest = max(longest, _text_length(value))
    return longest


_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?[diouxXeEfFgGcrsa%]")


def _check_percent(text: str, args) -> None:
    fields = 0
    for match in _PERCENT.finditer(text):
        fields += 1
        for number in match.groups():
            if number == "*":
                raise SecurityError("a width given as * is not allowed in a template format")
            if number:
                _check_width(int(number), "a format field")
    values = args.values() if isinstance(args, dict) else args if isinstance(args, tuple) else [args]
    _check_length(len(text) + fields * (_longest(values) + MAX_WIDTH), "a format")


def _check_braces(text: str, args: list) -> None:
    import string
    fields = 0
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return                                      # str.format raises its own error
    for _literal, field, spec, _conversion in parsed:
        if field is None:
            continue
        fields += 1
        if spec and "{" in spec:
            raise SecurityError("a format field whose width is itself a field is not allowed in a template")
        for number in re.findall(r"\d+", spec or ""):
            _check_width(int(number), "a format field")
    _check_length(len(text) + fields * (_longest(args) + MAX_WIDTH), "a format")


def _pad(text: str, width=0, *rest, **kwargs) -> None:
    _check_width(width, "a padding")


def _expandtabs(text: str, tabsize=8, **kwargs) -> None:
    _check_length(len(text) + text.count("\t") * max(int(tabsize or 0), 0), "expandtabs")


def _replace(text: str, old="", new="", count=-1, **kwargs) -> None:
    if isinstance(old, str) and isinstance(new, str):
        times = (len(text) + 1 if old == "" else text.count(old))
        if isinstance(count, int) and count >= 0:
            times = min(times, count)
        _check_length(len(text) + times * len(new), "a replace")


_SIZED = (list, tuple, range, str, dict, set, frozenset)


def _join(separator: str, items=(), *rest, **kwargs) -> None:
    if isinstance(items, _SIZED):                   # a generator is consumed once, by the join itself
        _check_length(sum(_text_length(i) for i in items) + len(separator) * len(items), "a join")


_METHOD_CHECKS = {"center": _pad, "ljust": _pad, "rjust": _pad, "zfill": _pad, "expandtabs": _expandtabs,
                  "replace": _replace, "join": _join}


def _filter_join(value, d="", attribute=None, *rest, **kwargs):
    if isinstance(value, _SIZED) and isinstance(d, str):
        _check_length(sum(_text_length(i) for i in value) + len(d) * len(value), "a join")


def _filter_indent(s, width=4, first=False, blank=False, *rest, **kwargs):
    text = str(s)
    pad = len(width) if isinstance(width, str) else width if isinstance(width, int) else 0
    _check_width(pad, "an indent")
    _check_length(len(text) + (text.count("\n") + 1) * pad, "an indent")


def _filter_format(value, *args, **kwargs):
    if isinstance(value, str):
        _check_percent(value, kwargs or tuple(args))


def _filter_replace(s, old="", new="", count=None, *rest, **kwargs):
    _replace(str(s), old, new, -1 if count is None else count)


def _filter_center(value, width=80, *rest, **kwargs):
    _check_width(width, "a padding")


def _filter_count(value, linecount=1, *rest, **kwargs):
    if isinstance(linecount, int) and linecount > MAX_REPEAT:
        raise SecurityError(f"batches or slices of more than {MAX_REPEAT:,} are not allowed in a template")


_FILTER_CHECKS = {"join": _filter_join, "indent": _filter_indent, "format": _filter_format,
                  "replace": _filter_replace, "center": _filter_center, "batch": _filter_count,
                  "slice": _filter_count, "wordwrap": lambda s, width=79, *a, **k: _check_width(width, "a wrap")}


def _checked_filter(function, check):
    """The filter with its arguments checked first; Jinja's pass_context/pass_environment marks kept."""
    import functools
    passes = getattr(function, "jinja_pass_arg", None)

    @functools.wraps(function)
    def checked(*args, **kwargs):
        check(*(args[1:] if passes else args), **kwargs)
        return function(*args, **kwargs)
    return checked


class BoundedTemplate(jinja2.Template):
    """A template whose ``~`` (and the text of ``{% set %}`` blocks) is checked as it joins: Jinja
    compiles them to calls of ``str_join``/``markup_join`` looked up in the template's module,
    which this class replaces with the same functions bounded by :data:`MAX_TEXT`."""

    @classmethod
    def _from_namespace(cls, environment, namespace, globals):
        for name in ("str_join", "markup_join"):
            if name in namespace:
                namespace[name] = _bounded_join(namespace[name])
        return super()._from_namespace(environment, namespace, globals)


def _bounded_join(join):
    def bounded(seq):
        parts = list(seq)
        _check_length(sum(_text_length(p) for p in parts), "a ~")
        return join(parts)
    return bounded


# ---- the CPU budget of a page -------------------------------------------------------------------

class PageTooSlow(jinja2.TemplateRuntimeError):
    """Raised inside the template that was running when a page ran out of its CPU budget."""


@contextlib.contextmanager
def cpu_budget(seconds: float | None):
    """Raise :class:`PageTooSlow` wherever the code is when the process has used ``seconds`` of CPU
    inside the block. A profiling timer counts CPU, not wall-clock time, so a busy machine does not
    trip it. Only the main thread can take signals: elsewhere (or with no budget) it does nothing."""
    if not seconds or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise PageTooSlow(f"the page took more than {seconds:g} s of CPU to render (a loop that runs too long?)")
    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


# ---- templates nested too deeply ------------------------------------------------------------

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
