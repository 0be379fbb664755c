"""The shape of a game (daimyo/arena/shape.py, docs/designers.md "The shape of a game"): each figure on hand-made
games whose values are worked out by hand, then on records of each of the three games."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from daimyo.arena.shape import Trace, decisiveness, kingmade, lead_changes, margin, max_gain, measure, shape, trace
from daimyo.cli.main import main

# three 3-player games, standings at the round boundaries, the last the final scores
#   A: seat 0 leads throughout and wins by 10
#   B: the lead goes 1 -> 0 -> 1 -> 2 (three changes); seat 2 wins by 2; at the last round's start seat 0 is 14
#      behind the leader: out of contention only if no one gained more than 14 in a round
#   C: seats 0 and 1 tie for the win (a shared win)
A = Trace(players=3, rounds=[[5, 1, 0], [12, 6, 3], [30, 20, 10]], winners=[0], moves=100, first=0)
B = Trace(players=3, rounds=[[2, 6, 0], [9, 7, 8], [3, 17, 12], [20, 22, 24]], winners=[2], moves=140, first=1)
C = Trace(players=3, rounds=[[4, 4, 0], [10, 8, 9], [15, 15, 11]], winners=[0, 1], moves=120, first=2)


def test_lead_changes_count_one_sole_leader_to_another():
    assert lead_changes(A) == [False, False]
    # B: leaders 1, 0, 1, 2: three changes; C: tie (none), 0, tie (0 is kept): none
    assert lead_changes(B) == [True, True, True]
    assert lead_changes(C) == [False, False]


def test_decisiveness_is_the_share_of_boundaries_the_winner_already_held_its_lead():
    assert decisiveness(A) == 1.0     # led at every boundary
    assert decisiveness(B) == 0.0     # led only at the end
    assert decisiveness(C) is None    # a shared win has no sole winner
    late = Trace(players=2, rounds=[[1, 0], [0, 2], [1, 3], [2, 5]], winners=[1], moves=10)
    assert decisiveness(late) == pytest.approx(2 / 3)


def test_margin_of_a_sole_winner():
    assert margin(A) == (10, pytest.approx(1 / 3, abs=1e-6))
    assert margin(B) == (2, pytest.approx(2 / 24, abs=1e-6))
    assert margin(C) is None


def test_kingmaking_needs_a_player_out_of_contention_and_the_lead_turned_in_the_last_round():
    assert max_gain([A, B, C]) == 18   # A: seat 0 from 12 to 30
    # B at the last round's start: [3, 17, 12]; seat 0 is 14 behind, not more than 18: nobody is out of contention
    assert kingmade(B, 18) is False
    # with a smaller swing seat 0 is out, and the leader then (seat 1) did not win
    assert kingmade(B, 10) is True
    assert kingmade(A, 10) is False    # the leader won
    assert kingmade(Trace(players=2, rounds=[[1, 0], [1, 2]], winners=[1], moves=4), 0) is None


def test_measure_on_hand_made_games():
    m = measure([A, B, C])
    assert m["games"] == 3 and m["players"] == 3
    assert m["duration"]["moves_mean"] == 120 and (m["duration"]["moves_min"], m["duration"]["moves_max"]) == (100, 140)
    assert m["duration"]["rounds_mean"] == pytest.approx(10 / 3, abs=1e-6)
    assert m["shared_wins"] == pytest.approx(1 / 3, abs=1e-6) and m["drawishness"] == 0
    assert m["margin"]["games"] == 2 and m["margin"]["mean"] == 6
    assert m["lead_change"]["per_game"] == 1.0
    assert m["lead_change"]["by_round"] == {"2": pytest.approx(1 / 3, abs=1e-6), "3": pytest.approx(1 / 3, abs=1e-6),
                                            "4": 1.0}
    assert m["decisiveness"] == 0.5
    # the first player: A's seat 0 won, B's seat 1 lost, C's seat 2 lost: 1 of 3 (fair: 1/3)
    assert m["first_player"]["win_rate"] == pytest.approx(1 / 3, abs=1e-6)
    assert m["seats"]["0"]["win_rate"] == pytest.approx(1.5 / 3, abs=1e-6)
    assert m["seats"]["2"]["win_rate"] == pytest.approx(1 / 3, abs=1e-6)
    assert m["kingmaking"] == {"games": 3, "rate": 0.0, "swing": 18}


def test_a_draw_is_every_player_tied():
    d = Trace(players=2, rounds=[[1, 1], [3, 3]], winners=[0, 1], moves=8)
    m = measure([d, Trace(players=2, rounds=[[1, 0], [3, 1]], winners=[0], moves=8)])
    assert m["drawishness"] == 0.5 and m["shared_wins"] == 0


def test_one_player_count_at_a_time():
    with pytest.raises(ValueError, match="one player count"):
        measure([A, Trace(players=2, rounds=[[1, 0]], winners=[0], moves=1)])


# the seed's example war (Rising Sun, War Phase page), its bids played by hand: the six wars resolve in order
WAR = """format: risingsun-war
rules: 1
season: spring
honor: lotus dragonfly turtle koi
alliance: turtle lotus

war 1: kyoto
war 2: hokkaido
war 3: oshu
war 4: kansai
war 5: nagato
war 6: edo

player lotus: coins=4 ronin=1 vp=5
player dragonfly: coins=3 vp=4
player turtle: coins=3 ronin=1 vp=3
player koi: coins=2 ronin=2 vp=2

stronghold kyoto: lotus
figures hokkaido: dragonfly bushi x2
stronghold oshu: turtle
figures kansai: turtle bushi, lotus bushi x2
stronghold kansai: turtle
figures nagato: lotus bushi x2, turtle bushi, turtle shinto, koi bushi x2, koi daimyo
stronghold nagato: turtle
figures edo: koi bushi, dragonfly bushi

lotus: bid 1 1 1 1
turtle: bid 0 2 0 0
koi: bid 0 0 3 1
lotus: decline
turtle: decline
lotus: decline
dragonfly: bid 1 1 0 1
koi: bid 0 0 1 0
dragonfly: decline
dragonfly: decline
dragonfly: decline
"""


def test_a_rising_sun_record_traced():
    """The standings before the battles (the file's VP) and after (6, 6, 5, 2: Lotus wins the tie on Honor)."""
    t = trace("risingsun", WAR)
    assert t.rounds == [[5, 4, 3, 2], [6, 6, 5, 2]] and t.winners == [0] and t.moves == 11
    m = shape("risingsun", [WAR])["by_players"]["4"]
    # the final scores tie: Lotus wins on Honor, never leading alone on points
    assert m["margin"]["mean"] == 0 and m["decisiveness"] == 0.0 and m["lead_change"]["per_game"] == 0


@pytest.mark.parametrize(("game_name", "players"), [("rokugan", 3), ("senjutsu", 2)])
def test_records_of_arena_games_replay_to_their_rows(game_name, players):
    from daimyo.arena.run import run_games
    from daimyo.arena.schedule import schedule

    rows = run_games(schedule(players, 2, ["random"], 5, game_name))
    for row in rows:
        t = trace(game_name, row["record"])
        assert t.winners == row["winners"] and t.moves == row["moves"] and t.first == row["first"]
        if row["scores"] is not None:
            assert t.rounds[-1] == row["scores"]
    if game_name == "rokugan":
        assert all(len(trace(game_name, row["record"]).rounds) == 5 for row in rows)   # the five rounds


def test_a_record_that_does_not_replay_is_named():
    with pytest.raises(ValueError, match=r"^war\.txt: line"):
        shape("risingsun", [WAR.replace("koi: bid 0 0 3 1", "koi: bid 9 9 9 9")], ["war.txt"])


def test_shape_command_on_a_folder_of_records(tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "a.txt").write_text(WAR)
    r = CliRunner().invoke(main, ["study", "shape", "--game", "risingsun", "--records", str(folder), "--out",
                                  str(tmp_path / "out"), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["by_players"]["4"]["games"] == 1
    assert (tmp_path / "out" / "shape.md").exists() and (tmp_path / "out" / "shape.svg").exists()
    r = CliRunner().invoke(main, ["study", "shape", "--game", "risingsun", "--records", str(folder), "--players", "3",
                                  "--out", str(tmp_path / "out")])
    assert r.exit_code == 2 and "no game of 3 players" in r.output


def test_shape_command_plays_games(tmp_path):
    r = CliRunner().invoke(main, ["study", "shape", "--game", "rokugan", "--players", "3", "--games", "3",
                                  "--bots", "random", "--workers", "1", "--out", str(tmp_path), "--json"])
    assert r.exit_code == 0, r.output
    m = json.loads(r.output)["by_players"]["3"]
    assert m["games"] == 3 and m["duration"]["rounds_mean"] == 5 and "kingmaking" in m and "first_player" in m
