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

import orjson

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from daimyo.server.rooms import GAMES, ActError, Connection, Hub
from daimyo.server.store import OVER, Store

log = logging.getLogger("daimyo.server")

MAX_MESSAGE = 4096          # bytes of one client message
HELLO_TIMEOUT = 30.0        # seconds to say hello
STATIC = Path(__file__).resolve().parent.parent / "web" / "static"


def dumps(msg: dict) -> str:
    """A message as JSON text (orjson: the server spends much of its time encoding views)."""
    return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(db_url: str, bot_delay: float = 0.0) -> Starlette:
    """The server app over the database at ``db_url``; bots wait ``bot_delay`` seconds before each move."""
    store = Store(db_url)
    hub = Hub(store, bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await hub.start()
        try:
            yield
        finally:
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
    async def list_games(request: Request) -> Response:
        return JSONResponse({"games": await hub.summaries()})

    async def create_game(request: Request) -> Response:
        body = await request.body()
        if len(body) > 16384:
            return _error(413, "the request is too large")
        try:
            req = json.loads(body)
        except ValueError:
            return _error(400, "the request body is not valid JSON")
        try:
            reply = await hub.create(req)
        except ActError as e:
            return _error(400, e.message)
        return JSONResponse(reply, status_code=201)

    async def _room_or_404(request: Request):
        try:
            return await hub.room(request.path_params["game_id"])
        except ActError as e:
            raise _NotFound(e.message) from None

    async def one_game(request: Request) -> Response:
        room = await _room_or_404(request)
        return JSONResponse(room.summary())

    async def record(request: Request) -> Response:
        room = await _room_or_404(request)
        if room.row.status != OVER:
            return _error(409, "the record shows every hidden token, so it is available once the game is over")
        text = room.rules.record(room.row, room.actions)
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{room.row.id}.record"'})

    async def replay(request: Request) -> Response:
        room = await _room_or_404(request)
        if room.row.status != OVER:
            return _error(409, "a game can be replayed once it is over")
        data = await asyncio.to_thread(_replay_steps, room)
        return JSONResponse(data)

    async def stats(request: Request) -> Response:
        return JSONResponse(hub.load_summary())

    async def bots(request: Request) -> Response:
        game = request.query_params.get("game", "rokugan")
        if game not in GAMES:
            return _error(400, f"game: unknown game '{game[:40]}' (games: {', '.join(GAMES)})")
        return JSONResponse({"bots": GAMES[game].bot_names()})

    async def board_svg(request: Request) -> Response:
        from daimyo.web.board_svg import board_svg as draw
        return Response(draw(), media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    async def rokugan_data(request: Request) -> Response:
        return JSONResponse(_rokugan_data())

    async def senjutsu_data(request: Request) -> Response:
        return JSONResponse(_senjutsu_data())

    async def words(request: Request) -> Response:  # the pages' words: the catalogue of daimyo/words (docs/web.md)
        from daimyo.words import LANGS, catalogue
        lang = request.path_params["lang"]
        return JSONResponse(catalogue(lang)) if lang in LANGS else _error(404, f"no words in language '{lang}' (languages: {', '.join(LANGS)})")

    # -------------------------------------------------------- WebSocket
    async def game_socket(ws: WebSocket) -> None:
        await ws.accept()
        game_id = ws.path_params["game_id"]
        try:
            room = await hub.room(game_id)
        except ActError as e:
            await ws.send_json(e.to_message())
            await ws.close(code=4404)
            return
        try:
            hello = await asyncio.wait_for(_receive(ws), HELLO_TIMEOUT)
        except (asyncio.TimeoutError, WebSocketDisconnect):
            with contextlib.suppress(Exception):
                await ws.close(code=4408)
            return
        except ActError as e:
            await ws.send_json(e.to_message())
            await ws.close(code=4400)
            return
        seat = None
        try:
            if hello.get("type") != "hello":
                raise ActError("bad-message", "the first message must be {\"type\": \"hello\", ...}")
            if "seat" in hello or "token" in hello:
                seat = room.check_seat(hello.get("seat"), hello.get("token"))
        except ActError as e:
            await ws.send_json(e.to_message())
            await ws.close(code=4401 if e.code == "bad-token" else 4400)
            return
        conn = Connection(seat, ws.send_json, on_sent=hub.stats.add)
        async with room.lock:  # the first state and every later one arrive in order
            conn.put({"type": "welcome", "seat": seat, "game": room.summary()})
            conn.put(room.log_message(seat))
            conn.put(room.state_message(seat, []))
            room.conns.add(conn)
        sender = asyncio.create_task(_send_loop(ws, conn))
        try:
            while True:
                try:
                    msg = await _receive(ws)
                    await _handle(room, conn, msg)
                except ActError as e:
                    conn.put(e.to_message())
                except WebSocketDisconnect:
                    raise
                except Exception:  # a bug of ours: say so, keep the connection and the server
                    log.exception("handling a message of game %s", game_id)
                    conn.put(ActError("server", "the server failed on that message; nothing changed").to_message())
        except WebSocketDisconnect:
            pass
        finally:
            room.conns.discard(conn)
            sender.cancel()

    app = Starlette(
        routes=[
            Route("/", page("index.html")),
            Route("/game/{game_id}", game_page),
            Route("/api/bots", bots),
            Route("/api/stats", stats),
            Route("/api/games", list_games, methods=["GET"]),
            Route("/api/games", create_game, methods=["POST"]),
            Route("/api/games/{game_id}", one_game),
            Route("/api/games/{game_id}/record", record),
            Route("/api/games/{game_id}/replay", replay),
            Route("/api/rokugan/board.svg", board_svg),
            Route("/api/rokugan/data", rokugan_data),
            Route("/api/senjutsu/data", senjutsu_data),
            Route("/api/words/{lang}", words),
            WebSocketRoute("/ws/games/{game_id}", game_socket),
            Mount("/static", app=StaticFiles(directory=STATIC, check_dir=False), name="static"),
        ],
        exception_handlers={_NotFound: lambda request, exc: _error(404, str(exc))},
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.store = store
    return app


GAME_PAGES = {"rokugan": "game.html", "senjutsu": "senjutsu.html"}


class _NotFound(Exception):
    pass


async def _receive(ws: WebSocket) -> dict:
    """The next client message as a dict, or an ActError saying what is wrong with it."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    raw = message.get("text")
    if raw is None:
        data = message.get("bytes") or b""
        if len(data) > MAX_MESSAGE:
            raise ActError("bad-message", f"a message may be at most {MAX_MESSAGE} bytes")
        try:
            raw = data.decode()
        except UnicodeDecodeError:
            raise ActError("bad-json", "a message must be UTF-8 JSON text") from None
    if len(raw.encode()) > MAX_MESSAGE:
        raise ActError("bad-message", f"a message may be at most {MAX_MESSAGE} bytes")
    try:
        msg = json.loads(raw)
    except ValueError:
        raise ActError("bad-json", "the message is not valid JSON") from None
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
    elif kind == "hello":
        raise ActError("bad-message", "already said hello")
    else:
        raise ActError("bad-message", f"unknown message type '{kind[:40]}' (types: act, ping)")


async def _send_loop(ws: WebSocket, conn: Connection) -> None:
    try:
        while True:
            msg, received = await conn.outbox.get()
            if ws.application_state != WebSocketState.CONNECTED:
                return
            await ws.send_text(dumps(msg))
            if received is not None and conn.on_sent is not None:
                conn.on_sent(time.perf_counter() - received)
    except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
        return
    except Exception:
        log.exception("sending to a connection failed")


def _replay_steps(room) -> dict:
    """Public views and public events after every action of a finished game."""
    state = room.rules.new_state(room.row.players, room.row.seed, room.row.clans)
    from daimyo.core.game import Action
    start = state.view(None)
    steps = []
    for seat, text in room.actions:
        events = state.apply(Action(seat, text))
        steps.append({"actor": room.row.clans[seat], "action": text, "view": state.view(None),
                      "events": [e.to_dict() for e in events if e.visible(None)]})
    return {"id": room.row.id, "start": start, "steps": steps}


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
    """The sample set's characters (Kamae trees) and cards, all printed and public, for the Senjutsu page."""
    if not _SENJUTSU_CACHE:
        from importlib.resources import files
        d = json.loads((files("daimyo.senjutsu") / "data" / "sample.json").read_text(encoding="utf-8"))
        _SENJUTSU_CACHE.update(characters=d["characters"], cards=d["cards"])
    return _SENJUTSU_CACHE
