"""Special Tokens: one per province, replacement, Scorched Earth, Peace, Shrine, Battlefield, Harbor,
Honor Bonus and Defense Bonus."""

from __future__ import annotations

import pytest

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from daimyo.rokugan.position import to_position
from tests.rokugan.helpers import P, battle_at, holding, merged, resolve_only, state_of

HAND = "a1 n1 s1 dip raid bluff"


def placing(body, turn="crab"):
    """Crab and phoenix in the placement phase of round 2; both hold several tokens."""
    return state_of(merged(f"""
        format: rokugan-position
        players: crab phoenix
        phase: placement
        round: 2
        first: {turn}
        turn: {turn}
        hand crab: {HAND}
        hand phoenix: {HAND}
    """, body))


def upkeep(body, cards_crab):
    """Crab holds ``cards_crab`` (and so controls its territory) in round 2's upkeep."""
    return state_of(merged(f"""
        format: rokugan-position
        players: crab phoenix
        phase: upkeep
        round: 2
        first: crab
        turn: crab
        cards crab: {cards_crab}
        hand crab: a1 a2 bluff
        hand phoenix: a1 a2 bluff
    """, body, holding("crab", cards_crab, body)))


def legal(s, seat=0):
    return {a.text for a in s.legal_actions(seat)}


def rejects(s, seat, text, match):
    before = to_position(s)
    with pytest.raises(RuleViolation, match=match):
        s.apply(Action(seat, text))
    assert to_position(s) == before


# ------------------------------------------------------------ one per province, replacement
def test_a_card_token_replaces_another_card_token():
    """Rulebook: Special Tokens (a province contains one special token; others can be replaced)."""
    s = upkeep("""
        province crab_1: crab
        played: feats-of-engineering
        province crab_2: crab special=harbor
    """, "aid-of-the-kami")
    s.apply(Action(0, "play aid-of-the-kami"))
    s.apply(Action(0, "province crab_2"))
    assert s.special[P("crab_2")] == "defense_2"
    assert s.specials_left["harbor"] == 1 and s.specials_left["defense_2"] == 0
    assert not s.is_coastal(P("crab_2"))


@pytest.mark.parametrize("special", ["peace", "scorched_earth"])
def test_peace_and_scorched_earth_are_never_replaced(special):
    """Rulebook: Special Tokens (peace and scorched earth tokens cannot be replaced)."""
    s = upkeep(f"""
        province crab_1: crab
        province crab_2: - special={special}
    """, "sacred-ground")
    s.apply(Action(0, "play sacred-ground"))
    assert "province crab_2" not in legal(s)
    assert "province crab_3" in legal(s)
    rejects(s, 0, "province crab_2", "must choose one of")


def test_diplomacy_cannot_replace_scorched_earth_by_card():
    """Rulebook: Special Tokens (scorched earth is never replaced, not even by peace)."""
    s = upkeep("""
        province crab_1: crab
        province crab_2: - special=scorched_earth
    """, "diplomatic-mission")
    s.apply(Action(0, "play diplomatic-mission"))
    rejects(s, 0, "province crab_2", "must choose one of")


# ------------------------------------------------------------ scorched earth and peace
def test_no_token_in_or_on_the_borders_of_a_scorched_province():
    """Rulebook: Special Tokens: Scorched Earth (cannot be controlled or attacked; no tokens in it or on its borders)."""
    s = placing("""
        province crab_1: crab
        province crab_3: crab
        province crab_2: - special=scorched_earth
    """)
    texts = legal(s)
    assert not any("crab_2" in t for t in texts)
    rejects(s, 0, "place a1 crab_1>crab_2", "scorched earth")
    rejects(s, 0, "place s1 crab_2", "scorched earth")
    rejects(s, 0, "place a1 crab_2>crab_3", "scorched earth")


def test_peace_province_cannot_be_attacked_nor_attack_out():
    """Rulebook: Special Tokens: Peace (cannot be attacked; its controller cannot attack from it)."""
    s = placing("""
        province crab_1: crab special=peace
        province crab_2: crab
        province mainland_1: phoenix special=peace
    """)
    texts = legal(s)
    assert "place a1 crab_1>crab_2" not in texts            # would be own anyway
    assert "place a1 crab_1>shadowlands_south" not in texts  # attack out of the peaceful province
    assert "place a1 crab_2>mainland_1" not in texts         # attack into a peaceful province
    assert "place a1 crab_2>mainland_3" in texts
    rejects(s, 0, "place a1 crab_1>shadowlands_south", "peace")
    rejects(s, 0, "place n1 ~mainland_1", "peace")
    rejects(s, 0, "place a1 crab_1", "peace")


# ------------------------------------------------------------ shrine
def test_shrine_province_cannot_be_attacked():
    """Rulebook: Special Tokens: Shrine (cannot be attacked; others cannot place in it or on its borders)."""
    s = placing("""
        province crab_1: crab
        province crab_2: crab
        played: sacred-ground
        province mainland_1: phoenix special=shrine
    """)
    texts = legal(s)
    assert not any("mainland_1" in t for t in texts)
    rejects(s, 0, "place a1 crab_2>mainland_1", "shrine")
    rejects(s, 0, "place n1 ~mainland_1", "shrine")
    rejects(s, 0, "place s1 mainland_1", "shrine")
    rejects(s, 0, "place raid mainland_1", "shrine")


def test_shrine_controller_attacks_from_it_and_defends_it():
    """Rulebook: Special Tokens: Shrine (the player who controls it can attack adjacent provinces)."""
    s = placing("""
        province crab_1: crab
        played: sacred-ground
        province mainland_1: phoenix special=shrine
    """, turn="phoenix")
    texts = legal(s, 1)
    assert {"place a1 mainland_1>crab_1", "place a1 mainland_1>mainland_2", "place a1 mainland_1",
            "place n1 mainland_1", "place s1 mainland_1"} <= texts
    s.apply(Action(1, "place a1 mainland_1>crab_1"))
    assert len(s.tokens) == 1


def test_a_token_on_a_shrine_border_its_player_no_longer_controls_is_removed_at_resolution():
    """Rulebook: Special Tokens: Shrine (only its controller places tokens on its borders), with Resolution Phase 2
    (illegally placed tokens are removed): crab attacked from its shrine province, then gave up its control token
    there for Dark Favors."""
    s, events = resolve_only("""
        format: rokugan-position
        players: crab phoenix
        phase: placement
        round: 2
        played: dark-favors sacred-ground
        province crab_2: crab
        province mainland_1: - special=shrine
        province mainland_2: phoenix
        token #1: crab a5 mainland_1>mainland_2
        hand crab: bluff
        hand phoenix: bluff
    """)
    assert [t["token"] for e in events if e.kind == "removed" for t in e.data["tokens"]] == [1]
    assert s.owner[P("mainland_2")] == 1


# ------------------------------------------------------------ battlefield
def test_battlefield_forbids_diplomacy_and_raids():
    """Rulebook: Special Tokens: Battlefield (no diplomacy or raid tokens in that province)."""
    s = placing("""
        played: honorable-fight
        province crab_2: crab special=battlefield
        province crab_3: crab
        province mainland_3: phoenix
    """)
    texts = legal(s)
    assert "place dip crab_2" not in texts and "place dip crab_3" in texts
    rejects(s, 0, "place dip crab_2", "battlefield")
    # armies still fight there
    assert "place a1 crab_2" in texts


def test_battlefield_forbids_raids_on_an_enemy_province():
    """Rulebook: Special Tokens: Battlefield (no raid tokens in that province)."""
    s = placing("""
        province crab_2: crab
        played: honorable-fight
        province crab_3: phoenix special=battlefield
    """)
    texts = legal(s)
    assert "place raid crab_3" not in texts and "place raid crab_4" in texts
    assert "place a1 crab_2>crab_3" in texts
    rejects(s, 0, "place raid crab_3", "battlefield")


# ------------------------------------------------------------ harbor
def test_harbor_makes_a_landlocked_province_coastal_for_navies():
    """Rulebook: Special Tokens: Harbor (defend with navy tokens; others attack it with navies on its border)."""
    s = placing("""
        played: feats-of-engineering
        province crab_3: crab special=harbor
        province crab_4: crab
        province dragon_2: phoenix
    """)
    texts = legal(s)
    assert "place n1 crab_3" in texts and "place n1 crab_4" not in texts
    assert "place n1 ~dragon_2" not in texts
    rejects(s, 0, "place n1 ~dragon_2", "landlocked")
    rejects(s, 0, "place n1 crab_4", "landlocked")
    s2 = placing("""
        province crab_4: crab
        played: feats-of-engineering
        province dragon_2: phoenix special=harbor
    """)
    assert "place n1 ~dragon_2" in legal(s2)          # no adjacent province needed
    s2.apply(Action(0, "place n1 ~dragon_2"))


def test_a_navy_attack_on_a_harbor_province_is_resolved():
    """Rulebook: Special Tokens: Harbor, with Resolving Battles."""
    s, events = resolve_only("""
        format: rokugan-position
        players: crab phoenix
        phase: placement
        round: 2
        province crab_4: crab
        played: feats-of-engineering
        province dragon_2: phoenix special=harbor
        province phoenix_1: phoenix
        token #1: crab n2 ~dragon_2
        token #2: phoenix n1 dragon_2
        hand crab: bluff
        hand phoenix: bluff
    """)
    removed = [t["token"] for e in events if e.kind == "removed" for t in e.data["tokens"]]
    assert removed == []                                # the harbor lets a navy defend dragon_2
    assert battle_at(events, "dragon_2")["outcome"] == "taken"
    assert s.owner[P("dragon_2")] == 0


# ------------------------------------------------------------ honor and defense bonus
def test_honor_and_defense_bonus_tokens():
    """Rulebook: Special Tokens: Honor Bonus and Defense Bonus (defense bonus: defense and one honor;
    honor bonus: honor only)."""
    s, events = resolve_only("""
        format: rokugan-position
        players: crab phoenix
        phase: placement
        round: 5
        province crab_2: crab
        played: aid-of-the-kami port-of-prosperity
        province crab_3: phoenix special=defense_2
        province crab_4: phoenix special=honor_2
        token #1: crab a2 crab_2>crab_3
        token #2: crab a1 crab_2>crab_4
        hand crab: bluff
        hand phoenix: bluff
    """)
    assert battle_at(events, "crab_3")["outcome"] == "defended"
    assert battle_at(events, "crab_4")["defender"]["special"] == 0
    assert battle_at(events, "crab_4")["outcome"] == "taken"
    from daimyo.rokugan.scoring import honor
    # crab_3: 3 flowers + 1 (defense token) + 1 faceup from the successful defense
    assert honor(s, 1)["flowers"] == 4 and honor(s, 1)["faceup_control"] == 1
    # crab_4 now crab's: 1 flower + 2 (honor token); crab_2: 2
    assert honor(s, 0)["flowers"] == 5
