"""The pages: the lobby, a game's page (the one its registration names), the invitation and rules pages, and the
static files they load (daimyo/web/static)."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from daimyo.core.registry import DEFAULT_PAGE
from daimyo.server.rooms import ActError
from daimyo.server.routes.context import Context

STATIC = Path(__file__).resolve().parent.parent.parent / "web" / "static"
#: the default game's page and script under their names before they were named for their game, old name -> new: the
#: old URL redirects (permanently) to the new one, for bookmarks and cached pages
RENAMED = {"game.html": DEFAULT_PAGE, "game.js": Path(DEFAULT_PAGE).with_suffix(".js").name}


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


def moved(new: str):
    async def endpoint(request: Request) -> Response:
        return RedirectResponse(f"/static/{new}", status_code=301)
    return endpoint


def routes(ctx: Context) -> list[BaseRoute]:
    async def game_page(request: Request) -> Response:
        """The page of the game's kind (its registration's ``page``); the default page reports a missing game."""
        try:
            room = await ctx.hub.room(request.path_params["game_id"])
        except ActError:
            return serve_page(DEFAULT_PAGE)
        return serve_page(room.rules.page)

    return [
        Route("/", page("index.html")),
        Route("/game/{game_id}", game_page),
        Route("/join/{game_id}", page("join.html")),
        Route("/rules/{game}", page("rules.html")),
        *(Route(f"/static/{old}", moved(new)) for old, new in RENAMED.items()),
        Mount("/static", app=StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
