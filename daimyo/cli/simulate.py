"""Many games between random bots, with win shares and mean scores by seat choice (clan, character).

The game is found through the registry (:func:`daimyo.core.registry.game`) and played through the game interface's
move layer (:class:`daimyo.core.game.GameState`), so any registered game can be simulated. A game set up from seats
(``new_state``) has its seats drawn from the game's ``seats`` stream, unless its players choose them in play (Battle
for Rokugan: then the bots choose, and the game names the choices made, ``seat_names``). A game that starts from a
position file (Rising Sun's war file) plays its example files of that many players in turn, and names its seats
(``seat_names``).
"""

from __future__ import annotations

import importlib
import json
import math
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from daimyo.bots.random_bot import BOT_SALT, RandomBot, bot_seeds, play
from daimyo.core.game import GameState
from daimyo.core.registry import GameInfo, game
from daimyo.core.rng import stream

#: fields of :func:`simulate`'s result that depend on the machine's speed
TIMING_FIELDS = ("seconds", "games_per_second", "actions_per_second")

#: games a native call plays where the game's engine plays many deals at once (``play_random_deals``)
_CHUNK = 100


def simulable(game_name: str) -> GameInfo:
    """The registration of ``game_name`` if it has what simulating needs; otherwise ValueError saying what it lacks."""
    info = game(game_name)
    if info.seat_names is None and (info.seats_in_play or info.starts_from_file):
        raise ValueError(f"simulate: {info.title} does not name its seats' choices (seat_names in its registration)")
    return info


def start_files(info: GameInfo, players: int) -> list[str]:
    """The example position files of ``info`` (a game that starts from one) for ``players`` players, in order."""
    assert info.new_from_file is not None and info.open_example is not None
    texts = [info.open_example(name) for name in info.examples()]
    fit = [text for text in texts if len(info.new_from_file(text).returns()) == players]
    if not fit:
        raise ValueError(f"players: no example {info.start_file} of {info.title} is for {players} players "
                         f"(examples: {', '.join(info.examples()) or 'none'})")
    return fit


def engine_start(info: GameInfo) -> Callable[[str, str], Any]:
    """How a game that starts from a file starts it on a chosen engine: its bots' module's ``start_from_file(text,
    engine)`` (Rising Sun: :func:`daimyo.bots.risingsun.start_from_file`); ValueError for a game with one engine."""
    maker = getattr(importlib.import_module(info.bots), "start_from_file", None) if info.bots else None
    if maker is None:
        raise ValueError(f"engine: {info.title} has one engine; give no engine")
    return maker


def start(info: GameInfo, players: int, seed: int, starts: list[str], engine: str | None) -> tuple[GameState, list[str]]:
    """Game ``seed``'s first state and the seat choices drawn for it (none where the game or its file chooses)."""
    if starts:
        assert info.new_from_file is not None
        if engine:
            return engine_start(info)(starts[seed % len(starts)], engine), []
        return info.new_from_file(starts[seed % len(starts)]), []
    seats: list[str] = []
    if not info.seats_in_play:
        rng, choices = stream(seed, "seats"), info.seat_choices()
        seats = [choices.pop(rng.below(len(choices))) for _ in range(players)]
    return info.setup(players, seed, seats, **({"engine": engine} if engine else {})), seats


def simulate(players: int, games: int, seed: int, on_game: Callable[[int], None] | None = None,
             game_name: str = "rokugan", engine: str | None = None) -> dict:
    """Play ``games`` games of ``game_name``; game ``i`` uses seed ``seed + i`` and bots seeded from it.

    A win shared by ``k`` tied winners gives each a share of ``1/k`` (the game's ``returns()``), so the wins add up
    to ``games``. The tables are keyed by what a seat is called: ``wins_by_clan``, ``wins_by_character``.
    ``engine`` (Battle for Rokugan and Rising Sun: ``native`` or ``python``) chooses the engine; a native game is
    played out in one native call (the same moves as the bots' here), and where the game's state can play many
    deals at once (``play_random_deals``: the native Battle for Rokugan engine) the games are played a chunk at a
    time, each game's seats, wins and scores summed natively. ``on_game(k)`` is told each time ``k`` more games are
    done.
    """
    info = simulable(game_name)
    if not info.min_players <= players <= info.max_players:
        raise ValueError(f"players: {info.title} is played by {info.min_players} to {info.max_players} players, not {players}")
    starts = start_files(info, players) if info.starts_from_file else []
    # a win's share in whole units of 1 / lcm(1..players): every share 1/k (k tied winners) is a whole number of
    # them, so the sums are exact; each distinct share is read as a fraction once (the shares are few)
    unit = math.lcm(*range(1, players + 1))
    units_of: dict[float, int] = {}
    wins: dict[str, int] = {}
    played: dict[str, int] = {}
    score_sum: dict[str, int] = {}
    actions = 0
    t0 = time.perf_counter()
    first = 0
    ready = None  # game 0's first state, made to ask its engine how it plays
    if games and not starts:
        ready = start(info, players, seed, starts, engine)
        # (read from the class: a state's own __getattr__ may hand a game over to another engine)
        if getattr(type(ready[0]), "play_random_deals", None) is not None and not ready[1]:
            deals = getattr(ready[0], "play_random_deals")  # noqa: B009 (a method GameState does not declare)
            # the native engine plays the games themselves, the same moves, a chunk of games a call
            while first < games:
                k = min(_CHUNK, games - first)
                moves, rows = deals(seed + first, k, unit, BOT_SALT)
                actions += moves
                for name, n, units, honor in rows:
                    played[name] = played.get(name, 0) + n
                    wins[name] = wins.get(name, 0) + units
                    score_sum[name] = score_sum.get(name, 0) + honor
                first += k
                if on_game is not None:
                    on_game(k)
    for i in range(first, games):
        s, seats = ready if i == 0 and ready is not None else start(info, players, seed + i, starts, engine)
        if hasattr(s, "play_random"):  # the native engine plays the whole game in one call
            actions += s.play_random(bot_seeds(seed + i, players))
        else:
            actions += play(s, {p: RandomBot(b) for p, b in enumerate(bot_seeds(seed + i, players))})
        names = info.seat_names(s) if info.seat_names is not None else seats
        scores = info.scores(s) if info.scores is not None else None
        for p, (name, share) in enumerate(zip(names, s.returns(), strict=True)):
            played[name] = played.get(name, 0) + 1
            units = units_of.get(share)
            if units is None:
                units = units_of[share] = _units(share, players, unit)
            wins[name] = wins.get(name, 0) + units
            if scores is not None:
                score_sum[name] = score_sum.get(name, 0) + scores[p]
        if on_game is not None:
            on_game(1)
    seconds = time.perf_counter() - t0
    names = sorted(played)
    word = info.seat_word
    result = {
        "game": info.name,
        "players": players,
        "games": games,
        "seed": seed,
        "actions": actions,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
        "actions_per_second": round(actions / seconds, 1) if seconds > 0 else None,
        f"games_by_{word}": {c: played[c] for c in names},
        f"wins_by_{word}": {c: round(float(Fraction(wins[c], unit)), 6) for c in names},
    }
    if info.scores is not None:
        result[f"mean_scores_by_{word}"] = {c: round(score_sum[c] / played[c], 3) for c in names}
    return result


def _units(share: float, players: int, unit: int) -> int:
    """``share`` (a seat's return) as the nearest fraction with a denominator of at most ``players``, in units of
    ``1 / unit`` (``unit`` a multiple of every such denominator)."""
    f = Fraction(share).limit_denominator(players)
    return f.numerator * (unit // f.denominator)


def run_command(game_name: str, players: int, games: int, seed: int, as_json: bool, engine: str | None = None) -> None:
    """``daimyo simulate`` and ``daimyo rokugan simulate``: a progress bar, then a table or one JSON object."""
    import click
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    err = Console(stderr=True)
    progress = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        console=err, disable=as_json or not err.is_terminal)
    try:
        with progress:
            task = progress.add_task("games", total=games)
            result = simulate(players, games, seed, on_game=lambda k: progress.advance(task, k), game_name=game_name, engine=engine)
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    if as_json:
        click.echo(json.dumps(result))
        return
    _print_simulation(result)


def _print_simulation(r: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    word = game(r["game"]).seat_word
    scores = r.get(f"mean_scores_by_{word}")
    out = Console()
    out.print(f"{r['games']} games of {r['players']} players (seeds {r['seed']}..{r['seed'] + r['games'] - 1}), "
              f"{r['actions']} actions in {r['seconds']:.2f} s")
    out.print(f"{r['games_per_second']} games/s, {r['actions_per_second']} actions/s")
    table = Table(title=f"win shares by {word} (a tie splits the win)")
    columns = (word, "games", "wins", "share of games", "win rate") + (("mean score",) if scores else ())
    for col in columns:
        table.add_column(col, justify="left" if col == word else "right")
    for name, wins in sorted(r[f"wins_by_{word}"].items(), key=lambda kv: -kv[1]):
        played = r[f"games_by_{word}"][name]
        row = [name, str(played), f"{wins:g}", f"{wins / r['games']:.1%}", f"{wins / played:.1%}"]
        table.add_row(*row, *([f"{scores[name]:.1f}"] if scores else []))
    out.print(table)
