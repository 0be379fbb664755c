"""The one browser client (daimyo/web/static/client.js) on every game's page, in a real browser: after the server drops
the socket the page reconnects to the same seat and a move still works; a refused seat token is said in words, the
token forgotten, nothing of the seat shown, no reconnection tried, and watching offered; the same on both games."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
import urllib.request

import pytest

from tests.web.conftest import _free_port, needs_chromium, patient

pytestmark = needs_chromium

GAMES = ["rokugan", "senjutsu"]
SEATS = {
    "rokugan": [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "random"}],
    "senjutsu": [{"kind": "human", "name": "A", "choice": "kaze"}, {"kind": "bot", "bot": "random"}],
}
# what the page does, seen from inside: every socket it opens, and every state the connection badge takes
WATCH = """
window.__sockets = 0;
window.__badge = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native { constructor(...args) { super(...args); window.__sockets += 1; } };
document.addEventListener("DOMContentLoaded", () => {
  const badge = document.getElementById("conn");
  new MutationObserver(() => { const s = badge.dataset.state; if (s && window.__badge.at(-1) !== s) window.__badge.push(s); })
    .observe(badge, { attributes: true, attributeFilter: ["data-state"] });
});
"""


@pytest.fixture
def served(tmp_path):
    """The play server in a thread of its own event loop, which the test reaches to drop sockets: (url, app, loop)."""
    import uvicorn

    from daimyo.server.app import create_app

    port = _free_port()
    app = create_app(f"sqlite:///{tmp_path / 'games.sqlite'}", bot_delay=0.0)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=lambda: loop.run_until_complete(srv.serve()), daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", app, loop
    srv.should_exit = True
    thread.join(10)
    loop.close()


def _create(url: str, game: str) -> dict:
    body = {"game": game, "practice": True, "seed": 3, "seats": SEATS[game], "sit": 0, "public": True}
    req = urllib.request.Request(url + "/api/games", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


def _drop_sockets(app, loop, game_id: str) -> int:
    """The server closes every socket of the game (as it closes one that stopped reading); returns how many."""
    async def drop() -> int:
        room = await app.state.hub.room(game_id)
        conns = list(room.conns)
        for conn in conns:
            conn.dropped = True
            conn.outbox.put_nowait((None, None))
        return len(conns)
    return asyncio.run_coroutine_threadsafe(drop(), loop).result(10)


def _page(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def _one_move(page, game: str, rnd: random.Random) -> None:
    """Wait for our turn, make one legal choice by clicking as a player would, and wait for the server to take it."""
    page.wait_for_function("() => Number(document.body.dataset.legal || 0) > 0", timeout=patient(20000))
    before = page.evaluate("document.body.dataset.seq")
    if game == "senjutsu":
        hexes, cards = page.locator("#board .hex.lit"), page.locator("#hand .sj-card.playable")
        if hexes.count():
            hexes.nth(rnd.randrange(hexes.count())).click()
            page.locator("#actions button.facing-button").first.click()
        elif cards.count():
            cards.first.click()
        else:
            page.locator("#actions button.act").first.click()
    else:
        if not page.locator("#actions button.head.selected").count():
            options = page.locator("#actions button.act, #hand .hand-token.playable")
            options.nth(rnd.randrange(options.count())).click()
        for _ in range(4):   # a head picked: its places light up, clicked until the action goes
            if page.evaluate("document.body.dataset.busy") == "1" or page.evaluate("document.body.dataset.seq") != before:
                break
            lit = page.locator("#board .target.lit")
            if not lit.count():
                break
            lit.nth(rnd.randrange(lit.count())).click(force=True)
    page.wait_for_function(f"() => document.body.dataset.seq !== '{before}' || document.querySelector('#message.error') !== null")
    assert page.locator("#message.error").count() == 0, page.inner_text("#message")


@pytest.mark.parametrize("game", GAMES)
def test_the_page_reconnects_after_the_server_drops_the_socket_and_a_move_still_works(served, browser, game):
    url, app, loop = served
    created = _create(url, game)
    page, errors = _page(browser)
    page.goto(url + created["you"]["play"])
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && document.getElementById('conn').dataset.state === 'connected'")
    assert "token=" not in page.url and page.evaluate("window.__sockets") == 1

    assert _drop_sockets(app, loop, created["id"]) == 1
    # the badge says so, and within the first back-off (0.5 s) the page is back on the same seat
    page.wait_for_function("() => window.__sockets === 2 && document.getElementById('conn').dataset.state === 'connected'", timeout=patient(5000))
    assert page.evaluate("window.__badge") == ["connecting", "connected", "offline", "connecting", "connected"]
    assert page.evaluate("G.seat") == 0

    _one_move(page, game, random.Random(1))
    # a second drop: the back-off started afresh with the welcome, so the page is back as fast
    _drop_sockets(app, loop, created["id"])
    page.wait_for_function("() => window.__sockets === 3 && document.getElementById('conn').dataset.state === 'connected'", timeout=patient(5000))
    _one_move(page, game, random.Random(2))
    assert errors == []


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_seat_token_is_said_in_words_and_watching_is_offered(served, browser, game):
    url, _, _ = served
    created = _create(url, game)
    page, errors = _page(browser)
    page.goto(f"{url}/game/{created['id']}#seat=0&token=not-the-token")
    page.wait_for_selector("#message.error button.watch-instead")
    assert page.evaluate("document.getElementById('conn').dataset.state") == "refused"
    assert page.inner_text("#message").startswith("The server refused this browser's key to a seat of this game")
    assert page.evaluate(f"localStorage.getItem('daimyo:{created['id']}')") is None and "token=" not in page.url
    page.wait_for_timeout(1500)   # three back-offs' time: the page does not try again with or without the token
    assert page.evaluate("window.__sockets") == 1
    assert page.evaluate("document.body.dataset.seq") == "-1"   # nothing of the game, let alone of seat 0, was sent

    # in Polish: the badge and the refusal in the chosen words
    page.select_option("#lang", "pl")
    page.wait_for_function("() => document.getElementById('conn').textContent === 'bez miejsca'")
    assert page.inner_text("#message").startswith("Serwer odrzucił klucz tej przeglądarki")
    assert page.inner_text("button.watch-instead") == "Oglądaj grę"

    page.click("button.watch-instead")
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && document.getElementById('conn').dataset.state === 'spectating'")
    assert page.evaluate("G.seat") is None and page.inner_text("#message") == ""
    assert page.evaluate("document.body.dataset.legal") == "0" and page.locator("#actions button").count() == 0
    hidden = "#screen:not([hidden])" if game == "rokugan" else "#hand-panel:not([hidden])"
    assert page.locator(hidden).count() == 0   # no hand, no objective: nothing of seat 0 is shown
    assert page.evaluate("window.__sockets") == 2 and errors == []
