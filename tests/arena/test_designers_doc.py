"""docs/designers.md: every step's command runs as written (with fewer games) and writes what the page describes."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from daimyo.cli.main import main

ROOT = Path(__file__).parents[2]
PAGE = (ROOT / "docs" / "designers.md").read_text(encoding="utf-8")
COMMANDS = [line[2:] for line in PAGE.splitlines() if line.startswith("$ daimyo ")]


def _args(command: str, tmp_path: Path, games: str) -> list[str]:
    """The command's arguments with a small game count, its --out in the test's folder, and JSON output."""
    args = shlex.split(command)[1:]
    if "--games" in args:
        args[args.index("--games") + 1] = games
    if "--out" in args:
        args[args.index("--out") + 1] = str(tmp_path / args[args.index("--out") + 1])
    return [*args, "--workers", "1", "--json"] if args[0] == "study" or args[:2] == ["rokugan", "effects"] else args


def test_the_page_has_its_eight_steps():
    assert [shlex.split(c)[1:4] for c in COMMANDS] == [
        ["senjutsu", "check-cards", "docs/senjutsu-variant-example.json"],
        ["study", "compare", "--game"], ["study", "compare", "--game"], ["study", "compare", "--game"],
        ["rokugan", "check-rules", "docs/rokugan-variant-example.json"], ["study", "compare", "--game"],
        ["study", "shape", "--game"], ["rokugan", "effects", "--players"]]
    assert [shlex.split(c)[4] for c in COMMANDS[1:4]] == ["senjutsu", "risingsun", "rokugan"]


@pytest.mark.parametrize("step", [0, 4])
def test_steps_1_and_5_the_files_check_as_shown(monkeypatch, step):
    monkeypatch.chdir(ROOT)
    r = CliRunner().invoke(main, shlex.split(COMMANDS[step])[1:])
    shown = PAGE[PAGE.index(COMMANDS[step]) + len(COMMANDS[step]):].split("```")[0].strip()
    assert r.exit_code == 0 and r.output.strip() == shown, r.output


@pytest.mark.parametrize("step, games, units", [
    (1, "1", {"hana", "ishi", "kaze", "tetsu"}),
    (2, "6", {"dragonfly", "koi", "lotus", "turtle"}),
    (3, "7", {"crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"}),
    (5, "7", {"crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"}),
])
def test_steps_2_to_4_compare_and_write_report_figures_and_plot(monkeypatch, tmp_path, step, games, units):
    monkeypatch.chdir(ROOT)
    r = CliRunner().invoke(main, _args(COMMANDS[step], tmp_path, games))
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert set(data["units"]) == units
    assert {Path(f).name for f in data["written"]} == {"compare.md", "compare.json", "compare.png", "compare.svg"}
    assert all(Path(f).parent.parent == tmp_path for f in data["written"])   # nothing written into the checkout
    report = Path(data["written"][0]).read_text(encoding="utf-8")
    # the page's table header is the report's
    assert "| pairs | baseline | variant | difference (pp, 95% CI) | games changed | |" in report
    for v in data["units"].values():
        lo, hi = v["ci95"]
        assert lo <= v["difference"] <= hi
        assert v["difference"] == pytest.approx(v["variant"]["win_rate"] - v["baseline"]["win_rate"], abs=1e-5)


def test_the_pages_figures_are_the_commands(monkeypatch, tmp_path):
    """Step 3 as written (40 games, under two seconds): its table rows are the page's."""
    monkeypatch.chdir(ROOT)
    command = COMMANDS[2]
    args = _args(command, tmp_path, "40")
    args = args[:-1]   # the printed tables, not JSON
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    shown = PAGE[PAGE.index(command):].split("| clan |")[1].split("\n\n")[0]
    for line in shown.strip().splitlines()[2:]:
        assert line in r.output, line


def test_step_6_compares_under_the_rules_file(monkeypatch, tmp_path):
    """The variant arm's games are played under the example rules file: its records name it."""
    from daimyo.rokugan.data_variant import active

    monkeypatch.chdir(ROOT)
    r = CliRunner().invoke(main, _args(COMMANDS[5], tmp_path, "7"))
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["variant"]["rules"][1] == "long-sail" and "rules" not in data["baseline"]
    assert active() is None   # the standard rules are back in force


def test_step_7_measures_the_shape(monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    r = CliRunner().invoke(main, _args(COMMANDS[6], tmp_path, "4"))
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    m = data["by_players"]["4"]
    assert m["games"] == 4 and m["duration"]["rounds_mean"] == 5
    assert {Path(f).name for f in data["written"]} == {"shape.md", "shape.json", "shape.png", "shape.svg"}
    report = Path(data["written"][0]).read_text(encoding="utf-8")
    shown = PAGE[PAGE.index(COMMANDS[6]):].split("| figure | value |")[1].split("\n\n")[0]
    for line in shown.strip().splitlines()[1:]:
        assert line.split(" | ")[0] in report   # every figure the page shows is the report's


def test_step_8_reports_each_card_and_ability(monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    r = CliRunner().invoke(main, _args(COMMANDS[7], tmp_path, "2"))
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert set(data["abilities"]) == {"scorpion-look", "unicorn-swap", "dragon-return"}
    assert data["restricted"] and len(data["cards"]) >= 11
    assert {Path(f).name for f in data["written"]} == {"effects.md", "effects.json", "effects.png", "effects.svg"}
    report = Path(data["written"][0]).read_text(encoding="utf-8")
    for header in ("| card | territory | in game | claimed | played |", "| ability | clan's games | uses a game |"):
        assert header in report and header in PAGE
