"""The duel's state: every field declared once, the frames of resolution, and the game interface.

Each decision a player makes is one action in the notation of docs/senjutsu-notation.md. The Choose step is a
true simultaneous node: ``to_act()`` names every duellist still to choose, and a chosen card stays out of every
other seat's view and events until all have chosen. During resolution the engine asks one seat at a time,
listing every legal way on; a decision with a single legal way is taken without asking.

The rules live in one module per section of the rulebook: ``setup`` (Setup), ``turn`` (Turn Structure and the
Turn Timing Sequence, as one table of stages), ``resolution`` (Resolving Ability Cards: frames and the table of
line handlers), ``movement``, ``kamae``, ``attacks`` (Attacking, Blocking, Countering), ``keywords`` (Targeted and
the other keywords), ``instants`` (Instant Cards), ``harm`` (statuses, Winning the Game) and ``end_of_turn``
(Discard). They are plain functions of the state; this module imports them last.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import NamedTuple, TypedDict

from daimyo.core.errors import RuleViolation, reason, violation
from daimyo.core.game import Action, Event, GameState
from daimyo.core.rng import GameKey, KeyedRng, Rng
from daimyo.senjutsu.cards import Card, CardSet, Character

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
PLACE, CHOOSE, DECIDE, OVER, TERRAIN_PHASE, PREPARE = "place", "choose", "decide", "over", "terrain", "prepare"
STATUS_CARDS = ("stun", "poison")   # played in place of an ability card (Stun, Poison)


def seat_name(seat: int) -> str:
    return f"p{seat + 1}"


def event(kind: str, visible_to=None, **data) -> Event:
    return Event(kind, data, frozenset(visible_to) if visible_to is not None else None)


def _copied(copy):
    """Field metadata: how ``clone`` copies the field (fields without it are never changed in place and are shared)."""
    return {"copy": copy}


def _copy_each(items: list) -> list:
    return [x.copy() for x in items]


def _copy_played(played: dict) -> dict:
    return {i: {**e, "extra": list(e["extra"])} for i, e in played.items()}


def _copy_optional_list(x):
    return list(x) if x is not None else None


def _copiers(cls) -> tuple:
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

    def __post_init__(self):
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
            raise violation("sj.battlefield_yet", "{character} is not on the battlefield yet", "Player Setup 11-12", character=self.character)
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

    def __post_init__(self):
        self.attacked = self.targets is not None

    def copy(self) -> Frame:
        c = Frame.__new__(Frame)
        c.__dict__ = d = self.__dict__.copy()
        for name, copy in _FRAME_COPIED:
            d[name] = copy(d[name])
        return c


_FRAME_COPIED = _copiers(Frame)


@dataclass(eq=False, repr=False)
class SenjutsuState(GameState):
    """A duel. Every field is declared here once; ``clone`` copies those with a ``copy`` in their metadata."""

    game_name = "senjutsu"
    rules_version = "1"

    card_set: CardSet
    board_kind: str
    board: frozenset                                                   # the battlefield hexes
    terrain: dict[tuple, str] = field(default_factory=dict, metadata=_copied(dict))
    rng: Rng | KeyedRng = field(default_factory=Rng)   # copied by ``clone`` itself
    duellists: list[Duellist] = field(default_factory=list, metadata=_copied(_copy_each))
    advantage: list[int] = field(default_factory=list, metadata=_copied(list))   # the advantage tracker, top first
    phase: str = PLACE
    stage: str = ""                     # the stage of the turn (turn.TURN) while the phase is Choose or Decide
    turn: int = 0
    moment: int = 0                     # counts simultaneous steps: characters defeated in one share a draw
    defeats_deferred: bool = False      # during the Draw: defeats wait to be settled together
    poison_holder: int | None = None
    chosen: dict[int, str] = field(default_factory=dict, metadata=_copied(dict))   # Choose: seat -> card, hidden
    played: dict[int, Played] = field(default_factory=dict, metadata=_copied(_copy_played))
    pending: Question | None = field(default=None, metadata=_copied(lambda q: dict(q) if q else None))
    reveal_queue: list[int] = field(default_factory=list, metadata=_copied(list))   # seats still to decide in a reveal sub-step
    segments: list[Segment] = field(default_factory=list, metadata=_copied(list))   # in resolution order
    segments_fixed: int = 0             # segments whose place in the order is settled
    tie_places: dict[int, Segment] = field(default_factory=dict, metadata=_copied(dict))   # places chosen in a tie
    segment_index: int = 0              # the next segment to resolve
    stack: list[Frame] = field(default_factory=list, metadata=_copied(_copy_each))   # frames being resolved
    blocks: list[Block] = field(default_factory=list, metadata=_copied(list))
    result: list[int] | None = field(default=None, metadata=_copied(_copy_optional_list))
    terrain_left: list[str] = field(default_factory=list, metadata=_copied(list))   # pieces still to place (Battlefield Setup 2)
    terrain_turn: int = 0               # the seat placing the next piece
    preparing: set[int] = field(default_factory=set, metadata=_copied(set))   # seats still taking prepared cards
    timing_lines_pushed: bool = False   # the frames of the current timing stage are on the stack
    end_of_turn_pushed: bool = False    # the 'end of turn' lines are on the stack
    hooks: list[tuple[int, str]] = field(default_factory=list, metadata=_copied(list))   # (seat, card) played last turn whose timing lines fire this turn
    instants_used: set[int] = field(default_factory=set, metadata=_copied(set))   # seats that played their single Instant Ability Card this turn
    end_queue: list[tuple[str, int]] | None = field(default=None, metadata=_copied(_copy_optional_list))   # Discard: poison, hand limits
    poison_discarded: bool = False      # the poison holder has discarded for the poison this turn

    @property
    def ds(self) -> list[Duellist]:
        """The duellists (the short name older callers use)."""
        return self.duellists

    @property
    def cs(self) -> CardSet:
        """The card set (the short name older callers use)."""
        return self.card_set

    # ------------------------------------------------------------------ setup
    @classmethod
    def new_game(cls, characters: list[str], seed: int | GameKey = 0, decks: list[str] | None = None, board: str = "one",
                 terrain: Sequence[tuple[str, Sequence]] | None = None, cards: CardSet | None = None,
                 weapons: list[str] | None = None, terrain_pieces: list[str] | None = None, prepare: bool = False) -> SenjutsuState:
        """Setup: battlefield and terrain (two-hex rule), advantage order, core cards, shuffled decks, hands dealt;
        then characters are placed (as actions) lowest advantage first. With ``terrain_pieces`` the players first
        place those pieces in turns, from a random player clockwise (Battlefield Setup 2). With ``prepare`` each player
        may first take prepared cards from the deck into the hand, all at once and hidden (Player Setup 7)."""
        return setup.new_game(cls, characters, seed, decks, board, terrain, cards, weapons, terrain_pieces, prepare)

    def add_terrain(self, kind: str, hexes) -> None:
        """Battlefield Setup 2: a piece of terrain, never within two hexes of terrain placed before."""
        setup.add_terrain(self, kind, hexes)

    # ------------------------------------------------------------ interface
    @property
    def n(self) -> int:
        return len(self.duellists)

    def live(self) -> list[int]:
        return [i for i, d in enumerate(self.duellists) if not d.defeated]

    def to_act(self) -> tuple[int, ...]:
        return PHASES[self.phase].to_act(self)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        """1 to the last character standing; characters defeated at the same moment share a draw."""
        if self.result is None:
            return [0.0] * self.n
        return [1.0 / len(self.result) if i in self.result else 0.0 for i in range(self.n)]

    def legal_moves(self, seat: int | None = None) -> list[str]:
        acting = self.to_act()
        if seat is None:
            seat = acting[0] if acting else None
        if seat is None or seat not in acting:
            return []
        return PHASES[self.phase].options(self, seat)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        seats = self.to_act() if player is None else (player,)
        return [Action(s, m) for s in seats for m in self.legal_moves(s)]

    def apply(self, action: Action) -> list[Event]:
        """Check and apply one action; an illegal one raises RuleViolation and changes nothing."""
        seat, text = action
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise violation("sj.there_seat_duel", "there is no seat {seat} in this duel", "Setup", seat=repr(seat))
        if seat not in self.to_act():
            raise violation("sj.has_nothing_decide", "{seat} has nothing to decide now", "Gameplay Overview", seat=seat_name(seat))
        text = " ".join(text.split())
        legal = self.legal_moves(seat)
        if text not in legal:
            raise RuleViolation(*self._why_illegal(seat, text, PHASES[self.phase].rule(self)))
        return self.apply_move(seat, text)

    def _why_illegal(self, seat: int, text: str, rule: str) -> tuple[str, str | None, str, dict]:
        if self.phase == CHOOSE and text.startswith("play "):
            return turn.why_not_chosen(self, seat, text[5:], rule)
        return reason("sj.not_legal", "'{action}' is not a legal action now (expected a {kind} action)", rule, action=text,
                      kind=self.pending["kind"] if self.pending else self.phase)

    def apply_move(self, seat: int, text: str) -> list[Event]:
        """Apply an action already known to be legal."""
        apply = PHASES[self.phase].apply
        if apply is None:
            raise violation("sj.action_legal_phase", "no action is legal in the {phase} phase", PHASES[self.phase].rule(self), phase=self.phase)
        out = apply(self, seat, text)
        out += turn.advance(self)
        return out

    def clone(self) -> SenjutsuState:
        """An independent copy. Card data, the board and the lines of cards are never changed, so they are shared."""
        c = SenjutsuState.__new__(SenjutsuState)
        c.__dict__ = d = self.__dict__.copy()
        for name, copy in _STATE_COPIED:
            d[name] = copy(d[name])
        c.rng = self.rng.copy()
        return c

    def view(self, player: int | None) -> dict:
        from daimyo.senjutsu.views import view
        return view(self, player)

    # --------------------------------------------------------------- helpers
    def card(self, cid: str) -> Card:
        return self.card_set.cards[cid]

    def character(self, seat: int) -> Character:
        return self.card_set.characters[self.duellists[seat].character]

    def occupant(self, h) -> int | None:
        for i, d in enumerate(self.duellists):
            if d.pos == h and not d.defeated:
                return i
        return None

    def what_is_at(self, h, mover: int) -> str | None:
        if h not in self.board:
            return "edge"
        if h in self.terrain:
            return "terrain"
        o = self.occupant(h)
        if o is not None and o != mover:
            return "character"
        return None

    def hand_count(self, seat: int) -> int:
        """Cards counted against the hand limit: non-core cards and stuns and the poison card (Discard; Stun)."""
        d = self.duellists[seat]
        return sum(1 for c in d.hand if c not in d.core) + d.stuns + (1 if self.poison_holder == seat else 0)

    def discardable(self, seat: int) -> list[str]:
        d = self.duellists[seat]
        return sorted({c for c in d.hand if c not in d.core})


_STATE_COPIED = _copiers(SenjutsuState)


class Phase(NamedTuple):
    """What a phase asks: who acts, their legal actions, how an action applies, the rule an illegal one breaks."""

    to_act: Callable[[SenjutsuState], tuple[int, ...]]
    options: Callable[[SenjutsuState, int], list[str]]
    apply: Callable[[SenjutsuState, int, str], list[Event]] | None   # None where no action is legal
    rule: Callable[[SenjutsuState], str]


# the rules modules below import this one; they are imported last so that each can use the other
from daimyo.senjutsu import resolution, setup, turn  # noqa: E402

PHASES = {
    TERRAIN_PHASE: Phase(lambda s: (s.terrain_turn,), lambda s, seat: setup.terrain_options(s), setup.place_terrain,
                         lambda s: "Battlefield Setup 2"),
    PREPARE: Phase(lambda s: tuple(sorted(s.preparing)), setup.prepare_options, setup.prepare, lambda s: "Player Setup 7"),
    PLACE: Phase(setup.to_place, lambda s, seat: setup.placement_options(s, seat), setup.place, lambda s: "Player Setup 11-12"),
    CHOOSE: Phase(lambda s: tuple(i for i in s.live() if i not in s.chosen), turn.choose_options, turn.choose, lambda s: "Choose"),
    DECIDE: Phase(lambda s: (s.pending["seat"],) if s.pending else (), lambda s, seat: list(s.pending["options"]) if s.pending else [],
                  resolution.answer, lambda s: s.pending["rule"] if s.pending else "Gameplay Overview"),
    OVER: Phase(lambda s: (), lambda s, seat: [], None, lambda s: "Winning the Game"),
}
