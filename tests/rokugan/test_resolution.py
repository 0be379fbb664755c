"""Resolution Phase, steps 1-7 (except battles, in test_battles.py).

Rulebook: Resolution Phase 1. Reveal Combat Tokens, 2. Discard Bluff and Illegally
Placed Tokens, 3. Resolve Raid Tokens, 4. Resolve Diplomacy Tokens, 6. Claim
Territories, 7. Advance Round Track; The Combat Tokens: Raid / Diplomacy / Blessing.
"""

from __future__ import annotations

from daimyo.core.game import Action
from tests.rokugan.helpers import P, battle_at, codes, of_kind, resolve_only, resolve_position, state_of

HEAD = """
format: rokugan-position
players: crab phoenix scorpion
phase: placement
round: 2
"""


# ------------------------------------------------------------------ step 1
def test_step1_every_token_is_revealed_before_anything_resolves():
    """Rulebook: Resolution Phase 1. Reveal Combat Tokens."""
    s, events = resolve_only(HEAD + """
        province crab_2: crab
        province crab_3: phoenix
        token #1: crab a2 crab_2>crab_3
        token #2: phoenix a1 crab_3
        token #3: scorpion bluff crab_4
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: a1
    """)
    kinds = [e.kind for e in events]
    assert kinds.index("reveal") < kinds.index("removed") < kinds.index("battle")
    revealed = of_kind(events, "reveal")[0]["tokens"]
    assert {(t["token"], t["owner"], t["code"]) for t in revealed} == {
        (1, "crab", "a2"), (2, "phoenix", "a1"), (3, "scorpion", "bluff")}


# ------------------------------------------------------------------ step 2
def test_step2_bluffs_are_removed_and_returned_to_the_hand():
    """Rulebook: Resolution Phase 2. Discard Bluff and Illegally Placed Tokens (bluffs go back behind the screen)."""
    s, events = resolve_only(HEAD + """
        province crab_2: crab
        province crab_3: phoenix
        token #1: crab bluff crab_2>crab_3
        token #2: phoenix bluff ~crab_1
        hand crab: a1
        hand phoenix: a2
        hand scorpion: bluff
    """)
    removed = of_kind(events, "removed")[0]["tokens"]
    assert sorted((t["owner"], t["why"]) for t in removed) == [("crab", "bluff"), ("phoenix", "bluff")]
    assert codes(s, 0, s.hand[0]) == ["a1", "bluff"]
    assert codes(s, 1, s.hand[1]) == ["a2", "bluff"]
    assert s.discard[0] == [] and s.discard[1] == []
    # a bluff is no attack: no battle, no control change
    assert of_kind(events, "battle") == []
    assert s.owner[P("crab_3")] == 1 and s.owner[P("crab_1")] == -1


def test_step2_an_army_whose_source_province_is_no_longer_controlled_is_removed():
    """Rulebook: Resolution Phase 2 / The Combat Tokens: Army (attack from a province you control).

    Reference: ruling 'legality is checked again in resolution step 2'. Crab gave up crab_2's control token for
    Inspire Fear after placing the army (a position where nothing could have changed it is refused)."""
    s, events = resolve_only(HEAD + """
        played: inspire-fear
        province crab_1: crab
        province crab_3: phoenix
        token #1: crab a5 crab_2>crab_3
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    removed = of_kind(events, "removed")[0]["tokens"]
    assert [t["token"] for t in removed] == [1]
    assert "do not control crab_2" in removed[0]["why"]
    assert codes(s, 0, s.discard[0]) == ["a5"]          # an illegal token is discarded, not returned
    assert s.owner[P("crab_3")] == 1                     # no battle took place
    assert of_kind(events, "battle") == []


def test_step2_a_blessing_on_a_bluff_is_discarded_with_nothing_under_it():
    """Rulebook: Resolution Phase 2 / The Combat Tokens: Blessing.

    Reference: ruling 'a blessing may be put on one's own facedown bluff; when the bluff is
    removed in step 2 the blessing has nothing under it and is discarded as illegal'."""
    s, events = resolve_only(HEAD + """
        province crab_2: crab
        province crab_3: phoenix
        token #1: crab bluff crab_2>crab_3
        token #2: crab b2 #1
        hand crab: a1
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    removed = {t["token"]: t["why"] for t in of_kind(events, "removed")[0]["tokens"]}
    assert removed[1] == "bluff" and "#1" in removed[2]
    assert codes(s, 0, s.hand[0]) == ["a1", "bluff"]
    assert codes(s, 0, s.discard[0]) == ["b2"]
    assert s.owner[P("crab_3")] == 1 and s.up[P("crab_3")] == 0


def test_step2_a_unicorn_swap_moving_an_army_into_an_enemy_centre_makes_it_illegal():
    """Reference: Unicorn (a swap can make a token illegal, and it is removed in step 2).

    Rulebook: Resolution Phase 2; The Combat Tokens: Army (defends only a province you control),
    Shinobi (centre of a province, never a border)."""
    s = state_of("""
        format: rokugan-position
        players: unicorn dragon
        phase: placement
        round: 2
        province unicorn_1: unicorn
        province dragon_3: dragon
        token #1: unicorn a3 unicorn_1>dragon_3
        token #2: unicorn s2 dragon_3
        hand unicorn: bluff
        hand dragon: bluff
    """)
    events = s._advance()
    assert s.pending == [("unicorn_swap", 0, ())] and events == []
    assert "swap #1 #2" in [a.text for a in s.legal_actions(0)]
    events = s.apply(Action(0, "swap #1 #2"))
    removed = {t["token"]: t["why"] for t in of_kind(events, "removed")[0]["tokens"]}
    assert set(removed) == {1, 2}
    assert "army defends only a province you control" in removed[1]
    assert "shinobi token cannot be placed on a land border" in removed[2]
    assert codes(s, 0, s.discard[0]) == ["a3", "s2"]
    assert s.owner[P("dragon_3")] == 1
    assert of_kind(events, "battle") == []


def test_step2_a_legal_unicorn_swap_changes_which_province_is_attacked():
    """Reference: Unicorn (once per round, after the last placement, swap two of its tokens)."""
    s = state_of("""
        format: rokugan-position
        players: unicorn dragon
        phase: placement
        round: 2
        province unicorn_1: unicorn
        province dragon_3: dragon
        token #1: unicorn a1 unicorn_1>dragon_3
        token #2: unicorn a4 unicorn_1
        hand unicorn: bluff
        hand dragon: bluff
    """)
    s._advance()
    events = s.apply(Action(0, "swap #1 #2"))
    b = battle_at(events, "dragon_3")
    assert b["attackers"][0]["total"] == 4 and b["outcome"] == "taken"
    assert s.owner[P("dragon_3")] == 0


# ------------------------------------------------------------------ step 3
def test_step3_a_raid_discards_every_token_around_removes_control_and_scorches():
    """Rulebook: Resolution Phase 3. Resolve Raid Tokens."""
    s, events = resolve_only(HEAD + """
        province crab_2: crab up=1 down=1
        province crab_3: phoenix
        province crab_4: scorpion
        token #1: scorpion raid crab_2
        token #2: crab a3 crab_2
        province mainland_3: phoenix
        token #3: crab a2 crab_2>crab_3
        token #4: phoenix a1 mainland_3>crab_2
        token #5: crab b2 #2
        token #6: phoenix s1 crab_2
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    raid = of_kind(events, "raid")[0]
    assert raid["clan"] == "scorpion" and raid["control_removed_from"] == "crab" and raid["scorched_earth"]
    assert sorted(t["token"] for t in raid["discarded"]) == [1, 2, 3, 4, 5, 6]
    p = P("crab_2")
    assert s.special[p] == "scorched_earth"
    assert s.owner[p] == -1 and s.up[p] == 0 and s.down[p] == 0
    assert s.supply[0] == 30                          # both crab control tokens back in the supply
    assert codes(s, 0, s.discard[0]) == ["a2", "a3", "b2"]
    assert codes(s, 1, s.discard[1]) == ["a1", "s1"]
    assert codes(s, 2, s.discard[2]) == ["raid"]
    assert s.tokens == []
    # the army that attacked crab_3 from crab_2 never fought
    assert of_kind(events, "battle") == []
    assert s.owner[P("crab_3")] == 1


def test_step3_a_raid_triggers_with_the_raiders_shinobi_in_the_province():
    """Rulebook: The Combat Tokens: Raid (the raid is in the same province as the raider's shinobi)."""
    s, events = resolve_only(HEAD + """
        province phoenix_1: phoenix
        province crab_2: crab
        province scorpion_1: scorpion
        token #1: scorpion raid phoenix_1
        token #2: scorpion s1 phoenix_1
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert of_kind(events, "raid-fails") == []
    assert s.special[P("phoenix_1")] == "scorched_earth"
    assert s.owner[P("phoenix_1")] == -1
    assert codes(s, 2, s.discard[2]) == ["raid", "s1"]


def test_step3_a_raid_triggers_next_to_a_province_the_raider_controls():
    """Rulebook: The Combat Tokens: Raid (a province adjacent to one the raider controls)."""
    s, events = resolve_only(HEAD + """
        province unicorn_2: scorpion
        province crab_4: crab
        token #1: scorpion raid crab_4
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert s.special[P("crab_4")] == "scorched_earth" and s.owner[P("crab_4")] == -1


def test_step3_a_raid_that_cannot_trigger_does_nothing():
    """Rulebook: The Combat Tokens: Raid (only triggered with a shinobi there or an adjacent province)."""
    s, events = resolve_only(HEAD + """
        province scorpion_1: scorpion
        province phoenix_1: phoenix up=1
        token #1: scorpion raid phoenix_1
        token #2: scorpion s1 crab_2
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert of_kind(events, "raid") == []
    assert of_kind(events, "raid-fails")[0]["province"] == "phoenix_1"
    p = P("phoenix_1")
    assert s.special[p] is None and s.owner[p] == 1 and s.up[p] == 1 and s.down[p] == 0
    assert "raid" in codes(s, 2, s.discard[2])


def test_step3_scorched_earth_replaces_another_special_token():
    """Rulebook: Special Tokens (other special tokens can be replaced by peace and scorched earth)."""
    s, events = resolve_only(HEAD + """
        province crab_3: scorpion
        province crab_4: crab
        played: port-of-prosperity
        province crab_2: crab special=honor_2
        token #1: scorpion raid crab_2
        token #2: scorpion s2 crab_2
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert s.special[P("crab_2")] == "scorched_earth"
    assert s.specials_left["honor_2"] == 1


# ------------------------------------------------------------------ step 4
def test_step4_diplomacy_discards_tokens_around_and_places_peace():
    """Rulebook: Resolution Phase 4. Resolve Diplomacy Tokens."""
    s, events = resolve_only(HEAD + """
        province crab_3: crab
        province crab_2: phoenix
        province scorpion_1: scorpion
        token #1: crab dip crab_3
        token #2: phoenix a4 crab_2>crab_3
        token #3: scorpion s2 crab_3
        token #4: crab a1 crab_3>scorpion_1
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    d = of_kind(events, "diplomacy")[0]
    assert d["clan"] == "crab" and d["peace"]
    assert sorted(t["token"] for t in d["discarded"]) == [1, 2, 3, 4]
    p = P("crab_3")
    assert s.special[p] == "peace"
    assert s.owner[p] == 0 and s.up[p] == 0 and s.down[p] == 1   # control unchanged, no faceup token
    assert s.owner[P("scorpion_1")] == 2
    assert of_kind(events, "battle") == []
    # placing diplomacy is no successful defense; the attack it wiped out on scorpion_1 failed
    assert [e["province"] for e in of_kind(events, "successful-defense")] == ["scorpion_1"]
    assert codes(s, 0, s.discard[0]) == ["a1", "dip"]


def test_step4_peace_replaces_the_harbor_token():
    """Rulebook: Special Tokens (example: the diplomacy token's peace replaces the harbor token)."""
    s, events = resolve_only(HEAD + """
        played: feats-of-engineering
        province crab_2: crab special=harbor
        token #1: crab dip crab_2
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert s.special[P("crab_2")] == "peace"
    assert s.specials_left["harbor"] == 1 and not s.is_coastal(P("crab_2"))


def test_step3_before_step4_a_raid_removes_a_diplomacy_token_in_its_province():
    """Rulebook: Resolution Phase (raids, step 3, resolve before diplomacy, step 4)."""
    s, events = resolve_only(HEAD + """
        province crab_2: crab
        province crab_3: scorpion
        token #1: crab dip crab_2
        token #2: scorpion raid crab_2
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert of_kind(events, "diplomacy") == []
    assert s.special[P("crab_2")] == "scorched_earth"
    assert "dip" in codes(s, 0, s.discard[0])


def test_an_attack_wiped_out_by_a_raid_elsewhere_counts_as_a_successful_defense():
    """Rulebook: Successful Defense (an attack that fails for any reason)."""
    s, events = resolve_only(HEAD + """
        province crab_3: crab
        province crab_2: phoenix
        province crab_4: scorpion
        token #1: phoenix a3 crab_2>crab_3
        token #2: scorpion raid crab_2
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert s.special[P("crab_2")] == "scorched_earth"
    sd = of_kind(events, "successful-defense")
    assert [(e["clan"], e["province"]) for e in sd] == [("crab", "crab_3")]
    assert s.up[P("crab_3")] == 1


# ------------------------------------------------------------------ steps 5-7
def test_all_combat_tokens_are_discarded_after_the_battles():
    """Rulebook: Resolving Battles (after a battle, all the combat tokens involved are discarded)."""
    s, events = resolve_only(HEAD + """
        province crab_2: crab
        province crab_3: phoenix
        province scorpion_1: scorpion
        token #1: crab a2 crab_2>crab_3
        token #2: crab b2 #1
        token #3: phoenix n1 ~crane_2
        token #4: scorpion a1 scorpion_1
        token #5: phoenix s1 crab_3
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert s.tokens == []
    assert codes(s, 0, s.discard[0]) == ["a2", "b2"]
    assert codes(s, 1, s.discard[1]) == ["n1", "s1"]
    assert codes(s, 2, s.discard[2]) == ["a1"]


def test_step6_a_player_controlling_every_province_of_a_territory_claims_its_card():
    """Rulebook: Resolution Phase 6. Claim Territories."""
    s, events = resolve_only(HEAD + """
        spaces: crab=promotion
        province crab_1: crab
        province crab_2: crab
        province crab_3: crab
        province crab_4: phoenix
        token #1: crab a3 crab_3>crab_4
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert s.owner[P("crab_4")] == 0
    assert s.cards[0] == ["promotion"] and s.space[0] is None
    assert of_kind(events, "territory-claimed") == [{"clan": "crab", "territory": "crab"}]


def test_step6_scorched_provinces_are_ignored_when_claiming_a_territory():
    """Rulebook: Special Tokens: Scorched Earth (control the territory's provinces without scorched earth).

    Pirate Raids scorched crane_3 in this round's upkeep, after the last Claim Territories."""
    s, events = resolve_only(HEAD + """
        played: pirate-raids
        spaces: crane=code-of-honor
        province crane_1: phoenix
        province crane_2: phoenix
        province crane_3: - special=scorched_earth
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert s.cards[1] == ["code-of-honor"]


def test_step6_a_territory_with_a_province_held_by_nobody_is_not_claimed():
    """Rulebook: Resolution Phase 6 (a player controls a territory if they control each province)."""
    s, events = resolve_only(HEAD + """
        spaces: crane=code-of-honor
        province crane_1: phoenix
        province crane_2: phoenix
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert s.cards[1] == [] and s.space[1] == "code-of-honor"


def test_step6_losing_a_territory_returns_its_unplayed_card_to_the_board():
    """Rulebook: Playing Territory Cards (a player who loses control returns the unplayed card)."""
    s, events = resolve_only(HEAD + """
        province crane_1: phoenix
        province crane_2: phoenix
        province crane_3: phoenix
        province crab_3: crab
        cards phoenix: diplomatic-mission
        token #1: crab a4 crab_3>crane_2
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert s.owner[P("crane_2")] == 0
    assert s.cards[1] == [] and s.space[1] == "diplomatic-mission"
    assert of_kind(events, "territory-card-returned") == [{"clan": "phoenix", "territory": "crane"}]


def test_step6_a_played_card_is_not_replaced_for_a_new_controller():
    """Rulebook: Playing Territory Cards (after a card is played it is not replaced)."""
    s, events = resolve_only(HEAD + """
        spaces: crane=-
        played: code-of-honor
        province crane_1: crab
        province crane_2: crab
        province crane_3: crab
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert s.cards[0] == [] and of_kind(events, "territory-claimed") == []


def test_step7_the_round_track_advances_and_the_next_round_starts():
    """Rulebook: Resolution Phase 7. Advance Round Track."""
    s, events = resolve_position(HEAD + """
        province crab_1: crab
        province phoenix_1: phoenix
        province scorpion_1: scorpion
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    kinds = [e.kind for e in events]
    assert kinds.index("resolution") < kinds.index("round")
    assert of_kind(events, "round") == [{"round": 3}]
    assert s.round == 3 and s.phase == "placement"
    assert all(len(s.hand[q]) == 6 for q in range(3))


def test_step7_after_round_five_the_game_ends():
    """Rulebook: End of the Game (the game ends after five rounds)."""
    s, events = resolve_position(HEAD.replace("round: 2", "round: 5") + """
        province crab_1: crab
        province phoenix_1: phoenix
        province scorpion_1: scorpion
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert s.phase == "over" and s.is_terminal() and s.round == 5
    assert of_kind(events, "round") == []
    assert len(of_kind(events, "final-scoring")) == 1


def test_steps_run_in_order_raids_then_diplomacy_then_battles_then_claims():
    """Rulebook: Resolution Phase (steps 1-7 in order)."""
    s, events = resolve_only(HEAD + """
        spaces: crab=promotion
        province crab_1: crab
        province crab_2: crab
        province crab_3: crab
        province crab_4: phoenix
        province phoenix_1: phoenix
        province scorpion_3: scorpion
        token #1: crab a3 crab_3>crab_4
        token #2: phoenix dip phoenix_1
        token #3: scorpion raid unicorn_3
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    kinds = [e.kind for e in events if e.kind in ("reveal", "removed", "raid", "diplomacy", "battle", "territory-claimed")]
    assert kinds == ["reveal", "removed", "raid", "diplomacy", "battle", "territory-claimed"]


def test_step2_an_army_made_illegal_by_a_shadowlands_sacrifice_is_removed():
    """Rulebook: Resolution Phase 2, with Reference: Dark Favors (remove one of your control tokens).

    Crab's army attacks from crab_2; crab then sacrifices crab_2's only control token, so at
    resolution the army no longer attacks from a province crab controls."""
    s = state_of(HEAD + """
        turn: crab
        cards crab: dark-favors
        province shadowlands_north: crab
        province crab_1: crab
        province crab_2: crab
        province crab_3: phoenix
        token #1: crab a3 crab_2>crab_3
        token #2: phoenix a1 crab_3
        hand crab: a1 bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    s.apply(Action(0, "play dark-favors"))
    s.apply(Action(0, "province crab_2"))
    assert s.owner[P("crab_2")] == -1
    s.apply(Action(0, "token #2"))
    s.apply(Action(0, "done"))
    s.apply(Action(0, "token #2"))
    events = s.apply(Action(0, "place a1 crab_1"))
    removed = of_kind(events, "removed")[0]["tokens"]
    assert [t["token"] for t in removed] == [1] and "crab_2" in removed[0]["why"]
    assert of_kind(events, "battle") == []
    assert s.owner[P("crab_3")] == 1


def test_step6_a_lost_territory_card_goes_straight_to_the_new_controller():
    """Rulebook: Playing Territory Cards (returned to its space) and Resolution Phase 6 (claimed by the controller).
    Phoenix claimed the Crane territory, then lost crane_3 to Cultural Exchange this round."""
    s, events = resolve_only(HEAD + """
        played: cultural-exchange
        province crane_1: phoenix
        province crane_2: phoenix
        province crane_3: crab
        cards phoenix: code-of-honor
        token #1: crab a5 crane_3>crane_1
        token #2: crab a4 crane_3>crane_2
        hand crab: bluff
        hand phoenix: bluff
        hand scorpion: bluff
    """)
    assert [s.owner[P(x)] for x in ("crane_1", "crane_2", "crane_3")] == [0, 0, 0]
    assert s.cards[1] == [] and s.cards[0] == ["code-of-honor"] and s.space[1] is None
