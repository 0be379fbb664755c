"""``daimyo``: simulate, replay and benchmark samurai board games."""

from __future__ import annotations

import json

import click

from daimyo import __version__
from daimyo.core.registry import GAME_MODULES


class _Daimyo(click.Group):
    """The commands' group: an outside bot's failure (a program that could not start, fell silent or answered an
    illegal action) ends any command that plays bots (arena, balance, studies, simulations) with its message."""

    def invoke(self, ctx: click.Context):
        from daimyo.bots.external import BotError
        try:
            return super().invoke(ctx)
        except BotError as e:
            raise click.ClickException(str(e)) from None


@click.group(cls=_Daimyo, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="daimyo")
def main() -> None:
    """Play, simulate and study samurai board games."""


@main.command("simulate")
@click.option("--game", "game_name", default="rokugan", show_default=True,
              help=f"The game, by its name in the registry ({', '.join(GAME_MODULES)}, or one registered otherwise).")
@click.option("--players", type=int, default=None,
              help="Players per game.  [default: the fewest the game is played by: 2, Rising Sun 3]")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i is played with seed SEED+i.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def simulate_any(game_name: str, players: int | None, games: int, seed: int, as_json: bool) -> None:
    """Play GAMES games of any registered game between random bots."""
    from daimyo.cli.simulate import run_command
    from daimyo.core.registry import game, games as registered

    if players is None:   # an unknown game is named by run_command
        players = game(game_name).min_players if game_name in registered() else 2
    run_command(game_name, players, games, seed, as_json)


@main.command()
@click.option("--games", type=click.IntRange(min=1), default=50, show_default=True, help="Full 4-player games to time.")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i is played with seed SEED+i.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench(games: int, seed: int, as_json: bool) -> None:
    """Measure the engines' speed and memory on one core: Battle for Rokugan's engines, search and RL
    environments (beside OpenSpiel's leduc_poker), then Senjutsu's and Rising Sun's engines side by side."""
    from daimyo.cli.rokugan.bench import report, run

    r = run(games, seed)
    if as_json:
        click.echo(json.dumps(r))
        return
    for line in report(r):
        click.echo(line)

from daimyo.cli.analyse import analyse  # noqa: E402
from daimyo.cli.arena import arena, balance  # noqa: E402
from daimyo.cli.bot import bot  # noqa: E402
from daimyo.cli.risingsun import risingsun  # noqa: E402
from daimyo.cli.rokugan.commands import rokugan  # noqa: E402
from daimyo.cli.senjutsu import senjutsu  # noqa: E402
from daimyo.cli.serve import play, serve  # noqa: E402
from daimyo.cli.study import study  # noqa: E402

main.add_command(analyse)
main.add_command(bot)
main.add_command(play)
main.add_command(serve)
main.add_command(arena)
main.add_command(risingsun)
main.add_command(rokugan)
main.add_command(senjutsu)
main.add_command(study)
rokugan.add_command(balance)

if __name__ == "__main__":
    main()
