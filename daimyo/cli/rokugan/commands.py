"""``daimyo rokugan``: Battle for Rokugan's commands (simulate, replay; ``balance`` is added from the arena)."""

from __future__ import annotations

from pathlib import Path

import click

from daimyo.cli.common import echo_replay, lang_option, replay_file, write_report
from daimyo.cli.rokugan.rules import check_rules, rules_option


def _players(ctx: click.Context, param: click.Parameter, value: int) -> int:
    if not 2 <= value <= 5:
        raise click.BadParameter(f"Battle for Rokugan is played by 2 to 5 players, not {value}.")
    return value


@click.group()
def rokugan() -> None:
    """Battle for Rokugan."""


@rokugan.command()
@click.option("--players", type=int, callback=_players, default=4, show_default=True, help="Players per game (2 to 5).")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Game i is played with seed SEED+i.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--engine", type=click.Choice(["native", "python"]), default=None,
              help="The engine that plays: native (C++) or python (the reference); native where it is built.")
@rules_option
def simulate(players: int, games: int, seed: int, as_json: bool, engine: str | None, variant) -> None:
    """Play GAMES games between random bots; the bots also choose the clans."""
    from daimyo.cli.simulate import run_command

    if engine == "native":
        from daimyo.rokugan import native
        if not native.available():
            why = native.refusal()
            raise click.UsageError(native.MISSING if why is None else
                                   f"--engine native: the native engine cannot play these rules ({why})")
    run_command("rokugan", players, games, seed, as_json, engine=engine)


rokugan.add_command(check_rules)


@rokugan.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help='Print {"state": ..., "events": [...]} as JSON.')
@lang_option
def replay(file: Path, as_json: bool, lang: str) -> None:
    """Replay a game record or position file and show the public events and the final state."""
    from daimyo.rokugan.record import replay as replay_text
    from daimyo.words.rokugan_render import describe, state_summary

    rep = replay_file(file, replay_text)
    from daimyo.words import t

    echo_replay(rep, lambda e: describe(e, lang), as_json, t("term.replay.setup", None, lang), lang)
    if as_json:
        return
    click.echo()
    for text in state_summary(rep.state.view(None), lang):
        click.echo(text)


@rokugan.command()
@click.option("--players", type=int, callback=_players, default=4, show_default=True, help="Players per game (2 to 5).")
@click.option("--games", type=click.IntRange(min=1), default=70, show_default=True,
              help="Games played freely, and again with each card and ability forbidden.")
@click.option("--bots", "bots_text", default="heuristic", show_default=True,
              help="The bots that play, comma-separated; seats rotate among them as in the arena.")
@click.option("--seed", type=int, default=0, show_default=True, help="The first seed.")
@click.option("--restricted/--no-restricted", default=True, show_default=True,
              help="Also play every game again with each card (ability) forbidden.")
@rules_option
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes (default: the CPU count).")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("effects-results"),
              show_default=True, help="Folder for effects.md, effects.json and the plot.")
@click.option("--json", "as_json", is_flag=True, help="Print every figure as one JSON object.")
def effects(players: int, games: int, bots_text: str, seed: int, restricted: bool, variant, workers: int | None,
            out: Path, as_json: bool) -> None:
    """What each territory card and clan ability does: how often it is claimed, played or used, its holder's win
    rate when played and not, and what forbidding it changes (the same games, the same bots)."""
    import os

    from daimyo.arena.effects import plot_effects, report_lines, run_effects
    from daimyo.cli.arena import _bot_names, _need_arena_extra, check_bots

    _need_arena_extra()
    bots = check_bots("rokugan", _bot_names(bots_text))
    result = run_effects(players, games, bots, seed, workers or os.cpu_count() or 1, restricted,
                         rules=variant.canonical if variant is not None else None)
    if variant is not None:
        result["rules"] = {"name": variant.name, "digest": variant.digest}
    write_report(result, out, "effects", f"Battle for Rokugan, {players} players: what each card and ability does", plot_effects, report_lines, as_json)
