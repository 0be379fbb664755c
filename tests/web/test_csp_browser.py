"""Every page works under the server's Content-Security-Policy (docs/web.md "Content-Security-Policy"): no inline
script, no inline event handler, no style attribute in markup or set with setAttribute, no <style> block (the board
drawing's classes live in board.css). The header is added to every response here through Playwright's routing, so
the check holds whether or not the server sends it; a page fails on any console error or `securitypolicyviolation`.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.web.conftest import ARGS, CHROMIUM, needs_chromium, open_lobby

pytestmark = needs_chromium

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


@pytest.fixture
def browser():
    """Chromium as in conftest, but without its local-network checks: a response answered through Playwright's
    routing counts as coming from outside, and the page's WebSocket to 127.0.0.1 would be refused for that alone."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, "--disable-features=LocalNetworkAccessChecks"])
        yield b
        b.close()


def _create(server: str, body: dict) -> dict:
    req = urllib.request.Request(server + "/api/games", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


def _strict_page(browser, width=1400, height=900):
    """A page whose every response carries the CSP header; returns (page, problems): console errors, page errors."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.add_init_script(WATCH)

    def add_csp(route):
        resp = route.fetch()
        route.fulfill(response=resp, headers={**resp.headers, "content-security-policy": CSP})

    ctx.route("**/*", add_csp)
    page = ctx.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append("console: " + m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append("page error: " + str(e)))
    return page, problems


def _violations(page) -> list[str]:
    page.wait_for_timeout(200)   # the events are dispatched asynchronously
    return page.evaluate("window.__violations")


def test_the_check_catches_an_inline_style(server, browser):
    """The detector itself: a style attribute set the forbidden way is reported (so the other checks can fail)."""
    page, problems = _strict_page(browser)
    open_lobby(page, server)
    page.wait_for_selector(".seat-kind[data-seat='1']")
    page.evaluate("() => { const d = document.createElement('div'); d.setAttribute('style', 'color: red'); document.body.append(d); }")
    assert [v.split()[0] for v in _violations(page)] == ["style-src-attr"]
    assert any("inline style" in p for p in problems)


def test_the_lobby_under_csp(server, browser):
    page, problems = _strict_page(browser)
    open_lobby(page, server)
    page.wait_for_selector(".seat-kind[data-seat='1']")
    page.select_option("#players", "2")
    page.locator(".seat-kind[data-seat='1']").select_option("human")
    page.check("#practice")
    page.fill("#seed", "3")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    page.wait_for_selector("#games-live .badge.practice")
    page.select_option("#lang", "pl")
    page.wait_for_function("() => document.querySelector('#games-live .open-seats').textContent === '1 wolne miejsce'")
    assert _violations(page) == [] and problems == []


def test_the_join_page_under_csp(server, browser):
    game = _create(server, {"game": "rokugan", "practice": True, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}], "sit": 0})
    page, problems = _strict_page(browser, 390, 844)
    page.goto(server + game["invite"]["link"])
    page.wait_for_selector("#practice-warning:not([hidden])")
    page.wait_for_selector("button.take[data-seat='1']")
    assert _violations(page) == [] and problems == []


def test_the_rokugan_page_under_csp_with_its_board_styled(server, browser):
    game = _create(server, {"game": "rokugan", "practice": True, "seed": 4, "seats": [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "random"}], "sit": 0})
    page, problems = _strict_page(browser)
    page.goto(server + game["you"]["play"])
    page.wait_for_selector("#board svg .province")
    page.wait_for_function("() => document.body.dataset.seq !== '-1'")
    page.wait_for_selector("#practice-banner:not([hidden])")
    page.wait_for_selector("#players .swatch")
    # the board's classes come from board.css: the sea is painted, the hidden targets stay see-through
    assert page.evaluate("getComputedStyle(document.querySelector('#board .sea')).fill") == "rgb(143, 184, 201)"
    assert page.evaluate("getComputedStyle(document.querySelector('#board .province-line')).fill") == "none"
    # colours set from the script (through the CSSOM) are applied
    assert page.evaluate("getComputedStyle(document.querySelector('#players .swatch')).backgroundColor") not in ("", "rgba(0, 0, 0, 0)")
    if page.locator("#hand .hand-token").count():
        assert page.evaluate("getComputedStyle(document.querySelector('#hand .hand-token')).getPropertyValue('--clan').trim()") != ""
    assert _violations(page) == [] and problems == []


def test_the_senjutsu_page_under_csp(server, browser):
    game = _create(server, {"game": "senjutsu", "practice": True, "seed": 2, "seats": [{"kind": "human", "choice": "kaze"}, {"kind": "bot", "bot": "heuristic"}], "sit": 0})
    page, problems = _strict_page(browser)
    page.goto(server + game["you"]["play"])
    page.wait_for_selector("#board svg .hex")
    page.wait_for_function("() => document.body.dataset.seq !== '-1'")
    page.wait_for_selector("#duellists .swatch")
    page.wait_for_selector("#practice-banner:not([hidden])")
    assert page.evaluate("getComputedStyle(document.querySelector('#duellists .swatch')).backgroundColor") not in ("", "rgba(0, 0, 0, 0)")
    assert _violations(page) == [] and problems == []
