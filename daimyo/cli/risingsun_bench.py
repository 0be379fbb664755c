"""Rising Sun's engines side by side (``daimyo bench``; docs/benchmarks.md, "Rising Sun's wars in bulk").

``engines(wars, seed)`` plays the same random wars (the example war files in turn, war ``i`` with random players
seeded ``bot_seeds(seed + i, clans)``, as ``scripts/bench_wars_duels.py risingsun`` plays them) on the Python
engine, the reference, and on the native engine in bulk (:func:`daimyo.bots.risingsun.bulk.play_wars`: each war
file read once, its wars played in one native call); the results must be equal. None where the native engine is
not built.
"""

from __future__ import annotations

import time

from daimyo.bots.random_bot import bot_seeds
from daimyo.bots.risingsun import native
from daimyo.bots.risingsun.bulk import WarResult, play_wars
from daimyo.risingsun import examples, from_text, open_example


def _plays(wars: int, seed: int) -> dict[str, list]:
    """The example war files with the wars each plays: war ``i`` is file ``i % files``."""
    names = examples()
    by_file: dict[str, list] = {name: [] for name in names}
    for i in range(wars):
        name = names[i % len(names)]
        n = len(from_text(open_example(name), start=False).clans)
        by_file[name].append((["random"] * n, bot_seeds(seed + i, n)))
    return {open_example(name): plays for name, plays in by_file.items() if plays}


def _timed(plays: dict[str, list], engine: str) -> tuple[float, list[WarResult]]:
    results: list[WarResult] = []
    t0 = time.perf_counter()
    for text, wars in plays.items():
        results.extend(play_wars(text, wars, engine=engine))
    return time.perf_counter() - t0, results


def engines(wars: int = 50, seed: int = 0) -> dict | None:
    """Wars a second (and moves a second) of each engine on the same random wars, and their ratio (native over
    Python)."""
    if not native.available():
        return None
    plays = _plays(wars, seed)
    py_s, py_results = _timed(plays, "python")
    nat_s, nat_results = _timed(plays, "native")
    if py_results != nat_results:
        raise AssertionError("the engines played different wars: run tests/risingsun/test_bulk.py")
    moves = sum(r.moves for r in py_results)

    def figures(seconds: float) -> dict:
        return {"seconds": round(seconds, 4), "wars_per_second": round(wars / seconds, 1),
                "moves_per_second": round(moves / seconds, 1)}

    return {"wars": wars, "seed": seed, "files": len(plays), "moves": moves,
            "python": figures(py_s), "native": figures(nat_s),
            "ratio": {"wars_per_second": round(py_s / nat_s, 1)}}
