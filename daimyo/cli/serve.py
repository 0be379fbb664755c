"""``daimyo play`` and ``daimyo serve``: the play server from the command line."""

from __future__ import annotations

import errno
import os
import socket
import sys
from pathlib import Path

import click

from daimyo.cli.common import lang_option


def _free_port(host: str, port: int, tries: int = 20) -> int:
    """``port`` if it is free on ``host``, else the next free one of the following ``tries``."""
    for p in range(port, port + tries):
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind((host, p))
            except OSError as e:
                if e.errno == errno.EADDRINUSE:
                    continue
                raise
            return p
    raise click.ClickException(f"ports {port} to {port + tries - 1} on {host} are all in use; choose one with --port")


def _has_display() -> bool:
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def run_server(host: str, port: int, db: str | None, bot_delay: float, open_browser: bool,
               settings_pairs: tuple[str, ...] = (), workers: int = 1, worker: str | None = None) -> None:
    import uvicorn

    from daimyo.server.app import create_app
    from daimyo.server.guard import protocols
    from daimyo.server.settings import settings_from
    from daimyo.server.store import default_db_url

    try:
        settings = settings_from(settings_pairs)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--set") from None
    url_db = db or default_db_url()
    if workers > 1:
        _run_router(host, port, url_db, bot_delay, settings_pairs, workers, settings.header_timeout, settings.max_connections)
        return
    channel = None
    if worker is not None:   # one of the processes behind a router (daimyo/server/workers.py)
        k, n, channel, *writer = (int(x) for x in worker.split("/"))   # K/N/FD, and /WFD with a writer process
        settings = settings.replace(cluster=True, worker=(k, n), writer_fd=writer[0] if writer else None)
    app = create_app(url_db, bot_delay=bot_delay, settings=settings)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    address = f"http://{shown}:{port}/"
    if worker is None:
        click.echo(f"daimyo is serving {address}  (games are kept in {url_db}; Ctrl+C stops)")
    if open_browser and _has_display():
        import threading
        import webbrowser
        threading.Timer(1.0, webbrowser.open, args=(address,)).start()
    # no per-message compression: views are small, and deflating every one cost the server a
    # seventh of its time under load (docs/benchmarks.md)
    # the forwarded client address is read by the app itself (the trust_proxy setting), never by uvicorn
    # each address's connections are capped and idle ones closed first when room runs short (daimyo.server.guard)
    http, ws = protocols(settings)
    options: dict = {"log_level": "warning", "ws_max_size": settings.max_message * 4, "ws_per_message_deflate": False,
                     "http": http, "ws": ws, "proxy_headers": False, "server_header": False,
                     "limit_concurrency": settings.max_connections, "timeout_graceful_shutdown": 3}
    if channel is None:
        uvicorn.run(app, host=host, port=port, **options)
        return
    from daimyo.server.workers import CloseAfterResponse, worker_server
    config = uvicorn.Config(CloseAfterResponse(app), **options)
    worker_server(config, channel).run()


def _run_router(host: str, port: int, url_db: str, bot_delay: float, settings_pairs: tuple[str, ...], workers: int,
                header_timeout: float, max_pending: int) -> None:
    """``--workers N``: this process routes the port's connections to N worker processes (daimyo/server/workers.py),
    each a ``daimyo serve`` in cluster mode on the same database, made ready (migrated) before they start."""
    from sqlalchemy import create_engine

    from daimyo.server.store import migrate
    from daimyo.server.workers import run_router

    if not sys.platform.startswith("linux"):
        raise click.UsageError("--workers: several worker processes on one port need Linux")
    engine = create_engine(url_db)
    try:
        migrate(engine)
    finally:
        engine.dispose()
    sets = [x for pair in settings_pairs for x in ("--set", pair)]

    def worker_args(k: int, fd: int, writer_fd: int | None) -> list[str]:
        spec = f"{k}/{workers}/{fd}" + (f"/{writer_fd}" if writer_fd is not None else "")
        return [sys.executable, "-m", "daimyo.cli.main", "serve", "--host", host, "--port", str(port), "--db", url_db,
                "--bot-delay", str(bot_delay), *sets, "--worker", spec]

    # on an SQLite file, one writer process commits the writes of every worker (daimyo/server/writer.py)
    def writer_args(fds: list[int]) -> list[str]:
        return [sys.executable, "-m", "daimyo.server.writer", url_db, ",".join(str(fd) for fd in fds)]

    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    click.echo(f"daimyo is serving http://{shown}:{port}/ with {workers} worker processes  (games are kept in {url_db}; "
               "Ctrl+C stops)")
    try:
        status = run_router(host, port, workers, worker_args, header_timeout, max_pending,
                            writer_args if url_db.startswith("sqlite") else None)
    except OSError as e:
        raise click.ClickException(f"{host}:{port}: {e.strerror or e}") from None
    if status:
        raise SystemExit(status)


@click.command()
@click.option("--terminal", is_flag=True, help="Play in this terminal against bots instead of in the browser.")
@click.option("--players", type=click.IntRange(2, 5), default=4, show_default=True, help="Terminal game: players (2 to 5).")
@click.option("--seed", type=int, default=None, help="Terminal game: the game's seed (random if not given).")
@click.option("--seat", type=click.IntRange(1, 5), default=1, show_default=True,
              help="Terminal game: your seat, counted from 1 as the game's screens count them.")
@click.option("--clan", default=None, help="Terminal game: your clan (random if not given).")
@click.option("--bots", default="heuristic", show_default=True,
              help="Terminal game: bot name(s) (heuristic, as the lobby's, or random...), one for all or one per bot seat, comma-separated.")
@click.option("--steps", is_flag=True, help="Terminal game: wait for Enter between resolution steps.")
@lang_option
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port (the next free one if taken).")
@click.option("--db", default=None, help="SQLAlchemy database URL (default: an SQLite file in your data folder).")
@click.option("--no-browser", is_flag=True, help="Only print the address; do not open a browser.")
@click.option("--bot-delay", type=click.FloatRange(0, 10), default=0.4, show_default=True, help="Seconds a bot waits before each move.")
@click.option("--rules", "rules", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Terminal game: a Battle for Rokugan rules file (docs/designers.md) that changes the standard game.")
def play(terminal: bool, players: int, seed: int | None, seat: int, clan: str | None, bots: str, steps: bool, lang: str,
         port: int, db: str | None, no_browser: bool, bot_delay: float, rules: Path | None) -> None:
    """Play in your browser: starts a local server and opens the lobby, where Battle for Rokugan, Senjutsu and
    Rising Sun's War Phase are played against bots or with friends.

    With --terminal, plays one game of Battle for Rokugan against bots in this terminal instead (the other games:
    daimyo senjutsu duel, daimyo risingsun war).
    """
    if rules is not None and not terminal:
        raise click.UsageError("--rules: a rules file is played in the terminal game (--terminal); the play server "
                               "plays the standard rules")
    if terminal:
        from daimyo.cli.rokugan.rules import read_rules
        read_rules(rules)
        play_in_terminal(players, seed, seat, clan, bots, steps, lang)
        return
    host = "127.0.0.1"
    run_server(host, _free_port(host, port), db, bot_delay, open_browser=not no_browser)


def play_in_terminal(players: int, seed: int | None, seat: int, clan: str | None, bots: str, steps: bool, lang: str = "en") -> None:
    import secrets

    from rich.console import Console

    from daimyo.cli.rokugan.terminal import play_terminal

    if seat > players:
        raise click.BadParameter(f"seat {seat} is not one of the {players} seats (1 to {players})", param_hint="--seat")
    seat -= 1   # the engine's seats count from 0
    seed = secrets.randbelow(2**31) if seed is None else seed
    clans = [clan if i == seat else None for i in range(players)]
    try:
        play_terminal(players, seed, seat, clans, [b.strip() for b in bots.split(",")], Console(), input, pause_steps=steps, lang=lang)
    except ValueError as e:
        raise click.ClickException(str(e)) from None


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for every interface).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--db", default=None, help="SQLAlchemy database URL, e.g. sqlite:///games.sqlite or postgresql+psycopg://user@host/db.")
@click.option("--bot-delay", type=click.FloatRange(0, 10), default=0.4, show_default=True, help="Seconds a bot waits before each move.")
@click.option("--set", "settings_pairs", multiple=True, metavar="NAME=VALUE",
              help="Change one of the server's limits, e.g. --set bot_seconds=2 --set allowed_hosts=games.example.org "
                   "(every setting: docs/security.md).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Server processes behind this one port, each serving a share of the games (Linux; one per core: "
                   "docs/scaling.md).")
@click.option("--worker", default=None, hidden=True, metavar="K/N/FD[/WFD]",
              help="Internal: run as worker K of N behind --workers' router, handed its connections on file descriptor FD "
                   "(and its writes committed by the database writer process on file descriptor WFD).")
def serve(host: str, port: int, db: str | None, bot_delay: float, settings_pairs: tuple[str, ...], workers: int,
          worker: str | None) -> None:
    """Run the play server for others to reach (no browser is opened)."""
    run_server(host, port, db, bot_delay, open_browser=False, settings_pairs=settings_pairs, workers=workers,
               worker=worker)
