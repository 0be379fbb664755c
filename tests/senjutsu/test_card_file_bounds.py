"""Card files (docs/senjutsu-cards.md, "Bounds"): a file deeper, longer or with larger numbers than the format can
need is refused with the loader's FormatError before it is parsed, never a RecursionError, a ValueError from the
int conversion or a traceback; the same for every other way in (a record's ``cards:`` line, merged files, files on
disk)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from daimyo.core.errors import FormatError
from daimyo.core.record import ReplayError
from daimyo.senjutsu.cards import MAX_CARD_FILE, MAX_DEPTH, MAX_DIGITS, load_data, load_files, read_json, sample_set
from daimyo.senjutsu.record import card_file_line, merge_card_files, replay

SAMPLE = resources.files("daimyo.senjutsu").joinpath("data", "sample.json").read_text(encoding="utf-8")


def _card(**fields) -> str:
    card = {"id": "x", "name": "x", "type": "attack", "rank": "wood", "initiative": 5, "lines": [{"gain_focus": 1}], **fields}
    return json.dumps({"format": "senjutsu-cards", "cards": [card]})


def _refused(text) -> str:
    with pytest.raises(FormatError) as e:
        load_data([("mine.json", text)], sample_set())
    assert str(e.value).startswith("mine.json: ")
    return str(e.value)


def test_five_thousand_deep_nested_list_is_a_format_error():
    """Nesting: a 5,000-deep list (and object) is refused naming the bound, not a RecursionError."""
    assert f"deeper than {MAX_DEPTH} levels" in _refused("[" * 5000 + "]" * 5000)
    assert f"deeper than {MAX_DEPTH} levels" in _refused('{"a":' * 5000 + "1" + "}" * 5000)
    assert "line 3:" in _refused('{"format": "senjutsu-cards",\n"cards": [\n' + "[" * 5000 + "]" * 5000 + "]}")


def test_nesting_inside_strings_is_not_counted():
    """Brackets inside a string are text, not nesting: a card whose text is all brackets loads."""
    cs = load_data([("mine.json", _card(text="[" * 5000 + "{" * 100))], sample_set())
    assert cs.cards["x"].text.startswith("[[[")


def test_the_sample_set_is_within_every_bound():
    """The bounds leave room for the format: the sample set, and an '-OR-' line inside an '-OR-' line, load."""
    assert load_data([("sample.json", SAMPLE)])
    nested = {"or": [{"or": [{"gain_focus": 1}, {"change": 1}]}, {"gain_focus": 1}]}
    assert load_data([("mine.json", _card(lines=[nested]))], sample_set()).cards["x"]


@pytest.mark.parametrize("number", ["9" * 5000, "-" + "9" * 5000, "1" + "0" * (MAX_DIGITS + 1), "1." + "5" * 5000,
                                    "1e99999999", "NaN", "Infinity", "-Infinity"])
def test_huge_numbers_are_a_format_error(number):
    """Numbers: a 5,000-digit number (or NaN, Infinity) is refused as a FormatError, not a ValueError of int()."""
    assert f"at most {MAX_DIGITS} digits" in _refused(_card().replace('"initiative": 5', f'"initiative": {number}'))


def test_oversize_text_and_non_text_are_format_errors():
    """Size: more than MAX_CARD_FILE characters is refused before parsing; bytes not UTF-8 and non-text too."""
    assert f"at most {MAX_CARD_FILE} characters" in _refused(_card(text="x" * MAX_CARD_FILE))
    assert "not UTF-8" in _refused(b"\xff\xfe{}")
    assert "JSON text" in _refused(None)
    assert "JSON text" in _refused(12)


def test_errors_quote_refused_values_short():
    """An error shows a refused value cut short, never the whole (perhaps huge) value."""
    msg = _refused(_card(keywords=[["x" * 1000]]))
    assert "keywords" in msg and len(msg) < 400


def test_every_way_in_gives_a_format_error():
    """read_json, merged files, a record's one-line card file and files on disk all refuse with FormatError or
    the record's ReplayError (with its line) — the server answers either with a 400."""
    deep = "[" * 5000 + "]" * 5000
    for call in (lambda: read_json("f", deep), lambda: merge_card_files([deep]), lambda: card_file_line("9" * 5000),
                 lambda: merge_card_files(["[1]"])):
        with pytest.raises(FormatError):
            call()
    record = f"format: senjutsu-record\nseed: 1\ncharacters: kaze tetsu\ncards: {deep}\n"
    with pytest.raises(ReplayError, match=r"^line 4: record cards: .*deeper"):
        replay(record)


def test_card_files_on_disk(tmp_path):
    """load_files: an oversize, unreadable or non-UTF-8 file is a FormatError naming the file."""
    big, bad, missing = tmp_path / "big.json", tmp_path / "bad.json", tmp_path / "missing.json"
    big.write_text("x" * (4 * MAX_CARD_FILE + 1))
    bad.write_bytes(b"\xff")
    for path, words in ((big, "at most"), (bad, "not UTF-8"), (missing, "cannot be read")):
        with pytest.raises(FormatError, match=words):
            load_files([path])
