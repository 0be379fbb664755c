"""The native (C++) Senjutsu engine behind the Python engine's interface (docs/native.md, "Senjutsu").

The compiled module ``_daimyo_senjutsu_native`` (native/src/sj_*.cpp, built by ``pip install .``) plays the duel
from its setup to its end: the turn with its simultaneous choice, every kind of card line, Instants, Kamae, the end
of the turn, terrain, one or two boards, 2 to 4 characters, both generators. Setup itself (the checks of the
characters, decks and terrain, the shuffles and the advantage order) is the Python engine's: a duel is set up in
Python and handed to the native engine field for field (:func:`native_fields`), and back (:func:`python_state`).
No card is compiled in: the cards are the Python loader's (:mod:`daimyo.senjutsu.cards`), handed over as data once
for each card set.

:class:`NativeSenjutsuState` has the interface of :class:`~daimyo.senjutsu.state.SenjutsuState` (``to_act``,
``legal_moves``, ``legal_actions``, ``apply``, ``apply_move``, ``clone``, ``view``, ``returns``, ``is_terminal``,
``phase``, ``turn``, ``n``, ``result``). Reading or changing any other field by name (``g.duellists``, ``g.rng = ...``:
a bot's look inside, a tool's change) first hands the duel to the Python engine, which plays on.

>>> from daimyo.senjutsu.native import new_game
>>> g = new_game(["kaze", "tetsu"], seed=1)
>>> g.phase, g.to_act(), g.engine
('place', (1,), 'native')
"""

from __future__ import annotations

import atexit
import importlib
from typing import Any

from daimyo.core.errors import violation
from daimyo.core.game import Action, Event, GameState
from daimyo.core.rng import GameKey, KeyedRng, Rng
from daimyo.senjutsu.cards import CardSet
from daimyo.senjutsu.hexgrid import battlefield
from daimyo.senjutsu.records import PLACE, TERRAIN_PHASE, Block, Duellist, Frame, Segment
from daimyo.senjutsu.state import SenjutsuState

_core: Any
try:   # a top-level module beside daimyo (CMakeLists.txt), imported by name: it ships no type stubs
    _core = importlib.import_module("_daimyo_senjutsu_native")
except ImportError as _error:  # installed without its compiled part (or not built yet)
    _core = None
    _IMPORT_ERROR = str(_error)
else:
    _IMPORT_ERROR = ""

MISSING = (
    "the native Senjutsu engine (the compiled module _daimyo_senjutsu_native) is not installed: build it with "
    "`python3 -m pip install .` (or `python3 -m pip install -e .`) from the repository root; the build needs "
    "a C++17 compiler (g++) and CMake 3.18 or newer, and pip fetches scikit-build-core and nanobind itself"
)
_OWN = ("_g", "_cs", "_py")
_OVER = _core is not None and hasattr(_core.Game, "over")   # a module built before it: phase() == 'over'


def available() -> bool:
    """Whether the compiled module is installed."""
    return _core is not None


def require() -> Any:
    """The compiled module, or an ImportError that says how to build it."""
    if _core is None:
        raise ImportError(f"{MISSING} ({_IMPORT_ERROR})")
    return _core


class _Cards:
    """A card set as the native engine holds it, and where each line of its cards is (for the hand-over)."""

    def __init__(self, cs: CardSet):
        self.cs = cs
        cards = [{"id": c.id, "name": c.name, "type": c.type, "initiative": list(c.initiative), "lines": list(c.lines),
                  "asterisk": list(c.asterisk), "focus": c.focus, "kamae": c.kamae, "alt": c.alt, "instant": c.instant,
                  "play": c.play, "condition": c.condition, "split": c.split, "core": c.core} for c in cs.cards.values()]
        characters = [{"id": ch.id, "name": ch.name, "hand_limit": ch.hand_limit, "wound_limit": ch.wound_limit,
                       "branches": [list(b) for b in ch.branches]} for ch in cs.characters.values()]
        self.handle = require().load_cards(cards, characters)
        self.where = {}
        for c in cs.cards.values():
            for src, lines in (("lines", c.lines), ("asterisk", c.asterisk)):
                for i, line in enumerate(lines):
                    self.where[id(line)] = (c.id, src, i)
        self.size = len(cs.cards)


_CARD_SETS: dict[int, _Cards] = {}
atexit.register(_CARD_SETS.clear)   # let the native card sets go before the module does (no leak report at exit)


def cards_of(cs: CardSet) -> _Cards:
    """The native card set of ``cs``, made once (again if cards were added since)."""
    known = _CARD_SETS.get(id(cs))
    if known is None or known.cs is not cs or known.size != len(cs.cards):
        known = _CARD_SETS[id(cs)] = _Cards(cs)
    return known


# ---------------------------------------------------------------- the hand-over, both ways
_ENGINE_LINES = ("_plain", "_instant", "_bump", "_counter")


def _ref(cards: _Cards, line: dict, card: str | None) -> tuple:
    for k in _ENGINE_LINES:
        if k in line:
            return (k, line[k])
    at = cards.where.get(id(line))
    if at is not None:
        return (*at, False)
    # a copy: first a timing line, its 'when' taken off (the engine's own copies), then an equal line
    for stripped in (True, False):
        for cid in ([card] if card else []) + list(cards.cs.cards):
            c = cards.cs.cards[cid]
            for src, lines in (("lines", c.lines), ("asterisk", c.asterisk)):
                for i, ln in enumerate(lines):
                    if stripped and "when" in ln and line == {k: v for k, v in ln.items() if k != "when"}:
                        return (cid, src, i, True)
                    if not stripped and line == ln:
                        return (cid, src, i, False)
    raise ValueError("field 'stack': a line of no card of this card set")


def _frame(cards: _Cards, f: Frame) -> tuple:
    return (f.seat, f.card, [_ref(cards, ln, f.card) for ln in f.lines], f.initiative, f.own,
            list(f.targets) if f.targets is not None else None, f.success, f.attacked, f.line, f.focus_asked_line,
            f.or_choice, f.offer_instant, f.attacked_window_line, f.picked, f.keyword, list(f.keyword_targets), f.discards_left)


def _rng(rng: Any) -> tuple:
    if isinstance(rng, KeyedRng):
        return ("blake2b-keyed", rng.key.key, rng.label, rng.counter)
    return ("splitmix64", rng.state)


def native_fields(s: SenjutsuState) -> dict:
    """Every field of a Python duel, as the native engine reads them (and writes them: ``Game.fields()``)."""
    cards = cards_of(s.card_set)
    return {
        "board": s.board_kind,
        "terrain": [(q, r, kind) for (q, r), kind in sorted(s.terrain.items())],
        "rng": _rng(s.rng),
        "duellists": [(d.character, list(d.deck), list(d.core), list(d.hand), [(c, down) for c, down in d.discard],
                       tuple(d.pos) if d.pos is not None else None, d.facing, d.kamae, d.focus, d.wounds, d.bleeding,
                       list(d.hobbles), d.stuns, d.defeated, d.defeat_moment) for d in s.duellists],
        "advantage": list(s.advantage),
        "phase": s.phase,
        "stage": s.stage,
        "turn": s.turn,
        "moment": s.moment,
        "defeats_deferred": s.defeats_deferred,
        "poison_holder": s.poison_holder,
        "chosen": sorted(s.chosen.items()),
        "played": [(i, e["card"], e["initiative"], e["lowest"], e["split_initiative"], e["chosen_initiative"], e["stopped"],
                    e["instant"], e["alt"], e["paid"], e["cancelled"], list(e["extra"])) for i, e in sorted(s.played.items())],
        "pending": (s.pending["seat"], s.pending["kind"], list(s.pending["options"]), s.pending["rule"], s.pending["depth"])
        if s.pending else None,
        "reveal_queue": list(s.reveal_queue),
        "segments": [tuple(g) for g in s.segments],
        "segments_fixed": s.segments_fixed,
        "tie_places": [(k, tuple(g)) for k, g in sorted(s.tie_places.items())],
        "segment_index": s.segment_index,
        "stack": [_frame(cards, f) for f in s.stack],
        "blocks": [(b.seat, b.initiative, list(b.cells), list(b.counter), b.card, [_ref(cards, ln, b.card) for ln in b.after])
                   for b in s.blocks],
        "result": list(s.result) if s.result is not None else None,
        "terrain_left": list(s.terrain_left),
        "terrain_turn": s.terrain_turn,
        "preparing": sorted(s.preparing),
        "timing_lines_pushed": s.timing_lines_pushed,
        "end_of_turn_pushed": s.end_of_turn_pushed,
        "hooks": [tuple(h) for h in s.hooks],
        "instants_used": sorted(s.instants_used),
        "end_queue": [tuple(x) for x in s.end_queue] if s.end_queue is not None else None,
        "poison_discarded": s.poison_discarded,
    }


def _line(cs: CardSet, ref: Any) -> dict:
    if ref[0] in _ENGINE_LINES:
        return {ref[0]: ref[1]}
    cid, src, i, stripped = ref
    line = getattr(cs.cards[cid], src)[i]
    return {k: v for k, v in line.items() if k != "when"} if stripped else line


def python_state(fields: dict, cs: CardSet) -> SenjutsuState:
    """The Python duel of the native engine's fields (the inverse of :func:`native_fields`)."""
    f = fields
    s = SenjutsuState(card_set=cs, board_kind=f["board"], board=battlefield(f["board"]))
    s.terrain = {(q, r): kind for q, r, kind in f["terrain"]}
    rng = f["rng"]
    s.rng = Rng(rng[1]) if rng[0] == "splitmix64" else KeyedRng(GameKey(bytes(rng[1])), rng[2], rng[3])
    for (character, deck, core, hand, discard, pos, facing, kamae, focus, wounds, bleeding, hobbles, stuns, defeated,
         moment) in f["duellists"]:
        d = Duellist(character, list(deck), list(core))
        d.hand, d.discard = list(hand), [(c, down) for c, down in discard]
        d.pos = tuple(pos) if pos is not None else None
        d.facing, d.kamae, d.focus, d.wounds, d.bleeding = facing, kamae, focus, wounds, bleeding
        d.hobbles, d.stuns, d.defeated, d.defeat_moment = list(hobbles), stuns, defeated, moment
        s.duellists.append(d)
    s.advantage = list(f["advantage"])
    s.phase, s.stage, s.turn, s.moment = f["phase"], f["stage"], f["turn"], f["moment"]
    s.defeats_deferred, s.poison_holder = f["defeats_deferred"], f["poison_holder"]
    s.chosen = dict(f["chosen"])
    s.played = {i: {"card": card, "initiative": init, "lowest": low, "split_initiative": split, "chosen_initiative": chosen,
                    "stopped": stopped, "instant": instant, "alt": alt, "paid": paid, "cancelled": cancelled, "extra": list(extra)}
                for i, card, init, low, split, chosen, stopped, instant, alt, paid, cancelled, extra in f["played"]}
    p = f["pending"]
    s.pending = {"seat": p[0], "kind": p[1], "options": list(p[2]), "rule": p[3], "depth": p[4]} if p else None
    s.reveal_queue = list(f["reveal_queue"])
    s.segments = [Segment(*g) for g in f["segments"]]
    s.segments_fixed = f["segments_fixed"]
    s.tie_places = {k: Segment(*g) for k, g in f["tie_places"]}
    s.segment_index = f["segment_index"]
    for (seat, card, lines, initiative, own, targets, success, attacked, line, asked, or_choice, offer, window, picked,
         keyword, keyword_targets, discards_left) in f["stack"]:
        fr = Frame(seat, card, [_line(cs, r) for r in lines], initiative, own=own,
                   targets=list(targets) if targets is not None else None, success=success)
        fr.attacked, fr.line, fr.focus_asked_line, fr.or_choice, fr.offer_instant = attacked, line, asked, or_choice, offer
        fr.attacked_window_line, fr.picked, fr.keyword = window, picked, keyword
        fr.keyword_targets, fr.discards_left = list(keyword_targets), discards_left
        s.stack.append(fr)
    s.blocks = [Block(seat, init, list(cells), list(counter), card, [_line(cs, r) for r in after])
                for seat, init, cells, counter, card, after in f["blocks"]]
    s.result = list(f["result"]) if f["result"] is not None else None
    s.terrain_left, s.terrain_turn = list(f["terrain_left"]), f["terrain_turn"]
    s.preparing = set(f["preparing"])
    s.timing_lines_pushed, s.end_of_turn_pushed = f["timing_lines_pushed"], f["end_of_turn_pushed"]
    s.hooks = [tuple(h) for h in f["hooks"]]
    s.instants_used = set(f["instants_used"])
    s.end_queue = [tuple(x) for x in f["end_queue"]] if f["end_queue"] is not None else None
    s.poison_discarded = f["poison_discarded"]
    return s


def _events(raw: list) -> list[Event]:
    return [Event(kind, data, frozenset((seat,)) if seat is not None else None) for kind, data, seat in raw]


def _python(state: SenjutsuState) -> SenjutsuState:
    """What a pickled native duel unpickles as: the Python duel (``NativeSenjutsuState.__reduce__``)."""
    return state


class NativeSenjutsuState(GameState):
    """A duel played by the native engine, with the Python state's interface (module docstring)."""

    game_name = "senjutsu"
    rules_version = "1"

    def __init__(self, game: Any, cs: CardSet) -> None:
        object.__setattr__(self, "_g", game)
        object.__setattr__(self, "_cs", cs)
        object.__setattr__(self, "_py", None)

    @classmethod
    def from_python(cls, s: SenjutsuState) -> NativeSenjutsuState:
        """The native duel equal to a Python duel (a field the native engine cannot keep is a ValueError naming it)."""
        return cls(require().Game(cards_of(s.card_set).handle, native_fields(s)), s.card_set)

    @property
    def engine(self) -> str:
        return "native" if self._py is None else "python"

    @property
    def native_game(self) -> Any:
        """The compiled module's game (None once handed over): what the native bots are given."""
        return self._g

    def python_state(self) -> SenjutsuState:
        """A Python copy of the duel (the native game plays on)."""
        return self._py.clone() if self._py is not None else python_state(self._g.fields(), self._cs)

    def hand_over(self) -> SenjutsuState:
        """Hand the duel to the Python engine for good: from now on every call is the Python state's."""
        if self._py is None:
            object.__setattr__(self, "_py", python_state(self._g.fields(), self._cs))
            object.__setattr__(self, "_g", None)
        return self._py

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in _OWN:
            raise AttributeError(name)
        return getattr(self.hand_over(), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.hand_over(), name, value)

    def __reduce__(self) -> Any:
        return (_python, (self.python_state(),))

    @property
    def card_set(self) -> CardSet:
        return self._cs

    def to_act(self) -> tuple[int, ...]:
        return self._py.to_act() if self._py is not None else tuple(self._g.to_act())

    @property
    def phase(self) -> str:
        return self._py.phase if self._py is not None else self._g.phase()

    @property
    def turn(self) -> int:
        return self._py.turn if self._py is not None else self._g.turn()

    @property
    def n(self) -> int:
        return self._py.n if self._py is not None else self._g.n()

    @property
    def result(self) -> list[int] | None:
        return self._py.result if self._py is not None else self._g.result()

    def is_terminal(self) -> bool:
        if self._py is not None:
            return self._py.is_terminal()
        return self._g.over() if _OVER else self._g.phase() == "over"

    def returns(self) -> list[float]:
        result = self.result
        if result is None:
            return [0.0] * self.n
        return [1.0 / len(result) if i in result else 0.0 for i in range(self.n)]

    def legal_moves(self, seat: int | None = None) -> list[str]:
        if self._py is not None:
            return self._py.legal_moves(seat)
        acting = self._g.to_act()
        if seat is None:
            seat = acting[0] if acting else None
        if seat is None or seat not in acting:
            return []
        return self._g.legal_moves(seat)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        seats = self.to_act() if player is None else (player,)
        return [Action(s, m) for s in seats for m in self.legal_moves(s)]

    def apply(self, action: Action) -> list[Event]:
        """Check and apply one action; an illegal one raises the Python engine's RuleViolation and changes nothing."""
        if self._py is not None:
            return self._py.apply(action)
        seat, text = action
        if not isinstance(seat, int) or not 0 <= seat < self.n or seat not in self.to_act() or not isinstance(text, str) \
                or " ".join(text.split()) not in self._g.legal_moves(seat):
            self.python_state().apply(action)   # raises the reference's own error
            raise violation("sj.not_legal", "'{action}' is not a legal action now (expected a {kind} action)", "Gameplay Overview",
                            action=str(text), kind=self.phase)
        return _events(self._g.apply(seat, " ".join(text.split())))

    def apply_move(self, seat: int, text: str) -> list[Event]:
        """Apply an action already known to be legal."""
        if self._py is not None:
            return self._py.apply_move(seat, text)
        return _events(self._g.apply(seat, text))

    def apply_quiet(self, seat: int, text: str) -> None:
        """Apply a legal action without building its events (bulk play)."""
        if self._py is not None:
            self._py.apply_move(seat, text)
        else:
            self._g.apply_quiet(seat, text)

    def clone(self) -> NativeSenjutsuState:
        if self._py is not None:
            c = NativeSenjutsuState(None, self._cs)
            object.__setattr__(c, "_py", self._py.clone())
            return c
        return NativeSenjutsuState(self._g.clone(), self._cs)

    def view(self, player: int | None) -> dict:
        return self._py.view(player) if self._py is not None else self._g.view(player)

    def draws(self) -> Any:
        """Where the duel's random stream stands (:meth:`GameState.draws`), without a hand-over."""
        if self._py is not None:
            return self._py.draws()
        rng = self._g.fields()["rng"]
        return (rng[2], rng[3]) if rng[0] == "blake2b-keyed" else rng[1]

    def fields(self) -> dict:
        """Every field of the duel, as :func:`native_fields` writes a Python duel's."""
        return native_fields(self._py) if self._py is not None else self._g.fields()

    def play_random(self, bot_seeds: list[int], limit: int | None = None) -> int:
        """Play on with random bots (``RandomBot(bot_seeds[seat])``, as :func:`daimyo.bots.random_bot.play`) in one
        native call; returns the number of moves made (at most ``limit``)."""
        if self._py is not None:
            raise ValueError("this duel was handed over to the Python engine")
        return self._g.play_random([int(x) for x in bot_seeds], -1 if limit is None else limit)


def default_engine(seed: Any = None) -> str:
    """The engine a duel is played by where none is named: native wherever the module is built (a keyed duel's
    generator is native too)."""
    del seed
    return "native" if available() else "python"


def new_game(characters: list[str], seed: int | GameKey = 0, **kw: Any) -> NativeSenjutsuState:
    """A duel set up by the Python engine (SenjutsuState.new_game's options) and played by the native engine.

    A seeded duel without prepared cards has its Setup draws made natively (:func:`_setup_fields`): the same duel,
    field for field, at a fraction of the Python shuffles' cost."""
    if isinstance(seed, int) and not isinstance(seed, bool) and not kw.get("prepare"):
        s = SenjutsuState.new_game(characters, seed=seed, **{**kw, "prepare": True})
        return NativeSenjutsuState(require().Game(cards_of(s.card_set).handle, _setup_fields(s, seed, kw)), s.card_set)
    return NativeSenjutsuState.from_python(SenjutsuState.new_game(characters, seed=seed, **kw))


def _setup_fields(s: SenjutsuState, seed: int, kw: dict) -> dict:
    """The fields of ``SenjutsuState.new_game`` without ``prepare`` from those of the same call with it (checked and
    built by the Python engine, its decks not shuffled): the Setup draws of daimyo/senjutsu/setup.py redone from the
    seed in their order, the decks' shuffles natively (``shuffle_orders``), the advantage keys (Setup 10) and the
    first terrain placer (Battlefield Setup 2) with the Python generator."""
    fields = native_fields(s)
    orders, state = require().shuffle_orders(seed, [len(d.deck) for d in s.duellists])
    rows = [list(row) for row in fields["duellists"]]
    for row, order in zip(rows, orders, strict=True):
        deck = row[1]
        row[1] = [deck[i] for i in order]
    fields["duellists"] = [tuple(row) for row in rows]
    rng = Rng(state)
    keys = {i: (s.card_set.characters[d.character].advantage, rng.next64()) for i, d in enumerate(s.duellists)}
    fields["advantage"] = sorted(range(len(s.duellists)), key=lambda i: keys[i], reverse=True)
    fields["preparing"] = []
    fields["phase"] = PLACE
    if kw.get("terrain_pieces"):
        fields["terrain_turn"] = rng.below(len(s.duellists))
        fields["phase"] = TERRAIN_PHASE
    fields["rng"] = ("splitmix64", rng.state)
    return fields

