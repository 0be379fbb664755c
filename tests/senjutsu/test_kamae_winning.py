"""Kamae trees, winning the game, setup and multiplayer (Kamae Positions; Winning The Game; Setup; Multiplayer Rules)."""

import pytest

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from daimyo.senjutsu import new_game
from daimyo.senjutsu.hexgrid import distance
from tests.senjutsu.helpers import play_turn, position

QUIET = ("tetsu hex=3,-3 facing=sw", "t-atk3 t-atk3")


def start(card, kamae="neutral", focus=0):
    g = position((f"kaze hex=0,3 facing=n kamae={kamae} focus={focus}", card), QUIET)
    g.apply(Action(0, f"play {card}"))
    g.apply(Action(1, "play t-atk3"))
    return g


def test_change_kamae_follows_arrows_and_pink_branches_give_focus():
    """Changing Kamae Positions: up to X slides along branches, never against an arrow; a pink branch gives focus.
    Kaze's tree: neutral->aggression, aggression->balance (pink), balance->aggression, neutral->balance,
    balance->determination (pink), determination->aggression."""
    g = start("t-change3")
    opts = g.legal_moves(0)
    assert "kamae -" in opts and "kamae balance determination" in opts and "kamae aggression balance determination" in opts
    assert not any(o.endswith("neutral") for o in opts)           # no branch leads back to neutral
    g.apply(Action(0, "kamae aggression balance determination"))
    assert g.duellists[0].kamae == "determination" and g.duellists[0].focus == 2


def test_focus_is_capped_at_three():
    """Changing Kamae Positions: at most three focus; more is lost."""
    g = start("t-change3", focus=3)
    g.apply(Action(0, "kamae aggression balance determination"))
    assert g.duellists[0].focus == 3


def test_switch_any_never_to_the_start_position():
    """Switching Kamae Positions: straight to a position, no focus; 'any' cannot choose the starting position."""
    g = start("t-switch", kamae="balance")
    assert g.legal_moves(0) == ["switch aggression", "switch balance", "switch determination"]
    g.apply(Action(0, "switch determination"))
    assert g.duellists[0].kamae == "determination" and g.duellists[0].focus == 0


@pytest.mark.parametrize("kamae, focus", [("aggression", 3), ("neutral", 1)])
def test_kamae_gated_lines(kamae, focus):
    """Ability Card Effects And Kamae: a line in a Kamae colour resolves (mandatorily) only in that Kamae."""
    g = position((f"kaze hex=0,3 facing=n kamae={kamae}", "t-gated"), QUIET)
    play_turn(g, {0: "t-gated", 1: "t-atk3"})
    assert g.duellists[0].focus == focus


def test_wounds_at_limit_defeat():
    """Winning The Game: wounds (bleeding included) at or above the wound limit defeat the character."""
    g = position(("kaze hex=0,0 facing=n", "t-atk5"), ("tetsu hex=0,-1 facing=n wounds=7 bleeding=1", "t-atk3"))
    play_turn(g, {0: "t-atk5", 1: "t-atk3"})
    assert g.is_terminal() and g.returns() == [1.0, 0.0]


def test_stuns_at_hand_size_defeat():
    """Stun / Winning The Game: stuns in hand at or above the hand size defeat the character (Tetsu: hand 4)."""
    g = position(("kaze hex=0,0 facing=n", "t-stun"), ("tetsu hex=0,-1 facing=n stuns=3", "t-atk3"))
    play_turn(g, {0: "t-stun", 1: "t-atk3"})
    assert g.duellists[1].defeated and g.returns() == [1.0, 0.0]


def test_defeated_at_the_same_moment_is_a_draw():
    """Our reading: characters defeated by the same step (both draw from empty decks) share a draw."""
    g = position(("kaze hex=0,3 facing=n wounds=7", "t-med5"), ("tetsu hex=0,-3 facing=s wounds=8", "t-atk3"))
    g.duellists[0].deck, g.duellists[1].deck = [], []
    play_turn(g, {0: "t-med5", 1: "t-atk3"})
    assert g.is_terminal() and g.returns() == [0.5, 0.5]


def test_last_standing_in_three_player_duel():
    """Winning The Game: play continues until every character except one is defeated."""
    g = position(("kaze hex=0,0 facing=n", "t-exec"), ("tetsu hex=0,-1 facing=n", "t-atk3"), ("hana hex=3,-3 facing=s", "t-med5"))
    play_turn(g, {0: "t-exec", 1: "t-atk3", 2: "t-med5"})
    assert g.duellists[1].defeated and not g.is_terminal() and g.to_act() == (0, 2)


def test_multiplayer_tie_order_chosen_top_down():
    """Multiplayer: Tied Initiative Speed: the highest on the tracker chooses a place, then the next, and so on
    (the rulebook example: the top chooses last, the second chooses first, the third gets what is left)."""
    g = position(("kaze hex=0,3 facing=n", "t-med5"), ("tetsu hex=0,-3 facing=s", "t-med5"), ("hana hex=3,-3 facing=s", "t-med5"),
                 advantage="p1 p2 p3")
    for s in range(3):
        g.apply(Action(s, "play t-med5"))
    assert g.to_act() == (0,) and g.legal_moves(0) == ["order 1", "order 2", "order 3"]
    g.apply(Action(0, "order 3"))
    assert g.to_act() == (1,) and g.legal_moves(1) == ["order 1", "order 2"]
    ev = g.apply(Action(1, "order 1"))
    order = [e.data for e in ev if e.kind == "order"][0]["segments"]
    assert [s for s, _ in order] == ["p2", "p3", "p1"]


def test_setup_lowest_advantage_places_first_four_hex_rule():
    """Player Setup 11-12: lowest advantage places first; the next not within four hexes, else as far as possible."""
    g = new_game(["kaze", "tetsu"], seed=3)          # advantage: kaze 5, tetsu 2
    assert g.advantage == [0, 1] and g.to_act() == (1,)
    g.apply(Action(1, "place 0,0 n"))
    assert g.to_act() == (0,)
    far = {tuple(int(x) for x in m.split()[1].split(",")) for m in g.legal_moves(0)}
    assert far and all(distance(h, (0, 0)) == 3 for h in far)    # from the centre nothing is five away on one board
    g = new_game(["kaze", "tetsu"], seed=3)
    g.apply(Action(1, "place 0,3 n"))                             # from an edge hex, 14 hexes are five or six away
    far = {tuple(int(x) for x in m.split()[1].split(",")) for m in g.legal_moves(0)}
    assert len(far) == 14 and all(distance(h, (0, 3)) >= 5 for h in far)
    g = new_game(["kaze", "tetsu"], seed=3, board="two")
    g.apply(Action(1, "place 0,0 n"))
    far = {tuple(int(x) for x in m.split()[1].split(",")) for m in g.legal_moves(0)}
    assert far and all(distance(h, (0, 0)) > 4 for h in far)


def test_setup_hands_and_core_cards():
    """Player Setup 5-6, 13: core ability and weapon in hand; after placement, draw to the hand limit (core cards not
    counted), then the first turn's draw."""
    g = new_game(["kaze", "tetsu"], seed=3)
    assert g.duellists[0].hand == ["kaze-breath", "kaze-katana"]
    g.apply(Action(1, "place 0,3 n"))
    g.apply(Action(0, "place 0,-3 s"))
    kaze = g.duellists[0]
    assert {"kaze-breath", "kaze-katana"} <= set(kaze.hand)
    assert len(kaze.hand) == 2 + 5 + 1 and len(kaze.deck) == 34


def test_terrain_two_hex_rule():
    """Battlefield Setup 2: terrain cannot be placed within two hexes of other terrain."""
    with pytest.raises(RuleViolation, match="within two hexes"):
        new_game(["kaze", "tetsu"], terrain=[("rock", [(0, 0)]), ("bamboo", [(2, 0)])])
    g = new_game(["kaze", "tetsu"], terrain=[("rock", [(0, 0)]), ("bamboo", [(3, 0)])])
    assert g.terrain == {(0, 0): "rock", (3, 0): "bamboo"}
    with pytest.raises(RuleViolation, match="torii"):
        new_game(["kaze", "tetsu"], terrain=[("torii", [(0, 0), (1, 0)])])


def test_terrain_placed_in_turns_two_hex_rule():
    """Battlefield Setup 2: from a random player, clockwise, each places a chosen piece of terrain, never within
    two hexes of terrain placed before; then characters are placed."""
    g = new_game(["kaze", "tetsu", "hana"], seed=4, terrain_pieces=["rock", "bamboo", "torii"])
    first = g.to_act()[0]
    assert g.phase == "terrain"
    g.apply(Action(first, "terrain rock 0,0"))
    second = g.to_act()[0]
    assert second == (first + 1) % 3
    opts = g.legal_moves(second)
    assert "terrain bamboo 3,0" in opts and "terrain bamboo 2,0" not in opts and "terrain torii -3,3 -3,1" in opts
    assert not any(o.startswith("terrain rock") for o in opts)          # the one rock is placed
    with pytest.raises(RuleViolation):
        g.apply(Action(second, "terrain bamboo 1,0"))
    g.apply(Action(second, "terrain bamboo 3,0"))
    g.apply(Action(g.to_act()[0], "terrain torii -3,3 -3,1"))
    assert g.phase == "place" and g.terrain == {(0, 0): "rock", (3, 0): "bamboo", (-3, 3): "torii", (-3, 1): "torii"}


def test_prepared_cards_hidden_distinct_up_to_hand_limit():
    """Player Setup 7-8: each player may search the deck for prepared cards, up to the hand limit and never two
    with the same name, all at once and hidden; then the rest of the deck is shuffled."""
    g = new_game(["kaze", "tetsu"], seed=5, prepare=True)
    assert g.phase == "prepare" and g.to_act() == (0, 1)
    before = g.view(1)
    ev = g.apply(Action(0, "prepare heavy-chop"))
    assert all(not e.visible(1) for e in ev)
    assert "prepare heavy-chop" not in g.legal_moves(0)          # one card of a name
    after = g.view(1)
    assert after["seats"][0]["hand"] is None
    assert "heavy-chop" not in repr(after) or "heavy-chop" in repr(before)
    for c in ["quick-cut", "wide-arc", "lunge", "parry"]:
        g.apply(Action(0, f"prepare {c}"))
    assert g.legal_moves(0) == ["prepare done"]                  # hand limit 5 reached
    g.apply(Action(0, "prepare done"))
    g.apply(Action(1, "prepare done"))
    assert g.phase == "place"
    g.apply(Action(1, "place 0,3 n"))
    g.apply(Action(0, "place 0,-3 s"))
    kaze = g.duellists[0]
    assert {"heavy-chop", "quick-cut", "wide-arc", "lunge", "parry"} <= set(kaze.hand)
    assert len(kaze.hand) == 2 + 5 + 1                          # nothing more dealt, then the first draw
