"""Game records: a header and the actions of a game, one a line.

::

    format: rokugan-record
    rules: 1
    players: 4
    seed: 7
    clans: crab crane lion unicorn

    crab: objective emerald-empire
    crane: objective way-of-the-sail
    ...

Without a ``clans:`` line the players choose clans as actions (``seat0: clan crab``).
A game seeded with a secret key (daimyo/core/rng.py) has ``generator: blake2b-keyed``
and ``key: <64 hex digits>`` instead of ``seed:``; :func:`record_header` writes either.
A game is (rules version, seed or key, actions): replaying a record rebuilds the same
state exactly. A position file (docs/rokugan-positions.md) followed by a blank
line and action lines replays from that position instead.
"""

from __future__ import annotations

import re

from daimyo.core.errors import FormatError, RuleViolation, violation
from daimyo.core.game import Action, Event
from daimyo.core.record import (
    Replay,
    ReplayError,
    check_format,
    header_fields,
    header_seed,
    position_body,
    record_text as _record_text,
    replay_actions,
    seed_header,
    split_record,
)
from daimyo.core.rng import GameKey
from daimyo.rokugan.bounds import (
    MAX_ACTION_CHARS,
    MAX_PLAYERS,
    MAX_RECORD_ACTIONS,
    MAX_RECORD_CHARS,
    MAX_RECORD_LINES,
    MAX_SEED,
    MIN_PLAYERS,
    check_size,
    count,
)
from daimyo.rokugan.data import RULES, Rules
from daimyo.rokugan.position import FORMAT as POSITION_FORMAT, from_position
from daimyo.rokugan.state import RokuganState

FORMAT = "rokugan-record"
__all__ = ["FORMAT", "Recorder", "Replay", "ReplayError", "parse", "record_header", "record_text", "replay"]


def record_header(players: int, seed: int | GameKey, clans: list[str] | None = None) -> dict:
    """The header of a game's record: players, how it was seeded (``seed``, or ``generator`` and ``key``), clans."""
    header = {"players": players, **seed_header(seed)}
    if clans:
        header["clans"] = " ".join(clans)
    return header


def record_text(header: dict, actions: list[tuple[str, str]], rules: Rules | None = None) -> str:
    """Write a record: ``header`` such as {"players": 4, "seed": 7, "clans": "crab crane lion unicorn"}
    (see :func:`record_header`); the game's rules file (``rules``, by default this process's default rules:
    data_variant.py) is written into it whole."""
    from daimyo.rokugan.data_variant import header_fields as variant_header
    return _record_text(FORMAT, RokuganState.rules_version, {**header, **variant_header(rules)}, actions)


def _is_actor(name: str) -> bool:
    return name in RULES.clan_names or (name.startswith("seat") and name[4:].isdigit())


def parse(text: str) -> tuple[RokuganState, list[tuple[int, str, str]]]:
    """Split a record or position file into its starting state and its (line, actor, action) lines.

    A file larger than a game can be, or with more actions than a game has, is refused naming the line past the
    bound before it is split (daimyo/rokugan/bounds.py)."""
    try:
        check_size(text, MAX_RECORD_CHARS, MAX_RECORD_LINES, "a record")
    except FormatError as e:
        m = _LINE.match(str(e))
        raise ReplayError(int(m.group(1)) if m else 1, str(e)[m.end():] if m else str(e)) from None
    header, actions = split_record(text, _is_actor)
    if len(actions) > MAX_RECORD_ACTIONS:
        raise ReplayError(actions[MAX_RECORD_ACTIONS][0], f"a game has at most {MAX_RECORD_ACTIONS} actions; this file "
                                                          f"has {len(actions)} [bounds]")
    for no, _actor, action in actions:
        if len(action) > MAX_ACTION_CHARS:
            raise ReplayError(no, f"an action is at most {MAX_ACTION_CHARS} characters long [bounds]")
    fields = header_fields(header)
    if "format" not in fields and header and not _record_header(header, fields):
        # without its first line a position reads as a record whose header makes no sense: say what is missing
        raise ReplayError(header[0][0], f"the file has no 'format:' line: a position starts with 'format: {POSITION_FORMAT}', "
                                        f"a game record with 'format: {FORMAT}'")
    if check_format(fields, FORMAT, POSITION_FORMAT, RokuganState.rules_version) == POSITION_FORMAT:
        # the position is every line before the first action (line numbers stay the file's own)
        try:
            return from_position(position_body(text, actions)), actions
        except FormatError as e:
            m = _LINE.match(str(e))
            if m is None:
                raise  # a fact of no one line (the error says which)
            # "line 9 (province): ..." becomes line 9 and "province: ...": the line is said once
            raise ReplayError(int(m.group(1)), f"{m.group(2)}: {str(e)[m.end():]}" if m.group(2) else str(e)[m.end():]) from None
    for key, (no, _val) in fields.items():
        if key not in ("format", "rules", "players", "seed", "clans") and not re.match(r"^[a-z][a-z0-9_-]*$", key):
            raise ReplayError(no, f"bad header key '{key}'")
    try:
        # the header's numbers within the rules' bounds before anything is set up
        players = count(fields["players"][1], "field 'players'", MIN_PLAYERS, MAX_PLAYERS,
                                                         "the number of players (Setup)") if "players" in fields else None
        if "seed" in fields and fields.get("generator", (0, "splitmix64"))[1] == "splitmix64":
            count(fields["seed"][1], "field 'seed'", 0, MAX_SEED, "the generator's state")
    except FormatError as e:
        no = fields["players"][0] if str(e).startswith("field 'players'") else fields["seed"][0]
        raise ReplayError(no, str(e)) from None
    seed = header_seed(fields)
    rules = _variant_rules(fields)
    clans = fields["clans"][1].split() if "clans" in fields else None
    if players is None:
        if clans is None:
            raise ReplayError(1, "a record needs a 'players:' line")
        players = len(clans)
    try:
        return RokuganState.new_game(players=players, seed=seed, clans=clans, rules=rules), actions
    except RuleViolation as e:
        raise ReplayError(fields.get("clans", fields.get("players", (1, "")))[0], str(e)) from None


_LINE = re.compile(r"line (\d+)(?: \(([^)]*)\))?: ")


def _variant_rules(fields: dict) -> Rules:
    """The record's rules: its rules file (``variant-rules:``, checked against ``variant-digest:``), or the standard
    rules where it names none (docs/designers.md). Nothing in the process changes."""
    from daimyo.rokugan.data_variant import variant_named

    if "variant-rules" not in fields:
        for key in ("variant", "variant-digest"):
            if key in fields:
                raise ReplayError(fields[key][0], f"field '{key}' needs the rules file itself on a 'variant-rules:' line")
        return RULES
    no, canonical = fields["variant-rules"]
    if "variant-digest" not in fields:
        raise ReplayError(no, "field 'variant-rules' needs its 'variant-digest:' line")
    try:
        variant = variant_named(canonical, fields["variant-digest"][1], "field 'variant-rules'")
    except FormatError as e:
        raise ReplayError(no, str(e)) from None
    if "variant" in fields and fields["variant"][1] != variant.name:
        raise ReplayError(fields["variant"][0], f"field 'variant': the rules file is named '{variant.name}', "
                                                f"not '{fields['variant'][1]}'")
    return variant.rules


# the keys only a position has (docs/rokugan-positions.md)
_POSITION_KEYS = frozenset(("phase", "round", "first", "turn", "initiative", "spaces", "played", "passes", "next-token",
                            "pending", "province", "token", "hand", "pool", "discard", "out", "supply", "set-aside",
                            "scouts", "shugenja", "cards", "objective", "offer", "ronin", "done", "spied", "seen",
                            "first-player-card", "scorpion-look", "unicorn-swap"))


def _record_header(header: list[tuple[int, str]], fields: dict) -> bool:
    """Whether a header without a ``format:`` line reads as a record's: no position key, whole-number players."""
    if any(line.split(":")[0].split()[0] in _POSITION_KEYS for _no, line in header if line.split(":")[0].split()):
        return False
    return "players" not in fields or (fields["players"][1].isascii() and fields["players"][1].isdigit())


def actor_seat(state: RokuganState, actor: str) -> int:
    if actor.startswith("seat"):
        seat = int(actor[4:])
        if not 0 <= seat < state.n:
            raise violation("rk.no_such_actor", "there is no {actor} in a {n}-player game", "Setup", actor=actor, n=state.n)
        return seat
    if actor not in state.clans:
        raise violation("rk.no_player_actor", "no player plays {actor} in this game", "Setup 3. Choose Clans", actor=actor)
    return state.clans.index(actor)


def replay(text: str) -> Replay:
    """Load a record or position and apply its actions, keeping the events of each."""
    state, actions = parse(text)
    # a position at a moment nobody decides (the end of placement) runs its automatic steps first
    first = state._advance() if not state.to_act() and not state.is_terminal() else []
    rep = replay_actions(state, actions, actor_seat)
    rep.steps[0] = (0, None, None, first)
    return rep


class Recorder:
    """Play a game while keeping its record: ``Recorder(players=4, seed=7)``, then ``apply``."""

    def __init__(self, players: int = 4, seed: int | GameKey = 0, clans: list[str] | None = None,
                 rules: Rules | None = None):
        self.header = record_header(players, seed, clans)
        self.state = RokuganState.new_game(players=players, seed=seed, clans=clans, rules=rules)
        self.actions: list[tuple[str, str]] = []

    def apply(self, action: Action) -> list[Event]:
        actor = self.state.clans[action.player] or f"seat{action.player}"
        events = self.state.apply(action)
        self.actions.append((actor, action.text))
        return events

    def apply_move(self, seat: int, move: tuple) -> list[Event]:
        from daimyo.rokugan.notation import move_text
        actor = self.state.clans[seat] or f"seat{seat}"
        text = move_text(self.state, seat, move)
        events = self.state.apply_move(seat, move)
        self.actions.append((actor, text))
        return events

    def text(self) -> str:
        return record_text(self.header, self.actions, self.state.rules)
