"""Battle for Rokugan's table options: the rules file a table is played under (docs/designers.md, docs/web.md).

A lobby request may give ``rules``: the text of a rules file (daimyo/rokugan/data_variant.py), checked by the same
reader as ``daimyo rokugan check-rules``. A game with one stores it in ``games.start_file`` as one JSON object, the
**table file** (``"format": "rokugan-table"``, the rules file's canonical text and digest), so a restart, a rematch
and the record set the same game up under the same rules. A game without one stores nothing and is played under the
standard rules.

A table's game is simply a state made with its rules file's rules (``state.rules``): the engine and the bots read the
rules of the game they are given, so one server process plays games under different rules side by side, in any
thread, with nothing switched. The native engine plays the variants it supports (``Variant.not_native`` is None) and
the Python engine the others.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import orjson

from daimyo.core.errors import FormatError, RuleViolation
from daimyo.core.limits import MAX_START_FILE, depth
from daimyo.core.registry import Randomness, TableError

if TYPE_CHECKING:
    from daimyo.core.game import GameState

TABLE_FORMAT = "rokugan-table"
#: the request field of the rules file, and the name its messages start with
RULES_FILE = "rules"
OPTIONS = (RULES_FILE,)

__all__ = ["TABLE_FORMAT", "RokuganTable", "check_rules", "table_of", "variant_of"]


def check_rules(text: Any, max_depth: int = 8) -> Any:
    """The variant a rules file's text makes; TableError naming the field ("rules: field 'components.rounds': ...")."""
    from daimyo.rokugan.data_variant import MAX_DEPTH, parse_variant

    if not isinstance(text, str) or not text.strip() or len(text) > MAX_START_FILE:
        raise TableError(f"{RULES_FILE}: the text of a rules file, at most {MAX_START_FILE} characters "
                         f"(docs/designers.md)")
    try:
        doc = orjson.loads(text)
    except orjson.JSONDecodeError:
        doc = None   # the reader below says where the text is not JSON
    if doc is not None and depth(doc, max_depth) > min(max_depth, MAX_DEPTH):
        raise TableError(f"{RULES_FILE}: the file nests deeper than {min(max_depth, MAX_DEPTH)} levels")
    try:
        return parse_variant(text, RULES_FILE)
    except FormatError as e:   # its words start with the source, RULES_FILE: the field
        raise TableError(str(e)) from None


def table_of(req: dict) -> str | None:
    """The table file of a lobby request's options, or None when it gives no rules file (the standard rules)."""
    text = req.get(RULES_FILE)
    if text is None:
        return None
    variant = check_rules(text)
    return json.dumps({"format": TABLE_FORMAT, "rules": variant.canonical, "digest": variant.digest})


def _table(text: str) -> dict:
    table = json.loads(text)
    if not isinstance(table, dict) or table.get("format") != TABLE_FORMAT or not isinstance(table.get("rules"), str):
        raise ValueError(f"a Battle for Rokugan game's stored table is not a {TABLE_FORMAT} file")
    return table


def variant_of(table: str | None) -> Any:
    """The variant of a stored table (None for none), made once per digest; ValueError when its rules no longer match
    their digest."""
    if not table:
        return None
    from daimyo.rokugan.data_variant import variant_named

    t = _table(table)
    try:
        return variant_named(t["rules"], str(t.get("digest")), RULES_FILE)
    except FormatError as e:
        raise ValueError(str(e)) from None


class RokuganTable:
    """Battle for Rokugan's :class:`~daimyo.core.registry.TableOptions`: a table's rules file.

    ``new_game(players, randomness, clans)`` and ``record(players, randomness, clans, actions)`` are the
    registration's own (daimyo/rokugan/game.py); ``base_data()`` is the page's data of the standard game."""

    fields: tuple[str, ...] = OPTIONS
    upload: str | None = RULES_FILE

    def __init__(self, new_game: Callable[..., Any], record: Callable[..., str], base_data: Callable[[], dict]):
        self.new_game, self.write, self.base_data = new_game, record, base_data

    table_of = staticmethod(table_of)

    @staticmethod
    def table_fields(table: str | None) -> dict:
        """The request fields that make the table again (a rematch): its rules file; {} for none."""
        return {RULES_FILE: _table(table)["rules"]} if table else {}

    @staticmethod
    def seat_choices(table: str | None) -> list[str]:
        """The clans in the table's game (Setup 3. Choose Clans; a rules file's ``clans_in_game``)."""
        variant = variant_of(table)
        if variant is None:
            from daimyo.rokugan.data import RULES
            return list(RULES.clan_names)
        return list(variant.rules.clan_names)

    @staticmethod
    def read_upload(text: str, max_depth: int) -> dict:
        """What a rules file changes, as ``daimyo rokugan check-rules`` says it: its name, digest, the clans in its
        game, its changes one a line, and which engine plays it."""
        from daimyo.rokugan.data_variant import describe

        v = check_rules(text, max_depth)
        return {"name": v.name, "digest": v.digest, "clans": list(v.rules.clan_names), "changes": describe(v),
                "engine": "python" if v.not_native else "native or python", "not_native": v.not_native}

    @staticmethod
    def lobby() -> dict:
        """The lobby's box: a rules file, nothing else."""
        return {"legend": "lobby.sj.options", "options": [],
                "file": {"label": "lobby.rk.rules", "accept": ".json,application/json", "none": "lobby.rk.rules_none"}}

    @staticmethod
    def upload_words(read: dict) -> dict:
        """A checked rules file: its name and how many changes it makes (the seats' choices stay the lobby's)."""
        return {"note": {"key": "lobby.rk.rules_ok", "params": {"name": read["name"], "changes": len(read["changes"])}},
                "choices": None, "names": {}}

    def page_data(self, table: str | None) -> dict | None:
        """The page's data of the table's rules (its numbers, clans, cards and objectives: all public, every player
        of the table has the rules file); None for a table without one."""
        variant = variant_of(table)
        if variant is None:
            return None
        return {**self.base_data(), **{name: variant.files[f"{name}.json"]
                                       for name in ("board", "clans", "components", "territory_cards", "objectives")},
                "variant": {"name": variant.name, "digest": variant.digest}}

    @staticmethod
    def welcome_table(table: str | None) -> dict | None:
        """The table file as the ``welcome`` carries it (``"table"``: its format, the rules file's canonical text and
        digest; public, every player and spectator of the table may read it); None for the standard rules."""
        if not table:
            return None
        t = _table(table)
        return {"format": TABLE_FORMAT, "rules": t["rules"], "digest": t.get("digest")}

    @staticmethod
    def read_welcome_table(table: Any) -> Any:
        """The rules of a ``welcome``'s ``table`` (:meth:`welcome_table`), the file checked against its digest;
        ValueError naming the field."""
        from daimyo.rokugan.data_variant import parse_variant

        if not isinstance(table, dict) or table.get("format") != TABLE_FORMAT:
            raise ValueError(f"field 'table.format': a rules file is read for a Battle for Rokugan table only "
                             f"(format \"{TABLE_FORMAT}\")")
        if not isinstance(table.get("digest"), str):
            raise ValueError("field 'table.digest': the rules file's digest, as text")
        try:
            variant = parse_variant(table.get("rules"), "field 'table.rules'")
        except FormatError as e:
            raise ValueError(str(e)) from None
        if variant.digest != table["digest"]:
            raise ValueError(f"field 'table.digest': it says {table['digest']}, the rules file's digest is "
                             f"{variant.digest}")
        return variant.rules

    def new_state(self, table: str, randomness: Randomness, seats: list[str]) -> GameState:
        """The first state of a game at this table (Setup 1-11 under its rules: the game holds them); TableError
        ("seats: ...")."""
        variant = variant_of(table)
        rules = variant.rules if variant is not None else None
        try:
            return self.new_game(len(seats), randomness, list(seats), rules=rules)
        except (RuleViolation, ValueError) as e:
            raise TableError(f"seats: {getattr(e, 'message', None) or e}") from None

    def record(self, table: str, randomness: Randomness, seats: list[str], actions: list[tuple[int, str]]) -> str:
        """The record of a game at this table: its header carries the rules file whole, with its name and digest."""
        variant = variant_of(table)
        return self.write(len(seats), randomness, list(seats), actions, rules=variant.rules if variant else None)
