import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from daimyo.bots import RandomBot, bot_seed, play, play_game
from daimyo.bots.random_bot import bot_seeds
from daimyo.rokugan import new_game
from daimyo.rokugan.data import RULES


def _bots(seed, n):
    return {p: RandomBot(bot_seed(seed, p)) for p in range(n)}


def _transcript(players, seed):
    s = new_game(players=players, seed=seed)
    bots = _bots(seed, players)
    moves = []
    while not s.is_terminal():
        for seat in s.to_act():
            if seat not in s.to_act():
                break
            m = bots[seat].choose(s, seat)
            moves.append((seat, m))
            s.apply_move(seat, m)
    return moves, s.result


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_bots_play_full_games(players):
    s = play_game(new_game(players=players, seed=11), _bots(11, players))
    assert s.is_terminal()
    assert s.to_act() == ()
    assert len(s.result["scores"]) == players
    assert all(c is not None for c in s.clans)
    assert len(set(s.clans)) == players
    assert s.result["winners"]
    assert sum(s.returns()) == pytest.approx(1.0)


def test_choices_are_legal():
    s = new_game(players=3, seed=5)
    bots = _bots(5, 3)
    while not s.is_terminal():
        seat = s.to_act()[0]
        m = bots[seat].choose(s, seat)
        assert m in s.legal_moves(seat)
        s.apply_move(seat, m)


def test_same_seed_same_game():
    assert _transcript(4, 3) == _transcript(4, 3)


def test_different_seeds_differ():
    assert _transcript(4, 3)[0] != _transcript(4, 4)[0]


def test_play_counts_moves():
    moves, result = _transcript(2, 9)
    s = new_game(players=2, seed=9)
    assert play(s, _bots(9, 2)) == len(moves)
    assert s.result == result


def test_bot_seeds_differ_by_seat_and_from_game_seed():
    seeds = {bot_seed(7, p) for p in range(5)}
    assert len(seeds) == 5
    assert 7 not in seeds


def test_bot_seeds_are_each_seats_bot_seed():
    for game_seed in (0, 7, 2**64 - 1):
        assert bot_seeds(game_seed, 5) == [bot_seed(game_seed, p) for p in range(5)]


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**63))
def test_any_seed_finishes(players, seed):
    s = play_game(new_game(players=players, seed=seed), _bots(seed, players))
    assert s.is_terminal()
    assert s.round == RULES.rounds


def test_engine_and_bots_do_not_import_cli_libraries():
    code = ("import sys, daimyo.rokugan, daimyo.bots; from daimyo.rokugan import new_game; "
            "from daimyo.bots import play, RandomBot; s = new_game(2, 1); play(s, {0: RandomBot(1), 1: RandomBot(2)}); "
            "bad = [m for m in ('click', 'rich') if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_make_bot_by_name_and_unknown_name_is_a_clear_error():
    import pytest

    from daimyo.bots import RandomBot, bot_names, make_bot

    assert isinstance(make_bot("rokugan", "random", 3), RandomBot)
    with pytest.raises(ValueError, match="unknown bot 'nobot'"):
        make_bot("rokugan", "nobot", 3)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        make_bot("chess", "random", 3)
    # each game offers its own bots, found through its registration
    assert bot_names("rokugan") == ["heuristic", "ismcts", "ismcts-python", "random"]
    assert bot_names("senjutsu") == ["heuristic", "random", "smmcts"]
    assert bot_names("risingsun") == ["cfr", "heuristic", "random", "regret", "regret-python"]
    assert type(make_bot("senjutsu", "heuristic", 1)).__name__ == "SenjutsuHeuristicBot"
    assert type(make_bot("risingsun", "heuristic", 1)).__name__ == "WarHeuristicBot"
