"""Exit 0 when this checkout's .venv has chronicle and every requirement of the extras named.

    .venv/bin/python scripts/venv-ready.py test mutation

scripts/mutate and scripts/fuzz install only when this says something is missing: checking that
a few modules import missed a dependency added since the .venv was made (Pillow), and the run then
failed inside its copies of the tests rather than saying so.
"""

from __future__ import annotations

import importlib.metadata as metadata
import re
import sys

DISTRIBUTION = "campaign-chronicle"


def missing(extras: set[str]) -> list[str]:
    try:
        requires = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        return [DISTRIBUTION]
    absent = []
    for requirement in requires:
        name = re.match(r"[A-Za-z0-9_.\-]+", requirement).group(0)
        extra = re.search(r"extra\s*==\s*['\"]([^'\"]+)['\"]", requirement)
        if extra and extra.group(1) not in extras:
            continue
        try:
            metadata.version(name)
        except metadata.PackageNotFoundError:
            absent.append(name)
    return absent


if __name__ == "__main__":
    sys.exit(1 if missing(set(sys.argv[1:])) else 0)
