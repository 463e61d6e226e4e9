"""How problems are printed: as ``path:line:col: error: message`` lines editors understand, and,
under GitHub Actions, also as workflow commands that GitHub shows as annotations on the commit
and on the changed lines of a pull request.

GitHub's workflow-command syntax (``::error file=F,line=L,col=C,title=T::message``) escapes
``%``, CR and LF in the message, and also ``:`` and ``,`` in the properties.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

from .errors import Problem, shorten

FORMATS = ("text", "github")


def default_format(environ=os.environ) -> str:
    """``github`` inside a GitHub Actions job (which sets GITHUB_ACTIONS=true), else ``text``."""
    return "github" if environ.get("GITHUB_ACTIONS") == "true" else "text"


def lines(problems: Iterable[Problem], fmt: str = "text", directory: Path | str = ".") -> list[str]:
    """Every problem in file and line order; in the ``github`` format each is followed by its
    annotation (the text stays, for the job's log)."""
    out = []
    for problem in sorted(problems, key=Problem.sort_key):
        out.append(problem.format())
        if fmt == "github":
            out.append(annotation(problem, directory))
    return out


def annotation(problem: Problem, directory: Path | str = ".") -> str:
    """One problem as a GitHub workflow command; paths are made relative to the repository
    (the working directory) when the campaign is in a subfolder."""
    command = "error" if problem.severity == "error" else "warning"
    properties = []
    place = problem.place
    if place is not None:
        properties.append(("file", _repo_path(place.file, directory)))
        if place.line:
            properties.append(("line", str(place.line)))
            if place.col:
                properties.append(("col", str(place.col)))
    properties.append(("title", f"chronicle [{problem.rule}]" if problem.rule else "chronicle"))
    message = shorten(problem.message) + (f"\nhint: {shorten(problem.hint)}" if problem.hint else "")
    props = ",".join(f"{key}={_escape_property(value)}" for key, value in properties)
    return f"::{command} {props}::{_escape_data(message)}"


def _repo_path(file: str, directory: Path | str) -> str:
    directory = Path(directory)
    if str(directory) in ("", ".") or Path(file).is_absolute():
        return file.replace(os.sep, "/")
    return os.path.normpath(directory / file).replace(os.sep, "/")


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")
