"""The duel's state: every field declared once, the frames of resolution, and the game interface.

Each decision a player makes is one action in the notation of docs/senjutsu-notation.md. The Choose step is a
true simultaneous node: ``to_act()`` names every duellist still to choose, and a chosen card stays out of every
other seat's view and events until all have chosen. During resolution the engine asks one seat at a time,
listing every legal way on; a decision with a single legal way is taken without asking.

The rules live in one module per section of the rulebook: ``setup`` (Setup), ``turn`` (Turn Structure and the
Turn Timing Sequence, as one table of stages), ``resolution`` (Resolving Ability Cards: frames and the table of
line handlers), ``movement``, ``kamae``, ``attacks`` (Attacking, Blocking, Countering), ``keywords`` (Targeted and
the other keywords), ``instants`` (Instant Cards), ``harm`` (statuses, Winning the Game) and ``end_of_turn``
(Discard). They are plain functions of the state, which read the records of :mod:`~daimyo.senjutsu.records`;
this module imports them, and none of them imports this one at run time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from daimyo.core.errors import RuleViolation, reason, violation
from daimyo.core.game import Action, Event, GameState
from daimyo.core.rng import GameKey, KeyedRng, Rng
from daimyo.senjutsu import lines, resolution, setup, turn, views  # noqa: F401  (lines fills resolution's tables)
from daimyo.senjutsu.cards import Card, CardSet, Character
from daimyo.senjutsu.hexgrid import Hex
from daimyo.senjutsu.records import (  # noqa: F401  (the names older callers import from here)
    _DUELLIST_COPIED,
    _FRAME_COPIED,
    CHOOSE,
    DECIDE,
    FOCUS_CAP,
    HOBBLE_TURNS,
    OVER,
    PLACE,
    POSITION_FIELDS,
    PREPARE,
    STATUS_CARDS,
    STATUS_SUPPLY,
    TERRAIN,
    TERRAIN_PHASE,
    TERRAIN_PIECES,
    WOUNDING,
    Block,
    Duellist,
    Frame,
    Phase as PhaseName,  # (Phase below is a phase's rules)
    Played,
    Question,
    Segment,
    _copied,
    _copiers,
    _copy_each,
    _copy_optional_list,
    _copy_played,
    event,
    seat_name,
)


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
    phase: PhaseName = PLACE
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

    def add_terrain(self, kind: str, hexes: Sequence[Any]) -> None:
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
            raise violation("sj.no_such_seat", "there is no seat {seat} in this duel", "Setup", seat=repr(seat))
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
            raise violation("sj.no_legal_action", "no action is legal in the {phase} phase", PHASES[self.phase].rule(self), phase=self.phase)
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

    def view(self, player: int | None) -> views.View:
        return views.view(self, player)

    # --------------------------------------------------------------- helpers
    def card(self, cid: str) -> Card:
        return self.card_set.cards[cid]

    def character(self, seat: int) -> Character:
        return self.card_set.characters[self.duellists[seat].character]

    def occupant(self, h: Hex) -> int | None:
        for i, d in enumerate(self.duellists):
            if d.pos == h and not d.defeated:
                return i
        return None

    def what_is_at(self, h: Hex, mover: int) -> str | None:
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
