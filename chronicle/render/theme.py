"""Where the default theme's templates are: inside the installed wheel, or templates/ in a checkout."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]


def default_theme_dir() -> Path:
    """The wheel ships templates/ as chronicle/theme/; a source checkout has it beside the package."""
    installed = PACKAGE / "theme"
    if (installed / "base.html").is_file():
        return installed
    return PACKAGE.parent / "templates"
