"""Senjutsu's table options: one board or two joined, terrain seeded or placed by the players, prepared cards, and
the players' own card file (docs/server-protocol.md, docs/senjutsu-cards.md). :class:`SenjutsuTable` is the
:class:`~daimyo.core.registry.TableOptions` of Senjutsu's registration (daimyo/senjutsu/game.py gives it the
seeded terrain and the page's data), through which the play server reads them.

A lobby request may give ``board`` ("one" or "two"), ``terrain`` ("seeded": laid out from the game's ``terrain``
stream; "placed": the players place the same pieces in turns, Battlefield Setup 2), ``prepare`` (true: Player
Setup 7) and ``cards`` (the text of a card file, checked by the same loader as ``daimyo senjutsu check-cards``).
A game with any of them stores them in ``games.start_file`` as one JSON object, the **table file**
(``"format": "senjutsu-table"``), so a restart, a rematch and the record set the same duel up again. A game with
none stores nothing and is set up exactly as before.
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
    from daimyo.senjutsu.cards import CardSet
    from daimyo.senjutsu.state import SenjutsuState

#: how deep a card file may nest unless the server's ``max_depth`` setting says otherwise (the sample set: 8)
MAX_CARD_DEPTH = 8

TABLE_FORMAT = "senjutsu-table"
#: the name a stored card file is read under (the loader's messages start with it)
CARD_FILE = "cards"
OPTIONS = ("board", "terrain", "prepare", "cards")
BOARDS = ("one", "two")
TERRAIN = ("seeded", "placed")

__all__ = ["TABLE_FORMAT", "SenjutsuTable", "TableError", "card_file_of", "card_file_summary", "card_set", "check_cards",
           "seat_choices", "table_fields", "table_of"]


def check_cards(text: Any, max_depth: int = MAX_CARD_DEPTH) -> CardSet:
    """The card set a card file's text makes with the sample set; TableError naming the card and field.

    The text is first read with the limits of the server's JSON (docs/security.md): nesting at most ``max_depth``
    levels, every number a finite double (a 5,000-digit number is refused); the loader then reads it within its own
    bounds (docs/senjutsu-cards.md), and says what is wrong only as a FormatError."""
    from daimyo.senjutsu.cards import load_data, sample_set

    if not isinstance(text, str) or not text.strip() or len(text) > MAX_START_FILE:
        raise TableError(f"cards: the text of a card file, at most {MAX_START_FILE} characters")
    try:
        doc = orjson.loads(text)
    except orjson.JSONDecodeError as e:   # the loader's own words: the line and what is wrong there
        raise TableError(f"{CARD_FILE}: not JSON: line {e.lineno}, column {e.colno}: {e.msg[:80]}") from None
    if depth(doc, max_depth) > max_depth:
        raise TableError(f"{CARD_FILE}: the file nests deeper than {max_depth} levels")
    try:
        return load_data([(CARD_FILE, text)], sample_set())
    except FormatError as e:   # the loader's words start with the file's name, CARD_FILE ("cards"): the field
        raise TableError(str(e)) from None


def table_of(req: dict) -> str | None:
    """The table file of a lobby request's Senjutsu options, or None when it gives none (the default duel)."""
    if not any(req.get(k) is not None for k in OPTIONS):
        return None
    board, terrain, prepare, cards = (req.get("board", "one"), req.get("terrain", "seeded"), req.get("prepare", False),
                                      req.get("cards"))
    if board not in BOARDS:
        raise TableError("board: 'one' (one battlefield board) or 'two' (two boards joined)")
    if terrain not in TERRAIN:
        raise TableError("terrain: 'seeded' (laid out at random) or 'placed' (the players place it, Battlefield Setup 2)")
    if not isinstance(prepare, bool):
        raise TableError("prepare: true or false (prepared cards, Player Setup 7)")
    if cards is not None:
        check_cards(cards)
    return json.dumps({"format": TABLE_FORMAT, "board": board, "terrain": terrain, "prepare": prepare, "cards": cards})


def _table(text: str) -> dict:
    table = json.loads(text)
    if not isinstance(table, dict) or table.get("format") != TABLE_FORMAT:
        raise ValueError(f"a Senjutsu game's stored table is not a {TABLE_FORMAT} file")
    return table


def table_fields(text: str | None) -> dict:
    """The request fields that make the table of ``text`` again (for a rematch); {} for the default duel."""
    if not text:
        return {}
    t = _table(text)
    return {k: t[k] for k in OPTIONS if t.get(k) is not None}


def card_set(text: str | None) -> CardSet:
    """The card set of a stored table: the sample set and the table's card file."""
    from daimyo.senjutsu.cards import load_data, sample_set

    cards = _table(text).get("cards") if text else None
    return load_data([(CARD_FILE, cards)], sample_set()) if cards else sample_set()


def card_file_of(text: str | None) -> dict | None:
    """The card file of a stored table as its JSON object (for the duel's page), or None (also for a stored file
    past the limits of :func:`check_cards`, a game the server refuses to load)."""
    cards = _table(text).get("cards") if text else None
    if not cards:
        return None
    try:
        doc = orjson.loads(cards)
    except orjson.JSONDecodeError:
        return None
    return doc if isinstance(doc, dict) and depth(doc, MAX_CARD_DEPTH) <= MAX_CARD_DEPTH else None


def seat_choices(text: str | None) -> list[str]:
    """The characters a seat may take at this table (the sample set's and the card file's)."""
    return list(card_set(text).characters)


def _decks(cs: CardSet, characters: list[str]) -> list[str]:
    """Each character's ``<id>-sample`` deck, or its first deck in the card file."""
    out = []
    for ch in characters:
        own = [d.id for d in cs.decks.values() if d.character == ch]
        if not own:
            raise TableError(f"cards: character '{ch}' has no deck (Player Setup)")
        out.append(f"{ch}-sample" if f"{ch}-sample" in own else own[0])
    return out


def card_file_summary(text: Any, max_depth: int = MAX_CARD_DEPTH) -> dict:
    """What a card file adds to the sample set: {"characters", "names", "new"}; TableError naming the card and field."""
    from daimyo.senjutsu.cards import sample_set

    cs, base = check_cards(text, max_depth), sample_set()
    return {"characters": list(cs.characters), "names": {k: c.name for k, c in cs.characters.items()},
            "new": {"characters": [k for k in cs.characters if k not in base.characters],
                    "cards": len([k for k in cs.cards if k not in base.cards])}}


class SenjutsuTable:
    """Senjutsu's :class:`~daimyo.core.registry.TableOptions`: ``terrain(randomness)`` lays the seeded terrain out
    (Battlefield Setup 2) and ``base_data()`` is the page's data of every duel, to which a table's card file adds."""

    fields: tuple[str, ...] = OPTIONS
    upload: str | None = CARD_FILE

    def __init__(self, terrain: Callable[[Randomness], list[tuple[str, list]]], base_data: Callable[[], dict]):
        self.terrain, self.base_data = terrain, base_data

    table_of = staticmethod(table_of)
    table_fields = staticmethod(table_fields)
    seat_choices = staticmethod(seat_choices)

    @staticmethod
    def read_upload(text: str, max_depth: int) -> dict:
        return card_file_summary(text, max_depth)

    @staticmethod
    def lobby() -> dict:
        """The lobby's box: the board, the terrain, prepared cards and the card file (its characters join the seats'
        choices)."""
        return {"legend": "lobby.sj.options", "options": [
            {"field": "board", "label": "lobby.sj.board", "values": list(BOARDS), "words": "lobby.sj.board_",
             "default": BOARDS[0]},
            {"field": "terrain", "label": "lobby.sj.terrain", "values": list(TERRAIN), "words": "lobby.sj.terrain_",
             "default": TERRAIN[0]},
            {"field": "prepare", "label": "lobby.sj.prepare", "flag": True, "default": False}],
            "file": {"label": "lobby.sj.cards", "accept": ".json,application/json", "none": "lobby.sj.cards_none"}}

    @staticmethod
    def upload_words(read: dict) -> dict:
        """A checked card file: its new characters by name and the number of new cards; its characters are then the
        seats' choices."""
        new = ", ".join(read["names"][c] for c in read["new"]["characters"]) or "0"
        return {"note": {"key": "lobby.sj.cards_ok", "params": {"characters": new, "cards": read["new"]["cards"]}},
                "choices": read["characters"], "names": read["names"]}

    @staticmethod
    def welcome_table(table: str | None) -> dict | None:
        """Nothing: the duel's page data carries its card file (:meth:`page_data`)."""
        return None

    @staticmethod
    def read_welcome_table(table: Any) -> Any:
        """Nothing is read: a duel's ``welcome`` carries no table (:meth:`welcome_table`)."""
        raise ValueError("field 'table.format': a Senjutsu duel's welcome carries no table file")

    def page_data(self, table: str | None) -> dict | None:
        """The duel's page data: every duel's, with the table's card file added (a table's card file is public: every
        player of it may read it); None for a table without one."""
        own = card_file_of(table)
        if not own:
            return None
        data = self.base_data()
        return {**data, "cards": [*data["cards"], *own.get("cards", [])],
                "characters": [*data["characters"], *own.get("characters", [])]}

    def _setup(self, text: str, randomness: Randomness, characters: list[str]) -> dict:
        """The arguments of ``new_game`` and of ``record_header`` for this table."""
        t, cs = _table(text), card_set(text)
        pieces = self.terrain(randomness)
        placed = t["terrain"] == "placed"
        return {"board": t["board"], "terrain": None if placed else pieces,
                "terrain_pieces": [kind for kind, _ in pieces] if placed else None, "prepare": bool(t["prepare"]),
                "decks": _decks(cs, characters), "cards": cs, "card_text": t.get("cards")}

    def new_state(self, table: str, randomness: Randomness, seats: list[str]) -> SenjutsuState:
        """The first state of a duel at this table; TableError ("seats: ...") for characters it cannot set up."""
        from daimyo.senjutsu import new_game

        a = self._setup(table, randomness, seats)
        try:
            return new_game(list(seats), seed=randomness, board=a["board"], terrain=a["terrain"] or [],
                            terrain_pieces=a["terrain_pieces"], prepare=a["prepare"], decks=a["decks"], cards=a["cards"])
        except RuleViolation as e:
            raise TableError(f"seats: {getattr(e, 'message', None) or e}") from None

    def record(self, table: str, randomness: Randomness, seats: list[str], actions: list[tuple[int, str]]) -> str:
        """The record of a duel at this table: its header carries the board, terrain, decks and the card file itself."""
        from daimyo.senjutsu.record import record_header, record_text
        from daimyo.senjutsu.state import seat_name

        a = self._setup(table, randomness, seats)
        header = record_header(list(seats), randomness, a["board"], terrain=a["terrain"], decks=a["decks"],
                               terrain_pieces=a["terrain_pieces"], prepare=a["prepare"], card_file=a["card_text"])
        return record_text(header, [(seat_name(seat), act) for seat, act in actions])
