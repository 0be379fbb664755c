"""Hidden information never leaks through the server.

Several random games are played through WebSockets with every seat a human connection plus a
spectator. Every message each connection receives is kept, and then checked against an
independent replay of the game: a seat's state message holds exactly ``view(seat)``, its own legal
actions and the events visible to it, and that view is the same when every fact hidden from the
seat is changed (tests/rokugan/test_properties.perturb_hidden). Acknowledgements and errors go
to the acting connection only, and nothing names another seat's token.
"""

from __future__ import annotations

import json

import pytest

from daimyo.core.game import Action
from daimyo.core.rng import Rng
from daimyo.rokugan import new_game
from tests.rokugan.test_properties import perturb_hidden
from tests.server.conftest import create, humans, join, play_randomly


def play_through_server(client, players, seed, max_steps):
    g = create(client, humans(players), seed=seed)
    tokens, acts, inbox = play_randomly(client, g, seed, max_steps, illegal="place a9 nowhere", illegal_every=10)
    return g, [s["choice"] for s in g["seats"]], tokens, acts, inbox


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13), (5, 14)])
def test_no_message_to_a_seat_carries_another_seats_hidden_facts(client, players, seed):
    g, clans, tokens, acts, inbox = play_through_server(client, players, seed, max_steps=160)
    assert len(acts) > 40
    # an independent replay, step by step
    state = new_game(players=players, seed=seed, clans=clans)
    expected = {seat: [] for seat in inbox}
    prng = Rng(seed + 1)
    for step in range(len(acts) + 1):
        if step:
            seat, action = acts[step - 1]
            events = state.apply(Action(seat, action))
        else:
            events = []
        for viewer in inbox:
            view = json.loads(json.dumps(state.view(viewer)))
            # the view does not depend on facts hidden from the viewer (all is revealed at the end)
            if not state.is_terminal():
                assert json.loads(json.dumps(perturb_hidden(state, viewer, prng).view(viewer))) == view
            legal = [a.text for a in state.legal_actions(viewer)] if viewer is not None and viewer in state.to_act() else []
            expected[viewer].append((step, view, legal, json.loads(json.dumps([e.to_dict() for e in events if e.visible(viewer)]))))
    for viewer, msgs in inbox.items():
        states = [m for m in msgs if m["type"] == "state"]
        assert [(m["seq"], m["view"], m["legal"], m["events"]) for m in states] == expected[viewer]
        others = [t for i, t in enumerate(tokens) if i != viewer]
        for m in msgs:
            text = str(m)
            assert not any(t in text for t in others), "a message names another seat's token"
            if m["type"] in ("ack", "error"):
                assert viewer is not None
        # acks and errors reached only the seat that acted
        acked = [m["seq"] for m in msgs if m["type"] == "ack"]
        assert acked == [i + 1 for i, (s, _) in enumerate(acts) if s == viewer]


def test_the_log_on_reconnect_holds_only_the_events_that_seat_may_see(client):
    g, clans, tokens, acts, inbox = play_through_server(client, 3, 21, max_steps=120)
    state = new_game(players=3, seed=21, clans=clans)
    all_events = []
    for seat, action in acts:
        all_events.extend(state.apply(Action(seat, action)))
    for viewer in (0, 1, 2, None):
        _, _, log, st = join(client, g["id"], viewer, tokens[viewer] if viewer is not None else None)
        assert log["events"] == json.loads(json.dumps([e.to_dict() for e in all_events if e.visible(viewer)]))
        assert st["view"] == json.loads(json.dumps(state.view(viewer)))
    # some events were private, so the logs differ
    assert any(e.visible_to for e in all_events)
