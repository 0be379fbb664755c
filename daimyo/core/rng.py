"""The generators a game draws its randomness from.

Two generators share one interface (``next64``, ``below``, ``choice``, ``shuffle``, ``copy``):

* :class:`Rng` (``splitmix64``): fast, its whole state one integer. Simulations, the
  arena, RL environments and every game seeded with a small int use it. Anyone who
  sees a few outcomes can recover its seed, so it must not hide facts from players.
* :class:`KeyedRng` (``blake2b-keyed``): keyed BLAKE2b in counter mode under a secret
  256-bit :class:`GameKey`. Without the key its words cannot be told from random ones,
  so what a seat sees tells nothing about what it does not. Games played on a server
  use it. Each stream has a label ("game", "terrain", "seat-choices", "bot/0", ...):
  streams of different labels under one key are independent.

:func:`generator` picks between them: an int gives ``Rng`` (exactly as games were
always seeded), a ``GameKey`` gives ``KeyedRng``. Only the standard library is used.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

#: The names records and position files give the two generators.
SPLITMIX64 = "splitmix64"
BLAKE2B_KEYED = "blake2b-keyed"
GENERATORS = (SPLITMIX64, BLAKE2B_KEYED)

KEY_BYTES = 32
_HEX = re.compile(r"^[0-9a-fA-F]*$")
_LABEL = re.compile(r"^[!-~]{1,64}$")  # printable ASCII without spaces, so it fits one word of a text line


class Rng:
    """SplitMix64: a small seeded generator whose whole state is one integer.

    Keeping the state in a single int makes copying a game state cheap and lets a
    position file carry it as plain text.
    """

    __slots__ = ("state",)
    name = SPLITMIX64

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

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.next64() % len(seq)]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        return Rng(self.state)


@dataclass(frozen=True, repr=False)
class GameKey:
    """A game's secret: 32 random bytes. Its repr never shows them (a key must not land in a log)."""

    key: bytes = field(repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.key, bytes) or len(self.key) != KEY_BYTES:
            raise ValueError(f"field 'key': a game key is {KEY_BYTES} bytes")

    @classmethod
    def new(cls) -> GameKey:
        """A fresh key from the operating system's secure source."""
        return cls(secrets.token_bytes(KEY_BYTES))

    @classmethod
    def from_hex(cls, text: str, name: str = "key") -> GameKey:
        """The key written as 64 hex digits; ``name`` is the field the message names when the text is malformed."""
        text = text.strip()
        if len(text) != 2 * KEY_BYTES:
            raise ValueError(f"field '{name}': a game key is {2 * KEY_BYTES} hex digits, got {len(text)} characters")
        if not _HEX.match(text):
            raise ValueError(f"field '{name}': a game key is written in hex digits (0-9, a-f)")
        return cls(bytes.fromhex(text))

    def hex(self) -> str:
        return self.key.hex()

    def __repr__(self) -> str:
        return "GameKey(<secret>)"

    __str__ = __repr__


def _check_label(label: str) -> str:
    if not isinstance(label, str) or not _LABEL.match(label):
        raise ValueError(f"a generator label is 1 to 64 printable characters without spaces, got {label!r}")
    return label


class KeyedRng:
    """Keyed BLAKE2b in counter mode: block i = blake2b(label, 0, i as 8 bytes; key, 64-byte digest) -> eight words.

    ``counter`` is the number of 64-bit words drawn so far, so (key, label, counter)
    is the whole state: :meth:`stream_state` gives (label, counter) and ``KeyedRng(key, label,
    counter)`` rebuilds it. The current block is kept so that only one word in eight
    costs a hash.
    """

    __slots__ = ("key", "label", "counter", "_prefix", "_block", "_words")
    name = BLAKE2B_KEYED

    def __init__(self, key: GameKey, label: str = "game", counter: int = 0):
        if not isinstance(key, GameKey):
            raise TypeError("KeyedRng needs a GameKey")
        if not isinstance(counter, int) or counter < 0:
            raise ValueError(f"a generator counter is a whole number >= 0, got {counter!r}")
        self.key = key
        self.label = _check_label(label)
        self.counter = counter
        self._prefix = label.encode("ascii") + b"\x00"
        self._block = -1
        self._words: tuple[int, ...] = ()

    def _load(self, block: int) -> None:
        digest = hashlib.blake2b(self._prefix + block.to_bytes(8, "little"), key=self.key.key, digest_size=64).digest()
        self._words = tuple(int.from_bytes(digest[i:i + 8], "little") for i in range(0, 64, 8))
        self._block = block

    def next64(self) -> int:
        block, i = divmod(self.counter, 8)
        if block != self._block:
            self._load(block)
        self.counter += 1
        return self._words[i]

    def below(self, n: int) -> int:
        """A uniform integer in [0, n): words at or above the largest multiple of n are drawn again."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (_MASK + 1) - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def stream_state(self) -> tuple[str, int]:
        """(label, words drawn so far): with the key, all a position file needs to carry."""
        return self.label, self.counter

    def copy(self) -> KeyedRng:
        c = KeyedRng.__new__(KeyedRng)
        c.key, c.label, c.counter = self.key, self.label, self.counter
        c._prefix, c._block, c._words = self._prefix, self._block, self._words
        return c

    def __repr__(self) -> str:
        return f"KeyedRng(<secret>, {self.label!r}, {self.counter})"


def _label_salt(label: str) -> int:
    return int.from_bytes(hashlib.blake2b(label.encode("ascii"), digest_size=8).digest(), "little")


def generator(seed: int | GameKey, label: str = "game") -> Rng | KeyedRng:
    """The generator of one stream of a game.

    An int gives ``Rng(seed)`` for the label "game" (every seeded game as it always was)
    and ``Rng`` of the seed mixed with the label for other labels; a GameKey gives
    ``KeyedRng(key, label)``.
    """
    _check_label(label)
    if isinstance(seed, GameKey):
        return KeyedRng(seed, label)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a game is seeded with a whole number or a GameKey, not {type(seed).__name__}")
    return Rng(seed if label == "game" else seed ^ _label_salt(label))


def rng_text(rng: Rng | KeyedRng) -> str:
    """The generator's whole state as one line's value: ``splitmix64 N`` or ``blake2b-keyed <hex key> <label> <counter>``."""
    if isinstance(rng, KeyedRng):
        return f"{BLAKE2B_KEYED} {rng.key.hex()} {rng.label} {rng.counter}"
    return f"{SPLITMIX64} {rng.state}"


def _below_2_64(word: str) -> bool:
    """Whether ``word`` is a whole number written in ASCII digits, from 0 to 2^64 - 1."""
    return word.isascii() and word.isdigit() and len(word) <= 20 and int(word) <= _MASK


def parse_rng(text: str, name: str = "rng") -> Rng | KeyedRng:
    """Read :func:`rng_text`; a malformed value is a ValueError naming the field ``name``."""
    words = text.split()
    if not words or words[0] not in GENERATORS:
        got = words[0] if words else ""
        raise ValueError(f"field '{name}': the generator is one of {', '.join(GENERATORS)}, got '{got}'")
    if words[0] == SPLITMIX64:
        if len(words) != 2 or not _below_2_64(words[1]):
            got = text.strip() if len(text.strip()) <= 40 else f"{len(text.strip())} characters"
            raise ValueError(f"field '{name}': expected '{SPLITMIX64} <state>' with a state from 0 to 2^64 - 1, got '{got}'")
        return Rng(int(words[1]))
    if len(words) != 4 or not _below_2_64(words[3]):
        raise ValueError(f"field '{name}': expected '{BLAKE2B_KEYED} <64 hex digits> <label> <counter>' with a "
                         "counter from 0 to 2^64 - 1")
    key = GameKey.from_hex(words[1], name)
    try:
        return KeyedRng(key, words[2], int(words[3]))
    except ValueError as e:
        raise ValueError(f"field '{name}': {e}") from None


# the salts of the labelled streams of an int seed (kept so that stored games replay as before)
_STREAM_SALTS = {"seat-choices": 0xC1A2_5EA7, "terrain": 0x7E22_A1A5}


def stream(randomness: int | GameKey, label: str) -> Rng | KeyedRng:
    """The generator of one labelled stream of a game's randomness (``seat-choices``, ``terrain``, ``fallback/N``).

    A key gives its own labelled stream; an int seed gives a generator salted by the label, so public random facts
    drawn from one stream tell nothing of the game's own draws."""
    if isinstance(randomness, GameKey):
        return generator(randomness, label)
    salt = _STREAM_SALTS.get(label)
    if salt is None:
        salt = int.from_bytes(label.encode()[:8].ljust(8, b"\0"), "little")
    return Rng(randomness ^ salt)
