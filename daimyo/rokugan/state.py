"""The Battle for Rokugan game state: setup, upkeep, placement and the turn order.

Section names in docstrings and messages are the rulebook's headings
("Setup 10. Place Starting Control Tokens", "Placement Phase", ...).

Internal moves are tuples such as ``("place", "a3", "l", 12, 4)``; the public
interface speaks text actions (``place a3 crab_2>crab_3``) through
:mod:`daimyo.rokugan.notation`. Resolution lives in :mod:`.resolution`, card
effects in :mod:`.cards`, scoring in :mod:`.scoring` and views in :mod:`.views`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated, Any, NamedTuple, get_type_hints

from daimyo.core.errors import RuleViolation, violation
from daimyo.core.game import Action, Event, GameState, private_event, public_event
from daimyo.core.rng import GameKey, KeyedRng, Rng, generator
from daimyo.rokugan.data import RULES, Rules, Token
from daimyo.rokugan.moves import do_move, explain_illegal, legal_moves, upkeep_card_moves
from daimyo.rokugan.notation import move_text, parse_move
from daimyo.rokugan.placement import MoveList, Targets, can_place_any, unicorn_swappable
from daimyo.rokugan.records import (
    DRAGON_RETURN,
    HARBOR,
    N_PROVINCES,
    OVER,
    PEACE,
    PLACEMENT,
    SCORCHED,
    SETUP_CLANS,
    SETUP_CONTROL,
    SETUP_OBJECTIVES,
    UNICORN_SWAP,
    UPKEEP,
    AbilityDecision,
    BoardToken,
    Decision,
    Phase,
    SeenHand,
    SeenToken,
)
from daimyo.rokugan.resolution import resolve
from daimyo.rokugan.scoring import final_scoring
from daimyo.rokugan.views import View, view

# How ``clone`` copies a field
SHARED = "shared"  # immutable (a number, text, flag, tuple, record or None): the clone shares it
LIST = "list"  # a list of immutable items: a shallow copy
LISTS = "lists"  # a list (one a seat) of lists of immutable items: each inner list copied
DICT = "dict"  # a dict of immutable values: a shallow copy
BY_HAND = "by hand"  # copied (or reset) by its own line in ``clone``


class Field(NamedTuple):
    """One field of :class:`RokuganState`, declared once: ``name: Annotated[type, Field(...)]`` in its class body."""

    copy: str
    """How ``clone`` copies it: ``shared``, ``list``, ``lists``, ``dict`` or ``by hand``."""
    start: Callable[[int], Any] | None
    """Its value at the start of a game of ``n`` players (Setup), or None where ``new_game`` sets it itself."""
    doc: str
    """What it is, in the rulebook's words."""
    text: str = ""
    """How the position format writes it when :mod:`.position` writes it from this table: ``codes``, ``count``,
    ``cards``, ``objective``, ``objectives``, ``yes-no`` (one line a player) or ``used`` (one line); "" otherwise."""
    key: str = ""
    """Its key in the position format, where it is not the name with dashes."""
    name: str = ""
    """The attribute's name (from the declaration)."""
    type: Any = None
    """What it holds (from the declaration)."""

    @property
    def position_key(self) -> str:
        return self.key or self.name.replace("_", "-")


def _per_seat(value: object) -> Callable[[int], list]:
    return lambda n: [value] * n


def _list_per_seat(n: int) -> list[list]:
    return [[] for _ in range(n)]


def _declared(cls: type) -> tuple[Field, ...]:
    """The fields declared in ``cls``'s body, in their order, each with its name and type."""
    module = vars(sys.modules[cls.__module__])  # the declarations' names (and their lambdas') are the module's
    hints = get_type_hints(cls, globalns=module, localns=module, include_extras=True)
    return tuple(hint.__metadata__[0]._replace(name=name, type=hint.__origin__)
                 for name, hint in hints.items() if name in cls.__annotations__)


_COPIES = {SHARED: "self.{0}", LIST: "self.{0}[:]", LISTS: "[x[:] for x in self.{0}]", DICT: "self.{0}.copy()"}


def _field_copier(fields: tuple[Field, ...]) -> Callable:
    """``copy_fields(original, clone)`` for every field not copied by hand, one plain line a field.

    The function is written from the table (as :mod:`dataclasses` writes ``__init__``), so a
    clone costs what the same lines written by hand would.
    """
    body = "".join(f"\n    c.{f.name} = {_COPIES[f.copy].format(f.name)}" for f in fields if f.copy != BY_HAND)
    namespace: dict = {}
    exec(f"def copy_fields(self, c):{body}", namespace)
    return namespace["copy_fields"]


class RokuganState(GameState):
    """A whole game of Battle for Rokugan. See the module docstring; the fields are declared below (``FIELDS`` lists them)."""

    game_name = "rokugan"
    rules_version = "1"

    # Every field of the game state, in the order of the position format (docs/rokugan-positions.md).
    # A seat is a player's place at the table, 0 to n-1; a province is its number in the rules data.
    rules: Annotated[Rules, Field(SHARED, None, "the rules this game is played under: the standard ones or a rules file's "
                                                "(data_variant.py); never changed, so copies share them")]
    n: Annotated[int, Field(SHARED, lambda n: n, "the number of players, 2 to 5")]
    clans: Annotated[list[str | None], Field(LIST, None, "each seat's clan (None until chosen: Setup 3. Choose Clans)")]
    phase: Annotated[Phase, Field(SHARED, lambda n: SETUP_CLANS, "the phase of the game: one of PHASES")]
    round: Annotated[int, Field(SHARED, lambda n: 0, "the round on the round track, 1 to 5 (0 during setup)")]
    first: Annotated[int, Field(SHARED, lambda n: 0, "the seat of the first player")]
    turn: Annotated[int, Field(SHARED, lambda n: 0, "the seat whose turn it is")]
    rng: Annotated[Rng | KeyedRng, Field(BY_HAND, None, "the seeded random generator: draws, shuffles and the territory cards at setup")]
    initiative: Annotated[list[str], Field(LIST, lambda n: [], "the clan initiative deck, top card first (Setup 8 and 9)")]
    space: Annotated[list[str | None], Field(LIST, None, "the territory card on each territory's space on the board, or None")]
    played: Annotated[list[str], Field(LIST, lambda n: [], "the territory cards played, which have left the game")]
    first_player_card_used: Annotated[bool, Field(SHARED, lambda n: False, "whether the first player card was used this round",
                                                  text="used", key="first-player-card")]
    scorpion_used: Annotated[bool, Field(SHARED, lambda n: False, "whether Scorpion looked at a token this round", text="used", key="scorpion-look")]
    unicorn_used: Annotated[bool, Field(SHARED, lambda n: False, "whether Unicorn's swap was offered this round", text="used", key="unicorn-swap")]
    passes: Annotated[int, Field(SHARED, lambda n: 0, "consecutive passes in Upkeep 3. Play Territory Cards")]
    next_id: Annotated[int, Field(SHARED, lambda n: 1, "the number the next combat token placed on the board gets")]
    owner: Annotated[list[int], Field(LIST, lambda n: [-1] * N_PROVINCES, "the seat controlling each province, -1 for none")]
    up: Annotated[list[int], Field(LIST, lambda n: [0] * N_PROVINCES, "faceup control tokens in each province")]
    down: Annotated[list[int], Field(LIST, lambda n: [0] * N_PROVINCES, "facedown control tokens in each province")]
    special: Annotated[list[str | None], Field(LIST, lambda n: [None] * N_PROVINCES, "the special token in each province, or None")]
    specials_left: Annotated[dict[str, int], Field(DICT, None, "special tokens left in the pile, by name")]
    tokens: Annotated[list[BoardToken], Field(LIST, lambda n: [], "the combat tokens on the board, in the order they were placed")]
    hand: Annotated[list[list[int]], Field(LISTS, _list_per_seat, "each player's combat tokens behind the screen (clan token indices)", text="codes")]
    pool: Annotated[list[list[int]], Field(LISTS, _list_per_seat, "each player's token pool, drawn from at upkeep", text="codes")]
    discard: Annotated[list[list[int]], Field(LISTS, _list_per_seat, "each player's discard pile of combat tokens", text="codes")]
    out: Annotated[list[list[int]], Field(LISTS, _list_per_seat, "each player's bluff discarded by Purge the Weak, back at the next upkeep", text="codes")]
    supply: Annotated[list[int], Field(LIST, None, "each player's control tokens in the supply", text="count")]
    set_aside: Annotated[list[int], Field(LIST, _per_seat(0), "each player's starting control tokens set aside (Setup 7)", text="count")]
    scouts: Annotated[list[int], Field(LIST, _per_seat(0), "each player's scout cards left", text="count")]
    shugenja: Annotated[list[int], Field(LIST, _per_seat(0), "each player's shugenja cards left", text="count")]
    cards: Annotated[list[list[str]], Field(LISTS, _list_per_seat, "each player's territory cards held", text="cards")]
    objective: Annotated[list[str | None], Field(LIST, _per_seat(None), "each player's secret objective (None until kept)", text="objective")]
    offer: Annotated[list[tuple], Field(LIST, _per_seat(()), "the two secret objectives dealt to each player (Setup 5)", text="objectives")]
    ronin: Annotated[list[bool], Field(LIST, _per_seat(False), "whether each player is ronin (Additional Rules: Ronin)", text="yes-no")]
    done: Annotated[list[bool], Field(LIST, _per_seat(False), "whether each player was skipped and places no more this phase (Ronin)", text="yes-no")]
    spied: Annotated[list[bool], Field(LIST, _per_seat(False), "whether Spy Network stops each player placing its bluff this round", text="yes-no")]
    seen: Annotated[list[list[SeenToken | SeenHand]], Field(LISTS, _list_per_seat, "what each player secretly saw this round")]
    pending: Annotated[list[Decision], Field(LIST, lambda n: [], "the decisions the game waits for, the last one first")]
    result: Annotated[dict | None, Field(SHARED, lambda n: None, "the final scores and winners, once the game is over")]
    _targets: Annotated[Targets | None, Field(BY_HAND, lambda n: None, "the placing player's legal places, kept for this turn's moves")]

    __slots__ = tuple(__annotations__)

    # ------------------------------------------------------------------ setup
    @classmethod
    def new_game(cls, players: int = 4, seed: int | GameKey = 0, clans: list[str] | None = None,
                 rules: Rules | None = None) -> RokuganState:
        """Setup, steps 1-11 (clan choice becomes actions when ``clans`` is not given).

        ``rules``: the rules the game is played under (a rules file's, :attr:`Variant.rules
        <daimyo.rokugan.data_variant.Variant.rules>`); by default this process's default rules (the standard ones
        unless a tool put a rules file in force: :func:`daimyo.rokugan.data_variant.default_rules`)."""
        if rules is None:
            from daimyo.rokugan.data_variant import default_rules
            rules = default_rules()
        if players not in rules.starting_control:
            raise violation("rk.battle_for_rokugan_for", "Battle for Rokugan is for 2 to 5 players, not {players}", "Setup", players=players)
        if clans is not None:
            clans = list(clans)
            if len(clans) != players:
                raise violation("rk.players_need_clans_got", "{players} players need {players} clans, got {got}",
                                "Setup 3. Choose Clans", players=players, got=len(clans))
            for c in clans:
                if c not in rules.clan_names:
                    raise violation("rk.unknown_clan_clans", "unknown clan '{clan}' (clans: {clans})",
                                    "Setup 3. Choose Clans", clan=c, clans=', '.join(rules.clan_names))
            if len(set(clans)) != len(clans):
                raise violation("rk.each_player_must_choose", "each player must choose a different clan", "Setup 3. Choose Clans")
        s = cls.blank(players, rules)
        s.clans = list(clans) if clans else [None] * players
        s.rng = generator(seed)
        # Setup 2. Randomize Territory Cards
        s.space = [s.rng.choice(rules.territory_cards[t]) for t in range(len(RULES.territory_names))]
        if clans:
            s._setup_after_clans()
        return s

    @classmethod
    def blank(cls, n: int, rules: Rules) -> RokuganState:
        """A state of ``n`` players under ``rules`` with every field at its Setup value but those set by whoever
        makes it (clans, rng, space): the start of :meth:`new_game` and of a position read from a file."""
        s = cls.__new__(cls)
        s.rules = rules
        for f in FIELDS:
            if f.start is not None:
                setattr(s, f.name, f.start(n))
        s.specials_left = dict(rules.special_supply)
        s.supply = [rules.control_tokens] * n
        return s

    def _setup_after_clans(self) -> None:
        n = self.n
        bluff = self.rules.bluff_index
        # Setup 3: bluff behind the screen, the rest make the pool
        for p in range(n):
            self.hand[p] = [bluff]
            self.pool[p] = [i for i in range(self.rules.tokens_per_clan) if i != bluff]
        # Setup 4: scouts and shugenja
        self.scouts = [self.rules.scouts] * n
        self.shugenja = [self.rules.shugenja] * n
        # Setup 5: deal two objectives to each player
        deck = list(self.rules.objective_ids)
        self.rng.shuffle(deck)
        k = self.rules.objectives_dealt
        self.offer = [tuple(deck[i * k:(i + 1) * k]) for i in range(n)]
        self.phase = SETUP_OBJECTIVES

    def _setup_after_objectives(self) -> list[Event]:
        n = self.n
        events = [public_event("objectives-chosen")]
        # Setup 6: capitals
        for p in range(n):
            cap = RULES.capital[self.clans[p]]
            self._add_control(p, cap, down=1)
        # Setup 7: set aside control tokens
        for p in range(n):
            self.set_aside[p] = self.rules.starting_control[n]
            self.supply[p] -= self.rules.starting_control[n]
        # Setup 8: first player from the clan initiative cards
        deck = [c for c in self.clans if c is not None]  # every clan is chosen by now
        self.rng.shuffle(deck)
        top = deck.pop(0)
        self.first = self.clans.index(top)
        events.append(public_event("first-player", clan=top, card=top))
        # Setup 9: complete the deck with neutral cards to four
        neutral = list(self.rules.neutral_cards)
        self.rng.shuffle(neutral)
        while len(deck) < self.rules.initiative_deck_size and neutral:
            deck.append(neutral.pop(0))
        self.rng.shuffle(deck)
        self.initiative = deck
        # Setup 10
        self.phase = SETUP_CONTROL
        self.turn = self.first
        return events

    # ----------------------------------------------------------- basic facts
    def seat_of(self, clan: str) -> int:
        try:
            return self.clans.index(clan)
        except ValueError:
            raise violation("rk.no_player_plays_clan", "no player plays {clan} in this game", "Setup 3. Choose Clans", clan=clan) from None

    def clan_of(self, seat: int) -> str:
        return self.clans[seat] or f"seat{seat}"

    def token(self, tid: int) -> BoardToken:
        for t in self.tokens:
            if t.number == tid:
                return t
        raise violation("rk.no_such_combat_token", "there is no combat token #{token} on the board", "Placing Combat Tokens", token=tid)

    def kind_of(self, seat: int, tok: int) -> Token:
        return self.rules.clan_tokens[self.clans[seat]][tok]

    def code_of(self, seat: int, tok: int) -> str:
        return self.rules.clan_tokens[self.clans[seat]][tok].code

    def provinces_of(self, seat: int) -> list[int]:
        o = self.owner
        return [p for p in range(N_PROVINCES) if o[p] == seat]

    def is_coastal(self, p: int) -> bool:
        """Key Concepts: coastal provinces; the harbor token makes a landlocked province coastal."""
        return RULES.coastal[p] or self.special[p] == HARBOR

    def control_tokens_on_board(self, seat: int) -> int:
        o, u, d = self.owner, self.up, self.down
        return sum(u[p] + d[p] for p in range(N_PROVINCES) if o[p] == seat)

    # -------------------------------------------------------- control tokens
    def _add_control(self, seat: int, p: int, up: int = 0, down: int = 0) -> int:
        """Put control tokens of ``seat`` in ``p`` from its supply (as many as it has). Returns how many."""
        placed = 0
        for face in ("up",) * up + ("down",) * down:
            if self.supply[seat] <= 0:
                break
            self.supply[seat] -= 1
            if face == "up":
                self.up[p] += 1
            else:
                self.down[p] += 1
            placed += 1
        if placed:
            self.owner[p] = seat
        return placed

    def _clear_control(self, p: int) -> None:
        o = self.owner[p]
        if o >= 0:
            self.supply[o] += self.up[p] + self.down[p]
        self.owner[p] = -1
        self.up[p] = 0
        self.down[p] = 0

    def _remove_one_control(self, p: int) -> None:
        """Removing Tokens: faceup control tokens are removed before facedown ones."""
        o = self.owner[p]
        if self.up[p]:
            self.up[p] -= 1
        else:
            self.down[p] -= 1
        self.supply[o] += 1
        if self.up[p] + self.down[p] == 0:
            self.owner[p] = -1

    # -------------------------------------------------------- special tokens
    def special_can_go(self, p: int) -> bool:
        """Special Tokens: peace and scorched earth are never replaced."""
        return self.special[p] not in (PEACE, SCORCHED)

    def _put_special(self, p: int, name: str) -> bool:
        """Put a special token from the pile in ``p`` (replacing another). False if the pile has none."""
        if self.specials_left.get(name, 0) <= 0:
            return False
        old = self.special[p]
        if old is not None:
            self.specials_left[old] += 1
        self.specials_left[name] -= 1
        self.special[p] = name
        if name == SCORCHED:
            self._clear_control(p)
        return True

    def _remove_special(self, p: int) -> None:
        old = self.special[p]
        if old is not None:
            self.specials_left[old] += 1
            self.special[p] = None

    # --------------------------------------------------------- combat tokens
    def _discard_board_token(self, t: BoardToken) -> None:
        """Removing Tokens: a removed combat token goes to its owner's discard pile (a bluff to the hand)."""
        self.tokens.remove(t)
        if t.clan_token == self.rules.bluff_index:
            self.hand[t.owner].append(t.clan_token)
        else:
            self.discard[t.owner].append(t.clan_token)

    def _draw(self, seat: int, k: int) -> list[int]:
        pool = self.pool[seat]
        drawn = []
        for _ in range(k):
            if not pool:
                break
            i = self.rng.below(len(pool))
            pool[i], pool[-1] = pool[-1], pool[i]
            drawn.append(pool.pop())
        self.hand[seat].extend(drawn)
        return drawn

    # -------------------------------------------------------------- interface
    def to_act(self) -> tuple[int, ...]:
        if self.pending:
            return (self.pending[-1].seat,)
        if self.phase == SETUP_OBJECTIVES:
            return tuple(p for p in range(self.n) if self.objective[p] is None)
        if self.phase == OVER:
            return ()
        if self.phase == PLACEMENT and (self.done[self.turn] or len(self.hand[self.turn]) <= 1):
            return self._placer_after_turn()
        return (self.turn,)

    def _placer_after_turn(self) -> tuple[int, ...]:
        """Placement Phase in a position read from a file whose ``turn`` names a player who places no more
        ("until each player has one combat token remaining"): the next player clockwise who still places, or
        nobody when placement is over (the automatic steps then resolve the round). Changes nothing; a game
        played from setup never asks, as its turn always names a player still placing."""
        n = self.n
        for k in range(1, n):
            p = (self.turn + k) % n
            if not self.done[p] and len(self.hand[p]) > 1 and can_place_any(self, p):
                return (p,)
        return ()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        """1 for each winner shared equally among tied winners, 0 for the others."""
        if self.result is None:
            return [0.0] * self.n
        w = self.result["winners"]
        return [1.0 / len(w) if p in w else 0.0 for p in range(self.n)]

    def legal_moves(self, seat: int | None = None) -> list[tuple] | MoveList:
        return legal_moves(self, seat)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        acting = self.to_act()
        seats = acting if player is None else ((player,) if player in acting else ())
        out: list[Action] = []
        for s in seats:
            out.extend(Action(s, move_text(self, s, m)) for m in self.legal_moves(s))
        return out

    def apply(self, action: Action) -> list[Event]:
        """Check ``action`` against the rules and apply it. An illegal action raises RuleViolation; nothing changes."""
        seat, text = action
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise violation("rk.no_such_seat", "there is no player seat {seat} in this {n}-player game",
                            "Setup", seat=repr(seat), n=self.n)
        if seat not in self.to_act():
            who = ", ".join(self.clan_of(p) for p in self.to_act())
            if not who and self.phase == PLACEMENT:
                raise violation("rk.places_no_more_tokens", "{clan} places no more tokens: placement ends when each player has one "
                                "combat token remaining behind the screen, and the resolution phase comes next", "Placement Phase", clan=self.clan_of(seat))
            if not who:
                raise violation("rk.not_your_turn_over", "it is not {clan}'s turn to act; waiting for nobody (the game is over)",
                                "Playing the Game", clan=self.clan_of(seat))
            raise violation("rk.not_your_turn", "it is not {clan}'s turn to act; waiting for {who}", "Playing the Game",
                            clan=self.clan_of(seat), who=who)
        move = parse_move(self, seat, text)
        reason = explain_illegal(self, seat, move)
        if reason:
            raise RuleViolation(*reason)
        return self.apply_move(seat, move)

    def apply_move(self, seat: int, move: tuple) -> list[Event]:
        """Apply a move already known to be legal (as listed by :meth:`legal_moves`)."""
        self._targets = None
        events = do_move(self, seat, move)
        events.extend(self._advance())
        return events

    def clone(self) -> RokuganState:
        c = RokuganState.__new__(RokuganState)
        _copy_fields(self, c)
        c.rng = self.rng.copy()
        c._targets = None
        return c

    __copy__ = clone

    def view(self, player: int | None) -> View:
        return view(self, player)

    # ----------------------------------------------------------- round flow
    def _advance(self) -> list[Event]:
        """Run the automatic steps until a player has a decision to make."""
        events: list[Event] = []
        while not self.pending:
            ph = self.phase
            if ph == SETUP_OBJECTIVES:
                if all(o is not None for o in self.objective):
                    events.extend(self._setup_after_objectives())
                    continue
                return events
            if ph == SETUP_CONTROL:
                if sum(self.set_aside) == 0:
                    events.extend(self._start_round())
                    continue
                if self.set_aside[self.turn] == 0:
                    self.turn = (self.turn + 1) % self.n
                    continue
                return events
            if ph == UPKEEP:
                # Upkeep 3: play territory cards until all players pass consecutively
                if self.passes >= self.n:
                    events.extend(self._start_placement())
                    continue
                if not upkeep_card_moves(self, self.turn):
                    events.append(public_event("pass", clan=self.clan_of(self.turn), automatic=True))
                    self.passes += 1
                    self.turn = (self.turn + 1) % self.n
                    continue
                return events
            if ph == PLACEMENT:
                nxt = self._next_placer()
                if nxt is None:
                    events.extend(self._end_placement())
                    continue
                self.turn = nxt
                return events
            return events
        return events

    def _next_placer(self) -> int | None:
        """Placement Phase: players take turns until each has one token left behind the screen.

        A player with one token left is passed over but not marked done: a bluff discarded from the board
        (Shugenja, Dark Favors, Purge the Weak) goes back to its hand, and with two tokens it places again.
        Ronin: a player who cannot place any token has that turn skipped and takes no
        more turns this placement phase (this project applies it to every player): only that marks it done.
        """
        n = self.n
        for k in range(n):
            p = (self.turn + k) % n
            if self.done[p] or len(self.hand[p]) <= 1:
                continue
            targets = Targets(self, p)
            if not can_place_any(self, p, targets):
                self.done[p] = True
                continue
            # kept for the legal moves of this turn; any move clears it
            self._targets = targets
            return p
        return None

    def _start_round(self) -> list[Event]:
        """Upkeep Phase, steps 1 and 2 (and the ronin check at its start)."""
        events: list[Event] = []
        self.round += 1
        self.phase = UPKEEP
        events.append(public_event("round", round=self.round))
        n = self.n
        for p in range(n):
            was = self.ronin[p]
            self.ronin[p] = self.control_tokens_on_board(p) == 0
            if self.ronin[p] != was:
                events.append(public_event("ronin" if self.ronin[p] else "ronin-ends", clan=self.clan_of(p)))
        # Upkeep 1: determine first player (ignored in round one)
        if self.round > 1 and self.initiative:
            card = self.initiative.pop(0)
            self.first = self._initiative_winner(card)
            events.append(public_event("first-player", card=card, clan=self.clan_of(self.first)))
        self.first_player_card_used = n == 2  # the first player card is not used in a two-player game
        self.scorpion_used = False
        self.unicorn_used = False
        self.spied = [False] * n
        self.done = [False] * n
        self.seen = [[] for _ in range(n)]
        # Upkeep 2: draw combat tokens
        for k in range(n):
            p = (self.first + k) % n
            if self.out[p]:
                self.hand[p].extend(self.out[p])
                self.out[p] = []
            bluff = self.rules.bluff_index
            if bluff in self.pool[p]:
                # the first player card may have returned the bluff to the pool; it is never drawn
                self.pool[p].remove(bluff)
                self.hand[p].append(bluff)
            extra = 1 if self.clans[p] == "dragon" else 0
            need = self.rules.hand_size + extra - len(self.hand[p])
            drawn = self._draw(p, max(0, need))
            events.append(public_event("draw", clan=self.clan_of(p), count=len(drawn)))
            events.append(private_event(p, "drew", clan=self.clan_of(p), tokens=[self.code_of(p, t) for t in drawn]))
            if extra and drawn and len(self.hand[p]) > self.rules.hand_size:
                self.pending.append(AbilityDecision(DRAGON_RETURN, p, tuple(sorted(self.code_of(p, t) for t in drawn))))
        self.turn = self.first
        self.passes = 0
        if self.round == 1:
            # Upkeep 3 is ignored during the first round
            self.passes = n
        return events

    def _initiative_winner(self, card: str) -> int:
        """Upkeep 1: a clan card names its clan; a neutral card the player with the most of something.

        Ties go to the tied player closest to the right (counter-clockwise) of the
        current first player, who comes last.
        """
        if card in self.clans:
            return self.clans.index(card)
        most = self.rules.neutral_cards[card]
        if most == "territory_cards":
            score = [len(self.cards[p]) for p in range(self.n)]
        elif most == "provinces":
            score = [len(self.provinces_of(p)) for p in range(self.n)]
        else:
            score = [self.control_tokens_on_board(p) for p in range(self.n)]
        best = max(score)
        for k in range(1, self.n + 1):
            p = (self.first - k) % self.n
            if score[p] == best:
                return p
        return self.first

    def _start_placement(self) -> list[Event]:
        self.phase = PLACEMENT
        self.turn = self.first
        self.done = [False] * self.n
        return [public_event("placement")]

    def _end_placement(self) -> list[Event]:
        if not self.unicorn_used and "unicorn" in self.clans:
            u = self.clans.index("unicorn")
            self.unicorn_used = True
            if len(unicorn_swappable(self, u)) >= 2:  # a swap needs two tokens
                self.pending.append(AbilityDecision(UNICORN_SWAP, u))
                return []
        events = resolve(self)
        if self.round >= self.rules.rounds:
            events.extend(final_scoring(self))
        else:
            events.extend(self._start_round())
        return events


# Every field of the game state, from the declarations above
FIELDS: tuple[Field, ...] = _declared(RokuganState)

_copy_fields = _field_copier(FIELDS)
