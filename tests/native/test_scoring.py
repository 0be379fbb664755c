"""End of the Game by the native engine against scoring.py, on every position of seeded random games.

Honor from flowers (and the honor and defense tokens), faceup control tokens outside the Shadowlands, the
secret objective (each condition of objectives.json) and controlled territories; the winners.
"""

import pytest

from daimyo.bots.random_bot import RandomBot, bot_seed
from daimyo.rokugan import native, new_game
from daimyo.rokugan.data import RULES
from daimyo.rokugan.scoring import honor


def _reference(s) -> dict:
    rows = [honor(s, p) for p in range(s.n)]
    best = max(r["total"] for r in rows)
    return {"scores": rows, "winners": [p for p in range(s.n) if rows[p]["total"] == best]}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_honor_agrees_on_every_position_of_random_games(players):
    met = set()
    for seed in range(4):
        s = new_game(players=players, seed=100 * players + seed)
        bots = [RandomBot(bot_seed(seed, p)) for p in range(players)]
        step = 0
        while not s.is_terminal():
            if s.round >= 1 and step % 3 == 0:
                want = _reference(s)
                got = native.final_result(s)
                assert got == want, f"{players} players, seed {seed}, step {step}: honor differs"
                met |= {r["objective"] for r in want["scores"] if r["objective_met"]}
            seat = s.to_act()[0]
            s.apply_move(seat, bots[seat].choose(s, seat))
            step += 1
        assert native.final_result(s) == s.result
    assert met, "no objective was met in these games: the objective conditions went untested"


def test_every_objective_condition_agrees_on_hand_made_positions():
    """Secret Objectives: each objective, kept by each seat, on positions with special tokens (harbor, scorched earth,
    honor and defense tokens) spread over the board."""
    s = new_game(players=3, seed=11, clans=["crab", "dragon", "phoenix"])
    n_prov = RULES.n_provinces
    specials = [None, "harbor", "scorched_earth", "honor_1", "honor_2", "honor_4", "defense_1", "defense_2", "peace"]
    for k in range(40):
        s.owner = [((p * 7 + k) % 4) - 1 for p in range(n_prov)]
        s.up = [(p + k) % 3 for p in range(n_prov)]
        s.special = [specials[(p * k) % len(specials)] if (p + k) % 5 == 0 else None for p in range(n_prov)]
        for oid in RULES.objective_ids:
            s.objective = [oid, RULES.objective_ids[k % len(RULES.objective_ids)], None]
            assert native.final_result(s) == _reference(s), f"position {k}, objective {oid}"


def test_bad_positions_are_refused(core):
    with pytest.raises(ValueError, match="one entry per province"):
        core.final_result(native.tables(RULES), ["crab", "lion"], [0], [0], [None], [None, None])
    with pytest.raises(ValueError, match="unknown special token"):
        core.final_result(native.tables(RULES), ["crab", "lion"], [-1] * RULES.n_provinces, [0] * RULES.n_provinces,
                          ["lava"] * RULES.n_provinces, [None, None])
