"""Bots from outside daimyo: a program in any language over stdin/stdout, or a Python class by name.

Specs (accepted by the arena, simulations and the terminal, never by the play server, which takes
only its own bots' names):

* ``exec:COMMAND`` runs ``COMMAND`` (split like a shell would, not run through one) and talks to it
  in JSON lines (docs/bot-protocol.md): one ``decide`` message per decision, with the seat's view
  and the legal actions in the game's notation; the program answers with one line, an action.
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


def observation(game: str, seat: int, view: dict, legal: list[str], events: list[str] | None = None) -> dict:
    """What an outside bot is told at a decision (docs/bot-protocol.md)."""
    msg = {"type": "decide", "protocol": PROTOCOL, "game": game, "seat": seat, "view": view, "legal": legal}
    if events is not None:
        msg["events"] = events
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
        except ValueError:
            raise BotError(f"the bot's answer is not JSON nor an action: '{line[:80]}'") from None
        if not isinstance(data, dict) or not isinstance(data.get("action"), str):
            raise BotError("the bot's JSON answer needs an 'action' text")
        return data["action"]
    return line


class ProgramBot:
    """A seat played by an outside program (``exec:COMMAND``)."""

    def __init__(self, game: str, command: str, seed: int, timeout: float = 30.0):
        from daimyo.core.registry import game as game_info
        self.game, self.command, self.seed, self.timeout = game, command, seed, timeout
        self.move_text = game_info(game).move_text
        self._program: Program | None = None

    def choose(self, state, seat: int):
        if self._program is None:
            self._program = Program(self.command, self.timeout)
        legal = [self.move_text(state, seat, m) for m in state.legal_moves(seat)]
        line = self._program.ask(observation(self.game, seat, state.view(seat), legal))
        return move_of(state, seat, answer_text(line), self.move_text)

    def close(self) -> None:
        if self._program is not None:
            self._program.close()


class _Adapted:
    """An outside Python bot whose answers may be action texts: each is checked and turned into the move."""

    def __init__(self, bot, game: str):
        from daimyo.core.registry import game as game_info
        self.bot, self.move_text = bot, game_info(game).move_text

    def choose(self, state, seat: int):
        return move_of(state, seat, self.bot.choose(state, seat), self.move_text)


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


def outside_bot(game: str, spec: str, seed: int):
    """The outside bot ``spec`` names, or None when it names none (then it is one of the game's own)."""
    if spec.startswith("exec:"):
        return ProgramBot(game, spec[len("exec:"):].strip(), seed)
    left, _, right = spec.partition(":")
    if _CLASS_SPEC.match(spec) and ("." in left or right[:1].isupper()):
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


__all__ = ["ENTRY_POINTS", "PROTOCOL", "BotError", "Program", "ProgramBot", "answer_text", "move_of", "observation",
           "outside_bot", "python_bot", "registered_bots"]
