"""Small defects a tester met on the game pages, each checked the way the person met it: the keys of a keyboard
player, the page in Polish, a desktop 1280 px wide, a phone, two people at one table."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.web.conftest import needs_chromium, patient
from tests.web.test_web_pass_browser import bo_resigns_a_two_player_table

pytestmark = needs_chromium

SHOTS = "/tmp/daimyo-web-polish"


def _post(server: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


def _bot_game(server: str, game: str) -> dict:
    seats = 4 if game == "risingsun" else 2
    extra = {"example": "seed-example"} if game == "risingsun" else {"seed": 1}
    return _post(server, "/api/games", {"game": game, "practice": True, **extra, "seats": [{"kind": "bot", "bot": "random"}] * seats})


DIALOG = """(id) => {
  const box = document.getElementById(id), d = box.querySelector('[role="dialog"]') || (box.matches('[role="dialog"]') ? box : null);
  if (!d) return null;
  const name = document.getElementById(d.getAttribute('aria-labelledby') || '');
  return { modal: d.getAttribute('aria-modal'), name: name ? name.textContent.trim() : null, inside: d.contains(document.activeElement) };
}"""


@pytest.mark.parametrize("game, box, title", [("rokugan", "scores", "Final scoring"), ("senjutsu", "result", "The duel is over"),
                                              ("risingsun", "result", "The War Phase is over")])
def test_each_games_result_box_is_a_dialog_a_keyboard_player_enters_and_leaves(server, browser, game, box, title):
    """Senjutsu's result box (the duel's end) was no dialog: no role, no name, and a keyboard player who closed it with
    Escape lost the focus to the page's top. Rising Sun's Escape also left the focus nowhere. Now the three games' result
    boxes alike are modal dialogs named by their heading; the box takes the focus (its Close button) when it opens,
    Escape closes it and gives the focus to the button that opens it again, and Enter there opens it again."""
    created = _bot_game(server, game)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("localStorage.setItem('daimyo:rk:pace', 'off'); localStorage.setItem('daimyo:sj:pace', 'off')")
    page.goto(server + created["watch"]["link"])
    page.keyboard.press("Tab")   # a keyboard player
    page.wait_for_selector(f"#{box}:not([hidden])", timeout=patient(60000))
    page.wait_for_function(f"() => document.activeElement && document.activeElement.id === '{box}-close'", timeout=patient(2000))
    assert page.evaluate(DIALOG, box) == {"modal": "true", "name": title, "inside": True}
    page.screenshot(path=f"{SHOTS}-result-{game}.png")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"#{box}", state="hidden")
    assert page.evaluate("document.activeElement.id") == f"{box}-open"
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#{box}:not([hidden])")
    assert page.evaluate("document.activeElement.id") == f"{box}-close"
    page.keyboard.press("Escape")
    page.wait_for_selector(f"#{box}", state="hidden")
    assert page.evaluate("document.activeElement.id") == f"{box}-open"
    assert errors == []


ENGLISH = """(english) => {
  const eng = new Set(english.map((s) => s.toLowerCase())), out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const s = n.textContent.trim();
    if (s && eng.has(s.toLowerCase()) && !n.parentElement.closest('script, style')) out.push(`${n.parentElement.tagName}#${n.parentElement.id}: ${s}`);
  }
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      const s = (e.getAttribute(a) || '').trim();
      if (s && eng.has(s.toLowerCase())) out.push(`${e.tagName}#${e.id}[${a}]: ${s}`);
    }
  }
  const title = document.title.replace(/^daimyo — |^● | — daimyo$/g, '');
  if (eng.has(title.toLowerCase())) out.push(`title: ${document.title}`);
  return out;
}"""


def test_every_page_in_polish_shows_no_english_words_hidden_or_not(server, browser):
    """Battle for Rokugan's replay in Polish kept an English "Your move" heading over its (hidden) moves panel, written
    in the page and never translated; the page's title (the browser's tab) said "daimyo — Battle for Rokugan", and the
    leaderboard's, the join page's and the player's page's titles were English in every language. Now every heading and
    title comes from the catalogue. Every page of the three games (a seat, a spectator, a replay) and the lobby's other
    pages, opened in Polish, hold no English words of the catalogue, shown or hidden (names aside)."""
    from daimyo.words import catalogue

    en, pl = catalogue("en"), catalogue("pl")
    english = sorted({v for k, v in en.items() if len(v) > 1 and v != pl[k] and "{" not in v})   # a letter is a mark
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script("localStorage.setItem('daimyo:lang', 'pl'); localStorage.setItem('daimyo:rk:pace', 'off');"
                        "localStorage.setItem('daimyo:sj:pace', 'off')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    found = {}

    def look(link: str, ready: str) -> None:
        page.goto(server + link)
        page.wait_for_function("() => document.documentElement.lang === 'pl'")
        page.wait_for_function(ready)
        found[link] = page.evaluate(ENGLISH, english)

    look("/", "() => document.body.dataset.ready === 'lobby'")
    look("/leaderboard/rokugan", "() => document.getElementById('board-game').options.length > 0")
    for game in ("rokugan", "senjutsu", "risingsun"):
        look(f"/rules/{game}", "() => document.querySelectorAll('.rules-part').length > 0")
        n = 4 if game == "risingsun" else 2
        extra = {"example": "seed-example"} if game == "risingsun" else {"seed": 1}
        mine = _post(server, "/api/games", {"game": game, "practice": True, "sit": 0, **extra,
                                            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
                                            + [{"kind": "bot", "bot": "random"}] * (n - 2)})
        look(mine["you"]["play"], "() => Number(document.body.dataset.seq || -1) >= 0")
        look(f"/join/{mine['id']}#code={mine['invite']['code']}", "() => document.querySelectorAll('#join-seats tr').length > 0")
        watched = _bot_game(server, game)
        look(watched["watch"]["link"], "() => document.body.dataset.phase === 'over'")
        look(watched["watch"]["link"].replace("#", "?replay=1#"), "() => document.getElementById('rp-pos').textContent !== ''")
        if game == "rokugan":
            page.screenshot(path=f"{SHOTS}-replay-pl-rokugan.png")
    assert {link: words for link, words in found.items() if words} == {}
    assert errors == []


# the lines a box's words and controls take: the centres of their rectangles, one apart from another by a line or more
LINES = """(sel) => {
  const r = document.createRange();
  r.selectNodeContents(document.querySelector(sel));
  const mids = [...r.getClientRects()].filter((x) => x.width > 0).map((x) => (x.top + x.bottom) / 2);
  return mids.length ? Math.round(Math.max(...mids) - Math.min(...mids)) : null;
}"""


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_rokugans_resolution_counter_and_pace_keep_to_one_line_at_1280(server, browser, lang):
    """At 1280x800 the resolution panel's step counter "1 / 14" broke into "1 /" over "14", and in Polish the pace's
    label "Tempo" stood over its choice: the count, the pace and the Next and Skip buttons squeezed into one row too
    narrow for them. Each now keeps to one line; short of room, the two buttons go together under the rest."""
    from tests.web.test_board_keyboard import create_game

    gid, token = create_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=5)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(f"localStorage.setItem('daimyo:lang', '{lang}'); localStorage.setItem('daimyo:rk:pace', 'manual')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/game/{gid}#seat=0&token={token}")
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && document.querySelector('#board svg .province')")
    # the player's decisions, each a legal move sent as the page sends it, until the resolution is told
    page.evaluate("""() => { window.__moves = setInterval(() => {
        if (!stepsActive() && G.legal.length && document.body.dataset.busy !== "1") send(G.legal[Math.floor(Math.random() * G.legal.length)]);
      }, 50); }""")
    page.wait_for_selector("#steps:not([hidden])", timeout=patient(90000))
    page.evaluate("clearInterval(window.__moves)")
    shot = False
    while page.evaluate("stepsActive()"):   # every step, to the last ("13 / 13")
        assert page.evaluate("/^\\d+ \\/ \\d\\d$/.test(document.getElementById('step-count').textContent)")
        for part in ("#step-count", ".step-pace"):
            assert page.evaluate(LINES, part) < 8, (part, page.inner_text(part))
        nxt, skip = page.locator("#step-next").bounding_box(), page.locator("#step-skip").bounding_box()
        assert abs(nxt["y"] - skip["y"]) < 4, (nxt, skip)   # the two buttons side by side
        box, panel = page.locator(".step-buttons").bounding_box(), page.locator("#steps").bounding_box()
        assert box["x"] + box["width"] <= panel["x"] + panel["width"]
        if page.inner_text("#step-count").startswith("10 ") and not shot:
            page.locator("#steps").screenshot(path=f"{SHOTS}-steps-{lang}.png")
            shot = True
        page.click("#step-next")   # the next step, as the player reads them
    assert shot
    assert errors == []


def test_a_phone_at_a_senjutsu_table_before_the_start_shows_a_short_this_turn_panel(server, browser):
    """On a phone (390x844) at a Senjutsu table before the first turn (the duellists still to be placed), the "This
    turn" panel stood 320 px tall with nothing in it but its help: on a phone the panel's width in the desktop's row
    (320 px) became its height in the phone's column. It now takes only the height of what it holds, and until there are
    cards to show it says so in a short line."""
    created = _post(server, "/api/games", {"game": "senjutsu", "sit": 0,
                                           "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}]})
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + created["you"]["play"])
    page.wait_for_function("() => document.body.dataset.phase === 'place'")
    panel = page.locator("#turn-panel")
    panel.scroll_into_view_if_needed()
    assert page.inner_text("#stage-cards") == "Nothing to show yet: each turn's cards appear here once they are revealed."
    assert panel.bounding_box()["height"] < 160, panel.bounding_box()
    page.screenshot(path=f"{SHOTS}-phone-this-turn.png")
    # the Polish page says it in Polish
    page.select_option("#lang", "pl")
    page.wait_for_function("() => document.documentElement.lang === 'pl'")
    assert page.inner_text("#stage-cards") == "Na razie nic do pokazania: karty każdej tury pojawią się tu po ich odkryciu."
    # once the duel is under way the panel shows the turn: the cards being chosen, the line gone
    page.locator("#board .hex.lit").first.tap()
    page.locator("#actions button.facing-button").first.tap()
    page.wait_for_function("() => document.body.dataset.phase === 'choose'")
    page.wait_for_selector("#stage-cards .turn-card")
    assert page.locator("#stage-cards .stage-empty").count() == 0
    assert errors == []


@pytest.mark.parametrize("game", ["rokugan", "senjutsu"])
def test_a_seat_resigned_in_a_finished_two_player_game_shows_no_bot_playing(server, browser, game):
    """Two people at a two-player table; Bo presses Resign and says yes, which ends the game. The seats panel then said
    of Bo's seat "a bot plays" beside "resigned", on both pages and after a reload: no bot plays a finished game. The
    badge now shows only while the game goes on."""
    ann, bo, errors = bo_resigns_a_two_player_table(server, browser, game)
    for page in (ann, bo):
        assert page.locator("#play-seats .badge.stand-in").count() == 0, page.inner_text("#play-seats")
        assert page.locator("#play-seats tr.standing-in").count() == 0
        assert "bot plays" not in page.inner_text("body")   # nor anywhere else on the page ("a bot plays your seat")
    ann.locator("#play-seats-panel").screenshot(path=f"{SHOTS}-resigned-seats-{game}.png")
    ann.reload()   # the finished game opened again
    ann.wait_for_selector("#play-seats .badge.resigned[data-seat='1']")
    ann.wait_for_function("() => document.body.dataset.phase === 'over'")
    assert ann.locator("#play-seats .badge.stand-in").count() == 0, ann.inner_text("#play-seats")
    assert errors == []
