"""Senjutsu's records and constants, which every module of the game shares: the duellists, the frames of
resolution, the events' helpers and the rulebook's numbers. A leaf: it imports no other module of the game but the
cards, so that the state (:mod:`~daimyo.senjutsu.state`) imports its rules and the rules import these, each in one
direction, as Battle for Rokugan's state and records are wired.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import Any, Final, Literal, NamedTuple, TypedDict, TypeVar

from daimyo.core.errors import violation
from daimyo.core.game import Event

TERRAIN = {  # kind -> collision effect (Terrain)
    "rock": ("wound",), "shrine": ("wound",), "tree": ("wound",), "torii": ("wound",),
    "bamboo": ("wound", "stun"), "cart": ("wound", "bleeding"),
}
# Components: the terrain pieces in the box (a file may lay out no more of a kind than these)
TERRAIN_PIECES = {"rock": 3, "bamboo": 2, "cart": 2, "shrine": 1, "tree": 1, "torii": 1}
STATUS_SUPPLY = 53   # Components: 53 status, bleeding and wound cards in the box (bounds a character's hobbles)
WOUNDING = ("wound", "wound2", "bleeding")
FOCUS_CAP = 3
HOBBLE_TURNS = 4  # rotations until upright again (Hobble)
# phases: the setup steps that are actions, the simultaneous Choose step, one seat deciding, the end
Phase = Literal["terrain", "prepare", "place", "choose", "decide", "over"]
PLACE: Final = "place"
CHOOSE: Final = "choose"
DECIDE: Final = "decide"
OVER: Final = "over"
TERRAIN_PHASE: Final = "terrain"
PREPARE: Final = "prepare"
STATUS_CARDS = ("stun", "poison")   # played in place of an ability card (Stun, Poison)


T = TypeVar("T")


def seat_name(seat: int) -> str:
    return f"p{seat + 1}"


def event(kind: str, visible_to: Iterable[int] | None = None, **data: Any) -> Event:
    return Event(kind, data, frozenset(visible_to) if visible_to is not None else None)


def _copied(copy: Callable[[Any], Any]) -> dict[str, Callable[[Any], Any]]:
    """Field metadata: how ``clone`` copies the field (fields without it are never changed in place and are shared)."""
    return {"copy": copy}


def _copy_each(items: list) -> list:
    return [x.copy() for x in items]


def _copy_played(played: dict) -> dict:
    return {i: {**e, "extra": list(e["extra"])} for i, e in played.items()}


def _copy_optional_list(x: Iterable[T] | None) -> list[T] | None:
    return list(x) if x is not None else None


def _copiers(cls: type) -> tuple:
    return tuple((f.name, f.metadata["copy"]) for f in fields(cls) if "copy" in f.metadata)


@dataclass(eq=False)
class Duellist:
    """One player's character and cards. Hand holds card ids; ``stuns`` and ``poison`` are status cards in hand.

    The fields from ``pos`` to ``stuns`` are the ones a position's character line writes, in this order
    (metadata ``position``: the name of the field there)."""

    character: str
    deck: list[str] = field(metadata=_copied(list))                    # top is deck[0]
    core: list[str] = field(metadata=_copied(list))                    # the core ability and core weapon ids
    hand: list[str] = field(init=False, metadata=_copied(list))        # starts with the core cards
    discard: list[tuple[str, bool]] = field(default_factory=list, metadata=_copied(list))   # (card, face-down)
    pos: tuple | None = field(default=None, metadata={"position": "hex"})
    facing: int = field(default=0, metadata={"position": "facing"})
    kamae: str = field(default="neutral", metadata={"position": "kamae"})
    focus: int = field(default=0, metadata={"position": "focus"})
    wounds: int = field(default=0, metadata={"position": "wounds"})
    bleeding: int = field(default=0, metadata={"position": "bleeding"})
    hobbles: list[int] = field(default_factory=list, metadata={**_copied(list), "position": "hobbles"})   # quarter turns made by each active hobble
    stuns: int = field(default=0, metadata={"position": "stuns"})
    defeated: bool = False
    defeat_moment: int = -1

    def __post_init__(self) -> None:
        self.hand = list(self.core)

    def copy(self) -> Duellist:
        c = Duellist.__new__(Duellist)
        c.__dict__ = d = self.__dict__.copy()
        for name, copy in _DUELLIST_COPIED:
            d[name] = copy(d[name])
        return c

    @property
    def total_wounds(self) -> int:
        return self.wounds + self.bleeding

    @property
    def placed_at(self) -> tuple[int, int]:
        """The hex the character stands on, once placed (Player Setup 11-12)."""
        if self.pos is None:
            raise violation("sj.not_on_battlefield_yet", "{character} is not on the battlefield yet", "Player Setup 11-12", character=self.character)
        return self.pos


_DUELLIST_COPIED = _copiers(Duellist)
POSITION_FIELDS = tuple((f.name, f.metadata["position"]) for f in fields(Duellist) if "position" in f.metadata)


class Played(TypedDict):
    """The card a seat played this turn (Reveal) and what has happened to it since."""

    card: str                     # a card id, or 'stun' / 'poison'
    initiative: int               # the speed it resolves at (its first part, for a split card)
    lowest: int                   # its lowest speed this turn (Comparative Initiative)
    split_initiative: int | None  # the speed of the part below the dividing line (Split Initiative)
    chosen_initiative: int | None  # a variable card's speed chosen at Reveal
    stopped: bool                 # a collision stopped the rest of the card
    instant: bool                 # the seat played its Instant Ability Card this turn
    alt: bool                     # resolves at its alternative speed
    paid: int                     # focus paid for it (refunded by an Instant Replacement)
    cancelled: str | None         # Cancel Active: 'card' or 'movement'
    extra: list[str]              # Instant Additional cards played with it


class Question(TypedDict):
    """The decision the engine waits for: who, what kind, the legal answers, the rule, the frame it is about."""

    seat: int
    kind: str
    options: list[str]
    rule: str
    depth: int | None             # index of the frame in the stack, for a decision about a card line


class Segment(NamedTuple):
    """A part of a played card in the resolution order (Resolve; Split Initiative)."""

    seat: int
    initiative: int
    tie_rank: int
    start: int      # first line of the part
    end: int        # one past its last line


@dataclass(eq=False)
class Block:
    """A resolved block line, holding against attacks at its initiative this turn (Blocking)."""

    seat: int
    initiative: int
    cells: list                    # block grid cells relative to the blocker
    counter: list[int]             # countered speeds (Countering)
    card: str | None               # the defence card that blocked, for its 'block successful' instants
    after: list[dict]              # its 'If Successful' lines, resolved when it stops an attack


@dataclass(eq=False)
class Frame:
    """A step of resolution on the stack: some lines of a card (or an engine line such as an Instant window)
    resolving for one seat, top to bottom."""

    seat: int
    card: str | None
    lines: list[dict]                   # never changed, shared by copies
    initiative: int
    own: bool = True                    # the seat's own active card (a collision stops it)
    targets: list[int] | None = field(default=None, metadata=_copied(_copy_optional_list))
    success: bool | None = None
    attacked: bool = False              # an attack (or block) of these lines has resolved: 'If Successful' follows it
    line: int = 0                       # index of the line resolving now
    focus_asked_line: int = -1          # the line whose optional focus cost was answered
    or_choice: int | None = None        # the option taken on an -OR- line
    offer_instant: bool = False         # an Instant Additional window opens when these lines are done
    attacked_window_line: int | None = None   # the line whose 'when attacked' windows were opened
    picked: int | None = None           # the character picked as Targeted
    keyword: str | None = None          # the targeted keyword resolving
    keyword_targets: list[int] = field(default_factory=list, metadata=_copied(list))   # targets still to receive it
    discards_left: int | None = None    # Discard X: cards still to discard

    def __post_init__(self) -> None:
        self.attacked = self.targets is not None

    def copy(self) -> Frame:
        c = Frame.__new__(Frame)
        c.__dict__ = d = self.__dict__.copy()
        for name, copy in _FRAME_COPIED:
            d[name] = copy(d[name])
        return c


_FRAME_COPIED = _copiers(Frame)
