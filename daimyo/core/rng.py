"""A small seeded generator whose whole state is one integer.

Keeping the generator's state in a single int makes copying a game state cheap
and lets a position file carry it as plain text. The algorithm is SplitMix64.
"""

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return self.next64() % n

    def choice(self, seq):
        return seq[self.next64() % len(seq)]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> "Rng":
        return Rng(self.state)
