"""End to end in a real browser: a Senjutsu duel of one human against the heuristic bot, created in the lobby and
played to the end by clicking the page (Debian's chromium driven by Playwright; the server runs in this process).

Skipped only when /usr/bin/chromium is absent. Set DAIMYO_SENJUTSU_PNG=path to keep a copy of the screenshot taken
in the middle of the duel.
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


def test_a_senjutsu_duel_against_a_bot_played_to_the_end_by_clicking(server, browser, tmp_path):
    rnd = random.Random(5)
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("localStorage.setItem('daimyo:sj:pace', 'fast')")   # each turn's story goes by quickly

    # the lobby: Senjutsu, two seats, Kaze for the human, the heuristic bot with a random character
    open_lobby(page, server)
    page.wait_for_selector(".seat-kind[data-seat='1']")   # the lobby is ready
    page.select_option("#game", "senjutsu")
    page.wait_for_function("() => document.querySelectorAll('#players option').length === 3 && document.querySelector('.seat-kind option[value=\"level:medium\"]') !== null")
    page.select_option("#players", "2")
    page.locator(".seat-name[data-seat='0']").fill("Tester")
    page.locator(".seat-clan[data-seat='0']").select_option("kaze")
    page.locator(".seat-kind[data-seat='1']").select_option("level:easy")   # the heuristic bot
    page.check("#practice")            # a chosen seed makes a practice game
    page.fill("#seed", "7")
    page.click("#create")
    link = page.locator("#play-link")   # the creator's own seat
    link.wait_for()
    link.click()

    # the Senjutsu page: the battlefield of 37 hexes, connected to seat 0
    page.wait_for_selector("#board svg .hex")
    page.wait_for_function("() => document.body.dataset.seq !== '-1'")
    assert page.locator("#board svg .hex").count() == 37
    assert page.locator("#conn.connected").count() == 1
    assert "token=" not in page.url

    decisions = cards_played = 0
    shot = tmp_path / "senjutsu-duel.png"
    tried_illegal = previewed = False
    deadline = time.monotonic() + 150
    while True:
        assert time.monotonic() < deadline, "the duel did not end in time"
        assert not errors, errors
        if page.evaluate("document.body.dataset.phase") == "over":
            break
        if page.evaluate("document.body.dataset.story") == "1" and rnd.random() < 0.8:
            page.click("#story-skip")   # the turn's story: sometimes skipped to its end, else it goes by itself
            continue
        legal, seq = page.evaluate("[Number(document.body.dataset.legal || 0), document.body.dataset.seq]")
        if legal == 0:
            page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}' || document.body.dataset.legal !== '0'", timeout=patient(15000))
            continue
        before = page.evaluate("document.body.dataset.seq")
        lit_hexes = page.locator("#board .hex.lit")
        playable = page.locator("#hand .sj-card.playable")
        if lit_hexes.count():
            # placement: a lit hex, then a facing
            lit_hexes.nth(rnd.randrange(lit_hexes.count())).click()
            facings = page.locator("#actions button.facing-button")
            assert facings.count() > 0
            facings.nth(rnd.randrange(facings.count())).click()
        elif playable.count():
            # choose a card by clicking it; the hidden choice shows as ours only
            card = playable.nth(rnd.randrange(playable.count()))
            card.click()
            cards_played += 1
        else:
            buttons = page.locator("#actions button.act")
            assert buttons.count() > 0, "it is our turn but the page offers nothing to click"
            moves = page.locator("#actions button.act[data-action^='move ']:not([data-action='move -'])")
            if not previewed and moves.count():
                # a movement is previewed on the board while the pointer is on its button
                moves.first.hover()
                page.wait_for_selector("#board #ghost circle")
                previewed = True
                page.screenshot(path=str(tmp_path / "senjutsu-move.png"))
            buttons.nth(rnd.randrange(buttons.count())).click()
        _wait_idle(page)
        page.wait_for_function(f"() => document.body.dataset.seq !== '{before}' || document.getElementById('message').classList.contains('error')")
        assert page.locator("#message.error").count() == 0, page.inner_text("#message")
        decisions += 1
        if not tried_illegal and page.evaluate("document.body.dataset.phase") == "choose" and page.evaluate("Number(document.body.dataset.legal || 0)") > 0:
            # an illegal action sent by hand: the server's reason is shown with its rule, and nothing changes
            tried_illegal = True
            seq = page.evaluate("document.body.dataset.seq")
            page.evaluate("send('play no-such-card')")
            page.wait_for_selector("#message.error")
            assert "[Choose]" in page.inner_text("#message")
            assert page.evaluate("document.body.dataset.seq") == seq
        if cards_played == 6 and not shot.exists():
            page.screenshot(path=str(shot), full_page=True)

    # the result: who won, a row per duellist, the record link
    page.wait_for_selector("#result:not([hidden])")
    assert page.locator("#result-table tr").count() == 3
    assert page.inner_text("#result-text")
    assert decisions > 20 and cards_played > 5 and tried_illegal and previewed
    page.screenshot(path=str(tmp_path / "senjutsu-end.png"))
    if os.environ.get("DAIMYO_SENJUTSU_PNG"):
        shutil.copy(tmp_path / "senjutsu-end.png", os.environ["DAIMYO_SENJUTSU_PNG"] + ".end.png")
    game_id = page.url.split("/game/")[1].split("?")[0].split("#")[0]
    with page.expect_download() as download:   # the link sends this browser's key (the game is not public)
        page.click("#result-record")
    with open(download.value.path(), encoding="utf-8") as f:
        assert f.read().startswith("format: senjutsu-record")
    # the log is in words, and in Polish too
    assert page.locator("#log li.ev-reveal").count() > 0 and page.locator("#log li.ev-game-over").count() == 1
    page.click("#result-close")
    page.select_option("#lang", "pl")
    page.wait_for_function("() => document.getElementById('turn').textContent.startsWith('Tura')")
    assert "Odkryte karty" in page.inner_text("#log")
    assert not errors, errors

    # the finished duel: listed in the lobby as Senjutsu, replayed step by step from the public views
    open_lobby(page, server)
    page.wait_for_selector(f"#games-over li[data-game='{game_id}'] a.replay")
    page.click(f"#games-over li[data-game='{game_id}'] a.replay")
    page.wait_for_selector("#replay-bar:not([hidden])")
    total = int(page.inner_text("#rp-pos").split("/")[1])
    assert total > decisions
    for _ in range(4):
        page.click("#rp-next")
    page.click("#rp-prev")
    assert page.inner_text("#rp-pos").split("/")[0].strip() == "3"
    assert page.locator("#board .figure").count() >= 1 and page.locator("#hand-panel:not([hidden])").count() == 0
    page.click("#rp-last")
    page.wait_for_selector("#result:not([hidden])")
    assert not errors, errors
    if os.environ.get("DAIMYO_SENJUTSU_PNG"):
        shutil.copy(shot, os.environ["DAIMYO_SENJUTSU_PNG"])
        shutil.copy(tmp_path / "senjutsu-move.png", os.environ["DAIMYO_SENJUTSU_PNG"] + ".move.png")
