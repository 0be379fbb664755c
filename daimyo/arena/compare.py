"""A baseline against a variant on the same deals: ``daimyo study compare`` (docs/designers.md).

Both arms play the same games, game for game: the same seeds, the same seatings (which bot sits where) and the same
clans, characters or seats. Only the variant's one change differs: its bots (any game), its card file (Senjutsu:
the characters play the decks of the file), or its start files (a game that starts from one, Rising Sun: war file
``i`` of the variant in place of the baseline's war file ``i``). A game whose registration names a ``comparison``
module plans and plays its arms there (Senjutsu's designer duels, :mod:`daimyo.arena.designer`); any other plays
arena games. Each clan, character and seat then has a pair of results per game it sat in, and
the difference of its win rate is the mean of the paired differences, with a 95% interval from their spread (a
paired interval: the deal's own luck, common to both arms, cancels out). A tie splits the win, as in the arena.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from daimyo.arena.stats import Z95, wilson
from daimyo.core.registry import game

#: Student's t 97.5% quantiles for 1 to 10 degrees of freedom
T975_SMALL = (12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139)


@dataclass(frozen=True)
class Arm:
    """One side of a comparison: its bots (comma list as in the arena), and for Senjutsu its card files and decks,
    for Rising Sun its war files ((name, text) pairs)."""

    bots: tuple[str, ...]
    cards: tuple[tuple[str, str], ...] = ()
    decks: tuple[tuple[str, str], ...] = ()   # (character, deck) the character plays instead of its default deck
    wars: tuple[tuple[str, str], ...] = ()
    #: a rules file (name, checked text) of a game whose registration names ``rules_files``; None: the standard rules
    rules: tuple[str, str] | None = None


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom: the table's value up to 10, then a
    Cornish-Fisher expansion around the normal quantile (within 0.001 of the exact value)."""
    z = Z95
    if df <= 0:
        return float("inf")
    if df <= len(T975_SMALL):
        return T975_SMALL[df - 1]
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3


def paired(base: Sequence[float], variant: Sequence[float]) -> dict:
    """The difference variant - baseline of paired results: its mean, a 95% t interval on the mean, the number of
    pairs, how many pairs differ, and each arm's win rate with its Wilson interval."""
    n = len(base)
    if n != len(variant):
        raise ValueError("paired results: both arms need one result per pair")
    d = [v - b for b, v in zip(base, variant, strict=True)]
    mean = sum(d) / n if n else 0.0
    if n > 1:
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
        half = t975(n - 1) * sd / math.sqrt(n)
    else:
        half = float("inf")
    lo, hi = max(-1.0, mean - half), min(1.0, mean + half)
    wb, wv = sum(base), sum(variant)
    return {"pairs": n, "changed": sum(1 for x in d if x != 0),
            "baseline": {"win_rate": round(wb / n, 6) if n else None, "ci95": [round(x, 6) for x in wilson(wb, n)]},
            "variant": {"win_rate": round(wv / n, 6) if n else None, "ci95": [round(x, 6) for x in wilson(wv, n)]},
            "difference": round(mean, 6), "ci95": [round(lo, 6), round(hi, 6)],
            "verdict": "higher" if lo > 0 else "lower" if hi < 0 else "no difference shown"}


def shares(row: dict) -> list[float]:
    """Each seat's share of the win in a game's row: the arena's (``winners``, a tie splits) or a duel's returns."""
    if "winners" in row:
        winners = row["winners"]
        return [1 / len(winners) if p in winners else 0.0 for p in range(len(row["clans"]))]
    return [float(r) for r in row["returns"]]


def choices_of(row: dict) -> list[str]:
    return list(row["clans"] if "clans" in row else row["characters"])


def compare_rows(base_rows: list[dict], variant_rows: list[dict], game_name: str) -> dict:
    """The comparison of two arms' rows, paired by game number (the same deal, seating and seat choices)."""
    key = "game" if base_rows and "game" in base_rows[0] else "duel"
    base = {r[key]: r for r in base_rows}
    var = {r[key]: r for r in variant_rows}
    if set(base) != set(var):
        raise ValueError("paired results: the arms did not play the same games")
    units: dict[str, tuple[list[float], list[float]]] = {}
    seats: dict[str, tuple[list[float], list[float]]] = {}
    for g in sorted(base):
        b, v = base[g], var[g]
        for p, (cb, cv, sb, sv) in enumerate(zip(choices_of(b), choices_of(v), shares(b), shares(v), strict=True)):
            if cb == cv:   # a clan that sits the seat in both arms (war files may seat other clans)
                u = units.setdefault(cb, ([], []))
                u[0].append(sb)
                u[1].append(sv)
            s = seats.setdefault(str(p), ([], []))
            s[0].append(sb)
            s[1].append(sv)
    return {"game": game_name, "unit_word": game(game_name).seat_word, "games": len(base),
            "units": {u: paired(*units[u]) for u in sorted(units)},
            "seats": {s: paired(*seats[s]) for s in sorted(seats, key=int)}}


def plan(game_name: str, players: int | None, games: int, seed: int, baseline: Arm, variant: Arm,
         choices: list[str] | None = None):
    """The two arms' games, pair by pair: arena specs, or the game's own (its ``comparison`` module's ``plan_arms``)."""
    if len(baseline.bots) != len(variant.bots):
        raise ValueError("bots: the baseline and the variant name as many bots (the rotation pairs seat for seat)")
    info = game(game_name)
    if (baseline.rules or variant.rules) and info.rules_files is None:
        raise ValueError(f"rules: {info.title} takes no rules file")
    if info.comparison is not None:
        return importlib.import_module(info.comparison).plan_arms(games, seed, baseline, variant, choices)
    from daimyo.arena.schedule import schedule

    if info.starts_from_file:
        if len(baseline.wars) != len(variant.wars):
            raise ValueError(f"war: the variant gives one {info.start_file} for each of the baseline's, paired in order")
        base = schedule(players, games, list(baseline.bots), seed, game_name, starts=list(baseline.wars) or None)
        var = schedule(players, games, list(variant.bots), seed, game_name, starts=list(variant.wars) or None)
        return base, var
    if baseline.cards or variant.cards or baseline.wars or variant.wars:
        raise ValueError(f"{game_name}: a variant here is a bot (--variant-bots) or a rules file (--variant-rules)")
    with _rules(game_name, baseline):
        base = schedule(players, games, list(baseline.bots), seed, game_name, choices=choices)
    with _rules(game_name, variant):
        var = schedule(players, games, list(variant.bots), seed, game_name, choices=choices)
    if [s.clans for s in base] != [s.clans for s in var]:
        raise ValueError(f"rules: the baseline and the variant must have the same {info.seat_word}s in the game, so "
                         f"that each game is paired {info.seat_word} for {info.seat_word}")
    return base, var


@contextmanager
def _rules(game_name: str, arm: Arm) -> Iterator[None]:
    """The arm's rules file in force while its games are scheduled (none: the standard rules); the rules before,
    after. A game whose registration names no ``rules_files`` takes none (ValueError)."""
    if arm.rules is None:
        yield
        return
    from daimyo.arena.run import rules_files

    files = rules_files(game_name)
    before = files.active()
    files.activate(files.parse_variant(arm.rules[1], arm.rules[0]))
    try:
        yield
    finally:
        files.activate(before)


def run_compare(game_name: str, players: int | None, games: int, seed: int, baseline: Arm, variant: Arm,
                workers: int = 1, choices: list[str] | None = None,
                on_row: Callable[[dict], None] | None = None) -> dict:
    """Play both arms and compare them (:func:`compare_rows`); the result also says what each arm was."""
    base_specs, var_specs = plan(game_name, players, games, seed, baseline, variant, choices)
    comparison = game(game_name).comparison
    extra: dict[str, Any] = {}
    if comparison is not None:   # the game's own rows, and what its report adds (Senjutsu: each arm's decks)
        base_rows, var_rows, extra = importlib.import_module(comparison).play_arms(
            base_specs, var_specs, baseline, variant, workers, on_row)
    else:
        from daimyo.arena.run import run_games

        base_rows = run_games(base_specs, workers=workers, on_row=on_row, rules=_text(baseline))
        var_rows = run_games(var_specs, workers=workers, on_row=on_row, rules=_text(variant))
    result: dict[str, Any] = compare_rows(base_rows, var_rows, game_name)
    result.update(seed=seed, players=sorted({len(choices_of(r)) for r in base_rows}),
                  baseline=_describe(baseline, game_name), variant=_describe(variant, game_name), **extra)
    return result


def _text(arm: Arm) -> str | None:
    """The rules text an arm's games are played under: its rules file, or None for the standard rules."""
    return arm.rules[1] if arm.rules else None


def _describe(arm: Arm, game_name: str) -> dict:
    out = {"bots": list(arm.bots), "cards": [n for n, _ in arm.cards], "wars": [n for n, _ in arm.wars]}
    if arm.rules:
        from daimyo.arena.run import rules_files
        v = rules_files(game_name).parse_variant(arm.rules[1], arm.rules[0])
        out["rules"] = [arm.rules[0], v.name, v.digest]
    return out


def _pp(x: float) -> str:
    return f"{x * 100:+.1f}"


def report_lines(result: dict) -> list[str]:
    """The comparison as Markdown: a table per kind of unit (clans or characters, then seats)."""
    word = result["unit_word"]
    lines = [f"{result['games']} paired games on seeds from {result['seed']}: baseline "
             f"{_arm_text(result['baseline'])}, variant {_arm_text(result['variant'])}. A difference is the variant's "
             "win rate minus the baseline's, in percentage points, with a paired 95% interval; **higher** or **lower** "
             "only when the interval leaves out 0.", ""]
    for title, part in ((f"{word}s", result["units"]), ("seats (0 first in seat order)", result["seats"])):
        lines += [f"## By {title}", "", f"| {word if part is result['units'] else 'seat'} | pairs | baseline | variant | "
                  "difference (pp, 95% CI) | games changed | |", "|---|---:|---:|---:|---:|---:|---|"]
        for u, v in part.items():
            mark = f"**{v['verdict']}**" if v["verdict"] != "no difference shown" else ""
            lines.append(f"| {u} | {v['pairs']} | {v['baseline']['win_rate']:.1%} | {v['variant']['win_rate']:.1%} | "
                         f"{_pp(v['difference'])} ({_pp(v['ci95'][0])} to {_pp(v['ci95'][1])}) | {v['changed']} | {mark} |")
        lines.append("")
    return lines


def _arm_text(arm: dict) -> str:
    parts = [f"bots {','.join(arm['bots'])}"]
    if arm["cards"]:
        parts.append(f"cards {', '.join(arm['cards'])}")
    if arm["wars"]:
        parts.append(f"war files {', '.join(arm['wars'])}")
    if arm.get("rules"):
        parts.append(f"rules {arm['rules'][1]} ({arm['rules'][0]})")
    return "(" + "; ".join(parts) + ")"


def plot_compare(result: dict, path_stem, title: str) -> list:
    """Each unit's and seat's difference with its 95% interval around 0; PATH_STEM.png and .svg."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from daimyo.arena.plot import save

    parts = [(f"{result['unit_word']}s", result["units"]), ("seats", result["seats"])]
    parts = [(t, p) for t, p in parts if p]
    height = max(3.0, 0.35 * max(len(p) for _, p in parts) + 1.5)
    fig, axes = plt.subplots(1, len(parts), figsize=(5.5 * len(parts), height), squeeze=False)
    for ax, (name, part) in zip(axes[0], parts, strict=True):
        names = list(part)
        ys = list(range(len(names)))
        diff = [part[u]["difference"] for u in names]
        colours = ["#55a868" if part[u]["verdict"] == "higher" else "#c44e52" if part[u]["verdict"] == "lower"
                   else "#4c72b0" for u in names]
        for y, u, d, c in zip(ys, names, diff, colours, strict=True):
            lo, hi = part[u]["ci95"]
            ax.errorbar([d], [y], xerr=[[d - lo], [hi - d]], fmt="o", color=c, capsize=4, clip_on=False)
        ax.axvline(0, color="grey", linestyle="--", linewidth=1)
        ax.set_yticks(ys)
        ax.set_yticklabels(names if name != "seats" else [f"seat {u}" for u in names])
        ax.invert_yaxis()
        ax.set_xlabel("variant - baseline win rate (95% paired CI)")
        ax.set_title(f"by {name}")
    fig.suptitle(f"{title} ({result['games']} paired games)")
    fig.tight_layout()
    return save(fig, path_stem)


__all__ = ["Arm", "compare_rows", "paired", "plan", "plot_compare", "report_lines", "run_compare", "shares", "t975"]
