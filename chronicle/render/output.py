"""The output folder: refused where it would destroy something, locked while written, swapped whole.

A build writes the new site into a temporary folder beside the target and then puts it in the
target's place. Three promises, whatever happens to the process:

* **Nothing is lost.** A target that is, contains or lies inside the campaign's sources or the
  current directory is refused, and so is an existing folder that chronicle did not build (it
  would be replaced wholesale).
* **The target is always whole.** On Linux the new and the old folder trade places in one
  ``renameat2(RENAME_EXCHANGE)`` system call, so at every instant the target is the whole old or
  the whole new site; where that call does not exist, two renames are used and the next build
  puts the old site back if a build was killed between them.
* **One writer at a time.** A lock file beside the target (``.NAME.lock``, ``flock``, released by
  the kernel when a process dies, removed when the build ends) serialises builds of one folder; a
  build that finds the lock taken waits for it. Under the lock, what a killed build left behind (``.NAME.XXXXXXXX.tmp``
  and ``.NAME.XXXXXXXX.old``) is removed before anything is written.

Every change to the file system goes through the small functions at the end of this module, so
the tests can inject a failure or a kill before any one of them (tests/test_output.py).
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import os
import re
import secrets
import shutil
import string
import sys
import tempfile
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..errors import ChronicleError, Place, Problem

MARKER = ".chronicle-site"
MARKER_TEXT = ("This folder is a site built by chronicle. Each build replaces it whole:\n"
               "do not keep anything of your own in it.\n")
_LEFTOVER = r"^\.{name}\.[A-Za-z0-9_]{{8}}\.(tmp|old)$"


def refuse_unsafe(target: Path, *, campaign: Path, sources: Iterable[Path] = (), cwd: Path | None = None) -> Path:
    """The target, resolved; a ChronicleError that says why if writing there could lose anything."""
    target = Path(os.path.abspath(target)).resolve()
    campaign = Path(campaign).resolve()
    cwd = Path(cwd or os.getcwd()).resolve()
    shown = str(target)
    why = None
    if target == campaign:
        why = "it is the campaign folder itself"
    elif target in campaign.parents:
        why = f"it contains the campaign folder {str(campaign)!r}"
    else:
        for source in sources:
            source = Path(source).resolve()
            name = _shown(source, campaign)
            if target == source:
                why = f"it is the campaign's {name} folder"
            elif target in source.parents:
                why = f"it contains the campaign's {name} folder"
            elif source in target.parents:
                why = f"it lies inside the campaign's {name} folder"
            if why:
                break
    if why is None:
        if target == cwd:
            why = "it is the current directory"
        elif target in cwd.parents:
            why = "it contains the current directory"
    if why is None and target.exists():
        if not target.is_dir():
            why = "it is a file, not a folder"
        elif not _is_site(target):
            why = "it is a folder that chronicle did not build, and a build replaces the whole folder"
    if why:
        raise ChronicleError([Problem(
            f"cannot write the site to {shown!r}: {why}",
            hint="the default, DIR/site, is always safe; or pass --output with a new or empty folder, or one "
                 "that chronicle built before", place=Place(shown), rule="output folder")])
    return target


def _shown(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix() + "/"
    except ValueError:
        return str(path)


def _is_site(folder: Path) -> bool:
    """An empty folder, one with chronicle's marker, or one that looks like a site chronicle built
    before the marker existed (an index page, the feed and the 404 page at its top)."""
    try:
        names = {p.name for p in folder.iterdir()}
    except OSError:
        return False
    return not names or MARKER in names or {"index.html", "feed.xml", "404.html"} <= names


@contextlib.contextmanager
def staged(target: Path, wait: Callable[[], None] | None = None, later: list | None = None) -> Iterator[Path]:
    """Hold the target's lock, clean what killed builds left, and yield an empty folder to write
    the new site into; when the block ends normally it replaces the target, else it is removed.

    ``wait`` is called once if another build holds the lock (to say why nothing happens).
    ``later``: the old site, once replaced, is added to this list for the caller to remove when
    it has time (``serve`` answers first), instead of being removed here; a folder left there is
    a leftover that the next build removes (:func:`recover`)."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    with locked(target, wait):
        recover(target)
        temp = Path(_mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
        try:
            yield temp
            _write_marker(temp)
            _chmod(temp, 0o755)
            swap(temp, target, later)
        except BaseException:
            _rmtree(temp)
            raise


@contextlib.contextmanager
def locked(target: Path, wait: Callable[[], None] | None = None) -> Iterator[None]:
    """An exclusive lock on ``.NAME.lock`` beside the target, for as long as the block runs.

    The lock file is removed on release, so nothing stays beside the site; a build that was
    waiting on a file removed meanwhile sees that its file is no longer the one at the path,
    and takes the lock again on the new one (the usual way to make lock files removable)."""
    path = Path(target).parent / f".{Path(target).name}.lock"
    waited = False
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if not _try_lock(fd):
                if wait and not waited:
                    wait()
                    waited = True
                _lock(fd)
            if _same_file(fd, path):
                break
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):    # Windows cannot remove a file that is open
            _unlink(path)
        os.close(fd)           # closing the file releases the lock (the kernel does it on a kill too)


def _same_file(fd: int, path: Path) -> bool:
    try:
        there = os.stat(path)
    except FileNotFoundError:
        return False
    here = os.fstat(fd)
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def recover(target: Path) -> list[str]:
    """Undo what a killed build left beside ``target``; returns the names removed or restored.

    Call with the lock held: every ``.NAME.XXXXXXXX.tmp`` or ``.old`` folder is then a dead
    build's. A target that is missing while an ``.old`` exists was moved aside by a build killed
    between its two renames (where the atomic exchange is not available): it goes back.
    """
    target = Path(target)
    pattern = re.compile(_LEFTOVER.format(name=re.escape(target.name)))
    found = sorted(p for p in target.parent.iterdir() if pattern.match(p.name))
    done = []
    if not os.path.lexists(target):
        olds = [p for p in found if p.name.endswith(".old") and p.is_dir() and not p.is_symlink() and _is_site(p)]
        if olds:
            _rename(olds[-1], target)
            found.remove(olds[-1])
            done.append(olds[-1].name)
    for path in found:
        if path.is_dir() and not path.is_symlink():
            _rmtree(path)
        else:
            _unlink(path)
        done.append(path.name)
    return done


def swap(new: Path, target: Path, later: list | None = None) -> None:
    """Put the folder ``new`` where ``target`` is; the old target, if any, is removed after (or
    added to ``later``, see :func:`staged`)."""
    remove = _rmtree if later is None else later.append
    if not os.path.lexists(target):
        _rename(new, target)
        return
    if _exchange(new, target):
        remove(new)                    # the old site, now at the temporary name
        return
    old = target.parent / f".{target.name}.{_token()}.old"      # a free name: we hold the lock
    _rename(target, old)
    try:
        _rename(new, target)
    except BaseException:
        _rename(old, target)
        raise
    remove(old)


def remove_later(folders: list) -> None:
    """Remove the old sites :func:`staged` left in ``folders`` (a concurrent build may be removing
    them too, as leftovers: whatever is gone already is no error)."""
    while folders:
        _rmtree(Path(folders.pop()))


def _token() -> str:
    return "".join(secrets.choice(string.ascii_lowercase + string.digits + "_") for _ in range(8))


def _write_marker(folder: Path) -> None:
    (folder / MARKER).write_text(MARKER_TEXT, encoding="utf-8")


# ---- every change to the file system (the fault-injection tests wrap these) ---------------------

def _mkdtemp(**kwargs) -> str:
    return tempfile.mkdtemp(**kwargs)


def _chmod(path: Path, mode: int) -> None:
    os.chmod(path, mode)


def _rename(source: Path, destination: Path) -> None:
    os.rename(source, destination)


def _unlink(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def _rmtree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _load_renameat2():
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        function = libc.renameat2
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


_renameat2 = _load_renameat2()


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one step; False where the system cannot (then the caller renames twice)."""
    if _renameat2 is None:
        return False
    if _renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


try:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)
except ImportError:                                   # Windows: msvcrt locks a byte of the file
    import msvcrt
    import time

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _lock(fd: int) -> None:
        while not _try_lock(fd):
            time.sleep(0.2)
