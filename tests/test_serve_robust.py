"""``chronicle serve`` under hostile input: a stuck build never wedges it, malformed requests get
a 4xx, other hosts are refused (DNS rebinding), and the temporary folder goes on Ctrl-C and SIGTERM."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chronicle.serve import Server
from site_helpers import SMALL_CAMPAIGN, SMALL_STORIES, SMALL_TURNS

STUCK = ('{% extends "default/turn.html" %}{% block content %}'
         '{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}{% endblock %}\n')


def raw_request(port: int, request: bytes) -> tuple[int, bytes]:
    """Send bytes as they are (http.client refuses a malformed request before sending it)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0
    return status, data


def get(port: int, path: str, host: str | None = None) -> tuple[int, bytes]:
    host = host if host is not None else f"localhost:{port}"
    return raw_request(port, f"GET {path} HTTP/1.0\r\nHost: {host}\r\n\r\n".encode("latin-1"))


def wait_until(condition, what: str, lines, seconds: float = 120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen; the server said: {lines}")


@pytest.fixture
def served(make_campaign):
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS, SMALL_STORIES)
    lines: list[str] = []
    server = Server(root, port=0, echo=lines.append, interval=0.1)
    port = server.start()
    yield root, port, server, lines
    server.stop()


def status(port: int) -> dict:
    code, data = get(port, "/__chronicle__/status")
    assert code == 200
    return json.loads(data.split(b"\r\n\r\n", 1)[1])


@pytest.mark.parametrize("path, code", [
    ("/%00", 400), ("/index.html%00.txt", 400), ("/%0d%0aSet-Cookie:x", 400), ("/" + "a" * 3000, 414),
    ("/" + "b" * 300 + ".html", 404), ("/" + "c" * 300 + "/x.css", 404), ("/%ff%fe", 400), ("relative", 400),
], ids=["nul", "nul-in-name", "crlf", "long", "long-name-html", "long-name-css", "bad-utf8", "no-slash"])
def test_a_malformed_request_gets_a_4xx_not_a_dropped_connection(served, path, code):
    _root, port, _server, lines = served
    got, data = get(port, path)
    assert got == code, data[:300]
    assert not any("Traceback" in line for line in lines)
    assert get(port, "/")[0] == 200                          # and the server still answers


@pytest.mark.parametrize("host, code", [
    ("localhost:{port}", 200), ("127.0.0.1:{port}", 200), ("[::1]:{port}", 200), ("LOCALHOST", 200),
    ("evil.example:{port}", 403), ("evil.example", 403), ("127.0.0.1.evil.example", 403), ("localhost.evil", 403),
])
def test_only_local_host_names_are_answered(served, host, code):
    _root, port, _server, _lines = served
    got, data = get(port, "/", host.format(port=port))
    assert got == code, data[:200]
    assert get(port, "/__chronicle__/status", host.format(port=port))[0] == code


def test_a_stuck_build_is_replaced_when_the_files_change(served):
    root, port, server, lines = served
    first = status(port)
    assert first["error"] is None
    templates = root / "templates"
    templates.mkdir()
    (templates / "turn.html").write_text(STUCK, encoding="utf-8")
    wait_until(lambda: status(port)["building"], "a build starting", lines)
    stuck = server.site.job.process
    time.sleep(1.0)
    assert status(port)["building"] and status(port)["version"] == first["version"]    # it is stuck
    (templates / "turn.html").write_text("{% extends 'default/turn.html' %}{% block content %}{{ nope }}"
                                         "{% endblock %}\n", encoding="utf-8")
    after = wait_until(lambda: (s := status(port))["version"] > first["version"] and s, "a rebuild", lines)
    assert after["error"] and "templates/turn.html:1:1: error: template error: 'nope' is undefined" in after["error"]
    assert "Traceback" not in after["error"]
    assert not stuck.is_alive()                              # the stuck build was stopped, not left running
    (templates / "turn.html").unlink()
    fixed = wait_until(lambda: (s := status(port))["version"] > after["version"] and s, "a rebuild", lines)
    assert fixed["error"] is None and not fixed["building"]
    assert get(port, "/turns/002/index.html")[0] == 200


def test_the_build_process_keeps_the_campaign_between_builds_and_a_killed_one_starts_afresh(served):
    """The child that builds lives on and replays only from the first changed turn (perf); a
    build killed because the files changed under it takes its kept campaign with it (robust), and
    the next child replays every turn once."""
    root, port, server, lines = served
    turns = len(list((root / "content" / "turns").glob("*.yaml")))
    first = status(port)
    assert first["replayed"] == turns                          # the first build replays everything
    worker = server.site.builder.process
    story = root / "content" / "turns" / "002.md"
    story.write_text("While serving.\n", encoding="utf-8")
    after = wait_until(lambda: (s := status(port))["version"] > first["version"] and s, "a rebuild", lines)
    assert after["error"] is None and after["replayed"] == 0   # a story: no turn replayed
    assert server.site.builder.process is worker               # by the same child
    assert b"While serving." in get(port, "/turns/002/index.html")[1]
    templates = root / "templates"
    templates.mkdir()
    (templates / "turn.html").write_text(STUCK, encoding="utf-8")
    wait_until(lambda: status(port)["building"], "a build starting", lines)
    time.sleep(1.0)                  # a build that started before reading the template could still end well
    assert status(port)["building"] and status(port)["version"] == after["version"]    # it is stuck
    (templates / "turn.html").unlink()
    fresh = wait_until(lambda: (s := status(port))["version"] > after["version"] and s, "a rebuild", lines)
    assert fresh["error"] is None and fresh["replayed"] == turns
    assert server.site.builder.process is not worker and not worker.is_alive()


def test_the_status_carries_places_not_tracebacks(served):
    root, port, _server, lines = served
    before = status(port)["version"]
    turn = root / "content" / "turns" / "002.yaml"
    turn.write_bytes(turn.read_bytes() + b"notes: a\x00b\n")
    broken = wait_until(lambda: (s := status(port))["version"] > before and s, "a rebuild", lines)
    assert broken["error"].startswith("content/turns/002.yaml:")
    assert "control character" in broken["error"] and "Traceback" not in broken["error"]


def _as_at_a_terminal() -> None:
    """Give the child Ctrl-C's default action, as a terminal's foreground job has it.

    A shell without job control starts a background job (``scripts/test &``, or CI's runner) with
    SIGINT ignored, and every process below it inherits that: Python then leaves SIGINT ignored
    (as POSIX asks, so that a Ctrl-C at the terminal does not reach background jobs), and serve
    rightly never sees the Ctrl-C. That, not serve, is why this case hung in whole-suite runs
    started that way (stop 17) and passed when run in the foreground."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("signum", [
    signal.SIGTERM,
    signal.SIGINT,
], ids=["SIGTERM", "Ctrl-C"])
def test_the_temporary_folder_is_removed_on_sigterm_and_ctrl_c(make_campaign, tmp_path, signum):
    root = make_campaign(SMALL_CAMPAIGN, SMALL_TURNS)
    private = tmp_path / "tmp"
    private.mkdir()
    env = dict(os.environ, TMPDIR=str(private))
    process = subprocess.Popen([sys.executable, "-m", "chronicle.cli", "serve", str(root), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True,
                               preexec_fn=_as_at_a_terminal)
    try:
        line = process.stdout.readline()
        assert "Serving" in line, line + process.stderr.read()
        port = int(line.split(":")[-1].split("/")[0])
        wait_until(lambda: status(port)["version"] >= 1, "the first build", [])
        assert [p.name for p in private.iterdir() if p.name.startswith("chronicle-serve-")]
        process.send_signal(signum)
        process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert [p.name for p in private.iterdir() if p.name.startswith("chronicle-serve-")] == []
    assert "Traceback" not in process.stderr.read()
