"""Errors raised by the rules engines and the text formats."""

import re
from typing import Any

#: why an action is illegal: (message, rule, code, params), the arguments of a RuleViolation (:func:`reason`)
Reason = tuple[str, str | None, str, dict]


class RuleViolation(ValueError):
    """An action broke a rule. ``rule`` names the rulebook section; the state is unchanged.

    ``message`` is the engine's English sentence; ``code`` (optional) names the same sentence in the word
    catalogue (``err.<code>`` in daimyo/words/*.json) and ``params`` fills it, so that the terminal and the
    browser can say it in any language (:func:`daimyo.words.errors.rule_text`). The English template of a
    code, filled with its params, is the message word for word (tests/words checks it).
    """

    def __init__(self, message: str, rule: str | None = "", code: str = "", params: dict | None = None):
        self.message, self.rule = message, rule
        self.code, self.params = code, dict(params or {})
        super().__init__(f"{message} [{rule}]" if rule else message)


class FormatError(ValueError):
    """A position, record or data file could not be read. The message names the line or field."""


_PARAM = re.compile(r"\{(\w+)(?:\|([^{}|]*)\|([^{}|]*))?\}")


def english(template: str, params: dict) -> str:
    """``template`` filled with ``params``: ``{name}`` is the value, ``{name|one|other}`` the word that agrees with
    the number ``name`` (the catalogue's English rule, daimyo/words; the engines import nothing from there)."""

    def one(m: re.Match) -> str:
        value = params[m.group(1)]
        if m.group(2) is None:
            return str(value)
        return m.group(2) if value == 1 else m.group(3)

    return _PARAM.sub(one, template)


def reason(code: str, template: str, rule: str | None, /, **params: Any) -> Reason:
    """Why an action is illegal, as ``(message, rule, code, params)`` (``RuleViolation(*reason(...))`` raises it):
    the English ``template`` is the catalogue's ``err.<code>`` word for word (a test reads both), filled with ``params``."""
    return english(template, params), rule, code, params


def violation(code: str, template: str, rule: str | None, /, **params: Any) -> RuleViolation:
    """The RuleViolation of :func:`reason`."""
    return RuleViolation(*reason(code, template, rule, **params))
