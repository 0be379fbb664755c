"""Senjutsu's search bot (smmcts): legal moves to the end of a duel, budgets, and a card choice that cannot depend on
facts hidden from its seat (Player Setup: your hand is hidden from your opponent; Choose: a chosen card stays hidden
until Reveal)."""

from __future__ import annotations

import pytest

from daimyo.bots.random_bot import bot_seed
from daimyo.bots.registry import bot_names, make_bot
from daimyo.bots.senjutsu import SenjutsuHeuristicBot, SMMCTSBot
from daimyo.bots.senjutsu.heuristic import evaluate, evaluate_state
from daimyo.bots.senjutsu.smmcts import UNSEEN, determinize
from daimyo.core.rng import Rng
from daimyo.bots.random_bot import RandomBot
from daimyo.senjutsu import new_game
from daimyo.senjutsu.state import CHOOSE, DECIDE


def _choose_state(seed: int = 3, turns: int = 3):
    """A duel played by heuristic bots until the Choose step of turn ``turns``, nobody having chosen yet."""
    g = new_game(["kaze", "tetsu"], seed=seed, terrain=[("rock", [(0, 0)])])
    bots = [SenjutsuHeuristicBot(1), SenjutsuHeuristicBot(2)]
    while not (g.phase == CHOOSE and g.turn >= turns and not g.chosen):
        seat = g.to_act()[0]
        g.apply_move(seat, bots[seat].choose(g, seat))
    assert not g.is_terminal()
    return g


def _hidden_changed(g, seat: int):
    """The same duel with every fact hidden from ``seat`` changed: the other hand and deck swapped card for card
    (so its hand holds other cards), both deck orders reversed, the other's card already chosen, a new generator."""
    h = g.clone()
    other = h.duellists[1 - seat]
    hand = [c for c in other.hand if c not in other.core]
    swap = next((i, j) for i, c in enumerate(other.hand) if c in hand for j, e in enumerate(other.deck) if e != c)
    i, j = swap
    other.hand[i], other.deck[j] = other.deck[j], other.hand[i]
    other.deck.reverse()
    h.duellists[seat].deck.reverse()
    h.rng = Rng(987654321)
    h.apply_move(1 - seat, h.legal_moves(1 - seat)[-1])   # the opponent chooses first, in secret
    assert sorted(other.hand) != sorted(g.duellists[1 - seat].hand) and 1 - seat in h.chosen
    assert h.to_act() == (seat,)
    return h


def test_determinization_agrees_with_the_seat_view():
    """A determinized duel shows the seat exactly its own view; the other hand is drawn from the other's hidden cards."""
    g = _choose_state()
    for seat in (0, 1):
        w = determinize(g, seat, Rng(7))
        assert w.view(seat) == g.view(seat)
        mine, theirs = w.duellists[seat], w.duellists[1 - seat]
        assert mine.hand == g.duellists[seat].hand
        t = g.duellists[1 - seat]
        assert sorted(theirs.hand + theirs.deck) == sorted(t.hand + t.deck)


def test_choice_and_statistics_do_not_depend_on_hidden_facts():
    """Two duels that differ only in facts hidden from the seat (the other's hand, both deck orders, the other's
    chosen card, the generator) give equally seeded bots the same card and the same regrets and strategies."""
    g = _choose_state()
    seat = 0
    h = _hidden_changed(g, seat)
    a, b = SMMCTSBot(11, iterations=24), SMMCTSBot(11, iterations=24)
    assert a.choose(g, seat) == b.choose(h, seat)
    assert a.last_stats == b.last_stats
    assert a.last_stats["rounds"] >= 2 and a.last_stats["mean"][1 - seat]
    # and the search does look: a bot seeded otherwise samples other worlds
    c = SMMCTSBot(12, iterations=24)
    c.choose(g, seat)
    assert c.last_stats["regrets"] != a.last_stats["regrets"]


def test_answers_during_the_resolution_do_not_depend_on_hidden_facts():
    """The questions of the Decide phase (movement, Kamae, discards ...) searched in determinized worlds: duels that
    differ only in facts hidden from the seat (the other's hand swapped with its deck, both deck orders reversed, the
    generator) give equally seeded bots the same answer and the same totals."""
    g = new_game(["kaze", "tetsu"], seed=3, terrain=[("rock", [(0, 0)])])
    bots = [SenjutsuHeuristicBot(1), SenjutsuHeuristicBot(2)]
    kinds = set()
    while not g.is_terminal() and len(kinds) < 4:
        seat = g.to_act()[0]
        if g.phase == DECIDE and len(g.legal_moves(seat)) > 1 and g.pending["kind"] not in UNSEEN and g.turn >= 2:
            h = g.clone()
            other = h.duellists[1 - seat]
            i, j = next((i, j) for i, c in enumerate(other.hand) if c not in other.core
                        for j, e in enumerate(other.deck) if e != c)
            other.hand[i], other.deck[j] = other.deck[j], other.hand[i]
            other.deck.reverse()
            h.duellists[seat].deck.reverse()
            h.rng = Rng(987654321)
            assert h.view(seat) == g.view(seat) and sorted(other.hand) != sorted(g.duellists[1 - seat].hand)
            a, b = SMMCTSBot(11, iterations=16), SMMCTSBot(11, iterations=16)
            assert a.choose(g, seat) == b.choose(h, seat)
            assert a.last_stats == b.last_stats and a.last_stats["rounds"] >= 1 and "decide" in a.last_stats
            kinds.add(g.pending["kind"])
        g.apply_move(seat, bots[seat].choose(g, seat))
    assert len(kinds) >= 3


def test_smmcts_plays_a_duel_to_its_end_with_legal_moves_only():
    """Gameplay Overview to Winning the Game: a tiny budget (one round a choice), every action legal, from both seats."""
    for side in (0, 1):
        g = new_game(["hana", "ishi"], seed=20 + side, terrain=[("rock", [(0, 0)])])
        bots = {side: SMMCTSBot(bot_seed(20, side), iterations=1), 1 - side: SenjutsuHeuristicBot(5)}
        searched = 0
        while not g.is_terminal():
            seat = g.to_act()[0]
            m = bots[seat].choose(g, seat)
            assert m in g.legal_moves(seat)
            searched += seat == side and g.phase == CHOOSE and len(g.legal_moves(seat)) > 1
            g.apply_move(seat, m)
        assert g.result is not None and searched > 0


def test_budgets_and_the_registry():
    assert "smmcts" in bot_names("senjutsu")
    b = make_bot("senjutsu", "smmcts:60", 1)
    assert isinstance(b, SMMCTSBot) and b.iterations == 60 and b.seconds is None
    assert make_bot("senjutsu", "smmcts:0.5s", 1).seconds == 0.5
    assert make_bot("senjutsu", "smmcts", 1).seconds == 1.0
    assert make_bot("senjutsu", "senjutsu-smmcts:8", 1).iterations == 8
    for bad in ("0", "fast", "-2s"):
        with pytest.raises(ValueError, match="bad smmcts budget"):
            make_bot("senjutsu", f"smmcts:{bad}", 1)


def test_iteration_budget_is_reproducible():
    g = _choose_state(seed=8, turns=2)
    seat = g.to_act()[0]
    a, b = SMMCTSBot(4, iterations=12), SMMCTSBot(4, iterations=12)
    assert a.choose(g, seat) == b.choose(g.clone(), seat)
    assert a.last_stats == b.last_stats
    assert a.last_iterations == len(g.legal_moves(seat)) * a.last_stats["rounds"] <= max(12, len(g.legal_moves(seat)))


def test_the_state_score_is_the_view_score():
    """The heuristic's score read from the state (used in the search) equals its score of the seat's public view, for
    every seat at every step of duels of two to four characters played by the heuristic and by random bots."""
    characters = ["kaze", "hana", "tetsu", "ishi"]
    checked = 0
    for n, bot in ((2, SenjutsuHeuristicBot), (3, RandomBot), (4, SenjutsuHeuristicBot)):
        g = new_game(characters[:n], seed=n, terrain=[("rock", [(0, 0)])])
        bots = [bot(n + i) for i in range(n)]
        while True:
            for seat in range(n):
                assert evaluate_state(g, seat) == evaluate(g.view(seat), f"p{seat + 1}")
                checked += 1
            if g.is_terminal():
                break
            seat = g.to_act()[0]
            g.apply_move(seat, bots[seat].choose(g, seat))
        assert g.result is not None
    assert checked > 100
