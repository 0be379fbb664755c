"""Accounts made before names were normalised keep working once the database is upgraded (migration 0006,
issue 24 item 5), against a real server process: each signs in with the name it always typed, a fullwidth name
also by its plain letters, and the look-alikes made before stay apart while new ones are refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from argon2 import PasswordHasher
from sqlalchemy import create_engine

import daimyo.server.store as store_module
from tests.server.process import Server
from tests.server.test_account_attacks import OPEN, sign

# (name as stored by the old code, its old key, password): the old key was the name case-folded
OLD_ACCOUNTS = [
    ("Carol", "carol", "carol's password"),
    ("\uff43arol", "\uff43arol", "fullwidth c password"),   # its new key would be Carol's: it keeps its old one
    ("alice", "alice", "alice's password"),
    ("aIice", "aiice", "capital i password"),               # a look-alike of alice's, made before they were refused
    ("\uff22\uff29\uff27", "\uff42\uff49\uff47", "big password"),   # fullwidth BIG: its key becomes "big"
    ("Ed Wood", "ed wood", "ed's password"),
]


def _database_at_0005(path: Path) -> str:
    url = f"sqlite:///{path}"
    config = Config()
    config.set_main_option("script_location", str(Path(store_module.__file__).resolve().parent / "migrations"))
    engine = create_engine(url)
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0005")
    engine.dispose()
    hasher = PasswordHasher()
    db = sqlite3.connect(path)
    for i, (name, key, password) in enumerate(OLD_ACCOUNTS):
        db.execute("INSERT INTO users (id, name, name_key, password_hash, created) VALUES (?, ?, ?, ?, ?)",
                   (f"u-old{i}", name, key, hasher.hash(password), f"2026-01-0{i + 1}T00:00:00+00:00"))
    db.commit()
    db.close()
    return url


def test_old_accounts_sign_in_as_before_and_look_alikes_are_refused_from_now_on(tmp_path):
    path = tmp_path / "old.sqlite"
    server = Server(_database_at_0005(path), settings=(*OPEN, "create_rate=1000/minute"))
    try:
        for name, _key, password in OLD_ACCOUNTS:
            status, body, _ = sign(server, "sign-in", name, password)
            assert status == 200 and body["name"] == name, name
        assert sign(server, "sign-in", " big ", "big password")[1]["name"] == "\uff22\uff29\uff27"
        assert sign(server, "sign-in", "ed   wood", "ed's password")[0] == 200
        assert sign(server, "sign-in", "carol", "fullwidth c password")[0] == 401   # "carol" is Carol's
        for name, why in (("CAROL", "is taken"), ("\u0430lice", "looks too much like"), ("A1ice", "looks too much like"),
                          ("big", "is taken"), ("Ed Wo0d", "looks too much like")):
            status, body, _ = sign(server, "sign-up", name, "a new password")
            assert status == 409 and why in body["error"], name
    finally:
        server.stop()
    db = sqlite3.connect(path)
    rows = dict(db.execute("SELECT id, name_key || ' / ' || name_skeleton FROM users WHERE id LIKE 'u-old%'").fetchall())
    newest = max(p.name[:4] for p in (Path(store_module.__file__).parent / "migrations" / "versions").glob("0*.py"))
    assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [(newest,)]   # upgraded to the head
    db.close()
    assert rows == {"u-old0": "carol / carol", "u-old1": "\uff43arol / carol\tu-old1", "u-old2": "alice / alice",
                    "u-old3": "aiice / alice\tu-old3", "u-old4": "big / blg", "u-old5": "ed wood / ed wood"}
