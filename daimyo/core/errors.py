"""Errors raised by the rules engines and the text formats."""


class RuleViolation(ValueError):
    """An action broke a rule. ``rule`` names the rulebook section; the state is unchanged.

    ``message`` is the engine's English sentence; ``code`` (optional) names the same sentence in the word
    catalogue (``err.<code>`` in daimyo/words/*.json) and ``params`` fills it, so that the terminal and the
    browser can say it in any language (:func:`daimyo.words.errors.rule_text`). The English template of a
    code, filled with its params, is the message word for word (tests/words checks it).
    """

    def __init__(self, message: str, rule: str = "", code: str = "", params: dict | None = None):
        self.message, self.rule = message, rule
        self.code, self.params = code, dict(params or {})
        super().__init__(f"{message} [{rule}]" if rule else message)


class FormatError(ValueError):
    """A position, record or data file could not be read. The message names the line or field."""
