"""The operator's view of one server process (docs/scaling.md): ``GET /healthz`` for the proxy, and ``GET /metrics``
for Prometheus (daimyo/server/metrics.py).

``/healthz`` answers anyone: 200 ``{"status": "ok"}`` when the database answers a query and the writer that commits
the actions runs, 503 ``{"status": "unavailable", "store": ...}`` otherwise. It says nothing of any game, player or
count, and asks the database at most once a second however often it is called.

``/metrics`` is the operator's only: off (404, as a path that does not exist) unless the ``metrics_token`` setting
is given, and then answered only to a request showing ``Authorization: Bearer <metrics_token>`` (401 otherwise).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time

from sqlalchemy import text
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from daimyo.server.metrics import CONTENT_TYPE, Metrics
from daimyo.server.routes.context import Context
from daimyo.server.store import Store

log = logging.getLogger("daimyo.server")

#: seconds the database has to answer the health check's query
PING_SECONDS = 2.0
#: seconds one health answer is reused (a busy proxy or a stranger calling in a loop costs one query a second)
HEALTH_CACHE = 1.0


def store_answers(store: Store) -> bool:
    """Whether the database answers ``SELECT 1`` (run in a worker thread)."""
    try:
        with store.engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as e:
        log.warning("health check: the database does not answer (%s)", type(e).__name__)
        return False
    return True


class Health:
    """The health answer, asked of the store at most once every :data:`HEALTH_CACHE` seconds."""

    def __init__(self, store: Store):
        self.store = store
        self._last: tuple[float, bool, str] | None = None
        self._asking: asyncio.Future | None = None
        self._ping: asyncio.Future | None = None   # the query under way in a worker thread

    async def check(self) -> tuple[bool, str]:
        """(healthy, what is wrong: "" when healthy)."""
        last = self._last
        if last is not None and time.monotonic() - last[0] < HEALTH_CACHE:
            return last[1], last[2]
        if self._asking is None:   # callers meeting a check under way wait for that one
            self._asking = asyncio.ensure_future(self._ask())
        fut = self._asking
        try:
            return await asyncio.shield(fut)
        finally:
            if fut.done() and self._asking is fut:
                self._asking = None

    async def _ask(self) -> tuple[bool, str]:
        if not self.store.writer_alive():
            why = "the database writer stopped"
        elif self._ping is not None and not self._ping.done():
            # the last query has not returned yet: no second thread is sent to wait on a database that hangs
            why = "the database does not answer"
        else:
            self._ping = asyncio.ensure_future(asyncio.to_thread(store_answers, self.store))
            try:
                answered = await asyncio.wait_for(asyncio.shield(self._ping), PING_SECONDS)
            except TimeoutError:
                answered = False
            why = "" if answered else "the database does not answer"
        self._last = (time.monotonic(), not why, why)
        return not why, why


def routes(ctx: Context) -> list[BaseRoute]:
    health = Health(ctx.hub.store)
    metrics: Metrics = ctx.metrics

    async def healthz(request: Request) -> Response:
        ok, why = await health.check()
        headers = {"Cache-Control": "no-store"}
        if ok:
            return JSONResponse({"status": "ok"}, headers=headers)
        return JSONResponse({"status": "unavailable", "store": why}, status_code=503, headers=headers)

    async def prometheus(request: Request) -> Response:
        token = ctx.settings.metrics_token
        if not token:
            return PlainTextResponse("Not Found", status_code=404)   # as a path the server does not know
        shown = request.headers.get("authorization", "")
        scheme, _, given = shown.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip().encode(), token.encode()):
            return JSONResponse({"error": "GET /metrics needs the operator's token: Authorization: Bearer <metrics_token>"},
                                status_code=401, headers={"WWW-Authenticate": 'Bearer realm="metrics"'})
        body = metrics.exposition()   # in the event loop: the gauges read the hub's rooms, which only the loop changes
        return Response(body, media_type=CONTENT_TYPE, headers={"Cache-Control": "no-store"})

    return [
        Route("/healthz", healthz, methods=["GET", "HEAD"]),
        Route("/metrics", prometheus, methods=["GET"]),
    ]
