"""The interface every game in daimyo implements.

A game is a pure state machine, in the manner of OpenSpiel:

* ``to_act()`` names the players who may act now. Usually one; several at a
  simultaneous node (secret choices revealed together). At a simultaneous node
  each player's action is held hidden in the state until all have acted.
* ``legal_actions(player)`` lists that player's legal actions.
* ``apply(action)`` checks and applies an action, returning the events it
  caused; an illegal action raises :class:`RuleViolation` and changes nothing.
* The **move layer**, which bots, the arena and ``simulate`` use: ``legal_moves(player)``
  lists a player's legal moves in the game's own form (a tuple in Battle for Rokugan
  and Rising Sun, the action's text in Senjutsu) and ``apply_move(player, move)``
  applies one of them. A game that has no move form of its own inherits both from
  its actions: the moves are the legal actions' texts, applied through ``apply``.
* ``view(player)`` is everything that player may know; ``view(None)`` is the
  spectators' view. No view holds another player's hidden facts.
* Randomness comes from a seeded generator kept inside the state, so a game is
  (rules version, seed, actions) and replays exactly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple


class Action(NamedTuple):
    """One decision of one player, written as text such as ``place a3 crab_2>crab_3``.

    ``player`` is a seat number. ``text`` is the action in the game's notation;
    ``format_action`` adds the actor (``crab: place ...``) for records.
    """

    player: int
    text: str


class Event:
    """Something that happened. ``visible_to`` is None for public events, else the seats that may see it."""

    __slots__ = ("kind", "data", "visible_to")

    def __init__(self, kind: str, data: dict | None = None, visible_to: frozenset | None = None):
        self.kind = kind
        self.data = data if data is not None else {}
        self.visible_to = visible_to

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.kind, self.data, self.visible_to) == (other.kind, other.data, other.visible_to)

    def __repr__(self) -> str:
        who = "" if self.visible_to is None else f", visible_to={sorted(self.visible_to)}"
        return f"Event({self.kind!r}, {self.data!r}{who})"


def public_event(kind: str, **data: Any) -> Event:
    """An event every seat and every spectator may see."""
    return Event(kind, data)


def private_event(seats: int | Iterable[int], kind: str, **data: Any) -> Event:
    """An event only ``seats`` (one seat or several) may see."""
    if isinstance(seats, int):
        seats = (seats,)
    return Event(kind, data, frozenset(seats))


def split_action(text: object, section: str) -> tuple[str, list[str]]:
    """An action's verb (lower case) and its arguments; malformed text raises RuleViolation."""
    from daimyo.core.errors import violation
    if not isinstance(text, str):
        raise violation("core.action_text", "an action is text, not {type}", section, type=type(text).__name__)
    words = text.split()
    if not words:
        raise violation("core.empty_action", "empty action", section)
    return words[0].lower(), words[1:]


class GameState(ABC):
    """Abstract base: what a game state offers to bots, servers, records and tests.

    It keeps no fields of its own (``__slots__`` is empty), so a game whose state lists its fields in ``__slots__``
    takes no other name."""

    __slots__ = ()
    game_name: str = ""
    rules_version: str = "1"

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        ...

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> list[Action]:
        ...

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        ...

    def legal_moves(self, player: int | None = None) -> Sequence[Any]:
        """``player``'s legal moves (every acting player's for None): by default the texts of its legal actions."""
        return [action.text for action in self.legal_actions(player)]

    def apply_move(self, player: int, move: Any) -> list[Event]:
        """Apply ``move``, one of :meth:`legal_moves` (``player``): by default the action of that text."""
        return self.apply(Action(player, move))

    @abstractmethod
    def is_terminal(self) -> bool:
        ...

    @abstractmethod
    def returns(self) -> list[float]:
        ...

    @abstractmethod
    def view(self, player: int | None) -> Any:
        """What ``player`` (None: a spectator) may know, as JSON-ready data: each game's own ``TypedDict``
        (its ``views`` module's ``View``), which its state's ``view`` returns."""

    @abstractmethod
    def clone(self) -> GameState:
        ...

    def draws(self) -> Any:
        """Where the game's random stream stands (compared before and after an action: one that moved it drew
        something hidden), or None for a game without one. A native engine's state answers it without handing its
        game over to the Python engine."""
        rng = getattr(self, "rng", None)
        if rng is None:
            return None
        stream = getattr(rng, "stream_state", None)   # KeyedRng: (label, words drawn); Rng: its one integer
        return stream() if stream is not None else getattr(rng, "state", None)
