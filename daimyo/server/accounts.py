"""Accounts, optional: a name and a password (hashed with argon2), sessions in cookies, "my games".

Playing needs no account: a seat's token (from the creator's reply, an invitation or a rematch)
is enough. A signed-in player's seats are remembered, so the player finds them on any device and
returns to a seat without its link (a fresh seat token, the old one then stops working).

- Passwords: argon2id (argon2-cffi's defaults), hashed in a worker thread; an unknown name costs
  the same hashing as a wrong password, so sign-in timing does not tell which names exist.
- Sessions: a random id in an HttpOnly, SameSite=Strict cookie (Secure unless the operator turned
  ``cookie_secure`` off for plain-HTTP use on a LAN); only its SHA-256 is stored; it expires after
  ``session_days``. Every change made with the cookie also needs the session's CSRF token in the
  ``X-CSRF-Token`` header (and the Guard refuses other sites' Origins anyway).
- Sign-in failures are throttled per address and per name (``signin_rate``).
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Column, Float, ForeignKey, String, Table, delete, insert, select, update

from daimyo.server.rooms import ActError, hash_token
from daimyo.server.settings import Settings
from daimyo.server.store import games, metadata, now, seats

COOKIE = "daimyo_session"
MIN_PASSWORD, MAX_PASSWORD = 8, 200

users = Table(
    "users", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(40), nullable=False, unique=True),   # the name case-folded: one account per name
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


def check_account_name(name: Any) -> str:
    if not isinstance(name, str) or not 2 <= len(name.strip()) <= 40 or not name.isprintable():
        raise ActError("bad-request", "name: 2 to 40 printable characters")
    return " ".join(name.split())


def check_password(password: Any) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ActError("bad-request", f"password: {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


class Accounts:
    """Users, their sessions and their seats, in the play server's database."""

    def __init__(self, store, settings: Settings):
        self.store = store
        self.settings = settings

    # ------------------------------------------------------------ sign up / in
    async def sign_up(self, request: Any) -> tuple[User, str]:
        if not isinstance(request, dict):
            raise ActError("bad-request", "the request must be a JSON object")
        name = check_account_name(request.get("name"))
        password = check_password(request.get("password"))
        taken = await asyncio.to_thread(self._user_by_name, name)
        if taken is not None:
            raise ActError("name-taken", f"name: '{name}' is taken; choose another")
        digest = await asyncio.to_thread(_HASHER.hash, password)
        user_id = f"u-{secrets.token_hex(8)}"
        try:
            await self.store.write(insert(users).values(id=user_id, name=name, name_key=name.casefold(),
                                                        password_hash=digest, created=now()))
        except Exception:
            raise ActError("name-taken", f"name: '{name}' is taken; choose another") from None
        return await self._new_session(user_id, name)

    async def sign_in(self, request: Any) -> tuple[User, str]:
        """A new session for the right name and password; ActError("bad-password") otherwise."""
        if not isinstance(request, dict):
            raise ActError("bad-request", "the request must be a JSON object")
        name = check_account_name(request.get("name"))
        password = request.get("password")
        if not isinstance(password, str) or len(password) > MAX_PASSWORD:
            raise ActError("bad-request", f"password: at most {MAX_PASSWORD} characters")
        row = await asyncio.to_thread(self._user_by_name, name)
        ok = await asyncio.to_thread(_verify, row.password_hash if row is not None else _DUMMY, password)
        if row is None or not ok:
            raise ActError("bad-password", "that name and password do not match an account")
        return await self._new_session(row.id, row.name)

    async def _new_session(self, user_id: str, name: str) -> tuple[User, str]:
        session, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        expires = time.time() + self.settings.session_days * 86_400
        await self.store.write(insert(sessions).values(id_hash=hash_token(session), user_id=user_id, csrf=csrf, expires=expires))
        return User(user_id, name, csrf), session

    def _user_by_name(self, name: str):
        with self.store.engine.connect() as conn:
            return conn.execute(select(users).where(users.c.name_key == name.casefold())).first()

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

    def owns(self, user: User, game_id: str, seat: int) -> bool:
        with self.store.engine.connect() as conn:
            return conn.execute(select(seats.c.seat).where(seats.c.game_id == game_id, seats.c.seat == seat,
                                                           seats.c.user_id == user.id)).first() is not None


def _verify(digest: str, password: str) -> bool:
    try:
        return _HASHER.verify(digest, password)
    except (VerificationError, InvalidHashError):
        return False


__all__ = ["COOKIE", "Accounts", "User", "check_account_name", "check_password", "sessions", "users"]
