"""Property tests over many bot-vs-bot duels: no crash, cards conserved, hidden choices never leak."""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daimyo.bots.senjutsu import make
from daimyo.core.game import Action
from daimyo.senjutsu import new_game

CHARS = ["kaze", "hana", "tetsu", "ishi"]


def _conserved(g):
    """Every card of each deck is in exactly one of deck, hand, discard or play (core cards in hand or play)."""
    for i, d in enumerate(g.duellists):
        if d.defeated:
            continue
        e = g.played.get(i)
        in_play = [c for c in ([e["card"]] + e.get("extra", [])) if c not in ("stun", "poison")] if e and g.phase != "choose" and g.stage != "end" else []
        held = Counter(d.deck) + Counter(d.hand) + Counter(c for c, _ in d.discard) + Counter(in_play)
        assert held == Counter(g.card_set.decks[f"{d.character}-sample"].cards) + Counter(d.core), i


def _duel(seed, n, bots):
    rng_chars = [CHARS[(seed + k) % 4] for k in range(n)]
    if seed % 2:
        g = new_game(rng_chars, seed=seed, terrain=[("rock", [(0, 0)]), ("cart", [(-3, 3)])], prepare=seed % 3 == 0)
    else:   # the players place the terrain
        g = new_game(rng_chars, seed=seed, terrain_pieces=["rock", "bamboo", "torii", "cart"], board="two" if seed % 4 == 0 else "one")
    players = {i: make(bots[i % len(bots)], seed * 7 + i) for i in range(n)}
    return g, players


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(2, 4))
def test_random_duels_run_to_the_end_and_conserve_cards(seed, n):
    """Winning The Game: every duel ends with a winner or a shared draw; cards are conserved at every step."""
    g, bots = _duel(seed, n, ["random"])
    steps = 0
    while not g.is_terminal():
        seat = g.to_act()[0]
        g.apply(Action(seat, bots[seat].choose(g, seat)))
        steps += 1
        _conserved(g)
        assert steps < 20000
    assert g.result and abs(sum(g.returns()) - 1.0) < 1e-9


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_heuristic_duels_end(seed):
    """Bots: the heuristic bot plays whole duels in any seat."""
    g, bots = _duel(seed, 2, ["heuristic", "random"] if seed % 2 else ["random", "heuristic"])
    while not g.is_terminal():
        seat = g.to_act()[0]
        g.apply_move(seat, bots[seat].choose(g, seat))
    assert g.result


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(2, 3))
def test_hidden_choice_never_in_another_seats_view_or_events(seed, n):
    """Reveal: until every card is in, a chosen card is in no other seat's view or events; another seat's hand and
    deck order never are."""
    g, bots = _duel(seed, n, ["random"])
    while not g.is_terminal():
        acting = g.to_act()
        seat = acting[0]
        move = bots[seat].choose(g, seat)
        if g.phase == "choose":
            others = [o for o in range(n) if o != seat]
            before = {o: g.view(o) for o in others}
            events = g.apply(Action(seat, move))
            if seat in g.chosen:    # not the last to choose: nothing revealed yet
                for o in others:
                    after = g.view(o)
                    assert after["seats"][seat]["chosen"] is True
                    after["seats"][seat]["chosen"] = before[o]["seats"][seat]["chosen"]
                    after["to_act"] = before[o]["to_act"]      # that a seat has chosen is public; what it chose is not
                    assert after == before[o]
                    assert all(move[5:] not in repr(e.data) for e in events if e.visible(o))
        elif g.phase == "prepare":
            events = g.apply(Action(seat, move))
            for o in range(n):
                if o != seat and move != "prepare done":
                    assert all(move.split()[1] not in repr(e.data) for e in events if e.visible(o))
        else:
            g.apply(Action(seat, move))
        for o in range(n):
            v = g.view(o)
            for k, s in enumerate(v["seats"]):
                if k != o:
                    assert s["hand"] is None
                    assert "deck" not in s


@pytest.mark.parametrize("chunk", range(4))
def test_thousand_random_duels_no_crash(chunk):
    """A thousand bot-vs-bot duels (random bots, 2 to 4 seats, in four chunks) end without error."""
    for seed in range(chunk * 250, chunk * 250 + 250):
        n = 2 + seed % 3
        g, bots = _duel(seed, n, ["random"])
        while not g.is_terminal():
            seat = g.to_act()[0]
            g.apply_move(seat, bots[seat].choose(g, seat))
        assert g.result


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_clone_is_independent(seed):
    """clone(): playing on a copy leaves the original as it was, and the copy plays on exactly like the original."""
    g, bots = _duel(seed, 2, ["random"])
    snapshots = []
    while not g.is_terminal():
        seat = g.to_act()[0]
        move = bots[seat].choose(g, seat)
        if len(snapshots) < 40 and g.phase == "decide":
            c = g.clone()
            before = (g.view(None), g.view(0), g.view(1))
            c.apply_move(seat, move)
            for _ in range(5):
                if c.is_terminal():
                    break
                s2 = c.to_act()[0]
                c.apply_move(s2, c.legal_moves(s2)[-1])
            assert (g.view(None), g.view(0), g.view(1)) == before
            snapshots.append(1)
        g.apply(Action(seat, move))
