"""``daimyo``: simulate, replay and benchmark samurai board games."""

from __future__ import annotations

import json

import click

from daimyo import __version__
from daimyo.core.registry import GAME_MODULES


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="daimyo")
def main() -> None:
    """Play, simulate and study samurai board games."""


@main.command("simulate")
@click.option("--game", "game_name", default="rokugan", show_default=True,
              help=f"The game, by its name in the registry ({', '.join(GAME_MODULES)}, or one registered otherwise).")
@click.option("--players", type=int, default=2, show_default=True, help="Players per game.")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i is played with seed SEED+i.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def simulate_any(game_name: str, players: int, games: int, seed: int, as_json: bool) -> None:
    """Play GAMES games of any registered game between random bots."""
    from daimyo.cli.simulate import run_command

    run_command(game_name, players, games, seed, as_json)


@main.command()
@click.option("--games", type=click.IntRange(min=1), default=50, show_default=True, help="Full 4-player games to time.")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i is played with seed SEED+i.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench(games: int, seed: int, as_json: bool) -> None:
    """Measure the Battle for Rokugan engine's speed and memory on one core."""
    from daimyo.cli.rokugan.bench import run

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
    e = r["engines"]
    if e is not None:
        for name in ("python", "native", "native_stepped"):
            x = e[name]
            extra = f"   clone {x['clone_us']} us, {x['bytes_per_game']} bytes a game" if "clone_us" in x else ""
            click.echo(f"{name + ' engine:':<22}{x['games_per_second']:>10} games/s {x['actions_per_second']:>12} actions/s{extra}")
        q = e["ratio"]
        click.echo(f"native / python:      {q['games_per_second']:>10}x (driven move by move: {q['stepped']}x); "
                   f"clone {q['clone_us']}x, memory {q['bytes_per_game']}x smaller")
        i = e["ismcts"]
        click.echo(f"ISMCTS iterations/s:  python {i['python']}, native {i['native']}: {q['ismcts_iterations_per_second']}x "
                   f"({i['positions']} placement decisions of {e['players']} players, {i['iterations']} iterations each, "
                   f"simulations to the end of the round, the same moves chosen)")
    s = r.get("senjutsu")
    if s is not None:
        click.echo(f"Senjutsu duels/s:     python {s['python']['duels_per_second']}, native {s['native']['duels_per_second']}: "
                   f"{s['ratio']['duels_per_second']}x (driven move by move: {s['ratio']['stepped_duels_per_second']}x; "
                   f"{s['duels']} duels of 2, the same results); smmcts simulations/s: python "
                   f"{s['python']['smmcts_simulations_per_second']}, native {s['native']['smmcts_simulations_per_second']}: "
                   f"{s['ratio']['smmcts_simulations_per_second']}x")


from daimyo.cli.arena import arena, balance  # noqa: E402
from daimyo.cli.bot import bot  # noqa: E402
from daimyo.cli.risingsun import risingsun  # noqa: E402
from daimyo.cli.rokugan.commands import rokugan  # noqa: E402
from daimyo.cli.senjutsu import senjutsu  # noqa: E402
from daimyo.cli.serve import play, serve  # noqa: E402
from daimyo.cli.study import study  # noqa: E402

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
