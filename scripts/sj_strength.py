"""Issue 29's strength check: ``smmcts`` on the native engine against ``smmcts`` on the Python engine at the same time
budget, every character pairing from both sides, in parallel over N processes; prints the native bot's score with
its 95% Wilson interval (docs/benchmarks.md, "Native worlds for smmcts").

    python3 scripts/sj_strength.py                       # 480 duels at 0.05 s a card choice, one process a core
    python3 scripts/sj_strength.py --procs 16 --duels 480 --budget 0.05s --out /tmp/sj-strength.jsonl

Duel ``k`` is :func:`daimyo.bots.senjutsu.study.duel`'s (pairing ``(k // 2) % 6``, the native bot on the first
character's side when ``k`` is even, both duels of a pair from the same seed), played on the Python engine, so
that the Python bot pays no hand-over and the native one hands each position over once a search. ``--start`` and
``--duels`` take a slice (to split the check over machines: the rows of ``--out`` files can be joined and read again
with ``--combine``). ``--native horizon=2,decide=1.0`` sets the native bot's search settings (``SETTINGS``), so
that a variant of the native search is measured against the unchanged Python one. A multiple of 12 duels plays every
pairing from both sides equally often. One process a core:
both bots of a duel think in the same process in turn, so each gets a core for its budget; more processes than
cores would cut both bots' thinking. Needs the native Senjutsu module built (``pip install .``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from daimyo.bots.senjutsu.study import duel, summary  # noqa: E402
from daimyo.senjutsu import native  # noqa: E402

_SPEC: dict = {}


def _init(budget: str, seed: int, options: dict) -> None:
    _SPEC.update(bot=f"smmcts:{budget}", seed=seed, options=options)


def _one(k: int) -> dict:
    return duel(k, _SPEC["bot"], _SPEC["bot"], _SPEC["seed"], ("python", "native", "python"), _SPEC["options"])


SETTINGS = {"horizon": int, "exploration": float, "decide": float, "hand_weight": float}   # SMMCTSBot's, by name


def _options(text: str) -> dict:
    """``--native NAME=VALUE,...``: the native bot's search settings (SMMCTSBot's attributes named in ``SETTINGS``),
    to measure a variant of the native search against the unchanged Python one."""
    out: dict = {}
    for part in filter(None, text.split(",")):
        name, eq, value = part.partition("=")
        kind = SETTINGS.get(name.strip())
        if not eq or kind is None:
            raise ValueError(f"--native: write NAME=VALUE,... with NAME one of {', '.join(SETTINGS)} "
                             f"(e.g. horizon=2,decide=1.0), got '{part}'")
        try:
            out[name.strip()] = kind(value)
        except ValueError:
            raise ValueError(f"--native: {name.strip()} takes a number ({kind.__name__}), got '{value}'") from None
    return out


def report(rows: list[dict], bot: str, wall: float | None) -> dict:
    """The study's summary of ``rows`` with the native bot's score by side and the duels' times."""
    out = summary(rows, f"{bot} (native engine)", f"{bot} (python engine)")
    for side in (0, 1):
        part = [r["bot_result"] for r in rows if r["bot_side"] == side]
        out[f"as_{'first' if side == 0 else 'second'}_character"] = [sum(part), len(part)]
    out["mean_duel_seconds"] = round(sum(r["seconds"] for r in rows) / len(rows), 2) if rows else None
    out["mean_turns"] = round(sum(r["turns"] for r in rows) / len(rows), 1) if rows else None
    if wall is not None:
        out["wall_seconds"] = round(wall, 1)
    return out


def _print(out: dict) -> None:
    n, won = out["duels"], out["bot_wins"]
    lo, hi = out["ci95"]
    print(json.dumps(out))
    if n:
        print(f"native smmcts scored {won:g} of {n} duels ({100 * won / n:.1f}%), 95% Wilson interval "
              f"{100 * lo:.1f}% to {100 * hi:.1f}% (the issue's target: at least 65%)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--duels", type=int, default=480)
    ap.add_argument("--start", type=int, default=0, help="the first duel's number (a slice of the check)")
    ap.add_argument("--budget", default="0.05s", help="each bot's budget a card choice (a question: half), e.g. 0.05s")
    ap.add_argument("--procs", type=int, default=os.cpu_count() or 1, help="processes (one a core)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--native", default="", help="the native bot's search settings, NAME=VALUE,... (e.g. horizon=2)")
    ap.add_argument("--out", help="also write each duel as a JSON line to this file")
    ap.add_argument("--combine", nargs="*", metavar="FILE", help="only read these --out files and report them together")
    a = ap.parse_args(argv)
    bot = f"smmcts:{a.budget}"
    try:
        options = _options(a.native)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    if a.combine:
        rows = [json.loads(line) for f in a.combine for line in Path(f).read_text().splitlines() if line.strip()]
        _print(report(sorted(rows, key=lambda r: r["duel"]), bot, None))
        return 0
    if not native.available():
        print(native.MISSING, file=sys.stderr)
        return 2
    if not a.budget.endswith("s"):
        print("--budget is a time (0.05s): the check compares the engines at the same time budget", file=sys.stderr)
        return 2
    rows: list[dict] = []
    t0 = time.perf_counter()
    print(f"{a.duels} duels (from {a.start}), {bot} native{' ' + str(options) if options else ''} against python, "
          f"{a.procs} processes", file=sys.stderr, flush=True)
    context = multiprocessing.get_context("fork")
    with open(a.out, "w") if a.out else contextlib.nullcontext() as out, \
            context.Pool(a.procs, initializer=_init, initargs=(a.budget, a.seed, options)) as pool:
        for row in pool.imap_unordered(_one, range(a.start, a.start + a.duels)):
            rows.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
            if len(rows) % 20 == 0 or len(rows) == a.duels:
                won = sum(r["bot_result"] for r in rows)
                print(f"  {len(rows)}/{a.duels} duels, native {won:g} ({100 * won / len(rows):.1f}%), "
                      f"{time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    _print(report(sorted(rows, key=lambda r: r["duel"]), bot, time.perf_counter() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
