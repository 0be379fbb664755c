"""Battle for Rokugan's table options on the play server: a table played under a designer's rules file
(docs/designers.md, "Playing a variant online"; daimyo/rokugan/table.py), stored with the game, so that a restart,
the record and its replay keep the variant, while the server's other games keep the standard rules."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st
from starlette.testclient import TestClient

from daimyo.rokugan.data import RULES
from daimyo.rokugan.data_variant import active
from daimyo.rokugan.game import ROKUGAN
from daimyo.rokugan.record import replay as replay_record
from daimyo.server.app import create_app
from tests.server.conftest import TEST_SETTINGS, create, join, next_of, wait_over

#: Setup 6 (the special tokens' supply) and Game End (the number of rounds), changed by a rules file
VARIANT = json.dumps({"format": "rokugan-rules", "name": "short-peace",
                      "components": {"rounds": 2, "special_tokens": {"peace": 9}}})
STANDARD_PEACE = 15


def table(client, seats, seed=3, **options):
    return create(client, seats, seed=seed, game="rokugan", **options)


def two_humans():
    return [{"kind": "human", "choice": "crab"}, {"kind": "human", "choice": "lion"}]


def test_a_variant_table_survives_a_restart_and_the_other_games_keep_the_standard_rules(tmp_path):
    """The table file is stored in the games row: a restarted server rebuilds the game under its rules file."""
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        client.sessions = []
        g = table(client, two_humans(), rules=VARIANT)
        plain = table(client, two_humans())
        ws, _, _, st0 = join(client, g["id"], 0, g["seats"][0]["token"])
        assert st0["view"]["specials_left"]["peace"] == 9
        ws.send_json({"type": "act", "action": st0["legal"][0]})
        assert next_of(ws, "ack")["seq"] == 1
        before = next_of(ws, "state")
        _, _, _, other = join(client, plain["id"], 0, plain["seats"][0]["token"])
        assert other["view"]["specials_left"]["peace"] == STANDARD_PEACE
        for sock in client.sessions:
            sock.__exit__(None, None, None)
    assert active() is None and RULES.rounds == 5   # the process's rules are the standard ones between calls
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        client.sessions = []
        ws, _, _, after = join(client, g["id"], 0, g["seats"][0]["token"])
        assert after["seq"] == 1 and after["view"] == before["view"] and after["legal"] == before["legal"]
        assert after["view"]["specials_left"]["peace"] == 9
        # hidden information: seat 1 sees its own objectives, not seat 0's choice
        _, _, _, seat1 = join(client, g["id"], 1, g["seats"][1]["token"])
        assert seat1["view"]["you"]["seat"] == 1 and seat1["view"]["players"][0].get("objective") is None
        for sock in client.sessions:
            sock.__exit__(None, None, None)


def test_a_bots_game_ends_after_the_variants_rounds_and_its_record_replays(client):
    """Game End after the rules file's 2 rounds; the record carries the rules file and replays to the same end."""
    g = table(client, [{"kind": "bot", "bot": "random", "choice": "crab"}, {"kind": "bot", "bot": "random", "choice": "crane"}],
              seed=11, rules=VARIANT)
    summary = wait_over(client, g["id"], 120.0)
    text = client.get(f"/api/games/{g['id']}/record").text
    assert "variant: short-peace" in text and "variant-digest:" in text and "variant-rules:" in text
    replayed = replay_record(text).state   # under its own rules: nothing in the process changes
    assert active() is None and replayed.rules.header["variant"] == "short-peace"
    assert replayed.is_terminal() and replayed.round == 2
    assert replayed.result["scores"] == summary["result"]["scores"]


def test_a_variant_table_and_a_standard_one_with_searching_bots_at_the_same_time(client):
    """Two tables at once, each of two searching bots (ISMCTS, the native engine where built): the rules-file table
    and a standard one, their bots thinking in the server's threads at the same time. Each game is played under its
    own rules (2 rounds, 5 rounds) and each record replays to its own end."""
    bots = [{"kind": "bot", "bot": "ismcts:20", "choice": "crab"}, {"kind": "bot", "bot": "ismcts:20", "choice": "crane"}]
    variant = table(client, bots, seed=5, rules=VARIANT)
    standard = table(client, bots, seed=5)
    ends = {g["id"]: wait_over(client, g["id"], 300.0) for g in (variant, standard)}
    for g, rounds, named in ((variant, 2, True), (standard, 5, False)):
        text = client.get(f"/api/games/{g['id']}/record").text
        assert ("variant: short-peace" in text) == named
        replayed = replay_record(text).state
        assert replayed.is_terminal() and replayed.round == rounds
        assert replayed.result["scores"] == ends[g["id"]]["result"]["scores"]
    assert active() is None


def test_the_page_data_and_the_upload_check_show_the_variant(client):
    """``/api/rokugan/data?game=ID`` gives the table's numbers; ``POST /api/rokugan/rules`` says what a file changes."""
    g = table(client, two_humans(), rules=VARIANT)
    own = client.get(f"/api/rokugan/data?game={g['id']}").json()
    assert own["components"]["rounds"] == 2 and own["variant"]["name"] == "short-peace"
    plain = client.get("/api/rokugan/data").json()
    assert plain["components"]["rounds"] == 5 and "variant" not in plain
    check = client.post("/api/rokugan/rules", json={"rules": VARIANT}).json()
    assert check["name"] == "short-peace" and "components.rounds: 2" in check["changes"]


def test_a_rematch_keeps_the_rules_file():
    """A rematch asks for the table again from the stored table file's fields: the same file, the same clans."""
    options = ROKUGAN.table_options
    stored = options.table_of({"rules": VARIANT})
    assert options.table_of(options.table_fields(stored)) == stored
    assert options.table_fields(None) == {} and options.table_of({}) is None
    narrow = json.dumps({"format": "rokugan-rules", "name": "five", "clans_in_game": ["crab", "crane", "dragon", "lion", "phoenix"]})
    assert options.seat_choices(options.table_of({"rules": narrow})) == ["crab", "crane", "dragon", "lion", "phoenix"]
    assert len(options.seat_choices(None)) == 7


BAD = [
    ("", "rules: the text of a rules file"),
    ("{not json", "rules:"),
    (json.dumps({"format": "rokugan-rules", "name": "x", "components": {"rounds": 99}}), "field 'components.rounds'"),
    (json.dumps({"format": "other", "name": "x"}), "field 'format'"),
    (json.dumps({"format": "rokugan-rules", "name": "x", "clans_in_game": ["crab"]}), "field 'clans_in_game'"),
]


def test_bad_rules_files_are_refused_naming_the_field_and_create_nothing(client):
    for text, why in BAD:
        r = client.post("/api/games", json={"game": "rokugan", "seats": two_humans(), "rules": text})
        assert r.status_code == 400 and why in r.json()["error"], r.text
        assert r.json()["error"].startswith("rules")
    assert client.get("/api/games").json()["games"] == []


@pytest.fixture
def roomy(db_url):
    """A server that reads many uploaded files a minute (the hypothesis test sends one a request)."""
    with TestClient(create_app(db_url, settings=dataclasses.replace(TEST_SETTINGS, upload_rate="10000/minute"))) as c:
        c.sessions = []
        yield c


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules=st.one_of(st.text(max_size=200), st.integers(), st.lists(st.integers(), max_size=3),
                       st.dictionaries(st.sampled_from(["format", "name", "components", "rounds", "clans"]),
                                       st.one_of(st.integers(-5, 50), st.text(max_size=8), st.just("rokugan-rules")),
                                       max_size=4).map(json.dumps)))
@example(rules='{"format": "rokugan-rules", "name": "rokugan-rules"}')   # a file that holds: the game is made
def test_any_rules_field_gets_a_game_or_a_400_naming_the_field(roomy, rules):
    """Whatever the ``rules`` field holds, the HTTP entry point makes the game or answers 400 starting ``rules``."""
    r = roomy.post("/api/games", json={"game": "rokugan", "seats": two_humans(), "rules": rules})
    if r.status_code == 201:   # a file that holds (the printed rules, named): its game is made under it
        made = r.json()   # (a private game: its summary is read with its host key, as the creator's lobby does)
        assert roomy.get(f"/api/games/{made['id']}", headers={"X-Daimyo-Key": made["host"]}).status_code == 200
    else:
        assert r.status_code == 400 and r.json()["error"].startswith("rules"), r.text
    assert active() is None


class Socket:
    """A test client's WebSocket as ``daimyo bot connect``'s relay speaks to one (``send`` and ``recv``)."""

    def __init__(self, ws):
        self.ws = ws

    def send(self, text: str) -> None:
        self.ws.send_text(text)

    def recv(self) -> str:
        return self.ws.receive_text()


class Stopped(Exception):
    """A test's program ended the relay at its first decision."""


class FirstLegal:
    """A bot program that answers each decision with its first legal action (or, ``stop``, ends the relay at its
    first decision) and keeps every message."""

    def __init__(self, stop: bool = False):
        self.asked: list[dict] = []
        self.told: list[dict] = []
        self.stop = stop

    def ask(self, message: dict) -> str:
        self.asked.append(message)
        if self.stop:
            raise Stopped
        return message["legal"][0]

    def tell(self, message: dict) -> None:
        self.told.append(message)


#: a rules file whose numbers a bot reads: crab_1's defense and flowers, an objective's honor (Secret Objectives),
#: and the rounds (Game End)
TOLD = json.dumps({"format": "rokugan-rules", "name": "sail-crab", "components": {"rounds": 2},
                   "provinces": {"crab_1": {"flowers": 5, "printed_defense": 3}},
                   "objectives": {"way-of-the-sail": {"honor": 16}}})


def test_bot_connect_reads_the_tables_rules_file_from_the_welcome(client):
    """The welcome tells every connection of a rules-file table the file (public: a spectator gets it too), and
    ``daimyo bot connect``'s relay tells its program the file's numbers, playing to the end of its 2 rounds; a
    standard table's welcome carries no ``table`` and its program is told the printed numbers."""
    from daimyo.cli.bot import Relay
    from tests.server.conftest import connect

    seats = [{"kind": "human", "choice": "crab"}, {"kind": "bot", "bot": "random", "choice": "crane"}]
    g = table(client, seats, seed=7, rules=TOLD)
    _, welcome, _, _ = join(client, g["id"])   # a spectator
    assert welcome["table"]["format"] == "rokugan-table" and json.loads(welcome["table"]["rules"])["name"] == "sail-crab"
    program = FirstLegal()
    result = Relay(Socket(connect(client, g["id"])), 0, program, "en", lambda line: None).run(g["seats"][0]["token"])
    start = program.told[0]
    assert (start["facts"]["provinces"]["crab_1"]["defense"], start["facts"]["provinces"]["crab_1"]["flowers"]) == (3, 5)
    assert "crab_1 (defense 3, coastal, capital of Crab, 5 flowers)" in start["text"]
    assert start["facts"]["objectives"]["way-of-the-sail"]["text"].endswith(": 16 honor.")
    end = program.told[-1]
    assert end["type"] == "end" and end["view"]["round"] == 2 and result["scores"]
    assert active() is None

    plain = table(client, seats, seed=7)
    _, welcome, _, _ = join(client, plain["id"])   # a spectator
    assert "table" not in welcome
    program = FirstLegal(stop=True)
    with pytest.raises(Stopped):   # the first decision is enough: the start message is told before it
        Relay(Socket(connect(client, plain["id"])), 0, program, "en", lambda line: None).run(plain["seats"][0]["token"])
    printed = program.told[0]["facts"]
    assert (printed["provinces"]["crab_1"]["defense"], printed["provinces"]["crab_1"]["flowers"]) == (2, 2)
    assert printed["objectives"]["way-of-the-sail"]["text"].endswith(": 10 honor.")
