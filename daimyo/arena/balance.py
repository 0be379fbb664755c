"""The balance study behind ``daimyo rokugan balance``.

For 2, 3, 4 and 5 players it plays arena games with the given bots in every seat (seats and clans
rotated, seeds paired per rotation block, as in :mod:`.schedule`), then reports per-clan win rates with 95% intervals, the first
player's advantage (the seat that won Setup 8's initiative draw), results by seat, and which
secret objectives are met and score most. :func:`write_report` writes ``balance.md`` and its plots.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from daimyo import __version__
from daimyo.arena.run import run_games
from daimyo.arena.schedule import schedule
from daimyo.arena.stats import objectives, summarize, wilson
from daimyo.arena.store import Store
from daimyo.rokugan.data_variant import default_rules

PLAYER_COUNTS = (2, 3, 4, 5)


def run_balance(games: int, bots: list[str], seed: int, workers: int, out: Path | str,
                on_row: Callable[[dict], None] | None = None, counts=PLAYER_COUNTS) -> dict:
    store = Store(out)
    by_count = {}
    for n in counts:
        run = f"balance-p{n}-s{seed}"
        specs = schedule(n, games, bots, seed + 100_000 * n)

        def keep(row, run=run):
            store.add(run, row)
            if on_row:
                on_row(row)

        by_count[n] = run_games(specs, workers=workers, on_row=keep)
    store.close()
    return study_of(by_count, bots, games, seed)


def study_of(by_count: dict[int, list[dict]], bots: list[str], games: int, seed: int) -> dict:
    """The study's figures from the rows of each player count."""
    study: dict[str, Any] = {"bots": bots, "games_per_count": games, "seed": seed, "by_players": {}, "games_total": 0}
    all_rows = []
    for n, rows in sorted(by_count.items()):
        all_rows.extend(rows)
        summary = summarize(rows)
        summary["mean_honor"] = round(sum(sum(r["scores"]) / n for r in rows) / len(rows), 3)
        summary["seeds"] = [min(r["seed"] for r in rows), max(r["seed"] for r in rows)]
        summary["digest"] = results_digest(rows)
        study["by_players"][str(n)] = summary
        study["games_total"] += len(rows)
    study["objectives"] = objectives(all_rows)
    return study


def results_digest(rows: list[dict]) -> str:
    """A short digest of every game's result (game number, clans, winners, scores): two runs with the same digest
    played the same games to the same ends, whatever the worker count or machine."""
    import hashlib
    import json

    facts = [[r["game"], r["clans"], r["winners"], r["scores"]] for r in sorted(rows, key=lambda r: r["game"])]
    return hashlib.sha256(json.dumps(facts, separators=(",", ":")).encode()).hexdigest()[:16]


def _fmt_ci(v: dict) -> str:
    return f"{v['win_rate']:.1%} ({v['ci95'][0]:.1%}-{v['ci95'][1]:.1%})"


def write_report(study: dict, docs: Path | str) -> list[Path]:
    """Write ``docs/balance.md`` and ``docs/img/balance-*.png|svg``; returns the paths (the report first)."""
    docs = Path(docs)
    img = docs / "img"
    img.mkdir(parents=True, exist_ok=True)
    plots = _plots(study, img)
    lines = ["# Battle for Rokugan: balance study", "",
             f"Written by `daimyo rokugan balance --games {study['games_per_count']} --bots {','.join(study['bots'])} "
             f"--seed {study['seed']}`: {study['games_total']} games, {study['games_per_count']} at each player count, "
             f"every seat played by {', '.join(study['bots'])}. Seats and clans are rotated so that each clan sits "
             "each seat equally often, and the games of one rotation block (one game per bot) share their seed, so "
             "they play the same deal with the seats turned (paired seeds); a tie splits the win. Intervals are 95% "
             "Wilson score intervals; a clan is marked **above** or **below** only when its interval excludes the "
             "fair share 1/N.", "",
             f"The games are fully decided by their seeds and the rules engine: the same command gives these figures "
             f"again with daimyo {__version__}'s engine whatever `--workers` is (the results digest of each player "
             "count below says so game for game), while a change to the rules engine or the bots may move them (a "
             "rerun with another digest played some games differently). Results digests: "
             + ", ".join(f"{n} players `{summ['digest']}`" for n, summ in study["by_players"].items()) + ".", ""]
    lines += ["## Win rate per clan", "", "![win rate per clan](img/balance-clans.svg)", ""]
    for n, summ in study["by_players"].items():
        fair = 1 / int(n)
        lines += [f"### {n} players (fair share {fair:.1%}, {summ['games']} games, mean honor {summ['mean_honor']})", "",
                  "| clan | seats | win rate (95% CI) | |", "|---|---:|---:|---|"]
        for c, v in sorted(summ["clans"][n].items(), key=lambda kv: -kv[1]["win_rate"]):
            mark = "**above**" if v["ci95"][0] > fair else ("**below**" if v["ci95"][1] < fair else "")
            lines.append(f"| {c} | {v['seats']} | {_fmt_ci(v)} | {mark} |")
        lines.append("")
    lines += ["## First player and seats", "", "![first player](img/balance-first-player.svg)", "",
              "The first player is the seat that drew its clan's initiative card at setup (Setup 8).", "",
              "| players | games | first player's win rate (95% CI) | fair share | by seat (seat 0 first in the rotation) |",
              "|---:|---:|---:|---:|---|"]
    for n, summ in study["by_players"].items():
        f = summ["first_player"].get(n)
        seats = ", ".join(f"{s}: {v['win_rate']:.0%}" for s, v in summ["seats"][n].items())
        if f:
            lines.append(f"| {n} | {f['seats']} | {_fmt_ci(f)} | {f['fair_share']:.1%} | {seats} |")
    lines += ["", "## Secret objectives", "", "![objectives](img/balance-objectives.svg)", "",
              "| objective | honor | kept | met (95% CI) | mean honor scored | holder's win rate |", "|---|---:|---:|---:|---:|---:|"]
    for oid, v in study["objectives"].items():
        lines.append(f"| {default_rules().objectives[oid]['name']} | {default_rules().objectives[oid]['honor']} | {v['kept']} | "
                     f"{v['met_rate']:.0%} ({v['met_ci95'][0]:.0%}-{v['met_ci95'][1]:.0%}) | {v['mean_honor']:.2f} | "
                     f"{v['holder_win_rate']:.0%} |")
    lines += ["", "## Findings", ""] + _findings(study) + [""]
    path = docs / "balance.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return [path, *plots]


def _findings(study: dict) -> list[str]:
    out = []
    for n, summ in study["by_players"].items():
        fair = 1 / int(n)
        clans = summ["clans"][n]
        best = max(clans.items(), key=lambda kv: kv[1]["win_rate"])
        worst = min(clans.items(), key=lambda kv: kv[1]["win_rate"])
        above = [c for c, v in clans.items() if v["ci95"][0] > fair]
        below = [c for c, v in clans.items() if v["ci95"][1] < fair]
        sig = (f"clearly above the fair share: {', '.join(above)}" if above else "no clan is clearly above the fair share")
        sig += f"; clearly below: {', '.join(below)}" if below else ""
        out.append(f"- {n} players: strongest {best[0]} {_fmt_ci(best[1])}, weakest {worst[0]} {_fmt_ci(worst[1])}; {sig}.")
        f = summ["first_player"].get(n)
        if f:
            verdict = ("an advantage" if f["ci95"][0] > fair else "a disadvantage" if f["ci95"][1] < fair
                       else "no advantage the sample can show")
            out.append(f"  The first player wins {_fmt_ci(f)} against a fair {fair:.1%}: {verdict}.")
    objs = study["objectives"]
    if objs:
        top = list(objs.items())[:3]
        out.append("- Objectives scoring most honor on average: "
                   + ", ".join(f"{default_rules().objectives[o]['name']} ({v['mean_honor']:.2f}, met {v['met_rate']:.0%})" for o, v in top) + ".")
        low = sorted(objs.items(), key=lambda kv: kv[1]["mean_honor"])[:2]
        out.append("- Scoring least: " + ", ".join(f"{default_rules().objectives[o]['name']} ({v['mean_honor']:.2f}, met {v['met_rate']:.0%})"
                                                 for o, v in low) + ".")
    out.append("- These are results of bot play: they measure the game as these bots play it, and narrow "
               "with more games (the intervals above say how far). When one bot plays every seat it plays every "
               "clan by the same rules and uses the clan abilities in simple ways (Scorpion's look and Unicorn's swap "
               "only to read or improve its own battles), so a clan's rate also says how well that style of play suits it.")
    return out


def _plots(study: dict, img: Path) -> list[Path]:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written = []

    def save(fig, stem):
        fig.tight_layout()
        for suffix in (".png", ".svg"):
            p = img / f"{stem}{suffix}"
            fig.savefig(p, dpi=110, metadata={"Date": None} if suffix == ".svg" else None)
            written.append(p)
        plt.close(fig)

    counts = list(study["by_players"])
    fig, axes = plt.subplots(1, len(counts), figsize=(4.5 * len(counts), 4), squeeze=False)
    for ax, n in zip(axes[0], counts, strict=False):
        clans = study["by_players"][n]["clans"][n]
        names = sorted(clans)
        rates = [clans[c]["win_rate"] for c in names]
        lo = [clans[c]["win_rate"] - clans[c]["ci95"][0] for c in names]
        hi = [clans[c]["ci95"][1] - clans[c]["win_rate"] for c in names]
        ax.bar(range(len(names)), rates, yerr=[lo, hi], capsize=3, color="#4c72b0")
        ax.axhline(1 / int(n), color="grey", linestyle="--", linewidth=1)
        ax.set_xticks(range(len(names)))
        ax.set_xticklabels(names, rotation=40, ha="right")
        ax.set_ylim(0, 1)
        ax.set_title(f"{n} players")
    axes[0][0].set_ylabel("win rate (95% CI)")
    save(fig, "balance-clans")

    fig, ax = plt.subplots(figsize=(5, 3.6))
    ns = [n for n in counts if study["by_players"][n]["first_player"].get(n)]
    fp = [study["by_players"][n]["first_player"][n] for n in ns]
    ax.bar(range(len(ns)), [f["win_rate"] for f in fp],
           yerr=[[f["win_rate"] - f["ci95"][0] for f in fp], [f["ci95"][1] - f["win_rate"] for f in fp]], capsize=4, color="#dd8452")
    ax.scatter(range(len(ns)), [1 / int(n) for n in ns], color="black", marker="_", s=400, label="fair share", zorder=3)
    ax.set_xticks(range(len(ns)))
    ax.set_xticklabels([f"{n} players" for n in ns])
    ax.set_ylim(0, 1)
    ax.set_ylabel("first player's win rate")
    ax.legend()
    save(fig, "balance-first-player")

    fig, ax = plt.subplots(figsize=(8, 4))
    objs = study["objectives"]
    names = list(objs)
    ax.barh(range(len(names)), [objs[o]["mean_honor"] for o in names], color="#55a868")
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels([default_rules().objectives[o]["name"] for o in names])
    ax.invert_yaxis()
    ax.set_xlabel("mean honor scored by the objective")
    save(fig, "balance-objectives")
    return written


__all__ = ["results_digest", "run_balance", "wilson", "write_report"]
