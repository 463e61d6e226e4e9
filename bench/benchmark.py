"""The benchmark of issue 11: chronicle on a generated large campaign, against a Jinja floor.

    python bench/benchmark.py [--turns 100 500 1000] [--ruleset pitac] [--rounds 3] [--keep DIR]

For each size it generates a campaign (bench/generate.py), then measures, each as a whole
``chronicle`` process, the way an administrator meets it:

- clean build: CPU seconds (user + system) of ``chronicle build`` into an empty folder, and its
  ratio to bench/floor.py rendering the same number of pages of the same average size; the two
  are run alternately, ``--rounds`` times each, and the ratio is the median of the pairs
  (machines are noisy: a ratio holds, an absolute time does not);
- rebuilds (wall seconds): after no change, after editing one story, after adding one turn;
- serve: wall seconds from saving a story to the moment the browser's poll sees the new build
  and the page is fetched again;
- the site's size, its largest page, and the clean build's peak memory (max RSS).

It prints figures and asserts nothing; run it under ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import generate  # noqa: E402
from chronicle.render import incremental  # noqa: E402

CHRONICLE = [sys.executable, "-m", "chronicle.cli"]


def run(command: list[str], cwd: Path | None = None) -> dict:
    """Run ``command`` to its end; its wall and CPU seconds and peak memory (MiB)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{stderr}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss": usage.ru_maxrss / 1024}


def build(root: Path) -> dict:
    return run(CHRONICLE + ["build", str(root), "--quiet"])


SVG = re.compile(rb"<svg\b.*?</svg>", re.S)


def site_figures(site: Path) -> dict:
    """Pages, their mean size without inline SVG (the floor draws none: chronicle's drawing is
    part of what the ratio measures), the site's size, and the largest page."""
    pages = [p for p in site.rglob("*.html")]
    sizes = [len(SVG.sub(b"", p.read_bytes())) for p in pages]
    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    largest = max(pages, key=lambda p: p.stat().st_size)
    return {"pages": len(pages), "mean_page": statistics.mean(sizes), "size": total,
            "largest": largest.stat().st_size, "largest_path": largest.relative_to(site).as_posix()}


def clean_builds(root: Path, rounds: int) -> tuple[dict, dict, list[float], dict]:
    """Clean chronicle builds and floor builds, alternately; (chronicle, floor, ratios, site)."""
    ours, floors, ratios = [], [], []
    figures = None
    for _ in range(rounds):
        shutil.rmtree(root / "site", ignore_errors=True)
        # the build cache beside the site (.site.cache: the replayed history, the manifest, the
        # compiled templates): left in place, a "clean" build would replay nothing
        shutil.rmtree(incremental.cache_dir(root / "site"), ignore_errors=True)
        mine = build(root)
        figures = figures or site_figures(root / "site")
        out = Path(tempfile.mkdtemp(prefix="floor-"))
        try:
            floor = run([sys.executable, str(HERE / "floor.py"), str(root), str(out / "site"),
                         "--pages", str(figures["pages"]), "--size", str(int(figures["mean_page"]))])
        finally:
            shutil.rmtree(out, ignore_errors=True)
        ours.append(mine)
        floors.append(floor)
        ratios.append(mine["cpu"] / floor["cpu"])
    return _median(ours), _median(floors), ratios, figures


def _median(runs: list[dict]) -> dict:
    return {key: statistics.median(r[key] for r in runs) for key in runs[0]}


def story_file(root: Path, number: int) -> Path:
    return root / "content" / "turns" / f"{number:03d}.md"


def edit_story(root: Path, number: int, mark: str) -> None:
    path = story_file(root, number)
    path.write_text(path.read_text(encoding="utf-8") + f"\nEdited: {mark}.\n", encoding="utf-8")


def rebuilds(root: Path, turns: int, rounds: int, ruleset: str) -> dict:
    """Wall and CPU seconds of a build after no change, one story edited, and one turn added."""
    build(root)
    same, story = [], []
    for i in range(rounds):
        same.append(build(root))
        edit_story(root, max(1, turns // 2), f"rebuild {i}")
        story.append(build(root))
    added = []
    for i in range(rounds):
        generate.generate(root, ruleset, 1, first=turns + 1 + i)
        added.append(build(root))
    return {"same": _median(same), "story": _median(story), "turn": _median(added)}


def serve_latency(root: Path, turns: int, rounds: int) -> float | None:
    """Seconds from saving a story to the browser's poll seeing the new build and fetching the page."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen(CHRONICLE + ["serve", str(root), "--port", str(port)], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        process.stdout.readline()                      # "Serving ... on http://...": listening, the first build begun
        deadline = time.perf_counter() + 3600
        while (status := _status(base))["version"] < 1 or status["building"]:
            if time.perf_counter() > deadline:          # the first build (a clean one) never ended
                return None
            time.sleep(0.2)
        number = max(1, turns // 3)
        times = []
        for i in range(rounds):
            time.sleep(1.0)                            # the watcher has settled
            saved = time.perf_counter()
            edit_story(root, number, f"serve {i}")
            deadline = saved + 120
            while time.perf_counter() < deadline:
                now = _status(base)
                if now["version"] != status["version"]:
                    status = now
                    break
                time.sleep(0.02)
            else:
                return None
            with urllib.request.urlopen(f"{base}/turns/{number:03d}/index.html") as page:
                page.read()
            times.append(time.perf_counter() - saved)
        return statistics.median(times)
    finally:
        process.terminate()
        process.wait(timeout=30)


def _status(base: str) -> dict:
    with urllib.request.urlopen(base + "/__chronicle__/status") as answer:
        return json.loads(answer.read())


def measure(turns: int, ruleset: str, rounds: int, keep: Path | None) -> dict:
    root = (keep / f"{ruleset}-{turns}") if keep else Path(tempfile.mkdtemp(prefix=f"bench-{turns}-"))
    try:
        if not (root / "content" / "campaign.yaml").is_file():
            generate.generate(root, ruleset, turns)
        else:                                          # a kept campaign: back to its first `turns` turns
            for path in (root / "content" / "turns").glob("*.*"):
                if int(path.stem) > turns:
                    path.unlink()
        ours, floor, ratios, figures = clean_builds(root, rounds)
        again = rebuilds(root, turns, rounds, ruleset)
        serve = serve_latency(root, turns + rounds, rounds)
        return {"turns": turns, "pages": figures["pages"], "clean_cpu": ours["cpu"], "clean_wall": ours["wall"],
                "floor_cpu": floor["cpu"], "ratio": statistics.median(ratios), **{f"re_{k}": v for k, v in again.items()},
                "serve": serve, "size": figures["size"], "largest": figures["largest"],
                "largest_path": figures["largest_path"], "rss": ours["rss"]}
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)


def _both(run: dict) -> str:
    return f"{run['wall']:.2f} ({run['cpu']:.2f})"


def table(results: list[dict]) -> str:
    head = "| measure | " + " | ".join(f"{r['turns']} turns" for r in results) + " | target |"
    rows = [head, "|---|" + "---|" * len(results) + "---|"]

    def row(label, fmt, target):
        rows.append(f"| {label} | " + " | ".join(fmt(r) for r in results) + f" | {target} |")
    row("pages (HTML)", lambda r: str(r["pages"]), "")
    row("clean build, CPU s (wall s)", lambda r: f"{r['clean_cpu']:.1f} ({r['clean_wall']:.1f})", "")
    row("Jinja floor, CPU s", lambda r: f"{r['floor_cpu']:.2f}", "")
    row("clean build / floor", lambda r: f"{r['ratio']:.1f}x", "≤ 4x")
    row("build after no change, wall s (CPU s)", lambda r: _both(r["re_same"]), "≤ 1")
    row("build after editing one story, wall s (CPU s)", lambda r: _both(r["re_story"]), "≤ 1.5")
    row("build after adding one turn, wall s (CPU s)", lambda r: _both(r["re_turn"]), "≤ 2")
    row("serve: save → page reloaded, s", lambda r: "failed" if r["serve"] is None else f"{r['serve']:.2f}", "≤ 0.5")
    row("site size, MB", lambda r: f"{r['size'] / 1e6:.1f}", "≤ 100")
    row("largest page, KB", lambda r: f"{r['largest'] / 1e3:.0f} ({r['largest_path']})", "≤ 600")
    row("peak memory (clean build), MiB", lambda r: f"{r['rss']:.0f}", "≤ 150 at 1,000 turns")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, nargs="+", default=[100, 500, 1000])
    parser.add_argument("--ruleset", choices=sorted(generate.RULESETS), default="pitac")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keep", type=Path, default=None, help="keep the generated campaigns here (and reuse them)")
    args = parser.parse_args()
    results = []
    for turns in args.turns:
        results.append(measure(turns, args.ruleset, args.rounds, args.keep))
        print(f"{turns} turns measured", file=sys.stderr, flush=True)
    print(f"{args.ruleset}, 12 players, {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print(table(results))


if __name__ == "__main__":
    main()
