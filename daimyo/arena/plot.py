"""Plots of arena results (PNG and SVG, matplotlib without a display).

:func:`bars` draws win rates with their 95% intervals; the arena, the balance study and the Senjutsu card-designer
report (:mod:`daimyo.arena.cards`) all use it.
"""

from __future__ import annotations

from pathlib import Path


def bars(ax, labels, rates, cis, title, fair=None, ylabel="win rate (95% CI)", color="#4c72b0"):
    xs = range(len(labels))
    lo = [r - c[0] for r, c in zip(rates, cis, strict=False)]
    hi = [c[1] - r for r, c in zip(rates, cis, strict=False)]
    ax.bar(xs, rates, yerr=[lo, hi], capsize=4, color=color)
    ax.set_xticks(list(xs))
    ax.set_xticklabels(labels, rotation=30, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if fair is not None:
        ax.axhline(fair, color="grey", linestyle="--", linewidth=1)


def plot_summary(summary: dict, path_stem: Path | str, title: str = "arena", seat_word: str = "clan") -> list[Path]:
    """Ratings and win rates per bot, and win rates per seat choice (clan, character) for each player count; returns
    the files written."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    counts = sorted(summary["clans"], key=int)
    fig, axes = plt.subplots(1, 2 + len(counts), figsize=(5 * (2 + len(counts)), 4.2), squeeze=False)
    axes = axes[0]
    bots = list(summary["bots"])
    rt = summary["ratings"]
    if rt:
        names = list(rt)
        axes[0].errorbar(range(len(names)), [rt[b]["mu"] for b in names], yerr=[3 * rt[b]["sigma"] for b in names],
                         fmt="o", capsize=4)
        axes[0].set_xticks(range(len(names)))
        axes[0].set_xticklabels(names, rotation=30, ha="right")
        axes[0].set_ylabel("openskill mu (+/- 3 sigma)")
    axes[0].set_title("ratings")
    bars(axes[1], bots, [summary["bots"][b]["win_rate"] for b in bots], [summary["bots"][b]["ci95"] for b in bots],
          "win rate per bot")
    for ax, n in zip(axes[2:], counts, strict=False):
        clans = list(summary["clans"][n])
        bars(ax, clans, [summary["clans"][n][c]["win_rate"] for c in clans], [summary["clans"][n][c]["ci95"] for c in clans],
              f"win rate per {seat_word}, {n} players", fair=1 / int(n))
    fig.suptitle(f"{title} ({summary['games']} games)")
    fig.tight_layout()
    return save(fig, path_stem)


def save(fig, path_stem: Path | str) -> list[Path]:
    """Write ``fig`` as PATH_STEM.png and PATH_STEM.svg (the SVG without a date, so a rerun writes the same file)."""
    import matplotlib.pyplot as plt

    stem = Path(path_stem)
    stem.parent.mkdir(parents=True, exist_ok=True)
    out = [stem.parent / f"{stem.name}.png", stem.parent / f"{stem.name}.svg"]
    for p in out:
        fig.savefig(p, dpi=110, metadata={"Date": None} if p.suffix == ".svg" else None)
    plt.close(fig)
    return out
