"""An observation holds everything the seat knows (issue 27, section 2).

Over random games of all three games, every state met is keyed by what the seat to act observes: its view (the
JSON of ``state.view(seat)``) and its RL observation vector. Two states with the same key must give that seat the
same legal actions: the same legal moves for equal views, the same action mask (Battle for Rokugan's catalogue) or
the same slot list (Senjutsu, Rising Sun) for equal vectors. A seat's half-made choice (a territory card between its
steps, Cultural Exchange after its first province, Dark Favors after its looks, Dragon's drawn tokens) is thus in
its view and its vector, or a policy would see it only through the mask. Games of one deal are played several times
with different random choices, so that states of different histories meet under one key.
"""

from __future__ import annotations

import json

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from daimyo.core.rng import Rng  # noqa: E402
from daimyo.rl import encoding, risingsun as rs, senjutsu as sj  # noqa: E402
from daimyo.rokugan import new_game  # noqa: E402


class Keyed:
    """Observation key -> the legal actions first seen under it; a second, different set is a failure."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.seen: dict = {}

    def add(self, key, actions, where: str) -> None:
        first = self.seen.setdefault(key, (actions, where))
        assert first[0] == actions, (f"two states with the same {self.what} have different legal actions:\n"
                                     f"  {first[1]}: {_short(first[0])}\n  {where}: {_short(actions)}")


def _short(actions) -> str:
    text = repr(sorted(actions, key=repr) if isinstance(actions, frozenset) else actions)
    return text[:400]


def _view_key(s, seat: int) -> str:
    return json.dumps(s.view(seat), sort_keys=True, default=str)


def _play(s, rng: Rng, record, limit: int) -> None:
    """Play random legal moves, calling ``record(s, seat, step)`` for every seat to act before each move."""
    for step in range(limit):
        if s.is_terminal():
            return
        acting = s.to_act()
        for seat in acting:
            record(s, seat, step)
        seat = acting[0]
        s.apply_move(seat, rng.choice(s.legal_moves(seat)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rokugan_equal_observations_have_equal_legal_actions(players):
    views, vectors = Keyed("view"), Keyed("observation vector")
    for deal in range(4):
        for run in range(8):
            def record(s, seat, step, deal=deal, run=run):
                where = f"deal {deal} run {run} step {step} seat {seat} ({s.phase}, {s.pending[-1:] if s.pending else ''})"
                views.add((seat, _view_key(s, seat)), frozenset(s.legal_moves(seat)), where)
                vectors.add((seat, encoding.observe(s, seat).tobytes()), frozenset(encoding.legal_index(s, seat)), where)
            s = new_game(players=players, seed=1000 * players + deal)
            _play(s, Rng(deal * 31 + run), record, 10_000)


SLOT_GAMES = {
    "senjutsu-2": lambda: sj.spec(players=2),
    "senjutsu-3": lambda: sj.spec(players=3),
    "risingsun-seed": lambda: rs.spec("seed-example"),
    "risingsun-worked": lambda: rs.spec("worked-battle"),
}


@pytest.mark.parametrize("name", sorted(SLOT_GAMES))
def test_slot_games_equal_observations_have_equal_legal_actions(name):
    spec = SLOT_GAMES[name]()
    views, vectors = Keyed("view"), Keyed("observation vector")
    for deal in range(3):
        for run in range(4):
            def record(s, seat, step, deal=deal, run=run):
                where = f"deal {deal} run {run} step {step} seat {seat}"
                moves = tuple(s.legal_moves(seat))       # slot k is the k-th legal move: the order counts
                view = s.view(seat)
                views.add((seat, json.dumps(view, sort_keys=True, default=str)), moves, where)
                vectors.add((seat, spec.encode(view, seat, spec.players).tobytes()), moves, where)
            s = spec.deal(deal)
            _play(s, Rng(deal * 31 + run), record, 3_000)


# ------------------------------------------------------------------ the cases of issue 27
def _seen_by(s, seat: int) -> tuple[str, bytes]:
    return _view_key(s, seat), encoding.observe(s, seat).tobytes()


def test_cultural_exchanges_first_province_is_in_its_players_view_and_vector_alone():
    """Reference: Cultural Exchange: after the player picks its own province the choice is the other's province;
    the pick is in the player's view and vector (it chose it), in no other view (no one else is told)."""
    from tests.rokugan.test_territory_cards import CRAB, PHOENIX, act, upkeep
    s = upkeep("cultural-exchange", "province crab_2: crab up=2 down=1\nprovince phoenix_2: phoenix up=1 down=1")
    act(s, "play cultural-exchange")
    before, legal_before = _seen_by(s, CRAB), set(s.legal_moves(CRAB))
    others_before = (_view_key(s, PHOENIX), _view_key(s, None))
    act(s, "province crab_2")
    after, legal_after = _seen_by(s, CRAB), set(s.legal_moves(CRAB))
    assert legal_before != legal_after
    assert before[0] != after[0] and before[1] != after[1]
    assert s.view(CRAB)["you"]["pending"] == [{"kind": "card", "card": "cultural-exchange", "step": 1,
                                               "chosen": ["crab_2"]}]
    assert (_view_key(s, PHOENIX), _view_key(s, None)) == others_before


def test_dark_favors_between_its_steps_is_in_its_players_view_and_vector():
    """Reference: Dark Favors: the tokens looked at are the ones that may be discarded; after 'done' the player
    discards one of them, which its view and vector say (the step changed, nothing else did)."""
    from tests.rokugan.test_territory_cards import CRAB, act, placement
    s = placement("dark-favors", """
        province crab_2: crab
        province phoenix_2: phoenix
        token #1: phoenix a4 phoenix_2
        token #2: phoenix a1 phoenix_1
        hand phoenix: a1 bluff
    """)
    act(s, "play dark-favors", "province crab_2", "token #1")
    before, legal_before = _seen_by(s, CRAB), set(s.legal_moves(CRAB))
    act(s, "done")
    after, legal_after = _seen_by(s, CRAB), set(s.legal_moves(CRAB))
    assert legal_before != legal_after and legal_after == {("token", 1)}
    assert before[0] != after[0] and before[1] != after[1]
    assert s.view(CRAB)["you"]["pending"] == [{"kind": "card", "card": "dark-favors", "step": 2, "chosen": [1]}]


def test_dragons_drawn_tokens_are_in_its_view_alone():
    """Clans: Dragon returns one token drawn this upkeep: the drawn tokens are in Dragon's view, no other."""
    for seed in range(40):
        s = new_game(players=3, seed=seed, clans=["dragon", "crab", "lion"])
        rng = Rng(seed)
        while not s.is_terminal() and not (s.pending and s.pending[-1].kind == "dragon_return"):
            seat = s.to_act()[0]
            s.apply_move(seat, rng.choice(s.legal_moves(seat)))
        if s.is_terminal():
            continue
        mine = s.view(0)["you"]["pending"]
        assert mine == [{"kind": "dragon_return", "tokens": list(s.pending[-1].tokens)}]
        assert all(s.view(q)["you"]["pending"] == [] for q in (1, 2))
        assert "pending" not in s.view(None).get("you", {})
        return
    pytest.fail("no random game reached Dragon's return")
