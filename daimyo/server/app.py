"""The ASGI app: lobby and game pages, a small JSON API and one WebSocket per game connection.

The protocol is docs/server-protocol.md. ``create_app(db_url)`` builds the app; uvicorn runs it
(``daimyo play`` / ``daimyo serve``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from pathlib import Path
from typing import Any

import orjson
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from daimyo.bots.registry import bot_names
from daimyo.server import senjutsu_table
from daimyo.server.account_api import account_routes, remember
from daimyo.server.accounts import Accounts
from daimyo.server.games import game_record, hosted, hosted_games
from daimyo.server.guard import Guard, Limiter, RequestError, client_address, parse_json, read_json
from daimyo.server.hub import Hub, file_seats, start_file_of
from daimyo.server.rooms import ActError, Connection
from daimyo.server.settings import Settings
from daimyo.server.store import OVER, Store
from daimyo.server.uploads import FileReader, UploadError, card_file_summary, war_file_seats

log = logging.getLogger("daimyo.server")

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"

# the HTTP status of each refusal code of the protocol
STATUS = {"bad-request": 400, "bad-token": 403, "seat-taken": 409, "game-over": 409, "not-over": 409, "not-away": 409, "not-ready": 409,
          "not-started": 409, "no-such-game": 404, "elsewhere": 503,
          "rate-limited": 429}


def dumps(msg: dict) -> str:
    """A message as JSON text (orjson: the server spends much of its time encoding views)."""
    return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(db_url: str, bot_delay: float = 0.0, settings: Settings | None = None) -> Guard:
    """The server app over the database at ``db_url``; bots wait ``bot_delay`` seconds before each move;
    ``settings`` holds every limit (daimyo/server/settings.py)."""
    settings = settings or Settings()
    store = Store(db_url)
    hub = Hub(store, bot_delay, settings)
    limiter = Limiter(settings, store.engine)   # cluster mode: rates shared in the database
    accounts = Accounts(store, settings)
    reader = FileReader(settings.upload_workers, settings.upload_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await hub.start()
        try:
            yield
        finally:
            reader.close()
            await hub.stop()
            store.close()

    # ------------------------------------------------------------ pages
    def page(name: str):
        async def endpoint(request: Request) -> Response:
            path = STATIC / name
            if not path.is_file():
                return PlainTextResponse(f"{name} is missing from this installation", status_code=500)
            return FileResponse(path, headers={"Cache-Control": "no-cache"})
        return endpoint

    async def game_page(request: Request) -> Response:
        """The page of the game's kind: Senjutsu's own page, or Rokugan's (which also reports a missing game)."""
        try:
            room = await hub.room(request.path_params["game_id"])
            name = GAME_PAGES.get(room.row.game, "game.html")
        except ActError:
            name = "game.html"
        return await page(name)(request)

    # -------------------------------------------------------------- API
    def refused(e: ActError) -> JSONResponse:
        return _error(STATUS.get(e.code, 400), e.message)

    async def list_games(request: Request) -> Response:
        raw = request.query_params.get("limit", str(settings.page_size))
        if not raw.isdigit() or not 1 <= int(raw) <= settings.page_size:
            return _error(400, f"limit: a number of games from 1 to {settings.page_size}")
        before = request.query_params.get("before")
        if before is not None and (len(before) > 80 or not before.isprintable()):
            return _error(400, "before: the 'next' value of the previous page")
        try:
            body = await hub.page(int(raw), before)
        except ActError as e:
            return refused(e)
        return Response(body, media_type="application/json")

    async def open_games(request: Request) -> Response:
        return JSONResponse({"games": await hub.open_games()})

    async def create_game(request: Request) -> Response:
        client = client_address(request.scope, settings)
        try:
            req = await read_json(request, settings)
        except RequestError as e:
            return _error(e.status, e.message)
        if not await limiter.hit(settings.create_rate, "create", client):
            return _error(429, f"too many new games from your address (at most {settings.create_rate}); try again later")
        unread = await _uploaded_file_refused(req, client)
        if unread is not None:
            return unread
        try:
            reply = await hub.create(req)
        except ActError as e:
            return refused(e)
        await remember(hub, accounts, request, reply["id"], (reply["you"] or {}).get("seat"))
        return JSONResponse(reply, status_code=201)

    def seat_endpoint(method):
        """A request that shows a secret (invitation code, host token): throttled per client on failure."""
        async def endpoint(request: Request) -> Response:
            client = client_address(request.scope, settings)
            if not await limiter.may_try_seat(client):
                return _error(429, "too many wrong codes or tokens from your address; try again later")
            try:
                req = await read_json(request, settings)
                reply = await method(request.path_params["game_id"], req)
                if "token" in reply:   # a seat taken: the signed-in player's games remember it
                    await remember(hub, accounts, request, reply.get("id", request.path_params["game_id"]), reply["seat"])
                return JSONResponse(reply)
            except RequestError as e:
                return _error(e.status, e.message)
            except ActError as e:
                if e.code == "bad-token":
                    await limiter.failed_seat(client)
                return refused(e)
        return endpoint

    async def _room_or_404(request: Request):
        try:
            # a game that is not public is read only with one of its secrets (X-Daimyo-Key; docs/server-protocol.md)
            return await hub.watched_room(request.path_params["game_id"], request.headers.get("x-daimyo-key"))
        except ActError as e:
            if e.code == "elsewhere":
                raise _Elsewhere(e.message) from None
            raise _NotFound(e.message) from None

    async def one_game(request: Request) -> Response:
        room = await _room_or_404(request)
        return JSONResponse(room.summary())

    async def record(request: Request) -> Response:
        room = await _room_or_404(request)
        if room.row.status != OVER:
            return _error(409, "the record shows every hidden token, so it is available once the game is over")
        text = await asyncio.to_thread(game_record, room.rules, room.row, list(room.actions))
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{room.row.id}.record"'})

    async def replay(request: Request) -> Response:
        room = await _room_or_404(request)
        if room.row.status != OVER:
            return _error(409, "a game can be replayed once it is over")
        return JSONResponse(await hub.replay(room))

    async def stats(request: Request) -> Response:
        return JSONResponse(hub.load_summary())

    async def bots(request: Request) -> Response:
        game = request.query_params.get("game", "rokugan")
        rules = hosted(game)
        if rules is None:
            shown = game[:40] if game.isprintable() else "that"
            return _error(400, f"game: unknown game '{shown}' (games: {', '.join(hosted_games())})")
        return JSONResponse({"bots": bot_names(rules.name)})

    async def registry(request: Request) -> Response:
        """The games the lobby offers, from the game registry: players, what a seat picks and the bots."""
        return JSONResponse({"games": [{
            "name": info.name, "title": info.title, "min_players": info.min_players, "max_players": info.max_players,
            "seat_word": info.seat_word, "seat_choices": info.seat_choices(), "bots": bot_names(info.name),
            **_start_files(info),
        } for info in (hosted(name) for name in hosted_games()) if info is not None]})

    # ------------------------------------------------------ uploaded files
    async def _upload_limits(client: str, field: str, text: Any) -> Response | None:
        """429 past the client's ``upload_rate``, 413 for a file longer than ``max_file``; None when it may be read."""
        if not await limiter.hit(settings.upload_rate, "upload", client):
            return _error(429, f"too many files sent to be read from your address (at most {settings.upload_rate}); "
                               "try again later")
        if isinstance(text, str) and len(text) > settings.max_file:
            return _error(413, f"{field}: a file of at most {settings.max_file} characters (the max_file setting); "
                               f"this one has {len(text)}")
        return None

    async def _read_upload(fn, *args) -> dict | Response:
        """``fn(*args)`` run on an uploaded file by a worker process within ``upload_seconds``: its plain-data reply,
        or the response that refuses the file (the reader's words, or the limit it broke)."""
        try:
            result = await reader.run(fn, *args)
        except UploadError as e:
            return _error(e.status, e.message)
        return _error(400, result["error"]) if "error" in result else result

    async def _uploaded_file_refused(req: Any, client: str) -> Response | None:
        """For a new game from an uploaded file (a war file, a Senjutsu card file): the file read off the event loop
        first, within the upload limits; the response that refuses it, or None (no file, or a file that reads)."""
        if not isinstance(req, dict):
            return None
        rules = hosted(req.get("game", "rokugan"))
        if rules is not None and rules.starts_from_file and isinstance(req.get("file"), str):
            text = req["file"]
            refused = await _upload_limits(client, "file", text)
            read = refused or await _read_upload(war_file_seats, rules.name, text)
        elif rules is not None and rules.name == "senjutsu" and isinstance(req.get("cards"), str):
            text = req["cards"]
            refused = await _upload_limits(client, "cards", text)
            read = refused or await _read_upload(card_file_summary, text, settings.max_depth)
        else:
            return None
        return read if isinstance(read, Response) else None

    async def _json_object(request: Request) -> dict | Response:
        """The request's body as a JSON object, or the error response that says why it is not one."""
        try:
            req = await read_json(request, settings)
        except RequestError as e:
            return _error(e.status, e.message)
        return req if isinstance(req, dict) else _error(400, "the request must be a JSON object")

    async def your_games(request: Request) -> Response:
        """The games whose keys this browser holds, private ones included: {"games": {id: key}} -> {"games": [...]}."""
        req = await _json_object(request)
        try:
            return req if isinstance(req, Response) else JSONResponse(await hub.known(req))
        except ActError as e:
            return refused(e)

    async def start_file(request: Request) -> Response:
        """The seats a position file (an uploaded war file) makes, before a game is created from it:
        {"game", "file"} -> {"seats": [clan, ...]}; a file the game's reader refuses gets its words (line and field)."""
        client = client_address(request.scope, settings)
        req = await _json_object(request)
        if isinstance(req, Response):
            return req
        game = req.get("game")
        rules = hosted(game)
        if rules is None or not rules.starts_from_file:
            files = [n for n in hosted_games() if (info := hosted(n)) is not None and info.starts_from_file]
            return _error(400, f"game: a game that starts from a file ({', '.join(files)})")
        limited = await _upload_limits(client, "file", req.get("file"))
        if limited is not None:
            return limited
        try:
            text = start_file_of(rules, {"file": req.get("file")})
        except ActError as e:
            return refused(e)
        read = await _read_upload(war_file_seats, rules.name, text)
        return read if isinstance(read, Response) else JSONResponse({"seats": read["seats"]})

    async def board_svg(request: Request) -> Response:
        from daimyo.rokugan.board_svg import board_svg as draw
        return Response(draw(), media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    async def rokugan_data(request: Request) -> Response:
        return JSONResponse(_rokugan_data())

    async def risingsun_data(request: Request) -> Response:
        """Each clan's colour (daimyo/risingsun/data/colours.json, the RL pictures' too), for the Rising Sun page."""
        from daimyo.risingsun.data import CLAN_COLOURS
        return JSONResponse({"colours": CLAN_COLOURS})

    async def senjutsu_data(request: Request) -> Response:
        """The cards and characters of every duel; with ``?game=ID``, that duel's own, its players' card file
        included (a table's card file is public: every player of it may read it)."""
        data, gid = _senjutsu_data(), request.query_params.get("game")
        if gid:
            row = await hub.stored_row(gid)
            row = row if row is not None and hub.may_see(row, request.headers.get("x-daimyo-key")) else None
            own = senjutsu_table.card_file_of(row.start_file) if row is not None and row.game == "senjutsu" else None
            if own:
                data = {**data, "cards": [*data["cards"], *own.get("cards", [])],
                        "characters": [*data["characters"], *own.get("characters", [])]}
        return JSONResponse(data)

    async def senjutsu_cards(request: Request) -> Response:
        """A card file checked before a duel is made from it (the lobby's upload): {"cards": TEXT} -> the characters
        a seat may then take, or 400 with the loader's words (the card and the field)."""
        client = client_address(request.scope, settings)
        req = await _json_object(request)
        if isinstance(req, Response):
            return req
        text = req.get("cards")
        limited = await _upload_limits(client, "cards", text)
        if limited is not None:
            return limited
        if not isinstance(text, str) or not text.strip():
            return _error(400, f"cards: the text of a card file, at most {settings.max_file} characters")
        read = await _read_upload(card_file_summary, text, settings.max_depth)
        return read if isinstance(read, Response) else JSONResponse(read)

    async def words(request: Request) -> Response:  # the pages' words: the catalogue of daimyo/words (docs/web.md)
        from daimyo.words import LANGS, catalogue
        lang = request.path_params["lang"]
        return JSONResponse(catalogue(lang)) if lang in LANGS else _error(404, f"no words in language '{lang}' (languages: {', '.join(LANGS)})")

    # -------------------------------------------------------- WebSocket
    async def game_socket(ws: WebSocket) -> None:
        client = client_address(ws.scope, settings)
        await ws.accept()
        too_many = ActError("rate-limited", "too many connections from your address; try again later")
        if limiter.open[client] >= settings.connections_per_client:
            await _refuse(ws, too_many, 4429)
            return
        limiter.open[client] += 1   # before the rate is asked (in cluster mode, of the database): no one passes meanwhile
        try:
            if not await limiter.hit(settings.connect_rate, "connect", client):
                await _refuse(ws, too_many, 4429)
                return
            await _game_socket(ws, client)
        finally:
            limiter.open[client] -= 1
            if limiter.open[client] <= 0:
                del limiter.open[client]

    async def _game_socket(ws: WebSocket, client: str) -> None:
        game_id = ws.path_params["game_id"]
        try:
            room = await hub.room(game_id)
        except ActError as e:
            await _refuse(ws, e, 1013 if e.code == "elsewhere" else 4404)
            return
        try:
            hello = await asyncio.wait_for(_receive(ws, settings), settings.hello_timeout)
        except (TimeoutError, WebSocketDisconnect):
            with contextlib.suppress(Exception):
                await ws.close(code=4408)
            return
        except ActError as e:
            await _refuse(ws, e, 4400)
            return
        seat = None
        try:
            if hello.get("type") != "hello":
                raise ActError("bad-message", "the first message must be {\"type\": \"hello\", ...}")
            if "seat" in hello or "token" in hello:
                if not await limiter.may_try_seat(client):
                    raise ActError("rate-limited", "too many wrong seat tokens from your address; try again later")
                try:
                    seat = room.check_seat(hello.get("seat"), hello.get("token"))
                except ActError:
                    await limiter.failed_seat(client)
                    raise
            elif not hub.may_see(room.row, hello.get("key")):   # a game that is not public: watched with its link only
                raise ActError("no-such-game", f"there is no game '{room.row.id}'")
            elif sum(1 for c in room.conns if c.seat is None) >= settings.spectators_per_game:
                raise ActError("rate-limited", f"this game has its {settings.spectators_per_game} spectators; try again later")
        except ActError as e:
            await _refuse(ws, e, {"bad-token": 4401, "rate-limited": 4429, "no-such-game": 4404}.get(e.code, 4400))
            return
        conn = Connection(seat, settings.outbox_limit, on_sent=hub.stats.add)
        async with room.lock:  # the first state and every later one arrive in order
            room.connected(conn)  # (so that the welcome's summary shows this seat here)
            conn.put({"type": "welcome", "seat": seat, "game": room.summary(), "chat": room.chat_message(seat)})
            conn.put(room.log_message(seat))
            conn.put(room.state_message(seat, []))
        sender = asyncio.create_task(_send_loop(ws, conn, settings.send_timeout))
        try:
            while not conn.dropped:
                try:
                    msg = await _receive(ws, settings)
                    if msg["type"] == "chat" and not await limiter.hit(settings.chat_rate, "chat", client):
                        raise ActError("rate-limited", f"too many chat lines (at most {settings.chat_rate}); wait a little")
                    if msg["type"] in TOGGLES and not await limiter.hit(settings.toggle_rate, "toggle", client):
                        raise ActError("rate-limited", f"too many {msg['type']} messages (at most {settings.toggle_rate} "
                                                       "of ready, mute, resume and stand-in); wait a little")
                    await _handle(room, conn, msg)
                except ActError as e:
                    conn.put(e.to_message())
                except WebSocketDisconnect:
                    raise
                except Exception:  # a bug of ours: say so once, keep the connection and the server
                    log.error("handling a message of game %s failed", game_id, exc_info=not hub.stats.logged_failure())
                    conn.put(ActError("server", "the server failed on that message; nothing changed").to_message())
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            room.disconnected(conn)
            sender.cancel()

    app = Starlette(
        routes=[
            Route("/", page("index.html")),
            Route("/game/{game_id}", game_page),
            Route("/api/bots", bots),
            Route("/api/registry", registry),
            Route("/api/start-file", start_file, methods=["POST"]),
            Route("/api/stats", stats),
            Route("/api/games", list_games, methods=["GET"]),
            Route("/api/games", create_game, methods=["POST"]),
            Route("/api/games/open", open_games),
            Route("/api/games/yours", your_games, methods=["POST"]),
            Route("/api/games/{game_id}/cancel", seat_endpoint(hub.cancel), methods=["POST"]),
            Route("/api/games/{game_id}", one_game),
            Route("/api/games/{game_id}/claim", seat_endpoint(hub.claim), methods=["POST"]),
            Route("/api/games/{game_id}/invite", seat_endpoint(hub.new_invitation), methods=["POST"]),
            Route("/api/games/{game_id}/rematch", seat_endpoint(hub.rematch), methods=["POST"]),
            Route("/api/games/{game_id}/table", seat_endpoint(hub.edit_table), methods=["POST"]),
            Route("/api/games/{game_id}/start", seat_endpoint(hub.start_game), methods=["POST"]),
            Route("/api/games/{game_id}/stand-in", seat_endpoint(hub.stand_in), methods=["POST"]),
            Route("/api/games/{game_id}/spectator-chat", seat_endpoint(hub.spectator_chat), methods=["POST"]),
            Route("/join/{game_id}", page("join.html")),
            Route("/rules/{game}", page("rules.html")),
            Route("/api/games/{game_id}/record", record),
            Route("/api/games/{game_id}/replay", replay),
            Route("/api/rokugan/board.svg", board_svg),
            Route("/api/rokugan/data", rokugan_data),
            Route("/api/risingsun/data", risingsun_data),
            Route("/api/senjutsu/data", senjutsu_data),
            Route("/api/senjutsu/cards", senjutsu_cards, methods=["POST"]),
            Route("/api/words/{lang}", words),
            *account_routes(hub, accounts, limiter, settings),
            WebSocketRoute("/ws/games/{game_id}", game_socket),
            Mount("/static", app=StaticFiles(directory=STATIC, check_dir=False), name="static"),
        ],
        exception_handlers={_NotFound: lambda request, exc: _error(404, str(exc)),
                            _Elsewhere: lambda request, exc: JSONResponse({"error": str(exc)}, status_code=503,
                                                                          headers={"Retry-After": "1"})},
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.store = store
    app.state.settings = settings
    return Guard(app, settings)


GAME_PAGES = {"rokugan": "game.html", "senjutsu": "senjutsu.html", "risingsun": "risingsun.html"}

#: the messages that each write a change to the database besides actions and chat: counted per client (toggle_rate)
TOGGLES = ("ready", "mute", "resume", "stand-in")

_START_FILES: dict[str, dict] = {}


def _start_files(info) -> dict:
    """For a game that starts from a position file: what the file is called and each example's seats (the shipped
    examples, read once)."""
    if not info.starts_from_file:
        return {}
    if info.name not in _START_FILES:
        _START_FILES[info.name] = {"start_file": info.start_file, "examples": [
            {"name": name, "seats": file_seats(info, info.open_example(name))} for name in info.examples()]}
    return _START_FILES[info.name]


class _NotFound(Exception):
    pass


class _Elsewhere(Exception):
    """Another server process owns the game (settings.cluster): the client tries again shortly."""


async def _refuse(ws: WebSocket, e: ActError, code: int) -> None:
    with contextlib.suppress(Exception):
        await ws.send_text(dumps(e.to_message()))
        await ws.close(code=code)


async def _receive(ws: WebSocket, settings: Settings) -> dict:
    """The next client message as a dict, or an ActError saying what is wrong with it."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    raw = message.get("text")
    data = raw.encode("utf-8", "surrogatepass") if raw is not None else (message.get("bytes") or b"")
    if len(data) > settings.max_message:
        raise ActError("bad-message", f"a message may be at most {settings.max_message} bytes")
    try:
        msg = parse_json(data, settings, "the message")
    except RequestError as e:
        raise ActError("bad-json", e.message) from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ActError("bad-message", "a message is a JSON object with a 'type'")
    return msg


async def _handle(room, conn: Connection, msg: dict) -> None:
    kind = msg["type"]
    if kind == "ping":
        conn.put({"type": "pong"})
    elif kind == "act":
        if conn.seat is None:
            raise ActError("not-your-turn", "spectators cannot act; join with a seat's link to play")
        text, seq = msg.get("action"), msg.get("seq")
        if not isinstance(text, str) or not text.strip():
            raise ActError("bad-message", "an 'act' message needs an 'action' text")
        if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool)):
            raise ActError("bad-message", "'seq' must be a whole number")
        await room.act(conn.seat, text.strip(), seq, conn)
    elif kind == "chat":
        await room.say(conn, msg.get("text"))
    elif kind == "mute":
        if conn.seat is None:
            raise ActError("bad-message", "mute: only a seated player can mute a seat")
        await room.mute(conn.seat, msg.get("seat"), msg.get("muted", True))
    elif kind == "resume":
        if conn.seat is None:
            raise ActError("bad-message", "resume: only a seated player can take a seat back")
        await room.resume(conn.seat)
    elif kind == "ready":
        if conn.seat is None:
            raise ActError("bad-message", "ready: only a seated player says ready")
        await room.set_ready(conn.seat, msg.get("ready", True))
    elif kind == "stand-in":
        await room.ask_stand_in(conn.seat, msg.get("seat"))
    elif kind == "hello":
        raise ActError("bad-message", "already said hello")
    else:
        shown = kind[:40] if kind.isprintable() else "that"
        raise ActError("bad-message", f"unknown message type '{shown}' (types: act, chat, mute, ping, ready, resume, stand-in)")


async def _send_loop(ws: WebSocket, conn: Connection, send_timeout: float) -> None:
    """Send what the connection's queue holds; close a socket that stopped reading (its queue overflowed,
    or one message took longer than ``send_timeout`` to go out)."""
    try:
        while True:
            msg, received = await conn.outbox.get()
            if ws.application_state != WebSocketState.CONNECTED:
                return
            if msg is None:
                code, reason = {"moved": (1012, "the game moved to another server process; reconnect"),
                                "closed": (4410, "the game was closed")}.get(received, (4008, "the connection stopped reading"))
                await asyncio.wait_for(ws.close(code=code, reason=reason), send_timeout)
                return
            await asyncio.wait_for(ws.send_text(dumps(msg)), send_timeout)
            if received is not None and conn.on_sent is not None:
                conn.on_sent(time.perf_counter() - received)
    except TimeoutError:
        conn.dropped = True
        with contextlib.suppress(Exception):
            await ws.close(code=4008)
    except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError, OSError):
        return
    except Exception:
        log.error("sending to a connection failed", exc_info=True)


_DATA_CACHE: dict = {}


def _rokugan_data() -> dict:
    """The printed components, for the UI's names (all public)."""
    if not _DATA_CACHE:
        from importlib.resources import files
        d = files("daimyo.rokugan") / "data"
        for name in ("board", "clans", "components", "territory_cards", "objectives"):
            _DATA_CACHE[name] = json.loads((d / f"{name}.json").read_text())
    return _DATA_CACHE



_SENJUTSU_CACHE: dict = {}


def _senjutsu_data() -> dict:
    """The sample set's characters (Kamae trees) and cards, all printed and public, and the battlefield's geometry
    (the same for every duel), for the Senjutsu page."""
    if not _SENJUTSU_CACHE:
        from importlib.resources import files

        from daimyo.senjutsu.game import geometry
        d = json.loads((files("daimyo.senjutsu") / "data" / "sample.json").read_text(encoding="utf-8"))
        _SENJUTSU_CACHE.update(characters=d["characters"], cards=d["cards"], geometry=geometry())
    return _SENJUTSU_CACHE
