"""The shape of a game (daimyo/arena/shape.py, docs/designers.md "The shape of a game"): each figure on hand-made
games whose values are worked out by hand, then on records of each of the three games."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from daimyo.arena.shape import Trace, catch_ups, comeback_threshold, decisiveness, kingmade, lead_changes, margin, measure, shape, trace
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
    # the last-round catch-ups on the sole leader as the last round began:
    #   A: leader seat 0 (12 -> 30, +18); seat 1 +14 -> -4, seat 2 +7 -> -11
    #   B: leader seat 1 (17 -> 22, +5); seat 0 +17 -> +12, seat 2 +12 -> +7
    #   C: leader seat 0 (10 -> 15, +5); seat 1 +7 -> +2, seat 2 +2 -> -3
    assert sorted(catch_ups([A, B, C])) == [-11, -4, -3, 2, 7, 12]
    # the 90th percentile by nearest rank: the 6th of 6 (ceil(5.4)); at 0.5 the 3rd
    assert comeback_threshold([A, B, C]) == 12 and comeback_threshold([A, B, C], 0.5) == -3
    # B at the last round's start: [3, 17, 12]; seat 0 is 14 behind, more than 12: out of contention, and the
    # leader then (seat 1) did not win
    assert kingmade(B, 12) is True
    # with a threshold of 14 (a comeback of 14 seen often enough) nobody is out of contention
    assert kingmade(B, 14) is False
    assert kingmade(A, 10) is False    # the leader won
    assert kingmade(C, -10) is False   # the leader (seat 0) shared the win
    assert kingmade(Trace(players=2, rounds=[[1, 0], [1, 2]], winners=[1], moves=4), 0) is None
    assert comeback_threshold([Trace(players=3, rounds=[[4, 4, 1], [5, 6, 2]], winners=[1], moves=9)]) is None


def test_kingmaking_on_constructed_standings_known_both_ways():
    """Twenty 4-player games. In eighteen the leader as the last round begins (seat 0, at 20) gains 10 and holds on,
    the others catching up 0 to 2, 0 to 3 and 0 to 5 on it. In X the leader (20) loses to seat 1 (16), while seats 2
    and 3 are 8 and 15 behind; in Y the leader (20) loses to seat 2 (18) with every other within 4."""
    held = [Trace(players=4, rounds=[[10, 8, 8, 6], [20, 18, 17, 16], [30, 28 + i % 3, 27 + i % 4, 26 + i % 6]],
                  winners=[0], moves=50) for i in range(18)]
    x = Trace(players=4, rounds=[[12, 10, 6, 3], [20, 16, 12, 5], [24, 27, 14, 6]], winners=[1], moves=50)
    y = Trace(players=4, rounds=[[12, 10, 9, 9], [20, 17, 18, 16], [24, 21, 25, 20]], winners=[2], moves=50)
    games = [*held, x, y]
    ups = sorted(catch_ups(games))
    # 54 catch-ups from the held games, X's +7 (seat 1), -2, -3, Y's 0, +3, 0; the 54th of 60 is 4
    assert len(ups) == 60 and ups[-1] == 7 and ups[:2] == [-3, -2] and ups[53] == 4
    threshold = comeback_threshold(games)
    assert threshold == 4
    assert kingmade(x, threshold) is True       # seats 2 and 3 out of contention, the leader lost
    assert kingmade(y, threshold) is False      # a close finish: nobody more than 4 behind
    assert not any(kingmade(t, threshold) for t in held)
    assert measure(games)["kingmaking"] == {"games": 20, "rate": 0.05, "threshold": 4}
    # the former rule (behind by more than the most any player gained in one round) found neither: a held game's
    # seat 3 gained 15 in its last round, so X's seat 3, 15 behind, counted as still in contention
    most = max(b - a for t in games for r0, r1 in zip(t.rounds, t.rounds[1:], strict=False)
               for a, b in zip(r0, r1, strict=True))
    assert most == 15 and not any(max(x.rounds[-2]) - v > most for v in x.rounds[-2])


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
    # B's seat 0 is 14 behind as the last round begins, more than the threshold 12, and the leader lost
    assert m["kingmaking"] == {"games": 3, "rate": pytest.approx(1 / 3, abs=1e-6), "threshold": 12}


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
