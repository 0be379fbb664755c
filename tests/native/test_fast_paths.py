"""The native engine's fast paths against the Python reference (docs/native.md, "Speed").

``play_random`` builds no events, picks a placement without listing every placement, and remembers the legal
places between moves; a copy starts without that memo. None of it may change a game: part way through a game
(``limit``) the whole position (every field, the generators' states included, in the position format) must be
the Python engine's after the same moves of the same bots, and a copy must play on exactly as its original.
"""

import pytest

from daimyo.bots.random_bot import RandomBot, bot_seed, play
from daimyo.core.game import Action
from daimyo.rokugan import native, new_game
from daimyo.rokugan.position import from_position, to_position

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


def test_a_ronin_players_places_and_random_picks_are_the_references():
    """Additional Rules: Ronin (armies on any free land border, no raid or diplomacy): the ronin player's legal
    moves, each outcome, and random games played on from the position, every position on the way, as the reference's
    (random games seldom have a ronin player)."""
    from tests.rokugan.helpers import pos
    from tests.rokugan.test_placement import RONIN

    # crane is ronin; with a land border taken (an army of lion's on it) and a peace token closing a province
    text = pos(RONIN).replace("province lion_1: lion\n", "province lion_1: lion\nprovince lion_2: - special=peace\n")
    ref = from_position(text)
    ref.apply(Action(1, "place a1 crab_3>crab_2"))
    ref.apply_move(2, next(m for m in ref.legal_moves(2) if m[0] == "place" and m[2] == "l"))
    nat = native.from_python(ref)
    assert ref.ronin[1] and nat.to_act() == ref.to_act() == (0,)
    ref.apply(Action(0, "place a2 crab_1"))
    nat.apply(Action(0, "place a2 crab_1"))
    moves = ref.legal_moves(1)
    assert nat.legal_moves(1) == moves and any(m[0] == "place" and m[2] == "l" for m in moves)
    for move in moves:
        a, b = ref.clone(), nat.clone()
        a.apply_move(1, move)
        b.apply_move(1, move)
        assert to_position(b.python_state()) == to_position(a), move
    for seed in range(12):
        seeds = [seed * 10 + p for p in range(3)]
        kept: list = []
        s = ref.clone()
        moves_made = play(s, [RandomBot(x) for x in seeds], after_move=lambda k, s=s, kept=kept: kept.append((k, to_position(s))))
        assert moves_made > 0
        for k, want in kept[:6] + kept[-1:]:
            g = nat.clone()
            assert g.play_random(seeds, limit=k) == k
            assert to_position(g.python_state()) == want, f"bots {seeds}: after {k} moves"
