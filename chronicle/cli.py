"""The ``chronicle`` command: thin click wrappers that load, call and print.

Exit codes: 0 fine, 1 campaign problems, 2 usage, 70 an internal error (a bug in chronicle:
one line, and the traceback with ``--debug``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import shlex
import sys
import traceback
from pathlib import Path

import click

from . import __version__, report, siteurl
from . import distribution
from .errors import ChronicleError, Problem

# The rules, schemas and renderer are imported where a command needs them: a build that finds
# nothing changed (see render/incremental.py) answers before they would have loaded.


def load_history(*args, **kwargs):
    from .history import load_history as load
    return load(*args, **kwargs)


class RulesetChoice(click.Choice):
    """The registered rulesets, looked up when ``new`` runs or shows its help, not at import."""

    def __init__(self):
        super().__init__(())

    @property
    def choices(self):
        from . import rules
        return tuple(sorted(rules.registry()))

    @choices.setter
    def choices(self, _value):
        pass

CAMPAIGN_DIR = click.argument("directory", default=".", type=click.Path(file_okay=False, path_type=Path))
FORMAT = click.option("--format", "fmt", type=click.Choice(report.FORMATS), default=None,
                      help="How problems are printed: text, or github (text plus GitHub workflow "
                           "annotations; the default when GITHUB_ACTIONS=true).")


def _site_url(_context, _param, value):
    if value is None or not value.strip():
        return None            # an empty --url "" (a workflow variable that was not set) means none
    try:
        return siteurl.parse(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc))


def _report(problems) -> None:
    """Print problems in file and line order, as text and, under GitHub Actions, as annotations."""
    context = click.get_current_context()
    fmt = context.params.get("fmt") or report.default_format()
    for line in report.lines(problems, fmt, context.params.get("directory", ".")):
        click.echo(line, err=True)


def _notices(lines) -> None:
    """Notes for the administrator (dice drawn, a correction's ripple): stderr, after the problems."""
    for line in lines:
        click.echo(line, err=True)


def _fail(exc: ChronicleError, writes: bool = False) -> None:
    _report(exc.problems)
    errors = sum(1 for p in exc.problems if p.severity == "error")
    tail = "; nothing was written." if writes else "."
    click.echo(f"{errors} error{'s' if errors != 1 else ''} found{tail}", err=True)
    sys.exit(1)


def _load(directory: Path, strict: bool = False, writes: bool = False, until: int | None = None, cache=None):
    try:
        history = load_history(directory, until, cache)
    except ChronicleError as exc:
        _fail(exc, writes)
    warnings = [p for p in history.problems if p.severity != "error"]
    if warnings:
        _report(warnings)
        if strict:
            tail = "; nothing was written." if writes else "."
            click.echo(f"{len(warnings)} warning(s) with --strict{tail}", err=True)
            sys.exit(1)
    return history


INTERNAL_ERROR = 70          # EX_SOFTWARE in sysexits.h


def _set_debug(ctx, _param, value):
    if value:
        ctx.meta["chronicle.debug"] = True


DEBUG = click.option("--debug", is_flag=True, expose_value=False, is_eager=True, callback=_set_debug,
                     help="On an internal error, show the traceback.")


class Chronicle(click.Group):
    """Every command runs inside :meth:`invoke`: a bug becomes one line and exit code 70."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except Exception as exc:          # noqa: BLE001 (the boundary where a bug becomes a message)
            if ctx.meta.get("chronicle.debug"):
                traceback.print_exc()
            first = (str(exc).strip().splitlines() or [""])[0][:200]
            click.echo(f"internal error: {type(exc).__name__}{': ' + first if first else ''} — please report it, "
                       "with the output of the same command run with --debug", err=True)
            ctx.exit(INTERNAL_ERROR)

    def command(self, *args, **kwargs):
        """Every subcommand takes --debug too (``chronicle build --debug`` reads naturally)."""
        decorator = super().command(*args, **kwargs)
        return lambda function: decorator(DEBUG(function))


@click.group(cls=Chronicle, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="chronicle",
                      message=f"%(prog)s %(version)s (the {distribution.this().name} distribution)")
@DEBUG
def main():
    """chronicle: replay a wargame map campaign's turns and publish it as a static site.

    \b
    Example:
      chronicle new my-campaign --ruleset pitac
      cd my-campaign && chronicle check && chronicle build
    """


@main.command()
@CAMPAIGN_DIR
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@FORMAT
def check(directory, strict, fmt):
    """Load and replay the campaign in DIRECTORY and report every problem.

    \b
    Example:
      chronicle check my-campaign
      content/turns/004.yaml:12:7: error: unknown territory 'inaba' ...
    """
    from . import notices
    history = _load(directory, strict)
    from .render import site                       # what a build would reject in templates/
    problems = site.preflight(history.campaign.root)
    if not problems and site.has_overrides(history.campaign.root):
        problems = site.dry_run(history)
    if problems:
        _fail(ChronicleError(problems))
    _notices(notices.correction(history, directory / "site") + notices.drawn(history))
    turns = len(history.turns)
    click.echo(f"{history.campaign.title}: {turns} turn{'s' if turns != 1 else ''} replayed, no errors.")


@main.command()
@CAMPAIGN_DIR
@click.option("--turn", "-t", type=int, default=None, help="Show the state after this turn (default: the last; 0: the start).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--private", is_flag=True,
              help="The administrator's view: include what players keep hidden (Sengoku's cards in hand).")
@FORMAT
def state(directory, turn, as_json, private, fmt):
    """Show who holds what after a turn.

    \b
    Example:
      chronicle state my-campaign --turn 3
      chronicle state --json | jq .winner
      chronicle state --json --private    # with the cards players hold hidden
    """
    # errors after the turn asked for cannot change it: show it anyway, with them as warnings
    history = _load(directory, until=turn)
    campaign = history.campaign
    last = history.turns[-1].turn.number if history.turns else 0
    number = last if turn is None else turn
    if not 0 <= number <= last:
        raise click.UsageError(f"--turn {number}: the campaign has turns 0..{last}")
    if as_json:
        click.echo(json.dumps(state_json(history, number, private), indent=2, sort_keys=True, ensure_ascii=False))
        return
    events = history.start_events if number == 0 else history.result(number).events
    from .render.text import state_table
    click.echo(state_table(campaign, history.state_after(number), events))


def state_json(history, number: int, private: bool = False) -> dict:
    """What ``chronicle state --turn NUMBER --json`` prints, from a history already replayed: a
    caller that wants every turn's (the tests) replays the campaign once instead of once a turn."""
    from . import ripple
    campaign, ruleset = history.campaign, history.campaign.ruleset
    events = history.start_events if number == 0 else history.result(number).events
    after = history.state_after(number)
    data = ruleset.to_json(campaign, after, events, private=private)
    data["summary"] = ripple.summary_json(ruleset.summary(campaign, after))
    return data


@contextlib.contextmanager
def _out_of_gc():
    """The objects alive now (the build cache just loaded: every kept turn's state and view)
    are left out of the garbage collector's full passes for the block (:func:`gc.freeze`): they
    live as long as the build, and its passes over them were a fifth of a story edit's CPU at
    500 turns (2.7-3.5 s with, 2.2 s without). Let go at the end, for a caller that builds
    again in the same process (the tests)."""
    import gc
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@main.command()
@CAMPAIGN_DIR
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.option("--output", "-o", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where to write the site (default: DIRECTORY/site).")
@click.option("--url", callback=_site_url, metavar="URL",
              help="The site's public address (http or https), e.g. https://NAME.github.io/REPO/: "
                   "sitemap.xml, robots.txt, canonical links, absolute feed ids and link previews. "
                   "Overrides url: in campaign.yaml.")
@FORMAT
def build(directory, strict, quiet, output, url, fmt):
    """Check the campaign, then render its site into DIRECTORY/site.

    The new site replaces the old one only when the whole build succeeded.

    \b
    Example:
      chronicle build my-campaign && open my-campaign/site/index.html
    """
    from .render import incremental
    target = output or directory / "site"
    inputs = incremental.digest(incremental.inputs_digest(directory), url)
    same = incremental.up_to_date(Path(target).resolve(), inputs)
    if same is not None and not same["warnings"]:       # built from these very files, and clean
        _notices(same.get("notices") or [])        # the dice drawn, as the build that wrote it said
        if not quiet:
            click.echo(f"Built {same['count']} files into {target} (nothing changed).")
        return
    from . import notices
    from .cache import HistoryCache
    from .render.site import build_site
    cache = HistoryCache.load(incremental.cache_dir(Path(target).resolve()))   # replay only what changed
    with _out_of_gc():
        history = _load(directory, strict, writes=True, cache=cache)
        if url:
            history = dataclasses.replace(history, campaign=dataclasses.replace(history.campaign, url=url))
        drawn = notices.drawn(history)
        told = notices.correction(history, target) + drawn      # before the old site is replaced
        warnings = [p.format() for p in sorted(history.problems, key=Problem.sort_key) if p.severity != "error"]
        try:
            count = build_site(history, target, progress=not quiet, history_cache=cache, apart=True,
                               report={"inputs": inputs, "warnings": warnings, "notices": drawn},
                               wait=lambda: click.echo(f"Another build is writing {target}; waiting for it to finish.", err=True))
        except ChronicleError as exc:
            _fail(exc, writes=True)
        _notices(told)
        if not quiet:
            click.echo(f"Built {count} files into {target}.")


@main.command()
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--ruleset", "-r", type=RulesetChoice(), default="pitac", show_default=True)
@click.option("--title", default=None, help="The campaign's title.")
def new(directory, ruleset, title):
    """Start a new campaign folder that checks and builds at once.

    \b
    Example:
      chronicle new my-campaign --ruleset pitac
    """
    from .scaffold import create
    try:
        written = create(directory, ruleset, title)
    except FileExistsError as exc:
        raise click.UsageError(str(exc))
    click.echo(f"Created {directory} ({len(written)} files). Next: cd {shlex.quote(str(directory))} && chronicle build")


@main.command(name="next")
@CAMPAIGN_DIR
@click.option("--date", "date", type=click.DateTime(formats=["%Y-%m-%d"]), default=None,
              help="The game day's date, YYYY-MM-DD (default: today).")
@FORMAT
def next_turn(directory, date, fmt):
    """Write the next turn's file, pre-filled with what the rules will ask for.

    content/turns/NNN.yaml gets the date, a slot for every player's orders (with what each holds
    and may attack), the battles and the dice the rules will ask for, as blanks (___) and commented
    examples; NNN.md is ready for the story. Fill in every blank, then run chronicle check: it
    names every blank still left.

    \b
    Example:
      chronicle next my-campaign --date 2026-03-21
    """
    from . import nextturn, schemas
    history = _load(directory)
    campaign = history.campaign
    number = (history.turns[-1].turn.number if history.turns else 0) + 1
    yaml_path, story_path = nextturn.turn_paths(directory, number)
    for path in (yaml_path, story_path):
        if path.exists():
            raise click.UsageError(f"{path} exists already; chronicle next never overwrites a turn")
    wanted = campaign.ruleset.next_turn(campaign, history)
    day = date.date() if date else nextturn.today()
    yaml_path.parent.mkdir(parents=True, exist_ok=True)
    yaml_path.write_text(nextturn.write_text(campaign.ruleset.name, number, day, wanted), encoding="utf-8")
    story_path.write_text(nextturn.story_text(number), encoding="utf-8")
    written = [yaml_path, story_path]
    schema = directory / "schemas" / f"turn-{campaign.ruleset.name}.schema.json"
    if not schema.exists():                     # the file's first line names it, for the editor
        schema.parent.mkdir(parents=True, exist_ok=True)
        schema.write_text(schemas.dumps(schemas.turn_schema(campaign.ruleset)), encoding="utf-8")
        written.append(schema)
    _notices(wanted.notices)
    click.echo(f"Wrote {', '.join(str(p) for p in written)}. Fill in every ___ (or delete what did not "
               "happen), then run chronicle check.")


@main.command()
@click.argument("kind", required=False)
@click.option("--output", "-o", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write every schema as KIND.schema.json into this folder.")
def schema(kind, output):
    """Print the JSON Schema of a kind of file (campaign-pitac, turn-pitac, map...).

    \b
    Example:
      chronicle schema turn-pitac > turn.schema.json
      chronicle schema --output schemas/
    """
    from . import rules, schemas
    everything = schemas.all_schemas(rules.registry().values())
    if output:
        output.mkdir(parents=True, exist_ok=True)
        for name, body in everything.items():
            (output / f"{name}.schema.json").write_text(schemas.dumps(body), encoding="utf-8")
        click.echo(f"Wrote {len(everything)} schemas into {output}.")
        return
    if kind is None:
        click.echo("Kinds: " + ", ".join(sorted(everything)))
        return
    if kind not in everything:
        raise click.UsageError(f"unknown kind {kind!r}; kinds: {', '.join(sorted(everything))}")
    click.echo(schemas.dumps(everything[kind]), nl=False)


@main.command()
@CAMPAIGN_DIR
@click.option("--port", "-p", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port on 127.0.0.1 (0: any free port).")
def serve(directory, port):
    """Serve the site on localhost, rebuilding and reloading the browser on every change.

    Watches content/ and templates/; build errors show in the terminal and over the page.
    Nothing is written to DIRECTORY/site.

    \b
    Example:
      chronicle serve my-campaign --port 8001
    """
    from .serve import HOST, Server
    debug = bool(click.get_current_context().meta.get("chronicle.debug"))
    server = Server(directory, port, echo=lambda text: click.echo(text, err=True), debug=debug)
    try:
        bound = server.start(wait=False)
    except OSError as exc:
        server.stop()
        raise click.UsageError(f"cannot listen on {HOST}:{port}: {exc.strerror or exc}; try --port 0")
    try:
        click.echo(f"Serving {directory} on http://{HOST}:{bound}/ (Ctrl+C to stop)")
        server.wait()
    except KeyboardInterrupt:
        # Ctrl-C before wait() took over: stop the build child and remove the temporary folder
        # all the same (left running, the child would keep the interpreter from exiting)
        server.stop()


if __name__ == "__main__":
    main()
