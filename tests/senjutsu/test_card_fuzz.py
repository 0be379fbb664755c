"""Card files (docs/senjutsu-cards.md): whatever a card file holds, the loader answers with a FormatError naming
what is wrong, never a traceback; and the published JSON Schema agrees with the loader on the sample set."""

from __future__ import annotations

import json
import random
import time
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
    start = time.perf_counter()
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
    assert time.perf_counter() - start < 60
