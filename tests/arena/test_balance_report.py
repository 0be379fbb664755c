"""``daimyo rokugan balance``: where its report goes, and that its figures come again (issue 31, section 5)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from daimyo.arena.balance import run_balance, write_report
from daimyo.cli.main import main


def test_the_report_goes_under_out_and_leaves_the_folders_docs_alone(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "balance.md").write_text("the project's own report\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["rokugan", "balance", "--games", "1", "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    written = json.loads(r.output)["written"]
    assert written[0] == "balance-results/report/balance.md"
    assert all(w.startswith("balance-results/report/") for w in written)
    assert (tmp_path / "docs" / "balance.md").read_text(encoding="utf-8") == "the project's own report\n"
    assert sorted(p.name for p in (tmp_path / "docs").iterdir()) == ["balance.md"]
    # --docs names the folder when a person wants it elsewhere
    r = CliRunner().invoke(main, ["rokugan", "balance", "--games", "1", "--workers", "1", "--docs", "mine", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["written"][0] == "mine/balance.md"


def test_the_same_command_gives_the_same_figures_whatever_the_workers(tmp_path):
    one = run_balance(4, ["heuristic"], 3, 1, tmp_path / "a", counts=(2, 4))
    two = run_balance(4, ["heuristic"], 3, 2, tmp_path / "b", counts=(2, 4))
    assert one["by_players"]["4"]["digest"] == two["by_players"]["4"]["digest"]
    assert one["by_players"]["2"]["digest"] == two["by_players"]["2"]["digest"]
    drop = {"seconds"}
    assert {k: v for k, v in one["by_players"]["4"].items() if k not in drop} == \
           {k: v for k, v in two["by_players"]["4"].items() if k not in drop}
    other = run_balance(4, ["heuristic"], 4, 1, tmp_path / "c", counts=(4,))
    assert other["by_players"]["4"]["digest"] != one["by_players"]["4"]["digest"]   # other seeds, other games
    text = write_report(one, tmp_path / "report")[0].read_text(encoding="utf-8")
    assert f"4 players `{one['by_players']['4']['digest']}`" in text and "whatever `--workers` is" in text
