"""Reading a campaign's files safely: a regular file only (a FIFO is never waited on), not too
large, inside the folder it must stay in, UTF-8 without control characters; every refusal is a
placed problem. Kept apart from the YAML loader (:mod:`chronicle.source`) so that what only
fingerprints files (a build that finds nothing changed) never imports YAML."""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

from .errors import ChronicleError, Place, Problem

#: the largest file chronicle reads (a 1,000-turn campaign's largest file is a few hundred KB)
MAX_FILE_BYTES = 8 * 1024 * 1024
# what YAML 1.1 calls printable, plus tab, line feed and carriage return; everything else (NUL,
# the other C0 and C1 controls, U+FFFE, U+FFFF) cannot be in a YAML file, a web page or a feed
UNPRINTABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


# ---- files ------------------------------------------------------------------------------------

def read_bytes(path: Path, display: str | None = None, *, inside: Path | None = None,
               limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file, or a ChronicleError placed at the file that says what it is.

    Opened without blocking (a FIFO would otherwise wait forever for a writer) and checked after
    opening, so a file swapped for something else in between is still caught. With ``inside``,
    a path that resolves outside that folder (``..``, an absolute path, a symbolic link) is
    refused before it is opened: a campaign cannot make chronicle read ``/etc/passwd``.
    """
    path = Path(path)
    display = display or str(path)
    if inside is not None:
        _refuse_outside(path, Path(inside), display)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise ChronicleError([_unreadable(path, display, exc)]) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ChronicleError([_not_a_file(display, info.st_mode)])
        if info.st_size > limit:
            raise ChronicleError([_too_large(display, info.st_size, limit)])
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:                    # it grew while being read
            raise ChronicleError([_too_large(display, size, limit)])
        return b"".join(chunks)
    except OSError as exc:
        raise ChronicleError([_unreadable(path, display, exc)]) from None
    finally:
        os.close(fd)


def is_inside(path: Path, folder: Path) -> bool:
    """Whether ``path``, with every symbolic link followed, lies inside ``folder``."""
    try:
        real = Path(os.path.realpath(path))
        return real == Path(os.path.realpath(folder)) or Path(os.path.realpath(folder)) in real.parents
    except (OSError, ValueError):
        return False


def _refuse_outside(path: Path, folder: Path, display: str) -> None:
    if not is_inside(path, folder):
        raise ChronicleError([Problem(
            f"{display!r} is outside the campaign folder", place=Place(display, 1, 1),
            hint="chronicle reads only files inside the campaign folder; copy the file into it",
            rule="files")])


def _unreadable(path: Path, display: str, exc: OSError) -> Problem:
    place = Place(display, 1, 1)
    if exc.errno == errno.ELOOP:
        return Problem("cannot read it: it is a loop of symbolic links", place=place,
                       hint="make the link point to a real file", rule="files")
    if exc.errno == errno.ENOENT and os.path.islink(path):
        return Problem(f"cannot read it: it is a symbolic link to {os.readlink(path)!r}, which does not exist",
                       place=place, hint="make the link point to a real file", rule="files")
    if exc.errno == errno.EISDIR:
        return _not_a_file(display, stat.S_IFDIR)
    return Problem(f"cannot read it: {exc.strerror or exc}", place=place, rule="files")


def _not_a_file(display: str, mode: int) -> Problem:
    kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO (named pipe)" if stat.S_ISFIFO(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "not a regular file")
    return Problem(f"cannot read it: it is {kind}, not a file", place=Place(display, 1, 1),
                   hint="chronicle reads only regular files here; move it away or replace it with a file",
                   rule="files")


def _too_large(display: str, size: int, limit: int) -> Problem:
    return Problem(f"the file is too large: {size:,} bytes, and chronicle reads at most {limit:,}",
                   place=Place(display, 1, 1), hint="split it, or check that it is the file you meant",
                   rule="limits")


def read_text(path: Path, display: str | None = None, *, inside: Path | None = None) -> str:
    """A UTF-8 text file (a leading BOM is dropped), with any control character reported at its place."""
    display = display or str(path)
    return decode(read_bytes(path, display, inside=inside), display)


def decode(raw: bytes, display: str) -> str:
    """UTF-8 text from ``raw``; a ChronicleError placed at the first byte or character it cannot carry."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        line = raw.count(b"\n", 0, exc.start) + 1
        col = len(raw[line_start:exc.start].decode("utf-8", errors="replace")) + 1
        bad = raw[exc.start:exc.end]
        looks = ("it looks like UTF-16 (saved as 'Unicode' by some editors)"
                 if raw[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\x00" in raw[:200]
                 else "it looks like another encoding, such as Latin-1 or Windows-1252")
        raise ChronicleError([Problem(
            f"not UTF-8 text: byte{'s' if len(bad) > 1 else ''} {' '.join(f'0x{b:02x}' for b in bad)} "
            f"cannot be read ({exc.reason})",
            hint=f"save the file as UTF-8 ({looks})", place=Place(display, line, col), rule="file encoding")]) from None
    text = text.removeprefix("\ufeff")
    problems = []
    for match in UNPRINTABLE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        col = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
        if problems and problems[-1].place.line == line:
            continue                                       # one report a line is enough
        problems.append(Problem(f"a control character ({_codepoint(match.group())}) cannot be in a text file",
                                hint="delete it: it often comes from a broken editor, a copy from a binary file "
                                     "or a damaged disk", place=Place(display, line, col), rule="files"))
        if len(problems) == 5:
            break
    if problems:
        raise ChronicleError(problems)
    return text


def _codepoint(char: str) -> str:
    return f"U+{ord(char):04X}" + (" NUL" if char == "\x00" else "")


