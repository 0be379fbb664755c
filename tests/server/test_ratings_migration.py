"""Migration 0010 (ratings): upgrading adds the rated flag (existing games unrated) and the two rating tables;
downgrading removes them and leaves every game as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, inspect

import daimyo.server.store as store_module


def _migrate(url: str, to: str, down: bool = False) -> None:
    config = Config()
    config.set_main_option("script_location", str(Path(store_module.__file__).resolve().parent / "migrations"))
    engine = create_engine(url)
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        (command.downgrade if down else command.upgrade)(config, to)
    engine.dispose()


def _shape(url: str) -> tuple[set[str], set[str]]:
    engine = create_engine(url)
    try:
        found = inspect(engine)
        return set(found.get_table_names()), {c["name"] for c in found.get_columns("games")}
    finally:
        engine.dispose()


def test_0010_upgrades_and_downgrades_keeping_the_games(tmp_path):
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    _migrate(url, "0009")
    db = sqlite3.connect(tmp_path / "games.sqlite")
    db.execute("INSERT INTO games (id, game, players, seed, choices, created, status) "
               "VALUES ('g-old', 'rokugan', 2, 3, 'crab lion', '2026-01-01T00:00:00+00:00', 'over')")
    db.commit()
    db.close()
    tables, columns = _shape(url)
    assert "ratings" not in tables and "rated" not in columns

    _migrate(url, "0010")
    tables, columns = _shape(url)
    assert {"ratings", "rating_changes"} <= tables and "rated" in columns
    db = sqlite3.connect(tmp_path / "games.sqlite")
    assert db.execute("SELECT id, rated FROM games").fetchall() == [("g-old", 0)]
    db.execute("INSERT INTO users (id, name, name_key, name_skeleton, password_hash, created) "
               "VALUES ('u-1', 'Ana', 'ana', 'ana', 'x', '2026-01-01T00:00:00+00:00')")
    db.execute("INSERT INTO ratings VALUES ('u-1', 'rokugan', 2, 27.5, 7.9, 1, '2026-01-02T00:00:00+00:00')")
    db.commit()
    db.close()

    _migrate(url, "0009", down=True)
    tables, columns = _shape(url)
    assert "ratings" not in tables and "rating_changes" not in tables and "rated" not in columns
    db = sqlite3.connect(tmp_path / "games.sqlite")
    assert db.execute("SELECT id, status FROM games").fetchall() == [("g-old", "over")]
    assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [("0009",)]
    db.close()
