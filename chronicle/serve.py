"""``chronicle serve``: build into a temporary folder, serve it on localhost, rebuild on change.

The watcher polls the modification times under ``content/`` and ``templates/`` (no extra
dependency); every rebuild bumps a version number. Each HTML page served gets a small script,
injected here and never written to the site, that polls ``/__chronicle__/status``: it reloads
the page when the version changes and shows the build's problems over the page while the
campaign does not build. The same problems are printed in the terminal.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import threading
import time
import traceback
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit
from typing import Callable

from .errors import ChronicleError, Problem
from .cache import HistoryCache
from .history import load_history
from .render.site import build_site

HOST = "127.0.0.1"
STATUS = "/__chronicle__/status"
WATCHED = ("content", "templates")

RELOAD_SCRIPT = """<script>
(function () {
  "use strict";
  var version = %(version)d;
  var box = null;
  function show(text) {
    if (!box) {
      box = document.createElement("div");
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;left:0;right:0;bottom:0;max-height:60vh;overflow:auto;z-index:99999;" +
        "background:#fff5f5;color:#1b1b1b;border-top:4px solid #b00020;padding:1rem;font:14px/1.4 monospace;" +
        "white-space:pre-wrap;box-shadow:0 -2px 12px rgba(0,0,0,.25)";
      document.body.appendChild(box);
    }
    box.textContent = "chronicle could not build the campaign; the page shows the last good build.\\n\\n" + text;
  }
  function hide() { if (box) { box.remove(); box = null; } }
  function poll() {
    // the server answers as soon as a build ends (or after a while with nothing new): no delay
    fetch("%(status)s?since=" + version, {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (s) {
      if (s.version !== version) { window.location.reload(); return; }
      if (s.error) { show(s.error); } else { hide(); }
      setTimeout(poll, 50);
    }).catch(function () { setTimeout(poll, 2000); });
  }
  poll();
}());
</script>
"""

ERROR_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>chronicle: build failed</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1b1b1b;background:#fbfaf7">
<h1>The campaign does not build yet</h1>
<p>Fix the problems shown below; this page reloads by itself when the files change.</p>
</body></html>
"""


class Site:
    """The served build: a folder, a version, and the last build's problems."""

    def __init__(self, root: Path, echo: Callable[[str], None] = print):
        self.root = Path(root)
        self.echo = echo
        self.folder = Path(tempfile.mkdtemp(prefix="chronicle-serve-"))
        self.output = self.folder / "site"
        self.version = 0
        self.error: str | None = None
        self.lock = threading.Lock()
        self.built = threading.Condition(self.lock)
        self.cache = HistoryCache()      # the campaign as last replayed, kept in memory
        self.kept: dict = {}             # and the pages' model of it

    def build(self) -> bool:
        """Rebuild; keep the last good site when this one fails. True if it built."""
        try:
            history = load_history(self.root, cache=self.cache)      # replays only from the first changed turn
            warnings = [p for p in history.problems if p.severity != "error"]
            count = build_site(history, self.output, progress=False, keep=self.kept)
            error = None
            for problem in sorted(warnings, key=Problem.sort_key):
                self.echo(problem.format())
            self.echo(f"Built {count} files.")
        except ChronicleError as exc:
            error = "\n".join(p.format() for p in exc.problems)
            self.echo(error)
            self.echo("The build failed; still serving the last good build.")
        except Exception:  # a bug while rendering must not stop the server
            error = traceback.format_exc()
            self.echo(error)
        with self.lock:
            self.version += 1
            self.error = error
            self.built.notify_all()
        return error is None

    def status(self, since: int | None = None, wait: float = 20.0) -> dict:
        """The version and error; with ``since``, first wait (up to ``wait`` seconds) for a build
        after that version, so that a page reloads the moment its new build is there."""
        with self.lock:
            if since is not None:
                self.built.wait_for(lambda: self.version != since, timeout=wait)
            return {"version": self.version, "error": self.error}

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    """Modification time and size of every file under the watched folders."""
    seen = {}
    for name in WATCHED:
        folder = Path(root) / name
        if not folder.is_dir():
            continue
        for path in folder.rglob("*"):
            try:
                if path.is_file():
                    info = path.stat()
                    seen[str(path)] = (info.st_mtime_ns, info.st_size)
            except OSError:
                continue
    return seen


class Watcher(threading.Thread):
    """Polls the campaign's files and rebuilds once they have stopped changing."""

    def __init__(self, site: Site, interval: float = 0.15):
        super().__init__(daemon=True, name="chronicle-watcher")
        self.site = site
        self.interval = interval
        self.stopping = threading.Event()

    def run(self) -> None:
        last = snapshot(self.site.root)
        while not self.stopping.wait(self.interval):
            now = snapshot(self.site.root)
            if now == last:
                continue
            while not self.stopping.wait(self.interval):     # let an editor finish saving
                settled = snapshot(self.site.root)
                if settled == now:
                    break
                now = settled
            changed = sorted(set(now) ^ set(last) | {p for p in now if p in last and now[p] != last[p]})
            shown = ", ".join(str(Path(p).relative_to(self.site.root)) for p in changed[:3])
            self.site.echo(f"Changed: {shown}{' ...' if len(changed) > 3 else ''}; rebuilding.")
            last = now
            self.site.build()


class Handler(SimpleHTTPRequestHandler):
    """Serves the current build; injects the reload script into HTML; answers the status poll."""

    site: Site

    def __init__(self, *args, site: Site, **kwargs):
        self.site = site
        super().__init__(*args, directory=str(site.output), **kwargs)

    def log_message(self, format, *args):      # the terminal shows builds, not every request
        return

    def do_GET(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == STATUS:
            since = parse_qs(urlsplit(self.path).query).get("since", [None])[0]
            since = int(since) if since and since.lstrip("-").isdigit() else None
            return self._send(json.dumps(self.site.status(since)).encode(), "application/json")
        if not self.site.output.is_dir():
            return self._send(self._inject(ERROR_PAGE), "text/html; charset=utf-8")
        local = Path(self.translate_path(path))
        if local.is_dir():
            local = local / "index.html"
        if not local.is_file():
            # as GitHub Pages does: any missing address, at any depth, gets the site's own 404.html
            missing = self.site.output / "404.html"
            text = missing.read_text(encoding="utf-8") if missing.is_file() else ERROR_PAGE
            return self._send(self._inject(text), "text/html; charset=utf-8", HTTPStatus.NOT_FOUND)
        if local.suffix == ".html":
            return self._send(self._inject(local.read_text(encoding="utf-8")), "text/html; charset=utf-8")
        return super().do_GET()

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def _inject(self, html: str) -> bytes:
        script = RELOAD_SCRIPT % {"version": self.site.status()["version"], "status": STATUS}
        at = html.rfind("</body>")
        html = html[:at] + script + html[at:] if at >= 0 else html + script
        return html.encode("utf-8")

    def _send(self, body: bytes, kind: str, status: HTTPStatus = HTTPStatus.OK):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Server:
    """Build, watch and serve; ``start()`` returns the port (0 asks for a free one)."""

    def __init__(self, root: Path, port: int = 8000, echo: Callable[[str], None] = print, interval: float = 0.15):
        self.site = Site(root, echo)
        self.port = port
        self.interval = interval
        self.httpd: ThreadingHTTPServer | None = None
        self.watcher: Watcher | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> int:
        self.site.build()
        self.httpd = ThreadingHTTPServer((HOST, self.port), partial(Handler, site=self.site))
        self.httpd.daemon_threads = True
        self.watcher = Watcher(self.site, self.interval)
        self.watcher.start()
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True, name="chronicle-http")
        self.thread.start()
        return self.httpd.server_address[1]

    def wait(self) -> None:
        try:
            while self.thread and self.thread.is_alive():
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        finally:
            self.stop()

    def stop(self) -> None:
        if self.watcher:
            self.watcher.stopping.set()
            self.watcher.join(timeout=5)
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
        self.site.close()
