"""Play many arena games: in this process, in worker processes, or on a Ray cluster.

Results come back one row per game in the order games finish; ``on_row`` is called with each.
Every game is fully determined by its spec (bots are seeded from the game's seed), so where it
runs does not change its result.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import partial
from typing import Any

from daimyo.arena.play import ENGINES, play_spec
from daimyo.arena.schedule import GameSpec


def run_games(specs: list[GameSpec], workers: int = 1, ray_address: str | None = None,
              on_row: Callable[[dict], None] | None = None, rules: str | None = None, engine: str = "fast") -> list[dict]:
    """Play ``specs``; returns the rows sorted by game number.

    ``engine``: ``fast``, each game on its game's fast path where it has one (:func:`~daimyo.arena.play.play_spec`),
    or ``python``, move by move on the Python engine, the reference; the rows are the same but for their seconds.

    ``rules``: a rules file's text (a designer's variant, of a game whose registration names ``rules_files``) in
    force for these games, in this process and in each worker; the rules in force before are put back after."""
    if rules is None or not specs:
        return _run(specs, workers, ray_address, on_row, engine=engine)
    files = rules_files(specs[0].game)
    before = files.active()
    files.activate(files.parse_variant(rules))
    try:
        return _run(specs, workers, ray_address, on_row, rules, engine)
    finally:
        files.activate(before)


def rules_files(game_name: str) -> Any:
    """The module of a game's rules files (its registration's ``rules_files``); ValueError if it takes none."""
    import importlib

    from daimyo.core.registry import game

    info = game(game_name)
    if info.rules_files is None:
        raise ValueError(f"rules: {info.title} takes no rules file")
    return importlib.import_module(info.rules_files)


def _run(specs: list[GameSpec], workers: int, ray_address: str | None, on_row: Callable[[dict], None] | None,
         rules: str | None = None, engine: str = "fast") -> list[dict]:
    if engine not in ENGINES:
        raise ValueError(f"engine: '{engine}' is not an arena engine ({', '.join(ENGINES)})")
    play = partial(play_spec, engine=engine)
    if ray_address:
        if rules is not None:
            raise ValueError("rules: a rules file is played in this machine's processes, not on Ray (leave out --ray)")
        rows_iter = _ray_rows(specs, ray_address, engine)
    elif workers > 1 and len(specs) > 1:
        rows_iter = _process_rows(specs, workers, play, rules)
    else:
        rows_iter = (play(s) for s in specs)
    rows = []
    for row in rows_iter:
        rows.append(row)
        if on_row is not None:
            on_row(row)
    return sorted(rows, key=lambda r: r["game"])


def _use_rules(game_name: str, rules: str | None) -> None:
    """A worker's start: the rules file in force (the parent's, whatever way the worker was started)."""
    if rules is not None:
        files = rules_files(game_name)
        files.activate(files.parse_variant(rules))


def _process_rows(specs: list[GameSpec], workers: int, play: Callable[[GameSpec], dict],
                  rules: str | None = None) -> Iterable[dict]:
    with ProcessPoolExecutor(max_workers=workers, initializer=_use_rules, initargs=(specs[0].game, rules)) as pool:
        futures = [pool.submit(play, s) for s in specs]
        for f in as_completed(futures):
            yield f.result()


def _ray_rows(specs: list[GameSpec], address: str, engine: str) -> Iterable[dict]:
    """Run on Ray: ``address`` is a cluster address (``ray://host:10001``, ``auto``), or ``local`` to start
    a small Ray instance on this machine for the run (used by the tests: Ray's old in-process
    ``local_mode`` is gone from current Ray releases)."""
    try:
        import ray
    except ImportError as missing:
        raise RuntimeError("running the arena on Ray needs Ray: pip install 'daimyo[ray]'") from missing

    started = False
    if not ray.is_initialized():
        if address == "local":
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, configure_logging=False,
                     object_store_memory=100 * 1024 * 1024)
        else:
            ray.init(address=address, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(play_spec)
        pending = [remote.remote(s, engine) for s in specs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
