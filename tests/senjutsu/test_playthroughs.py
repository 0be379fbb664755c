"""Golden playthroughs: recorded duels checked into the repository (as OpenSpiel does).

Each ``playthroughs/*.record`` is a whole duel between bots; next to it, ``*.log`` holds its public
events and the final public view. A change to the rules that alters either shows up here; when the
change is intended, regenerate with ``python -m tests.senjutsu.test_playthroughs`` and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from daimyo.bots.senjutsu import make
from daimyo.core.game import Action
from daimyo.senjutsu import new_game
from daimyo.senjutsu.record import record_text, replay

HERE = Path(__file__).parent / "playthroughs"
DUELS = {
    "two-heuristic": dict(characters=["kaze", "tetsu"], seed=11, bots=["heuristic", "heuristic"], terrain="rock 0,0"),
    "three-setup": dict(characters=["hana", "ishi", "kaze"], seed=12, bots=["heuristic", "random", "random"], pieces="rock bamboo torii",
                        prepare=True),
}


def public_log(rep) -> str:
    lines = [json.dumps({"line": no, **e.to_dict()}, sort_keys=True) for no, _a, _t, evs in rep.steps for e in evs if e.visible(None)]
    lines.append(json.dumps({"final": rep.state.view(None)}, sort_keys=True))
    return "\n".join(lines) + "\n"


def generate(name: str) -> tuple[str, str]:
    d = DUELS[name]
    from daimyo.senjutsu.record import parse_terrain
    g = new_game(d["characters"], seed=d["seed"], terrain=parse_terrain(d.get("terrain", "")),
                 terrain_pieces=d["pieces"].split() if "pieces" in d else None, prepare=d.get("prepare", False))
    bots = {i: make(b, d["seed"] + i) for i, b in enumerate(d["bots"])}
    actions = []
    while not g.is_terminal():
        seat = g.to_act()[0]
        move = bots[seat].choose(g, seat)
        actions.append((f"p{seat + 1}", move))
        g.apply(Action(seat, move))
    header = {"seed": d["seed"], "board": "one", "characters": " ".join(d["characters"])}
    if "terrain" in d:
        header["terrain"] = d["terrain"]
    if "pieces" in d:
        header["terrain-pieces"] = d["pieces"]
    if d.get("prepare"):
        header["prepare"] = "yes"
    text = record_text(header, actions)
    return text, public_log(replay(text))


@pytest.mark.parametrize("name", sorted(DUELS))
def test_playthrough_replays_to_the_same_events(name):
    """Records: a checked-in duel replays to exactly the public events and final view stored next to it."""
    record = (HERE / f"{name}.record").read_text()
    assert public_log(replay(record)) == (HERE / f"{name}.log").read_text()


@pytest.mark.parametrize("name", sorted(DUELS))
def test_bots_still_play_the_recorded_duel(name):
    """The bots, seeded the same, still choose the recorded actions (the engine lists the same legal actions)."""
    record, _log = generate(name)
    assert record == (HERE / f"{name}.record").read_text()


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(DUELS):
        record, log = generate(name)
        (HERE / f"{name}.record").write_text(record)
        (HERE / f"{name}.log").write_text(log)
        print(f"wrote {name}: {record.count(chr(10))} lines")
