"""The clans' colours have one source, ``daimyo/risingsun/data/colours.json``: the page reads it from the server
(``GET /api/risingsun/data``, tests/web/test_served_data.py and tests/web/test_words_js.py check the page's swatches)
and the RL pictures from the data module (tests/rl/test_render.py); neither writes a colour of its own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from daimyo.core.errors import FormatError
from daimyo.risingsun.data import CLAN_COLOURS, RULES, load_colours

STATIC = Path(__file__).resolve().parents[2] / "daimyo" / "web" / "static"


def test_every_clan_has_one_colour():
    assert set(CLAN_COLOURS) == set(RULES.clans)
    assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in CLAN_COLOURS.values())
    assert len(set(CLAN_COLOURS.values())) == len(CLAN_COLOURS)   # no two clans look alike


@pytest.mark.parametrize("clans,field", [
    ({**CLAN_COLOURS, "fox": "#123456"}, "field 'clans.fox': no such clan"),
    ({**CLAN_COLOURS, "koi": "orange"}, "field 'clans.koi' must be a colour #rrggbb, got 'orange'"),
    ({c: v for c, v in CLAN_COLOURS.items() if c != "lotus"}, "field 'clans' has no colour for lotus"),
])
def test_a_bad_colours_file_names_the_field(clans, field):
    with pytest.raises(FormatError, match=re.escape("colours.json: " + field)):
        load_colours(json.dumps({"clans": clans}))
    with pytest.raises(FormatError, match=re.escape("colours.json: missing field 'clans'")):
        load_colours("{}")


def test_the_page_writes_no_colour_of_its_own():
    js = (STATIC / "risingsun.js").read_text(encoding="utf-8")
    assert re.findall(r"#[0-9a-fA-F]{6}\b", js) == []
    assert "/api/risingsun/data" in js
