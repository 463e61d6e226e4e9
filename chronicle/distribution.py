"""Who we are on the package index: the distribution's name, version and page, read from the
installed package's metadata so that nothing that names them can drift from pyproject.toml.

The import package and the command are ``chronicle``; the distribution is not (on the public
index ``chronicle`` is an unrelated logging library). The distribution is found as the one whose
``chronicle`` console script is ours, so not even its name is written twice.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

ENTRY_POINT = "chronicle.cli:main"
INDEX = "https://pypi.org/project/{name}/"
SOURCE = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Distribution:
    name: str
    version: str

    @property
    def requirement(self) -> str:
        """What ``pip install`` takes to get exactly this version from the index."""
        return f"{self.name}=={self.version}"

    @property
    def index_page(self) -> str:
        return INDEX.format(name=canonical(self.name))


def canonical(name: str) -> str:
    """PEP 503's normalised name (``Campaign_Chronicle`` -> ``campaign-chronicle``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


@functools.cache
def this() -> Distribution:
    """The installed distribution that provides the ``chronicle`` command; in a source tree run
    without installing, the name and version written in its pyproject.toml.

    A venv that once installed this checkout under an older name holds two such distributions:
    then the one pyproject.toml names wins."""
    found = {point.dist.metadata["Name"]: Distribution(point.dist.metadata["Name"], point.dist.version)
             for point in metadata.entry_points(group="console_scripts", name="chronicle")
             if point.value == ENTRY_POINT and point.dist is not None}
    written = _pyproject()
    if written and (written.name in found or not found):
        return found.get(written.name, written)
    if found:
        return found[sorted(found)[0]]
    return Distribution("campaign-chronicle", "0+unknown")


def _pyproject() -> Distribution | None:
    project = SOURCE / "pyproject.toml"
    if not project.is_file():
        return None
    try:
        table = tomllib.loads(project.read_text(encoding="utf-8"))["project"]
        return Distribution(table["name"], table["version"])
    except (tomllib.TOMLDecodeError, KeyError):
        return None
