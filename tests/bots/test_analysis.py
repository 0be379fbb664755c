"""Analysis after a game (issue 30): each seat's winning chances from its own view, and the search bot's choices
(daimyo/bots/analysis.py; docs/web.md, "Analysis after a game")."""

from __future__ import annotations

import pytest

from daimyo.bots import analysis
from daimyo.bots.analysis import Budget, NoAnalysis, analyse
from daimyo.bots.random_bot import play
from daimyo.bots.registry import game_bot
from daimyo.core.game import Action
from daimyo.core.registry import game, register, unregister
from tests import toy_nim

BUDGET = Budget(rollouts=3, game_seconds=600)


def played(name: str, seed: int = 7) -> tuple[str, list[tuple[int, str]], str | None]:
    """A finished game of ``name`` between heuristic bots: its record, its actions, and its start file if any."""
    info = game(name)
    start = None
    if info.starts_from_file:
        start = info.open_example(info.examples()[0])
        s = info.new_from_file(start)
    else:
        seats = info.seat_choices()[:2]
        s = info.setup(2, seed, seats)
    moves: list[tuple[int, str]] = []
    play(s, {p: game_bot(name, "heuristic", p) for p in range(len(s.returns()))},
         on_move=lambda seat, move: moves.append((seat, info.move_text(s, seat, move))))
    return write(name, moves, start, seed), moves, start


def write(name: str, moves: list[tuple[int, str]], start: str | None, seed: int = 7) -> str:
    info = game(name)
    if start is not None:
        return info.record_from_file(start, moves)
    return info.write_record(2, seed, info.seat_choices()[:2], moves)


@pytest.mark.parametrize("name", ["rokugan", "senjutsu", "risingsun"])
def test_every_position_has_each_seats_chance_and_suggestions_are_legal(name):
    record, moves, _ = played(name)
    result = analyse(name, record, BUDGET)
    assert result["complete"] and result["bot"] in ("ismcts", "smmcts", "regret")
    rows = result["positions"]
    assert len(rows) == len(moves) + 1
    states, _ = analysis._positions(name, record)
    final = states[-1].returns()
    assert rows[-1]["chances"] == [float(x) for x in final]   # the end is known: the game's own result
    suggested = 0
    for k, row in enumerate(rows):
        assert all(0.0 <= c <= 1.0 for c in row["chances"])
        if row["suggestion"] is not None:
            suggested += 1
            # a legal action at that decision: the state before the move accepts it from the actor
            states[k - 1].clone().apply(Action(row["seat"], row["suggestion"]))
    assert suggested > 0


def test_senjutsu_no_hindsight_of_the_rivals_hidden_card():
    """Two records that differ only in one duellist's hidden card choice give the other the same chances and the
    same suggestion until the cards are revealed."""
    record, moves, _ = played("senjutsu")
    states, _ = analysis._positions("senjutsu", record)
    # one duellist chooses a card first (hidden), then the other (both revealed together)
    k = next(i for i in range(len(moves) - 1) if moves[i][1].startswith("play ")
             and moves[i + 1][1].startswith("play ") and moves[i][0] != moves[i + 1][0]
             and len(states[i].legal_moves(moves[i][0])) > 1)
    hidden, seat = moves[k][0], moves[k + 1][0]
    other = next(m for m in states[k].legal_moves(hidden) if m != moves[k][1])
    a = moves[:k + 2]
    b = moves[:k] + [(hidden, other), moves[k + 1]]
    ra = analyse("senjutsu", write("senjutsu", a, None), BUDGET, finished_only=False)["positions"]
    rb = analyse("senjutsu", write("senjutsu", b, None), BUDGET, finished_only=False)["positions"]
    for i in range(k + 2):   # position k + 1 follows the hidden choice
        assert ra[i]["chances"][seat] == rb[i]["chances"][seat], i
    assert ra[k + 2]["suggestion"] is not None
    assert ra[k + 2]["suggestion"] == rb[k + 2]["suggestion"]   # the other's decision, the first card unseen
    assert ra[k + 1]["chances"][hidden] is not None


def test_rising_sun_no_hindsight_of_a_bid_not_yet_revealed():
    record, moves, start = played("risingsun")
    states, _ = analysis._positions("risingsun", record)
    first, second = moves[0], moves[1]
    assert first[1].startswith("bid") and second[1].startswith("bid") and first[0] != second[0]
    other = next(m for m in (game("risingsun").move_text(states[0], first[0], x)
                             for x in states[0].legal_moves(first[0])) if m != first[1])
    ra = analyse("risingsun", write("risingsun", moves[:2], start), BUDGET, finished_only=False)["positions"]
    rb = analyse("risingsun", write("risingsun", [(first[0], other), second], start), BUDGET,
                 finished_only=False)["positions"]
    seat = second[0]
    assert ra[1]["chances"][seat] == rb[1]["chances"][seat]
    assert ra[2]["suggestion"] == rb[2]["suggestion"]   # the second bidder's choice, the first bid unseen


def test_a_game_not_over_is_refused_and_a_bad_record_names_its_line():
    _, moves, _ = played("senjutsu")
    with pytest.raises(NoAnalysis, match="not over"):
        analyse("senjutsu", write("senjutsu", moves[:5], None), BUDGET)
    broken = write("senjutsu", moves[:5] + [(0, "play no-such-card")], None)
    with pytest.raises(NoAnalysis, match="line"):
        analyse("senjutsu", broken, BUDGET, finished_only=False)


def test_a_game_without_a_search_bot_has_no_analysis():
    register(toy_nim.NIM)
    try:
        with pytest.raises(NoAnalysis, match="no analysis for Nim"):
            analysis.searcher("nim")
    finally:
        unregister("nim")


def test_the_cap_spreads_what_it_reaches_over_the_game():
    assert analysis._order(9) == [0, 8, 4, 2, 6, 1, 3, 5, 7]
    assert sorted(analysis._order(10)) == list(range(10))
    record, _, _ = played("senjutsu")
    result = analyse("senjutsu", record, Budget(rollouts=1, game_seconds=1e-9))
    assert not result["complete"]
    assert all(c is None for row in result["positions"] for c in row["chances"])


def test_budget_text():
    assert Budget.parse("8") == Budget(rollouts=8)
    assert Budget.parse("0.5s", 30) == Budget(rollouts=None, seconds=0.5, game_seconds=30)
    for bad in ("0", "-1s", "lots"):
        with pytest.raises(ValueError, match="budget"):
            Budget.parse(bad)


def test_rokugan_no_hindsight_of_a_face_down_token():
    """Battle for Rokugan (Placement Phase: tokens are placed facedown): two records that differ only in which
    token one clan placed facedown on the same spot give the other clan the same chances and the same suggestion
    until the tokens are revealed."""
    record, moves, _ = played("rokugan")
    states, _ = analysis._positions("rokugan", record)
    info = game("rokugan")
    found = None
    for k in range(len(moves) - 1):
        seat, text = moves[k]
        if not text.startswith("place ") or moves[k + 1][0] == seat:
            continue
        token, _, where = text.removeprefix("place ").partition(" ")
        legal = {info.move_text(states[k], seat, m) for m in states[k].legal_moves(seat)}
        others = sorted(m for m in legal if m.endswith(" " + where) and m != text
                        and m.split()[1][:1] == token[:1] and m.split()[1] != token)
        if others:
            b = moves[:k] + [(seat, others[0]), moves[k + 1]]
            try:
                analysis._positions("rokugan", write("rokugan", b, None))
            except NoAnalysis:
                continue
            found = k, b
            break
    assert found is not None
    k, b = found
    observer = moves[k + 1][0]
    ra = analyse("rokugan", write("rokugan", moves[:k + 2], None), BUDGET, finished_only=False)["positions"]
    rb = analyse("rokugan", write("rokugan", b, None), BUDGET, finished_only=False)["positions"]
    assert ra[k + 1]["chances"][observer] == rb[k + 1]["chances"][observer]
    assert ra[k + 2]["suggestion"] == rb[k + 2]["suggestion"]
    assert ra[k + 1]["action"] != rb[k + 1]["action"]
