"""NativeRokuganState speaks the Python state's interface: text actions, the same errors, clones, views."""

import pytest

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from daimyo.rokugan import native, new_game
from daimyo.rokugan.data import RULES
from daimyo.rokugan.position import to_position

CLANS = ["crab", "crane", "lion", "unicorn"]


def _error(game, action) -> tuple[str, str]:
    with pytest.raises(RuleViolation) as e:
        game.apply(action)
    return str(e.value), e.value.args


@pytest.mark.parametrize("action", [
    Action(0, "objective nonsense"),          # Setup 5: not an objective dealt to this seat
    Action(0, "control kyuden_hida"),         # not an action of the objectives phase
    Action(7, "objective way-of-humility"),   # no such seat
    Action(0, "place a1 c kyuden_hida"),
])
def test_bad_actions_get_the_reference_message_and_change_nothing(action):
    ref = new_game(4, seed=1, clans=CLANS)
    nat = native.new_game(4, seed=1, clans=CLANS)
    before = to_position(nat.python_state())
    assert _error(nat, action) == _error(ref, action)
    assert to_position(nat.python_state()) == before


def test_text_actions_play_setup_as_the_reference_does():
    """A whole game through text actions (Clans: Scorpion's look and Dragon's return included): the same legal
    actions, the same events, every seat's view the same on the way, and the same position and result at the end."""
    ref = new_game(3, seed=5, clans=["dragon", "phoenix", "scorpion"])
    nat = native.new_game(3, seed=5, clans=["dragon", "phoenix", "scorpion"])
    kinds = set()
    while not ref.is_terminal():
        actions = ref.legal_actions()
        assert nat.legal_actions() == actions
        a = actions[len(actions) // 2] if ref.phase == "placement" else actions[-1]
        kinds.add(a[1].split()[0])
        got = [(e.kind, e.data, e.visible_to) for e in nat.apply(a)]
        assert got == [(e.kind, e.data, e.visible_to) for e in ref.apply(a)]
        for seat in (None, 0, 1, 2):
            assert nat.view(seat) == ref.view(seat)
    assert nat.is_terminal() and nat.engine == "native" and nat.result == ref.result
    assert {"place", "look", "return", "pass"} <= kinds, kinds
    assert to_position(nat.python_state()) == to_position(ref)
    for seat in (None, 0, 1, 2):
        assert nat.view(seat) == ref.view(seat)


def test_clone_is_independent():
    nat = native.new_game(2, seed=3, clans=["crab", "lion"])
    twin = nat.clone()
    nat.apply_move(0, nat.legal_moves(0)[0])
    assert twin.objective == [None, None] and nat.objective[0] is not None
    assert twin.legal_moves(0) == new_game(2, seed=3, clans=["crab", "lion"]).legal_moves(0)


def test_bad_setup_input_gets_the_reference_rule_violation():
    for players, clans in ((6, None), (2, ["crab"]), (2, ["crab", "crab"]), (2, ["crab", "ninja"])):
        with pytest.raises(RuleViolation) as nat_e:
            native.new_game(players, seed=0, clans=clans)
        with pytest.raises(RuleViolation) as ref_e:
            new_game(players, seed=0, clans=clans)
        assert nat_e.value.args == ref_e.value.args
    with pytest.raises(TypeError, match="whole number or a GameKey"):
        native.new_game(2, seed="7")
    with pytest.raises(ValueError, match="32 bytes"):
        native.require().Game.new_keyed_game(native.tables(RULES), 2, b"short", [])


def test_the_module_refuses_an_illegal_move_and_changes_nothing(core):
    g = core.Game.new_game(native.tables(RULES), 2, 9, ["crab", "lion"])
    before = g.fields()
    for move in (("control", 0), ("objective", "no-such"), ("clan", "crab"), ("return", "a1"), (), ("objective",)):
        with pytest.raises(ValueError, match="not a legal move"):
            g.apply_move(0, move)
    assert g.fields() == before


def test_the_missing_module_message_says_how_to_build_it():
    assert "pip install" in native.MISSING and "C++17" in native.MISSING


def test_a_native_game_pickles_as_the_same_game_for_the_python_engine():
    import pickle

    from daimyo.rokugan.native import NativeRokuganState
    from daimyo.rokugan.state import RokuganState

    native = NativeRokuganState.new_game(players=3, seed=21)
    python = RokuganState.new_game(players=3, seed=21)
    copy = pickle.loads(pickle.dumps(native))
    assert copy.engine == "python" and native.engine == "native"   # pickling does not hand the original over
    assert pickle.dumps(copy) == pickle.dumps(native) and copy.view(0) == python.view(0)
    assert copy.legal_actions(copy.to_act()[0]) == python.legal_actions(python.to_act()[0])


def test_totals_and_returns_read_what_the_result_says():
    """End of the Game: the totals (and the returns from them) are the result's, on the native engine and on a
    game handed over to the Python engine; None (and no returns) before the end."""
    from daimyo.bots.random_bot import bot_seeds
    from daimyo.rokugan.game import scores

    assert native.new_game(3, seed=1).totals() is None
    assert native.new_game(3, seed=1).returns() == [0.0] * 3
    for seed in range(12):
        players = 2 + seed % 4
        game = native.new_game(players, seed=seed)
        game.play_random(bot_seeds(seed, players))
        result = game.result
        totals = [row["total"] for row in result["scores"]]
        won = result["winners"]
        assert game.totals() == totals == scores(game)
        assert game.returns() == [1.0 / len(won) if p in won else 0.0 for p in range(players)]
        game.hand_over()
        assert game.totals() == totals and scores(game) == totals
