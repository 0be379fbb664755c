"""Invitations, as people use them (issue 10, docs/web.md "Lobby and invitations"): the creator makes a game in the
lobby and plays their own seat; the other players take the open seats through the invitation link, each in their
own browser. Debian's chromium driven by Playwright; the server runs in this process.

Screenshots go to /tmp/daimyo-*.png (the lobby after creating, the join page, the join page on a phone).
"""

from __future__ import annotations

import json
import urllib.request

from tests.web.conftest import needs_chromium, open_lobby

pytestmark = needs_chromium

WARNING = "Practice game: whoever knows the seed knows every hidden fact."


def _create(server: str, body: dict) -> dict:
    req = urllib.request.Request(server + "/api/games", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


def _person(browser, **kw):
    """Another person: a browser context of their own (own localStorage), and its page with its errors."""
    ctx = browser.new_context(**kw)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors


def test_the_creator_invites_a_second_player_who_takes_the_open_seat(server, browser):
    host_ctx, host, host_errors = _person(browser, viewport={"width": 1300, "height": 900})
    host_ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)

    # the lobby: two seats, both human; "I play" defaults to the first human seat
    open_lobby(host, server)
    host.wait_for_selector(".seat-kind[data-seat='1']")
    host.select_option("#players", "2")
    host.locator(".seat-kind[data-seat='1']").select_option("human")
    assert host.input_value("#sit") == "0"
    assert host.locator("#sit option").all_inner_texts() == ["seat 1", "seat 2", "no seat (I only invite)"]
    assert host.locator("#practice-box").is_hidden()
    host.locator(".seat-name[data-seat='0']").fill("Ann")
    host.click("#create")
    host.wait_for_selector("#created:not([hidden])")
    link = host.input_value("#invite-link")
    game_id = host.inner_text("#created-id")
    assert link.startswith(server + f"/join/{game_id}#code=")

    # the copy button puts the whole link on the clipboard
    host.click("#copy-invite")
    host.wait_for_function("() => document.getElementById('invite-status').textContent === 'Copied.'")
    assert host.evaluate("navigator.clipboard.readText()") == link
    # the creator's seat token and host token stay on this browser
    creds = json.loads(host.evaluate(f"localStorage.getItem('daimyo:{game_id}')"))
    assert creds["seat"] == 0 and creds["token"]
    assert host.evaluate(f"localStorage.getItem('daimyo:host:{game_id}')")
    # the list shows the game with its one open seat
    host.wait_for_selector(f"#games-live li[data-game='{game_id}'] .open-seats")
    assert host.inner_text(f"#games-live li[data-game='{game_id}'] .open-seats") == "1 open seat"
    host.screenshot(path="/tmp/daimyo-lobby-created.png", full_page=True)

    # the creator plays their own seat
    host.click("#play-link")
    host.wait_for_url(f"**/game/{game_id}*")   # the game's page loaded: the lobby's body has no seq to read
    host.wait_for_function("() => document.body.dataset.seq !== '-1'")
    assert host.locator("#conn.connected").count() == 1 and "token=" not in host.url

    # someone with a wrong code is refused in words and sees nothing of the game (it is not public), the seat stays open
    _, stranger, stranger_errors = _person(browser)
    stranger.goto(link.split("#")[0] + "#code=not-the-code")
    stranger.wait_for_function("() => document.getElementById('join-error').textContent.includes('not valid')")
    assert stranger.locator("button.take").count() == 0
    assert stranger.evaluate(f"localStorage.getItem('daimyo:{game_id}')") is None

    # the second player: the invitation shows the seats; seat 1 is the creator's, seat 2 is open
    _, guest, guest_errors = _person(browser, viewport={"width": 1000, "height": 800})
    guest.goto(link)
    guest.wait_for_selector("button.take[data-seat='1']")
    assert guest.locator("button.take").count() == 1
    assert guest.locator("#join-seats tr[data-seat='0']").inner_text().split("\t")[2] == "taken by Ann"
    assert guest.locator("#practice-warning").is_hidden()
    assert guest.inner_text("#join-game") == "Battle for Rokugan"
    guest.fill("#join-name", "Bea")
    guest.screenshot(path="/tmp/daimyo-join.png", full_page=True)
    guest.click("button.take[data-seat='1']")
    guest.wait_for_url(f"**/game/{game_id}*")
    guest.wait_for_function("() => document.body.dataset.seq !== '-1'")
    assert guest.locator("#conn.connected").count() == 1
    assert json.loads(guest.evaluate(f"localStorage.getItem('daimyo:{game_id}')"))["seat"] == 1

    # both are at their seats; the seat is no longer open for anyone else
    assert host.locator("#conn.connected").count() == 1
    stranger.goto(link)
    stranger.wait_for_function("() => document.getElementById('join-state').textContent === 'No seat is open any more.'")
    assert stranger.locator("button.take").count() == 0
    read = urllib.request.Request(f"{server}/api/games/{game_id}", headers={"X-Daimyo-Key": link.split("#code=")[1]})
    summary = json.loads(urllib.request.urlopen(read).read())   # not public: read with its invitation
    assert [s["open"] for s in summary["seats"]] == [False, False] and summary["seats"][1]["name"] == "Bea"
    assert host_errors == guest_errors == stranger_errors == []


def test_a_new_invitation_replaces_the_old_one_and_a_taken_seat_is_refused(server, browser):
    host_ctx, host, host_errors = _person(browser)
    open_lobby(host, server)
    host.wait_for_selector(".seat-kind[data-seat='1']")
    host.select_option("#players", "3")
    for i in (1, 2):
        host.locator(f".seat-kind[data-seat='{i}']").select_option("human")
    host.select_option("#sit", "none")        # the creator only invites
    host.click("#create")
    host.wait_for_selector("#created:not([hidden])")
    assert host.locator("#play-link").is_hidden()
    game_id = host.inner_text("#created-id")
    old = host.input_value("#invite-link")
    host.wait_for_selector(f"#games-live li[data-game='{game_id}'] .open-seats")
    assert host.inner_text(f"#games-live li[data-game='{game_id}'] .open-seats") == "3 open seats"
    host.click("#new-invite")
    host.wait_for_function(f"() => document.getElementById('invite-link').value !== {json.dumps(old)}")
    new = host.input_value("#invite-link")

    # the old link no longer works; the new one does
    _, a, a_errors = _person(browser)
    a.goto(old)
    a.wait_for_function("() => document.getElementById('join-error').textContent.includes('ask the game')")
    assert a.locator("button.take").count() == 0
    _, b, b_errors = _person(browser)
    b.goto(new)
    b.wait_for_selector("button.take[data-seat='2']")
    a.goto(new)
    a.wait_for_selector("button.take[data-seat='2']")
    # b takes seat 3 while a still sees it open: a's try is refused as taken, and a's list is refreshed
    b.click("button.take[data-seat='2']")
    b.wait_for_url(f"**/game/{game_id}*")
    a.click("button.take[data-seat='2']")
    a.wait_for_function("() => document.getElementById('join-error').textContent.startsWith('That seat is taken')")
    a.wait_for_function("() => document.querySelectorAll('button.take').length === 2")
    # in Polish, with the right plural form
    a.select_option("#lang", "pl")
    a.wait_for_function("() => document.getElementById('join-state').textContent === '2 miejsca są jeszcze wolne'")
    assert host_errors == a_errors == b_errors == []


def test_a_practice_game_warns_in_the_lobby_the_join_page_and_the_game_page(server, browser):
    _, host, host_errors = _person(browser)
    open_lobby(host, server)
    host.wait_for_selector(".seat-kind[data-seat='1']")
    host.select_option("#players", "2")
    host.locator(".seat-kind[data-seat='1']").select_option("human")
    host.check("#practice")
    assert host.locator("#practice-box").is_visible() and WARNING in host.inner_text("#practice-box")
    host.fill("#seed", "42")
    host.click("#create")
    host.wait_for_selector("#created:not([hidden])")
    game_id = host.inner_text("#created-id")
    link = host.input_value("#invite-link")
    item = host.locator(f"#games-live li[data-game='{game_id}']")
    item.locator(".badge.practice").wait_for()
    assert WARNING in item.inner_text()

    _, guest, guest_errors = _person(browser)
    guest.goto(link)
    guest.wait_for_selector("#practice-warning:not([hidden])")
    assert WARNING in guest.inner_text("#practice-warning")
    guest.screenshot(path="/tmp/daimyo-join-practice.png", full_page=True)
    guest.click("button.take[data-seat='1']")
    guest.wait_for_url(f"**/game/{game_id}*")
    guest.wait_for_selector("#practice-banner:not([hidden])")
    assert guest.inner_text("#practice-banner") == WARNING
    assert host_errors == guest_errors == []


def test_the_join_page_on_a_phone_with_the_keyboard(server, browser):
    game = _create(server, {"game": "senjutsu", "seats": [{"kind": "human", "choice": "kaze"}, {"kind": "human"}, {"kind": "bot", "bot": "random"},
                                                          {"kind": "bot", "level": "easy"}]})
    assert game["you"] is None and [s["open"] for s in game["seats"]] == [True, True, False, False]
    _, phone, errors = _person(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone.goto(server + game["invite"]["link"])
    phone.wait_for_selector("button.take[data-seat='1']")
    assert phone.inner_text("#join-game") == "Senjutsu"
    assert "Kaze" in phone.inner_text("#join-seats tr[data-seat='0']")
    assert phone.inner_text("#join-state") == "2 seats are still open"
    # a level's bot by its level's name, as the lobby and the game page name it (the page said "bot heuristic")
    assert "bot Easy" in phone.inner_text("#join-seats tr[data-seat='3']")
    assert "heuristic" not in phone.inner_text("#join-seats")
    # nothing is wider than the phone, and the buttons are big enough to touch
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    box = phone.locator("button.take[data-seat='0']").bounding_box()
    assert box["height"] >= 32 and box["x"] + box["width"] <= 390
    phone.screenshot(path="/tmp/daimyo-join-phone.png", full_page=True)
    # the keyboard alone: the name field has its label, Tab reaches the first seat's button, Enter takes it
    phone.get_by_label("Your name").focus()
    phone.keyboard.type("Chi")
    phone.keyboard.press("Tab")
    assert phone.evaluate("document.activeElement.dataset.seat") == "0"
    phone.keyboard.press("Enter")
    phone.wait_for_url(f"**/game/{game['id']}*")
    phone.wait_for_function("() => document.body.dataset.seq !== '-1'")
    assert phone.locator("#conn.connected").count() == 1
    assert errors == []


def test_numbers_take_the_right_plural_form_in_english_and_polish(server, browser):
    """1 miejsce, 2-4 miejsca, 5-21 miejsc, 22-24 miejsca again (but 12-14 miejsc); English: 1 seat, 2 seats."""
    page = browser.new_page()
    open_lobby(page, server)
    page.wait_for_selector(".seat-kind[data-seat='1']")
    numbers = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 24, 25, 102, 112]
    assert page.evaluate("(ns) => ns.map((n) => pluralIndex(n, 'pl'))", numbers) == [2, 0, 1, 1, 2, 2, 2, 2, 2, 1, 1, 2, 1, 2]
    assert page.evaluate("(ns) => ns.map((n) => pluralIndex(n, 'en'))", numbers) == [1, 0] + [1] * 12
    words = "(ns) => ns.map((n) => t('lobby.open_seats', { n }))"
    assert page.evaluate(words, [1, 3]) == ["1 open seat", "3 open seats"]
    page.evaluate("() => loadLang('pl')")
    assert page.evaluate(words, [1, 3, 5, 22]) == ["1 wolne miejsce", "3 wolne miejsca", "5 wolnych miejsc", "22 wolne miejsca"]


def test_the_join_page_says_what_a_refused_claim_means(server, browser):
    """The join page's words for the server's answers; a page without a game says there is no such game."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/static/join.html")   # no game of that id
    page.wait_for_function("() => document.getElementById('join-error').textContent !== ''")
    assert page.inner_text("#join-error") == "There is no such game."
    assert page.locator("button.take").count() == 0
    said = page.evaluate("() => [403, 404, 409, 429, 400].map((s) => claimError(s, 'name: at most 40 characters'))")
    assert said == ["This invitation is not valid (any more): ask the game's creator for a new link.", "There is no such game.",
                    "That seat is taken (or it is a bot's): choose another one.",
                    "Too many failed tries from this computer: wait a while, then try again.",
                    "The server refused: name: at most 40 characters"]
    page.select_option("#lang", "pl")
    page.wait_for_function("() => document.getElementById('join-error').textContent === 'Nie ma takiej gry.'")
    assert errors == []
