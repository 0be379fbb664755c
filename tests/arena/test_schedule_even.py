"""The arena's rotation keeps every clan (or character) at every seat as evenly as the game count allows, also when
the count is not a multiple of the rotation's cycle (issue 31, section 4: "seats per clan kept even when the game
count is not a multiple of the rotation"), while whole cycles and the paired seeds stay as they were."""

from collections import Counter

import pytest

from daimyo.arena.compare import Arm, plan
from daimyo.arena.schedule import CLANS, choices_for, cycle, even_rows, schedule
from daimyo.core.registry import game


def _spread(specs, choices):
    """(games of each choice at each seat, games of each choice in all), every choice counted, even at 0."""
    players = specs[0].players
    seats = [Counter(s.clans[j] for s in specs) for j in range(players)]
    total = Counter(c for s in specs for c in s.clans)
    return [[seat[c] for c in choices] for seat in seats], [total[c] for c in choices]


def _assert_even(specs, choices):
    seats, total = _spread(specs, choices)
    for j, counts in enumerate(seats):
        assert max(counts) - min(counts) <= 1, f"seat {j}: {counts}"
    assert max(total) - min(total) <= 1, f"in all: {total}"


@pytest.mark.parametrize("players,games", [(2, 57), (4, 70), (5, 33), (2, 200), (3, 11), (2, 4), (3, 5), (5, 6)])
def test_one_bot_gives_every_clan_every_seat_as_evenly_as_the_count_allows(players, games):
    specs = schedule(players, games, ["heuristic"], seed=3)
    assert len(specs) == games
    _assert_even(specs, CLANS)
    for s in specs:
        assert len(set(s.clans)) == players and s.seed == 3 + s.index and s.block == s.index


def test_the_awkward_counts_give_the_counts_the_arithmetic_gives():
    # 57 games at two players: 8 whole cycles (8 games a clan a seat) and one block more
    seats, total = _spread(schedule(2, 57, ["heuristic"]), CLANS)
    assert all(sorted(c) == [8] * 6 + [9] for c in seats) and sorted(total) == [16] * 5 + [17] * 2
    # 200 games at two players: 57 or 58 games a clan (the cycle's first four blocks gave 56 to 58), 28 or 29 a seat
    seats, total = _spread(schedule(2, 200, ["heuristic"]), CLANS)
    assert sorted(total) == [57] * 6 + [58] and all(sorted(c) == [28] * 3 + [29] * 4 for c in seats)
    # 70 games at four players: ten whole cycles, 40 games a clan, 10 at each seat
    seats, total = _spread(schedule(4, 70, ["heuristic"]), CLANS)
    assert total == [40] * 7 and all(c == [10] * 7 for c in seats)
    # 33 games at five players: 165 places, 23 or 24 a clan; 4 or 5 a clan at each seat
    seats, total = _spread(schedule(5, 33, ["heuristic"]), CLANS)
    assert sorted(total) == [23] * 3 + [24] * 4 and all(sorted(c) == [4, 4] + [5] * 5 for c in seats)


@pytest.mark.parametrize("players,games,bots", [(2, 58, ["random", "heuristic"]), (3, 3 * 12, ["a", "b", "c"]),
                                                (4, 2 * 9, ["x", "y"])])
def test_several_bots_are_even_block_for_block_and_each_block_shares_its_clans(players, games, bots):
    """With k bots a block is k games on one deal and one set of clans, so the counts are even in blocks: in games
    each is k times a block count that is even."""
    k = len(bots)
    specs = schedule(players, games, bots, seed=10)
    _assert_even(specs[::k], CLANS)
    seats, _ = _spread(specs, CLANS)
    assert all(n % k == 0 for counts in seats for n in counts)
    for s in specs:
        assert s.block == s.index // k and s.seed == 10 + s.block
        first = specs[s.block * k]
        assert s.clans == first.clans, "the games of a block play the same clans, seats turned between the bots"


@pytest.mark.parametrize("players,games", [(2, 7), (2, 5), (3, 10), (4, 17), (3, 23)])
def test_senjutsu_characters_are_even_too(players, games):
    chars = tuple(game("senjutsu").seat_choices())
    specs = schedule(players, games, ["heuristic"], game_name="senjutsu")
    _assert_even(specs, chars)


def test_whole_cycles_keep_the_blocks_they_always_played():
    """A run of whole cycles (the balance study's 350 games, the designers' guide's 70) plays the same games as
    before: block b has the rotation's row b."""
    for players, games in ((2, 350), (4, 70), (5, 14)):
        specs = schedule(players, games, ["heuristic"], seed=0)
        assert [s.clans for s in specs] == [choices_for(s.block, players, CLANS) for s in specs]
    # an uneven count keeps every whole cycle and changes only the last, partial one
    specs = schedule(2, 200, ["heuristic"])
    assert [s.clans for s in specs[:196]] == [choices_for(b, 2, CLANS) for b in range(196)]
    assert [s.clans for s in specs[196:]] != [choices_for(b, 2, CLANS) for b in range(196, 200)]


def test_even_rows_picks_cycle_rows_in_order_and_says_how_it_falls_back():
    rows = cycle(2, CLANS)
    assert len(rows) == 7 and even_rows(rows, 0) == [] and even_rows(rows, 1) == [0]
    four = even_rows(rows, 4)
    assert four == sorted(four) and len(set(four)) == 4
    assert sorted(Counter(c for i in four for c in rows[i]).values()) == [1] * 6 + [2]
    # six choices at two players: no three blocks of the step rotation take all six once; the first three
    # blocks are played, their seats still even
    six = cycle(2, CLANS[:6])
    assert even_rows(six, 3) == [0, 1, 2]
    assert all(len({six[i][j] for i in range(3)}) == 3 for j in range(2))


@pytest.mark.parametrize("players,games,bots", [(2, 57, ["heuristic"]), (5, 33, ["heuristic"]), (3, 20, ["random", "heuristic"])])
def test_compare_pairs_the_same_seeds_and_seatings_on_an_uneven_count(players, games, bots):
    base, var = plan("rokugan", players, games, 7, Arm(tuple(bots)), Arm(tuple(reversed(bots))))
    assert [(s.seed, s.clans, s.block) for s in base] == [(s.seed, s.clans, s.block) for s in var]
    assert all(set(s.bots) <= set(bots) for s in base + var) and [s.bots for s in var] == [
        tuple(tuple(reversed(bots))[(s.index + j) % len(bots)] for j in range(players)) for s in var]
    assert schedule(players, games, bots, seed=7) == base, "the same arguments give the same games"
