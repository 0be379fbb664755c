"""The engines' rule messages in words: a :class:`~daimyo.core.errors.RuleViolation` carries a code and its
parameters beside its English message; :func:`rule_text` says it in a language from the catalogue's
``err.<code>`` template (the browser does the same with the ``code`` and ``params`` the server sends,
docs/server-protocol.md). A message without a code, or a code the catalogue lacks, stays as the engine wrote it.
"""

from __future__ import annotations

from daimyo.words import has, t


def message_text(code: str | None, params: dict | None, message: str, lang: str = "en") -> str:
    """The sentence of rule message ``code`` filled with ``params`` in ``lang``; ``message`` when there is no such code."""
    if not code or not has("err." + code, "en"):
        return message
    return t("err." + code, params or {}, lang)


def rule_text(e, lang: str = "en", with_rule: bool = False) -> str:
    """A RuleViolation's message in ``lang`` (``with_rule``: followed by its rulebook section in brackets)."""
    text = message_text(getattr(e, "code", ""), getattr(e, "params", None), getattr(e, "message", str(e)), lang)
    rule = getattr(e, "rule", "")
    return f"{text} [{rule}]" if with_rule and rule else text
