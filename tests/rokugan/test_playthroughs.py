"""Golden playthroughs: recorded games checked into the repository (as OpenSpiel does).

Each ``playthroughs/*.record`` is a whole game between random bots; next to it,
``*.final`` is the position it must end in and ``*.log`` its public events. A change
to the rules that alters any of them shows up here; when the change is intended,
regenerate the files with ``python -m tests.rokugan.test_playthroughs`` and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from daimyo.bots.random_bot import RandomBot
from daimyo.rokugan.position import to_position
from daimyo.rokugan.record import Recorder, replay

HERE = Path(__file__).parent / "playthroughs"
GAMES = {"two-players": (2, 101, None), "four-players": (4, 202, None),
         "five-players": (5, 303, ["crab", "crane", "dragon", "lion", "unicorn"])}


def public_log(rep) -> str:
    lines = []
    for lineno, actor, action, events in rep.steps:
        for e in events:
            if e.visible(None):
                lines.append(json.dumps({"line": lineno, **e.to_dict()}, sort_keys=True))
    return "\n".join(lines) + "\n"


def generate(name: str) -> tuple[str, str, str]:
    players, seed, clans = GAMES[name]
    rec = Recorder(players=players, seed=seed, clans=clans)
    bot = RandomBot(seed)
    while not rec.state.is_terminal():
        seat = rec.state.to_act()[0]
        rec.apply_move(seat, bot.choose(rec.state, seat))
    rep = replay(rec.text())
    return rec.text(), to_position(rep.state), public_log(rep)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_playthrough_replays_to_its_recorded_end(name):
    """Game records and Resolution Phase: a recorded game replays to the same final position and events."""
    record = (HERE / f"{name}.record").read_text()
    rep = replay(record)
    assert rep.state.is_terminal()
    assert to_position(rep.state) == (HERE / f"{name}.final").read_text()
    assert public_log(rep) == (HERE / f"{name}.log").read_text()


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for game in GAMES:
        record, final, log = generate(game)
        (HERE / f"{game}.record").write_text(record)
        (HERE / f"{game}.final").write_text(final)
        (HERE / f"{game}.log").write_text(log)
        print(f"wrote {game}: {len(record.splitlines())} record lines", file=sys.stderr)
