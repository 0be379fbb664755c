"""End to end in a real browser: one human against three random bots, created in the lobby and played to the
final scoring by clicking the page (Debian's chromium driven by Playwright; the server runs in this process).

Skipped only when /usr/bin/chromium is absent. Set DAIMYO_BOARD_PNG=path to keep a copy of the board screenshot
taken at the reveal of round 2 (docs/img/board.png was made so).
"""

from __future__ import annotations

import os
import random
import shutil
import time

from tests.web.conftest import needs_chromium, open_lobby, patient

pytestmark = needs_chromium


def _wait_idle(page, timeout=None):
    page.wait_for_function("() => document.body.dataset.busy !== '1'", timeout=timeout)


def _play_one_decision(page, rnd: random.Random) -> str:
    """Make one legal choice through the page, as a player would: a button, or a hand token then lit places."""
    options = page.locator("#actions button.act, #hand .hand-token.playable")
    n = options.count()
    assert n > 0, "it is our turn but the page offers nothing to click"
    before = page.evaluate("document.body.dataset.seq")
    if page.locator("#actions button.head.selected").count():
        label = page.locator("#actions button.head.selected").inner_text()  # picked already: its places are lit
    else:
        pick = options.nth(rnd.randrange(n))
        label = pick.inner_text()
        pick.click()
    # a head (hand token, or a card/ability needing board places): click lit places until the action is sent
    for _ in range(4):
        if page.evaluate("document.body.dataset.busy") == "1" or page.evaluate("document.body.dataset.seq") != before:
            break
        lit = page.locator("#board .target.lit")
        k = lit.count()
        if k == 0:
            break
        lit.nth(rnd.randrange(k)).click(force=True)
    _wait_idle(page)
    return label


def test_one_human_against_three_bots_to_the_final_scoring(server, browser, tmp_path):
    rnd = random.Random(3)
    page = browser.new_page(viewport={"width": 1600, "height": 1000})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # the lobby: four seats, the first a human (the default), the others random bots
    open_lobby(page, server)
    page.select_option("#players", "4")
    page.locator(".seat-name[data-seat='0']").fill("Tester")
    page.locator(".seat-kind[data-seat='1']").select_option("level:beginner")
    page.check("#practice")            # a chosen seed makes a practice game
    page.fill("#seed", "11")
    page.click("#create")
    link = page.locator("#play-link")   # the creator's own seat (the first human seat by default)
    link.wait_for()
    assert page.locator("#invite-box").is_hidden()   # no open seat: nobody to invite
    link.click()

    # the game page: connected to seat 0, the board drawn, the practice banner shown
    page.wait_for_selector("#board svg .province")
    page.wait_for_selector("#practice-banner:not([hidden])")
    page.wait_for_function("() => document.body.dataset.seq !== '-1'")
    assert page.locator("#conn.connected").count() == 1
    assert "token=" not in page.url  # the token left the address bar (kept in localStorage)

    decisions = 0
    steps_seen = 0
    reloaded = False
    tried_illegal = False
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        assert not errors, errors
        scores, steps, phase, can_act, seq = page.evaluate(
            "[!document.getElementById('scores').hidden, !document.getElementById('steps').hidden, document.body.dataset.phase,"
            " document.body.dataset.canAct, document.body.dataset.seq]")  # one look, so that nothing changes between the reads
        if scores:
            break
        if steps:
            steps_seen += 1
            if steps_seen == 2:
                # the board at the reveal of a round's placements: the busiest picture
                page.click("#step-next")
                page.locator("#board svg").screenshot(path=str(tmp_path / "board-resolution.png"))
            # follow a few steps one by one, then skip the rest
            for _ in range(3):
                if page.locator("#steps:not([hidden])").count():
                    page.click("#step-next")
            if page.locator("#steps:not([hidden])").count():
                page.click("#step-skip")
            continue
        if phase == "over":
            page.wait_for_selector("#scores:not([hidden])", timeout=patient(5000))
            continue
        legal, seq = page.evaluate("[Number(document.body.dataset.legal || 0), document.body.dataset.seq]")  # read together: no race
        if legal == 0:
            page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}' || !document.getElementById('steps').hidden", timeout=patient(15000))
            continue
        if not tried_illegal and page.evaluate("document.body.dataset.phase") == "placement" and page.locator("#hand .hand-token.playable").count():
            # an illegal click: the server's reason is shown, and nothing changes
            tried_illegal = True
            seq = page.evaluate("document.body.dataset.seq")
            page.locator("#hand .hand-token.playable").first.click()
            page.locator("#board .border-target:not(.lit)").first.click(force=True)
            page.wait_for_selector("#message.error")
            assert "[" in page.inner_text("#message")  # the message names the rule
            assert page.evaluate("document.body.dataset.seq") == seq
            continue
        # a state with resolution steps may have arrived since the checks above: the steps come first then
        page.wait_for_function("() => document.querySelectorAll('#actions button.act, #hand .hand-token.playable').length > 0"
                               " || !document.getElementById('steps').hidden || document.body.dataset.legal === '0'", timeout=patient(5000))
        if page.locator("#steps:not([hidden])").count() or page.evaluate("document.body.dataset.legal") == "0":
            continue
        _play_one_decision(page, rnd)
        decisions += 1
        if decisions == 12 and not reloaded:
            # reconnecting: a reload returns the player to the same seat
            reloaded = True
            page.reload()
            page.wait_for_function("() => document.body.dataset.seq !== '-1'")
            assert page.locator("#conn.connected").count() == 1
            # the language can be switched, and the choice is kept
            page.select_option("#lang", "pl")
            page.wait_for_function("() => document.getElementById('round').textContent.startsWith('Runda')")
            assert page.evaluate("localStorage.getItem('daimyo:lang')") == "pl"
            page.select_option("#lang", "en")
            page.wait_for_function("() => document.getElementById('round').textContent.startsWith('Round')")

    # the final scoring table: one row per clan plus the header, with totals
    rows = page.locator("#score-table tr")
    assert rows.count() == 5
    assert page.locator("#score-table td.total").count() == 4
    assert decisions > 10 and steps_seen >= 1 and tried_illegal
    page.screenshot(path=str(tmp_path / "final.png"))
    page.click("#scores-close")
    shot = tmp_path / "board.png"
    page.locator("#board svg").screenshot(path=str(shot))
    assert shot.stat().st_size > 10000
    if os.environ.get("DAIMYO_BOARD_PNG"):
        shutil.copy(tmp_path / "board-resolution.png", os.environ["DAIMYO_BOARD_PNG"])

    # the finished game: listed in the lobby, replayed step by step, its record downloadable
    game_id = page.url.split("/game/")[1].split("?")[0].split("#")[0]
    open_lobby(page, server)
    page.wait_for_selector(f"#games-over li[data-game='{game_id}'] a.replay")
    page.click(f"#games-over li[data-game='{game_id}'] a.replay")
    page.wait_for_selector("#replay-bar:not([hidden])")
    total = int(page.inner_text("#rp-pos").split("/")[1])
    assert total > decisions
    for _ in range(3):
        page.click("#rp-next")
    page.click("#rp-prev")
    assert page.inner_text("#rp-pos").split("/")[0].strip() == "2"
    assert page.locator("#log li").count() > 0
    page.click("#rp-last")
    page.wait_for_selector("#scores:not([hidden])")
    with page.expect_download() as download:   # the link sends this browser's key (the game is not public)
        page.locator("#rp-record").dispatch_event("click")   # under the final scores' box
    with open(download.value.path(), encoding="utf-8") as f:
        assert f.read().startswith("format: rokugan-record")
    assert not errors, errors
