"""The card data format and the deck construction rules (Deck Construction)."""

import json

import pytest

from daimyo.core.errors import FormatError
from daimyo.senjutsu.cards import load_data, sample_set


def _doc(**kw):
    return json.dumps({"format": "senjutsu-cards", **kw})


def test_sample_set_has_four_characters_with_forty_card_decks():
    """Deck Construction: four sample characters, each deck 40 ability cards plus core cards."""
    s = sample_set()
    assert len(s.characters) == 4
    for deck in s.decks.values():
        assert len(deck.cards) == 40
        assert all(not s.cards[c].core for c in deck.cards)
        assert deck.weapon in s.characters[deck.character].weapons


def _with_deck(counts, character="kaze", weapon="kaze-katana"):
    return load_data([("mine.json", _doc(decks=[{"id": "d", "character": character, "weapon": weapon, "cards": counts}]))], sample_set())


def test_deck_wood_limit_three_copies():
    """Deck Construction Guidelines, Wood: at most three copies."""
    with pytest.raises(FormatError, match=r"mine.json.*deck 'd'.*4 copies of wood card 'quick-cut'.*Deck Construction Guidelines"):
        _with_deck({"quick-cut": 4})


def test_deck_steel_limit_two_copies():
    """Deck Construction Guidelines, Steel: at most two copies."""
    with pytest.raises(FormatError, match="3 copies of steel card 'heavy-chop'"):
        _with_deck({"heavy-chop": 3})


def test_deck_jade_one_in_deck():
    """Deck Construction Guidelines, Jade: one jade card at most (also one copy)."""
    with pytest.raises(FormatError, match="jade"):
        _with_deck({"jade-serenity": 2})


def test_deck_gold_limit_eight():
    """Deck Construction Guidelines, Gold: at most eight gold cards in all."""
    golds = [f"g{i}" for i in range(9)]
    cards = [{"id": g, "name": g, "type": "meditation", "rank": "gold", "initiative": 3, "lines": [{"gain_focus": 1}]} for g in golds]
    with pytest.raises(FormatError, match="9 gold cards; at most 8"):
        load_data([("g.json", _doc(cards=cards, decks=[{"id": "d", "character": "kaze", "weapon": "kaze-katana", "cards": {g: 1 for g in golds}}]))],
                  sample_set())


def test_deck_signature_cards_only_own_character():
    """Basic Ability Cards and Signature Ability Cards: only your own character's signature cards."""
    with pytest.raises(FormatError, match="signature card of 'hana'"):
        _with_deck({"hana-lesson": 1})


def test_deck_core_cards_not_in_the_forty():
    """Constructing your Deck: core cards do not count towards the forty and are not listed."""
    with pytest.raises(FormatError, match="core card"):
        _with_deck({"kaze-katana": 1})


def test_deck_weapon_from_character_options():
    """Constructing your Deck: a single core weapon from the options on the character card."""
    with pytest.raises(FormatError, match="core weapon options"):
        _with_deck({"quick-cut": 1}, weapon="hana-staff")


def test_deck_must_have_forty():
    """Deck Construction: a deck is forty ability cards (our reading: exactly forty)."""
    with pytest.raises(FormatError, match="3 ability cards; a deck has 40"):
        _with_deck({"quick-cut": 3})


@pytest.mark.parametrize("card, field", [
    ({"id": "x", "name": "X", "type": "kick", "rank": "wood", "initiative": 3, "lines": []}, "type"),
    ({"id": "x", "name": "X", "type": "attack", "rank": "tin", "initiative": 3, "lines": []}, "rank"),
    ({"id": "x", "name": "X", "type": "attack", "rank": "wood", "initiative": [3, 5], "lines": []}, "initiative"),
    ({"id": "x", "name": "X", "type": "attack", "rank": "wood", "initiative": 3, "lines": [{"attack": {"grid": {"Q": ["wound"]}}}]}, "lines[0].attack.grid"),
    ({"id": "x", "name": "X", "type": "attack", "rank": "wood", "initiative": 3, "lines": [{"attack": {"grid": {"F": ["slap"]}}}]}, "lines[0].attack.grid.F"),
    ({"id": "x", "name": "X", "type": "attack", "rank": "wood", "initiative": 3, "lines": [{"move": [{"step": "up"}]}]}, "lines[0].move"),
    ({"id": "x", "name": "X", "type": "attack", "rank": "wood", "initiative": 3, "lines": [], "alt": {"initiative": 5}}, "alt"),
])
def test_format_error_names_file_card_and_field(card, field):
    """Card format (docs/senjutsu-cards.md): a broken card names the file, the card and the field."""
    with pytest.raises(FormatError) as e:
        load_data([("broken.json", _doc(cards=[card]))])
    msg = str(e.value)
    assert "broken.json" in msg and "card 'x'" in msg and f"field '{field}'" in msg
