"""Benchmark: chronicle's YAML loading with libyaml (the C parser) against the pure-Python parser.

    python bench/yaml_loader.py [--rounds 5] [--turns 300]

Both build the same values with the same places (tests/test_hostile_input.py checks that on
every example file); only the parser that composes the nodes differs. The corpus is every YAML
file of the repository's example campaigns plus a generated long turn file; the figures are the
best of ``--rounds`` (machines are noisy: the ratio holds, an absolute time does not).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chronicle.source import FastLoader, parse_yaml  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def corpus(turns: int) -> list[tuple[str, str]]:
    files = sorted((REPO / "content").rglob("*.yaml")) + sorted((REPO / "examples").rglob("*.yaml"))
    files.append(REPO / "chronicle" / "maps" / "japan" / "map.yaml")
    texts = [(str(p.relative_to(REPO)), p.read_text(encoding="utf-8")) for p in files]
    battles = "".join(f"  - {{name: Battle {i}, players: [p{i % 7}, p{(i + 3) % 7}], winner: p{i % 7}, "
                      f"vp: {{p{i % 7}: {i % 9}, p{(i + 3) % 7}: 2}}}}\n" for i in range(turns))
    orders = "".join(f"  p{i}: [Attack prov{i}, Defend prov{i + 1}, {{attack: prov{i + 2}}}]\n" for i in range(turns))
    texts.append(("generated", f"title: A long day\ndate: 2026-03-14\nbattles:\n{battles}orders:\n{orders}"))
    return texts


def best(loader, texts, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for name, text in texts:
            parse_yaml(text, name, loader)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--turns", type=int, default=300, help="entries in the generated turn file")
    args = parser.parse_args()
    texts = corpus(args.turns)
    size = sum(len(t.encode("utf-8")) for _, t in texts)
    print(f"corpus: {len(texts)} files, {size / 1024:.0f} KiB")
    if FastLoader is yaml.SafeLoader:
        print("libyaml is not installed: only the pure-Python parser can be measured")
        return
    fast = best(FastLoader, texts, args.rounds)
    slow = best(yaml.SafeLoader, texts, args.rounds)
    print(f"pure-Python parser: {slow * 1000:8.1f} ms  ({size / 1024 / slow:7.0f} KiB/s)")
    print(f"libyaml parser:     {fast * 1000:8.1f} ms  ({size / 1024 / fast:7.0f} KiB/s)")
    print(f"speed-up:           {slow / fast:8.1f}x")


if __name__ == "__main__":
    main()
