"""The PettingZoo environment: PettingZoo's own API test, fixed sizes, legal masks, hidden information."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from daimyo.core.rng import Rng  # noqa: E402
from daimyo.rl import env as make_env, raw_env  # noqa: E402
from daimyo.rl.encoding import KEYS, N_ACTIONS, OBS_SIZE, legal_index, move_key, observe  # noqa: E402
from tests.rokugan.test_properties import perturb_hidden  # noqa: E402


@pytest.mark.parametrize("players", [2, 5])
def test_pettingzoo_api_test_passes(players):
    api_test(make_env(players=players), num_cycles=2000, verbose_progress=False)


def test_random_masked_play_finishes_with_fixed_sizes_and_legal_masks():
    """Every masked action is a legal move; sizes never change; the rewards at the end are the returns."""
    rng = np.random.default_rng(3)
    for players in (2, 3, 4):
        e = raw_env(players=players)
        e.reset(seed=players)
        steps = 0
        while not e.game.is_terminal():
            agent = e.agent_selection
            obs = e.observe(agent)
            assert obs["observation"].shape == (OBS_SIZE,) and obs["action_mask"].shape == (N_ACTIONS,)
            assert e.observation_space(agent).contains(obs)
            seat = e.possible_agents.index(agent)
            legal = e.game.legal_moves(seat)
            assert int(obs["action_mask"].sum()) == len({move_key(e.game, seat, m) for m in legal})
            others = [a for a in e.possible_agents if a != agent]
            assert all(e.observe(a)["action_mask"].sum() == 0 for a in others)
            a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            assert e._legal[a] in legal
            e.step(a)
            steps += 1
        assert sum(e.rewards.values()) == pytest.approx(1.0)
        assert all(e.terminations.values())


def test_an_illegal_action_is_refused_with_a_clear_error():
    e = raw_env(players=2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(bad)


def test_catalogue_entries_are_distinct():
    assert len(set(KEYS)) == len(KEYS) == N_ACTIONS


def test_observation_does_not_depend_on_facts_hidden_from_the_seat():
    """Hidden information: the observation and mask of a seat are unchanged when others' hidden facts change."""
    from daimyo.bots.random_bot import RandomBot
    from tests.bots.helpers import new

    for g in range(10):
        s = new(2 + g % 4, 60 + g)
        bots = {p: RandomBot(p + g) for p in range(s.n)}
        for _ in range(30 + 17 * g):
            if s.is_terminal():
                break
            seat = s.to_act()[0]
            s.apply_move(seat, bots[seat].choose(s, seat))
        if s.is_terminal():
            continue
        for seat in range(s.n):
            other = perturb_hidden(s, seat, Rng(g))
            assert np.array_equal(observe(s, seat), observe(other, seat))
        seat = s.to_act()[0]
        assert sorted(legal_index(s, seat)) == sorted(legal_index(perturb_hidden(s, seat, Rng(g + 1)), seat))


def test_example_random_policy_runs():
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, str(root / "examples" / "random_policy.py"), "--players", "2", "--games", "1"],
                         capture_output=True, text=True, check=True, cwd=root, env={"PYTHONPATH": str(root), "PATH": ""})
    assert "game 0:" in out.stdout and "rewards" in out.stdout


def _deal(e):
    from daimyo.rokugan.position import to_position
    return to_position(e.game)


def test_unseeded_resets_continue_the_seeded_generator_and_give_new_deals():
    """Gymnasium's seeding rule: reset(seed=s) seeds once; later reset() calls continue, each a new deal."""
    a, b = raw_env(players=2), raw_env(players=2)
    a.reset(seed=7)
    b.reset(seed=7)
    assert _deal(a) == _deal(b)
    first = _deal(a)
    deals = []
    for _ in range(3):
        a.reset()
        b.reset()
        assert _deal(a) == _deal(b)            # the same seed, then the same continuation
        deals.append(_deal(a))
    assert len({first, *deals}) == 4           # every unseeded reset is a new game
    c, d = raw_env(players=2), raw_env(players=2)
    c.reset()
    d.reset()
    assert _deal(c) != _deal(d)                # no seed at all: OS entropy, not game 0


def test_ansi_render_shows_the_acting_seat_view_without_others_hidden_facts():
    e = raw_env(players=3, render_mode="ansi")
    e.reset(seed=11)
    rng = np.random.default_rng(0)
    for _ in range(40):
        e.step(int(rng.choice(sorted(e._legal))))
    seat = e.game.to_act()[0]
    text = e.render()
    assert text.startswith(f"view of player_{seat}")
    for g in range(3):
        e.game = perturb_hidden(e.game, seat, Rng(g))   # others' hidden facts changed: the picture is the same
        assert e.render() == text


def test_state_is_every_seat_observation_for_a_centralized_critic():
    e = raw_env(players=3)
    e.reset(seed=4)
    x = e.state()
    assert e.state_space.contains(x)
    assert np.array_equal(x, np.concatenate([observe(e.game, seat) for seat in range(3)]))
