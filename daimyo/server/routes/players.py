"""Players: a game's leaderboard and a player's profile, as JSON and as pages (docs/web.md, Ratings and profiles).

- ``GET /api/leaderboard/{game}?players=N``: the players rated at that game and player count (N defaults to the
  game's fewest), best first, and the bots' fixed published ratings. 404 for a game this server does not host,
  400 for a player count the game is not played with.
- ``GET /api/players/{name}``: the account's profile (daimyo/server/profiles.py): finished games only, and a game
  that is not public listed to its own player only. 400 for a text that cannot be an account's name, 404 for a name
  no account has.
- ``/leaderboard/{game}`` and ``/players/{name}``: the pages that show them (daimyo/web/static).
"""

from __future__ import annotations

import asyncio
import re

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from daimyo.server.accounts import COOKIE
from daimyo.server.games import hosted, hosted_games
from daimyo.server.names import BadName, account_name
from daimyo.server.profiles import find_account, leaderboard, profile
from daimyo.server.routes.context import Context, error
from daimyo.server.routes.pages import page


def routes(ctx: Context) -> list[BaseRoute]:
    hub, accounts = ctx.hub, ctx.accounts

    async def board(request: Request) -> Response:
        game = request.path_params["game"]
        rules = hosted(game)
        if rules is None:
            shown = game[:40] if game.isprintable() else "that"
            return error(404, f"game: no game '{shown}' on this server (games: {', '.join(hosted_games())})")
        raw = request.query_params.get("players", str(rules.min_players))
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 2) or not rules.min_players <= int(raw) <= rules.max_players:
            return error(400, f"players: a player count of {rules.title}, from {rules.min_players} to {rules.max_players}")
        return JSONResponse(await asyncio.to_thread(leaderboard, hub.store, game, int(raw)))

    async def player(request: Request) -> Response:
        try:
            name = account_name(request.path_params["name"])
        except BadName as e:
            return error(400, str(e))
        found = await asyncio.to_thread(find_account, hub.store, name.key)
        if found is None:
            return error(404, f"name: no player is called '{name.shown}' here")
        viewer = await accounts.user(request.cookies.get(COOKIE))
        return JSONResponse(await asyncio.to_thread(profile, hub.store, found[0], found[1],
                                                    viewer.id if viewer is not None else None))

    return [
        Route("/api/leaderboard/{game}", board),
        any_text(Route("/api/players/{name:path}", player)),
        Route("/leaderboard/{game}", page("leaderboard.html")),
        any_text(Route("/players/{name:path}", page("profile.html"))),
    ]


async def rated_claim_refused(hub, accounts, request: Request) -> bool:
    """Whether a claim is for a seat of a rated table (one this process serves) by someone not signed in: refused
    before the seat is taken (the host's start refuses any such seat too, wherever the table is served)."""
    room = hub.rooms.get(request.path_params["game_id"])
    if room is None or not room.row.rated:
        return False
    return await accounts.user(request.cookies.get(COOKIE)) is None


def any_text(route: Route) -> Route:
    """``route`` matching whatever its last part holds, a line break too (Starlette's ``path`` stops at one), so
    that a name no account can have is answered 400 in words rather than the router's bare 404."""
    route.path_regex = re.compile(route.path_regex.pattern, re.DOTALL)
    return route


__all__ = ["rated_claim_refused", "routes"]
