"""The native (C++) Battle for Rokugan engine behind the Python engine's interface.

The compiled module ``_daimyo_native`` (native/, built by ``pip install .``; see docs/native.md) plays
the whole game, Setup to End of the Game. :class:`NativeRokuganState` has the interface of
:class:`~daimyo.rokugan.state.RokuganState` (``to_act``, ``legal_moves``, ``legal_actions``, ``apply``,
``apply_move``, ``clone``, ``view``, ``returns``, ``result``, the fields by name): the native engine plays the
whole game, move for move and event for event the Python engine's game (tests/native/ check it on seeded random
games). Reading or changing a field by name (``g.owner``, ``g.hand[0]``: a bot's look inside, a tool's change)
hands the game to the Python engine first, field for field, and the Python engine plays on: what is read is the
game's own state and a change made to it is the game's change. :meth:`NativeRokuganState.play_random` plays a
random game to its end in one call (building no events: docs/native.md, "Speed").

The rules data are the Python engine's: a game's :class:`~daimyo.rokugan.data.Rules` (``state.rules``: the
standard ones, read from ``data/*.json``, or a rules file's) are handed to the native module as tables.

>>> from daimyo.rokugan.native import available, new_game
>>> available()
True
>>> g = new_game(players=4, seed=1, clans=["crab", "crane", "lion", "unicorn"])
>>> g.phase, g.engine
('setup-objectives', 'native')
"""

from __future__ import annotations

import threading
import weakref
from typing import Any

from daimyo.core.errors import RuleViolation, violation
from daimyo.core.game import Action, Event, GameState
from daimyo.core.rng import GameKey, KeyedRng, Rng
from daimyo.rokugan.data import RULES, SPECIAL_DEFENSE, SPECIAL_HONOR, SPECIALS, Rules
from daimyo.rokugan.data_derived import CARD_NUMBERS
from daimyo.rokugan.moves import explain_illegal
from daimyo.rokugan.notation import move_text, parse_move
from daimyo.rokugan.records import (
    CARD,
    DRAGON_RETURN,
    OVER,
    SCORPION_LOOK,
    SPY_NETWORK,
    UNICORN_SWAP,
    AbilityDecision,
    BoardToken,
    CardDecision,
    SeenHand,
    SeenToken,
)
from daimyo.rokugan.state import FIELDS, RokuganState
from daimyo.rokugan.views import View

try:
    import _daimyo_native as _core
except ImportError as _error:  # the package was installed without its compiled part (or not built yet)
    _core = None
    _IMPORT_ERROR = str(_error)
else:
    _IMPORT_ERROR = ""
    if not hasattr(_core, "Rules"):   # built before each game held its rules: its interface is another one
        _IMPORT_ERROR = f"{_core.__file__} was built before rules per game; build it again"
        _core = None

MISSING = (
    "the native engine (the compiled module _daimyo_native) is not installed: build it with "
    "`python3 -m pip install .` (or `python3 -m pip install -e .`) from the repository root; the build needs "
    "a C++17 compiler (g++) and CMake 3.18 or newer, and pip fetches scikit-build-core and nanobind itself"
)

#: the fields of the state that the native engine keeps; the others keep their Setup values until the hand-over
NATIVE_FIELDS = ("n", "clans", "phase", "round", "first", "turn", "initiative", "space", "first_player_card_used", "scorpion_used",
                 "unicorn_used", "passes", "owner", "up", "down", "hand", "pool", "supply", "set_aside", "scouts",
                 "shugenja", "objective", "offer", "ronin", "done", "spied", "next_id", "special", "discard",
                 "cards", "played", "out")
_MASK = (1 << 64) - 1
_NEW = object.__new__


#: why this process plays no game natively (a tool's choice: restricted play, daimyo/arena/effects.py), or None
REFUSED: str | None = None


def _default(rules: Rules | None) -> Rules:
    if rules is not None:
        return rules
    from daimyo.rokugan.data_variant import default_rules
    return default_rules()


def refusal(rules: Rules | None = None) -> str | None:
    """Why the native engine does not play games under ``rules`` (by default the process's default rules): a rules
    file it cannot take (data_variant.py) or this process's :data:`REFUSED`; None where it plays them."""
    return REFUSED or _default(rules).not_native


def available(rules: Rules | None = None) -> bool:
    """Whether the compiled module is installed and plays games under ``rules`` (by default the default rules)."""
    return _core is not None and refusal(rules) is None


def require(rules: Rules | None = None) -> Any:
    """The compiled module, or an ImportError that says how to build it (or why it does not play ``rules``)."""
    if _core is None:
        raise ImportError(f"{MISSING} ({_IMPORT_ERROR})")
    why = refusal(rules)
    if why is not None:
        raise ImportError(f"the native engine does not play these rules: {why}; the Python engine does")
    return _core


_TABLES_LOCK = threading.Lock()
_BY_DIGEST: dict[str | None, Any] = {}   # the standard rules (None) and each rules file's, by digest
_BY_OBJECT: weakref.WeakKeyDictionary[Rules, Any] = weakref.WeakKeyDictionary()  # other Rules (tests' own data)


def tables(rules: Rules) -> Any:
    """The native engine's tables of ``rules`` (a ``_daimyo_native.Rules``, checked and made once per rules: per
    digest for a rules file's, once for the standard ones). Each native game made with them holds them, so games
    under different rules are played side by side, in any thread; ImportError where the engine does not play them."""
    core = require(rules)
    standard = rules is RULES
    key = None if standard else rules.digest
    with _TABLES_LOCK:
        made = _BY_DIGEST.get(key) if standard or key is not None else _BY_OBJECT.get(rules)
        if made is None:
            made = core.Rules(rules_table(rules))
            if standard or key is not None:
                if len(_BY_DIGEST) >= 65:   # a bound on what a process keeps; one dropped is made again when met
                    _BY_DIGEST.pop(next(k for k in _BY_DIGEST if k is not None))
                _BY_DIGEST[key] = made
            else:
                _BY_OBJECT[rules] = made
        return made


def rules_table(rules: Rules = RULES) -> dict:
    """The rules data the native engine needs, taken from ``rules`` (by default the standard ones)."""
    R = rules
    clans = R.clan_names
    return {
        "province_names": list(R.province_names),
        "territory_cards": [list(cards) for cards in R.territory_cards],
        "rounds": R.rounds,
        "hand_size": R.hand_size,
        "control_tokens": R.control_tokens,
        "initiative_deck_size": R.initiative_deck_size,
        "scouts": R.scouts,
        "shugenja": R.shugenja,
        "objectives_dealt": R.objectives_dealt,
        "starting_control": [R.starting_control.get(n, 0) for n in range(6)],
        "clan_names": list(clans),
        "capital": [R.capital[c] for c in clans],
        "clan_token_codes": [[t.code for t in R.clan_tokens[c]] for c in clans],
        "clan_token_kinds": [[t.kind for t in R.clan_tokens[c]] for c in clans],
        "clan_token_strength": [[t.strength for t in R.clan_tokens[c]] for c in clans],
        "neutral_most": [R.neutral_cards[c] for c in R.neutral_cards],
        "cards": [{"id": cid, "territory": R.territory_index[card["territory"]], "timing": card["timing"]}
                  for cid, card in R.cards.items()],
        "printed_defense": list(R.printed_defense),
        "is_capital": [c is not None for c in R.capital_of],
        "special_supply": [R.special_supply.get(name, 0) for name in SPECIALS],
        "special_defense": [SPECIAL_DEFENSE.get(name, 0) for name in SPECIALS],
        "borders": [list(b) for b in R.borders],
        "province_borders": [list(bs) for bs in R.province_borders],
        "tokens_per_clan": R.tokens_per_clan,
        "bluff": R.bluff_index,
        "objective_ids": list(R.objective_ids),
        "neutral_cards": list(R.neutral_cards),
        "territory_names": list(R.territory_names),
        "territory_provinces": [list(ps) for ps in R.territory_provinces],
        "territory_shadowlands": list(R.territory_shadowlands),
        "province_territory": list(R.province_territory),
        "flowers": list(R.flowers),
        "coastal": list(R.coastal),
        "shadowlands": list(R.shadowlands),
        "adjacent": [list(a) for a in R.adjacent],
        "specials": list(SPECIALS),
        "special_honor": [SPECIAL_HONOR.get(name, 0) for name in SPECIALS],
        "objectives": [_objective(R, R.objectives[oid]) for oid in R.objective_ids],
        "card_numbers": {f"{cid}.{field}": R.card_number(cid, attr, printed)
                         for cid, fields in CARD_NUMBERS.items() for field, (attr, printed, _lo, _hi) in fields.items()},
    }


def _objective(R: Rules, o: dict) -> dict:
    """One secret objective's condition and parameters, with its territory and provinces as indices."""
    t = R.territory_index[o["territory"]] if "territory" in o else -1
    clan = R.territory_clan[t] if t >= 0 else None
    return {
        "condition": o["condition"],
        "honor": o["honor"],
        "territory": t,
        "capital": R.capital[clan] if clan else -1,
        "provinces": o.get("provinces", 0),
        "territories": o.get("territories", 0),
        "provinces_list": [R.province_index[p] for p in o.get("provinces_list", ())],
    }


def final_result(s: Any) -> dict:
    """End of the Game for the position of ``s`` (any state with the fields), by the native engine:
    what :func:`daimyo.rokugan.scoring.final_scoring` puts in ``s.result``."""
    return require(s.rules).final_result(tables(s.rules), list(s.clans), list(s.owner), list(s.up), list(s.special), list(s.objective))


def python_state(game: Any, rules: Rules) -> RokuganState:
    """The Python engine's state equal to the native ``game`` (a ``_daimyo_native.Game`` played under ``rules``),
    field for field."""
    d = game.fields()
    n = d["n"]
    s = RokuganState.blank(n, rules)
    for name in NATIVE_FIELDS:
        setattr(s, name, d[name])
    s.rng = KeyedRng(GameKey(d["rng_key"]), "game", d["rng_counter"]) if "rng_key" in d else Rng(d["rng_state"])
    s.tokens = [BoardToken(*t) for t in d["tokens"]]
    s.seen = [[SeenHand(*x) if x[0] == SPY_NETWORK else SeenToken(*x) for x in row] for row in d["seen"]]
    s.pending = [AbilityDecision(DRAGON_RETURN, seat, tuple(sorted(d["dragon_drawn"]))) for seat in d["dragon_return"]]
    if d["scorpion_look"] >= 0:
        s.pending.append(AbilityDecision(SCORPION_LOOK, d["scorpion_look"]))
    if d["unicorn_swap"] >= 0:
        s.pending.append(AbilityDecision(UNICORN_SWAP, d["unicorn_swap"]))
    if d["card"] is not None:
        s.pending.append(CardDecision(CARD, *d["card"]))
    s.specials_left = {name: d["specials_left"][name] for name in rules.special_supply}
    if s.phase == OVER:
        s.result = final_result(s)
    s._targets = None
    return s


def native_fields(s: RokuganState) -> dict:
    """The fields of the Python state ``s`` as the native engine keeps them (the inverse of :func:`python_state`)."""
    d: dict[str, Any] = {name: getattr(s, name) for name in NATIVE_FIELDS}
    if isinstance(s.rng, KeyedRng):
        label, counter = s.rng.stream_state()
        if label != "game":
            raise ValueError(f"field 'rng': the native engine draws from the game's own stream, not {label!r}")
        d["rng_key"], d["rng_counter"] = s.rng.key.key, counter
    else:
        d["rng_state"] = s.rng.state
    d["tokens"] = [_token(t) for t in s.tokens]
    d["seen"] = [[tuple(x) for x in row] for row in s.seen]
    d["offer"] = [tuple(o) for o in s.offer]
    abilities = [p for p in s.pending if isinstance(p, AbilityDecision)]
    dragon = [p for p in abilities if p.kind == DRAGON_RETURN]
    d["dragon_return"] = [p.seat for p in dragon]
    d["dragon_drawn"] = list(dragon[-1].tokens) if dragon else []
    d["scorpion_look"] = next((p.seat for p in abilities if p.kind == SCORPION_LOOK), -1)
    d["unicorn_swap"] = next((p.seat for p in abilities if p.kind == UNICORN_SWAP), -1)
    card = [p for p in s.pending if isinstance(p, CardDecision)]
    d["card"] = (card[-1].seat, card[-1].card, card[-1].step, tuple(card[-1].memo)) if card else None
    d["specials_left"] = dict(s.specials_left)
    return d


def _token(t: BoardToken) -> tuple:
    return (t.number, t.owner, t.clan_token, t.place, t.site, t.attacked, t.faceup, t.known_by)


def _comparable(name: str, value: Any) -> Any:
    """A field's value as compared across engines: board tokens (compared by identity in the engine) by their
    parts, a generator by its stream's state."""
    if name == "tokens":
        return [_token(t) for t in value]
    if name == "rng":
        return value.state if isinstance(value, Rng) else value.stream_state()
    return value


def from_python(s: RokuganState) -> NativeRokuganState:
    """The native engine's game equal to the Python state ``s`` (a position read with the position format, say):
    ValueError naming the field where ``s`` holds what the native engine cannot keep (then nothing is made)."""
    try:
        game = require(s.rules).Game.from_fields(tables(s.rules), native_fields(s))
    except TypeError as e:
        raise ValueError(f"the position does not fit the native engine: {e}") from None
    back = python_state(game, s.rules)
    for f in FIELDS:   # the round trip must give the same state, field for field, or the native game is refused
        if f.name in ("result", "_targets"):
            continue
        if _comparable(f.name, getattr(back, f.name, None)) != _comparable(f.name, getattr(s, f.name, None)):
            raise ValueError(f"field '{f.name}': the native engine cannot keep this position's {f.name} as it is")
    return NativeRokuganState(game, rules=s.rules)


def _events(raw: list) -> list[Event]:
    return [Event(kind, data, None if seat is None else frozenset((seat,))) for kind, seat, data in raw]


class NativeRokuganState(GameState):
    """A game of Battle for Rokugan played by the native engine (see the module docstring): a
    :class:`~daimyo.core.game.GameState`, the move layer (``legal_moves``, ``apply_move``) included.

    ``engine`` is ``"native"`` while the native engine plays it and ``"python"`` once it was handed over (at the
    first field read or changed by name).
    """

    game_name = RokuganState.game_name
    rules_version = RokuganState.rules_version

    # `_game` is the native engine's game, None once handed over; `_py` is then the Python engine's state, and
    # before it a copy of the native game read by python_state() (None until read, and again after each move);
    # `_legal` holds, per seat, the legal actions of the position as legal_actions() gave them and their moves by
    # text (None until asked, and again after each move): apply() plays a listed text without a hand-over
    __slots__ = ("_game", "_py", "_legal", "_rules")
    _game: Any
    _rules: Rules
    _py: Any   # RokuganState or None, as said above: its type follows `_game`'s, which mypy cannot narrow
    _legal: dict[int, tuple[list[Action], dict[str, tuple | None]]] | None

    def __init__(self, game: Any = None, py: RokuganState | None = None, rules: Rules | None = None):
        self._game = game
        self._py = py
        self._legal = None
        self._rules = py.rules if py is not None else _default(rules)

    @classmethod
    def new_game(cls, players: int = 4, seed: int | GameKey = 0, clans: list[str] | None = None,
                 rules: Rules | None = None) -> NativeRokuganState:
        """Setup, steps 1-11, as :meth:`RokuganState.new_game` (the same checks and messages), under ``rules`` (by
        default the process's default rules; ImportError where the native engine does not play them)."""
        rules = _default(rules)
        core = require(rules)
        handle = tables(rules)
        if not isinstance(seed, GameKey) and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"a game is seeded with a whole number or a GameKey, not {type(seed).__name__}")
        try:
            if isinstance(seed, GameKey):   # the blake2b-keyed generator, as the Python engine's keyed game draws
                return cls(core.Game.new_keyed_game(handle, players, seed.key, list(clans or [])), rules=rules)
            return cls(core.Game.new_game(handle, players, seed & _MASK, list(clans or [])), rules=rules)
        except (ValueError, TypeError):
            # bad players or clans: the Python engine's own checks raise the RuleViolation naming the rule
            RokuganState.new_game(players=players, seed=0, clans=clans, rules=rules)
            raise

    @property
    def rules(self) -> Rules:
        """The rules the game is played under (read without a hand-over)."""
        return self._rules

    @property
    def engine(self) -> str:
        return "python" if self._game is None else "native"

    def python_state(self) -> RokuganState:
        """The Python engine's state of this game (a copy while the native engine plays it)."""
        if self._py is None:
            self._py = python_state(self._game, self._rules)
        return self._py

    def hand_over(self) -> RokuganState:
        """Give the game to the Python engine for good (the same game, field for field) and return its state."""
        if self._game is not None:
            self._py = python_state(self._game, self._rules)
            self._game = None
        return self._py

    def __reduce__(self) -> tuple[type[NativeRokuganState], tuple[None, RokuganState]]:
        # pickled (a worker process, Ray, a saved study) as the Python engine's state of the same game, field for
        # field: the native engine has no serialised form of its own, and the Python engine is the reference
        return (NativeRokuganState, (None, self.python_state()))

    def __getattr__(self, name: str) -> Any:
        # a method of the Python engine's state hands the game over first, as a field read by name or changed
        # does (the properties made by _field below): what is read is then the game's own state, and a change
        # made to it is the game's change
        if name.startswith("__") or name in self.__slots__:
            raise AttributeError(name)
        return getattr(self.hand_over(), name)

    def play_random(self, bot_seeds: list[int], limit: int | None = None) -> int:
        """Play to the end with :class:`~daimyo.bots.random_bot.RandomBot` ``(bot_seeds[seat])`` at each seat, as
        :func:`daimyo.bots.random_bot.play` does (the same moves), in one native call; returns the number of moves.
        With ``limit``, stop after that many moves (a position part way through the same game; the bots' draws
        are not kept, so a second call does not go on with the same game)."""
        if self._game is None:
            if limit is not None:
                raise ValueError("play_random: a limit is for a game the native engine plays")
            return _play_random(self._py, [Rng(seed) for seed in bot_seeds])
        self._py = self._legal = None
        return self._game.play_random([seed & _MASK for seed in bot_seeds], -1 if limit is None else limit)

    def play_random_deals(self, seed: int, games: int, unit: int, salt: int) -> tuple[int, list[tuple[str, int, int, int]]]:
        """Games ``seed``, ``seed + 1``, ... (``games`` of them) under this game's rules and number of players, each
        a new deal (:meth:`new_game` with that seed, the clans chosen in play) played to the end as
        :meth:`play_random` plays it with the bots of :func:`daimyo.bots.random_bot.bot_seeds` of its seed (``salt``:
        that module's ``BOT_SALT``, given by the caller, as the rules know nothing of the bots), in one native call
        (this game itself is not moved). Returns the moves made and, per clan that played, (clan, games,
        wins in units of ``1/unit``, honor summed): a win shared by ``k`` tied winners counts ``unit / k`` (``unit``
        a multiple of every ``k``), as ``returns()`` and ``totals()`` of each game would give them."""
        game = self._native("play_random_deals")
        moves, rows = type(game).play_random_deals(tables(self._rules), game.n, seed & _MASK, games, salt & _MASK, unit)
        return moves, list(rows)

    # ------------------------------------------------- integer actions (daimyo/rl/encoding.py's catalogue)
    def _native(self, what: str) -> Any:
        if self._game is None:
            raise ValueError(f"{what}: the game was handed over to the Python engine; use daimyo.rl.encoding's "
                             f"Python encoders")
        return self._game

    def legal_action_ids(self, seat: int) -> list[int]:
        """The catalogue ids of ``seat``'s legal actions (``seat`` acts), in :func:`daimyo.rl.encoding.legal_index`'s
        order; the catalogue is :mod:`daimyo.rl.encoding`'s (import it first)."""
        return self._native("legal_action_ids").legal_action_ids(seat)

    def legal_index(self, seat: int) -> dict[int, tuple]:
        """Catalogue id -> the legal move it stands for, as :func:`daimyo.rl.encoding.legal_index` gives it."""
        return dict(self._native("legal_index").legal_index(seat))

    def action_mask(self, seat: int, out: Any) -> int:
        """Write ``seat``'s action mask into ``out`` (an int8 array of the catalogue's length); the number legal."""
        return self._native("action_mask").action_mask(seat, _out_array(out, "int8", "action_mask"))

    def apply_action(self, seat: int, action: int, events: bool = False) -> list[Event] | None:
        """Apply the legal move that catalogue entry ``action`` stands for (a ValueError if none is legal now);
        its events, as :meth:`apply_move` gives them, only with ``events``."""
        game = self._native("apply_action")
        self._py = self._legal = None
        raw = game.apply_action(seat, action, events)
        return None if raw is None else _events(raw)

    def observe_into(self, seat: int, out: Any) -> None:
        """Write ``seat``'s observation (:func:`daimyo.rl.encoding.observe`) into ``out`` (a float32 array)."""
        self._native("observe_into").observe(seat, _out_array(out, "float32", "observe_into"))

    # ------------------------------------------------------------- interface
    def to_act(self) -> tuple[int, ...]:
        return self._py.to_act() if self._game is None else self._game.to_act()

    @property
    def phase(self) -> str:
        return self._py.phase if self._game is None else self._game.phase

    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def result(self) -> dict | None:
        """The final scores and winners, once the game is over (read without a hand-over: the native engine
        scores its own position, as :func:`final_result` does)."""
        if self._game is None:
            return self._py.result
        return self._game.result()

    def returns(self) -> list[float]:
        """1 for each winner shared equally among tied winners, 0 for the others (as :meth:`RokuganState.returns`)."""
        if self._game is None:
            return self._py.returns()
        totals = self._game.totals()  # (the winners are those with the most honor: result()'s, without the rest)
        if totals is None:
            return [0.0] * self._game.n
        best = max(totals)
        w = [p for p, total in enumerate(totals) if total == best]
        return [1.0 / len(w) if p in w else 0.0 for p in range(self._game.n)]

    def totals(self) -> list[int] | None:
        """Each seat's final Honor total (``result["scores"]``'s totals) once the game is over, else None; on the
        native engine without building the rest of the result."""
        if self._game is None:
            result = self._py.result
            return None if result is None else [row["total"] for row in result["scores"]]
        return self._game.totals()

    def legal_moves(self, seat: int | None = None) -> Any:
        if self._game is None:
            return self._py.legal_moves(seat)
        if seat is None:
            acting = self._game.to_act()
            if not acting:
                return []
            seat = acting[0]
        return self._game.legal_moves(seat)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self._game is None:
            return self._py.legal_actions(player)
        acting = self.to_act()
        seats = acting if player is None else ((player,) if player in acting else ())
        return [a for s in seats for a in self._listed(s)[0]]

    def _listed(self, seat: int) -> tuple[list[Action], dict[str, tuple | None]]:
        """``seat``'s legal actions in this position, and each one's move by its text (None for a text two moves
        share), worked out once per position (a server sends them, then plays the one chosen)."""
        if self._legal is None:
            self._legal = {}
        listed = self._legal.get(seat)
        if listed is None:
            actions, moves = [], {}
            for m in self.legal_moves(seat):
                text = move_text(self, seat, m)  # type: ignore[arg-type]  # the native state reads as RokuganState
                actions.append(Action(seat, text))
                moves[text] = None if text in moves else m
            listed = self._legal[seat] = (actions, moves)
        return listed

    def clan_of(self, seat: int) -> str:
        return self._py.clan_of(seat) if self._game is None else self._game.clan_of(seat)

    @property
    def n(self) -> int:
        return self._py.n if self._game is None else self._game.n

    @property
    def round(self) -> int:
        """The round being played (0 during setup), read without a hand-over (the games list shows it)."""
        return self._py.round if self._game is None else self._game.round

    def apply(self, action: Action) -> list[Event]:
        """Check ``action`` against the rules as the Python engine does (the same messages) and apply it."""
        if self._game is None:
            return self._py.apply(action)
        seat, text = action
        listed = self._legal.get(seat) if self._legal is not None and isinstance(seat, int) else None
        move = listed[1].get(text) if listed is not None and isinstance(text, str) else None
        if move is not None:   # one of the legal actions listed for this position: no need to read it again
            return self.apply_move(seat, move)
        py = self.python_state()
        if not isinstance(seat, int) or not 0 <= seat < py.n:
            raise violation("rk.no_such_seat", "there is no player seat {seat} in this {n}-player game", "Setup", seat=repr(seat), n=py.n)
        if seat not in py.to_act():
            who = ", ".join(py.clan_of(p) for p in py.to_act())
            if not who:
                raise violation("rk.not_your_turn_over", "it is not {clan}'s turn to act; waiting for nobody (the game is over)",
                                "Playing the Game", clan=py.clan_of(seat))
            raise violation("rk.not_your_turn", "it is not {clan}'s turn to act; waiting for {who}", "Playing the Game",
                            clan=py.clan_of(seat), who=who)
        move = parse_move(py, seat, text)
        reason = explain_illegal(py, seat, move)
        if reason:
            raise RuleViolation(*reason)
        return self.apply_move(seat, move)

    def apply_move(self, seat: int, move: tuple) -> list[Event]:
        """Apply a move already known to be legal (one of :meth:`legal_moves`)."""
        if self._game is None:
            return self._py.apply_move(seat, move)
        self._py = self._legal = None
        return _events(self._game.apply_move(seat, tuple(move)))

    def _advance(self) -> list[Event]:
        """A position read from a file: the automatic steps until a player has a decision (``RokuganState._advance``),
        by the native engine."""
        if self._game is None:
            return self._py._advance()
        self._py = self._legal = None
        return _events(self._game.run_automatic_steps())

    def _resolve(self) -> list[Event]:
        """A position read from a file: the Resolution Phase alone, steps 1 to 6, no next round
        (:func:`daimyo.rokugan.resolution.resolve`), by the native engine."""
        if self._game is None:
            from daimyo.rokugan.resolution import resolve
            return resolve(self._py)
        self._py = self._legal = None
        return _events(self._game.resolve_alone())

    def clone(self) -> NativeRokuganState:
        if self._game is None:
            return NativeRokuganState(py=self._py.clone())
        clone = _NEW(NativeRokuganState)   # past __init__'s call: the least a clone can cost
        clone._game = self._game.copy()
        clone._py = clone._legal = None
        clone._rules = self._rules
        return clone

    __copy__ = clone

    def draws(self) -> Any:
        """Where the game's random stream stands (:meth:`GameState.draws`), without a hand-over."""
        if self._game is None:
            return self._py.draws()
        f = self._game.fields()
        return ("game", f["rng_counter"]) if "rng_counter" in f else f["rng_state"]

    def view(self, player: int | None) -> View:
        """What ``player`` (a seat, or None for a spectator) may know: built by the native engine, without a hand-over
        (the same dict as :func:`daimyo.rokugan.views.view`)."""
        if self._game is None:
            return self._py.view(player)
        return self._game.view(player, self.rules_version)


def _play_random(s: RokuganState, rngs: list[Rng]) -> int:
    """The Python engine's game played to its end as :func:`daimyo.bots.random_bot.play` plays it with a
    ``RandomBot(seed)`` at each seat (each seat's generator choosing among its legal moves), without importing the
    bots (the rules sit below them); returns the number of moves."""
    moves = 0
    while not s.is_terminal():
        acting = s.to_act()
        for seat in acting:
            if seat not in s.to_act():
                break
            s.apply_move(seat, rngs[seat].choice(s.legal_moves(seat)))
            moves += 1
    return moves


def _field(name: str, native: property | None) -> property:
    """A field of the Python engine's state read or changed by name on a native game: a read hands the game over
    first unless the native engine answers it itself (``native``: n, phase, round, result), a change always does,
    so the change is the game's own (a native game takes the same fields a Python game does, and no other)."""
    def read(self: NativeRokuganState) -> Any:
        return getattr(self.hand_over(), name)

    def change(self: NativeRokuganState, value: Any) -> None:
        setattr(self.hand_over(), name, value)

    if native is not None:
        return property(native.fget, change, doc=native.__doc__)
    return property(read, change, doc=f"The Python engine's field {name} (a read or a change hands the game over).")


for _name in RokuganState.__slots__:
    _known = NativeRokuganState.__dict__.get(_name)
    if _known is None or isinstance(_known, property):
        setattr(NativeRokuganState, _name, _field(_name, _known))
del _name, _known

def default_engine(seed: object, rules: Rules | None = None) -> str:
    """The engine a game under ``rules`` (by default the default rules) is played by where none is named: native
    wherever the module is built and plays those rules, a game keyed with a
    :class:`~daimyo.core.rng.GameKey` (the server's) included: its views, its bots (the heuristic and ISMCTS run
    natively on a native game), its records and its progress are all read without handing it over to Python."""
    del seed  # every game alike: the keyed generator is native too (keyed.hpp)
    return "native" if available(rules) else "python"


def _out_array(out: Any, dtype: str, method: str) -> Any:
    """``out`` if the engine can write into it in place: a writable, C-contiguous, one-dimensional NumPy array of
    ``dtype``. Any other array would be converted by the binding into a temporary copy, written and thrown away,
    leaving ``out`` as it was, so it is refused here, naming what differs."""
    import numpy as np
    ok = (isinstance(out, np.ndarray) and out.dtype == np.dtype(dtype) and out.ndim == 1 and out.flags.c_contiguous
          and out.flags.writeable)
    if ok:
        return out
    given = type(out).__name__
    if isinstance(out, np.ndarray):
        given = (f"{out.dtype} array of shape {out.shape}{'' if out.flags.c_contiguous else ', not C-contiguous'}"
                 f"{'' if out.flags.writeable else ', read-only'}")
    raise ValueError(f"{method}: out must be a writable, C-contiguous, one-dimensional {dtype} NumPy array, "
                     f"written in place; not a {given}")


def new_game(players: int = 4, seed: int | GameKey = 0, clans: list[str] | None = None,
             rules: Rules | None = None) -> NativeRokuganState:
    """A game played by the native engine (see :class:`NativeRokuganState`) under ``rules``."""
    return NativeRokuganState.new_game(players=players, seed=seed, clans=clans, rules=rules)
