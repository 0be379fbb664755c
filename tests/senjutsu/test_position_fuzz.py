"""Property test of the position format (issue 25): random positions written with ``to_position``, one fact
mutated at a time, read back. Every file is either read (and then written and read again to the same state) or
refused with a FormatError that names one line of the file (in the record path a ReplayError naming one line, with
no stray ``line 1:`` before it); no other exception escapes."""

from __future__ import annotations

import random
import re
from functools import cache

from hypothesis import HealthCheck, given, settings, strategies as st

from daimyo.bots.senjutsu import make
from daimyo.core.errors import FormatError
from daimyo.core.game import Action
from daimyo.core.record import ReplayError
from daimyo.core.rng import GameKey
from daimyo.senjutsu import new_game
from daimyo.senjutsu.cards import sample_set
from daimyo.senjutsu.game import terrain
from daimyo.senjutsu.position import from_position, to_position
from daimyo.senjutsu.record import replay

CHARS = ["kaze", "hana", "tetsu", "ishi"]
CARDS = sorted(c for c, k in sample_set().cards.items() if not k.core)
NAMES = ["hex", "facing", "kamae", "focus", "wounds", "bleeding", "hobbles", "stuns", "weapon", "deck"]


@cache
def positions() -> list[str]:
    """Positions of random bot duels of two to four characters, stopped at the Choose step of a random turn
    (some seeded with a GameKey, so written with an 'rng:' line)."""
    out = []
    for seed in range(12):
        rnd = random.Random(seed)
        n = 2 + seed % 3
        randomness = GameKey(bytes(rnd.randrange(256) for _ in range(32))) if seed % 4 == 3 else seed
        g = new_game(rnd.sample(CHARS, n), seed=randomness, terrain=terrain(randomness))
        bots = [make("random", seed * 10 + i) for i in range(n)]
        stop = rnd.randrange(1, 12)
        while not g.is_terminal() and not (g.phase == "choose" and not g.chosen and g.turn >= stop):
            seat = g.to_act()[0]
            g.apply(Action(seat, bots[seat].choose(g, seat)))
        if not g.is_terminal():
            out.append(to_position(g))
    return out


NUMBERS = st.one_of(st.integers(-3, 60), st.integers(-(10 ** 30), 10 ** 30), st.just("9" * 5000),
                    st.sampled_from(["", "x", "1.5", "²", "0x10", "+3", "-0", " 7"]))
TOKENS = st.one_of(st.sampled_from(CARDS), st.sampled_from(["rest", "~quick-cut", "p1", "p5", "kaze", "rock", "0,0", "9,9", "-"]),
                   st.text(min_size=1, max_size=8), NUMBERS.map(str))


def _mutate(text: str, data) -> str:
    """One fact changed: a field's value, a card or seat token, a hex, a line dropped or doubled, a token added."""
    lines = text.splitlines()
    i = data.draw(st.integers(0, len(lines) - 1), label="line")
    line = lines[i]
    key, _, val = line.partition(":")
    kind = data.draw(st.sampled_from(["field", "token", "add", "drop-line", "double-line", "copy-hex", "head"]), label="kind")
    words = val.split()
    if kind == "field" and key.endswith("character"):
        name = data.draw(st.sampled_from(NAMES), label="name")
        value = str(data.draw(st.one_of(NUMBERS, TOKENS), label="value"))
        rest = [w for w in words[1:] if not w.startswith(name + "=")]
        lines[i] = f"{key}: {words[0]} {' '.join(rest)} {name}={value}"
    elif kind == "token" and words:
        j = data.draw(st.integers(0, len(words) - 1), label="at")
        words[j] = str(data.draw(TOKENS, label="token"))
        lines[i] = f"{key}: {' '.join(words)}"
    elif kind == "add":
        lines[i] = f"{key}: {val} {data.draw(TOKENS, label='token')} " * data.draw(st.sampled_from([1, 1, 2, 45]), label="times")
    elif kind == "drop-line":
        del lines[i]
    elif kind == "double-line":
        lines.insert(i, line)
    elif kind == "copy-hex":   # one character onto another's hex
        hexes = [re.search(r"hex=(\S+)", ln) for ln in lines]
        found = [m.group(1) for m in hexes if m]
        targets = [k for k, m in enumerate(hexes) if m]
        k = data.draw(st.sampled_from(targets), label="target")
        lines[k] = re.sub(r"hex=\S+", f"hex={data.draw(st.sampled_from(found), label='hex')}", lines[k])
    else:
        field = data.draw(st.sampled_from(["turn", "seed", "advantage", "poison", "instant-used", "terrain", "board", "rng"]))
        lines.insert(1, f"{field}: {data.draw(st.one_of(NUMBERS, TOKENS), label='value')}")
    return "\n".join(lines) + "\n"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_mutated_positions_are_read_or_refused_naming_a_line(data):
    pool = positions()
    text = _mutate(pool[data.draw(st.integers(0, len(pool) - 1), label="position")], data)
    count = len(text.splitlines())
    try:
        g = from_position(text)
    except FormatError as e:
        _names_a_line(str(e), count)
        g = None
    try:   # the record path: the same text (a position with no action lines) as 'daimyo senjutsu replay' reads it
        replay(text)
    except ReplayError as r:
        _names_a_line(str(r), count)
        assert g is None, "the record path refused a position that from_position read"
    if g is not None:
        again = to_position(g)
        assert to_position(from_position(again)) == again


def _names_a_line(msg: str, count: int) -> None:
    m = re.match(r"line (\d+): (?!line \d)", msg)
    assert m and 1 <= int(m.group(1)) <= count, msg[:200]


def test_the_pool_holds_positions_of_two_three_and_four():
    counts = {t.count(" character: ") for t in positions()}
    assert counts == {2, 3, 4}
    assert any("\nrng: blake2b-keyed" in t for t in positions())
