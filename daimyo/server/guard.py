"""What stands between the open network and the games (docs/security.md).

- :class:`Guard`, an ASGI middleware: the Host header must name this server (no DNS rebinding),
  a state-changing request or a WebSocket from a browser must come from this server's own
  origin (no other web site can drive it), and every response carries the security headers.
- :func:`read_json`: a request body read as a stream against its size limit, only as JSON, parsed
  with a nesting limit.
- :class:`Limiter`: per-client rates (the ``limits`` library; in cluster mode the shared database) and open-connection
  counts.
- :class:`ConnectionGate` and :func:`protocols`: uvicorn's HTTP and WebSocket protocols with a cap on each
  address's open connections, idle connections closed first when the server runs short of room, and a deadline
  for a request's headers, so a client that sends half a request does not hold a connection forever.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import Counter
from typing import Any

import orjson
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import Request

from daimyo.core.limits import depth
from daimyo.server.settings import Settings
from daimyo.server.shared_limits import SharedRates, Throttle

log = logging.getLogger(__name__)

SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
     b"frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}



class RequestError(Exception):
    """A request refused before it reaches a game: HTTP ``status`` and a message naming what was wrong."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


# ------------------------------------------------------------------ headers
def _header(scope, name: bytes) -> str | None:
    for k, v in scope.get("headers", ()):
        if k == name:
            return v.decode("latin-1")
    return None


def _hostname(hostport: str) -> str:
    """``example.org:8000`` -> ``example.org``; ``[::1]:80`` -> ``::1``."""
    hostport = hostport.strip().lower()
    if hostport.startswith("["):
        return hostport[1:].split("]", 1)[0]
    return hostport.rsplit(":", 1)[0] if hostport.count(":") == 1 else hostport


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def host_allowed(host: str | None, settings: Settings) -> bool:
    """A Host header this server answers: one of ``allowed_hosts``, else localhost or an address
    (a name that is not ours, as DNS rebinding sends, is refused)."""
    if not host:
        return False
    name = _hostname(host)
    if settings.allowed_hosts:
        return "*" in settings.allowed_hosts or any(_hostname(h) == name for h in settings.allowed_hosts)
    return name == "localhost" or _is_ip(name)


def origin_allowed(origin: str | None, host: str | None, settings: Settings) -> bool:
    """A request without Origin comes from no web page (a program); one with it must be the page's own origin."""
    if origin is None:
        return True
    origin = origin.strip().lower()
    if origin in (o.lower().rstrip("/") for o in settings.allowed_origins):
        return True
    scheme, sep, rest = origin.partition("://")
    return bool(sep) and scheme in ("http", "https") and host is not None and rest == host.strip().lower()


def client_address(scope, settings: Settings) -> str:
    """The client's address; behind a trusted reverse proxy on this machine, the one it forwards."""
    client = scope.get("client")
    address = client[0] if client else "unknown"
    if settings.trust_proxy and address in ("127.0.0.1", "::1"):
        forwarded = _header(scope, b"x-forwarded-for")
        if forwarded:
            address = forwarded.split(",")[-1].strip() or address
    return address


# --------------------------------------------------------------- middleware
class Guard:
    """ASGI middleware: Host and Origin checks, security headers."""

    def __init__(self, app, settings: Settings):
        self.app, self.settings = app, settings
        self.state = app.state  # the wrapped app's state (hub, store, settings)

    async def __call__(self, scope, receive, send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if not host_allowed(host, self.settings):
            await self._refuse(scope, receive, send, 400, "Host: this server does not answer for that name "
                                                         "(the operator lists its names in the allowed_hosts setting)")
            return
        if (kind == "websocket" or scope["method"] not in SAFE_METHODS) and \
                not origin_allowed(_header(scope, b"origin"), host, self.settings):
            await self._refuse(scope, receive, send, 403, "Origin: requests from other web sites are refused")
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    @staticmethod
    async def _refuse(scope, receive, send, status: int, message: str) -> None:
        if scope["type"] == "websocket":
            # before the handshake is accepted: the client sees the upgrade refused (HTTP 403)
            await send({"type": "websocket.close", "code": 1008, "reason": message[:120]})
            return
        body = orjson.dumps({"error": message})
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                *SECURITY_HEADERS]})
        await send({"type": "http.response.body", "body": body})


# --------------------------------------------------------------------- JSON
def parse_json(raw: bytes | str, settings: Settings, what: str = "the request body") -> Any:
    """``raw`` as JSON (UTF-8, no lone surrogates, nesting at most ``max_depth``), or a RequestError saying why not."""
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as e:
        raise RequestError(400, f"{what} is not valid JSON ({str(e)[:80]})") from None
    if depth(value, settings.max_depth) > settings.max_depth:
        raise RequestError(400, f"{what} nests deeper than {settings.max_depth} levels")
    return value


async def read_json(request: Request, settings: Settings) -> Any:
    """The request's JSON body, read no further than ``max_body`` bytes and within ``header_timeout`` seconds."""
    kind = (request.headers.get("content-type") or "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise RequestError(415, "Content-Type: send the request as application/json")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > settings.max_body):
        raise RequestError(413, f"the request is too large (at most {settings.max_body} bytes)")
    chunks, size = [], 0

    async def read() -> None:
        nonlocal size
        async for chunk in request.stream():
            size += len(chunk)
            if size > settings.max_body:
                raise RequestError(413, f"the request is too large (at most {settings.max_body} bytes)")
            chunks.append(chunk)

    try:
        await asyncio.wait_for(read(), settings.header_timeout)
    except TimeoutError:
        raise RequestError(408, "the request body came too slowly") from None
    return parse_json(b"".join(chunks), settings)


# ------------------------------------------------------------------- limits
class Limiter:
    """Rates per client and kind (a moving window), and open WebSockets per client.

    The rates are counted in this process's memory (the ``limits`` library), or, in cluster mode on PostgreSQL
    (``engine`` given and the ``cluster`` setting on), in the database every process shares
    (daimyo/server/shared_limits.py), so that a client spread over N processes by the proxy gets one budget, not N.
    A database that does not answer leaves this process counting in its own memory until it answers again. The
    open WebSockets (``open``) are this process's own sockets, counted here in every mode."""

    def __init__(self, settings: Settings, engine: Engine | None = None):
        self.settings = settings
        self.rates = MovingWindowRateLimiter(MemoryStorage())
        self.shared = SharedRates(engine) if settings.cluster and engine is not None \
            and engine.dialect.name == "postgresql" else None
        self.open: Counter[str] = Counter()
        self._warned = 0.0

    async def take(self, *throttles: Throttle) -> bool:
        """Count one event for each (rate, kind, client) of ``throttles`` when every one allows it; when one does
        not, count none and answer False."""
        if self.shared is not None:
            try:
                return await asyncio.to_thread(self.shared.take, throttles)
            except (SQLAlchemyError, OSError):
                self._unshared()
        asked = [(parse(rate), kind, client, n) for (rate, kind, client), n in Counter(throttles).items()]
        if len(asked) == 1:   # the window counts them only if it has room
            item, kind, client, n = asked[0]
            return self.rates.hit(item, kind, client, cost=n)
        if not all(self.rates.test(item, kind, client, cost=n) for item, kind, client, n in asked):
            return False
        for item, kind, client, n in asked:
            self.rates.hit(item, kind, client, cost=n)
        return True

    async def allows(self, *throttles: Throttle) -> bool:
        """Whether one more event of each of ``throttles`` would still be counted (counts nothing)."""
        if self.shared is not None:
            try:
                return await asyncio.to_thread(self.shared.allows, throttles)
            except (SQLAlchemyError, OSError):
                self._unshared()
        return all(self.rates.test(parse(rate), kind, client) for rate, kind, client in throttles)

    async def hit(self, rate: str, kind: str, client: str) -> bool:
        """Count one ``kind`` event of ``client``; False (nothing counted) when that goes past ``rate``."""
        return await self.take((rate, kind, client))

    def _unshared(self) -> None:
        now = time.monotonic()
        if now - self._warned > 60:
            self._warned = now
            log.warning("the shared rate limits could not be read from the database; counting in this process "
                        "until it answers", exc_info=True)

    async def failed_seat(self, client: str) -> None:
        """A wrong seat token, invitation code or host token from ``client``."""
        await self.hit(self.settings.failed_seat_rate, "failed-seat", client)

    async def may_try_seat(self, client: str) -> bool:
        return await self.allows((self.settings.failed_seat_rate, "failed-seat", client))


# ------------------------------------------------------- connections
def address_key(address: str) -> str:
    """The address whose connections count together: an IPv4 address itself, an IPv6 address's /64 network (one
    machine is usually given a whole /64, so counting each address apart would let it open connections without end)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class ConnectionGate:
    """Open connections (HTTP and WebSocket together) per address, and room kept for new ones.

    One address holds at most ``connections_per_address`` connections (and never more than a quarter of
    ``max_connections``), so no one address can take the server's connections from the others; a connection past
    it is answered 429 and closed before anything is read. Once fewer than ``idle_reserve`` of ``max_connections``
    are free, each new connection closes the oldest idle one (an HTTP connection with no request under way), so
    sockets that send nothing cannot fill the server until their deadline. Behind a trusted proxy on this machine
    (``trust_proxy``) the proxy's own connections are not counted per address (it holds every client's)."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.per_address = max(1, min(settings.connections_per_address, settings.max_connections // 4))
        self.room_at = max(1, settings.max_connections - max(1, int(settings.max_connections * settings.idle_reserve)))
        self.by_address: Counter[str] = Counter()
        self.open: dict[Any, str | None] = {}    # transport -> the address it counts against (None: not counted)
        self.idle: dict[Any, None] = {}          # idle transports, oldest first

    def admit(self, transport) -> str | None:
        """Count a new connection; the refusal's words when its address holds too many already (None: admitted).
        A connection counted already (an HTTP connection that became a WebSocket) is admitted as it is."""
        if transport in self.open:
            return None
        peer = transport.get_extra_info("peername")
        address = peer[0] if isinstance(peer, (tuple, list)) and peer else "unknown"
        key: str | None = address_key(address)
        if self.settings.trust_proxy and address in ("127.0.0.1", "::1"):
            key = None
        if key is not None and self.by_address[key] >= self.per_address:
            return f"too many open connections from your address (at most {self.per_address}); close some and try again"
        self._make_room()
        self.open[transport] = key
        if key is not None:
            self.by_address[key] += 1
        return None

    def _make_room(self) -> None:
        """Close the oldest idle connections while fewer than the reserve are free."""
        while len(self.open) >= self.room_at and self.idle:
            oldest = next(iter(self.idle))
            self.release(oldest)   # counted out now: its connection_lost comes later
            oldest.close()

    def set_idle(self, transport, idle: bool) -> None:
        """An HTTP connection waits for a request (``idle``), or has one under way or became a WebSocket."""
        self.idle.pop(transport, None)
        if idle and transport in self.open and not transport.is_closing():
            self.idle[transport] = None

    def release(self, transport) -> None:
        """A connection closed."""
        self.idle.pop(transport, None)
        if transport not in self.open:
            return
        key = self.open.pop(transport)
        if key is not None:
            self.by_address[key] -= 1
            if self.by_address[key] <= 0:
                del self.by_address[key]


def _refuse_connection(transport, words: str) -> None:
    """Answer a connection past its address's cap with 429 and close it (nothing of it is read)."""
    body = orjson.dumps({"error": words})
    transport.write(b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\nconnection: close\r\n"
                    b"content-length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    transport.close()


# ------------------------------------------------------- uvicorn's protocol
#: the key, in a WebSocket's ASGI scope extensions, of its protocol's ``send_text_now`` (when it has one)
SEND_NOW = "daimyo.send_text_now"

def protocols(settings: Settings):
    """uvicorn's HTTP and WebSocket protocols (h11 and its own choice of WebSocket library) with a connection gate
    they share (:class:`ConnectionGate`), the HTTP one closing a connection whose first request's headers are not
    complete within ``header_timeout`` seconds (uvicorn's keep-alive timeout covers later requests)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol
    from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

    gate = ConnectionGate(settings)
    header_timeout = settings.header_timeout

    class DeadlineH11Protocol(H11Protocol):
        def connection_made(self, transport) -> None:
            refusal = gate.admit(transport)
            super().connection_made(transport)
            self._header_deadline = self.loop.call_later(header_timeout, self._headers_too_slow)
            if refusal is not None:
                self._header_deadline.cancel()
                _refuse_connection(transport, refusal)
                return
            gate.set_idle(transport, True)

        def _headers_too_slow(self) -> None:
            # not once the connection became a WebSocket (another protocol then owns the transport)
            if self.cycle is None and self.transport.get_protocol() is self and not self.transport.is_closing():
                self.transport.close()

        def handle_websocket_upgrade(self, event) -> None:
            self._header_deadline.cancel()
            gate.set_idle(self.transport, False)
            super().handle_websocket_upgrade(event)

        def handle_events(self) -> None:
            super().handle_events()
            if self.cycle is not None:
                self._header_deadline.cancel()
                if not self.cycle.response_complete:
                    gate.set_idle(self.transport, False)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            gate.set_idle(self.transport, True)

        def connection_lost(self, exc) -> None:
            self._header_deadline.cancel()
            gate.release(self.transport)
            super().connection_lost(exc)

    assert AutoWebSocketsProtocol is not None, "uvicorn found no WebSocket library (websockets is a dependency)"

    class GatedWebSocketProtocol(AutoWebSocketsProtocol):  # type: ignore[misc, valid-type]
        def connection_made(self, transport) -> None:
            gate.admit(transport)   # counted already as the HTTP connection it was
            super().connection_made(transport)

        def handle_connect(self, event) -> None:
            super().handle_connect(event)
            if hasattr(self, "scope") and hasattr(self, "conn") and hasattr(self, "writable"):
                # the game socket's fast way out (daimyo/server/routes/socket.py): a text frame written at once
                self.scope["extensions"][SEND_NOW] = self.send_text_now

        def send_text_now(self, text: str) -> bool:
            """Write one text frame now, as the ASGI send of a "websocket.send" would, when the socket is open and
            takes it without waiting (its write buffer below the high-water mark); False otherwise (the caller then
            sends it the ASGI way, which waits)."""
            if (self.disconnected or self.close_sent or not self.handshake_complete or self.initial_response is not None
                    or not self.writable.is_set() or self.transport.is_closing()):
                return False
            try:
                self.conn.send_text(text.encode())
            except Exception:   # the protocol's state says no (closing): the ASGI way reports it
                return False
            self.transport.write(b"".join(self.conn.data_to_send()))
            return True

        def connection_lost(self, exc) -> None:
            gate.release(self.transport)
            super().connection_lost(exc)

    return DeadlineH11Protocol, GatedWebSocketProtocol
