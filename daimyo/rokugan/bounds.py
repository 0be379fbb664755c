"""How big a Battle for Rokugan file or stored game can be: every count bounded by what the rules allow.

A position or record that claims more than a game can hold is refused naming its line before anything is built
in proportion to the claim (docs/rokugan-positions.md, "Bounds"). The numbers follow from the components and
the round track; the file sizes leave room for comments in a hand-written file.
"""

from __future__ import annotations

from daimyo.core.errors import FormatError
from daimyo.rokugan.data import RULES

MAX_PLAYERS = 5
"""Setup: two to five players."""
MIN_PLAYERS = 2
MAX_CONTROL = RULES.control_tokens
"""A clan has 30 control tokens: no province, supply or set-aside count is larger."""
READ_LIMIT = 9999
"""A count the position checks bound afterwards by the rules (control tokens, cards, passes) is read only when it
has at most four digits."""
MAX_CARD_STEP = 3
"""The most steps a territory card takes after it is played (Ashigaru Levies' three provinces; Dark Favors: sacrifice,
look, discard)."""
MAX_CARD_MEMO = 4
"""The most a card being resolved remembers: Dark Favors looks at up to four combat tokens."""
MAX_SEED = 2**64 - 1
"""The ``splitmix64`` generator's state is a 64-bit word."""
MAX_RECORD_ACTIONS = 2000
"""A game's actions: setup (clans, objectives, at most 22 starting control tokens), then in each of 5 rounds at most
5 players' placements (27 tokens each at most), start-of-turn cards (2 scouts, 1 shugenja, the first player card,
the Shadowlands cards), clan abilities, and upkeep's territory cards (22 in the game, 4 steps at most) and passes
add up to fewer than 1,200; random games take about 200."""
MAX_ACTION_CHARS = 200
"""An action's text (the longest, a card's choice or a placement on a border, is under 50 characters)."""
MAX_RULES_LINES_CHARS = 64 * 1024 + 200
"""The lines that carry a game's rules file in its position (``variant-rules:``, at most a rules file's 64 KiB
characters, data_variant.py; ``variant:`` and ``variant-digest:``, under 100)."""
MAX_POSITION_CHARS = 64 * 1024 + MAX_RULES_LINES_CHARS
"""A position file: a written 5-player position is under 5,000 characters, with its rules file's lines when it has
one; the rest is room for comments."""
MAX_POSITION_LINES = 2000
"""A position's lines (a written 5-player position has under 200: one a fact)."""
MAX_RECORD_CHARS = MAX_POSITION_CHARS + MAX_RECORD_ACTIONS * (MAX_ACTION_CHARS + 20)
"""A record or position with its actions: a position's size and every action's line."""
MAX_RECORD_LINES = MAX_POSITION_LINES + MAX_RECORD_ACTIONS


def _line_at(text: str, index: int) -> int:
    """The number of the line holding character ``index`` of ``text``."""
    return text.count("\n", 0, index) + 1


def check_size(text: str, max_chars: int, max_lines: int, what: str) -> None:
    """Refuse a file longer than ``max_chars`` characters or ``max_lines`` lines, naming the first line past the bound,
    before the file is split into lines."""
    if len(text) > max_chars:
        raise FormatError(f"line {_line_at(text, max_chars)}: {what} holds at most {max_chars} characters; this one has "
                          f"{len(text)} [bounds]")
    newline = -1
    for _ in range(max_lines):
        newline = text.find("\n", newline + 1)
        if newline < 0:
            return
    if text[newline + 1:].strip():
        raise FormatError(f"line {max_lines + 1}: {what} holds at most {max_lines} lines [bounds]")


def count(value: str, where: str, low: int, high: int, what: str) -> int:
    """A whole number from ``low`` to ``high`` (the rules' bounds for ``what``), or FormatError naming ``where``; the
    digits are not converted when there are more than the bound has."""
    text = value.strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isascii() or not digits.isdigit():
        raise FormatError(f"{where}: expected a whole number, got '{value}'")
    if len(digits.lstrip("0")) > len(str(max(abs(low), abs(high)))):
        raise FormatError(f"{where}: {what} is {low} to {high}, not a number of {len(digits)} digits")
    number = int(text)
    if not low <= number <= high:
        raise FormatError(f"{where}: {what} is {low} to {high}, not {number}")
    return number


def check_stored_game(players: int, clans: list[str], actions: list[tuple[int, str]]) -> None:
    """The check for a stored game (the server's row: players, clans and (seat, action) pairs) before it is replayed:
    FormatError naming the field or the action at fault when a count breaks the rules' bounds; nothing else is read
    when the number of actions is already too large."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise FormatError(f"players: a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r} [Setup]")
    if len(clans) not in (0, players):
        raise FormatError(f"clans: {len(clans)} clans for {players} players [Setup 3. Choose Clans]")
    for clan in clans:
        if clan not in RULES.clan_names:
            raise FormatError(f"clans: unknown clan {clan!r} [Setup 3. Choose Clans]")
    if len(set(clans)) != len(clans):
        raise FormatError("clans: each player chooses a different clan [Setup 3. Choose Clans]")
    if len(actions) > MAX_RECORD_ACTIONS:
        raise FormatError(f"action {MAX_RECORD_ACTIONS + 1}: a game has at most {MAX_RECORD_ACTIONS} actions, this one "
                          f"{len(actions)} [bounds]")
    for i, (seat, text) in enumerate(actions, 1):
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise FormatError(f"action {i}: seat {seat!r} is not one of the {players} players [Setup]")
        if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
            raise FormatError(f"action {i}: an action is a text of at most {MAX_ACTION_CHARS} characters [bounds]")
