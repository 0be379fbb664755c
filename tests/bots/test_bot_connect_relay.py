"""``daimyo bot connect`` at simultaneous choices (issue 27, section 4): an answer the game moved past (another seat
acted first) is sent again for the same decision without asking the program twice; when the decision changed the
program is asked with a reason it can read; a Senjutsu game ends with its winners."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from daimyo.cli.bot import Relay
from daimyo.core.registry import game

HERE = Path(__file__).resolve().parent


class FakeSocket:
    """The server's side, scripted: ``incoming`` are the messages it sends; what the relay sends is kept."""

    def __init__(self, incoming: list[dict]):
        self.incoming = [json.dumps(m) for m in incoming]
        self.sent: list[dict] = []

    def recv(self) -> str:
        return self.incoming.pop(0)

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))


class FakeProgram:
    """A program that answers each decision with its first legal action and keeps every message."""

    def __init__(self):
        self.asked: list[dict] = []
        self.told: list[dict] = []

    def ask(self, message: dict) -> str:
        self.asked.append(message)
        return message["legal"][0]

    def tell(self, message: dict) -> None:
        self.told.append(message)


def _duel_states():
    """Three states of a Senjutsu duel at its first simultaneous choice: as it starts, after the other seat chose
    (the same legal actions for seat 0), and over."""
    s = game("senjutsu").setup(2, 1, ["kaze", "hana"])
    while s.phase != "choose":
        seat = s.to_act()[0]
        s.apply_move(seat, s.legal_moves(seat)[0])
    view, legal = s.view(0), s.legal_moves(0)
    assert set(s.to_act()) == {0, 1}
    return view, legal


def test_an_answer_the_game_moved_past_is_sent_again_without_asking_twice():
    view, legal = _duel_states()
    over = dict(view, winners=["p1"])
    ws = FakeSocket([
        {"type": "welcome", "game": {"game": "senjutsu"}},
        {"type": "state", "seq": 7, "view": view, "legal": legal, "to_act": ["kaze", "hana"], "events": []},
        {"type": "state", "seq": 8, "view": view, "legal": legal, "to_act": ["kaze"], "events": []},
        {"type": "error", "code": "stale", "message": "that action was chosen at step 7, but the game is at step 8"},
        {"type": "ack", "seq": 9},
        {"type": "state", "seq": 9, "view": over, "legal": [], "to_act": [], "events": []},
    ])
    program, said = FakeProgram(), []
    result = Relay(ws, 0, program, "en", said.append).run("token")
    assert len(program.asked) == 1                        # asked once for the one decision
    acts = [m for m in ws.sent if m["type"] == "act"]
    assert [(a["seq"], a["action"]) for a in acts] == [(7, legal[0]), (8, legal[0])]
    assert any("sent again" in line for line in said)
    assert [m["type"] for m in program.told] == ["start", "end"]
    assert result == {"winners": ["p1"]} and program.told[-1]["result"] == {"winners": ["p1"]}


def test_an_ack_inside_the_state_that_follows_is_taken_as_the_ack():
    """The relay asks for its acknowledgements inside the states (hello's "ack_in_state"); a state carrying "ack"
    ends the answer in flight as an ack would, and the next decision is asked at once."""
    view, legal = _duel_states()
    ws = FakeSocket([
        {"type": "welcome", "game": {"game": "senjutsu"}},
        {"type": "state", "seq": 7, "view": view, "legal": legal, "to_act": ["kaze", "hana"], "events": []},
        {"type": "state", "seq": 8, "ack": 8, "view": view, "legal": legal, "to_act": ["kaze", "hana"], "events": []},
        {"type": "state", "seq": 9, "ack": 9, "view": dict(view, winners=["p1"]), "legal": [], "to_act": [], "events": []},
    ])
    program = FakeProgram()
    result = Relay(ws, 0, program, "en", lambda line: None).run("token")
    assert ws.sent[0]["ack_in_state"] is True
    assert [(m["seq"], m["action"]) for m in ws.sent if m["type"] == "act"] == [(7, legal[0]), (8, legal[0])]
    assert len(program.asked) == 2 and result == {"winners": ["p1"]}


def test_when_the_decision_changed_the_program_is_told_why_it_is_asked_again():
    view, legal = _duel_states()
    ws = FakeSocket([
        {"type": "welcome", "game": {"game": "senjutsu"}},
        {"type": "state", "seq": 7, "view": view, "legal": legal, "to_act": ["kaze", "hana"], "events": []},
        {"type": "error", "code": "stale", "message": "that action was chosen at step 7, but the game is at step 8"},
        {"type": "state", "seq": 8, "view": view, "legal": legal[1:], "to_act": ["kaze"], "events": []},
        {"type": "ack", "seq": 9},
        {"type": "state", "seq": 9, "view": dict(view, winners=["p2"]), "legal": [], "to_act": [], "events": []},
    ])
    program = FakeProgram()
    Relay(ws, 0, program, "en", lambda line: None).run("token")
    assert len(program.asked) == 2
    assert "error" not in program.asked[0]
    assert "game had moved on" in program.asked[1]["error"] and "step 8" in program.asked[1]["error"]


def test_bot_connect_plays_a_senjutsu_duel_to_the_end_with_its_winners(tmp_path):
    from tests.server.process import Server

    log = tmp_path / "messages.jsonl"
    server = Server(f"sqlite:///{tmp_path / 'games.sqlite'}")
    try:
        created = server.create({"game": "senjutsu", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                 "practice": True, "seed": 4})
        link = f"{server.base}/join/{created['id']}#code={created['invite']['code']}"
        done = subprocess.run([sys.executable, "-m", "daimyo", "bot", "connect", link, "--seat", "0", "--cmd",
                               f"{sys.executable} {HERE / 'recording_bot.py'} {log}"], capture_output=True, text=True, timeout=240)
        assert done.returncode == 0, done.stderr + done.stdout[-2000:]
        messages = [json.loads(line) for line in log.read_text().splitlines()]
        end = messages[-1]
        assert messages[0]["type"] == "start" and end["type"] == "end"
        assert end["result"] == {"winners": end["view"]["winners"]} and end["view"]["winners"]
        assert f"the game is over: {json.dumps(end['result'])}" in done.stdout
        # no decision was asked twice: each decide has a different step, or says why it is asked again
        decides = [m for m in messages if m["type"] == "decide"]
        refused = done.stdout.count("refused: ")
        sent_again = done.stdout.count("sent again")
        assert sum(1 for m in decides if "error" in m) <= refused - sent_again
    finally:
        server.stop()


def test_a_welcome_table_that_does_not_fit_ends_the_relay_naming_the_field():
    """The welcome's ``table`` (a Battle for Rokugan table's rules file, docs/server-protocol.md) is checked before
    anything is told to the program: a changed file (its digest), a file that is not a rules file, another game's
    table each end ``bot connect`` with an error naming the field; nothing is sent to the program."""
    import click
    import pytest

    from daimyo.rokugan.data_variant import parse_variant

    text = json.dumps({"format": "rokugan-rules", "name": "short", "components": {"rounds": 2}})
    good = {"format": "rokugan-table", "rules": parse_variant(text).canonical, "digest": parse_variant(text).digest}
    cases = [
        ("rokugan", {**good, "digest": "0" * 64}, "field 'table.digest': it says 0000"),
        ("rokugan", {**good, "rules": json.dumps({"format": "rokugan-rules", "name": "short", "components": {"rounds": 99}})},
         "field 'table.rules': field 'components.rounds'"),
        ("rokugan", {**good, "digest": 7}, "field 'table.digest'"),
        ("rokugan", {**good, "format": "senjutsu-table"}, "field 'table.format'"),
        ("senjutsu", good, "field 'table.format'"),
    ]
    for name, table, why in cases:
        program = FakeProgram()
        ws = FakeSocket([{"type": "welcome", "game": {"game": name}, "table": table}])
        with pytest.raises(click.ClickException) as refused:
            Relay(ws, 0, program, "en", lambda line: None).run("token")
        assert why in refused.value.message and refused.value.message.startswith("the server's welcome"), refused.value.message
        assert program.told == [] and program.asked == []


@pytest.mark.parametrize("url, message", [
    ("http://[::1/game/abc#seat=0&token=t", "URL: Invalid IPv6 URL"),
    ("http://127.0.0.1:8000/game/abc#seat=" + "9" * 5000 + "&token=t", "the link's seat is a number from 0 to 4"),
    ("http://127.0.0.1:8000/game/abc#seat=7&token=t", "the link's seat is a number from 0 to 4"),
])
def test_a_link_with_a_bad_host_or_seat_is_refused_naming_the_url(url, message):
    """Regression: a bracketed host that is no IPv6 address gave urlsplit's message naming nothing, and a seat of 5000
    digits a ValueError traceback from int()."""
    from click.testing import CliRunner

    from daimyo.cli.bot import connect
    done = CliRunner().invoke(connect, [url, "--cmd", "true"])
    assert done.exit_code == 2 and message in done.output and done.exception is not None
    assert isinstance(done.exception, SystemExit)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=60), st.builds(lambda s, h, p, f: f"{s}://{h}/{p}#{f}", st.sampled_from(["http", "https", "ws", ""]),
                                                 st.sampled_from(["a.example", "[::1]", "[::1", "]", "a:99999999", ""]),
                                                 st.sampled_from(["game/x", "join/x", "game", "game/x/y", ""]), st.text(max_size=20))))
def test_any_link_is_read_or_refused_naming_the_url(url):
    from daimyo.cli.bot import parse_link
    try:
        base, game_id, fields = parse_link(url)
    except ValueError as e:
        assert str(e).startswith("URL: ")
        return
    assert base.startswith(("http://", "https://")) and game_id and isinstance(fields, dict)
