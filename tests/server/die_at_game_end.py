"""``python -m tests.server.die_at_game_end serve ...``: daimyo's command line whose server process dies at once, as by
SIGKILL or a power cut, the moment the end of a game is stored (its last action or the resignation that ends it
committed), before it does anything more: where the rating update was once a write of its own, still to come."""

from __future__ import annotations

import os

import daimyo.server.rooms as rooms
from daimyo.cli.main import main


def _die(room, tell: bool = False) -> None:
    os._exit(137)


rooms.show_ratings = _die

if __name__ == "__main__":
    main()
