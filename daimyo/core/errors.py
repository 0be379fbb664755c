"""Errors raised by the rules engines and the text formats."""


class RuleViolation(ValueError):
    """An action broke a rule. ``rule`` names the rulebook section; the state is unchanged."""

    def __init__(self, message: str, rule: str = ""):
        self.message, self.rule = message, rule
        super().__init__(f"{message} [{rule}]" if rule else message)


class FormatError(ValueError):
    """A position, record or data file could not be read. The message names the line or field."""
