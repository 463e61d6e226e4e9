"""The site's public address (``--url`` or ``url:`` in campaign.yaml) and absolute links under it.

With it the site gets sitemap.xml, robots.txt, canonical links, absolute feed ids and link
previews that chat programs can follow. Only http(s) addresses make sense for a web site; the
address always ends with one ``/`` so that page paths join onto it.
"""

from __future__ import annotations

from urllib.parse import urlsplit

ACCEPTED = ("http", "https")


def parse(text: str) -> str:
    """``text`` as a site address ending in ``/``; ValueError (with the reason) for anything else."""
    text = text.strip()
    parts = urlsplit(text)
    if parts.scheme.lower() not in ACCEPTED:
        shown = f"{parts.scheme}:" if parts.scheme else "no scheme"
        raise ValueError(f"{text!r} is not a web address ({shown}); write it as https://HOST/PATH/, "
                         "e.g. https://NAME.github.io/REPO/")
    if any(c in text for c in "<>\"'`\\") or any(ord(c) < 0x20 or ord(c) == 0x7f for c in text):
        raise ValueError(f"{text!r} holds characters no web address has (quotes, <, >, a backslash or a control "
                         "character); write it as https://HOST/PATH/")
    if not parts.netloc or parts.netloc.startswith("@") or " " in text:
        raise ValueError(f"{text!r} has no host name; write it as https://HOST/PATH/")
    if parts.query or parts.fragment:
        raise ValueError(f"{text!r} has a ?query or #fragment; give the address of the site's home folder")
    path = parts.path.rstrip("/")
    if path.endswith("/index.html") or path == "index.html":
        path = path[:-len("index.html")].rstrip("/")
    return f"{parts.scheme.lower()}://{parts.netloc}{path}/"


def absolute(base: str, path: str) -> str:
    """The public address of a site file; a folder's index.html is addressed as the folder."""
    if path == "index.html":
        path = ""
    elif path.endswith("/index.html"):
        path = path[:-len("index.html")]
    return base + path
