"""The shape of a game, beside its balance: ``daimyo study shape`` (docs/designers.md, "The shape of a game").

Every figure is read from game records (an arena run's, or a folder of them): each record is replayed and the
players' standing is taken at each round boundary (:func:`trace`), then the traces are measured (:func:`measure`).
Where a figure matches one of Ludii's game metrics it carries Ludii's name (Browne et al., the Ludii "Evaluation"
metrics); the definitions here are this project's own, over rounds rather than single moves:

==================  ====================================================================================
duration            moves per game (mean, least, most) and rounds per game (Ludii: Duration)
drawishness         the share of games every player ties (a draw; Ludii: Drawishness)
shared wins         the share of games won by two or more tied players (a shared win)
margin              the winner's final score minus the best other score, over games with one winner; also
                    as a share of the winner's score (decisiveness of the result)
lead change         per game, how many times the leader changed from one round's end to the next; by round
                    r, the share of games whose leader changed during round r, from the end of round r-1
                    to the end of round r (Ludii: LeadChange). A tie for the lead is no leader; a change
                    is from one sole leader to another
decisiveness        the share of a game's rounds played after the eventual winner took the lead for good
                    (Ludii: DecisivenessMoves, counted in rounds; 0: the winner led only at the end)
first player        the first player's win rate (a tie splits the win) against 1/N, with a 95% interval
seat                each seat's win rate, seat 0 first in seat order
kingmaking          3 to 5 players: the share of games where, at the start of the last round, a player was
                    out of contention and the sole leader then did not win: the result was turned while a
                    player who could not win still played (a proxy: no counterfactual is played). Out of
                    contention: behind the leader by more than the comeback threshold, the 90th percentile
                    (nearest rank) of the last-round catch-ups in these games (a catch-up: how much a
                    trailing player gained on the round's sole leader during the last round), so that at
                    most one trailing player in ten made up as much. Ludii's metrics have no kingmaking
                    figure, so this name is the project's own
==================  ====================================================================================

A player's standing is read by the module the game's registration names (``standing``): its score if the game
ended now (an honor count, the wounds a character can still take, victory points: each game's module says).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from daimyo.core.stats import wilson


@dataclass
class Trace:
    """One game: its players, the standing at the end of each round (rounds[i]: at the end of round i+1, taken as
    round i+2 begins; the last entry the final scores), its winners, moves and first player (None where unknown)."""

    players: int
    rounds: list[list[float]]
    winners: list[int]
    moves: int
    first: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def reader(game_name: str) -> Any:
    """The module a game's registration names (``standing``) to replay its records and read each player's standing:
    ``parse(text)``, ``actor_seat(state, actor)``, ``standing(state)``; ValueError if it names none."""
    from daimyo.core.registry import game

    info = game(game_name)
    if info.standing is None:
        raise ValueError(f"shape: {info.title} names no standing module in its registration")
    return importlib.import_module(info.standing)


def trace(game_name: str, text: str) -> Trace:
    """Replay one record, keeping the standing at the end of each round and at the end (ReplayError if it does not
    replay). The round is the registration's ``progress``, the first player its ``first_player``."""
    from daimyo.core.game import Action
    from daimyo.core.record import ReplayError
    from daimyo.core.registry import game

    info = game(game_name)
    a = reader(game_name)

    def first_of(state: Any) -> int | None:
        return info.first_player(state) if info.first_player is not None else None

    s, actions = a.parse(text)
    rounds: list[list[float]] = []
    first = first_of(s)
    last_round = info.progress(s)[0]
    for no, actor, act in actions:
        now = info.progress(s)[0]
        if now != last_round:
            if last_round >= 1:
                rounds.append(a.standing(s))
            last_round = now
        if first is None:
            first = first_of(s)
        try:
            s.apply(Action(a.actor_seat(s, actor), act))
        except Exception as e:  # a rule refusal: the record is not a game
            raise ReplayError(no, f"{actor}: {act}: {e}") from None
    if not s.is_terminal():
        raise ReplayError(actions[-1][0] if actions else 1, "the record ends before the game does")
    final = [float(x) for x in info.scores(s)] if info.scores is not None else a.standing(s)
    returns = s.returns()
    best = max(returns)
    return Trace(players=len(returns), rounds=[*rounds, final], winners=[p for p, r in enumerate(returns) if r > 0 and r == best],
                 moves=len(actions), first=first)


def leader(scores: list[float]) -> int | None:
    """The sole leader, or None when the lead is tied."""
    top = max(scores)
    leaders = [p for p, x in enumerate(scores) if x == top]
    return leaders[0] if len(leaders) == 1 else None


def _mean(xs: Sequence[float]) -> float | None:
    return round(sum(xs) / len(xs), 6) if xs else None


def lead_changes(t: Trace) -> list[bool]:
    """For each round after the first (round 2 first), whether the sole leader changed during it (from one sole
    leader to another; a tied lead in between carries the last sole leader)."""
    out, last = [], None
    for scores in t.rounds:
        now = leader(scores)
        changed = now is not None and last is not None and now != last
        out.append(changed)
        if now is not None:
            last = now
    return out[1:]


def decisiveness(t: Trace) -> float | None:
    """The share of the boundaries before the end at which the sole winner already held the lead it kept to the end:
    1 when it led at every boundary, 0 when it led only at the end (None: no sole winner)."""
    if len(t.winners) != 1:
        return None
    w = t.winners[0]
    held = 0
    for scores in reversed(t.rounds):
        if leader(scores) != w:
            break
        held += 1
    if held == 0 or len(t.rounds) == 1:
        return 0.0
    return round((held - 1) / (len(t.rounds) - 1), 6)


def margin(t: Trace) -> tuple[float, float | None] | None:
    """(the sole winner's final score minus the best other, that as a share of the winner's score) or None."""
    if len(t.winners) != 1:
        return None
    final = t.rounds[-1]
    w = t.winners[0]
    gap = final[w] - max(x for p, x in enumerate(final) if p != w)
    return gap, (round(gap / final[w], 6) if final[w] else None)


def kingmade(t: Trace, threshold: float) -> bool | None:
    """3+ players: at the start of the last round a player was out of contention (behind the leader by more than
    ``threshold``, the comeback threshold of :func:`comeback_threshold`) and the sole leader then did not win; None
    below 3 players or with fewer than two boundaries."""
    if t.players < 3 or len(t.rounds) < 2:
        return None
    before = t.rounds[-2]
    top = max(before)
    out = any(top - x > threshold for x in before)
    lead = leader(before)
    return out and lead is not None and lead not in t.winners


def catch_ups(traces: Iterable[Trace]) -> list[float]:
    """For each trailing player of each game with a sole leader as its last round began: how much it gained on that
    leader during the last round (its gain minus the leader's; negative when it fell further behind)."""
    out: list[float] = []
    for t in traces:
        if len(t.rounds) < 2:
            continue
        before, after = t.rounds[-2], t.rounds[-1]
        lead = leader(before)
        if lead is None:
            continue
        lead_gain = after[lead] - before[lead]
        out.extend((after[p] - before[p]) - lead_gain for p in range(t.players) if p != lead)
    return out


def comeback_threshold(traces: Iterable[Trace], share: float = 0.9) -> float | None:
    """The ``share`` percentile (nearest rank) of the last-round catch-ups in these games (:func:`catch_ups`): a
    player further behind than this at the last round's start is out of contention, since at most one trailing
    player in ten (at 0.9) made up as much. None when no game had a sole leader as its last round began."""
    ups = sorted(catch_ups(traces))
    if not ups:
        return None
    return ups[max(0, math.ceil(round(share * len(ups), 9)) - 1)]


def measure(traces: list[Trace]) -> dict:
    """The metrics of the module docstring for games of one player count."""
    n = len(traces)
    if not n:
        raise ValueError("shape: no games to measure")
    players = traces[0].players
    if any(t.players != players for t in traces):
        raise ValueError("shape: measure one player count at a time")
    moves = [t.moves for t in traces]
    rounds = [len(t.rounds) for t in traces]
    shared = [len(t.winners) > 1 and len(t.winners) < t.players for t in traces]
    draws = [len(t.winners) in (0, t.players) for t in traces]
    margins = [m for m in (margin(t) for t in traces) if m is not None]
    changes = [lead_changes(t) for t in traces]
    by_round: dict[int, list[bool]] = {}
    for ch in changes:
        for i, c in enumerate(ch):
            by_round.setdefault(i + 2, []).append(c)
    decisive = [d for d in (decisiveness(t) for t in traces) if d is not None]
    out: dict[str, Any] = {
        "players": players, "games": n,
        "duration": {"moves_mean": _mean(moves), "moves_min": min(moves), "moves_max": max(moves),
                     "rounds_mean": _mean(rounds), "moves_histogram": _histogram(moves)},
        "drawishness": round(sum(draws) / n, 6),
        "shared_wins": round(sum(shared) / n, 6),
        "margin": {"games": len(margins), "mean": _mean([m[0] for m in margins]),
                   "relative_mean": _mean([m[1] for m in margins if m[1] is not None])},
        "lead_change": {"per_game": _mean([float(sum(c)) for c in changes]),
                        "by_round": {str(r): round(sum(v) / len(v), 6) for r, v in sorted(by_round.items())}},
        "decisiveness": _mean(decisive),
        "seats": _seats(traces),
    }
    firsts = [t for t in traces if t.first is not None]
    if firsts:
        wins = sum(1 / len(t.winners) for t in firsts if t.first in t.winners)
        lo, hi = wilson(wins, len(firsts))
        out["first_player"] = {"games": len(firsts), "win_rate": round(wins / len(firsts), 6), "expected": round(1 / players, 6),
                               "ci95": [round(lo, 6), round(hi, 6)]}
    if players >= 3:
        threshold = comeback_threshold(traces)
        made = [k for k in (kingmade(t, threshold) for t in traces) if k is not None] if threshold is not None else []
        out["kingmaking"] = {"games": len(made), "rate": round(sum(made) / len(made), 6) if made else None,
                             "threshold": threshold}
    return out


def _seats(traces: list[Trace]) -> dict[str, dict]:
    out = {}
    n = len(traces)
    for p in range(traces[0].players):
        wins = sum(1 / len(t.winners) for t in traces if p in t.winners)
        lo, hi = wilson(wins, n)
        out[str(p)] = {"win_rate": round(wins / n, 6), "ci95": [round(lo, 6), round(hi, 6)]}
    return out


def _histogram(values: list[int], bins: int = 10) -> dict:
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // bins))
    counts: dict[str, int] = {}
    for v in values:
        start = lo + (v - lo) // width * width
        key = f"{start}-{start + width - 1}"
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: int(kv[0].split("-")[0])))


def shape(game_name: str, records: list[str], names: list[str] | None = None) -> dict:
    """Replay ``records`` of ``game_name`` and measure them, one player count at a time; a record that does not
    replay is a ValueError naming it (``names[i]``, or its place in the list) and its line."""
    from daimyo.core.record import ReplayError

    reader(game_name)
    by_count: dict[int, list[Trace]] = {}
    for i, text in enumerate(records):
        try:
            t = trace(game_name, text)
        except ReplayError as e:
            raise ValueError(f"{names[i] if names else f'record {i + 1}'}: {e}") from None
        by_count.setdefault(t.players, []).append(t)
    return {"game": game_name, "games": len(records),
            "by_players": {str(k): measure(v) for k, v in sorted(by_count.items())}}


def report_lines(result: dict) -> list[str]:
    """The shape as Markdown: one table of figures a player count."""
    lines = []
    for count, m in result["by_players"].items():
        d, lc = m["duration"], m["lead_change"]
        rows = [("games", m["games"]),
                ("moves a game (mean, least-most)", f"{d['moves_mean']:.1f} ({d['moves_min']}-{d['moves_max']})"),
                ("rounds a game (mean)", f"{d['rounds_mean']:.2f}"),
                ("drawishness (every player tied)", f"{m['drawishness']:.1%}"),
                ("shared wins", f"{m['shared_wins']:.1%}"),
                ("margin of a sole winner (mean)", _num(m["margin"]["mean"]) + (
                    f" ({m['margin']['relative_mean']:.1%} of its score)" if m["margin"]["relative_mean"] is not None else "")),
                ("lead changes a game (mean)", _num(lc["per_game"])),
                ("lead changed during round (others: 0%)",
                 ", ".join(f"{r}: {v:.0%}" for r, v in lc["by_round"].items() if v) or "none"),
                ("decisiveness (rounds after the winner's lead held)", _pct(m["decisiveness"]))]
        if "first_player" in m:
            f = m["first_player"]
            rows.append(("first player's win rate (95% CI; fair: 1/N)",
                         f"{f['win_rate']:.1%} ({f['ci95'][0]:.1%}-{f['ci95'][1]:.1%}; {f['expected']:.1%})"))
        rows.append(("seats' win rates", ", ".join(f"{s}: {v['win_rate']:.1%}" for s, v in m["seats"].items())))
        if "kingmaking" in m:
            k = m["kingmaking"]
            rows.append(("comeback threshold (90th percentile of last-round catch-ups on the leader)",
                         "-" if k["threshold"] is None else f"{k['threshold']:g}"))
            rows.append(("kingmaking (proxy: a player further behind than that, and the leader lost)", _pct(k["rate"])))
        lines += [f"## {count} players", "", "| figure | value |", "|---|---|", *(f"| {a} | {b} |" for a, b in rows), ""]
    return lines


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"


def plot_shape(result: dict, path_stem, title: str) -> list:
    """Per player count: the distribution of game length and the share of games whose lead changed, by round."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from daimyo.arena.plot import save

    counts = list(result["by_players"])
    fig, axes = plt.subplots(2, len(counts), figsize=(4.2 * len(counts), 6), squeeze=False)
    for i, c in enumerate(counts):
        m = result["by_players"][c]
        hist = m["duration"]["moves_histogram"]
        axes[0][i].bar(range(len(hist)), list(hist.values()), color="#4c72b0")
        axes[0][i].set_xticks(range(len(hist)))
        axes[0][i].set_xticklabels(list(hist), rotation=60, fontsize=7)
        axes[0][i].set_title(f"{c} players: moves a game")
        by_round = m["lead_change"]["by_round"]
        axes[1][i].bar(list(by_round), list(by_round.values()), color="#dd8452")
        axes[1][i].set_ylim(0, 1)
        axes[1][i].set_title("lead changed during round")
    fig.suptitle(title)
    fig.tight_layout()
    return save(fig, path_stem)


__all__ = ["Trace", "catch_ups", "comeback_threshold", "decisiveness", "kingmade", "lead_changes", "leader", "margin",
           "measure", "plot_shape", "reader", "report_lines", "shape", "trace"]
