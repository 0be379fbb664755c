"""``daimyo``: simulate, replay and benchmark samurai board games."""

from __future__ import annotations

import json
from pathlib import Path

import click

from daimyo import __version__
from daimyo.cli.common import echo_replay, replay_file


def _players(ctx: click.Context, param: click.Parameter, value: int) -> int:
    if not 2 <= value <= 5:
        raise click.BadParameter(f"Battle for Rokugan is played by 2 to 5 players, not {value}.")
    return value


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="daimyo")
def main() -> None:
    """Play, simulate and study samurai board games."""


@main.group()
def rokugan() -> None:
    """Battle for Rokugan."""


@rokugan.command()
@click.option("--players", type=int, callback=_players, default=4, show_default=True, help="Players per game (2 to 5).")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i is played with seed SEED+i.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def simulate(players: int, games: int, seed: int, as_json: bool) -> None:
    """Play GAMES games between random bots; the bots also choose the clans."""
    _simulate("rokugan", players, games, seed, as_json)


def _simulate(game_name: str, players: int, games: int, seed: int, as_json: bool) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from daimyo.cli.simulate import simulate as run_simulation

    err = Console(stderr=True)
    progress = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        console=err, disable=as_json or not err.is_terminal)
    try:
        with progress:
            task = progress.add_task("games", total=games)
            result = run_simulation(players, games, seed, on_game=lambda: progress.advance(task), game_name=game_name)
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    if as_json:
        click.echo(json.dumps(result))
        return
    _print_simulation(result)


def _print_simulation(r: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    from daimyo.core.registry import game

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


@main.command("simulate")
@click.option("--game", "game_name", default="rokugan", show_default=True,
              help="The game, by its name in the registry (rokugan, senjutsu, ...).")
@click.option("--players", type=int, default=2, show_default=True, help="Players per game.")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i is played with seed SEED+i.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def simulate_any(game_name: str, players: int, games: int, seed: int, as_json: bool) -> None:
    """Play GAMES games of any registered game between random bots."""
    _simulate(game_name, players, games, seed, as_json)


@rokugan.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help='Print {"state": ..., "events": [...]} as JSON.')
def replay(file: Path, as_json: bool) -> None:
    """Replay a game record or position file and show the public events and the final state."""
    from daimyo.cli.rokugan.render import describe, state_summary
    from daimyo.rokugan.record import replay as replay_text

    rep = replay_file(file, replay_text)
    echo_replay(rep, describe, as_json, "setup")
    if as_json:
        return
    click.echo()
    for text in state_summary(rep.state.view(None)):
        click.echo(text)


@main.command()
@click.option("--games", type=click.IntRange(min=1), default=50, show_default=True, help="Full 4-player games to time.")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i is played with seed SEED+i.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench(games: int, seed: int, as_json: bool) -> None:
    """Measure the Battle for Rokugan engine's speed and memory on one core."""
    from daimyo.bench import run

    r = run(games, seed)
    if as_json:
        click.echo(json.dumps(r))
        return
    t = r["targets"]

    def verdict(ok) -> str:
        return "n/a" if ok is None else ("met" if ok else "NOT met")

    m = r["machine"]
    click.echo(f"machine: {m['cpu']}, {m['cores']} cores, {m['implementation']} {m['python']} (timed on one core)")
    click.echo(f"{r['games']} games of {r['players']} players, {r['actions']} actions in {r['seconds']:.2f} s")
    click.echo(f"games per second:   {r['games_per_second']:>10}   target >= {t['games_per_second']}: "
               f"{verdict(r['games_per_second'] >= t['games_per_second'])}")
    click.echo(f"actions per second: {r['actions_per_second']:>10}")
    cu, sb = r["clone_us"], r["state_bytes"]
    click.echo(f"state.clone():      {cu} us (over {r['mid_game_samples']} mid-game states)   target < {t['clone_us']} us: "
               f"{verdict(None if cu is None else cu < t['clone_us'])}")
    click.echo(f"memory per game:    {sb} bytes standalone, {r['clone_bytes']} bytes per clone   "
               f"target < {t['state_bytes']} bytes: {verdict(None if sb is None else sb < t['state_bytes'])}")


from daimyo.cli.arena import arena, balance  # noqa: E402
from daimyo.cli.risingsun import risingsun  # noqa: E402
from daimyo.cli.senjutsu import senjutsu  # noqa: E402
from daimyo.cli.serve import play, serve  # noqa: E402

main.add_command(play)
main.add_command(serve)
main.add_command(arena)
main.add_command(risingsun)
main.add_command(senjutsu)
rokugan.add_command(balance)

if __name__ == "__main__":
    main()
