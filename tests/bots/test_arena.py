"""The arena: fair rotation, correct intervals, stored and replayable games, worker processes and Ray."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from daimyo.arena.play import play_spec
from daimyo.arena.run import run_games
from daimyo.arena.schedule import CLANS, schedule
from daimyo.arena.stats import objectives, summarize, wilson
from daimyo.arena.store import Store
from daimyo.rokugan.record import replay


def _strip(row: dict) -> dict:
    return {k: v for k, v in row.items() if k != "seconds"}


@pytest.mark.parametrize("players,bots", [(2, ["random", "heuristic"]), (4, ["random", "heuristic", "ismcts:5"]),
                                          (3, ["a", "b", "c", "d", "e"]), (5, ["x", "y"])])
def test_rotation_seats_every_bot_in_every_seat_equally(players, bots):
    k = len(bots)
    specs = schedule(players, k * 7 * 2, bots, seed=10)
    seats = Counter((b, j) for s in specs for j, b in enumerate(s.bots))
    counts = {seats[(b, j)] for b in bots for j in range(players)}
    assert len(counts) == 1, seats
    # each bot plays each clan equally often, and from each seat
    clan_seat = Counter((b, c) for s in specs for b, c in zip(s.bots, s.clans))
    assert len({clan_seat[(b, c)] for b in bots for c in CLANS}) == 1
    for s in specs:
        assert len(set(s.clans)) == players
        assert s.seed == 10 + s.index // k  # paired seeds: one deal per rotation block


def test_wilson_interval_matches_known_values():
    """8 successes in 10 trials: the 95% Wilson interval is 0.4902-0.9433 (Wilson 1927; Newcombe 1998 table)."""
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=5e-5)
    assert hi == pytest.approx(0.9433, abs=5e-5)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=5e-5)
    lo, hi = wilson(50, 100)
    assert (lo, hi) == (pytest.approx(0.4038, abs=5e-5), pytest.approx(0.5962, abs=5e-5))
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_counts_shared_wins_and_rates():
    rows = [
        {"players": 2, "bots": ["a", "b"], "clans": ["crab", "lion"], "returns": [1.0, 0.0], "first": 0,
         "objectives": [["bountiful-harvest", True, 3], ["the-mountain-pass", False, 0]]},
        {"players": 2, "bots": ["b", "a"], "clans": ["crab", "lion"], "returns": [0.5, 0.5], "first": 1,
         "objectives": [["bountiful-harvest", False, 0], [None, False, 0]]},
    ]
    s = summarize(rows)
    assert s["bots"]["a"]["wins"] == 1.5 and s["bots"]["a"]["seats"] == 2
    assert s["bots"]["b"]["win_rate"] == 0.25
    assert s["clans"]["2"]["crab"]["wins"] == 1.5
    assert s["first_player"]["2"]["wins"] == 1.5
    assert s["ratings"]["a"]["mu"] > s["ratings"]["b"]["mu"]
    o = objectives(rows)
    assert o["bountiful-harvest"]["kept"] == 2 and o["bountiful-harvest"]["met"] == 1


def test_a_stored_game_replays_to_the_same_result(tmp_path):
    spec = schedule(3, 1, ["heuristic", "random"], seed=4)[0]
    row = play_spec(spec)
    store = Store(tmp_path)
    path = store.add("t", row)
    back = store.rows("t")
    store.close()
    assert _strip(back[0]) == _strip(row)
    rep = replay(path.read_text())
    assert rep.state.is_terminal()
    assert row["record"].startswith("# bots: heuristic random heuristic\n")
    # the row's first player is the one Setup 8 chose, the first player of round one
    from daimyo.core.game import Action
    from daimyo.rokugan.record import actor_seat, parse
    s, actions = parse(row["record"])
    for _, actor, text in actions:
        if s.round >= 1:
            break
        s.apply(Action(actor_seat(s, actor), text))
    assert row["first"] == s.first
    assert rep.state.result["winners"] == row["winners"]
    assert [r["total"] for r in rep.state.result["scores"]] == row["scores"]


def test_worker_processes_give_the_same_rows_as_one_process():
    specs = schedule(2, 4, ["random", "heuristic"], seed=3)
    one = [_strip(r) for r in run_games(specs, workers=1)]
    two = [_strip(r) for r in run_games(specs, workers=2)]
    assert one == two


def test_ray_local_mode_gives_the_same_rows():
    pytest.importorskip("ray")  # the arena extra; the test extra installs it
    specs = schedule(2, 2, ["random", "heuristic"], seed=8)
    seen = []
    rows = run_games(specs, ray_address="local", on_row=seen.append)
    assert len(seen) == 2
    assert [_strip(r) for r in rows] == [_strip(play_spec(s)) for s in specs]


def test_arena_command_writes_json_plots_and_records(tmp_path):
    from daimyo.cli.main import main

    res = CliRunner().invoke(main, ["arena", "--players", "2", "--games", "4", "--bots", "random,heuristic", "--seed", "1",
                                    "--workers", "1", "--out", str(tmp_path), "--json"])
    assert res.exit_code == 0, res.output
    r = json.loads(res.output)
    assert r["games"] == 4
    assert r["bots"]["heuristic"]["seats"] == 4 and r["bots"]["random"]["seats"] == 4
    assert set(r["ratings"]) == {"heuristic", "random"}
    for p in r["plots"]:
        assert (tmp_path / p.rsplit("/", 1)[-1]).stat().st_size > 1000
    assert len(list((tmp_path / "records").iterdir())) == 4


def test_arena_rejects_an_unknown_bot():
    from daimyo.cli.main import main

    res = CliRunner().invoke(main, ["arena", "--bots", "random,nobody"])
    assert res.exit_code != 0
    assert "unknown bot 'nobody'" in res.output


def test_balance_study_writes_report_and_plots(tmp_path):
    from daimyo.arena.balance import run_balance, write_report

    study = run_balance(3, ["heuristic", "random"], 5, 1, tmp_path / "games", counts=(2, 3))
    assert study["games_total"] == 6
    assert set(study["by_players"]) == {"2", "3"}
    assert sum(v["kept"] for v in study["objectives"].values()) == 3 * 2 + 3 * 3
    files = write_report(study, tmp_path / "docs")
    text = files[0].read_text()
    assert "## Win rate per clan" in text and "## First player and seats" in text and "## Secret objectives" in text
    assert {f.name for f in files[1:]} == {f"balance-{k}.{x}" for k in ("clans", "first-player", "objectives") for x in ("png", "svg")}


def test_ismcts_benchmark_reports_iterations_per_second():
    from daimyo.cli.main import main

    res = CliRunner().invoke(main, ["arena", "--players", "4", "--games", "1", "--bots", "ismcts:0.05s", "--bench", "--json"])
    assert res.exit_code == 0, res.output
    r = json.loads(res.output)
    assert r["players"] == 4 and r["positions"][0]["round"] == 1
    assert r["positions"][0]["iterations"] >= 1 and r["iterations_per_second"] > 0


def test_ismcts_benchmark_times_the_engine_its_spec_names(monkeypatch):
    from daimyo.arena import bench
    from daimyo.cli.main import main

    engines = []
    real = bench.ISMCTSBot

    def recording(*args, **kw):
        bot = real(*args, **kw)
        engines.append(bot.engine)
        return bot

    monkeypatch.setattr(bench, "ISMCTSBot", recording)
    res = CliRunner().invoke(main, ["arena", "--players", "2", "--games", "1", "--bots", "ismcts-python:0.02s", "--bench",
                                    "--json"])
    assert res.exit_code == 0, res.output
    assert engines[-1] == "python" and json.loads(res.output)["engine"] == "python"
    res = CliRunner().invoke(main, ["arena", "--players", "2", "--games", "1", "--bots", "ismcts:0.02s", "--bench"])
    assert res.exit_code == 0 and f"ISMCTS ({engines[-1]} engine) at the start of a 2-player round" in res.output


def test_arena_without_its_libraries_says_which_extra_to_install(monkeypatch):
    import importlib.util

    from click.testing import CliRunner

    from daimyo.cli.main import main

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "openskill" else real(name, *a))
    r = CliRunner().invoke(main, ["arena", "--games", "1"])
    assert r.exit_code == 1 and "openskill" in r.output and "daimyo[arena]" in r.output
