"""Load a campaign folder into a Campaign: plain data with places, no rules applied.

Layout::

    DIR/content/campaign.yaml
    DIR/content/turns/001.yaml   (and an optional 001.md chronicle text per turn)
    DIR/templates/               (optional theme overrides, read by the renderer)
"""

from __future__ import annotations

import json
import os
import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from . import i18n, rules, schemas, siteurl, slips
from . import maps as bundled_maps
from .errors import ChronicleError, Place, Problem, errors_only
from .geography import Map
from .source import Document, is_inside, load_yaml, read_bytes, read_text
from .suggest import did_you_mean, one_of

TURN_FILE = re.compile(r"^([0-9]+)\.ya?ml$")             # ASCII digits only: ٠١٣.yaml is not turn 13
STORY_FILE = re.compile(r"^([0-9]+)\.md$")
LOOKS_LIKE_TURN = re.compile(r"\.(ya?ml|md)$", re.IGNORECASE)
DEFAULT_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#f0e442", "#000000")


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    colour: str
    index: int
    fields: Mapping = field(default_factory=dict)   # ruleset-specific fields as written


@dataclass(frozen=True)
class Turn:
    """One turn file: its number, its document, and its chronicle text if any."""

    number: int
    doc: Document
    story: str | None = None
    story_file: str | None = None

    @property
    def data(self) -> dict:
        return self.doc.data if isinstance(self.doc.data, dict) else {}


@dataclass(frozen=True)
class Campaign:
    root: Path
    doc: Document
    title: str
    description: str
    ruleset: "rules.Ruleset"
    options: Mapping
    players: tuple[Player, ...]
    map: Map
    map_dir: Path | None
    seed: str
    url: str | None
    turns: tuple[Turn, ...]
    #: the ruleset's side files (``Ruleset.campaign_files``, e.g. clanwar's catalogue): key ->
    #: (the document holding it, the path of the value in that document); a value written inline
    #: in campaign.yaml is (campaign.yaml's document, (key,))
    files: Mapping = field(default_factory=dict)
    language: str = "en"               # the site's language (chronicle.i18n)

    def player(self, player_id: str) -> Player:
        return next(p for p in self.players if p.id == player_id)

    @property
    def player_ids(self) -> list[str]:
        return [p.id for p in self.players]

    def name_of(self, some_id: object) -> str:
        """The display name of a player or province id (players first), for sentences."""
        if some_id is None:
            return i18n.gettext("no one")
        for player in self.players:
            if player.id == some_id:
                return player.name
        province = self.map.provinces.get(some_id)
        return province.name if province else str(some_id)

    def turn(self, number: int) -> Turn:
        return next(t for t in self.turns if t.number == number)


def relative(path: Path, root: Path) -> str:
    """``path`` as the administrator sees it: from the campaign folder (a map file found through
    ``map: {file: ...}`` is resolved, so the folder is too)."""
    for base in (root, Path(root).resolve()):
        try:
            return str(Path(path).relative_to(base))
        except ValueError:
            continue
    return str(path)


def load_campaign(root: Path | str, reuse: Mapping[int, Turn] | None = None,
                  by_turn: dict[int, list[Problem]] | None = None) -> tuple[Campaign | None, list[Problem]]:
    """Read ``root/content``; returns the campaign (None if it cannot be built) and every problem.

    For the incremental build (:mod:`chronicle.cache`): ``reuse`` maps turn numbers to turns
    already read from the same bytes (their file is not parsed again, only their story re-read,
    and their problems are the caller's to add), and ``by_turn`` collects each turn file's own
    problems."""
    root = Path(root)
    content = root / "content"
    config_path = content / "campaign.yaml"
    if not os.path.lexists(config_path):
        return None, [Problem(f"no campaign here: {relative(config_path, root)} does not exist",
                              hint="run 'chronicle new DIR' to start one, or pass the campaign folder",
                              place=Place(relative(config_path, root)), rule="campaign folder")]
    try:
        doc = load_yaml(config_path, relative(config_path, root), inside=root)
    except ChronicleError as exc:
        return None, exc.problems + _turns(root, None)[1]
    if not isinstance(doc.data, dict):
        return None, [doc.locate(Problem("campaign.yaml must be a mapping of keys such as title, ruleset, players, map",
                                             rule="file format"))]

    data = doc.data
    ruleset_name = data.get("ruleset")
    ruleset = rules.get(ruleset_name) if isinstance(ruleset_name, str) else None
    if ruleset is None:
        known = list(rules.registry())
        return None, [doc.locate(Problem(f"unknown ruleset {ruleset_name!r}",
                                         hint=did_you_mean(ruleset_name, known) or f"one of: {one_of(known)}",
                                         path=("ruleset",), rule="ruleset"))]
    problems = schemas.validate(doc, schemas.campaign_schema(ruleset))
    if errors_only(problems):
        # the turns cannot be replayed, but their syntax and shape can still be checked
        return None, problems + _turns(root, ruleset)[1]

    game_map, map_dir, map_problems = _load_map(root, doc)
    problems += map_problems
    if game_map is None:
        return None, problems + _turns(root, ruleset)[1]

    players, player_problems = _players(doc)
    problems += player_problems
    names = {p.id for p in players} | set(game_map.provinces)
    files, file_problems = _side_files(root, doc, ruleset)
    problems += file_problems
    if errors_only(file_problems):
        return None, problems + _turns(root, ruleset, names=names)[1]
    turns, turn_problems = _turns(root, ruleset, reuse or {}, by_turn, names)
    problems += turn_problems

    options = ruleset.option_defaults()
    options.update(data.get("options") or {})
    url, url_problems = _site_url(doc)
    problems += url_problems
    campaign = Campaign(
        root=root, doc=doc, title=data["title"], description=data.get("description", ""),
        ruleset=ruleset, options=MappingProxyType(options), players=tuple(players), map=game_map,
        map_dir=map_dir, seed=str(data.get("seed", 0)), url=url, turns=tuple(turns),
        files=MappingProxyType(files), language=data.get("language") or "en")
    return campaign, problems


def _side_files(root: Path, doc: Document, ruleset) -> tuple[dict, list[Problem]]:
    """The ruleset's side files named in campaign.yaml as ``KEY: {file: PATH}`` (relative to
    content/), read and checked against their schema; or the same data written inline."""
    files, problems = {}, []
    for key, schema in getattr(ruleset, "campaign_files", {}).items():
        value = doc.data.get(key)
        if value is None:
            continue
        if isinstance(value, dict) and set(value) == {"file"}:
            path = (root / "content" / str(value["file"])).resolve()
            if not path.is_file():
                problems.append(doc.locate(Problem(f"{key} file {value['file']!r} not found",
                                                   hint="the path is relative to the content/ folder", path=(key, "file"))))
                continue
            try:
                side = load_yaml(path, relative(path, root))
            except ChronicleError as exc:
                problems += exc.problems
                continue
            if side.data is None:
                side.data = {}
            found = schemas.validate(side, schema)
            problems += found
            if not errors_only(found):
                files[key] = (side, ())
        else:
            files[key] = (doc, (key,))
    return files, problems


def _site_url(doc: Document) -> tuple[str | None, list[Problem]]:
    """``url:`` as the site's address ending in ``/``; a value that is no http(s) address is an error."""
    written = doc.data.get("url")
    if written is None or written == "":
        return None, []
    try:
        return siteurl.parse(str(written)), []
    except ValueError as exc:
        return None, [doc.locate(Problem(str(exc), hint="or leave url: out; the Pages workflow passes the address "
                                         "to chronicle build --url", path=("url",), rule="url"))]


def _load_map(root: Path, doc: Document):
    spec = doc.data["map"]
    if isinstance(spec, str):
        if spec not in bundled_maps.bundled_names():
            names = bundled_maps.bundled_names()
            return None, None, [doc.locate(Problem(f"unknown bundled map {spec!r}",
                                                   hint=did_you_mean(spec, names) or f"bundled maps: {one_of(names)}; "
                                                   "or write map: {file: map.yaml}", path=("map",), rule="map"))]
        try:
            game_map, map_dir = bundled_maps.load_bundled(spec)
        except ChronicleError as exc:
            return None, None, exc.problems
        return game_map, map_dir, []
    if "file" in spec:
        written = root / "content" / spec["file"]
        shown = relative(Path(os.path.normpath(written)), root)
        if not is_inside(written, root):
            return None, None, [doc.locate(Problem(f"map file {spec['file']!r} is outside the campaign folder",
                                                   hint="chronicle reads only files inside the campaign folder; "
                                                        "copy the map into content/", path=("map", "file"),
                                                   rule="files"))]
        if not os.path.lexists(written):
            return None, None, [doc.locate(Problem(f"map file {spec['file']!r} not found",
                                                   hint="the path is relative to the content/ folder",
                                                   path=("map", "file"), rule="map"))]
        try:
            map_doc = load_yaml(written, shown, inside=root)
        except ChronicleError as exc:
            return None, None, exc.problems
        problems = schemas.validate(map_doc, schemas.MAP_SCHEMA)
        if errors_only(problems):
            return None, None, problems
        map_dir = Path(os.path.realpath(written)).parent
        problems += _check_geometry(root, map_doc, (), map_dir)
        if errors_only(problems):
            return None, None, problems
        game_map, more = bundled_maps.map_from_data(map_doc, ())
        return game_map, map_dir, problems + [map_doc.locate(p) for p in more]
    geometry_problems = _check_geometry(root, doc, ("map",), root / "content")
    if errors_only(geometry_problems):
        return None, None, geometry_problems
    game_map, more = bundled_maps.map_from_data(doc, ("map",))
    return game_map, root / "content", [doc.locate(p) for p in more]


def _players(doc: Document) -> tuple[list[Player], list[Problem]]:
    players, problems, seen = [], [], {}
    for i, entry in enumerate(doc.data["players"]):
        pid = entry["id"]
        if pid in seen:
            problems.append(doc.locate(Problem(f"player id {pid!r} is used twice", hint=f"first as player {seen[pid] + 1}",
                                               path=("players", i, "id"), rule="players")))
            continue
        seen[pid] = i
        fields = {k: v for k, v in entry.items() if k not in ("id", "name", "colour")}
        players.append(Player(pid, entry.get("name", pid.title()),
                              entry.get("colour", DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]), i,
                              MappingProxyType(fields)))
    return players, problems


def _check_geometry(root: Path, doc: Document, base: tuple, folder: Path) -> list[Problem]:
    """A custom map's geometry file (SVG outlines as JSON) read and shape-checked now, so that
    ``check`` rejects what ``build`` would: a file outside the campaign, missing, not JSON, or
    not of the expected shape."""
    data = doc.data
    for key in base:
        data = data[key]
    name = data.get("geometry")
    if name is None:
        return []
    where = base + ("geometry",)
    path = folder / name
    if not is_inside(path, root):
        return [doc.locate(Problem(f"geometry file {name!r} is outside the campaign folder", path=where, rule="files",
                                   hint="chronicle reads only files inside the campaign folder"))]
    if not os.path.lexists(path):
        return [doc.locate(Problem(f"geometry file {name!r} not found", path=where,
                                   hint="the path is relative to the file that names it"))]
    shown = relative(Path(os.path.normpath(path)), root)
    try:
        text = read_text(path, shown, inside=root)
    except ChronicleError as exc:
        return exc.problems
    try:
        geometry = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        line, col = (exc.lineno, exc.colno) if isinstance(exc, json.JSONDecodeError) else (1, 1)
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deep"
        return [Problem(f"not a JSON file: {reason}", place=Place(shown, line, col),
                        hint='a geometry file is JSON: {"viewBox": "x y width height", "paths": {"province": "M ... Z"}}')]
    geometry_doc = Document(shown, geometry, {(): Place(shown, 1, 1)})
    problems = schemas.validate(geometry_doc, schemas.GEOMETRY_SCHEMA)
    coast = path.parent / "extras.geojson"          # the renderer draws the coast from it, if there
    if not problems and os.path.lexists(coast):
        problems += _check_json(coast, root, schemas.COAST_SCHEMA)
    return problems


def _check_json(path: Path, root: Path, schema: dict) -> list[Problem]:
    shown = relative(Path(os.path.normpath(path)), root)
    try:
        text = read_text(path, shown, inside=root)
        data = json.loads(text)
    except ChronicleError as exc:
        return exc.problems
    except (json.JSONDecodeError, RecursionError) as exc:
        line, col = (exc.lineno, exc.colno) if isinstance(exc, json.JSONDecodeError) else (1, 1)
        return [Problem(f"not a JSON file: {getattr(exc, 'msg', 'nested too deep')}", place=Place(shown, line, col))]
    return schemas.validate(Document(shown, data, {(): Place(shown, 1, 1)}), schema)


def _turns(root: Path, ruleset, reuse: Mapping[int, Turn] = MappingProxyType({}),
           by_turn: dict[int, list[Problem]] | None = None,
           names: set[str] = frozenset()) -> tuple[list[Turn], list[Problem]]:
    """Every turn file with its story. Only ASCII-numbered ``NNN.yaml``/``.yml`` are turns (and
    ``NNN.md`` their stories); any other name that looks like one gets a warning naming it.
    With no ruleset (campaign.yaml unreadable) the files are still read, for their syntax.
    ``reuse`` and ``by_turn``: see :func:`load_campaign`; ``names`` (players and provinces) help
    to explain indentation slips."""
    folder = root / "content" / "turns"
    if not folder.is_dir():
        return [], []
    problems: list[Problem] = []
    found: dict[int, Path] = {}
    stories: dict[int, Path] = {}
    schema = schemas.turn_schema(ruleset) if ruleset is not None else None
    try:
        entries = sorted(folder.iterdir())
    except OSError as exc:
        return [], [Problem(f"cannot read the folder: {exc.strerror or exc}", place=Place(relative(folder, root), 1, 1))]
    for path in entries:
        shown = relative(path, root)
        turn, story = TURN_FILE.match(path.name), STORY_FILE.match(path.name)
        if story:
            stories[int(story.group(1))] = path
            continue
        if not turn:
            if LOOKS_LIKE_TURN.search(path.name) and not path.name.startswith("."):
                problems.append(Problem(f"{path.name!r} is not read: turn files are named by their number in "
                                        "ASCII digits, 001.yaml (or .yml) with its story in 001.md",
                                        hint="rename it if it is a turn, or move it out of content/turns/",
                                        place=Place(shown, 1, 1), severity="warning", rule="turn files"))
            continue
        number = int(turn.group(1))
        if number == 0:
            problems.append(Problem("turns are numbered from 1", hint="rename it 001.yaml", place=Place(shown, 1, 1),
                                    rule="turn files"))
            continue
        if number in found:
            problems.append(Problem(f"turn {number} is given twice: {path.name} and {found[number].name}",
                                    hint="keep one file per turn", place=Place(shown, 1, 1), rule="turn files"))
            continue
        found[number] = path
    for number in sorted(set(stories) - set(found)):
        problems.append(Problem(f"a story for turn {number}, which has no turn file", severity="warning",
                                hint=f"write {number:03d}.yaml beside it, or rename the story",
                                place=Place(relative(stories[number], root), 1, 1), rule="turn files"))
    turns = []
    expected = 1
    for number in sorted(found):
        path = found[number]
        shown = relative(path, root)
        if number != expected:
            missing = (f"turn {expected} is" if number == expected + 1 else
                       f"turns {expected} and {number - 1} are" if number == expected + 2 else
                       f"turns {expected}–{number - 1} are")
            problems.append(Problem(f"{missing} missing before turn {number}",
                                    hint=f"number turns without gaps: the next file is {expected:03d}.yaml",
                                    place=Place(shown, 1, 1), rule="turn files"))
        expected = number + 1
        story, story_file, story_problems = _story(stories.get(number), root)
        problems += story_problems                 # read afresh even when the turn file is reused
        if number in reuse:
            turns.append(Turn(number, reuse[number].doc, story, story_file))
            continue
        before = len(problems)
        try:
            doc = load_yaml(path, shown, inside=root)
        except ChronicleError as exc:
            problems += exc.problems
            doc = Document(shown, {}, {(): Place(shown, 1, 1)})
            turns.append(Turn(number, doc, story, story_file))
            if by_turn is not None:
                by_turn[number] = problems[before:]
            continue
        if doc.data is None:
            doc.data = {}
        if schema is not None:
            problems += slips.mend(doc, schema, names)        # indentation slips, in plain words
            problems += schemas.validate(doc, schema)
        stated = doc.data.get("turn") if isinstance(doc.data, dict) else None
        if isinstance(stated, int) and not isinstance(stated, bool) and stated != number:
            problems.append(doc.locate(Problem(f"this file says turn {stated} but is named {path.name}",
                                               hint=f"rename the file or write turn: {number}", path=("turn",),
                                               rule="turn files")))
        problems += _impossible_date(doc)
        if not isinstance(doc.data, dict):
            doc = Document(shown, {}, doc.places, doc.key_places)
        turns.append(Turn(number, doc, story, story_file))
        if by_turn is not None:
            by_turn[number] = problems[before:]
    return turns, problems


ISO_DAY = re.compile(r"\d{4}-\d{1,2}-\d{1,2}")


def _impossible_date(doc: Document) -> list[Problem]:
    """A turn's date may be free text ("early spring"), but one written as year-month-day must
    be a day of the calendar: 2026-13-01 or 2026-02-30 is a slip, which the site would print as
    it was and sort nowhere."""
    value = doc.data.get("date") if isinstance(doc.data, dict) else None
    if not isinstance(value, str) or not ISO_DAY.fullmatch(value.strip()):
        return []
    year, month, day = (int(part) for part in value.strip().split("-"))
    try:
        dt.date(year, month, day)
    except ValueError as exc:
        return [doc.locate(Problem(f"date {value!r} is not a day of the calendar ({exc})",
                                   hint="write the game day as year-month-day, e.g. 2026-03-14 (or as free text)",
                                   path=("date",), rule="turn files"))]
    return []


def _story(path: Path | None, root: Path) -> tuple[str | None, str | None, list[Problem]]:
    if path is None:
        return None, None, []
    shown = relative(path, root)
    try:
        return read_text(path, shown, inside=root), shown, []
    except ChronicleError as exc:
        return None, shown, exc.problems
