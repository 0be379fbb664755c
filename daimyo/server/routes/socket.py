"""A game's WebSocket (docs/server-protocol.md): the hello that says who connects (a seat with its token, or a
spectator), then the game's messages both ways, each client within its rate limits."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

import orjson
from starlette.routing import BaseRoute, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from daimyo.server.guard import SEND_NOW, RequestError, client_address, parse_json
from daimyo.server.rooms import ActError, Connection
from daimyo.server.routes.context import Context
from daimyo.server.settings import Settings
from daimyo.server.wire import Shared

log = logging.getLogger("daimyo.server")

#: the messages that each write a change to the database besides actions and chat: counted per client (toggle_rate)
TOGGLES = ("ready", "mute", "resume", "stand-in", "resign", "undo")


def dumps(msg: dict) -> str:
    """A message as JSON text (orjson: the server spends much of its time encoding views)."""
    return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()


class SendWatch:
    """Every connection's send under way, watched by one task (instead of a timer armed and cancelled for each
    message, which cost more than the rest of a send): a send still waiting after ``timeout`` seconds (the client
    stopped reading and its socket's buffer is full) has its connection dropped."""

    def __init__(self, timeout: float):
        self.timeout = timeout
        self.sending: dict[Connection, tuple[float, asyncio.Task]] = {}
        self._task: asyncio.Task | None = None

    def begin(self, conn: Connection, task: asyncio.Task) -> None:
        self.sending[conn] = (time.monotonic(), task)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._watch())

    def end(self, conn: Connection) -> None:
        self.sending.pop(conn, None)

    async def _watch(self) -> None:
        while self.sending:
            await asyncio.sleep(min(1.0, self.timeout / 4))
            now = time.monotonic()
            for conn, (since, task) in list(self.sending.items()):
                if now - since > self.timeout:
                    self.sending.pop(conn, None)
                    conn.dropped = conn.stalled = True
                    task.cancel()


def routes(ctx: Context) -> list[BaseRoute]:
    watch = SendWatch(ctx.settings.send_timeout)

    async def game_socket(ws: WebSocket) -> None:
        client = client_address(ws.scope, ctx.settings)
        await ws.accept()
        too_many = ActError("rate-limited", "too many connections from your address; try again later")
        if ctx.limiter.open[client] >= ctx.settings.connections_per_client:
            await _refuse(ws, too_many, 4429)
            return
        ctx.limiter.open[client] += 1   # before the rate is asked (in cluster mode, of the database): no one passes meanwhile
        try:
            if not await ctx.limiter.hit(ctx.settings.connect_rate, "connect", client):
                await _refuse(ws, too_many, 4429)
                return
            await _game_socket(ctx, ws, client, watch)
        finally:
            ctx.limiter.open[client] -= 1
            if ctx.limiter.open[client] <= 0:
                del ctx.limiter.open[client]

    return [WebSocketRoute("/ws/games/{game_id}", game_socket)]


async def _game_socket(ctx: Context, ws: WebSocket, client: str, watch: SendWatch) -> None:
    game_id = ws.path_params["game_id"]
    try:
        room = await ctx.hub.room(game_id)
    except ActError as e:
        await _refuse(ws, e, 1013 if e.code == "elsewhere" else 4404)
        return
    try:
        hello = await asyncio.wait_for(_receive(ws, ctx.settings), ctx.settings.hello_timeout)
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
            if not await ctx.limiter.may_try_seat(client):
                raise ActError("rate-limited", "too many wrong seat tokens from your address; try again later")
            try:
                seat = room.seats.check_seat(hello.get("seat"), hello.get("token"))
            except ActError:
                await ctx.limiter.failed_seat(client)
                raise
        elif not ctx.hub.may_see(room.row, hello.get("key")):   # a game that is not public: watched with its link only
            raise ActError("no-such-game", f"there is no game '{room.row.id}'")
        elif sum(1 for c in room.conns if c.seat is None) >= ctx.settings.spectators_per_game:
            raise ActError("rate-limited", f"this game has its {ctx.settings.spectators_per_game} spectators; try again later")
    except ActError as e:
        await _refuse(ws, e, {"bad-token": 4401, "rate-limited": 4429, "no-such-game": 4404}.get(e.code, 4400))
        return
    conn = Connection(seat, ctx.settings.outbox_limit, on_sent=ctx.hub.stats.add, ack_in_state=hello.get("ack_in_state") is True)
    send_now = ws.scope.get("extensions", {}).get(SEND_NOW)
    if send_now is not None:
        conn.direct = _direct(conn, send_now)
    async with room.lock:  # the first state and every later one arrive in order
        room.connected(conn)  # (so that the welcome's summary shows this seat here)
        welcome = {"type": "welcome", "seat": seat, "game": room.summary(), "chat": room.chat.message(seat)}
        options = room.rules.table_options   # a table's public rules file, for an outside bot's words
        table = options.welcome_table(room.row.start_file) if options is not None else None
        if table is not None:
            welcome["table"] = table
        conn.put(welcome)
        conn.put(room.log_message(seat))
        conn.put(room.state_message(seat, []))
    sender = asyncio.create_task(_send_loop(ws, conn, ctx.settings.send_timeout, watch))
    try:
        while not conn.dropped:
            try:
                msg = await _receive(ws, ctx.settings)
                if msg["type"] == "chat" and not await ctx.limiter.hit(ctx.settings.chat_rate, "chat", client):
                    raise ActError("rate-limited", f"too many chat lines (at most {ctx.settings.chat_rate}); wait a little")
                if msg["type"] in TOGGLES and not await ctx.limiter.hit(ctx.settings.toggle_rate, "toggle", client):
                    raise ActError("rate-limited", f"too many {msg['type']} messages (at most {ctx.settings.toggle_rate} "
                                                   "of ready, mute, resume, stand-in, resign and undo); wait a little")
                await _handle(room, conn, msg)
            except ActError as e:
                conn.put(e.to_message())
            except WebSocketDisconnect:
                raise
            except Exception:  # a bug of ours: say so once, keep the connection and the server
                log.error("handling a message of game %s failed", game_id, exc_info=not ctx.hub.stats.logged_failure())
                conn.put(ActError("server", "the server failed on that message; nothing changed").to_message())
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        room.disconnected(conn)
        sender.cancel()


def _direct(conn: Connection, send_now) -> Callable[[dict, float | None], bool]:
    """A connection's way to write a message at once, without its queue and sender task (most messages: the socket
    takes them without waiting), through the protocol's ``send_text_now`` (daimyo/server/guard.py)."""
    def direct(msg: dict, received: float | None) -> bool:
        if not send_now(msg.encoded() if isinstance(msg, Shared) else dumps(msg)):
            return False
        if received is not None and conn.on_sent is not None:
            conn.on_sent(time.perf_counter() - received)
        return True
    return direct


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
        await room.chat.say(conn, msg.get("text"))
    elif kind == "mute":
        if conn.seat is None:
            raise ActError("bad-message", "mute: only a seated player can mute a seat")
        await room.chat.mute(conn.seat, msg.get("seat"), msg.get("muted", True))
    elif kind == "resume":
        if conn.seat is None:
            raise ActError("bad-message", "resume: only a seated player can take a seat back")
        await room.seats.resume(conn.seat)
    elif kind == "ready":
        if conn.seat is None:
            raise ActError("bad-message", "ready: only a seated player says ready")
        await room.seats.set_ready(conn.seat, msg.get("ready", True))
    elif kind == "stand-in":
        await room.seats.ask_stand_in(conn.seat, msg.get("seat"))
    elif kind == "resign":
        if conn.seat is None:
            raise ActError("bad-message", "resign: only a seated player resigns")
        await room.resign(conn.seat)
    elif kind == "undo":
        if conn.seat is None:
            raise ActError("bad-message", "undo: only a seated player takes back an action")
        await room.undo(conn.seat)
    elif kind == "hello":
        raise ActError("bad-message", "already said hello")
    else:
        shown = kind[:40] if kind.isprintable() else "that"
        raise ActError("bad-message", f"unknown message type '{shown}' (types: act, chat, mute, ping, ready, resign, resume, stand-in, undo)")


async def _send_loop(ws: WebSocket, conn: Connection, send_timeout: float, watch: SendWatch) -> None:
    """Send what the connection's queue holds; close a socket that stopped reading (its queue overflowed,
    or one message took longer than ``send_timeout`` to go out: ``watch`` cancels this task then)."""
    me = asyncio.current_task()
    assert me is not None
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
            text = msg.encoded() if isinstance(msg, Shared) else dumps(msg)
            watch.begin(conn, me)
            conn.busy = True
            try:
                await ws.send_text(text)
            finally:
                conn.busy = False
                watch.end(conn)
            if received is not None and conn.on_sent is not None:
                conn.on_sent(time.perf_counter() - received)
    except asyncio.CancelledError:
        if conn.stalled:   # the watch gave up on this send: the socket is closed (within send_timeout again)
            asyncio.get_running_loop().create_task(_close_stalled(ws, send_timeout))
        return
    except (WebSocketDisconnect, RuntimeError, OSError):
        return
    except Exception:
        log.error("sending to a connection failed", exc_info=True)


async def _close_stalled(ws: WebSocket, send_timeout: float) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(code=4008), send_timeout)
