"""Bot levels by name (issue 30): each game offers Beginner, Easy, Medium, Hard and Expert, each a bot spec within the
server's budget caps, with a line about it and the rating it was measured at (daimyo/bots/<game>/levels.json); the
lobby offers levels, the server maps a level to its spec, and the reference implementations are offered to no one."""

from __future__ import annotations

import itertools

import pytest

from daimyo.bots.levels import LEVEL_NAMES, game_levels, level_of, level_spec, levels, offered_bots
from daimyo.bots.registry import bot_names
from daimyo.core.registry import GAME_MODULES
from daimyo.server.bots import validate_spec
from daimyo.server.games import hosted
from daimyo.server.settings import Settings
from tests.server.conftest import humans

GAMES = tuple(GAME_MODULES)


@pytest.mark.parametrize("name", GAMES)
def test_each_game_has_five_levels_within_the_servers_caps_rated_easiest_first(name):
    got = levels(name)
    assert [lv.name for lv in got] == list(LEVEL_NAMES)
    for lv in got:
        assert validate_spec(hosted(name), lv.bot, Settings()) == lv.bot
        assert lv.about["en"] and lv.about["pl"] and "\n" not in lv.about["en"]
        assert {"mu", "sigma"} <= set(lv.rating)
    mus = [lv.rating["mu"] for lv in got]
    assert all(a < b for a, b in itertools.pairwise(mus)), f"the published ratings rise from Beginner to Expert: {mus}"
    assert "daimyo arena" in game_levels(name).measured   # the command that measured them


#: the player counts each game's levels were measured at (their 'measured' command)
LEVEL_PLAYERS = {"rokugan": ("2",), "senjutsu": ("2",), "risingsun": ("3", "4")}


@pytest.mark.parametrize("name", GAMES)
def test_each_levels_bot_publishes_the_rating_its_level_shows(name):
    """The levels' run also gives the level bots their fixed published ratings (daimyo/server/bot_ratings.json), at
    each player count it measured, with the same command: a level and its bot show the same rating."""
    import json

    from daimyo.server.ratings import BOT_RATINGS
    table = json.loads(BOT_RATINGS.read_text(encoding="utf-8"))["ratings"][name]
    for count in LEVEL_PLAYERS[name]:
        for lv in levels(name):
            entry = table[count][lv.bot]
            assert (entry["mu"], entry["sigma"]) == (lv.rating["mu"], lv.rating["sigma"]), (count, lv.name)
            assert entry["measured"] == game_levels(name).measured.split(" (")[0]


@pytest.mark.parametrize("name", GAMES)
def test_the_reference_implementations_are_not_offered(name):
    reference = game_levels(name).reference
    assert reference <= set(bot_names(name))
    assert not reference & set(offered_bots(name))
    assert not any(lv.bot.partition(":")[0] in reference for lv in levels(name))
    for spec in reference:
        with pytest.raises(ValueError, match="reference implementation"):
            validate_spec(hosted(name), spec, Settings())


def test_rokugans_python_reference_is_a_reference():
    assert "ismcts-python" in game_levels("rokugan").reference


def test_the_lobby_offers_levels_and_no_reference_bot(client):
    games = {g["name"]: g for g in client.get("/api/registry").json()["games"]}
    for name in GAMES:
        assert [lv["name"] for lv in games[name]["levels"]] == list(LEVEL_NAMES)
        assert games[name]["bots"] == offered_bots(name)
    assert "ismcts-python" not in games["rokugan"]["bots"]
    bots = client.get("/api/bots", params={"game": "rokugan"}).json()
    assert "ismcts-python" not in bots["bots"] and [lv["name"] for lv in bots["levels"]] == list(LEVEL_NAMES)


def test_a_levels_rating_is_offered_on_the_scale_a_bots_rating_has_at_the_table(client):
    """The lobby's "Bot: Beginner (rating N)" and a bot's rating beside its name at a table are one scale: the shown
    rating, 1000 + 40 * (mu - 3 sigma) (a raw mu, negative for Battle for Rokugan's random bot, was shown before)."""
    from daimyo.server.ratings import bot_rating, shown
    games = {g["name"]: g for g in client.get("/api/registry").json()["games"]}
    for name in GAMES:
        offered = games[name]["levels"]
        assert [lv["shown"] for lv in offered] == [shown(lv["rating"]["mu"], lv["rating"]["sigma"]) for lv in offered]
        assert all(lv["shown"] > 0 for lv in offered), name
        assert [lv["shown"] for lv in offered] == sorted(lv["shown"] for lv in offered), name
    beginner = games["rokugan"]["levels"][0]
    assert beginner["shown"] == bot_rating("rokugan", 2, beginner["bot"])["rating"]
    bots = client.get("/api/bots", params={"game": "rokugan"}).json()
    assert [lv["shown"] for lv in bots["levels"]] == [lv["shown"] for lv in games["rokugan"]["levels"]]


def test_a_level_is_mapped_to_its_bot_and_shown_on_the_seat(client):
    r = client.post("/api/games", json={"game": "rokugan", "seats": [*humans(1), {"kind": "bot", "level": "medium"}],
                                        "practice": True, "seed": 3, "public": True})
    assert r.status_code == 201, r.text
    seat = r.json()["seats"][1]
    assert (seat["kind"], seat["bot"], seat["level"]) == ("bot", level_spec("rokugan", "medium"), "medium")
    assert level_of("rokugan", seat["bot"]) == "medium"
    summary = client.get(f"/api/games/{r.json()['id']}").json()
    assert summary["seats"][1]["level"] == "medium" and summary["seats"][0]["level"] is None


@pytest.mark.parametrize(("seat", "words"), [
    ({"kind": "bot", "level": "grandmaster"}, "seats[1].level: no level 'grandmaster' (levels: beginner, easy"),
    ({"kind": "bot", "level": 3}, "seats[1].level: no level 'that'"),
    ({"kind": "bot", "bot": "ismcts-python"}, "seats[1].bot: 'ismcts-python' is a reference implementation"),
    ({"kind": "bot", "bot": "Expert"}, "seats[1].bot: unknown Battle for Rokugan bot 'Expert' (bots: heuristic, ismcts, random; or a level)"),
    ({"kind": "bot", "bot": "ismcts:abc"}, "seats[1].bot: bad ISMCTS budget 'abc'"),
])
def test_an_unknown_level_or_a_reference_bot_is_refused_in_words(client, seat, words):
    r = client.post("/api/games", json={"game": "rokugan", "seats": [*humans(1), seat]})
    assert r.status_code == 400 and words in r.json()["error"], r.text


def test_a_levels_rating_in_the_lobby_is_the_one_its_bot_has_at_a_table_of_that_many_players(client):
    """A tester saw "Bot: Easy (rating 1517)" in the lobby and "rating 1416" beside that bot at the 4-player table:
    the heuristic bot was measured at 2 players (the level's rating) and at 4. Each level now carries ``shown_at``,
    the rating by player count, and a table's bot shows the same number."""
    from daimyo.server.ratings import bot_rating
    games = {g["name"]: g for g in client.get("/api/registry").json()["games"]}
    for name in GAMES:
        info = games[name]
        for lv in info["levels"]:
            counts = [str(n) for n in range(info["min_players"], info["max_players"] + 1)]
            assert sorted(lv["shown_at"]) == sorted(counts), (name, lv["name"])
            for n in counts:
                assert lv["shown_at"][n] == bot_rating(name, int(n), lv["bot"])["rating"]
        for n in info["levels"][0]["shown_at"]:   # easiest first at every count
            at = [lv["shown_at"][n] for lv in info["levels"]]
            assert at == sorted(at), (name, n, at)
    easy = next(lv for lv in games["rokugan"]["levels"] if lv["name"] == "easy")
    assert easy["shown_at"]["2"] == easy["shown"] != easy["shown_at"]["4"]
    r = client.post("/api/games", json={"game": "rokugan", "seats": [*humans(1), *[{"kind": "bot", "level": "easy"}] * 3],
                                        "practice": True, "seed": 3, "public": True})
    assert r.status_code == 201, r.text
    table = client.get(f"/api/games/{r.json()['id']}").json()
    assert [s["rating"]["rating"] for s in table["seats"][1:]] == [easy["shown_at"]["4"]] * 3
    medium = next(lv for lv in games["rokugan"]["levels"] if lv["name"] == "medium")   # not measured at 4 players
    assert bot_rating("rokugan", 4, medium["bot"])["rating"] == medium["shown"] == medium["shown_at"]["4"]
