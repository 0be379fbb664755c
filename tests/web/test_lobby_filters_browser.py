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
