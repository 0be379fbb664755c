"""Plots of arena results (PNG and SVG, matplotlib without a display).

:func:`bars` draws win rates with their 95% intervals; the arena, the balance study and the Senjutsu card-designer
report (:mod:`daimyo.arena.cards`) all use it.
"""

from __future__ import annotations

from pathlib import Path

#: the colour of the designer's own cards (not in the sample set) in the card plot, and the room kept past 0 and 1
NEW_COLOUR = "#dd8452"
MARGIN = 0.04


def bars(ax, labels, rates, cis, title, fair=None, ylabel="win rate (95% CI)", color="#4c72b0"):
    xs = range(len(labels))
    lo = [r - c[0] for r, c in zip(rates, cis, strict=False)]
    hi = [c[1] - r for r, c in zip(rates, cis, strict=False)]
    ax.bar(xs, rates, yerr=[lo, hi], capsize=4, color=color)
    ax.set_xticks(list(xs))
    ax.set_xticklabels(labels, rotation=30, ha="right")
    ax.set_ylim(0, 1 + MARGIN)   # a bar or cap at 1 drawn whole
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


def plot_designer(study: dict, path_stem: Path | str, title: str = "Senjutsu cards", characters: list[str] | None = None,
                  most: int = 50) -> list[Path]:
    """The card designer's plots (:func:`daimyo.arena.designer.study`): PATH_STEM-characters (each character's win
    rate and the matchup table) and PATH_STEM-cards (each card's win rate when played and when not, and how often it
    is played, with 95% intervals) for the cards of ``characters`` (default all), at most ``most`` of them (those
    played in most duels); returns the files written."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from daimyo.arena.designer import card_rows

    stem = Path(path_stem)
    chars = list(study["characters"])
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.4))
    bars(axes[0], chars, [study["characters"][c]["win_rate"] for c in chars], [study["characters"][c]["ci95"] for c in chars],
         "win rate per character", fair=0.5)
    grid = [[study["matchups"].get(a, {}).get(b, {}).get("win_rate") for b in chars] for a in chars]
    shown = [[float("nan") if v is None else v for v in row] for row in grid]
    axes[1].imshow(shown, vmin=0, vmax=1, cmap="RdBu")
    axes[1].set_xticks(range(len(chars)))
    axes[1].set_xticklabels(chars, rotation=30, ha="right")
    axes[1].set_yticks(range(len(chars)))
    axes[1].set_yticklabels(chars)
    axes[1].set_xlabel("against")
    axes[1].set_title("win rate of the row's character")
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            if v is not None:
                n = study["matchups"][chars[i]][chars[j]]["duels"]
                axes[1].text(j, i, f"{v:.0%}\n({n})", ha="center", va="center", fontsize=8)
    fig.suptitle(f"{title}: {study['duels']} duels")
    fig.tight_layout()
    out = save(fig, stem.parent / f"{stem.name}-characters")

    played = [r for r in card_rows(study, characters) if r[2]["played"]]
    keep = {(c, cid) for c, cid, _ in sorted(played, key=lambda r: -r[2]["played"])[:most]}
    shown_rows = [r for r in played if (r[0], r[1]) in keep]
    height = max(3.0, 0.28 * len(shown_rows) + 1.2)
    fig, axes = plt.subplots(1, 2, figsize=(12, height), sharey=True, gridspec_kw={"width_ratios": [3, 2]})
    ys = list(range(len(shown_rows)))
    rows = [v for _, _, v in shown_rows]
    for new, colour, marker, label in ((False, "#4c72b0", "o", "played (sample set)"), (True, NEW_COLOUR, "D", "played (new card)")):
        part = [(y, r) for y, r in zip(ys, rows, strict=True) if bool(r.get("new")) == new]
        if not part:
            continue
        rate = [r["win_rate_played"] for _, r in part]
        axes[0].errorbar(rate, [y for y, _ in part], xerr=[[x - r["win_ci95"][0] for x, (_, r) in zip(rate, part, strict=True)],
                                                          [r["win_ci95"][1] - x for x, (_, r) in zip(rate, part, strict=True)]],
                         fmt=marker, color=colour, capsize=3, label=label, clip_on=False, zorder=4)
    nots = [(y, r["win_rate_not_played"]) for y, r in zip(ys, rows, strict=True) if r["win_rate_not_played"] is not None]
    axes[0].scatter([v for _, v in nots], [y for y, _ in nots], marker="x", color="#c44e52", label="not played", zorder=3,
                    clip_on=False)
    axes[0].axvline(0.5, color="grey", linestyle="--", linewidth=1)
    axes[0].set_xlim(-MARGIN, 1 + MARGIN)   # a marker at 0 or 1 is drawn whole
    axes[0].set_yticks(ys)
    axes[0].set_yticklabels([f"{v['name']} ({c}){' NEW' if v.get('new') else ''}" for c, _, v in shown_rows], fontsize=8)
    for tick, (_, _, v) in zip(axes[0].get_yticklabels(), shown_rows, strict=True):
        if v.get("new"):
            tick.set_color(NEW_COLOUR)
            tick.set_fontweight("bold")
    axes[0].invert_yaxis()
    axes[0].set_xlabel("the character's win rate (95% CI)")
    axes[0].legend(loc="lower right", fontsize=8)
    play = [r["play_rate"] for r in rows]
    axes[1].barh(ys, play, xerr=[[p - r["play_ci95"][0] for p, r in zip(play, rows, strict=True)],
                                 [r["play_ci95"][1] - p for p, r in zip(play, rows, strict=True)]],
                 color="#55a868", capsize=2)
    axes[1].set_xlim(0, 1 + MARGIN)
    axes[1].set_xlabel("share of the character's duels it was played in (95% CI)")
    fig.suptitle(f"{title}: cards (of each character) by the win rate when played")
    fig.tight_layout()
    return out + save(fig, stem.parent / f"{stem.name}-cards")
