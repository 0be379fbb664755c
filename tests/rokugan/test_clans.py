"""Clan abilities in battle and scoring (Reference: Clans table).

Dragon's extra draw and Scorpion's look are tested elsewhere; Unicorn's swap that
makes a token illegal is in test_resolution.py.
"""

from __future__ import annotations

from tests.rokugan.helpers import P, battle_at, codes, of_kind, resolve_only, state_of


def game(players, body):
    hands = "\n".join(f"hand {c}: bluff" for c in players.split() if f"hand {c}:" not in body)
    return f"""
format: rokugan-position
players: {players}
phase: placement
round: 2
""" + body + "\n" + hands + "\n"


# ------------------------------------------------------------------ Crab
def test_crab_faceup_control_tokens_give_two_defense_each():
    """Reference: Crab (each faceup control token gives +2 defense instead of +1)."""
    s, events = resolve_only(game("crab phoenix", """
        province crab_3: crab up=2
        province crab_2: phoenix
        token #1: phoenix a4 crab_2>crab_3
    """))
    b = battle_at(events, "crab_3")
    assert b["defender"]["faceup_control"] == 4 and b["outcome"] == "defended"
    assert s.owner[P("crab_3")] == 0 and s.up[P("crab_3")] == 3


def test_crab_faceup_defense_can_still_be_beaten():
    """Reference: Crab (+2 per faceup control token)."""
    s, events = resolve_only(game("crab phoenix", """
        province crab_3: crab up=2
        province crab_2: phoenix
        token #1: phoenix a5 crab_2>crab_3
    """))
    assert battle_at(events, "crab_3")["outcome"] == "taken"
    assert s.owner[P("crab_3")] == 1 and s.supply[0] == 30


def test_crab_faceup_tokens_still_give_one_honor_each():
    """Reference: Crab (honor stays 1 each); Rulebook: End of the Game."""
    s = state_of("""
        format: rokugan-position
        players: crab phoenix
        phase: over
        round: 5
        province crab_2: crab up=3
        hand crab: bluff
        hand phoenix: bluff
    """)
    row = s.result["scores"][0]
    assert row["faceup_control"] == 3
    assert row["total"] == 2 + 3


def test_other_clans_faceup_tokens_give_one_defense():
    """Rulebook: Defense Bonuses (1 per faceup token); Crab's +2 is Crab's alone."""
    s, events = resolve_only(game("crab phoenix", """
        province crab_3: phoenix up=2
        province crab_2: crab
        token #1: crab a3 crab_2>crab_3
    """))
    assert battle_at(events, "crab_3")["defender"]["faceup_control"] == 2
    assert s.owner[P("crab_3")] == 0


# ------------------------------------------------------------------ Crane
def test_crane_wins_a_tie_as_attacker_against_the_defender():
    """Reference: Crane (wins any battle in which it is tied for the highest total)."""
    s, events = resolve_only(game("crane lion", """
        province crane_1: crane
        province lion_2: lion
        token #1: crane a2 crane_1>lion_2
        token #2: lion a2 lion_2
    """))
    b = battle_at(events, "lion_2")
    assert b["winner"] == "crane" and b["outcome"] == "taken"
    assert s.owner[P("lion_2")] == 0


def test_crane_wins_a_tie_against_another_attacker():
    """Reference: Crane (tied for the highest total as attacker, also against another attacker)."""
    s, events = resolve_only(game("crane lion scorpion", """
        province crane_2: crane
        province crab_3: scorpion
        province mainland_3: lion
        token #1: crane a3 crane_2>mainland_3
        token #2: scorpion a3 crab_3>mainland_3
        token #3: lion a1 mainland_3
    """))
    b = battle_at(events, "mainland_3")
    assert sorted((a["clan"], a["total"]) for a in b["attackers"]) == [("crane", 3), ("scorpion", 3)]
    assert b["winner"] == "crane"
    assert s.owner[P("mainland_3")] == 0


def test_two_tied_attackers_without_crane_leave_the_province_to_its_defender():
    """Rulebook: Resolving Battles (tie for the highest total: the defender wins) — contrast with Crane."""
    s, events = resolve_only(game("lion scorpion crab", """
        province crane_2: crab
        province crab_3: scorpion
        province mainland_3: lion
        token #1: crab a3 crane_2>mainland_3
        token #2: scorpion a3 crab_3>mainland_3
        token #3: lion a1 mainland_3
    """))
    assert battle_at(events, "mainland_3")["winner"] == "lion"
    assert s.owner[P("mainland_3")] == 0 and s.up[P("mainland_3")] == 1


def test_crane_tied_with_another_attacker_below_the_defender_loses():
    """Reference: Crane (only a tie for the *highest* total)."""
    s, events = resolve_only(game("crane lion scorpion", """
        province crane_2: crane
        province crab_3: scorpion
        province mainland_3: lion
        token #1: crane a2 crane_2>mainland_3
        token #2: scorpion a2 crab_3>mainland_3
        token #3: lion a3 mainland_3
    """))
    assert battle_at(events, "mainland_3")["winner"] == "lion"
    assert s.owner[P("mainland_3")] == 1


def test_crane_defender_keeps_its_province_on_a_tie():
    """Reference: Crane (as defender); Rulebook: Resolving Battles (tie: defender wins)."""
    s, events = resolve_only(game("crane lion", """
        province crane_3: crane
        province lion_1: lion
        token #1: lion a2 lion_1>crane_3
        token #2: crane a2 crane_3
    """))
    assert battle_at(events, "crane_3")["winner"] == "crane"
    assert s.owner[P("crane_3")] == 0 and s.up[P("crane_3")] == 1


# ------------------------------------------------------------------ Lion
def test_lion_bluff_defending_its_province_stays_and_adds_two():
    """Reference: Lion (its bluff defending a province it controls adds +2 and is not removed in step 2)."""
    s, events = resolve_only(game("lion crab", """
        province lion_3: lion
        province lion_1: crab
        token #1: lion bluff lion_3
        token #2: crab a2 lion_1>lion_3
    """).replace("hand lion: bluff", "hand lion: a1"))
    assert of_kind(events, "removed")[0]["tokens"] == []
    b = battle_at(events, "lion_3")
    assert b["defender"]["lion_bluff"] == 2 and b["defender"]["total"] == 2
    assert b["outcome"] == "defended"
    assert s.owner[P("lion_3")] == 0 and s.up[P("lion_3")] == 1
    # a discarded bluff is always returned to its owner's hand
    assert codes(s, 0, s.hand[0]) == ["a1", "bluff"] and s.discard[0] == []


def test_lion_bluff_can_be_overcome():
    """Reference: Lion (+2 defense from the bluff)."""
    s, events = resolve_only(game("lion crab", """
        province lion_3: lion
        province lion_1: crab
        token #1: lion bluff lion_3
        token #2: crab a3 lion_1>lion_3
    """).replace("hand lion: bluff", "hand lion: a1"))
    assert battle_at(events, "lion_3")["outcome"] == "taken"
    assert s.owner[P("lion_3")] == 1
    assert "bluff" in codes(s, 0, s.hand[0])


def test_an_unattacked_lion_bluff_is_no_successful_defense():
    """Reference: Lion (an unattacked Lion bluff is not a successful defense)."""
    s, events = resolve_only(game("lion crab", """
        province lion_3: lion
        token #1: lion bluff lion_3
    """).replace("hand lion: bluff", "hand lion: a1"))
    assert of_kind(events, "successful-defense") == []
    assert s.up[P("lion_3")] == 0
    assert codes(s, 0, s.hand[0]) == ["a1", "bluff"]


def test_lion_bluff_outside_its_own_province_is_removed_as_a_bluff():
    """Reference: Lion (only a bluff defending a province it controls); Rulebook: Resolution Phase 2."""
    s, events = resolve_only(game("lion crab", """
        province lion_3: lion
        province lion_1: crab
        token #1: lion bluff lion_3>lion_1
    """).replace("hand lion: bluff", "hand lion: a1"))
    assert [(t["token"], t["why"]) for t in of_kind(events, "removed")[0]["tokens"]] == [(1, "bluff")]
    assert of_kind(events, "battle") == []


def test_lion_a_blessing_on_its_defending_bluff_stays_and_adds_its_strength():
    """Reference: Lion (its defending bluff is not removed in step 2) and rulings (a blessing on a bluff is discarded
    when the bluff is removed in step 2); Rulebook: Resolution Phase 2, The Combat Tokens: Blessing.

    Lion's bluff stays, so the blessing on it still lies on a token: bluff 2 + blessing 2 = 4 against Dragon's 4,
    a tie the defender wins (docs/rokugan-rules.md, "A blessing on Lion's defending bluff")."""
    s, events = resolve_only(game("lion dragon", """
        province lion_3: lion
        province lion_1: dragon
        token #1: lion bluff lion_3
        token #2: lion b2 #1
        token #3: dragon a4 lion_1>lion_3
    """).replace("hand lion: bluff", "hand lion: a1"))
    assert of_kind(events, "removed")[0]["tokens"] == []
    b = battle_at(events, "lion_3")
    assert b["defender"]["lion_bluff"] == 2 and b["defender"]["combat_tokens"] == 2 and b["defender"]["total"] == 4
    assert [t["token"] for t in b["defender"]["tokens"]] == [2]
    assert b["attackers"][0]["total"] == 4 and b["outcome"] == "defended"
    assert s.owner[P("lion_3")] == 0 and s.up[P("lion_3")] == 1 and s.owner[P("lion_1")] == 1
    # the bluff goes back behind the screen, the blessing to the discard pile like any involved token
    assert codes(s, 0, s.hand[0]) == ["a1", "bluff"] and codes(s, 0, s.discard[0]) == ["b2"]


def test_lion_a_blessing_on_its_attacking_bluff_is_discarded_with_it():
    """Reference: rulings (a blessing on a bluff removed in step 2 is discarded); Reference: Lion (only its bluff
    defending a province it controls stays); Rulebook: Resolution Phase 2."""
    s, events = resolve_only(game("lion dragon", """
        province lion_3: lion
        province lion_1: dragon
        token #1: lion bluff lion_3>lion_1
        token #2: lion b2 #1
    """).replace("hand lion: bluff", "hand lion: a1"))
    removed = {t["token"]: t["why"] for t in of_kind(events, "removed")[0]["tokens"]}
    assert removed[1] == "bluff" and "#1" in removed[2] and "removed from the board" in removed[2]
    assert of_kind(events, "battle") == [] and s.owner[P("lion_1")] == 1
    assert codes(s, 0, s.hand[0]) == ["a1", "bluff"] and codes(s, 0, s.discard[0]) == ["b2"]


def test_other_clans_bluff_defending_adds_nothing():
    """Rulebook: Resolution Phase 2 (bluffs are removed) — the +2 is Lion's alone."""
    s, events = resolve_only(game("crab lion", """
        province lion_3: crab
        province lion_1: lion
        token #1: crab bluff lion_3
        token #2: lion a1 lion_1>lion_3
    """).replace("hand crab: bluff", "hand crab: a1"))
    b = battle_at(events, "lion_3")
    assert b["defender"]["total"] == 0 and b["outcome"] == "taken"


# ------------------------------------------------------------------ Phoenix
def test_phoenix_ignores_the_capital_defense_when_attacking():
    """Reference: Phoenix (when attacking, ignores the +2 printed on clan capitals)."""
    s, events = resolve_only(game("phoenix dragon", """
        province dragon_2: phoenix
        province dragon_1: dragon
        token #1: phoenix a1 dragon_2>dragon_1
    """))
    assert battle_at(events, "dragon_1")["outcome"] == "taken"
    assert s.owner[P("dragon_1")] == 0


def test_phoenix_ignores_the_capital_of_a_clan_not_in_the_game():
    """Reference: Phoenix; Board (every capital prints +2 even when that clan is absent)."""
    s, events = resolve_only(game("phoenix dragon", """
        province lion_2: phoenix
        token #1: phoenix a1 lion_2>lion_1
    """))
    assert battle_at(events, "lion_1")["outcome"] == "taken"


def test_phoenix_does_not_ignore_the_shadowlands_defense():
    """Reference: Phoenix (not the Shadowlands +1)."""
    s, events = resolve_only(game("phoenix crab", """
        province crab_2: phoenix
        province shadowlands_north: crab
        cards crab: purge-the-weak
        token #1: phoenix a1 crab_2>shadowlands_north
    """))
    assert battle_at(events, "shadowlands_north")["outcome"] == "defended"
    assert s.owner[P("shadowlands_north")] == 1


def test_phoenix_does_not_ignore_faceup_tokens_or_bonus_tokens_in_a_capital():
    """Reference: Phoenix (not faceup tokens, not bonus tokens)."""
    s, events = resolve_only(game("phoenix dragon", """
        province dragon_2: phoenix
        province dragon_3: phoenix
        played: ashigaru-levies
        province dragon_1: dragon up=1 special=defense_1
        token #1: phoenix a1 dragon_2>dragon_1
        token #2: phoenix a1 dragon_3>dragon_1
    """))
    b = battle_at(events, "dragon_1")
    assert b["outcome"] == "defended"     # 2 against 1 faceup + 1 bonus (the +2 ignored)
    assert s.owner[P("dragon_1")] == 1


def test_the_capital_defense_still_counts_against_phoenixs_co_attacker():
    """Reference: Phoenix (the ability is Phoenix's alone)."""
    s, events = resolve_only(game("phoenix dragon crab", """
        province dragon_2: crab
        province dragon_1: dragon
        token #1: crab a2 dragon_2>dragon_1
    """))
    assert battle_at(events, "dragon_1")["outcome"] == "defended"
    assert s.owner[P("dragon_1")] == 1


def test_phoenix_defending_its_capital_keeps_the_printed_bonus():
    """Reference: Phoenix (only when attacking); Rulebook: Defense Bonuses."""
    s, events = resolve_only(game("phoenix dragon", """
        province phoenix_1: phoenix
        province dragon_1: dragon
        token #1: dragon a2 dragon_1>phoenix_1
    """))
    b = battle_at(events, "phoenix_1")
    assert b["defender"]["printed"] == 2 and b["outcome"] == "defended"


def test_crane_tied_with_the_defense_of_an_empty_province_takes_it():
    """Reference: Crane (tied for the highest total) and ruling 'Crane's ability overrides this when Crane is tied'."""
    s, events = resolve_only(game("crane crab", """
        province crane_3: crane
        token #1: crane a2 crane_3>lion_1
    """))
    b = battle_at(events, "lion_1")
    assert b["defender"]["total"] == 2 and b["winner"] == "crane"
    assert s.owner[P("lion_1")] == 0


def test_crab_bonus_tokens_are_not_doubled():
    """Reference: Crab (only its faceup control tokens give +2)."""
    s, events = resolve_only(game("crab phoenix", """
        played: ashigaru-levies
        province crab_3: crab special=defense_1
        province crab_2: phoenix
        token #1: phoenix a2 crab_2>crab_3
    """))
    b = battle_at(events, "crab_3")
    assert b["defender"]["special"] == 1 and b["outcome"] == "taken"
