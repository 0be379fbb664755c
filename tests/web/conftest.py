"""Fixtures for the browser tests: the play server in a thread, and Debian's chromium through Playwright."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium at /usr/bin/chromium (apt-get install chromium)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    """The play server on 127.0.0.1 over a fresh SQLite file; bots move at once."""
    import uvicorn

    from daimyo.server.app import create_app

    port = _free_port()
    config = uvicorn.Config(create_app(f"sqlite:///{tmp_path / 'games.sqlite'}", bot_delay=0.0), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
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
