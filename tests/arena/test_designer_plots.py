"""The card designer's plots and report: the designer's own cards are marked apart from the sample set, and a
marker at a win rate of 0 or 1 is drawn whole (issue 31, section 5)."""

from __future__ import annotations

import matplotlib

from daimyo.arena import plot as plotting
from daimyo.arena.designer import Duel, card_set, play_duel, report_lines, study
from tests.arena.test_designer import tiny_card_file

matplotlib.use("Agg")


def _study(tmp_path):
    path = tiny_card_file(tmp_path / "mine.json")
    texts = ((str(path), path.read_text(encoding="utf-8")),)
    cs = card_set(texts)
    rows = [play_duel(Duel(i, 11 + i, ("mine", "tetsu"), ("mine-deck", "tetsu-sample"), ("heuristic", "heuristic")), texts)
            for i in range(2)]
    return study(rows, cs)


def test_the_designers_own_cards_are_marked_new(tmp_path):
    result = _study(tmp_path)
    mine = result["cards"]["mine"]
    assert mine["mine-breath"]["new"] and mine["mine-blade"]["new"] and not mine["quick-cut"]["new"]
    assert not any(v["new"] for v in result["cards"]["tetsu"].values())
    text = "\n".join(report_lines(result))
    assert "My Breath (`mine-breath`) **new**" in text and "(`quick-cut`) **new**" not in text


def test_the_card_plot_marks_new_cards_and_keeps_a_marker_at_one_whole(tmp_path, monkeypatch):
    result = _study(tmp_path)
    breath = result["cards"]["mine"]["mine-breath"]
    breath.update(win_rate_played=1.0, win_ci95=[0.6, 1.0], played=max(breath["played"], 1))   # a card that always won
    figures = []
    real_save = plotting.save

    def keep(fig, stem):
        figures.append(fig)
        return real_save(fig, stem)

    monkeypatch.setattr(plotting, "save", keep)
    files = plotting.plot_designer(result, tmp_path / "designer", characters=["mine"])
    assert all(f.exists() for f in files)
    ax = figures[1].axes[0]
    low, high = ax.get_xlim()
    assert low < 0 and 1 < high <= 1.1            # room past 1: the marker and its cap are not cut in half
    labels = {t.get_text(): t for t in ax.get_yticklabels()}
    new = labels["My Breath (mine) NEW"]
    assert matplotlib.colors.to_hex(new.get_color()) == plotting.NEW_COLOUR and new.get_fontweight() == "bold"
    old = next(t for k, t in labels.items() if "NEW" not in k)
    assert matplotlib.colors.to_hex(old.get_color()) != plotting.NEW_COLOUR
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "played (new card)" in legend and "played (sample set)" in legend


def test_a_win_rate_of_one_keeps_its_cap_in_the_bar_plots():
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    plotting.bars(ax, ["always", "never"], [1.0, 0.0], [[0.7, 1.0], [0.0, 0.3]], "win rate")
    assert ax.get_ylim()[1] > 1.0
    plt.close(fig)
