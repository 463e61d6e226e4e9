"""``chronicle serve``: build into a temporary folder, serve it on localhost, rebuild on change.

The watcher polls the modification times under ``content/`` and ``templates/`` (no extra
dependency); every rebuild bumps a version number. Each HTML page served gets a small script,
injected here and never written to the site, that polls ``/__chronicle__/status``: it reloads
the page when the version changes and shows the build's problems over the page while the
campaign does not build. The same problems are printed in the terminal.

Robust under hostile input:

* **Builds run in a child process** (multiprocessing's forkserver, with chronicle preloaded, so
  one starts in milliseconds). The child lives on between builds and keeps the campaign as last
  replayed and the pages' model (:class:`chronicle.cache.HistoryCache`, ``keep``), so a saved
  story or a new turn replays and renders only what changed. The watcher keeps polling while a
  build runs; when the files change again it kills the child and starts another (which builds
  from scratch once), so a stuck build (a template that loops for hours) never wedges the
  server: fix the file and the new state shows.
* **Requests** that are malformed (a NUL, control characters, an over-long path) get a 4xx;
  an error while answering gets a 500 with one line, never a dropped connection. Requests whose
  ``Host`` is not a name of this machine (localhost, 127.0.0.1, [::1]) are refused with 403:
  a web page elsewhere cannot reach the preview through DNS rebinding.
* **The status** carries the problems as ``path:line:col: error: ...`` lines, and an internal
  error as one line (its traceback only in the terminal, with ``--debug``).
* **The temporary folder** is removed when the server stops: on Ctrl-C and on SIGTERM/SIGHUP.
"""

from __future__ import annotations

import json
import multiprocessing
import shutil
import signal
import tempfile
import threading
import time
import traceback
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs, unquote, urlsplit

from .errors import ChronicleError, Problem
from .history import load_history
from .render.site import build_site

HOST = "127.0.0.1"
STATUS = "/__chronicle__/status"
WATCHED = ("content", "templates")
LOCAL_NAMES = ("localhost", "127.0.0.1", "[::1]", "::1")
MAX_PATH = 2048                      # the longest request path answered (the site's are far shorter)

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


def _worker(root: str, output: str, conn) -> None:
    """In the child process: build each time the parent asks, keeping what the next build can
    reuse; send back what happened (never raises). Ends when the parent closes the pipe."""
    from .cache import HistoryCache
    from .render.output import remove_later
    cache, kept, old = HistoryCache(), {}, []
    while True:
        try:
            conn.recv()
        except (EOFError, OSError):
            return
        try:
            history = load_history(Path(root), cache=cache)   # replays only from the first changed turn
            warnings = [p.format() for p in sorted(history.problems, key=Problem.sort_key) if p.severity != "error"]
            count = build_site(history, Path(output), progress=False, keep=kept, later=old)
            outcome = ("built", (warnings, cache.replayed), count)
        except ChronicleError as exc:
            outcome = ("problems", "\n".join(p.format() for p in exc.problems), None)
        except BaseException as exc:      # noqa: BLE001 (a bug: one line for the page, the traceback for --debug)
            first = (str(exc).strip().splitlines() or [""])[0][:200]
            line = f"internal error: {type(exc).__name__}{': ' + first if first else ''} — please report it"
            outcome = ("internal", line, traceback.format_exc())
            cache, kept = HistoryCache(), {}     # nothing half-made is kept for the next build
        try:
            conn.send(outcome)
        except (BrokenPipeError, OSError):
            return
        remove_later(old)                  # the site replaced, once the page can reload


def _context():
    """forkserver where the system has it (fast, and safe in a process with threads), else spawn."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["chronicle.serve"])
        return context
    return multiprocessing.get_context("spawn")


class Builder:
    """The child process that builds, and the build it is running; ``result()`` is None until
    that build has finished. ``cancel()`` kills the child: the next ``start()`` makes another."""

    def __init__(self, context, root: Path, output: Path):
        self.context, self.root, self.output = context, root, output
        self.process = None
        self.conn = None
        self.running = False
        self.outcome = None

    def start(self) -> None:
        if self.process is None or not self.process.is_alive():
            self._spawn()
        self.outcome = None
        self.running = True
        try:
            self.conn.send("build")
        except (BrokenPipeError, OSError):           # it died between builds: a new one
            self._spawn()
            self.conn.send("build")

    def _spawn(self) -> None:
        self._discard()
        self.conn, child_end = self.context.Pipe()
        self.process = self.context.Process(target=_worker, args=(str(self.root), str(self.output), child_end),
                                            name="chronicle-build", daemon=True)
        self.process.start()
        child_end.close()

    def result(self):
        if self.running and self.outcome is None:
            if self.conn.poll():
                try:
                    self.outcome = self.conn.recv()
                except (EOFError, OSError):
                    self.outcome = self._died()
            elif not self.process.is_alive():
                self.outcome = self._died()
            if self.outcome is not None:
                self.running = False
        return self.outcome

    def _died(self):
        self.process.join()
        code = self.process.exitcode
        self._discard()
        return ("internal", f"internal error: the build process ended unexpectedly (exit code {code}) — "
                            "please report it", "")

    def cancel(self) -> None:
        """Stop the build running, if one is (the child with it); a finished one is left alone."""
        if self.running:
            self._discard()
            self.running = False

    def close(self) -> None:
        """Stop the child, building or not."""
        self._discard()
        self.running = False

    def _discard(self) -> None:
        if self.process is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join()
            self.process = None
        if self.conn is not None:
            self.conn.close()
            self.conn = None


class Site:
    """The served build: a folder, a version, and the last build's problems."""

    def __init__(self, root: Path, echo: Callable[[str], None] = print, debug: bool = False):
        self.root = Path(root)
        self.echo = echo
        self.debug = debug
        self.folder = Path(tempfile.mkdtemp(prefix="chronicle-serve-"))
        self.output = self.folder / "site"
        self.version = 0
        self.error: str | None = None
        self.building = False
        self.replayed: int | None = None         # turns the last build replayed (the rest were kept)
        self.lock = threading.Lock()
        self.built = threading.Condition(self.lock)
        self.builder = Builder(_context(), self.root, self.output)

    @property
    def job(self) -> Builder | None:
        """The builder while a build runs, else None."""
        return self.builder if self.builder.running else None

    def start_build(self) -> None:
        """Start a build (cancelling one still running: the files have changed under it)."""
        if self.builder.running:
            self.builder.cancel()
            self.echo("The files changed during the build; building again.")
        self.builder.start()
        with self.lock:
            self.building = True

    def poll(self) -> bool:
        """Collect the running build's result if it has finished; True when one was collected."""
        if not self.builder.running:
            return False
        outcome = self.builder.result()
        if outcome is None:
            return False
        kind, text, extra = outcome
        error, replayed = None, None
        if kind == "built":
            warnings, replayed = text
            for line in warnings:
                self.echo(line)
            self.echo(f"Built {extra} files.")
        elif kind == "problems":
            error = text
            self.echo(error)
            self.echo("The build failed; still serving the last good build.")
        else:
            error = text
            self.echo(text + (" (run with --debug for the details)" if not self.debug else ""))
            if self.debug and extra:
                self.echo(extra)
        with self.lock:
            self.version += 1
            self.error = error
            self.replayed = replayed
            self.building = False
            self.built.notify_all()
        return True

    def build(self) -> bool:
        """Build now and wait for it; keep the last good site when this one fails. True if it built."""
        self.start_build()
        while not self.poll():
            time.sleep(0.02)
        return self.status()["error"] is None

    def status(self, since: int | None = None, wait: float = 20.0) -> dict:
        """The version, the error and whether a build runs; with ``since``, first wait (up to
        ``wait`` seconds) for a build after that version, so that a page reloads the moment its
        new build is there."""
        with self.lock:
            if since is not None:
                self.built.wait_for(lambda: self.version != since, timeout=wait)
            return {"version": self.version, "error": self.error, "building": self.building,
                    "replayed": self.replayed}

    def close(self) -> None:
        self.builder.close()
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
    """Polls the campaign's files; starts a build once they have stopped changing, and keeps
    polling while it runs (a change kills it and starts another)."""

    def __init__(self, site: Site, interval: float = 0.15, build_first: bool = False):
        super().__init__(daemon=True, name="chronicle-watcher")
        self.site = site
        self.interval = interval
        self.build_first = build_first
        self.stopping = threading.Event()

    def run(self) -> None:
        last = snapshot(self.site.root)
        if self.build_first:
            self.site.start_build()
        while not self.stopping.wait(self.interval / 4 if self.site.job else self.interval):
            self.site.poll()
            now = snapshot(self.site.root)
            if now == last:
                continue
            while not self.stopping.wait(self.interval):     # let an editor finish saving
                settled = snapshot(self.site.root)
                if settled == now:
                    break
                now = settled
            changed = sorted(set(now) ^ set(last) | {p for p in now if p in last and now[p] != last[p]})
            shown = ", ".join(_relative(p, self.site.root) for p in changed[:3])
            self.site.echo(f"Changed: {shown}{' ...' if len(changed) > 3 else ''}; rebuilding.")
            last = now
            self.site.start_build()


def _relative(path: str, root: Path) -> str:
    try:
        return str(Path(path).relative_to(root))
    except ValueError:
        return path


class Handler(SimpleHTTPRequestHandler):
    """Serves the current build; injects the reload script into HTML; answers the status poll."""

    site: Site

    def __init__(self, *args, site: Site, **kwargs):
        self.site = site
        super().__init__(*args, directory=str(site.output), **kwargs)

    def log_message(self, format, *args):      # the terminal shows builds, not every request
        return

    def do_GET(self):
        self._guarded(self._get)

    def do_HEAD(self):
        self._guarded(super().do_HEAD)

    def _guarded(self, answer) -> None:
        """Refuse what is not a plain local request; answer the rest; never let an error drop the
        connection with a traceback."""
        try:
            refusal = self._refusal()
            if refusal:
                self.send_error(*refusal)
                return
            answer()
        except (BrokenPipeError, ConnectionResetError):
            pass                                   # the browser went away: nothing to answer
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "No such page")
        except Exception as exc:                  # noqa: BLE001 (one line in the terminal, a 500 to the browser)
            self.site.echo(f"internal error while answering {self.path[:100]!r}: {type(exc).__name__}: {exc}")
            self.send_error(HTTPStatus.INTERNAL_SERVER_ERROR, "chronicle could not answer this request")

    def _refusal(self) -> tuple[HTTPStatus, str] | None:
        host = self.headers.get("Host")
        if host is not None and _host_name(host) not in LOCAL_NAMES:
            return HTTPStatus.FORBIDDEN, "This preview answers only to localhost"
        if len(self.path) > MAX_PATH:
            return HTTPStatus.REQUEST_URI_TOO_LONG, "The address is too long"
        try:
            path = unquote(self.path.split("?", 1)[0].split("#", 1)[0], errors="strict")
        except UnicodeDecodeError:
            return HTTPStatus.BAD_REQUEST, "The address is not UTF-8"
        if any(ord(c) < 0x20 or ord(c) == 0x7f for c in path) or not path.startswith("/"):
            return HTTPStatus.BAD_REQUEST, "The address holds characters no page has"
        return None

    def _get(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == STATUS:
            since = parse_qs(urlsplit(self.path).query).get("since", [None])[0]
            since = int(since) if since and since.lstrip("-").isdigit() and len(since) < 20 else None
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


def _host_name(host: str) -> str:
    """The name in a Host header, without its port: 'localhost:8000' -> 'localhost', '[::1]:80' -> '[::1]'."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[:host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Server:
    """Build, watch and serve; ``start()`` returns the port (0 asks for a free one)."""

    def __init__(self, root: Path, port: int = 8000, echo: Callable[[str], None] = print, interval: float = 0.15,
                 debug: bool = False):
        self.site = Site(root, echo, debug)
        self.port = port
        self.interval = interval
        self.httpd: ThreadingHTTPServer | None = None
        self.watcher: Watcher | None = None
        self.thread: threading.Thread | None = None

    def start(self, wait: bool = True) -> int:
        """Listen, then build in the background; with ``wait``, return once the first build is done
        (or has failed): a build stuck on the first try is still replaced when a file changes."""
        self.httpd = ThreadingHTTPServer((HOST, self.port), partial(Handler, site=self.site))
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True, name="chronicle-http")
        self.thread.start()
        self.watcher = Watcher(self.site, self.interval, build_first=True)
        self.watcher.start()
        while wait and self.site.status()["version"] == 0 and self.watcher.is_alive():
            time.sleep(0.02)
        return self.httpd.server_address[1]

    def wait(self) -> None:
        """Serve until Ctrl-C, SIGTERM or SIGHUP; then stop and remove the temporary folder."""
        previous = {}

        def leave(signum, _frame):
            raise KeyboardInterrupt
        if threading.current_thread() is threading.main_thread():
            for name in ("SIGTERM", "SIGHUP"):
                if hasattr(signal, name):
                    previous[name] = signal.signal(getattr(signal, name), leave)
        try:
            while self.thread and self.thread.is_alive():
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        finally:
            self.stop()
            for name, handler in previous.items():
                signal.signal(getattr(signal, name), handler)

    def stop(self) -> None:
        if self.watcher:
            self.watcher.stopping.set()
            self.watcher.join(timeout=5)
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
        self.site.close()
