"""Accounts, optional: a name and a password (hashed with argon2), sessions in cookies, "my games".

Playing needs no account: a seat's token (from the creator's reply, an invitation or a rematch)
is enough. A signed-in player's seats are remembered, so the player finds them on any device and
returns to a seat without its link (a fresh seat token, the old one then stops working).

- Passwords: argon2id (argon2-cffi's defaults), 8 to ``MAX_PASSWORD`` characters, hashed in a small
  thread pool of their own (``hash_workers``) with a bounded queue (``hash_queue``): past it a sign-up or
  sign-in is answered 503 "busy, try again" at once, so password checks cannot starve other work. An
  unknown name costs the same hashing as a wrong password, so sign-in timing does not tell which names exist.
- Names: one normal form (daimyo/server/names.py) for sign-up, sign-in and throttling; a name whose
  skeleton equals an existing account's (a look-alike) is refused at sign-up.
- Sessions: a random id in an HttpOnly, SameSite=Strict cookie (Secure unless the operator turned
  ``cookie_secure`` off for plain-HTTP use on a LAN); only its SHA-256 is stored; it expires after
  ``session_days``. Every change made with the cookie also needs the session's CSRF token in the
  ``X-CSRF-Token`` header (and the Guard refuses other sites' Origins anyway).
- Sign-in attempts are counted before the password is hashed (routes/accounts.py): per name and address
  (``signin_rate``), per name (``signin_name_rate``), per address (``signin_address_rate``).
- E-mail (optional, when the operator configured mail): one address per account, verified by a single-use link,
  unsubscribed by a signed one (daimyo/server/mail.py); the address is shown to its owner only.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Column, Float, ForeignKey, String, Table, delete, insert, or_, select, update

from daimyo.server.mail import BadAddress, Mailer, Notice, new_key, new_token, parse_address, signature, token_hash
from daimyo.server.names import MAX_NAME, MAX_SKELETON, AccountName, BadName, account_name, legacy_key
from daimyo.server.rooms import ActError, hash_token
from daimyo.server.settings import Settings
from daimyo.server.store import OVER, emails, games, metadata, now, seats

COOKIE = "daimyo_session"
MIN_PASSWORD, MAX_PASSWORD = 8, 200

users = Table(
    "users", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(MAX_NAME), nullable=False),
    Column("name_key", String(MAX_NAME), nullable=False, unique=True),   # names.account_name's key: one account per name
    Column("name_skeleton", String(MAX_SKELETON), nullable=False, unique=True),   # no two accounts look alike
    Column("password_hash", String(200), nullable=False),
    Column("created", String(40), nullable=False),
)

sessions = Table(
    "sessions", metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("user_id", String(32), ForeignKey("users.id"), nullable=False),
    Column("csrf", String(64), nullable=False),
    Column("expires", Float, nullable=False),
)

_HASHER = PasswordHasher()
_DUMMY = _HASHER.hash("a password nobody has")


@dataclass(frozen=True)
class User:
    id: str
    name: str
    csrf: str


def check_account_name(name: Any) -> AccountName:
    """The normal form of a typed name (daimyo/server/names.py); a bad-request ActError naming the rule."""
    try:
        return account_name(name)
    except BadName as e:
        raise ActError("bad-request", str(e)) from None


def check_password(password: Any, new: bool) -> str:
    """A password as typed: ``MIN_PASSWORD`` to ``MAX_PASSWORD`` characters for a new one, at most ``MAX_PASSWORD``
    to sign in (checked before any hashing)."""
    if not isinstance(password, str) or len(password) > MAX_PASSWORD or (new and len(password) < MIN_PASSWORD):
        raise ActError("bad-request", f"password: {MIN_PASSWORD} to {MAX_PASSWORD} characters" if new
                       else f"password: at most {MAX_PASSWORD} characters")
    return password


def credentials(request: Any, new: bool) -> tuple[AccountName, str]:
    """The name and password of a sign-up (``new``) or sign-in request, checked before anything is counted or hashed."""
    if not isinstance(request, dict):
        raise ActError("bad-request", "the request must be a JSON object")
    return check_account_name(request.get("name")), check_password(request.get("password"), new)


class Accounts:
    """Users, their sessions and their seats, in the play server's database."""

    def __init__(self, store, settings: Settings):
        self.store = store
        self.settings = settings
        self._hashing: ThreadPoolExecutor | None = None
        self._hash_jobs = 0   # sign-ups and sign-ins holding a place at the hashing pool (running or queued)
        self.mail = Mailer(store, settings)

    # ------------------------------------------------------------ hashing
    @contextlib.contextmanager
    def hashing_place(self):
        """A place at the password-hashing pool for one sign-up or sign-in, taken at once or refused with
        ActError("busy") when ``hash_workers + hash_queue`` are taken (nothing is counted or hashed then)."""
        if self._hash_jobs >= max(1, self.settings.hash_workers) + self.settings.hash_queue:
            raise ActError("busy", "the server is busy checking other passwords; try again in a few seconds")
        self._hash_jobs += 1
        try:
            yield
        finally:
            self._hash_jobs -= 1

    async def _hash(self, fn, *args):
        if self._hashing is None:
            self._hashing = ThreadPoolExecutor(max(1, self.settings.hash_workers), thread_name_prefix="daimyo-hash")
        return await asyncio.get_running_loop().run_in_executor(self._hashing, fn, *args)

    # ------------------------------------------------------------ sign up / in
    async def sign_up(self, name: AccountName, password: str) -> tuple[User, str]:
        """A new account and its first session (inside a ``hashing_place``)."""
        taken = await asyncio.to_thread(self._clash, name)
        if taken is not None:
            raise taken
        digest = await self._hash(_HASHER.hash, password)
        user_id = f"u-{secrets.token_hex(8)}"
        try:
            await self.store.write(insert(users).values(id=user_id, name=name.shown, name_key=name.key,
                                                        name_skeleton=name.skeleton, password_hash=digest, created=now()))
        except Exception:
            raise ActError("name-taken", f"name: '{name.shown}' is taken; choose another") from None
        return await self._new_session(user_id, name.shown)

    def _clash(self, name: AccountName) -> ActError | None:
        with self.store.engine.connect() as conn:
            rows = conn.execute(select(users.c.name_key).where(or_(users.c.name_key == name.key,
                                                                   users.c.name_skeleton == name.skeleton))).all()
        if any(r.name_key == name.key for r in rows):
            return ActError("name-taken", f"name: '{name.shown}' is taken; choose another")
        if rows:
            return ActError("name-look-alike", f"name: '{name.shown}' looks too much like an existing account's name; choose another")
        return None

    async def sign_in(self, name: AccountName, typed: str, password: str) -> tuple[User, str]:
        """A new session for the right name and password (inside a ``hashing_place``); ActError("bad-password") otherwise.
        ``typed`` is the name as sent: an account made before names were normalised is found by its old key."""
        row = await asyncio.to_thread(self._user_by_name, name, typed)
        ok = await self._hash(_verify, row.password_hash if row is not None else _DUMMY, password)
        if row is None or not ok:
            raise ActError("bad-password", "that name and password do not match an account")
        return await self._new_session(row.id, row.name)

    async def _new_session(self, user_id: str, name: str) -> tuple[User, str]:
        session, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        expires = time.time() + self.settings.session_days * 86_400
        await self.store.write(insert(sessions).values(id_hash=hash_token(session), user_id=user_id, csrf=csrf, expires=expires))
        return User(user_id, name, csrf), session

    def _user_by_name(self, name: AccountName, typed: str):
        old = legacy_key(typed)
        with self.store.engine.connect() as conn:
            rows = conn.execute(select(users).where(users.c.name_key.in_({name.key, old}))).all()
        # a key kept from before (not in normal form) is that old account's alone: it comes first
        return next((r for r in rows if r.name_key == old), next(iter(rows), None))

    # -------------------------------------------------------------- sessions
    async def user(self, session: str | None) -> User | None:
        """The signed-in user of a session cookie, or None (no cookie, unknown or expired session)."""
        if not session or len(session) > 100:
            return None
        return await asyncio.to_thread(self._user_of, hash_token(session))

    def _user_of(self, id_hash: str) -> User | None:
        with self.store.engine.connect() as conn:
            row = conn.execute(select(sessions.c.user_id, sessions.c.csrf, sessions.c.expires, users.c.name)
                               .join(users, users.c.id == sessions.c.user_id).where(sessions.c.id_hash == id_hash)).first()
        if row is None or row.expires <= time.time():
            return None
        return User(row.user_id, row.name, row.csrf)

    @staticmethod
    def check_csrf(user: User, header: str | None) -> None:
        if not header or not hmac.compare_digest(header.encode(), user.csrf.encode()):
            raise ActError("bad-csrf", "X-CSRF-Token: missing or wrong (sign in again, or reload the page)")

    async def sign_out(self, session: str) -> None:
        await self.store.write(delete(sessions).where(sessions.c.id_hash == hash_token(session)))

    async def sign_out_everywhere(self, user: User) -> None:
        await self.store.write(delete(sessions).where(sessions.c.user_id == user.id))

    # ----------------------------------------------------------------- seats
    async def remember_seat(self, user: User, game_id: str, seat: int) -> None:
        await self.store.write(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat).values(user_id=user.id))

    def seat_rows(self, user: User) -> list[tuple[str, int]]:
        with self.store.engine.connect() as conn:
            rows = conn.execute(select(seats.c.game_id, seats.c.seat).join(games, games.c.id == seats.c.game_id)
                                .where(seats.c.user_id == user.id).order_by(games.c.created.desc())).all()
        return [(r.game_id, r.seat) for r in rows]

    def seats_in_play(self, user: User) -> list[tuple[str, int]]:
        """The seats this account holds in games not over, that have a token."""
        with self.store.engine.connect() as conn:
            rows = conn.execute(select(seats.c.game_id, seats.c.seat).join(games, games.c.id == seats.c.game_id)
                                .where(seats.c.user_id == user.id, games.c.status != OVER, seats.c.token_hash.is_not(None))).all()
        return [(r.game_id, r.seat) for r in rows]

    def owns(self, user: User, game_id: str, seat: int) -> bool:
        with self.store.engine.connect() as conn:
            return conn.execute(select(seats.c.seat).where(seats.c.game_id == game_id, seats.c.seat == seat,
                                                           seats.c.user_id == user.id)).first() is not None


    # ---------------------------------------------------------------- e-mail
    def email_state(self, user: User) -> dict:
        """What the account page shows: whether this server sends mail, the address, verified, subscribed."""
        with self.store.engine.connect() as conn:
            row = conn.execute(select(emails).where(emails.c.user_id == user.id)).first()
        return {"offered": self.mail.on, "address": row.address if row else None,
                "verified": bool(row and row.verified), "subscribed": bool(row and row.subscribed)}

    async def set_email(self, user: User, typed: Any) -> dict:
        """Set (a new address: unverified, a verification mail sent) or remove (null or "") the account's address."""
        if typed is None or typed == "":
            await self.store.write(delete(emails).where(emails.c.user_id == user.id))
            return await asyncio.to_thread(self.email_state, user)
        if not self.mail.on:
            raise ActError("mail-off", "address: this server sends no mail (its operator has not configured it)")
        try:
            address = parse_address(typed)
        except BadAddress as e:
            raise ActError("bad-request", str(e)) from None
        token = new_token()
        expires = self.settings.time_source.time() + self.settings.mail_verify_hours * 3600
        await self.store.write(delete(emails).where(emails.c.user_id == user.id),
                               insert(emails).values(user_id=user.id, address=address, verified=False, subscribed=True,
                                                     token_hash=token_hash(token), token_expires=expires, key=new_key()))
        self.mail.put(Notice("verify", user.id, token=token, address=address))
        return await asyncio.to_thread(self.email_state, user)

    async def verify_email(self, token: str) -> bool:
        """Use a verification token: True once (the address is verified), False for an unknown, used or expired one."""
        digest = token_hash(token)
        with self.store.engine.connect() as conn:
            row = conn.execute(select(emails.c.user_id, emails.c.token_expires).where(emails.c.token_hash == digest)).first()
        if row is None:
            return False
        ok = row.token_expires is not None and row.token_expires > self.settings.time_source.time()
        # used or expired, the token ends here: a link works once
        await self.store.write(update(emails).where(emails.c.user_id == row.user_id, emails.c.token_hash == digest)
                               .values(token_hash=None, token_expires=None, **({"verified": True} if ok else {})))
        return ok

    async def unsubscribe(self, user_id: str, sig: str) -> bool:
        """The one-click link: True when its signature is right for the account's address (now unsubscribed)."""
        with self.store.engine.connect() as conn:
            row = conn.execute(select(emails.c.address, emails.c.key).where(emails.c.user_id == user_id)).first()
        if row is None or not hmac.compare_digest(signature(row.key, user_id, row.address), sig):
            return False
        await self.store.write(update(emails).where(emails.c.user_id == user_id).values(subscribed=False))
        return True

    async def set_subscribed(self, user: User, on: Any) -> dict:
        if not isinstance(on, bool):
            raise ActError("bad-request", "subscribed: true or false")
        await self.store.write(update(emails).where(emails.c.user_id == user.id).values(subscribed=on))
        return await asyncio.to_thread(self.email_state, user)


def _verify(digest: str, password: str) -> bool:
    try:
        return _HASHER.verify(digest, password)
    except (VerificationError, InvalidHashError):
        return False


__all__ = ["COOKIE", "MAX_PASSWORD", "MIN_PASSWORD", "Accounts", "User", "check_account_name", "check_password", "credentials",
           "sessions", "users"]
