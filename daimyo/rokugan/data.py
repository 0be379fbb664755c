"""Static facts of Battle for Rokugan, read from the JSON files in ``data/``.

Everything the rules need about the printed components (board, tokens, clans,
cards, objectives, initiative) is loaded into a :class:`Rules` object: the standard
game's is :data:`RULES`, which nothing changes; a rules file (data_variant.py) makes
its own. Each game state carries the Rules it is played under (``state.rules``) and
the engine reads them there. The map (provinces, borders, territories, coasts) is the
same in every variant, so tables of the map alone may be read from :data:`RULES`.
A malformed data file raises :class:`~daimyo.core.errors.FormatError` naming the file and field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import Any

from daimyo.core.errors import FormatError
from daimyo.rokugan.objectives import check_objective

KINDS = ("army", "navy", "shinobi", "blessing", "diplomacy", "raid", "bluff")
SPECIALS = ("peace", "scorched_earth", "shrine", "battlefield", "harbor",
            "honor_1", "honor_2", "honor_4", "defense_1", "defense_2")
#: honor given at the end of the game by a special token in a controlled province
SPECIAL_HONOR: dict[str | None, int] = {"honor_1": 1, "honor_2": 2, "defense_1": 1, "defense_2": 1}
#: defense given by a special token to the province's defender
SPECIAL_DEFENSE: dict[str | None, int] = {"defense_1": 1, "defense_2": 2}


def token_code(kind: str, strength: int) -> str:
    """The notation of a combat token: a3 (army 3), n1, s2, b2, dip, raid, bluff."""
    if kind in ("army", "navy", "shinobi", "blessing"):
        return f"{kind[0]}{strength}"
    return {"diplomacy": "dip", "raid": "raid", "bluff": "bluff"}[kind]


@dataclass(frozen=True)
class Token:
    kind: str
    strength: int
    code: str


def _need(obj: Any, key: str, typ: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise FormatError(f"{where}: missing field '{key}'")
    val = obj[key]
    if typ is not None and not isinstance(val, typ):
        raise FormatError(f"{where}: field '{key}' must be {typ.__name__ if isinstance(typ, type) else typ}, got {val!r}")
    return val


class Rules:
    """All static tables, indexed for speed (provinces are ints 0..29)."""

    def __init__(self, files: dict[str, dict]):
        self._load_board(files["board.json"])
        self._load_components(files["components.json"])
        self._load_clans(files["clans.json"])
        self._load_cards(files["territory_cards.json"])
        self._load_objectives(files["objectives.json"])
        self._load_initiative(files["initiative.json"])
        #: a rules file's numbers inside card effects: card id -> the effect's attribute -> value (data_variant.py)
        self.card_numbers: dict[str, dict[str, int]] = {}
        #: the record header lines of a rules file's rules (variant, variant-digest, variant-rules); none for the
        #: standard rules
        self.header: dict[str, str] = {}
        #: the rules file's digest (None: the standard rules)
        self.digest: str | None = None
        #: why the native engine cannot play these rules, or None (data_variant.py)
        self.not_native: str | None = None

    # -- tables derived from the rules, made once per Rules object ---------------
    @cached_property
    def token_codes(self) -> list[str]:
        """Every combat token's code in these rules, sorted (the notation's check)."""
        return sorted({t.code for ts in self.clan_tokens.values() for t in ts})

    @cached_property
    def token_info(self) -> dict[str | None, list[tuple[str, str, tuple[str, str]]]]:
        """Each clan's tokens as (code, kind, the placing move's head), by clan token index."""
        return {clan: [(t.code, t.kind, ("place", t.code)) for t in toks] for clan, toks in self.clan_tokens.items()}

    @cached_property
    def objective_tuple(self) -> tuple[str, ...]:
        return tuple(self.objective_ids)

    @cached_property
    def neutral_tuple(self) -> tuple[str, ...]:
        return tuple(sorted(self.neutral_cards))

    @cached_property
    def max_token_number(self) -> int:
        """The most combat tokens a game under these rules can place, a bound on a token's number: in each round each
        of at most 5 players places at most its combat tokens, and Animate the Dead puts one back once."""
        return self.rounds * 5 * (self.tokens_per_clan + 1)

    def __reduce__(self) -> Any:
        # a game pickled (a worker process, a saved study) or deep-copied names its rules instead of copying them:
        # the standard ones are the one RULES object; a rules file's are made again from the file, once per digest
        # (data_variant.py, which makes them, registers their reduction with copyreg, so this module needs no import
        # of it)
        if self is RULES:
            return (_standard_rules, ())
        return object.__reduce__(self)

    def card_number(self, card: str, attr: str, printed: int) -> int:
        """A number inside a card's effect: the rules file's (``card_numbers``), else the printed one."""
        return self.card_numbers.get(card, {}).get(attr, printed)

    # -- board ---------------------------------------------------------
    def _load_board(self, d: dict) -> None:
        where = "board.json"
        terrs = _need(d, "territories", list, where)
        provs = _need(d, "provinces", list, where)
        borders = _need(d, "land_borders", list, where)
        self.province_names: list[str] = []
        self.province_index: dict[str, int] = {}
        for i, p in enumerate(provs):
            pid = _need(p, "id", str, f"{where} provinces[{i}]")
            if pid in self.province_index:
                raise FormatError(f"{where} provinces[{i}]: duplicate province id '{pid}'")
            self.province_index[pid] = i
            self.province_names.append(pid)
        n = len(provs)
        self.n_provinces = n
        self.territory_names = [_need(t, "id", str, f"{where} territories[{i}]") for i, t in enumerate(terrs)]
        self.territory_index = {t: i for i, t in enumerate(self.territory_names)}
        self.territory_clan = [t.get("clan") for t in terrs]
        self.territory_shadowlands = [bool(_need(t, "shadowlands", bool, f"{where} territories[{i}]")) for i, t in enumerate(terrs)]
        self.territory_provinces: list[tuple[int, ...]] = []
        for i, t in enumerate(terrs):
            ps = []
            for pid in _need(t, "provinces", list, f"{where} territories[{i}]"):
                if pid not in self.province_index:
                    raise FormatError(f"{where} territories[{i}]: unknown province '{pid}'")
                ps.append(self.province_index[pid])
            self.territory_provinces.append(tuple(ps))
        self.province_territory = [0] * n
        self.capital_of: list[str | None] = [None] * n
        self.coastal = [False] * n
        self.flowers = [0] * n
        self.printed_defense = [0] * n
        self.xy = [(0.0, 0.0)] * n
        self.shadowlands = [False] * n
        for i, p in enumerate(provs):
            w = f"{where} provinces[{i}] ({p.get('id')})"
            t = _need(p, "territory", str, w)
            if t not in self.territory_index:
                raise FormatError(f"{w}: unknown territory '{t}'")
            self.province_territory[i] = self.territory_index[t]
            self.shadowlands[i] = self.territory_shadowlands[self.territory_index[t]]
            self.capital_of[i] = p.get("capital_of")
            self.coastal[i] = _need(p, "coastal", bool, w)
            self.flowers[i] = _need(p, "flowers", int, w)
            self.printed_defense[i] = _need(p, "printed_defense", int, w)
            self.xy[i] = (float(_need(p, "x", (int, float), w)), float(_need(p, "y", (int, float), w)))
        self.capital: dict[str | None, int] = {c: i for i, c in enumerate(self.capital_of) if c}
        self.borders: list[tuple[int, int]] = []
        self.border_index: dict[tuple[int, int], int] = {}
        self.adjacent: list[list[int]] = [[] for _ in range(n)]
        self.province_borders: list[list[int]] = [[] for _ in range(n)]
        for i, b in enumerate(borders):
            if not (isinstance(b, list) and len(b) == 2 and all(x in self.province_index for x in b)):
                raise FormatError(f"{where} land_borders[{i}]: must be two known province ids, got {b!r}")
            p, q = (self.province_index[b[0]], self.province_index[b[1]])
            if p == q or (p, q) in self.border_index:
                raise FormatError(f"{where} land_borders[{i}]: duplicate or self border {b!r}")
            self.borders.append((p, q))
            self.border_index[(p, q)] = i
            self.border_index[(q, p)] = i
            self.adjacent[p].append(q)
            self.adjacent[q].append(p)
            self.province_borders[p].append(i)
            self.province_borders[q].append(i)

    # -- tokens and components -------------------------------------------
    def _load_components(self, d: dict) -> None:
        where = "components.json"
        self.rounds = _need(d, "rounds", int, where)
        self.hand_size = _need(d, "hand_size", int, where)
        self.control_tokens = _need(d, "control_tokens_per_clan", int, where)
        sct = _need(d, "starting_control_tokens", dict, where)
        self.starting_control = {int(k): int(v) for k, v in sct.items()}
        self.initiative_deck_size = _need(d, "initiative_deck_size", int, where)
        self.scouts = _need(d, "scout_cards_per_player", int, where)
        self.shugenja = _need(d, "shugenja_cards_per_player", int, where)
        self.objectives_dealt = _need(d, "objectives_dealt", int, where)
        self.common_tokens: list[Token] = []
        for i, t in enumerate(_need(d, "combat_tokens", list, where)):
            w = f"{where} combat_tokens[{i}]"
            kind = _need(t, "kind", str, w)
            if kind not in KINDS:
                raise FormatError(f"{w}: unknown token kind '{kind}' (known: {', '.join(KINDS)})")
            st = _need(t, "strength", int, w)
            for _ in range(_need(t, "count", int, w)):
                self.common_tokens.append(Token(kind, st, token_code(kind, st)))
        self.special_supply = {}
        for k, v in _need(d, "special_tokens", dict, where).items():
            if k not in SPECIALS:
                raise FormatError(f"{where} special_tokens: unknown special token '{k}'")
            self.special_supply[k] = int(v)

    def _load_clans(self, d: dict) -> None:
        where = "clans.json"
        self.clan_names: list[str] = []
        # looked up by a seat's clan, which is None only before Setup 3 (when nothing looks a token up)
        self.clan_tokens: dict[str | None, tuple[Token, ...]] = {}
        self.clan_ability: dict[str, str] = {}
        self.clan_display: dict[str, str] = {}
        for i, c in enumerate(_need(d, "clans", list, where)):
            w = f"{where} clans[{i}]"
            cid = _need(c, "id", str, w)
            st = _need(c, "special_token", dict, w)
            kind = _need(st, "kind", str, w + " special_token")
            if kind not in KINDS or kind == "bluff":
                raise FormatError(f"{w} special_token: kind '{kind}' is not a combat token kind")
            strength = _need(st, "strength", int, w + " special_token")
            if cid not in self.capital:
                raise FormatError(f"{w}: clan '{cid}' has no capital on the board")
            self.clan_names.append(cid)
            self.clan_display[cid] = _need(c, "name", str, w)
            self.clan_ability[cid] = _need(c, "ability", str, w)
            self.clan_tokens[cid] = tuple(self.common_tokens) + (Token(kind, strength, token_code(kind, strength)),)
        # the bluff index is the same for every clan
        codes = [t.code for t in self.common_tokens]
        if codes.count("bluff") != 1:
            raise FormatError("components.json combat_tokens: exactly one bluff token per clan is required")
        self.bluff_index = codes.index("bluff")
        self.tokens_per_clan = len(self.common_tokens) + 1

    def _load_cards(self, d: dict) -> None:
        where = "territory_cards.json"
        self.cards: dict[str, dict] = {}
        self.territory_cards: list[list[str]] = [[] for _ in self.territory_names]
        for i, c in enumerate(_need(d, "cards", list, where)):
            w = f"{where} cards[{i}]"
            cid = _need(c, "id", str, w)
            t = _need(c, "territory", str, w)
            if t not in self.territory_index:
                raise FormatError(f"{w}: unknown territory '{t}'")
            timing = _need(c, "timing", str, w)
            if timing not in ("upkeep", "placement"):
                raise FormatError(f"{w}: timing must be 'upkeep' or 'placement', got '{timing}'")
            _need(c, "name", str, w)
            _need(c, "effect", str, w)
            self.cards[cid] = dict(c)
            self.territory_cards[self.territory_index[t]].append(cid)
        for t, cs in zip(self.territory_names, self.territory_cards, strict=False):
            # the printed game has two a territory; a rules file may leave one out (docs/designers.md)
            if len(cs) not in (1, 2):
                raise FormatError(f"{where}: territory '{t}' must have one or two cards, has {len(cs)}")

    def _load_objectives(self, d: dict) -> None:
        where = "objectives.json"
        self.objectives: dict[str, dict] = {}
        for i, o in enumerate(_need(d, "objectives", list, where)):
            w = f"{where} objectives[{i}]"
            oid = _need(o, "id", str, w)
            _need(o, "honor", int, w)
            _need(o, "name", str, w)
            _need(o, "condition", str, w)
            check_objective(o, w, self)
            self.objectives[oid] = dict(o)
        self.objective_ids = list(self.objectives)

    def _load_initiative(self, d: dict) -> None:
        where = "initiative.json"
        self.neutral_cards: dict[str, str] = {}
        self.neutral_names: dict[str, str] = {}
        for i, c in enumerate(_need(d, "neutral", list, where)):
            w = f"{where} neutral[{i}]"
            most = _need(c, "most", str, w)
            if most not in ("territory_cards", "provinces", "control_tokens"):
                raise FormatError(f"{w}: 'most' must be territory_cards, provinces or control_tokens")
            self.neutral_cards[_need(c, "id", str, w)] = most
            self.neutral_names[c["id"]] = _need(c, "name", str, w)

    def province(self, name: str) -> int:
        try:
            return self.province_index[name]
        except KeyError:
            raise FormatError(f"unknown province '{name}'") from None


FILES = ("board.json", "components.json", "clans.json", "territory_cards.json", "objectives.json", "initiative.json")


def load_rules(overrides: dict[str, dict] | None = None) -> Rules:
    """Read the data files (``overrides`` replaces some of them, for tests of broken data)."""
    files = {}
    base = resources.files("daimyo.rokugan") / "data"
    for name in FILES:
        if overrides and name in overrides:
            files[name] = overrides[name]
            continue
        try:
            files[name] = json.loads((base / name).read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise FormatError(f"{name}: not valid JSON ({e})") from None
    return Rules(files)


def _standard_rules() -> Rules:
    return RULES


RULES = load_rules()
"""The standard rules (the printed game). Nothing changes it: a game under a rules file holds that file's Rules."""
