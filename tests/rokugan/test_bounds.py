"""Bounds: every count in a position, a record or a stored game is bounded by what the rules allow, and a file that
claims more is refused naming its line before anything is built in proportion to the claim (issue 24, item 1;
daimyo/rokugan/bounds.py, docs/rokugan-positions.md "Bounds")."""

from __future__ import annotations

import random

import pytest

from daimyo.core.errors import FormatError
from daimyo.rokugan import new_game
from daimyo.rokugan.bounds import MAX_ACTION_CHARS, MAX_POSITION_CHARS, MAX_POSITION_LINES, MAX_RECORD_ACTIONS, check_stored_game
from daimyo.rokugan.data import RULES
from daimyo.rokugan.notation import move_text
from daimyo.rokugan.position import from_position, to_position
from daimyo.rokugan.record import ReplayError, record_header, record_text, replay

MAX_TOKEN_NUMBER = RULES.max_token_number  # the standard rules' bound on a token's number

HEAD = "format: rokugan-position\nplayers: crab lion\nhand crab: bluff\nhand lion: bluff\n"


@pytest.mark.parametrize("line, words", [
    ("token #99999999999999999999: crab a1 crab_1", f"numbered from #1 in a game) is 0 to {MAX_TOKEN_NUMBER}"),
    (f"token #{MAX_TOKEN_NUMBER + 1}: crab a1 crab_1", f"not {MAX_TOKEN_NUMBER + 1}"),
    ("next-token: " + "9" * 5000, "not a number of 5000 digits"),
    ("seed: 18446744073709551616", "the generator's state is 0 to 18446744073709551615"),
    ("province crab_1: crab up=" + "1" * 200, "not a number of 200 digits"),
    ("supply crab: 1" + "0" * 30, "a count of components is -9999 to 9999"),
    ("round: 6", "round is 0 to 5, not 6"),
    ("pending: card crab promotion step=999999", "a card's step is 0 to 3"),
    ("pending: card crab promotion memo=" + ",".join(["1"] * 100), "remembers at most 4"),
    ("seen crab: scout #123456789 lion a1", f"a token's number is 1 to {MAX_TOKEN_NUMBER}"),
], ids=["token-number", "token-number-past", "next-token", "seed", "up", "supply", "round", "card-step", "card-memo",
        "seen"])
def test_round_track_and_components_bound_every_number_of_a_position(line, words):
    """Round Track (5 rounds), Components (27 combat tokens and 30 control tokens a clan, numbered tokens over 5 rounds
    of at most 5 players), the generator's 64-bit state: a larger number is refused at its line (line 5 here)."""
    with pytest.raises(FormatError, match=r"^line 5 \(") as e:
        from_position(HEAD + line + "\n")
    assert words in str(e.value)


def test_a_position_larger_than_a_game_is_refused_at_the_line_past_the_bound():
    """Bounds: a position holds at most MAX_POSITION_CHARS characters and MAX_POSITION_LINES lines; the refusal names
    the first line past the bound."""
    comment = "# " + "x" * 98 + "\n"    # 101 characters a line
    text = HEAD + comment * (MAX_POSITION_CHARS // len(comment) + 10)
    with pytest.raises(FormatError, match=rf"^line {text.count(chr(10), 0, MAX_POSITION_CHARS) + 1}: a position holds at most "
                                          rf"{MAX_POSITION_CHARS} characters"):
        from_position(text)
    text = HEAD + "#\n" * MAX_POSITION_LINES
    with pytest.raises(FormatError, match=rf"^line {MAX_POSITION_LINES + 1}: a position holds at most "
                                          rf"{MAX_POSITION_LINES} lines"):
        from_position(text)
    # blank lines at the end are not facts
    assert from_position(HEAD + "\n" * 10).clans == ["crab", "lion"]


def test_a_record_with_more_actions_than_a_game_has_is_refused_at_the_first_one_too_many():
    """Bounds: a game has at most MAX_RECORD_ACTIONS actions; the record's line of the first action past it is named,
    and an overlong action line is refused at its line."""
    head = record_text(record_header(2, 7, ["crab", "lion"]), [])
    first = len(head.splitlines()) + 1
    with pytest.raises(ReplayError) as e:
        replay(head + "crab: pass\n" * (MAX_RECORD_ACTIONS + 5))
    assert e.value.lineno == first + MAX_RECORD_ACTIONS and f"at most {MAX_RECORD_ACTIONS} actions" in str(e.value)
    with pytest.raises(ReplayError) as e:
        replay(head + "crab: pass\ncrab: " + "x" * (MAX_ACTION_CHARS + 1) + "\n")
    assert e.value.lineno == first + 1 and f"at most {MAX_ACTION_CHARS} characters" in str(e.value)


def test_setup_check_stored_game_refuses_a_game_no_rules_allow():
    """Setup (2 to 5 players, one different clan each) and the bounds of a record, for a game the server stored: the
    field or the action at fault is named."""
    check_stored_game(4, ["crab", "crane", "lion", "unicorn"], [(0, "pass"), (3, "place a1 crab_1")])
    check_stored_game(3, [], [])
    for players, clans, actions, words in [
        (6, [], [], "2 to 5 players"),
        (1, [], [], "2 to 5 players"),
        (2, ["crab"], [], "1 clans for 2 players"),
        (2, ["crab", "crab"], [], "different clan"),
        (2, ["crab", "ninja"], [], "unknown clan"),
        (2, ["crab", "lion"], [(0, "pass")] * (MAX_RECORD_ACTIONS + 1), f"action {MAX_RECORD_ACTIONS + 1}"),
        (2, ["crab", "lion"], [(0, "pass"), (2, "pass")], "action 2: seat 2"),
        (2, ["crab", "lion"], [(0, "x" * (MAX_ACTION_CHARS + 1))], "action 1"),
    ]:
        with pytest.raises(FormatError, match="^" + words.split(":")[0]) if words.startswith("action") else \
                pytest.raises(FormatError, match=words):
            check_stored_game(players, clans, actions)


def test_games_played_to_the_end_stay_well_inside_the_bounds():
    """Bounds: random games of every size stay inside every bound (their records and positions are read back)."""
    for seed in range(8):
        n = 2 + seed % 4
        rnd = random.Random(seed)
        s = new_game(players=n, seed=seed, clans=rnd.sample(["crab", "crane", "dragon", "lion", "phoenix", "scorpion",
                                                             "unicorn"], n))
        acts = []
        while not s.is_terminal():
            seat = s.to_act()[0]
            move = rnd.choice(list(s.legal_moves(seat)))
            acts.append((seat, move_text(s, seat, move)))
            s.apply_move(seat, move)
        check_stored_game(n, list(s.clans), acts)
        assert from_position(to_position(s)).is_terminal()
        assert s.next_id <= MAX_TOKEN_NUMBER and len(acts) <= MAX_RECORD_ACTIONS // 4


@pytest.mark.parametrize("header, line, words", [
    ("players: 100000000\nseed: 1", 2, "field 'players': the number of players (Setup) is 2 to 5, not a number of 9 digits"),
    ("players: 6\nseed: 1", 2, "is 2 to 5, not 6"),
    ("players: 4\nseed: " + "9" * 4000, 3, "field 'seed': the generator's state is 0 to 18446744073709551615"),
    ("players: 4\nseed: -1", 3, "not -1"),
], ids=["players-digits", "players-6", "seed-digits", "seed-negative"])
def test_setup_a_records_header_is_bounded_before_the_game_is_set_up(header, line, words):
    """Setup (2 to 5 players) and the generator's 64-bit state: a record's header past them is refused at its line."""
    with pytest.raises(ReplayError) as e:
        replay(f"format: rokugan-record\n{header}\n")
    assert e.value.lineno == line and words in str(e.value)
