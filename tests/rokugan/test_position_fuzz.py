"""Position format over random games (hypothesis): every reachable moment writes and reads back to the same
state, and a mutated position file is read or refused with the format's own error, never a traceback."""

from __future__ import annotations

import contextlib
import functools
import random
import re

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


@functools.cache
def _pool() -> tuple[str, ...]:
    """Positions of random games of 2 to 5 players at every phase (read by every one-fact mutation test)."""
    out: list[str] = []
    for seed in range(16):
        out += _positions(seed, 12)
    return tuple(out)


_FACT_WORDS = (*CLANS, "-", "a1", "a5", "b2", "n1", "s1", "dip", "raid", "bluff", "crab_1", "crab_2", "lion_3",
               "shadowlands_north", "islands_1", "crab_2>crab_3", "~crab_1", "#1", "#2", "#700", "#701",
               *sorted(R.cards)[:6], "spy-network", "master-of-tactics", "rise-of-an-empire", *sorted(R.objectives)[:3],
               "special=harbor", "special=shrine", "special=peace", "special=defense_2", "up=2", "down=0", "up=31",
               "0", "1", "2", "5", "6", "7", "-1", "31", "99", "9" * 30, "yes", "no", "used", "faceup", "seen=crab",
               "placement", "upkeep", "over", "setup-control", "step=9", "memo=1,2,3,4,5", "drawn=a1,bluff")


def _mutate_one_fact(text: str, rnd: random.Random) -> tuple[str, int]:
    """One fact of ``text`` changed: its value taken from the same fact of another position, or one of its words
    replaced, dropped or doubled, or its subject replaced; the fact's line number comes back with the text."""
    lines = text.splitlines()
    i = rnd.randrange(len(lines))
    key, _, value = lines[i].partition(":")
    words = value.split()
    how = rnd.choice(("other", "other", "replace", "replace", "drop", "double", "subject"))
    if how == "other":
        same = [line.partition(":")[2] for t in _pool() for line in t.splitlines() if line.partition(":")[0] == key]
        value = rnd.choice(same)
    elif how == "subject" and len(key.split()) == 2:
        key = f"{key.split()[0]} {rnd.choice(_FACT_WORDS)}"
    elif words:
        k = rnd.randrange(len(words))
        if how == "replace":
            words[k] = rnd.choice(_FACT_WORDS)
        elif how == "drop":
            del words[k]
        else:
            words.insert(k, words[k])
        value = " " + " ".join(words)
    else:
        value = " " + rnd.choice(_FACT_WORDS)
    lines[i] = f"{key}:{value}"
    return "\n".join(lines) + "\n", i + 1


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=400)
@given(st.data())
def test_one_fact_changed_is_read_or_refused_naming_a_line_of_the_file(data):
    """Position format and issue 25 ("every refusal names the line"): a position of a random game with one fact
    changed (a value from another position, a word replaced, dropped or doubled, another subject) is read, or
    refused with FormatError whose message starts with the line of a fact of the file and names its field; nothing
    else is raised. What is read writes back and lists its legal actions."""
    rnd = data.draw(st.randoms(use_true_random=False), label="choices")
    bad, _changed = _mutate_one_fact(rnd.choice(_pool()), rnd)
    try:
        s = from_position(bad)
    except FormatError as e:
        m = re.match(r"^line (\d+) \(([a-z-]+)\): ", str(e))
        assert m, f"the refusal names no line and field: {e}"
        no = int(m.group(1))
        assert 1 <= no <= len(bad.splitlines()), str(e)
        assert bad.splitlines()[no - 1].split(":")[0].split()[0] == m.group(2), str(e)
        return
    again = from_position(to_position(s))
    assert to_position(again) == to_position(s)
    s.legal_actions()
