"""Game records shared by every game: a header of ``key: value`` lines, then one action a line.

::

    format: rokugan-record        # each game names its own format
    rules: 1
    seed: 7                       # or: generator: blake2b-keyed, then key: <64 hex digits>

    crab: objective emerald-empire   # actor, colon, action in the game's notation

A comment is ``#`` followed by a space or the end of the line (``#7`` is not a
comment: games use it for numbered pieces). A game supplies how to tell an actor
(``is_actor``), how to build the starting state from the header, and how to map
an actor to a seat; this module does the rest.

The header says which generator the game drew from (daimyo/core/rng.py):
``generator: splitmix64`` with ``seed: N`` (the default when there is no
``generator:`` line, so every older record still replays), or ``generator:
blake2b-keyed`` with ``key: <64 hex digits>``. A record with a key holds the game's
secret: it is the referee's file, shown to players only once the game is over.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action, Event, GameState
from daimyo.core.rng import BLAKE2B_KEYED, GENERATORS, SPLITMIX64, GameKey

State = TypeVar("State", bound=GameState)  # the kind of game a replay is of

_COMMENT = re.compile(r"(^|\s)#(\s.*)?$")
_ACTOR = re.compile(r"^([a-z][a-z0-9_-]*):\s*(.*)$")


def strip_comment(line: str) -> str:
    """The line without its comment and surrounding spaces."""
    return _COMMENT.sub("", line).strip()


class ReplayError(ValueError):
    """A record could not be replayed: malformed, or an illegal action (the message names the line and rule)."""

    def __init__(self, lineno: int, message: str):
        self.lineno = lineno
        super().__init__(f"line {lineno}: {message}")


@dataclass
class Replay:
    """The final state of a replayed record, and each step: (line, actor, action, events)."""

    state: GameState
    steps: list[tuple[int, str | None, str | None, list[Event]]] = field(default_factory=list)

    @property
    def events(self) -> list[Event]:
        return [e for step in self.steps for e in step[3]]


def record_text(fmt: str, rules: str, header: dict, actions: list[tuple[str, str]]) -> str:
    """Write a record with the given format name, rules version, header fields and (actor, action) pairs."""
    lines = [f"format: {fmt}", f"rules: {header.get('rules', rules)}"]
    for k, v in header.items():
        if k in ("format", "rules"):
            continue
        if isinstance(v, (list, tuple)):
            v = " ".join(str(x) for x in v)
        lines.append(f"{k}: {v}")
    lines.append("")
    lines += [f"{actor}: {text}" for actor, text in actions]
    return "\n".join(lines) + "\n"


def seed_header(seed: int | GameKey) -> dict:
    """The header fields that say how a game was seeded: ``seed`` for an int, ``generator`` and ``key`` for a key."""
    if isinstance(seed, GameKey):
        return {"generator": BLAKE2B_KEYED, "key": seed.hex()}
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a game is seeded with a whole number or a GameKey, not {type(seed).__name__}")
    return {"seed": seed}


def header_seed(fields: dict[str, tuple[int, str]]) -> int | GameKey:
    """The seed (an int) or the GameKey a header's ``generator``, ``seed`` and ``key`` fields give."""
    no, name = fields.get("generator", (0, SPLITMIX64))
    if name not in GENERATORS:
        raise ReplayError(no, f"field 'generator': expected one of {', '.join(GENERATORS)}, got '{name}'")
    if name == SPLITMIX64:
        if "key" in fields:
            raise ReplayError(fields["key"][0], f"field 'key' belongs to 'generator: {BLAKE2B_KEYED}' "
                                                f"(this record's generator is {SPLITMIX64})")
        if "seed" not in fields:
            return 0
        sno, val = fields["seed"]
        try:
            return int(val)
        except ValueError:
            raise ReplayError(sno, f"field 'seed': expected a whole number, got '{val}'") from None
    if "seed" in fields:
        raise ReplayError(fields["seed"][0], f"field 'seed' belongs to 'generator: {SPLITMIX64}'; "
                                             f"a {BLAKE2B_KEYED} record gives 'key:'")
    if "key" not in fields:
        raise ReplayError(no, f"a '{BLAKE2B_KEYED}' record needs a 'key:' line (64 hex digits)")
    kno, val = fields["key"]
    try:
        return GameKey.from_hex(val)
    except ValueError as e:
        raise ReplayError(kno, str(e)) from None


def split_record(text: str, is_actor: Callable[[str], bool]) -> tuple[list[tuple[int, str]], list[tuple[int, str, str]]]:
    """Split a file into header lines [(line, text)] and actions [(line, actor, action)].

    A line ``name: ...`` whose name ``is_actor`` accepts is an action; header lines must come first.
    """
    header: list[tuple[int, str]] = []
    actions: list[tuple[int, str, str]] = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = strip_comment(raw)
        if not line:
            continue
        m = _ACTOR.match(line)
        if m and is_actor(m.group(1)):
            actions.append((no, m.group(1), m.group(2).strip()))
        elif actions:
            raise ReplayError(no, f"'{line}' is not an action line ('actor: action'); header lines come first")
        else:
            header.append((no, line))
    return header, actions


def header_fields(header: list[tuple[int, str]]) -> dict[str, tuple[int, str]]:
    """The one-word ``key: value`` lines of a header, as key -> (line, value)."""
    fields = {}
    for no, line in header:
        key, sep, val = line.partition(":")
        if not sep:
            raise ReplayError(no, f"expected 'key: value', got '{line}'")
        if len(key.split()) == 1:
            fields[key.strip()] = (no, val.strip())
    return fields


def position_body(text: str, actions: list[tuple[int, str, str]]) -> str:
    """The lines of a position file that come before its first action line (line numbers kept)."""
    lines = text.splitlines()
    return "\n".join(lines[: actions[0][0] - 1] if actions else lines)


def check_format(fields: dict[str, tuple[int, str]], fmt: str, position_fmt: str, rules_version: str) -> str:
    """The file's format, ``fmt`` or ``position_fmt``; an unknown format or rules version is a ReplayError."""
    found = fields.get("format", (1, fmt))[1]
    if found not in (fmt, position_fmt):
        raise ReplayError(fields["format"][0], f"unknown format '{found}' (expected {fmt} or {position_fmt})")
    if found == fmt and "rules" in fields and fields["rules"][1] != rules_version:
        raise ReplayError(fields["rules"][0], f"this engine plays rules version {rules_version}, not '{fields['rules'][1]}'")
    return found


def replay_actions(state: State, actions: list[tuple[int, str, str]],
                   actor_seat: Callable[[State, str], int]) -> Replay:
    """Apply (line, actor, action) lines in order, keeping the events of each; stop at the first illegal one."""
    rep = Replay(state, [(0, None, None, [])])
    for no, actor, act in actions:
        try:
            seat = actor_seat(state, actor)
            events = state.apply(Action(seat, act))
        except RuleViolation as e:
            raise ReplayError(no, f"{actor}: {act}: {e}") from None
        rep.steps.append((no, actor, act, events))
    return rep
