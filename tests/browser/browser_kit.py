"""A real headless Chromium (Debian's /usr/bin/chromium) driven by Playwright, and a built site.

Never runs ``playwright install``: the browser is the system's. The tests skip, saying why, only
when /usr/bin/chromium is absent. The fixtures live here rather than in a conftest.py so that
``from conftest import ...`` stays unambiguous for the tests one folder up; a browser test module
takes them with ``from browser_kit import *``.
"""

from __future__ import annotations

import functools
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from chronicle.history import load_history
from chronicle.render.site import build_site
from site_helpers import sengoku_pending_turn, write_japan_campaign, write_sengoku_example

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "test-artifacts" / "screenshots"
SUBPATH = "my-campaign"
TURNS = 5


#: every browser test module sets ``pytestmark = BROWSER``
BROWSER = [pytest.mark.browser,
           pytest.mark.skipif(not CHROMIUM.exists(),
                              reason=f"{CHROMIUM} is absent: install Debian's chromium (apt-get install chromium)")]
__all__ = ["BROWSER", "CHROMIUM", "SCREENSHOTS", "SUBPATH", "TURNS", "base", "browser", "http_base", "screenshots",
           "site", "sengoku_site", "sengoku_pending_site", "sengoku_two_sheets_site"]


_SHARED: dict = {"users": 0}


@pytest.fixture(scope="session")
def browser():
    """One Chromium for the whole session, however many modules import this fixture (each import
    makes a fixture of its own, and Playwright's sync API runs only one at a time)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the Python package only)")
    if not _SHARED["users"]:
        _SHARED["playwright"] = sync_api.sync_playwright().start()
        _SHARED["browser"] = _SHARED["playwright"].chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
    _SHARED["users"] += 1
    try:
        yield _SHARED["browser"]
    finally:
        _SHARED["users"] -= 1
        if not _SHARED["users"]:
            _SHARED.pop("browser").close()
            _SHARED.pop("playwright").stop()


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    root = write_japan_campaign(tmp_path_factory.mktemp("browser") / "campaign", turns=TURNS)
    build_site(load_history(root), root / "site", progress=False)
    return root / "site"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        return


@pytest.fixture(scope="session")
def http_base(site, tmp_path_factory):
    """The site served over http://127.0.0.1 under a project subpath, as GitHub Pages does."""
    parent = tmp_path_factory.mktemp("pages")
    shutil.copytree(site, parent / SUBPATH)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(parent)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/{SUBPATH}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(params=["file", "http"])
def base(request, site):
    if request.param == "file":
        return site.as_uri() + "/"
    return request.getfixturevalue("http_base")


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


# ---- Sengoku: the example campaign, whole and cut where a battle is pending ------------------------

@pytest.fixture(scope="session")
def sengoku_site(tmp_path_factory) -> Path:
    root = write_sengoku_example(tmp_path_factory.mktemp("sengoku") / "campaign")
    build_site(load_history(root), root / "site", progress=False)
    return root / "site"


@pytest.fixture(scope="session")
def sengoku_pending_site(tmp_path_factory) -> Path:
    root = write_sengoku_example(tmp_path_factory.mktemp("sengoku-pending") / "campaign", until=sengoku_pending_turn())
    build_site(load_history(root), root / "site", progress=False)
    return root / "site"


@pytest.fixture(scope="session")
def sengoku_two_sheets_site(tmp_path_factory) -> tuple[Path, int]:
    """The cut example with its pending sheet given twice (the second moved to Kai), to print two."""
    import dataclasses
    from chronicle.rules.sengoku import Sengoku
    root = write_sengoku_example(tmp_path_factory.mktemp("sengoku-two") / "campaign", until=sengoku_pending_turn())
    original = Sengoku.battle_sheets

    def two(self, campaign, state):
        sheets = list(original(self, campaign, state))
        return sheets + [dataclasses.replace(sheets[0], province="kai")]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Sengoku, "battle_sheets", two)
        history = load_history(root)
        count = len(Sengoku().battle_sheets(history.campaign, history.final))
        build_site(history, root / "site", progress=False)
    return root / "site", count
