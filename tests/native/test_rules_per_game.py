"""Rules per game in the native engine (docs/native.md, "Rules per game"): each native game holds the tables of the
rules it is played under, so a standard game searched by native ISMCTS in one thread and a rules-file game played in
another at the same time each play their own rules; each record replays, by the Python engine, to the same end."""

from __future__ import annotations

import json
import threading

import pytest

from daimyo.bots.random_bot import RandomBot
from daimyo.bots.rokugan.heuristic import RokuganHeuristicBot
from daimyo.bots.rokugan.ismcts import ISMCTSBot
from daimyo.rokugan import native, new_game
from daimyo.rokugan.data import RULES
from daimyo.rokugan.data_variant import parse_variant
from daimyo.rokugan.notation import move_text
from daimyo.rokugan.record import record_header, record_text, replay

pytestmark = pytest.mark.skipif(not native.available(RULES), reason="the native engine is not built")

#: a rules file the native engine plays: two rounds, other tokens, another Lion special token, other flowers
TWO_ROUNDS = {"format": "rokugan-rules", "name": "two-rounds",
              "components": {"rounds": 2, "hand_size": 5,
                             "combat_tokens": [{"kind": "army", "strength": 1, "count": 6},
                                               {"kind": "army", "strength": 3, "count": 3},
                                               {"kind": "navy", "strength": 2, "count": 2},
                                               {"kind": "shinobi", "strength": 2, "count": 1},
                                               {"kind": "raid", "strength": 0, "count": 1},
                                               {"kind": "bluff", "strength": 0, "count": 1}]},
              "provinces": {"crab_1": {"flowers": 5}},
              "clans": {"lion": {"special_token": {"kind": "army", "strength": 4}}},
              "objectives": {"way-of-the-sail": {"honor": 16}}}


def play_to_end(g, bots) -> list[tuple[str, str]]:
    """Play ``g`` to its end; its record's action lines (actor, action)."""
    actions = []
    while not g.is_terminal():
        seat = g.to_act()[0]
        move = bots[seat].choose(g, seat)
        actions.append((g.clan_of(seat), move_text(g, seat, move)))
        g.apply_move(seat, move)
    return actions


def _record(g, seed: int, actions) -> str:
    return record_text(record_header(g.n, seed, list(g.clans)), actions, g.rules)


def test_tables_are_made_once_per_rules():
    v = parse_variant(json.dumps(TWO_ROUNDS), "two.json")
    assert v.not_native is None
    assert native.tables(v.rules) is native.tables(v.rules) and native.tables(RULES) is native.tables(RULES)
    assert native.tables(v.rules).rounds == 2 and native.tables(RULES).rounds == 5
    again = parse_variant(json.dumps(TWO_ROUNDS), "two.json")
    assert native.tables(again.rules) is native.tables(v.rules)   # one handle a digest


def test_a_search_and_a_variant_game_at_the_same_time():
    """A standard game whose seats are native ISMCTS bots is played in one thread while another thread plays
    rules-file games to their end (the heuristic and random bots, natively): no crash, and every record replays by
    the Python engine to the same result as the native game's, under its own rules."""
    v = parse_variant(json.dumps(TWO_ROUNDS), "two.json")
    records: dict[str, list[tuple[str, dict]]] = {"standard": [], "variant": []}
    errors: list[BaseException] = []
    searching = threading.Event()

    def standard() -> None:
        try:
            g = new_game(players=3, seed=11, clans=["crab", "lion", "crane"], engine="native", rules=RULES)
            bots = {p: ISMCTSBot(p, iterations=60, engine="native") for p in range(3)}
            searching.set()
            actions = play_to_end(g, bots)
            records["standard"].append((_record(g, 11, actions), g.result))
        except BaseException as e:  # handed to the test's thread
            errors.append(e)
        finally:
            searching.set()

    def variant() -> None:
        try:
            searching.wait(30)
            for seed in range(6):
                g = new_game(players=3, seed=seed, clans=["lion", "crab", "phoenix"], engine="native", rules=v.rules)
                bots = {p: RokuganHeuristicBot(seed * 3 + p) if p % 2 else RandomBot(seed * 3 + p) for p in range(3)}
                actions = play_to_end(g, bots)
                assert g.engine == "native" and g.round == 2
                records["variant"].append((_record(g, seed, actions), g.result))
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=standard), threading.Thread(target=variant)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(600)
    assert not errors, errors
    assert len(records["standard"]) == 1 and len(records["variant"]) == 6
    for text, result in records["standard"] + records["variant"]:
        again = replay(text)
        assert again.state.is_terminal() and again.state.result == result
    assert "variant: two-rounds" in records["variant"][0][0] and "variant" not in records["standard"][0][0]
    assert replay(records["standard"][0][0]).state.round == 5


def test_the_native_tables_take_at_most_256_neutral_initiative_cards():
    """Setup 9 (completing the initiative deck with neutral cards): the native engine shuffles the neutral cards in a
    fixed array (native/src/setup.cpp), so its tables refuse more than 256 by name and take 256."""
    core = native.require()
    table = native.rules_table(RULES)
    most = table["neutral_most"][0]
    table["neutral_cards"], table["neutral_most"] = [f"neutral-{i}" for i in range(257)], [most] * 257
    with pytest.raises(ValueError, match=r"components\.json: the native engine takes at most 256 neutral initiative cards"):
        core.Rules(table)
    table["neutral_cards"], table["neutral_most"] = table["neutral_cards"][:256], [most] * 256
    g = core.Game.new_game(core.Rules(table), 4, 3, [])
    g.play_random([1, 2, 3, 4])
    assert g.result() is not None
