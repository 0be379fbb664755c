"""The ASGI app: lobby and game pages, a small JSON API and one WebSocket per game connection.

The protocol is docs/server-protocol.md. ``create_app(db_url)`` builds the app from the route modules of
:mod:`daimyo.server.routes` (pages, games API, game data, accounts, socket, health and metrics), which share one
:class:`~daimyo.server.routes.context.Context`; uvicorn runs it (``daimyo play`` / ``daimyo serve``).
"""

from __future__ import annotations

import contextlib

from starlette.applications import Starlette

from daimyo.server.accounts import Accounts
from daimyo.server.guard import Guard, Limiter
from daimyo.server.hub import Hub
from daimyo.server.metrics import Metrics, RequestTimer
from daimyo.server.routes import accounts, analysis, game_data, games_api, health, pages, players, socket
from daimyo.server.routes.context import EXCEPTION_HANDLERS, Context
from daimyo.server.settings import Settings
from daimyo.server.store import Store
from daimyo.server.uploads import FileReader

#: the route modules, in the order the app tries them (each path answers in one of them only)
ROUTERS = (pages, games_api, game_data, accounts, players, socket, health, analysis)


def create_app(db_url: str, bot_delay: float = 0.0, settings: Settings | None = None) -> Guard:
    """The server app over the database at ``db_url``; bots wait ``bot_delay`` seconds before each move;
    ``settings`` holds every limit (daimyo/server/settings.py)."""
    settings = settings or Settings()
    store = Store(db_url, shared=settings.cluster, writer_fd=settings.writer_fd)
    hub = Hub(store, bot_delay, settings)
    ctx = Context(hub=hub, settings=settings,
                  limiter=Limiter(settings, store.engine),   # cluster mode: rates shared in the database
                  accounts=Accounts(store, settings), reader=FileReader(settings.upload_workers, settings.upload_seconds),
                  metrics=Metrics())
    ctx.metrics.watch(hub)
    hub.on_turn = ctx.accounts.mail.turn   # a correspondence game's turn mails (daimyo/server/mail.py)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await hub.start()
        try:
            yield
        finally:
            ctx.reader.close()
            for close in ctx.closers:
                close()
            await ctx.accounts.mail.stop()
            await hub.stop()
            store.close()

    app = Starlette(routes=[route for router in ROUTERS for route in router.routes(ctx)],
                    exception_handlers=EXCEPTION_HANDLERS, lifespan=lifespan)
    app.state.hub = hub
    app.state.store = store
    app.state.settings = settings
    return Guard(RequestTimer(app, ctx.metrics), settings)
