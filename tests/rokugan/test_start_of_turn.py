"""Rule tests for the cards played at the start of a placement turn: scout, shugenja and
the first player card.

Rulebook sections: Scout and Shugenja Cards, Upkeep Phase 1. Determine First Player (the
first player card), The Combat Tokens › Blessing (blessed tokens cannot be targeted);
Reference: initiative (first player card) and rulings.
"""


import pytest

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from daimyo.rokugan.data import RULES as R
from daimyo.rokugan.position import to_position
from tests.rokugan.helpers import assert_illegal, codes, legal, merged, state_of

BLUFF = R.bluff_index






def view_code(s, viewer, tid):
    return next(t["code"] for t in s.view(viewer)["tokens"] if t["token"] == tid)


# crab is first and to act; crane, lion and crab have tokens on the board.
BASE = """
format: rokugan-position
players: crab crane lion
phase: placement
round: 2
first: crab
turn: crab
province crab_1: crab
province crab_2: crab
province crane_2: crane
province lion_1: lion
token #1: crane a3 crane_2>crab_3
token #2: lion a4 lion_1
token #3: crane a2 crane_2
token #4: crane b2 #3
token #5: crab a5 crab_2
token #6: lion bluff lion_1>crane_1
hand crab: a1 a2 bluff
hand crane: a1 a2 bluff
hand lion: a1 a2
"""


def base(extra=""):
    return state_of(merged(BASE, extra))


# ---------------------------------------------------------------------- scout
def test_scout_looks_at_a_facedown_opponent_token():
    """Rulebook: Scout and Shugenja Cards (scout: look at an opponent's token without revealing it)."""
    s = base()
    assert view_code(s, 0, 1) is None
    events = s.apply(Action(0, "play scout #1"))
    assert s.scouts[0] == 1
    saw = [e for e in events if e.kind == "saw"]
    assert len(saw) == 1 and saw[0].data["code"] == "a3" and saw[0].visible_to == frozenset({0})
    public = [e for e in events if e.kind == "look"]
    assert public and "code" not in public[0].data
    # crab's view now shows the token; lion's and the spectators' do not
    assert view_code(s, 0, 1) == "a3"
    assert view_code(s, 2, 1) is None
    assert view_code(s, None, 1) is None
    assert view_code(s, 1, 1) == "a3"  # its owner always knows it
    assert ["scout", 1, "crane", "a3"] in s.view(0)["you"]["seen"]
    # the token stays facedown on the board and crab still has to place
    assert s.token(1).faceup is False
    assert s.to_act() == (0,)


def test_scout_targets_only_facedown_opponent_tokens():
    """Rulebook: Scout and Shugenja Cards (scout: one combat token on the board belonging to an opponent)."""
    s = base("token #7: lion s2 crab_1 faceup\nplayed: animate-the-dead\n")   # a faceup token: Animate the Dead
    scouts = {t for t in legal(s, 0) if t.startswith("play scout")}
    assert scouts == {"play scout #1", "play scout #2", "play scout #6"}
    assert_illegal(s, 0, "play scout #5", "opponent")     # its own token
    assert_illegal(s, 0, "play scout #7", "opponent")     # already faceup


def test_scout_cannot_target_a_blessed_token_or_a_blessing():
    """Rulebook: The Combat Tokens › Blessing (a blessing and its token cannot be targeted by card effects)."""
    s = base()
    assert_illegal(s, 0, "play scout #3", "no blessing protects")
    assert_illegal(s, 0, "play scout #4", "no blessing protects")


def test_two_scout_cards_then_none_left():
    """Rulebook: Scout and Shugenja Cards (each card is single use; one or both scouts at the start of a turn)."""
    s = base()
    s.apply(Action(0, "play scout #1"))
    s.apply(Action(0, "play scout #2"))
    assert s.scouts[0] == 0
    assert_illegal(s, 0, "play scout #6", "no scout card left")
    assert view_code(s, 0, 2) == "a4"


# ------------------------------------------------------------------- shugenja
def test_shugenja_reveals_and_discards_an_opponent_token():
    """Rulebook: Scout and Shugenja Cards (shugenja: reveal an opponent's token and discard it)."""
    s = base()
    events = s.apply(Action(0, "play shugenja #2"))
    assert s.shugenja[0] == 0
    assert 2 not in [t.number for t in s.tokens]
    assert codes(s, 2, s.discard[2]) == ["a4"]
    disc = [e for e in events if e.kind == "discard"]
    assert disc and disc[0].visible_to is None and disc[0].data["code"] == "a4"
    assert s.to_act() == (0,)
    assert_illegal(s, 0, "play shugenja #1", "no shugenja card left")


def test_shugenja_on_a_bluff_returns_it_to_its_owners_hand():
    """Rulebook: The Combat Tokens › Bluff (discarded bluff tokens are always returned to their owners' hands)."""
    s = base()
    s.apply(Action(0, "play shugenja #6"))
    assert BLUFF in s.hand[2]
    assert BLUFF not in s.discard[2]


def test_shugenja_may_target_a_faceup_token_but_not_own_or_blessed():
    """Rulebook: Scout and Shugenja Cards; The Combat Tokens › Blessing (blessed tokens cannot be targeted)."""
    s = base("token #7: lion s2 crab_1 faceup\nplayed: animate-the-dead\n")   # a faceup token: Animate the Dead
    assert "play shugenja #7" in legal(s, 0)
    assert_illegal(s, 0, "play shugenja #5", "opponent")
    assert_illegal(s, 0, "play shugenja #3", "no blessing protects")
    assert_illegal(s, 0, "play shugenja #4", "no blessing protects")


# ---------------------------------------------------------- first player card
def test_first_player_card_looks_and_returns_the_token_to_its_owners_pool():
    """Reference: initiative (First Player: look at any token on the board, then return it to its owner's pool)."""
    s = base()
    pool_before = len(s.pool[2])
    events = s.apply(Action(0, "play first-player #2"))
    assert s.first_player_card_used
    assert 2 not in [t.number for t in s.tokens]
    assert len(s.pool[2]) == pool_before + 1
    assert "a4" in codes(s, 2, s.pool[2])
    assert "a4" not in codes(s, 2, s.discard[2])
    saw = [e for e in events if e.kind == "saw"]
    assert saw and saw[0].data["code"] == "a4" and saw[0].visible_to == frozenset({0})
    assert any(e.kind == "return-to-pool" for e in events)
    assert s.to_act() == (0,)


def test_first_player_card_may_target_any_players_token_even_its_own():
    """Reference: initiative (First Player card: a combat token on the board belonging to any player)."""
    s = base()
    assert "play first-player #5" in legal(s, 0)
    s.apply(Action(0, "play first-player #5"))
    assert "a5" in codes(s, 0, s.pool[0])


def test_first_player_card_only_for_the_first_player_once_a_round():
    """Rulebook: Upkeep Phase 1. Determine First Player (the first player card is used at the start of the first player's turn)."""
    s = base()
    s.apply(Action(0, "play first-player #1"))
    assert_illegal(s, 0, "play first-player #2", "once a round")
    s.apply(Action(0, "place a1 crab_1"))
    assert s.to_act() == (1,)
    assert_illegal(s, 1, "play first-player #5", "only the first player")


def test_first_player_card_not_for_other_players_even_if_unused():
    """Rulebook: Upkeep Phase 1. Determine First Player (only the first player holds the card)."""
    s = base("turn: lion\n")
    assert not any(t.startswith("play first-player") for t in legal(s, 2))
    assert_illegal(s, 2, "play first-player #1", "only the first player")


def test_first_player_card_cannot_target_a_blessed_token():
    """Rulebook: The Combat Tokens › Blessing (blessed tokens cannot be targeted by card effects)."""
    s = base()
    assert_illegal(s, 0, "play first-player #3", "no blessing protects")
    assert_illegal(s, 0, "play first-player #4", "no blessing protects")


def test_first_player_card_is_ready_again_next_round():
    """Rulebook: Upkeep Phase 1. Determine First Player (the first player card can be used each round)."""
    s = state_of("""
format: rokugan-position
players: crab crane lion
phase: placement
round: 2
first: crab
turn: crab
first-player-card: used
initiative: crane
province crab_1: crab
province crane_2: crane
province lion_1: lion
hand crab: a1 bluff
hand crane: bluff
hand lion: bluff
""")
    s.apply(Action(0, "place a1 crab_1"))
    assert s.round == 3 and s.first == 1
    assert not s.first_player_card_used


# ------------------------------------------------------ several cards, timing
def test_several_start_of_turn_cards_in_one_turn_before_placing():
    """Reference: initiative (any number of start-of-turn cards in one turn); Rulebook: Scout and Shugenja Cards."""
    s = base()
    s.apply(Action(0, "play scout #1"))
    s.apply(Action(0, "play scout #6"))
    s.apply(Action(0, "play shugenja #2"))
    s.apply(Action(0, "play first-player #1"))
    assert (s.scouts[0], s.shugenja[0], s.first_player_card_used) == (0, 0, True)
    assert s.to_act() == (0,)
    s.apply(Action(0, "place a1 crab_1"))
    assert s.to_act() == (1,)


def test_cards_are_played_only_at_the_start_of_ones_own_turn():
    """Rulebook: Scout and Shugenja Cards (played at the start of your turn, before placing a combat token)."""
    s = base()
    s.apply(Action(0, "place a1 crab_1"))
    before = to_position(s)
    with pytest.raises(RuleViolation, match="not crab's turn"):
        s.apply(Action(0, "play scout #1"))
    assert to_position(s) == before


def test_scout_and_shugenja_are_not_played_in_upkeep():
    """Rulebook: Scout and Shugenja Cards (during the placement phase)."""
    s = state_of("""
format: rokugan-position
players: crab crane
phase: upkeep
round: 2
first: crab
turn: crab
province crab_1: crab
province crane_1: crane
province mainland_1: crab
province mainland_2: crab
province mainland_3: crab
cards crab: bountiful-harvest
hand crab: a1 bluff
hand crane: a1 bluff
""")
    assert not any(t.startswith(("play scout", "play shugenja")) for t in legal(s, 0))
    assert_illegal(s, 0, "play scout #1", "scout")
