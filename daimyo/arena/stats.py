"""Ratings (openskill) and win rates with 95% Wilson score intervals.

A game's win is shared: a tie among ``k`` winners gives each ``1/k``. The win rate of a bot is
its wins divided by the seats it sat; when one bot sits several seats of a game each seat counts.
"""

from __future__ import annotations

from daimyo.core.stats import Z95, wilson

__all__ = ["Z95", "objectives", "ratings", "summarize", "wilson"]


def _rate(wins: float, n: float) -> dict:
    lo, hi = wilson(wins, n)
    return {"seats": n, "wins": round(wins, 6), "win_rate": round(wins / n, 6) if n else None,
            "ci95": [round(lo, 6), round(hi, 6)]}


def ratings(rows: list[dict]) -> dict[str, dict]:
    """openskill Plackett-Luce ratings; in each game a bot ranks by the mean result of its seats."""
    from openskill.models import PlackettLuce, PlackettLuceRating

    model = PlackettLuce()
    table: dict[str, PlackettLuceRating] = {}
    for row in rows:
        res: dict[str, list[float]] = {}
        for bot, r in zip(row["bots"], row["returns"], strict=False):
            res.setdefault(bot, []).append(r)
        names = list(res)
        if len(names) < 2:
            continue
        for b in names:
            table.setdefault(b, model.rating(name=b))
        score = [sum(res[b]) / len(res[b]) for b in names]
        new = model.rate([[table[b]] for b in names], scores=score)
        for b, team in zip(names, new, strict=False):
            table[b] = team[0]
    return {b: {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4), "ordinal": round(r.ordinal(), 4)}
            for b, r in sorted(table.items())}


def summarize(rows: list[dict]) -> dict:
    """Per bot and per clan (by player count) win rates with 95% intervals, seat results and ratings."""
    by_bot: dict[str, list[float]] = {}
    by_clan: dict[int, dict[str, list[float]]] = {}
    by_seat: dict[int, dict[int, list[float]]] = {}
    first: dict[int, list[float]] = {}
    for row in rows:
        n = row["players"]
        for seat, (bot, clan, r) in enumerate(zip(row["bots"], row["clans"], row["returns"], strict=False)):
            by_bot.setdefault(bot, [0.0, 0])
            by_bot[bot][0] += r
            by_bot[bot][1] += 1
            c = by_clan.setdefault(n, {}).setdefault(clan, [0.0, 0])
            c[0] += r
            c[1] += 1
            sv = by_seat.setdefault(n, {}).setdefault(seat, [0.0, 0])
            sv[0] += r
            sv[1] += 1
        if row.get("first") is not None:
            f = first.setdefault(n, [0.0, 0])
            f[0] += row["returns"][row["first"]]
            f[1] += 1
    return {
        "games": len(rows),
        "bots": {b: _rate(w, k) for b, (w, k) in sorted(by_bot.items())},
        "clans": {str(n): {c: _rate(w, k) for c, (w, k) in sorted(v.items())} for n, v in sorted(by_clan.items())},
        "seats": {str(n): {str(s): _rate(w, k) for s, (w, k) in sorted(v.items())} for n, v in sorted(by_seat.items())},
        "first_player": {str(n): {**_rate(w, k), "fair_share": round(1 / n, 6)} for n, (w, k) in sorted(first.items())},
        "ratings": ratings(rows),
    }


def objectives(rows: list[dict]) -> dict[str, dict]:
    """Per secret objective: how often it was kept, met, the honor it gave on average, and its holder's win rate."""
    out: dict[str, list[float]] = {}
    for row in rows:
        for (oid, met, honor), r in zip(row["objectives"], row["returns"], strict=False):
            if oid is None:
                continue
            o = out.setdefault(oid, [0, 0, 0.0, 0.0])
            o[0] += 1
            o[1] += bool(met)
            o[2] += honor
            o[3] += r
    return {oid: {"kept": k, "met": m, "met_rate": round(m / k, 4), "mean_honor": round(h / k, 4),
                  "holder_win_rate": round(w / k, 4), "met_ci95": [round(x, 4) for x in wilson(m, k)]}
            for oid, (k, m, h, w) in sorted(out.items(), key=lambda kv: -kv[1][2] / kv[1][0])}
