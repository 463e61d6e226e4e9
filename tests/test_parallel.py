"""Cards made in worker processes give the very bytes of cards made one after the other."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from chronicle.history import load_history
from chronicle.render import parallel
from chronicle.render.site import build_site

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import generate  # noqa: E402


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.skipif(parallel.workers() < 2 and not sys.platform.startswith("linux"), reason="fork is used on Linux only")
def test_cards_made_apart_are_the_cards_made_here(tmp_path, monkeypatch):
    root = tmp_path / "c"
    generate.generate(root, "pitac", turns=3, players=4)
    history = load_history(root)
    build_site(history, tmp_path / "serial" / "site", progress=False)
    monkeypatch.setattr(parallel, "workers", lambda: 2)       # two workers, even on one core
    monkeypatch.setattr(parallel, "MIN_APART", 1)
    made = []
    real = parallel.made_apart

    def counted(jobs, make):
        made.append(len(jobs))
        return real(jobs, make)
    monkeypatch.setattr(parallel, "made_apart", counted)
    build_site(history, tmp_path / "apart" / "site", progress=False, apart=True)
    assert made == [4]                                         # the start and three turns, in workers
    assert tree(tmp_path / "apart" / "site") == tree(tmp_path / "serial" / "site")


def test_one_core_or_few_cards_are_made_here(monkeypatch):
    monkeypatch.setattr(parallel, "workers", lambda: 1)
    with parallel.made_apart([1, 2, 3], lambda job: job * 10) as made:
        assert list(made) == [10, 20, 30]


def test_a_failing_card_fails_the_build_and_ends_the_workers(monkeypatch):
    monkeypatch.setattr(parallel, "workers", lambda: 2)
    monkeypatch.setattr(parallel, "MIN_APART", 1)

    def make(job):
        if job == 3:
            raise ValueError("card 3")
        return job
    with pytest.raises(ValueError, match="card 3"):
        with parallel.made_apart([1, 2, 3, 4], make) as made:
            assert next(made) == 1 and next(made) == 2
            next(made)
    assert parallel._jobs == [] and parallel._make is None
