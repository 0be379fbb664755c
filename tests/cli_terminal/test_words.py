"""Events in words: every event kind the engine emits has its own sentence."""

from __future__ import annotations

import re
from pathlib import Path

from daimyo.bots import make_bot
from daimyo.cli.words import SENTENCES, narrate, place_words, seen_by, sentences, special_name, token_name
from daimyo.core.game import Event
from daimyo.rokugan import new_game

ENGINE = Path(__file__).resolve().parents[2] / "daimyo" / "rokugan"


def _random_games(count: int):
    for seed in range(count):
        players = 2 + seed % 4
        s = new_game(players=players, seed=seed)
        bots = {p: make_bot("random", seed * 10 + p) for p in range(players)}
        while not s.is_terminal():
            seat = s.to_act()[0]
            yield s, seat, s.apply_move(seat, bots[seat].choose(s, seat))


def test_every_event_kind_seen_in_random_games_has_a_sentence():
    """Every event of 150 random games (2 to 5 players) is told by its own sentence, never by the fallback."""
    seen: set[str] = set()
    for _s, _seat, events in _random_games(150):
        for e in events:
            seen.add(e.kind)
            assert e.kind in SENTENCES, f"no sentence for event kind '{e.kind}'"
            lines = sentences(e)
            assert lines and all(isinstance(x, str) and x.strip() for x in lines)
    # the games reached setup, upkeep, placement, cards, resolution and scoring
    for kind in ("clan", "objective", "control", "draw", "place", "place-own", "reveal", "removed", "battle", "final-scoring", "play"):
        assert kind in seen


def test_every_event_kind_in_the_engine_source_has_a_sentence():
    """Event kinds that random games rarely reach (ronin, for one) are named in the engine's code: each has a sentence."""
    kinds = set()
    pattern = re.compile(r"""\b(?:public_event|Event)\(\s*"([a-z-]+)"(?:\s+if[^"]*else\s+"([a-z-]+)")?|\bprivate_event\([^,]+,\s*"([a-z-]+)\"""")
    for path in ENGINE.glob("*.py"):
        for m in pattern.finditer(path.read_text(encoding="utf-8")):
            kinds.update(k for k in m.groups() if k)
    assert {"ronin", "ronin-ends", "battle", "drew", "saw-hand"} <= kinds
    missing = kinds - set(SENTENCES) - {"kind"}
    assert not missing, f"event kinds without a sentence: {sorted(missing)}"


def test_a_battle_is_told_with_each_sides_total_and_where_it_came_from():
    """Resolving Battles: the sentence gives every attacker's total and tokens, and the defender's parts."""
    for _s, _seat, events in _random_games(40):
        for e in events:
            if e.kind == "battle" and e.data["defender"]["printed"] and e.data["attackers"][0]["tokens"]:
                text = "\n".join(sentences(e))
                d = e.data
                assert f"Battle for {d['province']}:" in text
                for a in d["attackers"]:
                    assert f"{a['total']} = " in text
                    for t in a["tokens"]:
                        assert f"#{t['token']}" in text
                assert f"{d['defender']['printed']} printed defense" in text
                assert f": {d['defender']['total']} = " in text
                return
    raise AssertionError("no battle against a printed defense in 40 games")


def test_own_placement_is_told_with_its_token_and_others_see_it_facedown():
    """Placing Combat Tokens: tokens are placed facedown; only their owner reads what they are."""
    pub = Event("place", {"clan": "crab", "token": 4, "at": "crab_2>crab_3"})
    own = Event("place-own", {"clan": "crab", "token": 4, "at": "crab_2>crab_3", "code": "a3"}, frozenset({0}))
    assert seen_by([pub, own], 0) == [own]
    assert seen_by([pub, own], 1) == [pub]
    assert narrate([pub, own], 1) == ["Crab places token #4 facedown on the border crab_2>crab_3 (from crab_2, attacking crab_3)."]
    assert "army 3" in narrate([pub, own], 0)[0]
    assert "army 3" not in " ".join(narrate([pub, own], 1))


def test_token_special_and_place_names():
    assert token_name("a3") == "army 3" and token_name("n1") == "navy 1" and token_name("s2") == "shinobi 2"
    assert token_name("b2") == "blessing +2" and token_name("dip") == "diplomacy" and token_name("bluff") == "bluff"
    assert token_name(None) == "facedown"
    assert special_name("scorched_earth") == "scorched earth" and special_name("honor_2") == "+2 honor"
    assert special_name("defense_1") == "+1 defense"
    assert place_words("~crane_2").startswith("on the coast of crane_2")
    assert place_words("#5") == "on top of token #5"
    assert place_words("lion_1") == "in lion_1"
