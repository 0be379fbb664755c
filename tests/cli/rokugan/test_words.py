"""Events in words for the terminal: every event kind the engine emits has its own sentence from the catalogue
(daimyo/words), the same words the browser shows."""

from __future__ import annotations

from daimyo.bots.rokugan import make_bot
from daimyo.words.rokugan_events import narrate, objective_condition, place_words, seen_by, sentences, special_name, token_name
from daimyo.core.game import Event
from daimyo.rokugan import new_game
from daimyo.rokugan.events import KINDS


def _random_games(count: int):
    for seed in range(count):
        players = 2 + seed % 4
        s = new_game(players=players, seed=seed)
        bots = {p: make_bot("random", seed * 10 + p) for p in range(players)}
        while not s.is_terminal():
            seat = s.to_act()[0]
            yield s, seat, s.apply_move(seat, bots[seat].choose(s, seat))


def test_every_event_kind_seen_in_random_games_has_a_sentence():
    """Every event of 150 random games (2 to 5 players) is declared and told by its own sentence, never by the fallback."""
    seen: set[str] = set()
    for _s, _seat, events in _random_games(150):
        for e in events:
            seen.add(e.kind)
            assert e.kind in KINDS, f"event kind '{e.kind}' is not declared in daimyo/rokugan/events.py"
            for lang in ("en", "pl"):
                lines = sentences(e, lang)
                assert lines and all(isinstance(x, str) and x.strip() for x in lines)
                assert not lines[0].startswith(("Event:", "Zdarzenie:")), lines
    # the games reached setup, upkeep, placement, cards, resolution and scoring
    for kind in ("clan", "objective", "control", "draw", "place", "place-own", "reveal", "removed", "battle", "final-scoring", "play"):
        assert kind in seen


def test_ronin_has_a_sentence():
    """Ronin: a clan without control tokens on the board (the browser told it as an unknown event before)."""
    assert sentences(Event("ronin", {"clan": "crab"})) == ["Crab has no control token on the board and becomes ronin."]
    assert sentences(Event("ronin-ends", {"clan": "crab"})) == ["Crab has a control token on the board again and is no longer ronin."]
    assert "roninem" in sentences(Event("ronin", {"clan": "crab"}), "pl")[0]


def test_a_battle_is_told_with_each_sides_total_and_where_it_came_from():
    """Resolving Battles: the lines give every attacker's total and tokens, and the defender's parts."""
    for _s, _seat, events in _random_games(40):
        for e in events:
            if e.kind == "battle" and e.data["defender"]["printed"] and e.data["attackers"][0]["tokens"]:
                lines = sentences(e)
                d = e.data
                assert lines[0].startswith(f"Battle for {d['province'].replace('_', ' ').title()}:")
                for a in d["attackers"]:
                    assert any(line.endswith(f"= {a['total']}") and " attack: " in line for line in lines[1:])
                    for t in a["tokens"]:
                        assert token_name(t["code"]) in "\n".join(lines)
                assert f"printed {d['defender']['printed']}" in lines[-1] and lines[-1].endswith(f"= {d['defender']['total']}")
                return
    raise AssertionError("no battle against a printed defense in 40 games")


def test_own_placement_is_told_with_its_token_and_others_see_it_facedown():
    """Placing Combat Tokens: tokens are placed facedown; only their owner reads what they are."""
    pub = Event("place", {"clan": "crab", "token": 4, "at": "crab_2>crab_3"})
    own = Event("place-own", {"clan": "crab", "token": 4, "at": "crab_2>crab_3", "code": "a3"}, frozenset({0}))
    assert seen_by([pub, own], 0) == [own]
    assert seen_by([pub, own], 1) == [pub]
    assert narrate([pub, own], 1) == ["Crab places token #4 at Crab 2 → Crab 3."]
    assert "army 3" in narrate([pub, own], 0)[0]
    assert "army 3" not in " ".join(narrate([pub, own], 1))


def test_names():
    assert token_name("b2") == "blessing 2" and token_name(None) == "facedown token" and token_name("dip") == "diplomacy"
    assert special_name("scorched_earth") == "scorched earth" and special_name("honor_2") == "+2 honor"
    assert place_words("~crane_1") == "the coast of Crane 1" and place_words("#5") == "token #5"


def test_the_last_line_of_defense_says_what_the_scoring_checks():
    """Secret Objectives (objectives.json, territory_hold): the capital or at least two provinces, not every province."""
    text = objective_condition("the-last-line-of-defense")
    assert "capital or at least two provinces" in text and "every province" not in text
