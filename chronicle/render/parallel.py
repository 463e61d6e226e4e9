"""Make the costly, self-contained outputs (the link-preview cards) in other processes while this
one renders the pages, as Make's ``-j`` and Sphinx's ``-j`` do.

A card is rasterised by resvg (about a quarter of a second of CPU each, one a turn): most of a
clean build of a long campaign. Each card depends only on what the renderer gathered before
writing starts, so the workers are forked from this process once the outputs are listed: they
inherit the renderer as it is (nothing is pickled on the way there), make the cards they are
given and send back their bytes, in order. The bytes are the same as made here (each card is a
pure function of its turn), so the site is byte for byte a serial build's; only the wall time
changes, not the CPU time.

Where there is one core, few cards, or no ``fork`` (Windows, and macOS where forking a process
with system frameworks loaded is unsafe), the cards are made here, one after the other, as before.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
from typing import Callable, Iterator

MIN_APART = 8               # fewer cards than this: forking costs more than it saves
MAX_WORKERS = 4

_jobs: list = []
_make: Callable | None = None


def workers() -> int:
    """How many processes make cards: the cores this process may use, at most MAX_WORKERS; 1 if
    forking is not to be used here."""
    if not sys.platform.startswith("linux") or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_WORKERS))


@contextlib.contextmanager
def made_apart(jobs: list, make: Callable) -> Iterator[Iterator]:
    """An iterator over ``make(job)`` for each of ``jobs``, in order, made by worker processes
    while the caller goes on (or here, one by one, when that is all there is to it). The
    workers are ended when the block is left, whether it ends well or not."""
    count = workers()
    if count < 2 or len(jobs) < MIN_APART:
        yield (make(job) for job in jobs)
        return
    global _jobs, _make
    _jobs, _make = jobs, make                 # what the forked workers inherit
    try:
        with multiprocessing.get_context("fork").Pool(count, initializer=_end_with_parent) as pool:
            yield pool.imap(_run, range(len(jobs)), chunksize=1)
    finally:
        _jobs, _make = [], None


def _end_with_parent() -> None:
    """A worker ends when the build does, even one killed outright (SIGKILL runs no clean-up): it
    holds the site's lock, inherited, and would otherwise wait for work for ever."""
    try:
        import ctypes
        import signal
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)     # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _run(index: int):
    return _make(_jobs[index])
