"""What each territory card and clan ability does (daimyo/arena/effects.py, docs/designers.md): the figures on
hand-made game facts whose values are worked out by hand, the facts read from real records, and forbidden play."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from daimyo.arena.effects import ability_figures, card_figures, game_facts, play_facts
from daimyo.arena.schedule import schedule
from daimyo.cli.main import main
from daimyo.rokugan.data import RULES


def facts(clans, returns, present=(), claimed=None, played=None, uses=None):
    return {"clans": list(clans), "returns": list(returns), "present": list(present), "claimed": claimed or {},
            "played": played or {}, "uses": {"scorpion-look": 0, "unicorn-swap": 0, "dragon-return": 0, **(uses or {})}}


# four 2-player games with Bushido on the Lion territory's space in games 0-2
FREE = {
    0: facts(["lion", "crab"], [1, 0], ["bushido"], {"bushido": [0]}, {"bushido": 0}, {"scorpion-look": 0}),
    1: facts(["crab", "lion"], [0, 1], ["bushido"], {"bushido": [1]}, {}),
    2: facts(["scorpion", "crane"], [0.5, 0.5], ["bushido"], {}, {}, {"scorpion-look": 3}),
    3: facts(["scorpion", "crab"], [1, 0], [], {}, {}, {"scorpion-look": 0}),
}
FORBIDDEN = {
    0: facts(["lion", "crab"], [0, 1], ["bushido"], {"bushido": [0]}),
    1: facts(["crab", "lion"], [0, 1], ["bushido"], {"bushido": [1]}),
    2: facts(["scorpion", "crane"], [0, 1], ["bushido"]),
    3: facts(["scorpion", "crab"], [1, 0]),
}


def test_a_cards_figures_by_hand():
    c = card_figures("bushido", FREE, FORBIDDEN)
    assert (c["in_game"], c["claimed"], c["played"]) == (3, 2, 1)
    assert c["claim_rate"] == pytest.approx(2 / 3, abs=1e-6) and c["play_rate"] == 0.5
    # played in game 0 by seat 0, who won; held and not played in game 1 by seat 1, who won
    assert c["holder_when_played"]["win_rate"] == 1.0 and c["holder_when_played"]["n"] == 1
    assert c["holder_when_not_played"]["win_rate"] == 1.0
    # forbidden: game 0's holder lost (1 -> 0), game 1's still won (1 -> 1): mean difference -0.5 over 2 pairs
    r = c["restricted"]
    assert r["pairs"] == 2 and r["difference"] == -0.5 and r["changed"] == 1


def test_an_abilitys_figures_by_hand():
    a = ability_figures("scorpion-look", FREE, FORBIDDEN)
    assert a["games"] == 2 and a["uses_per_game"] == 1.5
    assert a["clan_when_used"] == {"n": 1, "win_rate": 0.5, "ci95": a["clan_when_used"]["ci95"]}
    assert a["clan_when_not_used"]["win_rate"] == 1.0
    # forbidden: game 2 0.5 -> 0, game 3 1 -> 1
    assert a["restricted"]["difference"] == -0.25 and a["restricted"]["pairs"] == 2


def test_facts_read_from_a_record():
    """Setup: one card on each territory's space; a card is played only by a seat that claimed it."""
    from daimyo.arena.run import run_games

    for row in run_games(schedule(3, 3, ["heuristic"], 2, "rokugan")):
        f = game_facts(row["record"])
        assert len(f["present"]) == len(RULES.territory_names)
        assert all(RULES.cards[c]["territory"] in RULES.territory_names for c in f["present"])
        for card, seat in f["played"].items():
            assert seat in f["claimed"][card]
        assert f["returns"] == row["returns"]
        dragon = "dragon" in f["clans"]
        assert (f["uses"]["dragon-return"] > 0) == dragon


def test_a_forbidden_card_is_never_played_and_a_forbidden_ability_never_used():
    specs = schedule(3, 6, ["heuristic"], 0, "rokugan")
    free = play_facts(specs, 2)
    played = [c for f in free.values() for c in f["played"]]
    card = max(set(played), key=played.count)
    forbidden = play_facts(specs, 2, card)
    assert all(card not in f["played"] for f in forbidden.values())
    assert [f["clans"] for f in forbidden.values()] == [f["clans"] for f in free.values()]
    looks = play_facts(specs, 2, "scorpion-look")
    assert all(f["uses"]["scorpion-look"] == 0 for f in looks.values())


def test_effects_command(tmp_path):
    r = CliRunner().invoke(main, ["rokugan", "effects", "--players", "2", "--games", "3", "--bots", "random",
                                  "--no-restricted", "--workers", "1", "--out", str(tmp_path), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert set(out["abilities"]) == {"scorpion-look", "unicorn-swap", "dragon-return"}
    assert out["cards"] and all("restricted" not in c for c in out["cards"].values())
    assert (tmp_path / "effects.md").exists() and (tmp_path / "effects.svg").exists()
