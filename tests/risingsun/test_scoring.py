"""Scoring touched by the war (reference "Scoring touched by the war")."""

from __future__ import annotations

import pytest

from daimyo.core.errors import FormatError
from daimyo.risingsun.data import load_rules
from daimyo.risingsun.scoring import token_score
from tests.risingsun.helpers import war


@pytest.mark.parametrize("season,vp", [("spring", 1), ("summer", 2), ("autumn", 3)])
def test_scoring_war_token_by_season(season, vp):
    """War Province tokens score by the season won: spring 1, summer 2, autumn 3 VP."""
    assert token_score([("kyoto", season)])["by_season"] == vp


@pytest.mark.parametrize("different,bonus", [(1, 0), (2, 0), (3, 10), (4, 10), (5, 20), (6, 20), (7, 30), (8, 30)])
def test_scoring_different_provinces_bonus(different, bonus):
    """Tokens of 3-4 different provinces score 10 VP, 5-6: 20 VP, 7-8: 30 VP."""
    provinces = ["hokkaido", "oshu", "edo", "kyoto", "kansai", "shikoku", "nagato", "kyushu"][:different]
    assert token_score([(p, "spring") for p in provinces])["bonus"] == bonus


def test_scoring_same_province_twice_counts_once_for_the_bonus():
    """The bonus counts different provinces: two Kyoto tokens are one province."""
    ts = token_score([("kyoto", "spring"), ("kyoto", "summer"), ("edo", "autumn")])
    assert ts == {"by_season": 6, "different_provinces": 2, "bonus": 0, "total": 6}


def test_scoring_result_adds_tokens_won_this_war_to_those_held():
    """The War Phase ends with VP plus the war-token score, tokens already won included; the new one by this season."""
    w = war("honor: lotus koi bonsai\nplayer lotus: vp=1 tokens=edo@spring,oshu@summer\nplayer koi: vp=9\nplayer bonsai: coins=0\nwar 1: kyoto\n"
            "figures kyoto: lotus bushi\n", season="autumn")
    r = w.result["players"]["lotus"]
    assert r["tokens"] == ["edo@spring", "oshu@summer", "kyoto@autumn"]
    assert r["war_tokens"] == {"by_season": 6, "different_provinces": 3, "bonus": 10, "total": 16}
    assert r["total"] == 17
    assert w.result["winner"] == "lotus"          # 17 against Koi's 9
    assert w.returns() == [1.0, 0.0, 0.0]


def test_scoring_tie_goes_to_higher_honor():
    """Honor: every tie goes to the higher-Honor player, the leader's too."""
    w = war("honor: koi lotus bonsai\nplayer lotus: vp=4\nplayer koi: vp=4\nplayer bonsai: vp=4\nwar 1: kyoto\n")
    assert w.result["winner"] == "koi"


def test_scoring_data_file_errors_name_the_field():
    """Broken data: a malformed war.json raises FormatError naming the field."""
    with pytest.raises(FormatError, match="missing field 'seasons'"):
        load_rules('{"provinces": ["kyoto"]}')
    with pytest.raises(FormatError, match="not JSON"):
        load_rules("{")
