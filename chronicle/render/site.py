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
import shutil
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

from .. import i18n, ripple
from ..errors import ChronicleError, Place, Problem
from ..rules import namer
from ..siteurl import absolute
from ..files import read_bytes
from . import feeds, incremental, output, parallel, preview, ruleset_pages, views
from .charts import Chart, Reference, Series, draw
from .maps import MapPainter
from .mapviews import SiteMaps, start_marks
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
    key: str | None = None                 # a hash of everything it shows (None: always made anew)
    apart: bool = False                    # costly and self-contained: may be made in another process (parallel.py)


# ---- templates ----------------------------------------------------------------------------

def _bytecode_cache(folder: Path | None, mode: str) -> jinja2.BytecodeCache | None:
    """Compiled templates under ``folder``, in a subfolder named by chronicle's own version and the
    environment's ``mode``: Jinja checks an entry against its template's source, not against the
    environment's settings, so a new chronicle (another extension, other options) never reads what
    an older one compiled, nor the sandbox what the theme's own environment compiled (the sandbox
    compiles every attribute and call into a checked one)."""
    if folder is None:
        return None
    version = f"templates-{incremental.code_fingerprint()[:16]}"
    here = Path(folder) / f"{version}-{mode}"
    try:
        here.mkdir(parents=True, exist_ok=True)
        for old in Path(folder).glob("templates-*"):
            if not old.name.startswith(version + "-"):
                shutil.rmtree(old, ignore_errors=True)
    except OSError:
        return None                     # no cache: every template is compiled, as before
    return jinja2.FileSystemBytecodeCache(str(here))


def overrides_templates(root: Path) -> bool:
    """Whether the campaign has a template of its own (a file in templates/ outside static/, or
    anything there that is not a plain folder or file): only then does a page run code that is
    not chronicle's, and only then does it need the sandbox."""
    own = Path(root) / "templates"
    if not own.is_dir():
        return False
    for path in own.rglob("*"):
        relative = path.relative_to(own).parts
        if relative[0] == "static" and (path.is_dir() or path.is_file()) and not path.is_symlink():
            continue
        return True
    return False


class Theme(jinja2.Environment):
    """Jinja for chronicle's own theme alone (the campaign overrides no template): the theme is
    our code, as the Python that renders the pages is, and runs without the sandbox's checks on
    every attribute and call, a fifth of a long campaign's page rendering (measured: 19.7 s of
    CPU sandboxed, 15.5 s here, the same bytes). Campaign data reaches the theme as values, never
    as code: no theme template formats or calls a text the campaign wrote."""


def template_dirs(root: Path) -> list[Path]:
    """Where templates are looked up, first match wins: the campaign's own, then the default."""
    own = Path(root) / "templates"
    return ([own] if own.is_dir() else []) + [default_theme_dir()]


def environment(root: Path, compiled: Path | None = None, sandboxed: bool | None = None) -> jinja2.Environment:
    """Jinja, autoescape on; ``default/NAME`` always names the default theme's file. In its sandbox
    (templates are code, sandbox.py) whenever the campaign has templates of its own
    (:func:`overrides_templates`; ``sandboxed`` forces the choice); else the theme's own
    environment, :class:`Theme`.

    Jinja2's i18n extension translates the theme's strings (``{% trans %}``, ``_()``,
    ``ngettext()``) in the language in force (:mod:`chronicle.i18n`); ``tr(value)`` translates a
    data string a ruleset marked with ``N_``; the filters ``date`` and ``number`` write dates and
    numbers as the language does.

    ``compiled``: a folder where templates are kept compiled between processes (Jinja's bytecode
    cache: each entry is checked against its template's source, so an edited template is compiled
    anew); compiling the theme is a large part of a rebuild that renders only a few pages.
    """
    default = default_theme_dir()
    shown = _shower(root)
    loaders = [TemplateFiles(d, shown) for d in template_dirs(root)]
    loaders.append(jinja2.PrefixLoader({"default": TemplateFiles(default, shown)}))
    if sandboxed is None:
        sandboxed = overrides_templates(root)
    kind = Sandbox if sandboxed else Theme
    env = kind(loader=jinja2.ChoiceLoader(loaders), autoescape=True,
               undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
               keep_trailing_newline=True, extensions=["jinja2.ext.i18n"],
               bytecode_cache=_bytecode_cache(compiled, "sandbox" if sandboxed else "theme"))
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


class Linker:
    """``url(target)`` for one page: a link to ``target`` (a path from the site root, maybe with a
    #fragment) relative to the page, or absolute under ``base`` (the feed, the 404 page).

    Each page gets its own, so the page's folder is split once, not at each of the thousands of
    links a long campaign's pages hold; the links are what ``posixpath.relpath`` gives."""

    def __init__(self, page_path: str, base: str | None = None):
        self.base = base.rstrip("/") + "/" if base else None
        self.here = [part for part in posixpath.dirname(page_path).split("/") if part]
        self.cache: dict[str, str] = {}

    def __call__(self, target: str) -> str:
        known = self.cache.get(target)
        if known is None:
            known = self.cache[target] = self._link(target)
        return known

    def _link(self, target: str) -> str:
        if self.base:
            return self.base + target
        path, hash_, fragment = target.partition("#")
        if not path:
            return "#" + fragment
        return relative_path(path, self.here) + hash_ + fragment


def relative_path(path: str, here: list[str]) -> str:
    """``posixpath.relpath(path, "/".join(here))`` for normalised paths from the site root."""
    parts = path.split("/")
    common = 0
    limit = min(len(here), len(parts) - 1)
    while common < limit and here[common] == parts[common]:
        common += 1
    up = len(here) - common
    return "/".join([".."] * up + parts[common:]) or "."


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


def preview_path(view) -> str:
    """Where a recent turn's own link-preview PNG is written (the last turn's is the home page's,
    preview.HOME_CARD)."""
    return f"turns/{view.slug}/preview.png"


# ---- the page list ------------------------------------------------------------------------

class SiteRenderer:
    """Gathers everything once, then hands out the outputs to write."""

    def __init__(self, history, keep: dict | None = None, compiled: Path | None = None):
        """``keep``: what a long-running caller (``chronicle serve``) keeps from one build to the
        next: the pages' model (a turn replayed from the cache keeps its view), the map painter (its
        label placing is costly) while the campaign's files and the marks are the same, and the
        templates compiled (Jinja reloads any template whose file changed). ``compiled``: where
        the templates are kept compiled between processes (see :func:`environment`)."""
        keep = {} if keep is None else keep
        self.history = history
        self.campaign = history.campaign
        self.language = self.campaign.language
        with i18n.use(self.language):            # standings, captions and sentences in the site's language
            self.model = views.build_model(history, keep.get("model"))
            marked = start_marks(self.model)
            painter_key = (incremental.code_fingerprint(), incremental.campaign_files(Path(self.campaign.root)),
                           self.language, sorted(marked.items()))
            if keep.get("painter", (None, None))[0] == painter_key:
                self.painter = keep["painter"][1]
            else:
                self.painter = MapPainter(self.campaign, marked=marked)   # its shared layers carry titles
            self.maps = SiteMaps(self.campaign, self.model, self.painter)
        folders = tuple(template_dirs(self.campaign.root))
        if keep.get("env", (None, None))[0] == folders:
            self.env = keep["env"][1]
        else:
            self.env = environment(self.campaign.root, compiled)
        keep.update(model=self.model, painter=(painter_key, self.painter), env=(folders, self.env))
        self.root = self.campaign.root
        self.budget = MAX_PAGE_SECONDS if has_overrides(self.root) else None   # the default theme is ours
        self.name = namer(self.campaign, [history.start] + [t.after for t in history.turns])
        self._charts = None
        self._site_key = None
        self._card_key = None
        self._turn_keys = None
        self._whole_key = None

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
            "page_path": page_path, "page_kind": kind,
            "nav": [{"path": p, "label": _(label), "current": p == page_path} for p, label in self._nav()],
            "name": self.name, "colour": lambda pid: campaign.player(pid).colour if pid else "#e4e0d4",
            "credit": self.painter.geometry.credit, "language": self.language,
            "absolute_base": None, "views": views, "shown": self.model.recent, "period": None,
            "pages": ruleset_pages.helpers(campaign.ruleset.name),
            "ruleset_css": ruleset_pages.stylesheet(campaign.ruleset.name),
            "canonical": absolute(campaign.url, page_path) if campaign.url and kind != "not-found" else None,
            "public": lambda target: absolute(campaign.url, target) if campaign.url else Linker(page_path)(target),
            "og_image": None, "og_image_alt": "",
            **extra,
            "url": Linker(page_path, extra.get("absolute_base")),
        }

    def _page(self, path: str, template: str, kind: str, key=None, **extra) -> Output:
        """A page to render when it is written; values given as ``lazy_NAME=callable`` are made then.
        ``key`` names what it shows besides the site-wide facts (see :meth:`key`); a page that does
        not say (a ruleset's own pages) is taken to show the whole history, stories included, so
        the incremental build remakes it after any change rather than keep a stale one."""
        def make() -> str:
            values = {k[5:] if k.startswith("lazy_") else k: v() if k.startswith("lazy_") else v
                      for k, v in extra.items()}
            return self.env.get_template(template).render(self._context(path, kind, **values))
        return Output(path, make, self.key(path, template, self.whole_history_key if key is None else key))

    # ---- what each output shows, as hashes (for the incremental build) ------------------------

    def key(self, path: str, *parts) -> str:
        """The key of an output: its path, the site-wide key and ``parts`` (turn keys, a template)."""
        return incremental.digest(path, self.site_key, *parts)

    @property
    def site_key(self) -> str:
        """What every page may show: chronicle's code and theme, the campaign's own templates, its
        campaign file and map, and the facts read from the whole history (the winner, what the
        ruleset's events can show, whether there are battle sheets, where map labels stand...)."""
        if self._site_key is None:
            model, campaign = self.model, self.campaign
            map_bytes = incremental.campaign_files(Path(campaign.root))
            facts = (campaign.url, sorted(getattr(self.name, "extra", {}).items()), model.winner, model.winner_turn, model.final.summary.score_name, model.sheets is None,
                     sorted(model.produces), model.calendared, model.has_sieges, model.has_ledger,
                     sorted(self.painter.marked.items()), model.references, len(model.turns) > views.PERIOD + 1,
                     views.PERIOD, views.RECENT, feeds.FEED_ENTRIES)
            self._site_key = incremental.digest(
                incremental.code_fingerprint(), incremental.folder_fingerprint(Path(self.root) / "templates"),
                incremental.read_bytes(Path(campaign.root) / "content" / "campaign.yaml"), map_bytes, facts)
        return self._site_key

    def turn_key(self, number: int) -> str:
        """Turn ``number``'s state: its turn file and every turn file before it (the dice drawn
        depend only on the campaign seed, in the campaign file)."""
        if self._turn_keys is None:
            keys, chain = [], incremental.digest("start")
            keys.append(chain)
            for result in self.history.turns:
                source = incremental.read_bytes(Path(self.root) / result.turn.doc.file)
                chain = incremental.digest(chain, result.turn.number, source)
                keys.append(chain)
            self._turn_keys = keys
        return self._turn_keys[number] if 0 <= number < len(self._turn_keys) else "-"

    @property
    def whole_history_key(self) -> str:
        """Every turn's state and story: the key of a page that may show any of them."""
        if self._whole_key is None:
            turns = range(len(self.model.turns))
            self._whole_key = incremental.digest(self.turn_key(self.model.final.number),
                                                 [self.story_key(n) for n in turns])
        return self._whole_key

    def province_key(self, pid: str, turns, whole, locator: bool = False):
        """What a province's page shows of ``turns``: the turns of its rows
        (:func:`views.province_rows`, each by its turn key), the periods it links to and, on its
        main page, what its locator map shows (:meth:`SiteMaps.locator_key`). A turn in which
        nothing happened there leaves its page as it was. With templates of the campaign's own
        (which may show anything) it is ``whole``, the key of every page showing that stretch."""
        if self.budget is not None:
            return whole
        rows = views.province_row_turns(self.model, pid, turns)
        periods = len(self.model.periods)
        counted = len(turns) if periods else None      # "the last N turns" shows only beside periods
        return ("province", [self.turn_key(n) for n in rows], periods,
                (counted, self.maps.locator_key(pid)) if locator else None)

    def card_of(self, view: views.TurnView) -> str:
        """The card a turn's page names: its own for the latest turns but the last, the home
        page's for the last turn and for every turn older than preview.RECENT (which shows the
        campaign as it stands)."""
        last = self.model.final.number
        return preview_path(view) if last - preview.RECENT < view.number < last else preview.HOME_CARD

    def card_alt(self, view: views.TurnView) -> str:
        if self.card_of(view) == preview.HOME_CARD and view.number != self.model.final.number:
            return _("The map of %(campaign)s as it stands now, with the leading players", campaign=self.campaign.title)
        return self.preview_alt(view)

    def card_key(self, view: views.TurnView, path: str | None = None) -> str:
        """The key of a turn's link-preview card: only what the card shows, so that a new turn, a
        story or a template leaves every earlier card as it is (rasterising them is most of a
        clean build). The card shows the turn's state (its turn file and every one before it:
        the map, the leaders, the heading, the date), whether it is the last turn (the rules may
        report a last turn's state otherwise), the campaign file and map (title, players' names
        and colours, the outlines), the language, and where the map's labels stand (they keep
        clear of the start's marks, and the links and counters keep clear of them)."""
        if self._card_key is None:
            self._card_key = incremental.digest(incremental.code_fingerprint(), incremental.campaign_files(Path(self.root)),
                                                self.language, sorted(self.painter.marked.items()))
        n = view.number
        return incremental.digest(path or preview_path(view), self._card_key, self.turn_key(n), n == self.model.final.number)

    def story_key(self, number: int) -> str:
        view = self.model.turns[number] if 0 <= number < len(self.model.turns) else None
        return incremental.digest(view.story if view else None)

    def charts(self, emphasis: str | None, prefix: str) -> list[Markup]:
        """The two charts with ``emphasis``'s lines standing out; drawn once for every page."""
        return [Markup(drawing.svg(emphasis, id=f"{prefix}-{suffix}"))
                for suffix, drawing in zip(("provinces", "score"), self._drawings())]

    def _drawings(self):
        if self._charts is None:
            campaign = self.campaign
            xs = tuple(v.number for v in self.model.turns)
            held, score = [], []
            score_name = self.model.score_name
            for player in campaign.players:
                counts = tuple(sum(1 for o in v.summary.owners.values() if o == player.id) for v in self.model.turns)
                scores = tuple(v.summary.scores.get(player.id, 0) for v in self.model.turns)
                held.append(Series(player.id, player.name, player.colour, counts))
                score.append(Series(player.id, player.name, player.colour, scores))
            references = tuple(Reference(value, label) for value, label in self.model.references)
            self._charts = (draw(Chart("chart-provinces", _("Provinces held, turn by turn"), _("Turn"), _("Provinces"), xs,
                                       tuple(held))),
                            draw(Chart("chart-score", _("%(score)s, turn by turn", score=score_name), _("Turn"), score_name,
                                       xs, tuple(score), references)))
        return self._charts

    def outputs(self) -> list[Output]:
        """Every file to write; each makes its bytes in the site's language, whoever calls it."""
        with i18n.use(self.language):
            out = self._outputs()
        return [Output(o.path, self._in_language(o.make), o.key, o.apart) for o in out]

    def _in_language(self, make: Callable[[], str | bytes]) -> Callable[[], str | bytes]:
        def made() -> str | bytes:
            with i18n.use(self.language):
                return make()
        return made

    def _outputs(self) -> list[Output]:
        model, campaign = self.model, self.campaign
        maps = self.maps
        last = model.final.number
        now = (self.turn_key(last), self.story_key(last))       # the pages that show the latest state
        out = [self._page("index.html", "index.html", "home", key=now,
                          lazy_map=lambda: maps.turn(model.final, "index.html"), legend=maps.legend(model.final),
                          latest=model.final, og_image=preview.HOME_CARD,
                          og_image_alt=self.preview_alt(model.final))]
        out.append(Output(preview.HOME_CARD, lambda: self.preview_png(model.final),
                          self.card_key(model.final, preview.HOME_CARD), apart=True))
        out.append(self._page("turns/index.html", "turns.html", "turns", key=now))
        for view in model.turns:
            path = view.path
            n = view.number
            card = self.card_of(view)
            out.append(self._page(path, "turn.html", "turn", turn=view, og_image=card, og_image_alt=self.card_alt(view),
                                  key=(self.turn_key(n), self.story_key(n), self.turn_key(n + 1), card),
                                  lazy_map=lambda v=view, p=path: maps.turn(v, p), lazy_legend=lambda v=view: maps.legend(v)))
            out.append(Output(f"turns/{view.slug}/state.json", lambda v=view: self._state_json(v),
                              self.key(f"turns/{view.slug}/state.json", self.turn_key(n))))
            if card != preview.HOME_CARD:
                out.append(Output(card, lambda v=view: self.preview_png(v), self.card_key(view), apart=True))
        for player in campaign.players:
            out.append(self._page(f"players/{player.id}.html", "player.html", "player", player=player, key=now,
                                  lazy_charts=lambda p=player.id: self.charts(p, f"chart-{p}"),
                                  lazy_map=lambda p=player.id: maps.player(p, f"players/{p}.html"),
                                  lazy_legend=lambda p=player.id: maps.player_legend(p)))
        out.append(self._page("provinces/index.html", "provinces.html", "provinces", key=now))
        for pid in sorted(campaign.map.provinces):
            out.append(self._page(f"provinces/{pid}.html", "province.html", "province",
                                  key=self.province_key(pid, model.recent, now, locator=True),
                                  province=campaign.map.provinces[pid],
                                  lazy_map=lambda p=pid: maps.province(p, f"provinces/{p}.html")))
        out.append(self._page("standings.html", "standings.html", "standings", key=now, lazy_charts=lambda: self.charts(None, "chart-all")))
        if model.sheets is not None:
            out.append(self._page("battle-sheets.html", "battle-sheets.html", "battle-sheets", key=now,
                                  sheets=model.sheets,
                                  lazy_sheet_maps=lambda: {sheet["province"]: maps.sheet(sheet["province"])
                                                           for sheet in model.sheets}))
        out += ruleset_pages.outputs(self)
        out.append(self._page("timeline.html", "timeline.html", "timeline", key=now,
                              lazy_timeline=lambda: maps.timeline("timeline.html", model.recent),
                              legend=maps.timeline_legend()))
        out += self._period_pages()
        shown = [v.number for v in model.turns[1:]][-feeds.FEED_ENTRIES:]
        out.append(Output("feed.xml", self._feed, self.key("feed.xml", now, [self.story_key(n) for n in shown])))
        if campaign.url:
            pages = [o.path for o in out if o.path.endswith(".html")]
            out.append(Output("sitemap.xml", lambda: feeds.sitemap(campaign.url, pages), self.key("sitemap.xml", pages)))
            out.append(Output("robots.txt", lambda: feeds.robots(campaign.url), self.key("robots.txt")))
        # GitHub Pages serves 404.html at any missing address, at any depth: its links are absolute
        # when the URL is known, otherwise a script finds the site's root by these top-level names
        top = sorted({o.path.split("/")[0] for o in out} | {"404.html", "static"})
        out.append(Output("404.html", lambda: self.env.get_template("404.html").render(
            self._context("404.html", "not-found", absolute_base=campaign.url, top_level=top)),
            self.key("404.html", top)))
        return out

    def _period_pages(self) -> list[Output]:
        """The pages of a long history, PERIOD turns each: the main pages show the latest turns."""
        out = []
        for period in self.model.periods:
            slug = period.slug
            shown = {"shown": period.turns, "period": period,
                     "key": (self.turn_key(period.last), len(self.model.periods))}
            out.append(self._page(f"turns/{slug}.html", "turns.html", "turns", **shown))
            out.append(self._page(f"standings/{slug}.html", "standings.html", "standings", charts=[], **shown))
            out.append(self._page(f"timeline/{slug}.html", "timeline.html", "timeline",
                                  lazy_timeline=lambda p=period, page=f"timeline/{slug}.html": self.maps.timeline(page, p.turns),
                                  legend=self.maps.timeline_legend(), **shown))
            for player in self.campaign.players:
                out.append(self._page(f"players/{player.id}/{slug}.html", "player.html", "player", player=player,
                                      charts=[], map=None, **shown))
            for pid in sorted(self.campaign.map.provinces):
                out.append(self._page(f"provinces/{pid}/{slug}.html", "province.html", "province",
                                      province=self.campaign.map.provinces[pid], map=None,
                                      **{**shown, "key": self.province_key(pid, period.turns, shown["key"])}))
        return out

    def preview_alt(self, view: views.TurnView) -> str:
        if view.number == 0:
            return _("The map of %(campaign)s at the start, with the leading players", campaign=self.campaign.title)
        return _("The map of %(campaign)s after turn %(number)s, with the leading players",
                 campaign=self.campaign.title, number=view.number)

    def preview_png(self, view: views.TurnView) -> bytes:
        """The link-preview card of a turn (og:image): its map, the campaign's title, the leaders."""
        summary = view.summary
        held = {}
        for owner in summary.owners.values():
            if owner:
                held[owner] = held.get(owner, 0) + 1
        leaders = []
        for pid, _cells in view.standings.rows:
            player = self.campaign.player(pid)
            figures = _("%(held)s held · %(score)s %(score_name)s", held=held.get(pid, 0),
                        score=summary.scores.get(pid, 0), score_name=summary.score_name)
            leaders.append((player.colour, player.name, figures))
        heading = _("The start") if view.number == 0 else _("After turn %(number)s", number=view.number)
        sub = " · ".join(str(part) for part in (view.calendar, view.date) if part) or (view.title if view.number else None)
        if summary.winner:
            sub = _("%(player)s has won", player=self.campaign.name_of(summary.winner))
        map_svg = self.painter.svg(summary, changed=view.changed if view.number else None, title=heading)
        return preview.rasterise(preview.card_svg(self.campaign.title, heading, sub, leaders,
                                                  preview.without_labels(map_svg)))

    def _state_json(self, view: views.TurnView) -> str:
        data = self.campaign.ruleset.turn_json(self.campaign, view.state, view.events)
        data["summary"] = ripple.summary_json(view.summary)     # what a later build compares (ripple.py)
        return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"

    def _feed(self) -> str:
        template = self.env.get_template("feed_entry.html")
        entries = []
        turns = self.model.turns[1:]
        for i, view in enumerate(turns):       # the latest FEED_ENTRIES turns, as feeds do
            if i < len(turns) - feeds.FEED_ENTRIES:
                entries.append((view, None))
                continue
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

def build_site(history, target, progress: bool = True, wait: Callable[[], None] | None = None,
               history_cache=None, report: dict | None = None, keep: dict | None = None,
               apart: bool = False, later: list | None = None) -> int:
    """Render ``history`` into ``target``; returns the number of files written.

    The target is refused if writing there could lose anything (:func:`output.refuse_unsafe`);
    the site is written into a temporary folder beside it under the target's lock and swapped
    in whole only when every file was written (:func:`output.staged`); on any error the old
    ``target`` is left untouched. ``wait`` is called if another build holds the lock.

    Pages whose inputs did not change are taken from the site in place (:mod:`.incremental`);
    ``history_cache`` (a :class:`chronicle.cache.HistoryCache`) is saved beside the site, and
    ``report`` (the ``inputs`` digest and ``warnings``) with its manifest.

    ``apart``: make the link-preview cards in worker processes (:mod:`.parallel`) while this one
    renders the pages; ``chronicle build`` asks for it, ``serve`` (which rebuilds a few pages in a
    child it may end at any time) does not. ``later``: the old site is left in this list for the
    caller to remove (:func:`output.staged`): ``serve`` answers the browser first.
    """
    campaign = history.campaign
    target = output.refuse_unsafe(Path(target), campaign=campaign.root, sources=source_folders(campaign))
    problems = preflight(campaign.root)
    if problems:
        raise ChronicleError(problems)
    if keep is None and history_cache is not None:     # the model and painter the last build kept
        keep = dict(history_cache.rendering())
    renderer = SiteRenderer(history, keep, compiled=incremental.cache_dir(target))
    outputs = renderer.outputs()
    statics = [(path, read_bytes(source, _shower(campaign.root)(source), inside=_static_folder(source)))
               for path, source in renderer.static_files()]     # read once, inside their folder
    items = outputs + [Output(path, (lambda data=data: data), incremental.digest(path, data))
                       for path, data in statics]
    count = 0
    with output.staged(target, wait, later) as temp:
        old = incremental.Manifest.of_site(target)        # read under the lock: the site in place
        record = incremental.Recorder(temp, old)
        reuse = [old.reusable(target, item.path, item.key) if item.key else None for item in items]
        jobs = [item for item, same in zip(items, reuse) if item.apart and same is None]
        with parallel.made_apart(jobs if apart else [], lambda item: _make(item, renderer.root, renderer.budget)) as made, \
                _bar(list(zip(items, reuse)), progress) as bar:
            for item, same in bar:
                if same is not None:             # made from the same inputs: the same bytes
                    incremental.link(same, temp.joinpath(*item.path.split("/")))
                    record.linked(item.path, item.key)
                else:
                    data = next(made) if item.apart and apart else _make(item, renderer.root, renderer.budget)
                    data = _write(temp, item.path, data)
                    record.written(item.path, item.key, data)
                count += 1
        record.save(target, record.finish(), report and {**report, "count": count})   # before the swap
        if history_cache is not None:                  # what the next build need not replay
            history_cache.keep(keep if keep is not None else {})
            history_cache.save(incremental.cache_dir(target))
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


def _write(root: Path, path: str, data: str | bytes) -> bytes:
    destination = root.joinpath(*path.split("/"))
    destination.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    destination.write_bytes(data)
    return data
