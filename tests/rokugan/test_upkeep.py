"""Rule tests for the upkeep phase (steps 1-3), the Dragon draw, the two-player first player
card and ronin.

Most tests start from the end of a placement phase (every hand holds one token), run the
automatic steps (resolution, then the next round's upkeep) and check the new round.
"""


import pytest

from daimyo.core.game import Action
from daimyo.rokugan import new_game
from daimyo.rokugan.data import RULES as R
from daimyo.rokugan.position import to_position
from daimyo.rokugan.records import BoardToken
from tests.rokugan.helpers import assert_illegal, codes, legal, merged, state_of

P = R.province_index
BLUFF = R.bluff_index



def next_round(text):
    """End the placement phase of the position; resolution runs and the next round's upkeep starts."""
    s = state_of(text)
    events = s._advance()
    return s, events





# four players; nobody controls a whole territory, no tokens on the board
END4 = """
format: rokugan-position
players: crab crane lion scorpion
phase: placement
round: 1
first: lion
turn: lion
province crab_1: crab
province crane_1: crane
province lion_1: lion
province scorpion_1: scorpion
hand crab: bluff
hand crane: bluff
hand lion: bluff
hand scorpion: bluff
"""


# ------------------------------------------------------------------ round 1
def test_upkeep_round_one_skips_determine_first_player_and_territory_cards():
    """Rulebook: Upkeep Phase 1 and 3 (ignored during the first round)."""
    s = new_game(players=3, seed=6, clans=["crab", "lion", "unicorn"])
    for seat in s.to_act():
        s.apply(Action(seat, f"objective {s.offer[seat][0]}"))
    first, deck = s.first, list(s.initiative)
    events = []
    while s.phase == "setup-control":
        (seat,) = s.to_act()
        events += s.apply(s.legal_actions(seat)[0])
    assert s.round == 1
    after = [e.kind for e in events[[e.kind for e in events].index("round"):]]
    assert "first-player" not in after           # step 1 ignored
    assert s.first == first and s.initiative == deck
    assert s.phase == "placement"                # step 3 ignored
    assert s.to_act() == (first,)
    assert [len(h) for h in s.hand] == [6, 6, 6]  # step 2 ran


# ------------------------------------------------------------------- step 1
def test_upkeep_1_initiative_clan_card_names_the_first_player():
    """Rulebook: Upkeep Phase 1. Determine First Player (reveal the top initiative card)."""
    s, events = next_round(END4 + "initiative: scorpion master-of-tactics\n")
    assert s.round == 2
    assert s.first == 3
    assert s.initiative == ["master-of-tactics"]
    fp = [e for e in events if e.kind == "first-player"]
    assert fp[0].data == {"card": "scorpion", "clan": "scorpion"}
    assert s.phase == "placement" and s.to_act() == (3,)


def test_upkeep_1_initiative_card_of_each_round():
    """Rulebook: Upkeep Phase 1. Determine First Player (a new first player each round from round 2)."""
    s, _ = next_round(END4 + "initiative: crane crab\n")
    assert s.first == 1 and s.initiative == ["crab"]
    # the end of round 2: the next card names the first player of round 3
    text = to_position(s)
    for clan in s.clans:
        text = "\n".join(line for line in text.splitlines()
                         if not line.startswith((f"hand {clan}:", f"pool {clan}:"))) + "\n"
        text += f"hand {clan}: bluff\n"
    s2, _ = next_round(text)
    assert (s2.round, s2.first, s2.initiative) == (3, 0, [])


# the end of round 2: territory cards are held from the end of round 1 on
END4_R2 = END4.replace("round: 1", "round: 2")

NEUTRAL_SETUPS = {
    # card: (extra position lines giving crab and scorpion 3 of the counted thing, others fewer)
    "master-of-governance": "province crab_2: crab\nprovince crab_3: crab\n"
                            "province scorpion_2: scorpion\nprovince scorpion_3: scorpion\n"
                            "cards scorpion: foment-rebellion\n",  # its whole territory: Claim Territories gave it
    "master-of-tactics": "province crab_1: crab up=1 down=2\nprovince scorpion_1: scorpion up=2 down=1\n",
    # a territory card is kept only while its territory is controlled (Playing Territory Cards)
    "rise-of-an-empire": "province shadowlands_north: crab\nprovince islands_1: crab\nprovince islands_2: crab\n"
                         "province islands_3: crab\ncards crab: dark-favors port-of-prosperity\n"
                         "province shadowlands_south: scorpion\nprovince mainland_1: scorpion\n"
                         "province mainland_2: scorpion\nprovince mainland_3: scorpion\n"
                         "cards scorpion: animate-the-dead bountiful-harvest\n",
}


@pytest.mark.parametrize("card", sorted(NEUTRAL_SETUPS))
def test_upkeep_1_neutral_card_clear_winner(card):
    """Rulebook: Upkeep Phase 1. Determine First Player (neutral cards: the player with the most)."""
    extra = {"master-of-governance": "province crab_2: crab\n",
             "master-of-tactics": "province crab_1: crab up=1 down=1\n",
             "rise-of-an-empire": "province shadowlands_north: crab\ncards crab: dark-favors\n"}[card]
    s, events = next_round(merged(END4_R2, f"initiative: {card}\n" + extra))
    assert s.first == 0
    assert [e.data for e in events if e.kind == "first-player"] == [{"card": card, "clan": "crab"}]


@pytest.mark.parametrize("card", sorted(NEUTRAL_SETUPS))
def test_upkeep_1_neutral_tie_goes_to_the_tied_player_closest_to_the_right(card):
    """Rulebook: Upkeep Phase 1 (tie: the tied player closest to the right of the current first player);
    Reference: rulings (counter-clockwise from the first player)."""
    # lion (seat 2) is first; going right (counter-clockwise): crane 1, crab 0, scorpion 3.
    # crab and scorpion tie: crab is closer to the right of lion.
    s, _ = next_round(merged(END4_R2, f"initiative: {card}\n" + NEUTRAL_SETUPS[card]))
    assert s.first == 0


@pytest.mark.parametrize("card", sorted(NEUTRAL_SETUPS))
def test_upkeep_1_neutral_tie_with_the_current_first_player_comes_last(card):
    """Rulebook: Upkeep Phase 1 (tie); Reference: rulings (the current first player comes last)."""
    # scorpion is the current first player and ties with crab: crab, to its right, wins
    text = END4_R2.replace("first: lion", "first: scorpion").replace("turn: lion", "turn: scorpion")
    s, _ = next_round(merged(text, f"initiative: {card}\n" + NEUTRAL_SETUPS[card]))
    assert s.first == 0
    # crab is the current first player and ties with scorpion: scorpion wins, crab comes last
    text = END4_R2.replace("first: lion", "first: crab").replace("turn: lion", "turn: crab")
    s, _ = next_round(merged(text, f"initiative: {card}\n" + NEUTRAL_SETUPS[card]))
    assert s.first == 3


@pytest.mark.parametrize("card", sorted(NEUTRAL_SETUPS))
def test_upkeep_1_neutral_tie_right_not_left(card):
    """Rulebook: Upkeep Phase 1 (tie: closest to the right, i.e. counter-clockwise, not clockwise)."""
    # crane (seat 1) is first; crab (seat 0) is 1 step right, scorpion (seat 3) is 2 steps right
    # but only 2 steps left as well; crab must win. With lion (seat 2) first, crab is 2 steps right and
    # scorpion 3 steps right (1 step left): crab again, never the clockwise neighbour scorpion.
    text = END4_R2.replace("first: lion", "first: crane").replace("turn: lion", "turn: crane")
    s, _ = next_round(merged(text, f"initiative: {card}\n" + NEUTRAL_SETUPS[card]))
    assert s.first == 0


# ------------------------------------------------------------------- step 2
def test_upkeep_2_draw_up_to_six_keeping_the_saved_token():
    """Rulebook: Upkeep Phase 2. Draw Combat Tokens (draw until six tokens are behind the screen)."""
    text = END4.replace("hand crab: bluff", "hand crab: a5\ntoken #1: crab bluff crab_1")
    s, events = next_round(text)
    assert len(s.hand[0]) == 6
    hand = codes(s, 0, s.hand[0])
    assert "a5" in hand and "bluff" in hand
    assert len(s.pool[0]) == 27 - 6
    draws = {e.data["clan"]: e.data["count"] for e in events if e.kind == "draw"}
    assert draws == {"crab": 4, "crane": 5, "lion": 5, "scorpion": 5}
    # what was drawn is told only to its owner
    drew = [e for e in events if e.kind == "drew" and e.data["clan"] == "crab"]
    assert drew[0].visible_to == frozenset({0}) and len(drew[0].data["tokens"]) == 4
    assert sorted(drew[0].data["tokens"] + ["a5", "bluff"]) == hand


def test_upkeep_2_bluff_goes_back_behind_the_screen_first():
    """Rulebook: Upkeep Phase 2. Draw Combat Tokens (players place their bluff tokens behind their screens, then draw)."""
    text = END4.replace("hand crab: bluff", "hand crab: a5\nout crab: bluff")
    s, _ = next_round(text)
    assert s.out[0] == []
    assert BLUFF in s.hand[0]
    assert len(s.hand[0]) == 6
    assert len(s.pool[0]) == 21


def test_upkeep_2_bluff_returned_to_the_pool_goes_behind_the_screen():
    """Rulebook: Upkeep Phase 2. Draw Combat Tokens (the bluff goes behind the screen, it is never drawn);
    Reference: components (the bluff is never in the pool)."""
    s = state_of("""
format: rokugan-position
players: crab crane lion
phase: placement
round: 2
first: crab
turn: crab
province crab_1: crab
province crane_2: crane
province lion_1: lion
token #1: crane bluff crane_2
hand crab: a1 bluff
hand crane: a1
hand lion: bluff
""")
    s.apply(Action(0, "play first-player #1"))   # the first player card returns the bluff to crane's pool
    s.apply(Action(0, "place a1 crab_1"))
    assert s.round == 3
    assert BLUFF in s.hand[1]
    assert BLUFF not in s.pool[1]
    assert len(s.hand[1]) == 6


def test_upkeep_2_dragon_draws_seven_and_returns_one_non_bluff_token():
    """Reference: clans › Dragon (draws one extra token, then returns one token, never the bluff, to its pool)."""
    text = END4.replace("crab crane lion scorpion", "dragon crane lion scorpion") \
               .replace("crab_1: crab", "dragon_1: dragon").replace("hand crab:", "hand dragon:")
    s, events = next_round(text)
    assert s.to_act() == (0,)
    assert [d[:2] for d in s.pending] == [("dragon_return", 0)]
    assert len(s.hand[0]) == 7
    opts = legal(s, 0)
    assert opts and all(o.startswith("return ") for o in opts)
    assert "return bluff" not in opts
    assert opts == {f"return {c}" for c in codes(s, 0, s.hand[0]) if c != "bluff"}
    assert_illegal(s, 0, "return bluff", "not a choice|must choose")
    # nobody else acts before Dragon returns its token
    assert_illegal(s, 1, "pass", "not crane's turn")
    code = sorted(opts)[0].split()[1]
    pool_before = codes(s, 0, s.pool[0])
    ev = s.apply(Action(0, f"return {code}"))
    assert len(s.hand[0]) == 6
    assert codes(s, 0, s.pool[0]) == sorted(pool_before + [code])
    assert [e.data["code"] for e in ev if e.kind == "returned"] == [code]
    assert next(e for e in ev if e.kind == "returned").visible_to == frozenset({0})
    assert s.phase == "placement"


def test_clans_dragon_returns_a_drawn_token_never_one_kept_from_the_last_round():
    """Reference: clans › Dragon ("returns one drawn token (never the bluff)"): the army 5 Dragon kept behind
    its screen last round was not drawn this upkeep, so it cannot be the token returned; the decision keeps
    the codes drawn, and the position format writes them (``drawn=``)."""
    from daimyo.rokugan.position import from_position, to_position
    text = END4.replace("crab crane lion scorpion", "dragon crane lion scorpion") \
               .replace("crab_1: crab", "dragon_1: dragon").replace("hand crab: bluff", "hand dragon: a5") \
        + "token #1: dragon bluff dragon_1\n"
    s, _ = next_round(text)
    drawn = s.pending[-1].tokens
    assert len(drawn) == 5 and "a5" not in drawn and "a5" in codes(s, 0, s.hand[0])
    assert legal(s, 0) == {f"return {c}" for c in drawn}
    assert_illegal(s, 0, "return a5", "a5")
    again = from_position(to_position(s))
    assert again.pending == s.pending and legal(again, 0) == legal(s, 0)
    assert "pending: dragon-return dragon drawn=" in to_position(s)


def test_upkeep_2_other_clans_draw_exactly_six():
    """Rulebook: Upkeep Phase 2. Draw Combat Tokens (six tokens; only Dragon draws more)."""
    text = END4.replace("crab crane lion scorpion", "dragon crane lion scorpion") \
               .replace("crab_1: crab", "dragon_1: dragon").replace("hand crab:", "hand dragon:")
    s, _ = next_round(text)
    assert [len(s.hand[q]) for q in (1, 2, 3)] == [6, 6, 6]


# ------------------------------------------------------------------- step 3
CARDS3 = """
format: rokugan-position
players: crab crane lion
phase: placement
round: 2
first: crab
turn: crab
initiative: crane
province crab_1: crab
province mainland_1: crab
province mainland_2: crab
province mainland_3: crab
province crane_1: crane
province crane_2: crane
province crane_3: crane
province lion_1: lion
cards crab: bountiful-harvest
cards crane: code-of-honor
hand crab: bluff
hand crane: bluff
hand lion: bluff
"""


def test_upkeep_3_territory_cards_in_turn_from_the_first_player():
    """Rulebook: Upkeep Phase 3. Play Territory Cards (beginning with the first player, clockwise; play or pass)."""
    s, _ = next_round(CARDS3)
    assert (s.round, s.phase, s.first) == (3, "upkeep", 1)
    assert [len(h) for h in s.hand] == [6, 6, 6]           # drawn before step 3
    assert s.to_act() == (1,)
    assert legal(s, 1) == {"play code-of-honor", "pass"}
    assert_illegal(s, 0, "play bountiful-harvest", "not crab's turn")


def test_upkeep_3_a_player_who_passed_may_play_later():
    """Rulebook: Upkeep Phase 3. Play Territory Cards (a player who passes can still play later unless all pass)."""
    s, _ = next_round(CARDS3)
    s.apply(Action(1, "pass"))                        # crane passes
    assert s.to_act() == (0,)                         # lion (no card) passed automatically
    s.apply(Action(0, "play bountiful-harvest"))
    assert s.to_act() == (0,)
    s.apply(Action(0, "province mainland_2"))
    assert (s.owner[P["mainland_2"]], s.up[P["mainland_2"]], s.down[P["mainland_2"]]) == (0, 2, 1)
    assert "bountiful-harvest" in s.played and s.cards[0] == []
    # crane passed before, but not everyone passed since: it may play now
    assert s.phase == "upkeep" and s.to_act() == (1,)
    assert "play code-of-honor" in legal(s, 1)
    s.apply(Action(1, "play code-of-honor"))
    s.apply(Action(1, "province crane_1"))
    s.apply(Action(1, "province lion_1"))
    assert s.special[P["crane_1"]] == "honor_1" and s.special[P["lion_1"]] == "honor_1"
    # lion and crab have nothing left: everybody has passed and placement begins with crane
    assert s.phase == "placement" and s.to_act() == (1,)


def test_upkeep_3_ends_when_all_players_pass_consecutively():
    """Rulebook: Upkeep Phase 3. Play Territory Cards (until all players have passed consecutively)."""
    s, _ = next_round(CARDS3)
    s.apply(Action(1, "pass"))
    assert s.to_act() == (0,)
    events = s.apply(Action(0, "pass"))
    assert s.phase == "placement"
    assert "placement" in [e.kind for e in events]
    # the cards not played are kept for a later round
    assert s.cards[0] == ["bountiful-harvest"] and s.cards[1] == ["code-of-honor"]
    assert s.to_act() == (1,)


def test_upkeep_3_shadowlands_cards_cannot_be_played():
    """Rulebook: The Shadowlands (Shadowlands cards are not played during the upkeep phase)."""
    text = CARDS3.replace("cards crab: bountiful-harvest", "cards crab: bountiful-harvest dark-favors\n"
                                                          "province shadowlands_north: crab")
    s, _ = next_round(text)
    s.apply(Action(1, "pass"))
    assert s.to_act() == (0,)
    assert legal(s, 0) == {"play bountiful-harvest", "pass"}
    assert_illegal(s, 0, "play dark-favors", "Shadowlands")


def test_upkeep_3_holder_of_only_a_shadowlands_card_passes():
    """Rulebook: The Shadowlands (not played in upkeep; the holder has nothing to play there)."""
    text = CARDS3.replace("cards crab: bountiful-harvest", "cards crab: purge-the-weak\n"
                                                          "province shadowlands_north: crab")
    text = text.replace("province mainland_2: crab\n", "")   # crab claims no mainland card
    s, events = next_round(text)
    s.apply(Action(1, "pass"))
    assert s.phase == "placement"
    assert s.cards[0] == ["purge-the-weak"]


# --------------------------------------------------------- two-player game
TWO = """
format: rokugan-position
players: crab crane
phase: placement
round: 1
first: crab
turn: crab
initiative: crane
province crab_1: crab
province crane_2: crane
token #1: crane a1 crane_2
hand crab: a1 bluff
hand crane: bluff
"""


def test_two_player_game_has_no_first_player_card():
    """Rulebook: Upkeep Phase 1 (during a two-player game, the first player card is not used)."""
    s, _ = next_round(TWO.replace("token #1: crane a1 crane_2\n", "").replace("hand crab: a1 bluff", "hand crab: bluff"))
    assert s.round == 2 and s.first == 1 and s.first_player_card_used
    s.tokens.append(BoardToken(number=9, owner=0, clan_token=0, place="c", site=P["crab_1"], attacked=-1, faceup=False, known_by=1))
    assert not any(a.startswith("play first-player") for a in legal(s, 1))
    assert_illegal(s, 1, "play first-player #9", "never with two players|only the first player")


def test_two_player_game_round_one_first_player_card_not_used():
    """Rulebook: Upkeep Phase 1 (during a two-player game, the first player card is not used)."""
    s = new_game(players=2, seed=3, clans=["crab", "crane"])
    for seat in s.to_act():
        s.apply(Action(seat, f"objective {s.offer[seat][0]}"))
    while s.phase == "setup-control":
        (seat,) = s.to_act()
        s.apply(s.legal_actions(seat)[0])
    assert s.first_player_card_used
    assert not any(a.text.startswith("play first-player") for a in s.legal_actions())


def test_three_player_game_first_player_card_is_ready_each_round():
    """Rulebook: Upkeep Phase 1 (the first player takes the first player card)."""
    s, _ = next_round(END4.replace("round: 1", "round: 2") + "first-player-card: used\ninitiative: crab\n")
    assert s.first == 0 and not s.first_player_card_used


# ---------------------------------------------------------------------- ronin
def test_ronin_at_the_start_of_upkeep_without_control_tokens():
    """Rulebook: Ronin (a player with no control tokens on the board at the start of upkeep becomes ronin)."""
    # lion takes crane's only province in resolution
    text = END4.replace("hand lion: bluff", "hand lion: bluff\ntoken #1: lion a5 lion_1>crane_1")
    s, events = next_round(text)
    assert s.owner[P["crane_1"]] == 2
    assert s.ronin == [False, True, False, False]
    assert [e.data for e in events if e.kind == "ronin"] == [{"clan": "crane"}]
    assert s.view(None)["players"][1]["ronin"] is True


def test_ronin_ends_at_the_next_upkeep_once_they_control_a_province():
    """Rulebook: Ronin (at the start of the next upkeep, with a control token on the board, no longer ronin)."""
    text = END4.replace("round: 1", "round: 2") + "ronin crane: yes\n"
    s, events = next_round(text)
    assert s.ronin[1] is False
    assert [e.data for e in events if e.kind == "ronin-ends"] == [{"clan": "crane"}]


def test_ronin_stays_ronin_while_without_control_tokens():
    """Rulebook: Ronin (ronin while the player has no control token on the board at the start of upkeep)."""
    text = END4.replace("round: 1", "round: 2").replace("province crane_1: crane\n", "") + "ronin crane: yes\n"
    s, events = next_round(text)
    assert s.ronin[1] is True
    assert not [e for e in events if e.kind in ("ronin", "ronin-ends")]


def test_ronin_won_a_province_in_resolution_is_no_longer_ronin():
    """Rulebook: Ronin (an army of the ronin takes a province; the next upkeep it is no longer ronin)."""
    text = END4.replace("round: 1", "round: 2").replace("province crane_1: crane\n", "") \
        .replace("hand crane: bluff", "hand crane: bluff\ntoken #1: crane a3 phoenix_1>phoenix_3") + "ronin crane: yes\n"
    s, events = next_round(text)
    assert s.owner[P["phoenix_3"]] == 1
    assert s.ronin[1] is False


# ------------------------------------------------------ once-a-round things
def test_upkeep_resets_the_once_a_round_abilities_and_spy_network():
    """Reference: clans › Scorpion, Unicorn (once per round); territory cards › Spy Network (this round)."""
    text = END4.replace("round: 1", "round: 2") + "scorpion-look: used\nunicorn-swap: used\nspied crab: yes\n" \
        "initiative: crane\n"
    s, _ = next_round(text)
    assert s.round == 3
    assert not s.scorpion_used and not s.unicorn_used
    assert s.spied == [False] * 4
