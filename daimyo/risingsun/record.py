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
"""

from __future__ import annotations

import re

from daimyo.core.errors import FormatError, violation
from daimyo.core.game import Action, Event
from daimyo.core.record import Replay, ReplayError, replay_actions, split_record
from daimyo.risingsun.data import RULES as R
from daimyo.risingsun.notation import move_text
from daimyo.risingsun.position import from_text, to_text
from daimyo.risingsun.state import RisingSunWar

__all__ = ["Recorder", "Replay", "ReplayError", "parse", "record_text", "replay"]


def _is_actor(name: str) -> bool:
    return name in R.clans


def parse(text: str) -> tuple[RisingSunWar, list[tuple[int, str, str]], list[Event]]:
    """The starting state of a record, its (line, actor, action) lines and the events of the start."""
    _header, actions = split_record(text, _is_actor)
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
