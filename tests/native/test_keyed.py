"""The native keyed generator draws the words of daimyo.core.rng.KeyedRng (the issue "Fair play on an open server":
every hidden fact of a keyed game comes from keyed BLAKE2b in counter mode, which the native engine must draw too)."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from daimyo.core.rng import GameKey, KeyedRng

LABELS = st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=64)
# n = 2**63 + 1 rejects about half the words, so the redraw of `below` is exercised
SIZES = st.sampled_from([1, 2, 3, 7, 30, 1000, 2**40 + 3, 2**63 + 1, 2**64 - 1])


@given(key=st.binary(min_size=32, max_size=32), label=LABELS, counter=st.integers(0, 10**6),
       ops=st.lists(st.one_of(st.tuples(st.just("word"), st.integers(1, 20)), st.tuples(st.just("below"), SIZES),
                              st.tuples(st.just("shuffle"), st.integers(0, 40))), max_size=12))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])  # `core` holds no state
def test_keyed_draws_agree_word_for_word(core, key, label, counter, ops):
    ref, nat = KeyedRng(GameKey(key), label, counter), core.KeyedRng(key, label, counter)
    for op, arg in ops:
        if op == "word":
            assert nat.draws(arg) == [ref.next64() for _ in range(arg)]
        elif op == "below":
            assert nat.below(arg) == ref.below(arg)
        else:
            items = list(range(arg))
            ref.shuffle(items)
            assert nat.shuffled(list(range(arg))) == items
        assert nat.counter == ref.counter


def test_a_known_block_and_the_redraw(core):
    key = bytes(range(32))
    ref = KeyedRng(GameKey(key), "game")
    words = [ref.next64() for _ in range(24)]
    nat = core.KeyedRng(key)
    assert nat.draws(24) == words                                    # three blocks, from the first word
    assert core.KeyedRng(key, "game", 13).next64() == words[13]      # a stream picked up where a position left it
    big = 2**63 + 1
    rejected = sum(w >= big for w in words)                          # limit = 2**64 - (2**64 % big) = big
    assert rejected, "no word of these blocks tests the redraw"
    ref2, nat2 = KeyedRng(GameKey(key), "game"), core.KeyedRng(key)
    assert [nat2.below(big) for _ in range(8)] == [ref2.below(big) for _ in range(8)]
    assert nat2.counter == ref2.counter > 8


@pytest.mark.parametrize("key,label,message", [
    (bytes(31), "game", "32 bytes"), (bytes(32), "", "1 to 64"), (bytes(32), "a b", "1 to 64"),
    (bytes(32), "x" * 65, "1 to 64"),
])
def test_bad_keys_and_labels_are_refused(core, key, label, message):
    with pytest.raises(ValueError, match=message):
        core.KeyedRng(key, label)
    with pytest.raises(ValueError, match="n > 0"):
        core.KeyedRng(bytes(32)).below(0)


def test_the_key_never_shows(core):
    key = bytes.fromhex("ab" * 32)
    assert "ab" * 4 not in repr(core.KeyedRng(key)) and "secret" in repr(core.KeyedRng(key))
