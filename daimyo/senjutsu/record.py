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
from collections import Counter

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
from daimyo.senjutsu.cards import MAX_CARD_FILE, CardSet, load_data, read_json, sample_set
from daimyo.senjutsu.hexgrid import battlefield, hex_text
from daimyo.senjutsu.position import FORMAT as POSITION_FORMAT, PositionError, from_position, parse_terrain, too_many
from daimyo.senjutsu.state import TERRAIN_PIECES, SenjutsuState

FORMAT = "senjutsu-record"
# whole-file bounds: a duel's record is a dozen header lines and a few hundred actions (the longest of 40 random
# duels of four has 324); its one-line card file at most MAX_CARD_FILE characters
MAX_RECORD_LINES = 20_000
MAX_RECORD_CHARS = MAX_CARD_FILE + 1_000_000
__all__ = ["FORMAT", "MAX_RECORD_CHARS", "MAX_RECORD_LINES", "Replay", "ReplayError", "card_file_line", "check_record",
           "merge_card_files", "parse", "parse_terrain", "record_cards", "record_header", "record_text", "replay", "terrain_text"]


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


def _seat(state: SenjutsuState, actor: str) -> int:
    return int(actor[1:]) - 1


def check_record(text: str, cards: CardSet | None = None) -> int:
    """Check a record (or a position with action lines) without replaying it: the whole-file bounds, the header
    (characters, decks, weapons, terrain, card file) and the first state; the number of action lines. Raises only
    ReplayError, whose message starts with the line it names (for a server to refuse a stored or uploaded duel)."""
    return len(parse(text, cards)[1])


def parse(text: str, cards: CardSet | None = None) -> tuple[SenjutsuState, list[tuple[int, str, str]]]:
    """A record's first state and its actions; ``cards`` (the sample set by default) unless the record carries its
    own card file (a ``cards:`` line), which it is then played with. Every refusal is a ReplayError naming its line."""
    if not isinstance(text, str):
        raise ReplayError(1, f"a record is text, got {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise ReplayError(text.count("\n", 0, MAX_RECORD_CHARS) + 1,
                          f"a record has at most {MAX_RECORD_CHARS} characters; this file has {len(text)}")
    count = text.count("\n") + 1
    if count > MAX_RECORD_LINES + 1 or (count == MAX_RECORD_LINES + 1 and not text.endswith("\n")):
        raise ReplayError(MAX_RECORD_LINES + 1, f"a record has at most {MAX_RECORD_LINES} lines")
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
        raise ReplayError(fields["format"][0], "a record needs a 'characters:' line (Setup: 2 to 4 characters)")
    cno, cval = fields["characters"]
    characters = cval.split()
    if not 2 <= len(characters) <= 4:
        raise ReplayError(cno, f"field 'characters': 2 to 4 characters (Setup), got {len(characters)}")
    seed = header_seed(fields)
    lists = {}
    for key in ("decks", "weapons"):   # one a seat, in seat order
        if key in fields:
            lists[key] = fields[key][1].split()
            if len(lists[key]) != len(characters):
                raise ReplayError(fields[key][0], f"field '{key}': one for each of the {len(characters)} characters, got {len(lists[key])}")
    board = fields.get("board", (cno, "one"))
    try:
        scratch = SenjutsuState(card_set=cards or sample_set(), board_kind=board[1], board=battlefield(board[1]))
    except ValueError as e:
        raise ReplayError(board[0], f"field 'board': {e}") from None
    terrain: list[tuple[str, list]] = []
    if "terrain" in fields:
        tno, tval = fields["terrain"]
        try:
            terrain = parse_terrain(tval)
            for kind, hexes in terrain:
                scratch.add_terrain(kind, hexes)
        except (ValueError, RuleViolation) as e:
            raise ReplayError(tno, f"field 'terrain': {e}") from None
    pieces = fields["terrain-pieces"][1].split() if "terrain-pieces" in fields else None
    if pieces is not None:   # Components: what is laid and what is still to place come from one box
        kinds = Counter(kind for kind, _ in terrain)
        for kind in pieces:
            kinds[kind] += 1
            if kinds[kind] > TERRAIN_PIECES.get(kind, 0):
                raise ReplayError(fields["terrain-pieces"][0], f"field 'terrain-pieces': {too_many(kind, kinds[kind])}")
    prepare = fields.get("prepare", (cno, "no"))
    if prepare[1] not in ("yes", "no"):
        raise ReplayError(prepare[0], "field 'prepare': yes or no")
    if "cards" in fields:   # the duel's own card file: the record needs no other
        cards = record_cards(*fields["cards"])
    try:
        state = SenjutsuState.new_game(characters, seed=seed, decks=lists.get("decks"), weapons=lists.get("weapons"),
                                       board=board[1], terrain=terrain, cards=cards, terrain_pieces=pieces,
                                       prepare=prepare[1] == "yes")
    except (RuleViolation, ValueError) as e:
        raise ReplayError(cno, str(e)) from None
    return state, actions


def replay(text: str, cards: CardSet | None = None) -> Replay:
    state, actions = parse(text, cards)
    return replay_actions(state, actions, _seat)
