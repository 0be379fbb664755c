"""A Senjutsu duel played to the end by keyboard alone (issue 11): Tab reaches the board, the story's controls, the
answers and the hand; arrow keys move among the lit hexes, the cards and the answers; Enter acts; Escape cancels a
picked hex; N and S step through or skip the turn's story; ? lists the keys. Every target has an accessible name and a
visible focus. No mouse event is sent."""

from __future__ import annotations

import random
import re
import time

from tests.web.conftest import needs_chromium
from tests.web.senjutsu_helpers import open_duel

pytestmark = needs_chromium

FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const where = e.closest("#board") ? "hex" : e.closest("#hand") ? "card" : e.closest("#actions") ? "action" : e.id || e.tagName;
  const style = getComputedStyle(e.matches("#board .hex") ? e.querySelector("polygon") : e);
  return { where, name: e.getAttribute("aria-label") || e.textContent.trim(), hex: e.dataset.hex || null, action: e.dataset.action || null,
           card: e.dataset.card || null, outline: style.outlineStyle !== "none" ? style.outlineWidth : "", stroke: style.stroke, boxShadow: style.boxShadow };
}"""


def _focused(page):
    return page.evaluate(FOCUSED)


def test_a_whole_duel_by_keyboard_alone(server, browser):
    page, errors = open_duel(server, browser, seed=11, pace="normal")
    rnd = random.Random(3)
    kinds: set[str] = set()
    escaped = listed = stepped = skipped = False
    deadline = time.monotonic() + 240
    while page.evaluate("document.body.dataset.phase") != "over":
        assert time.monotonic() < deadline, "the duel did not end in time"
        assert not errors, errors
        if page.evaluate("document.body.dataset.story") == "1":
            # the story: the focus is on its Next step button; N for a step, S to skip to the end
            if not stepped:
                page.wait_for_function("() => document.activeElement && document.activeElement.id === 'story-next'")
                before = page.evaluate("G.log.length")
                page.keyboard.press("n")
                assert page.evaluate("G.log.length") > before or page.evaluate("document.body.dataset.story") == "0"
                stepped = True
            else:
                page.keyboard.press("s")
                skipped = True
            continue
        if page.evaluate("G.legal.length") == 0 or page.evaluate("document.body.dataset.busy") == "1":
            time.sleep(0.05)
            continue
        seq = page.evaluate("G.seq")
        f = _focused(page)
        tabs = 0
        while not f or f["where"] not in ("hex", "card", "action"):
            page.keyboard.press("Tab")   # from wherever the focus is to the first target
            tabs += 1
            assert tabs < 60, "Tab never reaches a target"
            f = _focused(page)
        kinds.add(f["where"])
        assert f["name"], f
        assert f["outline"] or "rgb(11, 87, 208)" in (f["stroke"] + f["boxShadow"]), f"no visible focus: {f}"
        if not listed:
            page.keyboard.press("?")
            assert page.locator("#keys-help:not([hidden])").count() == 1 and "Enter" in page.inner_text("#keys-help")
            page.keyboard.press("Escape")
            assert page.locator("#keys-help[hidden]").count() == 1
            assert _focused(page)["where"] == f["where"]
            listed = True
        for _ in range(rnd.randrange(4)):
            page.keyboard.press(rnd.choice(["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]))
        f = _focused(page)
        if f["where"] == "hex":
            assert re.fullmatch(r"place Kaze on hex -?\d+,-?\d+( \(.+\))?", f["name"]), f
            page.keyboard.press("Enter")   # the hex is picked: its facings, the first one focused
            g = _focused(page)
            assert g["where"] == "action" and g["name"].startswith(f"place Kaze on hex {f['hex']} facing "), g
            if not escaped:
                page.keyboard.press("Escape")   # cancel: back on the hex, no facing offered
                assert _focused(page)["hex"] == f["hex"] and page.locator("#actions button").count() == 0
                page.keyboard.press("Enter")
                escaped = True
            for _ in range(rnd.randrange(3)):
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        else:
            if f["action"] and f["action"].startswith("move ") and f["action"] != "move -":
                assert re.fullmatch(r"move Kaze .+ to hex -?\d+,-?\d+ facing [\w-]+", f["name"]), f
            page.keyboard.press("Enter")
        page.wait_for_function(f"() => G.seq !== {seq} || document.body.dataset.story === '1' || document.getElementById('message').classList.contains('error')")
        assert page.locator("#message.error").count() == 0, page.inner_text("#message")
    page.wait_for_selector("#result:not([hidden])")
    assert _focused(page)["where"] == "result-close"   # the result box takes the focus; Escape closes it
    page.keyboard.press("Escape")
    assert page.locator("#result[hidden]").count() == 1
    assert {"hex", "card", "action"} <= kinds and escaped and listed and stepped and skipped
    assert not errors, errors
