"""One interface, two engines: ``engine="native"|"python"`` where a game is made, the registry's default, the
command line's ``--engine``, bulk play and the side-by-side benchmark (docs/native.md, docs/benchmarks.md)."""

import json
import math

import pytest
from click.testing import CliRunner

from daimyo.bots.random_bot import BOT_SALT, RandomBot, bot_seed, bot_seeds, play
from daimyo.cli.main import main
from daimyo.cli.rokugan.bench import engines
from daimyo.cli.simulate import TIMING_FIELDS
from daimyo.core.game import Action
from daimyo.core.registry import game
from daimyo.core.rng import GameKey
from daimyo.rokugan import RokuganState, native, new_game


def test_new_game_takes_the_engine():
    nat = new_game(3, seed=4, engine="native")
    ref = new_game(3, seed=4, engine="python")
    assert isinstance(nat, native.NativeRokuganState) and nat.engine == "native"
    assert isinstance(ref, RokuganState) and new_game(3, seed=4).__class__ is RokuganState
    assert nat.legal_actions() == ref.legal_actions()
    with pytest.raises(ValueError, match="engine: one of python, native"):
        new_game(3, seed=4, engine="pypy")


def test_the_registry_makes_native_games_where_built_keyed_games_included():
    rules = game("rokugan")
    assert rules.setup(2, 5, []).engine == "native"
    key = GameKey.new()
    keyed = rules.setup(2, key, [])  # a keyed game: the server's (native.default_engine)
    assert keyed.engine == "native"
    assert keyed.legal_actions() == rules.setup(2, key, [], engine="python").legal_actions()
    assert isinstance(rules.setup(2, 5, [], engine="python"), RokuganState)


def test_a_field_read_by_name_hands_the_game_to_the_python_engine():
    g = native.new_game(2, seed=8, clans=["crab", "lion"])
    ref = new_game(2, seed=8, clans=["crab", "lion"])
    assert g.engine == "native"
    g.objective[0] = ref.objective[0] = ref.offer[0][0]  # a change made by name is the game's change
    assert g.engine == "python"
    assert g.to_act() == ref.to_act() == (1,)
    assert g.legal_moves(1) == ref.legal_moves(1)



def test_a_field_set_by_name_is_the_games_change_and_other_names_are_refused():
    g = native.new_game(2, seed=8, clans=["crab", "lion"])
    ref = new_game(2, seed=8, clans=["crab", "lion"])
    assert g.round == ref.round and g.engine == "native"   # a field the native engine answers keeps it native
    g.passes = ref.passes = 1                               # a field set by name hands the game over first
    assert g.engine == "python" and g.passes == 1 and g.python_state().passes == 1
    g.round = ref.round = 3                                 # and so does one the native engine answers
    assert g.round == 3 and g.view(0) == ref.view(0)
    with pytest.raises(AttributeError):
        g.no_such_field = 1                                 # a Python state takes no other name, nor does this


def test_a_clone_is_a_game_of_its_own():
    g = native.new_game(3, seed=4)
    g.play_random([1, 2, 3], limit=60)
    c = g.clone()
    assert c.engine == "native" and c.view(None) == g.view(None) and c.legal_moves() == g.legal_moves()
    seat = c.to_act()[0]
    c.apply_move(seat, c.legal_moves(seat)[0])
    assert c.view(None) != g.view(None) and g.python_state().to_act() == g.to_act()

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_play_random_plays_the_games_the_bots_play(players):
    for seed in range(3):
        g = native.new_game(players, seed)
        ref = new_game(players, seed)
        moves = play(ref, {p: RandomBot(bot_seed(seed, p)) for p in range(players)})
        assert g.play_random([bot_seed(seed, p) for p in range(players)]) == moves
        assert g.is_terminal() and g.engine == "native" and g.result == ref.result and g.returns() == ref.returns()
        handed = native.new_game(players, seed)
        handed.hand_over()   # the Python engine plays on, with the same moves
        assert handed.play_random([bot_seed(seed, p) for p in range(players)]) == moves
        assert handed.engine == "python" and handed.result == ref.result


def test_simulate_gives_the_same_json_with_either_engine():
    out = {}
    for engine in ("native", "python"):
        r = CliRunner().invoke(main, ["rokugan", "simulate", "--players", "3", "--games", "6", "--seed", "11", "--json",
                                      "--engine", engine])
        assert r.exit_code == 0, r.output
        out[engine] = {k: v for k, v in json.loads(r.stdout).items() if k not in TIMING_FIELDS}
    assert out["native"] == out["python"] and out["native"]["games"] == 6


def test_bench_measures_both_engines_side_by_side():
    e = engines(games=2, seed=3)
    assert e["results_identical"] and e["games"] == 2 and e["actions"] > 0
    for name in ("python", "native", "native_stepped"):
        assert e[name]["games_per_second"] > 0 and e[name]["actions_per_second"] > 0
    assert e["ratio"]["games_per_second"] > 0 and e["ratio"]["stepped"] > 0
    # the cost of a clone and the memory of a game in progress, over the same mid-game positions in both engines
    assert e["mid_game_samples"] == 2
    for name in ("python", "native"):
        assert e[name]["clone_us"] > 0 and e[name]["bytes_per_game"] > 1000
    assert e["native"]["bytes_per_game"] < 10_000
    assert e["ratio"]["clone_us"] > 0 and e["ratio"]["bytes_per_game"] > 0
    # ISMCTS iterations a second of both engines, at the same decisions on the same iteration budget
    assert e["ismcts"]["decisions_identical"] and e["ismcts"]["positions"] == 4
    for name in ("python", "native"):
        assert e[name]["ismcts_iterations_per_second"] > 0
    assert e["ratio"]["ismcts_iterations_per_second"] > 0


def test_a_keyed_game_stays_native_through_what_the_server_reads():
    """The server's game (keyed) is native by default, and stays native to its end through what a room reads at
    each step: every seat's view and legal actions, the progress, the notation of the bots' moves and of the
    accepted text, and the bots' own decisions (the heuristic and ISMCTS run natively on a native game)."""
    from daimyo.bots.registry import make_bot

    rules = game("rokugan")
    s = rules.setup(3, GameKey.new(), [])
    bots = [make_bot("rokugan", spec, seat) for seat, spec in enumerate(("heuristic", "ismcts:6", "random"))]
    while not s.is_terminal():
        for seat in range(s.n):
            s.view(seat)
        rules.progress(s)
        seat = s.to_act()[0]
        [a.text for a in s.legal_actions(seat)]
        snapshot = s.clone()
        text = rules.move_text(snapshot, seat, bots[seat].choose(snapshot, seat))
        before = s.clone()
        s.apply(Action(seat, text))
        assert rules.canonical(before, seat, text) == text
        assert s.engine == "native", f"handed over at round {s.round}, {s.phase}"
    assert rules.result(s)["winners"] and s.engine == "native"


def test_deals_played_in_one_call_sum_as_the_games_played_one_by_one():
    """simulate's native path (play_random_deals): the same moves, and per clan the same games, wins (in units of
    1/lcm(1..players), a shared win split) and honor as each game played with play_random and read by totals();
    seeds wrap around 2**64 as the generators' do."""
    for players, seed in ((2, -3), (3, 2**64 - 2), (5, 40)):
        unit = math.lcm(*range(1, players + 1))
        moves, rows = new_game(players, seed=seed, engine="native").play_random_deals(seed, 4, unit, BOT_SALT)
        total, expect = 0, {}
        for i in range(4):
            g = new_game(players, seed=seed + i, engine="native")
            total += g.play_random(bot_seeds(seed + i, players))
            totals = g.totals()
            best = max(totals)
            for seat, honor in enumerate(totals):
                row = expect.setdefault(g.clan_of(seat), [0, 0, 0])
                row[0] += 1
                row[1] += unit // totals.count(best) if honor == best else 0
                row[2] += honor
        assert moves == total and {name: [n, w, h] for name, n, w, h in rows} == expect


def test_simulate_in_chunks_gives_what_the_python_engine_gives(monkeypatch):
    """The native chunks' sums, across a chunk boundary, equal the Python engine's games one by one."""
    from daimyo.cli import simulate as sim

    monkeypatch.setattr(sim, "_CHUNK", 2)
    done = []
    out = {engine: {k: v for k, v in sim.simulate(3, 5, 7, on_game=done.append, engine=engine).items()
                    if k not in TIMING_FIELDS} for engine in ("native", "python")}
    assert out["native"] == out["python"] and out["native"]["games"] == 5
    assert done == [2, 2, 1] + [1] * 5  # (native chunks, then the Python engine's games one by one)
