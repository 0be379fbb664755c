"""The accounts' HTTP endpoints (docs/server-protocol.md, Accounts): sign up, sign in, sign out (here
or everywhere), who am I, my games, back to my seat without its link, and the e-mail address for correspondence
games with its verification and one-click unsubscribe links (docs/web.md, E-mail)."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from sqlalchemy import update
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from daimyo.server.accounts import COOKIE, Accounts, User, credentials
from daimyo.server.guard import RequestError, client_address, read_json
from daimyo.server.mail import BadAddress, parse_address, parse_token, parse_unsubscribe
from daimyo.server.rooms import SIGNED_OUT, ActError, hash_token
from daimyo.server.routes.context import Context
from daimyo.server.store import seats

STATUS = {"bad-request": 400, "bad-password": 401, "signed-out": 401, "bad-csrf": 403, "not-yours": 403,
          "name-taken": 409, "name-look-alike": 409, "no-such-game": 404, "mail-off": 409, "rate-limited": 429, "busy": 503}
RETRY_AFTER = {"rate-limited": "60", "busy": "5"}   # seconds, in the Retry-After header


def parse_address_or_none(text: Any) -> str | None:
    try:
        return parse_address(text)
    except BadAddress:
        return None


def _error(e: ActError) -> JSONResponse:
    retry = RETRY_AFTER.get(e.code)
    return JSONResponse({"error": e.message, "code": e.code}, status_code=STATUS.get(e.code, 400),
                        headers={"Retry-After": retry} if retry else None)


def routes(ctx: Context) -> list[BaseRoute]:
    hub, accounts, limiter, settings = ctx.hub, ctx.accounts, ctx.limiter, ctx.settings

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
        name, password = credentials(await body(request), new=True)
        throttle = (settings.create_rate, "sign-up", client)
        too_many = ActError("rate-limited", "too many new accounts from your address; try again later")
        if not await limiter.allows(throttle):
            raise too_many
        with accounts.hashing_place():   # busy: refused before anything is counted
            if not await limiter.take(throttle):   # another process (cluster mode) counted the last one meanwhile
                raise too_many
            user, session = await accounts.sign_up(name, password)
        return signed_in(user, session, 201)

    async def sign_in(request: Request) -> Response:
        """Every attempt is counted before its password is hashed (right or wrong), and only when all three throttles
        allow it: an attempt they refuse costs no hashing and uses up none of the other throttles either."""
        client = client_address(request.scope, settings)
        req = await body(request)
        name, password = credentials(req, new=False)
        throttles = ((settings.signin_rate, "sign-in", f"{client} {name.key}"),   # an address holds no space
                     (settings.signin_name_rate, "sign-in-name", name.key),
                     (settings.signin_address_rate, "sign-in-address", client))
        too_many = ActError("rate-limited", "too many sign-in attempts; try again in a minute")
        if not await limiter.allows(*throttles):
            raise too_many
        with accounts.hashing_place():   # busy: refused before anything is counted
            if not await limiter.take(*throttles):   # all three or none; another request took the last place meanwhile
                raise too_many
            user, session = await accounts.sign_in(name, req["name"], password)
        return signed_in(user, session)

    async def sign_out(request: Request) -> Response:
        await current(request)
        await accounts.sign_out(request.cookies[COOKIE])
        reply = JSONResponse({"signed_out": True})
        reply.delete_cookie(COOKIE, path="/", secure=settings.cookie_secure, httponly=True, samesite="strict")
        return reply

    async def sign_out_everywhere(request: Request) -> Response:
        user = await current(request)
        await accounts.sign_out_everywhere(user)   # first: no device can fetch a fresh seat token after this
        await end_seat_tokens(hub, accounts, user)
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

    async def email(request: Request) -> Response:
        """GET: the address and its state; POST {"address": "..."}: set it (a verification mail goes out) or remove it
        (null or ""); POST {"subscribed": bool}: whether mails about games are wanted."""
        if request.method == "GET":
            return JSONResponse(await asyncio.to_thread(accounts.email_state, await current(request, csrf=False)))
        user = await current(request)
        req = await body(request)
        if not isinstance(req, dict) or len(req) != 1 or not {"address", "subscribed"} & set(req):
            raise ActError("bad-request", 'the request must be {"address": "name@example.org"} or {"subscribed": true}')
        if "subscribed" in req:
            return JSONResponse(await accounts.set_subscribed(user, req["subscribed"]))
        address = req["address"]
        # each saved address mails a link: counted per account, after the address was read (a typo costs nothing)
        if address not in (None, "") and accounts.mail.on and parse_address_or_none(address) is not None and \
                not await limiter.hit(settings.mail_rate, "mail", user.id):
            raise ActError("rate-limited", "address: too many addresses saved; try again in an hour")
        return JSONResponse(await accounts.set_email(user, address))

    def to_account(result: str) -> Response:
        """A link opened from a mail lands on the lobby's account panel, which says what happened."""
        return RedirectResponse(f"/?email={result}#account-panel", status_code=303)

    async def verify(request: Request) -> Response:
        try:
            token = parse_token(request.query_params.get("token"))
        except ValueError as e:
            raise ActError("bad-request", str(e)) from None
        return to_account("verified" if await accounts.verify_email(token) else "expired")

    async def unsubscribe(request: Request) -> Response:
        """One click, no sign-in: GET from the link in a mail, POST from a mail program (RFC 8058)."""
        try:
            user_id, sig = parse_unsubscribe(request.query_params.get("u"), request.query_params.get("s"))
        except ValueError as e:
            raise ActError("bad-request", str(e)) from None
        done = await accounts.unsubscribe(user_id, sig)
        if request.method == "POST":
            return JSONResponse({"unsubscribed": True}) if done else \
                _error(ActError("not-yours", "s: this unsubscribe link is not valid (the address changed?)"))
        return to_account("unsubscribed" if done else "bad")

    return [
        Route("/api/account", endpoint(me)),
        Route("/api/account/email", endpoint(email), methods=["GET", "POST"]),
        Route("/api/account/email/verify", endpoint(verify)),
        Route("/api/account/email/unsubscribe", endpoint(unsubscribe), methods=["GET", "POST"]),
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


async def end_seat_tokens(hub, accounts: Accounts, user: User) -> None:
    """Sign out everywhere ends every seat token of the account's seats in games not over: the one this device
    holds and any that another device (signed in, or signed in once) obtained, by the creator's reply, a claim,
    a rematch or "back to my seat". Each seat gets a new token nobody is given; the seat stays the account's,
    and its owner, signed in again, takes a fresh token with "back to my seat". Open connections on those seats
    are told ``bad-token`` and closed. Seats the account never held, and host tokens, are left as they are."""
    ended = {held: hash_token(secrets.token_urlsafe(24)) for held in await asyncio.to_thread(accounts.seats_in_play, user)}
    by_game: dict[str, list[int]] = {}
    for game_id, seat in ended:
        by_game.setdefault(game_id, []).append(seat)
    for game_id, seat_numbers in by_game.items():
        writes = [update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat, seats.c.user_id == user.id)
                  .values(token_hash=ended[game_id, seat]) for seat in seat_numbers]
        room = hub.rooms.get(game_id)
        if room is None:
            await hub.store.write(*writes)
            continue
        async with room.lock:   # as a fresh token is given: no action of the seat is half-way
            await hub.store.write(*writes)
            for seat in seat_numbers:
                info = room.row.seats[seat] if seat < len(room.row.seats) else None
                if info is None or info.user_id != user.id:
                    continue
                room.seats.end_token(seat, ended[game_id, seat], SIGNED_OUT)
