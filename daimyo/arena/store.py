"""Arena results on disk: one SQLite row per game (stdlib ``sqlite3``), and each record as a text file.

A record file replays with ``daimyo rokugan replay FILE``.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

_COLUMNS = ("game", "seed", "players", "bots", "clans", "first", "winners", "returns", "scores", "objectives",
            "moves", "seconds", "record")
_JSON = {"bots", "clans", "winners", "returns", "scores", "objectives"}


class Store:
    """``arena.sqlite`` (table ``games``) and ``records/game-NNNNN.txt`` under one folder."""

    def __init__(self, folder: Path | str):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / "records").mkdir(exist_ok=True)
        self.db = sqlite3.connect(self.folder / "arena.sqlite")
        self.db.execute("create table if not exists games (run text, game integer, seed integer, players integer, "
                        "bots text, clans text, first integer, winners text, returns text, scores text, objectives text, "
                        "moves integer, seconds real, record text)")

    def add(self, run: str, row: dict) -> Path:
        values = [json.dumps(row[c]) if c in _JSON else row[c] for c in _COLUMNS]
        self.db.execute(f"insert into games values (?, {', '.join('?' * len(_COLUMNS))})", [run, *values])
        self.db.commit()
        path = self.record_path(run, row["game"])
        path.write_text(row["record"], encoding="utf-8")
        return path

    def record_path(self, run: str, game: int) -> Path:
        return self.folder / "records" / f"{run}-game-{game:05d}.txt"

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
        self.db.close()
