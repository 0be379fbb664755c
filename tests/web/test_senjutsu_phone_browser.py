"""A Senjutsu duel played to the end by touch on a phone-sized screen (390×844, issue 11): the page fits the width,
its panels are stacked in one column (board, answers, this turn, hand, then the rest), and every target touched (lit
hex, facing, card, answer, the story's buttons) is at least 44 CSS pixels each way."""

from __future__ import annotations

import random
import time

from tests.web.conftest import needs_chromium
from tests.web.senjutsu_helpers import open_duel

pytestmark = needs_chromium

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def _tap(page, locator, sizes):
    box = locator.bounding_box()
    sizes.append((locator.evaluate("e => e.dataset.hex || e.dataset.card || e.dataset.action || e.id"), round(box["width"]), round(box["height"])))
    locator.tap()


def test_a_whole_duel_by_touch_on_a_phone(server, browser):
    page, errors = open_duel(server, browser, seed=21, pace="fast", **PHONE)
    rnd = random.Random(6)
    sizes: list[tuple[str, int, int]] = []
    tapped: set[str] = set()
    checked_layout = False
    deadline = time.monotonic() + 240
    while page.evaluate("document.body.dataset.phase") != "over":
        assert time.monotonic() < deadline, "the duel did not end in time"
        assert not errors, errors
        if page.evaluate("document.body.dataset.story") == "1":
            # the story's buttons sit at the bottom of the screen while it plays
            bar = page.locator("#story-controls").bounding_box()
            assert bar and bar["y"] + bar["height"] <= 844 + 1, bar
            assert page.evaluate("document.scrollingElement.scrollWidth") <= 390   # the revealed cards fit the width too
            which = "#story-next" if rnd.random() < 0.5 else "#story-skip"
            if page.evaluate("document.body.dataset.story") == "1":
                _tap(page, page.locator(which), sizes)
                tapped.add(which)
            continue
        if page.evaluate("G.legal.length") == 0 or page.evaluate("document.body.dataset.busy") == "1":
            time.sleep(0.05)
            continue
        if not checked_layout:
            # one column: nothing wider than the screen, the panels one above the other, the board first
            assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
            tops = page.evaluate("""() => ['#board', '#actions-panel', '#turn-panel', '#side'].map(s => {
              const r = document.querySelector(s).getBoundingClientRect(); return [r.top, r.left, r.right]; })""")
            assert [t[0] for t in tops] == sorted(t[0] for t in tops), tops
            assert all(t[1] >= 0 and t[2] <= 390 for t in tops), tops
            checked_layout = True
        seq = page.evaluate("G.seq")
        lit = page.locator("#board .hex.lit")
        cards = page.locator("#hand .sj-card.playable")
        if lit.count():
            _tap(page, lit.nth(rnd.randrange(lit.count())), sizes)
            facings = page.locator("#actions button.facing-button")
            facings.first.wait_for()
            assert facings.first.bounding_box()["y"] < 844, "the facings are out of sight after the hex is touched"
            _tap(page, facings.nth(rnd.randrange(facings.count())), sizes)
            tapped.add("hex")
        elif cards.count():
            _tap(page, cards.nth(rnd.randrange(cards.count())), sizes)
            tapped.add("card")
        else:
            buttons = page.locator("#actions button.act")
            _tap(page, buttons.nth(rnd.randrange(buttons.count())), sizes)
            tapped.add("answer")
        page.wait_for_function(f"() => G.seq !== {seq} || document.body.dataset.story === '1' || document.getElementById('message').classList.contains('error')")
        assert page.locator("#message.error").count() == 0, page.inner_text("#message")
    page.wait_for_selector("#result:not([hidden])")
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert small == [], small
    assert {"hex", "card", "answer"} <= tapped and checked_layout
    assert not errors, errors
