"""A scripted human for the terminal game: reads the screen like a person and types lines."""

from __future__ import annotations

import io
import re

from rich.console import Console

from daimyo.cli.rokugan.terminal import PAUSE_PROMPT
from daimyo.core.rng import Rng

#: the action prompt, in English or Polish (term.prompt)
PROMPT = re.compile(r"\[1-(\d+), (?:action|akcja), \?, board, quit\]> $")


def console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=200, color_system=None, force_terminal=False), buf


class ScriptedHuman:
    """Types the lines of ``script`` first; then, at each action prompt, the number of a random legal action.

    At the save question it answers ``save`` (a file name, or None for no).
    """

    def __init__(self, buf: io.StringIO, seed: int = 0, script: list[str] | None = None, save: str | None = None):
        self.buf = buf
        self.rng = Rng(seed)
        self.script = list(script or [])
        self.save = save
        self.prompts = 0
        self.pauses = 0

    def __call__(self) -> str:
        tail = self.buf.getvalue()[-300:]
        if tail.endswith("Save the game record? [y/N] "):
            return "y" if self.save else "n"
        if "File name [" in tail[-120:]:
            return self.save
        if tail.endswith(PAUSE_PROMPT):
            self.pauses += 1
            return ""
        if self.script:
            return self.script.pop(0)
        m = PROMPT.search(tail)
        if not m:
            raise AssertionError(f"the scripted human does not know what to answer to: {tail[-200:]!r}")
        self.prompts += 1
        return str(1 + self.rng.below(int(m.group(1))))
