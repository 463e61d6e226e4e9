"""Rewrite only the pages whose inputs changed, as Make and Ninja rebuild a target: by the hash
of its inputs, never by a guess or a modification time.

Every output of a build has a *key*: a hash of everything that page can show (see
:meth:`SiteRenderer.keys <chronicle.render.site.SiteRenderer>`): the code and templates that draw
it, the campaign-wide facts, and the turns it shows, each turn named by a hash of its turn file
and of every turn file before it (a correction to turn 3 changes every later turn's key). The
build records each file's key in a manifest. The next build renders a page only when its key
is new; a page whose key is known is hard-linked from the current site into the new one (the
new site is still written whole beside the old one and swapped in atomically: the old site is
never changed in place, and a killed build leaves it as it was).

The manifest lives beside the site (``.NAME.cache/manifest.json``, never published), and the
site carries the id of the manifest it was built with (``.chronicle-build``): a manifest that
does not describe the site in place (a build killed between the two, a site edited by hand:
sizes and modification times are checked) is not trusted, and the pages are rendered again.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from functools import lru_cache
from pathlib import Path

MANIFEST = "manifest.json"
BUILD_ID = ".chronicle-build"
FORMAT = 1


def digest(*parts) -> str:
    """A stable hash of strings, bytes and reprs of plain values."""
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        if isinstance(part, bytes):
            data = part
        elif isinstance(part, str):
            data = part.encode("utf-8")
        else:
            data = repr(part).encode("utf-8")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """chronicle's own version: every file of the installed package (code, bundled maps, the
    default theme), so a new release or a changed checkout never reuses a page drawn by the old."""
    from .. import __version__
    from .theme import default_theme_dir
    package = Path(__file__).resolve().parents[1]
    parts = [__version__, FORMAT]
    for folder in (package, default_theme_dir()):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                parts += [path.relative_to(folder).as_posix(), path.read_bytes()]
    return digest(*parts)


def folder_fingerprint(folder: Path) -> str:
    """Every file under ``folder`` (a campaign's templates/), names and bytes."""
    parts = []
    if folder.is_dir():
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                parts += [path.relative_to(folder).as_posix(), path.read_bytes()]
    return digest(*parts)


def cache_dir(target: Path) -> Path:
    return target.parent / f".{target.name}.cache"


class Manifest:
    """What the site in place was built from: path -> (key, size, mtime_ns, content hash)."""

    def __init__(self, files: dict | None = None):
        self.files: dict[str, list] = files or {}

    @classmethod
    def of_site(cls, target: Path) -> "Manifest":
        """The manifest of the site in ``target``, or an empty one if it cannot be trusted."""
        try:
            stored = json.loads((cache_dir(target) / MANIFEST).read_text(encoding="utf-8"))
            built = (target / BUILD_ID).read_text(encoding="utf-8").strip()
        except (OSError, ValueError):
            return cls()
        if not isinstance(stored, dict) or stored.get("format") != FORMAT or stored.get("id") != built:
            return cls()
        return cls(stored.get("files") or {})

    def reusable(self, target: Path, path: str, key: str) -> Path | None:
        """The current site's file for ``path`` if it was made from ``key`` and is untouched."""
        known = self.files.get(path)
        if not known or known[0] != key:
            return None
        source = target.joinpath(*path.split("/"))
        try:
            info = source.stat()
        except OSError:
            return None
        if info.st_size != known[1] or info.st_mtime_ns != known[2]:
            return None
        return source


class Recorder:
    """Collects the manifest of the site being written."""

    def __init__(self, folder: Path, old: Manifest):
        self.folder = folder
        self.old = old
        self.files: dict[str, list] = {}

    def written(self, path: str, key: str | None, data: bytes) -> None:
        info = self.folder.joinpath(*path.split("/")).stat()
        self.files[path] = [key, info.st_size, info.st_mtime_ns, hashlib.blake2b(data, digest_size=16).hexdigest()]

    def linked(self, path: str, key: str) -> None:
        info = self.folder.joinpath(*path.split("/")).stat()
        self.files[path] = [key, info.st_size, info.st_mtime_ns, self.old.files[path][3]]

    def build_id(self) -> str:
        """Same pages from the same inputs, same id: a clean and an incremental build agree."""
        return digest(sorted((p, f[0], f[3]) for p, f in self.files.items()))

    def finish(self) -> str:
        """Write the site's build id into the new site; returns it."""
        built = self.build_id()
        (self.folder / BUILD_ID).write_text(built + "\n", encoding="utf-8")
        return built

    def save(self, target: Path, built: str, report: dict | None = None) -> None:
        """Keep the manifest beside the site, written whole (a reader never sees half of it).
        ``report``: the build's ``inputs`` digest, file ``count`` and ``warnings``, for
        :func:`up_to_date`."""
        folder = cache_dir(target)
        folder.mkdir(parents=True, exist_ok=True)
        temp = folder / f"{MANIFEST}.{os.getpid()}.tmp"
        temp.write_text(json.dumps({"format": FORMAT, "id": built, "files": self.files, **(report or {})},
                                   sort_keys=True), encoding="utf-8")
        os.replace(temp, folder / MANIFEST)


def link(source: Path, destination: Path) -> None:
    """Put ``source``'s file at ``destination`` without copying where the file system allows."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, destination)
    except OSError:
        shutil.copy2(source, destination)


# ---- nothing changed: the answer without loading anything --------------------------------

def inputs_digest(root: Path) -> str:
    """Everything a build reads: chronicle itself, the campaign's content/ and templates/, and a
    map file it names outside content/. Equal digests, equal sites."""
    root = Path(root)
    return digest(code_fingerprint(), folder_fingerprint(root / "content"), folder_fingerprint(root / "templates"),
                  map_file_bytes(root))


def campaign_files(root: Path) -> bytes:
    """Every file under content/ but the turns (the campaign file, a map file, a ruleset's side
    files), and the map file the campaign names if it lies elsewhere, as one hash."""
    content = Path(root) / "content"
    parts = []
    for path in sorted(_files_outside_turns(content)):
        parts += [path.relative_to(content).as_posix(), read_bytes(path)]
    return digest(*parts, map_file_bytes(root)).encode()


def _files_outside_turns(content: Path):
    """Every file under ``content`` but in its top-level turns/ (never walked: a long campaign's
    thousand turn files are most of the folder, and this is asked several times a build)."""
    if not content.is_dir():
        return
    for top in content.iterdir():
        if top.name == "turns":
            continue
        for path in ([top] if not top.is_dir() or top.is_symlink() else top.rglob("*")):
            if path.is_file():
                yield path


def map_file_bytes(root: Path) -> bytes:
    """The map file campaign.yaml names (``map: {file: ...}``), wherever it lies; b"" if none."""
    content = Path(root) / "content"
    text = read_bytes(content / "campaign.yaml").decode("utf-8", "replace")
    match = re.search(r"^map:\s*\{?\s*file:\s*['\"]?([^'\"},\n]+)", text, re.M)
    return read_bytes(content / match.group(1).strip()) if match else b""


def up_to_date(target: Path, inputs: str) -> dict | None:
    """What the last build of ``target`` reported (its ``count`` and ``warnings``) if it was built
    from these very inputs and is still exactly as it was written; else None."""
    target = Path(target)
    try:
        stored = json.loads((cache_dir(target) / MANIFEST).read_text(encoding="utf-8"))
        built = (target / BUILD_ID).read_text(encoding="utf-8").strip()
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("inputs") != inputs or stored.get("id") != built:
        return None
    files = stored.get("files") or {}
    seen = set()
    for folder, _dirs, names in os.walk(target):
        for name in names:
            seen.add(Path(folder, name).relative_to(target).as_posix())
    if set(files) - seen or any(not p.startswith(".chronicle") for p in seen - set(files)):
        return None                      # a page missing, or a file that a build would not write
    for path, (_key, size, mtime, _hash) in files.items():
        try:
            info = target.joinpath(*path.split("/")).stat()
        except OSError:
            return None
        if info.st_size != size or info.st_mtime_ns != mtime:
            return None
    return {"count": stored.get("count"), "warnings": stored.get("warnings", []), "notices": stored.get("notices", [])}


def read_bytes(path: Path) -> bytes:
    """A file's bytes, or b"" for a file that is not there (its absence is then what is hashed).

    Read as the loader reads (:func:`chronicle.files.read_bytes`: a regular file, not too large,
    a FIFO never waited on); one it would refuse is hashed as a marker, and the loader that runs
    next reports it at its place."""
    from ..errors import ChronicleError
    from ..files import read_bytes as read_checked
    if not os.path.lexists(path):
        return b""
    try:
        return read_checked(Path(path))
    except ChronicleError:
        return b"\0unreadable"
