"""Senjutsu's hidden facts never leak through the server (Choose: the cards are chosen in secret and revealed
together; Player Setup: a hand is hidden from the opponents).

Random duels are played through WebSockets with every seat a human connection plus a spectator. Every message
each connection receives is checked against an independent replay: a seat's state message holds exactly
``view(seat)``, its own legal actions and the events visible to it. And the card a seat chose is named in no
message to any other connection until the reveal.
"""

from __future__ import annotations

import json

import pytest

from daimyo.core.game import Action
from daimyo.core.rng import Rng
from daimyo.senjutsu import new_game
from daimyo.senjutsu.game import terrain as senjutsu_terrain
from tests.server.conftest import create, join, play_randomly


def perturb_hidden(state, viewer, rng):
    """A copy of ``state`` that differs only in facts hidden from ``viewer``: every other seat's chosen card (while
    choosing) is another card of its hand, and its hand and deck trade cards."""
    c = state.clone()
    for i, d in enumerate(c.duellists):
        if i == viewer:
            continue
        if d.hand and d.deck:
            pool = d.hand + d.deck
            rng.shuffle(pool)
            d.hand, d.deck = pool[:len(d.hand)], pool[len(d.hand):]
        if c.phase == "choose" and i in c.chosen and d.hand:
            c.chosen[i] = d.hand[rng.below(len(d.hand))]
    return c


def play_duel(client, characters, seed, max_steps):
    g = create(client, [{"kind": "human", "choice": c} for c in characters], seed=seed, game="senjutsu")
    tokens, acts, inbox = play_randomly(client, g, seed, max_steps, illegal="play no-such-card", illegal_every=12)
    return g, tokens, acts, inbox


@pytest.mark.parametrize("characters, seed, steps", [(["kaze", "tetsu"], 31, 600), (["hana", "ishi", "kaze"], 32, 200), (["tetsu", "kaze", "ishi", "hana"], 33, 200)])
def test_no_message_to_a_seat_carries_another_seats_hidden_card(client, characters, seed, steps):
    g, tokens, acts, inbox = play_duel(client, characters, seed, max_steps=steps)
    n = len(characters)
    assert len(acts) > 40
    state = new_game(characters, seed=seed, terrain=senjutsu_terrain(seed))
    expected = {seat: [] for seat in inbox}
    secret_choices = 0
    prng = Rng(seed + 1)
    for step in range(len(acts) + 1):
        events = []
        if step:
            seat, action = acts[step - 1]
            events = state.apply(Action(seat, action))
            if state.phase == "choose" and state.chosen.get(seat) == action.split()[-1]:
                # a card chosen while another seat still chooses: nobody else may learn it at this step
                card = action.split()[1]
                secret_choices += 1
                for viewer, msgs in inbox.items():
                    if viewer == seat:
                        continue
                    msg = next(m for m in msgs if m["type"] == "state" and m["seq"] == step)
                    mine = next(s for s in msg["view"]["seats"] if s["seat"] == f"p{seat + 1}")
                    assert mine["chosen"] is True and mine["played"] is None
                    assert all(e.get("card") != card for e in msg["events"]), "a chosen card is in another seat's events"
                    assert card not in json.dumps([e for e in msg["events"] if e["kind"] in ("chosen", "chosen-card")])
        for viewer in inbox:
            if not state.is_terminal():
                # the view does not depend on what is hidden from the viewer: others' chosen cards, hands and decks
                assert perturb_hidden(state, viewer, prng).view(viewer) == state.view(viewer)
            legal = [a.text for a in state.legal_actions(viewer)] if viewer is not None and viewer in state.to_act() else []
            expected[viewer].append((step, json.loads(json.dumps(state.view(viewer))), legal,
                                     json.loads(json.dumps([e.to_dict() for e in events if e.visible(viewer)]))))
    assert secret_choices > 3
    if n == 2:
        assert state.is_terminal(), "the duel is played to its end"
    for viewer, msgs in inbox.items():
        states = [m for m in msgs if m["type"] == "state"]
        assert [(m["seq"], m["view"], m["legal"], m["events"]) for m in states] == expected[viewer]
        for m in states:   # no other seat's hand in a view
            for s in m["view"]["seats"]:
                if s["seat"] != (f"p{viewer + 1}" if viewer is not None else None):
                    assert s["hand"] is None
        others = [t for i, t in enumerate(tokens) if i != viewer]
        for m in msgs:
            assert not any(t in str(m) for t in others)
            if m["type"] in ("ack", "error"):
                assert viewer is not None
        acked = [m["seq"] for m in msgs if m["type"] == "ack"]
        assert acked == [i + 1 for i, (s, _) in enumerate(acts) if s == viewer]
    assert n == len(g["seats"])


def test_the_log_on_reconnect_holds_only_what_that_seat_may_see(client):
    g, tokens, acts, inbox = play_duel(client, ["kaze", "ishi"], 41, max_steps=90)
    state = new_game(["kaze", "ishi"], seed=41, terrain=senjutsu_terrain(41))
    all_events = []
    for seat, action in acts:
        all_events.extend(state.apply(Action(seat, action)))
    for viewer in (0, 1, None):
        _, _, log, st = join(client, g["id"], viewer, tokens[viewer] if viewer is not None else None)
        assert log["events"] == json.loads(json.dumps([e.to_dict() for e in all_events if e.visible(viewer)]))
        assert st["view"] == json.loads(json.dumps(state.view(viewer)))
    assert any(e.visible_to for e in all_events)
