"""``daimyo arena``: bots against bots in any game, seats and clans rotated, paired seeds; ratings, win rates, plots, stored games."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import click

from daimyo.cli.rokugan.rules import rules_option


def _bot_names(value: str) -> list[str]:
    names = [b.strip() for b in value.split(",") if b.strip()]
    if not names:
        raise click.BadParameter("name at least one bot, e.g. random,heuristic", param_hint="--bots")
    return names


def _bots(ctx: click.Context, param: click.Parameter, value: str) -> list[str]:
    """--bots of ``daimyo rokugan balance`` (Battle for Rokugan's bots)."""
    return check_bots("rokugan", _bot_names(value))


def check_bots(game_name: str, names: list[str], option: str = "--bots") -> list[str]:
    """``names`` if every one is a bot of ``game_name`` (or a bot from outside daimyo); BadParameter (of ``option``)
    otherwise."""
    from daimyo.bots.external import names_outside_bot
    from daimyo.bots.registry import PREFIXED_BOTS, bot_names, make_bot

    known = bot_names(game_name)
    for b in names:
        try:
            make_bot(game_name, b, 0)
        except ValueError as e:
            name = b.partition(":")[0]
            if name in known or name in PREFIXED_BOTS or names_outside_bot(b):   # a bad budget, module or command
                raise click.BadParameter(str(e), param_hint=option) from None
            raise click.BadParameter(f"unknown bot '{b}' (bots: {', '.join(known)}; a budget is written name:1s or "
                                     f"name:200; bots from outside daimyo: docs/bot-protocol.md)",
                                     param_hint=option) from None
    return names


def _need_arena_extra(ray: bool = False) -> None:
    """Stop with a clear message when the arena's libraries are not installed."""
    import importlib.util

    names = ["openskill", "matplotlib"] + (["ray"] if ray else [])
    missing = [n for n in names if importlib.util.find_spec(n) is None]
    if missing:
        raise click.ClickException(f"this needs {', '.join(missing)}: install the arena extra, pip install 'daimyo[arena]' "
                                   "(or python3 -m pip install '.[arena]' in a checkout)")


def _game_names() -> list[str]:
    from daimyo.core.registry import GAME_MODULES
    return list(GAME_MODULES)


@click.command()
@click.option("--game", "game_name", type=click.Choice(_game_names()), default="rokugan", show_default=True,
              help="The game: rokugan, senjutsu or risingsun (Rising Sun's War Phase, from war files).")
@click.option("--players", type=click.IntRange(2, 5), default=None,
              help="Players per game (default 2; Rising Sun takes them from its war files).")
@click.option("--games", type=click.IntRange(min=1), default=20, show_default=True, help="Games to play.")
@click.option("--bots", "bots_text", default="random,heuristic", show_default=True,
              help="Comma-separated bot specs. The game's own bots: random, heuristic, a search bot with a budget "
                   "(ismcts:1s, ismcts:200). OpenSpiel's ISMCTS bot (the openspiel extra): openspiel:ismcts or "
                   "openspiel:ismcts:N (N simulations a decision). From outside daimyo (docs/bot-protocol.md): "
                   "exec:COMMAND (a program over JSON lines), exec-text:COMMAND (the same in words only, for a "
                   "language model), package.module:Class, or the name of a daimyo.bots entry point.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Rotation block b (games b*K to b*K+K-1 for K bots) is played with seed SEED+b.")
@click.option("--war", "wars", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Rising Sun: a war file to play (repeatable; default: the example war files), one per rotation block in turn.")
@click.option("--choices", "choices_text", default=None,
              help="Comma-separated clans or characters the rotation goes through (default: all of the game's).")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes (default: the CPU count).")
@click.option("--ray", "ray_address", default=None,
              help="Run the games as Ray tasks on this cluster (address or 'auto'); 'local' starts a one-CPU Ray instance here.")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("arena-results"), show_default=True,
              help="Folder for arena.sqlite, the game records and the plots.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.option("--engine", type=click.Choice(["fast", "python"]), default="fast", show_default=True,
              help="fast: each game on its game's fast path where it has one and every seat's bot plays there "
                   "(Rising Sun's wars between random and heuristic bots, played whole natively), else move by move "
                   "on the game's default engine; python: every game move by move on the Python engine, the "
                   "reference (the same games and results, slower).")
@rules_option
@click.option("--bench", "bench", is_flag=True,
              help="Battle for Rokugan: instead of games, time ISMCTS (the first ismcts bot's budget, 1s if none) at the start of GAMES rounds.")
def arena(game_name: str, players: int | None, games: int, bots_text: str, seed: int, wars: tuple[Path, ...],
          choices_text: str | None, workers: int | None, ray_address: str | None, out: Path, as_json: bool, engine: str,
          variant, bench: bool) -> None:
    """Play GAMES games between BOTS, rotating seats and clans (or characters, or war files) so no bot is favoured;
    the seatings of a rotation block share one deal (paired seeds)."""
    bots = check_bots(game_name, _bot_names(bots_text))
    if variant is not None and game_name != "rokugan":
        raise click.UsageError("--rules: a rules file changes Battle for Rokugan (daimyo rokugan check-rules); give --game rokugan")
    if bench:
        if game_name != "rokugan":
            raise click.UsageError("--bench times Battle for Rokugan's ISMCTS; leave out --game or give --game rokugan")
        _bench(players or 2, games, bots, seed, as_json)
        return
    _need_arena_extra(ray=ray_address is not None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from daimyo.arena.plot import plot_summary
    from daimyo.arena.run import run_games
    from daimyo.arena.schedule import schedule
    from daimyo.arena.stats import summarize
    from daimyo.arena.store import Store
    from daimyo.bots.external import BotError
    from daimyo.core.registry import game

    info = game(game_name)
    if wars and not info.starts_from_file:
        raise click.UsageError(f"--war: {info.title} does not start from a war file")
    starts = [(str(w), w.read_text(encoding="utf-8")) for w in wars] or None
    choices = [c.strip() for c in choices_text.split(",") if c.strip()] if choices_text else None
    if choices and info.starts_from_file:
        raise click.UsageError(f"--choices: {info.title} takes its {info.seat_word}s from its {info.start_file}s")
    try:
        specs = schedule(players, games, bots, seed, game_name, starts=starts, choices=choices)
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    workers = workers or os.cpu_count() or 1
    store = Store(out)
    counts = sorted({s.players for s in specs})
    run = f"{game_name}-p{'-'.join(map(str, counts))}-s{seed}-{int(time.time())}"
    err = Console(stderr=True)
    progress = Progress(TextColumn("arena"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        console=err, disable=as_json or not err.is_terminal)
    t0 = time.perf_counter()
    with progress:
        task = progress.add_task("games", total=games)

        def on_row(row: dict) -> None:
            store.add(run, row)
            progress.advance(task)

        try:
            rows = run_games(specs, workers=workers, ray_address=ray_address, on_row=on_row,
                             rules=variant.canonical if variant else None, engine=engine)
        except ValueError as e:
            raise click.UsageError(str(e)) from None
        except BotError as e:   # an outside program could not start, was silent or answered an illegal action
            store.close()
            raise click.ClickException(str(e)) from None
    store.close()
    summary = summarize(rows)
    summary.update(game=game_name, title=info.title, seat_word=info.seat_word, players=counts[0] if len(counts) == 1 else counts,
                   bots_spec=bots, seed=seed, blocks=specs[-1].block + 1, seconds=round(time.perf_counter() - t0, 2), run=run,
                   database=str(out / "arena.sqlite"), records=str(out / "records"))
    if variant is not None:
        summary["rules"] = {"name": variant.name, "digest": variant.digest}
    if info.starts_from_file:
        summary["war_files"] = list(dict.fromkeys(s.start_name for s in specs))
    who = "-".join(map(str, counts))
    files = plot_summary(summary, out / f"{run}-plot", title=f"{info.title}, {who} players: {', '.join(bots)}",
                         seat_word=info.seat_word)
    summary["plots"] = [str(f) for f in files]
    if as_json:
        click.echo(json.dumps(summary))
        return
    _print(summary)


def _bench(players: int, positions: int, bots: list[str], seed: int, as_json: bool) -> None:
    from daimyo.arena.bench import bench_ismcts
    from daimyo.bots.rokugan.ismcts import parse_budget

    spec = next((b for b in bots if b.startswith("ismcts")), "ismcts:1s")
    name, _, budget = spec.partition(":")
    _, seconds = parse_budget(budget or None)
    if seconds is None:
        raise click.BadParameter("the benchmark needs a budget in seconds, e.g. ismcts:1s", param_hint="--bots")
    r = bench_ismcts(players, positions, seconds, seed, engine="python" if name == "ismcts-python" else None)
    if as_json:
        click.echo(json.dumps(r))
        return
    for p in r["positions"]:
        click.echo(f"seed {p['seed']} round {p['round']}: {p['iterations']} iterations in {p['search_seconds']} s "
                   f"({p['iterations_per_second']} it/s)")
    m = r["machine"]
    click.echo(f"ISMCTS ({r['engine']} engine) at the start of a {players}-player round: "
               f"{r['iterations_per_second']} iterations/s "
               f"({m['cpu']}, {m['cores']} cores, Python {m['python']}, load average {m['load_average'][0]:.2f})")


def _print(r: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    out = Console()
    word = r.get("seat_word", "clan")
    players = " and ".join(map(str, r["players"])) if isinstance(r["players"], list) else r["players"]
    out.print(f"{r.get('title', 'Battle for Rokugan')}: {r['games']} games of {players} players in {r['seconds']} s, "
              f"{r['blocks']} rotation blocks (seeds {r['seed']}..{r['seed'] + r['blocks'] - 1}, one deal per block)")
    if r.get("war_files"):
        out.print("war files: " + ", ".join(r["war_files"]))
    t = Table(title="bots (a tie splits the win; 95% Wilson intervals)")
    for col in ("bot", "seats", "wins", "win rate", "95% CI", "mu", "sigma", "ordinal"):
        t.add_column(col, justify="left" if col == "bot" else "right")
    for b, v in r["bots"].items():
        rt = r["ratings"].get(b, {})
        t.add_row(b, str(v["seats"]), f"{v['wins']:g}", f"{v['win_rate']:.1%}", f"{v['ci95'][0]:.1%}-{v['ci95'][1]:.1%}",
                  f"{rt.get('mu', float('nan')):.2f}", f"{rt.get('sigma', float('nan')):.2f}", f"{rt.get('ordinal', float('nan')):.2f}")
    out.print(t)
    for n, clans in r["clans"].items():
        t = Table(title=f"{word}s, {n} players")
        for col in (word, "seats", "wins", "win rate", "95% CI"):
            t.add_column(col, justify="left" if col == word else "right")
        for c, v in sorted(clans.items(), key=lambda kv: -kv[1]["win_rate"]):
            t.add_row(c, str(v["seats"]), f"{v['wins']:g}", f"{v['win_rate']:.1%}", f"{v['ci95'][0]:.1%}-{v['ci95'][1]:.1%}")
        out.print(t)
    out.print(f"results: {r['database']} (records in {r['records']}; replay one with daimyo {r.get('game', 'rokugan')} replay FILE)")
    out.print(f"plots: {', '.join(r['plots'])}")


@click.command()
@click.option("--games", type=click.IntRange(min=1), default=70, show_default=True, help="Games per player count (2 to 5).")
@click.option("--bots", "bots", callback=_bots, default="heuristic", show_default=True, help="The bots that play every seat.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seeds of each player count start here.")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes (default: the CPU count).")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("balance-results"), show_default=True,
              help="Folder for the stored games.")
@click.option("--docs", "docs", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where balance.md and img/ are written (default: OUT/report, never a checkout's docs/; "
                   "give --docs docs to refresh the project's own report).")
@click.option("--json", "as_json", is_flag=True, help="Print the study as JSON.")
@rules_option
def balance(games: int, bots: list[str], seed: int, workers: int | None, out: Path, docs: Path | None,
            as_json: bool, variant) -> None:
    """Balance study: per-clan win rates at 2-5 players, first-player advantage, which objectives score most."""
    _need_arena_extra()
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from daimyo.arena.balance import run_balance, write_report

    err = Console(stderr=True)
    progress = Progress(TextColumn("balance"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        console=err, disable=as_json or not err.is_terminal)
    with progress:
        task = progress.add_task("games", total=4 * games)
        study = run_balance(games, bots, seed, workers or os.cpu_count() or 1, out, on_row=lambda row: progress.advance(task))
    if variant is not None:
        study["rules"] = {"name": variant.name, "digest": variant.digest}
    files = write_report(study, out / "report" if docs is None else docs)
    study["written"] = [str(f) for f in files]
    if as_json:
        click.echo(json.dumps(study))
        return
    click.echo(f"{study['games_total']} games; report written to {files[0]} with plots {', '.join(str(f) for f in files[1:])}")
