"""The single-agent Gymnasium environment: Gymnasium's env checker, masks, bots in the other seats, seeding."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import daimyo.rl  # noqa: E402,F401  (registers the environments)
from daimyo.rl.single import SeatEnv, gymnasium_ids  # noqa: E402

CASES = {
    "rokugan": {"players": 2},
    "senjutsu": {"players": 3, "bots": ["heuristic", "random"]},
    "risingsun": {"war": "worked-battle", "bots": "heuristic", "seat": 1},
}


@pytest.mark.parametrize("game", sorted(CASES))
def test_gymnasium_env_checker_passes(game):
    from gymnasium.utils.env_checker import check_env
    e = gym.make(gymnasium_ids()[game], **CASES[game])
    assert isinstance(e.unwrapped, SeatEnv)
    check_env(e.unwrapped, skip_render_check=True)


def _episode(e, seed, rng):
    obs, info = e.reset(seed=seed)
    trail, done = [], False
    while not done:
        assert e.observation_space.contains(obs)
        mask = info["action_mask"]
        assert np.array_equal(mask, e.unwrapped.action_masks()) and mask.any()
        assert e.unwrapped.aec.agent_selection == e.unwrapped.learner      # the bots have played up to the learner
        a = int(rng.choice(np.flatnonzero(mask)))
        trail.append(a)
        obs, reward, done, truncated, info = e.step(a)
        assert not truncated
    return trail, reward


@pytest.mark.parametrize("game", sorted(CASES))
def test_masked_random_episodes_end_with_the_learners_return(game):
    e = gym.make(gymnasium_ids()[game], **CASES[game])
    rng = np.random.default_rng(1)
    for seed in range(2):
        _, reward = _episode(e, seed, rng)
        game_state = e.unwrapped.aec.game
        assert game_state.is_terminal()
        assert reward == pytest.approx(game_state.returns()[e.unwrapped.seat])


def test_a_seed_repeats_an_episode_bots_included_and_unseeded_resets_move_on():
    e1, e2 = gym.make(gymnasium_ids()["senjutsu"], players=2, bots="heuristic"), gym.make(gymnasium_ids()["senjutsu"], players=2, bots="heuristic")
    t1, r1 = _episode(e1, 4, np.random.default_rng(0))
    t2, r2 = _episode(e2, 4, np.random.default_rng(0))
    assert (t1, r1) == (t2, r2)
    o1, _ = e1.reset()
    o2, _ = e1.reset()
    o3, _ = e1.reset()
    assert not (np.array_equal(o1, o2) and np.array_equal(o2, o3))


def test_an_illegal_action_loses_or_is_refused_as_asked():
    e = SeatEnv("rokugan", players=2)
    _, info = e.reset(seed=0)
    bad = int(np.flatnonzero(~info["action_mask"])[0])
    before = repr(e.aec.game.view(None))
    _obs, reward, done, _, info = e.step(bad)
    assert (reward, done) == (-1.0, True) and "not legal" in info["illegal"]
    assert repr(e.aec.game.view(None)) == before
    with pytest.raises(RuntimeError, match="reset"):
        e.step(bad)
    strict = SeatEnv("rokugan", players=2, illegal="raise")
    _, info = strict.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(int(np.flatnonzero(~info["action_mask"])[0]))


def test_bad_options_are_refused_by_name():
    with pytest.raises(ValueError, match="game"):
        SeatEnv("chess")
    with pytest.raises(ValueError, match="seat"):
        SeatEnv("senjutsu", seat=2, players=2)
    with pytest.raises(ValueError, match="bots"):
        SeatEnv("senjutsu", players=3, bots=["random"])
    with pytest.raises(ValueError, match="nobody"):
        SeatEnv("senjutsu", players=2, bots="nobody")


def test_a_list_of_bots_names_the_other_seats_in_seat_order():
    """Not one per seat: the learner's seat has no entry, and a list of one per seat is refused saying so."""
    e = SeatEnv("senjutsu", players=3, seat=1, bots=["random", "heuristic"])
    assert e.bot_specs == {0: "random", 2: "heuristic"}
    with pytest.raises(ValueError, match=r"bots: one spec for every other seat, or a list of 2 \(one per other seat, "
                                         r"in seat order; not the learner's\), not 3"):
        SeatEnv("senjutsu", players=3, seat=1, bots=["random", "random", "heuristic"])
