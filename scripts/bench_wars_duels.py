"""Random Rising Sun wars and Senjutsu duels per second (the issue 14's cheap wins, docs/benchmarks.md).

    PYTHONPATH=$PWD python3 scripts/bench_wars_duels.py risingsun|senjutsu [GAMES] [--engine python|native|native-each]

Rising Sun: war ``i`` is the example war files in turn, random players seeded from ``i``. Senjutsu: duel ``i`` is
Kaze against Tetsu seeded ``i``, random players seeded from it. Prints games and actions a second and the
actions played (equal before and after a change that keeps the rules, or the change altered a game).

Rising Sun's ``--engine`` (issue 29, docs/native.md "Rising Sun: wars in bulk"): ``python`` (the default, the
reference: each war read from its file and played move by move), ``native`` (the same wars in bulk,
:func:`daimyo.bots.risingsun.bulk.play_wars`: each war file read once, its wars played in one native call) or
``native-each`` (one native call a war, as ``daimyo risingsun simulate --engine native`` plays them). The same wars
give the same actions on every engine.
"""

from __future__ import annotations

import sys
import time

from daimyo.bots.random_bot import RandomBot, bot_seed, bot_seeds, play
from daimyo.bots.risingsun.bulk import NativeWar, play_wars
from daimyo.core.registry import game
from daimyo.risingsun import examples, from_text, open_example


def wars(games: int) -> int:
    names, actions = examples(), 0
    for i in range(games):
        s = from_text(open_example(names[i % len(names)]))
        actions += play(s, {p: RandomBot(seed) for p, seed in enumerate(bot_seeds(i, len(s.clans)))})
    return actions


def wars_native(games: int) -> int:
    """The same wars as :func:`wars`, each example war file's wars in one bulk call."""
    names, actions = examples(), 0
    for j, name in enumerate(names):
        text = open_example(name)
        n = len(from_text(text, start=False).clans)
        plays = [(["random"] * n, bot_seeds(i, n)) for i in range(j, games, len(names))]
        actions += sum(r.moves for r in play_wars(text, plays, engine="native"))
    return actions


def wars_native_each(games: int) -> int:
    """The same wars as :func:`wars`, one native call a war (the war file started once, as a simulation does)."""
    names, actions = examples(), 0
    texts = [open_example(name) for name in names]
    for i in range(games):
        s = NativeWar(texts[i % len(texts)])
        actions += s.play_random(bot_seeds(i, len(s.clans)))
    return actions


def duels(games: int) -> int:
    info, actions = game("senjutsu"), 0
    for i in range(games):
        s = info.setup(2, i, ["kaze", "tetsu"])
        actions += play(s, {p: RandomBot(bot_seed(i, p)) for p in range(2)})
    return actions


def main() -> None:
    args = sys.argv[1:]
    engine = "python"
    if "--engine" in args:
        at = args.index("--engine")
        engine = args[at + 1]
        del args[at:at + 2]
    which, games = args[0], int(args[1]) if len(args) > 1 else 50
    runs = {("risingsun", "python"): wars, ("risingsun", "native"): wars_native,
            ("risingsun", "native-each"): wars_native_each, ("senjutsu", "python"): duels}
    if (which, engine) not in runs:
        sys.exit(f"bench_wars_duels: no engine '{engine}' for {which} (risingsun: python, native, native-each; "
                 "senjutsu: python)")
    t0 = time.perf_counter()
    actions = runs[which, engine](games)
    dt = time.perf_counter() - t0
    print(f"{which} ({engine}): {games / dt:.1f} games/s  {actions / dt:.0f} actions/s  ({actions} actions)" if games else which)


if __name__ == "__main__":
    main()
