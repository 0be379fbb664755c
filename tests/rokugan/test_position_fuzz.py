"""Position format over random games (hypothesis): every reachable moment writes and reads back to the same
state, and a mutated position file is read or refused with the format's own error, never a traceback."""

from __future__ import annotations

import contextlib
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from daimyo.core.errors import FormatError, RuleViolation
from daimyo.rokugan import new_game
from daimyo.rokugan.data import RULES as R
from daimyo.rokugan.position import from_position, to_position
from daimyo.rokugan.record import ReplayError, replay

CLANS = list(R.clan_names)
games = st.tuples(st.integers(2, 5), st.integers(0, 2**32 - 1))


def _game(players: int, seed: int):
    rnd = random.Random(seed)
    return new_game(players=players, seed=seed, clans=rnd.sample(CLANS, players)), rnd


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=25)
@given(games)
def test_every_moment_of_a_random_game_writes_and_reads_back_to_the_same_state(game):
    """Position format, canonical form: at every step of a random game (objectives, setup, upkeep, placement,
    pending decisions, the end) the position reads back as a state with the same facts, the same player to act and
    the same legal actions; the reading never refuses a reachable moment."""
    s, rnd = _game(*game)
    steps = 0
    while True:
        text = to_position(s)
        again = from_position(text)
        assert to_position(again) == text
        assert again.to_act() == s.to_act()
        if steps % 7 == 0 and s.to_act():
            seat = s.to_act()[0]
            assert list(again.legal_moves(seat)) == list(s.legal_moves(seat))
        if s.is_terminal():
            break
        seat = s.to_act()[0]
        s.apply_move(seat, rnd.choice(list(s.legal_moves(seat))))
        steps += 1


_NUMBERS = ("-5", "0", "99", "-1", "31", "²", "1e3", "#0", "#²", "", "00", "7")
_WORDS = ("crab", "bluff", "a9", "a1", "b2", "~crab_2", "crab_2>crab_3", "#99", "special=harbor", "up=-1", "down=99",
          "seen=lion", "faceup", "drawn=bluff", "step=-3", "memo=x", "-", ":", "#", "=", "é", "\x00", "province")


def _mutate(text: str, rnd: random.Random) -> str:
    """One to three random edits of a position file: lines dropped, doubled or swapped; words and numbers changed."""
    lines = text.splitlines()
    for _ in range(rnd.randint(1, 3)):
        i = rnd.randrange(len(lines))
        how = rnd.randrange(7)
        if how == 0 and len(lines) > 1:
            del lines[i]
        elif how == 1:
            lines.insert(rnd.randrange(len(lines) + 1), lines[i])
        elif how == 2:
            j = rnd.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            words = lines[i].split(" ")
            k = rnd.randrange(len(words))
            if how == 3:
                words[k] = rnd.choice(_NUMBERS)
            elif how == 4:
                words[k] = rnd.choice(_WORDS)
            elif how == 5:
                words.insert(k, rnd.choice(_WORDS + _NUMBERS))
            else:
                words[k] = words[k][: rnd.randrange(len(words[k]) + 1)]
            lines[i] = " ".join(words)
    return "\n".join(lines) + "\n"


def _positions(seed: int, count: int) -> list[str]:
    """Positions of a random game at ``count`` moments (setup, upkeep, placement, pending decisions)."""
    s, rnd = _game(2 + seed % 4, seed)
    out = []
    while not s.is_terminal():
        if rnd.random() < 0.05:
            out.append(to_position(s))
        seat = s.to_act()[0]
        s.apply_move(seat, rnd.choice(list(s.legal_moves(seat))))
    out.append(to_position(s))
    rnd.shuffle(out)
    return out[:count]


def test_mutated_position_files_are_read_or_refused_never_a_traceback():
    """Position format: 6,000 mutations of positions from random games are each read (and then written, and
    their legal actions listed) or refused with FormatError (or RuleViolation); a tenth also go through `replay`
    (ReplayError); nothing else is raised."""
    rnd = random.Random(13)
    read = refused = 0
    texts, seed = [], 0
    while len(texts) < 200:
        texts += _positions(seed, 10)
        seed += 1
    for text in texts[:200]:
        for _ in range(30):
            bad = _mutate(text, rnd)
            try:
                s = from_position(bad)
                to_position(s)
                s.legal_actions()
                read += 1
            except (FormatError, RuleViolation):
                refused += 1
            if (read + refused) % 10 == 0:
                # the same file given to `daimyo rokugan replay`, with an action after it
                with contextlib.suppress(ReplayError, FormatError, RuleViolation):
                    replay(bad + "\ncrab: pass\n")
    assert read + refused == 6000 and read > 100 and refused > 1000
