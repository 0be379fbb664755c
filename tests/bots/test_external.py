"""Bots from outside daimyo (issue 17): a program in any language over JSON lines (``exec:``), a Python
class by ``module:Class`` or through the ``daimyo.bots`` entry-point group, and ``daimyo bot connect``
taking a seat in a live server game. The play server never runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from daimyo.bots.external import BotError, ProgramBot
from daimyo.bots.random_bot import play
from daimyo.bots.registry import make_bot
from daimyo.rokugan import new_game

HERE = Path(__file__).resolve().parent
PROGRAM = f"{sys.executable} {HERE / 'first_legal_bot.py'}"


def _game_with(spec: str, seed: int = 3):
    """The final result and the number of moves of a game with ``spec`` at seat 0 against a seeded random bot."""
    state = new_game(players=2, seed=seed)
    bots = {0: make_bot("rokugan", spec, 1), 1: make_bot("rokugan", "random", 2)}
    moves = play(state, bots)
    assert state.is_terminal()
    return state.result, moves


def test_a_program_a_python_class_and_the_same_choices_give_the_same_game():
    by_program = _game_with(f"exec:{PROGRAM}")
    by_json = _game_with(f"exec:{PROGRAM} --json")
    by_class = _game_with("tests.bots.first_legal:FirstLegal")
    assert by_program == by_json == by_class
    assert by_program != _game_with("random")   # the outside bot's choices did shape the game


def test_an_entry_point_names_a_bot(tmp_path, monkeypatch):
    dist = tmp_path / "outside_bots-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: outside-bots\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[daimyo.bots]\nfirst-legal = tests.bots.first_legal:FirstLegal\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert _game_with("first-legal") == _game_with("tests.bots.first_legal:FirstLegal")


def test_a_bad_answer_a_silent_program_and_a_missing_one_are_told_apart():
    state = new_game(players=2, seed=3)
    seat = state.to_act()[0]
    with pytest.raises(BotError, match="fly to the moon.*not a legal action here \\(legal: "):
        ProgramBot("rokugan", f"{PROGRAM} --nonsense", 0).choose(state, seat)
    with pytest.raises(BotError, match="no answer within 0.5 s"):
        ProgramBot("rokugan", f"{PROGRAM} --sleep", 0, timeout=0.5).choose(state, seat)
    with pytest.raises(BotError, match="could not start 'no-such-program-here'"):
        ProgramBot("rokugan", "no-such-program-here", 0).choose(state, seat)
    with pytest.raises(ValueError, match="cannot import module 'no_such_module.x'"):
        make_bot("rokugan", "no_such_module.x:Bot", 0)
    with pytest.raises(ValueError, match="plays rokugan, senjutsu, not risingsun"):
        make_bot("risingsun", "tests.bots.first_legal:FirstLegal", 0)


def test_the_play_server_never_runs_an_outside_bot(tmp_path):
    from starlette.testclient import TestClient

    from daimyo.server.app import create_app
    from tests.server.conftest import TEST_SETTINGS

    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.sqlite'}", settings=TEST_SETTINGS)) as client:
        for spec in ("exec:python3 bot.py", "tests.bots.first_legal:FirstLegal", "os:System"):
            r = client.post("/api/games", json={"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "bot", "bot": spec}]})
            assert r.status_code == 400 and "unknown Battle for Rokugan bot" in r.json()["error"], spec


def test_bot_connect_plays_a_live_seat_to_the_end(tmp_path):
    from tests.server.process import Server

    server = Server(f"sqlite:///{tmp_path / 'games.sqlite'}")
    try:
        game = server.create({"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                              "practice": True, "seed": 9})
        link = f"{server.base}/join/{game['id']}#code={game['invite']['code']}"
        done = subprocess.run([sys.executable, "-m", "daimyo", "bot", "connect", link, "--seat", "0", "--name", "Outside",
                               "--cmd", PROGRAM], capture_output=True, text=True, timeout=240)
        assert done.returncode == 0, done.stderr + done.stdout[-2000:]
        assert "the game is over" in done.stdout
        # the game is not public: its summary is read with one of its keys (the host's watch code)
        status, _, body = server.request("GET", f"/api/games/{game['id']}", headers={"X-Daimyo-Key": game["watch"]["code"]})
        assert status == 200, body
        summary = json.loads(body)
        assert summary["status"] == "over" and summary["seats"][0]["name"] == "Outside"
        bad = subprocess.run([sys.executable, "-m", "daimyo", "bot", "connect", f"{server.base}/game/{game['id']}",
                              "--cmd", PROGRAM], capture_output=True, text=True, timeout=60)
        assert bad.returncode == 2 and "neither a seat's token" in bad.stderr
    finally:
        server.stop()
