"""The games as OpenSpiel Python games (the ``openspiel`` extra): OpenSpiel's own random-simulation checks with
serialization, a whole-game check modelled on OpenSpiel's Python game tests (clone, pickle, serialize, deserialize),
explicit chance (a new deal for each initial state), perfect-recall information states, the observation from the
seat's view alone, and OpenSpiel's MCTS, ISMCTS and MCCFR on them; OpenSpiel's ISMCTS as the ``openspiel:ismcts``
bot spec of daimyo's arena."""

from __future__ import annotations

import io
import pickle

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")      # skips only where the openspiel extra is not installed

import daimyo.rl.openspiel as spiel  # noqa: E402  (registers the games)
from daimyo.core.rng import Rng  # noqa: E402
from daimyo.rl.encoding import observe  # noqa: E402
from tests.rokugan.test_properties import perturb_hidden  # noqa: E402

GAMES = {
    "python_daimyo_rokugan": {"players": 3, "seed": 2},
    "python_daimyo_senjutsu": {"players": 2, "seed": 3},
    "python_daimyo_risingsun": {"war": "worked-battle", "seed": 1},
}


def _deal(state, rng):
    """Draw the chance outcomes of the deal as OpenSpiel's loops do (from ``chance_outcomes()``)."""
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))
    return state


def test_the_three_games_are_registered():
    assert set(GAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_openspiel_random_simulation_checks_pass_with_serialization(name):
    """OpenSpiel's C++ checks over whole games, serializing and deserializing the game and state as they go."""
    game = pyspiel.load_game(name, GAMES[name])
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    mode = pyspiel.GameType.ChanceMode
    chance = mode.EXPLICIT_STOCHASTIC if game.max_chance_outcomes() else mode.DETERMINISTIC
    assert game.get_type().chance_mode == chance
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_whole_games_clone_pickle_serialize_and_deserialize(name):
    """As OpenSpiel's Python game tests do: the game and its type pickle; over a whole random game, at every power of
    two of moves, serialize_game_and_state, pickle and deserialize_state give the same state, and a clone given
    the same action stays the same; at the end nothing is legal and the returns are in range."""
    game = pyspiel.load_game(name, GAMES[name])
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    rng = np.random.RandomState(7)
    state = game.new_initial_state()
    moves, check = 0, 1
    while not state.is_terminal():
        moves += 1
        if moves >= check:
            again_game, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
            assert str(again_game) == str(game) and str(again) == str(state) and again.history() == state.history()
            assert str(pickle.loads(pickle.dumps(state))) == str(state)
            restored = game.deserialize_state(state.serialize())
            assert str(restored) == str(state) and restored.history() == state.history()
            if not state.is_chance_node():
                seat = state.current_player()
                assert restored.legal_actions() == state.legal_actions()
                assert restored.information_state_string(seat) == state.information_state_string(seat)
            check *= 2
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            assert abs(sum(probs) - 1.0) < 1e-9
            action = int(rng.choice(actions, p=probs))
        else:
            action = int(rng.choice(state.legal_actions()))
        clone = state.clone()
        state.apply_action(action)
        clone.apply_action(action)
        assert str(clone) == str(state) and clone.history() == state.history()
    assert state.legal_actions() == []
    assert all(state.legal_actions(p) == [] for p in range(game.num_players()))
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("name", ["python_daimyo_rokugan", "python_daimyo_senjutsu"])
def test_each_initial_state_is_a_chance_node_and_a_loop_deals_a_new_game_each_episode(name):
    """The deal is four chance nodes of 256 equally likely bytes; OpenSpiel's rl_environment, drawing them, deals a
    new game every episode; the same chance outcomes deal the same game."""
    from open_spiel.python import rl_environment
    game = pyspiel.load_game(name, GAMES[name])
    state = game.new_initial_state()
    assert state.is_chance_node() and game.max_chance_outcomes() == 256
    assert game.max_chance_nodes_in_history() == spiel.CHANCE_NODES
    assert state.chance_outcomes() == [(k, 1 / 256) for k in range(256)]
    # (Environment's seed= is dropped for a game object; the sampler takes it. A deal is told by its chance bytes and
    # the whole state they made: str() is the public view, which two deals can share, a Senjutsu setup say)
    env = rl_environment.Environment(game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=0))
    deals = set()
    for _ in range(4):
        env.reset()
        deals.add((tuple(env.get_state.history()), env.get_state.serialize()))
    assert len(deals) == 4 and len({history for history, _ in deals}) == 4
    one, two = game.new_initial_state(), game.new_initial_state()
    for b in (1, 2, 3, 4):
        one.apply_action(b)
        two.apply_action(b)
    assert str(one) == str(two) and one.observation_string(0) == two.observation_string(0)
    other = game.new_initial_state()
    for b in (1, 2, 3, 5):
        other.apply_action(b)
    assert other.observation_string(0) != one.observation_string(0)


def test_rising_sun_from_a_war_file_without_drawn_war_numbers_has_no_chance_node():
    """And its game says so: DETERMINISTIC, no chance node in any history (OpenSpiel's API test asks it); the type
    registered under the name stays EXPLICIT_STOCHASTIC."""
    game = pyspiel.load_game("python_daimyo_risingsun", GAMES["python_daimyo_risingsun"])
    assert not game.new_initial_state().is_chance_node() and game.max_chance_outcomes() == 0
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert game.max_chance_nodes_in_history() == 0
    assert pickle.loads(pickle.dumps(game)).get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    registered = {t.short_name: t for t in pyspiel.registered_games()}["python_daimyo_risingsun"]
    assert registered.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert pyspiel.load_game("python_daimyo_rokugan", GAMES["python_daimyo_rokugan"]).get_type().chance_mode == \
        pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


@pytest.mark.parametrize("name", sorted(GAMES))
def test_information_states_have_perfect_recall(name):
    """Over random games from several deals, equal information-state strings of a seat mean equal histories of what
    that seat observed after every move and of its own actions, and equal histories give equal strings."""
    game = pyspiel.load_game(name, GAMES[name])
    seen: dict[str, tuple] = {}
    for episode in range(3):
        rng = np.random.RandomState(episode)
        state = _deal(game.new_initial_state(), rng)
        trail: list[list] = [[state.observation_string(p)] for p in range(game.num_players())]
        for _ in range(40):
            if state.is_terminal():
                break
            for p in range(game.num_players()):
                key, history = state.information_state_string(p), tuple(trail[p])
                assert seen.setdefault(key, history) == history
                assert key.endswith(state.observation_string(p))
            seat = state.current_player()
            action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            for p in range(game.num_players()):
                trail[p] += ([action] if p == seat else []) + [state.observation_string(p)]
    assert len(seen) > 40


@pytest.mark.parametrize("name", sorted(GAMES))
def test_information_states_built_on_demand_equal_those_asked_for_at_every_move(name):
    """The digests are brought up to date only when an information state is asked for: a game asked only now and
    then (and its clones, pickles and deserialized copies taken between) gives every seat the information state of
    the same game asked at every move."""
    game = pyspiel.load_game(name, GAMES[name])
    rng = np.random.RandomState(5)
    eager, lazy = _deal(game.new_initial_state(), rng), None
    lazy = game.new_initial_state()
    for action in eager.history():
        lazy.apply_action(action)
    seats = range(game.num_players())
    for move in range(60):
        if eager.is_terminal():
            break
        strings = [eager.information_state_string(p) for p in seats]
        if move % 7 == 3:
            copies = (lazy.clone(), pickle.loads(pickle.dumps(lazy)), game.deserialize_state(lazy.serialize()))
            assert all([c.information_state_string(p) for p in seats] == strings for c in copies)
        if move % 11 == 10:
            assert [lazy.information_state_string(p) for p in seats] == strings
        action = int(rng.choice(eager.legal_actions()))
        eager.apply_action(action)
        lazy.apply_action(action)
    assert [lazy.information_state_string(p) for p in seats] == [eager.information_state_string(p) for p in seats]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_illegal_action_is_refused_by_name_and_changes_nothing(name):
    game = pyspiel.load_game(name, GAMES[name])
    state = _deal(game.new_initial_state(), np.random.RandomState(2))
    seat, before = state.current_player(), str(state)
    information = state.information_state_string(seat)
    bad = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    for action in (bad, game.num_distinct_actions() + 5):
        with pytest.raises(pyspiel.SpielError, match=f"action {action} is not legal for seat {seat}"):
            state.apply_action(action)
    assert str(state) == before and state.information_state_string(seat) == information


def test_an_information_state_tensor_is_not_offered_and_asking_for_one_says_so():
    game = pyspiel.load_game("python_daimyo_risingsun", GAMES["python_daimyo_risingsun"])
    kind = game.get_type()
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    with pytest.raises(pyspiel.SpielError, match="provides_information_state_tensor=False"):
        game.new_initial_state().information_state_tensor(0)


def test_observations_and_information_states_come_from_the_seat_view_alone():
    game = pyspiel.load_game("python_daimyo_rokugan", {"players": 3, "seed": 4})
    state = _deal(game.new_initial_state(), np.random.RandomState(0))
    rng = np.random.default_rng(0)
    for _ in range(50):
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    engine = state._engine
    assert np.array_equal(np.array(state.observation_tensor(seat), dtype=np.float32), observe(engine, seat))
    text, information = state.observation_string(seat), state.information_state_string(seat)
    state._engine = perturb_hidden(engine, seat, Rng(1))
    assert state.observation_string(seat) == text and state.information_state_string(seat) == information
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


ISMCTS_GAMES = {
    "python_daimyo_rokugan": {"players": 2, "seed": 4},
    "python_daimyo_senjutsu": {"players": 2, "seed": 4},
    "python_daimyo_risingsun": {"war": "seed-example", "seed": 4},
}


def _ismcts_game(name, use_observation_string):
    """A whole game with ISMCTS in every seat (two simulations a decision), every third decision checking that a
    world resampled from the seat's information keeps its information state, observation and legal actions."""
    from open_spiel.python.algorithms import ismcts, mcts
    game = pyspiel.load_game(name, ISMCTS_GAMES[name])
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [ismcts.ISMCTSBot(game, evaluator, 1.4, 2, random_state=np.random.RandomState(p),
                             use_observation_string=use_observation_string) for p in range(game.num_players())]
    rng = np.random.RandomState(1)
    state = _deal(game.new_initial_state(), rng)
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        if decisions % 3 == 0:
            world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.observation_string(seat) == state.observation_string(seat)
            assert world.current_player() == seat and world.legal_actions() == state.legal_actions()
        action = int(bots[seat].step(state))
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0) and max(returns) > 0 and decisions > 5


@pytest.mark.parametrize("name", sorted(ISMCTS_GAMES))
def test_openspiel_ismcts_plays_whole_games_with_the_documented_settings(name):
    """docs/rl.md's settings (information-state keys, the default): every seat ISMCTS, a whole game of each game."""
    _ismcts_game(name, use_observation_string=False)


@pytest.mark.parametrize("name", sorted(ISMCTS_GAMES))
def test_openspiel_ismcts_keyed_on_observation_strings_plays_whole_games(name):
    """``use_observation_string=True`` (nodes keyed on the seat's view, which holds every pending decision of the
    seat, so a node's legal actions never change): a whole game of each game, with no KeyError."""
    _ismcts_game(name, use_observation_string=True)


@pytest.mark.parametrize("war", ["seed-example", "worked-battle"])
def test_a_rising_sun_world_resampled_for_a_seat_keeps_what_it_knows_and_redraws_what_it_does_not(war):
    """Over whole random wars, at every decision: the world drawn for the seat to act has the same view for that
    seat move after move (its information state) and the same legal actions; across draws the others' unshown
    reserves and secret bids differ (A battle 2. Secret bids), the seat's own never."""
    game = pyspiel.load_game("python_daimyo_risingsun", {"war": war, "seed": 2})
    rng = np.random.RandomState(3)
    state = _deal(game.new_initial_state(), rng)
    redrawn = 0
    while not state.is_terminal():
        seat = state.current_player()
        truth = state._engine
        for k in range(3):
            world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(k / 3, k / 3 + 0.3))
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.legal_actions() == state.legal_actions()
            engine = world._engine
            assert (engine.coins[seat], engine.ronin[seat], engine.bids.get(seat)) == \
                   (truth.coins[seat], truth.ronin[seat], truth.bids.get(seat))
            redrawn += (engine.coins, engine.ronin, engine.bids) != (truth.coins, truth.ronin, truth.bids)
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert redrawn > 0


def test_openspiel_outcome_sampling_mccfr_runs_on_information_states():
    from open_spiel.python.algorithms import outcome_sampling_mccfr
    game = pyspiel.load_game("python_daimyo_risingsun", GAMES["python_daimyo_risingsun"])
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    state = game.new_initial_state()
    policy = solver.average_policy().action_probabilities(state)
    assert set(policy) == set(state.legal_actions()) and sum(policy.values()) == pytest.approx(1.0)


@pytest.mark.parametrize(("game", "clans"), [("rokugan", ("crab", "lion")), ("senjutsu", ("kaze", "tetsu"))])
def test_openspiel_ismcts_is_a_bot_spec_of_the_arena(game, clans):
    from daimyo.arena.play import play_spec
    from daimyo.arena.schedule import GameSpec
    row = play_spec(GameSpec(index=0, seed=3, bots=("openspiel:ismcts:2", "random"), clans=clans, game=game))
    assert row["bots"] == ["openspiel:ismcts:2", "random"]
    assert sorted(row["returns"]) in ([0.0, 1.0], [0.5, 0.5]) and row["moves"] > 20


@pytest.mark.parametrize("example", ["seed-example", "worked-battle"])
def test_openspiel_ismcts_plays_rising_sun_wars_to_the_end_in_the_arena(example):
    """``openspiel:ismcts`` at every seat but one of a war file's clans, the whole War Phase (its bids from the seat's
    information: worlds with the others' reserves and secret bids redrawn)."""
    from daimyo.arena.play import play_spec
    from daimyo.arena.schedule import GameSpec
    from daimyo.core.registry import game
    info = game("risingsun")
    text = info.open_example(example)
    clans = tuple(info.seat_names(info.new_from_file(text)))
    bots = ("openspiel:ismcts:2",) * (len(clans) - 1) + ("random",)
    row = play_spec(GameSpec(index=0, seed=5, bots=bots, clans=clans, game="risingsun", start=text,
                             start_name=example))
    assert row["bots"] == list(bots) and sum(row["returns"]) == pytest.approx(1.0) and row["moves"] > len(clans)


@pytest.mark.parametrize(("spec", "game", "words"), [
    ("openspiel:mcts", "rokugan", "openspiel:ismcts or openspiel:ismcts:N"),
    ("openspiel:ismcts:0", "rokugan", "whole number from 1"),
    ("openspiel:ismcts:many", "senjutsu", "not 'many'"),
])
def test_a_bad_openspiel_bot_spec_is_refused_by_name(spec, game, words):
    from daimyo.bots.registry import make_bot
    with pytest.raises(ValueError, match=words):
        make_bot(game, spec, 0)


def test_the_arena_command_line_accepts_the_openspiel_bot_spec():
    """docs/rl.md's example: ``daimyo arena --game senjutsu --bots openspiel:ismcts:20,heuristic``."""
    from daimyo.cli.arena import check_bots
    assert check_bots("senjutsu", ["openspiel:ismcts:20", "heuristic"]) == ["openspiel:ismcts:20", "heuristic"]
    assert check_bots("risingsun", ["openspiel:ismcts:20", "regret"]) == ["openspiel:ismcts:20", "regret"]


def _states_of_a_whole_game(game, seed: int) -> list:
    """Every state of one random game, the initial chance node to the terminal state."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        states.append(state.clone())
    return states


OPENSPIEL_API = {
    "rokugan": ("python_daimyo_rokugan", {"players": 2, "seed": 1}),
    "rokugan-python": ("python_daimyo_rokugan", {"players": 2, "seed": 1, "engine": "python"}),
    "senjutsu": ("python_daimyo_senjutsu", {"players": 2, "seed": 1}),
    "risingsun-worked": ("python_daimyo_risingsun", {"war": "worked-battle", "seed": 1}),
    "risingsun-seed": ("python_daimyo_risingsun", {"war": "seed-example", "seed": 1}),
}


@pytest.mark.parametrize("which", sorted(OPENSPIEL_API))
def test_openspiels_api_test_passes_on_every_state_of_a_whole_game(which):
    """OpenSpiel's own API test of registered games (open_spiel/integration_tests/api_test.py, the partial-tree
    checks: sequence lengths, errors for an invalid player, no legal actions for others or at the end, private and
    public observations) on every state of a whole game, where it samples 400 states near the root."""
    import unittest

    from open_spiel.integration_tests import api_test as openspiel_api_test
    name, params = OPENSPIEL_API[which]
    game = pyspiel.load_game(name, params)
    states = _states_of_a_whole_game(game, 0)
    assert states[-1].is_terminal()
    case = type("DaimyoAPITest", (openspiel_api_test.EnforceAPIOnPartialTreeBase,),
                {"game": game, "game_name": name, "some_states": states, "game_type": game.get_type(),
                 "setUpClass": classmethod(lambda cls: None)})
    result = unittest.TextTestRunner(stream=io.StringIO()).run(unittest.defaultTestLoader.loadTestsFromTestCase(case))
    assert result.testsRun >= 5 and result.wasSuccessful(), [text for _, text in result.failures + result.errors]


def test_openspiel_random_simulation_checks_pass_with_serialization_on_the_python_rokugan_engine():
    game = pyspiel.load_game("python_daimyo_rokugan", {"players": 2, "seed": 2, "engine": "python"})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
