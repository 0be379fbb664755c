"""A toy fourth game for the contract tests: Nim, written as a game's own folder would be, to show that adding a game
needs only its engine and one ``register(GameInfo(...))`` call (tests/core/test_contract.py makes that call).

Rules (this file's own): 2 or 3 players sit around three heaps of 1 to 5 stones drawn from the seed, and the seed
draws who takes first. In turn, a player takes 1 to 3 stones from one heap (``take HEAP COUNT``); whoever takes the
last stone wins. Its registration says who took first (``first_player``), which the arena records.
"""

from __future__ import annotations

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action, Event, GameState, public_event, split_action
from daimyo.core.registry import GameInfo
from daimyo.core.rng import generator

SEATS = ["north", "east", "south"]
TAKE, SETUP = "Nim 2. Take", "Nim 1. Setup"


class NimState(GameState):
    game_name = "nim"

    def __init__(self, seats: list[str], heaps: list[int], first: int = 0):
        self.seats, self.heaps, self.first, self.turn, self.winner = list(seats), list(heaps), first, first, None

    @classmethod
    def new(cls, players: int, seed: int, seats: list[str]) -> "NimState":
        if not 2 <= players <= 3 or len(seats) != players or len(set(seats)) != players or set(seats) - set(SEATS):
            raise RuleViolation(f"Nim is for 2 or 3 players of {', '.join(SEATS)}, each once", SETUP)
        rng = generator(seed)
        heaps = [1 + rng.below(5) for _ in range(3)]
        return cls(seats, heaps, rng.below(players))

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (self.turn,)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.is_terminal() or player not in (None, self.turn):
            return []
        return [Action(self.turn, f"take {h} {n}") for h, size in enumerate(self.heaps) for n in range(1, min(3, size) + 1)]

    def apply(self, action: Action) -> list[Event]:
        if self.is_terminal() or action.player != self.turn:
            raise RuleViolation(f"it is not seat {action.player}'s turn", TAKE)
        verb, args = split_action(action.text, TAKE)
        if verb != "take" or len(args) != 2 or not all(a.isdigit() for a in args):
            raise RuleViolation(f"an action is 'take HEAP COUNT', not {action.text!r}", TAKE)
        heap, count = int(args[0]), int(args[1])
        if heap >= len(self.heaps) or not 1 <= count <= min(3, self.heaps[heap]):
            raise RuleViolation(f"heap {heap} cannot give {count} stones (1 to 3, at most what it holds)", TAKE)
        self.heaps[heap] -= count
        if not any(self.heaps):
            self.winner = self.turn
        self.turn = (self.turn + 1) % len(self.seats)
        return [public_event("take", seat=action.player, heap=heap, count=count)]

    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> list[float]:
        return [1.0 if i == self.winner else 0.0 for i in range(len(self.seats))]

    def view(self, player: int | None) -> dict:
        return {"seats": self.seats, "heaps": self.heaps, "turn": self.turn, "winner": self.winner, "you": player}

    def clone(self) -> "NimState":
        c = NimState(self.seats, self.heaps, self.first)
        c.turn, c.winner = self.turn, self.winner
        return c


def record(players: int, seed: int, seats: list[str], acts: list[tuple[int, str]]) -> str:
    return f"format: nim\nseed: {seed}\nseats: {' '.join(seats)}\n\n" + "".join(f"{seats[s]}: {t}\n" for s, t in acts)


def replay(text: str) -> NimState:
    """The final state of a record; lines starting with ``#`` are comments (the arena names its bots in one)."""
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    seed, seats = int(lines[1].split(": ")[1]), lines[2].split(": ")[1].split()
    state = NimState.new(len(seats), seed, seats)
    for line in lines[4:]:
        actor, action = line.split(": ", 1)
        state.apply(Action(seats.index(actor), action))
    return state


class FirstBot:
    """Takes the first legal action."""

    def choose(self, state, seat):
        return state.legal_actions(seat)[0].text


NIM = GameInfo(
    name="nim", title="Nim", min_players=2, max_players=3, seat_word="seat", unique_rule=SETUP,
    seat_choices=lambda: list(SEATS), new_state=NimState.new, move_text=lambda state, seat, move: move,
    canonical=lambda state, seat, text: " ".join(text.split()), progress=lambda s: (sum(s.heaps), "take"),
    result=lambda s: {"winner": s.seats[s.winner]}, record=record, replay=replay,
    bot_names=lambda: ["first"], make_bot=lambda spec, seed: FirstBot(),
    first_player=lambda s: s.first,
)
