"""The games as OpenSpiel Python games (the ``openspiel`` extra): OpenSpiel's own random-simulation checks, the
observation from the seat's view alone, and OpenSpiel's MCTS and ISMCTS bots playing them."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")      # skips only where the openspiel extra is not installed

import daimyo.rl.openspiel  # noqa: E402,F401  (registers the games)
from daimyo.core.rng import Rng  # noqa: E402
from daimyo.rl.encoding import observe  # noqa: E402
from tests.rokugan.test_properties import perturb_hidden  # noqa: E402

GAMES = {
    "python_daimyo_rokugan": {"players": 3, "seed": 2},
    "python_daimyo_senjutsu": {"players": 2, "seed": 3},
    "python_daimyo_risingsun": {"war": "worked-battle", "seed": 1},
}


def test_the_three_games_are_registered():
    assert set(GAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_openspiel_random_simulation_checks_pass(name):
    game = pyspiel.load_game(name, GAMES[name])
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_seed_parameter_deals_the_game_and_a_new_seed_a_new_deal():
    one = pyspiel.load_game("python_daimyo_senjutsu", {"players": 2, "seed": 5}).new_initial_state()
    two = pyspiel.load_game("python_daimyo_senjutsu", {"players": 2, "seed": 5}).new_initial_state()
    other = pyspiel.load_game("python_daimyo_senjutsu", {"players": 2, "seed": 6}).new_initial_state()
    assert str(one) == str(two) and one.observation_string(0) == two.observation_string(0)
    assert one.observation_string(0) != other.observation_string(0)


def test_observations_come_from_the_seat_view_alone():
    game = pyspiel.load_game("python_daimyo_rokugan", {"players": 3, "seed": 4})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(50):
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    engine = state._engine
    assert np.array_equal(np.array(state.observation_tensor(seat), dtype=np.float32), observe(engine, seat))
    text = state.observation_string(seat)
    state._engine = perturb_hidden(engine, seat, Rng(1))
    assert state.observation_string(seat) == text
    assert np.array_equal(np.array(state.observation_tensor(seat), dtype=np.float32), observe(engine, seat))


def test_openspiel_mcts_bot_plays_rising_sun_to_the_end():
    from open_spiel.python.algorithms import mcts
    game = pyspiel.load_game("python_daimyo_risingsun", {"war": "seed-example", "seed": 0})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 1.4, 10, evaluator, random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sorted(state.returns()) == [0.0, 0.0, 0.0, 1.0]


def test_openspiel_ismcts_bot_plays_rokugan_from_resampled_states():
    """ISMCTS searches states resampled from the seat's information: each has the same observation."""
    from open_spiel.python.algorithms import ismcts, mcts
    game = pyspiel.load_game("python_daimyo_rokugan", {"players": 2, "seed": 4})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 3, random_state=np.random.RandomState(0), use_observation_string=True)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(6):
        seat = state.current_player()
        if seat == 0:
            again = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert again.observation_string(seat) == state.observation_string(seat)
            action = bot.step(state)
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
