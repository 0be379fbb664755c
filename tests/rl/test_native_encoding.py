"""The native encoder (native/src/encode.cpp) against the Python encoders, the reference: over random games, at every
step, every seat's observation vector, the acting seat's legal actions as catalogue ids (and as its mask, and as the
moves they stand for), and the position after an action applied by id, entry for entry."""

import numpy as np
import pytest

from daimyo.rl import encoding
from daimyo.rl.encoding import N_ACTIONS, OBS_SIZE, legal_index_python, observe_python
from daimyo.rokugan import native
from daimyo.rokugan.data import RULES as R

pytestmark = pytest.mark.skipif(not encoding.NATIVE_ENCODER, reason="the native module is not built (with its encoder)")


def _clans(players: int, seed: int) -> list[str]:
    names = list(R.clan_names)
    np.random.default_rng(seed).shuffle(names)
    return names[:players]


def test_native_encoder_matches_python_over_random_games():
    verbs: set = set()
    for seed in range(1, 13):
        verbs |= _compare(seed, 2 + seed % 4)
    # every kind of move of the catalogue came up (territory cards' steps, Scorpion's look, Unicorn's swap among them)
    assert verbs >= {"control", "discard", "look", "objective", "pass", "place", "player", "province", "return",
                     "special", "swap", "take", "token", "play card", "play token"}


def _compare(seed: int, players: int) -> set:
    g = native.new_game(players=players, seed=seed, clans=_clans(players, seed))
    verbs = set()
    rng = np.random.default_rng(seed)
    x = np.empty(OBS_SIZE, dtype=np.float32)
    mask = np.empty(N_ACTIONS, dtype=np.int8)
    steps = 0
    while not g.is_terminal():
        seat = g.to_act()[0]
        for q in range(players):
            g.observe_into(q, x)
            expected = observe_python(g, q)
            assert x.tobytes() == expected.tobytes(), (steps, q, np.flatnonzero(x != expected))
        reference = legal_index_python(g, seat)
        ids = g.legal_action_ids(seat)
        assert ids == list(reference), steps                        # the same entries, in the same order
        assert g.legal_index(seat) == reference, steps              # each standing for the same move
        assert g.action_mask(seat, mask) == len(ids)
        assert sorted(np.flatnonzero(mask)) == sorted(ids)
        assert encoding.legal_index(g, seat) == reference           # the module's entry point takes the native path
        action = int(rng.choice(ids))
        move = reference[action]
        verbs.add(move[0] if move[0] != "play" else ("play card" if len(move) == 2 else "play token"))
        twin = g.clone()
        twin.apply_move(seat, reference[action])
        assert g.apply_action(seat, action) is None                 # no events unless asked
        assert g.engine == "native"
        assert g._game.fields() == twin._game.fields(), steps
        steps += 1
    assert steps > 50
    for q in range(players):                                        # the final position too
        g.observe_into(q, x)
        assert x.tobytes() == observe_python(g, q).tobytes()
    return verbs


def test_events_only_when_asked_and_illegal_refused():
    g = native.new_game(players=2, seed=9, clans=["crab", "crane"])
    twin = g.clone()
    seat = g.to_act()[0]
    action = g.legal_action_ids(seat)[0]
    events = g.apply_action(seat, action, events=True)
    assert events == twin.apply_move(seat, legal_index_python(twin, seat)[action])
    seat = g.to_act()[0]
    illegal = next(i for i in range(N_ACTIONS) if i not in g.legal_action_ids(seat))
    before = g._game.fields()
    with pytest.raises(ValueError, match=f"action {illegal} is not legal for seat {seat} now"):
        g.apply_action(seat, illegal)
    assert g._game.fields() == before                               # refused: nothing changed
    with pytest.raises(ValueError, match="is not to act"):
        g.legal_action_ids(1 - seat)


def test_handed_over_game_refuses_the_native_encoder_by_name():
    g = native.new_game(players=2, seed=3, clans=["crab", "crane"])
    g.hand_over()
    with pytest.raises(ValueError, match="observe_into: the game was handed over"):
        g.observe_into(0, np.empty(OBS_SIZE, dtype=np.float32))
    assert encoding.observe(g, 0).tobytes() == observe_python(g, 0).tobytes()   # the Python encoder encodes it


def test_legal_ids_match_the_per_move_ids_over_many_games():
    # legal_action_ids works each move's id out from places found once a call (encode.cpp Ids); legal_index takes
    # action_id move by move, the reference: the same ids in the same order at every step of 40 random games
    # (blessings on tokens, start-of-turn plays on tokens, every clan and number of players among them)
    blessed_or_played = 0
    for seed in range(40):
        players = 2 + seed % 4
        g = native.new_game(players=players, seed=100 + seed, clans=_clans(players, 100 + seed))
        rng = np.random.default_rng(seed)
        while not g.is_terminal():
            seat = g.to_act()[0]
            ids = g.legal_action_ids(seat)
            by_move = g.legal_index(seat)
            assert ids == list(by_move), (seed, g._game.fields())
            blessed_or_played += any(m[0] == "play" and len(m) == 3 for m in by_move.values())
            g.apply_action(seat, int(rng.choice(ids)))
    assert blessed_or_played > 0


@pytest.mark.parametrize("make", [lambda: np.zeros(N_ACTIONS, dtype=np.bool_), lambda: np.zeros(N_ACTIONS, dtype=np.uint8),
                                  lambda: np.zeros(N_ACTIONS, dtype=np.float32), lambda: np.zeros(2 * N_ACTIONS, dtype=np.int8)[::2],
                                  lambda: [0] * N_ACTIONS])
def test_action_mask_refuses_an_array_it_cannot_write_in_place(make):
    """The binding would convert such an array into a temporary copy, write the mask there and leave ``out`` empty
    while returning the number legal: refused by name instead."""
    g = native.new_game(players=2, seed=7, clans=["crab", "crane"])
    seat = g.to_act()[0]
    with pytest.raises(ValueError, match="action_mask: out must be a writable, C-contiguous, one-dimensional int8"):
        g.action_mask(seat, make())
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    assert g.action_mask(seat, mask) == len(g.legal_action_ids(seat)) == int(mask.sum()) > 0


def _read_only() -> np.ndarray:
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    out.flags.writeable = False
    return out


@pytest.mark.parametrize("make, why", [(lambda: np.zeros(OBS_SIZE, dtype=np.float64), "float64 array"),
                                       (lambda: np.zeros((1, OBS_SIZE), dtype=np.float32), r"shape \(1, 2875\)"),
                                       (lambda: np.zeros(2 * OBS_SIZE, dtype=np.float32)[::2], "not C-contiguous"),
                                       (_read_only, "read-only")])
def test_observe_into_refuses_an_array_it_cannot_write_in_place(make, why):
    g = native.new_game(players=2, seed=7, clans=["crab", "crane"])
    with pytest.raises(ValueError, match=f"observe_into: out must be a writable, C-contiguous, one-dimensional float32.*{why}"):
        g.observe_into(0, make())
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    g.observe_into(0, out)
    assert out.any() and out.tobytes() == observe_python(g, 0).tobytes()
