"""A smaller Battle for Rokugan action space: a placement and a Unicorn swap as two picks.

The full catalogue (:mod:`daimyo.rl.encoding`) has 22,090 entries, 17,766 of them the Unicorn's swap pairs and
3,196 placements (token code x place). Here a swap is two picks, ``("swap", i)`` (one of the two tokens, by the
place it stands) then ``("at", j)`` (the other's place), and a placement is ``("place", code)`` (the token) then
``("at", i)`` (where it goes): 1,521 entries in all. After a first pick the same seat acts again, its mask now
offering only the second picks that complete a legal move; its observation says which first pick is pending.
Every other entry is the full catalogue's own.
"""

from __future__ import annotations

import numpy as np

from daimyo.rl.encoding import CODES, KEYS, NPLACE, move_key

FIRST = [("swap", i) for i in range(NPLACE)] + [("place", code) for code in CODES]
KEYS_FACTORED = ([k for k in KEYS if not (k[0] == "swap" or (k[0] == "place" and len(k) == 3))]
                 + FIRST + [("at", i) for i in range(NPLACE)])
INDEX_FACTORED = {k: i for i, k in enumerate(KEYS_FACTORED)}
N_FACTORED = len(KEYS_FACTORED)
PENDING_SIZE = len(FIRST)      # the observation's extra part: a one-hot of the first pick waiting for its second
_FIRST_INDEX = {k: i for i, k in enumerate(FIRST)}


def _splits(key: tuple) -> list[tuple[tuple, int]]:
    """The (first pick, second place) ways to make a two-pick entry; [] for an entry taken in one pick."""
    if key[0] == "swap":
        return [(("swap", key[1]), key[2]), (("swap", key[2]), key[1])]
    if key[0] == "place" and len(key) == 3:
        return [(("place", key[1]), key[2])]
    return []


def legal_picks(s, seat: int, first: tuple | None = None) -> dict[int, tuple]:
    """Action index -> what it does now: ``("move", m)`` plays legal move ``m``, ``("first", key)`` makes a first
    pick. With ``first`` pending, only the ``("at", j)`` entries completing it are offered (each ``("move", m)``)."""
    out: dict[int, tuple] = {}
    for m in s.legal_moves(seat):
        key = move_key(s, seat, m)
        splits = _splits(key)
        if not splits:
            if first is None:
                out.setdefault(INDEX_FACTORED[key], ("move", m))
            continue
        for one, place in splits:
            if first is None:
                out.setdefault(INDEX_FACTORED[one], ("first", one))
            elif one == first:
                out.setdefault(INDEX_FACTORED[("at", place)], ("move", m))
    return out


def pending_vector(first: tuple | None) -> np.ndarray:
    x = np.zeros(PENDING_SIZE, dtype=np.float32)
    if first is not None:
        x[_FIRST_INDEX[first]] = 1
    return x
