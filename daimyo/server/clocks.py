"""Game clocks and stand-ins: how long each seat may take, and the bot that plays for a seat whose
time ran out or whose player is gone.

A clock is chosen when the game is made (docs/server-protocol.md):

- ``{"kind": "none"}``: no clock (the default);
- ``{"kind": "move", "seconds": 60}``: each decision within that time;
- ``{"kind": "bank", "seconds": 600, "increment": 10}``: a time bank per player, ``increment``
  seconds added after each of its decisions; once the bank is spent each decision has ``increment``;
- ``{"kind": "days", "days": 2}``: correspondence play, each decision within that many days.

Deadlines are wall-clock times kept in the database, never timers only in memory: a restarted
server finds them and goes on (the time it was down counts, as a clock on the table would).
When a seat's deadline passes, the heuristic bot plays for that seat (a stand-in) until its
player says it is back; that stand-in waits a decision's time (at most a minute) before each of its
moves, so that one time-out never plays the rest of the game in seconds: the player, back at the
page, has the time of a decision to take the seat back (or simply to act). A seat whose player has been away ``absent_after`` seconds can be given
a stand-in by the host or another player in the same way.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

KINDS = ("none", "move", "bank", "days")
DAY = 86_400.0
STAND_IN_BOT = "heuristic"
#: the longest a stand-in for a seat out of time waits before each of its moves (a days clock's decision time)
STAND_IN_PAUSE_MAX = 60.0


class ClockError(ValueError):
    """A clock request the server refuses; the message names the field."""


@dataclass(frozen=True)
class Clock:
    kind: str = "none"
    seconds: float = 0.0        # per decision (move, days) or the bank (bank)
    increment: float = 0.0      # bank: added after each decision, and each decision's time once spent

    def to_dict(self) -> dict:
        if self.kind == "none":
            return {"kind": "none"}
        if self.kind == "days":
            return {"kind": "days", "days": self.seconds / DAY}
        if self.kind == "bank":
            return {"kind": "bank", "seconds": self.seconds, "increment": self.increment}
        return {"kind": "move", "seconds": self.seconds}

    def to_text(self) -> str | None:
        return None if self.kind == "none" else json.dumps(self.to_dict(), sort_keys=True)


def _number(spec: dict, name: str, low: float, high: float, default: float | None = None) -> float:
    value = spec.get(name, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ClockError(f"clock.{name}: a number from {low:g} to {high:g}")
    return float(value)


def parse_clock(spec: Any, min_seconds: float = 5.0) -> Clock:
    """A lobby request's ``clock`` as a Clock; ClockError naming the field otherwise."""
    if spec is None:
        return Clock()
    if not isinstance(spec, dict):
        raise ClockError("clock: an object like {\"kind\": \"move\", \"seconds\": 60}")
    kind = spec.get("kind")
    if kind not in KINDS:
        raise ClockError(f"clock.kind: one of {', '.join(KINDS)}")
    extra = set(spec) - {"kind", "seconds", "increment", "days"}
    if extra:
        raise ClockError(f"clock: unknown field {sorted(extra)[0][:40]!r}")
    if kind == "none":
        return Clock()
    if kind == "move":
        return Clock("move", _number(spec, "seconds", min_seconds, DAY))
    if kind == "bank":
        return Clock("bank", _number(spec, "seconds", min_seconds, 7 * DAY),
                     _number(spec, "increment", min_seconds, DAY, default=max(10.0, min_seconds)))
    return Clock("days", _number(spec, "days", 1, 30) * DAY)


def clock_from_text(text: str | None) -> Clock:
    if not text:
        return Clock()
    d = json.loads(text)
    if d["kind"] == "days":
        return Clock("days", d["days"] * DAY)
    return Clock(d["kind"], d.get("seconds", 0.0), d.get("increment", 0.0))


@dataclass
class SeatClock:
    """One seat's clock: its bank (bank clocks), its running deadline, and whether a bot stands in."""

    bank: float | None = None
    deadline: float | None = None          # wall-clock seconds (time.time()) when its time runs out
    stand_in: str | None = None            # None, or why a bot plays for the seat: "time" or "absent"

    def left(self, now: float) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - now)


@dataclass
class Clocks:
    """Every seat's clock in one game; the room stores each change before it tells anyone. ``now`` is the wall
    clock it reads when a method is not given the time (the server's time source: daimyo/server/timing.py)."""

    clock: Clock
    seats: dict[int, SeatClock] = field(default_factory=dict)
    now: Callable[[], float] = field(default=time.time, compare=False, repr=False)

    def budget(self, seat: SeatClock) -> float:
        """The time a seat gets for the decision it starts now."""
        if self.clock.kind == "bank":
            return (seat.bank or 0.0) or self.clock.increment
        return self.clock.seconds

    def update(self, to_act: set[int], humans: set[int], now: float | None = None) -> list[int]:
        """Start the clocks of the human seats now to act, stop the others; the seats whose clock changed."""
        if self.clock.kind == "none":
            return []
        now = self.now() if now is None else now
        changed = []
        for seat in sorted(humans):
            c = self.seats.setdefault(seat, SeatClock(bank=self.clock.seconds if self.clock.kind == "bank" else None))
            running = seat in to_act and c.stand_in is None
            if running and c.deadline is None:
                c.deadline = now + self.budget(c)
                changed.append(seat)
            elif not running and c.deadline is not None:
                if self.clock.kind == "bank":
                    spent_bank = c.bank == 0.0
                    c.bank = (0.0 if spent_bank else max(0.0, c.deadline - now)) + (0.0 if spent_bank else self.clock.increment)
                c.deadline = None
                changed.append(seat)
        return changed

    def stand_in_pause(self, seat: int) -> float:
        """How long the stand-in of ``seat`` waits before each move: a decision's time when the seat ran out of it
        (move: its seconds; bank: the increment; days: STAND_IN_PAUSE_MAX), none for a seat given to a bot as away."""
        c = self.seats.get(seat)
        if c is None or c.stand_in != "time" or self.clock.kind == "none":
            return 0.0
        per = self.clock.increment if self.clock.kind == "bank" else self.clock.seconds
        return min(per, STAND_IN_PAUSE_MAX)

    def expired(self, now: float | None = None) -> list[int]:
        now = self.now() if now is None else now
        return [s for s, c in self.seats.items() if c.deadline is not None and c.deadline <= now and c.stand_in is None]

    def next_deadline(self) -> float | None:
        running = [c.deadline for c in self.seats.values() if c.deadline is not None and c.stand_in is None]
        return min(running) if running else None

    def copy(self) -> dict[int, SeatClock]:
        """The seats' clocks as they are now, to put back (:meth:`restore`) when their change could not be stored."""
        return {seat: SeatClock(c.bank, c.deadline, c.stand_in) for seat, c in self.seats.items()}

    def restore(self, seats: dict[int, SeatClock]) -> None:
        self.seats = seats

    def time_out(self, seat: int) -> None:
        c = self.seats[seat]
        c.deadline, c.stand_in = None, "time"
        if self.clock.kind == "bank":
            c.bank = 0.0

    def view(self, now: float | None = None) -> dict:
        """What every screen shows: the clock and, per seat, the time left and any stand-in (all public)."""
        now = self.now() if now is None else now
        return {"clock": self.clock.to_dict(),
                "seats": {str(s): {"left": c.left(now), "running": c.deadline is not None, "bank": c.bank,
                                   "stand_in": c.stand_in} for s, c in sorted(self.seats.items())}}


__all__ = ["DAY", "KINDS", "STAND_IN_BOT", "STAND_IN_PAUSE_MAX", "Clock", "ClockError", "Clocks", "SeatClock", "clock_from_text", "parse_clock"]
