"""Issue 30, defect 4: on a phone, picking a token from the hand (which lies under the board) brings the board into
view zoomed to fit every place it may go, and shows the chosen token above the board. Debian's chromium through
Playwright at 390x844; the screenshot goes to /tmp/daimyo-rokugan-phone-pick.png."""

from __future__ import annotations

from tests.web.conftest import needs_chromium, patient
from tests.web.test_board_keyboard import create_game

pytestmark = needs_chromium

# every lit place's drawn rectangle, the board frame's and the chosen token's above the board (page coordinates now)
IN_VIEW = """() => {
  const rect = (e) => { const r = e.getBoundingClientRect(); return { l: r.left, t: r.top, r: r.right, b: r.bottom }; };
  return { frame: rect(document.getElementById('board')), lit: [...document.querySelectorAll('#board [data-place].lit')]
    .map((e) => rect(e.querySelector('.hit, .ring, .token-body') || e)), choice: rect(document.getElementById('board-choice')),
    choiceText: document.getElementById('board-choice').textContent, zoom: Number(document.body.dataset.zoom) };
}"""


def test_picking_a_token_on_a_phone_shows_every_place_it_may_go_and_the_token(server, browser):
    gid, token = create_game(server, [{"kind": "human", "name": "Thumb"}, {"kind": "bot", "bot": "random"}], seed=9)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/game/{gid}#seat=0&token={token}")
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && document.querySelector('#board svg .province')")
    # the decisions before the first placement (the objective) are made at once; then a token is picked by touch
    page.evaluate("""() => { window.__auto = setInterval(() => {
      if (document.querySelector('#hand .hand-token.playable')) return;
      if (G.legal.length && document.body.dataset.busy !== '1') send(G.legal[0]); }, 100); }""")
    page.wait_for_selector("#hand .hand-token.playable", timeout=patient(30000))
    page.evaluate("clearInterval(window.__auto)")
    pick = page.locator("#hand .hand-token.playable").first
    code = pick.locator(".code").inner_text()
    pick.scroll_into_view_if_needed()
    pick.tap()
    page.wait_for_function("() => Number(document.body.dataset.lit) > 1")
    page.wait_for_timeout(300)   # the page's own scroll settles
    v = page.evaluate(IN_VIEW)
    page.screenshot(path="/tmp/daimyo-rokugan-phone-pick.png")
    f = v["frame"]
    assert f["t"] >= -1 and f["b"] <= 844 + 1, f   # the board is in view
    outside = [r for r in v["lit"] if r["l"] < f["l"] - 1 or r["r"] > f["r"] + 1 or r["t"] < f["t"] - 1 or r["b"] > f["b"] + 1]
    assert not outside, (len(outside), len(v["lit"]), v["zoom"])   # every lit place inside the frame
    assert v["choice"]["t"] >= 0 and v["choice"]["b"] <= 844 and code in v["choiceText"], v   # the chosen token is shown
    # a state comes in with this seat's moves unchanged (another seat's decision, a message sent again): the token
    # picked stays picked; moves that changed (here: none left to this seat) drop it
    head = page.evaluate("G.head")
    assert head.lower() == ("place " + code).lower(), head
    page.evaluate("() => onMessage({ type: 'state', view: G.view, legal: G.legal.slice(), to_act: G.toAct, seq: G.seq, events: [] })")
    assert page.evaluate("G.head") == head and code in page.inner_text("#board-choice")
    page.evaluate("() => onMessage({ type: 'state', view: G.view, legal: [], to_act: [1], seq: G.seq, events: [] })")
    assert page.evaluate("G.head") is None and page.locator("#board-choice[hidden]").count() == 1
    assert not errors, errors


def test_a_move_without_a_token_is_shown_above_the_board_without_a_stray_word(server, browser):
    """Seen by a tester: choosing "Place a control token ..." (Setup 10, no combat token picked) showed "null Place a
    control token" above the board: the absent token was handed to the box as the word null."""
    gid, token = create_game(server, [{"kind": "human", "name": "Ctl"}, {"kind": "bot", "bot": "random"}], seed=9)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/game/{gid}#seat=0&token={token}")
    page.wait_for_selector("#actions button", timeout=patient(30000))
    page.locator("#actions button").first.click()   # keep an objective
    start = page.locator("#actions button", has_text="control token")
    start.wait_for(timeout=patient(30000))
    page.wait_for_function("() => document.body.dataset.busy !== '1'")
    for _ in range(10):   # the panel is drawn again as the bot's moves come in: a click on a replaced button is lost
        start.click()
        if page.locator("#board-choice:not([hidden])").count():
            break
        page.wait_for_timeout(300)
    page.wait_for_selector("#board-choice:not([hidden])")
    words = page.inner_text("#board-choice")
    assert words.strip() == "Place a control token", words
    assert page.locator("#board-choice .hand-token").count() == 0
    assert not errors, errors
