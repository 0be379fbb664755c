"""The words shown to people, written once: one catalogue per language (``en.json``, ``pl.json`` here).

The terminal and the browser both read these catalogues: the server serves a language's catalogue at
``GET /api/words/{lang}`` and the pages' ``t(key, params)`` (``daimyo/web/static/common.js``) fills its
templates exactly as :func:`fill` does here. A template names its parameters in braces:

- ``{name}`` is the parameter's value;
- ``{name|one|other}`` (English) or ``{name|one|few|many}`` (Polish) is the form of a word that agrees
  with the number ``name`` (see :func:`plural_index`), e.g. ``"{count} {count|token|tokens}"``.

A missing key falls back to English, then to the key itself (a test checks no key is missing).
The sentences of the games' events are built from these templates by :mod:`daimyo.words.rokugan`,
:mod:`daimyo.words.senjutsu` and :mod:`daimyo.words.risingsun`.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

#: the languages there is a catalogue for; the first is the fallback
LANGS = ("en", "pl")

_PARAM = re.compile(r"\{(\w+)(?:\|([^{}]*))?\}")


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every template of ``lang`` by key (the JSON file ``daimyo/words/<lang>.json``)."""
    if lang not in LANGS:
        raise ValueError(f"no words in language '{lang}' (languages: {', '.join(LANGS)})")
    return json.loads(resources.files("daimyo.words").joinpath(f"{lang}.json").read_text(encoding="utf-8"))


#: the plural categories of each language in the order a template lists its forms (CLDR names, as
#: ``Intl.PluralRules(lang).select(n)`` returns them in the browser)
PLURAL_FORMS = {"en": ("one", "other"), "pl": ("one", "few", "many")}


def plural_category(n, lang: str) -> str:
    """The CLDR plural category of the number ``n`` in ``lang`` (what ``Intl.PluralRules`` says in the browser).

    English: ``one`` for 1 (not 1.5), ``other`` else. Polish (CLDR ``pl``): ``one`` for 1; ``few`` for whole
    numbers ending in 2-4 but not 12-14; ``many`` for the other whole numbers; ``other`` for fractions.
    """
    value = abs(n)
    whole = float(value).is_integer()
    i = int(value)
    if lang == "pl":
        if not whole:
            return "other"
        if i == 1:
            return "one"
        if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
            return "few"
        return "many"
    return "one" if whole and i == 1 else "other"


def plural_index(n, lang: str) -> int:
    """Which form of a template's ``{n|...}`` agrees with ``n``: the position of its CLDR category in the
    language's forms (:data:`PLURAL_FORMS`): English one / other, Polish one / few / many. A Polish fraction
    (``other``) takes the ``few`` form ("1,5 monety"), as Polish grammar has it. The same rule as ``pluralIndex``
    in common.js.
    """
    category = plural_category(n, lang)
    forms = PLURAL_FORMS.get(lang, PLURAL_FORMS["en"])
    return forms.index(category) if category in forms else 1


def fill(template: str, params: dict | None, lang: str) -> str:
    """The template with its parameters filled in; an unknown parameter stays as written (``{name}``)."""
    params = params or {}

    def one(m: re.Match) -> str:
        name, forms = m.group(1), m.group(2)
        if name not in params or params[name] is None:
            return m.group(0)
        if forms is None:
            return str(params[name])
        words = forms.split("|")
        try:
            index = plural_index(float(params[name]), lang)
        except (TypeError, ValueError):
            return m.group(0)
        return words[min(index, len(words) - 1)]

    return _PARAM.sub(one, template)


def t(key: str, params: dict | None = None, lang: str = "en") -> str:
    """The template ``key`` of ``lang`` (English when missing there; the key itself when missing everywhere), filled."""
    s = catalogue(lang).get(key)
    if s is None:
        s = catalogue(LANGS[0]).get(key)
    if s is None:
        return key
    return fill(s, params, lang)


def has(key: str, lang: str = "en") -> bool:
    """Whether ``lang``'s catalogue has the template ``key``."""
    return key in catalogue(lang)


class Words:
    """The catalogue of one language, to pass around: ``w.t("event.round", round=2)``."""

    def __init__(self, lang: str = "en"):
        catalogue(lang)  # a clear error for an unknown language
        self.lang = lang

    def t(self, key: str, **params) -> str:
        return t(key, params, self.lang)
