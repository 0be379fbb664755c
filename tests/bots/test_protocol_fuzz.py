"""Property tests of what outside programs and command lines hand the bots (docs/bot-protocol.md, docs/bots.md): a
program's answer line, the move it names, and the values read from arguments (a search budget, an analysis budget).
Anything is read, or refused with the documented error (BotError, ValueError) in words that name what is wrong."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from daimyo.bots.analysis import Budget
from daimyo.bots.external import BotError, answer_text, move_of
from daimyo.bots.registry import bot_names, game_bot
from daimyo.bots.rokugan.ismcts import parse_budget
from daimyo.rokugan import new_game
from daimyo.rokugan.game import move_text

JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
                           lambda c: st.lists(c, max_size=3) | st.dictionaries(st.sampled_from(["action", "x", ""]), c,
                                                                               max_size=3), max_leaves=12)
LINES = st.one_of(st.text(max_size=80), JSON_VALUES.map(json.dumps), st.builds(lambda n: '{"action": ' + "[" * n, st.integers(0, 5000)),
                  st.builds(lambda v: json.dumps({"action": v}), JSON_VALUES))


def test_a_deeply_nested_answer_is_a_bot_error():
    """Regression: an answer nested past the JSON reader's depth raised RecursionError out of the play loop."""
    with pytest.raises(BotError, match="not JSON nor an action"):
        answer_text('{"a": ' + "[" * 100_000)


@settings(max_examples=200, deadline=None)
@given(LINES)
def test_any_answer_line_is_an_action_text_or_a_bot_error(line):
    try:
        text = answer_text(line)
    except BotError as e:
        assert "answer" in str(e)
        return
    assert isinstance(text, str)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=40), JSON_VALUES, st.tuples(st.text(max_size=6), st.integers())))
def test_any_answer_names_a_legal_move_or_is_a_bot_error(answer):
    state = new_game(players=3, seed=5)
    seat = state.to_act()[0]
    try:
        move = move_of(state, seat, answer, move_text)
    except BotError as e:
        assert "legal" in str(e)
        return
    assert move in state.legal_moves(seat)


BUDGETS = st.one_of(st.none(), st.text(max_size=12), st.integers(-10, 10 ** 30).map(str),
                    st.floats().map(lambda x: f"{x}s"), st.floats().map(lambda x: f"{x}ms"),
                    st.sampled_from(["9" * 5000, "1e999s", "nans", "-0s", "0", "²", "1_000"]))


@settings(max_examples=200, deadline=None)
@given(BUDGETS)
def test_any_search_budget_is_read_or_refused_naming_the_budget(text):
    try:
        iterations, seconds = parse_budget(text)
    except ValueError as e:
        assert str(e).startswith("bad ISMCTS budget")
        return
    assert (iterations is None) != (seconds is None)
    assert (iterations or 0) > 0 or 0 < (seconds or 0) < float("inf")


@settings(max_examples=200, deadline=None)
@given(BUDGETS, st.one_of(st.just(60.0), st.floats()))
def test_any_analysis_budget_is_read_or_refused_naming_the_budget(text, cap):
    try:
        b = Budget.parse(text, cap)
    except ValueError as e:
        assert str(e).startswith(("budget: ", "cap: "))
        return
    assert 0 < b.game_seconds < float("inf")
    assert (b.rollouts is not None and 0 < b.rollouts <= 100_000) or (b.seconds is not None and 0 < b.seconds < float("inf"))


SPECS = st.builds(lambda g, tail: (g, tail), st.sampled_from(["rokugan", "senjutsu", "risingsun"]),
                  st.one_of(st.text(max_size=10), BUDGETS.map(lambda b: f":{b}"), st.just(""), st.just(":")))


@settings(max_examples=200, deadline=None)
@given(SPECS, st.data())
def test_any_bot_spec_is_a_bot_or_a_value_error_naming_it(spec, data):
    """A bot named on the command line (``--bot NAME`` or ``NAME:BUDGET``, docs/bots.md): one of the game's bots, or a
    ValueError in words, never another exception."""
    game_name, tail = spec
    name = data.draw(st.sampled_from([*bot_names(game_name), "nope", ""]), label="name")
    text = f"{name}{tail}"
    try:
        bot = game_bot(game_name, text, data.draw(st.integers(0, 2**64 - 1), label="seed"))
    except ValueError as e:
        assert str(e).strip()
        return
    assert hasattr(bot, "choose")
