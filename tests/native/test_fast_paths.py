"""The native engine's fast paths against the Python reference (docs/native.md, "Speed").

``play_random`` builds no events, picks a placement without listing every placement, and remembers the legal
places between moves; a copy starts without that memo. None of it may change a game: part way through a game
(``limit``) the whole position (every field, the generators' states included, in the position format) must be
the Python engine's after the same moves of the same bots, and a copy must play on exactly as its original.
"""

import pytest

from daimyo.bots.random_bot import RandomBot, bot_seed, play
from daimyo.rokugan import native, new_game
from daimyo.rokugan.position import to_position

EVERY = 7  # compare the position after every 7th move


def _checkpoints(players: int, seed: int):
    """The reference game played by the random bots as play_random plays it: (moves so far, position) every EVERY
    moves and at the end."""
    s = new_game(players=players, seed=seed)
    kept: list = []

    def keep(moves: int) -> None:
        if moves % EVERY == 0:
            kept.append((moves, to_position(s)))

    moves = play(s, [RandomBot(bot_seed(seed, p)) for p in range(players)], after_move=keep)
    return [*kept, (moves, to_position(s))]


@pytest.mark.parametrize("players,seed", [(2, 0), (3, 1), (4, 2), (5, 3), (4, 14)])
def test_play_random_part_way_is_the_reference_position(players, seed):
    """Playing Battle for Rokugan: every few moves of a whole game, the native position equals the reference's."""
    seeds = [bot_seed(seed, p) for p in range(players)]
    count = 0
    for moves, want in _checkpoints(players, seed):
        g = native.new_game(players, seed)
        assert g.play_random(seeds, limit=moves) == moves
        assert to_position(g.python_state()) == want, f"{players} players, seed {seed}: after {moves} moves"
        count += 1
    assert count > 10


def test_a_copy_plays_on_as_its_original():
    """A copy (without the remembered places) has the same legal moves and plays to the same end."""
    seeds = [bot_seed(9, p) for p in range(4)]
    for limit in (40, 60, 85, 110):
        g = native.new_game(4, 9)
        g.play_random(seeds, limit=limit)
        acting = g.to_act()
        c = g.clone()
        assert c.to_act() == acting and all(c.legal_moves(s) == g.legal_moves(s) for s in acting)
        c2 = c.clone()
        assert g.play_random(seeds) == c.play_random(seeds) == c2.play_random(seeds)
        assert to_position(g.python_state()) == to_position(c.python_state()) == to_position(c2.python_state())
        assert g.result == c.result and g.result is not None


def test_the_result_is_scored_natively_as_the_reference_scores_it():
    """End of the Game: the native result (no hand-over) is the reference's, and None before the end."""
    g = native.new_game(3, 4)
    assert g.result is None and g.returns() == [0.0, 0.0, 0.0]
    g.play_random([bot_seed(4, p) for p in range(3)])
    ref = g.python_state()
    assert g.engine == "native" and g.result == ref.result and g.returns() == ref.returns()


def test_the_memory_of_a_game_is_counted():
    """``bytes``: the storage a native state owns grows with the game and stays small."""
    g = native.new_game(4, 2)
    start = g._game.bytes()
    g.play_random([bot_seed(2, p) for p in range(4)], limit=80)
    assert 0 < start < g._game.bytes() < 10_000
