"""The accounts' HTTP endpoints (docs/server-protocol.md, Accounts): sign up, sign in, sign out (here
or everywhere), who am I, my games, and back to my seat without its link."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from daimyo.server.accounts import COOKIE, Accounts, User
from daimyo.server.guard import RequestError, client_address, read_json
from daimyo.server.rooms import ActError

STATUS = {"bad-request": 400, "bad-password": 401, "signed-out": 401, "bad-csrf": 403, "not-yours": 403,
          "name-taken": 409, "no-such-game": 404, "rate-limited": 429}


def _error(e: ActError) -> JSONResponse:
    return JSONResponse({"error": e.message, "code": e.code}, status_code=STATUS.get(e.code, 400))


def account_routes(hub, accounts: Accounts, limiter, settings) -> list[Route]:
    def signed_in(user: User, session: str | None, status: int = 200) -> Response:
        reply = JSONResponse({"name": user.name, "csrf": user.csrf}, status_code=status)
        if session is not None:
            reply.set_cookie(COOKIE, session, max_age=int(settings.session_days * 86_400), httponly=True,
                             secure=settings.cookie_secure, samesite="strict", path="/")
        return reply

    async def current(request: Request, csrf: bool = True) -> User:
        user = await accounts.user(request.cookies.get(COOKIE))
        if user is None:
            raise ActError("signed-out", "you are not signed in (or your sign-in expired)")
        if csrf:
            accounts.check_csrf(user, request.headers.get("x-csrf-token"))
        return user

    async def body(request: Request) -> Any:
        try:
            return await read_json(request, settings)
        except RequestError as e:
            raise ActError("bad-request", e.message) from None

    def endpoint(handler):
        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except ActError as e:
                return _error(e)
        return run

    async def sign_up(request: Request) -> Response:
        client = client_address(request.scope, settings)
        if not limiter.hit(settings.create_rate, "sign-up", client):
            raise ActError("rate-limited", "too many new accounts from your address; try again later")
        user, session = await accounts.sign_up(await body(request))
        return signed_in(user, session, 201)

    async def sign_in(request: Request) -> Response:
        client = client_address(request.scope, settings)
        req = await body(request)
        name = req.get("name") if isinstance(req, dict) else None
        key = name.casefold()[:40] if isinstance(name, str) else ""
        if not limiter.allows(settings.signin_rate, "sign-in", client) or \
                not limiter.allows(settings.signin_rate, "sign-in-name", key):
            raise ActError("rate-limited", "too many failed sign-ins; try again in a minute")
        try:
            user, session = await accounts.sign_in(req)
        except ActError as e:
            if e.code == "bad-password":
                limiter.hit(settings.signin_rate, "sign-in", client)
                limiter.hit(settings.signin_rate, "sign-in-name", key)
            raise
        return signed_in(user, session)

    async def sign_out(request: Request) -> Response:
        await current(request)
        await accounts.sign_out(request.cookies[COOKIE])
        reply = JSONResponse({"signed_out": True})
        reply.delete_cookie(COOKIE, path="/", secure=settings.cookie_secure, httponly=True, samesite="strict")
        return reply

    async def sign_out_everywhere(request: Request) -> Response:
        user = await current(request)
        await accounts.sign_out_everywhere(user)
        reply = JSONResponse({"signed_out": True, "everywhere": True})
        reply.delete_cookie(COOKIE, path="/", secure=settings.cookie_secure, httponly=True, samesite="strict")
        return reply

    async def me(request: Request) -> Response:
        """Who is signed in here: the name and CSRF token, or nulls (a page asks this on every load: no error)."""
        user = await accounts.user(request.cookies.get(COOKIE))
        if user is None:
            return JSONResponse({"name": None, "csrf": None})
        return signed_in(user, None)

    async def my_games(request: Request) -> Response:
        user = await current(request, csrf=False)
        # every game of the account, whichever process of a cluster serves it (hub.my_games reads the database)
        return JSONResponse(await hub.my_games(await asyncio.to_thread(accounts.seat_rows, user)))

    async def my_seat(request: Request) -> Response:
        """A fresh token for a seat this account holds: {"seat": N}."""
        user = await current(request)
        req = await body(request)
        seat = req.get("seat") if isinstance(req, dict) else None
        room = await hub.room(request.path_params["game_id"])
        if not isinstance(seat, int) or isinstance(seat, bool) or \
                not await asyncio.to_thread(accounts.owns, user, room.row.id, seat):
            raise ActError("not-yours", "seat: not a seat of your account in this game")
        return JSONResponse(await hub.fresh_token(room, seat))

    return [
        Route("/api/account", endpoint(me)),
        Route("/api/account/games", endpoint(my_games)),
        Route("/api/account/sign-up", endpoint(sign_up), methods=["POST"]),
        Route("/api/account/sign-in", endpoint(sign_in), methods=["POST"]),
        Route("/api/account/sign-out", endpoint(sign_out), methods=["POST"]),
        Route("/api/account/sign-out-everywhere", endpoint(sign_out_everywhere), methods=["POST"]),
        Route("/api/games/{game_id}/my-seat", endpoint(my_seat), methods=["POST"]),
    ]


async def remember(hub, accounts: Accounts, request: Request, game_id: str, seat: int | None) -> None:
    """Add a seat just taken (created, claimed, rematched) to the signed-in player's games."""
    if seat is None:
        return
    user = await accounts.user(request.cookies.get(COOKIE))
    if user is not None:
        await accounts.remember_seat(user, game_id, seat)
        room = hub.rooms.get(game_id)
        if room is not None:
            room.row.seats[seat].user_id = user.id
