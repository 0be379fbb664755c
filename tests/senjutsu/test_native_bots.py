"""Senjutsu's bots on the native engine (native/src/sj_bots.cpp): the heuristic bot chooses as the Python bot does,
draw for draw, and ``smmcts`` searches native worlds with native playouts to the same statistics and choices as on
the Python engine (the same determinized worlds, drawn from the seat's view only)."""

from __future__ import annotations

import os

import pytest

from daimyo.bots.senjutsu.heuristic import SenjutsuHeuristicBot, evaluate_state
from daimyo.bots.senjutsu.smmcts import SMMCTSBot
from daimyo.senjutsu import native, new_game
from tests.senjutsu.test_native import duel_setup


@pytest.fixture(autouse=True)
def _native_built():
    if native.available():
        return
    if os.environ.get("CI"):
        pytest.fail(native.MISSING)
    pytest.skip(native.MISSING)


def test_the_native_heuristic_plays_the_python_heuristics_duels():
    """Whole duels (every card set and setup option of the differential test): at every decision the same choice and
    the same draws of the bot's generator, the same scores of each legal card and of each position, and the duel stays
    native throughout."""
    for seed in range(12):
        chars, kw = duel_setup(seed)
        py = new_game(chars, seed=seed, **kw)
        nat = native.NativeSenjutsuState.from_python(py.clone())
        bots_py = [SenjutsuHeuristicBot(seed * 10 + i) for i in range(len(chars))]
        bots_nat = [SenjutsuHeuristicBot(seed * 10 + i) for i in range(len(chars))]
        while not py.is_terminal():
            j = py.to_act()[0]
            if py.phase == "choose":
                for m in py.legal_moves(j):
                    assert bots_nat[j].card_score(nat, j, m) == bots_py[j].card_score(py, j, m), (seed, m)
            move = bots_py[j].choose(py, j)
            assert bots_nat[j].choose(nat, j) == move and bots_nat[j].rng.state == bots_py[j].rng.state, seed
            py.apply_move(j, move)
            nat.apply_move(j, move)
            assert [evaluate_state(nat, i) for i in range(py.n)] == [evaluate_state(py, i) for i in range(py.n)]
        assert nat.engine == "native" and nat.result == py.result


def _at_choose(seed: int, chars: list[str], kw: dict):
    g = new_game(chars, seed=seed, **kw)
    bot = SenjutsuHeuristicBot(seed)
    for _ in range(seed % 3 * 25):   # a later turn for some
        if g.is_terminal():
            break
        j = g.to_act()[0]
        g.apply_move(j, bot.choose(g, j))
    while not g.is_terminal() and g.phase != "choose":
        j = g.to_act()[0]
        g.apply_move(j, bot.choose(g, j))
    return g


@pytest.mark.parametrize("seed", range(4))
def test_smmcts_on_the_native_engine_searches_as_on_the_python_engine(seed):
    """The card choice: the same regrets, average strategies, simulations and card from native worlds and playouts as
    from Python ones, given a Python duel or the same duel played natively; and a question during the resolution."""
    chars, kw = duel_setup(seed)
    g = _at_choose(seed, chars, kw)
    if g.is_terminal():
        pytest.skip("the duel ended before a Choose step")   # not reached with these seeds
    seat = g.to_act()[0]
    want = SMMCTSBot(seed, iterations=40, engine="python")
    move = want.choose(g, seat)
    for state in (g, native.NativeSenjutsuState.from_python(g.clone())):
        got = SMMCTSBot(seed, iterations=40, engine="native")
        assert got.choose(state, seat) == move
        assert got.last_stats == want.last_stats and got.heuristic.rng.state == want.heuristic.rng.state
        assert getattr(state, "engine", "python") in ("python", "native") and (state is g or state.engine == "native")
    # a question during the resolution, searched by flat Monte Carlo
    for m in g.legal_moves(seat)[:1]:
        g.apply_move(seat, m)
    bot = SenjutsuHeuristicBot(seed + 1)
    while not g.is_terminal() and (g.phase != "decide" or len(g.legal_moves(g.to_act()[0])) < 2):
        j = g.to_act()[0]
        g.apply_move(j, bot.choose(g, j))
    if g.is_terminal():
        return
    j = g.to_act()[0]
    want = SMMCTSBot(seed, iterations=30, engine="python")
    answer = want.choose(g, j)
    got = SMMCTSBot(seed, iterations=30, engine="native")
    assert got.choose(native.NativeSenjutsuState.from_python(g.clone()), j) == answer and got.last_stats == want.last_stats


def test_native_determinize_draws_the_python_worlds():
    """``Game.determinize`` (native/src/sj_bots.cpp) against :func:`determinize`, the reference: from the same duel,
    seat and generator, the same world, field for field (hands, decks, face-down discards, the world's generator, the
    others' choices taken back), and the bot's generator left in the same state; at every step of seeded duels of
    every card set and setup of the differential test, for every seat, a choice already made by some included."""
    from daimyo.bots.senjutsu.smmcts import determinize
    from daimyo.core.rng import Rng

    checked = 0
    for seed in range(8):
        chars, kw = duel_setup(seed)
        g = new_game(chars, seed=seed, **kw)
        nat = native.NativeSenjutsuState.from_python(g.clone())
        bot = SenjutsuHeuristicBot(seed)
        step = 0
        while not g.is_terminal():
            if step % 3 == 0:
                for seat in range(g.n):
                    rng_py, state = Rng(seed * 1000 + step), seed * 1000 + step
                    want = determinize(g, seat, rng_py)
                    world, after = nat.native_game.determinize(seat, state)
                    assert after == rng_py.state, (seed, step, seat)
                    assert world.fields() == native.native_fields(want), (seed, step, seat)
                    checked += 1
            j = g.to_act()[0]
            move = bot.choose(g, j)
            g.apply_move(j, move)
            nat.apply_move(j, move)
            step += 1
    assert checked > 500


def test_the_study_sets_each_sides_search_engine():
    """daimyo/bots/senjutsu/study.py's ``--bot-engine`` / ``--against-engine``: each side's smmcts searches on the engine
    named (other bots are left as they are), and a duel of the native search against the Python one plays to its end."""
    from daimyo.bots.senjutsu import study

    assert study._bot("smmcts:8", 1, "python").engine == "python"
    assert study._bot("smmcts:8", 1, "native").engine == "native"
    assert isinstance(study._bot("heuristic", 1, "python"), SenjutsuHeuristicBot)
    # a variant of the search: its settings on the smmcts named, none on another bot
    varied = study._bot("smmcts:8", 1, "native", {"horizon": 2, "decide": 0.0})
    assert (varied.horizon, varied.decide, varied.engine) == (2, 0.0, "native")
    assert isinstance(study._bot("heuristic", 1, None, {"horizon": 2}), SenjutsuHeuristicBot)
    row = study.duel(4, "smmcts:8", "smmcts:8", 0, ("python", "native", "python"))
    assert row["bot_result"] in (0.0, 0.5, 1.0) and row["turns"] >= 1 and row["characters"] == list(study.PAIRS[2])


def test_the_strength_script_plays_and_combines_the_studys_duels(tmp_path, capsys, monkeypatch):
    """scripts/sj_strength.py (issue 29's strength check): its duels are the study's, the native smmcts against the
    Python one on the Python engine; the rows it writes read back with ``--combine`` into the same score and interval."""
    import importlib.util
    import json
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scripts" / "sj_strength.py"
    spec = importlib.util.spec_from_file_location("sj_strength", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "sj_strength", script)   # the pool's workers find its functions by name
    spec.loader.exec_module(script)
    out = tmp_path / "rows.jsonl"
    assert script.main(["--duels", "2", "--start", "6", "--procs", "2", "--budget", "0.005s", "--out", str(out),
                        "--native", "horizon=1"]) == 0
    played = capsys.readouterr().out
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["duel"] for r in rows) == [6, 7] and {r["bot_side"] for r in rows} == {0, 1}
    assert all(r["characters"] == ["hana", "tetsu"] for r in rows)
    assert script.main(["--combine", str(out)]) == 0
    combined = capsys.readouterr().out
    summary = json.loads(combined.splitlines()[0])
    assert summary["duels"] == 2 and summary["bot_wins"] == sum(r["bot_result"] for r in rows)
    assert summary["ci95"] == json.loads(played.splitlines()[0])["ci95"]
    assert script.main(["--budget", "60"]) == 2   # a number of simulations is not a time budget
    # --native: the native bot's settings, checked by name and kind before any duel is played
    assert script._options("horizon=2,decide=1.0,hand_weight=0") == {"horizon": 2, "decide": 1.0, "hand_weight": 0.0}
    assert script._options("") == {}
    for bad, words in (("depth=2", "NAME one of horizon"), ("horizon", "NAME one of horizon"),
                       ("horizon=two", "horizon takes a number (int)")):
        assert script.main(["--duels", "2", "--native", bad]) == 2
        assert words in capsys.readouterr().err
