"""Account names: one normal form for sign-up, sign-in and throttling, and a skeleton that makes look-alikes equal.

:func:`account_name` is the only way a name typed by someone becomes an account's name: trimmed, inner runs of
spaces collapsed to one, NFKC (fullwidth and other compatibility forms become their plain letters), and its
``key`` case-folded. Two names with the same key are the same account; " carol", "carol " and fullwidth "CAROL" are
all "carol".

:func:`skeleton` maps the characters that look alike to one form, so that a name that would pass for an existing
one is refused at sign-up: Cyrillic and Greek letters drawn like Latin ones, capital I, small l, digit 1 and the
vertical bar, capital O and digit 0, "rn" and "m", "vv" and "w", and accents (which the eye skips). The skeleton
is stored with each account, unique.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

MIN_NAME, MAX_NAME = 2, 40
MAX_SKELETON = 4 * MAX_NAME   # the stored skeleton's column
NAME_RULE = f"name: {MIN_NAME} to {MAX_NAME} printable characters"

# letters that print as nothing, or as a space, although Unicode calls them printable
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")

# each look-alike -> the lower-case Latin letter it passes for (applied before and after case folding);
# Cyrillic and Greek letters are written as escapes, so that this table does not itself fool its reader
_LOOK_ALIKE: dict[str, str] = {}
for _latin, _others in {
    "a": "\u0410\u0430\u0391\u03b1\u0251", "b": "\u0412\u042c\u0392\u03b2", "c": "\u0421\u0441", "d": "\u0501",
    "e": "\u0415\u0435\u0395\u03b5", "g": "\u0261", "h": "\u041d\u04bb\u0397", "i": "\u0456\u0131\u03b9",
    "j": "\u0408\u0458\u0237", "k": "\u041a\u043a\u039a\u03ba", "l": "I1|\u01c0\u0406\u04c0\u04cf\u0399",
    "m": "\u041c\u043c", "n": "\u039d\u03b7", "o": "0\u041e\u043e\u039f\u03bf\u0585", "p": "\u0420\u0440\u03a1\u03c1",
    "q": "\u051a\u051b", "s": "\u0405\u0455", "t": "\u0422\u0442\u03a4\u03c4", "u": "\u03c5\u057d", "v": "\u03bd",
    "w": "\u051c\u051d", "x": "\u0425\u0445\u03a7\u03c7", "y": "\u0423\u0443\u04ae\u04af\u03a5\u03b3", "z": "\u0396",
    "-": "\u2010\u2011\u2012\u2013\u2014\u2212", "'": "\u2018\u2019\u02bc`",
}.items():
    for _c in _others:
        _LOOK_ALIKE[_c] = _latin
_PAIRS = (("rn", "m"), ("vv", "w"))


class BadName(ValueError):
    """A name that cannot be an account's; its message names the rule."""


@dataclass(frozen=True)
class AccountName:
    shown: str       # as the account shows it: NFKC, trimmed, single spaces
    key: str         # the account's identity: ``shown`` case-folded
    skeleton: str    # look-alikes made equal: unique among accounts


def account_name(text: Any) -> AccountName:
    """The normal form of a typed name; BadName naming the rule when it cannot be a name."""
    if not isinstance(text, str) or len(text) > 4 * MAX_NAME or not text.isprintable():
        raise BadName(NAME_RULE)
    shown = " ".join(unicodedata.normalize("NFKC", text).split())
    key = shown.casefold()
    if not MIN_NAME <= len(shown) <= MAX_NAME or len(key) > MAX_NAME or not shown.isprintable() \
            or any(c in _BLANK for c in shown):
        raise BadName(NAME_RULE)
    look = skeleton(shown)
    if len(look) > MAX_SKELETON:
        raise BadName(NAME_RULE)
    return AccountName(shown, key, look)


def skeleton(shown: str) -> str:
    """``shown`` with each look-alike replaced by the letter it passes for, accents dropped, case folded."""
    out = []
    for c in unicodedata.normalize("NFD", shown):
        if unicodedata.combining(c):
            continue
        for d in _LOOK_ALIKE.get(c, c).casefold():
            out.append(_LOOK_ALIKE.get(d, d))
    text = "".join(out)
    for pair, one in _PAIRS:
        text = text.replace(pair, one)
    return unicodedata.normalize("NFC", text)


def legacy_key(text: str) -> str:
    """The key an account made before names were normalised got (its name's spaces collapsed, case-folded)."""
    return " ".join(text.split()).casefold()


__all__ = ["MAX_NAME", "MAX_SKELETON", "MIN_NAME", "NAME_RULE", "AccountName", "BadName", "account_name", "legacy_key", "skeleton"]
