"""The floor: the least a static-site generator could do for the same site, to measure against.

    python bench/floor.py CAMPAIGN_DIR OUT_DIR --pages N --size BYTES

A plain Jinja2 + markdown-it-py script, the way one would write it by hand: one layout with a
navigation bar, N pages, each rendering one of the campaign's stories as Markdown plus a table
that brings it to about BYTES of HTML, every page written to its own file. It decides nothing
and replays nothing: chronicle's clean build is reported as a multiple of this.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import jinja2
from markdown_it import MarkdownIt

LAYOUT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }} · {{ site }}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="{{ root }}static/style.css"></head>
<body><header><nav>{% for href, label in nav %}<a href="{{ root }}{{ href }}">{{ label }}</a> {% endfor %}</nav></header>
<main><h1>{{ title }}</h1>
<article>{{ story }}</article>
<table><thead><tr><th>Row</th><th>Who</th><th>Where</th><th>What</th></tr></thead><tbody>
{% for row in rows %}<tr><td>{{ row.n }}</td><td><a href="{{ root }}players/{{ row.who }}.html">{{ row.who }}</a></td>
<td><a href="{{ root }}provinces/{{ row.where }}.html">{{ row.where }}</a></td><td>{{ row.what }}</td></tr>
{% endfor %}</tbody></table>
{% if prev %}<a href="{{ prev }}">previous</a>{% endif %} {% if next %}<a href="{{ next }}">next</a>{% endif %}
</main></body></html>
"""
NAV = [("index.html", "Home"), ("turns/index.html", "Turns"), ("standings.html", "Standings"),
       ("timeline.html", "Timeline"), ("provinces/index.html", "Provinces")]
ROW_BYTES = 190            # about what one table row adds to a page


def build(campaign: Path, out: Path, pages: int, size: int) -> int:
    stories = [p.read_text(encoding="utf-8") for p in sorted((campaign / "content" / "turns").glob("*.md"))] or ["Nothing."]
    env = jinja2.Environment(autoescape=True)
    template = env.from_string(LAYOUT)
    md = MarkdownIt("commonmark")
    out.mkdir(parents=True, exist_ok=True)
    for n in range(pages):
        story = md.render(stories[n % len(stories)])
        rows = [{"n": i, "who": f"p{i % 12:02d}", "where": f"province-{i % 68}", "what": "attacked and held"}
                for i in range(max(0, (size - len(story) - 900) // ROW_BYTES))]
        folder = out / "turns" / f"{n:04d}"
        folder.mkdir(parents=True, exist_ok=True)
        html = template.render(title=f"Page {n}", site="Floor", root="../../", nav=NAV, story=jinja2.utils.markupsafe.Markup(story),
                               rows=rows, prev=f"../{n - 1:04d}/index.html" if n else None,
                               next=f"../{n + 1:04d}/index.html" if n + 1 < pages else None)
        (folder / "index.html").write_text(html, encoding="utf-8")
    return pages


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("campaign", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--pages", type=int, required=True)
    parser.add_argument("--size", type=int, required=True, help="bytes of HTML per page, on average")
    args = parser.parse_args()
    build(args.campaign, args.out, args.pages, args.size)


if __name__ == "__main__":
    main()
