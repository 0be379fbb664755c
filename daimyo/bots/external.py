"""Bots from outside daimyo: a program in any language over stdin/stdout, or a Python class by name.

Specs (accepted by the arena, simulations and the terminal, never by the play server, which takes
only its own bots' names):

* ``exec:COMMAND`` runs ``COMMAND`` (split like a shell would, not run through one) and talks to it
  in JSON lines (docs/bot-protocol.md): a ``start`` message with the game's static facts, one ``decide``
  message per decision, with the seat's view, the legal actions in the game's notation, the events since
  its last decision and the view in words; an ``end`` message when the game is over. The program
  answers each ``decide`` with one line, an action.
* ``exec-text:COMMAND`` the same, in words only (for a language model): ``start`` and ``decide`` carry
  ``text``, a rendering a person could play from (:mod:`daimyo.bots.text`), instead of the view and the
  list of legal actions, so that a decision stays small (about 2,000 tokens in Battle for Rokugan).
* ``package.module:ClassName`` imports that class and calls ``ClassName(seed)``; it has
  ``choose(state, seat)`` like the built-in bots (returning a move of ``state.legal_moves(seat)``
  or an action's text).
* a name a package registered in the ``daimyo.bots`` entry-point group (``name = "pkg.mod:Class"``).
"""

from __future__ import annotations

import importlib
import json
import re
import selectors
import shlex
import subprocess
import weakref
from importlib.metadata import entry_points
from typing import Any

PROTOCOL = 1
ENTRY_POINTS = "daimyo.bots"
_CLASS_SPEC = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


class BotError(RuntimeError):
    """An outside bot failed: it could not start, answered late, or answered something not legal."""


def move_of(state, seat: int, answer: Any, move_text) -> Any:
    """The legal move of ``seat`` that ``answer`` names: a move itself, or an action's text in the notation."""
    moves = state.legal_moves(seat)
    if not isinstance(answer, str):
        if answer in moves:
            return answer
        raise BotError(f"the bot chose {answer!r}, which is not a legal move")
    wanted = " ".join(answer.split())
    for move in moves:
        if move_text(state, seat, move) == wanted:
            return move
    legal = ", ".join(move_text(state, seat, m) for m in moves[:8])
    raise BotError(f"the bot answered '{wanted[:80]}', which is not a legal action here (legal: {legal}{', ...' if len(moves) > 8 else ''})")


def observation(game: str, seat: int, view: dict, legal: list[str], events: list[str] | None = None,
                text_only: bool = False, lang: str = "en", cards: Any = None) -> dict:
    """What an outside bot is told at a decision (docs/bot-protocol.md): the view, the legal actions, the events
    in words and ``text``, the view and legal actions in words; ``text_only`` leaves out the view and the list of
    legal actions (``legal_count`` says how many) and keeps the latest events that fit (:func:`daimyo.bots.text.latest`)."""
    from daimyo.bots import text
    rendering = text.render(game, view, seat, legal, lang, cards)
    if text_only:
        msg: dict[str, Any] = {"type": "decide", "protocol": PROTOCOL, "game": game, "seat": seat, "text": rendering,
                               "legal_count": len(legal)}
        if events is not None:
            msg["events"] = text.latest(events, lang=lang)
        return msg
    msg = {"type": "decide", "protocol": PROTOCOL, "game": game, "seat": seat, "view": view, "legal": legal}
    if events is not None:
        msg["events"] = events
    msg["text"] = rendering
    return msg


def start_message(game: str, seat: int, view: dict, text_only: bool = False, lang: str = "en", cards: Any = None) -> dict:
    """What an outside bot is told before its first decision: the game's static facts for its seat (Battle for
    Rokugan's map, token codes, cards and objectives; Senjutsu's cards with their lines...) as ``facts`` (left out
    with ``text_only``) and in words as ``text``, with the seat's rules in brief."""
    from daimyo.bots import text
    msg: dict[str, Any] = {"type": "start", "protocol": PROTOCOL, "game": game, "seat": seat}
    if not text_only:
        msg["facts"] = text.start_facts(game, view, seat, lang, cards)
    msg["text"] = text.start_text(game, view, seat, lang, cards)
    return msg


def result_of(view: dict) -> dict:
    """A finished game's result as its seat's view holds it: ``result`` (Battle for Rokugan, Rising Sun) or
    ``winners`` (Senjutsu)."""
    if view.get("result"):
        return view["result"]
    if "winners" in view:
        return {"winners": view["winners"]}
    return {}


def end_message(game: str, seat: int, view: dict, events: list[str], text_only: bool = False, lang: str = "en",
                cards: Any = None) -> dict:
    """What an outside bot is told when the game is over: the final view (in words with ``text_only``), the
    result, and the events since its last decision."""
    from daimyo.bots import text
    msg: dict[str, Any] = {"type": "end", "protocol": PROTOCOL, "game": game, "seat": seat, "result": result_of(view)}
    if not text_only:
        msg["view"] = view
    msg["text"] = text.render(game, view, seat, [], lang, cards)
    msg["events"] = text.latest(events, lang=lang) if text_only else events
    return msg


class Program:
    """A running program spoken to in JSON lines; stopped when no longer used."""

    def __init__(self, command: str, timeout: float = 30.0):
        args = shlex.split(command)
        if not args:
            raise BotError("exec: give the command that runs the bot, e.g. exec:python3 mybot.py")
        try:
            self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            raise BotError(f"exec: could not start '{args[0]}': {e.strerror or e}") from None
        self.command, self.timeout = command, timeout
        self._finalizer = weakref.finalize(self, _stop, self.proc)

    def ask(self, message: dict) -> str:
        """Send ``message``; the program's next line."""
        try:
            assert self.proc.stdin is not None and self.proc.stdout is not None
            self.proc.stdin.write(json.dumps(message) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise BotError(f"the bot program '{self.command}' stopped") from None
        with selectors.DefaultSelector() as sel:
            sel.register(self.proc.stdout, selectors.EVENT_READ)
            if not sel.select(self.timeout):
                raise BotError(f"the bot program '{self.command}' gave no answer within {self.timeout:g} s")
        line = self.proc.stdout.readline()
        if not line:
            raise BotError(f"the bot program '{self.command}' stopped without an answer")
        return line.strip()

    def tell(self, message: dict) -> None:
        """Send ``message`` and expect no answer (the end of a game)."""
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps(message) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def close(self) -> None:
        self._finalizer()


def answer_text(line: str) -> str:
    """A program's answer: the action's text, or a JSON object with ``action``."""
    if line.startswith("{"):
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):   # RecursionError: nested deeper than the JSON reader goes
            raise BotError(f"the bot's answer is not JSON nor an action: '{line[:80]}'") from None
        if not isinstance(data, dict) or not isinstance(data.get("action"), str):
            raise BotError("the bot's JSON answer needs an 'action' text")
        return data["action"]
    return line


class ProgramBot:
    """A seat played by an outside program (``exec:COMMAND``; ``exec-text:COMMAND`` with ``text_only``).

    The program is started at the seat's first decision and told the game's static facts (``start``); each
    decision carries the events its seat saw since the last one, which the play loop hands to :meth:`observe`;
    :meth:`finish` tells it the end of the game and stops it."""

    def __init__(self, game: str, command: str, seed: int, timeout: float = 30.0, text_only: bool = False, lang: str = "en"):
        from daimyo.core.registry import game as game_info
        self.game, self.command, self.seed, self.timeout = game, command, seed, timeout
        self.text_only, self.lang = text_only, lang
        self.move_text = game_info(game).move_text
        self._program: Program | None = None
        self._events: list[str] = []

    def _started(self, state, seat: int) -> Program:
        if self._program is None:
            self._program = Program(self.command, self.timeout)
            self._program.tell(start_message(self.game, seat, state.view(seat), self.text_only, self.lang, _cards(state)))
        return self._program

    def choose(self, state, seat: int):
        program = self._started(state, seat)
        legal = [self.move_text(state, seat, m) for m in state.legal_moves(seat)]
        events, self._events = self._events, []
        line = program.ask(observation(self.game, seat, state.view(seat), legal, events, self.text_only, self.lang,
                                       _cards(state)))
        return move_of(state, seat, answer_text(line), self.move_text)

    def observe(self, state, seat: int, events) -> None:
        """Keep, in words, the ``events`` (of a move just made) that ``seat`` may see, for its next message."""
        from daimyo.bots.text import sentences
        seen = [e for e in events if e.visible(seat)]
        if seen:
            self._events += sentences(self.game, seen, self.lang, state.view(seat), _cards(state))

    def finish(self, state, seat: int) -> None:
        """Tell the program the game is over (``end``, with the final view and the events since its last
        decision), then stop it; a program that never had a decision is started to be told."""
        program = self._started(state, seat)
        events, self._events = self._events, []
        program.tell(end_message(self.game, seat, state.view(seat), events, self.text_only, self.lang, _cards(state)))
        self.close()

    def close(self) -> None:
        if self._program is not None:
            self._program.close()


def _cards(state) -> Any:
    """The game's own data its words read: Senjutsu's card set of ``state``, Battle for Rokugan's rules (the
    standard ones or a rules file's); None for the other games."""
    card_set = getattr(state, "card_set", None)
    return card_set if card_set is not None else getattr(state, "rules", None)


class _Adapted:
    """An outside Python bot whose answers may be action texts: each is checked and turned into the move."""

    def __init__(self, bot, game: str):
        from daimyo.core.registry import game as game_info
        self.bot, self.move_text = bot, game_info(game).move_text

    def choose(self, state, seat: int):
        return move_of(state, seat, self.bot.choose(state, seat), self.move_text)

    def observe(self, state, seat: int, events) -> None:
        if callable(getattr(self.bot, "observe", None)):
            self.bot.observe(state, seat, events)

    def finish(self, state, seat: int) -> None:
        if callable(getattr(self.bot, "finish", None)):
            self.bot.finish(state, seat)


def python_bot(game: str, target: str, seed: int):
    """``package.module:ClassName`` imported and built with ``ClassName(seed)``."""
    module_name, _, class_name = target.partition(":")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except ImportError as e:
        raise ValueError(f"bot '{target}': cannot import module '{module_name}' ({e})") from None
    except AttributeError:
        raise ValueError(f"bot '{target}': module '{module_name}' has no '{class_name}'") from None
    games = getattr(cls, "games", None)
    if games is not None and game not in games:
        raise ValueError(f"bot '{target}' plays {', '.join(games)}, not {game}")
    bot = cls(seed)
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"bot '{target}': a bot needs a choose(state, seat) method")
    return _Adapted(bot, game)


def registered_bots() -> dict[str, str]:
    """The names packages registered in the ``daimyo.bots`` entry-point group, and their ``module:Class``."""
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINTS)}


def _class_spec(spec: str) -> bool:
    """Whether ``spec`` names a Python class (``package.module:ClassName``) rather than a bot with a budget."""
    left, _, right = spec.partition(":")
    return bool(_CLASS_SPEC.match(spec)) and ("." in left or right[:1].isupper())


def names_outside_bot(spec: str) -> bool:
    """Whether ``spec`` is written as an outside bot's (``exec:``, ``exec-text:``, ``package.module:Class`` or a
    registered name), so that a mistake in it is told as its own, not as an unknown bot of the game."""
    return spec.startswith(("exec:", "exec-text:")) or _class_spec(spec) or spec in registered_bots()


def outside_bot(game: str, spec: str, seed: int):
    """The outside bot ``spec`` names, or None when it names none (then it is one of the game's own); ValueError
    for an ``exec:`` without a command."""
    for prefix, text_only in (("exec:", False), ("exec-text:", True)):
        if spec.startswith(prefix):
            command = spec[len(prefix):].strip()
            if not shlex.split(command):
                raise ValueError(f"bot '{spec}': give the command that runs the bot, e.g. {prefix}python3 mybot.py")
            return ProgramBot(game, command, seed, text_only=text_only)
    if _class_spec(spec):
        return python_bot(game, spec, seed)
    target = registered_bots().get(spec)
    if target is not None:
        return python_bot(game, target, seed)
    return None


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        try:
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(timeout=2)
        except (subprocess.TimeoutExpired, OSError):
            proc.kill()
            proc.wait()


__all__ = ["ENTRY_POINTS", "PROTOCOL", "BotError", "Program", "ProgramBot", "answer_text", "end_message", "move_of",
           "names_outside_bot", "observation", "outside_bot", "python_bot", "registered_bots", "result_of",
           "start_message"]
