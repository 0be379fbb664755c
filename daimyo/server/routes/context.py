"""What every route of the server shares (:class:`Context`), and the replies and checks several of them make."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from daimyo.server.accounts import Accounts
from daimyo.server.guard import Limiter, RequestError, read_json
from daimyo.server.hub import Hub
from daimyo.server.metrics import Metrics
from daimyo.server.rooms import ActError
from daimyo.server.settings import Settings
from daimyo.server.uploads import FileReader, UploadError

# the HTTP status of each refusal code of the protocol
STATUS = {"bad-request": 400, "bad-token": 403, "seat-taken": 409, "game-over": 409, "not-over": 409, "not-away": 409, "not-ready": 409,
          "not-started": 409, "no-such-game": 404, "elsewhere": 503,
          "rate-limited": 429}


@dataclass(frozen=True)
class Context:
    """The server's parts a route uses: the games (``hub``), every limit (``settings``), the rate limits
    (``limiter``), the accounts, the ``reader`` of uploaded files (worker processes) and the process's ``metrics``."""

    hub: Hub
    settings: Settings
    limiter: Limiter
    accounts: Accounts
    reader: FileReader
    metrics: Metrics = field(default_factory=Metrics)
    #: what a route module starts and the server must stop with it (called when the app stops)
    closers: list[Callable[[], None]] = field(default_factory=list)

    async def upload_limits(self, client: str, field: str, text: Any) -> Response | None:
        """429 past the client's ``upload_rate``, 413 for a file longer than ``max_file``; None when it may be read."""
        settings = self.settings
        if not await self.limiter.hit(settings.upload_rate, "upload", client):
            return error(429, f"too many files sent to be read from your address (at most {settings.upload_rate}); "
                              "try again later")
        if isinstance(text, str) and len(text) > settings.max_file:
            return error(413, f"{field}: a file of at most {settings.max_file} characters (the max_file setting); "
                              f"this one has {len(text)}")
        return None

    async def read_upload(self, fn, *args) -> dict | Response:
        """``fn(*args)`` run on an uploaded file by a worker process within ``upload_seconds``: its plain-data reply,
        or the response that refuses the file (the reader's words, or the limit it broke)."""
        try:
            result = await self.reader.run(fn, *args)
        except UploadError as e:
            return error(e.status, e.message)
        return error(400, result["error"]) if "error" in result else result

    async def json_object(self, request: Request) -> dict | Response:
        """The request's body as a JSON object, or the error response that says why it is not one."""
        try:
            req = await read_json(request, self.settings)
        except RequestError as e:
            return error(e.status, e.message)
        return req if isinstance(req, dict) else error(400, "the request must be a JSON object")


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def refused(e: ActError) -> JSONResponse:
    """A refusal of the protocol (docs/server-protocol.md) with its HTTP status."""
    return error(STATUS.get(e.code, 400), e.message)


class NotFound(Exception):
    """A game that does not exist (or that the reader may not see): 404."""


class Elsewhere(Exception):
    """Another server process owns the game (settings.cluster): the client tries again shortly."""


#: the app's answers to the two exceptions above, raised by a route from wherever it finds the game missing or away
EXCEPTION_HANDLERS: dict[Any, Any] = {
    NotFound: lambda request, exc: error(404, str(exc)),
    Elsewhere: lambda request, exc: JSONResponse({"error": str(exc)}, status_code=503, headers={"Retry-After": "1"}),
}
