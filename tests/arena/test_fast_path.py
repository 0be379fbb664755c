"""The arena's fast path (``fast_play`` of a game's registration): Rising Sun's wars between random and heuristic bots
played whole by the native engine give the very rows the move-by-move play on the Python engine gives."""

from __future__ import annotations

import pytest

import daimyo.arena.play as arena_play
from daimyo.arena.play import play_spec
from daimyo.arena.run import run_games
from daimyo.arena.schedule import schedule
from daimyo.bots.risingsun import native
from daimyo.bots.risingsun.bulk import arena_row
from daimyo.core.registry import game

needs_native = pytest.mark.skipif(not native.available(), reason=native.MISSING)
BOT_MIXES = [["random", "heuristic"], ["heuristic", "random", "heuristic"], ["random"], ["heuristic"]]


def _strip(row: dict) -> dict:
    return {k: v for k, v in row.items() if k != "seconds"}


def _specs(bots: list[str], seed: int):
    """Every example war file (3 and 4 clans) twice over, rotated between ``bots``."""
    files = len(game("risingsun").examples())
    return schedule(None, 2 * files * len(bots), bots, seed, "risingsun")


@needs_native
@pytest.mark.parametrize("bots", BOT_MIXES)
@pytest.mark.parametrize("seed", [0, 7, 1234])
def test_fast_rows_equal_the_move_by_move_rows(bots, seed, monkeypatch):
    specs = _specs(bots, seed)
    assert {s.players for s in specs} == {3, 4} and {s.start_name for s in specs} == set(game("risingsun").examples())
    reference = [_strip(play_spec(s, engine="python")) for s in specs]

    def no_state(*args, **kwargs):
        raise AssertionError("the fast path played move by move")

    monkeypatch.setattr(arena_play, "start_state", no_state)
    fast = [_strip(play_spec(s)) for s in specs]
    assert fast == reference
    assert all(r["moves"] > 0 and r["record"].startswith("# bots: ") for r in fast)


@needs_native
def test_run_games_takes_the_fast_path_by_default_and_python_on_request(monkeypatch):
    specs = _specs(["heuristic", "random"], 3)
    taken = []
    real = arena_row

    def counting(spec):
        taken.append(spec.index)
        return real(spec)

    monkeypatch.setattr("daimyo.bots.risingsun.bulk.arena_row", counting)
    fast = run_games(specs)
    assert sorted(taken) == [s.index for s in specs]
    taken.clear()
    slow = run_games(specs, engine="python")
    assert taken == []
    assert [_strip(r) for r in fast] == [_strip(r) for r in slow]


@pytest.mark.parametrize("other", ["regret:20", "random:5", "risingsun-heuristic"])
def test_a_seat_with_another_bot_is_played_move_by_move(other, monkeypatch):
    specs = list(schedule(None, 4, ["random", other], 5, "risingsun"))
    for spec in specs:
        assert arena_row(spec) is None
    played = []
    real = arena_play.start_state

    def counting(spec, engine="fast"):
        played.append(spec.index)
        return real(spec, engine)

    monkeypatch.setattr(arena_play, "start_state", counting)
    rows = [_strip(play_spec(s)) for s in specs]
    assert played == [s.index for s in specs]
    assert rows == [_strip(play_spec(s, engine="python")) for s in specs]


def test_an_unknown_engine_is_refused_naming_the_field():
    spec = schedule(None, 1, ["random"], 0, "risingsun")[0]
    with pytest.raises(ValueError, match="engine: 'gpu' is not an arena engine"):
        play_spec(spec, engine="gpu")
    with pytest.raises(ValueError, match="engine: 'gpu' is not an arena engine"):
        run_games([spec], engine="gpu")


@needs_native
def test_the_arena_command_gives_the_same_results_on_either_engine(tmp_path):
    import json

    from click.testing import CliRunner

    from daimyo.cli.main import main

    out = {}
    for engine in ("fast", "python"):
        r = CliRunner().invoke(main, ["arena", "--game", "risingsun", "--games", "8", "--bots", "random,heuristic",
                                      "--seed", "3", "--workers", "1", "--json", "--engine", engine,
                                      "--out", str(tmp_path / engine)])
        assert r.exit_code == 0, r.output
        summary = json.loads(r.output)
        out[engine] = (summary["bots"], summary["ratings"])
    assert out["fast"] == out["python"]
    r = CliRunner().invoke(main, ["arena", "--game", "risingsun", "--engine", "gpu", "--out", str(tmp_path / "x")])
    assert r.exit_code != 0 and "--engine" in r.output


@pytest.mark.parametrize("name", ["rokugan", "senjutsu"])
def test_engine_python_sets_a_game_from_seats_up_on_the_python_engine(name):
    spec = schedule(2, 1, ["random"], 4, name)[0]
    assert type(arena_play.start_state(spec, "python")).__module__.startswith(f"daimyo.{name}.")
    assert "native" not in type(arena_play.start_state(spec, "python")).__name__.lower()
    assert _strip(play_spec(spec, engine="python")) == _strip(play_spec(spec))


def test_the_store_keeps_every_row_committed_in_batches(tmp_path):
    from daimyo.arena.store import Store

    specs = schedule(None, 6, ["random", "heuristic"], 1, "risingsun")
    rows = run_games(specs)
    store = Store(tmp_path)
    for row in rows:
        store.add("t", row)
    store.close()
    again = Store(tmp_path)   # a new connection sees only what was committed
    assert [_strip(r) for r in again.rows("t")] == [_strip(r) for r in rows]
    again.close()
