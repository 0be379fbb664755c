"""The batched environments (daimyo/rl/vector.py): each game of the batch equals a single environment run from the same
seed, autoreset included (Gymnasium's NEXT_STEP mode, checked against Gymnasium's own SyncVectorEnv of those single
environments), and the batch's spaces and seeding are Gymnasium's."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from daimyo.rl import encoding
from daimyo.rl.rokugan import raw_env
from daimyo.rl.single import SeatEnv

pytestmark = pytest.mark.skipif(not encoding.NATIVE_ENCODER, reason="the native module is not built (with its encoder)")

from daimyo.rl.vector import RokuganBatch, RokuganVectorEnv  # noqa: E402


def _pick(rngs, masks):
    return np.array([int(r.choice(np.flatnonzero(m))) for r, m in zip(rngs, masks, strict=True)])


@pytest.mark.parametrize(("players", "seat", "threads"), [(2, 0, 1), (3, 1, 2)])
def test_vector_env_equals_gymnasiums_sync_vector_env_of_seat_envs(players, seat, threads):
    n = 3
    batch = RokuganVectorEnv(num_envs=n, players=players, seat=seat, threads=threads)
    sync = SyncVectorEnv([lambda: SeatEnv("rokugan", players=players, seat=seat, bots="random") for _ in range(n)],
                         autoreset_mode=AutoresetMode.NEXT_STEP)
    obs, info = batch.reset(seed=7)
    obs2, info2 = sync.reset(seed=7)
    assert batch.observation_space.contains(obs)
    np.testing.assert_array_equal(obs, obs2)
    np.testing.assert_array_equal(info["action_mask"], info2["action_mask"])
    rngs = [np.random.default_rng(i) for i in range(n)]
    episodes = 0
    for _ in range(700):                       # several games each, autoresets included
        mask = info["action_mask"]
        actions = np.array([int(r.choice(np.flatnonzero(m))) if m.any() else 0 for r, m in zip(rngs, mask, strict=True)])
        obs, reward, term, trunc, info = batch.step(actions)
        obs2, reward2, term2, trunc2, info2 = sync.step(actions)
        np.testing.assert_array_equal(obs, obs2)
        np.testing.assert_array_equal(reward, reward2)
        np.testing.assert_array_equal(term, term2)
        np.testing.assert_array_equal(trunc, trunc2)
        np.testing.assert_array_equal(info["action_mask"], info2["action_mask"])
        np.testing.assert_array_equal(batch.action_masks(), info["action_mask"])
        episodes += int(term.sum())
    assert episodes >= 2 * n
    assert batch.moves_made > 700


def test_heuristic_bots_inside_equal_seat_envs_heuristic_bots():
    n, players = 2, 3
    batch = RokuganVectorEnv(num_envs=n, players=players, seat=2, bots=["heuristic", "random"])
    singles = [SeatEnv("rokugan", players=players, seat=2, bots=["heuristic", "random"]) for _ in range(n)]
    obs, info = batch.reset(seed=30)
    for i, e in enumerate(singles):
        o, inf = e.reset(seed=30 + i)
        np.testing.assert_array_equal(obs[i], o)
        np.testing.assert_array_equal(info["action_mask"][i], inf["action_mask"])
    rngs = [np.random.default_rng(i) for i in range(n)]
    over = [False] * n
    while not all(over):
        actions = np.array([int(r.choice(np.flatnonzero(m))) if m.any() else 0
                            for r, m in zip(rngs, info["action_mask"], strict=True)])
        obs, reward, term, _, info = batch.step(actions)
        for i, e in enumerate(singles):
            if over[i]:
                continue
            o, r, t, _, inf = e.step(int(actions[i]))
            np.testing.assert_array_equal(obs[i], o)
            np.testing.assert_array_equal(info["action_mask"][i], inf["action_mask"])
            assert (reward[i], term[i]) == (r, t)
            over[i] = t


def test_batch_equals_raw_env_per_game():
    n, players = 3, 3
    batch = RokuganBatch(games=n, players=players, threads=2)
    obs, masks, to_act = batch.reset(seed=20)
    envs = [raw_env(players=players) for _ in range(n)]
    for i, e in enumerate(envs):
        e.reset(seed=20 + i)
    rngs = [np.random.default_rng(i) for i in range(n)]
    ended = 0

    def same(i, e):
        seat = int(e.agent_selection.split("_")[1])
        assert to_act[i] == seat
        o = e.observe(e.agent_selection)
        np.testing.assert_array_equal(obs[i], o["observation"])
        np.testing.assert_array_equal(masks[i], o["action_mask"].astype(bool))

    for i, e in enumerate(envs):
        same(i, e)
    for _ in range(600):
        actions = np.array([int(r.choice(np.flatnonzero(m))) if m.any() else 0 for r, m in zip(rngs, masks, strict=True)])
        obs, masks, rewards, term, to_act = batch.step(actions)
        for i, e in enumerate(envs):
            if not e.agents:
                e.reset()                      # NEXT_STEP: the game that ended is dealt anew at this step
                assert not term[i] and not rewards[i].any()
                same(i, e)
                continue
            e.step(int(actions[i]))
            if any(e.terminations.values()):
                assert term[i] and to_act[i] == -1 and not masks[i].any()
                np.testing.assert_array_equal(rewards[i], [e._cumulative_rewards[a] for a in e.possible_agents])
                ended += 1
                while e.agents:
                    e.step(None)
            else:
                assert not term[i] and not rewards[i].any()
                same(i, e)
    assert ended >= n


def test_seeding_as_gymnasium_says():
    a, b = RokuganVectorEnv(num_envs=2), RokuganVectorEnv(num_envs=2)
    oa, _ = a.reset(seed=3)
    ob, _ = b.reset(seed=[3, 4])
    np.testing.assert_array_equal(oa, ob)       # an int seeds game i with seed + i
    again, _ = a.reset()                        # no seed: each generator goes on, a new deal
    assert not np.array_equal(again, oa)
    oc, _ = RokuganVectorEnv(num_envs=2).reset(seed=3)
    np.testing.assert_array_equal(oa, oc)       # the same seed, the same deals


def test_illegal_action_loses_and_bad_input_is_refused():
    env = RokuganVectorEnv(num_envs=2, players=2)
    _, info = env.reset(seed=1)
    legal = int(np.flatnonzero(info["action_mask"][1])[0])
    illegal = int(np.flatnonzero(~info["action_mask"][0])[0])
    _obs, reward, term, _, info = env.step([illegal, legal])
    assert list(term) == [True, False] and reward[0] == -1.0 and list(info["illegal"]) == [True, False]
    assert not info["action_mask"][0].any()
    with pytest.raises(ValueError, match="actions: one per game"):
        env.step([0, 0, 0])
    with pytest.raises(ValueError, match="bots: 'random' or 'heuristic'"):
        RokuganVectorEnv(bots="ismcts:1s")
    with pytest.raises(ValueError, match=r"bots: one spec for every other seat, or a list of 2 \(one per other seat"):
        RokuganVectorEnv(players=3, bots=["random"])
    with pytest.raises(ValueError, match="seat: 0 to 1"):
        RokuganVectorEnv(players=2, seat=2)
    with pytest.raises(ValueError, match="reset_mask"):
        env.reset(options={"reset_mask": np.array([True, False])})
    with pytest.raises(RuntimeError, match="call reset"):
        RokuganVectorEnv(num_envs=1).step([0])


def test_gymnasium_vector_wrappers_run_on_it():
    env = gym.wrappers.vector.RecordEpisodeStatistics(RokuganVectorEnv(num_envs=2, players=2))
    _, info = env.reset(seed=5)
    rngs = [np.random.default_rng(i) for i in range(2)]
    finished = 0
    for _ in range(400):
        actions = np.array([int(r.choice(np.flatnonzero(m))) if m.any() else 0
                            for r, m in zip(rngs, info["action_mask"], strict=True)])
        _, _, _term, _, info = env.step(actions)
        if "episode" in info:
            finished += int(info["_episode"].sum())
    assert finished >= 2


def test_threads_do_not_change_the_games_and_step_random_equals_step_of_random_actions():
    players, n = 3, 5
    one = RokuganBatch(games=n, players=players, threads=1)
    two = RokuganBatch(games=n, players=players, threads=2)
    fast = RokuganBatch(games=n, players=players, threads=2)
    for b in (one, two, fast):
        b.reset(seed=11)
    ended = 0
    for _ in range(500):                       # several games each, autoresets included
        actions = one.random_actions()
        np.testing.assert_array_equal(two.random_actions(), actions)     # the draws do not depend on threads
        got1, got2 = one.step(actions), two.step(actions)
        drawn, *got3 = fast.step_random()
        np.testing.assert_array_equal(drawn, actions)
        for x, y, z in zip(got1, got2, got3, strict=True):
            np.testing.assert_array_equal(x, y)
            np.testing.assert_array_equal(x, z)
        assert not one.illegal.any() and not fast.illegal.any()
        ended += int(got1[3].sum())
    assert ended >= n
    assert one.moves_made == two.moves_made == fast.moves_made
    with pytest.raises(RuntimeError, match="call reset"):
        RokuganBatch(games=1).step_random()


def test_new_deals_are_drawn_natively_as_numpys_generator_draws_them():
    """A game's deal generator lives in the native engine after its reset (no Python call an autoreset): set from
    Gymnasium's seeding.np_random(seed + i), it draws word for word what NumPy's Generator.integers draws, below
    2**63 for the self-play batch (raw_env's next game) and 2**62 for the learner's (SeatEnv's next episode)."""
    from gymnasium.utils import seeding

    for cls, bits in ((RokuganBatch, 63), (RokuganVectorEnv, 62)):
        env = cls(2, players=2) if cls is RokuganBatch else cls(num_envs=2, players=2)
        env.reset(seed=41)
        core = env._games.core
        for i in range(2):
            numpy_rng = seeding.np_random(41 + i)[0]
            if cls is RokuganVectorEnv:
                numpy_rng.integers(2**62)           # SeatEnv's first episode, drawn at the reset itself
            assert [core.draw_deal(i) for _ in range(50)] == [int(numpy_rng.integers(2**bits)) for _ in range(50)]
