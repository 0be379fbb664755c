"""Analysis after a game in the browser (daimyo/web/static/analysis.js; docs/web.md, "Analysis after a game"): a
finished game's replay shows each seat's chances as a chart beside the replay bar, and at each step what the bot
would have played."""

from __future__ import annotations

import time

from tests.web.conftest import needs_chromium, open_bot_game, patient

pytestmark = needs_chromium


def test_the_chart_shows_on_a_finished_games_replay(server, browser):
    page, errors = open_bot_game(server, browser, "senjutsu")
    gid = page.evaluate("() => pageGameId()")
    deadline = time.monotonic() + patient(60000) / 1000
    status = None
    while time.monotonic() < deadline:
        status = page.evaluate("""async (gid) => (await (await fetch('/api/games/' + gid, { headers: keyHeaders(gid) })).json()).status""", gid)
        if status == "over":
            break
        time.sleep(0.2)
    assert status == "over"
    page.goto(f"{server}/game/{gid}?replay=1")
    page.wait_for_selector("#replay-bar:not([hidden])")
    # pending first (computed in the background), then the chart: one line per seat
    page.wait_for_selector("#an-chart polyline.an-seat", timeout=patient(120000))
    assert page.locator("#an-chart polyline.an-seat").count() == 2
    assert "chance of winning" in page.inner_text("#analysis")
    assert page.inner_text("#an-legend").count("%") == 2
    # stepping the replay moves the chart's marker and names the move played and the bot's choice
    x0 = page.get_attribute("#an-now", "x1")
    for _ in range(12):
        page.click("#rp-next")
        if "the bot would have played" in page.inner_text("#an-move"):
            break
    assert page.get_attribute("#an-now", "x1") != x0
    move = page.inner_text("#an-move")
    assert " played " in move and "the bot would have played" in move
    assert errors == []

