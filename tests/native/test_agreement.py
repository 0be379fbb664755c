"""The differential test: the native engine against the Python reference on seeded random games of 2 to 5 players.

Both engines play the same game in lockstep, moved by the same seeded random bots. At every step they must agree on
who acts, every acting seat's legal moves and legal actions (text), and the events (kind, data and who sees them);
each engine keeps a running digest of all of it, and the final results must be equal. The whole position (the
position format of docs/rokugan-positions.md: every field, the generator's state included) is compared at the
start of every round and at the end, and after every step in a few games. The first difference fails with the
game's seed, the step, the move and the reference's position before it in the position format.

CI plays 20 games a player count; ``DAIMYO_NATIVE_GAMES=10000`` plays that many more (seeds 0 to N-1, 2 + seed % 4
players), as recorded in docs/native.md.
"""

import hashlib
import os
import pickle

import pytest

from daimyo.bots.random_bot import RandomBot, bot_seed
from daimyo.core.rng import GameKey
from daimyo.rokugan import native, new_game
from daimyo.rokugan.data import RULES
from daimyo.rokugan.position import to_position

GAMES_PER_COUNT = 20
EXTRA_GAMES = int(os.environ.get("DAIMYO_NATIVE_GAMES", "0") or 0)


def _events(events) -> list:
    return [(e.kind, e.data, sorted(e.visible_to) if e.visible_to is not None else None) for e in events]


def _first_difference(a: list, b: list) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"item {i}:\n  native: {x}\n  python: {y}"
    return f"lengths {len(a)} and {len(b)}: native has {a[len(b):]}, python has {b[len(a):]}"


def play_both(players: int, seed: int | GameKey, clans=None, every_position: bool = False, texts: bool = True,
              rules=None) -> dict:
    """Play one seeded random game in both engines; fail at the first difference. Returns what was played.

    With ``texts`` False the legal actions are compared as moves only (their text is written from the moves by
    the one notation function, :func:`daimyo.rokugan.notation.move_text`, for both engines): the larger run.
    ``rules``: the rules both games are played under (a rules file's; by default the standard ones)."""
    ref = new_game(players=players, seed=seed, clans=clans, rules=rules)
    nat = native.new_game(players=players, seed=seed, clans=clans, rules=rules)
    assert nat.engine == "native"
    bots = [RandomBot(bot_seed(seed if isinstance(seed, int) else int.from_bytes(seed.key[:8], "little"), p))
            for p in range(players)]
    digests = [hashlib.blake2b(digest_size=16), hashlib.blake2b(digest_size=16)]
    played = {"events": set(), "cards": set(), "steps": 0}
    where = f"{players} players, seed {seed}, clans {clans}"

    moves = []

    def fail(step, move, what):
        # the reference's position before the step, played again from the start
        again = new_game(players=players, seed=seed, clans=clans, rules=rules)
        for s, m in moves:
            again.apply_move(s, m)
        pytest.fail(f"{where}, step {step}, move {move}: {what}\n--- the reference's position before the step\n"
                    f"{to_position(again)}")

    assert to_position(nat.python_state()) == to_position(ref), f"{where}: positions differ after setup"
    step = 0
    while not ref.is_terminal():
        acting = ref.to_act()
        if nat.to_act() != acting:
            fail(step, None, f"to_act {nat.to_act()} != {acting}")
        legal = {s: list(ref.legal_moves(s)) for s in acting}
        for s in acting:
            got = nat.legal_moves(s)
            if got != legal[s]:
                fail(step, None, f"legal moves of seat {s} differ, {_first_difference(got, legal[s])}")
        actions = ref.legal_actions() if texts else legal
        if texts and nat.legal_actions() != actions:
            fail(step, None, f"legal actions differ, {_first_difference(nat.legal_actions(), actions)}")
        seat = acting[0]
        move = bots[seat].choose(ref, seat)
        got, want = _events(nat.apply_move(seat, move)), _events(ref.apply_move(seat, move))
        moves.append((seat, move))
        digests[0].update(repr((actions, move, got)).encode())
        digests[1].update(repr((actions, move, want)).encode())
        if got != want:
            fail(step, move, f"events differ, {_first_difference(got, want)}")
        for kind, data, _ in want:
            played["events"].add(kind)
            if kind == "play":
                played["cards"].add(data["card"])
        step += 1
        if every_position or any(kind in ("round", "final-scoring") for kind, _, _ in want):
            pn, pr = to_position(nat.python_state()), to_position(ref)
            if pn != pr:
                moves.pop()
                fail(step - 1, move, f"positions differ after the move\n--- native\n{pn}\n--- python\n{pr}")
            for viewer in (None, *range(players)):   # every seat's view, built by each engine
                if nat.view(viewer) != ref.view(viewer):
                    moves.pop()
                    fail(step - 1, move, f"the views of {viewer} differ")
    assert nat.is_terminal() and nat.engine == "native", where
    assert nat.result == ref.result and nat.returns() == ref.returns(), where
    assert digests[0].hexdigest() == digests[1].hexdigest(), where
    played["steps"] = step
    return played


def test_random_games_agree():
    """Whole games (Setup to End of the Game) with clans chosen as moves, 20 seeds a player count: every legal-action
    list, every event and the result are the reference's. On the way the games play every territory and Shadowlands
    card (Playing Territory Cards), every clan's decision and every step of the Resolution Phase."""
    events, cards = set(), set()
    for players in (2, 3, 4, 5):
        for k in range(GAMES_PER_COUNT):
            played = play_both(players, players + 4 * k)
            events |= played["events"]
            cards |= played["cards"]
    assert set(RULES.cards) <= cards, set(RULES.cards) - cards
    assert {"battle", "raid", "raid-fails", "diplomacy", "successful-defense", "territory-claimed", "territory-card-returned",
            "final-scoring", "look", "swap", "returned", "spy", "swap-control", "special-removed"} <= events, events


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_with_given_clans_agree(players):
    """Every clan takes part, its abilities included (Clans: Dragon, Scorpion, Unicorn, Lion, Crab, Crane, Phoenix)."""
    names = RULES.clan_names
    for seed in range(5):
        clans = [names[(seed + k * 3) % len(names)] for k in range(players)]
        if len(set(clans)) < players:
            clans = list(names[seed % 3:seed % 3 + players])
        play_both(players, 1000 + seed, clans)


def test_keyed_games_agree():
    """Games keyed with a GameKey (the blake2b-keyed generator of the server's games; Setup 2-5's draws): the native
    engine deals the territory cards, objectives and Shadowlands as the Python engine does, and the games agree."""
    for players in (2, 3, 4, 5):
        for k in range(3):
            key = GameKey(bytes([players, k, 7, 11]) * 8)
            nat = native.new_game(players=players, seed=key)
            assert nat.engine == "native" and nat.python_state().rng.counter > 0      # setup drew from the key
            again = pickle.loads(pickle.dumps(nat))                                 # as the Python state, key and all
            assert to_position(again) == to_position(new_game(players=players, seed=key))
            play_both(players, key, every_position=k == 0)


def test_positions_agree_after_every_step():
    """A few games with the whole position compared after every step, not only at each round's start."""
    for players in (2, 3, 4, 5):
        play_both(players, 500 + players, every_position=True)


@pytest.mark.skipif(not EXTRA_GAMES, reason="opt-in: DAIMYO_NATIVE_GAMES=N plays N more games")
@pytest.mark.parametrize("part", range(4))
def test_many_random_games_agree(part):
    """The larger run: DAIMYO_NATIVE_GAMES seeded random games (seeds 0 to N-1, 2 + seed % 4 players), in four
    parts for pytest-xdist; legal moves, events, digests, positions at each round's start and results compared."""
    for seed in range(part, EXTRA_GAMES, 4):
        play_both(2 + seed % 4, seed, texts=False)
