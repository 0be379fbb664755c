"""End of the Game: secret objectives, the honor breakdown and the winners."""

from __future__ import annotations

import pytest

from tests.rokugan.helpers import claimed, pos, resolve_position, state_of


def over(body, objective_crab="-", objective_phoenix="-"):
    """A finished crab/phoenix game (phase over: the final scoring is computed on reading), in the engine the test
    runs in (tests/rokugan/conftest.py: the native engine scores it itself); each player holds the cards of the
    territories it controls, as Claim Territories left them."""
    return state_of(claimed(pos(f"""
        format: rokugan-position
        players: crab phoenix
        phase: over
        round: 5
        hand crab: bluff
        hand phoenix: bluff
        objective crab: {objective_crab}
        objective phoenix: {objective_phoenix}
    """) + "\n".join(line.strip() for line in body.strip().splitlines()) + "\n"))


def provinces(*names, owner="crab"):
    return "\n".join(f"province {n}: {owner}" for n in names)


# (objective, honor, provinces crab holds when met, provinces crab holds when not met)
OBJECTIVES = [
    ("the-last-line-of-defense", 5, ["crab_1"], ["crab_2", "mainland_1"]),
    ("the-last-line-of-defense", 5, ["crab_3", "crab_4"], ["crab_4", "scorpion_2"]),
    ("the-rice-bowl-of-the-empire", 6, ["crane_1"], ["crane_3", "lion_1"]),
    ("the-rice-bowl-of-the-empire", 6, ["crane_2", "crane_3"], ["crane_2"]),
    ("the-great-wall-of-the-north", 6, ["dragon_1"], ["dragon_3", "lion_3"]),
    ("the-great-wall-of-the-north", 6, ["dragon_2", "dragon_3"], ["dragon_2"]),
    ("the-court-of-the-five-winds", 6, ["unicorn_1"], ["unicorn_2"]),
    ("the-court-of-the-five-winds", 6, ["unicorn_2", "unicorn_3"], ["unicorn_3", "scorpion_3"]),
    ("the-plains-of-battle", 7, ["lion_1"], ["lion_2"]),
    ("the-plains-of-battle", 7, ["lion_2", "lion_3"], ["lion_3", "dragon_1"]),
    ("the-great-library", 7, ["phoenix_1"], ["phoenix_2"]),
    ("the-great-library", 7, ["phoenix_2", "phoenix_3"], ["phoenix_3", "lion_2"]),
    ("the-den-of-secrets", 7, ["scorpion_1"], ["scorpion_2"]),
    ("the-den-of-secrets", 7, ["scorpion_2", "scorpion_3"], ["scorpion_3", "unicorn_3"]),
    # six provinces connected by land borders spanning three territories
    ("emerald-empire", 10, ["crab_1", "crab_2", "crab_3", "crab_4", "mainland_1", "scorpion_2"],
     ["crab_1", "crab_2", "crab_3", "crab_4", "mainland_1", "mainland_3"]),      # only two territories
    ("emerald-empire", 10, ["mainland_1", "mainland_2", "crane_2", "scorpion_1", "lion_1", "crab_3"],
     ["crab_1", "crab_2", "crab_3", "crab_4", "mainland_1", "phoenix_2"]),       # not connected
    ("way-of-the-sail", 10, ["crab_1", "crane_1", "crane_2", "lion_2", "islands_1", "shadowlands_south"],
     ["crab_1", "crane_1", "crane_2", "lion_2", "islands_1", "crab_2"]),         # crab_2 is landlocked
    ("web-of-influence", 10, ["crab_1", "crane_1", "dragon_1", "lion_1", "phoenix_1", "scorpion_1", "unicorn_1"],
     ["crab_1", "crab_2", "crane_1", "dragon_1", "lion_1", "phoenix_1", "scorpion_1"]),
    ("web-of-influence", 10, ["crab_2", "mainland_1", "islands_1", "shadowlands_north", "shadowlands_south",
                              "crane_1", "lion_2"],
     ["crab_2", "mainland_1", "islands_1", "islands_2", "shadowlands_south", "crane_1", "lion_2"]),
    ("reclaiming-lost-lands", 3, ["shadowlands_north", "shadowlands_south"], ["shadowlands_north", "crab_1"]),
]


@pytest.mark.parametrize("oid,honor,met,not_met", OBJECTIVES,
                         ids=[f"{o[0]}-{i}" for i, o in enumerate(OBJECTIVES)])
def test_secret_objective_met_and_not_met(oid, honor, met, not_met):
    """Reference: Secret objectives (condition and honor); Rulebook: End of the Game."""
    row = over(provinces(*met) + "\nprovince islands_3: phoenix", objective_crab=oid).result["scores"][0]
    assert row["objective"] == oid and row["objective_met"] and row["objective_honor"] == honor
    row = over(provinces(*not_met) + "\nprovince islands_3: phoenix", objective_crab=oid).result["scores"][0]
    assert not row["objective_met"] and row["objective_honor"] == 0


def test_way_of_humility_fewest_provinces():
    """Reference: Way of Humility (the fewest provinces)."""
    s = over(provinces("crab_1") + "\n" + provinces("phoenix_1", "phoenix_2", owner="phoenix"),
             objective_crab="way-of-humility")
    assert s.result["scores"][0]["objective_honor"] == 10
    s = over(provinces("crab_1", "crab_2", "crab_3") + "\n" + provinces("phoenix_1", "phoenix_2", owner="phoenix"),
             objective_crab="way-of-humility")
    assert not s.result["scores"][0]["objective_met"]


def test_way_of_humility_a_tie_for_fewest_still_scores():
    """Reference: Way of Humility (a tie still scores)."""
    s = over(provinces("crab_1", "crab_2") + "\n" + provinces("phoenix_1", "phoenix_2", owner="phoenix"),
             objective_crab="way-of-humility")   # one card of each objective: phoenix cannot hold it too
    assert s.result["scores"][0]["objective_met"] and s.result["scores"][0]["objective_honor"] == 10


def test_way_of_the_sail_counts_a_harbor_province_as_coastal():
    """Reference: Way of the Sail; Rulebook: Special Tokens: Harbor (the province is coastal)."""
    body = provinces("crab_1", "crane_1", "crane_2", "lion_2", "islands_1") + "\nprovince crab_2: crab special=harbor\nplayed: feats-of-engineering"
    assert over(body, objective_crab="way-of-the-sail").result["scores"][0]["objective_met"]


def test_no_objective_gives_no_honor():
    """Rulebook: End of the Game (honor provided by the secret objective)."""
    row = over(provinces("crab_1")).result["scores"][0]
    assert row["objective"] is None and row["objective_honor"] == 0


# ------------------------------------------------------------ the breakdown
def test_final_honor_breakdown():
    """Rulebook: End of the Game (flowers incl. tokens, faceup control tokens except in the Shadowlands,
    objective, 5 per territory except the Shadowlands); Lion card Bushido's 4 replaces printed flowers."""
    s = over("""
        province crab_1: crab up=1
        played: bushido code-of-honor ashigaru-levies port-of-prosperity aid-of-the-kami
        province crab_2: crab special=honor_4
        province crab_3: crab special=honor_1
        province crab_4: crab up=2 special=defense_1
        province shadowlands_north: crab up=3
        province phoenix_1: phoenix
        province phoenix_3: phoenix up=1 special=honor_2
        province mainland_2: phoenix special=defense_2
    """, objective_crab="the-last-line-of-defense", objective_phoenix="the-great-library")
    crab, phoenix = s.result["scores"]
    # crab: flowers 2 + 4 (Bushido replaces the 2 printed) + (3+1) + (1+1) + 0 = 12
    assert crab["flowers"] == 12
    assert crab["faceup_control"] == 3          # the three in the Shadowlands give nothing
    assert crab["objective_honor"] == 5
    assert crab["territories"] == ["crab"]      # shadowlands_north is held but gives no territory honor
    assert crab["territory_honor"] == 5
    assert crab["total"] == 12 + 3 + 5 + 5
    # phoenix: flowers 2 + (2+2) + (2+1) = 9, faceup 1, objective 7
    assert (phoenix["flowers"], phoenix["faceup_control"], phoenix["objective_honor"]) == (9, 1, 7)
    assert phoenix["territories"] == [] and phoenix["total"] == 17
    assert s.result["winners"] == [0]
    assert s.returns() == [1.0, 0.0]


def test_a_territory_with_scorched_provinces_still_scores_five():
    """Rulebook: Special Tokens: Scorched Earth (control the territory's other provinces) and End of the Game."""
    s = over("""
        province crane_1: crab
        province crane_2: crab
        province crane_3: - special=scorched_earth
        province phoenix_1: phoenix
    """)
    row = s.result["scores"][0]
    assert row["territories"] == ["crane"] and row["territory_honor"] == 5
    assert row["total"] == 2 + 3 + 5


def test_a_fully_scorched_territory_is_controlled_by_nobody():
    """Reference: ruling 'a territory whose provinces are all scorched earth is controlled by nobody'."""
    s = over("""
        province crane_1: - special=scorched_earth
        province crane_2: - special=scorched_earth
        province crane_3: - special=scorched_earth
        province crab_1: crab
        province phoenix_1: phoenix
    """)
    assert all(r["territories"] == [] for r in s.result["scores"])


def test_tied_players_share_the_win():
    """Reference: ruling 'final honor ties: the tied players share the win'."""
    s = over("""
        province crab_1: crab
        province phoenix_1: phoenix
    """)
    assert [r["total"] for r in s.result["scores"]] == [2, 2]
    assert s.result["winners"] == [0, 1]
    assert s.returns() == [0.5, 0.5]


def test_scoring_after_the_fifth_resolution_includes_territories_claimed_that_round():
    """Rulebook: End of the Game, after Resolution Phase 6. Claim Territories in round 5."""
    s, events = resolve_position("""
        format: rokugan-position
        players: crab phoenix
        phase: placement
        round: 5
        province crab_1: crab
        province crab_2: crab
        province crab_3: crab
        province crab_4: phoenix
        province phoenix_1: phoenix
        token #1: crab a4 crab_3>crab_4
        hand crab: bluff
        hand phoenix: bluff
    """)
    assert s.phase == "over"
    crab = s.result["scores"][0]
    assert crab["territories"] == ["crab"]
    assert crab["total"] == 2 + 2 + 3 + 1 + 5
    assert s.result["winners"] == [0]
    final = [e.data for e in events if e.kind == "final-scoring"][0]
    assert final["winners"] == ["crab"]
