"""War records: a war file, then the actions of the War Phase, one a line.

::

    format: risingsun-war
    season: spring
    honor: lotus turtle koi
    ...                               # the war file (docs/risingsun-war.md)

    lotus: bid 1 0 2 0                # actor (clan), colon, action
    koi: bid 0 0 0 3
    turtle: bid 0 2 0 0
    turtle: hostage #4

Replaying a record rebuilds the same state exactly: the War Phase has no chance once its
War Numbers are drawn, and those come from the file's ``seed:`` when not written out.

A record is held to the war file's bounds (docs/risingsun-war.md, "Bounds"), and as a whole to at most
``record_chars`` characters and ``record_lines`` lines; a number in an action longer than any bound is refused
with its line before it is read.
"""

from __future__ import annotations

import re

from daimyo.core.errors import FormatError, violation
from daimyo.core.game import Action, Event
from daimyo.core.record import Replay, ReplayError, replay_actions, split_record
from daimyo.risingsun.bounds import BOUNDS, MAX_DIGITS, shown
from daimyo.risingsun.data import RULES as R
from daimyo.risingsun.notation import move_text
from daimyo.risingsun.position import from_text, to_text
from daimyo.risingsun.state import RisingSunWar

__all__ = ["Recorder", "Replay", "ReplayError", "parse", "record_text", "replay"]


def _is_actor(name: str) -> bool:
    return name in R.clans


def _check_record_size(text: str) -> None:
    """Refuse a record past this project's bounds, naming the first line past them."""
    most_chars, most_lines = R.bounds["record_chars"], R.bounds["record_lines"]
    if len(text) > most_chars:
        raise ReplayError(text.count("\n", 0, most_chars) + 1,
                          f"the war record has {len(text)} characters; a war record has at most {most_chars} ({BOUNDS})")
    if len(text.splitlines()) > most_lines:
        raise ReplayError(most_lines + 1, f"the war record has {len(text.splitlines())} lines; a war record has at most "
                                          f"{most_lines} ({BOUNDS})")


def _check_numbers(actions: list[tuple[int, str, str]]) -> None:
    """A number in an action (coins, a figure number) longer than any bound is refused unread."""
    for no, actor, act in actions:
        for word in act.split():
            digits = word.rpartition("=")[2].lstrip("#")
            if digits.isascii() and digits.isdigit() and len(digits.lstrip("0")) > MAX_DIGITS:
                raise ReplayError(no, f"{actor}: {shown(act)}: the number '{shown(digits)}' is more than any war holds "
                                      f"({BOUNDS})")


def parse(text: str) -> tuple[RisingSunWar, list[tuple[int, str, str]], list[Event]]:
    """The starting state of a record, its (line, actor, action) lines and the events of the start."""
    _check_record_size(text)
    _header, actions = split_record(text, _is_actor)
    _check_numbers(actions)
    lines = text.splitlines()
    body = "\n".join(lines[: actions[0][0] - 1] if actions else lines)
    try:
        state = from_text(body, start=False)
    except FormatError as e:
        m = re.match(r"line (\d+)", str(e))
        raise ReplayError(int(m.group(1)) if m else 1, str(e)) from None
    events = state.start()
    return state, actions, events


def actor_seat(state: RisingSunWar, actor: str) -> int:
    if actor not in state.clans:
        raise violation("rs.no_player_actor", "no player plays {actor} in this war", "War Phase", actor=actor)
    return state.clans.index(actor)


def replay(text: str) -> Replay:
    """Load a record and apply its actions, keeping the events of each (the start's events come first)."""
    state, actions, start_events = parse(text)
    rep = replay_actions(state, actions, actor_seat)
    rep.steps[0] = (0, None, None, start_events)
    return rep


def record_text(war_file: str, actions: list[tuple[str, str]]) -> str:
    """A record: the war file as given, a blank line, then ``clan: action`` lines."""
    body = war_file.rstrip("\n") + "\n\n"
    return body + "".join(f"{actor}: {text}\n" for actor, text in actions)


class Recorder:
    """Play a War Phase while keeping its record: ``Recorder(war_file_text)``, then ``apply``."""

    def __init__(self, war_file: str):
        self.war_file = war_file
        self.state = from_text(war_file, start=False)
        self.start_events = self.state.start()
        self.actions: list[tuple[str, str]] = []

    def apply(self, action: Action) -> list[Event]:
        events = self.state.apply(action)
        self.actions.append((self.state.clans[action.player], action.text))
        return events

    def apply_move(self, seat: int, move: tuple) -> list[Event]:
        text = move_text(self.state, move)
        events = self.state.apply_move(seat, move)
        self.actions.append((self.state.clans[seat], text))
        return events

    def text(self) -> str:
        return record_text(self.war_file, self.actions)

    def position(self) -> str:
        return to_text(self.state)
