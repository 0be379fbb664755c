"""Static facts of Rising Sun's War Phase, read from ``data/war.json``, and the clans' colours (``data/colours.json``).

The provinces, the War Province token values by season, the different-provinces bonus,
the clans and the war abilities they bring, the kinds of figures, the four bid slots of
the War tile (left to right) and the numbers of the battle advantages; the figures a clan
owns and the ceilings this project puts on what the rules leave unbounded (``bounds``). A
malformed data file raises :class:`~daimyo.core.errors.FormatError` naming the field.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from daimyo.core.errors import FormatError

#: the war abilities this engine knows (reference "Clans in war")
ABILITIES = ("coins-as-ronin", "strongholds-force")
#: the ceilings this project sets where the rules give none (docs/risingsun-war.md, "Bounds")
BOUND_NAMES = ("monsters", "force", "coins_and_ronin", "vp", "figure_number", "seed", "file_chars", "file_lines",
               "record_chars", "record_lines")
#: the four slots of the War side of the Political/War tile, left to right (reference "A battle" 2-3)
SLOT_NAMES = ("seppuku", "hostage", "ronin", "poets")


def _need(d: Any, key: str, typ: type, where: str) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise FormatError(f"{where}: missing field '{key}'")
    v = d[key]
    if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
        raise FormatError(f"{where}: field '{key}' must be {typ.__name__}, got {v!r}")
    return v


class WarRules:
    """The tables of ``war.json``, checked on load."""

    def __init__(self, d: dict, where: str = "war.json"):
        self.provinces: tuple[str, ...] = tuple(_need(d, "provinces", list, where))
        if not self.provinces or not all(isinstance(p, str) and p.isidentifier() for p in self.provinces):
            raise FormatError(f"{where}: field 'provinces' must list province names")
        seasons = _need(d, "seasons", dict, where)
        for k, v in seasons.items():
            if not isinstance(v, int) or v < 0:
                raise FormatError(f"{where}: field 'seasons.{k}' must be a whole number of VP, got {v!r}")
        self.seasons: dict[str, int] = dict(seasons)
        bonus = _need(d, "province_bonus", list, where)
        for row in bonus:
            if not (isinstance(row, list) and len(row) == 2 and all(isinstance(x, int) for x in row)):
                raise FormatError(f"{where}: field 'province_bonus' rows are [provinces, VP], got {row!r}")
        self.province_bonus: tuple[tuple[int, int], ...] = tuple(sorted((a, b) for a, b in bonus))
        lo, hi = _need(d, "players", list, where)
        self.min_players, self.max_players = int(lo), int(hi)
        clans = _need(d, "clans", dict, where)
        self.clans: dict[str, frozenset[str]] = {}
        for name, c in clans.items():
            war = _need(c, "war", list, f"{where}: clans.{name}")
            for a in war:
                if a not in ABILITIES:
                    raise FormatError(f"{where}: field 'clans.{name}.war': unknown ability '{a}' (known: {', '.join(ABILITIES)})")
            self.clans[name] = frozenset(war)
        figures = _need(d, "figures", dict, where)
        self.figure_force: dict[str, int] = {}
        self.hostage_allowed: dict[str, bool] = {}
        #: how many figures of each kind a clan owns (reference "Clans in war": 1 Daimyo, 3 Shinto, 6 Bushi);
        #: None where the rules set no limit (Monsters: see ``bounds["monsters"]``)
        self.per_clan: dict[str, int | None] = {}
        for kind, f in figures.items():
            self.figure_force[kind] = _need(f, "force", int, f"{where}: figures.{kind}")
            self.hostage_allowed[kind] = _need(f, "hostage", bool, f"{where}: figures.{kind}")
            if not isinstance(f, dict) or "per_clan" not in f:
                raise FormatError(f"{where}: figures.{kind}: missing field 'per_clan'")
            limit = f["per_clan"]
            if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
                raise FormatError(f"{where}: figures.{kind}: field 'per_clan' must be a whole number or null, got {limit!r}")
            self.per_clan[kind] = limit
        slots = tuple(_need(d, "slots", list, where))
        if slots != SLOT_NAMES:
            raise FormatError(f"{where}: field 'slots' must be {list(SLOT_NAMES)}, got {list(slots)}")
        self.slots = slots
        self.stronghold_force = _need(d, "stronghold_force", int, where)
        self.strongholds_per_province = _need(d, "strongholds_per_province", int, where)
        self.seppuku_vp = _need(d, "seppuku_vp_per_figure", int, where)
        self.seppuku_honor = _need(d, "seppuku_honor_per_figure", int, where)
        self.hostage_vp = _need(d, "hostage_vp", int, where)
        self.poets_vp = _need(d, "poets_vp_per_figure", int, where)
        bounds = _need(d, "bounds", dict, where)
        for name in BOUND_NAMES:
            v = _need(bounds, name, int, f"{where}: bounds")
            if v < 1:
                raise FormatError(f"{where}: field 'bounds.{name}' must be a whole number of at least 1, got {v}")
        #: this project's ceilings (monsters in a file, a figure's Force, coins and ronin, VP, ...)
        self.bounds: dict[str, int] = {name: bounds[name] for name in BOUND_NAMES}

    def has(self, clan: str, ability: str) -> bool:
        return ability in self.clans.get(clan, ())

    def bonus(self, different: int) -> int:
        """The different-provinces bonus for holding War Province tokens of ``different`` provinces."""
        best = 0
        for at_least, vp in self.province_bonus:
            if different >= at_least:
                best = vp
        return best


def load_rules(text: str | None = None) -> WarRules:
    """The rules from ``war.json`` (or from ``text``, for tests of malformed data)."""
    return WarRules(_data_file("war.json", text))


def _data_file(name: str, text: str | None) -> Any:
    """The JSON of the package's data file ``name`` (or of ``text``); FormatError naming the file when it is not JSON."""
    if text is None:
        text = resources.files("daimyo.risingsun").joinpath(f"data/{name}").read_text(encoding="utf-8")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise FormatError(f"{name}: not JSON: {e}") from None


RULES = load_rules()


_COLOUR = re.compile(r"^#[0-9a-f]{6}$")


def load_colours(text: str | None = None, rules: WarRules = RULES) -> dict[str, str]:
    """Each clan's colour by its id, from ``colours.json`` (or from ``text``): the one source of the page's swatches and
    the RL pictures. Every clan of ``war.json`` has one (``#rrggbb``), and no other name does."""
    d = _data_file("colours.json", text)
    clans = _need(d, "clans", dict, "colours.json")
    for name, colour in clans.items():
        if name not in rules.clans:
            raise FormatError(f"colours.json: field 'clans.{name}': no such clan (clans: {', '.join(rules.clans)})")
        if not isinstance(colour, str) or not _COLOUR.match(colour):
            raise FormatError(f"colours.json: field 'clans.{name}' must be a colour #rrggbb, got {colour!r}")
    missing = [c for c in rules.clans if c not in clans]
    if missing:
        raise FormatError(f"colours.json: field 'clans' has no colour for {', '.join(missing)}")
    return dict(clans)


#: each clan's colour (``data/colours.json``)
CLAN_COLOURS = load_colours()
