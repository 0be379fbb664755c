"""E-mail for correspondence games: an account's optional address, its verification, and the mails a player gets
when it is their turn in a days-per-move game and when their time for that move runs low.

- An address is checked by :func:`parse_address` (one ``local@domain``, at most ``MAX_ADDRESS`` characters, no
  spaces, quotes, angle brackets or control characters: nothing that could add a header or a second recipient).
- Setting it sends a verification mail with a single-use link: a random token of which only the SHA-256 is stored,
  good for ``mail_verify_hours``; using it (or setting another address) ends it.
- Every mail carries a one-click unsubscribe link (also in the ``List-Unsubscribe`` header, RFC 8058): the account's
  id and an HMAC-SHA256 of it and the address under a random key kept with the address, so no sign-in is needed and
  an old link stops working once the address changes.
- A mail says only the game, whose turn it is, the time left and the links: no hidden fact of the game, and no other
  player's address (each mail goes to one address).
- Nothing here blocks the game loop: the room only puts a notice on a bounded queue (:meth:`Mailer.turn`); one
  background task reads the address and sends through the operator's SMTP server in a worker thread, with a timeout.
  A failure is logged and the notice dropped; the move it follows was stored long before.

Mail is off unless the operator names an SMTP host (``mail_host``, docs/security.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import hmac
import logging
import re
import secrets
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any
from urllib.parse import urlencode

from sqlalchemy import select

from daimyo.server.settings import Settings
from daimyo.server.store import emails, low_mails, seats
from daimyo.words import catalogue, fill

log = logging.getLogger("daimyo.server.mail")

MAX_ADDRESS = 254           # RFC 5321's longest path less its angle brackets
MAX_LOCAL = 64
TOKEN_CHARS = 43            # secrets.token_urlsafe(32)
_LOCAL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+")
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{{TOKEN_CHARS}}}")
_USER = re.compile(r"u-[0-9a-f]{16}")
_SIGNATURE = re.compile(r"[0-9a-f]{64}")


class BadAddress(ValueError):
    """An address the server refuses; the message names the field and the rule."""


def parse_address(text: Any) -> str:
    """A typed e-mail address, trimmed, as it is stored; BadAddress naming ``address`` otherwise."""
    if not isinstance(text, str):
        raise BadAddress("address: a text like name@example.org")
    address = text.strip()
    if len(address) > MAX_ADDRESS:
        raise BadAddress(f"address: at most {MAX_ADDRESS} characters")
    local, at, domain = address.rpartition("@")
    if not at or not local or not domain:
        raise BadAddress("address: one name@domain, like name@example.org")
    if len(local) > MAX_LOCAL:
        raise BadAddress(f"address: at most {MAX_LOCAL} characters before the @")
    if not _LOCAL.fullmatch(local) or local.startswith(".") or local.endswith(".") or ".." in local:
        raise BadAddress("address: the part before the @ may hold letters, digits and . _ + - (no spaces or quotes)")
    labels = domain.split(".")
    if len(labels) < 2 or not all(_LABEL.fullmatch(label) for label in labels) or labels[-1].isdigit():
        raise BadAddress("address: the part after the @ must be a domain like example.org")
    return address


def parse_token(text: Any) -> str:
    """A verification token as sent in its link; ValueError naming ``token`` otherwise."""
    if not isinstance(text, str) or not _TOKEN.fullmatch(text):
        raise ValueError(f"token: {TOKEN_CHARS} letters, digits, - or _")
    return text


def parse_unsubscribe(user: Any, signature: Any) -> tuple[str, str]:
    """The account id and signature of an unsubscribe link; ValueError naming the field otherwise."""
    if not isinstance(user, str) or not _USER.fullmatch(user):
        raise ValueError("u: not an account of this server")
    if not isinstance(signature, str) or not _SIGNATURE.fullmatch(signature):
        raise ValueError("s: 64 hexadecimal digits")
    return user, signature


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def signature(key: str, user_id: str, address: str) -> str:
    """The unsubscribe link's signature of ``user_id`` and ``address`` under the address's own ``key``."""
    return hmac.new(bytes.fromhex(key), f"unsubscribe\n{user_id}\n{address}".encode(), hashlib.sha256).hexdigest()


def new_key() -> str:
    return secrets.token_hex(32)


def new_token() -> str:
    return secrets.token_urlsafe(32)


@dataclass(frozen=True)
class Notice:
    """One mail to send: ``kind`` is "verify" (``user_id`` and ``token`` set), "turn" or "low" (the game, seat and
    time left; the seat's account is found when it is sent)."""

    kind: str
    user_id: str
    game_id: str = ""
    game: str = ""
    seat: int = 0
    left: float = 0.0
    token: str = ""
    address: str = ""       # verify: the address the token was made for


def time_left(seconds: float, words: dict[str, str]) -> str:
    hours = max(0, int(seconds // 3600))
    if hours >= 48:
        days = hours // 24
        return fill(words["mail.days"], {"count": days}, "en")
    return fill(words["mail.hours"], {"count": max(1, hours)}, "en")


class Mailer:
    """The queue of notices and the task that sends them (see the module's docstring)."""

    def __init__(self, store, settings: Settings):
        self.store = store
        self.settings = settings
        self.queue: asyncio.Queue[Notice] | None = None
        self._task: asyncio.Task | None = None
        self._timers: dict[tuple[str, int], asyncio.Task] = {}
        self.sent = 0       # mails the SMTP server accepted (for the operator's logs and the tests)
        self.failed = 0

    @property
    def on(self) -> bool:
        return bool(self.settings.mail_host)

    # ---------------------------------------------------------------- queue
    def put(self, notice: Notice) -> None:
        """Queue ``notice`` (never waits): past ``mail_queue`` waiting it is dropped and logged."""
        if not self.on:
            return
        if self.queue is None:
            self.queue = asyncio.Queue(max(1, self.settings.mail_queue))
            self._task = asyncio.get_running_loop().create_task(self._run())
        try:
            self.queue.put_nowait(notice)
        except asyncio.QueueFull:
            log.warning("mail queue full: a %s mail for game %s is dropped", notice.kind, notice.game_id or "-")

    def turn(self, room: Any, seat_numbers: list[int], new: bool = True) -> None:
        """The room's hook: ``seat_numbers``' clocks started (``new``: it is now their turn) or run on as stored (a
        restart, a game moved to this process). A days clock's seats get a turn mail when ``new``, and a low-time
        mail ``mail_low_hours`` before their deadline if still to act then."""
        clocks = room.seats.clocks
        if not self.on or clocks.clock.kind != "days":
            return
        for seat in seat_numbers:
            info = room.row.seats[seat] if seat < len(room.row.seats) else None
            c = clocks.seats.get(seat)
            if info is None or info.kind != "human" or c is None or c.deadline is None or c.stand_in is not None:
                continue
            # the seat's account is read when the mail goes out: a seat claimed just now is remembered after this
            now = self.settings.time_source.time()
            if new:
                self.put(Notice("turn", "", room.row.id, room.row.game, seat, c.deadline - now))
            self._remind(room, seat, c.deadline, new)

    def _remind(self, room: Any, seat: int, deadline: float, new: bool) -> None:
        """The low-time mail of ``seat``, ``mail_low_hours`` before ``deadline``. At a new turn that starts with less
        time than that, the turn mail says the time left and no low-time mail follows; a clock that runs on as stored
        (a restart) whose low-time moment passed while the server was down gets its mail now, unless it was sent."""
        low = self.settings.mail_low_hours * 3600
        now = self.settings.time_source.time()
        if low <= 0 or deadline <= now or (new and deadline - low <= now):
            return
        old = self._timers.pop((room.row.id, seat), None)
        if old is not None:
            old.cancel()
        task = asyncio.get_running_loop().create_task(self._low(room, seat, deadline, max(now, deadline - low)))
        self._timers[room.row.id, seat] = task
        task.add_done_callback(lambda done: self._forget((room.row.id, seat), done))

    def _forget(self, key: tuple[str, int], task: asyncio.Task) -> None:
        if self._timers.get(key) is task:
            del self._timers[key]

    async def _low(self, room: Any, seat: int, deadline: float, at: float) -> None:
        await self.settings.time_source.wait(asyncio.Event(), at)
        c = room.seats.clocks.seats.get(seat)
        if c is None or c.deadline != deadline or c.stand_in is not None or room.state.is_terminal() or not room.seats.watching:
            return   # the seat acted (or a stand-in plays, the game ended, the room was dropped here) meanwhile
        gid = room.row.id
        if await asyncio.to_thread(self._low_sent_for, gid, seat) == deadline:
            return   # sent before the server stopped
        key = (low_mails.c.game_id == gid) & (low_mails.c.seat == seat)
        try:   # stored first, with the game (fenced as its every write): a server started again sends no second one
            await room.write(low_mails.delete().where(key),
                             low_mails.insert().values(game_id=gid, seat=seat, deadline=deadline), what="a low-time mail's mark")
        except Exception:   # logged by the write (another process holds the game now: it sends the mail)
            return
        self.put(Notice("low", "", gid, room.row.game, seat, deadline - self.settings.time_source.time()))

    def _low_sent_for(self, game_id: str, seat: int) -> float | None:
        """The deadline of ``seat``'s clock that its last low-time mail was sent for (None: none was)."""
        with self.store.engine.connect() as conn:
            return conn.execute(select(low_mails.c.deadline).where(low_mails.c.game_id == game_id,
                                                                   low_mails.c.seat == seat)).scalar()

    async def _run(self) -> None:
        assert self.queue is not None
        while True:
            notice = await self.queue.get()
            try:
                await asyncio.to_thread(self._deliver, notice)
            except Exception as e:   # the SMTP server down, refusing, slow: logged, never raised into a game
                self.failed += 1
                log.warning("mail (%s, game %s) not sent: %s", notice.kind, notice.game_id or "-", e)
            finally:
                self.queue.task_done()

    async def drain(self) -> None:
        """Wait until every queued notice was sent or given up (tests; a clean stop)."""
        if self.queue is not None:
            await self.queue.join()

    async def stop(self) -> None:
        for task in [*self._timers.values(), *([self._task] if self._task else [])]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._timers.clear()
        self._task, self.queue = None, None

    # ------------------------------------------------------------- sending
    def _deliver(self, notice: Notice) -> None:
        """Compose and send one notice (in a worker thread): only to a verified, subscribed address, except the
        verification mail itself, which goes to the address it was made for while that is still the account's."""
        with self.store.engine.connect() as conn:
            user_id = notice.user_id or conn.execute(select(seats.c.user_id).where(
                seats.c.game_id == notice.game_id, seats.c.seat == notice.seat)).scalar()
            row = conn.execute(select(emails).where(emails.c.user_id == user_id)).first() if user_id else None
        if row is None:
            return
        notice = dataclasses.replace(notice, user_id=row.user_id)
        if notice.kind == "verify":
            if row.address != notice.address or row.verified:
                return
        elif not (row.verified and row.subscribed):
            return
        self._send(compose(notice, row.address, row.key, self.settings))
        self.sent += 1

    def _send(self, message: EmailMessage) -> None:
        s = self.settings
        timeout = s.mail_timeout
        if s.mail_tls == "ssl":
            with smtplib.SMTP_SSL(s.mail_host, s.mail_port, timeout=timeout, context=ssl.create_default_context()) as smtp:
                self._login_send(smtp, message)
            return
        with smtplib.SMTP(s.mail_host, s.mail_port, timeout=timeout) as smtp:
            if s.mail_tls == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            self._login_send(smtp, message)

    def _login_send(self, smtp: smtplib.SMTP, message: EmailMessage) -> None:
        if self.settings.mail_user:
            smtp.login(self.settings.mail_user, self.settings.mail_password)
        smtp.send_message(message)


def links(settings: Settings, user_id: str, address: str, key: str) -> str:
    """The one-click unsubscribe link of ``address``."""
    query = urlencode({"u": user_id, "s": signature(key, user_id, address)})
    return f"{settings.mail_base_url.rstrip('/')}/api/account/email/unsubscribe?{query}"


def compose(notice: Notice, address: str, key: str, settings: Settings) -> EmailMessage:
    """The mail of ``notice`` to ``address``: the game, whose turn, the time left and links; nothing else."""
    words = catalogue("en")
    base = settings.mail_base_url.rstrip("/")
    unsubscribe = links(settings, notice.user_id, address, key)
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = address
    message["Date"] = formatdate(settings.time_source.time())
    message["Message-ID"] = make_msgid(domain=settings.mail_from.rpartition("@")[2] or None)
    if notice.kind == "verify":
        link = f"{base}/api/account/email/verify?{urlencode({'token': notice.token})}"
        message["Subject"] = words["mail.verify.subject"]
        body = fill(words["mail.verify.body"], {"link": link, "hours": f"{settings.mail_verify_hours:g}"}, "en")
    else:
        game_words = {"game": words.get(f"lobby.game_{notice.game}", notice.game), "seat": notice.seat + 1,
                      "left": time_left(notice.left, words), "link": f"{base}/game/{notice.game_id}"}
        message["Subject"] = fill(words[f"mail.{notice.kind}.subject"], game_words, "en")
        body = fill(words[f"mail.{notice.kind}.body"], game_words, "en")
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(f"{body}\n\n{fill(words['mail.unsubscribe'], {'link': unsubscribe}, 'en')}\n")
    return message


__all__ = ["MAX_ADDRESS", "TOKEN_CHARS", "BadAddress", "Mailer", "Notice", "compose", "new_key", "new_token", "parse_address",
           "parse_token", "parse_unsubscribe", "signature", "token_hash"]
