"""The lobby's filters of the games lists (issue 30): by game, number of players, clock kind, open seats, and rated
or not where games say so. ``GET /api/games`` and ``GET /api/games/open`` take them as query parameters; each is
checked here and a wrong one is refused naming it (nothing is listed then)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from daimyo.server.clocks import KINDS
from daimyo.server.games import hosted_games
from daimyo.server.wire import ActError

#: the query parameters that filter a list
NAMES = ("game", "players", "clock", "open", "rated")


@dataclass(frozen=True)
class Filters:
    """What a list is filtered by: each None when not asked."""

    game: str | None = None
    players: int | None = None
    clock: str | None = None
    open: bool | None = None    # True: only games with a seat still open; False: only games with none
    rated: bool | None = None   # True: only rated games; False: only unrated ones (a game that says nothing is unrated)

    def keeps(self, summary: dict) -> bool:
        """Whether the game of ``summary`` (:func:`daimyo.server.rooms.summary_of`) passes every filter."""
        if self.game is not None and summary["game"] != self.game:
            return False
        if self.players is not None and summary["players"] != self.players:
            return False
        if self.clock is not None and (summary.get("clock") or {}).get("kind", "none") != self.clock:
            return False
        if self.open is not None and any(s["open"] for s in summary["seats"]) != self.open:
            return False
        return self.rated is None or bool(summary.get("rated", False)) == self.rated

    @property
    def any(self) -> bool:
        return any(v is not None for v in (self.game, self.players, self.clock, self.open, self.rated))


def _yes_no(params: Mapping[str, str], name: str) -> bool | None:
    raw = params.get(name)
    if raw is None or raw == "":
        return None
    if raw not in ("1", "0", "true", "false"):
        raise ActError("bad-request", f"{name}: 1 or 0 (true or false)")
    return raw in ("1", "true")


def parse_filters(params: Mapping[str, str]) -> Filters:
    """The filters of a request's query parameters; an ActError naming the parameter when one is wrong."""
    game = params.get("game") or None
    if game is not None and game not in hosted_games():
        shown = game[:40] if game.isprintable() else "that"
        raise ActError("bad-request", f"game: one of {', '.join(hosted_games())}, not '{shown}'")
    raw = params.get("players") or None
    if raw is not None and not (raw.isdigit() and 1 <= int(raw) <= 9):
        raise ActError("bad-request", "players: a number of players from 1 to 9")
    clock = params.get("clock") or None
    if clock is not None and clock not in KINDS:
        raise ActError("bad-request", f"clock: one of {', '.join(KINDS)}")
    return Filters(game, int(raw) if raw is not None else None, clock, _yes_no(params, "open"), _yes_no(params, "rated"))


__all__ = ["NAMES", "Filters", "parse_filters"]
