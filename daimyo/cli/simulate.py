"""Many games between random bots, with win shares and mean scores by clan."""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction

from daimyo.bots.random_bot import RandomBot, bot_seed, play
from daimyo.rokugan import new_game

#: fields of :func:`simulate`'s result that depend on the machine's speed
TIMING_FIELDS = ("seconds", "games_per_second", "actions_per_second")


def simulate(players: int, games: int, seed: int, on_game: Callable[[], None] | None = None) -> dict:
    """Play ``games`` games; game ``i`` uses seed ``seed + i`` and bots seeded from it.

    Clans are chosen by the bots as actions. A win shared by ``k`` tied winners
    gives each a share of ``1/k``, so the wins add up to ``games``.
    """
    wins: dict[str, Fraction] = {}
    played: dict[str, int] = {}
    score_sum: dict[str, int] = {}
    actions = 0
    t0 = time.perf_counter()
    for i in range(games):
        s = new_game(players=players, seed=seed + i)
        actions += play(s, {p: RandomBot(bot_seed(seed + i, p)) for p in range(players)})
        result = s.result
        assert result is not None  # the game is over
        for row in result["scores"]:
            clan = row["clan"]
            played[clan] = played.get(clan, 0) + 1
            score_sum[clan] = score_sum.get(clan, 0) + row["total"]
            wins.setdefault(clan, Fraction(0))
        share = Fraction(1, len(result["winners"]))
        for seat in result["winners"]:
            wins[s.clan_of(seat)] += share
        if on_game is not None:
            on_game()
    seconds = time.perf_counter() - t0
    clans = sorted(played)
    return {
        "players": players,
        "games": games,
        "seed": seed,
        "actions": actions,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
        "actions_per_second": round(actions / seconds, 1) if seconds > 0 else None,
        "games_by_clan": {c: played[c] for c in clans},
        "wins_by_clan": {c: round(float(wins[c]), 6) for c in clans},
        "mean_scores_by_clan": {c: round(score_sum[c] / played[c], 3) for c in clans},
    }
