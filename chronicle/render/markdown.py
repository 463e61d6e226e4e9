"""Chronicle text (Markdown) to HTML: CommonMark with tables, footnotes and strikethrough.

Raw HTML in the text is escaped, not passed through: a turn's chronicle is written by the
administrator but often pasted from players' messages. The result is marked safe *here*, and
only here, so that Jinja's autoescape stays on for everything else.
"""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup
from markdown_it import MarkdownIt
from mdit_py_plugins.footnote import footnote_plugin


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.use(footnote_plugin)
    return md


def render_markdown(text: str | None) -> Markup:
    """HTML for ``text`` (empty for None), safe to insert into a template unescaped."""
    if not text:
        return Markup("")
    return Markup(_parser().render(text))
