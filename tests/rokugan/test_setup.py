"""Rule tests for Setup, steps 1-11.

Games are made with ``daimyo.rokugan.new_game`` and played through the setup decisions
(clans when not given, objectives, starting control tokens) with the public API.
"""

from collections import Counter

import pytest

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from daimyo.rokugan import new_game
from daimyo.rokugan.data import RULES as R
from daimyo.rokugan.position import to_position
from tests.rokugan.helpers import legal

P = R.province_index
BLUFF = R.bluff_index
CLANS5 = ["crab", "crane", "dragon", "lion", "phoenix"]



def choose_objectives(s, pick=0):
    """Setup 5: every player keeps one of the two objectives dealt. Returns the events."""
    events = []
    for seat in s.to_act():
        events += s.apply(Action(seat, f"objective {s.offer[seat][pick]}"))
    return events


def place_all_control(s):
    """Setup 10: each player in turn puts a control token in the first empty province. Returns (seats, events)."""
    seats, events = [], []
    while s.phase == "setup-control":
        (seat,) = s.to_act()
        seats.append(seat)
        p = next(a.text for a in s.legal_actions(seat))
        events += s.apply(Action(seat, p))
    return seats, events


def game(n=4, seed=1, clans=None):
    return new_game(players=n, seed=seed, clans=clans or CLANS5[:n])


# ------------------------------------------------------------------ step 2
def test_setup_2_one_random_territory_card_per_territory():
    """Rulebook: Setup 2. Randomize Territory Cards (one random card from each territory under its space)."""
    seen = [set() for _ in R.territory_names]
    for seed in range(30):
        s = game(seed=seed)
        assert len(s.space) == len(R.territory_names) == 11
        for t, card in enumerate(s.space):
            assert card in R.territory_cards[t]
            seen[t].add(card)
    # the card is random: over 30 games each territory showed both of its cards
    assert all(len(x) == 2 for x in seen)


def test_setup_2_territory_cards_are_not_in_any_view():
    """Rulebook: Setup 2. Randomize Territory Cards (the cards lie facedown under the board)."""
    s = game()
    v = s.view(0)
    assert set(v["territory_spaces"].values()) == {True}
    assert not any(card in str(v) for card in s.space)


# ------------------------------------------------------------------ step 3
def test_setup_3_clans_are_chosen_as_actions_in_seat_order():
    """Rulebook: Setup 3. Choose Clans (each player chooses a clan)."""
    s = new_game(players=3, seed=4, clans=None)
    assert s.phase == "setup-clans"
    assert s.to_act() == (0,)
    assert legal(s, 0) == {f"clan {c}" for c in R.clan_names}
    s.apply(Action(0, "clan scorpion"))
    assert s.to_act() == (1,)
    assert "clan scorpion" not in legal(s, 1)
    before = to_position(s)
    with pytest.raises(RuleViolation, match="taken or unknown"):
        s.apply(Action(1, "clan scorpion"))
    with pytest.raises(RuleViolation, match="taken or unknown"):
        s.apply(Action(1, "clan ninja"))
    assert to_position(s) == before
    s.apply(Action(1, "clan crab"))
    s.apply(Action(2, "clan unicorn"))
    assert s.clans == ["scorpion", "crab", "unicorn"]
    assert s.phase == "setup-objectives"
    assert codes_of(s, 0, s.pool[0]).count("s3") == 1     # Scorpion's special token
    assert codes_of(s, 2, s.pool[2]).count("raid") == 2   # Unicorn's second raid


def codes_of(s, seat, toks):
    return sorted(s.code_of(seat, t) for t in toks)


def test_setup_3_given_clans_must_be_different_known_and_one_per_player():
    """Rulebook: Setup 3. Choose Clans (each player a different clan)."""
    with pytest.raises(RuleViolation, match="different clan"):
        new_game(players=2, seed=0, clans=["crab", "crab"])
    with pytest.raises(RuleViolation, match="unknown clan"):
        new_game(players=2, seed=0, clans=["crab", "ninja"])
    with pytest.raises(RuleViolation, match="need 3 clans"):
        new_game(players=3, seed=0, clans=["crab", "lion"])
    with pytest.raises(RuleViolation, match="2 to 5 players"):
        new_game(players=6, seed=0, clans=None)


def test_setup_3_bluff_behind_the_screen_and_26_tokens_in_the_pool():
    """Rulebook: Setup 3. Choose Clans (the bluff goes behind the screen; the other tokens make the pool)."""
    s = game(n=5)
    for seat, clan in enumerate(s.clans):
        assert s.hand[seat] == [BLUFF]
        assert len(s.pool[seat]) == 26
        assert BLUFF not in s.pool[seat]
        everything = Counter(t.code for t in R.clan_tokens[clan])
        everything["bluff"] -= 1
        assert Counter(codes_of(s, seat, s.pool[seat])) == +everything
        assert s.discard[seat] == []


def test_setup_3_pool_holds_the_clan_special_token():
    """Reference: clans (each clan's special 27th token is in its pool)."""
    s = game(n=5)
    special = {"crab": "n3", "crane": "dip", "dragon": "b3", "lion": "a6", "phoenix": "b3"}
    for seat, clan in enumerate(s.clans):
        assert special[clan] in codes_of(s, seat, s.pool[seat])
    assert codes_of(s, 1, s.pool[1]).count("dip") == 2


# ------------------------------------------------------------------ step 4
def test_setup_4_two_scouts_and_one_shugenja_each():
    """Rulebook: Setup 4. Distribute Scout and Shugenja Cards."""
    s = game(n=3)
    assert s.scouts == [2, 2, 2]
    assert s.shugenja == [1, 1, 1]


# ------------------------------------------------------------------ step 5
def test_setup_5_two_objectives_dealt_to_each_player_from_one_deck():
    """Rulebook: Setup 5. Distribute Secret Objectives (shuffle, deal two to each player)."""
    s = game(n=5, seed=9)
    dealt = [o for seat in range(5) for o in s.offer[seat]]
    assert all(len(s.offer[seat]) == 2 for seat in range(5))
    assert len(set(dealt)) == 10
    assert set(dealt) <= set(R.objective_ids)


def test_setup_5_objectives_are_chosen_simultaneously():
    """Rulebook: Setup 5. Distribute Secret Objectives (each player chooses one of the two at the same time)."""
    s = game(n=4)
    assert s.phase == "setup-objectives"
    assert s.to_act() == (0, 1, 2, 3)
    for seat in range(4):
        assert legal(s, seat) == {f"objective {o}" for o in s.offer[seat]}
    s.apply(Action(2, f"objective {s.offer[2][1]}"))
    assert s.to_act() == (0, 1, 3)
    assert s.objective[2] == s.offer[2][1]
    with pytest.raises(RuleViolation, match="not dragon's turn"):
        s.apply(Action(2, f"objective {s.offer[2][0]}"))


def test_setup_5_choosing_an_objective_not_dealt_is_illegal():
    """Rulebook: Setup 5. Distribute Secret Objectives (a player chooses one of the two cards they receive)."""
    s = game(n=4)
    other = s.offer[1][0]
    before = to_position(s)
    with pytest.raises(RuleViolation, match="was not dealt that objective"):
        s.apply(Action(0, f"objective {other}"))
    assert to_position(s) == before


def test_setup_5_objective_stays_hidden_from_other_players():
    """Rulebook: Setup 5. Distribute Secret Objectives (a secret objective must remain hidden)."""
    s = game(n=3)
    events = s.apply(Action(0, f"objective {s.offer[0][0]}"))
    kept = s.offer[0][0]
    for e in events:
        if kept in str(e.data):
            assert e.visible_to == frozenset({0})
    assert s.view(0)["you"]["objective"] == kept
    assert kept not in str(s.view(1)) and kept not in str(s.view(None))


# --------------------------------------------------------------- steps 6-9
def test_setup_6_each_capital_holds_one_facedown_control_token():
    """Rulebook: Setup 6. Populate Capitals."""
    s = game(n=3, clans=["scorpion", "crane", "lion"])
    choose_objectives(s)
    assert s.phase == "setup-control"
    for seat, clan in enumerate(s.clans):
        cap = R.capital[clan]
        assert (s.owner[cap], s.up[cap], s.down[cap]) == (seat, 0, 1)
    others = [p for p in range(R.n_provinces) if R.capital_of[p] not in s.clans]
    assert all(s.owner[p] == -1 for p in others)


@pytest.mark.parametrize("n,k", [(2, 11), (3, 7), (4, 5), (5, 4)])
def test_setup_7_set_aside_control_tokens(n, k):
    """Rulebook: Setup 7. Set Aside Control Tokens (11/7/5/4 for 2/3/4/5 players)."""
    s = game(n=n)
    choose_objectives(s)
    assert s.set_aside == [k] * n
    assert s.supply == [30 - 1 - k] * n
    assert s.view(0)["players"][0]["set_aside"] == k


def test_setup_8_first_player_from_a_clan_initiative_card():
    """Rulebook: Setup 8. Determine First Player (reveal the top clan card; that card leaves the game)."""
    firsts = set()
    for seed in range(12):
        s = game(n=4, seed=seed)
        events = choose_objectives(s)
        fp = [e for e in events if e.kind == "first-player"]
        assert len(fp) == 1
        clan = fp[0].data["card"]
        assert clan in s.clans
        assert s.first == s.clans.index(clan)
        assert clan not in s.initiative        # returned to the box
        firsts.add(clan)
    assert len(firsts) > 1                      # shuffled


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_9_initiative_deck_completed_to_four_cards(n):
    """Rulebook: Setup 9. Complete Initiative Deck (neutral cards up to four; none with five players)."""
    s = game(n=n, seed=n)
    choose_objectives(s)
    deck = s.initiative
    assert len(deck) == 4 == len(set(deck))
    clan_cards = [c for c in deck if c in R.clan_names]
    neutral = [c for c in deck if c in R.neutral_cards]
    first = s.clans[s.first]
    assert sorted(clan_cards) == sorted(c for c in s.clans if c != first)
    assert len(neutral) == 4 - (n - 1)
    if n == 5:
        assert neutral == []
    assert s.view(0)["initiative_cards_left"] == 4
    # the deck is facedown: no view names its neutral cards
    assert not any(c in str(s.view(q)) for c in R.neutral_cards for q in (None, 0, 1))


# ----------------------------------------------------------------- step 10
def test_setup_10_starting_control_tokens_clockwise_from_the_first_player():
    """Rulebook: Setup 10. Place Starting Control Tokens (beginning with the first player, clockwise)."""
    s = game(n=3, seed=2)
    choose_objectives(s)
    first = s.first
    assert s.to_act() == (first,)
    seats, _ = place_all_control(s)
    assert len(seats) == 3 * 7
    assert seats == [(first + i) % 3 for i in range(21)]
    assert s.set_aside == [0, 0, 0]


def test_setup_10_token_goes_facedown_in_an_empty_province():
    """Rulebook: Setup 10. Place Starting Control Tokens (facedown, in a province without a control token)."""
    s = game(n=4, clans=["crab", "crane", "lion", "unicorn"])
    choose_objectives(s)
    seat = s.first
    s.apply(Action(seat, "control mainland_2"))
    p = P["mainland_2"]
    assert (s.owner[p], s.up[p], s.down[p]) == (seat, 0, 1)
    assert s.set_aside[seat] == 4
    assert s.supply[seat] == 30 - 1 - 5


def test_setup_10_a_province_with_a_control_token_is_illegal():
    """Rulebook: Setup 10. Place Starting Control Tokens (only a province that does not already contain a control token)."""
    s = game(n=4, clans=["crab", "crane", "lion", "unicorn"])
    choose_objectives(s)
    seat = s.first
    before = to_position(s)
    with pytest.raises(RuleViolation, match="already contains a control token"):
        s.apply(Action(seat, "control crab_1"))
    assert to_position(s) == before
    s.apply(Action(seat, "control mainland_2"))
    nxt = s.to_act()[0]
    assert "control mainland_2" not in legal(s, nxt)
    with pytest.raises(RuleViolation, match="already contains a control token"):
        s.apply(Action(nxt, "control mainland_2"))


def test_setup_10_empty_capitals_of_absent_clans_and_shadowlands_allowed():
    """Rulebook: Setup 10. Place Starting Control Tokens (empty clan capitals and the Shadowlands can be chosen)."""
    s = game(n=4, clans=["crab", "crane", "lion", "unicorn"])
    choose_objectives(s)
    opts = legal(s, s.first)
    for p in ("dragon_1", "phoenix_1", "scorpion_1", "shadowlands_north", "shadowlands_south"):
        assert f"control {p}" in opts
    for p in ("crab_1", "crane_1", "lion_1", "unicorn_1"):
        assert f"control {p}" not in opts
    assert len(opts) == 30 - 4
    s.apply(Action(s.first, "control shadowlands_south"))
    assert s.owner[P["shadowlands_south"]] == s.first


def test_setup_10_only_the_player_in_turn_places():
    """Rulebook: Setup 10. Place Starting Control Tokens (players take turns)."""
    s = game(n=4)
    choose_objectives(s)
    other = (s.first + 1) % 4
    with pytest.raises(RuleViolation, match="turn"):
        s.apply(Action(other, "control mainland_2"))


# ----------------------------------------------------------------- step 11
def test_setup_11_round_one_starts_after_the_last_control_token():
    """Rulebook: Setup 11. Place Round Track Token (round 1 starts when every set-aside token is placed)."""
    s = game(n=2, seed=5, clans=["crab", "lion"])
    choose_objectives(s)
    seats, events = place_all_control(s)
    assert len(seats) == 22
    kinds = [e.kind for e in events]
    assert kinds.count("round") == 1 and kinds.index("round") > kinds.index("control")
    assert s.round == 1
    assert s.phase == "placement"
    assert s.to_act() == (s.first,)
    # upkeep step 2 ran: six tokens behind each screen, the bluff among them
    for seat in range(2):
        assert len(s.hand[seat]) == 6 and BLUFF in s.hand[seat]
        assert len(s.pool[seat]) == 21
    # every player has 1 + 11 control tokens on the board
    assert [s.control_tokens_on_board(q) for q in range(2)] == [12, 12]


def test_setup_round_is_zero_until_the_last_token():
    """Rulebook: Setup 11. Place Round Track Token (the game starts only after setup)."""
    s = game(n=5, seed=3)
    choose_objectives(s)
    for _ in range(5 * 4 - 1):
        (seat,) = s.to_act()
        s.apply(s.legal_actions(seat)[0])
    assert s.round == 0 and s.phase == "setup-control"
    (seat,) = s.to_act()
    s.apply(s.legal_actions(seat)[0])
    assert s.round == 1


def test_setup_whole_flow_with_clan_choice():
    """Rulebook: Setup 1-11 (a whole setup with clans chosen as actions)."""
    s = new_game(players=2, seed=8, clans=None)
    s.apply(Action(0, "clan dragon"))
    s.apply(Action(1, "clan phoenix"))
    choose_objectives(s, pick=1)
    place_all_control(s)
    assert s.round == 1
    # Dragon drew seven and must return one (Reference: clans › Dragon)
    assert s.to_act() == (0,) and s.pending
    assert len(s.hand[0]) == 7
