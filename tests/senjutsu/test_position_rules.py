"""Positions and records hold only what the rules allow (docs/senjutsu-notation.md, "What a position may hold"):
each refusal is a FormatError (in a record, a ReplayError) that names its own line and the rule, and every count is
bounded before anything is built from it. One test per rule, named after the rulebook section."""

from __future__ import annotations

import json
import re

import pytest

from daimyo.core.errors import FormatError
from daimyo.core.record import ReplayError
from daimyo.senjutsu.cards import load_data, sample_set
from daimyo.senjutsu.position import MAX_POSITION_CHARS, MAX_POSITION_LINES, PositionError, from_position
from daimyo.senjutsu.record import MAX_RECORD_LINES, check_record, replay

KAZE = "p1 character: kaze hex=0,2 facing=n"
TETSU = "p2 character: tetsu hex=0,-2 facing=s"


def _text(*seat_lines: str, head: str = "", p1: str = KAZE, p2: str = TETSU) -> str:
    """A two-seat position: ``head`` lines after the format line, then p1's lines, then p2's."""
    lines = ["format: senjutsu-position", "seed: 3", *filter(None, head.split("\n")), p1, *seat_lines, p2]
    return "\n".join(lines) + "\n"


def _refused(text: str, line: int, *words: str, cards=None) -> str:
    """The position is refused naming ``line`` (and ``words``); a record of the same text names the same line."""
    with pytest.raises(PositionError) as e:
        from_position(text, cards)
    msg = str(e.value)
    assert msg.startswith(f"line {line}: ") and not re.match(r"line \d+: line", msg), msg
    assert e.value.lineno == line
    for w in words:
        assert w in msg, msg
    with pytest.raises(ReplayError) as r:
        replay(text, cards)
    assert str(r.value) == msg
    return msg


def _line_of(text: str, start: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith(start))


# --- Deck Construction Guidelines: what a character's hand, deck and discard pile may hold together
def test_deck_construction_guidelines_jade_two_copies_in_hand_and_deck():
    """Jade: at most one Jade card in a deck, so not one in the hand and another in the deck (issue 25)."""
    text = _text("p1 hand: jade-serenity", "p1 deck: jade-serenity rest")
    _refused(text, _line_of(text, "p1 deck"), "jade-serenity", "Jade")


def test_deck_construction_guidelines_jade_two_copies_in_one_hand():
    text = _text("p1 hand: quick-cut jade-serenity jade-serenity")
    _refused(text, _line_of(text, "p1 hand"), "2 copies of jade card 'jade-serenity'", "Jade")


def test_deck_construction_guidelines_jade_two_different_jade_cards():
    """Jade: two different Jade cards are refused as well (one Jade card in all)."""
    extra = load_data([("extra.json", json.dumps({"format": "senjutsu-cards", "cards": [
        {"id": "jade-two", "name": "Jade Two", "type": "meditation", "rank": "jade", "initiative": 4, "lines": [{"gain_focus": 1}]}]}))],
        sample_set())
    text = _text("p1 hand: jade-serenity", "p1 discard: jade-two")
    _refused(text, _line_of(text, "p1 discard"), "more than 1 jade cards", "Jade", cards=extra)


def test_deck_construction_guidelines_steel_at_most_two_copies():
    """Steel: at most two copies of a Steel card, counted over hand, deck and discard pile."""
    text = _text("p1 hand: heavy-chop", "p1 deck: heavy-chop", "p1 discard: ~heavy-chop")
    _refused(text, _line_of(text, "p1 discard"), "3 copies of steel card 'heavy-chop'", "Steel")


def test_deck_construction_guidelines_wood_at_most_three_copies():
    text = _text("p1 hand: quick-cut quick-cut quick-cut quick-cut")
    _refused(text, _line_of(text, "p1 hand"), "4 copies of wood card 'quick-cut'", "Wood")


def test_deck_construction_guidelines_gold_one_copy_and_eight_in_all():
    """Gold: one copy of each Gold card, and no more than eight Gold cards in all."""
    text = _text("p1 hand: swift-draw", "p1 discard: swift-draw")
    _refused(text, _line_of(text, "p1 discard"), "2 copies of gold card 'swift-draw'", "Gold")
    golds = [{"id": f"g{i}", "name": f"G{i}", "type": "meditation", "rank": "gold", "initiative": 4, "lines": [{"gain_focus": 1}]}
             for i in range(9)]
    extra = load_data([("golds.json", json.dumps({"format": "senjutsu-cards", "cards": golds}))], sample_set())
    text = _text("p1 hand: g0 g1 g2 g3", "p1 deck: g4 g5 g6 g7 g8")
    _refused(text, _line_of(text, "p1 deck"), "more than 8 gold cards", "Gold", cards=extra)


def test_deck_construction_forty_cards_in_all():
    """Deck Construction: a character holds its forty ability cards, no more (a long deck line is refused by its
    length before its cards are looked up; hand and discard pile count too)."""
    text = _text("p1 deck: " + " ".join(["quick-cut"] * 41))
    _refused(text, _line_of(text, "p1 deck"), "41 cards", "Deck Construction")
    wood = [c for c, k in sample_set().cards.items() if k.rank == "wood" and not k.signature]
    many = [c for c in wood for _ in range(3)][:41]
    text = _text("p1 hand: " + " ".join(many[:20]), "p1 deck: " + " ".join(many[20:]))
    _refused(text, _line_of(text, "p1 deck"), "more than 40 ability cards", "Deck Construction")


def test_deck_construction_rest_fills_the_deck_to_forty():
    """'rest' adds the named deck's other copies up to forty cards in all: a hand of cards from outside the deck
    leaves fewer in the deck, never more than forty together."""
    g = from_position(_text("p1 hand: low-sweep low-sweep feint"))
    d = g.duellists[0]
    assert len(d.hand) - 2 + len(d.deck) + len(d.discard) == 40
    g = from_position(_text("p1 hand: quick-cut quick-cut"))
    assert g.duellists[0].deck.count("quick-cut") == 1 and len(g.duellists[0].deck) == 38


def test_basic_ability_cards_and_signature_ability_cards_own_character_only():
    text = _text("p1 hand: tetsu-calm-eye")
    _refused(text, _line_of(text, "p1 hand"), "signature card of 'tetsu'", "Signature")


# --- Winning the Game: a position holds undefeated characters
@pytest.mark.parametrize("fields, field", [
    ("wounds=8", "wounds"), ("wounds=5 bleeding=3", "bleeding"), ("bleeding=8", "bleeding"), ("stuns=5", "stuns"),
])
def test_winning_the_game_defeated_characters_are_refused(fields, field):
    """Winning the Game: wounds (bleeding wounds count) at the wound limit, or stuns at the hand size, defeat a
    character; Kaze's wound limit is 8, hand size 5."""
    text = _text(p1=f"{KAZE} {fields}")
    _refused(text, _line_of(text, "p1 character"), f"field '{field}'")
    assert from_position(_text(p1=f"{KAZE} wounds=4 bleeding=3 stuns=4")).duellists[0].total_wounds == 7


def test_focus_at_most_three():
    text = _text(p1=f"{KAZE} focus=4")
    _refused(text, _line_of(text, "p1 character"), "field 'focus'", "0 to 3")


def test_hobble_quarter_turns_and_count():
    """Hobble: a hobble has made 0 to 3 quarter turns; no more hobbles than the box's status cards."""
    text = _text(p1=f"{KAZE} hobbles=0,4")
    _refused(text, _line_of(text, "p1 character"), "field 'hobbles'", "0 to 3")
    text = _text(p1=f"{KAZE} hobbles=" + ",".join(["1"] * 54))
    _refused(text, _line_of(text, "p1 character"), "field 'hobbles'", "at most 53")


def test_draw_bounds_the_turn():
    """Draw: one card a turn from forty, then a wound a turn: no duel reaches a turn past 40 + the largest wound
    limit at the table (Tetsu's 9)."""
    assert from_position(_text(head="turn: 49")).turn == 49
    text = _text(head="turn: 50")
    _refused(text, 3, "field 'turn'", "1 to 49")
    _refused(_text(head="turn: 0"), 3, "field 'turn'")


def test_components_terrain_pieces_in_the_box():
    """Components: three rocks, one torii gate, ... — a fourth rock is refused on the terrain line."""
    text = _text(head="terrain: rock 3,-3; rock -3,3; rock 0,0; rock -3,0")
    _refused(text, 3, "field 'terrain'", "4 pieces of rock", "Components")


def test_moving_into_another_character_two_characters_never_share_a_hex():
    """Two characters on one hex: the error names the second character's line, not line 1 (issue 25)."""
    text = _text("p1 hand: quick-cut", p2="p2 character: tetsu hex=0,2 facing=s")
    msg = _refused(text, _line_of(text, "p2 character"), "0,2", "p1's hex")
    assert not msg.startswith("line 1:")


def test_setup_seats_in_order_two_to_four():
    """Setup: 2 to 4 characters, seats p1, p2, ... in order; a gap names the later seat's line."""
    text = "format: senjutsu-position\np1 character: kaze hex=0,2\np3 character: tetsu hex=0,-2\n"
    _refused(text, 3, "seat p3 without p2")
    _refused("format: senjutsu-position\np1 character: kaze hex=0,2\n", 2, "seats p1, p2")
    _refused("format: senjutsu-position\np1 hand: quick-cut\np2 character: tetsu hex=0,-2\n", 2, "missing 'p1 character:'")


def test_a_field_given_twice_names_the_second_line():
    text = _text("p1 hand: quick-cut", "p1 hand: lunge")
    _refused(text, _line_of(text, "p1 hand") + 1, "given twice", f"first on line {_line_of(text, 'p1 hand')}")
    _refused(_text(head="turn: 2\nturn: 3"), 4, "field 'turn': given twice")
    _refused(_text(p1=f"{KAZE} focus=1 focus=2"), 3, "field 'focus': given twice")


@pytest.mark.parametrize("p1, head, field", [
    (f"p1 character: kaze hex={'9' * 5000},0", "", "hex"),
    ("p1 character: kaze hex=99,99", "", "hex"),
    (f"{KAZE} wounds={'9' * 5000}", "", "wounds"),
    (f"{KAZE} hobbles={'9' * 5000}", "", "hobbles"),
    (KAZE, f"turn: {'9' * 5000}", "turn"),
    (KAZE, f"turn: {'1' * 30}", "turn"),
])
def test_huge_numbers_are_refused_on_their_line(p1, head, field):
    """A number longer than its field can hold is refused before it is converted (no int() of 5,000 digits)."""
    text = _text(p1=p1, head=head)
    _refused(text, _line_of(text, "p1 character" if field != "turn" else "turn"), f"field '{field}'")


def test_seed_and_rng_bounds():
    """seed: the generator's 64-bit state; rng: a counter below 2^64 (so no draw can run past the generator)."""
    text = "format: senjutsu-position\nseed: " + "9" * 5000 + f"\n{KAZE}\n{TETSU}\n"
    _refused(text, 2, "field 'seed'")
    text = f"format: senjutsu-position\nrng: blake2b-keyed {'ab' * 32} game {2 ** 70}\n{KAZE}\np1 deck: rest\n{TETSU}\n"
    _refused(text, 2, "field 'rng'", "2^64")


def test_whole_file_bounds_name_a_line():
    """A file longer than a position can be is refused before it is read, naming the first line past the bound."""
    text = _text() + "# comment\n" * MAX_POSITION_LINES
    _refused(text, MAX_POSITION_LINES + 1, f"at most {MAX_POSITION_LINES} lines")
    text = _text() + "# " + "x" * MAX_POSITION_CHARS + "\n"
    _refused(text, 5, f"at most {MAX_POSITION_CHARS} characters")


def test_record_names_the_position_line_without_a_stray_line_1():
    """A position replayed as a record keeps its own line: 'line 5: field ...', never 'line 1: line 5: ...'."""
    text = _text(p1="p1 character: ninja hex=0,2")
    with pytest.raises(ReplayError) as e:
        replay(text + "p1: play quick-cut\n")
    assert str(e.value).startswith("line 3: field 'character': unknown character 'ninja'")
    assert e.value.lineno == 3


# --- records
def _record(*lines: str) -> str:
    return "\n".join(["format: senjutsu-record", "seed: 1", *lines]) + "\n"


@pytest.mark.parametrize("lines, line, words", [
    (("characters: kaze tetsu hana ishi kaze",), 3, "2 to 4 characters"),
    (("characters: kaze",), 3, "2 to 4 characters"),
    (("characters: kaze tetsu", "decks: kaze-sample"), 4, "field 'decks': one for each of the 2"),
    (("characters: kaze tetsu", "weapons: kaze-katana tetsu-bokken kaze-katana"), 4, "field 'weapons'"),
    (("characters: kaze tetsu", "terrain: rock 0,0; rock 3,-3; rock -3,3; rock 3,0"), 4, "4 pieces of rock"),
    (("characters: kaze tetsu", "terrain: rock 0,0", "terrain-pieces: rock rock rock"), 5, "4 pieces of rock"),
    (("characters: kaze tetsu", "terrain-pieces: torii torii"), 4, "2 pieces of torii"),
    (("characters: kaze tetsu", f"terrain: rock {'9' * 5000},0"), 4, "field 'terrain'"),
    (("characters: kaze tetsu", "terrain: rock 9,9"), 4, "field 'terrain'"),
    (("characters: kaze tetsu", "board: three"), 4, "field 'board'"),
    (("characters: kaze tetsu", "prepare: maybe"), 4, "field 'prepare'"),
])
def test_setup_record_header_bounds(lines, line, words):
    """Setup and Components in a record's header: each refusal names the field's own line."""
    with pytest.raises(ReplayError) as e:
        check_record(_record(*lines))
    assert str(e.value).startswith(f"line {line}: ") and words in str(e.value), str(e.value)


def test_record_whole_file_bound():
    text = _record("characters: kaze tetsu") + "p1: place 0,3 n\n" * MAX_RECORD_LINES
    with pytest.raises(ReplayError, match=f"^line {MAX_RECORD_LINES + 1}: a record has at most"):
        check_record(text)
    assert check_record(_record("characters: kaze tetsu", "", "p2: place 0,3 n")) == 1


def test_every_position_error_is_a_format_error():
    """PositionError is a FormatError: callers that catch FormatError (the CLI, the server) still do."""
    assert issubclass(PositionError, FormatError)
