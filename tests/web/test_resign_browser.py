"""Resign, as a person does it on a game's page (issue 30, docs/web.md "Resign"): the seats panel's "Resign" button asks
first, and then the other player's page says who resigned and who wins; in a game of more players the seat shows
"resigned" and a bot plays it, with no "I'm back". Debian's chromium through Playwright."""

from __future__ import annotations

import json
import urllib.request

from tests.web.conftest import needs_chromium, patient

pytestmark = needs_chromium


def _post(server: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


def _get(server: str, path: str) -> dict:
    return json.loads(urllib.request.urlopen(server + path).read())


def _game(server: str, game: str, seats: list[dict]) -> tuple[dict, list[str]]:
    """A public game (started) with the host at seat 0 and every other human seat claimed; each human seat's play link."""
    created = _post(server, "/api/games", {"game": game, "seats": seats, "sit": 0, "public": True})
    links = [created["you"]["play"]]
    for s in created["seats"][1:]:
        if s["open"]:
            links.append(_post(server, f"/api/games/{created['id']}/claim", {"code": created["invite"]["code"], "seat": s["seat"]})["play"])
    return created, links


def _page(browser, server: str, link: str):
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())   # "Resign this game?": yes
    page.goto(server + link)
    page.wait_for_selector("#play-resign")
    return page, errors


def test_a_player_resigns_a_two_player_game_and_the_other_is_told_who_wins(server, browser):
    human = {"kind": "human"}
    created, links = _game(server, "rokugan", [{**human, "name": "Ann"}, {**human, "name": "Bo"}])
    (ann, ann_errors), (bo, bo_errors) = (_page(browser, server, link) for link in links)
    bo.click("#play-resign")
    for page in (ann, bo):
        page.wait_for_function("() => document.querySelector('#message').textContent.includes('resigned')",
                               timeout=patient(15000))
        assert "wins" in page.inner_text("#message")
        page.wait_for_selector("#play-seats .badge.resigned[data-seat='1']")
        assert page.locator("#play-resign").count() == 0   # the game is over: nobody resigns any more
        assert "resigned" in page.inner_text("#log")
    assert _get(server, f"/api/games/{created['id']}")["status"] == "over"
    assert ann_errors == [] and bo_errors == []


def test_in_a_larger_game_a_bot_plays_the_resigned_seat_and_there_is_no_way_back(server, browser):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}, {"kind": "bot", "bot": "random"}]
    created, links = _game(server, "rokugan", seats)
    (ann, errors), (bo, _) = (_page(browser, server, link) for link in links)
    ann.click("#play-resign")
    for page in (ann, bo):
        page.wait_for_selector("#play-seats .badge.resigned[data-seat='0']", timeout=patient(15000))
        assert "bot plays" in page.inner_text("#message")
    assert ann.locator("#play-resign").count() == 0 and ann.locator("#play-seats .resume").count() == 0
    assert bo.locator("#play-resign").count() == 1   # Bo plays on
    assert _get(server, f"/api/games/{created['id']}")["status"] == "in progress"
    assert errors == []


def test_the_resign_button_is_on_senjutsus_page_too(server, browser):
    created, links = _game(server, "senjutsu", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
    page, errors = _page(browser, server, links[0])
    page.click("#play-resign")
    page.wait_for_function("() => document.querySelector('#message').textContent.includes('wins')", timeout=patient(15000))
    assert _get(server, f"/api/games/{created['id']}")["result"]["resigned"] == [created["seats"][0]["choice"]]
    assert errors == []


def test_the_host_cancels_the_table_from_the_game_page_and_the_guest_is_told(server, browser):
    created = _post(server, "/api/games", {"game": "rokugan", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
                                           "sit": 0, "public": True, "table": True})
    bo = _post(server, f"/api/games/{created['id']}/claim", {"seat": 1})
    host = browser.new_page(viewport={"width": 1300, "height": 900})
    host.on("dialog", lambda d: d.accept())   # "Cancel this game?": yes
    host.goto(server + "/")                   # the lobby keeps the host token, as when the host created the game
    host.evaluate("([id, token]) => localStorage.setItem('daimyo:host:' + id, token)", [created["id"], created["host"]])
    host.goto(server + created["you"]["play"])
    guest = browser.new_page(viewport={"width": 1300, "height": 900})
    guest.goto(server + bo["play"])
    guest.wait_for_selector("#play-ready")
    host.click("#table-cancel")
    guest.wait_for_function("() => document.querySelector('#message').textContent.includes('closed')", timeout=patient(15000))
    assert urllib.request.urlopen(server + "/api/games/open").read() == b'{"games":[]}'
