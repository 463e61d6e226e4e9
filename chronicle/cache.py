"""Replay only from the first changed turn: the turns before it are taken as they were.

A turn's outcome depends on chronicle's code, the campaign file, the map, and its own turn
file and every one before it (drawn dice depend only on the campaign seed and the roll's
identity). So each turn is named by a *chain* hash over those bytes, as Sphinx names a
document by its source and Make a target by its inputs. A build keeps, for each turn, its chain,
its turn as read (the YAML's data, without the places of its values), its result (record, states,
events) and the problems found reading and replaying it. The next build reads every turn file's
bytes (cheap), keeps the longest run of turns whose chains are unchanged, parses only the files
after it and replays only those turns, from the state the run ended in.

The last turn is never kept when the number of turns changed: whether a turn is the last one
changes what the rules report about it (a capital still to be named). A turn's problems are kept
with it and reported again, so a build from the cache reports every problem a clean one would.

:class:`HistoryCache` lives in memory (``chronicle serve`` keeps one for as long as it runs) and
is saved beside the site between builds (``.NAME.cache/history.pickle``; a file that cannot be
read is ignored: the cache only ever saves time).
"""

from __future__ import annotations

import copyreg
import os
import pickle
import re
import types
from dataclasses import dataclass, replace
from pathlib import Path

from .content import load_campaign
from .errors import without_echoes
from .history import History, replay
from .render.incremental import campaign_files, code_fingerprint, digest
from .render.incremental import read_bytes as _read
from .source import Document

TURN_FILE = re.compile(r"^(\d+)\.ya?ml$")
FILE = "history.pickle"


def _proxy(mapping: dict) -> types.MappingProxyType:
    return types.MappingProxyType(mapping)


# states and campaigns hold read-only mappings; pickle them as the dicts they wrap
copyreg.pickle(types.MappingProxyType, lambda m: (_proxy, (dict(m),)))


@dataclass(frozen=True)
class Entry:
    """One turn as last replayed."""

    chain: str
    turn: object                     # content.Turn, its document without places
    result: object                   # history.TurnResult
    problems: tuple                  # reading and replaying this turn file


class HistoryCache:
    def __init__(self):
        self.campaign_key: str | None = None
        self.entries: list[Entry] = []
        self.replayed = 0            # turns replayed by the last call (for tests and the curious)
        self.changed = True          # whether the last call changed what is kept (else no need to save)
        self.kept: dict = {}         # the renderer's model and map painter (see :meth:`keep`)

    # ---- the one entry point --------------------------------------------------------------

    def replay_folder(self, root: Path | str):
        """What :func:`chronicle.history.replay_folder` gives, replaying only what changed."""
        root = Path(root)
        campaign_key = digest(code_fingerprint(), _read(root / "content" / "campaign.yaml"), campaign_files(root))
        files = _turn_files(root)
        chains, chain = [], campaign_key
        for number, path in files:
            chain = digest(chain, number, _read(path))
            chains.append((number, chain))
        kept = 0
        if campaign_key == self.campaign_key:
            while (kept < len(chains) and kept < len(self.entries) and self.entries[kept].chain == chains[kept][1]
                   and self.entries[kept].turn.number == chains[kept][0]):
                kept += 1
            if len(chains) != len(self.entries):
                kept = min(kept, len(self.entries) - 1)
            if [n for n, _c in chains] != list(range(1, len(chains) + 1)):
                kept = 0                 # gaps or doubles: let the loader read and report everything
        reuse = self.entries[:max(kept, 0)]
        by_turn: dict[int, list] = {}
        campaign, problems = load_campaign(root, reuse={e.turn.number: e.turn for e in reuse}, by_turn=by_turn)
        if campaign is None:
            self.campaign_key, self.entries = None, []
            return None, problems
        history = replay(campaign, tuple(e.result for e in reuse), tuple(e.problems for e in reuse))
        self.replayed = len(history.turns) - len(reuse)
        everything = tuple(without_echoes(tuple(problems) + tuple(history.problems)))
        entries = list(reuse)
        for (number, chain), result, found in list(zip(chains, history.turns, history.turn_problems))[len(reuse):]:
            own = tuple(by_turn.get(number, ())) + tuple(found)
            entries.append(Entry(chain, _slim(result.turn), result, own))
        self.changed = self.replayed > 0 or campaign_key != self.campaign_key
        self.campaign_key, self.entries = campaign_key, entries
        # every problem is placed by now: the places of each turn file's values are let go (a
        # long campaign's documents are most of the memory a build holds)
        turns = tuple(replace(t, doc=Document(t.doc.file, t.doc.data)) for t in campaign.turns)
        campaign = replace(campaign, turns=turns)
        results = tuple(replace(r, turn=t) for r, t in zip(history.turns, turns))
        history = replace(history, campaign=campaign, turns=results, problems=everything)
        return history, list(everything)

    # ---- what the renderer derived, kept with the turns it was derived from -----------------

    def rendering(self) -> dict:
        """What the last build's renderer kept (``keep`` of
        :class:`~chronicle.render.site.SiteRenderer`): the pages' model, whose turn views are
        reused only for turns whose state and events are the very objects kept here (pickled
        together, so the identity holds from one process to the next), and the map painter
        with its labels placed, under the key of the files and marks it was made for. A story
        edit or an added turn then derives neither the earlier turns' map marks and views nor
        the labels again."""
        kept = getattr(self, "kept", None)        # a cache saved before this was kept has none
        return kept if isinstance(kept, dict) else {}

    def keep(self, kept: dict) -> None:
        """Keep the renderer's model and painter (not its templates: Jinja's environment is kept
        compiled on disk already) for the next build; saved when they are new."""
        old = self.rendering()
        new = {name: kept[name] for name in ("model", "painter") if name in kept}
        painter = new.get("painter", (None, None))[1]        # (its key, the painter)
        if set(new) != set(old) or painter is not old.get("painter", (None, None))[1] or self.replayed:
            self.changed = True
        self.kept = new

    # ---- kept between builds --------------------------------------------------------------

    @classmethod
    def load(cls, folder: Path) -> "HistoryCache":
        try:
            with open(Path(folder) / FILE, "rb") as stream:
                cache = pickle.load(stream)
        except Exception:             # missing, from another version, half written: start afresh
            return cls()
        return cache if isinstance(cache, cls) else cls()

    def save(self, folder: Path) -> None:
        if not self.changed and (Path(folder) / FILE).is_file():
            return
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        temp = folder / f"{FILE}.{os.getpid()}.tmp"
        try:
            with open(temp, "wb") as stream:
                pickle.dump(self, stream, protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
            temp.unlink(missing_ok=True)     # a ruleset whose states cannot be kept: the next build replays all
            if self.rendering():             # or what the renderer derived cannot: keep the turns at least
                self.kept = {}
                self.save(folder)
            return
        os.replace(temp, folder / FILE)


def _slim(turn):
    """The turn without the places of its values: only a turn replayed anew needs them, and a
    turn replayed anew is read from its file again."""
    doc = turn.doc
    return replace(turn, doc=Document(doc.file, doc.data), story=None)     # the story is read anew


def _turn_files(root: Path) -> list[tuple[int, Path]]:
    folder = root / "content" / "turns"
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.iterdir()):
        match = TURN_FILE.match(path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found, key=lambda pair: (pair[0], pair[1].name))


