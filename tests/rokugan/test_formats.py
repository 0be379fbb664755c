"""Text formats and data files: clear errors for bad input, and the documented examples work."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path

import pytest

from daimyo.core.errors import FormatError, RuleViolation
from daimyo.core.game import Action
from daimyo.rokugan import new_game
from daimyo.rokugan.data import load_rules
from daimyo.rokugan.position import from_position, to_position
from daimyo.rokugan.record import ReplayError, record_text, replay

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _data(name):
    return json.loads((resources.files("daimyo.rokugan") / "data" / name).read_text())


def test_docs_position_example_is_the_rulebook_battle_example():
    """Resolving Battles (Battle Example), as written in docs/rokugan-positions.md."""
    text = (DOCS / "rokugan-positions.md").read_text().split("```")[1]
    s = from_position(text)
    battles = [e for e in s._advance() if e.kind == "battle"]
    assert len(battles) == 1
    b = battles[0].data
    assert {a["clan"]: a["total"] for a in b["attackers"]} == {"phoenix": 2, "scorpion": 3}
    assert b["defender"]["total"] == 1 and b["winner"] == "scorpion"


@pytest.mark.parametrize("text, message", [
    ("players: crab lion\n", "starts with 'format: rokugan-position'"),
    ("format: rokugan-position\n", "needs a 'players:' line"),
    ("format: rokugan-position\nplayers: crab badger\n", "unknown clan 'badger'"),
    ("format: rokugan-position\nplayers: crab lion\nprovince crab_9: crab\nhand crab: bluff\nhand lion: bluff\n",
     "unknown province 'crab_9'"),
    ("format: rokugan-position\nplayers: crab lion\nhand crab: bluff a1 a1 a1 a1 a1 a1 a1\nhand lion: bluff\n",
     "more 'a1' tokens"),
    ("format: rokugan-position\nplayers: crab lion\nhand crab: a1\nhand lion: bluff\n", "bluff is nowhere"),
    ("format: rokugan-position\nplayers: crab lion\nphase: lunch\nhand crab: bluff\nhand lion: bluff\n", "unknown phase"),
    ("format: rokugan-position\nplayers: crab lion\nprovince crab_1: crab special=volcano\nhand crab: bluff\nhand lion: bluff\n",
     "unknown special token 'volcano'"),
    ("format: rokugan-position\nplayers: crab lion\ntoken #1: crab a9 crab_1\nhand crab: bluff\nhand lion: bluff\n",
     "no combat token 'a9'"),
    ("format: rokugan-position\nplayers: crab lion\ntoken #1: crab a1 crab_1>dragon_1\nhand crab: bluff\nhand lion: bluff\n",
     "share no land border"),
    ("format: rokugan-position\nplayers: crab lion\nprovince crab_1: crab down=31\nhand crab: bluff\nhand lion: bluff\n",
     "control tokens of crab"),
    ("format: rokugan-position\nplayers: crab lion\nwibble: 3\nhand crab: bluff\nhand lion: bluff\n", "unknown key 'wibble'"),
])
def test_malformed_positions_say_what_is_wrong(text, message):
    """Position format: a malformed file is refused with the line and field named."""
    with pytest.raises(FormatError, match=message):
        from_position(text)


@pytest.mark.parametrize("action, message", [
    ("", "empty action"),
    ("fly crab_1", "unknown action 'fly'"),
    ("place a3", "takes 2 arguments"),
    ("place z3 crab_1", "not a combat token code"),
    ("place a1 crab_99", "unknown province"),
    ("look 5", "not a token number"),
])
def test_malformed_actions_say_what_is_wrong_and_change_nothing(action, message):
    """Action notation: malformed text raises RuleViolation and leaves the state unchanged."""
    s = new_game(players=3, seed=1, clans=["crab", "lion", "crane"])
    before = to_position_safe(s)
    with pytest.raises(RuleViolation, match=message):
        s.apply(Action(0, action))
    assert to_position_safe(s) == before


def to_position_safe(s):
    # positions start after objectives are chosen; before that compare the views and offers
    return (repr(s.view(None)), s.offer, s.objective, s.rng.state)


def test_acting_out_of_turn_or_from_a_missing_seat_is_refused():
    """Playing the Game: only the player to act may act."""
    s = new_game(players=2, seed=2, clans=["crab", "lion"])
    for seat in (0, 1):
        s.apply(Action(seat, f"objective {s.offer[seat][0]}"))
    first = s.to_act()[0]
    other = 1 - first
    before = to_position(s)
    with pytest.raises(RuleViolation, match="not lion's turn|not crab's turn"):
        s.apply(Action(other, "control crab_2"))
    with pytest.raises(RuleViolation, match="no player seat 7"):
        s.apply(Action(7, "control crab_2"))
    assert to_position(s) == before


def test_record_round_trip_and_errors_name_the_line():
    """Game records: a record replays; an illegal action names its line and rule."""
    s = new_game(players=2, seed=4, clans=["crab", "lion"])
    acts = [("crab", f"objective {s.offer[0][0]}"), ("lion", f"objective {s.offer[1][0]}")]
    text = record_text({"players": 2, "seed": 4, "clans": "crab lion"}, acts)
    rep = replay(text)
    assert rep.state.phase == "setup-control"
    bad = text + f"{rep.state.clan_of(rep.state.turn)}: control crab_1\n"
    with pytest.raises(ReplayError, match=r"line 9: .*already contains a control token.*Setup 10"):
        replay(bad)
    with pytest.raises(ReplayError, match="unknown format"):
        replay("format: chess\n")
    with pytest.raises(ReplayError, match="rules version"):
        replay("format: rokugan-record\nrules: 9\nplayers: 2\n")


def test_broken_card_data_is_refused_with_the_field_named():
    """Data files: broken card data fails loudly and names the field."""
    cards = copy.deepcopy(_data("territory_cards.json"))
    cards["cards"][0]["timing"] = "whenever"
    with pytest.raises(FormatError, match=r"territory_cards.json cards\[0\]: timing"):
        load_rules({"territory_cards.json": cards})
    cards = copy.deepcopy(_data("territory_cards.json"))
    del cards["cards"][3]["territory"]
    with pytest.raises(FormatError, match="missing field 'territory'"):
        load_rules({"territory_cards.json": cards})
    board = copy.deepcopy(_data("board.json"))
    board["land_borders"].append(["crab_1", "atlantis"])
    with pytest.raises(FormatError, match="land_borders"):
        load_rules({"board.json": board})
    comps = copy.deepcopy(_data("components.json"))
    comps["combat_tokens"][0]["kind"] = "catapult"
    with pytest.raises(FormatError, match="unknown token kind 'catapult'"):
        load_rules({"components.json": comps})


def test_board_data_matches_the_reference():
    """Reference: Board — 30 provinces, 11 territories, 64 land borders, 12 coastal, 56 flowers."""
    from daimyo.rokugan.data import RULES as R
    assert R.n_provinces == 30 and len(R.territory_names) == 11 and len(R.borders) == 64
    assert sum(R.coastal) == 12 and sum(R.flowers) == 56
    assert all(R.printed_defense[R.capital[c]] == 2 for c in R.clan_names)
    assert [R.printed_defense[R.province_index[p]] for p in ("shadowlands_north", "shadowlands_south")] == [1, 1]
    assert R.tokens_per_clan == 27


# ------------------------------------------------------------------ messages (issue 13)
HEAD2 = "format: rokugan-position\nplayers: crab lion\n"


@pytest.mark.parametrize("body, line, message", [
    ("province crab_9: crab\nhand crab: bluff\nhand lion: bluff\n", 3, "line 3: province: unknown province 'crab_9'"),
    # a count error names the line of the list at fault, not line 1
    ("hand lion: bluff\nhand crab: bluff a1 a1 a1 a1 a1 a1 a1\n", 4, "line 4: hand: crab has more 'a1' tokens"),
    ("hand crab: bluff\nhand lion: bluff\nprovince crab_1: crab down=31\n", 5, "line 5: province: control tokens of crab"),
    ("hand crab: bluff\nhand lion: bluff\nsupply crab: 3\n", 5, "line 5: supply: control tokens of crab"),
])
def test_a_replayed_position_names_the_line_once(body, line, message):
    """Position format inside a replay: the line is said once ("line 3: line 3:" no more), and it is the line at fault."""
    with pytest.raises(ReplayError) as e:
        replay(HEAD2 + body)
    assert e.value.lineno == line and str(e.value).startswith(message)
    assert str(e.value).count(f"line {line}") == 1


def test_a_position_without_its_format_line_is_answered_as_such():
    """Position format: 'format: rokugan-position' is the first fact; a file without it is told so."""
    with pytest.raises(ReplayError, match=r"^line 1: the file has no 'format:' line: a position starts with "
                                          r"'format: rokugan-position'"):
        replay("players: phoenix scorpion dragon\nphase: placement\nhand phoenix: bluff\n")
    with pytest.raises(FormatError, match=r"^line 2 \(format\): a position starts with 'format: rokugan-position'"):
        from_position("# a comment\nplayers: crab lion\n")


def test_a_file_that_is_not_utf8_is_answered_with_its_line(tmp_path):
    """Position format: a file is UTF-8 text; another encoding is refused with the line of the first bad byte."""
    from click.testing import CliRunner

    from daimyo.cli.main import main
    f = tmp_path / "latin1.txt"
    f.write_bytes(b"format: rokugan-position\nplayers: crab lion\nhand crab: bluff\n# d\xe9j\xe0 vu\nhand lion: bluff\n")
    r = CliRunner().invoke(main, ["rokugan", "replay", str(f)])
    assert r.exit_code == 1
    assert "line 4: the file is not UTF-8 text (byte 0xe9 at column 4)" in r.output and "codec" not in r.output


def test_card_events_are_told_in_words_in_every_language():
    """Playing Territory Cards: every event of a card is a sentence in `replay`, never a dump of its data
    (the special token, control tokens added, the swapped provinces, a province taken with no token left)."""
    from daimyo.core.game import Event
    from daimyo.words import LANGS
    from daimyo.words.rokugan import RokuganWords
    events = [Event("special", {"province": "scorpion_1", "token": "peace", "replaced": None}),
              Event("special", {"province": "crab_2", "token": "shrine", "replaced": "harbor"}),
              Event("special-removed", {"province": "crab_2", "token": "shrine"}),
              Event("control-added", {"clan": "crab", "province": "crab_1", "faceup": 2}),
              Event("control-added", {"clan": "crab", "province": "crab_1", "count": 1}),
              Event("control-removed", {"clan": "crab", "province": "crab_1"}),
              Event("swap-control", {"clan": "unicorn", "provinces": ["unicorn_2", "crab_1"]}),
              Event("battle", {"province": "scorpion_1", "attackers": [{"clan": "crab", "total": 3, "defense_faced": 2,
                                                                         "tokens": []}],
                               "defender": {"clan": "scorpion", "total": 2, "tokens": []}, "outcome": "taken",
                               "winner": "crab", "control_placed": 0})]
    for lang in LANGS:
        said = [RokuganWords(lang).sentence(e) for e in events]
        for s in said:
            assert not any(raw in s for raw in ("None", "[", "{", "_1", "_2", "event.")), (lang, s)
        assert len(set(said)) == len(said)
    assert RokuganWords("en").sentence(events[-1]).endswith("the province is left empty.")
    assert "prowincja zostaje pusta" in RokuganWords("pl").sentence(events[-1])


def test_docs_notation_python_example_runs_as_written():
    """docs/rokugan-notation.md's "In Python" block called record_header without importing it and with an undefined
    key; run as written, it now makes a record, replays it and writes a keyed game's header."""
    block = (DOCS / "rokugan-notation.md").read_text(encoding="utf-8").split("```python\n", 1)[1].split("```", 1)[0]
    names: dict = {}
    exec(compile(block, "rokugan-notation.md", "exec"), names)
    assert len(names["again"].state.clans) == 4 and names["text"].startswith("format: rokugan-record")
    assert "generator: blake2b-keyed" in names["keyed"] and "clans: crab crane lion unicorn" in names["keyed"]
    assert replay(names["keyed"]).state.clans == ["crab", "crane", "lion", "unicorn"]
