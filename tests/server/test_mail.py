"""E-mail for correspondence games (issue 30): an optional address on an account, verified by a single-use link that
expires; a mail when it is a verified, subscribed player's turn in a days-per-move game and when their time runs
low; a one-click unsubscribe link; sent through the operator's SMTP server (here a local aiosmtpd one) without ever
blocking or failing a move."""

from __future__ import annotations

import contextlib
import email
import email.policy
import re
import socket
import sqlite3
import threading
import time
from urllib.parse import parse_qs, urlsplit

import pytest
from aiosmtpd.controller import Controller
from hypothesis import assume, given, strategies as st
from starlette.testclient import TestClient

from daimyo.server.app import create_app
from daimyo.server.mail import MAX_ADDRESS, BadAddress, new_token, parse_address, parse_token, parse_unsubscribe
from tests.server.conftest import TEST_SETTINGS, humans, join, next_of
from tests.server.fake_time import FakeTime

HTTPS = "https://testserver"


class Inbox:
    """What the local SMTP server received: each mail as (recipients, parsed message)."""

    def __init__(self):
        self.mails: list[tuple[list[str], email.message.EmailMessage]] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):   # aiosmtpd's handler hook
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.lock:
            self.mails.append((list(envelope.rcpt_tos), message))
        return "250 OK"

    def wait(self, count: int, limit: float = 20.0) -> list:
        """The mails once ``count`` have come (a generous limit: this is no speed test)."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            with self.lock:
                if len(self.mails) >= count:
                    return list(self.mails)
            time.sleep(0.02)
        raise AssertionError(f"{count} mails expected, {len(self.mails)} came")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=_free_port())
    controller.start()
    yield inbox, controller.port
    controller.stop()


def mail_settings(port: int, **more):
    return TEST_SETTINGS.replace(mail_host="127.0.0.1", mail_port=port, mail_tls="none", mail_from="daimyo@example.org",
                                 mail_base_url="https://daimyo.example", **more)


_DEVICES: list[TestClient] = []


@pytest.fixture(autouse=True)
def _close_devices():
    """Every device a test opened is closed at its end (its sockets first), whatever the test did."""
    yield
    while _DEVICES:
        client = _DEVICES.pop()
        for ws in client.sessions:
            with contextlib.suppress(Exception):   # a socket the server or the test closed already
                ws.__exit__(None, None, None)
        with contextlib.suppress(Exception):
            client.__exit__(None, None, None)


def device(app) -> TestClient:
    """A person's browser: its own cookies, on the app (closed at the test's end)."""
    client = TestClient(app, base_url=HTTPS)
    client.__enter__()
    client.sessions = []
    _DEVICES.append(client)
    return client


def sign_up(client, name: str) -> str:
    r = client.post("/api/account/sign-up", json={"name": name, "password": "correct horse"})
    assert r.status_code == 201, r.text
    return r.json()["csrf"]


def set_address(client, csrf: str, address):
    return client.post("/api/account/email", json={"address": address}, headers={"X-CSRF-Token": csrf})


def link_in(message, path: str) -> str:
    body = message.get_content()
    found = re.search(r"https://daimyo\.example" + re.escape(path) + r"\?\S+", body)
    assert found, body
    return found.group(0)


def local(link: str) -> str:
    parts = urlsplit(link)
    return f"{parts.path}?{parts.query}"


def verified(client, name: str, inbox, mails_before: int, address: str) -> str:
    csrf = sign_up(client, name)
    assert set_address(client, csrf, address).json()["verified"] is False
    _, message = inbox.wait(mails_before + 1)[mails_before]
    r = client.get(local(link_in(message, "/api/account/email/verify")), follow_redirects=False)
    assert r.status_code == 303 and "email=verified" in r.headers["location"]
    return csrf


def test_the_verification_link_works_once_and_an_address_is_shown_only_to_its_owner(db_url, smtp):
    inbox, port = smtp
    app = create_app(db_url, settings=mail_settings(port))
    ana = device(app)
    csrf = sign_up(ana, "Ana")
    assert ana.get("/api/account/email").json() == {"offered": True, "address": None, "verified": False, "subscribed": False}
    state = set_address(ana, csrf, "  ana@example.org ").json()
    assert state == {"offered": True, "address": "ana@example.org", "verified": False, "subscribed": True}
    (to, message), = inbox.wait(1)
    assert to == ["ana@example.org"] and message["From"] == "daimyo@example.org"
    assert message["Date"] and message["Message-ID"].endswith("@example.org>")
    link = link_in(message, "/api/account/email/verify")
    token = parse_qs(urlsplit(link).query)["token"][0]
    db = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    assert token not in str(db.execute("SELECT * FROM emails").fetchall())   # only its hash is kept
    first = ana.get(local(link), follow_redirects=False)
    assert first.status_code == 303 and first.headers["location"].startswith("/?email=verified")
    assert ana.get("/api/account/email").json()["verified"] is True
    again = ana.get(local(link), follow_redirects=False)   # single use
    assert again.status_code == 303 and "email=expired" in again.headers["location"]
    bo = device(app)
    sign_up(bo, "Bo")
    assert bo.get("/api/account/email").json()["address"] is None
    assert "ana@example.org" not in bo.get("/api/account").text


def test_an_expired_verification_link_verifies_nothing(db_url, smtp):
    inbox, port = smtp
    clock = FakeTime()
    app = create_app(db_url, settings=mail_settings(port, time_source=clock, mail_verify_hours=48.0))
    ana = device(app)
    set_address(ana, sign_up(ana, "Ana"), "ana@example.org")
    (_, message), = inbox.wait(1)
    clock.advance(48 * 3600 + 1)
    r = ana.get(local(link_in(message, "/api/account/email/verify")), follow_redirects=False)
    assert r.status_code == 303 and "email=expired" in r.headers["location"]
    assert ana.get("/api/account/email").json()["verified"] is False


@pytest.mark.parametrize(("address", "words"), [
    ("ana", "address: one name@domain"), ("ana@example", "address: the part after the @"),
    ("a" * 65 + "@example.org", "address: at most 64 characters before the @"),
    ("ana@" + "b" * 250 + ".org", "address: at most 254 characters"), ("ana bo@example.org", "address: the part before"),
    ("ana@example.org>\r\nBcc: eve@example.org", "address:"), (12, "address: a text"),
])
def test_a_bad_address_gets_a_400_naming_the_field_and_changes_nothing(db_url, smtp, address, words):
    _inbox, port = smtp
    ana = device(create_app(db_url, settings=mail_settings(port)))
    csrf = sign_up(ana, "Ana")
    r = set_address(ana, csrf, address)
    assert r.status_code == 400 and r.json()["error"].startswith(words)
    assert ana.get("/api/account/email").json()["address"] is None
    assert set_address(ana, "wrong", "ana@example.org").status_code == 403   # a change needs the CSRF token
    bad = ana.get("/api/account/email/verify?token=short", follow_redirects=False)
    assert bad.status_code == 400 and bad.json()["error"].startswith("token:")


def test_mail_is_off_unless_the_operator_names_an_smtp_server(db_url):
    ana = device(create_app(db_url, settings=TEST_SETTINGS))
    csrf = sign_up(ana, "Ana")
    assert ana.get("/api/account/email").json()["offered"] is False
    r = set_address(ana, csrf, "ana@example.org")
    assert r.status_code == 409 and r.json()["error"].startswith("address:")


def test_the_unsubscribe_link_works_without_signing_in_and_a_forged_one_does_not(db_url, smtp):
    inbox, port = smtp
    app = create_app(db_url, settings=mail_settings(port))
    ana = device(app)
    verified(ana, "Ana", inbox, 0, "ana@example.org")
    _, message = inbox.mails[0]
    link = link_in(message, "/api/account/email/unsubscribe")
    assert message["List-Unsubscribe"] == f"<{link}>" and message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    stranger = TestClient(app, base_url=HTTPS)   # no cookie: the link is enough
    query = parse_qs(urlsplit(link).query)
    forged = f"/api/account/email/unsubscribe?u={query['u'][0]}&s={'0' * 64}"
    assert "email=bad" in stranger.get(forged, follow_redirects=False).headers["location"]
    assert stranger.post(forged).status_code == 403
    malformed = stranger.get(f"/api/account/email/unsubscribe?u={query['u'][0]}&s=zz", follow_redirects=False)
    assert malformed.status_code == 400 and malformed.json()["error"].startswith("s:")
    assert ana.get("/api/account/email").json()["subscribed"] is True
    r = stranger.post(local(link))   # a mail program's one click (RFC 8058)
    assert r.status_code == 200 and r.json() == {"unsubscribed": True}
    assert ana.get("/api/account/email").json()["subscribed"] is False
    done = stranger.get(local(link), follow_redirects=False)
    assert done.status_code == 303 and "email=unsubscribed" in done.headers["location"]


def _table(app, seats, clock):
    """Ana makes a game and takes seat 0; Bo takes seat 1; both are at the table (sockets)."""
    ana, bo = device(app), device(app)
    csrfs = [sign_up(ana, "Ana"), sign_up(bo, "Bo")]
    r = ana.post("/api/games", json={"game": "rokugan", "seats": seats, "public": True, "seed": 1, "practice": True,
                                     "clock": clock})
    assert r.status_code == 201, r.text
    game = r.json()
    tokens = {}
    for who, seat in ((ana, 0), (bo, 1)):
        c = who.post(f"/api/games/{game['id']}/claim", json={"code": game["invite"]["code"], "seat": seat})
        assert c.status_code == 200, c.text
        tokens[seat] = c.json()["token"]
    return ana, bo, csrfs, game, tokens


def _play_until_the_turn_passes(client, game, tokens):
    """Play legal actions until a seat's clock starts after another seat's action: that seat."""
    conns = {}
    for seat in (0, 1):
        ws, _, _, state = join(client, game["id"], seat, tokens[seat])
        conns[seat] = (ws, state)
    for _ in range(40):
        states = {seat: next_state for seat, (ws, next_state) in conns.items()}
        acting = [seat for seat, st in states.items() if st.get("legal")]
        assert acting
        seat = acting[0]
        ws = conns[seat][0]
        ws.send_json({"type": "act", "action": states[seat]["legal"][0]})
        for s, (w, _) in conns.items():
            conns[s] = (w, next_of(w, "state"))
        after = {s: st.get("legal") for s, (_, st) in conns.items()}
        if after[1 - seat]:
            return 1 - seat
    raise AssertionError("the turn never passed")


def test_a_correspondence_turn_mails_a_verified_subscribed_player_and_nobody_else(db_url, smtp):
    inbox, port = smtp
    app = create_app(db_url, settings=mail_settings(port))
    ana, bo, csrfs, game, tokens = _table(app, humans(2), {"kind": "days", "days": 2})
    for who, csrf, address in ((ana, csrfs[0], "ana@example.org"), (bo, csrfs[1], "bo@example.org")):
        set_address(who, csrf, address)
    verify_mails = inbox.wait(2)
    for to, message in verify_mails:   # both verify: then Bo unsubscribes, so only Ana's turns are mailed
        who = ana if to == ["ana@example.org"] else bo
        who.get(local(link_in(message, "/api/account/email/verify")), follow_redirects=False)
    bo.post("/api/account/email", json={"subscribed": False}, headers={"X-CSRF-Token": csrfs[1]})
    count = len(inbox.mails)
    for _ in range(6):
        seat = _play_until_the_turn_passes(ana, game, tokens)
        if seat == 0:
            break
    else:
        raise AssertionError("Ana's turn never came")
    mails = inbox.wait(count + 1)[count:]
    assert all(to == ["ana@example.org"] for to, _ in mails)   # never Bo (unsubscribed), never both in one mail
    turn = next(m for _, m in mails if m["Subject"].startswith("Your turn"))
    body = turn.get_content()
    assert "Battle for Rokugan" in turn["Subject"] and f"https://daimyo.example/game/{game['id']}" in body
    assert "seat 1" in body and ("2 days" in body or "hours" in body)
    assert "bo@example.org" not in turn.as_string() and "Bo" not in body


@pytest.mark.parametrize(("clock", "verify"), [({"kind": "move", "seconds": 600}, True), ({"kind": "days", "days": 2}, False)])
def test_a_real_time_game_and_an_unverified_address_get_no_mail(db_url, smtp, clock, verify):
    inbox, port = smtp
    app = create_app(db_url, settings=mail_settings(port))
    ana, bo, csrfs, game, tokens = _table(app, humans(2), clock)
    for who, csrf, address in ((ana, csrfs[0], "ana@example.org"), (bo, csrfs[1], "bo@example.org")):
        set_address(who, csrf, address)
    if verify:
        for to, message in inbox.wait(2):
            (ana if to == ["ana@example.org"] else bo).get(local(link_in(message, "/api/account/email/verify")))
    count = len(inbox.wait(2))
    for _ in range(4):
        _play_until_the_turn_passes(ana, game, tokens)
    mailer = app.app.app.state.hub.on_turn.__self__
    time.sleep(0.5)   # room for a wrong mail to arrive (none should)
    assert len(inbox.mails) == count and mailer.failed == 0


def test_the_smtp_server_down_neither_blocks_nor_fails_a_move(db_url, caplog):
    port = _free_port()   # nothing listens there
    app = create_app(db_url, settings=mail_settings(port, mail_timeout=2.0))
    ana, _bo, csrfs, game, tokens = _table(app, humans(2), {"kind": "days", "days": 1})
    assert set_address(ana, csrfs[0], "ana@example.org").status_code == 200   # its mail fails in the background
    for _ in range(3):
        _play_until_the_turn_passes(ana, game, tokens)
    mailer = app.app.app.state.hub.on_turn.__self__
    end = time.monotonic() + 20
    while mailer.failed == 0 and time.monotonic() < end:
        time.sleep(0.05)
    assert mailer.failed >= 1 and "not sent" in caplog.text
    assert ana.get(f"/api/games/{game['id']}").json()["status"] == "in progress"


def test_a_player_still_to_act_hears_when_the_time_runs_low(db_url, smtp):
    inbox, port = smtp
    clock = FakeTime()
    app = create_app(db_url, settings=mail_settings(port, time_source=clock, mail_low_hours=12.0))
    _ana, _bo, count = _a_day_game_whose_turn_passed(app, inbox)
    clock.advance(12 * 3600 + 1)
    mails = inbox.wait(count + 1)[count:]
    low = [m for _, m in mails if m["Subject"].startswith("Your time runs low")]
    assert low and re.search(r"runs low: (12|11) hours left", low[0].get_content())


@given(st.text(max_size=300) | st.emails().map(str))
def test_the_address_reader_gives_a_safe_address_or_an_error_naming_the_field(text):
    try:
        address = parse_address(text)
    except BadAddress as e:
        assert str(e).startswith("address: ")
    else:
        assert len(address) <= MAX_ADDRESS and address.count("@") == 1
        assert not set(address) & set(" \t\r\n<>,;:\"()[]\\") and address.isascii()


@given(st.emails())
def test_an_ordinary_address_is_accepted_as_typed(address):
    assume(len(address) <= MAX_ADDRESS and len(address.rpartition("@")[0]) <= 64 and not address.rpartition(".")[2].isdigit())
    assume(".." not in address.rpartition("@")[0] and not address.startswith("."))
    assume(not address.rpartition("@")[0].endswith("."))
    assert parse_address(f" {address} ") == address


@given(st.text(max_size=60) | st.builds(lambda: new_token()))
def test_the_token_and_link_readers_take_only_their_own_shapes(text):
    try:
        assert parse_token(text) == text and len(text) == 43
    except ValueError as e:
        assert str(e).startswith("token: ")
    try:
        parse_unsubscribe(text, text)
    except ValueError as e:
        assert str(e).startswith(("u: ", "s: "))
    else:
        raise AssertionError("one text cannot be both an account and a signature")


def _a_day_game_whose_turn_passed(app, inbox) -> tuple:
    """A two-player game of a day a move where Ana (address verified) has passed the turn: Ana's and Bo's devices and
    the mails so far (the verification and the turn)."""
    ana, bo, csrfs, game, tokens = _table(app, humans(2), {"kind": "days", "days": 1})
    set_address(ana, csrfs[0], "ana@example.org")
    _, message = inbox.wait(1)[0]
    ana.get(local(link_in(message, "/api/account/email/verify")), follow_redirects=False)
    for _ in range(6):
        if _play_until_the_turn_passes(ana, game, tokens) == 0:
            break
    return ana, bo, len(inbox.wait(2))


def _a_day_game_whose_turn_passed_then_the_server_stops(db_url, settings, inbox) -> int:
    """:func:`_a_day_game_whose_turn_passed`, then both players' devices close, as when the server stops. The mails so
    far."""
    ana, bo, count = _a_day_game_whose_turn_passed(create_app(db_url, settings=settings), inbox)
    for client in (ana, bo):
        for ws in client.sessions:
            ws.__exit__(None, None, None)
        client.__exit__(None, None, None)
        _DEVICES.remove(client)
    return count


def test_the_low_time_mail_still_comes_after_a_restart_and_no_turn_mail_is_sent_twice(db_url, smtp):
    inbox, port = smtp
    clock = FakeTime()
    settings = mail_settings(port, time_source=clock, mail_low_hours=12.0)
    count = _a_day_game_whose_turn_passed_then_the_server_stops(db_url, settings, inbox)
    with TestClient(create_app(db_url, settings=settings), base_url=HTTPS):   # the server again: the game is loaded
        clock.advance(12 * 3600 + 1)
        mails = inbox.wait(count + 1)[count:]
        time.sleep(0.3)   # room for a second (wrong) mail
        subjects = [m["Subject"] for _, m in inbox.mails[count:]]
    assert [s.split(":")[0] for s in subjects] == ["Your time runs low"] and mails[0][0] == ["ana@example.org"]


def test_an_account_cannot_make_the_server_mail_strangers_past_its_rate(db_url, smtp):
    inbox, port = smtp
    ana = device(create_app(db_url, settings=mail_settings(port, mail_rate="2/hour")))
    csrf = sign_up(ana, "Ana")
    assert [set_address(ana, csrf, f"x{i}@example.org").status_code for i in range(2)] == [200, 200]
    assert set_address(ana, csrf, "bad address").status_code == 400   # a typo is not counted
    r = set_address(ana, csrf, "x3@example.org")
    assert r.status_code == 429 and r.json()["error"].startswith("address:")
    assert ana.get("/api/account/email").json()["address"] == "x1@example.org" and len(inbox.wait(2)) == 2


def test_the_mail_settings_are_read_and_a_wrong_tls_mode_is_refused_naming_it():
    from daimyo.server.settings import parse_setting, settings_from

    s = settings_from(["mail_host=smtp.example.org", "mail_port=465", "mail_tls=ssl", "mail_low_hours=6"])
    assert (s.mail_host, s.mail_port, s.mail_tls, s.mail_low_hours) == ("smtp.example.org", 465, "ssl", 6.0)
    assert TEST_SETTINGS.mail_host == ""   # off by default
    with pytest.raises(ValueError, match=r"mail_tls: 'plain'.*one of starttls, ssl, none"):
        parse_setting("mail_tls=plain")


def test_a_low_time_mail_that_fell_due_while_the_server_was_down_is_sent_on_start_once(db_url, smtp):
    inbox, port = smtp
    clock = FakeTime()
    settings = mail_settings(port, time_source=clock, mail_low_hours=12.0)
    count = _a_day_game_whose_turn_passed_then_the_server_stops(db_url, settings, inbox)
    clock.advance(12 * 3600 + 60)   # the low-time moment passes while no server runs
    with TestClient(create_app(db_url, settings=settings), base_url=HTTPS):   # started again: it is sent now
        mails = inbox.wait(count + 1)[count:]
        assert mails[0][0] == ["ana@example.org"] and mails[0][1]["Subject"].startswith("Your time runs low")
        assert re.search(r"runs low: (12|11) hours left", mails[0][1].get_content())
    with TestClient(create_app(db_url, settings=settings), base_url=HTTPS):   # and again: not a second time
        time.sleep(0.5)
    assert len(inbox.mails) == count + 1
