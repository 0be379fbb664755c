"""What each seat may know (Player Setup: your hand is hidden from your opponent).

A seat sees the battlefield, every character's statuses, hand and deck sizes, face-up discards, revealed
cards, and its own hand, its own face-down discards and its own pending choices: the options of the question it
must answer, and the card and line of the card that asks it. It never sees another seat's hand, deck order,
face-down discards, a card chosen but not yet revealed, or another seat's options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from daimyo.senjutsu.hexgrid import FACINGS, hex_text
from daimyo.senjutsu.records import Phase, seat_name

if TYPE_CHECKING:   # the state imports this view; it takes the state as an argument
    from daimyo.senjutsu.state import SenjutsuState


class SeatView(TypedDict):
    """A duellist as the viewer sees it: ``hand`` is None for another seat's, ``chosen`` its own card in the Choose
    phase (another seat's: whether it has chosen), and a face-down discard of another seat reads ``face-down``."""

    seat: str
    character: str
    name: str
    hex: str | None
    facing: str
    kamae: str
    focus: int
    wounds: int
    bleeding: int
    wound_limit: int
    hand_limit: int
    hobbles: int
    stuns: int
    poison: bool
    hand_size: int
    deck_size: int
    discard: list[str]
    defeated: bool
    hand: list[str] | None
    chosen: str | bool | None
    played: str | None
    cancelled: str | None
    instant_used: bool
    initiative: int | None


class PendingView(TypedDict):
    """The question the duel waits on; its options, card and line in the asked seat's own view alone."""

    seat: str
    kind: str
    options: NotRequired[list[str]]
    card: NotRequired[str | None]
    line: NotRequired[int | None]


class View(TypedDict):
    """What a seat (or, with ``player`` None, a spectator) sees of a duel."""

    game: str
    turn: int
    phase: Phase
    board: str
    terrain: dict[str, str]
    terrain_to_place: list[str]
    advantage: list[str]
    seats: list[SeatView]
    to_act: list[str]
    pending: PendingView | None
    order: list[list[str | int]] | None
    winners: list[str] | None


def view(s: SenjutsuState, player: int | None) -> View:
    seats: list[SeatView] = []
    for i, d in enumerate(s.duellists):
        mine = player == i
        seats.append({
            "seat": seat_name(i),
            "character": d.character,
            "name": s.card_set.characters[d.character].name,
            "hex": hex_text(d.pos) if d.pos else None,
            "facing": FACINGS[d.facing],
            "kamae": d.kamae,
            "focus": d.focus,
            "wounds": d.wounds,
            "bleeding": d.bleeding,
            "wound_limit": s.card_set.characters[d.character].wound_limit,
            "hand_limit": s.card_set.characters[d.character].hand_limit,
            "hobbles": len(d.hobbles),
            "stuns": d.stuns,
            "poison": s.poison_holder == i,
            "hand_size": len(d.hand) + d.stuns + (1 if s.poison_holder == i else 0),
            "deck_size": len(d.deck),
            "discard": [c if (not down or mine) else "face-down" for c, down in d.discard],
            "defeated": d.defeated,
            "hand": sorted(d.hand) if mine else None,
            "chosen": (s.chosen.get(i) if mine else (i in s.chosen)) if s.phase == "choose" else None,
            "played": s.played[i]["card"] if i in s.played else None,
            "cancelled": s.played[i]["cancelled"] if i in s.played else None,   # Cancel Active on the active card
            "instant_used": i in s.instants_used,     # the single Instant Ability Card of this turn is spent
            "initiative": s.played[i]["initiative"] if i in s.played and s.stage not in ("alt", "replace", "variable") else None,
        })
    pending: PendingView | None = None
    if s.pending:
        pending = {"seat": seat_name(s.pending["seat"]), "kind": s.pending["kind"]}
        if player == s.pending["seat"]:
            pending["options"] = list(s.pending["options"])
            depth = s.pending.get("depth")
            frame = s.stack[depth] if depth is not None and depth < len(s.stack) else None
            pending["card"] = frame.card if frame is not None else None
            pending["line"] = frame.line if frame is not None else None
    return {
        "game": "senjutsu",
        "turn": s.turn,
        "phase": s.phase,
        "board": s.board_kind,
        "terrain": {hex_text(h): k for h, k in sorted(s.terrain.items())},
        "terrain_to_place": sorted(s.terrain_left),
        "advantage": [seat_name(i) for i in s.advantage],
        "seats": seats,
        "to_act": [seat_name(i) for i in s.to_act()],
        "pending": pending,
        "order": [[seat_name(x[0]), x[1]] for x in s.segments] if s.stage in ("resolve", "end") else None,
        "winners": [seat_name(i) for i in s.result] if s.result is not None else None,
    }
