"""What a war file may hold: the pieces the rules give each clan, and this project's ceilings where they give none.

A clan owns 10 figures (1 Daimyo, 3 Shinto, 6 Bushi), on the board or held as hostages by anyone; a Daimyo is never
a hostage, and a clan never holds its own figure; a clan has at most one stronghold in a province; each War Province
token (a province and a season) exists once, and none is won before its season. The rules put no limit on monsters,
a figure's Force, coins, ronin or VP: :data:`~daimyo.risingsun.data.RULES`'s ``bounds`` are this project's ceilings
(docs/risingsun-war.md, "Bounds"), so that no number in a file is unbounded.

The war file reader (:func:`daimyo.risingsun.position.from_text`) feeds each fact to a :class:`Tally` as it reads it,
so a refusal names the line, and comes before anything in proportion to a count is built. :func:`check_bounds` runs
the same tally over a state (a stored or replayed game, a state built by hand).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from daimyo.core.errors import FormatError
from daimyo.risingsun.data import RULES as R
from daimyo.risingsun.records import OVER, Figure

if TYPE_CHECKING:   # the state imports these rules; they take it as an argument
    from daimyo.risingsun.state import RisingSunWar

BOUNDS = "this project's bound, docs/risingsun-war.md \"Bounds\""
RULE_FIGURES = ("reference \"Clans in war\": each clan owns "
                + ", ".join(f"{n} {kind}" for kind, n in R.per_clan.items() if n is not None))
RULE_DAIMYO_HOSTAGE = "reference \"Clans in war\": a Daimyo is never taken hostage"
RULE_OWN_HOSTAGE = "reference \"A battle\" 3, Take Hostage: one takes a figure of another participant"
RULE_STRONGHOLD = f"a clan has at most {R.strongholds_per_province} stronghold in a province"
RULE_TOKEN_ONCE = "each province has one War Province token a season, won by one player at most"
RULE_TOKEN_SEASON = ("a War Province token is won in the War Phase of its own season (reference \"War Phase\" 2, "
                     "\"Scoring touched by the war\")")

# more digits than this is more than any bound; such a number is never converted
MAX_DIGITS = 30


def shown(text: str) -> str:
    """A word as a message quotes it: a long one cut short."""
    return text if len(text) <= 24 else text[:20] + "..."


def whole_number(text: str, where: str, ceiling: int, rule: str = BOUNDS) -> int:
    """``text`` read as a whole number from 0 to ``ceiling`` (digits 0-9 only); FormatError naming ``where`` if not.

    The length is checked before the number is converted, so that no long string of digits costs anything."""
    if re.fullmatch(r"[0-9]+", text) is None:
        raise FormatError(f"{where}: expected a whole number of at least 0, got '{shown(text)}'")
    digits = text.lstrip("0")
    if len(digits) > MAX_DIGITS or int(text) > ceiling:
        raise FormatError(f"{where}: {shown(text)} is more than {ceiling} ({rule})")
    return int(text)


def check_size(text: str, what: str = "war file", chars: int | None = None, lines: int | None = None) -> None:
    """Refuse a file longer than this project's bound in characters (checked first) or lines."""
    most_chars = R.bounds["file_chars"] if chars is None else chars
    if not isinstance(text, str):
        raise FormatError(f"a {what} is text, not {type(text).__name__}")
    if len(text) > most_chars:
        at = len(text[:most_chars].splitlines()) or 1
        raise FormatError(f"line {at}: the {what} passes {most_chars} characters here ({len(text)} in all; a {what} has "
                          f"at most {most_chars}: {BOUNDS})")
    most_lines = R.bounds["file_lines"] if lines is None else lines
    count = len(text.splitlines())
    if count > most_lines:
        raise FormatError(f"line {most_lines + 1}: the {what} has {count} lines; a {what} has at most {most_lines} "
                          f"({BOUNDS})")


def _first(where: str) -> str:
    """Where an earlier fact was given: ``on line N`` in a file, ``in field '...'`` in a state."""
    line = re.match(r"line \d+", where)
    return f"on {line.group()}" if line else f"in {where}"


class Tally:
    """What a war file has placed so far; each ``add_*`` refuses the fact that passes a bound, naming ``where``."""

    def __init__(self, clans: list[str], season: str):
        self.clans = clans
        self.season = season
        self.figures: dict[tuple[int, str], tuple[int, str]] = {}   # (owner, kind) -> (how many, where the first is)
        self.monsters = 0
        self.money = 0
        self.tokens: dict[tuple[str, str], tuple[int, str]] = {}    # (province, season) -> (holder, where)
        self.strongholds: dict[tuple[str, int], str] = {}           # (province, clan) -> where

    def add_figures(self, where: str, owner: int, kind: str, count: int, force: int, holder: int | None = None) -> None:
        """``count`` figures of ``owner`` on the board (``holder`` None) or held as hostages by ``holder``."""
        clan = self.clans[owner]
        if force > R.bounds["force"]:
            raise FormatError(f"{where}: force={force} is more than {R.bounds['force']} ({BOUNDS})")
        if holder is not None:
            if not R.hostage_allowed[kind]:
                raise FormatError(f"{where}: {clan}'s {kind} cannot be held as a hostage ({RULE_DAIMYO_HOSTAGE})")
            if holder == owner:
                raise FormatError(f"{where}: {clan} cannot hold its own {kind} as a hostage ({RULE_OWN_HOSTAGE})")
        had, first = self.figures.get((owner, kind), (0, where))
        limit = R.per_clan[kind]
        if limit is not None and had + count > limit:
            if kind == "daimyo":
                again = "" if had == 0 else f" (one is already {_first(first)})"
                raise FormatError(f"{where}: a second {clan} daimyo{again}: a clan has one daimyo ({RULE_FIGURES})")
            raise FormatError(f"{where}: {clan} {kind} x{count} makes {had + count} {clan} {kind} in this file, "
                              f"and a clan owns {limit} ({RULE_FIGURES})")
        if kind == "monster" and self.monsters + count > R.bounds["monsters"]:
            raise FormatError(f"{where}: monster x{count} makes {self.monsters + count} monsters in this file; "
                              f"a war file holds at most {R.bounds['monsters']} ({BOUNDS})")
        self.figures[(owner, kind)] = (had + count, first)
        if kind == "monster":
            self.monsters += count

    def add_money(self, where: str, amount: int) -> None:
        """Coins or ronin of a player: every player's together at most the bound (the War Phase makes no coins)."""
        self.money += amount
        if self.money > R.bounds["coins_and_ronin"]:
            raise FormatError(f"{where}: that makes {self.money} coins and ronin in this file; a war file holds at most "
                              f"{R.bounds['coins_and_ronin']} in all ({BOUNDS})")

    def add_token(self, where: str, seat: int, province: str, season: str) -> None:
        """A War Province token held by ``seat``: it exists once, and is not of a season after the war's."""
        seasons = list(R.seasons)
        if seasons.index(season) > seasons.index(self.season):
            raise FormatError(f"{where}: the token {province}@{season} is of a season after this war's ({self.season}): "
                              f"it cannot have been won yet ({RULE_TOKEN_SEASON})")
        if (province, season) in self.tokens:
            holder, first = self.tokens[(province, season)]
            raise FormatError(f"{where}: the token {province}@{season} is held twice ({self.clans[holder]} holds it "
                              f"{_first(first)}; {RULE_TOKEN_ONCE})")
        self.tokens[(province, season)] = (seat, where)

    def check_wars(self, wars: list[str]) -> None:
        """This season's token of a province still at war has not been won: nobody may hold it yet."""
        for (province, season), (holder, where) in self.tokens.items():
            if season == self.season and province in wars:
                raise FormatError(f"{where}: {self.clans[holder]} holds {province}@{season}, but {province} is still at "
                                  f"war this {season} ({RULE_TOKEN_ONCE})")

    def add_stronghold(self, where: str, province: str, seat: int) -> None:
        if (province, seat) in self.strongholds:
            first = self.strongholds[(province, seat)]
            raise FormatError(f"{where}: a second {self.clans[seat]} stronghold in {province} (the first "
                              f"{_first(first)}; {RULE_STRONGHOLD})")
        self.strongholds[(province, seat)] = where


def check_bounds(state: RisingSunWar) -> None:
    """Refuse a state that breaks what every War Phase keeps, with a FormatError naming the field and the rule.

    The pieces a clan owns (figures on the board, killed this War Phase or held as hostages), no Daimyo and no own
    figure held as a hostage, the monsters, Force, coins and ronin of the project's bounds, one stronghold of a clan
    in a province, each War Province token once and none of a later season or of a province still at war. VP grow
    in play: their bound is checked in war files only. A war file (:func:`~daimyo.risingsun.position.from_text`)
    is checked as it is read, each refusal naming its line."""
    s = state
    tally = Tally(s.clans, s.season)
    placed: list[tuple[Figure, int | None, str]] = [(f, None, f"field 'figures {f.province}'") for f in s.figures]
    placed += [(f, None, "field 'killed'") for f in s.killed]
    placed += [(f, p, f"field 'hostages {s.clans[p]}'") for p in range(s.n) for f in s.captured[p]]
    for f, holder, where in placed:
        tally.add_figures(where, f.owner, f.kind, 1, f.force, holder)
    on_tile = {p: sum(b) for p, b in s.bids.items()}
    for p in range(s.n):
        where = f"field 'player {s.clans[p]}'"
        tally.add_money(where, s.coins[p] + s.ronin[p] + on_tile.get(p, 0))
        for province, season in s.tokens[p]:
            tally.add_token(where, p, province, season)
    for province, seats in s.strongholds.items():
        for p in seats:
            tally.add_stronghold(f"field 'stronghold {province}'", province, p)
    if s.phase == OVER:
        return
    # the war being fought may have given its token already; the later ones have not
    tally.check_wars(s.wars[s.at + (1 if s.step is not None else 0):])
