"""Smaller defects of issue 30 (item 5) around a table of people: a signed-in player's name already in the join
page's name field, and "Give to a bot" counting down the seconds until the away player's seat may go to a bot
(instead of staying greyed with no word for 120 s). Debian's chromium through Playwright."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from daimyo.server.settings import Settings
from tests.web.conftest import needs_chromium, patient, serve

pytestmark = needs_chromium

AWAY = Settings(absent_after=30.0, cookie_secure=False)


@pytest.fixture
def server(tmp_path):
    """The play server with a seat counted away 30 s after its player left, cookies over plain http."""
    from daimyo.server.app import create_app

    with serve(create_app(f"sqlite:///{tmp_path / 'games.sqlite'}", bot_delay=0.0, settings=AWAY)) as url:
        yield url


def _create(server: str, body: dict) -> dict:
    req = urllib.request.Request(server + "/api/games", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


def test_the_join_page_knows_a_signed_in_name_and_give_to_a_bot_counts_down(server, browser):
    game = _create(server, {"game": "rokugan", "sit": 0, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}]})
    host_ctx = browser.new_context(viewport={"width": 1300, "height": 900})
    host = host_ctx.new_page()
    errors: list[str] = []
    host.on("pageerror", lambda e: errors.append(str(e)))
    host.goto(server + game["you"]["play"])
    host.wait_for_function("() => document.body.dataset.seq !== '-1'")

    # the guest has an account, signed in on this browser: the join page writes its name in the name field
    guest_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    guest = guest_ctx.new_page()
    guest.on("pageerror", lambda e: errors.append(str(e)))
    guest.goto(server + "/")
    status = guest.evaluate("""async () => {
      const r = await fetch('/api/account/sign-up', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' },
                                                      body: JSON.stringify({ name: 'Beatrix', password: 'a long enough password' }) });
      if (r.ok) localStorage.setItem('daimyo:account', 'Beatrix');
      return r.status;
    }""")
    assert status in (200, 201)
    guest.goto(server + game["invite"]["link"])
    guest.wait_for_selector("button.take[data-seat='1']")
    guest.wait_for_function("() => document.getElementById('join-name').value === 'Beatrix'")
    guest.screenshot(path="/tmp/daimyo-small-join-prefilled.png", full_page=True)
    guest.click("button.take[data-seat='1']")
    guest.wait_for_url(f"**/game/{game['id']}*")
    guest.wait_for_function("() => document.body.dataset.seq !== '-1'")

    # the guest leaves: the host's "Give to a bot" is greyed and says how many seconds are left, counting down
    host.wait_for_selector(".badge.presence[data-seat='1'].here")
    guest_ctx.close()
    button = host.locator("#play-seats .give-bot[data-seat='1']")
    button.wait_for(timeout=patient(10000))
    assert button.is_disabled()
    first = re.fullmatch(r"Give to a bot in (\d+) s", button.inner_text())
    assert first and 20 <= int(first.group(1)) <= 30, button.inner_text()
    host.wait_for_function("(n) => { const b = document.querySelector(\"#play-seats .give-bot[data-seat='1']\");"
                           " const m = /in (\\d+) s/.exec(b.textContent); return m && Number(m[1]) < n; }", arg=int(first.group(1)),
                           timeout=patient(5000))
    host.screenshot(path="/tmp/daimyo-small-give-bot.png")
    host.select_option("#lang", "pl")
    host.wait_for_function("() => /Oddaj botowi za \\d+ s/.test(document.querySelector(\"#play-seats .give-bot[data-seat='1']\").textContent)")
    assert errors == []


def test_the_join_page_names_each_game_and_its_seats_in_the_page_s_language(server, browser):
    """An invitation to Rising Sun is titled Rising Sun (not Battle for Rokugan) with its clans' names; in Polish the
    games and Senjutsu's sample characters are named in Polish."""
    from daimyo.words import catalogue

    pl = catalogue("pl")
    rs = _create(server, {"game": "risingsun", "example": "seed-example",
                          "seats": [{"kind": "human"}, *[{"kind": "bot", "bot": "random"}] * 3]})
    sj = _create(server, {"game": "senjutsu", "seats": [{"kind": "human", "choice": "kaze"}, {"kind": "bot", "bot": "random", "choice": "hana"}]})
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + rs["invite"]["link"])
    page.wait_for_selector("button.take[data-seat='0']")
    assert page.inner_text("#join-game") == "Rising Sun: the War Phase"
    clans = page.locator("#join-seats").inner_text()
    assert "Lotus" in clans or "Dragonfly" in clans, clans
    page.select_option("#lang", "pl")
    page.wait_for_function("(t) => document.getElementById('join-game').textContent === t", arg=pl["rs.game_name"])
    page.goto(server + sj["invite"]["link"])
    page.wait_for_selector("button.take[data-seat='0']")
    assert page.inner_text("#join-game") == "Senjutsu"
    page.wait_for_function("() => document.getElementById('join-seats').textContent.includes('Kaze Wędrowiec')")
    assert "Hana Uczennica" in page.inner_text("#join-seats")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390   # the seats' buttons inside the phone's width
    page.screenshot(path="/tmp/daimyo-small-join-pl.png", full_page=True)
    assert errors == []
