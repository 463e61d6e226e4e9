"""``chronicle new``: a campaign folder that checks and builds at once.

The files come from ``chronicle/scaffold/common/`` (the GitHub Pages workflow, .gitignore, a
README) and ``chronicle/scaffold/<ruleset>/`` (a first campaign.yaml and turn). ``__TITLE__`` and
the distribution's ``__DISTRIBUTION__``, ``__VERSION__``, ``__REQUIREMENT__`` and ``__INDEX_PAGE__``
in them are replaced, the last four from the installed package's metadata; the JSON Schemas are written into ``schemas/`` so that
an editor with a YAML language server validates the files as they are typed.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import rules, schemas
from . import distribution

SCAFFOLD = Path(__file__).resolve().parent / "scaffold"


def _files(ruleset: str):
    for part in ("common", ruleset):
        base = SCAFFOLD / part
        for path in sorted(base.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                yield path.relative_to(base), path


def create(directory: Path, ruleset: str, title: str | None = None) -> list[Path]:
    directory = Path(directory)
    if directory.exists() and any(directory.iterdir()):
        raise FileExistsError(f"{directory} exists and is not empty; choose a new folder")
    if not (SCAFFOLD / ruleset).is_dir():
        raise FileExistsError(f"no starter campaign for the ruleset {ruleset!r} yet")
    title = title or directory.resolve().name.replace("-", " ").replace("_", " ").title()
    written = []
    for relative, source in _files(ruleset):
        target = directory / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        text = source.read_text(encoding="utf-8")
        text = text.replace("__TITLE_YAML__", json.dumps(title, ensure_ascii=False))
        text = text.replace("__TITLE__", title)
        for placeholder, value in _distribution_words().items():
            text = text.replace(placeholder, value)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    found = rules.get(ruleset)
    for name, body in schemas.all_schemas([found]).items():
        target = directory / "schemas" / f"{name}.schema.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(schemas.dumps(body), encoding="utf-8")
        written.append(target)
    return written


def _distribution_words() -> dict[str, str]:
    ours = distribution.this()
    return {"__DISTRIBUTION__": ours.name, "__VERSION__": ours.version,
            "__REQUIREMENT__": ours.requirement, "__INDEX_PAGE__": ours.index_page}
