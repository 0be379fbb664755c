"""The database schema is upgraded in place (Alembic): a database written before keys and invitations
keeps every game, which goes on where it was, now shown as the practice game it always was."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine
from starlette.testclient import TestClient

import daimyo.server.store as store_module
from daimyo.core.game import Action
from daimyo.rokugan import new_game
from daimyo.server.app import create_app
from tests.server.conftest import TEST_SETTINGS, join

OLD_SCHEMA = """
CREATE TABLE games (id VARCHAR(32) NOT NULL PRIMARY KEY, game VARCHAR(32) NOT NULL, players INTEGER NOT NULL,
  seed BIGINT NOT NULL, clans VARCHAR(200) NOT NULL, created VARCHAR(40) NOT NULL, status VARCHAR(16) NOT NULL, result TEXT);
CREATE TABLE seats (game_id VARCHAR(32) NOT NULL REFERENCES games (id), seat INTEGER NOT NULL, kind VARCHAR(8) NOT NULL,
  name VARCHAR(80), bot VARCHAR(40), token_hash VARCHAR(64), PRIMARY KEY (game_id, seat));
CREATE TABLE actions (game_id VARCHAR(32) NOT NULL REFERENCES games (id), seq INTEGER NOT NULL, seat INTEGER NOT NULL,
  action VARCHAR(200) NOT NULL, at VARCHAR(40) NOT NULL, PRIMARY KEY (game_id, seq));
"""


def test_a_database_from_before_keys_is_upgraded_and_its_games_go_on(tmp_path):
    path = tmp_path / "old.sqlite"
    game = new_game(players=2, seed=3, clans=["crab", "lion"])
    acts = []
    for _ in range(2):
        seat = game.to_act()[0]
        text = game.legal_actions(seat)[0].text
        game.apply(Action(seat, text))
        acts.append((seat, text))
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute("INSERT INTO games VALUES ('g-old', 'rokugan', 2, 3, 'crab lion', '2026-01-01T00:00:00+00:00', 'in progress', NULL)")
    for seat in (0, 1):
        db.execute("INSERT INTO seats VALUES ('g-old', ?, 'human', NULL, NULL, ?)", (seat, hashlib.sha256(f"tok{seat}".encode()).hexdigest()))
    for seq, (seat, text) in enumerate(acts):
        db.execute("INSERT INTO actions VALUES ('g-old', ?, ?, ?, 'then')", (seq, seat, text))
    db.commit()
    db.close()

    with TestClient(create_app(f"sqlite:///{path}", settings=TEST_SETTINGS)) as client:
        client.sessions = []
        summary = client.get("/api/games/g-old", headers={"X-Daimyo-Key": "tok0"}).json()   # not public: a seat's key
        assert summary["practice"] is True and [s["open"] for s in summary["seats"]] == [False, False]
        ws, welcome, log, state = join(client, "g-old", 0, "tok0")
        assert state["seq"] == 2 and state["view"] == game.view(0)
        ws.__exit__(None, None, None)
    db = sqlite3.connect(path)
    assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [("0012",)]
    db.close()


def test_a_game_stored_under_other_rules_is_refused_with_both_versions_named(tmp_path):
    """Each game keeps the rules version it is played under; an engine that plays another refuses to load it."""
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        made = client.post("/api/games", json={"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    db = sqlite3.connect(tmp_path / "games.sqlite")
    assert db.execute("SELECT rules FROM games WHERE id = ?", (made["id"],)).fetchone() == ("1",)
    db.execute("UPDATE games SET rules = '0' WHERE id = ?", (made["id"],))
    db.commit()
    db.close()
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        r = client.get(f"/api/games/{made['id']}", headers={"X-Daimyo-Key": made["host"]})
        assert r.status_code == 404 and "rules version 0" in r.json()["error"] and "version 1" in r.json()["error"]


def _migrate(url: str, to: str, down: bool = False) -> None:
    config = Config()
    config.set_main_option("script_location", str(Path(store_module.__file__).resolve().parent / "migrations"))
    engine = create_engine(url)
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        (command.downgrade if down else command.upgrade)(config, to)
    engine.dispose()


def test_the_seat_choices_column_keeps_every_games_choices_up_and_down(tmp_path):
    """Migration 0009 renames ``games.clans`` (every game's seat choices: clans, characters) to ``choices``; each
    game's choices are kept, upgrading and downgrading, and the server reads them back into its summaries."""
    path = tmp_path / "games.sqlite"
    url = f"sqlite:///{path}"
    _migrate(url, "0008")
    db = sqlite3.connect(path)
    for gid, game, choices in (("g-rk", "rokugan", "crab lion"), ("g-sj", "senjutsu", "kaze tetsu")):
        db.execute("INSERT INTO games (id, game, players, seed, clans, created, status, practice) "
                   "VALUES (?, ?, 2, 3, ?, '2026-01-01T00:00:00+00:00', 'in progress', 1)", (gid, game, choices))
        for seat in (0, 1):
            db.execute("INSERT INTO seats (game_id, seat, kind, token_hash) VALUES (?, ?, 'human', ?)",
                       (gid, seat, hashlib.sha256(f"{gid}{seat}".encode()).hexdigest()))
    db.commit()
    db.close()
    stored = {"g-rk": "crab lion", "g-sj": "kaze tetsu"}

    _migrate(url, "0009")
    db = sqlite3.connect(path)
    assert dict(db.execute("SELECT id, choices FROM games").fetchall()) == stored
    db.close()
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        for gid, choices in stored.items():
            summary = client.get(f"/api/games/{gid}", headers={"X-Daimyo-Key": f"{gid}0"}).json()
            assert [s["choice"] for s in summary["seats"]] == choices.split()

    _migrate(url, "0008", down=True)
    db = sqlite3.connect(path)
    assert dict(db.execute("SELECT id, clans FROM games").fetchall()) == stored
    assert "choices" not in [row[1] for row in db.execute("PRAGMA table_info(games)")]
    db.close()
