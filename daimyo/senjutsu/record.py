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

A position file (docs/senjutsu-notation.md) followed by action lines replays from that position instead.
"""

from __future__ import annotations

from daimyo.core.errors import FormatError, RuleViolation
from daimyo.core.record import Replay, ReplayError, check_format, header_fields, position_body, replay_actions, split_record
from daimyo.core.record import record_text as _record_text
from daimyo.senjutsu.cards import CardSet
from daimyo.senjutsu.hexgrid import parse_hex
from daimyo.senjutsu.position import FORMAT as POSITION_FORMAT, from_position
from daimyo.senjutsu.state import SenjutsuState

FORMAT = "senjutsu-record"
__all__ = ["FORMAT", "Replay", "ReplayError", "parse", "record_text", "replay", "parse_terrain"]


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
    header, actions = split_record(text, _is_actor)
    fields = header_fields(header)
    if check_format(fields, FORMAT, POSITION_FORMAT, SenjutsuState.rules_version) == POSITION_FORMAT:
        try:
            return from_position(position_body(text, actions), cards), actions
        except FormatError as e:
            raise ReplayError(1, str(e)) from None
    if "characters" not in fields:
        raise ReplayError(1, "a record needs a 'characters:' line")
    try:
        seed = int(fields.get("seed", (0, "0"))[1])
    except ValueError:
        raise ReplayError(fields["seed"][0], "seed must be a whole number") from None
    try:
        terrain = parse_terrain(fields["terrain"][1]) if "terrain" in fields else []
    except ValueError as e:
        raise ReplayError(fields["terrain"][0], str(e)) from None
    decks = fields["decks"][1].split() if "decks" in fields else None
    weapons = fields["weapons"][1].split() if "weapons" in fields else None
    pieces = fields["terrain-pieces"][1].split() if "terrain-pieces" in fields else None
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
