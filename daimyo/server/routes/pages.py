"""The pages: the lobby, a game's page (the one its registration names), the invitation and rules pages, and the
static files they load (daimyo/web/static)."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from daimyo.core.registry import GENERAL_PAGE
from daimyo.server.rooms import ActError
from daimyo.server.routes.context import Context

STATIC = Path(__file__).resolve().parent.parent.parent / "web" / "static"


def serve_page(name: str) -> Response:
    """The page ``name`` of daimyo/web/static, never cached (500 saying so when the installation lacks it)."""
    path = STATIC / name
    if not path.is_file():
        return PlainTextResponse(f"{name} is missing from this installation", status_code=500)
    return FileResponse(path, headers={"Cache-Control": "no-cache"})


def page(name: str):
    async def endpoint(request: Request) -> Response:
        return serve_page(name)
    return endpoint


def routes(ctx: Context) -> list[BaseRoute]:
    async def game_page(request: Request) -> Response:
        """The page of the game's kind (its registration's ``page``); the general page reports a missing game."""
        try:
            room = await ctx.hub.room(request.path_params["game_id"])
        except ActError:
            return serve_page(GENERAL_PAGE)
        return serve_page(room.rules.page)

    return [
        Route("/", page("index.html")),
        Route("/game/{game_id}", game_page),
        Route("/join/{game_id}", page("join.html")),
        Route("/rules/{game}", page("rules.html")),
        Mount("/static", app=StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
