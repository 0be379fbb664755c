"""Bounds on what a game is given from outside the process: the length of a start or table file and how deep its
JSON may nest. The server's guard (daimyo/server/guard.py) holds requests to them, and a game's own table options
(:class:`daimyo.core.registry.TableOptions`) hold its files to them, so both read the same numbers.
"""

from __future__ import annotations

from typing import Any

#: the longest file a request may give in its body's text (a position file, a table's card file), in characters
MAX_START_FILE = 12_000


def depth(value: Any, limit: int) -> int:
    """How deep ``value`` nests (a scalar is 0), counting no further than ``limit + 1``."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (dict, list)):
            d += 1
            if d > deepest:
                deepest = d
                if deepest > limit:
                    return deepest
            stack.extend((x, d) for x in (v.values() if isinstance(v, dict) else v))
    return deepest
