"""The server's HTTP and WebSocket routes, cut along their concerns, each module a list of Starlette routes that an
app of its own can serve (``routes(ctx)``): :mod:`.pages` (the lobby and the game pages), :mod:`.games_api` (games:
list, create, seats, record, replay), :mod:`.game_data` (what the game registry says: the registry, each game's
page data and files, the words), :mod:`.accounts`, :mod:`.players` (leaderboards and profiles) and :mod:`.socket`
(a game's WebSocket). What they share, the hub, the settings and the limits, is one
:class:`~daimyo.server.routes.context.Context`.
"""

from __future__ import annotations

from daimyo.server.routes.context import Context

__all__ = ["Context"]
