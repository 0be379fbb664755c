"""Ratings (issue 30, "Ratings"): a rated table of signed-in players, a rank-aware update when its game ends, a leaver
placed last with a penalty, unrated games changing nothing, and the leaderboard and profile endpoints."""

from __future__ import annotations

from importlib import resources

import dataclasses
import sqlite3
import time
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from starlette.testclient import TestClient

from daimyo.core.rng import Rng
from daimyo.server.app import create_app
from daimyo.server.ratings import LEAVE_PENALTY, MU, PROVISIONAL_GAMES, SIGMA, new_ratings, places, shown
from tests.server.conftest import TEST_SETTINGS, humans

HTTPS = "https://testserver"   # the session cookie is Secure
NAMES = ["Ana", "Bo", "Cy", "Di"]


@pytest.fixture
def app(db_url):
    return create_app(db_url, settings=dataclasses.replace(TEST_SETTINGS, absent_after=0.0))


@pytest.fixture
def devices(app):
    made = []

    def device(name: str | None = None):
        client = TestClient(app, base_url=HTTPS)
        client.__enter__()
        made.append(client)
        if name is not None:
            r = client.post("/api/account/sign-up", json={"name": name, "password": "correct horse"})
            assert r.status_code == 201, r.text
        return client

    yield device
    for c in made:
        c.__exit__(None, None, None)


def rated_table(devices, game="rokugan", players=4, **extra):
    """A rated table whose every seat is taken by a signed-in player, each from a device of its own, all ready."""
    players_devices = [devices(NAMES[i]) for i in range(players)]
    host = players_devices[0]
    r = host.post("/api/games", json={"game": game, "seats": humans(players), "sit": 0, "table": True, "rated": True,
                                      "public": True, **extra})
    assert r.status_code == 201, r.text
    made = r.json()
    for seat in range(1, players):
        c = players_devices[seat].post(f"/api/games/{made['id']}/claim", json={"code": made["invite"]["code"], "seat": seat})
        assert c.status_code == 200, c.text
    return host, made


def the_room(client, game_id):
    return client.app.app.state.hub.rooms[game_id]   # the Guard wraps the Starlette app


def ready_and_start(client, made):
    room = the_room(client, made["id"])
    for seat in range(room.row.players):
        client.portal.call(room.seats.set_ready, seat, True)
    r = client.post(f"/api/games/{made['id']}/start", json={"host": made["host"]})
    assert r.status_code == 200, r.text
    return room


def play_out(client, room, seed: int, seats: set[int] | None = None, limit: float = 120.0) -> None:
    """Play random legal actions for ``seats`` (every seat: None) until the game ends; bots play the others."""
    rng = Rng(seed)
    deadline = time.monotonic() + limit
    while not room.state.is_terminal():
        assert time.monotonic() < deadline, "the game did not end"
        acting = [s for s in room.state.to_act() if seats is None or s in seats]
        if not acting:
            time.sleep(0.01)
            continue
        seat = acting[0]
        legal = room.state.legal_actions(seat)
        client.portal.call(room.act, seat, legal[rng.below(len(legal))].text)


def stored(db_url: str, sql: str, *args):
    db = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


# ----------------------------------------------------------------- the update
def test_places_share_ties_and_put_leavers_last():
    assert places([0.5, 0.0, 0.5, 0.0], [30, 12, 30, 20], set()) == [1, 4, 1, 3]
    assert places([1.0, 0.0, 0.0, 0.0], [40, 30, 30, 10], {0}) == [4, 1, 1, 3]   # the winner left: last
    assert places([1.0, 0.0, 0.0], None, {1, 2}) == [1, 2, 2]


def test_new_ratings_follow_the_places_and_a_leaver_pays_the_penalty():
    start = [(MU, SIGMA)] * 4
    after = new_ratings(start, [1, 2, 3, 4], set())
    assert [m for m, _ in after] == sorted((m for m, _ in after), reverse=True) and all(s < SIGMA for _, s in after)
    for shared in ([1, 1, 3, 4], [4, 3, 1, 1], [1, 2, 2, 4], [1, 1, 1, 4]):   # a shared place moves equally, never below a worse one
        moved = new_ratings(start, shared, set())
        for a in range(4):
            for b in range(4):
                if shared[a] < shared[b]:
                    assert moved[a][0] > moved[b][0], shared
                elif shared[a] == shared[b]:
                    assert moved[a] == pytest.approx(moved[b]), shared
    left = new_ratings(start, [1, 2, 3, 4], {3})
    assert left[3][0] == pytest.approx(after[3][0] - LEAVE_PENALTY) and left[:3] == after[:3]


def test_a_rated_four_player_game_orders_the_ratings_by_place(devices, db_url):
    host, made = rated_table(devices)
    room = ready_and_start(host, made)
    assert host.get(f"/api/games/{made['id']}").json()["rated"] is True
    play_out(host, room, seed=7)
    rows = stored(db_url, "SELECT c.seat, c.place, c.leaver, r.mu, r.sigma, r.games FROM rating_changes c "
                          "JOIN ratings r ON r.user_id = c.user_id AND r.game = c.game AND r.players = c.players "
                          "WHERE c.game_id = ? ORDER BY c.seat", made["id"])
    assert len(rows) == 4 and all(r[5] == 1 and not r[2] for r in rows)
    expected = places(list(room.state.returns()), room.rules.scores(room.state), set())
    assert [r[1] for r in rows] == expected
    for a in rows:   # a better place, a higher rating; a shared place, the same rating
        for b in rows:
            if a[1] < b[1]:
                assert a[3] > b[3]
            elif a[1] == b[1]:
                assert a[3] == pytest.approx(b[3])
    summary = host.get(f"/api/games/{made['id']}").json()
    for seat in summary["seats"]:
        mu, sigma = rows[seat["seat"]][3], rows[seat["seat"]][4]
        assert seat["rating"] == {"rating": shown(mu, sigma), "provisional": PROVISIONAL_GAMES > 1, "games": 1,
                                  "account": NAMES[seat["seat"]]}
    board = host.get("/api/leaderboard/rokugan?players=4").json()
    assert [e["rating"] for e in board["ratings"]] == sorted((shown(r[3], r[4]) for r in rows), reverse=True)
    assert {e["name"] for e in board["ratings"]} == set(NAMES) and board["bots"]
    levels = {e["bot"]: e["level"] for e in board["bots"]}   # the level each bot plays, as the lobby names it
    assert levels["heuristic"] == "easy" and levels["random"] == "beginner" and levels["ismcts:1s"] is None
    best = min(rows, key=lambda r: r[1])
    profile = host.get(f"/api/players/{NAMES[best[0]]}").json()
    assert profile["ratings"] == [{"game": "rokugan", "players": 4, "rating": shown(best[3], best[4]),
                                   "provisional": True, "games": 1}]
    assert profile["games"][0]["id"] == made["id"] and profile["games"][0]["place"] == best[1]
    assert {o["name"] for o in profile["opponents"]} == set(NAMES) - {NAMES[best[0]]}
    assert profile["history"][0]["id"] == made["id"]


def test_a_leaver_is_placed_last_with_the_penalty(devices, db_url):
    host, made = rated_table(devices, players=2)
    room = ready_and_start(host, made)
    r = host.post(f"/api/games/{made['id']}/stand-in", json={"host": made["host"], "seat": 1})
    assert r.status_code == 200, r.text
    play_out(host, room, seed=3, seats={0})   # the stand-in bot plays seat 1 to the end
    deadline = time.monotonic() + 30   # the bot's last move may have ended it: its ratings are stored just after
    while not stored(db_url, "SELECT seat FROM rating_changes WHERE game_id = ?", made["id"]):
        assert time.monotonic() < deadline, "the ratings were not stored"
        time.sleep(0.02)
    rows = stored(db_url, "SELECT seat, place, leaver, mu, sigma FROM rating_changes WHERE game_id = ? ORDER BY seat",
                  made["id"])
    assert [(r[1], bool(r[2])) for r in rows] == [(1, False), (2, True)]   # whoever won, the leaver is last
    expected = new_ratings([(MU, SIGMA)] * 2, [1, 2], {1})
    assert [r[3] for r in rows] == pytest.approx([m for m, _ in expected])
    assert rows[1][3] == pytest.approx(new_ratings([(MU, SIGMA)] * 2, [1, 2], set())[1][0] - LEAVE_PENALTY)


def test_an_unrated_game_changes_no_rating(devices, db_url):
    ana = devices("Ana")
    made = ana.post("/api/games", json={"game": "rokugan", "seats": humans(2), "sit": 0, "public": True}).json()
    bo = devices("Bo")
    claim = bo.post(f"/api/games/{made['id']}/claim", json={"code": made["invite"]["code"], "seat": 1})
    assert claim.status_code == 200
    room = the_room(ana, made["id"])
    play_out(ana, room, seed=5)
    assert stored(db_url, "SELECT COUNT(*) FROM ratings")[0][0] == 0
    assert stored(db_url, "SELECT COUNT(*) FROM rating_changes")[0][0] == 0
    assert all(s["rating"] is None for s in ana.get(f"/api/games/{made['id']}").json()["seats"])
    profile = ana.get("/api/players/ana").json()
    assert profile["ratings"] == [] and profile["games"][0]["id"] == made["id"] and profile["games"][0]["place"] is None


def test_a_profiles_bot_opponent_is_named_by_its_level(devices):
    """A player's page lists each game's opponents; a level's bot carries its level, which the page names ("bot
    Easy", as the lobby offers it), not only its spec."""
    ana = devices("Ana")
    made = ana.post("/api/games", json={"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
                                        "sit": 0, "public": True}).json()
    play_out(ana, the_room(ana, made["id"]), seed=5, seats={0})
    opponent = ana.get("/api/players/ana").json()["games"][0]["opponents"][0]
    assert (opponent["bot"], opponent["level"], opponent["account"]) == ("heuristic", "easy", False)


OWN_WAR = (resources.files("daimyo.risingsun") / "examples" / "worked-battle.war").read_text(encoding="utf-8")


# --------------------------------------------------------------- rated tables
@pytest.mark.parametrize(("extra", "words"), [
    ({"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}, "no bot seats"),
    ({"table": False}, "is a table"),
    ({"practice": True}, "practice"),
    ({"rated": "yes"}, "rated: true or false"),
    ({"game": "risingsun", "file": "# mine\n" + OWN_WAR, "seats": humans(3)},
     "rated: a game set up from a war file of your own cannot be rated"),
])
def test_a_rated_table_is_refused_unless_it_can_be_rated(client, extra, words):
    body = {"game": "rokugan", "seats": humans(2), "table": True, "rated": True, **extra}
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and words in r.json()["error"]


def test_a_rated_rising_sun_table_starts_from_an_example_the_game_ships(client):
    """A war file's author knows every amount hidden in it, so a rated game cannot start from a file of one's own;
    the examples the game ships are read alike by every player, and a rated table starts from them."""
    r = client.post("/api/games", json={"game": "risingsun", "example": "worked-battle", "seats": humans(3),
                                        "table": True, "rated": True})
    assert r.status_code == 201, r.text
    assert the_room(client, r.json()["id"]).row.rated is True


def test_a_rated_game_starts_only_with_signed_in_players(devices):
    ana = devices("Ana")
    made = ana.post("/api/games", json={"game": "rokugan", "seats": humans(2), "sit": 0, "table": True,
                                        "rated": True}).json()
    guest = devices()   # not signed in: refused before the seat is taken
    r = guest.post(f"/api/games/{made['id']}/claim", json={"code": made["invite"]["code"], "seat": 1})
    assert r.status_code == 401 and "signed-in players" in r.json()["error"]
    room = the_room(ana, made["id"])
    assert room.row.seats[1].token_hash is None
    bo = devices("Bo")
    assert bo.post(f"/api/games/{made['id']}/claim", json={"code": made["invite"]["code"], "seat": 1}).status_code == 200
    for seat in (0, 1):
        ana.portal.call(room.seats.set_ready, seat, True)
    room.row.seats[1].user_id = None   # as a seat taken through another server process of a cluster would stand
    r = ana.post(f"/api/games/{made['id']}/start", json={"host": made["host"]})
    assert r.status_code == 409 and "seats 1" in r.json()["error"] and "signed-in" in r.json()["error"]
    assert room.waiting


def test_bots_show_their_fixed_published_rating(client):
    made = client.post("/api/games", json={"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]}).json()
    seats = client.get(f"/api/games/{made['id']}", headers={"X-Daimyo-Key": made["host"]}).json()["seats"]
    assert seats[0]["rating"] is None and seats[1]["rating"]["fixed"] is True and seats[1]["rating"]["rating"] > 1000


# ------------------------------------------------------------------ endpoints
@pytest.mark.parametrize(("path", "status", "words"), [
    ("/api/leaderboard/chess", 404, "no game 'chess'"),
    ("/api/leaderboard/rokugan?players=9", 400, "players: a player count"),
    ("/api/leaderboard/rokugan?players=two", 400, "players: a player count"),
    ("/api/leaderboard/senjutsu?players=1", 400, "of Senjutsu, from 2 to"),
    ("/api/players/x", 400, "name: 2 to 40"),
    ("/api/players/nobody-here", 404, "no player is called 'nobody-here'"),
    ("/api/players/a%2Fb", 404, "no player is called 'a/b'"),
])
def test_bad_queries_get_a_clear_error(client, path, status, words):
    r = client.get(path)
    assert r.status_code == status and words in r.json()["error"]


def test_an_empty_leaderboard_lists_the_bots(client):
    board = client.get("/api/leaderboard/rokugan").json()
    assert board["players"] == 2 and board["ratings"] == []
    assert [b["rating"] for b in board["bots"]] == sorted((b["rating"] for b in board["bots"]), reverse=True)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(game=st.sampled_from(["rokugan", "senjutsu", "risingsun", "go", "%00"]),
       players=st.one_of(st.none(), st.text(max_size=6), st.integers(-3, 12).map(str)),
       name=st.text(min_size=1, max_size=50).filter(lambda t: t not in (".", "..")))   # dot segments: no name
def test_any_query_gets_an_answer_never_a_failure(client, game, players, name):
    r = client.get(f"/api/leaderboard/{game}", params={} if players is None else {"players": players})
    assert r.status_code in (200, 400, 404) and ("ratings" if r.status_code == 200 else "error") in r.json()
    r = client.get("/api/players/" + quote(name, safe=""))
    assert r.status_code in (200, 400, 404) and "error" in r.json()


def test_every_published_bot_rating_names_a_bot_of_its_game_and_how_it_was_measured():
    import json

    from daimyo.bots.registry import game_bot
    from daimyo.server.games import hosted
    from daimyo.server.ratings import BOT_RATINGS
    table = json.loads(BOT_RATINGS.read_text(encoding="utf-8"))["ratings"]
    assert set(table) == {"rokugan", "senjutsu", "risingsun"}
    for game, counts in table.items():
        rules = hosted(game)
        for count, bots in counts.items():
            assert rules.min_players <= int(count) <= rules.max_players
            for spec, entry in bots.items():
                game_bot(game, spec, 0)   # a bot of that game (ValueError otherwise)
                assert entry["sigma"] > 0 and f"--game {game}" in entry["measured"] or game == "rokugan"
                assert spec.split(":")[0] in entry["measured"]


def test_a_rated_games_rematch_is_rated_for_the_same_accounts(devices, db_url):
    """A rematch of a rated game is rated too (issue 30): the same signed-in players on the same seats, each seat
    still its account's, and its end rates them again."""
    players = [devices(NAMES[i]) for i in range(2)]
    r = players[0].post("/api/games", json={"game": "rokugan", "seats": humans(2), "sit": 0, "table": True, "rated": True,
                                            "public": True})
    assert r.status_code == 201, r.text
    made = r.json()
    tokens = {0: made["you"]["token"]}
    c = players[1].post(f"/api/games/{made['id']}/claim", json={"code": made["invite"]["code"], "seat": 1})
    assert c.status_code == 200, c.text
    tokens[1] = c.json()["token"]
    room = ready_and_start(players[0], made)
    play_out(players[0], room, seed=5)
    asked = [players[seat].post(f"/api/games/{made['id']}/rematch", json={"seat": seat, "token": tokens[seat]})
             for seat in (0, 1)]
    assert all(a.status_code == 200 for a in asked), [a.text for a in asked]
    again = asked[0].json()["id"]
    assert asked[1].json()["id"] == again != made["id"]
    assert players[0].get(f"/api/games/{again}").json()["rated"] is True
    new = the_room(players[0], again)
    assert [s.user_id for s in new.row.seats] == [s.user_id for s in room.row.seats] and None not in [
        s.user_id for s in new.row.seats]
    deadline = time.monotonic() + 30   # both players asked: it starts
    while new.waiting:
        assert time.monotonic() < deadline, "the rematch did not start"
        time.sleep(0.02)
    play_out(players[0], new, seed=6)
    rows = stored(db_url, "SELECT c.seat, r.games FROM rating_changes c JOIN ratings r ON r.user_id = c.user_id AND "
                          "r.game = c.game AND r.players = c.players WHERE c.game_id = ? ORDER BY c.seat", again)
    assert rows == [(0, 2), (1, 2)]   # each player's second rated game


def test_the_lobby_shows_ratings_of_games_not_in_memory_read_in_one_query(devices, db_url):
    """Every listed rated game shows its players' ratings beside their names, also a game this process no longer
    holds in memory (finished and unloaded, or served by another process): read from the database, one query for
    the whole page."""
    from sqlalchemy import event

    host, made = rated_table(devices, players=2)
    room = ready_and_start(host, made)
    play_out(host, room, seed=4)
    other, guest = devices(NAMES[2]), devices(NAMES[3])   # a second rated table, at the table still
    second = other.post("/api/games", json={"game": "rokugan", "seats": humans(2), "sit": 0, "table": True,
                                            "rated": True, "public": True}).json()
    assert guest.post(f"/api/games/{second['id']}/claim", json={"code": second["invite"]["code"], "seat": 1}).status_code == 200
    hub = host.app.app.state.hub
    expected = {made["id"]: host.get(f"/api/games/{made['id']}").json()["seats"],
                second["id"]: other.get(f"/api/games/{second['id']}").json()["seats"]}
    assert all(s["rating"]["account"] in NAMES for seats in expected.values() for s in seats)
    for gid in expected:   # unloaded, as the janitor unloads them (or as another process's games are)
        hub.rooms.pop(gid)
    hub._pages.clear()
    statements: list[str] = []
    engine = hub.store.engine
    listen = lambda conn, cursor, statement, *rest: statements.append(statement)   # noqa: E731
    event.listen(engine, "before_cursor_execute", listen)
    try:
        listed = {g["id"]: g for g in host.get("/api/games").json()["games"]}
    finally:
        event.remove(engine, "before_cursor_execute", listen)
    for gid, seats in expected.items():
        assert [s["rating"] for s in listed[gid]["seats"]] == [s["rating"] for s in seats]
    assert sum(1 for s in statements if "users" in s.lower()) == 1


def test_a_rated_game_ended_by_a_resignation_is_rated(devices, db_url):
    """A player who resigns a rated game (at once in a two-player game; the last but one in a larger game) loses it:
    the game is rated, the resigners placed last as leavers, as a seat its stand-in plays to the end would be.
    Otherwise a player about to lose would resign to keep the rating."""
    host, made = rated_table(devices, players=2)
    room = ready_and_start(host, made)
    host.portal.call(room.resign, 0)
    rows = stored(db_url, "SELECT seat, place, leaver, mu, sigma FROM rating_changes WHERE game_id = ? ORDER BY seat",
                  made["id"])
    expected = new_ratings([(MU, SIGMA)] * 2, [2, 1], {0})
    assert [(r[1], bool(r[2])) for r in rows] == [(2, True), (1, False)]
    assert [(r[3], r[4]) for r in rows] == pytest.approx(expected)
    seats = host.get(f"/api/games/{made['id']}").json()["seats"]
    assert [s["rating"]["games"] for s in seats] == [1, 1]
    assert seats[1]["rating"]["rating"] == shown(*expected[1]) > 1000 > seats[0]["rating"]["rating"]


def test_a_three_player_rated_game_ended_by_two_resignations_is_rated(devices, db_url):
    host, made = rated_table(devices, players=3)
    room = ready_and_start(host, made)
    host.portal.call(room.resign, 2)
    assert not stored(db_url, "SELECT seat FROM rating_changes WHERE game_id = ?", made["id"])   # not over yet
    host.portal.call(room.resign, 0)
    rows = stored(db_url, "SELECT seat, place, leaver FROM rating_changes WHERE game_id = ? ORDER BY seat", made["id"])
    assert [(r[1], bool(r[2])) for r in rows] == [(2, True), (1, False), (2, True)]


def test_a_rated_game_does_not_start_with_one_account_on_two_seats(devices, db_url):
    """Every seat of a rated game is a player of its own: one account holding two seats (it claimed the second too)
    is refused at the start in words naming the seats, rather than played as rated and left unrated at its end."""
    ana = devices("Ana")
    made = ana.post("/api/games", json={"game": "rokugan", "seats": humans(3), "sit": 0, "table": True,
                                        "rated": True}).json()
    bo = devices("Bo")
    for player, seat in ((ana, 1), (bo, 2)):
        r = player.post(f"/api/games/{made['id']}/claim", json={"code": made["invite"]["code"], "seat": seat})
        assert r.status_code == 200, r.text
    room = the_room(ana, made["id"])
    for seat in range(3):
        ana.portal.call(room.seats.set_ready, seat, True)
    r = ana.post(f"/api/games/{made['id']}/start", json={"host": made["host"]})
    assert r.status_code == 409 and "seats 0, 1" in r.json()["error"] and "one account" in r.json()["error"], r.text
    assert room.waiting


def test_equal_ratings_share_a_rank_on_the_leaderboard(devices, db_url):
    """Players whose shown ratings are equal share their rank (1, 1, 3), whatever their names' order; the next
    rating down takes the rank after everyone above it."""
    for name in ("Cy", "Ana", "Bo", "Di"):
        devices(name)
    ids = dict(stored(db_url, "SELECT name, id FROM users"))
    db = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    for name, mu, sigma in (("Cy", 30.0, 5.0), ("Ana", 30.0, 5.0), ("Bo", 28.0, 5.0), ("Di", 30.0 + 1e-9, 5.0)):
        db.execute("INSERT INTO ratings VALUES (?, 'rokugan', 2, ?, ?, 6, 'then')", (ids[name], mu, sigma))
    db.commit()
    db.close()
    board = devices().get("/api/leaderboard/rokugan?players=2").json()["ratings"]
    assert [(e["rank"], e["name"], e["rating"]) for e in board] == [
        (1, "Di", 1600), (1, "Ana", 1600), (1, "Cy", 1600), (4, "Bo", 1520)]
