"""Benchmark: placing the army counters of every turn's map; prints figures, asserts nothing.

    python bench/counters.py [CAMPAIGN ...] [--rounds N]    (default: the Sengoku example)

For each campaign it paints every turn's map in order as a build does (one painter; a first map
places the names), then paints them all again with their counters already placed, ``--rounds``
times, and prints the median time per map of each: the difference is what placing the counters
costs a map. A campaign of N turns spends about N times that on its counters. Run it on two commits to
compare them (the placement is deterministic: the same counters land in the same places).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from chronicle.history import load_history  # noqa: E402
from chronicle.render import views  # noqa: E402
from chronicle.render.mapviews import SiteMaps  # noqa: E402


def measure(root: Path, rounds: int) -> None:
    history = load_history(root)
    model = views.build_model(history)
    turns = [view for view in model.turns[1:] if view.summary.pieces]
    name = f"{history.campaign.title} ({history.campaign.ruleset.name}, {len(model.turns) - 1} turns)"
    if not turns:
        print(f"{name}: no counters on any map")
        return
    placed, kept = [], []
    for _ in range(rounds):
        # as a build does: one painter, the names placed once, then every turn's map in order
        maps = SiteMaps(history.campaign, model)
        maps.turn(model.turns[0], model.turns[0].path)
        for view in turns:
            t0 = time.perf_counter()
            maps.turn(view, view.path)
            placed.append(time.perf_counter() - t0)
        for view in turns:                            # again: the counters kept from the round before
            t0 = time.perf_counter()
            maps.turn(view, view.path)
            kept.append(time.perf_counter() - t0)
    pieces = sum(len(v.summary.pieces) for v in turns) / len(turns)
    stacks = sum(len({p.province for p in v.summary.pieces}) for v in turns) / len(turns)
    print(name)
    print(f"  maps with counters: {len(turns)}, {pieces:.1f} counters a map in {stacks:.1f} stacks")
    print(f"  a turn's map, counters placed, median:  {statistics.median(placed) * 1000:7.1f} ms "
          f"(min {min(placed) * 1000:.1f}, max {max(placed) * 1000:.1f}; {rounds} rounds)")
    print(f"  the same map, counters already placed:  {statistics.median(kept) * 1000:7.1f} ms")
    print(f"  so placing the counters costs about:    {(statistics.median(placed) - statistics.median(kept)) * 1000:7.1f} ms a map")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("campaigns", nargs="*", type=Path, default=[REPO / "examples" / "sengoku"])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for root in args.campaigns:
        measure(root, args.rounds)


if __name__ == "__main__":
    main()
