"""A card file's mistakes are named in words a designer can act on (docs/senjutsu-cards.md, "Checking a card file"):
the bad value, the valid ones, the nearest known card, the JSON line and column (issue 31, section 5)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from daimyo.core.errors import FormatError
from daimyo.senjutsu.cards import KAMAE, LINE_EFFECTS, load_data, sample_set

EXAMPLE = json.loads((Path(__file__).parents[2] / "docs" / "senjutsu-cards-example.json").read_text(encoding="utf-8"))


def _refused(doc) -> str:
    text = doc if isinstance(doc, str) else json.dumps(doc, indent=1)
    with pytest.raises(FormatError) as e:
        load_data([("mine.json", text)], sample_set())
    return str(e.value)


def test_an_unknown_kamae_in_a_branch_is_named_with_the_four_kamae():
    doc = copy.deepcopy(EXAMPLE)
    doc["characters"][0]["kamae"]["branches"][1] = ["balance", "agression", True]
    msg = _refused(doc)
    assert "mine.json" in msg and "character 'ryu'" in msg and "field 'kamae.branches[1]'" in msg
    assert "'agression'" in msg and "did you mean 'aggression'" in msg and all(k in msg for k in KAMAE), msg


def test_a_branch_with_a_bad_focus_flag_or_a_loop_says_which():
    doc = copy.deepcopy(EXAMPLE)
    doc["characters"][0]["kamae"]["branches"][0] = ["neutral", "balance", "yes"]
    assert "gives_focus is true or false, got 'yes'" in _refused(doc)
    doc["characters"][0]["kamae"]["branches"][0] = ["balance", "balance", False]
    assert "field 'kamae.branches[0]'" in _refused(doc) and "two different Kamae" in _refused(doc)


def test_an_unknown_kamae_on_a_line_lists_the_four():
    doc = copy.deepcopy(EXAMPLE)
    doc["cards"][0]["lines"][1]["kamae"] = "calm"
    msg = _refused(doc)
    assert "card 'ryu-breath'" in msg and "field 'lines[1].kamae'" in msg and "'calm'" in msg
    assert all(k in msg for k in KAMAE), msg


def test_an_unknown_effect_lists_the_valid_effects_and_the_nearest():
    doc = copy.deepcopy(EXAMPLE)
    doc["cards"][0]["lines"][0] = {"chnage": 1}
    msg = _refused(doc)
    assert "card 'ryu-breath'" in msg and "field 'lines[0]'" in msg and "unknown effect or key 'chnage'" in msg
    assert "did you mean 'change'" in msg and all(e in msg for e in LINE_EFFECTS), msg


def test_an_unknown_card_in_a_deck_suggests_the_nearest():
    doc = copy.deepcopy(EXAMPLE)
    deck = doc["decks"][0]["cards"]
    name = next(iter(deck))
    deck[name[:-1] + name[-1].upper() + "x"] = deck.pop(name)   # a slip of the keyboard
    msg = _refused(doc)
    assert f"deck '{doc['decks'][0]['id']}'" in msg and "field 'cards'" in msg and f"did you mean '{name}'" in msg, msg


def test_an_unknown_core_card_and_character_suggest_the_nearest():
    doc = copy.deepcopy(EXAMPLE)
    doc["characters"][0]["core_ability"] = "ryu-breth"
    assert "did you mean 'ryu-breath'" in _refused(doc)
    doc = copy.deepcopy(EXAMPLE)
    doc["decks"][0]["character"] = "ryuu"
    assert "unknown character 'ryuu' (did you mean 'ryu'?)" in _refused(doc)


def test_a_name_far_from_every_card_gets_no_guess():
    doc = copy.deepcopy(EXAMPLE)
    deck = doc["decks"][0]["cards"]
    deck["zzzzzzzzzzzz"] = deck.pop(next(iter(deck)))
    msg = _refused(doc)
    assert "unknown card 'zzzzzzzzzzzz'" in msg and "did you mean" not in msg


def test_a_json_syntax_error_gives_line_and_column():
    msg = _refused('{"format": "senjutsu-cards",\n  "cards": [1,, 2]}')
    assert msg.startswith("mine.json: not JSON: line 2, column 15:"), msg


def test_a_wrong_signature_core_ability_or_weapon_names_the_file_it_is_in():
    """These are checked once every file is read; the message still starts with the file the card or character came
    from (it said 'cards:' or 'characters:' in its place), and a misspelt signature gets the nearest character."""
    doc = copy.deepcopy(EXAMPLE)
    doc["cards"][2]["signature"] = "ryuu"
    assert _refused(doc).startswith("mine.json: card 'ryu-long-reach', field 'signature': unknown character 'ryuu' "
                                    "(did you mean 'ryu'?)")
    doc = copy.deepcopy(EXAMPLE)
    doc["characters"][0]["core_ability"] = "ryu-breth"
    assert _refused(doc).startswith("mine.json: character 'ryu', field 'core_ability': 'ryu-breth'")
    doc = copy.deepcopy(EXAMPLE)
    doc["characters"][0]["weapons"] = ["ryu-nodach"]
    assert _refused(doc).startswith("mine.json: character 'ryu', field 'weapons': 'ryu-nodach'")


@pytest.mark.parametrize(("part", "index", "good", "typo"), [
    ("cards", 0, "initiative", "initiatve"), ("cards", 0, "focus", "focsu"),
    ("characters", 0, "wound_limit", "wound_limt"), ("decks", 0, "weapon", "weapn"),
])
def test_a_misspelt_field_is_named_as_written_with_the_nearest_field(part, index, good, typo):
    """A misspelt required field was reported as the right one 'missing' (and a misspelt optional one got no
    suggestion): the designer is now shown what they wrote and what they meant."""
    doc = copy.deepcopy(EXAMPLE)
    entry = doc[part][index]
    entry[typo] = entry.pop(good, 1)
    msg = _refused(doc)
    assert f"field '{typo}': unknown field (did you mean '{good}'?)" in msg and msg.startswith("mine.json: "), msg


def test_a_misspelt_top_level_field_gets_the_nearest_and_a_missing_field_is_still_named():
    doc = copy.deepcopy(EXAMPLE)
    doc["decsk"] = doc.pop("decks")
    assert "unknown top-level field(s) ['decsk'] (did you mean 'decks'?)" in _refused(doc)
    doc = copy.deepcopy(EXAMPLE)
    del doc["cards"][0]["name"]
    assert "card 'ryu-breath', field 'name': missing" in _refused(doc)


@pytest.mark.parametrize("count", [3.0, True, "3", 0])
def test_a_deck_count_that_is_not_a_whole_number_says_what_it_got(count):
    """'a count of at least 1' was all a deck said of 3.0, true or "3" (each is at least 1 to a reader)."""
    doc = copy.deepcopy(EXAMPLE)
    doc["decks"][0]["cards"]["quick-cut"] = count
    msg = _refused(doc)
    assert "deck 'ryu-sample', field 'cards.quick-cut': expected a whole number of copies, at least 1, got " in msg, msg
    assert repr(count) in msg or str(count) in msg, msg


@pytest.mark.parametrize("when", ["start-of-turn", "end-of-turn"])
def test_an_instant_additional_card_with_a_timed_line_is_refused_by_name(when):
    """An instant additional card resolves at once after the card it follows (Instant Ability Cards), so a line that
    waits for a timing ('when') would have resolved at once too, not when it says: refused, as for a plain Instant
    card, naming the card and the field."""
    doc = {"format": "senjutsu-cards", "cards": [
        {"id": "late-strike", "name": "Late Strike", "type": "attack", "rank": "wood", "initiative": 0,
         "instant": "additional", "lines": [{"discard": 1}, {"when": when, "gain_focus": 1}]}]}
    msg = _refused(doc)
    assert "mine.json" in msg and "card 'late-strike'" in msg and "field 'instant'" in msg and "'when'" in msg, msg
