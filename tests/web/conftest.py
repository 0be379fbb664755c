"""Fixtures for the browser tests: the play server in a thread, and Debian's chromium through Playwright."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium at /usr/bin/chromium (apt-get install chromium)")


def patient(ms: float) -> float:
    """A wait of ``ms`` milliseconds on an idle machine, stretched for the machine this test runs on now.

    A browser test waits for a condition, never for a fixed time; the longest it waits grows with the load per core
    (another test run beside this one, CI's two cores), so that a loaded machine makes a test slower, not red
    (issue 32). On an idle machine it is twice ``ms``; at most eight times."""
    load = os.getloadavg()[0] / (os.cpu_count() or 1)
    return ms * max(2.0, min(8.0, 2.0 * load))


def open_lobby(page, server: str) -> None:
    """Open the lobby and wait until its script has set it up (``body[data-ready]``): a click or key before that
    would meet a form with no handler yet."""
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='lobby']", timeout=patient(30000))


class _PatientBrowser:
    """The browser, whose new pages and contexts wait :func:`patient` times Playwright's 30 s by default."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, *args, **kwargs):
        ctx = self._browser.new_context(*args, **kwargs)
        ctx.set_default_timeout(patient(30000))
        return ctx

    def new_page(self, *args, **kwargs):
        page = self._browser.new_page(*args, **kwargs)
        page.set_default_timeout(patient(30000))
        return page

    def __getattr__(self, name):
        return getattr(self._browser, name)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serve(app, port: int | None = None) -> Iterator[str]:
    """``app`` served by uvicorn in a thread of its own on 127.0.0.1 (``port``, or a free one) until the block ends;
    gives its address."""
    import uvicorn

    port = port or _free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(10)


@pytest.fixture
def server(tmp_path):
    """The play server on 127.0.0.1 over a fresh SQLite file; bots move at once."""
    from daimyo.server.app import create_app

    with serve(create_app(f"sqlite:///{tmp_path / 'games.sqlite'}", bot_delay=0.0)) as url:
        yield url


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield _PatientBrowser(b)
        b.close()


def open_bot_game(server: str, browser, game: str):
    """Create a practice game of ``game`` (seed 1) between two random bots and open its page through its watch link (the
    game is not public); returns (page, page errors)."""
    import json
    import urllib.request

    body = json.dumps({"game": game, "practice": True, "seed": 1, "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}).encode()
    req = urllib.request.Request(server + "/api/games", data=body, headers={"Content-Type": "application/json"})
    created = json.loads(urllib.request.urlopen(req).read())
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + created["watch"]["link"])
    return page, errors
