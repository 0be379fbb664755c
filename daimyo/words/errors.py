"""The engines' rule messages in words: a :class:`~daimyo.core.errors.RuleViolation` carries a code and its
parameters beside its English message (``daimyo.core.errors.reason``); :func:`rule_text` says it in a language
from the catalogue's ``err.<code>`` template. The English template is the engine's message word for word, so
English is the message itself; in another language the parameters that name a printed thing (a clan, a
province, a card, a phase, a Kamae...) are named in that language too, by the game's own words: the registration
whose ``rule_codes`` is the code's prefix names its words module (``words``), whose ``rule_params(params, lang)``
says them. The server sends every language's
sentence with the code and params (docs/server-protocol.md), so the browser shows the one it speaks.
A message without a code, or a code the catalogue lacks, stays as the engine wrote it.

The rulebook rule or section a refusal cites (``RuleViolation.rule``, the English rulebook's name, which the records,
the server's ``rule`` field and programs read) is said by :func:`rule_name` from the catalogue's ``rule.<game>.*``
templates, whose English text is the engine's name word for word; a name the catalogue lacks (a card of a rules
file in "Territory cards: {card}" is said by its own name) stays as the engine wrote it.
"""

from __future__ import annotations

import importlib
import re
from functools import cache

from daimyo.words import LANGS, catalogue, has, t

_PARAM = re.compile(r"\{(\w+)(?:\|([^{}]*))?\}")


def catalogue_names(params: dict, lang: str, keys: dict[str, str]) -> dict:
    """``params`` with each value that is the id of a printed thing in words of ``lang``: ``keys`` gives, per param,
    the catalogue prefix naming its ids (``{"clan": "clan."}``); a value the catalogue does not know stays as it is."""
    out = dict(params)
    for name, prefix in keys.items():
        value = out.get(name)
        if isinstance(value, str) and has(prefix + value, "en"):
            out[name] = t(prefix + value, None, lang)
    return out


def _named(code: str, params: dict, lang: str) -> dict:
    """``params`` with the ids of printed things in words of ``lang``, by the words of the game whose rule codes
    start as ``code`` does (``rule_codes`` and ``words`` of its registration); as they are for any other code."""
    from daimyo.core.registry import game, games

    prefix = code.split(".", 1)[0]
    for name in games():
        info = game(name)
        if info.rule_codes == prefix and info.words is not None:
            return importlib.import_module(info.words).rule_params(params, lang)
    return dict(params)


def message_text(code: str | None, params: dict | None, message: str, lang: str = "en") -> str:
    """The rule message ``code`` with ``params`` in ``lang``: ``message`` itself in English, or when there is no such code."""
    if not code or lang == LANGS[0] or not has("err." + code, "en"):
        return message
    return t("err." + code, _named(code, params or {}, lang), lang)


#: a rule name's params that name a printed thing, by its English name: the catalogue prefix of its names
_RULE_NAMED = {"card": "card."}


@cache
def _by_english(prefix: str) -> dict[str, str]:
    """The keys ``<prefix>*`` of the catalogue by their English text (the first key of a text said twice)."""
    out: dict[str, str] = {}
    for key, text in sorted(catalogue("en").items()):
        if key.startswith(prefix):
            out.setdefault(text, key)
    return out


def _game_of(code: str | None) -> str | None:
    """The game prefix of a rule code (``rk`` of ``rk.placement_illegal``); None for a code every game shares."""
    from daimyo.core.registry import game, games

    prefix = (code or "").split(".", 1)[0]
    return prefix if prefix and any(game(name).rule_codes == prefix for name in games()) else None


def rule_key(rule: str | None, game: str | None = None) -> tuple[str, dict] | None:
    """The catalogue key ``rule.<game>.*`` of a rulebook rule or section name (``RuleViolation.rule``, English) and
    the params its template reads from it; ``game`` (``rk``, ``sj``, ``rs``: a registration's ``rule_codes``) is
    looked in first, then every game's names. None for a name the catalogue does not know."""
    if not rule:
        return None
    prefixes = [f"rule.{game}."] if game else []
    for prefix in [*prefixes, "rule."]:
        for key, pattern in _templates(prefix):
            m = pattern.match(rule)
            if m:
                return key, m.groupdict()
    return None


def rule_name(rule: str | None, lang: str = "en", game: str | None = None) -> str:
    """A rulebook rule or section name (``RuleViolation.rule``, English) in ``lang``, from the catalogue's
    ``rule.<game>.*`` (:func:`rule_key`); the printed things it names (a territory card) in ``lang`` too. As written
    in English, and for a name the catalogue does not know."""
    if not rule or lang == LANGS[0]:
        return rule or ""
    found = rule_key(rule, game)
    if found is None:
        return rule
    key, params = found
    for name, prefix in _RULE_NAMED.items():
        named = _by_english(prefix).get(params.get(name, ""))
        if named is not None:
            params[name] = t(named, None, lang)
    return t(key, params, lang)


def rule_text(e, lang: str = "en", with_rule: bool = False, game: str | None = None) -> str:
    """A RuleViolation's message in ``lang`` (``with_rule``: followed by its rulebook section in brackets, in ``lang``
    too: :func:`rule_name`, ``game`` or its code's game first)."""
    code = getattr(e, "code", "")
    text = message_text(code, getattr(e, "params", None), getattr(e, "message", str(e)), lang)
    rule = getattr(e, "rule", "")
    return f"{text} [{rule_name(rule, lang, game or _game_of(code))}]" if with_rule and rule else text


def rule_names(e, game: str | None = None) -> dict[str, str] | None:
    """A RuleViolation's rulebook section in every language of the catalogue (what the server sends beside the
    English ``rule``); None when it cites none."""
    rule = getattr(e, "rule", "")
    if not rule:
        return None
    return {lang: rule_name(rule, lang, game or _game_of(getattr(e, "code", ""))) for lang in LANGS}


def texts(e) -> dict[str, str]:
    """A RuleViolation's message in every language of the catalogue (what the server sends)."""
    return {lang: rule_text(e, lang) for lang in LANGS}


@cache
def _patterns(prefix: str) -> list[tuple[str, re.Pattern]]:
    """The English templates ``err.<prefix>*`` as patterns that read a message back into its params, by code."""
    return [(key[4:], pattern) for key, pattern in _templates("err." + prefix)]


@cache
def _templates(start: str) -> list[tuple[str, re.Pattern]]:
    """The English templates whose keys start with ``start``, as patterns that read a text back into its params."""
    out = []
    for key, template in sorted(catalogue("en").items()):
        if not key.startswith(start):
            continue
        parts, seen, at = ["^"], set(), 0
        for m in _PARAM.finditer(template):
            parts.append(re.escape(template[at:m.start()]))
            name, forms = m.group(1), m.group(2)
            if forms is not None:
                parts.append("(?:" + "|".join(re.escape(f) for f in forms.split("|")) + ")")
            elif name in seen:
                parts.append(f"(?P={name})")
            else:
                seen.add(name)
                parts.append(f"(?P<{name}>.+?)")
            at = m.end()
        parts.append(re.escape(template[at:]) + "$")
        out.append((key, re.compile("".join(parts))))
    return out


def parse_message(message: str, prefix: str) -> tuple[str, dict] | None:
    """The code and params of an engine's English rule message of one game (``prefix``: ``rk.``...), read back
    from the catalogue's templates: for messages that reach the words as text (a token removed at Resolution
    step 2 carries its rule message in the event). None when no template says it."""
    for code, pattern in _patterns(prefix):
        m = pattern.match(message)
        if m:
            return code, m.groupdict()
    return None


def said(message: str, prefix: str, lang: str) -> str:
    """An engine's English rule message of one game (``message [rule]`` or ``message``) in ``lang``: the message
    read back into its code and params (:func:`parse_message`) and said from the catalogue; as written when unknown."""
    m = re.match(r"^(.*) \[([^\[\]]*)\]$", message)
    text = m.group(1) if m else message
    found = parse_message(text, prefix)
    return message_text(found[0], found[1], text, lang) if found else message

