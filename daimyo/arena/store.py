"""Arena results on disk: one SQLite row per game (stdlib ``sqlite3``), and each record as a text file.

A record file replays with its game's replay command (``daimyo rokugan replay FILE``, ``daimyo senjutsu replay FILE``,
``daimyo risingsun replay FILE``), or with ``game(name).replay(text)``. A database written before the arena played
other games (no ``game_name`` column) gets the new columns on opening; its rows read as the default game's
(:data:`daimyo.arena.schedule.GAME`, Battle for Rokugan, the one game that arena played).
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from daimyo.arena.schedule import GAME

_COLUMNS = ("game", "game_name", "start", "seed", "players", "bots", "clans", "first", "winners", "returns", "scores", "objectives",
            "moves", "seconds", "record")
_JSON = {"bots", "clans", "winners", "returns", "scores", "objectives"}


#: seconds between two commits of the rows added: a commit waits for the disk (17 ms a row on the shared VM, more than
#: a Rising Sun war takes on the native engine), so rows are committed in batches; a run stopped early keeps every row
#: committed before its last second, and every record file
COMMIT_EVERY = 1.0


class Store:
    """``arena.sqlite`` (table ``games``) and ``records/game-NNNNN.txt`` under one folder; :meth:`close` commits
    the rows added since the last commit."""

    def __init__(self, folder: Path | str):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / "records").mkdir(exist_ok=True)
        self.db = sqlite3.connect(self.folder / "arena.sqlite")
        self.db.execute("create table if not exists games (run text, game integer, seed integer, players integer, "
                        "bots text, clans text, first integer, winners text, returns text, scores text, objectives text, "
                        f"moves integer, seconds real, record text, game_name text default '{GAME}', start text)")
        have = {r[1] for r in self.db.execute("pragma table_info(games)")}
        if "game_name" not in have:   # a database of the Battle for Rokugan-only arena
            self.db.execute(f"alter table games add column game_name text default '{GAME}'")
        if "start" not in have:
            self.db.execute("alter table games add column start text")
        self.db.commit()
        self._committed = time.monotonic()

    def add(self, run: str, row: dict) -> Path:
        values = [json.dumps(row[c]) if c in _JSON else row.get(c) for c in _COLUMNS]
        self.db.execute(f"insert into games (run, {', '.join(_COLUMNS)}) values (?, {', '.join('?' * len(_COLUMNS))})",
                        [run, *values])
        if time.monotonic() - self._committed >= COMMIT_EVERY:
            self.db.commit()
            self._committed = time.monotonic()
        path = self.record_path(run, row["game"])
        path.write_text(row["record"], encoding="utf-8")
        return path

    def record_path(self, run: str, game: int) -> Path:
        return self.folder / "records" / f"{run}-game-{game:05d}.txt"

    def runs(self) -> list[str]:
        """The runs stored, in the order they were first stored."""
        return [r[0] for r in self.db.execute("select run from games group by run order by min(rowid)")]

    def rows(self, run: str | None = None) -> list[dict]:
        q = "select " + ", ".join(_COLUMNS) + " from games" + (" where run = ?" if run else "") + " order by game"
        out = []
        for values in self.db.execute(q, (run,) if run else ()):
            row = dict(zip(_COLUMNS, values, strict=False))
            for c in _JSON:
                row[c] = json.loads(row[c])
            out.append(row)
        return out

    def close(self) -> None:
        self.db.commit()
        self.db.close()
