"""Playing Territory Cards under a rules file that changes every number inside the cards' effects (docs/designers.md,
"Battle for Rokugan variants", ``card_numbers``): the native engine reads the numbers from the game's rules, so random
games played by both engines give the same legal moves, events, views, records and results."""

from __future__ import annotations

import json

import pytest

from daimyo.bots.random_bot import RandomBot
from daimyo.rokugan import native, new_game
from daimyo.rokugan.data import RULES
from daimyo.rokugan.data_derived import CARD_NUMBERS
from daimyo.rokugan.data_variant import parse_variant
from daimyo.rokugan.record import record_header, record_text, replay
from tests.native.test_agreement import play_both
from tests.native.test_rules_per_game import play_to_end

pytestmark = pytest.mark.skipif(not native.available(RULES), reason="the native engine is not built")

#: every card number other than the printed one (more special tokens in the supply, for three of each per card)
EVERY_NUMBER = {"format": "rokugan-rules", "name": "every-card-number",
                "components": {"special_tokens": {"honor_1": 3, "defense_1": 3}},
                "card_numbers": {"code-of-honor": {"provinces": 3}, "ashigaru-levies": {"provinces": 2},
                                 "diplomatic-mission": {"control_tokens": 4}, "foment-rebellion": {"control_tokens": 3},
                                 "strength-of-purpose": {"provinces": 3},
                                 "bless-the-lands": {"faceup": 2, "facedown": 3},
                                 "pirate-raids": {"control_tokens": 5}, "bountiful-harvest": {"control_tokens": 4},
                                 "reinforcements": {"armies": 3, "tokens": 1}, "dark-favors": {"tokens": 2},
                                 "purge-the-weak": {"tokens": 3}, "inspire-fear": {"special_tokens": 3}}}


def test_the_file_changes_every_card_number_and_the_native_engine_plays_it():
    v = parse_variant(json.dumps(EVERY_NUMBER), "every.json")
    assert v.not_native is None
    changed = {(cid, field) for cid, fields in EVERY_NUMBER["card_numbers"].items() for field in fields}
    assert changed == {(cid, field) for cid, fields in CARD_NUMBERS.items() for field in fields}
    for cid, fields in CARD_NUMBERS.items():
        for field, (attr, printed, _lo, _hi) in fields.items():
            assert v.rules.card_number(cid, attr, printed) == EVERY_NUMBER["card_numbers"][cid][field] != printed
            assert RULES.card_number(cid, attr, printed) == printed


def test_random_games_under_every_card_number_agree():
    """Both engines, step by step: legal moves, events, positions and views at each round's end (after every step in
    eight games), results."""
    rules = parse_variant(json.dumps(EVERY_NUMBER), "every.json").rules
    cards: set[str] = set()
    for seed in range(48):
        cards |= play_both(2 + seed % 4, seed, every_position=seed < 8, rules=rules)["cards"]
    assert set(CARD_NUMBERS) <= cards, sorted(cards)   # each card with a number was played in some of these games


def _actions(g, seed: int) -> list[tuple[str, str]]:
    return play_to_end(g, [RandomBot(seed * 10 + p) for p in range(g.n)])


def test_records_under_every_card_number_are_the_same_and_replay():
    rules = parse_variant(json.dumps(EVERY_NUMBER), "every.json").rules
    for seed in range(6):
        texts, results = [], []
        for engine in ("python", "native"):
            n = 2 + seed % 4
            clans = [RULES.clan_names[(seed + i) % len(RULES.clan_names)] for i in range(n)]
            g = new_game(players=n, seed=seed, clans=clans, engine=engine, rules=rules)
            assert engine == "python" or g.engine == "native"
            actions = _actions(g, seed)
            texts.append(record_text(record_header(g.n, seed, list(g.clans)), actions, g.rules))
            results.append(g.result)
        assert texts[0] == texts[1] and results[0] == results[1]
        assert "variant: every-card-number" in texts[0]
        again = replay(texts[1])
        assert again.state.is_terminal() and again.state.result == results[0]
