"""The lobby's filters (issue 30, docs/web.md "The lobby"): a person narrows the open tables and the games by game,
number of players, clock kind and open seats. Debian's chromium through Playwright."""

from __future__ import annotations

import json
import urllib.request

from tests.web.conftest import needs_chromium, open_lobby, patient

pytestmark = needs_chromium

BOT = {"kind": "bot", "bot": "random"}


def _create(server: str, body: dict) -> str:
    req = urllib.request.Request(server + "/api/games", data=json.dumps({"public": True, **body}).encode(),
                                 headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())["id"]


def _shown(page, selector: str) -> set[str]:
    return set(page.eval_on_selector_all(f"{selector} li[data-game]", "items => items.map(i => i.dataset.game)"))


def _until(page, selector: str, ids: set[str]) -> None:
    page.wait_for_function("([s, ids]) => { const got = [...document.querySelectorAll(s + ' li[data-game]')].map(i => i.dataset.game).sort();"
                           " return JSON.stringify(got) === JSON.stringify(ids); }", arg=[selector, sorted(ids)], timeout=patient(15000))


def test_a_person_filters_the_open_tables_and_the_games(server, browser):
    human = {"kind": "human"}
    four = _create(server, {"game": "rokugan", "seats": [human, human, BOT, BOT], "table": True, "sit": 0,
                            "clock": {"kind": "move", "seconds": 60}})
    duel = _create(server, {"game": "senjutsu", "seats": [human, human], "table": True, "sit": 0})
    bots = _create(server, {"game": "rokugan", "seats": [BOT, BOT], "clock": {"kind": "days", "days": 2}})
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    open_lobby(page, server)
    _until(page, "#open-games", {four, duel})
    page.select_option("#filter-game", "senjutsu")
    _until(page, "#open-games", {duel})
    page.select_option("#filter-game", "")
    page.select_option("#filter-players", "4")
    _until(page, "#open-games", {four})
    page.select_option("#filter-players", "")
    page.select_option("#filter-clock", "days")
    _until(page, "#open-games", set())
    assert bots in _shown(page, "#games-live") | _shown(page, "#games-over")
    assert not {four, duel} & (_shown(page, "#games-live") | _shown(page, "#games-over"))
    page.select_option("#filter-clock", "")
    page.check("#filter-open")
    _until(page, "#open-games", {four, duel})
    page.wait_for_function("(id) => !document.querySelector(`#games li[data-game='${id}']`)", arg=bots, timeout=patient(15000))
    # every game says whether it is rated (docs/web.md, Ratings): the Rated filter is offered, and none of these is
    page.uncheck("#filter-open")
    page.select_option("#filter-rated", "1")
    _until(page, "#open-games", set())
    page.wait_for_function("() => !document.querySelector('#games li[data-game]')", timeout=patient(15000))
    page.select_option("#filter-rated", "0")
    _until(page, "#open-games", {four, duel})


def test_the_filters_fit_their_panel_on_a_desktop_and_a_phone(server, browser):
    """Seen by a tester: with no game listed (so no Rated choice) the filter row showed the word "null", and on a
    1280 px desktop its hint, squeezed into a column, stretched the three choices to 190 px high and pushed the row
    past the panel and the page."""
    for width, height in ((1280, 800), (390, 844)):
        page = browser.new_page(viewport={"width": width, "height": height})
        open_lobby(page, server)
        page.wait_for_selector("#filter-clock")
        box = page.locator("#list-filters")
        text = box.inner_text()
        assert "null" not in text and "undefined" not in text, text
        assert page.locator("#filter-rated").count() == 0   # no game says whether it is rated yet
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        panel = page.locator("#games").bounding_box()
        for select in ("#filter-game", "#filter-players", "#filter-clock"):
            b = page.locator(select).bounding_box()
            assert b["height"] < 48, (width, select, b)
            assert b["x"] + b["width"] <= panel["x"] + panel["width"], (width, select, b, panel)
        hint = page.locator("#list-filters .hint").bounding_box()
        assert hint["width"] > 0.5 * panel["width"], (width, hint, panel)   # a line under the choices, not a column
        # in Polish, whose words are longer, the new game's seats still fit the phone (they were 3 px too wide)
        page.select_option("#lang", "pl")
        page.wait_for_function("() => document.documentElement.lang === 'pl'")
        for game in ("rokugan", "senjutsu", "risingsun"):
            page.select_option("#game", game)
            page.wait_for_selector("#seat-rows tr")
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (width, game)
        page.close()
