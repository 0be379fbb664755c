"""Card files (docs/senjutsu-cards.md): whatever a card file holds, the loader answers with a FormatError naming
what is wrong, never a traceback; and the published JSON Schema agrees with the loader on the sample set."""

from __future__ import annotations

import json
import random
from importlib import resources

from daimyo.core.errors import FormatError
from daimyo.senjutsu.cards import CardSet, load_data

SAMPLE = json.loads(resources.files("daimyo.senjutsu").joinpath("data", "sample.json").read_text(encoding="utf-8"))
# a value of every JSON type, some of them shaped like what the format expects elsewhere
VALUES = [None, True, False, 0, -1, 3, 99, 2.5, "", "x", "F", "wound", [], [1], ["x"], [[1]], [{}], {}, {"x": 1},
          {"grid": 3}, {"branches": 1}]


def _paths(node, path=()):
    """Every place in the document a value sits: dictionary keys and list indices, outermost first."""
    yield path
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        yield from _paths(v, (*path, k))


def _json_type(v) -> str:
    return "bool" if isinstance(v, bool) else "number" if isinstance(v, int | float) else type(v).__name__


def _load_mutated(doc: dict, path: tuple, value) -> Exception | CardSet:
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    old = parent[path[-1]]
    parent[path[-1]] = value
    try:
        text = json.dumps(doc)
    finally:
        parent[path[-1]] = old
    try:
        return load_data([("fuzz.json", text)])
    except FormatError as e:
        return e


def test_ten_thousand_type_mutations_of_the_sample_set_give_no_traceback():
    """Every mutation replaces one value of the sample set with a value of another JSON type (a card that is not
    an object, 'counter' or 'keywords' given as a number, ...). The loader either accepts the file or raises a
    FormatError naming the file and the card, character, deck or field; any other exception fails the test."""
    rng = random.Random(13)
    doc = json.loads(json.dumps(SAMPLE))
    paths = [p for p in _paths(doc) if p]
    refused = 0
    for _ in range(10_000):
        path = rng.choice(paths)
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        old = parent[path[-1]]
        value = rng.choice([v for v in VALUES if _json_type(v) != _json_type(old)])
        result = _load_mutated(doc, path, value)
        if isinstance(result, FormatError):
            refused += 1
            msg = str(result)
            assert msg.startswith(("fuzz.json: ", "cards: ", "characters: ")), msg
            assert "field" in msg or "[" in msg, msg
    assert doc == SAMPLE                     # every mutation was undone
    assert refused > 5_000                   # most changes of type break the file, and they were seen to


SCHEMA = json.loads(resources.files("daimyo.senjutsu").joinpath("data", "cards.schema.json").read_text(encoding="utf-8"))


def _validator():
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    return jsonschema.Draft202012Validator(SCHEMA)


def test_sample_set_validates_against_the_published_schema():
    """The JSON Schema for card files (data/cards.schema.json) accepts the sample set the loader accepts."""
    assert not [e.message for e in _validator().iter_errors(SAMPLE)]


def test_schema_names_the_loaders_words():
    """The schema's lists of words are the loader's own (kept in step with daimyo/senjutsu/cards.py)."""
    from daimyo.senjutsu import cards

    d = SCHEMA["$defs"]
    assert d["card"]["properties"]["type"]["enum"] == list(cards.TYPES)
    assert d["card"]["properties"]["rank"]["enum"] == list(cards.RANKS)
    assert d["card"]["properties"]["core"]["enum"] == list(cards.CORE_KINDS)
    assert d["card"]["properties"]["play"]["enum"] == list(cards.INSTANT_TIMINGS)
    assert d["line"]["properties"]["kamae"]["enum"] == list(cards.KAMAE)
    assert d["line"]["properties"]["when"]["enum"] == list(cards.WHEN)
    assert d["line"]["properties"]["cancel_active"]["enum"] == list(cards.CANCEL_KINDS)
    assert d["line"]["properties"]["attack"]["properties"]["effects"]["items"]["enum"] == list(cards.CELL_EFFECTS)
    assert [r["required"][0] for r in d["line"]["oneOf"]] == list(cards.LINE_EFFECTS)


def test_what_the_loader_refuses_the_schema_refuses_too():
    """A card, character or deck of the wrong shape is refused by both the loader and the schema."""
    card = {"id": "x", "name": "X", "type": "attack", "rank": "wood", "initiative": 3, "lines": [{"block": ["F"], "counter": [5]}]}
    broken = [
        {**card, "type": "kick"}, {**card, "rank": "tin"}, {**card, "initiative": [3, 5, 1]}, {**card, "keywords": 3},
        {**card, "lines": [{"block": ["F"], "counter": 5}]}, {**card, "lines": [{"attack": {"grid": {"Q": ["wound"]}}}]},
        {**card, "lines": [{"move": [{"step": "up"}]}]}, {**card, "lines": [{"gain_focus": 1, "draw": 1}]},
        {**card, "lines": [{"gain_focus": 1, "counter": [5]}]}, {**card, "asterisk": 1}, {**card, "id": 7}, 3,
    ]
    validator = _validator()
    assert not list(validator.iter_errors({"format": "senjutsu-cards", "cards": [card]}))
    load_data([("ok.json", json.dumps({"format": "senjutsu-cards", "cards": [card]}))])
    for bad in broken:
        doc = {"format": "senjutsu-cards", "cards": [bad]}
        assert list(validator.iter_errors(doc)), bad
        try:
            load_data([("bad.json", json.dumps(doc))])
        except FormatError:
            continue
        raise AssertionError(f"the loader accepted {bad!r}")
    for doc in ({"format": "senjutsu-cards", "decks": [5]}, {"format": "senjutsu-cards", "characters": ["kaze"]},
                {"format": "senjutsu-cards", "cards": {}}):
        assert list(validator.iter_errors(doc))
        try:
            load_data([("bad.json", json.dumps(doc))])
        except FormatError:
            continue
        raise AssertionError(f"the loader accepted {doc!r}")


def test_a_card_file_may_name_its_schema():
    """Editors find the schema through a top-level "$schema"; the loader allows that field and no other unknown one."""
    doc = {"$schema": "cards.schema.json", "format": "senjutsu-cards", "cards": []}
    assert not list(_validator().iter_errors(doc))
    load_data([("mine.json", json.dumps(doc))])
    try:
        load_data([("mine.json", json.dumps({**doc, "schema": "x"}))])
    except FormatError as e:
        assert "unknown top-level field" in str(e)
    else:
        raise AssertionError("an unknown top-level field was accepted")
