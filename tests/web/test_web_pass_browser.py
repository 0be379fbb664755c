"""Defects found by playing the web pages as people do (a newcomer with a mouse, the keyboard alone, a phone, two people
online), each checked the way the person met it: clicks, keys and the viewport they used."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.web.conftest import needs_chromium, open_lobby, patient

pytestmark = needs_chromium

SPILL = """() => {
  const out = [];
  for (const e of document.querySelectorAll('.lobby-main .panel *')) {
    const r = e.getBoundingClientRect(), p = e.closest('.panel').getBoundingClientRect();
    if (r.width && r.right > p.right + 1) out.push(`${e.tagName}#${e.id}.${e.className} ${Math.round(r.right - p.right)} px`);
  }
  return out;
}"""


@pytest.mark.parametrize("width", [1280, 1024, 820])
def test_the_new_game_form_stays_inside_its_panel_in_polish(server, browser, width):
    """At 1280x800 the Polish lobby's seats table (its Clan / Character column) and the "I play" choice ran past the
    right edge of the New game panel, cut off at the panel's border; narrower desktops were worse. Every game's form,
    in English and in Polish, now stays inside its panel."""
    page = browser.new_page(viewport={"width": width, "height": 800})
    open_lobby(page, server)
    for lang in ("en", "pl"):
        page.select_option("#lang", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        for game in page.eval_on_selector_all("#game option", "os => os.map(o => o.value)"):
            page.select_option("#game", game)
            page.wait_for_function("(g) => document.querySelector('#seat-rows tr') && document.title.length > 0", arg=game)
            spilled = page.evaluate(SPILL)
            assert not spilled, (width, lang, game, spilled)
    page.screenshot(path=f"/tmp/daimyo-web-pass-lobby-{width}.png", full_page=True)


def _post(server: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


def bo_resigns_a_two_player_table(server, browser, game: str, public: bool = False):
    """Ann and Bo at a two-player table of ``game``, each on a device of their own; Bo presses Resign and says yes,
    which ends the game. (Ann's page, Bo's page, their page errors) once both pages say the game is over."""
    created = _post(server, "/api/games", {"game": game, "sit": 0, "public": public,
                                           "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]})
    claimed = _post(server, f"/api/games/{created['id']}/claim", {"code": created["invite"]["code"], "seat": 1})
    pages, errors = [], []
    for link in (created["you"]["play"], claimed["play"]):
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("dialog", lambda d: d.accept())   # "Resign this game?": yes
        page.goto(server + link)
        page.wait_for_selector("#play-resign")
        page.wait_for_function("() => Number(document.body.dataset.seq || -1) >= 0")
        pages.append(page)
    ann, bo = pages
    bo.click("#play-resign")
    for page in (ann, bo):
        page.wait_for_selector("#play-seats .badge.resigned[data-seat='1']")
        page.wait_for_function("() => document.body.dataset.phase === 'over'", timeout=patient(5000))
    return ann, bo, errors


@pytest.mark.parametrize("game", ["rokugan", "senjutsu"])
def test_after_a_resignation_ends_the_game_no_page_says_it_waits_for_anyone(server, browser, game):
    """Two people at a two-player table, each on a device of their own; Bo presses Resign and says yes. Ann's page said
    "Game over" only on the message line: its header still named whose turn it was ("To act: Unicorn", "waiting for
    Hana"), its moves panel was "Waiting" with "Waiting for ." (no one named) and the hint said another player decides
    now. Now both pages say the game is over everywhere."""
    ann, bo, errors = bo_resigns_a_two_player_table(server, browser, game, public=True)
    for page in (ann, bo):
        status = page.inner_text("#status-line")
        assert "To act" not in status and "waiting for" not in status, status
        assert ("Game over" if game == "rokugan" else "over") in status, status
        assert page.inner_text("#actions-title") == "Game over"
        prompt = page.inner_text("#prompt")
        assert "Waiting for" not in prompt, prompt
        hint = page.inner_text("#hint")
        assert "Another player decides" not in hint, hint
    ann.screenshot(path=f"/tmp/daimyo-web-pass-resigned-{game}.png")
    assert errors == []


def test_a_keyboard_player_reaches_and_closes_rokugans_final_scoring(server, browser):
    """A keyboard player's Battle for Rokugan ends: the Final scoring box covered the page, but the focus stayed behind
    it on the page underneath and Escape did nothing (Senjutsu's and Rising Sun's result boxes close with Escape). Now the
    box takes the focus (its Close button), Escape closes it and gives the focus to "Final scoring", and Enter opens it
    again."""
    created = _post(server, "/api/games", {"game": "rokugan", "sit": 0, "practice": True, "seed": 3,
                                           "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "beginner"}]})
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('daimyo:rk:pace', 'off')")   # no story between the moves
    page.goto(server + created["you"]["play"])
    page.wait_for_function("() => Number(document.body.dataset.seq || -1) >= 0")
    page.keyboard.press("Tab")   # the player uses the keys
    # the player's decisions, each a legal move sent as the page sends it (the keyboard's way is test_board_keyboard.py's)
    page.evaluate("""() => { window.__moves = setInterval(() => {
        if (G.legal.length && document.body.dataset.busy !== "1") send(G.legal[Math.floor(Math.random() * G.legal.length)]);
      }, 50); }""")
    page.wait_for_selector("#scores:not([hidden])", timeout=patient(90000))
    page.evaluate("clearInterval(window.__moves)")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'scores-close'",
                           timeout=patient(2000))
    page.keyboard.press("Escape")
    page.wait_for_selector("#scores", state="hidden")
    assert page.evaluate("document.activeElement.id") == "scores-open"
    page.keyboard.press("Enter")
    page.wait_for_selector("#scores:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "scores-close"
    assert errors == []


def test_a_polish_phone_players_bid_counts_the_coins_left_in_good_polish(server, browser):
    """A Polish player bidding in Rising Sun on a phone read "zostaje 4 monety z 4": the verb did not agree with the
    number (2-4 coins take "zostają"). The line under the bid now agrees as the player types: zostają 4 monety,
    zostają 2 monety, zostaje 1 moneta, zostaje 0 monet."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    open_lobby(page, server)
    page.select_option("#lang", "pl")
    page.select_option("#game", "risingsun")
    page.wait_for_selector(".seat-name[data-seat='0']")
    page.tap("#create")
    page.locator("#play-link").wait_for()
    page.tap("#play-link")
    page.wait_for_selector("#bid-form:not([hidden])", timeout=patient(30000))
    coins = int(page.locator("#bid-seppuku").get_attribute("max"))
    assert coins == 4, coins   # the seed's war file gives Lotus four coins at its first bid
    left = page.locator("#bid-form .rs-left")
    assert left.inner_text() == "zostają 4 monety z 4"
    for typed, words in (("2", "zostają 2 monety z 4"), ("3", "zostaje 1 moneta z 4"), ("4", "zostaje 0 monet z 4")):
        page.tap("#bid-poets")
        page.fill("#bid-poets", typed)
        assert left.inner_text() == words


IN_VIEW = "(s) => { const r = document.querySelector(s).getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"


def test_after_create_game_the_next_step_is_on_screen_and_focused(server, browser):
    """At 1280x800 a newcomer pressed Create game and saw nothing happen: "Game created" with Play your seat and the
    invitation link opened below the fold, and the focus stayed on Create game, so a keyboard player had to hunt for it.
    Now the box comes into view with the focus on the next step: the own seat, or (playing no seat) the invitation."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    open_lobby(page, server)
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'play-link'")
    assert page.evaluate(IN_VIEW, "#play-link")
    page.keyboard.press("Enter")   # the keyboard goes on from there
    page.wait_for_url("**/game/*")
    # by keyboard alone, seating nobody, with a human seat to invite: the invitation link is next
    open_lobby(page, server)
    page.select_option("#sit", "none")
    page.locator(".seat-kind[data-seat='1']").select_option("human")
    page.focus("#create")
    page.keyboard.press("Enter")
    page.wait_for_selector("#created:not([hidden])")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'invite-link'")
    assert page.evaluate(IN_VIEW, "#invite-link") and page.evaluate(IN_VIEW, "#copy-invite")
