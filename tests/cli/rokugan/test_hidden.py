"""Hidden information never leaks through the terminal game.

What the terminal prints comes from the human seat's view and the events visible to it:
changing the hidden facts of the other players (their hands, pools, facedown tokens,
objectives, territory cards, what they looked at) must not change a single printed character.
"""

from __future__ import annotations

import re

import pytest

from daimyo.cli.rokugan.terminal import TerminalGame, play_terminal
from daimyo.words.rokugan_events import objective_name
from daimyo.core.rng import Rng
from daimyo.rokugan import new_game
from daimyo.rokugan.position import to_position
from tests.cli.rokugan.helpers import ScriptedHuman, console
from tests.rokugan.test_properties import perturb_hidden, play_randomly

CASES = [(players, seed, stop) for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4), (4, 15)) for stop in (0, 9, 25, 60, 110, 170)]


def _before_the_end(players: int, seed: int, stop: int):
    """A random game after ``stop`` moves, or at its last move before the end if it ends sooner."""
    s = new_game(players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(stop):
        seat = s.to_act()[0]
        nxt = s.clone()
        nxt.apply_move(seat, rng.choice(s.legal_moves(seat)))
        if nxt.is_terminal():
            break
        s = nxt
    return s


def _game(players: int, human: int, state):
    con, buf = console()
    game = TerminalGame(players, 0, human, None, ["random"], con, lambda: "quit")
    game.rec.state = state
    return game, buf


def _drawn(players: int, human: int, state) -> str:
    game, buf = _game(players, human, state)
    game.draw()
    return buf.getvalue()


@pytest.mark.parametrize("players,seed,stop", CASES)
def test_the_board_and_screens_do_not_change_with_others_hidden_facts(players, seed, stop):
    """Hidden information: the board, players' counts and your screen print the same whatever others hide."""
    s = _before_the_end(players, seed, stop)
    prng = Rng(seed * 31 + stop)
    for human in range(players):
        other = perturb_hidden(s, human, prng)
        if s.phase not in ("setup-clans",):
            assert to_position(other) != to_position(s), "the perturbation changed nothing"
        assert _drawn(players, human, s) == _drawn(players, human, other), f"seat {human}'s screen depends on hidden facts"


@pytest.mark.parametrize("players,seed,stop", CASES)
def test_the_narrated_events_do_not_change_with_others_hidden_facts(players, seed, stop):
    """Hidden information: what the human reads of another player's move does not depend on hidden facts.

    (Resolution, shugenja and Shadowlands cards reveal tokens on purpose: those moves are left out.)
    """
    s = new_game(players=players, seed=seed)
    rng = Rng(seed)
    play_randomly(s, rng, stop)
    prng = Rng(seed + stop)
    for _ in range(15):
        if s.is_terminal():
            return
        mover = s.to_act()[0]
        move = rng.choice(s.legal_moves(mover))
        for human in range(players):
            if human == mover:
                continue
            other = perturb_hidden(s, human, prng, keep=(mover,), chance=False)
            a, b = s.clone(), other
            ea, eb = a.apply_move(mover, move), b.apply_move(mover, move)
            if any(e.kind in ("reveal", "round", "discard") for e in ea + eb):
                continue
            ga, buf_a = _game(players, human, a)
            gb, buf_b = _game(players, human, b)
            ga.show_events(ea)
            gb.show_events(eb)
            assert buf_a.getvalue() == buf_b.getvalue(), f"seat {human} reads hidden facts in {[e.kind for e in ea]}"
        s.apply_move(mover, move)


def test_a_whole_game_never_prints_a_bots_action_or_objective_before_the_end():
    """Hidden information: a bot's facedown placement (its action text names the token) and its objective stay unprinted.

    Objectives are revealed at Final Scoring, so only the text before it is checked for them.
    """
    con, buf = console()
    rec = play_terminal(4, 13, 0, ["crab", "crane", "lion", "unicorn"], ["random"], con, ScriptedHuman(buf, seed=3))
    out = buf.getvalue()
    before_scoring = out[: out.index("Final scoring")]
    human_actions = {a for clan, a in rec.actions if clan == "crab"}
    bot_places = {a for clan, a in rec.actions if clan != "crab" and a.startswith("place ") and not a.startswith("place b")}
    assert bot_places
    # the numbered lists of the human's own legal actions and its own actions may hold the same words
    told = "\n".join(line for line in out.splitlines() if not re.match(r"^\s+\d+\. |^You: ", line))
    for a in bot_places - human_actions:
        assert a not in told, f"a bot's action {a!r} was printed"
    s = rec.state
    for seat in (1, 2, 3):
        name = objective_name(s.objective[seat])
        assert name not in before_scoring, f"{s.clans[seat]}'s objective {name} was printed before the final scoring"
        assert name in out[out.index("Final scoring"):]
