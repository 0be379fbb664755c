"""Text formats: positions, records that replay exactly, and the errors for bad files."""

import pytest

from daimyo.bots.senjutsu import make
from daimyo.core.errors import FormatError
from daimyo.core.game import Action
from daimyo.core.record import ReplayError
from daimyo.senjutsu import new_game
from daimyo.senjutsu.position import from_position, to_position
from daimyo.senjutsu.record import record_text, replay


def _bot_duel(seed, characters=("kaze", "tetsu"), stop_turn=None):
    g = new_game(list(characters), seed=seed, terrain=[("rock", [(0, 0)]), ("bamboo", [(3, -3)])])
    bots = {i: make("heuristic" if i == 0 else "random", seed + i) for i in range(len(characters))}
    actions = []
    while not g.is_terminal():
        if stop_turn is not None and g.phase == "choose" and g.turn >= stop_turn and not g.chosen:
            break
        seat = g.to_act()[0]
        m = bots[seat].choose(g, seat)
        actions.append((f"p{seat + 1}", m))
        g.apply(Action(seat, m))
    return g, actions


def test_record_replays_exactly():
    """Records (daimyo.core.record): a duel is (rules, seed, actions); replaying rebuilds it exactly."""
    g, actions = _bot_duel(5)
    text = record_text({"seed": 5, "board": "one", "characters": "kaze tetsu", "terrain": "rock 0,0; bamboo 3,-3"}, actions)
    rep = replay(text)
    for seat in (None, 0, 1):
        assert rep.state.view(seat) == g.view(seat)
    assert rep.state.returns() == g.returns()


def test_record_illegal_line_names_the_line():
    """Records: an illegal action stops the replay with its line number and rule."""
    text = "format: senjutsu-record\nseed: 1\ncharacters: kaze tetsu\n\np2: place 0,0 n\np1: place 0,0 n\n"
    with pytest.raises(ReplayError, match="line 6"):
        replay(text)


def test_position_round_trip():
    """Positions: a state at the Choose step written out and read back is the same state."""
    g, _ = _bot_duel(8, stop_turn=6)
    text = to_position(g)
    g2 = from_position(text)
    assert to_position(g2) == text
    for seat in (None, 0, 1):
        assert g2.view(seat) == g.view(seat)
    # and both go on identically
    for s in (0, 1):
        m = g.legal_moves(s)[0]
        g.apply(Action(s, m))
        g2.apply(Action(s, m))
    assert g.view(None) == g2.view(None)


def test_position_then_actions_replays():
    """A position followed by action lines replays from that position."""
    g, _ = _bot_duel(9, stop_turn=4)
    text = to_position(g) + "\n" + "".join(f"p{s + 1}: {g.legal_moves(s)[0]}\n" for s in (0, 1))
    rep = replay(text)
    assert rep.state.phase != "choose" or rep.state.turn == g.turn + 1


@pytest.mark.parametrize("bad, field", [
    ("p1 character: kaze hex=9,9", "hex"),
    ("p1 character: kaze hex=0,0 facing=up", "facing"),
    ("p1 character: ninja hex=0,0", "character"),
    ("p1 character: kaze hex=0,0 kamae=sleepy", "kamae"),
    ("p1 character: kaze hex=0,0 wounds=-1", "wounds"),
    ("p1 character: kaze hex=0,0 bleeding=-2", "bleeding"),
    ("p1 character: kaze hex=0,0 stuns=-1", "stuns"),
])
def test_position_errors_name_the_field(bad, field):
    """Positions: a bad line is a FormatError naming the line and field."""
    text = f"format: senjutsu-position\n{bad}\np2 character: tetsu hex=0,-3\n"
    with pytest.raises(FormatError, match=f"'{field}'"):
        from_position(text)


def test_position_negative_counts_name_the_line():
    """Positions (Wounds; Stun): a character holds no fewer than zero wounds or stun cards; the error names the
    line and the field, and gives the value."""
    text = "format: senjutsu-position\np1 character: kaze hex=0,0\np2 character: tetsu hex=0,-3 stuns=-3\n"
    with pytest.raises(FormatError, match=r"line 3: field 'stuns': .*-3"):
        from_position(text)


def test_file_without_format_line_is_not_read_as_a_record():
    """Records and positions: a file without its 'format:' line is refused with a clear error, not guessed at."""
    position = "p1 character: kaze hex=0,0\np2 character: tetsu hex=0,-3\n"
    with pytest.raises(ReplayError, match="line 1: no 'format:' line"):
        replay(position)
    with pytest.raises(ReplayError, match="no 'format:' line"):
        replay("seed: 1\ncharacters: kaze tetsu\n\np2: place 0,3 n\n")
    with pytest.raises(FormatError, match="line 1: field 'format': missing"):
        from_position(position)


def test_the_docs_position_and_record_examples_are_read_as_written():
    """docs/senjutsu-notation.md's position put the torii gate within two hexes of the rock (refused at its terrain
    line) and its record had Kaze play a Quick Cut not in his hand on seed 7 (refused at line 10); both now read."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "senjutsu-notation.md").read_text(encoding="utf-8")
    position, record = (b.lstrip("\n") for b in doc.split("```")[1::2][:2])
    assert position.startswith("format: senjutsu-position") and record.startswith("format: senjutsu-record")
    s = from_position(position)
    assert s.turn == 3 and s.phase == "choose"
    assert from_position(to_position(s)).turn == 3
    r = replay(record)
    assert [step[1:3] for step in r.steps[1:]] == [("p2", "place 0,3 n"), ("p1", "place 0,-3 s"), ("p1", "play quick-cut"),
                                                   ("p2", "play steady-guard"), ("p2", "initiative 6")]
    assert ("initiative", {"seat": "p2", "initiative": 6}) in [(e.kind, e.data) for e in r.steps[-1][3]]
