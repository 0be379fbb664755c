"""The native SplitMix64 draws the words of daimyo.core.rng.Rng (Key Concepts: the seeded generator)."""

import pytest

from daimyo.core.rng import Rng

SEEDS = [0, 1, 7, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15, 123456789]


@pytest.mark.parametrize("seed", SEEDS)
def test_words_agree(seed, core):
    ref = Rng(seed)
    assert core.Rng(seed).draws(2000) == [ref.next64() for _ in range(2000)]


@pytest.mark.parametrize("seed", SEEDS)
def test_below_and_shuffle_agree(seed, core):
    ref, nat = Rng(seed), core.Rng(seed)
    for n in (1, 2, 3, 7, 30, 1000, 2**40 + 3):
        assert nat.below(n) == ref.below(n)
    for size in (0, 1, 2, 5, 16, 40):
        items = list(range(size))
        ref.shuffle(items)
        assert nat.shuffled(list(range(size))) == items
    assert nat.state == ref.state


def test_below_zero_is_an_error(core):
    with pytest.raises(ValueError, match="n > 0"):
        core.Rng(1).below(0)
