"""What the game registry says, for the pages: the games the lobby offers (``/api/registry``), each game's page data
(``/api/<game>/data``, a table's own with ``?game=ID``) and page files (``/api/<game>/<file>``), the check of a
table option's file before a game is made from it (``POST /api/<game>/<field>``), and the words of the catalogue
(``/api/words/<lang>``). Every game-specific answer comes from the game's registration
(:class:`~daimyo.core.registry.GameInfo`): this module names no game."""

from __future__ import annotations

import mimetypes
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Match, Route
from starlette.types import Scope

from daimyo.bots.levels import offered_bots
from daimyo.core.registry import PAGE_WORDS, GameInfo
from daimyo.server.games import hosted, hosted_games
from daimyo.server.guard import client_address
from daimyo.server.new_games import file_seats
from daimyo.server.ratings import level_dicts
from daimyo.server.routes.context import Context, error
from daimyo.server.uploads import table_upload


class GameRoute(Route):
    """A route of ``/api/{game}/...`` that matches only a hosted game whose registration ``offers`` it (given the
    registration and the path's parameters), so that any other path there answers as if the route were not there."""

    def __init__(self, path: str, endpoint: Callable, offers: Callable[[GameInfo, dict], bool],
                 methods: list[str] | None = None):
        super().__init__(path, endpoint, methods=methods)
        self.offers = offers

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        match, child = super().matches(scope)
        if match is Match.NONE:
            return match, child
        params = child["path_params"]
        info = hosted(params["game"])
        return (match, child) if info is not None and self.offers(info, params) else (Match.NONE, {})


def routes(ctx: Context) -> list[BaseRoute]:
    async def registry(request: Request) -> Response:
        """The games the lobby offers, from the game registry: players, what a seat picks and the bots."""
        return JSONResponse({"games": [{
            "name": info.name, "title": info.title, "min_players": info.min_players, "max_players": info.max_players,
            "seat_word": info.seat_word, "seat_choices": info.seat_choices(), "bots": offered_bots(info.name),
            "levels": level_dicts(info.name),
            "words": {what: info.page_word(what) for what in PAGE_WORDS},
            "default_players": info.default_players,
            "choice_names": info.choice_names if info.page_data is not None else None, **_start_files(info),
            "table": _table_box(info),
        } for info in (hosted(name) for name in hosted_games()) if info is not None]})

    async def page_data(request: Request) -> Response:
        """The game's page data; with ``?game=ID``, that game's own (what its table options add, such as a table's card
        file: every player of it may read it)."""
        info = _info(request)
        data = info.page_data() if info.page_data is not None else {}
        gid = request.query_params.get("game")
        if gid and info.table_options is not None:
            row = await ctx.hub.stored_row(gid)
            if row is not None and row.game == info.name and row.start_file \
                    and ctx.hub.may_see(row, request.headers.get("x-daimyo-key")):
                data = info.table_options.page_data(row.start_file) or data
        return JSONResponse(data)

    async def page_file(request: Request) -> Response:
        name = request.path_params["file"]
        text = _info(request).page_files[name]()
        media = mimetypes.guess_type(name)[0] or "text/plain"
        return Response(text, media_type=media, headers={"Cache-Control": "max-age=3600"})

    async def upload_check(request: Request) -> Response:
        """A table option's file checked before a game is made from it (the lobby's upload of Senjutsu's card file):
        {FIELD: TEXT} -> what it adds (the characters a seat may then take), or 400 with the reader's words."""
        info, field = _info(request), request.path_params["field"]
        client = client_address(request.scope, ctx.settings)
        req = await ctx.json_object(request)
        if isinstance(req, Response):
            return req
        text = req.get(field)
        limited = await ctx.upload_limits(client, field, text)
        if limited is not None:
            return limited
        if not isinstance(text, str) or not text.strip():
            return error(400, f"{field}: the text of a file, at most {ctx.settings.max_file} characters")
        read = await ctx.read_upload(table_upload, info.name, text, ctx.settings.max_depth)
        if isinstance(read, Response):
            return read
        assert info.table_options is not None   # the route offers only a game whose table takes this upload
        return JSONResponse({**read, "lobby": info.table_options.upload_words(read)})

    async def words(request: Request) -> Response:  # the pages' words: the catalogue of daimyo/words (docs/web.md)
        from daimyo.words import LANGS, catalogue
        lang = request.path_params["lang"]
        return JSONResponse(catalogue(lang)) if lang in LANGS else error(404, f"no words in language '{lang}' (languages: {', '.join(LANGS)})")

    return [
        Route("/api/registry", registry),
        GameRoute("/api/{game}/data", page_data, lambda info, _: info.page_data is not None),
        GameRoute("/api/{game}/{file}", page_file, lambda info, p: p["file"] in info.page_files),
        GameRoute("/api/{game}/{field}", upload_check, _takes_upload, methods=["POST"]),
        Route("/api/words/{lang}", words),
    ]


def _info(request: Request) -> GameInfo:
    """The registration of the request's game (a :class:`GameRoute` matched it: it is hosted)."""
    info = hosted(request.path_params["game"])
    assert info is not None
    return info


def _takes_upload(info: GameInfo, params: dict) -> bool:
    return info.table_options is not None and info.table_options.upload == params["field"]


_START_FILES: dict[str, dict[str, Any]] = {}


def _start_files(info: GameInfo) -> dict:
    """For a game that starts from a position file: what the file is called and each example's seats (the shipped
    examples, read once)."""
    if not info.starts_from_file or info.open_example is None:
        return {}
    if info.name not in _START_FILES:
        _START_FILES[info.name] = {"start_file": info.start_file, "examples": [
            {"name": name, "seats": file_seats(info, info.open_example(name))} for name in info.examples()]}
    return _START_FILES[info.name]


def _table_box(info: GameInfo) -> dict | None:
    """What the lobby's table-options box of a game shows, or None for a game with nothing to choose besides its seats.

    A game with :class:`~daimyo.core.registry.TableOptions` gives its own box (``lobby()``), its upload checked at
    ``/api/<game>/<field>``; a game that starts from a file offers its examples and an upload of its own file, checked
    at ``/api/start-file`` (``send``: the fields sent with the file), and the file fixes the seats."""
    if info.table_options is not None:
        box = dict(info.table_options.lobby())
        upload = info.table_options.upload
        box["file"] = None if upload is None or box.get("file") is None else {
            **box["file"], "field": upload, "check": f"/api/{info.name}/{upload}", "send": {}}
        return {**box, "examples": [], "fixes_seats": False}
    if info.starts_from_file:
        return {"legend": None, "options": [], "fixes_seats": True,
                "examples": [{**x, "key": info.page_word("example") + x["name"]}
                             for x in _start_files(info)["examples"]],
                "example_label": info.page_word("start_file"), "uploaded": info.page_word("uploaded"),
                "file": {"field": "file", "label": info.page_word("upload"), "accept": info.start_file_accept,
                         "none": None, "check": "/api/start-file", "send": {"game": info.name}}}
    return None
