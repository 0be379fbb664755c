"""The heuristic bot: legal moves only, over many games; it beats random play; it uses only what its seat knows."""

from __future__ import annotations

import pytest

from daimyo.bots.rokugan import make_bot
from daimyo.bots.rokugan.heuristic import RokuganHeuristicBot
from daimyo.bots.random_bot import RandomBot, bot_seed
from daimyo.core.rng import Rng
from daimyo.rokugan.records import PLACEMENT
from tests.bots.helpers import new, play_checked
from tests.rokugan.test_properties import perturb_hidden


@pytest.mark.parametrize("start", [0, 250, 500, 750])
def test_heuristic_never_makes_an_illegal_move_over_a_thousand_games(start):
    """Playing the Game: 1000 games of 2 to 5 players (one heuristic seat, rotating, the others random;
    clans chosen as actions in every fifth game, and every tenth game all heuristic) where every move
    each bot makes is one of the legal moves."""
    for g in range(start, start + 250):
        players = 2 + g % 4
        s = new(players, g, clans=g % 5 != 0)
        bots = {p: (RokuganHeuristicBot(bot_seed(g, p)) if p == g % players or g % 10 == 3 else RandomBot(bot_seed(g, p)))
                for p in range(players)}
        play_checked(s, bots)
        assert s.is_terminal()


def test_heuristic_wins_most_two_player_games_against_random():
    """Strength: over 40 two-player games with seats alternated the heuristic wins at least 90%."""
    wins = 0.0
    for g in range(40):
        s = new(2, 5000 + g)
        h = g % 2
        bots = {h: RokuganHeuristicBot(g), 1 - h: RandomBot(g + 1)}
        play_checked(s, bots)
        wins += s.returns()[h]
    assert wins >= 36


def test_make_bot_builds_the_heuristic():
    assert isinstance(make_bot("heuristic", 3), RokuganHeuristicBot)


def test_same_seed_same_choices():
    s = new(3, 12)
    moves_a, moves_b = [], []
    for out in (moves_a, moves_b):
        t = s.clone()
        bots = {p: RokuganHeuristicBot(p) for p in range(3)}
        for _ in range(80):
            seat = t.to_act()[0]
            m = bots[seat].choose(t, seat)
            out.append(m)
            t.apply_move(seat, m)
    assert moves_a == moves_b


def test_heuristic_choice_does_not_depend_on_facts_hidden_from_its_seat():
    """Hidden information: the heuristic reads the board as its seat sees it. Two states that differ
    only in facts hidden from the seat (others' hands, pools, facedown tokens, objectives, cards, the
    generator) give the same move from equally seeded bots."""
    checked = 0
    for g in range(30):
        s = new(2 + g % 4, 700 + g)
        rng = Rng(g)
        warm = {p: RandomBot(g * 7 + p) for p in range(s.n)}
        steps = 40 + rng.below(150)
        for _ in range(steps):
            if s.is_terminal():
                break
            seat = s.to_act()[0]
            s.apply_move(seat, warm[seat].choose(s, seat))
        if s.is_terminal():
            continue
        seat = s.to_act()[0]
        other = perturb_hidden(s, seat, Rng(g + 99))
        assert other.legal_moves(seat) == s.legal_moves(seat)
        a = RokuganHeuristicBot(g).choose(s, seat)
        b = RokuganHeuristicBot(g).choose(other, seat)
        assert a == b, f"game {g}: {a} != {b} in {s.phase}"
        checked += s.phase == PLACEMENT
    assert checked >= 10
