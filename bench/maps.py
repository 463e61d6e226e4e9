"""Benchmark: the maps of a campaign's site, alone; prints figures, asserts nothing.

    python bench/maps.py [CAMPAIGN ...]      (default: the Pitac example in content/ and the Sengoku example)

For every turn it paints what the site paints (the turn's map, every order, contest and counter
drawn) and prints, per campaign: the time of the first map (labels placed, the geometry's text
made) and of each further one, the bytes of a turn's map and how much of it is the outlines'
text that every map repeats, against the outline data of the map file itself. The maps of a
build of N turns cost about first + N x each; their bytes are N x the figure per map.
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


def measure(root: Path) -> None:
    history = load_history(root)
    model = views.build_model(history)
    started = time.perf_counter()
    maps = SiteMaps(history.campaign, model)
    first = None
    times, sizes = [], []
    for view in model.turns:
        t0 = time.perf_counter()
        figure = maps.turn(view, view.path)
        spent = time.perf_counter() - t0
        if first is None:
            first = time.perf_counter() - started
        else:
            times.append(spent)
        sizes.append(len(str(figure.svg).encode()))
    geometry = maps.geometry
    outlines = sum(len(d) for d in (geometry.compact or {}).values()) + sum(len(d) for d in geometry.compact_coast)
    source = sum(len(d) for d in geometry.outlines.values()) if getattr(geometry, "outlines", None) else 0
    print(f"{history.campaign.title} ({history.campaign.ruleset.name}, {len(model.turns) - 1} turns, map {history.campaign.map.name})")
    print(f"  first map (labels placed, geometry text made): {first * 1000:8.1f} ms")
    if times:
        print(f"  each further map, median (min-max):           {statistics.median(times) * 1000:8.1f} ms "
              f"({min(times) * 1000:.1f}-{max(times) * 1000:.1f})")
    print(f"  a turn's map, median:                         {statistics.median(sizes) / 1024:8.1f} KB "
          f"(largest {max(sizes) / 1024:.1f} KB)")
    print(f"  of which the outlines' compact text:          {outlines / 1024:8.1f} KB"
          + (f" (the map file's outline data: {source / 1024:.1f} KB)" if source else ""))
    orders = sum(len(v.summary.orders) for v in model.turns)
    print(f"  orders drawn: {orders}, contests: {sum(len(v.summary.contests) for v in model.turns)}, "
          f"counters: {sum(len(v.summary.pieces) for v in model.turns)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("campaigns", nargs="*", type=Path, default=[REPO, REPO / "examples" / "sengoku"])
    for root in parser.parse_args().campaigns:
        measure(root)


if __name__ == "__main__":
    main()
