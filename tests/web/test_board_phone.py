"""Issue 11: Battle for Rokugan played to the final scoring by touch on a phone (390×844), against a random bot.

The panels stack under the board; the board scrolls inside its frame (pan) and zooms (buttons, pinch); when places
light up it zooms by itself to fit them all in the frame (issue 30: never in on one lit place with the others out of
view), no further than makes the smallest 44 px across, and each is tapped where it is drawn."""

from __future__ import annotations

import random
import time

from tests.web.conftest import needs_chromium, patient
from tests.web.test_board_keyboard import create_game

pytestmark = needs_chromium

# whether every lit place lies inside the board's frame as the page shows it (before any panning by the test)
ALL_LIT_IN_FRAME = """() => {
  const f = document.getElementById('board').getBoundingClientRect();
  return [...document.querySelectorAll('#board [data-place].lit')].every((e) => {
    const r = (e.querySelector('.hit, .ring, .token-body') || e).getBoundingClientRect();
    return r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1 && r.bottom <= f.bottom + 1;
  });
}"""

LIT_RECT = """
(place) => {
  const e = [...document.querySelectorAll('#board [data-place].lit')].find((x) => x.dataset.place === place);
  e.scrollIntoView({ block: 'center', inline: 'center' });
  const r = e.querySelector('.hit, .ring, .token-body').getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
}
"""


def test_a_whole_game_by_touch_on_a_phone(server, browser):
    gid, token = create_game(server, [{"kind": "human", "name": "Thumb"}, {"kind": "bot", "bot": "random"}], seed=9)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/game/{gid}#seat=0&token={token}")
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && document.querySelector('#board svg .province')")
    rnd = random.Random(2)

    # the panels are stacked under the board, nothing is wider than the screen
    board, side = page.locator("#board-wrap").bounding_box(), page.locator("#side").bounding_box()
    assert side["y"] >= board["y"] + board["height"] - 1 and side["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the zoom buttons are big enough to touch and work
    assert page.locator("#zoom-in").bounding_box()["height"] >= 44
    page.locator("#zoom-in").tap()
    assert float(page.evaluate("document.body.dataset.zoom")) > 1.4
    page.locator("#zoom-out").tap()
    assert float(page.evaluate("document.body.dataset.zoom")) == 1

    decisions = smallest = 0
    smallest = 1e9
    deadline = time.monotonic() + 400
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        assert not errors, errors
        s = page.evaluate("""() => ({ scores: !document.getElementById('scores').hidden, steps: !document.getElementById('steps').hidden,
          phase: document.body.dataset.phase, legal: Number(document.body.dataset.legal || 0), seq: document.body.dataset.seq,
          busy: document.body.dataset.busy === '1', lit: document.querySelectorAll('#board [data-place].lit').length,
          options: document.querySelectorAll('#hand .hand-token.playable, #actions button.act').length })""")
        if s["scores"]:
            break
        if s["steps"]:
            page.locator("#step-skip").tap()
            continue
        if s["phase"] == "over":
            page.wait_for_selector("#scores:not([hidden])", timeout=patient(5000))
            continue
        if s["legal"] == 0 or s["busy"] or (s["options"] == 0 and s["lit"] == 0):
            page.wait_for_function(f"() => document.body.dataset.seq !== '{s['seq']}' || !document.getElementById('steps').hidden"
                                   " || document.querySelectorAll('#hand .hand-token.playable, #actions button.act, #board [data-place].lit').length > 0",
                                   timeout=patient(15000))
            continue
        before = s["seq"]
        if s["lit"] == 0:
            options = page.locator("#hand .hand-token.playable, #actions button.act")
            pick = options.nth(rnd.randrange(options.count()))
            box = pick.bounding_box()
            assert box["height"] >= 44, pick.inner_text()
            pick.tap()
        for _ in range(4):
            if page.evaluate("document.body.dataset.seq") != before or page.evaluate("document.body.dataset.busy") == "1":
                break
            places = page.evaluate("[...document.querySelectorAll('#board [data-place].lit')].map((e) => e.dataset.place)")
            if not places:
                break
            zoom = float(page.evaluate("document.body.dataset.zoom"))
            assert page.evaluate(ALL_LIT_IN_FRAME), (places, zoom)   # zoomed by itself to show every lit place
            place = rnd.choice(places)
            r = page.evaluate(LIT_RECT, place)
            smallest = min(smallest, r["w"], r["h"])
            picked = page.evaluate("G.picked.length")
            page.touchscreen.tap(r["x"], r["y"])
            page.wait_for_function(f"() => document.body.dataset.busy === '1' || document.body.dataset.seq !== '{before}' || G.picked.length !== {picked}"
                                   " || document.querySelector('#message.error') !== null", timeout=patient(5000))
            assert page.locator("#message.error").count() == 0, page.inner_text("#message")
        page.wait_for_function(f"() => document.body.dataset.seq !== '{before}' || document.querySelector('#message.error') !== null", timeout=patient(15000))
        assert page.locator("#message.error").count() == 0, page.inner_text("#message")
        decisions += 1

    assert page.locator("#score-table td.total").count() == 2
    assert decisions > 20 and 0 < smallest < 200
    assert not errors, errors
