"""daimyo.rl.evaluate: a masked policy's win rate against the bots, with Wilson's interval (no learning library)."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import daimyo.rl  # noqa: E402,F401  (registers the environments)
from daimyo.rl.encoding import OBS_SIZE  # noqa: E402
from daimyo.rl.evaluate import Result, first_legal, play, uniform, wilson  # noqa: E402

WAR = {"war": "worked-battle"}


def test_wilson_interval_known_values():
    # Wilson (1927)'s score interval at z = 1.96, worked by hand: 5/10 -> 0.5 +- 0.2634, 0/10 -> [0, z^2/(n+z^2)]
    assert [round(x, 4) for x in wilson(5, 10)] == [0.2366, 0.7634]
    assert [round(x, 4) for x in wilson(0, 10)] == [0.0, 0.2775]
    assert [round(x, 4) for x in wilson(10, 10)] == [0.7225, 1.0]
    assert [round(x, 4) for x in wilson(9, 30)] == [0.1666, 0.4788]
    low, high = wilson(2.5, 10)                          # a shared win counts its share
    assert low < 0.25 < high


@pytest.mark.parametrize(("wins", "games", "word"), [(1, 0, "games"), (11, 10, "wins"), (-1, 10, "wins")])
def test_wilson_refuses_impossible_counts(wins, games, word):
    with pytest.raises(ValueError, match=word):
        wilson(wins, games)


def test_first_legal_policy_seeded_run_counts():
    """Rising Sun's worked battle, the first legal bid in seat 0 (Lotus) against random bots: 9 wins in 30."""
    result = play(first_legal, "risingsun", games=30, seed=3, bots="random", seat=0, **WAR)
    assert isinstance(result, Result)
    assert (result.game, result.bots, result.seat, result.games, result.wins) == ("risingsun", "random", 0, 30, 9.0)
    assert result.rate == pytest.approx(0.3)
    assert (round(result.low, 4), round(result.high, 4)) == (0.1666, 0.4788)
    assert result.as_dict()["rate"] == pytest.approx(0.3)
    against_heuristic = play(first_legal, "risingsun", games=30, seed=3, bots="heuristic", seat=0, **WAR)
    assert against_heuristic.wins == 30.0 and round(against_heuristic.low, 4) == 0.8865


def test_play_scores_the_same_games_as_the_environment_loop():
    """The evaluation's games are the Gymnasium environment's: seeded once, then its next deals."""
    policy = uniform(7)
    result = play(policy, "risingsun", games=12, seed=5, bots="random", seat=2, **WAR)
    env = gym.make("daimyo/RisingSunWar-v0", seat=2, bots="random", **WAR)
    rng = np.random.default_rng(7)                  # uniform(7)'s own generator, drawn in the same order
    total = 0.0
    _, info = env.reset(seed=5)
    for game in range(12):
        done = False
        while not done:
            _, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += reward
        if game < 11:
            _, info = env.reset()
    assert result.wins == total
    assert play(uniform(7), "risingsun", games=12, seed=5, bots="random", seat=2, **WAR) == result


def test_the_policy_sees_the_learners_observation_and_mask():
    seen = []

    def policy(observation, mask):
        seen.append((observation.shape, mask.dtype.kind, int(mask.sum())))
        return first_legal(observation, mask)

    play(policy, "rokugan", games=2, seed=0, bots="random", seat=1, players=2)
    assert seen and all(shape == (OBS_SIZE,) and kind == "b" and legal >= 1 for shape, kind, legal in seen)


def test_an_illegal_choice_is_an_error_naming_the_action():
    def last_action(observation, mask):
        return len(mask) - 1 if not mask[-1] else int(np.flatnonzero(~mask)[0])

    with pytest.raises(ValueError, match=r"action \d+ is not legal"):
        play(last_action, "risingsun", games=1, seed=0, bots="random", seat=1, **WAR)


def test_play_refuses_no_games():
    with pytest.raises(ValueError, match="games"):
        play(first_legal, "risingsun", games=0, **WAR)
