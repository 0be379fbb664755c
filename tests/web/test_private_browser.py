"""Private games in the browser (issue 24, item 7; docs/web.md, the lobby): the host creates a table that is not
public; the lobby shows its watch link and lists the game to this browser only; a friend watches it through the
link, a stranger's lobby never shows it; the host cancels the table from the lobby and the friend's page is told.
Debian's chromium driven by Playwright; the server runs in this process."""

from __future__ import annotations

from tests.web.conftest import needs_chromium
from tests.web.test_invitation_browser import _person

pytestmark = needs_chromium


def test_a_private_table_is_watched_by_its_link_only_and_the_host_cancels_it(server, browser):
    _, host, host_errors = _person(browser, viewport={"width": 1300, "height": 900})
    host.goto(server + "/")
    host.wait_for_selector(".seat-kind[data-seat='1']")
    host.select_option("#players", "2")
    host.locator(".seat-kind[data-seat='1']").select_option("human")
    host.check("#table")
    assert not host.is_checked("#public")
    host.click("#create")
    host.wait_for_selector("#created:not([hidden])")
    gid = host.inner_text("#created-id")
    watch = host.input_value("#watch-link")
    assert host.locator("#watch-box").is_visible() and watch.startswith(f"{server}/game/{gid}#watch=")
    # listed to the browser that holds its keys, marked private, with the host's cancel button
    item = f"#games-live li[data-game='{gid}']"
    host.wait_for_selector(f"{item} .badge.private")
    assert host.locator(f"{item} button.cancel-game").count() == 1

    # a stranger's lobby never lists it, and its page without the link shows nothing of it
    _, stranger, stranger_errors = _person(browser)
    stranger.goto(server + "/")
    stranger.wait_for_selector("#games-live", state="attached")
    stranger.wait_for_timeout(1000)
    assert stranger.locator(f"li[data-game='{gid}']").count() == 0
    stranger.goto(f"{server}/game/{gid}")
    stranger.wait_for_function("() => document.getElementById('message').textContent.includes('no game')")
    assert stranger.evaluate("document.body.dataset.seq") == "-1"

    # a friend watches with the link; the code leaves the address bar and stays on that browser
    _, friend, friend_errors = _person(browser)
    friend.goto(watch)
    friend.wait_for_function("() => document.getElementById('conn').dataset.state === 'spectating'")
    assert "watch=" not in friend.url

    # the host cancels it: gone from the lobby, and the friend's page is told the table was closed
    host.once("dialog", lambda dialog: dialog.accept())
    host.click(f"{item} button.cancel-game")
    host.wait_for_selector(item, state="detached")
    friend.wait_for_function("() => document.getElementById('message').textContent.includes('table was closed')")
    assert host_errors == stranger_errors == friend_errors == []
