"""The capacity work (docs/benchmarks.md, issue 30): a room plays a text its seat was offered without reading it
again through the rules' ``canonical``, which holds only if every offered text is the notation's own. Checked for
every hosted game over random games: each legal text the state lists is its own canonical form."""

from __future__ import annotations

import random

import pytest

from daimyo.core.game import Action
from daimyo.server.games import hosted, start_state
from daimyo.server.new_games import new_row
from daimyo.server.settings import Settings

REQUESTS = {
    "rokugan": {"seats": [{"kind": "human"}] * 4},
    "senjutsu": {"game": "senjutsu", "seats": [{"kind": "human"}] * 2},
    "risingsun": {"game": "risingsun", "example": "seed-example", "seats": [{"kind": "human"}] * 4},
}


@pytest.mark.parametrize("game", sorted(REQUESTS))
def test_every_offered_text_is_its_own_canonical_form(game):
    rules = hosted(game)
    row, _ = new_row(REQUESTS[game], Settings())
    state = start_state(rules, row)
    rng = random.Random(7)
    steps = 0
    while not state.is_terminal() and steps < 2000:
        seat = state.to_act()[0]
        offered = [a.text for a in state.legal_actions(seat)]
        for text in rng.sample(offered, min(6, len(offered))):
            assert rules.canonical(state.clone(), seat, text) == text, (game, steps, text)
        state.apply(Action(seat, rng.choice(offered)))
        steps += 1
    assert state.is_terminal() and steps > 5
