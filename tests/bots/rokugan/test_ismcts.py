"""ISMCTS: legal moves only, budgets, and decisions that cannot depend on facts hidden from its seat."""

from __future__ import annotations

import pytest

from daimyo.bots.random_bot import RandomBot, bot_seed
from daimyo.bots.rokugan import make_bot
from daimyo.bots.rokugan.heuristic import RokuganHeuristicBot
from daimyo.bots.rokugan.ismcts import ISMCTSBot, parse_budget
from daimyo.bots.rokugan.knowledge import determinize, known
from daimyo.core.rng import Rng
from daimyo.rokugan.data import RULES as R
from daimyo.rokugan.records import PLACEMENT
from tests.bots.helpers import new, play_checked
from tests.rokugan.test_properties import check_accounting, perturb_hidden


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ismcts_plays_whole_games_with_legal_moves_only(players):
    """Playing the Game: with a tiny budget (two search rounds over two root candidates, so the search
    and not the fallback makes each choice) ISMCTS finishes games of 2 to 5 players, every move legal."""
    for g in range(2):
        seed = 40 + 10 * players + g
        s = new(players, seed, clans=g == 0)
        bots = {p: RandomBot(bot_seed(seed, p)) for p in range(players)}
        bots[g % players] = ISMCTSBot(seed, iterations=4, root_candidates=2)
        bots[(g + 1) % players] = RokuganHeuristicBot(seed)
        play_checked(s, bots)
        assert s.is_terminal()


def test_budgets_are_read_as_iterations_or_seconds():
    assert parse_budget("200") == (200, None)
    assert parse_budget("1s") == (None, 1.0)
    assert parse_budget("250ms") == (None, 0.25)
    assert parse_budget(None) == (None, 1.0)
    for bad in ("0", "-3", "fast", "0s"):
        with pytest.raises(ValueError, match="bad ISMCTS budget"):
            parse_budget(bad)
    b = make_bot("ismcts:200", 1)
    assert isinstance(b, ISMCTSBot) and b.iterations == 200 and b.seconds is None
    assert make_bot("ismcts:1s", 1).seconds == 1.0
    assert make_bot("ismcts", 1).seconds == 1.0


def test_iteration_budget_is_spent_exactly_and_is_reproducible():
    s = _placement_state(4, 21)
    seat = s.to_act()[0]
    a, b = ISMCTSBot(5, iterations=12, early_stop=False), ISMCTSBot(5, iterations=12, early_stop=False)
    assert a.choose(s, seat) == b.choose(s.clone(), seat)
    assert a.last_iterations == 12
    moves = s.legal_moves(seat)
    cands = [m for _, m in sorted(RokuganHeuristicBot(1).score_moves(s, seat, moves), key=lambda vm: -vm[0])[:4]]
    root = ISMCTSBot(5, iterations=10, early_stop=False).search(s, seat, cands)
    assert root.rounds == 2  # whole rounds only: every candidate was simulated in the same sampled worlds
    assert sum(c.visits for c in root.children.values()) == 10
    assert all(c.value is not None for c in root.children.values())


def _placement_state(players: int, seed: int, extra: int = 0):
    s = new(players, seed)
    hb = {p: RokuganHeuristicBot(p) for p in range(players)}
    rng = Rng(seed)
    while not (s.phase == PLACEMENT and s.round >= 2):
        seat = s.to_act()[0]
        s.apply_move(seat, hb[seat].choose(s, seat))
    for _ in range(extra + rng.below(5)):
        seat = s.to_act()[0]
        s.apply_move(seat, hb[seat].choose(s, seat))
    return s


def test_determinization_keeps_the_seats_view_and_every_token():
    """Hidden information: a determinization shows the seat exactly its view, keeps every component,
    and changes hidden facts (it is drawn, not copied)."""
    changed = 0
    for g in range(12):
        s = _placement_state(2 + g % 4, 300 + g, extra=g % 3)
        seat = s.to_act()[0]
        d = determinize(s, seat, Rng(g))
        assert d.view(seat) == s.view(seat)
        assert d.legal_moves(seat) == s.legal_moves(seat)
        check_accounting(d)
        for t in d.tokens:
            if t.owner != seat and not known(d, seat, t) and t.place != "o":
                kind = R.clan_tokens[d.clans[t.owner]][t.clan_token].kind
                assert kind in ("army", "bluff") if t.place == "l" else True
        changed += any(d.hand[o] != s.hand[o] or d.pool[o] != s.pool[o] for o in range(s.n) if o != seat)
    assert changed >= 10


def test_ismcts_decision_cannot_depend_on_hidden_facts_it_has_not_seen():
    """Hidden information: two states that differ only in facts hidden from the bot's seat (others'
    hands, pools and facedown tokens, objectives, territory cards, the generator, the initiative
    order) give the same choice from equally seeded bots, and the same search statistics."""
    compared = 0
    for g in range(6):
        s = _placement_state(2 + g % 4, 500 + g, extra=g)
        seat = s.to_act()[0]
        other = perturb_hidden(s, seat, Rng(900 + g))
        assert other.view(seat) == s.view(seat)
        differs = any(other.hand[o] != s.hand[o] or other.pool[o] != s.pool[o] or other.objective[o] != s.objective[o]
                      for o in range(s.n) if o != seat)
        assert differs
        a, b = ISMCTSBot(g, iterations=8), ISMCTSBot(g, iterations=8)
        ma, mb = a.choose(s, seat), b.choose(other, seat)
        assert ma == mb
        compared += 1
    assert compared == 6


def test_ismcts_search_statistics_match_on_perturbed_states():
    """Hidden information: not only the choice but every root statistic is the same."""
    s = _placement_state(3, 77, extra=2)
    seat = s.to_act()[0]
    other = perturb_hidden(s, seat, Rng(4))
    bot_a, bot_b = ISMCTSBot(9, iterations=10), ISMCTSBot(9, iterations=10)
    moves = s.legal_moves(seat)
    cands = [m for _, m in sorted(bot_a.heuristic.score_moves(s, seat, moves), key=lambda vm: -vm[0])[:6]]
    ra = bot_a.search(s, seat, cands)
    rb = bot_b.search(other, seat, cands)
    stats = lambda root: [(m, c.visits, round(c.reward, 9), c.avail) for m, c in root.children.items()]  # noqa: E731
    assert stats(ra) == stats(rb)


def _rounds(results: list[list[float]]) -> tuple[list[float], list[list[float]]]:
    """The sums of a search's rounds and the rounds themselves (each round: every candidate's result)."""
    k = len(results[0])
    return [sum(r[i] for r in results) for i in range(k)], results


def test_the_confident_stop_waits_for_its_rounds_and_stops_on_a_clear_or_an_empty_choice():
    """The confident stop (ismcts.py confident): never before twice STOP_MIN_ROUNDS; a candidate that lost every
    round the other won is settled at once; candidates that give the same result in every world (moves to the same
    effect) are settled once the margin's test allows (the variance given before measuring keeps a few equal rounds
    from reading as certain); two candidates that split their worlds evenly are not, unless no round is left."""
    from daimyo.bots.rokugan.ismcts import STOP_MIN_ROUNDS, confident

    prior = [0.5, 0.5]
    first = 2 * STOP_MIN_ROUNDS
    assert confident(*_rounds([[1.0, 0.0]] * first), prior, first, 1000)
    assert not confident(*_rounds([[1.0, 0.0]] * (first - 1)), prior, first - 1, 1000)
    assert not confident(*_rounds([[0.5, 0.5]] * 40), prior, 40, 1000)
    assert confident(*_rounds([[0.5, 0.5]] * 70), prior, 70, 1000)
    even = _rounds([[1.0, 0.0], [0.0, 1.0]] * 30 + [[1.0, 0.0]])
    assert not confident(*even, prior, 61, 1000)
    assert not confident(*even, prior, 61, None)          # no bound known on the rounds to come: it does not stop
    assert confident(*even, prior, 61, 0)                 # no round left: the leader stays


def test_the_confident_stop_reads_the_rounds_to_come_from_the_latest_rounds():
    """A candidate's value drifts as the tree below it grows, so the test reads the rounds to come from the latest
    STOP_WINDOW of the rounds: a candidate behind over all the rounds so far but ahead over the latest half would
    overtake the leader within the rounds left, and the search goes on (a reading of all the rounds alike would
    stop: it is 10 rounds behind, a quarter a round); with no round left the leader stays."""
    from daimyo.bots.rokugan.ismcts import STOP_WINDOW, confident

    assert STOP_WINDOW == 0.5
    drift = _rounds([[1.0, 0.0]] * 20 + [[0.5, 1.0]] * 20)
    assert drift[0] == [30.0, 20.0]
    assert not confident(*drift, [0.5, 0.5], 40, 100)
    assert confident(*drift, [0.5, 0.5], 40, 0)
    steady = _rounds([[1.0, 0.0]] * 20 + [[1.0, 0.5]] * 20)
    assert confident(*steady, [0.5, 0.5], 40, 100)


def test_the_confident_stop_waits_for_a_third_of_the_budget():
    """The confident stop tests only once STOP_AFTER of the budget is spent (ismcts.py spent_enough): of the
    iterations, and of the time to the deadline."""
    import time

    from daimyo.bots.rokugan.ismcts import STOP_AFTER, spent_enough

    assert STOP_AFTER == 1 / 3
    assert not spent_enough(600, 199, None, 0.0)
    assert spent_enough(600, 200, None, 0.0)
    now = time.perf_counter()
    assert not spent_enough(None, 10, now + 3600.0, now)
    assert spent_enough(None, 10, now - 1.0, now - 2.0)      # two seconds spent of a three-second budget
    assert not spent_enough(600, 100, now - 1.0, now - 2.0)  # the time spent, not the iterations
