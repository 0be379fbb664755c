"""Golden playthroughs: War Phases played by bots, checked into the repository.

Each ``playthroughs/*.record`` is a whole War Phase; next to it ``*.final`` is the war file it
ends in and ``*.log`` its public events. A change to the rules that alters any of them shows up
here; when the change is intended, regenerate with ``python -m tests.risingsun.test_playthroughs``
and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from daimyo.bots.risingsun import make_bot
from daimyo.risingsun import open_example, to_text
from daimyo.risingsun.record import Recorder, replay

HERE = Path(__file__).parent / "playthroughs"
GAMES = {"seed-example-heuristic": ("seed-example", "heuristic", 7),
         "seed-example-random": ("seed-example", "random", 11),
         "worked-battle-random": ("worked-battle", "random", 5)}


def public_log(rep) -> str:
    lines = [json.dumps({"line": lineno, **e.to_dict()}, sort_keys=True)
             for lineno, _actor, _action, events in rep.steps for e in events if e.visible(None)]
    return "\n".join(lines) + "\n"


def generate(name: str) -> tuple[str, str, str]:
    example, bot, seed = GAMES[name]
    rec = Recorder(open_example(example))
    bots = {p: make_bot(bot, seed * 100 + p) for p in range(rec.state.n)}
    while not rec.state.is_terminal():
        for p in rec.state.to_act():
            rec.apply_move(p, bots[p].choose(rec.state, p))
    text = rec.text()
    rep = replay(text)
    return text, to_text(rep.state), public_log(rep)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_playthrough_replays_to_its_golden_files(name):
    """The recorded War Phase replays to the same final war file and the same public events."""
    record = (HERE / f"{name}.record").read_text()
    rep = replay(record)
    assert rep.state.is_terminal()
    assert to_text(rep.state) == (HERE / f"{name}.final").read_text()
    assert public_log(rep) == (HERE / f"{name}.log").read_text()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_playthrough_bots_still_play_it(name):
    """The same bots with the same seeds still play the same War Phase."""
    text, _final, _log = generate(name)
    assert text == (HERE / f"{name}.record").read_text()


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for n in (sys.argv[1:] or sorted(GAMES)):
        rec, final, log = generate(n)
        (HERE / f"{n}.record").write_text(rec)
        (HERE / f"{n}.final").write_text(final)
        (HERE / f"{n}.log").write_text(log)
        print(f"wrote {n}")
