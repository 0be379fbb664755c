"""The arena for every game of the registry: rotation, paired seeds, the store and records that replay."""

from __future__ import annotations

import json
import pickle
from collections import Counter

import pytest
from click.testing import CliRunner

from daimyo.arena.play import bots_of, play_spec, start_state
from daimyo.arena.run import run_games
from daimyo.arena.schedule import choices_for, schedule
from daimyo.arena.store import Store
from daimyo.cli.main import main
from daimyo.core.registry import game

GAMES = ["rokugan", "senjutsu", "risingsun"]


def _players(name: str) -> int | None:
    return None if game(name).starts_from_file else 2


@pytest.mark.parametrize("name", GAMES)
def test_each_block_seats_every_bot_in_every_seat_once(name):
    bots = ["random", "heuristic"]
    specs = schedule(_players(name), 8, bots, seed=5, game_name=name)
    assert [s.block for s in specs] == [0, 0, 1, 1, 2, 2, 3, 3]
    for b in range(4):
        block = [s for s in specs if s.block == b]
        for j in range(block[0].players):   # each seat is sat by each bot once in the block
            assert sorted(s.bots[j] for s in block) == sorted(bots)


@pytest.mark.parametrize("name", GAMES)
def test_paired_seeds_give_the_same_deal_to_every_seating_of_a_block(name):
    specs = schedule(_players(name), 6, ["random", "heuristic"], seed=11, game_name=name)
    deals = [pickle.dumps(start_state(s)) for s in specs]
    for b in range(3):
        a, c = specs[2 * b], specs[2 * b + 1]
        assert a.seed == c.seed == 11 + b and a.clans == c.clans and a.start == c.start
        assert all(x != y for x, y in zip(a.bots, c.bots, strict=True))   # every seat changes hands
        assert deals[2 * b] == deals[2 * b + 1]     # the same shuffles, terrain, war: only the seating differs
    if name != "risingsun":   # the seat-based games deal again in the next block
        assert deals[0] != deals[2]


@pytest.mark.parametrize("name", GAMES)
def test_games_are_stored_and_their_records_replay_to_the_stored_result(name, tmp_path):
    specs = schedule(_players(name), 2, ["heuristic", "random"], seed=2, game_name=name)
    rows = run_games(specs)
    store = Store(tmp_path)
    paths = [store.add("t", row) for row in rows]
    back = store.rows("t")
    assert store.runs() == ["t"]
    store.close()
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in rows]
    assert [{k: v for k, v in r.items() if k != "seconds"} for r in back] == strip
    info = game(name)
    for row, path in zip(back, paths, strict=True):
        assert row["game_name"] == name and sum(row["returns"]) == pytest.approx(1.0)
        text = path.read_text(encoding="utf-8")
        assert bots_of(text) == row["bots"]
        final = info.replay(text)
        assert final.is_terminal() and final.returns() == row["returns"]
        if info.scores is not None:
            assert info.scores(final) == row["scores"]
    # the same spec plays the same game: the arena's results do not depend on where a game is played
    assert {k: v for k, v in play_spec(specs[1]).items() if k != "seconds"} == strip[1]


def test_rising_sun_takes_its_seats_from_each_war_file_and_checks_players():
    specs = schedule(None, 4, ["heuristic", "random"], game_name="risingsun")
    assert [s.start_name for s in specs] == ["seed-example", "seed-example", "worked-battle", "worked-battle"]
    assert specs[0].clans == ("lotus", "dragonfly", "turtle", "koi") and specs[2].clans == ("lotus", "turtle", "koi")
    with pytest.raises(ValueError, match="worked-battle is not a 4-player war file"):
        schedule(4, 4, ["heuristic"], game_name="risingsun")


def test_senjutsu_rotation_plays_every_pairing_from_both_sides():
    chars = tuple(game("senjutsu").seat_choices())
    orders = [choices_for(b, 2, chars) for b in range(12)]
    assert len(set(orders)) == 12 and orders[0] == tuple(reversed(orders[1]))
    assert Counter(o[0] for o in orders) == Counter(o[1] for o in orders) == Counter({c: 3 for c in chars})
    # Battle for Rokugan keeps its clan rotation: seven blocks give each clan each seat once
    clans = tuple(game("rokugan").seat_choices())
    assert sorted(choices_for(b, 2, clans)[1] for b in range(7)) == sorted(clans)


def test_an_old_store_without_the_game_column_is_read_as_battle_for_rokugan(tmp_path):
    import sqlite3
    db = sqlite3.connect(tmp_path / "arena.sqlite")
    db.execute("create table games (run text, game integer, seed integer, players integer, bots text, clans text, "
               "first integer, winners text, returns text, scores text, objectives text, moves integer, seconds real, "
               "record text)")
    db.execute("insert into games values ('old', 0, 1, 2, '[\"a\", \"b\"]', '[\"crab\", \"lion\"]', 0, '[0]', "
               "'[1.0, 0.0]', '[30, 20]', '[]', 10, 0.5, 'format: rokugan-record')")
    db.commit()
    db.close()
    store = Store(tmp_path)
    (row,) = store.rows("old")
    store.close()
    assert row["game_name"] == "rokugan" and row["start"] is None and row["clans"] == ["crab", "lion"]


@pytest.mark.parametrize("name,extra", [("senjutsu", ["--players", "2"]), ("risingsun", [])])
def test_arena_command_plays_another_game(name, extra, tmp_path):
    res = CliRunner().invoke(main, ["arena", "--game", name, *extra, "--games", "4", "--bots", "heuristic,random",
                                    "--seed", "3", "--workers", "2", "--out", str(tmp_path), "--json"])
    assert res.exit_code == 0, res.output
    r = json.loads(res.output)
    assert r["game"] == name and r["games"] == 4 and r["blocks"] == 2
    assert r["bots"]["heuristic"]["seats"] == r["bots"]["random"]["seats"]
    assert set(r["ratings"]) == {"heuristic", "random"}
    assert all((tmp_path / p.rsplit("/", 1)[-1]).stat().st_size > 1000 for p in r["plots"])
    assert len(list((tmp_path / "records").iterdir())) == 4


def test_arena_command_reads_a_war_file_and_refuses_a_bad_one(tmp_path):
    good = tmp_path / "nagato.war"
    good.write_text(game("risingsun").open_example("worked-battle"), encoding="utf-8")
    res = CliRunner().invoke(main, ["arena", "--game", "risingsun", "--war", str(good), "--games", "2", "--bots", "heuristic",
                                    "--workers", "1", "--out", str(tmp_path / "o"), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["war_files"] == [str(good)]
    bad = tmp_path / "bad.war"
    bad.write_text("format: risingsun-war\nseason: winter-ish\n", encoding="utf-8")
    res = CliRunner().invoke(main, ["arena", "--game", "risingsun", "--war", str(bad), "--games", "2",
                                    "--out", str(tmp_path / "p")])
    assert res.exit_code == 2 and "bad.war: line 2" in res.output
    res = CliRunner().invoke(main, ["arena", "--game", "senjutsu", "--bots", "heuristic,ismcts:1s", "--games", "1"])
    assert res.exit_code == 2 and "unknown bot 'ismcts:1s'" in res.output


def test_choices_narrow_the_rotation_and_an_unknown_one_is_named():
    specs = schedule(2, 4, ["heuristic", "random"], game_name="senjutsu", choices=["tetsu", "kaze"])
    assert [s.clans for s in specs] == [("tetsu", "kaze"), ("tetsu", "kaze"), ("kaze", "tetsu"), ("kaze", "tetsu")]
    with pytest.raises(ValueError, match="character: unknown nobody"):
        schedule(2, 2, ["heuristic"], game_name="senjutsu", choices=["kaze", "nobody"])
    with pytest.raises(ValueError, match="players: Senjutsu is played by 2 to 4 players, not 5"):
        schedule(5, 2, ["heuristic"], game_name="senjutsu")
