"""Battle for Rokugan's places in words (a territory, or a province such as ``crab_2``): the one naming that the
game's words (:class:`daimyo.words.rokugan.RokuganWords`) and the rule messages' words (:mod:`daimyo.words.errors`)
both use, in a module of its own so that neither of those imports the other."""

from __future__ import annotations

import re

from daimyo.words import t

PROVINCE = re.compile(r"^(.*)_(\d)$")


def territory_name(tid: str, lang: str = "en") -> str:
    return t("territory." + tid, None, lang)


def province_name(p: str, lang: str = "en") -> str:
    """A province in words (its territory's short prefix, or the territory's name, then its number)."""
    m = PROVINCE.match(p)
    if not m:
        return territory_name(p, lang)
    key = "province_prefix." + m.group(1)
    short = t(key, None, lang)
    return f"{territory_name(m.group(1), lang) if short == key else short} {m.group(2)}"
