"""The Battle for Rokugan game state: setup, upkeep, placement and the turn order.

Section names in docstrings and messages are the rulebook's headings
("Setup 10. Place Starting Control Tokens", "Placement Phase", ...).

Internal moves are tuples such as ``("place", "a3", "l", 12, 4)``; the public
interface speaks text actions (``place a3 crab_2>crab_3``) through
:mod:`daimyo.rokugan.notation`. Resolution lives in :mod:`.resolution`, card
effects in :mod:`.cards`, scoring in :mod:`.scoring` and views in :mod:`.views`.
"""

from __future__ import annotations

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action, Event, GameState, private_event, public_event
from daimyo.core.rng import GameKey, generator
from daimyo.rokugan.data import RULES

R = RULES
NP = R.n_provinces
BLUFF = R.bluff_index
PEACE, SCORCHED, SHRINE, BATTLEFIELD, HARBOR = "peace", "scorched_earth", "shrine", "battlefield", "harbor"

# A combat token on the board is a tuple:
# (number, owner seat, token index, place kind c/l/s/o, a, b, faceup, bitmask of seats that know it)

SETUP_CLANS = "setup-clans"
SETUP_OBJECTIVES = "setup-objectives"
SETUP_CONTROL = "setup-control"
UPKEEP = "upkeep"
PLACEMENT = "placement"
OVER = "over"
PHASES = (SETUP_CLANS, SETUP_OBJECTIVES, SETUP_CONTROL, UPKEEP, PLACEMENT, OVER)


ev = public_event
pev = private_event


class RokuganState(GameState):
    """A whole game of Battle for Rokugan. See the module docstring."""

    game_name = "rokugan"
    rules_version = "1"

    __slots__ = (
        "n", "clans", "rng", "round", "phase", "first", "turn", "pending",
        "owner", "up", "down", "special", "specials_left",
        "tokens", "next_id",
        "hand", "pool", "discard", "out", "supply", "set_aside",
        "scouts", "shugenja", "cards", "space", "played",
        "objective", "offer", "initiative",
        "ronin", "done", "spied", "fp_used", "scorpion_used", "unicorn_used",
        "passes", "seen", "result", "_targets",
    )

    # ------------------------------------------------------------------ setup
    @classmethod
    def new_game(cls, players: int = 4, seed: int | GameKey = 0, clans: list[str] | None = None) -> "RokuganState":
        """Setup, steps 1-11 (clan choice becomes actions when ``clans`` is not given)."""
        if players not in R.starting_control:
            raise RuleViolation(f"Battle for Rokugan is for 2 to 5 players, not {players}", "Setup")
        if clans is not None:
            clans = list(clans)
            if len(clans) != players:
                raise RuleViolation(f"{players} players need {players} clans, got {len(clans)}", "Setup 3. Choose Clans")
            for c in clans:
                if c not in R.clan_names:
                    raise RuleViolation(f"unknown clan '{c}' (clans: {', '.join(R.clan_names)})", "Setup 3. Choose Clans")
            if len(set(clans)) != len(clans):
                raise RuleViolation("each player must choose a different clan", "Setup 3. Choose Clans")
        s = cls.__new__(cls)
        n = players
        s.n = n
        s.clans = clans[:] if clans else [None] * n
        s.rng = generator(seed)
        s.round = 0
        s.phase = SETUP_CLANS
        s.first = 0
        s.turn = 0
        s.pending = []
        s.owner = [-1] * NP
        s.up = [0] * NP
        s.down = [0] * NP
        s.special = [None] * NP
        s.specials_left = dict(R.special_supply)
        s.tokens = []
        s.next_id = 1
        s.hand = [[] for _ in range(n)]
        s.pool = [[] for _ in range(n)]
        s.discard = [[] for _ in range(n)]
        s.out = [[] for _ in range(n)]
        s.supply = [R.control_tokens] * n
        s.set_aside = [0] * n
        s.scouts = [0] * n
        s.shugenja = [0] * n
        s.cards = [[] for _ in range(n)]
        s.played = []
        s.objective = [None] * n
        s.offer = [()] * n
        s.initiative = []
        s.ronin = [False] * n
        s.done = [False] * n
        s.spied = [False] * n
        s.fp_used = False
        s.scorpion_used = False
        s.unicorn_used = False
        s.passes = 0
        s.seen = [[] for _ in range(n)]
        s.result = None
        s._targets = None
        # Setup 2. Randomize Territory Cards
        s.space = [s.rng.choice(R.territory_cards[t]) for t in range(len(R.territory_names))]
        if clans:
            s._setup_after_clans()
        return s

    def _setup_after_clans(self) -> None:
        n = self.n
        # Setup 3: bluff behind the screen, the rest make the pool
        for p in range(n):
            self.hand[p] = [BLUFF]
            self.pool[p] = [i for i in range(R.tokens_per_clan) if i != BLUFF]
        # Setup 4: scouts and shugenja
        self.scouts = [R.scouts] * n
        self.shugenja = [R.shugenja] * n
        # Setup 5: deal two objectives to each player
        deck = list(R.objective_ids)
        self.rng.shuffle(deck)
        k = R.objectives_dealt
        self.offer = [tuple(deck[i * k:(i + 1) * k]) for i in range(n)]
        self.phase = SETUP_OBJECTIVES

    def _setup_after_objectives(self) -> list[Event]:
        n = self.n
        events = [ev("objectives-chosen")]
        # Setup 6: capitals
        for p in range(n):
            cap = R.capital[self.clans[p]]
            self._add_control(p, cap, down=1)
        # Setup 7: set aside control tokens
        for p in range(n):
            self.set_aside[p] = R.starting_control[n]
            self.supply[p] -= R.starting_control[n]
        # Setup 8: first player from the clan initiative cards
        deck = list(self.clans)
        self.rng.shuffle(deck)
        top = deck.pop(0)
        self.first = self.clans.index(top)
        events.append(ev("first-player", clan=top, card=top))
        # Setup 9: complete the deck with neutral cards to four
        neutral = list(R.neutral_cards)
        self.rng.shuffle(neutral)
        while len(deck) < R.initiative_deck_size and neutral:
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
            raise RuleViolation(f"no player plays {clan} in this game", "Setup 3. Choose Clans") from None

    def clan_of(self, seat: int) -> str:
        return self.clans[seat] or f"seat{seat}"

    def token(self, tid: int) -> tuple:
        for t in self.tokens:
            if t[0] == tid:
                return t
        raise RuleViolation(f"there is no combat token #{tid} on the board", "Placing Combat Tokens")

    def kind_of(self, seat: int, tok: int):
        return R.clan_tokens[self.clans[seat]][tok]

    def code_of(self, seat: int, tok: int) -> str:
        return R.clan_tokens[self.clans[seat]][tok].code

    def provinces_of(self, seat: int) -> list[int]:
        o = self.owner
        return [p for p in range(NP) if o[p] == seat]

    def is_coastal(self, p: int) -> bool:
        """Key Concepts: coastal provinces; the harbor token makes a landlocked province coastal."""
        return R.coastal[p] or self.special[p] == HARBOR

    def control_tokens_on_board(self, seat: int) -> int:
        o, u, d = self.owner, self.up, self.down
        return sum(u[p] + d[p] for p in range(NP) if o[p] == seat)

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
    def _discard_board_token(self, t: tuple) -> None:
        """Removing Tokens: a removed combat token goes to its owner's discard pile (a bluff to the hand)."""
        self.tokens.remove(t)
        if t[2] == BLUFF:
            self.hand[t[1]].append(BLUFF)
        else:
            self.discard[t[1]].append(t[2])

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
            return (self.pending[-1][1],)
        if self.phase == SETUP_OBJECTIVES:
            return tuple(p for p in range(self.n) if self.objective[p] is None)
        if self.phase == OVER:
            return ()
        return (self.turn,)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        """1 for each winner shared equally among tied winners, 0 for the others."""
        if self.result is None:
            return [0.0] * self.n
        w = self.result["winners"]
        return [1.0 / len(w) if p in w else 0.0 for p in range(self.n)]

    def legal_moves(self, seat: int | None = None) -> list[tuple]:
        return moves.legal_moves(self, seat)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        acting = self.to_act()
        seats = acting if player is None else ((player,) if player in acting else ())
        out = []
        for s in seats:
            out.extend(Action(s, move_text(self, s, m)) for m in self.legal_moves(s))
        return out

    def apply(self, action: Action) -> list[Event]:
        """Check ``action`` against the rules and apply it. An illegal action raises RuleViolation; nothing changes."""
        seat, text = action
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise RuleViolation(f"there is no player seat {seat!r} in this {self.n}-player game", "Setup")
        if seat not in self.to_act():
            who = ", ".join(self.clan_of(p) for p in self.to_act()) or "nobody (the game is over)"
            raise RuleViolation(f"it is not {self.clan_of(seat)}'s turn to act; waiting for {who}", "Playing the Game")
        move = parse_move(self, seat, text)
        reason = moves.explain_illegal(self, seat, move)
        if reason:
            raise RuleViolation(*reason)
        return self.apply_move(seat, move)

    def apply_move(self, seat: int, move: tuple) -> list[Event]:
        """Apply a move already known to be legal (as listed by :meth:`legal_moves`)."""
        self._targets = None
        events = moves.do_move(self, seat, move)
        events.extend(self._advance())
        return events

    def clone(self) -> "RokuganState":
        c = RokuganState.__new__(RokuganState)
        c.n = self.n
        c.clans = self.clans[:]
        c.rng = self.rng.copy()
        c.round = self.round
        c.phase = self.phase
        c.first = self.first
        c.turn = self.turn
        c.pending = self.pending[:]
        c.owner = self.owner[:]
        c.up = self.up[:]
        c.down = self.down[:]
        c.special = self.special[:]
        c.specials_left = self.specials_left.copy()
        c.tokens = self.tokens[:]
        c.next_id = self.next_id
        c.hand = [x[:] for x in self.hand]
        c.pool = [x[:] for x in self.pool]
        c.discard = [x[:] for x in self.discard]
        c.out = [x[:] for x in self.out]
        c.supply = self.supply[:]
        c.set_aside = self.set_aside[:]
        c.scouts = self.scouts[:]
        c.shugenja = self.shugenja[:]
        c.cards = [x[:] for x in self.cards]
        c.space = self.space[:]
        c.played = self.played[:]
        c.objective = self.objective[:]
        c.offer = self.offer[:]
        c.initiative = self.initiative[:]
        c.ronin = self.ronin[:]
        c.done = self.done[:]
        c.spied = self.spied[:]
        c.fp_used = self.fp_used
        c.scorpion_used = self.scorpion_used
        c.unicorn_used = self.unicorn_used
        c.passes = self.passes
        c.seen = [x[:] for x in self.seen]
        c.result = self.result
        c._targets = None
        return c

    __copy__ = clone

    def view(self, player: int | None) -> dict:
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
                if not moves.upkeep_card_moves(self, self.turn):
                    events.append(ev("pass", clan=self.clan_of(self.turn), automatic=True))
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

        Ronin: a player who cannot place any token has that turn skipped and takes no
        more turns this placement phase (this project applies it to every player).
        """
        n = self.n
        for k in range(n):
            p = (self.turn + k) % n
            if self.done[p]:
                continue
            if len(self.hand[p]) <= 1:
                self.done[p] = True
                continue
            targets = moves.Targets(self, p)
            if not moves.can_place_any(self, p, targets):
                self.done[p] = True
                continue
            # kept for the legal moves of this turn; any move clears it
            self._targets = (p, targets)
            return p
        return None

    def _start_round(self) -> list[Event]:
        """Upkeep Phase, steps 1 and 2 (and the ronin check at its start)."""
        events: list[Event] = []
        self.round += 1
        self.phase = UPKEEP
        events.append(ev("round", round=self.round))
        n = self.n
        for p in range(n):
            was = self.ronin[p]
            self.ronin[p] = self.control_tokens_on_board(p) == 0
            if self.ronin[p] != was:
                events.append(ev("ronin" if self.ronin[p] else "ronin-ends", clan=self.clan_of(p)))
        # Upkeep 1: determine first player (ignored in round one)
        if self.round > 1 and self.initiative:
            card = self.initiative.pop(0)
            self.first = self._initiative_winner(card)
            events.append(ev("first-player", card=card, clan=self.clan_of(self.first)))
        self.fp_used = n == 2  # the first player card is not used in a two-player game
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
            if BLUFF in self.pool[p]:
                # the first player card may have returned the bluff to the pool; it is never drawn
                self.pool[p].remove(BLUFF)
                self.hand[p].append(BLUFF)
            extra = 1 if self.clans[p] == "dragon" else 0
            need = R.hand_size + extra - len(self.hand[p])
            drawn = self._draw(p, max(0, need))
            events.append(ev("draw", clan=self.clan_of(p), count=len(drawn)))
            events.append(pev(p, "drew", clan=self.clan_of(p), tokens=[self.code_of(p, t) for t in drawn]))
            if extra and drawn and len(self.hand[p]) > R.hand_size:
                self.pending.append(("dragon_return", p))
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
        most = R.neutral_cards[card]
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
        return [ev("placement")]

    def _end_placement(self) -> list[Event]:
        if not self.unicorn_used and "unicorn" in self.clans:
            u = self.clans.index("unicorn")
            self.unicorn_used = True
            if len(moves.unicorn_swappable(self, u)) >= 2:  # a swap needs two tokens
                self.pending.append(("unicorn_swap", u))
                return []
        events = resolve(self)
        if self.round >= R.rounds:
            events.extend(final_scoring(self))
        else:
            events.extend(self._start_round())
        return events


# the rules modules below import this one; they are imported last so that each can use the other
from daimyo.rokugan import moves  # noqa: E402
from daimyo.rokugan.notation import move_text, parse_move  # noqa: E402
from daimyo.rokugan.resolution import resolve  # noqa: E402
from daimyo.rokugan.scoring import final_scoring  # noqa: E402
from daimyo.rokugan.views import view  # noqa: E402
