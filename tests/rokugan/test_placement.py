"""Rule tests for the placement phase: turn order, and every combat token's placement rule.

Rulebook sections: Placement Phase, Placing Combat Tokens, The Combat Tokens (Army, Navy,
Shinobi, Blessing, Diplomacy, Raid, Bluff), Special Tokens (Scorched Earth, Peace, Shrine,
Battlefield, Harbor), Ronin; Reference rows for the Scorpion and Unicorn abilities and
Spy Network.
"""



from daimyo.core.game import Action
from daimyo.rokugan.data import RULES as R
from tests.rokugan.helpers import assert_illegal, assert_legal, legal, state_of

P = R.province_index






# Four players; crab controls crab_1 (coastal capital) and crab_2 (landlocked); crane controls
# crane_1 and crane_2 (coastal); lion lion_1; scorpion scorpion_1. crab_3 and the islands are empty.
BOARD = """
format: rokugan-position
players: crab crane lion scorpion
phase: placement
round: 2
first: crab
turn: crab
province crab_1: crab
province crab_2: crab
province crane_1: crane
province crane_2: crane
province lion_1: lion
province scorpion_1: scorpion
"""

# six tokens behind each screen (Upkeep Phase 2), chosen for the tests; DIP_RAID and NAVY swap some of crab's
HANDS = """
hand crab: a1 a2 n1 s1 b2 bluff
hand crane: a1 a2 n1 s1 raid bluff
hand lion: a1 a2 n1 s1 raid bluff
hand scorpion: a1 a2 s1 s3 b2 bluff
"""
DIP_RAID = HANDS.replace("hand crab: a1 a2 n1 s1 b2 bluff", "hand crab: a1 n1 s1 dip raid bluff")
NAVY = HANDS.replace("hand crab: a1 a2 n1 s1 b2 bluff", "hand crab: a1 n1 n3 s1 b2 bluff")


def _key(line):
    return line.split(":")[0].strip()


def board(extra="", hands=HANDS):
    """BOARD with ``extra`` (whose facts replace BOARD's of the same key: one fact is given once) and ``hands``."""
    given = {_key(x) for x in (extra + hands).splitlines() if x.strip()}
    base = "\n".join(x for x in BOARD.splitlines() if _key(x) not in given) + "\n"
    hands = "\n".join(x for x in hands.splitlines() if _key(x) not in {_key(y) for y in extra.splitlines() if y.strip()})
    return state_of(base + extra + hands + "\n")


# ------------------------------------------------------------------ turn order
def test_placement_turns_go_clockwise_from_the_first_player():
    """Rulebook: Placement Phase (beginning with the first player and proceeding clockwise)."""
    s = board("first: lion\nturn: lion\n")
    order = []
    home = {0: "crab_1", 1: "crane_1", 2: "lion_1", 3: "scorpion_1"}
    codes = {seat: ["a1", "a2"] for seat in home}
    for _ in range(6):
        (seat,) = s.to_act()
        order.append(s.clans[seat])
        s.apply(Action(seat, f"place {codes[seat].pop(0)} {home[seat]}"))
        if s.pending:  # Scorpion may look after placing
            s.apply(Action(s.to_act()[0], "pass"))
    assert order == ["lion", "scorpion", "crab", "crane", "lion", "scorpion"]


def test_placement_one_token_a_turn():
    """Rulebook: Placement Phase (each player places one of their combat tokens, then the next player)."""
    s = board()
    s.apply(Action(0, "place a1 crab_1"))
    assert s.to_act() == (1,)
    assert_illegal(s, 0, "place a2 crab_1", "not crab's turn")


def test_placement_token_must_be_behind_the_screen():
    """Rulebook: Placement Phase (a player places one of the combat tokens from their hand)."""
    s = board()
    assert_illegal(s, 0, "place a5 crab_1", "no a5 token behind the screen")


def test_placement_player_with_one_token_left_takes_no_turn():
    """Rulebook: Placement Phase (players place until each has one combat token behind the screen)."""
    s = board(hands="""
hand crab: a1 a2 bluff
hand crane: bluff
hand lion: a1 a2 bluff
hand scorpion: a1 bluff
""")
    s.apply(Action(0, "place a1 crab_1"))
    assert s.to_act() == (2,)  # crane, with one token left, is passed over
    assert s.view(0)["players"][1]["done_placing"]


def test_placement_a_player_whose_bluff_comes_back_places_again():
    """Rulebook: Placement Phase (players continue taking turns until each player has one combat token remaining)
    with The Combat Tokens › Bluff (discarded bluff tokens are always returned to their owners' hands): crane was
    passed over with one token left; lion's shugenja discards crane's bluff from the board, so crane holds two
    tokens again and takes its next turn (it is not skipped for the rest of the phase)."""
    s = board("""
token #1: crab bluff crab_2>crab_3
token #2: crane bluff crane_1
""", hands="""
hand crab: a1 a2 a3
hand crane: a1
hand lion: a1 a2 a3 bluff
hand scorpion: a1 a2 bluff
""")
    s.apply(Action(0, "place a1 crab_1"))
    assert s.to_act() == (2,)                 # crane, with one token left, is passed over
    s.apply(Action(2, "play shugenja #2"))    # crane's bluff goes back behind its screen
    s.apply(Action(2, "place a1 lion_1"))
    s.apply(Action(3, "place a1 scorpion_1"))
    s.apply(Action(3, "pass"))                # scorpion keeps its look
    s.apply(Action(0, "place a2 crab_1"))
    assert s.to_act() == (1,)                 # crane places again
    assert not s.view(0)["players"][1]["done_placing"]
    s.apply(Action(1, "place bluff crane_1"))
    assert s.to_act() == (2,) and len(s.hand[1]) == 1


def test_placement_ends_when_everyone_has_one_token_left():
    """Rulebook: Placement Phase (then players proceed to the resolution phase)."""
    s = board(hands="""
hand crab: a1 bluff
hand crane: bluff
hand lion: bluff
hand scorpion: bluff
""")
    events = s.apply(Action(0, "place a1 crab_1"))
    kinds = [e.kind for e in events]
    assert "resolution" in kinds
    assert s.round == 3  # the next round started
    # crab kept its last token behind the screen into the next round
    assert "bluff" in [s.code_of(0, t) for t in s.hand[0]]


def test_combat_tokens_are_placed_facedown_blessings_faceup():
    """Rulebook: Placing Combat Tokens (tokens are always placed facedown; the blessing is the exception)."""
    s = board()
    events = s.apply(Action(0, "place a2 crab_2>crab_3"))
    assert [e.data.get("code") for e in events if e.kind == "place"] == [None]
    own = [e for e in events if e.kind == "place-own"]
    assert own[0].visible_to == frozenset({0}) and own[0].data["code"] == "a2"
    tid = s.tokens[-1].number
    assert {q: next(t["code"] for t in s.view(q)["tokens"] if t["token"] == tid) for q in (None, 0, 1, 2, 3)} == \
        {None: None, 0: "a2", 1: None, 2: None, 3: None}
    # crab's next turn: the blessing goes on faceup, seen by everyone
    for seat, where in ((1, "crane_1"), (2, "lion_1"), (3, "scorpion_1")):
        s.apply(Action(seat, f"place a1 {where}"))
        if s.pending:
            s.apply(Action(s.to_act()[0], "pass"))
    s.apply(Action(0, f"place b2 #{tid}"))
    bid = s.tokens[-1].number
    assert all(next(t["code"] for t in s.view(q)["tokens"] if t["token"] == bid) == "b2" for q in (None, 1, 2))


# ----------------------------------------------------------------------- army
def test_army_attacks_across_a_land_border_from_a_controlled_province():
    """Rulebook: The Combat Tokens › Army (attack from a province they control)."""
    s = board()
    assert_legal(s, 0, "place a1 crab_2>crab_3")
    events = s.apply(Action(0, "place a1 crab_2>crab_3"))
    t = s.tokens[-1]
    assert (t.place, t.site, t.attacked) == ("l", R.border_index[(P["crab_2"], P["crab_3"])], P["crab_3"])
    assert not t.faceup  # facedown
    assert any(e.kind == "place" and e.data["at"] == "crab_2>crab_3" for e in events)


def test_army_cannot_attack_from_a_province_not_controlled():
    """Rulebook: The Combat Tokens › Army (the border must be between a province they control and the target)."""
    s = board()
    assert_illegal(s, 0, "place a1 crab_3>scorpion_1", "from a province you control")


def test_army_cannot_attack_its_own_province():
    """Rulebook: The Combat Tokens › Army; Reference: rulings (you cannot attack your own province)."""
    s = board()
    assert_illegal(s, 0, "place a1 crab_1>crab_2", "you control it")


def test_army_defends_only_a_controlled_province_landlocked_or_coastal():
    """Rulebook: The Combat Tokens › Army (defend in any province, landlocked or coastal, they control)."""
    s = board()
    assert_legal(s, 0, "place a1 crab_2")   # landlocked
    assert_legal(s, 0, "place a1 crab_1")   # coastal
    assert_illegal(s, 0, "place a1 crab_3", "defends only a province you control")
    assert_illegal(s, 0, "place a1 crane_1", "defends only a province you control")


def test_army_cannot_go_on_a_coastal_border():
    """Rulebook: The Combat Tokens › Army (armies use land borders; navies the coast)."""
    s = board()
    assert_illegal(s, 0, "place a1 ~crane_2", "cannot be placed on a coastal border")


# ----------------------------------------------------------------------- navy
def test_navy_attacks_any_coastal_border_even_far_away():
    """Rulebook: The Combat Tokens › Navy (attack on any coastal border)."""
    s = board(hands=NAVY)
    assert_legal(s, 0, "place n1 ~crane_2")     # an opponent's coastal province
    assert_legal(s, 0, "place n1 ~islands_1")   # an empty one across the sea
    assert_legal(s, 0, "place n3 ~phoenix_2")   # far from anything crab controls


def test_navy_cannot_attack_its_own_coastal_province():
    """Rulebook: The Combat Tokens › Navy; Reference: rulings (you cannot attack your own province)."""
    s = board()
    assert_illegal(s, 0, "place n1 ~crab_1", "you control it")


def test_navy_defends_only_a_coastal_province_it_controls():
    """Rulebook: The Combat Tokens › Navy (defend in a coastal province they control)."""
    s = board()
    assert_legal(s, 0, "place n1 crab_1")
    assert_illegal(s, 0, "place n1 crab_2", "landlocked")
    assert_illegal(s, 0, "place n1 crane_2", "not yours")


def test_navy_cannot_go_on_a_land_border_or_on_a_landlocked_coast():
    """Rulebook: The Combat Tokens › Navy (navies attack across coastal borders only)."""
    s = board()
    assert_illegal(s, 0, "place n1 crab_2>crab_3", "cannot be placed on a land border")
    assert_illegal(s, 0, "place n1 ~crab_3", "landlocked")


def test_harbor_province_counts_as_coastal_for_navies():
    """Rulebook: Special Tokens › Harbor (a harbor province is coastal: defend with navies, attack from the sea)."""
    s = board("played: feats-of-engineering\nprovince crab_2: crab special=harbor\n")
    assert_legal(s, 0, "place n1 crab_2")
    s.turn = 1
    assert_legal(s, 1, "place n1 ~crab_2")
    # without the harbor the same province is landlocked
    plain = board()
    plain.turn = 1
    assert_illegal(plain, 1, "place n1 ~crab_2", "landlocked")


# -------------------------------------------------------------------- shinobi
def test_shinobi_goes_in_the_centre_of_any_province():
    """Rulebook: The Combat Tokens › Shinobi (in the centre of any province, to attack or defend)."""
    s = board()
    assert_legal(s, 0, "place s1 crab_2")       # defend its own
    assert_legal(s, 0, "place s1 lion_1")       # attack an opponent far away
    assert_legal(s, 0, "place s1 phoenix_3")    # attack an empty province
    assert_illegal(s, 0, "place s1 crab_2>crab_3", "cannot be placed on a land border")
    assert_illegal(s, 0, "place s1 ~crane_2", "cannot be placed on a coastal border")


def test_several_shinobi_may_attack_the_same_province():
    """Reference: rulings (several shinobi may attack the same province); Rulebook: Placing Combat Tokens."""
    s = board("""
token #1: crane s2 lion_1
token #2: scorpion s3 lion_1
""", hands=HANDS.replace("s1 s3 b2", "s1 b2"))
    assert_legal(s, 0, "place s1 lion_1")


# ------------------------------------------------------------------- blessing
def test_blessing_is_placed_faceup_on_own_facedown_army():
    """Rulebook: The Combat Tokens › Blessing (faceup, on top of one's own facedown army, navy or shinobi)."""
    s = board("token #1: crab a2 crab_2>crab_3\n")
    events = s.apply(Action(0, "place b2 #1"))
    t = s.tokens[-1]
    assert t.place == "o" and t.site == 1 and t.faceup is True
    assert any(e.kind == "place" and e.data.get("faceup") and e.data.get("code") == "b2" and e.visible_to is None
               for e in events)


def test_blessing_goes_on_own_navy_shinobi_and_bluff():
    """Rulebook: The Combat Tokens › Blessing; Reference: rulings (a blessing may go on one's own facedown bluff)."""
    s = board("""
token #1: crab n1 ~crane_2
token #2: crab s2 lion_1
token #3: crab bluff crab_2>crab_3
""", hands=HANDS.replace("hand crab: a1 a2 n1 s1 b2 bluff", "hand crab: a1 a2 n1 s1 b2"))
    for tid in (1, 2, 3):
        assert_legal(s, 0, f"place b2 #{tid}")


def test_blessing_cannot_go_elsewhere():
    """Rulebook: The Combat Tokens › Blessing (only on top of one's own facedown army, navy or shinobi)."""
    s = board("""
token #1: crane a3 crane_2>crab_3
token #2: crab raid crab_3
token #3: crab a3 crab_2 faceup
token #4: crab a4 crab_2
token #5: crab b2 #4
played: animate-the-dead
""")
    assert_illegal(s, 0, "place b2 #1", "not yours")
    assert_illegal(s, 0, "place b2 #2", "not an army, navy or shinobi")
    assert_illegal(s, 0, "place b2 #3", "faceup")
    assert_illegal(s, 0, "place b2 #5", "not on another blessing")
    assert_illegal(s, 0, "place b2 crab_2", "on top of one of your own facedown")
    assert_illegal(s, 0, "place b2 #99", "no combat token #99")


def test_several_blessings_may_sit_on_one_token():
    """Reference: rulings (several blessings may sit on one facedown token); Rulebook: Placing Combat Tokens."""
    s = board("""
token #1: crab a2 crab_2>crab_3
token #2: crab b2 #1
""")
    assert_legal(s, 0, "place b2 #1")


# ------------------------------------------------------------------ diplomacy
def test_diplomacy_goes_in_a_province_the_player_controls():
    """Rulebook: The Combat Tokens › Diplomacy (in any province they control)."""
    s = board(hands=DIP_RAID)
    assert_legal(s, 0, "place dip crab_2")
    assert_illegal(s, 0, "place dip crab_3", "province you control")
    assert_illegal(s, 0, "place dip crane_1", "province you control")
    assert_illegal(s, 0, "place dip crab_2>crab_3", "cannot be placed on a land border")


def test_diplomacy_not_in_a_battlefield_province():
    """Rulebook: Special Tokens › Battlefield (no diplomacy tokens in its province)."""
    s = board("played: honorable-fight\nprovince crab_2: crab special=battlefield\n", hands=DIP_RAID)
    assert_illegal(s, 0, "place dip crab_2", "battlefield")
    assert_legal(s, 0, "place a1 crab_2")  # armies still defend there


# ----------------------------------------------------------------------- raid
def test_raid_goes_in_a_province_the_player_does_not_control():
    """Rulebook: The Combat Tokens › Raid (in a province they do not control)."""
    s = board(hands=DIP_RAID)
    assert_legal(s, 0, "place raid crane_2")   # an opponent's
    assert_legal(s, 0, "place raid crab_3")    # an empty one
    assert_illegal(s, 0, "place raid crab_1", "do not control")


def test_raid_not_in_a_battlefield_province():
    """Rulebook: Special Tokens › Battlefield (no raid tokens in its province)."""
    s = board("played: honorable-fight\nprovince crane_2: crane special=battlefield\n", hands=DIP_RAID)
    assert_illegal(s, 0, "place raid crane_2", "battlefield")
    assert_legal(s, 0, "place s1 crane_2")


# ---------------------------------------------------------------------- bluff
def test_bluff_is_placed_as_any_non_blessing_token():
    """Rulebook: The Combat Tokens › Bluff (placed as if it were any non-blessing combat token)."""
    s = board()
    for where in ("crab_2>crab_3", "~crane_2", "crab_1", "lion_1", "crab_3"):
        assert_legal(s, 0, f"place bluff {where}")


def test_bluff_follows_the_placement_rules_of_what_it_pretends_to_be():
    """Rulebook: The Combat Tokens › Bluff (no border attack from a province not controlled, not onto a token)."""
    s = board("token #1: crab a1 crab_2>crab_3\n")
    assert_illegal(s, 0, "place bluff crab_3>scorpion_1", "from a province you control")
    assert_illegal(s, 0, "place bluff ~crab_1", "you control it")
    assert_illegal(s, 0, "place bluff #1", "only a blessing")


def test_spy_network_forbids_placing_the_bluff():
    """Reference: territory cards › Spy Network (that player cannot place its bluff this round)."""
    s = board("spied crab: yes\n")
    assert not any(t.startswith("place bluff") for t in legal(s, 0))
    assert_illegal(s, 0, "place bluff crab_1", "Spy Network")
    assert_legal(s, 0, "place a1 crab_1")


# ------------------------------------------------------------ one per border
def test_only_one_token_per_land_border_in_either_direction():
    """Rulebook: Placing Combat Tokens (only one combat token can be placed on each border)."""
    s = board("""
province crab_3: crab
token #1: crane a1 crane_2>crab_3
""")
    assert_illegal(s, 0, "place a1 crab_3>crane_2", "only one combat token")
    assert_illegal(s, 0, "place bluff crab_3>crane_2", "only one combat token")
    s.turn = 2
    assert_illegal(s, 2, "place a1 crane_2>crab_3", "only one combat token|from a province you control")
    # another border of the same province is free
    s.turn = 0
    assert_legal(s, 0, "place a1 crab_3>scorpion_1")


def test_only_one_token_per_coastal_border():
    """Rulebook: Placing Combat Tokens (only one combat token on each border; the coast is a border)."""
    s = board("token #1: lion n1 ~crane_2\n")
    assert_illegal(s, 0, "place n1 ~crane_2", "only one combat token")
    assert_illegal(s, 0, "place bluff ~crane_2", "only one combat token")


def test_no_limit_to_defenders_in_a_province_centre():
    """Rulebook: Placing Combat Tokens (no limit to the number of combat tokens placed in the middle of a province)."""
    s = board("""
token #1: crab a3 crab_1
token #2: crab a4 crab_1
token #3: crab n1 crab_1
token #4: crane s2 crab_1
""", hands=NAVY)
    assert_legal(s, 0, "place n3 crab_1")
    assert_legal(s, 0, "place s1 crab_1")
    assert_legal(s, 0, "place bluff crab_1")


# ---------------------------------------------------------- special tokens
def test_nothing_in_or_on_the_borders_of_scorched_earth():
    """Rulebook: Special Tokens › Scorched Earth (no combat tokens in the province or on its borders)."""
    s = board("""
province crab_3: - special=scorched_earth
province crane_3: - special=scorched_earth
cards crane: code-of-honor
""", hands=DIP_RAID)
    assert_illegal(s, 0, "place a1 crab_2>crab_3", "scorched earth")
    assert_illegal(s, 0, "place s1 crab_3", "scorched earth")
    assert_illegal(s, 0, "place raid crab_3", "scorched earth")
    assert_illegal(s, 0, "place bluff crab_3", "scorched earth")
    assert_illegal(s, 0, "place n1 ~crane_3", "scorched earth")
    # the border from the scorched province is blocked too
    s.turn = 1
    assert_illegal(s, 1, "place a1 crane_2>crane_3", "scorched earth")


def test_nothing_in_or_on_the_borders_of_a_peace_province():
    """Rulebook: Special Tokens › Peace (no tokens in it or on its borders; its owner cannot attack from it)."""
    s = board("province crab_2: crab special=peace\n", hands=DIP_RAID)
    assert_illegal(s, 0, "place a1 crab_2", "peace")
    assert_illegal(s, 0, "place a1 crab_2>crab_3", "peace")
    assert_illegal(s, 0, "place dip crab_2", "peace")
    assert_illegal(s, 0, "place a1 crab_1>crab_2", "peace|you control it")
    s.turn = 2
    assert_illegal(s, 2, "place s1 crab_2", "peace")
    assert_illegal(s, 2, "place raid crab_2", "peace")
    # crab_1 is untouched
    s.turn = 0
    assert_legal(s, 0, "place a1 crab_1>mainland_1")


def test_shrine_province_only_for_its_controller():
    """Rulebook: Special Tokens › Shrine (only its controller may place in it or on its borders; it may attack from it)."""
    s = board("played: sacred-ground\nprovince crab_3: crab special=shrine\n")
    assert_legal(s, 0, "place a1 crab_3")                 # defend
    assert_legal(s, 0, "place a1 crab_3>scorpion_1")      # attack from the shrine
    s.turn = 1
    assert_illegal(s, 1, "place a1 crane_2>crab_3", "shrine")
    assert_illegal(s, 1, "place s1 crab_3", "shrine")
    assert_illegal(s, 1, "place raid crab_3", "shrine")
    s.turn = 3
    # the border between the shrine and scorpion_1 is a border of the shrine province
    assert_illegal(s, 3, "place a1 scorpion_1>crab_3", "shrine")


# ---------------------------------------------------------------------- ronin
RONIN = """
format: rokugan-position
players: crab crane lion
phase: placement
round: 2
first: crane
turn: crane
province crab_1: crab
province crab_2: crab
province lion_1: lion
ronin crane: yes
hand crab: a1 a2 bluff
hand crane: a1 n1 s1 dip raid bluff
hand lion: a1 a2 bluff
"""


def test_ronin_places_armies_on_any_land_border():
    """Rulebook: Ronin (the ronin player can place army tokens on any land border)."""
    s = state_of(RONIN)
    assert s.ronin[1]
    assert_legal(s, 1, "place a1 phoenix_3>phoenix_2")
    assert_legal(s, 1, "place a1 crab_3>crab_2")
    assert_legal(s, 1, "place bluff mainland_1>crab_1")
    assert_legal(s, 1, "place s1 crab_1")
    assert_legal(s, 1, "place n1 ~crab_1")


def test_ronin_cannot_place_raid_or_diplomacy():
    """Rulebook: Ronin (they cannot place raid or diplomacy tokens)."""
    s = state_of(RONIN)
    assert_illegal(s, 1, "place raid crab_1", "ronin")
    assert_illegal(s, 1, "place dip crab_1", "ronin")
    assert not any(t.startswith(("place raid", "place dip")) for t in legal(s, 1))


def test_ronin_who_cannot_place_is_skipped_for_the_rest_of_the_phase():
    """Rulebook: Ronin (a ronin who cannot place during their turn is skipped and takes no more turns)."""
    s = state_of(RONIN.replace("hand crane: a1 n1 s1 dip raid bluff", "hand crane: dip raid b2 bluff")
                 + "spied crane: yes\n")
    s.turn = 0
    s.apply(Action(0, "place a1 crab_1"))
    assert s.to_act() == (2,)       # crane's turn was skipped
    assert s.done[1]
    s.apply(Action(2, "place a1 lion_1"))
    assert s.to_act() == (0,)       # and crane takes no more turns
    assert len(s.hand[1]) == 4


def test_non_ronin_army_still_needs_a_controlled_province():
    """Rulebook: Ronin (only the ronin player ignores adjacency; the others do not)."""
    s = state_of(RONIN)
    s.turn = 0
    assert_illegal(s, 0, "place a1 phoenix_3>phoenix_2", "from a province you control")


# ------------------------------------------------------------------- scorpion
SCORPION = """
format: rokugan-position
players: scorpion crab
phase: placement
round: 2
first: scorpion
turn: scorpion
province scorpion_1: scorpion
province crab_1: crab
token #1: crab a3 crab_1
token #2: crab a2 crab_1>mainland_1
token #3: crab b2 #2
hand scorpion: a1 a2 s3 bluff
hand crab: a1 a2 a3 bluff
"""


def test_scorpion_looks_after_placing():
    """Reference: clans › Scorpion (once per round, right after placing, may secretly look at a token)."""
    s = state_of(SCORPION)
    s.apply(Action(0, "place a1 scorpion_1"))
    assert s.to_act() == (0,)
    opts = legal(s, 0)
    # the blessed token #2, the blessing #3 and Scorpion's own token are not targets
    assert opts == {"look #1", "pass"}
    events = s.apply(Action(0, "look #1"))
    assert s.scorpion_used
    assert [e.data["code"] for e in events if e.kind == "saw"] == ["a3"]
    assert s.view(0)["tokens"][0]["code"] == "a3"
    assert s.view(1)["tokens"][0]["code"] == "a3"  # its owner knows it
    assert s.to_act() == (1,)
    s.apply(Action(1, "place a1 crab_1"))
    s.apply(Action(0, "place a2 scorpion_1"))
    assert not s.pending and s.to_act() == (1,)   # once per round


def test_scorpion_pass_keeps_the_look_for_later():
    """Reference: clans › Scorpion (passing keeps the once-per-round look available)."""
    s = state_of(SCORPION)
    s.apply(Action(0, "place a1 scorpion_1"))
    s.apply(Action(0, "pass"))
    assert not s.scorpion_used
    s.apply(Action(1, "place a1 crab_1"))
    s.apply(Action(0, "place a2 scorpion_1"))
    assert s.to_act() == (0,) and legal(s, 0) == {"look #1", "look #5", "pass"}


def test_scorpion_look_other_actions_are_not_choices():
    """Reference: clans › Scorpion (the pending decision is a look or a pass)."""
    s = state_of(SCORPION)
    s.apply(Action(0, "place a1 scorpion_1"))
    assert_illegal(s, 0, "look #2", "not a choice")
    assert_illegal(s, 0, "place a2 scorpion_1", "not a choice")


# -------------------------------------------------------------------- unicorn
UNICORN = """
format: rokugan-position
players: unicorn crab
phase: placement
round: 2
first: unicorn
turn: unicorn
province unicorn_1: unicorn
province unicorn_2: unicorn
province crab_4: crab up=1 down=1
token #1: unicorn a5 unicorn_2>crab_4
token #2: unicorn a1 unicorn_1
hand unicorn: a2 bluff
hand crab: bluff
"""


def test_unicorn_swaps_after_the_last_placement():
    """Reference: clans › Unicorn (after the last placement, before reveal, swap two of its tokens)."""
    s = state_of(UNICORN)
    s.apply(Action(0, "place a2 unicorn_1"))
    assert s.pending and s.to_act() == (0,) and s.round == 2
    opts = legal(s, 0)
    assert {"swap #1 #2", "swap #1 #3", "swap #2 #3", "pass"} == opts
    events = s.apply(Action(0, "swap #1 #2"))
    kinds = [e.kind for e in events]
    assert kinds.index("swap") < kinds.index("reveal")
    battle = next(e for e in events if e.kind == "battle" and e.data.get("province") == "crab_4")
    # the army 1 now attacks crab_4 (the army 5 went home to defend unicorn_1)
    assert [a["total"] for a in battle.data["attackers"]] == [1]
    assert s.owner[P["crab_4"]] == 1


def test_unicorn_swap_excludes_blessed_tokens():
    """Reference: clans › Unicorn (not tokens under a blessing)."""
    s = state_of(UNICORN.replace("hand unicorn: a2 bluff", "hand unicorn: b2 a2 bluff"))
    s.apply(Action(0, "place b2 #1"))       # crab has one token: unicorn goes on
    s.apply(Action(0, "place a2 unicorn_1"))
    assert all("#1" not in a and "#3" not in a for a in legal(s, 0))
    assert "swap #2 #4" in legal(s, 0)


def test_unicorn_pass_leaves_tokens_in_place():
    """Reference: clans › Unicorn (the swap is optional)."""
    s = state_of(UNICORN)
    s.apply(Action(0, "place a2 unicorn_1"))
    events = s.apply(Action(0, "pass"))
    battle = next(e for e in events if e.kind == "battle" and e.data.get("province") == "crab_4")
    assert [a["total"] for a in battle.data["attackers"]] == [5]
    assert s.owner[P["crab_4"]] == 0


def test_unicorn_with_one_token_on_the_board_is_not_asked_to_swap():
    """Reference: clans › Unicorn (a swap needs two of its tokens; with one there is nothing to decide)."""
    s = state_of(UNICORN.replace("token #1: unicorn a5 unicorn_2>crab_4\n", "")
                 .replace("token #2: unicorn a1 unicorn_1\n", ""))
    events = s.apply(Action(0, "place a2 unicorn_1"))
    assert not s.pending
    assert "resolution" in [e.kind for e in events] and s.round == 3


# ------------------------------------------------------------- consistency
def test_every_listed_placement_applies():
    """Rulebook: Placing Combat Tokens (every listed legal placement is accepted)."""
    s = board("""
token #1: crab a2 crab_2>crab_3
played: sacred-ground
province crab_4: - special=shrine
province mainland_1: - special=peace
""")
    acts = s.legal_actions(0)
    assert len(acts) > 50
    for a in acts:
        s.clone().apply(a)


# ---------------------------------------------------------- the end of placement in a position read from a file
def test_a_position_at_the_end_of_placement_lets_nobody_place_the_last_token():
    """Placement Phase ("until each player has one combat token remaining behind their screen"): the example
    position of docs/rokugan-positions.md (every hand is the bluff, Dragon named to act) has nobody to act,
    Dragon's bluff is refused naming the rule, and the automatic steps resolve the round."""
    from pathlib import Path

    import pytest

    from daimyo.core.errors import RuleViolation
    from daimyo.rokugan.position import from_position, to_position
    text = (Path(__file__).resolve().parents[2] / "docs" / "rokugan-positions.md").read_text().split("```")[1]
    s = from_position(text)
    dragon = s.clans.index("dragon")
    assert s.to_act() == () and s.legal_actions() == [] and s.legal_moves(dragon) == []
    before = to_position(s)
    with pytest.raises(RuleViolation, match=r"places no more tokens.*\[Placement Phase\]"):
        s.apply(Action(dragon, "place bluff dragon_2"))
    assert to_position(s) == before
    assert any(e.kind == "battle" for e in s._advance()) and s.round == 3


def test_a_position_naming_a_player_with_one_token_gives_the_turn_to_the_next_player_still_placing():
    """Placement Phase (players take turns until each has one combat token remaining): ``turn: crab`` with
    Crab holding only its bluff passes the turn clockwise to the next player who still has tokens to place."""
    s = state_of(BOARD + """
        hand crab: bluff
        hand crane: bluff
        hand lion: a1 bluff
        hand scorpion: a2 bluff
    """)
    assert s.to_act() == (2,)
    assert "place a1 lion_1" in legal(s, 2) and legal(s, 0) == set()
    s.apply(Action(2, "place a1 lion_1"))
    assert s.to_act() == (3,)
