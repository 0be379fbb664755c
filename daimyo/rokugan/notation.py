"""The action notation: short text a person can read and write.

::

    clan crab                     objective emerald-empire      control crab_2
    return a1                     pass                          done
    play promotion                play scout #5                 play first-player #2
    place a3 crab_2>crab_3        place n2 ~crane_2             place s1 lion_1
    place b2 #4                   look #5                       swap #3 #7
    province crab_3               token #4                      take a2
    discard a1                    player crane                  special crab_3

Token codes: a1-a6 army, n1-n3 navy, s1-s3 shinobi, b2-b3 blessing, dip, raid, bluff.
In a record each action is preceded by the clan that takes it: ``crab: pass``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from daimyo.core.errors import FormatError, RuleViolation, violation
from daimyo.core.game import split_action
from daimyo.rokugan.board import loc_text, parse_loc
from daimyo.rokugan.data import RULES

if TYPE_CHECKING:
    from daimyo.rokugan.state import RokuganState

_SECTION = "Action notation (docs/rokugan-notation.md)"


def move_text(s: RokuganState, seat: int, m: tuple) -> str:
    verb = m[0]
    if verb in ("control", "province"):
        return f"{verb} {RULES.province_names[m[1]]}"
    if verb == "special":
        return f"special {RULES.province_names[m[1]]}"
    if verb == "place":
        return f"place {m[1]} {loc_text(m[2], m[3], m[4])}"
    if verb == "play":
        return f"play {m[1]} #{m[2]}" if len(m) == 3 else f"play {m[1]}"
    if verb in ("look", "token"):
        return f"{verb} #{m[1]}"
    if verb == "swap":
        return f"swap #{m[1]} #{m[2]}"
    if verb == "player":
        return f"player {s.clan_of(m[1])}"
    return " ".join(str(x) for x in m)


def _tid(text: str) -> int:
    if not text.startswith("#") or not text[1:].isdigit():
        raise violation("rk.not_a_token_number", "'{text}' is not a token number (write #7)", _SECTION, text=text)
    return int(text[1:])


def _code(s: RokuganState, text: str) -> str:
    codes = s.rules.token_codes
    if text not in codes:
        raise violation("rk.not_a_token_code", "'{text}' is not a combat token code (codes: {codes})",
                        _SECTION, text=text, codes=' '.join(codes))
    return text


def _province(text: str) -> int:
    if text not in RULES.province_index:
        raise violation("rk.unknown_province", "unknown province '{text}'", _SECTION, text=text)
    return RULES.province_index[text]


def _location(text: str) -> tuple:
    """A location of the notation (board.parse_loc), its mistakes as rule messages with codes."""
    try:
        return parse_loc(text)
    except FormatError as e:
        m = _NO_BORDER.match(str(e))
        if m:
            raise violation("rk.no_land_border", "'{a}' and '{b}' share no land border", _SECTION, a=m.group(1), b=m.group(2)) from None
        m = _UNKNOWN_PROVINCE.match(str(e))
        if m:
            raise violation("rk.unknown_province", "unknown province '{text}'", _SECTION, text=m.group(1)) from None
        if text.startswith("#"):
            raise violation("rk.not_a_token_number", "'{text}' is not a token number (write #7)", _SECTION, text=text) from None
        raise RuleViolation(str(e), _SECTION) from None


_NO_BORDER = re.compile(r"^'(.*)' and '(.*)' share no land border$")
_UNKNOWN_PROVINCE = re.compile(r"^unknown province '(.*)'$")


def parse_move(s: RokuganState, seat: int, text: str) -> tuple:
    """Read one action; malformed text raises RuleViolation naming what is wrong."""
    verb, args = split_action(text, _SECTION)

    def need(n: int) -> None:
        if len(args) != n:
            raise violation("rk.arguments", "'{verb}' takes {n} {n|argument|arguments}, got {got}: '{text}'",
                            _SECTION, verb=verb, n=n, got=len(args), text=text)

    if verb in ("pass", "done"):
        need(0)
        return (verb,)
    if verb == "clan":
        need(1)
        return ("clan", args[0])
    if verb == "objective":
        need(1)
        return ("objective", args[0])
    if verb in ("control", "province", "special"):
        need(1)
        return (verb, _province(args[0]))
    if verb in ("return", "take", "discard"):
        need(1)
        return (verb, _code(s, args[0]))
    if verb in ("look", "token"):
        need(1)
        return (verb, _tid(args[0]))
    if verb == "swap":
        need(2)
        return ("swap", _tid(args[0]), _tid(args[1]))
    if verb == "player":
        need(1)
        clans = [s.clan_of(seat) for seat in range(s.n)]  # clan_of: a native game is not handed over to read them
        if args[0] not in clans:
            raise violation("rk.no_player_named", "no player plays '{clan}' in this game", _SECTION, clan=args[0])
        return ("player", clans.index(args[0]))
    if verb == "play":
        if len(args) == 2:
            return ("play", args[0], _tid(args[1]))
        need(1)
        return ("play", args[0])
    if verb == "place":
        need(2)
        code = _code(s, args[0])
        return ("place", code) + _location(args[1])
    raise violation("rk.unknown_action_actions_clan", "unknown action '{verb}' (actions: clan objective control return pass done play place "
                    "look swap province token take discard player special)", _SECTION, verb=verb)
