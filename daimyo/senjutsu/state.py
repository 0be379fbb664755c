"""The duel: state, setup and the turn (Draw, Choose, Reveal, Resolve, Discard), as a pure state machine.

Each decision a player makes is one action in the notation of docs/senjutsu-notation.md. The Choose step is a
true simultaneous node: ``to_act()`` names every duellist still to choose, and a chosen card stays out of every
other seat's view and events until all have chosen. During resolution the engine asks one seat at a time,
listing every legal way on; a decision with a single legal way is taken without asking.
"""

from __future__ import annotations

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action, Event, GameState
from daimyo.core.rng import GameKey, generator
from daimyo.senjutsu import movement
from daimyo.senjutsu.cards import INSTANT_TIMINGS, KAMAE, TARGETED_EFFECTS, Card, CardSet, sample_set
from daimyo.senjutsu.hexgrid import (FACINGS, all_shortest_paths_cross, battlefield, cell_hex, distance, hex_text, line_of_sight,
                                     neighbour)

TERRAIN = {  # kind -> collision effect (Terrain)
    "rock": ("wound",), "shrine": ("wound",), "tree": ("wound",), "torii": ("wound",),
    "bamboo": ("wound", "stun"), "cart": ("wound", "bleeding"),
}
WOUNDING = ("wound", "wound2", "bleeding")
FOCUS_CAP = 3
HOBBLE_TURNS = 4  # rotations until upright again (Hobble)
PLACE, CHOOSE, DECIDE, OVER, TERRAIN_PHASE, PREPARE = "place", "choose", "decide", "over", "terrain", "prepare"
# Turn Timing Sequence 1-4, run as stages of the DECIDE phase before Choose
TIMING_STAGES = ("start-of-turn", "pre-draw", "draw", "post-draw")
HOOK_TIMINGS = ("start-of-turn", "pre-draw", "post-draw")


def seat_name(seat: int) -> str:
    return f"p{seat + 1}"


def ev(kind: str, visible_to=None, **data) -> Event:
    return Event(kind, data, frozenset(visible_to) if visible_to is not None else None)


class Duellist:
    """One player's character and cards. Hand holds card ids; ``stuns`` and ``poison`` are status cards in hand."""

    def __init__(self, character: str, deck: list[str], core: list[str]):
        self.character = character
        self.deck = deck                  # top is deck[0]
        self.hand: list[str] = list(core)
        self.core = list(core)            # the core ability and core weapon ids
        self.discard: list[tuple[str, bool]] = []   # (card, face-down)
        self.pos: tuple | None = None
        self.facing = 0
        self.kamae = "neutral"
        self.focus = 0
        self.wounds = 0
        self.bleeding = 0
        self.hobbles: list[int] = []      # quarter turns made by each active hobble
        self.stuns = 0
        self.defeated = False
        self.defeat_moment = -1

    def copy(self) -> "Duellist":
        c = Duellist.__new__(Duellist)
        c.__dict__ = self.__dict__.copy()
        c.deck, c.hand, c.core, c.discard, c.hobbles = list(self.deck), list(self.hand), list(self.core), list(self.discard), list(self.hobbles)
        return c

    @property
    def total_wounds(self) -> int:
        return self.wounds + self.bleeding


class SenjutsuState(GameState):
    game_name = "senjutsu"
    rules_version = "1"

    # ------------------------------------------------------------------ setup
    @classmethod
    def new_game(cls, characters: list[str], seed: int | GameKey = 0, decks: list[str] | None = None, board: str = "one",
                 terrain: list[tuple[str, tuple]] | None = None, cards: CardSet | None = None,
                 weapons: list[str] | None = None, terrain_pieces: list[str] | None = None, prepare: bool = False) -> "SenjutsuState":
        """Setup: battlefield and terrain (two-hex rule), advantage order, core cards, shuffled decks, hands dealt;
        then characters are placed (as actions) lowest advantage first. With ``terrain_pieces`` the players first
        place those pieces in turns, from a random player clockwise (Battlefield Setup 2). With ``prepare`` each player
        may first take prepared cards from the deck into the hand, all at once and hidden (Player Setup 7)."""
        cs = cards or sample_set()
        if not 2 <= len(characters) <= 4:
            raise RuleViolation("Senjutsu is played by 2 to 4 duellists", "Setup")
        s = cls.__new__(cls)
        s.cs = cs
        s.board_kind = board
        s.board = battlefield(board)
        s.terrain = {}
        for kind, hexes in terrain or []:
            s.add_terrain(kind, hexes)
        s.rng = generator(seed)
        s.ds = []
        for i, ch in enumerate(characters):
            if ch not in cs.characters:
                raise RuleViolation(f"unknown character '{ch}' (known: {', '.join(cs.characters)})", "Player Setup")
            c = cs.characters[ch]
            deck_id = decks[i] if decks else f"{ch}-sample"
            if deck_id not in cs.decks or cs.decks[deck_id].character != ch:
                raise RuleViolation(f"'{deck_id}' is not a deck of {c.name}", "Player Setup")
            deck = cs.decks[deck_id]
            weapon = weapons[i] if weapons else deck.weapon
            if weapon not in c.weapons:
                raise RuleViolation(f"'{weapon}' is not a core weapon of {c.name}", "Player Setup")
            d = Duellist(ch, list(deck.cards), [c.core_ability, weapon])
            if not prepare:
                s.rng.shuffle(d.deck)
            s.ds.append(d)
        # Setup 10: advantage order by the characters' advantage numbers, equal numbers in random order
        keys = {i: (cs.characters[d.character].advantage, s.rng.next64()) for i, d in enumerate(s.ds)}
        s.advantage = sorted(range(len(s.ds)), key=lambda i: keys[i], reverse=True)
        s._init_flow()
        s.preparing = set(range(len(s.ds))) if prepare else set()
        s.phase = PREPARE if prepare else PLACE
        if terrain_pieces:
            for kind in terrain_pieces:
                if kind not in TERRAIN:
                    raise RuleViolation(f"unknown terrain '{kind}' ({', '.join(TERRAIN)})", "Terrain")
            s.terrain_left = list(terrain_pieces)
            s.terrain_turn = s.rng.below(len(s.ds))
            s.phase = TERRAIN_PHASE
        return s

    def _deal(self) -> list[Event]:
        """Player Setup 13: draw up to the hand limit (core cards do not count)."""
        out = []
        for i in self.advantage[::-1]:
            d = self.ds[i]
            while d.deck and self.hand_count(i) < self.character(i).hand_limit:
                d.hand.append(d.deck.pop(0))
            out.append(ev("dealt", {i}, seat=seat_name(i), hand=sorted(c for c in d.hand if c not in d.core)))
        return out

    def _prepare_options(self, seat: int) -> list[str]:
        """Player Setup 7: prepared cards from the deck, up to the hand limit, never two with the same name."""
        d = self.ds[seat]
        names = {self.card(c).name for c in d.hand if c not in d.core}
        out = ["prepare done"]
        if len(d.hand) - len(d.core) < self.character(seat).hand_limit:
            out += [f"prepare {c}" for c in sorted(set(d.deck)) if self.card(c).name not in names]
        return out

    def _init_flow(self) -> None:
        self.turn = 0
        self.moment = 0
        self.deferred = False
        self.poison_holder: int | None = None
        self.chosen: dict[int, str] = {}
        self.played: dict[int, dict] = {}       # seat -> {"card", "init", "low", "split", "stopped", "instant"}
        self.pending: dict | None = None
        self.stage = ""
        self.queue: list[int] = []              # seats still to decide in the current reveal sub-step
        self.segments: list[tuple] = []         # (seat, initiative, tie rank, start, end) in resolution order
        self.stack: list[dict] = []             # frames being resolved
        self.blocks: list[dict] = []
        self.result: list[int] | None = None
        self.terrain_left: list[str] = []
        self.preparing: set[int] = set()
        self.eot_pushed = False
        self.hooks: list[tuple[int, str]] = []   # (seat, card) played last turn whose timing lines fire this turn
        self.instants_used: set[int] = set()     # seats that played their single Instant Ability Card this turn
        self.timing_pushed = False

    def add_terrain(self, kind: str, hexes) -> None:
        """Battlefield Setup 2: a piece of terrain, never within two hexes of terrain placed before."""
        if kind not in TERRAIN:
            raise RuleViolation(f"unknown terrain '{kind}' ({', '.join(TERRAIN)})", "Terrain")
        hexes = [tuple(h) for h in hexes]
        if kind == "torii":
            if len(hexes) != 2 or distance(*hexes) != 2 or not any(neighbour(neighbour(hexes[0], d), d) == hexes[1] for d in range(6)):
                raise RuleViolation("a torii gate is two pillar hexes in a line with one free hex between", "Terrain: Torii Gate")
        elif len(hexes) != 1:
            raise RuleViolation(f"{kind} covers one hex", "Terrain")
        for h in hexes:
            if h not in self.board:
                raise RuleViolation(f"{hex_text(h)} is not on the battlefield", "Battlefield Setup")
            if any(distance(h, t) <= 2 for t in self.terrain):
                raise RuleViolation(f"{kind} at {hex_text(h)} is within two hexes of other terrain", "Battlefield Setup")
        for h in hexes:
            self.terrain[h] = kind

    # ------------------------------------------------------------ interface
    @property
    def n(self) -> int:
        return len(self.ds)

    def live(self) -> list[int]:
        return [i for i, d in enumerate(self.ds) if not d.defeated]

    def to_act(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == CHOOSE:
            return tuple(i for i in self.live() if i not in self.chosen)
        if self.phase == PLACE:
            nxt = self._next_placer()
            return () if nxt is None else (nxt,)
        if self.phase == TERRAIN_PHASE:
            return (self.terrain_turn,)
        if self.phase == PREPARE:
            return tuple(sorted(self.preparing))
        if self.pending:
            return (self.pending["seat"],)
        return ()

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
        if self.phase == PLACE:
            return self._placement_options(seat)
        if self.phase == TERRAIN_PHASE:
            return self._terrain_options()
        if self.phase == PREPARE:
            return self._prepare_options(seat)
        if self.phase == CHOOSE:
            return self._choose_options(seat)
        return list(self.pending["options"])

    def legal_actions(self, player: int | None = None) -> list[Action]:
        seats = self.to_act() if player is None else (player,)
        return [Action(s, m) for s in seats for m in self.legal_moves(s)]

    def apply(self, action: Action) -> list[Event]:
        """Check and apply one action; an illegal one raises RuleViolation and changes nothing."""
        seat, text = action
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise RuleViolation(f"there is no seat {seat!r} in this duel", "Setup")
        if seat not in self.to_act():
            raise RuleViolation(f"{seat_name(seat)} has nothing to decide now", "Gameplay Overview")
        text = " ".join(text.split())
        legal = self.legal_moves(seat)
        if text not in legal:
            raise RuleViolation(self._why_illegal(seat, text), self._rule_now())
        return self.apply_move(seat, text)

    def _rule_now(self) -> str:
        if self.phase == PLACE:
            return "Player Setup 11-12"
        if self.phase == TERRAIN_PHASE:
            return "Battlefield Setup 2"
        if self.phase == PREPARE:
            return "Player Setup 7"
        if self.phase == CHOOSE:
            return "Choose"
        return self.pending.get("rule", "Resolve")

    def _why_illegal(self, seat: int, text: str) -> str:
        if self.phase == CHOOSE and text.startswith("play "):
            cid = text[5:]
            d = self.ds[seat]
            if cid not in self.cs.cards:
                return f"'{cid}' is not a card"
            if cid not in d.hand:
                return f"'{cid}' is not in {seat_name(seat)}'s hand"
            c = self.cs.cards[cid]
            if c.instant == "additional":
                return f"{c.name} is an instant additional card and cannot be chosen"
            if c.instant == "instant":
                return f"{c.name} is an Instant card, played only {c.play} (Instant Cards), never chosen"
            if c.focus > d.focus:
                return f"{c.name} costs {c.focus} focus"
            if c.kamae and c.kamae != d.kamae:
                return f"{c.name} needs the {c.kamae} Kamae"
        return f"'{text}' is not a legal action now (expected a {self.pending['kind'] if self.pending else self.phase} action)"

    def apply_move(self, seat: int, text: str) -> list[Event]:
        """Apply an action already known to be legal."""
        out: list[Event] = []
        if self.phase == TERRAIN_PHASE:
            kind, *hexes = text.split()[1:]
            self.add_terrain(kind, [tuple(int(x) for x in h.split(",")) for h in hexes])
            self.terrain_left.remove(kind)
            self.terrain_turn = (self.terrain_turn + 1) % self.n
            out.append(ev("terrain", seat=seat_name(seat), terrain=kind, hexes=hexes))
            if not self.terrain_left:
                self.phase = PREPARE if self.preparing else PLACE
        elif self.phase == PREPARE:
            cid = text.split()[1]
            if cid == "done":
                self.preparing.discard(seat)
                out.append(ev("prepared", seat=seat_name(seat)))
                if not self.preparing:   # Player Setup 8: shuffle the rest of each deck
                    for d in self.ds:
                        self.rng.shuffle(d.deck)
                    self.phase = PLACE
            else:
                d = self.ds[seat]
                d.deck.remove(cid)
                d.hand.append(cid)
                out.append(ev("prepared-card", {seat}, seat=seat_name(seat), card=cid))
        elif self.phase == PLACE:
            out += self._place(seat, text)
        elif self.phase == CHOOSE:
            self.chosen[seat] = text[5:]
            out.append(ev("chosen", seat=seat_name(seat)))
            out.append(ev("chosen-card", {seat}, seat=seat_name(seat), card=text[5:]))
        else:
            p = self.pending
            self.pending = None
            out += self._decided(p, text)
        out += self._advance()
        return out

    def clone(self) -> "SenjutsuState":
        """An independent copy. Card data, the board and the lines of cards are never changed, so they are shared."""
        c = SenjutsuState.__new__(SenjutsuState)
        c.__dict__ = self.__dict__.copy()
        c.rng = self.rng.copy()
        c.ds = [d.copy() for d in self.ds]
        c.terrain = dict(self.terrain)
        c.advantage = list(self.advantage)
        c.chosen = dict(self.chosen)
        c.played = {i: {k: (list(v) if isinstance(v, list) else v) for k, v in e.items()} for i, e in self.played.items()}
        c.pending = dict(self.pending) if self.pending else None
        c.queue = list(self.queue)
        c.segments = list(self.segments)
        c.stack = [{k: (list(v) if isinstance(v, list) and k != "lines" else v) for k, v in f.items()} for f in self.stack]
        c.blocks = list(self.blocks)
        c.result = list(self.result) if self.result is not None else None
        c.terrain_left = list(self.terrain_left)
        c.preparing = set(self.preparing)
        c.hooks = list(self.hooks)
        c.instants_used = set(self.instants_used)
        if getattr(self, "order_places", None) is not None:
            c.order_places = dict(self.order_places)
        if getattr(self, "end_queue", None) is not None:
            c.end_queue = list(self.end_queue)
        return c

    def view(self, player: int | None) -> dict:
        from daimyo.senjutsu.views import view
        return view(self, player)

    # --------------------------------------------------------------- helpers
    def card(self, cid: str) -> Card:
        return self.cs.cards[cid]

    def character(self, seat: int):
        return self.cs.characters[self.ds[seat].character]

    def occupant(self, h) -> int | None:
        for i, d in enumerate(self.ds):
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
        d = self.ds[seat]
        return sum(1 for c in d.hand if c not in d.core) + d.stuns + (1 if self.poison_holder == seat else 0)

    def discardable(self, seat: int) -> list[str]:
        d = self.ds[seat]
        return sorted({c for c in d.hand if c not in d.core})

    # ---------------------------------------------------------------- placement
    def _placement_options(self, seat: int) -> list[str]:
        """Player Setup 11-12: an empty hex not within four hexes of a placed character, else as far as possible."""
        placed = [d.pos for d in self.ds if d.pos is not None]
        empty = [h for h in sorted(self.board) if h not in self.terrain and h not in placed]
        if placed:
            far = {h: min(distance(h, p) for p in placed) for h in empty}
            ok = [h for h in empty if far[h] > 4]
            if not ok:
                best = max(far.values())
                ok = [h for h in empty if far[h] == best]
            empty = ok
        return [f"place {hex_text(h)} {f}" for h in empty for f in FACINGS]

    def _terrain_options(self) -> list[str]:
        """Battlefield Setup 2: any chosen piece, on hexes not within two hexes of terrain placed before."""
        ok = [h for h in sorted(self.board) if all(distance(h, t) > 2 for t in self.terrain)]
        out = []
        for kind in sorted(set(self.terrain_left)):
            if kind != "torii":
                out += [f"terrain {kind} {hex_text(h)}" for h in ok]
                continue
            okset = set(ok)
            for h in ok:
                for d in range(3):
                    far = neighbour(neighbour(h, d), d)
                    if far in okset:
                        out.append(f"terrain torii {hex_text(h)} {hex_text(far)}")
        return out

    def _next_placer(self) -> int | None:
        for i in reversed(self.advantage):
            if self.ds[i].pos is None:
                return i
        return None

    def _place(self, seat: int, text: str) -> list[Event]:
        _, h, f = text.split()
        d = self.ds[seat]
        q, r = h.split(",")
        d.pos, d.facing = (int(q), int(r)), FACINGS.index(f)
        return [ev("placed", seat=seat_name(seat), hex=h, facing=f)]

    # ---------------------------------------------------------------- flow
    def _advance(self) -> list[Event]:
        out: list[Event] = []
        while self.phase != OVER and not self.pending:
            if self.phase == TERRAIN_PHASE:
                if self._terrain_options():
                    return out
                self.terrain_left = []     # no room for the rest of the pieces
                self.phase = PREPARE if self.preparing else PLACE
                continue
            if self.phase == PREPARE:
                return out
            if self.phase == PLACE:
                if self._next_placer() is not None:
                    return out
                out += self._deal()
                out += self._start_turn()
                continue
            if self.phase == CHOOSE:
                if len(self.chosen) < len(self.live()):
                    return out
                out += self._reveal()
                continue
            # DECIDE: run the current stage
            out += self._run()
        return out

    def _start_turn(self) -> list[Event]:
        """Turn Timing Sequence: a new turn begins with its steps 1-4 (start of turn, pre-draw, draw, post-draw),
        run as stages before Choose."""
        self.turn += 1
        self.moment += 1
        self.played, self.chosen, self.blocks, self.segments, self.stack = {}, {}, [], [], []
        self.instants_used = set()
        self.eot_pushed = False
        self.phase = DECIDE
        self.stage = TIMING_STAGES[0]
        self.timing_pushed = False
        return [ev("turn", turn=self.turn)]

    def _timing_step(self) -> list[Event]:
        """Turn Timing Sequence 1, 2 and 4: the timing lines of the card each character played last turn and the
        Instant cards playable then, top of the advantage tracker first; step 3 is the draw; then Choose."""
        if self.stage == "draw":
            out = self._draw_step()
            self.stage, self.timing_pushed = "post-draw", False
            return out
        if not self.timing_pushed:
            self.timing_pushed = True
            self._push_timing(self.stage)
        out = self._run_stack()
        if self.pending or self.phase == OVER:
            return out
        if self.stage == "post-draw":
            self.phase, self.stage = CHOOSE, ""
            self.hooks = []
        else:
            self.stage, self.timing_pushed = TIMING_STAGES[TIMING_STAGES.index(self.stage) + 1], False
        return out

    def _push_timing(self, when: str) -> None:
        """Per seat, top of the tracker first: its timing lines, then its Instant card window (frames are pushed in
        reverse, as the stack resolves last-pushed first)."""
        for seat in self.advantage[::-1]:
            if self.ds[seat].defeated:
                continue
            if when in INSTANT_TIMINGS:
                self.stack.append(self._frame(seat, None, [{"_plain": when}], 0, own=False))
            for s, cid in reversed(self.hooks):
                if s != seat:
                    continue
                lines = [{k: v for k, v in ln.items() if k != "when"} for ln in self.card(cid).lines if ln.get("when") == when]
                if lines:
                    self.stack.append(self._frame(seat, self.card(cid), lines, 0, own=False))

    def _run_stack(self) -> list[Event]:
        out = []
        while self.stack and not self.pending and self.phase != OVER:
            out += self._step_frame()
        return out

    def _draw_step(self) -> list[Event]:
        """Turn Timing 3 (Draw): bleeding mill, then draw (an empty deck deals a wound); defeats settle together."""
        out = []
        for i in self.advantage[::-1]:
            d = self.ds[i]
            if d.defeated:
                continue
            if d.bleeding and d.deck:   # Bleeding Wound: mill the top card face-down at the start of the draw step
                d.discard.append((d.deck.pop(0), True))
                out.append(ev("bleed-mill", seat=seat_name(i)))
            self.deferred = True   # everyone draws at once: defeats are settled together
            out += self._draw(i)
        self.deferred = False
        out += self._settle()
        return out

    def _draw(self, seat: int, n: int = 1) -> list[Event]:
        d = self.ds[seat]
        out = []
        for _ in range(n):
            if d.deck:
                c = d.deck.pop(0)
                d.hand.append(c)
                out += [ev("draw", seat=seat_name(seat)), ev("drew", {seat}, seat=seat_name(seat), card=c)]
            else:   # Draw: an empty deck deals a wound instead
                out += self._harm(seat, "wound", "empty deck")
        return out

    def _choose_options(self, seat: int) -> list[str]:
        """Choose: a card in hand whose focus cost can be paid and whose Kamae requirement is met; or a stun."""
        d = self.ds[seat]
        out = []
        for cid in sorted(set(d.hand)):
            c = self.card(cid)
            if c.instant in ("additional", "instant") or c.focus > d.focus or (c.kamae and c.kamae != d.kamae):
                continue
            out.append(f"play {cid}")
        if d.stuns:
            out.append("play stun")
        if self.poison_holder == seat:
            out.append("play poison")
        return out

    def _reveal(self) -> list[Event]:
        """Reveal: cards turn face-up together; focus is paid; stuns and poison go back to the supply."""
        out = []
        for i, cid in sorted(self.chosen.items()):
            d = self.ds[i]
            entry = {"card": cid, "init": 0, "low": 0, "split": None, "stopped": False, "instant": i in self.instants_used, "alt": False,
                     "paid": 0, "cancelled": None}
            if cid == "stun":
                d.stuns -= 1
            elif cid == "poison":
                self.poison_holder = None
            else:
                d.hand.remove(cid)
                c = self.card(cid)
                d.focus -= c.focus
                entry["paid"] = c.focus
                if c.alt and "kamae" in c.alt and d.kamae == c.alt["kamae"]:
                    entry["alt"] = True   # Kamae alternative speeds are mandatory
            self.played[i] = entry
        out.append(ev("reveal", cards={seat_name(i): e["card"] for i, e in sorted(self.played.items())}))
        self.chosen = {}
        self.phase = DECIDE
        self.stage = "alt"
        self.queue = [i for i in self.advantage[::-1] if i in self.played]
        return out

    # The reveal sub-steps and resolution all run from here.
    def _run(self) -> list[Event]:
        out: list[Event] = []
        if self.stage in TIMING_STAGES:
            return self._timing_step()
        if self.stage in ("alt", "replace", "variable"):
            while self.queue:
                i = self.queue.pop(0)
                opts = self._reveal_options(i)
                if len(opts) > 1:
                    self.pending = {"seat": i, "kind": self.stage, "options": opts, "rule": "Reveal"}
                    return out
                if opts:
                    out += self._decided({"seat": i, "kind": self.stage}, opts[0])
            nxt = {"alt": "replace", "replace": "variable", "variable": "after-reveal"}[self.stage]
            self.stage = nxt
            if nxt != "after-reveal":
                self.queue = [i for i in self.advantage[::-1] if i in self.played]
                return out
            self._fix_initiatives()
            self.timing_pushed = False
            return out
        if self.stage == "after-reveal":
            # Instant cards played after the reveal, before the cards resolve (Revealing Cards 6-7)
            if not self.timing_pushed:
                self.timing_pushed = True
                self._push_timing("after-reveal")
            out += self._run_stack()
            if self.pending or self.phase == OVER:
                return out
            self.stage = "order"
            return out + self._order_segments()
        if self.stage == "order":
            return out + self._order_segments()
        if self.stage == "resolve":
            return out + self._resolve()
        if self.stage == "end":
            return out + self._end_of_turn()
        raise AssertionError(self.stage)

    def _reveal_options(self, i: int) -> list[str]:
        e = self.played[i]
        d = self.ds[i]
        if e["card"] in ("stun", "poison"):
            return []
        c = self.card(e["card"])
        if self.stage == "alt":
            if c.alt and "focus" in c.alt and d.focus >= c.alt["focus"]:
                return ["speed alt", "speed normal"]
            return []
        if self.stage == "replace":
            # Instant Replacement: a different type, never replacing a core card, focus refunded first
            if c.core:
                return []
            if e["instant"] or i in self.instants_used:
                return []   # Instant Cards: a single Instant Ability Card a turn
            budget = d.focus + e["paid"]
            reps = sorted({x for x in d.hand if self.card(x).instant == "replacement" and self.card(x).type != c.type
                           and self.card(x).focus <= budget and (not self.card(x).kamae or self.card(x).kamae == d.kamae)})
            return ["replace no"] + [f"replace {x}" for x in reps] if reps else []
        hi, lo = self._speeds(i)
        if c.variable and not e["alt"]:
            return [f"initiative {v}" for v in range(hi, lo - 1, -1)]
        return []

    def _hobbled(self, v: int, seat: int) -> int:
        """Hobble: minus one per active hobble, to a minimum of one."""
        return max(1, v - len(self.ds[seat].hobbles)) if v > 0 else v

    def _speeds(self, i: int) -> tuple[int, int]:
        e = self.played[i]
        c = self.card(e["card"])
        if e["alt"]:
            v = self._hobbled(c.alt["initiative"], i)
            return v, v
        return self._hobbled(c.initiative[0], i), self._hobbled(c.initiative[1], i)

    def _fix_initiatives(self) -> None:
        for i, e in self.played.items():
            if e["card"] in ("stun", "poison"):
                e["init"] = e["low"] = 0
                continue
            c = self.card(e["card"])
            hi, lo = self._speeds(i)
            if "chosen_init" not in e:
                e["init"] = hi
            else:
                e["init"] = e["chosen_init"]
            e["low"] = lo
            if c.split:
                e["split"] = self._hobbled(c.split["initiative"], i)

    def _order_segments(self) -> list[Event]:
        """Resolve: highest initiative first; ties by type (defence, attack, meditation, core), then the
        character highest on the advantage tracker chooses where their card goes, then the next (Multiplayer)."""
        if not self.segments:
            raw = []
            for i, e in self.played.items():
                cid = e["card"]
                if cid in ("stun", "poison"):
                    raw.append((i, 0, 5, 0, 0))
                    continue
                c = self.card(cid)
                end = c.split["line"] if c.split else len(c.lines)
                raw.append((i, e["init"], c.tie_rank(), 0, end))
                if c.split:
                    raw.append((i, e["split"], c.tie_rank(), end, len(c.lines)))
            raw.sort(key=lambda s: (-s[1], s[2], self.advantage.index(s[0])))
            self.segments = raw
            self.order_fixed = 0
            self.order_places = {}
        segs = self.segments
        while self.order_fixed < len(segs):
            group = self._tie_group()
            if len(group) == 1:
                self.order_fixed += 1
                continue
            placed = self.order_places
            waiting = [s for s in group if s not in placed.values()]
            free = [x for x in range(len(group)) if x not in placed]
            if len(waiting) == 1:
                placed[free[0]] = waiting[0]
                segs[self.order_fixed:self.order_fixed + len(group)] = [placed[x] for x in range(len(group))]
                self.order_fixed += len(group)
                self.order_places = {}
                continue
            chooser = min({s[0] for s in waiting}, key=self.advantage.index)
            self.pending = {"seat": chooser, "kind": "order", "rule": "Resolve; Multiplayer: Tied Initiative Speed",
                            "options": [f"order {x + 1}" for x in free]}
            return []
        self.stage = "resolve"
        self.seg_index = 0
        return [ev("order", segments=[[seat_name(s[0]), s[1]] for s in segs])]

    def _tie_group(self) -> list[tuple]:
        segs, k = self.segments, self.order_fixed
        group = [s for s in segs[k:] if (s[1], s[2]) == (segs[k][1], segs[k][2])]
        return group if len({s[0] for s in group}) == len(group) else group[:1]

    def _resolve(self) -> list[Event]:
        out = []
        while not self.pending and self.phase != OVER:
            if self.stack:
                out += self._step_frame()
                continue
            if self.seg_index >= len(self.segments):
                if not self.eot_pushed:
                    self.eot_pushed = True
                    self._discard_played()
                    out += self._push_end_of_turn_lines()
                    continue
                self.stage = "end"
                self.end_queue = None
                return out
            seat, init, _rank, start, end = self.segments[self.seg_index]
            self.seg_index += 1
            e = self.played[seat]
            if self.ds[seat].defeated or e["stopped"] or e["card"] in ("stun", "poison") or e["cancelled"] == "card":
                continue
            c = self.card(e["card"])
            out.append(ev("resolve", seat=seat_name(seat), card=c.id, initiative=init))
            last = end == len(c.lines)
            frame = self._frame(seat, c, [ln for ln in c.lines[start:end] if "when" not in ln], init, own=True)
            frame["offer_instant"] = last
            self.stack.append(frame)
        return out

    def _push_end_of_turn_lines(self) -> list[Event]:
        """Discard: 'end of turn' lines of the played cards resolve after every card, top of the tracker first
        (a card stopped by a collision does not get them)."""
        for seat in self.advantage[::-1]:     # pushed bottom first, so the top resolves first
            if self.ds[seat].defeated:
                continue
            self.stack.append(self._frame(seat, None, [{"_plain": "end-of-turn"}], 0, own=False))   # then its Instant window
            e = self.played.get(seat)
            if not e or e["card"] in ("stun", "poison") or e["stopped"] or e["cancelled"] == "card":
                continue
            lines = [dict((k, v) for k, v in ln.items() if k != "when") for ln in self.card(e["card"]).lines if ln.get("when") == "end-of-turn"]
            if lines:
                self.stack.append(self._frame(seat, self.card(e["card"]), lines, 0, own=True))
        return []

    def _frame(self, seat, card, lines, init, own=True, targets=None, success=None) -> dict:
        return {"seat": seat, "card": card.id if card else None, "lines": lines, "i": 0, "init": init, "own": own,
                "targets": targets, "success": success, "attacked": targets is not None, "focus_done": -1, "or": None}

    # ------------------------------------------------------------ resolution
    def _step_frame(self) -> list[Event]:
        """Resolve the next line of the frame on top of the stack, from top to bottom of the card."""
        f = self.stack[-1]
        seat = f["seat"]
        cancelled = self._cancelled(f)
        if self.ds[seat].defeated or (f["own"] and self.played.get(seat, {}).get("stopped")) or f["i"] >= len(f["lines"]) \
                or cancelled == "card":
            self.stack.pop()
            if f.get("offer_instant") and not self.ds[seat].defeated:
                self.stack.append(self._frame(seat, None, [{"_instant": None}], f["init"]))
            return []
        line = f["lines"][f["i"]]
        if f["or"] is not None:
            line = line["or"][f["or"]]
        if "kamae" in line and line["kamae"] != self.ds[seat].kamae:
            f["i"] += 1
            return []
        if cancelled == "movement" and "move" in line:
            self._advance_line(f)   # Cancel Active: active movement (rotations and steps) is not resolved
            return [ev("move-cancelled", seat=seat_name(seat))]
        if line.get("if") == "successful" and f["attacked"] and not f["success"]:
            # an 'If Successful' line follows the attack (or block) before it in the same part of the card; the
            # part of a split card below the line resolves regardless of the part above (FAQ)
            f["i"] += 1
            return []
        if "or" in line and f["or"] is None:
            opts = self._or_options(seat, line)
            return self._ask_or_do(f, seat, "or", opts, "Ability Card Effects and Kamae")
        if "focus" in line and f["focus_done"] != f["i"]:
            d = self.ds[seat]
            if d.focus < line["focus"]:
                f["i"] += 1
                return []
            opts = ["focus pay", "focus skip"]
            if "attack" in line and self._attack_would_target(seat, line, f["init"]):
                opts = ["focus pay"]   # Commit to Hit: pay an optional focus cost if that is what lets you target
            return self._ask_or_do(f, seat, "focus", opts, "Optional Focus Cost")
        kind = next(k for k in line if not k.startswith("_") and k not in ("kamae", "focus", "if", "mandatory", "then", "counter", "text", "when", "range")) \
            if not any(k.startswith("_") for k in line) else next(k for k in line if k.startswith("_"))
        handler = getattr(self, f"_line_{kind}")
        return handler(f, line)

    def _cancelled(self, f) -> str | None:
        """Cancel Active: 'card' or 'movement' when the frame holds effects of its seat's cancelled active card."""
        e = self.played.get(f["seat"])
        if e and e.get("cancelled") and f["card"] is not None and f["card"] == e["card"]:
            return e["cancelled"]
        return None

    def _depth(self, f) -> int:
        return next(k for k, x in enumerate(self.stack) if x is f)

    def _ask_or_do(self, f, seat, kind, opts, rule) -> list[Event]:
        if not opts:
            f["i"] += 1
            return []
        return self._ask_or_do_kw(f, seat, kind, opts, rule)

    def _advance_line(self, f) -> None:
        f["i"] += 1
        f["or"] = None

    def _or_options(self, seat, line) -> list[str]:
        """An -OR- line: a Kamae-specific option must be taken when in that Kamae (FAQ)."""
        kamae = self.ds[seat].kamae
        forced = [k for k, sub in enumerate(line["or"]) if sub.get("kamae") == kamae]
        open_ = [k for k, sub in enumerate(line["or"]) if "kamae" not in sub]
        return [f"or {k + 1}" for k in (forced or open_)]

    # --- decisions come back here
    def _decided(self, p: dict, text: str) -> list[Event]:
        seat, kind = p["seat"], p["kind"]
        word, _, arg = text.partition(" ")
        e = self.played.get(seat)
        if kind == "alt":
            if arg == "alt":
                e["alt"] = True
                self.ds[seat].focus -= self.card(e["card"]).alt["focus"]
                e["paid"] += self.card(e["card"]).alt["focus"]
            return [ev("speed", seat=seat_name(seat), alternative=arg == "alt")]
        if kind == "replace":
            if arg == "no":
                return []
            d = self.ds[seat]
            old = e["card"]
            d.discard.append((old, False))
            d.focus += e["paid"]
            d.hand.remove(arg)
            new = self.card(arg)
            d.focus -= new.focus
            self.instants_used.add(seat)
            e.update(card=arg, paid=new.focus, instant=True, alt=bool(new.alt and "kamae" in new.alt and d.kamae == new.alt["kamae"]))
            return [ev("replaced", seat=seat_name(seat), old=old, card=arg)]
        if kind == "variable":
            e["chosen_init"] = int(arg)
            return [ev("initiative", seat=seat_name(seat), initiative=int(arg))]
        if kind == "order":
            group = self._tie_group()
            mine = next(x for x in group if x[0] == seat and x not in self.order_places.values())
            self.order_places[int(arg) - 1] = mine
            return [ev("order-chosen", seat=seat_name(seat), place=int(arg))]
        if kind == "enddiscard":
            return self._end_discard(seat, text)
        f = self.stack[p["depth"]]
        line = f["lines"][f["i"]]
        if f["or"] is not None:
            line = line["or"][f["or"]]
        if kind == "or":
            f["or"] = int(arg) - 1
            return []
        if kind == "focus":
            f["focus_done"] = f["i"]
            if arg == "skip":
                self._advance_line(f)
                return []
            self.ds[seat].focus -= line["focus"]
            return [ev("focus-paid", seat=seat_name(seat), focus=line["focus"])]
        return getattr(self, f"_do_{kind}")(f, line, seat, text)

    # --- focus, Kamae, advantage
    def _gain_focus(self, seat: int, n: int) -> None:
        """Changing Kamae Positions: never more than three focus; more is lost."""
        d = self.ds[seat]
        d.focus = min(FOCUS_CAP, d.focus + n)

    def _line_gain_focus(self, f, line):
        self._gain_focus(f["seat"], line["gain_focus"])
        self._advance_line(f)
        return [ev("focus", seat=seat_name(f["seat"]), focus=self.ds[f["seat"]].focus)]

    def _line_advantage(self, f, line):
        self._advance_line(f)
        return self._take_advantage(f["seat"])

    def _take_advantage(self, seat):
        """Advantage: your token to the top of the tracker, the others slide down."""
        self.advantage.remove(seat)
        self.advantage.insert(0, seat)
        return [ev("advantage", seat=seat_name(seat))]

    def _kamae_paths(self, seat: int, up_to: int) -> list[tuple]:
        ch = self.character(seat)
        paths = [()]
        frontier = [(self.ds[seat].kamae, ())]
        for _ in range(up_to):
            nxt = []
            for pos, path in frontier:
                for to, _focus in ch.moves_from(pos):
                    nxt.append((to, path + (to,)))
            paths += [p for _, p in nxt]
            frontier = nxt
        return sorted(set(paths), key=lambda p: (len(p), p))

    def _line_change(self, f, line):
        """Changing Kamae: slide up to X branches, never against an arrow; a pink branch gives a focus."""
        opts = ["kamae " + (" ".join(p) if p else "-") for p in self._kamae_paths(f["seat"], line["change"])]
        return self._ask_or_do(f, f["seat"], "change", opts, "Changing Kamae Positions")

    def _do_change(self, f, line, seat, text):
        d = self.ds[seat]
        ch = self.character(seat)
        for to in text.split()[1:]:
            if to == "-":
                break
            gives = next(g for a, b, g in ch.branches if a == d.kamae and b == to)
            d.kamae = to
            if gives:
                self._gain_focus(seat, 1)
        self._advance_line(f)
        return [ev("kamae", seat=seat_name(seat), kamae=d.kamae, focus=d.focus)]

    def _line_switch(self, f, line):
        """Switching Kamae: straight to a position, no branches, no focus; 'any' never means the start position."""
        target = line["switch"]
        opts = [f"switch {k}" for k in (KAMAE[1:] if target == "any" else (target,))]
        return self._ask_or_do(f, f["seat"], "switch", opts, "Switching Kamae Positions")

    def _do_switch(self, f, line, seat, text):
        self.ds[seat].kamae = text.split()[1]
        self._advance_line(f)
        return [ev("kamae", seat=seat_name(seat), kamae=self.ds[seat].kamae, focus=self.ds[seat].focus)]

    def _line_draw(self, f, line):
        self._advance_line(f)
        return self._draw(f["seat"], line["draw"])

    # --- movement
    def _plans(self, seat: int, line: dict, f: dict) -> list[tuple]:
        """Legal plans of a movement line: optional moves never enter terrain, a character or the edge; mandatory
        moves avoid a collision when any plan can; Commit to Hit keeps only plans that let the next attack target."""
        d = self.ds[seat]
        free = lambda h: self.what_is_at(h, seat)  # noqa: E731
        results = []
        for plan in movement.plans(line):
            pos, facing, hit, _ = movement.walk(d.pos, d.facing, plan, free)
            results.append((plan, pos, facing, hit))
        clean = [r for r in results if r[3] is None]
        if line.get("mandatory"):
            pool = clean or results
        else:
            pool = clean
        # one plan per outcome (for colliding plans the outcome includes where the collision happens)
        seen, unique = set(), []
        for r in pool:
            key = (r[1], r[2]) if r[3] is None else (r[1], r[2], r[3], r[0][: r[3] + 1])
            if key not in seen:
                seen.add(key)
                unique.append(r)
        nxt = self._next_attack(f)
        if nxt is not None and f["own"]:
            hitting = [r for r in unique if r[3] is None and self._attack_would_target(seat, nxt, f["init"], r[1], r[2])]
            if hitting:
                unique = hitting
        return unique

    def _next_attack(self, f):
        for line in f["lines"][f["i"] + 1:]:
            if "attack" in line:
                return line
        return None

    def _line_move(self, f, line):
        opts = ["move " + movement.plan_text(r[0]) for r in self._plans(f["seat"], line, f)]
        return self._ask_or_do(f, f["seat"], "move", opts, "Movement")

    def _do_move(self, f, line, seat, text):
        plan = tuple(a for a in text.split()[1:] if a != "-")
        d = self.ds[seat]
        pos, facing, hit, at = movement.walk(d.pos, d.facing, plan, lambda h: self.what_is_at(h, seat))
        d.pos, d.facing = pos, facing
        out = [ev("moved", seat=seat_name(seat), hex=hex_text(pos), facing=FACINGS[facing], plan=movement.plan_text(plan))]
        self._advance_line(f)
        if hit is not None:
            out += self._collide(seat, at, own=f["own"])
        return out

    def _collide(self, seat: int, at, own: bool) -> list[Event]:
        """Mandatory movement into a character, off the battlefield or into terrain (Moving into ...)."""
        kind = self.what_is_at(at, seat)
        out = [ev("collision", seat=seat_name(seat), hex=hex_text(at), into=kind)]
        self.moment += 1
        if kind == "edge":
            out += self._harm(seat, "stun", "moved off the battlefield")
        elif kind == "terrain":
            t = self.terrain[at]
            for effect in TERRAIN[t]:
                out += self._harm(seat, effect, f"collided with {t}")
            if t == "bamboo":
                del self.terrain[at]
                out.append(ev("terrain-removed", hex=hex_text(at), terrain=t))
        else:
            other = self.occupant(at)
            # discard a card first (the mover's choice), then both take a stun
            self.stack.append(self._frame(seat, None, [{"_bump": other}], 0, own=False))
        if own and self.played.get(seat):
            self.played[seat]["stopped"] = True   # the rest of the own card is not resolved
            out.append(ev("card-stopped", seat=seat_name(seat)))
        return out

    def _line__bump(self, f, line):
        seat = f["seat"]
        opts = [f"discard {c}" for c in self.discardable(seat)]
        if not opts:
            return self._do__bump(f, line, seat, "discard -")
        return self._ask_or_do(f, seat, "_bump", opts, "Moving into Another Character")

    def _do__bump(self, f, line, seat, text):
        out = self._discard_card(seat, text.split()[1]) if text != "discard -" else []
        other = line["_bump"]
        self._advance_line(f)
        out += self._harm(seat, "stun", "collision")
        if other is not None and not self.ds[other].defeated:
            out += self._harm(other, "stun", "collision")
        return out

    def _discard_card(self, seat: int, cid: str) -> list[Event]:
        d = self.ds[seat]
        d.hand.remove(cid)
        d.discard.append((cid, False))
        return [ev("discard", seat=seat_name(seat), card=cid)]

    # --- harm and defeat
    def _harm(self, seat: int, effect: str, why: str, source: int | None = None) -> list[Event]:
        d = self.ds[seat]
        if d.defeated:
            return []
        out = []
        if effect == "wound":
            d.wounds += 1
        elif effect == "wound2":
            d.wounds += 2
        elif effect == "bleeding":
            d.bleeding += 1
        elif effect == "stun":
            d.stuns += 1
        elif effect == "hobble":
            d.hobbles.append(0)
        elif effect == "poison":
            self.poison_holder = seat
        elif effect == "execution":
            out.append(ev("execution", seat=seat_name(seat)))
            return out + self._defeat(seat)
        elif effect == "advantage" and source is not None:
            return self._take_advantage(source)
        out.append(ev("harm", seat=seat_name(seat), effect=effect, why=why))
        out += self._check_defeat(seat)
        return out

    def _check_defeat(self, seat: int) -> list[Event]:
        """Winning the Game: wounds at or above the wound limit, or stuns at or above the hand size, defeat."""
        if getattr(self, "deferred", False):
            return []
        if self._beaten(seat):
            return self._defeat(seat)
        return []

    def _beaten(self, seat: int) -> bool:
        d = self.ds[seat]
        ch = self.character(seat)
        return not d.defeated and (d.total_wounds >= ch.wound_limit or d.stuns >= ch.hand_limit)

    def _settle(self) -> list[Event]:
        """Defeat together every character beaten by one simultaneous step (defeated at the same moment)."""
        out = []
        beaten = [i for i in self.live() if self._beaten(i)]
        for i in beaten:
            d = self.ds[i]
            d.defeated, d.defeat_moment, d.pos = True, self.moment, None
            out.append(ev("defeated", seat=seat_name(i)))
        return out + self._check_over()

    def _defeat(self, seat: int) -> list[Event]:
        d = self.ds[seat]
        d.defeated = True
        d.defeat_moment = self.moment
        d.pos = None
        out = [ev("defeated", seat=seat_name(seat))]
        return out + self._check_over()

    def _check_over(self) -> list[Event]:
        if self.phase == OVER:
            return []
        live = self.live()
        if len(live) > 1:
            return []
        if live:
            self.result = live
        else:   # characters defeated at the same moment share a draw
            last = max(d.defeat_moment for d in self.ds)
            self.result = [i for i, d in enumerate(self.ds) if d.defeat_moment == last]
        self.phase = OVER
        self.pending = None
        return [ev("game-over", winners=[seat_name(i) for i in self.result])]

    # --- attacks
    def _grid_hexes(self, seat, line, pos=None, facing=None) -> dict:
        d = self.ds[seat]
        pos = d.pos if pos is None else pos
        facing = d.facing if facing is None else facing
        return {cell_hex(pos, facing, cell): effs for cell, effs in line["attack"]["grid"].items()}

    def _ranged_targets(self, seat, line, init, pos=None, facing=None) -> list[int]:
        d = self.ds[seat]
        pos = d.pos if pos is None else pos
        facing = d.facing if facing is None else facing
        atk = line["attack"]
        out = []
        for j in self.live():
            if j == seat:
                continue
            t = self.ds[j]
            if "range" in atk and distance(pos, t.pos) > atk["range"]:
                continue
            if not line_of_sight(pos, facing, t.pos, self._sight_blockers()):
                continue
            if atk.get("lower"):
                # Comparative Initiative: the target's lowest speed this turn must be below the attack's speed
                if j not in self.played or self.played[j]["low"] >= init:
                    continue
            out.append(j)
        return out

    def _sight_blockers(self) -> list:
        return list(self.terrain)

    def _attack_would_target(self, seat, line, init, pos=None, facing=None) -> bool:
        if "grid" in line["attack"]:
            cells = self._grid_hexes(seat, line, pos, facing)
            return any(self.occupant(h) not in (None, seat) for h in cells)
        return bool(self._ranged_targets(seat, line, init, pos, facing))

    def _line_attack(self, f, line):
        seat = f["seat"]
        if "grid" in line["attack"]:
            return self._grid_attack(f, line)
        opts = [f"target {seat_name(j)}" for j in self._ranged_targets(seat, line, f["init"])]
        if not opts:   # no target: the attack is unsuccessful
            f.update(attacked=True, success=False, targets=[])
            self._advance_line(f)
            return [ev("attack", seat=seat_name(seat), targets=[], successful=False)]
        return self._ask_or_do(f, seat, "target", opts, "Range; Comparative Initiative Attacks")

    def _do_target(self, f, line, seat, text):
        j = int(text.split()[1][1:]) - 1
        f.update(attacked=True, success=True, targets=[j])
        self._advance_line(f)
        out = [ev("attack", seat=seat_name(seat), targets=[seat_name(j)], successful=True)]
        effects = line["attack"]["effects"]
        return out + self._apply_cell(f, seat, j, effects)

    def _apply_cell(self, f, seat, j, effects) -> list[Event]:
        out = []
        self.moment += 1
        for eff in effects:
            if eff == "target":
                continue
            if eff == "asterisk":
                card = self.card(f["card"]) if f["card"] else None
                if card and card.asterisk:
                    self.stack.append(self._frame(seat, card, list(card.asterisk), f["init"], own=False, targets=[j], success=True))
                continue
            out += self._harm(j, eff, "attack", source=seat)
        return out

    def _blocked(self, attacker: int, target: int, init: int) -> int | None:
        """Blocking: the seat whose block stops this attack on ``target``, or None.

        A block at the same initiative stops an attack from a block hex, or one whose every tied shortest path
        to the blocker passes a block hex or terrain; in multiplayer a block hex covering another character
        protects that character too."""
        a = self.ds[attacker].pos
        for b in self.blocks:
            if b["init"] != init or self.ds[b["seat"]].defeated:
                continue
            bd = self.ds[b["seat"]]
            cells = {cell_hex(bd.pos, bd.facing, c) for c in b["cells"]}
            if b["seat"] == target:
                if a in cells or all_shortest_paths_cross(a, bd.pos, self.board, cells | set(self.terrain)):
                    return b["seat"]
            elif self.ds[target].pos in cells:
                return b["seat"]
        return None

    def _grid_attack(self, f, line):
        """Attacking: every character in a grid hex is targeted; the attack succeeds against each that did not block."""
        seat = f["seat"]
        cells = self._grid_hexes(seat, line)
        targeted = [(self.occupant(h), h, effs) for h, effs in cells.items() if self.occupant(h) not in (None, seat)]
        if f.get("asked_attacked") != f["i"]:
            # Attack Timing Sequence 1-3: once the attack's hexes cover a character, before the block check, each
            # targeted character (top of the tracker first) may play a 'when attacked' Instant card; then the attack
            # is checked again from step 1 (a character who moved away is no longer targeted)
            f["asked_attacked"] = f["i"]
            windows = [j for j in sorted({j for j, _, _ in targeted}, key=self.advantage.index, reverse=True)
                       if self._may_play_instant(j) and self._owns_instant(j, "when-attacked")]
            for j in windows:
                self.stack.append(self._frame(j, None, [{"_plain": "when-attacked"}], f["init"], own=False))
            if windows:
                return [ev("attacking", seat=seat_name(seat), targets=[seat_name(j) for j, _, _ in targeted])]
        hit, blocked_by = [], []
        blockable = f["card"] is not None and self.card(f["card"]).type == "attack"   # only attack cards can be blocked
        for j, h, effs in targeted:
            b = self._blocked(seat, j, f["init"]) if blockable else None
            if b is None:
                hit.append((j, effs))
            else:
                blocked_by.append((b, j))
        f.update(attacked=True, success=bool(hit), targets=[j for j, _ in hit])
        self._advance_line(f)
        out = [ev("attack", seat=seat_name(seat), targets=[seat_name(j) for j, _, _ in targeted],
                  successful=bool(hit), blocked=[seat_name(j) for _, j in blocked_by])]
        # Bamboo: an attack dealing a wound to its hex removes it
        for h, effs in cells.items():
            if self.terrain.get(h) == "bamboo" and any(e in WOUNDING for e in effs):
                del self.terrain[h]
                out.append(ev("terrain-removed", hex=hex_text(h), terrain="bamboo"))
        # frames run last-pushed first: block timing, then asterisk effects, then the attacker's instant, then the card goes on
        if hit and f["own"]:
            self.stack.append(self._frame(seat, None, [{"_instant": "attack-successful"}], f["init"]))
        for j, effs in hit:
            out += self._apply_cell(f, seat, j, effs)
        for b in sorted({b for b, _ in blocked_by}, key=self.advantage.index, reverse=True):
            blk = next(x for x in self.blocks if x["seat"] == b and x["init"] == f["init"])
            if blk["card"]:
                self.stack.append(self._frame(b, None, [{"_instant": "block-successful"}], f["init"]))
            if blk["after"]:
                self.stack.append(self._frame(b, self.card(blk["card"]), list(blk["after"]), f["init"], own=False, targets=[seat], success=True))
            if f["init"] in blk["counter"]:
                self.stack.append(self._frame(b, None, [{"_counter": seat}], f["init"], own=False))
        return out

    def _line_block(self, f, line):
        """Blocking: the block holds against attacks at this same initiative; its 'If Successful' lines wait."""
        seat = f["seat"]
        after = []
        for nxt in f["lines"][f["i"] + 1:]:
            if nxt.get("if") != "successful":
                break
            after.append(nxt)
        self.blocks.append({"seat": seat, "init": f["init"], "cells": list(line["block"]), "counter": list(line.get("counter", [])),
                            "card": f["card"] if f["card"] and self.card(f["card"]).type == "defence" else None, "after": after})
        f.update(attacked=True, success=False, targets=[])   # its 'If Successful' lines wait for a blocked attack
        self._advance_line(f)
        return [ev("block", seat=seat_name(seat), initiative=f["init"], cells=list(line["block"]))]

    def _line__counter(self, f, line):
        """Countering: a blocked attack at a countered speed: the defender may discard a card; the attacker takes a wound."""
        seat = f["seat"]
        opts = ["counter no"] + [f"counter {c}" for c in self.discardable(seat)]
        return self._ask_or_do(f, seat, "_counter", opts if len(opts) > 1 else [], "Countering")

    def _do__counter(self, f, line, seat, text):
        self._advance_line(f)
        if text == "counter no":
            return []
        out = self._discard_card(seat, text.split()[1])
        return out + self._harm(line["_counter"], "wound", "counter", source=seat)

    def _line__instant(self, f, line):
        """Instant Additional: one instant a turn, never after a core card; with a condition, right after it is met."""
        seat = f["seat"]
        e = self.played.get(seat)
        d = self.ds[seat]
        if not e or e["instant"] or seat in self.instants_used or e["card"] in ("stun", "poison") or self.card(e["card"]).core:
            f["i"] += 1
            return []
        cond = line["_instant"]
        cards = sorted({c for c in d.hand if self.card(c).instant == "additional" and self.card(c).condition == cond
                        and self.card(c).focus <= d.focus and (not self.card(c).kamae or self.card(c).kamae == d.kamae)})
        opts = ["instant no"] + [f"instant {c}" for c in cards]
        return self._ask_or_do(f, seat, "_instant", opts if cards else [], "Instant Additional Cards")

    def _do__instant(self, f, line, seat, text):
        self._advance_line(f)
        if text == "instant no":
            return []
        cid = text.split()[1]
        d = self.ds[seat]
        c = self.card(cid)
        d.hand.remove(cid)
        d.focus -= c.focus
        self.played[seat]["instant"] = True
        self.instants_used.add(seat)
        self.played[seat].setdefault("extra", []).append(cid)
        # the instant resolves in its entirety now, against the same targets
        below = self.stack[-2] if len(self.stack) >= 2 else None
        targets = below["targets"] if below and below["seat"] == seat else None
        self.stack.append(self._frame(seat, c, list(c.lines), f["init"], own=False, targets=targets, success=bool(targets)))
        return [ev("instant", seat=seat_name(seat), card=cid)]

    # --- plain Instant cards
    def _may_play_instant(self, seat: int) -> bool:
        """Instant Cards: a single Instant Ability Card a turn, and none once you have played a core card (a played
        stun or poison counts as no ability card and closes the window too)."""
        if seat in self.instants_used or self.ds[seat].defeated:
            return False
        e = self.played.get(seat)
        return not (e and (e["instant"] or e["card"] in ("stun", "poison") or self.card(e["card"]).core))

    def _owns_instant(self, seat: int, when: str) -> bool:
        """Whether the duellist's own cards (deck, hand, discard, played) include an Instant card for this timing.
        This is all a window depends on besides public facts, so asking it reveals nothing about the hand."""
        d = self.ds[seat]
        e = self.played.get(seat)
        own = set(d.deck) | set(d.hand) | {c for c, _ in d.discard} | ({e["card"]} if e else set())
        return any(c in self.cs.cards and self.card(c).instant == "instant" and self.card(c).play == when for c in own)

    def _plain_instants(self, seat: int, when: str) -> list[str]:
        d = self.ds[seat]
        return sorted({c for c in d.hand if self.card(c).instant == "instant" and self.card(c).play == when
                       and self.card(c).focus <= d.focus and (not self.card(c).kamae or self.card(c).kamae == d.kamae)})

    def _line__plain(self, f, line):
        """An Instant card window: its holder may play one Instant card of this timing (Instant Cards). The question is
        asked whenever the duellist owns such a card and may play an instant, even with none in hand, so that being
        asked gives nothing away."""
        seat, when = f["seat"], line["_plain"]
        if not self._may_play_instant(seat) or not self._owns_instant(seat, when):
            f["i"] += 1
            return []
        self.pending = {"seat": seat, "kind": "_plain", "depth": self._depth(f), "rule": "Instant Cards",
                        "options": ["instant no"] + [f"instant {c}" for c in self._plain_instants(seat, when)]}
        return []

    def _do__plain(self, f, line, seat, text):
        """The Instant card is revealed, its focus paid, and it resolves at once in its entirety, then lies face-up on
        the discard pile; during an attack it resolves at that attack's initiative (a block in it can stop the attack)."""
        self._advance_line(f)
        if text == "instant no":
            return []
        cid = text.split()[1]
        d = self.ds[seat]
        c = self.card(cid)
        d.hand.remove(cid)
        d.focus -= c.focus
        d.discard.append((cid, False))
        self.instants_used.add(seat)
        if seat in self.played:
            self.played[seat]["instant"] = True
        self.stack.append(self._frame(seat, c, list(c.lines), f["init"], own=False))
        return [ev("instant", seat=seat_name(seat), card=cid, timing=line["_plain"])]

    def _line_cancel_active(self, f, line):
        return self._targeted_line(f, line, "cancel_active")

    # --- keyword effects on the targeted character(s)
    def _keyword_targets(self, f) -> list[int] | None:
        """Targeted: those an attack was successful against; with no attack before it, any one other character."""
        if f["attacked"]:
            return [j for j in (f["targets"] or []) if not self.ds[j].defeated]
        return None

    def _targeted_line(self, f, line, kind):
        seat = f["seat"]
        targets = self._keyword_targets(f)
        if targets is None:
            me = self.ds[seat]
            # Targeted: on a line with a range, one character in range and line of sight
            opts = [f"target {seat_name(j)}" for j in self.live() if j != seat and
                    ("range" not in line or (distance(me.pos, self.ds[j].pos) <= line["range"]
                                             and line_of_sight(me.pos, me.facing, self.ds[j].pos, self._sight_blockers())))]
            if len(opts) > 1 and "picked" not in f:
                self.pending = {"seat": seat, "kind": "pick", "options": opts, "rule": "Targeted", "depth": self._depth(f)}
                return []
            targets = [f.pop("picked")] if "picked" in f else [int(o.split()[1][1:]) - 1 for o in opts[:1]]
        f["queue"] = list(targets)
        f["kw"] = kind
        return self._next_keyword_target(f, line)

    def _do_pick(self, f, line, seat, text):
        f["picked"] = int(text.split()[1][1:]) - 1
        kind = next(k for k in line if k in TARGETED_EFFECTS)
        return self._targeted_line(f, line, kind)

    def _next_keyword_target(self, f, line):
        seat = f["seat"]
        while f["queue"]:
            j = f["queue"][0]
            if self.ds[j].defeated:
                f["queue"].pop(0)
                continue
            kind = f["kw"]
            if kind == "cancel_active":
                f["queue"].pop(0)
                e = self.played.get(j)
                hit = bool(e) and e["card"] not in ("stun", "poison")
                if hit and e["cancelled"] != "card":
                    e["cancelled"] = line["cancel_active"]
                out = [ev("cancel-active", seat=seat_name(seat), target=seat_name(j), cancelled=line["cancel_active"] if hit else None)]
                return out + self._next_keyword_target(f, line)
            if kind == "swap":
                f["queue"].pop(0)
                a, b = self.ds[seat], self.ds[j]
                a.pos, b.pos = b.pos, a.pos
                out = [ev("swap", seat=seat_name(seat), target=seat_name(j))]
                return out + self._next_keyword_target(f, line)
            if kind == "rotate_target":
                return self._ask_or_do_kw(f, seat, "rotate_target", ["turn left", "turn right", "turn no"], "Rotate X")
            if kind in ("push", "pull"):
                opts = [f"{kind} " + " ".join(p) for p in self._push_paths(seat, j, line[kind], kind == "push")]
                return self._ask_or_do_kw(f, seat, "shove", opts, "Push X / Pull X")
            if kind == "discard":
                f.setdefault("left", line["discard"])
                opts = [f"discard {c}" for c in self.discardable(j)]
                if not opts or f["left"] <= 0:
                    f["queue"].pop(0)
                    f.pop("left", None)
                    continue
                return self._ask_or_do_kw(f, j, "kwdiscard", opts, "Discard X")
        self._advance_line(f)
        return []

    def _ask_or_do_kw(self, f, seat, kind, opts, rule):
        """Ask ``seat`` to choose among ``opts`` for the line of frame ``f``; a single option is taken at once."""
        if len(opts) == 1:
            return self._decided({"seat": seat, "kind": kind, "depth": self._depth(f)}, opts[0])
        self.pending = {"seat": seat, "kind": kind, "options": opts, "rule": rule, "depth": self._depth(f)}
        return []

    def _do_rotate_target(self, f, line, seat, text):
        j = f["queue"].pop(0)
        turn = {"left": -1, "right": 1, "no": 0}[text.split()[1]]
        d = self.ds[j]
        d.facing = (d.facing + turn * line["rotate_target"]) % 6
        return [ev("rotated", seat=seat_name(j), facing=FACINGS[d.facing])] + self._next_keyword_target(f, line)

    def _push_paths(self, seat, j, n, away: bool) -> list[tuple[str, ...]]:
        """Each hex moves the target one further from (push) or nearer to (pull) the mover; ties are the mover's
        choice; a path ends at its first collision."""
        src = self.ds[seat].pos
        out = []

        def grow(pos, path, left):
            if not left:
                out.append(path)
                return
            cur = distance(src, pos)
            want = cur + 1 if away else cur - 1
            for dirn in range(6):
                h = neighbour(pos, dirn)
                if distance(src, h) != want:
                    continue
                if self.what_is_at(h, j) is not None:
                    out.append(path + (FACINGS[dirn],))
                else:
                    grow(h, path + (FACINGS[dirn],), left - 1)
        grow(self.ds[j].pos, (), n)
        return sorted(set(out)) or [()]

    def _do_shove(self, f, line, seat, text):
        j = f["queue"].pop(0)
        d = self.ds[j]
        out = []
        for name in text.split()[1:]:
            h = neighbour(d.pos, FACINGS.index(name))
            if self.what_is_at(h, j) is not None:
                out += self._collide(j, h, own=False)
                break
            d.pos = h
        out.insert(0, ev("shoved", seat=seat_name(j), hex=hex_text(d.pos) if d.pos else None, by=seat_name(seat)))
        return out + self._next_keyword_target(f, line)

    def _do_kwdiscard(self, f, line, seat, text):
        f["left"] -= 1
        out = self._discard_card(seat, text.split()[1])
        return out + self._next_keyword_target(f, line)

    def _line_push(self, f, line):
        return self._targeted_line(f, line, "push")

    def _line_pull(self, f, line):
        return self._targeted_line(f, line, "pull")

    def _line_rotate_target(self, f, line):
        return self._targeted_line(f, line, "rotate_target")

    def _line_discard(self, f, line):
        return self._targeted_line(f, line, "discard")

    def _line_swap(self, f, line):
        return self._targeted_line(f, line, "swap")

    def _line_search(self, f, line):
        """Search: look through the deck (or its top cards), take one card into the hand, then shuffle the deck."""
        seat = f["seat"]
        d = self.ds[seat]
        top = line["search"].get("top")
        pool = d.deck[:top] if top else d.deck
        opts = ["search none"] + [f"search {c}" for c in sorted(set(pool))]
        if len(opts) == 1:
            return self._do_search(f, line, seat, "search none")
        self.pending = {"seat": seat, "kind": "search", "options": opts, "rule": "Search", "depth": self._depth(f)}
        return []

    def _do_search(self, f, line, seat, text):
        d = self.ds[seat]
        cid = text.split()[1]
        out = [ev("search", seat=seat_name(seat))]
        if cid != "none":
            d.deck.remove(cid)
            d.hand.append(cid)
            out.append(ev("searched", {seat}, seat=seat_name(seat), card=cid))
        self.rng.shuffle(d.deck)
        self._advance_line(f)
        return out

    # ------------------------------------------------------------- end of turn
    def _discard_played(self) -> None:
        """Discard, first paragraph: a played core card returns to the hand, any other goes face-up to the
        discard pile (before the 'end of turn' effects resolve)."""
        for i, e in sorted(self.played.items()):
            d = self.ds[i]
            for cid in [e["card"]] + e.get("extra", []):
                if cid in ("stun", "poison") or d.defeated:
                    continue
                if self.card(cid).core:
                    d.hand.append(cid)
                else:
                    d.discard.append((cid, False))

    def _end_of_turn(self) -> list[Event]:
        """Discard, after the played cards went to the discard pile and the 'end of turn' effects resolved:
        hobbles turn, the poison bites, then the hand limit."""
        out = []
        if self.end_queue is None:
            # Turn Timing Sequence: the active card's start-of-turn, pre-draw and post-draw lines fire next turn
            # (not for a card stopped by a collision or cancelled, nor for a defeated character)
            self.hooks = [(i, e["card"]) for i, e in sorted(self.played.items())
                          if e["card"] not in ("stun", "poison") and not e["stopped"] and e["cancelled"] != "card"
                          and not self.ds[i].defeated and any(ln.get("when") in HOOK_TIMINGS for ln in self.card(e["card"]).lines)]
            for i in self.live():
                d = self.ds[i]
                d.hobbles = [h + 1 for h in d.hobbles if h + 1 < HOBBLE_TURNS]
            self.end_queue = []
            if self.poison_holder is not None and not self.ds[self.poison_holder].defeated:
                self.end_queue.append(("poison", self.poison_holder))
            self.end_queue += [("limit", i) for i in self.advantage[::-1] if not self.ds[i].defeated]
        while self.end_queue:
            what, i = self.end_queue[0]
            opts = [f"discard {c}" for c in self.discardable(i)]
            need = (what == "poison" and opts and not getattr(self, "poison_done", False)) or \
                   (what == "limit" and opts and self.hand_count(i) > self.character(i).hand_limit)
            if not need:
                self.end_queue.pop(0)
                self.poison_done = False
                continue
            if len(opts) == 1:
                out += self._end_discard(i, opts[0])
                continue
            self.pending = {"seat": i, "kind": "enddiscard", "options": opts, "rule": "Discard (hand limit); Poison"}
            return out
        out += self._settle()
        if self.phase != OVER:
            out += self._start_turn()
        return out

    def _end_discard(self, seat, text):
        out = self._discard_card(seat, text.split()[1])
        if self.end_queue and self.end_queue[0][0] == "poison":
            self.poison_done = True
        return out

