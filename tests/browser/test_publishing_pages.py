"""Publishing, seen in a real browser: the 404 page as GitHub Pages serves it (at any depth under
a project subpath, with or without the site's known URL), and the link-preview image that a
chat would show (a 1200x630 PNG of the turn's map, named by the Open Graph tags)."""

from __future__ import annotations

import functools
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from browser_kit import *  # noqa: F401,F403  (the fixtures)
from browser_kit import BROWSER, SUBPATH, TURNS
from chronicle.history import load_history
from chronicle.render.site import build_site
from site_helpers import write_japan_campaign

pytestmark = BROWSER
HEADER = "rgb(34, 49, 63)"          # the site header's background: the stylesheet applied
MISSING = ["nowhere", "turns/099/index.html", "turns/099/", "players/nobody.html", "a/b/c/d/e.html", "static/gone/"]


class PagesHandler(SimpleHTTPRequestHandler):
    """Serves like GitHub Pages: any missing address gets the site's own /SUBPATH/404.html."""

    def log_message(self, format, *args):
        return

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / SUBPATH / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def pages_server(tmp_path_factory):
    """A served folder (the site goes in SUBPATH/ under it) and its http://127.0.0.1:PORT/ base."""
    folder = tmp_path_factory.mktemp("pages-like")
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(PagesHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield folder, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module", params=["no-url", "url"])
def served(request, pages_server, tmp_path_factory):
    """The japan campaign built without a URL, or with the very URL it is served at."""
    folder, root = pages_server
    campaign = write_japan_campaign(tmp_path_factory.mktemp("lost") / "campaign", turns=TURNS)
    history = load_history(campaign)
    if request.param == "url":
        import dataclasses
        history = dataclasses.replace(history, campaign=dataclasses.replace(history.campaign, url=f"{root}{SUBPATH}/"))
    target = folder / SUBPATH
    if target.exists():
        shutil.rmtree(target)
    build_site(history, campaign / "site", progress=False)
    shutil.copytree(campaign / "site", target)
    return request.param, f"{root}{SUBPATH}/"


def collect_problems(page, document_url, base):
    """Console errors, page errors and failed requests, but for the 404 page's own probes: without
    a known URL it asks each folder of the address, deepest first, for static/chronicle.js, and the
    folders that are not the site's root answer 404 (that is how it tells)."""
    problems = []

    def probe(url: str) -> bool:
        """The 404 document itself (its status is 404: that is the point), or one of its probes."""
        return url == document_url or (url.endswith("/static/chronicle.js") and url != base + "static/chronicle.js")
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text} at {m.location.get('url')}")
            if m.type in ("error", "warning") and not probe(m.location.get("url", "")) else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}")
            if r.status >= 400 and r.url != document_url and not (probe(r.url) and r.request.method == "HEAD") else None)
    return problems


@pytest.mark.parametrize("missing", MISSING)
def test_404_at_any_depth_is_styled_and_its_links_work(browser, served, missing, screenshots):
    kind, base = served
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    url = base + missing
    problems = collect_problems(page, url, base)
    try:
        response = page.goto(url, wait_until="load")
        assert response.status == 404
        assert page.locator("main h1").inner_text() == "This page is not in the chronicle"
        page.wait_for_load_state("networkidle")
        assert page.evaluate("getComputedStyle(document.querySelector('.site-header')).backgroundColor") == HEADER
        # every link of the page leads into the site (none is a 404 itself)
        hrefs = page.eval_on_selector_all("a[href]:not([href^='#'])", "els => els.map(e => e.href)")
        assert hrefs and all(h.startswith(base) for h in hrefs), hrefs
        if missing.count("/") >= 2:
            page.screenshot(path=str(screenshots / f"404-{kind}-depth.png"))
        page.locator("main a", has_text="Back to the campaign's home page").click()
        page.wait_for_url(base.rstrip("/") + "/index.html" if kind == "no-url" else base + "index.html")
        assert page.locator("main h1").first.inner_text()
        assert page.evaluate("getComputedStyle(document.querySelector('.site-header')).backgroundColor") == HEADER
        assert problems == []
    finally:
        context.close()


def test_link_preview_image_is_the_turn_map_at_1200_by_630(browser, served, screenshots):
    kind, base = served
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        for path in ("index.html", f"turns/{TURNS:03d}/index.html", "turns/001/index.html"):
            page.goto(base + path, wait_until="load")
            meta = {name: page.get_attribute(f"meta[property='og:{name}']", "content")
                    for name in ("title", "description", "image", "image:width", "image:height")}
            assert meta["title"] and meta["description"]
            assert (meta["image:width"], meta["image:height"]) == ("1200", "630")
            assert page.get_attribute("meta[name='twitter:card']", "content") == "summary_large_image"
            image = page.evaluate("src => new URL(src, document.baseURI).href", meta["image"])
            if kind == "url":
                assert meta["image"] == image                      # absolute, as chat services want
                assert page.get_attribute("meta[property='og:url']", "content") == page.url.replace("index.html", "")
            # the browser loads it as a 1200x630 image
            size = page.evaluate("""src => new Promise((ok, no) => { const i = new Image();
                i.onload = () => ok([i.naturalWidth, i.naturalHeight]); i.onerror = () => no('not an image: ' + src);
                i.src = src; })""", image)
            assert size == [1200, 630], (path, size)
        # the home page shows the last turn's picture
        page.goto(base + "index.html")
        assert page.get_attribute("meta[property='og:image']", "content").endswith(f"turns/{TURNS:03d}/preview.png")
        page.goto(base + f"turns/{TURNS:03d}/preview.png")
        page.screenshot(path=str(screenshots / f"preview-{kind}.png"))
        # the picture is the map: the players' colours fill a good part of it
        colours = page.evaluate("""() => { const img = document.querySelector('img');
            const c = document.createElement('canvas'); c.width = img.naturalWidth; c.height = img.naturalHeight;
            const g = c.getContext('2d'); g.drawImage(img, 0, 0);
            const d = g.getImageData(600, 0, 600, 630).data; const seen = {};
            for (let k = 0; k < d.length; k += 4 * 37) { const key = d[k] + ',' + d[k + 1] + ',' + d[k + 2]; seen[key] = (seen[key] || 0) + 1; }
            return seen; }""")
        assert len(colours) > 5
    finally:
        context.close()
