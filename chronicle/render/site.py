"""Render a History into a static site: the page list, the writing, the feed and sitemap.

Two phases, as MkDocs and Pelican build: first gather everything (:func:`views.build_model`,
the map geometry once, the list of outputs), then render and write. Writing goes into a
temporary folder beside the target, which replaces the old site only when every file was
written; a failed build leaves the old site as it was. The same History gives the same bytes:
nothing reads the clock, and everything is sorted.
"""

from __future__ import annotations

import contextlib
import json
import os
import posixpath
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import click
import jinja2
import jinja2.meta
import jinja2.nodes
from markupsafe import Markup

from .. import i18n
from ..errors import ChronicleError, Place, Problem
from ..rules import namer
from ..siteurl import absolute
from ..source import read_bytes
from . import feeds, output, ruleset_pages, views
from .charts import Chart, Reference, Series, line_chart
from .maps import MapPainter
from .markdown import render_markdown
from .sandbox import MAX_PAGE_SECONDS, PageTooSlow, Sandbox, TemplateFiles, cpu_budget
from .theme import default_theme_dir

_, N_, ngettext = i18n.gettext, i18n.N_, i18n.ngettext

NAV = (("index.html", N_("Home")), ("turns/index.html", N_("Turns")), ("standings.html", N_("Standings")),
       ("timeline.html", N_("Timeline")), ("provinces/index.html", N_("Provinces")))


@dataclass(frozen=True)
class Output:
    path: str                              # relative to the site root, with / separators
    make: Callable[[], str | bytes]


# ---- templates ----------------------------------------------------------------------------

def template_dirs(root: Path) -> list[Path]:
    """Where templates are looked up, first match wins: the campaign's own, then the default."""
    own = Path(root) / "templates"
    return ([own] if own.is_dir() else []) + [default_theme_dir()]


def environment(root: Path) -> jinja2.Environment:
    """Jinja in its sandbox (templates are code, sandbox.py), autoescape on; ``default/NAME``
    always names the default theme's file.

    Jinja2's i18n extension translates the theme's strings (``{% trans %}``, ``_()``,
    ``ngettext()``) in the language in force (:mod:`chronicle.i18n`); ``tr(value)`` translates a
    data string a ruleset marked with ``N_``; the filters ``date`` and ``number`` write dates and
    numbers as the language does.
    """
    default = default_theme_dir()
    shown = _shower(root)
    loaders = [TemplateFiles(d, shown) for d in template_dirs(root)]
    loaders.append(jinja2.PrefixLoader({"default": TemplateFiles(default, shown)}))
    env = Sandbox(loader=jinja2.ChoiceLoader(loaders), autoescape=True,
                  undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                  keep_trailing_newline=True, extensions=["jinja2.ext.i18n"])
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_callables(i18n.gettext_raw, i18n.ngettext_raw, newstyle=True,
                                  pgettext=i18n.pgettext_raw, npgettext=i18n.npgettext_raw)
    env.globals["tr"] = i18n.tr
    env.filters["markdown"] = render_markdown
    env.filters["date"] = i18n.format_date
    env.filters["number"] = i18n.format_number
    return env


def _shower(root: Path):
    dirs = [d.resolve() for d in template_dirs(root)]
    return lambda path: _shown(Path(path), root, dirs)


def preflight(root: Path) -> list[Problem]:
    """What a build would reject in the campaign's own templates/, found without building, so that
    ``check`` rejects it too: a file that cannot be read (outside the campaign through a link, not
    a regular file, too large, not UTF-8), and a template that does not parse, at its line."""
    own = Path(root) / "templates"
    if not own.is_dir():
        return []
    env = environment(root)
    loader = TemplateFiles(own, _shower(root))
    problems: list[Problem] = []
    for path in sorted(own.rglob("*")):
        if path.is_dir() and not path.is_symlink():
            continue
        name = path.relative_to(own).as_posix()
        try:
            if name.startswith("static/"):
                read_bytes(path, _shown(path, root, [own.resolve()]), inside=own)
                continue
            source, filename, _ = loader.get_source(env, name)
            tree = env.parse(source, name, filename)
            env.compile(source, name, filename)          # Python's own limits (nesting) show only here
            problems += _references(env, root, name, tree, _shown(path, root, [own.resolve()]))
        except ChronicleError as exc:
            problems += exc.problems
        except jinja2.TemplateSyntaxError as exc:
            problem = _template_problem(exc, root)
            if problem.place is None:              # some lexer errors carry no file name
                problem = problem.at(Place(_shown(path, root, [own.resolve()]), exc.lineno or 1, 1))
            problems.append(problem)
    return problems


def _references(env, root: Path, name: str, tree, shown: str) -> list[Problem]:
    """A campaign template names the templates it includes, extends or imports as text, and none
    of them leads back to it: a template that includes itself renders the whole page again at
    every level until Python's recursion limit, which takes hours, not an error. The problem is
    placed at the line of the reference that starts the loop."""
    problems = []
    for node in tree.find_all(_REFERENCES):
        target = node.template
        names = [target.value] if isinstance(target, jinja2.nodes.Const) else \
            [item.value for item in target.items if isinstance(item, jinja2.nodes.Const)] \
            if isinstance(target, (jinja2.nodes.List, jinja2.nodes.Tuple)) else None
        place = Place(shown, node.lineno or 1, 1)
        # a name made at render time (the default theme's ruleset ~ "/turn.html") cannot be followed
        # here; a loop through one ends in Python's recursion limit or the page's CPU budget, placed
        for child in (n for n in names or () if isinstance(n, str)):
            path = [name, child] if child == name else _cycle(env, child, [name, child], set())
            if path:
                problems.append(Problem(
                    f"templates include each other in a loop: {' -> '.join(path)}",
                    hint="a template cannot include, extend or import itself, directly or through others "
                         "(name the default theme's file as default/NAME to extend it)",
                    place=place, rule="templates"))
                break
    return problems


_REFERENCES = (jinja2.nodes.Extends, jinja2.nodes.Include, jinja2.nodes.Import, jinja2.nodes.FromImport)


def _cycle(env, name: str, trail: list[str], done: set) -> list[str] | None:
    """A loop of static references from ``name`` back to the template that starts ``trail``, or None."""
    try:
        source, filename, _ = env.loader.get_source(env, name)
        tree = env.parse(source, name, filename)
    except (jinja2.TemplateError, ChronicleError):
        return None                                 # reported where that template is checked
    for child in jinja2.meta.find_referenced_templates(tree):
        if child is None or child in done:
            continue
        if child == trail[0]:
            return trail + [child]
        if child in trail:
            continue                                # a loop that does not pass through trail[0]: reported at its own file
        found = _cycle(env, child, trail + [child], done)
        if found:
            return found
        done.add(child)
    return None


def has_overrides(root: Path) -> bool:
    """Whether the campaign overrides any template (static files do not count)."""
    own = Path(root) / "templates"
    return own.is_dir() and any(p.is_file() and not p.relative_to(own).as_posix().startswith("static/")
                                for p in own.rglob("*"))


def dry_run(history, limit: int = 20) -> list[Problem]:
    """Render every page in memory, writing nothing, and return the problems a build would stop at
    (each once). ``check`` runs it when the campaign overrides templates, so that an error only a
    rendered page shows (an undefined name, a refused attribute, a range too long) fails ``check``
    as it fails ``build``; without overrides the default theme renders whatever loads."""
    renderer = SiteRenderer(history)
    problems: list[Problem] = []
    seen = set()
    for item in renderer.outputs():
        try:
            _make(item, renderer.root, renderer.budget)
        except ChronicleError as exc:
            if isinstance(exc.__cause__, PageTooSlow):
                limit = 0                            # every page would spend the whole budget again
            for problem in exc.problems:
                key = (problem.place, problem.message)
                if key not in seen:
                    seen.add(key)
                    problems.append(problem)
            if len(problems) >= limit:
                break
    return problems


@jinja2.pass_context
def _url(context, target: str) -> str:
    """A link to ``target`` (a path from the site root) relative to the page being rendered."""
    base = context.get("absolute_base")
    if base:
        return base.rstrip("/") + "/" + target
    page = context["page_path"]
    path, _, fragment = target.partition("#")
    if not path:
        return "#" + fragment
    here = posixpath.dirname(page) or "."
    link = posixpath.relpath(path, here)
    return link + ("#" + fragment if fragment else "")


def _template_problem(exc: BaseException, root: Path) -> Problem:
    """A template error as a problem placed in the template file, for the CLI and serve: the
    innermost line of the campaign's own templates the error passed through, else of any."""
    dirs = [d.resolve() for d in template_dirs(root)]
    own = (Path(root) / "templates").resolve()
    place = None
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename:
        place = Place(_shown(Path(exc.filename), root, dirs), exc.lineno or 1, 1)
    else:
        ours = theirs = None
        for frame, line in traceback.walk_tb(exc.__traceback__):
            name = frame.f_code.co_filename
            if name.endswith((".html", ".xml", ".txt")) and any(name.startswith(str(d) + os.sep) for d in dirs):
                theirs = Place(_shown(Path(name), root, dirs), line, 1)
                if name.startswith(str(own) + os.sep):
                    ours = theirs
        place = ours or theirs
    what = str(exc).strip().splitlines()[0][:300] if str(exc).strip() else type(exc).__name__
    if not isinstance(exc, jinja2.TemplateError):
        what = f"{type(exc).__name__}: {what}"
    return Problem(f"template error: {what}", hint="check the template named here (the campaign's templates/ "
                   "overrides the default theme)", place=place, rule="templates")


def _shown(path: Path, root: Path, dirs) -> str:
    """The path as the campaign's administrator knows it: relative to the campaign folder (the
    link itself, not where a symbolic link leads), else as it is."""
    for candidate, base in ((Path(os.path.abspath(path)), Path(os.path.abspath(root))),
                            (path.resolve(), Path(root).resolve())):
        try:
            return candidate.relative_to(base).as_posix()
        except ValueError:
            continue
    return str(path)


# ---- the page list ------------------------------------------------------------------------

class SiteRenderer:
    """Gathers everything once, then hands out the outputs to write."""

    def __init__(self, history):
        self.history = history
        self.campaign = history.campaign
        self.language = self.campaign.language
        with i18n.use(self.language):            # standings, captions and sentences in the site's language
            self.model = views.build_model(history)
            marked: dict[str, int] = {}
            for view in self.model.turns:        # the labels keep clear of every mark any turn draws
                for pid, marks in view.summary.marks.items():
                    marked[pid] = max(marked.get(pid, 0), len(marks))
            self.painter = MapPainter(self.campaign, marked=marked)   # its shared layers carry titles
        self.env = environment(self.campaign.root)
        self.root = self.campaign.root
        self.budget = MAX_PAGE_SECONDS if has_overrides(self.root) else None   # the default theme is ours
        self.name = namer(self.campaign, [history.start] + [t.after for t in history.turns])

    def _nav(self) -> tuple:
        nav = NAV + ruleset_pages.nav(self.campaign.ruleset.name)
        if self.model.sheets is None:
            return nav
        return nav + (("battle-sheets.html", N_("Battle sheets")),)

    # context shared by every page
    def _context(self, page_path: str, kind: str, **extra) -> dict:
        campaign = self.campaign
        return {
            "campaign": campaign, "model": self.model, "ruleset": campaign.ruleset,
            "page_path": page_path, "page_kind": kind, "url": _url,
            "nav": [{"path": p, "label": _(label), "current": p == page_path} for p, label in self._nav()],
            "name": self.name, "colour": lambda pid: campaign.player(pid).colour if pid else "#e4e0d4",
            "credit": self.painter.geometry.credit, "language": self.language,
            "absolute_base": None, "views": views,
            "pages": ruleset_pages.helpers(campaign.ruleset.name),
            "ruleset_css": ruleset_pages.stylesheet(campaign.ruleset.name),
            "canonical": absolute(campaign.url, page_path) if campaign.url and kind != "not-found" else None,
            **extra,
        }

    def _page(self, path: str, template: str, kind: str, **extra) -> Output:
        """A page to render when it is written; values given as ``lazy_NAME=callable`` are made then."""
        def make() -> str:
            values = {k[5:] if k.startswith("lazy_") else k: v() if k.startswith("lazy_") else v
                      for k, v in extra.items()}
            return self.env.get_template(template).render(self._context(path, kind, **values))
        return Output(path, make)

    def map_svg(self, view: views.TurnView, page_path: str, mark_changes: bool = True) -> Markup:
        base = posixpath.dirname(page_path) or "."

        def href(pid: str) -> str:
            return posixpath.relpath(f"provinces/{pid}.html", base)
        title = _("The map at the start") if view.number == 0 else _("The map after turn %(number)s", number=view.number)
        return Markup(self.painter.svg(view.summary, changed=view.changed if (mark_changes and view.number) else None,
                                       title=title, href=href))

    def map_frame(self, view: views.TurnView) -> dict:
        """How a phone frames the map of ``view``: the readable width (CSS pixels), whether that is
        wider than a phone (then the frame scrolls sideways, with a hint), and where it first looks
        (the provinces that changed hands, in percent of the map's width and height)."""
        width = self.painter.readable_width()
        x, y = self.painter.focus([c.province for c in view.changes] if view.changes else ())
        return {"width": width, "scrolls": width > 420, "x": x, "y": y}

    def charts(self, emphasis: str | None, prefix: str) -> list[Markup]:
        campaign = self.campaign
        xs = tuple(v.number for v in self.model.turns)
        held, score = [], []
        score_name = self.model.score_name
        for player in campaign.players:
            counts = tuple(sum(1 for o in v.summary.owners.values() if o == player.id) for v in self.model.turns)
            scores = tuple(v.summary.scores.get(player.id, 0) for v in self.model.turns)
            strong = emphasis is None or emphasis == player.id
            held.append(Series(player.id, player.name, player.colour, counts, strong))
            score.append(Series(player.id, player.name, player.colour, scores, strong))
        references = tuple(Reference(value, label) for value, label in self.model.references)
        return [Markup(line_chart(Chart(f"{prefix}-provinces", _("Provinces held, turn by turn"), _("Turn"), _("Provinces"),
                                        xs, tuple(held)))),
                Markup(line_chart(Chart(f"{prefix}-score", _("%(score)s, turn by turn", score=score_name), _("Turn"),
                                        score_name, xs, tuple(score), references)))]

    def outputs(self) -> list[Output]:
        """Every file to write; each makes its bytes in the site's language, whoever calls it."""
        with i18n.use(self.language):
            out = self._outputs()
        return [Output(o.path, self._in_language(o.make)) for o in out]

    def _in_language(self, make: Callable[[], str | bytes]) -> Callable[[], str | bytes]:
        def made() -> str | bytes:
            with i18n.use(self.language):
                return make()
        return made

    def _outputs(self) -> list[Output]:
        model, campaign = self.model, self.campaign
        out = [self._page("index.html", "index.html", "home",
                          lazy_map=lambda: self.map_svg(model.final, "index.html"), map_frame=self.map_frame(model.final),
                          legend=self.painter.legend(model.final.summary, model.final.changed if model.final.number else None),
                          latest=model.final)]
        out.append(self._page("turns/index.html", "turns.html", "turns"))
        for view in model.turns:
            path = view.path
            out.append(self._page(path, "turn.html", "turn", turn=view,
                                  lazy_map=lambda v=view, p=path: self.map_svg(v, p), map_frame=self.map_frame(view),
                                  legend=self.painter.legend(view.summary, view.changed if view.number else None)))
            out.append(Output(f"turns/{view.slug}/state.json", lambda v=view: self._state_json(v)))
            out.append(Output(f"turns/{view.slug}/map.svg", lambda v=view: self.painter.svg(
                v.summary, changed=v.changed if v.number else None, standalone=True,
                title=(_("The start") if v.number == 0 else _("After turn %(number)s", number=v.number)) + f" — {campaign.title}")))
        for player in campaign.players:
            out.append(self._page(f"players/{player.id}.html", "player.html", "player", player=player,
                                  lazy_charts=lambda p=player.id: self.charts(p, f"chart-{p}")))
        out.append(self._page("provinces/index.html", "provinces.html", "provinces"))
        for pid in sorted(campaign.map.provinces):
            out.append(self._page(f"provinces/{pid}.html", "province.html", "province",
                                  province=campaign.map.provinces[pid]))
        out.append(self._page("standings.html", "standings.html", "standings", lazy_charts=lambda: self.charts(None, "chart-all")))
        if model.sheets is not None:
            out.append(self._page("battle-sheets.html", "battle-sheets.html", "battle-sheets", sheets=model.sheets,
                                  lazy_sheet_maps=lambda: {sheet["province"]: Markup(self.painter.svg(
                                      model.final.summary, focus=sheet["province"], ids=False,
                                      title=_("%(province)s and around it", province=campaign.name_of(sheet["province"]))))
                                      for sheet in model.sheets}))
        _x, _y, w, h = self.painter.geometry.view_box
        out += ruleset_pages.outputs(self)
        out.append(self._page("timeline.html", "timeline.html", "timeline", map_size=(round(w), round(h)),
                              legend=self.painter.legend(model.final.summary, {"": None})))
        out.append(Output("feed.xml", self._feed))
        if campaign.url:
            pages = [o.path for o in out if o.path.endswith(".html")]
            out.append(Output("sitemap.xml", lambda: feeds.sitemap(campaign.url, pages)))
            out.append(Output("robots.txt", lambda: feeds.robots(campaign.url)))
        # GitHub Pages serves 404.html at any missing address, at any depth: its links are absolute
        # when the URL is known, otherwise a script finds the site's root by these top-level names
        top = sorted({o.path.split("/")[0] for o in out} | {"404.html", "static"})
        out.append(Output("404.html", lambda: self.env.get_template("404.html").render(
            self._context("404.html", "not-found", absolute_base=campaign.url, top_level=top))))
        return out

    def _state_json(self, view: views.TurnView) -> str:
        data = self.campaign.ruleset.to_json(self.campaign, view.state, view.events)
        return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"

    def _feed(self) -> str:
        template = self.env.get_template("feed_entry.html")
        entries = []
        for view in self.model.turns[1:]:
            context = self._context(view.path, "feed", turn=view, absolute_base=self.campaign.url)
            entries.append((view, template.render(context)))
        return feeds.atom_feed(self.model, entries, self.campaign.url)

    def static_files(self) -> list[tuple[str, Path]]:
        """(site path, source) of every static file: the default theme's, then the campaign's over it."""
        found: dict[str, Path] = {}
        for folder in reversed(template_dirs(self.root)):
            static = folder / "static"
            if static.is_dir():
                for path in sorted(static.rglob("*")):
                    if path.is_file():
                        found["static/" + path.relative_to(static).as_posix()] = path
        return sorted(found.items())


# ---- writing ------------------------------------------------------------------------------

def build_site(history, target, progress: bool = True, wait: Callable[[], None] | None = None) -> int:
    """Render ``history`` into ``target``; returns the number of files written.

    The target is refused if writing there could lose anything (:func:`output.refuse_unsafe`);
    the site is written into a temporary folder beside it under the target's lock and swapped
    in whole only when every file was written (:func:`output.staged`); on any error the old
    ``target`` is left untouched. ``wait`` is called if another build holds the lock.
    """
    campaign = history.campaign
    target = output.refuse_unsafe(Path(target), campaign=campaign.root, sources=source_folders(campaign))
    problems = preflight(campaign.root)
    if problems:
        raise ChronicleError(problems)
    renderer = SiteRenderer(history)
    outputs = renderer.outputs()
    statics = renderer.static_files()
    shown = _shower(campaign.root)
    items = outputs + [Output(path, (lambda s=source: read_bytes(s, shown(s), inside=_static_folder(s))))
                       for path, source in statics]
    count = 0
    with output.staged(target, wait) as temp:
        with _bar(items, progress) as bar:
            for item in bar:
                _write(temp, item.path, _make(item, renderer.root, renderer.budget))
                count += 1
    return count


def _static_folder(path: Path) -> Path:
    """The ``static/`` folder a static file was found in: it may not lead outside it."""
    for parent in path.parents:
        if parent.name == "static":
            return parent
    return path.parent


def source_folders(campaign) -> list[Path]:
    """The folders a build reads from, which no output folder may be, contain or lie inside."""
    root = Path(campaign.root)
    folders = [root / "content", root / "templates"]
    if campaign.map_dir is not None and not _bundled(Path(campaign.map_dir)):
        folders.append(Path(campaign.map_dir))
    return folders


def _bundled(folder: Path) -> bool:
    from ..maps import BUNDLED_DIR
    return BUNDLED_DIR.resolve() in folder.resolve().parents


def _make(item: Output, root: Path, budget: float | None = None) -> str | bytes:
    """Make one output; an error raised inside a template of the campaign's own (or a template
    error of any kind) becomes a problem placed at the template's line. Anything else is a bug.
    With a ``budget`` (a campaign that overrides templates), the output may take that many CPU
    seconds; then the template running is stopped and placed like any other template error."""
    try:
        with cpu_budget(budget):
            return item.make()
    except ChronicleError:
        raise
    except Exception as exc:          # noqa: BLE001 (sorted below: the campaign's templates, or a bug)
        if isinstance(exc, jinja2.TemplateError) or _in_template(exc, root):
            raise ChronicleError([_template_problem(exc, root)]) from exc
        raise


def _in_template(exc: BaseException, root: Path) -> bool:
    """Whether the error passed through a template of the campaign's own templates/ folder."""
    own = str((Path(root) / "templates").resolve())
    return any(frame.f_code.co_filename.startswith(own + os.sep)
               for frame, _line in traceback.walk_tb(exc.__traceback__))


def _bar(items, progress: bool):
    if progress:
        return click.progressbar(items, label="Building site", file=sys.stderr)
    return contextlib.nullcontext(items)


def _write(root: Path, path: str, data: str | bytes) -> None:
    destination = root.joinpath(*path.split("/"))
    destination.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    destination.write_bytes(data)
