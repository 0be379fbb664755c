"""Issue 24, item 12: ``daimyo bot connect`` hung forever after a ``bad-message`` refusal (it asked the program
again only after ``illegal``). Now a refused answer of any kind the program caused is asked for again with the
server's reason, and after a few refusals in a row the command ends with a clear error; against a real
``daimyo serve`` process on 127.0.0.1."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.server.process import Server

# answers one action far past the server's 4096-byte message (bad-message) on its first N decisions, then the
# first legal action
PROGRAM = """
import json, sys
bad = int(sys.argv[1])
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "decide":
        continue
    if bad > 0:
        bad -= 1
        print("x" * 5000, flush=True)
    else:
        print(message["legal"][0], flush=True)
"""


@pytest.fixture
def server(tmp_path):
    s = Server(f"sqlite:///{tmp_path / 'games.sqlite'}")
    yield s
    s.stop()


def connect_with(server: Server, tmp_path, bad: int) -> subprocess.CompletedProcess:
    program = tmp_path / "bot.py"
    program.write_text(PROGRAM)
    game = server.create({"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                          "practice": True, "seed": 4})
    link = f"{server.base}/join/{game['id']}#code={game['invite']['code']}"
    return subprocess.run([sys.executable, "-m", "daimyo", "bot", "connect", link, "--seat", "0",
                           "--cmd", f"{sys.executable} {program} {bad}"], capture_output=True, text=True, timeout=240)


def test_a_refused_message_is_asked_for_again_with_the_reason(server, tmp_path):
    done = connect_with(server, tmp_path, bad=2)
    assert done.returncode == 0, done.stderr + done.stdout[-2000:]
    assert done.stdout.count("refused: a message may be at most 4096 bytes") == 2
    assert "the game is over" in done.stdout


def test_a_program_whose_answers_are_always_refused_ends_with_a_clear_error(server, tmp_path):
    done = connect_with(server, tmp_path, bad=1000)
    assert done.returncode == 1
    assert "the server refused the program's answer 5 time(s) in a row (the last: a message may be at most 4096 bytes)" \
        in done.stderr
    assert "Traceback" not in done.stderr
