"""Benchmark: replay and build a generated large Pitac campaign; prints figures, asserts nothing.

    python bench/replay.py [--turns 200] [--players 8] [--no-site]

The campaign is generated on the bundled japan map with drawn dice only, so the figures measure
chronicle's own work: load + replay (turns x provinces), and the site (pages x maps).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chronicle.history import load_history, replay  # noqa: E402
from chronicle.content import load_campaign  # noqa: E402

COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000"]


def generate(root: Path, turns: int, players: int) -> None:
    """A campaign whose orders are legal: each player attacks from its own holdings, as replayed."""
    from chronicle.maps import load_bundled
    game_map, _ = load_bundled("japan")
    content = root / "content"
    (content / "turns").mkdir(parents=True)
    ids = [f"p{i}" for i in range(players)]
    starts = [p for p in game_map.ids if "no_start_capital" not in game_map.provinces[p].flags][::7][:players]
    lines = ["title: Benchmark", "ruleset: pitac", "map: japan", "seed: 1", "options: {shogun_share_large: '1/1'}",
             "players:"]
    lines += [f"  - {{id: {p}, colour: '{COLOURS[i % 8]}', capital: {starts[i]}}}" for i, p in enumerate(ids)]
    (content / "campaign.yaml").write_text("\n".join(lines) + "\n")
    rng = random.Random(1)
    for number in range(1, turns + 1):
        campaign, _ = load_campaign(root)
        state = replay(campaign).final
        shuffled = ids[:]
        rng.shuffle(shuffled)
        pairs = [shuffled[i:i + 2] for i in range(0, len(shuffled), 2)]
        text = ["battles:"]
        winners = set()
        for pair in pairs:
            winners.add(pair[0])
            text.append(f"  - {{players: [{', '.join(pair)}], winner: {pair[0]}, vp: {{{pair[0]}: 12}}}}")
        text.append("orders:")
        for p in ids:
            held = state.held_by(p)
            targets = sorted({n for h in held for n in game_map.neighbours(h)} - set(held))
            if not targets:
                continue
            moves = 2 if p in winners else 1
            text.append(f"  {p}: [{', '.join('Attack ' + rng.choice(targets) for _ in range(moves))}]")
        turn_file = content / "turns" / f"{number:03d}.yaml"
        turn_file.write_text("\n".join(text) + "\n")
        campaign, _ = load_campaign(root)
        after = replay(campaign).final
        if after.pending_capital:   # a player whose capital fell names the first territory left
            choices = {p: (after.held_by(p) or after.neutral())[0] for p in sorted(after.pending_capital)}
            text.append("capitals: {" + ", ".join(f"{p}: {c}" for p, c in choices.items()) + "}")
            turn_file.write_text("\n".join(text) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--no-site", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        started = time.perf_counter()
        generate(root, args.turns, args.players)
        print(f"generated {args.turns} turns x {args.players} players in {time.perf_counter() - started:.2f} s")
        started = time.perf_counter()
        history = load_history(root)
        replayed = time.perf_counter() - started
        print(f"load + replay: {replayed:.3f} s ({replayed / args.turns * 1000:.2f} ms per turn)")
        if not args.no_site:
            from chronicle.render.site import build_site
            started = time.perf_counter()
            count = build_site(history, root / "site", progress=False)
            built = time.perf_counter() - started
            print(f"site: {count} files in {built:.2f} s ({built / max(count, 1) * 1000:.1f} ms per file)")


if __name__ == "__main__":
    main()
