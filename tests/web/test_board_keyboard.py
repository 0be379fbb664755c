"""Issue 11: Battle for Rokugan played to the final scoring with the keyboard alone (Tab, arrows, Enter, Escape, ?),
against a random bot, in a real browser. The board's lit places are reached from the move picked (focus moves there),
walked with the arrow keys and chosen with Enter; each has a name a screen reader says ("army from Crane 1 to Lion 1");
the focused one is outlined; Escape gives up a move being built; ? lists the keys."""

from __future__ import annotations

import json
import random
import time
import urllib.request

from tests.web.conftest import needs_chromium, patient

pytestmark = needs_chromium

OPTIONS = "#hand .hand-token.playable, #actions button.act"
FOCUSED = "(sel) => !!document.activeElement && document.activeElement.matches(sel)"


def create_game(server: str, seats: list[dict], seed: int = 7) -> tuple[str, str]:
    """A practice Rokugan game with a human in seat 0: (game id, seat 0's token)."""
    body = {"game": "rokugan", "practice": True, "seed": seed, "sit": 0, "seats": seats}
    req = urllib.request.Request(server + "/api/games", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    created = json.loads(urllib.request.urlopen(req).read())
    return created["id"], created["you"]["token"]


def tab_to(page, selector: str, limit: int = 80) -> None:
    """Press Tab until the focus is on an element matching selector."""
    for _ in range(limit):
        if page.evaluate(FOCUSED, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def look(page) -> dict:
    """What the page shows, read at one moment."""
    return page.evaluate("""() => ({
      scores: !document.getElementById('scores').hidden, steps: !document.getElementById('steps').hidden,
      phase: document.body.dataset.phase, legal: Number(document.body.dataset.legal || 0), seq: document.body.dataset.seq,
      busy: document.body.dataset.busy === '1',
      options: document.querySelectorAll('#hand .hand-token.playable, #actions button.act').length,
      onLit: !!(document.activeElement && document.activeElement.closest && document.activeElement.closest('#board [data-place].lit')) })""")


def test_a_whole_game_by_keyboard_alone(server, browser):
    gid, token = create_game(server, [{"kind": "human", "name": "Keys"}, {"kind": "bot", "bot": "random"}])
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/game/{gid}#seat=0&token={token}")
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && document.querySelector('#board svg .province')")
    rnd = random.Random(5)

    # ? lists the keys, Escape closes the list
    page.keyboard.press("Tab")
    page.keyboard.press("?")
    page.wait_for_selector("#keys-help:not([hidden])")
    assert "Enter" in page.inner_text("#keys-help")
    page.keyboard.press("Escape")
    page.wait_for_selector("#keys-help", state="hidden")

    decisions = steps = 0
    named_border = escaped = outlined = False
    deadline = time.monotonic() + 400
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        assert not errors, errors
        s = look(page)
        if s["scores"]:
            break
        if s["steps"]:
            steps += 1
            # the next step is focused for the keyboard player; follow two steps, then skip the rest
            page.wait_for_function(FOCUSED, arg="#step-next", timeout=patient(5000))
            page.keyboard.press("Enter")
            page.keyboard.press("Enter")
            if look(page)["steps"]:
                tab_to(page, "#step-skip")
                page.keyboard.press("Enter")
            continue
        if s["phase"] == "over":
            page.wait_for_selector("#scores:not([hidden])", timeout=patient(5000))
            continue
        if s["legal"] == 0 or s["busy"] or (s["options"] == 0 and not s["onLit"]):
            page.wait_for_function(f"() => document.body.dataset.seq !== '{s['seq']}' || !document.getElementById('steps').hidden"
                                   " || document.querySelectorAll('#hand .hand-token.playable, #actions button.act').length > 0"
                                   " || !!(document.activeElement && document.activeElement.closest && document.activeElement.closest('#board [data-place].lit'))",
                                   timeout=patient(15000))
            continue
        before = s["seq"]
        if not s["onLit"]:
            tab_to(page, OPTIONS)
            for _ in range(rnd.randrange(4)):   # another of the moves on offer
                page.keyboard.press("Tab")
                if not page.evaluate(FOCUSED, OPTIONS):
                    tab_to(page, OPTIONS)
                    break
            page.keyboard.press("Enter")
        # a move with places: the focus is on a lit place; arrows walk the lit places, Enter chooses
        gave_up = False
        for _ in range(4):
            if page.evaluate("document.body.dataset.seq") != before or not page.evaluate(FOCUSED, "#board [data-place].lit"):
                break
            label = page.evaluate("document.activeElement.getAttribute('aria-label')")
            assert label and ": " in label, label
            labels = page.evaluate("[...document.querySelectorAll('#board [data-place].lit')].map((e) => [e.dataset.place, e.getAttribute('aria-label')])")
            assert all(name for _, name in labels), labels
            if any(">" in place and " army from " in name for place, name in labels):
                named_border = True
            if not outlined:
                stroke = page.evaluate("getComputedStyle(document.activeElement.querySelector('.hit, .ring, .token-body')).stroke")
                assert stroke == "rgb(26, 95, 180)", stroke   # the focus outline
                outlined = True
            if not escaped and page.locator("#prompt button.cancel").count():
                # Escape gives the move up: nothing is lit any more
                page.keyboard.press("Escape")
                assert page.locator("#board .target.lit").count() == 0
                escaped = gave_up = True
                break
            for _ in range(rnd.randrange(5)):
                page.keyboard.press(rnd.choice(["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]))
                assert page.evaluate(FOCUSED, "#board [data-place].lit"), page.evaluate("[document.activeElement.outerHTML.slice(0, 300), document.querySelectorAll('#board [data-place].lit').length]")
            page.keyboard.press("Enter")
        if gave_up:
            continue
        page.wait_for_function(f"() => document.body.dataset.seq !== '{before}' || document.querySelector('#message.error') !== null", timeout=patient(15000))
        assert page.locator("#message.error").count() == 0, page.inner_text("#message")
        decisions += 1

    assert page.locator("#score-table td.total").count() == 2
    assert decisions > 20 and steps >= 5
    assert (named_border, escaped, outlined) == (True, True, True)
    assert not errors, errors
