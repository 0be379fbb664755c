"""The account panel's e-mail address (issue 30), as a person uses it in a browser: the field appears only where the
server sends mail, a bad address is refused in words naming the field, a saved one waits for its mailed link, the link
opened in the browser confirms it, the box turns mails off, and the unsubscribe link works with nobody signed in."""

from __future__ import annotations

import re

import pytest

from tests.server import test_mail
from tests.server.test_mail import _free_port
from tests.web import conftest as web
from tests.web.conftest import needs_chromium, open_lobby, patient, serve

smtp = test_mail.smtp          # the local SMTP server (fixture)
browser = web.browser          # Debian's chromium (fixture)

pytestmark = needs_chromium


@pytest.fixture
def server(tmp_path, smtp):
    from daimyo.server.app import create_app
    from daimyo.server.settings import Settings

    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    settings = Settings(cookie_secure=False, mail_host="127.0.0.1", mail_port=smtp[1], mail_tls="none",
                        mail_from="daimyo@example.org", mail_base_url=base)
    with serve(create_app(f"sqlite:///{tmp_path / 'games.sqlite'}", settings=settings), port) as url:
        yield url


def _wait_text(page, selector: str, text: str):
    page.wait_for_function("([s, t]) => { const e = document.querySelector(s); return !!e && e.textContent.includes(t); }",
                           arg=[selector, text])


def test_a_player_saves_confirms_and_unsubscribes_an_address_in_the_lobby(server, smtp, browser):
    inbox, _ = smtp
    errors: list[str] = []
    page = browser.new_context().new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(patient(15000))
    open_lobby(page, server)
    page.fill("#account-name", "Ana")
    page.fill("#account-password", "correct horse")
    page.click("#sign-up")
    page.wait_for_selector("#account-email:not([hidden])")
    page.fill("#email-address", "ana at example.org")
    page.click("#email-save")
    _wait_text(page, "#account-error", "address:")
    page.fill("#email-address", "ana@example.org")
    page.click("#email-save")
    _wait_text(page, "#email-state", "Not yet confirmed: open the link we sent to ana@example.org.")
    assert page.is_hidden("#email-subscribed-label") and page.inner_text("#account-error") == ""
    (_, message), = inbox.wait(1, patient(20000) / 1000)
    link = re.search(re.escape(server) + r"/api/account/email/verify\?\S+", message.get_content()).group(0)
    page.goto(link)
    page.wait_for_selector("body[data-ready='lobby']")
    _wait_text(page, "#email-done", "Your e-mail address is confirmed.")
    _wait_text(page, "#email-state", "Confirmed: ana@example.org.")
    assert "email=" not in page.url
    page.uncheck("#email-subscribed")
    page.wait_for_function("() => document.getElementById('email-subscribed').checked === false")
    unsubscribe = re.search(re.escape(server) + r"/api/account/email/unsubscribe\?\S+", message.get_content()).group(0)
    stranger = browser.new_context().new_page()   # nobody signed in: the link is enough
    stranger.goto(unsubscribe)
    _wait_text(stranger, "#email-done", "You will get no more mails about your games.")
    assert errors == []
