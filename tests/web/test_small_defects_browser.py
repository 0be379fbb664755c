"""The smaller defects of issue 30 (item 5) that live in the pages: an empty box in the lobby, the favicon, "Round 0"
during the setup, English names in the Polish lobby. Debian's chromium through Playwright.

Screenshots go to /tmp/daimyo-small-*.png (desktop and a 390x844 phone)."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path

import pytest

from tests.web.conftest import needs_chromium, open_lobby

pytestmark = needs_chromium

PAGES = ["index.html", "join.html", "rokugan.html", "senjutsu.html", "risingsun.html", "rules.html", "profile.html",
         "leaderboard.html"]


def _api(server: str, path: str, body: dict | None = None) -> dict:
    req = urllib.request.Request(server + path, data=None if body is None else json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


def test_every_page_links_the_favicon_it_serves(server):
    """No page leaves the browser to ask for /favicon.ico (a 404): each links the icon under /static."""
    import daimyo

    static = Path(daimyo.__file__).parent / "web" / "static"
    assert {p.name for p in static.glob("*.html")} == set(PAGES)
    for name in PAGES:
        html = (static / name).read_text(encoding="utf-8")
        links = re.findall(r'<link rel="icon" href="([^"]+)"', html)
        assert links == ["/static/favicon.svg"], name
    with urllib.request.urlopen(server + "/static/favicon.svg") as r:
        assert r.status == 200 and r.read().startswith(b"<svg")


@pytest.mark.parametrize("game", ["rokugan", "risingsun"])
def test_the_lobby_s_table_box_shows_only_the_picked_game_s_options(server, browser, game):
    """The one table-options box (a fieldset, display:flex) shows the picked game's own options only: Senjutsu's
    board, terrain and prepared cards are not shown for another game, and no empty bordered box is left."""
    for size, label in [({"width": 1300, "height": 900}, "desktop"), ({"width": 390, "height": 844}, "phone")]:
        page = browser.new_page(viewport=size)
        open_lobby(page, server)
        page.select_option("#game", game)
        page.wait_for_function(f"() => document.getElementById('table-box').dataset.game === '{game}'")
        assert page.locator("#table-box").count() == 1 and page.locator("#table-file").is_visible()
        assert page.locator("#table-board").count() == 0 and page.locator("#table-prepare").count() == 0
        page.screenshot(path=f"/tmp/daimyo-small-lobby-{game}-{label}.png", full_page=True)
        page.select_option("#game", "senjutsu")
        assert page.locator("#table-board").is_visible() and page.locator("#table-example").count() == 0
        page.close()


def test_the_lobby_says_the_setup_not_round_0_and_names_in_polish(server, browser):
    """A Rokugan game in its setup is listed by its phase ("choosing secret objectives"), not "Round 0, ..."; in
    Polish the lobby names the games and Senjutsu's characters in Polish."""
    rk = _api(server, "/api/games", {"game": "rokugan", "public": True,
                                      "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]})
    sj = _api(server, "/api/games", {"game": "senjutsu", "public": True,
                                      "seats": [{"kind": "human", "name": "Ann", "choice": "kaze"}, {"kind": "bot", "bot": "random", "choice": "hana"}]})
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    open_lobby(page, server)
    item = page.locator(f"#games-live li[data-game='{rk['id']}']")
    item.wait_for()
    text = item.inner_text()
    assert "Round 0" not in text and "Choosing secret objectives" in text, text
    page.evaluate("localStorage.setItem('daimyo:lang', 'pl')")
    open_lobby(page, server)
    page.wait_for_function("() => document.documentElement.lang === 'pl'")
    rk_item = page.locator(f"#games-live li[data-game='{rk['id']}']")
    rk_item.wait_for()
    assert "Bitwa o Rokugan" in rk_item.inner_text() and "Runda 0" not in rk_item.inner_text()
    assert "Bitwa o Rokugan" in page.locator("#game option[value='rokugan']").inner_text()
    sj_item = page.locator(f"#games-live li[data-game='{sj['id']}']")
    sj_item.wait_for()
    assert "Kaze Wędrowiec" in sj_item.inner_text() and "Hana Uczennica" in sj_item.inner_text(), sj_item.inner_text()
    page.select_option("#game", "senjutsu")
    options = page.locator("#seat-rows .seat-clan[data-seat='0'] option").all_inner_texts()
    assert "Kaze Wędrowiec" in options, options
    page.screenshot(path="/tmp/daimyo-small-lobby-pl.png", full_page=True)


def _fits(page, table: str) -> bool:
    """Every column of ``table`` lies inside its panel (none cut at the panel's edge, none behind a scrollbar)."""
    return page.evaluate("""(sel) => {
      const t = document.querySelector(sel), panel = t.closest('.panel');
      const box = panel.getBoundingClientRect(), right = box.right - parseFloat(getComputedStyle(panel).paddingRight);
      return t.scrollWidth <= t.parentElement.clientWidth && t.getBoundingClientRect().right <= right + 0.5;
    }""", table)


def test_rokugan_players_table_fits_and_the_final_scoring_reopens_with_the_record(server, browser):
    """The Players table's last column lies inside the side panel (English and Polish, desktop and phone); the final
    scoring shows the record's download link, and once closed a button opens it again."""
    from tests.web.conftest import open_bot_game

    page, errors = open_bot_game(server, browser, "rokugan")
    page.wait_for_selector("#scores-open", state="visible")
    modal = page.locator("#scores")
    assert modal.is_visible()
    assert page.locator("#scores-record").is_visible() and "/record" in page.locator("#scores-record").get_attribute("href")
    page.screenshot(path="/tmp/daimyo-small-scores.png")
    page.click("#scores-close")
    assert modal.is_hidden()
    page.click("#scores-open")
    assert modal.is_visible()
    page.click("#scores-close")
    for lang in ("en", "pl"):
        page.select_option("#lang", lang)
        page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        for width, height in ((1400, 900), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_selector("#players td.who")
            assert _fits(page, "#players"), (lang, width)
            page.locator("#players-panel").screenshot(path=f"/tmp/daimyo-small-players-{lang}-{width}.png")
    assert errors == []


def test_rising_sun_clans_table_fits_and_its_result_reopens(server, browser):
    """Rising Sun's clan table keeps every column inside the side panel: the war tokens, hostages and ally are said
    under the clan's name. The result, once closed, opens again."""
    created = _api(server, "/api/games", {"game": "risingsun", "example": "seed-example", "practice": True,
                                          "seats": [{"kind": "bot", "bot": "random"}] * 4})
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + created["watch"]["link"])
    page.wait_for_selector("#result-close", state="visible")
    page.click("#result-close")
    assert page.locator("#result").is_hidden()
    page.click("#result-open")   # closed, the result opens again
    assert page.locator("#result").is_visible() and "/record" in page.locator("#result-record").get_attribute("href")
    page.click("#result-close")
    assert page.locator("#clans .rs-fact.tokens").count() > 0
    for lang in ("en", "pl"):
        page.select_option("#lang", lang)
        page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        for width, height in ((1400, 900), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_selector("#clans .rs-clans")
            assert _fits(page, "#clans .rs-clans"), (lang, width)
            page.locator("#clans").screenshot(path=f"/tmp/daimyo-small-rs-clans-{lang}-{width}.png")
    assert errors == []


def test_of_two_tokens_alike_only_the_picked_one_lights_and_sent_does_not_stay(server, browser):
    """Battle for Rokugan's hand holds two tokens alike (two army 1): picking the second lights that one only, not
    both; the "Sent: ..." line under the board goes once the state after the move comes."""
    from tests.web.conftest import patient
    from tests.web.test_board_keyboard import create_game

    gid, token = create_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=9)
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/game/{gid}#seat=0&token={token}")
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && document.querySelector('#board svg .province')")
    page.evaluate("""() => { window.__auto = setInterval(() => {
      if (document.querySelector('#hand .hand-token.playable')) return;
      if (G.legal.length && document.body.dataset.busy !== '1') send(G.legal[0]); }, 100); }""")
    page.wait_for_selector("#hand .hand-token.playable", timeout=patient(30000))
    page.evaluate("clearInterval(window.__auto)")
    # the moves sent before were played: no "Sent: ..." stays under the board
    page.wait_for_function("() => !document.getElementById('message').textContent.startsWith('Sent:')", timeout=patient(5000))
    codes = page.locator("#hand .hand-token.playable").evaluate_all("(bs) => bs.map((b) => [Number(b.dataset.index), b.dataset.code])")
    alike = [(i, j) for (i, a) in codes for (j, b) in codes if a == b and i < j]
    assert alike, codes
    first, second = alike[0]
    page.click(f"#hand .hand-token[data-index='{second}']")
    page.wait_for_function("() => Number(document.body.dataset.lit) > 0")
    lit = page.locator("#hand .hand-token.selected").evaluate_all("(bs) => bs.map((b) => Number(b.dataset.index))")
    assert lit == [second], (lit, codes)
    page.locator("#screen").screenshot(path="/tmp/daimyo-small-hand-pick.png")
    page.click(f"#hand .hand-token[data-index='{first}']")
    lit = page.locator("#hand .hand-token.selected").evaluate_all("(bs) => bs.map((b) => Number(b.dataset.index))")
    assert lit == [first], (lit, codes)
    # a move sent: "Sent: ..." shows, and goes when its state comes
    seq = int(page.evaluate("document.body.dataset.seq"))
    page.evaluate("send(G.legal.find((a) => a.startsWith('place ')))")
    page.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")
    page.wait_for_function("() => !document.getElementById('message').textContent.startsWith('Sent:')", timeout=patient(5000))
    assert errors == []


def test_the_hint_speaks_to_the_player_deciding_and_not_at_a_waiting_table(server, browser):
    """A table before the start shows the table's hint, not the first phase's; a phase's hint ("Keep one of the
    secret objectives ...") shows while this page decides, and while another player decides the hint says so."""
    from daimyo.words import catalogue

    en, pl = catalogue("en"), catalogue("pl")
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    table = _api(server, "/api/games", {"game": "rokugan", "sit": 0, "table": True,
                                        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]})
    page.goto(server + table["you"]["play"])
    page.wait_for_function("() => document.body.dataset.status === 'waiting'")
    page.wait_for_function("(t) => document.getElementById('hint-text').textContent === t", arg=en["hint.table"])
    page.screenshot(path="/tmp/daimyo-small-hint-table.png")
    # nobody acts at a table before its start: the status line said "To act: Scorpion, Crane, ..." and every
    # player's row was lit as acting
    page.wait_for_function("(t) => document.getElementById('turn').textContent === t", arg=en["status.table_waits"])
    assert page.locator("#players .acting, tr.acting").count() == 0
    assert en["status.table_waits"] in page.inner_text("#prompt")
    page.check("#play-ready")
    page.wait_for_function("() => document.querySelector('.ready .ready-on')")
    _api(server, f"/api/games/{table['id']}/start", {"host": table["host"]})   # the host starts it (from its lobby)
    page.wait_for_function("() => document.body.dataset.status !== 'waiting'")
    page.wait_for_function("(t) => document.getElementById('turn').textContent.startsWith(t)", arg=en["status.to_act"].split("{")[0])

    game = _api(server, "/api/games", {"game": "rokugan", "sit": 0, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}]})
    page.goto(server + game["you"]["play"])
    page.wait_for_function("() => document.body.dataset.phase === 'setup-objectives' && document.body.dataset.legal !== '0'")
    # the chat offered "Mute open seat (Crane)": nobody sits there yet, so there is nobody to mute
    page.wait_for_selector("#chat-mutes", state="attached")
    assert page.locator("#chat-mutes button.mute").count() == 0
    page.wait_for_function("(t) => document.getElementById('hint-text').textContent === t", arg=en["hint.rokugan.setup-objectives"])
    page.evaluate("send(G.legal[0])")   # this seat keeps its objective; the open seat has still to choose
    page.wait_for_function("() => document.body.dataset.legal === '0'")
    page.wait_for_function("(t) => document.getElementById('hint-text').textContent === t", arg=en["hint.others"])
    page.select_option("#lang", "pl")
    page.wait_for_function("(t) => document.getElementById('hint-text').textContent === t", arg=pl["hint.others"])
    # a spectator decides nothing: told it watches, not that another player decides "your own decision"
    watcher = browser.new_page(viewport={"width": 1300, "height": 900})
    watcher.goto(server + game["watch"]["link"])
    watcher.wait_for_function("() => document.body.dataset.watching === '1' && document.body.dataset.phase === 'setup-objectives'")
    watcher.wait_for_function("(t) => document.getElementById('hint-text').textContent === t", arg=en["hint.watching"])
    watcher.close()
    assert errors == []


CARDS = """() => {
  const host = document.createElement('div'); host.className = 'sj-hand'; host.id = 'every-card';
  document.body.prepend(host);
  for (const id of Object.keys(G.cards)) host.append(cardBox(id));
  const out = { cards: host.children.length, past: [], broken: [] };
  for (const card of host.querySelectorAll('.sj-card')) {
    const box = card.getBoundingClientRect(), edge = box.right - parseFloat(getComputedStyle(card).borderRightWidth);
    for (const e of card.querySelectorAll('.card-body, .card-lines, .card-lines li')) {
      if (e.getBoundingClientRect().right > edge + 0.5 || e.scrollWidth > e.clientWidth + 1) out.past.push([card.dataset.card, e.textContent]);
    }
    for (const li of card.querySelectorAll('.card-lines li')) for (const node of li.childNodes) {
      if (node.nodeType !== 3) continue;
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const r = document.createRange(); r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
        if (r.getClientRects().length > 1 && !m[0].includes('-')) out.broken.push([card.dataset.card, m[0]]);
      }
    }
  }
  host.remove();
  return out;
}"""


def test_every_senjutsu_card_line_stays_inside_its_card_in_both_languages(server, browser):
    """A card's lines beside its grid ("in Determination: gain 1 focus", Polish "w Determinacji: ...") stay inside
    the card's edge, and no word is cut in two (a break after a hyphen aside)."""
    from tests.web.conftest import open_bot_game, patient

    page, errors = open_bot_game(server, browser, "senjutsu")
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && Object.keys(G.cards || {}).length > 0")
    # the duel's result, once closed, opens again (a duel still under way when the page opened is told as a story,
    # step by step: skipped to its end, as a spectator in a hurry would)
    end = time.monotonic() + patient(30000) / 1000
    while not page.locator("#result-close").is_visible():
        assert time.monotonic() < end, "the duel's result never showed"
        if page.locator("#story-skip").is_visible():
            page.click("#story-skip")
        time.sleep(0.2)
    page.click("#result-close")
    page.click("#result-open")
    assert page.locator("#result").is_visible()
    page.click("#result-close")
    for lang in ("en", "pl"):
        page.select_option("#lang", lang)
        page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        got = page.evaluate(CARDS)
        assert got["cards"] >= 40 and got["past"] == [] and got["broken"] == [], (lang, got["past"][:5], got["broken"][:5])
    assert errors == []


# the games' stories off: a game still under way when its page opens (a loaded machine) is shown at once, not step by step
NO_STORY = "localStorage.setItem('daimyo:sj:pace', 'off'); localStorage.setItem('daimyo:rk:pace', 'off')"


def _practice(game: str) -> dict:
    """A practice game of ``game`` between random bots, seated as it needs (Rising Sun: the seed's example war)."""
    body = {"game": game, "practice": True, "seats": [{"kind": "bot", "bot": "random"}] * (4 if game == "risingsun" else 2)}
    body.update({"example": "seed-example"} if game == "risingsun" else {"seed": 1})
    return body


# (game, the final result's box, its close button)
RESULTS = [("rokugan", "#scores", "#scores-close"), ("senjutsu", "#result", "#result-close"),
           ("risingsun", "#result", "#result-close")]


@pytest.mark.parametrize(("game", "box", "close"), RESULTS, ids=[g for g, _, _ in RESULTS])
def test_the_final_result_on_a_phone_stays_on_the_screen_and_its_last_column_is_reached(server, browser, game, box, close):
    """On a 390x844 phone the final result (Rokugan's scoring, Senjutsu's duel, Rising Sun's War Phase) lies inside the
    screen, in English and Polish; a table wider than it (Rokugan's six columns) scrolls sideways inside the box,
    and a swipe brings its last column, the total, onto the screen beside the first, the clan's or duellist's
    name. It once ran past the screen's edge, the total out of reach."""
    body = _practice(game)
    created = _api(server, "/api/games", body)
    for lang in ("en", "pl"):
        page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        page.add_init_script(NO_STORY)
        page.goto(server + "/api/words/en")
        page.evaluate(f"localStorage.setItem('daimyo:lang', '{lang}')")
        page.goto(server + created["watch"]["link"])
        page.wait_for_selector(close, state="visible")
        assert page.evaluate("document.documentElement.lang") == lang
        edges = page.evaluate("""(sel) => { const b = document.querySelector(sel + ' .modal-box');
          const r = b.getBoundingClientRect(), s = b.querySelector('.table-scroll').getBoundingClientRect();
          return { left: r.left, right: r.right, bottom: r.bottom, inner: b.scrollWidth <= b.clientWidth,
                   scroll: [s.left, s.right] }; }""", box)
        assert edges["left"] >= 0 and edges["right"] <= 390 and edges["bottom"] <= 844 and edges["inner"], (game, lang, edges)
        assert edges["left"] <= edges["scroll"][0] and edges["scroll"][1] <= edges["right"], (game, lang, edges)
        scroller = page.locator(f"{box} .table-scroll")
        scroller.hover()
        page.mouse.wheel(1000, 0)   # a swipe to the table's end (nothing moves where it fits already)
        page.wait_for_function("""(sel) => { const s = document.querySelector(sel + ' .table-scroll');
          return s.scrollLeft + s.clientWidth >= s.scrollWidth - 1; }""", arg=box)
        heads = page.locator(f"{box} table tr").first.locator("th")
        last, first = heads.last.bounding_box(), heads.first.bounding_box()
        assert last["x"] >= 0 and last["x"] + last["width"] <= 390 + 0.5, (game, lang, last)
        # the first column (whose row it is) stays in sight beside the last
        assert edges["scroll"][0] - 0.5 <= first["x"] and first["x"] + first["width"] <= last["x"] + 0.5, (game, lang, first, last)
        assert page.locator(close).is_visible()
        page.screenshot(path=f"/tmp/daimyo-small-result-{game}-{lang}-phone.png")
        page.close()


@pytest.mark.parametrize("game", ["rokugan", "senjutsu", "risingsun"])
def test_the_move_panel_says_your_move_only_to_the_player_deciding(server, browser, game):
    """Every game's move panel is titled "Your move" only for a player with a decision to make; a spectator's says
    "Watching" (Polish "Oglądasz"), as Rokugan's always did, where Senjutsu's and Rising Sun's said "Your move" to
    everyone."""
    body = _practice(game)
    watched = _api(server, "/api/games", body)
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.add_init_script(NO_STORY)
    page.goto(server + watched["watch"]["link"])
    page.wait_for_function("() => document.body.dataset.phase === 'over'")
    assert page.inner_text("#actions-title") == "Watching"
    page.select_option("#lang", "pl")
    page.wait_for_function("() => document.getElementById('actions-title').textContent === 'Oglądasz'")
    # a player at a decision of theirs (the bots move at once, so the seat waits for nobody else)
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * (3 if game == "risingsun" else 1)
    played = _api(server, "/api/games", {**body, "seats": seats, "sit": 0})
    page.goto(f"{server}/game/{played['id']}#seat=0&token={played['you']['token']}")
    page.wait_for_function("() => document.body.dataset.legal && document.body.dataset.legal !== '0'")
    assert page.inner_text("#actions-title") == "Twój ruch"
    page.close()
