"""The native engine against the Python reference: seeded random games of 2 to 5 players, compared step by step.

Each step compares, between the engines: who acts, every acting seat's legal moves, the events (kind, data and
who sees them) and the whole position (the position format of docs/rokugan-positions.md, which writes every
field, the generator's state included). The first difference fails with the game's seed, the step and both
positions. After the native engine's frontier (the end of round 1's placement) the game goes on in the Python engine,
and the whole game's digest of moves and events must still be the reference's.
"""

import hashlib

import pytest

from daimyo.bots.random_bot import RandomBot, bot_seed
from daimyo.rokugan import native, new_game
from daimyo.rokugan.data import RULES
from daimyo.rokugan.position import to_position


def _events(events) -> list:
    return [(e.kind, e.data, sorted(e.visible_to) if e.visible_to is not None else None) for e in events]


def _position(g) -> str:
    return to_position(g.python_state() if isinstance(g, native.NativeRokuganState) else g)


def _play_both(players: int, seed: int, clans, whole_game: bool):
    """Play the seeded random game in both engines; returns (native steps, hand-over seen, digests)."""
    ref = new_game(players=players, seed=seed, clans=clans)
    nat = native.new_game(players=players, seed=seed, clans=clans)
    bots = [RandomBot(bot_seed(seed, p)) for p in range(players)]
    digests = [hashlib.blake2b(digest_size=16), hashlib.blake2b(digest_size=16)]
    step = native_steps = 0
    played = set()
    where = f"{players} players, seed {seed}, clans {clans}"
    assert _position(nat) == _position(ref), f"{where}: positions differ after setup"
    while not ref.is_terminal():
        was_native = nat.engine == "native"
        acting = ref.to_act()
        assert nat.to_act() == acting, f"{where}, step {step}: to_act {nat.to_act()} != {acting}"
        seat = acting[0]
        legal = ref.legal_moves(seat)
        if was_native:
            for s in acting:
                assert nat.legal_moves(s) == list(ref.legal_moves(s)), f"{where}, step {step}: legal moves of seat {s} differ"
            assert nat.legal_actions() == ref.legal_actions(), f"{where}, step {step}: legal actions differ"
        move = bots[seat].choose(ref, seat)
        got, want = _events(nat.apply_move(seat, move)), _events(ref.apply_move(seat, move))
        for d, part in ((digests[0], (legal, move, got)), (digests[1], (legal, move, want))):
            d.update(repr(part).encode())
        if was_native:
            native_steps += 1
            played.add(move[0] if move[0] != "play" else f"play {move[1]}")
            assert got == want, f"{where}, step {step} ({move}): events differ\nnative: {got}\npython: {want}"
            pn, pr = _position(nat), _position(ref)
            assert pn == pr, f"{where}, step {step} ({move}): positions differ\n--- native\n{pn}\n--- python\n{pr}"
        step += 1
        if not whole_game and nat.engine == "python":
            break
    return native_steps, nat.engine == "python", [d.hexdigest() for d in digests], played


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_agrees_clans_chosen_as_moves(players):
    """Setup 3 (clans as moves), 5, 6-10 and Upkeep 1-2 of round 1, on 60 seeds per player count."""
    for seed in range(60):
        steps, handed_over, (a, b), _ = _play_both(players, seed * 7919 + players, None, whole_game=False)
        assert handed_over and steps > players
        assert a == b


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_agrees_with_given_clans(players):
    """Every clan takes part (Dragon's extra draw and its return decision: Clans: Dragon; Scorpion's look: Clans:
    Scorpion), through round 1's Placement Phase: every kind of move of it is played on the way."""
    names = RULES.clan_names
    played = set()
    for seed in range(40):
        clans = [names[(seed + k * 3) % len(names)] for k in range(players)]
        if len(set(clans)) < players:
            clans = list(names[seed % 3:seed % 3 + players])
        steps, handed_over, (a, b), moves = _play_both(players, 1000 + seed, clans, whole_game=False)
        assert handed_over and a == b
        played |= moves
    expected = {"objective", "control", "place", "play scout", "play shugenja", "look", "pass", "return"}
    if players > 2:  # the first player card is not used in a two-player game
        expected.add("play first-player")
    assert expected <= played, expected - played


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_games_agree(players):
    """Whole random games through the native engine and its hand-over give the reference's moves, events and result."""
    for seed in range(3):
        ref = new_game(players=players, seed=seed)
        nat = native.new_game(players=players, seed=seed)
        bots_ref = [RandomBot(bot_seed(seed, p)) for p in range(players)]
        bots_nat = [RandomBot(bot_seed(seed, p)) for p in range(players)]
        while not ref.is_terminal():
            seat = ref.to_act()[0]
            move = bots_ref[seat].choose(ref, seat)
            assert bots_nat[seat].choose(nat, seat) == move
            assert _events(nat.apply_move(seat, move)) == _events(ref.apply_move(seat, move))
        assert nat.is_terminal() and nat.engine == "python"
        assert nat.result == ref.result and nat.returns() == ref.returns()
