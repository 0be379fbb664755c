"""The native bots' knowledge and territory-card scoring against the Python bots (docs/native.md), draw for draw.

Positions come from Python engine games of 2 to 5 players played by the heuristic bot and random bots (clans
chosen as actions in some games): every phase, placements with hidden tokens, Spy Network's seen hands, Dragon,
the first player card, objectives being chosen. At each position:

* the native ``determinize(game, seat, seed)`` is, field by field, the Python ``determinize(s, seat, Rng(seed))``,
  and leaves the generator in the same state;
* it is the same world when facts hidden from ``seat`` differ (Hidden information);
* at an Upkeep decision and at each step of a territory card, the native scores of the heuristic bot equal the
  Python ``RokuganHeuristicBot._upkeep`` / ``_card_step`` scores exactly (==), with the bot's generator after.

``DAIMYO_NATIVE_GAMES=N`` plays N more games (as the other opt-in tests here).
"""

from __future__ import annotations

import os

import pytest

from daimyo.bots.random_bot import RandomBot, bot_seed
from daimyo.bots.rokugan.heuristic import RokuganHeuristicBot
from daimyo.bots.rokugan.knowledge import determinize
from daimyo.core.rng import GameKey, Rng
from daimyo.rokugan import native, new_game
from daimyo.rokugan.data import RULES as R
from daimyo.rokugan.native import _comparable
from daimyo.rokugan.records import CARD, PLACEMENT, UPKEEP, SeenHand
from daimyo.rokugan.state import FIELDS
from tests.bots.helpers import new
from tests.rokugan.test_properties import perturb_hidden

GAMES = 60
EXTRA_GAMES = int(os.environ.get("DAIMYO_NATIVE_GAMES", "0") or 0)
_COMPARED = [f.name for f in FIELDS if f.name not in ("result", "_targets")]


def _difference(a, b) -> str | None:
    """The first field where Python states ``a`` and ``b`` differ, with both values; None if they agree."""
    for name in _COMPARED:
        x, y = _comparable(name, getattr(a, name, None)), _comparable(name, getattr(b, name, None))
        if x != y:
            return f"field {name}:\n  native: {x}\n  python: {y}"
    return None


def _hidden_changed(s, seat: int, rng: Rng):
    """``s`` with every fact hidden from ``seat`` that determinize may not read changed (perturb_hidden).

    determinize draws a new world from what the seat knows; two facts of the true state it reads in an order that
    is public, so they are changed here in the same way as perturb_hidden but keeping that order: the territory
    cards of another player are each replaced by the other card of the same territory (which territory's card
    it holds, and in which order it took them, is what the rules show; which of the two cards is hidden); the
    initiative deck's clan cards are public, so they stay in it, in a new order, and its neutral cards change
    places and identities."""
    t = perturb_hidden(s, seat, rng, chance=False)
    t.rng = Rng(rng.next64())
    for o in range(t.n):
        if o != seat:
            t.cards[o] = [next(c for c in R.territory_cards[R.territory_index[R.cards[x]["territory"]]] if c != x)
                          for x in s.cards[o]]
    clan_cards = [c for c in s.initiative if c not in R.neutral_cards]
    rng.shuffle(clan_cards)
    unused = sorted(R.neutral_cards)
    rng.shuffle(unused)
    deck = clan_cards[:]
    for _ in range(len(s.initiative) - len(clan_cards)):
        deck.insert(rng.below(len(deck) + 1), unused.pop())
    t.initiative = deck
    return t


class _Seen:
    """What the positions checked held (the features the agreement must cover)."""

    def __init__(self):
        self.phases: set[str] = set()
        self.spied = self.hidden_board = self.dragon = self.bluff_pool = self.offers = 0
        self.upkeep = self.card_steps = 0
        self.cards: set[str] = set()


def _check_determinize(s, game, seat: int, seed: int, seen: _Seen) -> None:
    got, after = native.require().determinize(game, seat, seed)
    rng = Rng(seed)
    want = determinize(s, seat, rng)
    where = f"determinize seat {seat} seed {seed} in {s.phase} round {s.round}"
    diff = _difference(native.python_state(got, R), want)
    assert diff is None, f"{where}: {diff}"
    assert after == rng.state, where
    # hidden information: the same world whatever the facts hidden from the seat
    changed = _hidden_changed(s, seat, Rng(seed ^ 0x5A5A))
    assert changed.view(seat) == s.view(seat), where
    other = native.from_python(changed)._game
    again, after_again = native.require().determinize(other, seat, seed)
    diff = _difference(native.python_state(again, R), want)
    assert diff is None and after_again == after, f"{where}, hidden facts changed: {diff}"
    seen.phases.add(s.phase)
    for o in range(s.n):
        if o == seat or s.clans[o] is None:
            continue
        seen.spied += any(isinstance(f, SeenHand) and f.seat == o and f.codes for f in s.seen[seat])
        seen.hidden_board += any(t.owner == o and not t.faceup and not (t.known_by >> seat) & 1 for t in s.tokens)
        seen.bluff_pool += R.bluff_index in s.pool[o]
    seen.dragon += any(p.kind == "dragon_return" for p in s.pending)
    seen.offers += any(s.offer)


def _scores(raw: list) -> list:
    return [(v, tuple(m)) for v, m in raw]


def _check_card_steps(s, game, seat: int, seed: int, seen: _Seen) -> None:
    """Each step of the card being resolved: both samplings, then on along the Python bot's first choice."""
    core = native.require()
    steps = 0
    while s.pending and s.pending[-1].kind == CARD and s.pending[-1].seat == seat and steps < 8:
        moves = s.legal_moves(seat)
        for sample in (True, False):
            bot = RokuganHeuristicBot(seed)
            want = bot._card_step(s, seat, moves, sample=sample)
            got, after = core.heuristic_card_scores(game, seat, seed, sample)
            where = f"card {s.pending[-1].card} step {s.pending[-1].step} sample {sample} seed {seed}"
            assert _scores(got) == want, where
            assert after == bot.rng.state, where
        seen.card_steps += 1
        seen.cards.add(s.pending[-1].card)
        move = max(want, key=lambda vm: vm[0])[1]
        s = s.clone()
        s.apply_move(seat, move)
        game = game.copy()
        game.apply_move(seat, move)
        seed = (seed * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        steps += 1


def _check_upkeep(s, game, seat: int, seed: int, seen: _Seen) -> None:
    bot = RokuganHeuristicBot(seed)
    moves = s.legal_moves(seat)
    want = bot._upkeep(s, seat, moves)
    got, after = native.require().heuristic_upkeep_scores(game, seat, seed)
    assert _scores(got) == want, f"upkeep seat {seat} seed {seed} round {s.round}"
    assert after == bot.rng.state
    seen.upkeep += 1
    # and the steps of each card the seat may play
    for m in moves:
        if m[0] == "play":
            t, g = s.clone(), game.copy()
            t.apply_move(seat, m)
            g.apply_move(seat, m)
            _check_card_steps(t, g, seat, seed ^ 0xC0FFEE, seen)


def _play(g: int, seen: _Seen, every: int) -> None:
    """Game ``g``: at every ``every``-th position (and every Upkeep or card decision) the checks above."""
    players = 2 + g % 4
    s = new(players, 9000 + g, clans=g % 5 != 0)
    bots = {p: (RokuganHeuristicBot(bot_seed(g, p)) if p == g % players or g % 3 == 1 else RandomBot(bot_seed(g, p)))
            for p in range(players)}
    step = 0
    while not s.is_terminal():
        seat = s.to_act()[0]
        seed = bot_seed(g, step)
        decision = (s.phase == UPKEEP and not s.pending) or (s.pending and s.pending[-1].kind == CARD)
        if step % every == 0 or decision:
            game = native.from_python(s)._game
            _check_determinize(s, game, seat, seed, seen)
            if step % (every * 3) == 0:
                _check_determinize(s, game, (seat + 1) % players, seed + 1, seen)
            if s.phase == UPKEEP and not s.pending:
                _check_upkeep(s, game, seat, seed, seen)
            elif s.pending and s.pending[-1].kind == CARD:
                _check_card_steps(s, game, seat, seed, seen)
        s.apply_move(seat, bots[seat].choose(s, seat))
        step += 1


def test_determinize_and_card_scores_agree_with_the_python_bots():
    seen = _Seen()
    for g in range(GAMES):
        _play(g, seen, every=2)
    assert seen.phases >= {"setup-objectives", "setup-control", UPKEEP, PLACEMENT}
    assert seen.hidden_board and seen.spied and seen.offers and seen.bluff_pool, vars(seen)
    assert seen.dragon and seen.upkeep >= 200 and seen.card_steps >= 800, vars(seen)
    assert len(seen.cards) == len(R.territory_cards) * 2, vars(seen)  # every territory card's steps


@pytest.mark.skipif(not EXTRA_GAMES, reason="opt-in: DAIMYO_NATIVE_GAMES=N plays N more games")
def test_determinize_and_card_scores_agree_over_many_games():
    seen = _Seen()
    for g in range(GAMES, GAMES + EXTRA_GAMES):
        _play(g, seen, every=1)
    assert seen.dragon and seen.spied, vars(seen)


def test_determinize_ignores_where_tokens_stand_when_no_assignment_fits():
    """knowledge.py's fallback: when eight tries find no kind for some facedown token (here a player's only
    unknown tokens are navies and a raid while one of its facedown tokens attacks across a land border), the
    tokens are dealt without regard to where they stand; both engines deal the same."""
    s = new(3, 41)
    bots = {p: RandomBot(bot_seed(41, p)) for p in range(3)}
    while not (s.phase == PLACEMENT and any(t.place == "l" and t.owner != 0 and not t.faceup for t in s.tokens)):
        seat = s.to_act()[0]
        s.apply_move(seat, bots[seat].choose(s, seat))
    t = next(t for t in s.tokens if t.place == "l" and t.owner != 0 and not t.faceup)
    o, kinds = t.owner, R.clan_tokens[s.clans[t.owner]]
    navies = [i for i, k in enumerate(kinds) if k.kind in ("navy", "raid")]
    for i, x in enumerate(s.tokens):  # every facedown token of `o` a navy, its unknown tokens navies and a raid
        if x.owner == o and not x.faceup:
            s.tokens[i] = type(x)(x.number, x.owner, navies[0], x.place, x.site, x.attacked, x.faceup, x.known_by)
    s.hand[o], s.pool[o] = navies[1:3], navies[3:]
    game = native.from_python(s)._game
    for seed in range(20):
        rng = Rng(seed)
        want = determinize(s, 0, rng)
        got, after = native.require().determinize(game, 0, seed)
        assert _difference(native.python_state(got, R), want) is None and after == rng.state
        assert kinds[next(x for x in want.tokens if x.number == t.number).clan_token].kind != "army"


@pytest.mark.parametrize("codes", [(), ("a1",)])
def test_a_spy_network_sight_counts_only_when_it_saw_tokens(codes):
    """knowledge.py _spy_seen is read for truth: a hand seen empty leaves the hand to be drawn, one seen with
    tokens keeps it (sorted); both engines read it so."""
    s = new(3, 12)
    bots = {p: RandomBot(bot_seed(12, p)) for p in range(3)}
    while not (s.phase == PLACEMENT and len(s.hand[1]) >= 3):
        seat = s.to_act()[0]
        s.apply_move(seat, bots[seat].choose(s, seat))
    s.seen[0] = [SeenHand("spy-network", 1, s.clans[1], codes)]
    game = native.from_python(s)._game
    kept = 0
    for seed in range(10):
        rng = Rng(seed)
        want = determinize(s, 0, rng)
        got, after = native.require().determinize(game, 0, seed)
        assert _difference(native.python_state(got, R), want) is None and after == rng.state
        kept += want.hand[1] == sorted(s.hand[1])
    assert kept == 10 if codes else kept < 10


def test_determinize_of_a_keyed_game_agrees():
    """A keyed game (a server's): the world drawn has a SplitMix64 generator from the caller's in both engines."""
    s = new_game(players=4, seed=GameKey(bytes(range(32))))
    bots = [RandomBot(p) for p in range(4)]
    step = 0
    while not s.is_terminal():
        seat = s.to_act()[0]
        if step % 5 == 0:
            rng = Rng(step)
            want = determinize(s, seat, rng)
            got, after = native.require().determinize(native.from_python(s)._game, seat, step)
            assert _difference(native.python_state(got, R), want) is None and after == rng.state, step
        s.apply_move(seat, bots[seat].choose(s, seat))
        step += 1
