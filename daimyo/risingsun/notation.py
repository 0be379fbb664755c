"""The action notation of the War Phase: short text a person can read and write.

::

    bid 1 0 2 0              coins on Seppuku, Take Hostage, Hire Ronin, Imperial Poets
    bid seppuku=1 ronin=2    the same, by slot name (slots left out get 0)
    seppuku                  use Seppuku            hire       use Hire Ronin
    hostage #4               take figure #4         poets      use Imperial Poets
    decline                  decline the slot won
    remainder koi lotus      who gets the odd coins of the reparations

In a record each action is preceded by the clan that takes it: ``lotus: bid 1 0 2 0``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from daimyo.core.errors import violation
from daimyo.core.game import split_action
from daimyo.risingsun.bounds import MAX_DIGITS, shown
from daimyo.risingsun.data import RULES as R

if TYPE_CHECKING:   # the state imports this notation; it takes the state as an argument
    from daimyo.risingsun.state import RisingSunWar

_SECTION = "Action notation (docs/risingsun-war.md)"
VERBS = ("bid", "seppuku", "hostage", "hire", "poets", "decline", "remainder")


def move_text(s: RisingSunWar, m: tuple) -> str:
    verb = m[0]
    if verb == "bid":
        return "bid " + " ".join(str(x) for x in m[1:])
    if verb == "hostage":
        return f"hostage #{m[1]}"
    if verb == "remainder":
        return " ".join(["remainder"] + [s.clans[p] for p in m[1:]])
    return verb


def _digits(text: str) -> bool:
    """Whole numbers are written in the digits 0-9 (``str.isdigit`` also accepts superscripts that ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def _count(text: str, what: str) -> int:
    # a number too long for int() to read (thousands of digits) is no count of coins either
    if not _digits(text) or len(text.lstrip("0")) > MAX_DIGITS:
        raise violation("rs.not_whole_coins", "{what}: '{text}' is not a whole number of coins", _SECTION, what=what,
                        text=shown(text))
    return int(text)


def parse_move(s: RisingSunWar, text: str) -> tuple:
    """Read one action; malformed text raises RuleViolation naming what is wrong."""
    verb, args = split_action(text, _SECTION)
    if verb == "bid":
        if args and all("=" in a for a in args):
            amounts = [0, 0, 0, 0]
            for a in args:
                name, _, val = a.partition("=")
                if name not in R.slots:
                    raise violation("rs.unknown_slot_slots", "unknown slot '{slot}' (slots: {slots})", _SECTION, slot=name, slots=' '.join(R.slots))
                amounts[R.slots.index(name)] = _count(val, name)
            return ("bid",) + tuple(amounts)
        if len(args) != 4:
            raise violation("rs.bid_takes_four_amounts", "'bid' takes four amounts (Seppuku, Take Hostage, Hire Ronin, Imperial Poets), got "
                            "{got}: '{text}'", _SECTION, got=len(args), text=text)
        return ("bid",) + tuple(_count(a, R.slots[i]) for i, a in enumerate(args))
    if verb in ("seppuku", "hire", "poets", "decline"):
        if args:
            raise violation("rs.takes_no_argument", "'{verb}' takes no argument: '{text}'", _SECTION, verb=verb, text=text)
        return (verb,)
    if verb == "hostage":
        if (len(args) != 1 or not args[0].startswith("#") or not _digits(args[0][1:])
                or len(args[0][1:].lstrip("0")) > MAX_DIGITS):
            raise violation("rs.write_hostage_n_with", "write 'hostage #N' with a figure number, not '{text}'", _SECTION,
                            text=shown(text))
        return ("hostage", int(args[0][1:]))
    if verb == "remainder":
        seats = []
        for a in args:
            if a not in s.clans:
                raise violation("rs.no_player_named", "no player plays '{clan}' in this war", _SECTION, clan=a)
            seats.append(s.clans.index(a))
        return ("remainder",) + tuple(sorted(seats, key=s.honor.index))
    raise violation("rs.unknown_action_actions", "unknown action '{verb}' (actions: {actions})", _SECTION, verb=verb, actions=' '.join(VERBS))
