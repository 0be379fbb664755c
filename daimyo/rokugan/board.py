"""Board geometry helpers: provinces, borders and the notation of token locations.

A combat token stands in one of four kinds of place:

* ``c`` the centre of a province, written ``crab_3``;
* ``l`` a land border, with the province it attacks, written ``crab_2>crab_3``;
* ``s`` the coastal (sea) border of a province it attacks, written ``~crane_2``;
* ``o`` on top of another token (blessings only), written ``#5``.
"""

from __future__ import annotations

from daimyo.core.errors import FormatError
from daimyo.rokugan.data import RULES
from daimyo.rokugan.records import Loc, PlaceKind

NAMES = RULES.province_names


_BORDER_TEXT = {(bi, q): f"{NAMES[p]}>{NAMES[q]}" for bi, (a, b) in enumerate(RULES.borders)
                for p, q in ((a, b), (b, a))}
_SEA_TEXT = tuple("~" + n for n in NAMES)


def loc_text(loc: PlaceKind, a: int, b: int) -> str:
    if loc == "c":
        return NAMES[a]
    if loc == "l":
        return _BORDER_TEXT[(a, b)]
    if loc == "s":
        return _SEA_TEXT[a]
    return f"#{a}"


def parse_loc(text: str) -> Loc:
    """Read a location written in the notation above; raises FormatError naming what is wrong."""
    if text.startswith("#"):
        try:
            return ("o", int(text[1:]), -1)
        except ValueError:
            raise FormatError(f"'{text}' is not a token number (write #7)") from None
    if text.startswith("~"):
        return ("s", RULES.province(text[1:]), -1)
    if ">" in text:
        src, _, dst = text.partition(">")
        p, q = RULES.province(src), RULES.province(dst)
        bi = RULES.border_index.get((p, q))
        if bi is None:
            raise FormatError(f"'{src}' and '{dst}' share no land border")
        return ("l", bi, q)
    return ("c", RULES.province(text), -1)


def source_of_border(a: int, b: int) -> int:
    p, q = RULES.borders[a]
    return p if q == b else q
