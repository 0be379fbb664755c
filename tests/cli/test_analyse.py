"""``daimyo analyse RECORD`` (daimyo/cli/analyse.py): the analysis of a finished game as a table or JSON."""

from __future__ import annotations

import json

from click.testing import CliRunner

from daimyo.cli.main import main
from tests.bots.test_analysis import played, write


def test_analyse_prints_each_position_and_reads_the_game_from_the_format_line(tmp_path):
    record, moves, _ = played("risingsun")
    path = tmp_path / "war.txt"
    path.write_text(record, encoding="utf-8")
    out = CliRunner().invoke(main, ["analyse", str(path), "--budget", "2", "--json"])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["game"] == "risingsun" and len(result["positions"]) == len(moves) + 1
    table = CliRunner().invoke(main, ["analyse", str(path), "--budget", "2"])
    assert table.exit_code == 0 and "seat 3" in table.output and moves[0][1] in table.output


def test_analyse_refuses_a_game_not_over_and_a_bad_budget_by_name(tmp_path):
    _, moves, _ = played("senjutsu")
    path = tmp_path / "duel.txt"
    path.write_text(write("senjutsu", moves[:4], None), encoding="utf-8")
    out = CliRunner().invoke(main, ["analyse", str(path)])
    assert out.exit_code == 1 and "not over" in out.output and "Traceback" not in out.output
    out = CliRunner().invoke(main, ["analyse", str(path), "--budget", "lots"])
    assert out.exit_code == 1 and "budget" in out.output
    other = tmp_path / "notes.txt"
    other.write_text("hello\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["analyse", str(other)])
    assert out.exit_code == 1 and "--game" in out.output
