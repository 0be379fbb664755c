"""The games API (docs/server-protocol.md): the games list and the open tables, a new game (from its seats, a
position file or a table's options), the seat and host requests, a game's summary, record and replay, the games a
browser holds, the seats a position file makes, the bots of a game, and the server's load."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from daimyo.bots.levels import offered_bots
from daimyo.server.filters import parse_filters
from daimyo.server.games import DEFAULT_GAME, game_record, hosted, hosted_games
from daimyo.server.guard import RequestError, client_address, read_json
from daimyo.server.new_games import start_file_of
from daimyo.server.ratings import level_dicts
from daimyo.server.rooms import ActError
from daimyo.server.routes.accounts import remember
from daimyo.server.routes.context import Context, Elsewhere, NotFound, error, refused
from daimyo.server.routes.players import rated_claim_refused
from daimyo.server.store import OVER
from daimyo.server.uploads import table_upload, war_file_seats


def routes(ctx: Context) -> list[BaseRoute]:
    hub, settings, limiter = ctx.hub, ctx.settings, ctx.limiter

    async def list_games(request: Request) -> Response:
        raw = request.query_params.get("limit", str(settings.page_size))
        if not raw.isdigit() or not 1 <= int(raw) <= settings.page_size:
            return error(400, f"limit: a number of games from 1 to {settings.page_size}")
        before = request.query_params.get("before")
        if before is not None and (len(before) > 80 or not before.isprintable()):
            return error(400, "before: the 'next' value of the previous page")
        try:
            filters = parse_filters(request.query_params)
            body = await hub.page(int(raw), before)
        except ActError as e:
            return refused(e)
        if filters.any:   # the page's games that pass (a page may then hold fewer than limit; "next" goes on)
            page = orjson.loads(body)
            page["games"] = [g for g in page["games"] if filters.keeps(g)]
            body = orjson.dumps(page)
        return Response(body, media_type="application/json")

    async def open_games(request: Request) -> Response:
        try:
            filters = parse_filters(request.query_params)
        except ActError as e:
            return refused(e)
        return JSONResponse({"games": [g for g in await hub.open_games() if filters.keeps(g)]})

    async def create_game(request: Request) -> Response:
        client = client_address(request.scope, settings)
        try:
            req = await read_json(request, settings)
        except RequestError as e:
            return error(e.status, e.message)
        if not await limiter.hit(settings.create_rate, "create", client):
            return error(429, f"too many new games from your address (at most {settings.create_rate}); try again later")
        unread = await uploaded_file_refused(ctx, req, client)
        if unread is not None:
            return unread
        try:
            reply = await hub.create(req)
        except ActError as e:
            return refused(e)
        await remember(hub, ctx.accounts, request, reply["id"], (reply["you"] or {}).get("seat"))
        return JSONResponse(reply, status_code=201)

    def seat_endpoint(method, claim: bool = False):
        """A request that shows a secret (invitation code, host token): throttled per client on failure."""
        async def endpoint(request: Request) -> Response:
            client = client_address(request.scope, settings)
            if not await limiter.may_try_seat(client):
                return error(429, "too many wrong codes or tokens from your address; try again later")
            if claim and await rated_claim_refused(hub, ctx.accounts, request):   # docs/web.md, Ratings and profiles
                return error(401, "rated: a rated table's seats are for signed-in players; sign in, then take the seat")
            try:
                req = await read_json(request, settings)
                reply = await method(request.path_params["game_id"], req)
                if "token" in reply:   # a seat taken: the signed-in player's games remember it
                    await remember(hub, ctx.accounts, request, reply.get("id", request.path_params["game_id"]), reply["seat"])
                return JSONResponse(reply)
            except RequestError as e:
                return error(e.status, e.message)
            except ActError as e:
                if e.code == "bad-token":
                    await limiter.failed_seat(client)
                return refused(e)
        return endpoint

    async def one_game(request: Request) -> Response:
        room = await watched_room(ctx, request)
        return JSONResponse(room.summary())

    async def record(request: Request) -> Response:
        room = await watched_room(ctx, request)
        if room.row.status != OVER:
            return error(409, "the record shows every hidden token, so it is available once the game is over")
        text = await asyncio.to_thread(game_record, room.rules, room.row, list(room.actions))
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{room.row.id}.record"'})

    async def replay(request: Request) -> Response:
        room = await watched_room(ctx, request)
        if room.row.status != OVER:
            return error(409, "a game can be replayed once it is over")
        return JSONResponse(await hub.replay(room))

    async def stats(request: Request) -> Response:
        return JSONResponse(hub.load_summary())

    async def bots(request: Request) -> Response:
        game = request.query_params.get("game", DEFAULT_GAME)
        rules = hosted(game)
        if rules is None:
            shown = game[:40] if game.isprintable() else "that"
            return error(400, f"game: unknown game '{shown}' (games: {', '.join(hosted_games())})")
        return JSONResponse({"bots": offered_bots(rules.name), "levels": level_dicts(rules.name)})

    async def your_games(request: Request) -> Response:
        """The games whose keys this browser holds, private ones included: {"games": {id: key}} -> {"games": [...]}."""
        req = await ctx.json_object(request)
        try:
            return req if isinstance(req, Response) else JSONResponse(await hub.known(req))
        except ActError as e:
            return refused(e)

    async def start_file(request: Request) -> Response:
        """The seats a position file (an uploaded war file) makes, before a game is created from it:
        {"game", "file"} -> {"seats": [clan, ...]}; a file the game's reader refuses gets its words (line and field)."""
        client = client_address(request.scope, settings)
        req = await ctx.json_object(request)
        if isinstance(req, Response):
            return req
        rules = hosted(req.get("game"))
        if rules is None or not rules.starts_from_file:
            files = [n for n in hosted_games() if (info := hosted(n)) is not None and info.starts_from_file]
            return error(400, f"game: a game that starts from a file ({', '.join(files)})")
        limited = await ctx.upload_limits(client, "file", req.get("file"))
        if limited is not None:
            return limited
        try:
            text = start_file_of(rules, {"file": req.get("file")})
        except ActError as e:
            return refused(e)
        read = await ctx.read_upload(war_file_seats, rules.name, text)
        return read if isinstance(read, Response) else JSONResponse({"seats": read["seats"]})

    return [
        Route("/api/bots", bots),
        Route("/api/start-file", start_file, methods=["POST"]),
        Route("/api/stats", stats),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/games/open", open_games),
        Route("/api/games/yours", your_games, methods=["POST"]),
        Route("/api/games/{game_id}/cancel", seat_endpoint(hub.cancel), methods=["POST"]),
        Route("/api/games/{game_id}", one_game),
        Route("/api/games/{game_id}/claim", seat_endpoint(hub.claim, claim=True), methods=["POST"]),
        Route("/api/games/{game_id}/invite", seat_endpoint(hub.new_invitation), methods=["POST"]),
        Route("/api/games/{game_id}/rematch", seat_endpoint(hub.rematch), methods=["POST"]),
        Route("/api/games/{game_id}/table", seat_endpoint(hub.edit_table), methods=["POST"]),
        Route("/api/games/{game_id}/start", seat_endpoint(hub.start_game), methods=["POST"]),
        Route("/api/games/{game_id}/stand-in", seat_endpoint(hub.stand_in), methods=["POST"]),
        Route("/api/games/{game_id}/spectator-chat", seat_endpoint(hub.spectator_chat), methods=["POST"]),
        Route("/api/games/{game_id}/record", record),
        Route("/api/games/{game_id}/replay", replay),
    ]


async def watched_room(ctx: Context, request: Request):
    """The room of the request's game, for a reader showing its key (X-Daimyo-Key; docs/server-protocol.md): a game
    that is not public is read only with one of its secrets. NotFound (404) or Elsewhere (503) otherwise."""
    try:
        return await ctx.hub.watched_room(request.path_params["game_id"], request.headers.get("x-daimyo-key"))
    except ActError as e:
        if e.code == "elsewhere":
            raise Elsewhere(e.message) from None
        raise NotFound(e.message) from None


async def uploaded_file_refused(ctx: Context, req: Any, client: str) -> Response | None:
    """For a new game from an uploaded file (a position file, or the file of a table option such as Senjutsu's card
    file): the file read off the event loop first, within the upload limits; the response that refuses it, or None
    (no file, or a file that reads)."""
    if not isinstance(req, dict):
        return None
    rules = hosted(req.get("game", DEFAULT_GAME))
    upload = rules.table_options.upload if rules is not None and rules.table_options is not None else None
    if rules is not None and rules.starts_from_file and isinstance(req.get("file"), str):
        text = req["file"]
        refusal = await ctx.upload_limits(client, "file", text)
        read = refusal or await ctx.read_upload(war_file_seats, rules.name, text)
    elif rules is not None and upload is not None and isinstance(req.get(upload), str):
        text = req[upload]
        refusal = await ctx.upload_limits(client, upload, text)
        read = refusal or await ctx.read_upload(table_upload, rules.name, text, ctx.settings.max_depth)
    else:
        return None
    return read if isinstance(read, Response) else None
