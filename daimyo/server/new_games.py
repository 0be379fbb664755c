"""A new game's row from a lobby request (docs/server-protocol.md, Creating a game): the game and its seats, its
randomness (a fresh key, or a practice game's seed), what it starts from (its table options' table file, or the
position file a game starts from) and each seat's choice, every field checked and refused in words that name it.
The hub stores the row and opens the game's room; a host's change of a waiting table makes its row again here.
"""

from __future__ import annotations

import secrets
from typing import Any

from daimyo.bots.levels import level_spec
from daimyo.core.errors import RuleViolation
from daimyo.core.limits import MAX_START_FILE
from daimyo.core.registry import TableError
from daimyo.core.rng import GameKey
from daimyo.server.bots import validate_spec
from daimyo.server.clocks import ClockError, parse_clock
from daimyo.server.games import DEFAULT_GAME, hosted, hosted_games, stream
from daimyo.server.rooms import ActError
from daimyo.server.settings import Settings
from daimyo.server.store import IN_PROGRESS, WAITING, GameRow, SeatRow, now
from daimyo.server.workers import worker_of

MAX_SEED = 2**63
#: a seat's field for its choice (clan, character); its old name, still read on input until the next release
CHOICE, OLD_CHOICE = "choice", "clan"

__all__ = ["MAX_SEED", "check_name", "file_seats", "new_row", "start_file_of"]


def new_game_id(settings: Settings) -> str:
    """A new game's id; behind one port's router (``daimyo serve --workers``), one of this worker's share, so that
    the game's requests come to the worker that made it (daimyo/server/workers.py)."""
    while True:
        gid = f"g-{secrets.token_hex(5)}"
        if settings.worker is None or worker_of(gid, settings.worker[1]) == settings.worker[0]:
            return gid


def new_row(req: Any, settings: Settings, keep: GameRow | None = None) -> tuple[GameRow, int | None]:
    """A new game's row from a lobby request; with ``keep``, that waiting game's row changed by the host
    (its id, randomness, invitation, host token, and every seat a player took stay)."""
    if not isinstance(req, dict):
        raise ActError("bad-request", "the request must be a JSON object")
    game = req.get("game", DEFAULT_GAME)
    rules = hosted(game)
    if rules is None:
        shown = game[:40] if isinstance(game, str) and game.isprintable() else "that"
        raise ActError("bad-request", f"game: unknown game '{shown}' (games: {', '.join(hosted_games())})")
    seat_reqs = req.get("seats")
    if not isinstance(seat_reqs, list) or not rules.min_players <= len(seat_reqs) <= rules.max_players:
        raise ActError("bad-request", f"seats: a list of {rules.min_players} to {rules.max_players} seats is needed")
    practice, randomness = _randomness(req) if keep is None else (keep.practice, keep.randomness())
    table, public = req.get("table", False), req.get("public", False)
    if not isinstance(table, bool) or not isinstance(public, bool):
        raise ActError("bad-request", f"{'table' if not isinstance(table, bool) else 'public'}: true or false")
    start_file, allowed, file_choices = _start(rules, req, keep, len(seat_reqs))
    picked, seat_rows = _seats(rules, seat_reqs, allowed, file_choices, settings)
    rated = keep.rated if keep is not None else _rated(req, practice, table)
    if rated and any(s.kind != "human" for s in seat_rows):
        raise ActError("bad-request", "rated: a rated game has no bot seats (bots have fixed ratings of their own); "
                                      "make every seat human, or the game unrated")
    if rated and rules.starts_from_file and start_file is not None and not _shipped(rules, start_file):
        raise ActError("bad-request", f"rated: a game set up from a {rules.start_file} of your own cannot be rated (its "
                                      f"author knows every hidden amount it wrote, as the seed of a practice game); "
                                      f"the examples the game ships can: {', '.join(rules.examples())}")
    sit = req.get("sit")
    if sit is not None and (not isinstance(sit, int) or isinstance(sit, bool) or not 0 <= sit < len(seat_rows)
                            or seat_rows[sit].kind != "human"):
        raise ActError("bad-request", "sit: the number of a human seat (your own), or null if you do not play")
    free = [c for c in allowed if c not in picked]
    stream(randomness, "seat-choices").shuffle(free)
    filled = list(file_choices) if file_choices is not None else [c if c is not None else free.pop() for c in picked]
    if rules.table_options is not None and start_file is not None:   # the table's game must set up (a duel's decks)
        try:
            rules.table_options.new_state(start_file, randomness, filled)
        except TableError as e:
            raise ActError("bad-request", str(e)) from None
    try:
        clock = parse_clock(req.get("clock"), settings.clock_min_seconds)
    except ClockError as e:
        raise ActError("bad-request", str(e)) from None
    row = GameRow(id=new_game_id(settings) if keep is None else keep.id, game=game, players=len(seat_rows),
                  seed=randomness if isinstance(randomness, int) else 0, choices=filled,
                  created=now() if keep is None else keep.created,
                  status=WAITING if table or keep is not None else IN_PROGRESS, result=None, seats=seat_rows,
                  practice=practice, public=public,
                  generator="blake2b-keyed" if isinstance(randomness, GameKey) else "splitmix64",
                  rng_key=randomness.hex() if isinstance(randomness, GameKey) else None, clock=clock.to_text(),
                  start_file=start_file, rated=rated)
    return row, sit


def _rated(req: dict, practice: bool, table: bool) -> bool:
    """Whether a new game is rated (daimyo/server/ratings.py): a table of signed-in players, not a practice game."""
    rated = req.get("rated", False)
    if not isinstance(rated, bool):
        raise ActError("bad-request", "rated: true or false")
    if rated and practice:
        raise ActError("bad-request", "rated: a practice game (its seed may be known) cannot be rated")
    if rated and not table:
        raise ActError("bad-request", "rated: a rated game is a table (\"table\": true) that its host starts once "
                                      "every seat is held by a signed-in player")
    return rated


def _seats(rules, seat_reqs: list, allowed: list[str], file_choices: list[str] | None,
           settings: Settings) -> tuple[list[str | None], list[SeatRow]]:
    """Each requested seat's choice (None: drawn later) and row, every field checked."""
    seat_rows: list[SeatRow] = []
    picked: list[str | None] = []
    for i, sr in enumerate(seat_reqs):
        where = f"seats[{i}]"
        if not isinstance(sr, dict):
            raise ActError("bad-request", f"{where}: a seat is an object with 'kind'")
        kind = sr.get("kind")
        name = check_name(sr.get("name"), f"{where}.name")
        picked.append(_seat_choice(rules, where, sr, allowed, picked,
                                   file_choices[i] if file_choices is not None else None))
        if kind == "human":
            seat_rows.append(SeatRow(i, "human", name, None, None))
        elif kind == "bot":
            field = "level" if "level" in sr else "bot"
            try:   # a level (what the lobby offers) names its bot spec; a spec may be given as it is
                spec = level_spec(rules.name, sr["level"]) if field == "level" else sr.get("bot", "random")
                bot = validate_spec(rules, spec, settings)
            except ValueError as e:
                raise ActError("bad-request", f"{where}.{field}: {e}") from None
            seat_rows.append(SeatRow(i, "bot", name, bot, None))
        else:
            shown = repr(kind)[:40] if isinstance(kind, (str, int, float, bool, type(None))) and repr(kind).isprintable() else "that"
            raise ActError("bad-request", f"{where}.kind: 'human' or 'bot', not {shown}")
    return picked, seat_rows


def check_name(name: Any, where: str) -> str | None:
    if name is None:
        return None
    if not isinstance(name, str) or len(name) > 40 or not name.isprintable():
        raise ActError("bad-request", f"{where}: a one-line text of at most 40 characters")
    return name.strip() or None


def _shipped(rules, start_file: str) -> bool:
    """Whether ``start_file`` is one of the examples the game ships, which every player may read alike."""
    return any(start_file == rules.open_example(name) for name in rules.examples())


def start_file_of(rules, req: dict) -> str:
    """The position file a request starts a game from: ``"example"`` names one the game ships, or ``"file"``
    gives its text (an uploaded war file)."""
    example, text = req.get("example"), req.get("file")
    if (example is None) == (text is None):
        raise ActError("bad-request", f"example, file: a {rules.title} game starts from a {rules.start_file}: name one "
                                      f"example ({', '.join(rules.examples())}) or give a file's text, not both")
    if example is not None:
        if not isinstance(example, str) or example not in rules.examples():
            shown = example[:40] if isinstance(example, str) and example.isprintable() else "that"
            raise ActError("bad-request", f"example: no example {rules.start_file} '{shown}' "
                                          f"(examples: {', '.join(rules.examples())})")
        return rules.open_example(example)
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_START_FILE:
        raise ActError("bad-request", f"file: the text of a {rules.start_file}, at most {MAX_START_FILE} characters")
    return text


def _randomness(req: dict) -> tuple[bool, int | GameKey]:
    """Whether a request makes a practice game, and the new game's randomness: a fresh key, or for a practice game
    its chosen seed (or a drawn one)."""
    practice = req.get("practice", False)
    if not isinstance(practice, bool):
        raise ActError("bad-request", "practice: true or false")
    seed = req.get("seed")
    if seed is not None:
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
            raise ActError("bad-request", "seed: a whole number from 0 to 2**63-1, or null")
        if not practice:
            raise ActError("bad-request", "seed: a chosen seed is allowed only in a practice game (\"practice\": true), "
                                          "since whoever knows the seed knows every hidden fact")
    return practice, ((secrets.randbelow(MAX_SEED) if seed is None else seed) if practice else GameKey.new())


def _start(rules, req: dict, keep: GameRow | None, seats: int) -> tuple[str | None, list[str], list[str] | None]:
    """What a new game starts from: its stored file (a table file of its table options, or the position file it
    starts from; None for neither), the choices a seat may make, and for a game from a position file each seat's
    choice, which the file makes. ``keep``: the waiting game whose table the host changes keeps its file."""
    options = rules.table_options
    if options is not None:   # the table options (Senjutsu: board, terrain, prepared cards, the players' card file)
        try:
            start_file = keep.start_file if keep is not None else options.table_of(req)
            return start_file, options.seat_choices(start_file), None
        except TableError as e:
            raise ActError("bad-request", str(e)) from None
    if not rules.starts_from_file:
        return None, rules.seat_choices(), None
    start_file = keep.start_file if keep is not None else start_file_of(rules, req)   # Rising Sun: its war file
    if start_file is None:
        raise ActError("bad-request", f"file: this game has no {rules.start_file} stored")
    file_choices = file_seats(rules, start_file)
    if seats != len(file_choices):
        raise ActError("bad-request", f"seats: this {rules.start_file} has {len(file_choices)} players "
                                      f"({', '.join(file_choices)}), so {len(file_choices)} seats are needed")
    return start_file, rules.seat_choices(), file_choices


def _seat_choice(rules, where: str, sr: dict, allowed: list[str], taken: list[str | None], from_file: str | None) -> str | None:
    """A seat's requested choice (its clan or character: ``choice``, or its old name ``clan``, read until the next
    release), checked: one of ``allowed``, not ``taken``, and the file's own when the game starts from one; None when
    it asks for none."""
    if CHOICE in sr and OLD_CHOICE in sr:
        raise ActError("bad-request", f"{where}: give '{CHOICE}' (the seat's choice) without its old name '{OLD_CHOICE}'")
    key = OLD_CHOICE if OLD_CHOICE in sr else CHOICE
    choice, field, word = sr.get(key), f"{where}.{key}", rules.seat_word
    if choice is not None and (not isinstance(choice, str) or choice not in allowed):
        shown = choice[:40] if isinstance(choice, str) and choice.isprintable() else "that"
        raise ActError("bad-request", f"{field}: unknown {word} '{shown}' ({word}s: {', '.join(allowed)})")
    if choice is not None and choice in taken:
        raise ActError("bad-request", f"{field}: {choice} is taken by another seat ({rules.unique_rule})")
    if from_file is not None and choice is not None and choice != from_file:
        raise ActError("bad-request", f"{field}: the {rules.start_file} seats {from_file} here, not {choice}")
    return choice


def file_seats(rules, text: str) -> list[str]:
    """The seat choices a position file makes (Rising Sun: the clans of its players, in seat order); a file the
    game's own reader refuses is refused with the reader's words, which name the line and field."""
    try:
        state = rules.new_from_file(text)
    except (ValueError, RuleViolation) as e:
        raise ActError("bad-request", f"file: {getattr(e, 'message', None) or e}") from None
    return list(rules.seat_names(state)) if rules.seat_names else []
