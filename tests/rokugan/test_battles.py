"""Resolution Phase 5. Resolve Battles: Resolving Battles, Defense Bonuses, Successful Defense."""

from __future__ import annotations

from tests.rokugan.helpers import P, battle_at, codes, of_kind, resolve_only

HANDS = """
hand crab: bluff
hand phoenix: bluff
hand scorpion: bluff
"""


def three(body, round_=2):
    """A crab/phoenix/scorpion position in the placement phase; every hand is one bluff."""
    return f"""
format: rokugan-position
players: crab phoenix scorpion
phase: placement
round: {round_}
""" + body + HANDS


# ------------------------------------------------------------ the example
def test_rulebook_battle_example_scorpion_takes_the_dragon_province():
    """Rulebook: Resolving Battles › Battle Example (Phoenix 1+1 from two provinces, Scorpion 3, Dragon 1)."""
    s, events = resolve_only("""
        format: rokugan-position
        players: phoenix scorpion dragon
        phase: placement
        round: 2
        province phoenix_1: phoenix
        province lion_2: phoenix
        province lion_3: scorpion
        province dragon_1: dragon
        province dragon_2: dragon
        token #1: phoenix a1 phoenix_1>dragon_2
        token #2: phoenix a1 lion_2>dragon_2
        token #3: scorpion a3 lion_3>dragon_2
        token #4: dragon a1 dragon_2
        hand phoenix: bluff
        hand scorpion: bluff
        hand dragon: bluff
    """)
    b = battle_at(events, "dragon_2")
    totals = {a["clan"]: a["total"] for a in b["attackers"]}
    assert totals == {"phoenix": 2, "scorpion": 3}
    assert b["defender"]["clan"] == "dragon" and b["defender"]["total"] == 1
    assert b["winner"] == "scorpion" and b["outcome"] == "taken"
    p = P("dragon_2")
    # she removes the combat and control tokens, then places one control token facedown
    assert s.owner[p] == 1 and s.down[p] == 1 and s.up[p] == 0
    assert s.supply[2] == 29 and s.supply[1] == 28
    assert s.tokens == []
    assert codes(s, 0, s.discard[0]) == ["a1", "a1"]
    assert codes(s, 1, s.discard[1]) == ["a3"]
    assert codes(s, 2, s.discard[2]) == ["a1"]


# ------------------------------------------------------------ attackers
def test_several_attackers_the_highest_total_takes_the_province():
    """Rulebook: Resolving Battles (there can be multiple attackers; the highest total wins)."""
    s, events = resolve_only(three("""
        province crab_2: crab
        province crab_3: phoenix
        province scorpion_1: scorpion
        token #1: crab a2 crab_2>crab_3
        token #2: scorpion a4 scorpion_1>crab_3
        token #3: phoenix a1 crab_3
    """))
    b = battle_at(events, "crab_3")
    assert b["winner"] == "scorpion"
    assert s.owner[P("crab_3")] == 2


def test_an_attackers_tokens_and_blessings_add_up():
    """Rulebook: The Combat Tokens: Blessing (its strength is added to its clan's attack)."""
    s, events = resolve_only(three("""
        province crab_2: crab
        province crab_4: crab
        province crab_3: phoenix up=2
        token #1: crab a1 crab_2>crab_3
        token #2: crab a1 crab_4>crab_3
        token #3: crab b2 #1
        token #4: crab s1 crab_3
    """))
    b = battle_at(events, "crab_3")
    assert [(a["clan"], a["total"]) for a in b["attackers"]] == [("crab", 5)]
    assert b["defender"]["total"] == 2 and b["outcome"] == "taken"
    assert codes(s, 0, s.discard[0]) == ["a1", "a1", "b2", "s1"]


def test_a_navy_attacks_across_a_coastal_border():
    """Rulebook: The Combat Tokens: Navy (attack on any coastal border)."""
    s, events = resolve_only(three("""
        province crab_1: crab
        province crane_2: phoenix
        token #1: crab n2 ~crane_2
    """))
    assert battle_at(events, "crane_2")["outcome"] == "taken"
    assert s.owner[P("crane_2")] == 0


# ------------------------------------------------------------ empty provinces
def test_empty_province_attacker_against_the_printed_capital_bonus():
    """Rulebook: Resolving Battles (empty province: the attacker against its defense bonuses) and
    Defense Bonuses (a capital has its bonus even if that clan is not in the game)."""
    s, events = resolve_only(three("""
        province crane_3: crab
        province lion_2: phoenix
        token #1: crab a2 crane_3>lion_1
        token #2: phoenix a3 lion_2>lion_1
    """))
    b = battle_at(events, "lion_1")
    assert b["defender"]["clan"] is None and b["defender"]["printed"] == 2
    assert b["winner"] == "phoenix" and s.owner[P("lion_1")] == 1


def test_a_failed_attack_on_an_empty_province_does_nothing():
    """Rulebook: Resolving Battles (when an empty province is attacked and the attacker does not win, nothing happens)."""
    s, events = resolve_only(three("""
        province crane_3: crab
        token #1: crab a2 crane_3>lion_1
    """))
    b = battle_at(events, "lion_1")
    assert b["outcome"] == "nothing" and b["winner"] is None
    p = P("lion_1")
    assert s.owner[p] == -1 and s.up[p] == 0 and s.down[p] == 0
    assert codes(s, 0, s.discard[0]) == ["a2"]


def test_empty_province_defense_bonus_token_stops_a_weak_attack():
    """Rulebook: Special Tokens: Honor Bonus and Defense Bonus (defense bonus tokens add defense)."""
    s, events = resolve_only(three("""
        province crab_2: crab
        played: aid-of-the-kami ashigaru-levies
        province mainland_3: - special=defense_2
        province mainland_2: - special=defense_1
        token #1: crab a2 crab_2>mainland_3
        token #2: crab n2 ~mainland_2
    """))
    assert battle_at(events, "mainland_3")["outcome"] == "nothing"
    assert battle_at(events, "mainland_3")["defender"]["special"] == 2
    assert battle_at(events, "mainland_2")["outcome"] == "taken"
    assert s.owner[P("mainland_3")] == -1 and s.owner[P("mainland_2")] == 0


def test_empty_province_without_bonus_falls_to_any_attack():
    """Rulebook: Resolving Battles (empty province attacked)."""
    s, events = resolve_only(three("""
        province crab_4: scorpion
        token #1: scorpion s1 crab_2
    """))
    assert battle_at(events, "crab_2")["outcome"] == "taken"
    assert s.owner[P("crab_2")] == 2 and s.down[P("crab_2")] == 1


# ------------------------------------------------------------ ties
def test_a_tie_between_attacker_and_defender_goes_to_the_defender():
    """Rulebook: Resolving Battles (if there is a tie for the highest total, the defender wins)."""
    s, events = resolve_only(three("""
        province crab_2: crab
        province crab_3: phoenix
        token #1: crab a3 crab_2>crab_3
        token #2: phoenix a3 crab_3
    """))
    b = battle_at(events, "crab_3")
    assert b["outcome"] == "defended" and b["winner"] == "phoenix"
    assert s.owner[P("crab_3")] == 1 and s.up[P("crab_3")] == 1


def test_a_tie_between_two_attackers_for_the_highest_total_goes_to_the_defender():
    """Rulebook: Resolving Battles (tie for the highest total: the defender wins)."""
    s, events = resolve_only(three("""
        province crab_2: crab
        province crab_3: phoenix
        province scorpion_1: scorpion
        token #1: crab a4 crab_2>crab_3
        token #2: scorpion a4 scorpion_1>crab_3
        token #3: phoenix a1 crab_3
    """))
    b = battle_at(events, "crab_3")
    assert b["outcome"] == "defended" and b["winner"] == "phoenix"
    assert s.owner[P("crab_3")] == 1 and s.up[P("crab_3")] == 1


def test_a_tie_between_two_attackers_on_an_empty_province_does_nothing():
    """Reference: ruling 'tie for the highest total ... if the province is empty, nothing happens'."""
    s, events = resolve_only(three("""
        province crab_2: crab
        province scorpion_1: scorpion
        token #1: crab a3 crab_2>crab_3
        token #2: scorpion a3 scorpion_1>crab_3
    """))
    assert battle_at(events, "crab_3")["outcome"] == "nothing"
    assert s.owner[P("crab_3")] == -1


# ------------------------------------------------------------ defense bonuses
def test_faceup_control_tokens_give_one_defense_each():
    """Rulebook: Defense Bonuses (each faceup control token provides 1 defense)."""
    s, events = resolve_only(three("""
        province crab_2: crab
        province crab_4: crab
        province crab_3: phoenix up=2 down=1
        token #1: crab a2 crab_2>crab_3
        token #2: crab a1 crab_4>crab_3
    """))
    b = battle_at(events, "crab_3")
    assert b["defender"]["faceup_control"] == 2 and b["defender"]["total"] == 2
    assert b["attackers"][0]["total"] == 3 and b["outcome"] == "taken"
    # the loser's three control tokens go back to its supply
    assert s.supply[1] == 30
    assert s.owner[P("crab_3")] == 0 and (s.up[P("crab_3")], s.down[P("crab_3")]) == (0, 1)


def test_faceup_tokens_equal_to_the_attack_hold_the_province():
    """Rulebook: Defense Bonuses (faceup control tokens) with Resolving Battles (tie: defender wins)."""
    s, events = resolve_only(three("""
        province crab_2: crab
        province crab_3: phoenix up=2
        token #1: crab a2 crab_2>crab_3
    """))
    assert battle_at(events, "crab_3")["outcome"] == "defended"
    assert s.up[P("crab_3")] == 3


def test_shadowlands_provinces_print_one_defense():
    """Reference: Board (each Shadowlands province prints +1 defense); Rulebook: The Shadowlands."""
    s, events = resolve_only(three("""
        province crab_2: phoenix
        province shadowlands_north: crab
        cards crab: purge-the-weak
        token #1: phoenix a1 crab_2>shadowlands_north
    """))
    north = battle_at(events, "shadowlands_north")
    assert north["defender"]["printed"] == 1 and north["outcome"] == "defended"
    assert s.owner[P("shadowlands_north")] == 0 and s.up[P("shadowlands_north")] == 1


def test_shadowlands_defense_is_beaten_by_a_stronger_attack():
    """Reference: Board (Shadowlands +1 defense)."""
    s, events = resolve_only(three("""
        province crab_2: phoenix
        province shadowlands_north: crab
        cards crab: purge-the-weak
        token #1: phoenix a2 crab_2>shadowlands_north
    """))
    assert battle_at(events, "shadowlands_north")["outcome"] == "taken"
    assert s.owner[P("shadowlands_north")] == 1


def test_defense_bonus_token_adds_to_the_defender():
    """Rulebook: Defense Bonuses (special tokens added by territory cards provide defense)."""
    s, events = resolve_only(three("""
        province crab_2: crab
        played: ashigaru-levies
        province crab_3: phoenix special=defense_1
        token #1: crab a2 crab_2>crab_3
        token #2: phoenix a1 crab_3
    """))
    b = battle_at(events, "crab_3")
    assert b["defender"]["special"] == 1 and b["defender"]["total"] == 2
    assert b["outcome"] == "defended"


def test_all_defense_bonuses_add_up_in_a_capital():
    """Rulebook: Defense Bonuses (printed +2, faceup tokens, special tokens and defending tokens together)."""
    s, events = resolve_only(three("""
        played: aid-of-the-kami
        province crab_1: phoenix up=1 special=defense_2
        province crab_2: crab
        token #1: crab a5 crab_2>crab_1
        token #2: phoenix a1 crab_1
    """))
    d = battle_at(events, "crab_1")["defender"]
    assert (d["tokens"][0]["code"], d["printed"], d["faceup_control"], d["special"], d["total"]) == ("a1", 2, 1, 2, 6)
    assert s.owner[P("crab_1")] == 1


# ------------------------------------------------------------ successful defense
def test_a_won_defense_adds_one_faceup_control_token():
    """Rulebook: Successful Defense (the defender places one faceup control token)."""
    s, events = resolve_only(three("""
        province crab_2: crab
        province crab_3: phoenix
        token #1: crab a1 crab_2>crab_3
        token #2: phoenix a2 crab_3
    """))
    assert battle_at(events, "crab_3")["faceup_added"] == 1
    p = P("crab_3")
    assert (s.owner[p], s.up[p], s.down[p]) == (1, 1, 1)
    assert s.supply[1] == 28


def test_an_unattacked_province_defended_by_army_navy_or_shinobi_is_successfully_defended():
    """Rulebook: Successful Defense (a player places an army, navy or shinobi to defend and is not attacked)."""
    s, events = resolve_only(three("""
        province crab_1: crab
        province crab_2: crab
        province crab_3: crab
        province crab_4: crab
        cards crab: promotion
        token #1: crab a1 crab_2
        token #2: crab n1 crab_1
        token #3: crab s1 crab_3
        token #4: crab bluff crab_4
    """).replace("hand crab: bluff", "hand crab: a2"))
    sd = sorted(e["province"] for e in of_kind(events, "successful-defense"))
    assert sd == ["crab_1", "crab_2", "crab_3"]
    assert [s.up[P(x)] for x in ("crab_1", "crab_2", "crab_3", "crab_4")] == [1, 1, 1, 0]
    assert codes(s, 0, s.discard[0]) == ["a1", "n1", "s1"]


def test_a_bluff_attack_on_an_undefended_province_gives_no_successful_defense():
    """Reference: ruling 'a bluff placed to attack an undefended province gives the owner no successful defense'."""
    s, events = resolve_only(three("""
        province crab_2: crab
        province crab_3: phoenix
        token #1: crab bluff crab_2>crab_3
    """).replace("hand crab: bluff", "hand crab: a1"))
    assert of_kind(events, "successful-defense") == [] and of_kind(events, "battle") == []
    assert s.up[P("crab_3")] == 0


def test_a_defender_winning_with_no_supply_left_adds_no_token():
    """Rulebook: Removing Tokens / Successful Defense (control tokens come from the player's 30; an
    effect adds only what the supply holds)."""
    s, events = resolve_only(three("""
        province crab_2: crab
        province crab_3: phoenix up=29 down=1
        token #1: crab a1 crab_2>crab_3
    """))
    b = battle_at(events, "crab_3")
    assert b["outcome"] == "defended" and b["faceup_added"] == 0
    assert s.up[P("crab_3")] == 29 and s.supply[1] == 0


def test_a_winner_with_no_supply_left_places_no_control_token():
    """Rulebook: Resolving Battles (the winner places one control token) with a supply of 0:
    the defender's tokens are still removed and the province is left empty (engine reading)."""
    s, events = resolve_only(three("""
        province crab_2: crab up=29 down=1
        province crab_3: phoenix
        token #1: crab a3 crab_2>crab_3
    """))
    b = battle_at(events, "crab_3")
    assert b["outcome"] == "taken" and b["control_placed"] == 0
    assert s.owner[P("crab_3")] == -1 and s.supply[1] == 30


def _crab_out_of_tokens(lost):
    """Crab has all 30 control tokens on the board, takes scorpion_1 and loses ``lost`` the same round."""
    return three(f"""
        province crab_2: crab up=26 down=1
        province crab_3: crab
        province crab_4: crab
        province unicorn_2: crab
        province scorpion_1: scorpion
        province scorpion_2: scorpion
        token #1: crab a3 crab_3>scorpion_1
        token #2: scorpion a3 scorpion_2>{lost}
    """)


def test_battles_with_an_empty_supply_do_not_depend_on_the_order_of_the_provinces():
    """Resolution Phase 5. Resolve Battles ("all battles occur simultaneously, the order in which battles are
    resolved does not matter"): every outcome is decided, the losers' control tokens go back to supply, then the
    winners place theirs. Crab (supply 0) loses crab_4 (before scorpion_1 on the board) or unicorn_2 (after it):
    in both it gets scorpion_1 with the token it lost, and the event and the board agree."""
    from daimyo.words.rokugan import sentence
    ends = []
    for lost in ("crab_4", "unicorn_2"):
        s, events = resolve_only(_crab_out_of_tokens(lost))
        assert s.supply[0] == 0
        taken, lost_battle = battle_at(events, "scorpion_1"), battle_at(events, lost)
        assert taken["outcome"] == "taken" and taken["control_placed"] == 1
        assert lost_battle["outcome"] == "taken" and lost_battle["winner"] == "scorpion"
        assert (s.owner[P("scorpion_1")], s.down[P("scorpion_1")]) == (0, 1)
        assert (s.owner[P(lost)], s.down[P(lost)]) == (2, 1)
        assert "Crab takes the province" in sentence(next(e for e in events if e.kind == "battle"
                                                         and e.data["province"] == "scorpion_1"))
        ends.append((s.owner[P("scorpion_1")], s.up[:], s.supply[:], sorted(p for p in range(30) if s.owner[p] == 0)))
    assert ends[0][:3] == ends[1][:3]
    assert len(ends[0][3]) == len(ends[1][3]) == 4


def test_a_winner_short_of_control_tokens_places_them_in_board_order_takes_first():
    """Resolution Phase 5. Resolve Battles with a short supply (engine reading, docs/rokugan-rules.md): the
    facedown tokens of provinces taken come before the faceup tokens of defenses; within one kind, board order."""
    s, events = resolve_only(three("""
        province crab_2: crab up=26 down=1
        province crab_3: crab
        province crab_4: crab
        province scorpion_1: scorpion
        province scorpion_2: scorpion
        token #1: crab a3 crab_3>scorpion_1
        token #2: crab a3 crab_4>scorpion_2
        token #3: crab a1 crab_2
    """))
    # Crab's supply holds 1: both attacks win and crab_2 is defended without being attacked
    assert battle_at(events, "scorpion_1")["control_placed"] == 1
    assert battle_at(events, "scorpion_2")["control_placed"] == 0
    assert of_kind(events, "successful-defense")[0]["faceup_added"] == 0
    assert s.owner[P("scorpion_1")] == 0 and s.owner[P("scorpion_2")] == -1 and s.supply[0] == 0


def test_a_blessing_on_a_defending_token_adds_to_the_defense():
    """Rulebook: The Combat Tokens: Blessing (its strength is added to its clan's defense)."""
    s, events = resolve_only(three("""
        province crab_2: crab
        province crab_3: phoenix
        token #1: crab a4 crab_2>crab_3
        token #2: phoenix a2 crab_3
        token #3: phoenix b2 #2
    """))
    b = battle_at(events, "crab_3")
    assert b["defender"]["tokens"] and b["defender"]["total"] == 4 and b["outcome"] == "defended"
    assert codes(s, 1, s.discard[1]) == ["a2", "b2"]


def test_a_navy_and_a_shinobi_defend_a_coastal_province():
    """Rulebook: The Combat Tokens: Navy (defends a coastal province) and Shinobi (defends a province you control)."""
    s, events = resolve_only(three("""
        province crab_2: scorpion
        province crab_1: crab
        token #1: scorpion a4 crab_2>crab_1
        token #2: crab n1 crab_1
        token #3: crab s1 crab_1
    """))
    d = battle_at(events, "crab_1")["defender"]
    assert d["total"] == 1 + 1 + 2 and battle_at(events, "crab_1")["outcome"] == "defended"
