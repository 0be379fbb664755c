"""The game registry: one :class:`GameInfo` per game, the one shape by which the server, tests and tools know a game.

Each game registers itself in its own folder (``daimyo/rokugan/game.py``, ``daimyo/senjutsu/game.py``,
``daimyo/risingsun/game.py``) with one call, ``register(GameInfo(...))``. The registry imports those modules only
when a game is first asked for, by the table :data:`GAME_MODULES`, so that importing ``daimyo.core`` imports no game, and no engine imports the server.

Adding a game: write its engine and its ``game.py`` in its own folder, and add one line to :data:`GAME_MODULES`
(or call :func:`register` from anywhere, as a test does for a toy game).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from daimyo.core.game import GameState
from daimyo.core.rng import GameKey

Randomness = int | GameKey

# game name -> the module whose import registers it
GAME_MODULES: dict[str, str] = {
    "rokugan": "daimyo.rokugan.game",
    "senjutsu": "daimyo.senjutsu.game",
    "risingsun": "daimyo.risingsun.game",
}

#: the page a game is played on unless its registration names its own (``page``): Battle for Rokugan's, the default
#: game's; it also reports a missing game
DEFAULT_PAGE = "rokugan.html"
#: the words a registration's ``page_words`` may name (see :meth:`GameInfo.page_word`)
PAGE_WORDS = ("title", "choice", "phase", "progress", "start_file", "upload", "uploaded", "example")


@dataclass(frozen=True, kw_only=True)
class GameInfo:
    """What every user of a game (server, tests, tools) needs to know of it.

    ``seat_word`` is what a seat is called ("clan", "character"); ``unique_rule`` the rule section that makes each
    seat's choice unique; ``seat_choices()`` the names a seat may choose. ``move_text(state, seat, move)`` writes a
    bot's move as the action's text and ``canonical(state, seat, text)`` the notation's own text of an action
    ``state`` accepts from ``seat``. ``progress(state)`` is (round or turn, phase), ``result(state)`` the outcome of a
    finished game, and ``replay(text)`` reads a record back to the final state. A game built in keeps its bots in
    the bots package (its package named by ``bots``, imported only when asked: the rules import no bot); a game registered otherwise
    may bring its own, ``bot_names()`` listing them and ``make_bot(spec, seed)`` making one (both or neither).
    Ask :func:`daimyo.bots.registry.bot_names` and :func:`~daimyo.bots.registry.game_bot` for either kind.

    A game starts in one of two ways:

    * **from seats** (Battle for Rokugan, Senjutsu): ``new_state(players, randomness, seats)`` sets a game up, and
      ``record(players, randomness, seats, actions)`` writes the record of its (seat, text) actions;
    * **from a position file** (Rising Sun's War Phase starts from a war file): ``start_file`` names the file
      ("war file"), ``new_from_file(text)`` starts the game it describes, ``examples()`` names the example files the
      game ships and ``open_example(name)`` gives one's text, and ``record_from_file(text, actions)`` writes the
      record. Such a game has no ``new_state`` nor ``record``.

    Optional parts, which some tools need (``daimyo simulate`` says so when a game lacks one):
    ``seats_in_play`` is true when ``new_state`` given no seat choices lets the players choose them as the game's
    first actions (Battle for Rokugan's clans); ``seat_names(state)`` are the choices each seat made, in seat order;
    ``scores(state)`` each seat's final score (Honor, VP) in a finished game. ``environment`` names the function
    (``"module:function"``) that makes the game's PettingZoo environment, imported only by ``make_environment``
    so that the rules need no RL library.

    What the play server and its pages need (the server names no game): ``page``, the HTML file of
    ``daimyo/web/static`` its games are played on; ``page_data()``, the public data that page reads (served at
    ``/api/<name>/data``); ``page_files``, more public files by name, each a function giving its text (served at
    ``/api/<name>/<file>``, typed by the name's extension); ``table_options``, the :class:`TableOptions` a lobby
    request may give besides the seats.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    seat_word: str
    unique_rule: str
    seat_choices: Callable[[], list[str]]
    move_text: Callable[[GameState, int, Any], str]
    canonical: Callable[[GameState, int, str], str]
    progress: Callable[[GameState], tuple[int, str]]
    result: Callable[[GameState], Any]
    replay: Callable[[str], GameState]
    new_state: Callable[[int, Randomness, list[str]], GameState] | None = None
    record: Callable[[int, Randomness, list[str], list[tuple[int, str]]], str] | None = None
    start_file: str | None = None
    new_from_file: Callable[[str], GameState] | None = None
    record_from_file: Callable[[str, list[tuple[int, str]]], str] | None = None
    examples: Callable[[], list[str]] = list
    open_example: Callable[[str], str] | None = None
    seats_in_play: bool = False
    seat_names: Callable[[GameState], list[str]] | None = None
    scores: Callable[[GameState], list[int]] | None = None
    environment: str | None = None   # "module:function" making its PettingZoo environment (imported only when asked)
    # server and pages
    page: str = DEFAULT_PAGE   # its page in daimyo/web/static
    page_data: Callable[[], dict] | None = None   # the public data its page reads, at /api/<name>/data
    page_files: Mapping[str, Callable[[], str]] = field(default_factory=dict)   # more public files, /api/<name>/<file>
    table_options: TableOptions | None = None   # what a table may choose besides its seats (see TableOptions)
    # the catalogue keys the general pages (lobby, join, players) name it by, each optional (see page_word):
    # "title" its name, "choice" the prefix of a seat choice's name, "phase" the prefix of a phase's name, "progress"
    # the sentence of a game under way (given n, round and turn, phase and step); for a game that starts from a file,
    # the lobby's file box: "start_file" the label of its example choice, "upload" of its upload, "uploaded" the
    # example choice's name of an uploaded file, "example" the prefix of an example's name
    page_words: Mapping[str, str] = field(default_factory=dict)
    start_file_accept: str = "text/plain"   # the lobby's file chooser's kinds of a start file (its input's accept)
    default_players: int | None = None   # the number of players the lobby offers first when the game is picked
    # the key of page_data()'s list of its seat choices' printed names ({"id", "name"} each), for a game whose choices'
    # names are not all in the catalogue (a card file's characters)
    choice_names: str | None = None
    # the private events that only tell the actor its own choice (a token placed face down, a card chosen): an action
    # whose private events are all of these reveals nothing hidden, so its player may take it back (the server's undo)
    undo_echoes: frozenset[str] = frozenset()
    bot_names: Callable[[], list[str]] | None = None   # a game's own bots, for a game not built in (see above)
    make_bot: Callable[[str, int], Any] | None = None
    # tools: what the arena, the studies, the bots' registry and the rule messages' words read of a game (each
    # optional; a module is named, not imported, so the rules import no tool)
    bots: str | None = None   # the package of a built-in game's bots in daimyo.bots: bot_names(), make_bot(spec, seed)
    first_player: Callable[[Any], int | None] | None = None   # who moves first, read from a state once known (None before)
    objectives: Callable[[Any], list] | None = None   # a finished game's secret objectives, per seat: [objective, met, points]
    rule_codes: str | None = None   # the prefix of its rule messages' codes ("rk" of "rk.placement_illegal")
    words: str | None = None   # the module of its words; its rule_params(params, lang) names a rule message's printed things
    comparison: str | None = None   # the module playing a study's arms its own way (plan_arms, play_arms); else arena games
    standing: str | None = None   # the module a study of a game's shape replays records with: parse, actor_seat, standing
    rules_files: str | None = None   # the module of its rules files (a designer's variant): parse_variant, activate, active
    # "module:function" playing one arena game (a GameSpec) whole on a fast path (a native engine), imported only when
    # asked: the row's game fields (clans, first, returns, scores, objectives, moves, record), equal to the move-by-move
    # play's, or None where that path cannot play the spec (another bot in a seat, the engine not built)
    fast_play: str | None = None
    # research
    # The game's research tools, each "module:function" imported only when asked (the rules need no RL library);
    # None where the game offers none (the tools say so by name). ``raw_environment``: makes its unwrapped PettingZoo
    # AEC environment from the game's options (what daimyo.rl.single and daimyo.rl.rllib wrap); ``gymnasium_id``: the
    # Gymnasium id daimyo.rl.single registers for one seat of it; ``openspiel_game``: gives its
    # daimyo.rl.openspiel.SpielGame (parameters, codec, resampling), which daimyo.rl.openspiel registers.
    raw_environment: str | None = None
    gymnasium_id: str | None = None
    openspiel_game: str | None = None

    def page_word(self, what: str) -> str:
        """The catalogue key of ``page_words``'s ``what``, or the default one: ``lobby.game_<name>``, the seat word's
        ``<seat_word>.``, ``phase.`` and ``lobby.round_phase``."""
        defaults = {"title": f"lobby.game_{self.name}", "choice": f"{self.seat_word}.", "phase": "phase.",
                    "progress": "lobby.round_phase", "start_file": "lobby.start_file", "upload": "lobby.upload_file",
                    "uploaded": "lobby.uploaded_file", "example": "example."}
        return self.page_words.get(what, defaults[what])

    def __post_init__(self) -> None:
        if not self.name or not self.name.isidentifier() or self.name != self.name.lower():
            raise ValueError(f"name: a game's name is one lower-case word, not {self.name!r}")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"min_players, max_players: 1 <= {self.min_players} <= {self.max_players} is needed")
        if set(self.page_words) - set(PAGE_WORDS):
            raise ValueError(f"page_words: {self.name} names {sorted(set(self.page_words))}; "
                             f"{', '.join(PAGE_WORDS)} are known")
        if self.default_players is not None and not self.min_players <= self.default_players <= self.max_players:
            raise ValueError(f"default_players: {self.default_players} is not between {self.min_players} and "
                             f"{self.max_players}")
        if (self.bot_names is None) != (self.make_bot is None):
            raise ValueError(f"bot_names, make_bot: {self.name} gives its own bots with both or neither")
        from_seats = (self.new_state, self.record)
        from_file = (self.start_file, self.new_from_file, self.record_from_file, self.open_example)
        if self.start_file is None:
            if None in from_seats:
                raise ValueError(f"new_state, record: {self.name} starts from seats and needs both")
            if any(part is not None for part in from_file):
                raise ValueError(f"start_file: {self.name} gives new_from_file etc. but names no start file")
        else:
            if None in from_file:
                raise ValueError(f"new_from_file, record_from_file, open_example: {self.name} starts from a "
                                 f"{self.start_file} and needs all three")
            if any(part is not None for part in from_seats):
                raise ValueError(f"new_state, record: {self.name} starts from a {self.start_file}, not from seats")

    def setup(self, players: int, randomness: Randomness, seats: list[str], **options: Any) -> Any:
        """A new game from its seats (``new_state``); ValueError naming the start file for a game that starts from one.

        ``options`` go to ``new_state`` (Battle for Rokugan's ``engine``)."""
        if self.new_state is None:
            raise ValueError(f"{self.title} starts from a {self.start_file}, not from chosen seats")
        return self.new_state(players, randomness, seats, **options)

    def write_record(self, players: int, randomness: Randomness, seats: list[str], actions: list[tuple[int, str]]) -> str:
        """The record of a game started from its seats (``record``); ValueError for a game that starts from a file."""
        if self.record is None:
            raise ValueError(f"{self.title} starts from a {self.start_file}: its record is written from that file")
        return self.record(players, randomness, seats, actions)

    def make_environment(self, **options: Any) -> Any:
        """The game's PettingZoo environment (``environment``); ValueError for a game that has none yet."""
        if self.environment is None:
            raise ValueError(f"{self.title} has no reinforcement-learning environment yet (environment in its registration)")
        return load(self.environment)(**options)

    @property
    def starts_from_file(self) -> bool:
        """Whether a game starts from a position file (``start_file``) rather than from chosen seats."""
        return self.start_file is not None


class TableError(ValueError):
    """A table option refused (:class:`TableOptions`): the message names the field (and what in it is wrong)."""


class TableOptions(Protocol):
    """What a table of a game may choose besides its seats (Senjutsu: the board, the terrain, prepared cards and the
    players' own card file), kept as one text, the game's **table file**, which the server stores with the game
    (where a game that starts from a file stores that file) so that a restart, a rematch and the record set the same
    game up again. A game with no option given stores none and is set up from its seats as usual.

    ``fields`` are the request fields it reads; ``upload``, the one among them whose text is a file the server first
    reads with :meth:`read_upload` in a worker process (its own limits on time and size), or None. Every refusal is
    a :class:`TableError` naming the field."""

    fields: tuple[str, ...]
    upload: str | None

    def table_of(self, request: dict) -> str | None:
        """The table file of a lobby request's options, or None when it gives none."""

    def table_fields(self, table: str | None) -> dict:
        """The request fields that make the table of ``table`` again (a rematch); {} for None."""

    def seat_choices(self, table: str | None) -> list[str]:
        """What a seat may choose at this table."""

    def new_state(self, table: str, randomness: Randomness, seats: list[str]) -> GameState:
        """The first state of a game at this table."""

    def record(self, table: str, randomness: Randomness, seats: list[str], actions: list[tuple[int, str]]) -> str:
        """The record of a game at this table (its header holds what sets the table up again)."""

    def read_upload(self, text: str, max_depth: int) -> dict:
        """What the uploaded file ``text`` of field ``upload`` adds, as plain data (JSON nesting at most
        ``max_depth``)."""

    def page_data(self, table: str | None) -> dict | None:
        """The game's page data at this table (what its file adds included), or None when the table adds nothing."""

    def welcome_table(self, table: str | None) -> dict | None:
        """What the server's ``welcome`` tells every connection of the game of the table file (all of it public to
        the table), so that an outside bot reads the game under its rules; None when it tells nothing."""

    def read_welcome_table(self, table: Any) -> Any:
        """The game's own data an outside bot's words read (:meth:`welcome_table`'s reverse: Battle for Rokugan's
        rules) from a ``welcome``'s ``table``; ValueError naming the field (``field 'table.digest': ...``) when it
        does not fit."""

    def lobby(self) -> dict:
        """What the lobby's table-options box offers (sent in ``/api/registry``'s ``table``), as catalogue keys and
        plain data: ``legend``, the box's title; ``options``, each ``{"field", "label", "default"}`` with either
        ``"values"`` and ``"words"`` (a choice: each value's key is ``words`` + value) or ``"flag": true`` (a
        checkbox); ``file``, the upload's ``{"label", "accept", "none"}`` (``none``: the note while no file is
        given), or None for a table without one."""

    def upload_words(self, read: dict) -> dict:
        """What the lobby shows of a checked upload (``read``, :meth:`read_upload`'s answer): ``note``, a catalogue
        key and its parameters (``{"key", "params"}``); ``choices``, what a seat may then choose (None: unchanged);
        ``names``, the printed names of choices the catalogue may not know."""


_REGISTRY: dict[str, GameInfo] = {}


def load(target: str) -> Any:
    """The object a registration's ``"module:function"`` names (the module imported now)."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def register(info: GameInfo) -> GameInfo:
    """Make ``info`` known by its name (registering the same name again replaces it, as reloading a module does)."""
    if not isinstance(info, GameInfo):
        raise TypeError(f"register takes a GameInfo, not {type(info).__name__}")
    _REGISTRY[info.name] = info
    return info


def unregister(name: str) -> None:
    """Forget a game registered by :func:`register` (for tests that register a game of their own)."""
    _REGISTRY.pop(name, None)


def game(name: str) -> GameInfo:
    """The registration of the game called ``name``; an unknown name raises ValueError listing the games."""
    if isinstance(name, str) and name not in _REGISTRY and name in GAME_MODULES:
        importlib.import_module(GAME_MODULES[name])
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        raise ValueError(f"game: unknown game {name!r} (games: {', '.join(games())})") from None


def games() -> list[str]:
    """The names of every game: those of :data:`GAME_MODULES` in order, then any registered otherwise."""
    for name, module in GAME_MODULES.items():
        if name not in _REGISTRY:
            importlib.import_module(module)
    return list(GAME_MODULES) + [n for n in _REGISTRY if n not in GAME_MODULES]
