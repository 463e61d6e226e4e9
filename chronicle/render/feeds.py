"""The Atom feed of turns and sitemap.xml: deterministic text, dates from the turns, never the clock."""

from __future__ import annotations

import datetime as dt
import re
from xml.sax.saxutils import escape, quoteattr

from .. import distribution
from ..siteurl import absolute

EPOCH = "2000-01-01T00:00:00Z"        # for a campaign whose turns carry no date
FEED_ENTRIES = 30                     # the latest turns in the feed: a reader fetches it again and again


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "campaign"


def atom_time(date: str | None, fallback: str) -> str:
    """An Atom timestamp from a turn's date (``2026-03-14``), or ``fallback`` if it has none."""
    if date:
        try:
            day = dt.date.fromisoformat(str(date)[:10])
        except ValueError:
            return fallback
        return f"{day.isoformat()}T00:00:00Z"
    return fallback


def atom_feed(model, entries: list[tuple[object, str]], base_url: str | None) -> str:
    """``entries`` are (turn view, HTML summary) for every turn, oldest first; a turn whose summary
    is None is left out (only its date counts, for the turns after it that have none)."""
    campaign = model.campaign
    base = base_url or ""
    feed_id = base if base else f"tag:chronicle.invalid,2000:{slug(campaign.title)}"
    stamped = []
    last = EPOCH
    for view, html in entries:
        last = atom_time(view.date, last)
        stamped.append((view, html, last))
    updated = max([EPOCH] + [s[2] for s in stamped])
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<feed xmlns="http://www.w3.org/2005/Atom">',
           f"  <title>{escape(campaign.title)}</title>"]
    if campaign.description:
        out.append(f"  <subtitle>{escape(campaign.description)}</subtitle>")
    out += [f"  <id>{escape(feed_id)}</id>",
            f"  <updated>{updated}</updated>",
            f"  <link rel=\"self\" href={quoteattr(base + 'feed.xml')}/>",
            f"  <link rel=\"alternate\" type=\"text/html\" href={quoteattr(base or 'index.html')}/>",
            f"  <author><name>{escape(campaign.title)}</name></author>",
            _generator()]
    for view, html, stamp in reversed(stamped):
        if html is None:
            continue
        link = absolute(base, view.path) if base else view.path
        entry_id = link if base else f"{feed_id}/turns/{view.slug}"
        out += ["  <entry>",
                f"    <title>{escape(view.title)}</title>",
                f"    <id>{escape(entry_id)}</id>",
                f"    <updated>{stamp}</updated>",
                f"    <link rel=\"alternate\" type=\"text/html\" href={quoteattr(link)}/>",
                f"    <content type=\"html\">{escape(html)}</content>",
                "  </entry>"]
    out.append("</feed>")
    return "\n".join(out) + "\n"


def _generator() -> str:
    """The program that wrote the feed: its index page and version come from its own metadata."""
    ours = distribution.this()
    return (f"  <generator uri={quoteattr(ours.index_page)} version={quoteattr(ours.version)}>"
            f"chronicle</generator>")


def sitemap(base_url: str, paths: list[str]) -> str:
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    for path in sorted(paths):
        out.append(f"  <url><loc>{escape(absolute(base_url, path))}</loc></url>")
    out.append("</urlset>")
    return "\n".join(out) + "\n"


def robots(base_url: str) -> str:
    """Every page may be indexed; the sitemap says where they are."""
    return f"User-agent: *\nAllow: /\n\nSitemap: {absolute(base_url, 'sitemap.xml')}\n"
