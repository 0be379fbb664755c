"""``daimyo analyse RECORD``: each seat's winning chances after each move of a finished game, from its own view, and
what the game's search bot would have played at each decision (:mod:`daimyo.bots.analysis`; docs/web.md,
"Analysis after a game")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click

from daimyo.cli.common import fail_on_file

FORMAT = re.compile(r"^\s*format:\s*([a-z]+)-", re.MULTILINE)


def game_of(text: str) -> str | None:
    """The registered game a record's ``format:`` line names (``rokugan-record`` -> ``rokugan``), or None."""
    from daimyo.core.registry import GAME_MODULES
    m = FORMAT.search(text)
    return m.group(1) if m and m.group(1) in GAME_MODULES else None


@click.command("analyse")
@click.argument("record", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--game", "game_name", default=None,
              help="The game, by its name in the registry (read from the record's format line where not given).")
@click.option("--budget", default="16", show_default=True,
              help="Per position: rollouts per seat and the search bot's iterations (16), or seconds (0.5s).")
@click.option("--cap", type=float, default=300.0, show_default=True,
              help="Seconds for the whole game; past it, the positions not reached are left out ('-').")
@click.option("--seed", type=int, default=0, show_default=True, help="The seed of the worlds drawn.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def analyse(record: Path, game_name: str | None, budget: str, cap: float, seed: int, as_json: bool) -> None:
    """Analyse the finished game in RECORD: each seat's chances after each move, and the search bot's choices."""
    from daimyo.bots.analysis import Budget, NoAnalysis, analyse as run, table
    try:
        text = record.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        fail_on_file(record, ValueError("the file is not UTF-8 text; save it as UTF-8"))
    name = game_name or game_of(text)
    if name is None:
        fail_on_file(record, ValueError("format: no game's record format named; give --game"))
        return
    try:
        result = run(name, text, Budget.parse(budget, cap), seed)
    except (NoAnalysis, ValueError) as e:
        fail_on_file(record, e)
    if as_json:
        click.echo(json.dumps(result))
        return
    for line in table(result):
        click.echo(line)
