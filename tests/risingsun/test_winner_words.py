"""The War Phase's winner line names the tie-break when the leaders tie on VP (Rising Sun, Scoring: "ties are broken
by Honor"): the event's sentence, the page's result line (risingsun.js, from the same keys) and the terminal's."""

from __future__ import annotations

import pytest

from daimyo.cli.risingsun import _leader
from daimyo.core.game import Event
from daimyo.words.risingsun import RisingSunWords, tied_on_vp


def _result(totals: dict[str, int], winner: str) -> dict:
    return {"winner": winner, "honor": list(totals), "players": {c: {"total": v} for c, v in totals.items()}}


def test_tied_on_vp_names_the_clans_level_with_the_winner():
    assert tied_on_vp("koi", {"lotus": 9, "koi": 9, "turtle": 4}) == ["lotus"]
    assert tied_on_vp("koi", {"lotus": 8, "koi": 9}) == []


@pytest.mark.parametrize("lang, honor", [("en", "Honor breaks the tie"), ("pl", "rozstrzyga Honor")])
def test_a_winner_on_honor_is_said_so(lang, honor):
    w = RisingSunWords(lang)
    tie = w.sentence(Event("war-phase-over", {"winner": "koi", "totals": {"lotus": 9, "koi": 9, "turtle": 4}}))
    assert honor in tie and w.clan("koi") in tie and w.clan("lotus") in tie and w.clan("turtle") not in tie, tie
    clear = w.sentence(Event("war-phase-over", {"winner": "koi", "totals": {"lotus": 8, "koi": 9}}))
    assert "Honor" not in clear, clear
    line = _leader(_result({"koi": 9, "lotus": 9, "turtle": 4}, "koi"), lang)
    assert honor in line and w.clan("lotus") in line, line
    assert "Honor" not in _leader(_result({"koi": 9, "lotus": 8}, "koi"), lang)
