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
    # each seat by the name the page gives it (a character's, not its id "kaze"), as in the log and the panels
    names = page.evaluate("() => AN.data.names.map((c) => characterName(c))")
    assert page.eval_on_selector_all("#an-legend .an-who", "spans => spans.map((s) => s.textContent.split(':')[0])") == names
    assert all(" " in n for n in names), names   # the sample characters' full names ("Kaze the Wanderer")
    # stepping the replay moves the chart's marker and names the move played and the bot's choice
    x0 = page.get_attribute("#an-now", "x1")
    for _ in range(12):
        page.click("#rp-next")
        if "the bot would have played" in page.inner_text("#an-move"):
            break
    assert page.get_attribute("#an-now", "x1") != x0
    move = page.inner_text("#an-move")
    assert " played " in move and "the bot would have played" in move
    # on a phone the replay bar wraps inside the screen (it was 110 px wider than a 390 px phone)
    page.set_viewport_size({"width": 390, "height": 844})   # (the same browser: the game is its player's own)
    page.reload()
    page.wait_for_selector("#an-chart polyline.an-seat", timeout=patient(60000))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []



def test_a_replay_fits_a_phone_in_every_game(server, browser):
    """Seen by a tester: a finished game's replay on a 390 px phone was 486 to 499 px wide (the replay bar, with the
    record's link, in one row). The bar wraps inside the screen in every game."""
    import json
    import urllib.request

    def post(body):
        req = urllib.request.Request(server + "/api/games", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        return json.loads(urllib.request.urlopen(req).read())

    random = {"kind": "bot", "bot": "random"}
    made = [post({"game": "rokugan", "public": True, "seats": [random] * 2}),
            post({"game": "senjutsu", "public": True, "seats": [random] * 2}),
            post({"game": "risingsun", "public": True, "example": "worked-battle", "seats": [random] * 3})]
    page = browser.new_page(viewport={"width": 390, "height": 844})
    for game in made:
        deadline = time.monotonic() + patient(60000) / 1000
        while json.loads(urllib.request.urlopen(f"{server}/api/games/{game['id']}").read())["status"] != "over":
            assert time.monotonic() < deadline, game["game"]
            time.sleep(0.2)
        page.goto(f"{server}/game/{game['id']}?replay=1")
        page.wait_for_selector("#replay-bar:not([hidden])")
        page.wait_for_function("() => document.getElementById('rp-pos').textContent.includes('/')")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, game["game"]
        bar = page.locator("#replay-bar").bounding_box()
        assert bar["x"] >= 0 and bar["x"] + bar["width"] <= 390, (game["game"], bar)


def test_a_busy_analysis_server_is_said_and_asked_again(server, browser):
    """docs/web.md, "Analysis after a game": when the server's analysis workers are busy with other games (503) the
    replay says so and asks again a little later, then draws the chart; before, it said the analysis could not be
    made and never asked again."""
    page, errors = open_bot_game(server, browser, "senjutsu")
    gid = page.evaluate("() => pageGameId()")
    deadline = time.monotonic() + patient(60000) / 1000
    while time.monotonic() < deadline:
        if page.evaluate("""async (gid) => (await (await fetch('/api/games/' + gid, { headers: keyHeaders(gid) })).json()).status""", gid) == "over":
            break
        time.sleep(0.2)
    refused = []

    def busy_once(route):
        if not refused:
            refused.append(route.request.url)
            route.fulfill(status=503, content_type="application/json",
                          body='{"error": "the analysis workers are busy with 4 games; try again in a minute"}')
        else:
            route.continue_()

    page.route("**/analysis", busy_once)
    page.goto(f"{server}/game/{gid}?replay=1")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.wait_for_function("() => document.querySelector('#analysis') && document.querySelector('#analysis').textContent.includes(t('analysis.busy'))")
    page.wait_for_selector("#an-chart polyline.an-seat", timeout=patient(120000))
    assert refused and page.locator("#an-chart polyline.an-seat").count() == 2
    assert errors == [] or all("503" in e for e in errors), errors
