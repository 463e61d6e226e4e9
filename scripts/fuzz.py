#!/usr/bin/env python3
"""The long fuzz run of issue 8: thousands of mutants of the example campaigns' files, every ruleset's.

    scripts/fuzz [--cases 2000] [--seed 1] [--timeout 60] [--minutes M] [--keep DIR] [--only N ...]
                 [--campaigns pitac sengoku campagna clanwar]

Prints tried / accepted / placed errors / crashes / hangs, then every crash and hang with the
mutation that caused it (the same --seed replays the same mutants). Run it under nice on a
shared machine. The operators and the checks are in tests/fuzzing.py; tests/test_fuzz.py runs a
few of them in the normal suite.
"""

from __future__ import annotations

import argparse
import collections
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import fuzzing  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=fuzzing.TIMEOUT, help="seconds before a mutant counts as a hang")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop starting new mutants after this many minutes (a bounded run on a shared machine)")
    parser.add_argument("--only", type=int, nargs="*", default=None,
                        help="replay only these mutant numbers (as printed in [N]) of the same --seed")
    parser.add_argument("--campaigns", nargs="+", choices=sorted(fuzzing.CAMPAIGNS), default=None,
                        help="mutate only these rulesets' example campaigns (all by default)")
    parser.add_argument("--keep", type=Path, default=None, help="copy each crashing or hanging mutant here")
    args = parser.parse_args()
    counts = collections.Counter()
    bad: list[fuzzing.Outcome] = []
    slowest = (0.0, None)
    by_operator = collections.defaultdict(collections.Counter)
    work = Path(tempfile.mkdtemp(prefix="chronicle-fuzz-"))
    started = time.monotonic()
    try:
        for number in (args.only if args.only else range(args.cases)):
            if args.minutes is not None and time.monotonic() - started > args.minutes * 60:
                print(f"... stopped after {args.minutes:g} minutes", flush=True)
                break
            rng = random.Random(f"{args.seed}/{number}")
            root = work / "campaign"
            case = fuzzing.mutant(rng, root, args.campaigns)
            outcome = fuzzing.run_case(root, case, args.timeout)
            counts[outcome.kind] += 1
            by_operator[case.operator][outcome.kind] += 1
            if outcome.seconds > slowest[0]:
                slowest = (outcome.seconds, case)
            if outcome.kind in ("crash", "hang"):
                bad.append(outcome)
                print(f"[{number}] {outcome.kind.upper()}: {case}: {outcome.why}", flush=True)
                if args.keep:
                    shutil.copytree(root, args.keep / f"{number:05d}-{outcome.kind}", symlinks=True, dirs_exist_ok=True)
            if (number + 1) % 100 == 0:
                print(f"... {number + 1} tried in {time.monotonic() - started:.0f} s: {dict(counts)}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print()
    print(f"seed {args.seed}, {sum(counts.values())} of {args.cases} mutants of the "
          f"{', '.join(args.campaigns or sorted(fuzzing.CAMPAIGNS))} example campaigns")
    print(f"tried:         {sum(counts.values())}")
    print(f"accepted:      {counts['accepted']}")
    print(f"placed errors: {counts['placed']}")
    print(f"crashes:       {counts['crash']}")
    print(f"hangs:         {counts['hang']}")
    print(f"slowest:       {slowest[0]:.1f} s ({slowest[1]})")
    print(f"time:          {time.monotonic() - started:.0f} s")
    print("by operator:   " + "; ".join(f"{op} {dict(c)}" for op, c in sorted(by_operator.items())))
    for outcome in bad:
        print(f"\n{outcome.kind}: {outcome.case}\n  {outcome.why}\n" + "\n".join("  | " + line for line in
                                                                           outcome.output.splitlines()[-15:]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
