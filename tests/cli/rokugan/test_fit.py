"""The terminal game fits an 80x24 terminal: every line within 80 columns, the board in at most 24 lines,
the legal actions in columns; the bots are the lobby's heuristic ones unless others are named (issue 11)."""

from __future__ import annotations

import io

from click.testing import CliRunner
from rich.console import Console

from daimyo.cli.main import main
from daimyo.cli.rokugan.terminal import TerminalGame, bot_specs, compact_board
from tests.cli.rokugan.helpers import ScriptedHuman


def _console80():
    buf = io.StringIO()
    return Console(file=buf, width=80, height=24, color_system=None, force_terminal=False), buf


def test_heuristic_bots_by_default():
    assert bot_specs(4, 0, []) == {1: "heuristic", 2: "heuristic", 3: "heuristic"}
    r = CliRunner().invoke(main, ["play", "--terminal", "--seed", "3", "--players", "2"], input="quit\nn\n", env={"LANG": "C"})
    assert "seat 1: you" in r.output and "seat 2: heuristic bot" in r.output, r.output[:400]


def test_a_whole_game_fits_80_columns_and_the_board_24_lines():
    con, buf = _console80()
    human = ScriptedHuman(buf, seed=5)
    game = TerminalGame(4, 9, 1, None, [], con, human)
    game.run()
    lines = buf.getvalue().splitlines()
    prompts = [i for i, line in enumerate(lines) if "action, ?, board, quit]>" in line]
    assert len(prompts) > 20
    # a prompt line carries what the scripted human typed after it (no echo): every other line fits
    assert all(len(line) <= 80 for i, line in enumerate(lines) if i not in prompts)
    # the board at the end of the game, drawn alone, fits 24 lines
    con2, buf2 = _console80()
    v = game.view()
    parts = compact_board(v, "en")
    con2.print(parts[0])
    assert len(buf2.getvalue().splitlines()) <= 24
    assert any(line.startswith("Crab ") for line in buf2.getvalue().splitlines())


def test_legal_actions_in_columns():
    con, buf = _console80()
    human = ScriptedHuman(buf, seed=1, script=["1", "1", "?", "quit"])
    game = TerminalGame(3, 4, 0, None, ["random"], con, human)
    game.run()
    out = buf.getvalue()
    assert "Legal actions (" in out
    assert any(line.count(". ") >= 2 and line.lstrip().startswith("1. ") for line in out.splitlines()), out[-2000:]


def test_each_turn_fits_one_80x24_screen():
    """Issue 30: at each decision, what the human needs (the board drawn again, whose turn, the tokens behind the
    screen, the decision, the legal actions or how to list them, the prompt) fits 24 lines: the board's top never
    scrolls off an 80x24 terminal. What is left out is one ``board`` away, and said so."""
    for players, seed in ((4, 9), (5, 3), (2, 4)):
        con, buf = _console80()
        TerminalGame(players, seed, 1, None, ["random"], con, ScriptedHuman(buf, seed=seed)).run()
        lines = buf.getvalue().splitlines()
        title, turns = None, 0
        for i, line in enumerate(lines):
            if "The board (round" in line:
                title = i
            if "action, ?, board, quit]>" in line and title is not None:
                assert i - title + 1 <= 24, "\n".join(lines[title:i + 1])
                title, turns = None, turns + 1
        assert turns > 10
    assert "board: the tokens by province, the players and your screen" in buf.getvalue()
