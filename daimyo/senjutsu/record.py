"""Duel records: a header and one action a line; replaying a record rebuilds the same duel exactly.

::

    format: senjutsu-record
    rules: 1
    seed: 7
    board: one
    characters: kaze tetsu
    terrain: rock 0,0

    p2: place 0,3 n
    p1: place 0,-3 s
    p1: play quick-cut
    ...

A duel seeded with a secret key (daimyo/core/rng.py) has ``generator: blake2b-keyed`` and
``key: <64 hex digits>`` instead of ``seed:``; :func:`record_header` writes either.
A position file (docs/senjutsu-notation.md) followed by action lines replays from that position instead.

A duel played with a user's own cards carries its card file in the header, on one line (``cards: {"format":
"senjutsu-cards", ...}``, compact JSON with ``#`` written ``\\u0023`` so that no comment can start in it), so the
record replays with those cards and needs no other file (:func:`card_file_line`, :func:`record_cards`).
"""

from __future__ import annotations

import json

from daimyo.core.errors import FormatError, RuleViolation
from daimyo.core.record import (
    Replay,
    ReplayError,
    check_format,
    header_fields,
    header_seed,
    position_body,
    record_text as _record_text,
    replay_actions,
    seed_header,
    split_record,
)
from daimyo.core.rng import GameKey
from daimyo.senjutsu.cards import CardSet, load_data, read_json, sample_set
from daimyo.senjutsu.hexgrid import hex_text, parse_hex
from daimyo.senjutsu.position import FORMAT as POSITION_FORMAT, PositionError, from_position
from daimyo.senjutsu.state import SenjutsuState

FORMAT = "senjutsu-record"
__all__ = ["FORMAT", "Replay", "ReplayError", "card_file_line", "merge_card_files", "parse", "parse_terrain", "record_cards", "record_header",
           "record_text", "replay", "terrain_text"]


def terrain_text(terrain: list[tuple[str, list]]) -> str:
    """Terrain pieces as a record writes them: ``rock 0,0; torii -2,3 0,2`` (read back by :func:`parse_terrain`)."""
    return "; ".join(" ".join([kind, *(hex_text(h) for h in hexes)]) for kind, hexes in terrain)


def record_header(characters: list[str], seed: int | GameKey, board: str = "one",
                  terrain: list[tuple[str, list]] | None = None, decks: list[str] | None = None,
                  weapons: list[str] | None = None, terrain_pieces: list[str] | None = None,
                  prepare: bool = False, card_file: str | None = None) -> dict:
    """The header of a duel's record, from the arguments ``new_game`` was given (``seed``: an int or a GameKey);
    ``card_file``: the text of the user's card file the duel was played with (the sample set's cards need none)."""
    header = {**seed_header(seed), "board": board, "characters": " ".join(characters)}
    if terrain:
        header["terrain"] = terrain_text(terrain)
    if terrain_pieces:
        header["terrain-pieces"] = " ".join(terrain_pieces)
    if decks:
        header["decks"] = " ".join(decks)
    if weapons:
        header["weapons"] = " ".join(weapons)
    if prepare:
        header["prepare"] = "yes"
    if card_file:
        header["cards"] = card_file_line(card_file)
    return header


def merge_card_files(texts: list[str]) -> str:
    """Several card files as one (their cards, characters and decks in order), which the loader reads as it reads
    them one after another: for a record's one ``cards:`` line."""
    docs = [read_json(f"card file {i + 1}", t) for i, t in enumerate(texts)]
    for i, d in enumerate(docs):
        if not isinstance(d, dict) or not all(isinstance(d.get(part, []), list) for part in ("cards", "characters", "decks")):
            raise FormatError(f"card file {i + 1}: a card file is an object whose cards, characters and decks are lists")
    return json.dumps({"format": "senjutsu-cards", **{part: [x for d in docs for x in d.get(part, [])]
                                                       for part in ("cards", "characters", "decks")}})


def card_file_line(text: str) -> str:
    """A card file's JSON text as one header line's value: compact, every ``#`` escaped (read back as it was)."""
    return json.dumps(read_json("cards", text), ensure_ascii=False, separators=(",", ":")).replace("#", "\\u0023")


def record_cards(line: int, value: str) -> CardSet:
    """The card set of a record's ``cards:`` line: the sample set and that card file, checked by the loader."""
    try:
        return load_data([("record cards", value)], sample_set())
    except FormatError as e:
        raise ReplayError(line, str(e)) from None


def record_text(header: dict, actions: list[tuple[str, str]]) -> str:
    return _record_text(FORMAT, SenjutsuState.rules_version, header, actions)


def _is_actor(name: str) -> bool:
    return len(name) == 2 and name[0] == "p" and name[1] in "1234"


def _seat(state, actor: str) -> int:
    return int(actor[1:]) - 1


def parse_terrain(val: str) -> list[tuple[str, list]]:
    out = []
    for piece in filter(None, (p.strip() for p in val.split(";"))):
        kind, *hexes = piece.split()
        out.append((kind, [parse_hex(h) for h in hexes]))
    return out


def parse(text: str, cards: CardSet | None = None) -> tuple[SenjutsuState, list[tuple[int, str, str]]]:
    """A record's first state and its actions; ``cards`` (the sample set by default) unless the record carries its
    own card file (a ``cards:`` line), which it is then played with."""
    header, actions = split_record(text, _is_actor)
    fields = header_fields(header)
    if "format" not in fields:
        raise ReplayError(header[0][0] if header else 1, f"no 'format:' line: a record starts with 'format: {FORMAT}' "
                                                         f"(a position with 'format: {POSITION_FORMAT}')")
    if check_format(fields, FORMAT, POSITION_FORMAT, SenjutsuState.rules_version) == POSITION_FORMAT:
        try:
            return from_position(position_body(text, actions), cards), actions
        except PositionError as e:
            raise ReplayError(e.lineno, e.detail) from None
    if "characters" not in fields:
        raise ReplayError(1, "a record needs a 'characters:' line")
    seed = header_seed(fields)
    try:
        terrain = parse_terrain(fields["terrain"][1]) if "terrain" in fields else []
    except ValueError as e:
        raise ReplayError(fields["terrain"][0], str(e)) from None
    decks = fields["decks"][1].split() if "decks" in fields else None
    weapons = fields["weapons"][1].split() if "weapons" in fields else None
    pieces = fields["terrain-pieces"][1].split() if "terrain-pieces" in fields else None
    if "cards" in fields:   # the duel's own card file: the record needs no other
        cards = record_cards(*fields["cards"])
    try:
        state = SenjutsuState.new_game(fields["characters"][1].split(), seed=seed, decks=decks, weapons=weapons,
                                       board=fields.get("board", (0, "one"))[1], terrain=terrain, cards=cards,
                                       terrain_pieces=pieces, prepare=fields.get("prepare", (0, "no"))[1] == "yes")
    except (RuleViolation, ValueError) as e:
        raise ReplayError(fields["characters"][0], str(e)) from None
    return state, actions


def replay(text: str, cards: CardSet | None = None) -> Replay:
    state, actions = parse(text, cards)
    return replay_actions(state, actions, _seat)
