"""Position format: a position states a moment the rules can reach; what the components or the rules make
impossible is refused with the line and field of the fact at fault (docs/rokugan-positions.md, "Impossible
positions"). Each case names the rulebook section (or reference row) that rules it out."""

from __future__ import annotations

import re

import pytest

from daimyo.core.errors import FormatError
from daimyo.rokugan.position import from_position, to_position
from daimyo.rokugan.position_checks import PLACED_BY_CARD
from tests.rokugan.helpers import merged, pos, state_of

BASE = """
format: rokugan-position
players: crab phoenix unicorn
phase: placement
round: 2
first: crab
turn: crab
province crab_1: crab
province crab_2: crab
province phoenix_1: phoenix
province unicorn_1: unicorn
hand crab: a1 a2 bluff
hand phoenix: a1 a2 bluff
hand unicorn: a1 a2 bluff
"""

# (case, lines replacing BASE's facts of the same key, lines added as they are, the offending line's start, field,
#  words of the message)
CASES = [
    ("negative set-aside (Setup 7)", "set-aside crab: -10", "", "set-aside crab", "set-aside", "set aside"),
    ("two special tokens on one line (Special Tokens: one a province)",
     "province crab_2: crab special=shrine special=battlefield", "", "province crab_2", "province", "given twice"),
    ("two special tokens over two lines (Special Tokens: one a province)",
     "province crab_2: crab special=shrine", "province crab_2: crab special=battlefield", "province crab_2",
     "province", "given twice"),
    ("two owners for one province (Key Concepts: control)", "", "province crab_2: phoenix", "province crab_2",
     "province", "given twice"),
    ("a harbor in a coastal province (Feats of Engineering: landlocked)", "province crab_1: crab special=harbor", "",
     "province crab_1", "province", "landlocked"),
    ("Bushido in the Shadowlands (Bushido: non-Shadowlands)", "province shadowlands_north: - special=honor_4", "",
     "province shadowlands_north", "province", "non-Shadowlands"),
    ("two players hold the same objective (Setup 5: one card each)",
     "objective crab: way-of-humility\nobjective phoenix: way-of-humility", "", "objective phoenix", "objective",
     "held by crab too"),
    ("three objectives offered (Setup 5: two dealt)",
     "offer crab: emerald-empire way-of-the-sail way-of-humility", "", "offer crab", "offer", "dealt 2"),
    ("two tokens on one border (Placing Combat Tokens)",
     "hand crab: bluff\ntoken #1: crab a1 crab_2>crab_3\ntoken #2: crab a2 crab_2>crab_3", "", "token #2", "token",
     "already stands on that border"),
    ("a navy on the coastal border of a landlocked province (The Combat Tokens: Navy)",
     "hand crab: a1 a2 bluff\ntoken #1: crab n1 ~crab_2", "", "token #1", "token", "landlocked"),
    ("an army on a coastal border (The Combat Tokens: Army)", "token #1: crab a3 ~phoenix_2", "", "token #1", "token",
     "coastal border"),
    ("an army in the centre of another clan's province (The Combat Tokens: Army)", "token #1: crab a3 phoenix_1", "",
     "token #1", "token", "defends only a province you control"),
    ("a raid in one's own province (The Combat Tokens: Raid)", "token #1: crab raid crab_2", "", "token #1", "token",
     "do not control"),
    ("a blessing on a token that does not exist (The Combat Tokens: Blessing)", "token #1: crab b2 #9", "", "token #1",
     "token", "no combat token #9"),
    ("a blessing on a blessing (The Combat Tokens: Blessing)",
     "token #1: crab a3 crab_2\ntoken #2: crab b2 #1\ntoken #3: crab b2 #2", "", "token #3", "token",
     "not on another blessing"),
    ("token #0 (Placing Combat Tokens: numbered from #1)", "token #0: crab a3 crab_2", "", "token #0", "token",
     "numbered from #1"),
    ("seven tokens behind a screen in placement (Upkeep Phase 2: six)", "hand crab: a1 a2 a3 a4 a5 n1 bluff", "",
     "hand crab", "hand", "at most 6"),
    ("scouts 99 (Setup 4)", "scouts crab: 99", "", "scouts crab", "scouts", "0 to 2"),
    ("shugenja -1 (Setup 4)", "shugenja crab: -1", "", "shugenja crab", "shugenja", "0 to 1"),
    ("next-token -5 (Placing Combat Tokens)", "next-token: -5", "", "next-token", "next-token", "from #1"),
    ("next-token below a token on the board (Placing Combat Tokens)", "token #5: crab a3 crab_2\nnext-token: 3", "",
     "next-token", "next-token", "after every token"),
    ("six copies of one clan in the initiative deck (Setup 8)", "initiative: crab crab crab crab crab crab", "",
     "initiative", "initiative", "one card of each"),
    ("players given twice (Setup 3)", "", "players: crab phoenix unicorn", "players", "players", "given twice"),
    ("a pending Unicorn swap for Crab (Clans: Unicorn)", "pending: unicorn-swap crab", "", "pending", "pending",
     "Unicorn clan's ability"),
    ("round 0 in placement (Round Track)", "round: 0", "", "round", "round", "rounds 1 to 5"),
    ("a territory card held without its territory (Resolution Phase 6. Claim Territories)",
     "cards crab: bountiful-harvest", "", "cards crab", "cards", "without controlling the mainland"),
    ("a territory card played in the first round's upkeep (Upkeep Phase 3, ignored in round 1)",
     "phase: upkeep\nround: 1\nplayed: bountiful-harvest", "", "played", "played", "before round 2"),
    ("one clan choosing for another in the clan choice (Setup 3. Choose Clans)", "phase: setup-clans\nturn: phoenix",
     "", "phase", "phase", "clan choice is over"),
    ("control tokens that do not add up to 30 (Components: 30 control tokens)", "supply crab: 5", "", "supply crab",
     "supply", "control tokens of crab"),
    ("the bluff of a player Spy Network stopped (Spy Network)", "hand crab: a1 a2\nspied crab: yes\n"
     "token #1: crab bluff crab_2>crab_3", "", "token #1", "token", "cannot place its bluff"),
    ("a Dragon return of a token not drawn (Clans: Dragon)", "", "", "", "", ""),
]
CASES = [c for c in CASES if c[3]]  # (the Dragon case has its own test below: it needs a Dragon)


def _line_of(text: str, start: str) -> int:
    """The number of the last line of ``text`` that starts with ``start``."""
    return max(no for no, line in enumerate(text.splitlines(), 1) if line.startswith(start + ":"))


@pytest.mark.parametrize("case, replaced, added, start, field, words", CASES, ids=[c[0] for c in CASES])
def test_an_impossible_position_is_refused_naming_its_line_and_field(case, replaced, added, start, field, words):
    """Position format, "Impossible positions": each case of issue 13 is refused with its line and field."""
    text = merged(BASE, replaced) + (added + "\n" if added else "")
    no = _line_of(text, start)
    named = rf"^line {no} \({re.escape(field)}\): "
    with pytest.raises(FormatError, match=named) as e:
        from_position(text)
    assert words in str(e.value)


def test_the_base_position_of_these_cases_is_possible():
    """The cases above differ from a position that is read without complaint."""
    s = from_position(pos(BASE))
    assert from_position(to_position(s)).clans == ["crab", "phoenix", "unicorn"]


def test_a_dragon_return_names_tokens_drawn_behind_the_screen():
    """Reference: clans: Dragon ("one drawn token, never the bluff"): drawn= names tokens in the hand, no bluff."""
    base = """
        format: rokugan-position
        players: dragon crab
        phase: upkeep
        round: 2
        province dragon_1: dragon
        province crab_1: crab
        hand dragon: a1 a2 a3 n1 s1 b2 bluff
        hand crab: a1 bluff
    """
    assert state_of(base + "pending: dragon-return dragon drawn=a1,a2,a3,n1,s1,b2\n").pending[-1].tokens[0] == "a1"
    for drawn in ("a1,bluff", "a5"):
        text = pos(base + f"pending: dragon-return dragon drawn={drawn}\n")
        with pytest.raises(FormatError, match=rf"^line {_line_of(text, 'pending')} \(pending\).*never the bluff"):
            from_position(text)


def test_in_upkeep_a_clan_with_no_control_token_is_ronin():
    """Additional Rules: Ronin (a player with no control token on the board at the start of the upkeep phase is
    ronin): a position in upkeep marks it ronin unless it says otherwise."""
    s = state_of("""
        format: rokugan-position
        players: crab phoenix
        phase: upkeep
        round: 2
        province crab_1: crab
        hand crab: a1 bluff
        hand phoenix: a1 bluff
    """)
    assert s.ronin == [False, True]


def test_tokens_placed_before_a_card_changed_the_board_are_possible():
    """Resolution Phase 2 (legality is checked again): an army attacking from a province its player gave up for a
    Shadowlands card, and a navy at a harbor Inspire Fear removed, are reachable and read."""
    s = state_of("""
        format: rokugan-position
        players: crab phoenix
        phase: placement
        round: 3
        played: inspire-fear
        province crab_1: crab
        token #1: crab a3 crab_2>crab_3
        token #2: crab n1 ~crab_3
        hand crab: a1 bluff
        hand phoenix: a1 bluff
    """)
    assert [t.number for t in s.tokens] == [1, 2]
    text = pos("""
        format: rokugan-position
        players: crab phoenix
        phase: placement
        round: 3
        played: bountiful-harvest
        province crab_1: crab
        province mainland_1: crab
        province mainland_2: crab
        province mainland_3: crab
        token #1: crab a3 crab_2>crab_3
        hand crab: a1 bluff
        hand phoenix: a1 bluff
    """)
    with pytest.raises(FormatError, match=rf"^line {_line_of(text, 'token #1')} \(token\).*you do not control crab_2"):
        from_position(text)


# ------------------------------------------------------------------ issue 25: every refusal names its line
WHERE_CASES = [
    ("two defense tokens of one kind (Components: one defense_2 token)",
     "played: aid-of-the-kami\nprovince crab_1: crab special=defense_2\nprovince crab_2: crab special=defense_2", "",
     "province crab_2", "province", "special=defense_2: more defense_2 tokens on the board than the game has (1)"),
    ("a territory card held and played (Setup 2: each card in one place)",
     "played: promotion\ncards crab: promotion", "", "cards crab", "cards", "'promotion' is in more than one place"),
    ("a territory card held by two players (Setup 2: each card in one place)",
     "cards crab: spy-network\ncards phoenix: spy-network", "", "cards phoenix", "cards", "more than one place"),
    ("a card on a territory's space and held (Setup 2: one card of each territory)",
     "spaces: crab=feats-of-engineering\nplayed: promotion", "", "spaces", "spaces", "has a card on its space"),
    ("a card on the space of another territory (Setup 2)", "spaces: crab=bushido", "", "spaces", "spaces",
     "not a card of territory crab"),
]


@pytest.mark.parametrize("case, replaced, added, start, field, words", WHERE_CASES, ids=[c[0] for c in WHERE_CASES])
def test_components_counted_over_several_lines_name_the_line_at_fault(case, replaced, added, start, field, words):
    """Components (special tokens, territory cards) and Setup 2. Randomize Territory Cards: a count broken over
    several lines is refused at the line that breaks it, with its field (issue 25, "Errors that do not say where")."""
    text = merged(BASE, replaced) + (added + "\n" if added else "")
    with pytest.raises(FormatError, match=rf"^line {_line_of(text, start)} \({re.escape(field)}\): ") as e:
        from_position(text)
    assert words in str(e.value)


def test_components_sixteen_peace_tokens_name_the_sixteenth_province():
    """Components: 15 peace tokens; the province line that puts a sixteenth on the board is named with its field."""
    from daimyo.rokugan.data import RULES
    free = [p for p in RULES.province_names if p not in ("crab_1", "crab_2", "phoenix_1", "unicorn_1")][:16]
    text = merged(BASE, "\n".join(f"province {p}: - special=peace" for p in free))
    with pytest.raises(FormatError, match=rf"^line {_line_of(text, 'province ' + free[-1])} \(province\): special=peace: "
                                          r"more peace tokens on the board than the game has \(15\)"):
        from_position(text)


def test_a_fact_left_to_its_default_is_named_as_not_given():
    """Position format: a refusal caused by a fact no line gives names the line of the clan it belongs to and says
    the fact's own line is missing (Setup 3. Choose Clans: the bluff starts behind the screen)."""
    with pytest.raises(FormatError, match=r"^line 2 \(players\): no 'hand crab:' line: crab's bluff is nowhere"):
        from_position("format: rokugan-position\nplayers: crab lion\nhand lion: bluff\n")
    with pytest.raises(FormatError, match=r"^line 1 \(players\): a position needs a 'players:' line"):
        from_position("format: rokugan-position\nround: 2\n")


# ------------------------------------------------------------------ issue 25: positions no game can reach
REACH_CASES = [
    ("both cards of one territory played (Setup 2. Randomize Territory Cards)", "played: feats-of-engineering promotion",
     "", "played", "played", "both cards of territory crab"),
    ("one card of a territory held, the other played (Setup 2. Randomize Territory Cards)",
     "played: promotion\ncards crab: feats-of-engineering", "", "cards crab", "cards", "both cards of territory crab"),
    ("a territory with no card anywhere (Setup 2. Randomize Territory Cards)", "spaces: crab=-", "", "spaces", "spaces",
     "no card on its space and none held or played"),
    ("the first player's clan card in the round-1 deck (Setup 8. Determine First Player)",
     "round: 1\ninitiative: phoenix crab", "", "initiative", "initiative", "'crab' named the first player"),
    ("a player controls a whole territory after Claim Territories without its card "
     "(Resolution Phase 6. Claim Territories)", "province crab_3: crab\nprovince crab_4: crab", "", "province crab_4",
     "province", "crab controls the whole crab territory"),
]


@pytest.mark.parametrize("case, replaced, added, start, field, words", REACH_CASES, ids=[c[0] for c in REACH_CASES])
def test_a_position_no_game_reaches_is_refused_with_its_rule(case, replaced, added, start, field, words):
    """Issue 25 ("Consistency with the game's history"): each position no sequence of the rulebook's steps produces is
    refused at the line at fault, naming the rule."""
    text = merged(BASE, replaced) + (added + "\n" if added else "")
    with pytest.raises(FormatError, match=rf"^line {_line_of(text, start)} \({re.escape(field)}\): ") as e:
        from_position(text)
    assert words in str(e.value) and str(e.value).endswith("]")


def test_setup_9_a_five_player_game_uses_no_neutral_initiative_card():
    """Setup 9. Complete Initiative Deck (for a five-player game, no neutral initiative cards are used)."""
    five = """
        format: rokugan-position
        players: crab crane lion phoenix scorpion
        phase: placement
        round: 2
        province crab_1: crab
        province crane_1: crane
        province lion_1: lion
        province phoenix_1: phoenix
        province scorpion_1: scorpion
    """ + "".join(f"hand {c}: bluff\n" for c in ("crab", "crane", "lion", "phoenix", "scorpion"))
    text = merged(five, "initiative: crane master-of-tactics")
    with pytest.raises(FormatError, match=rf"^line {_line_of(text, 'initiative')} \(initiative\): 'master-of-tactics' is a "
                                          r"neutral initiative card; a five-player game uses none \[Setup 9"):
        from_position(text)
    assert state_of(merged(five, "initiative: crane lion")).initiative == ["crane", "lion"]
    # four players: the neutral cards complete the deck
    assert state_of(merged(BASE, "initiative: phoenix master-of-tactics")).initiative == ["phoenix", "master-of-tactics"]


def test_setup_8_the_first_players_card_leaves_the_deck_only_in_round_one():
    """Setup 8. Determine First Player (the revealed card goes back to the box); Upkeep Phase 1: from round 2 the first
    player may have come from a neutral card, so its own clan card may still be in the deck."""
    assert state_of(merged(BASE, "round: 1\ninitiative: phoenix unicorn")).first == 0
    assert state_of(merged(BASE, "round: 3\ninitiative: crab")).initiative == ["crab"]


@pytest.mark.parametrize("special, card", sorted(PLACED_BY_CARD.items()))
def test_special_tokens_a_token_only_a_card_places_needs_that_card_played(special, card):
    """Special Tokens / Territory cards: the harbor, shrine, battlefield and honor and defense bonus tokens come only
    from their territory card, so the card is among the played cards; peace and scorched earth need none."""
    from daimyo.rokugan.data import RULES
    province = "crab_2" if special == "harbor" else "crab_1"
    text = merged(BASE, f"province {province}: crab special={special}")
    name = RULES.cards[card]["name"]
    with pytest.raises(FormatError, match=rf"^line {_line_of(text, 'province ' + province)} \(province\): "
                                          rf"special={special}: only {name} puts .*\[Territory cards: {name}\]$"):
        from_position(text)
    assert state_of(merged(text, f"played: {card}")).special[RULES.province_index[province]] == special
    for free in ("peace", "scorched_earth"):
        assert state_of(merged(BASE, f"province mainland_1: - special={free}")).specials_left[free] == 14


def test_claim_territories_a_whole_territory_without_its_card_is_possible_when_a_card_explains_it():
    """Resolution Phase 6. Claim Territories: a whole territory's controller holds its card after a resolution; in
    round 1 (no resolution yet) or after a card that gives control in upkeep (Cultural Exchange, Pirate Raids, Bless
    the Lands) the card may still be on its space."""
    whole = "province crab_3: crab\nprovince crab_4: crab"
    assert state_of(merged(BASE, whole, "round: 1")).space[0] == "feats-of-engineering"
    assert state_of(merged(BASE, whole, "played: cultural-exchange")).space[0] == "feats-of-engineering"
    assert state_of(merged(BASE, whole, "cards crab: promotion")).cards[0] == ["promotion"]


ROUND_ONE = [
    ("a faceup control token in round 1 (Setup 10. Place Starting Control Tokens: facedown)",
     "round: 1\nprovince crab_2: crab up=1", "province crab_2", "province", "up=1 down=0"),
    ("two control tokens in one province in round 1 (Setup 10: one a province)",
     "round: 1\nprovince crab_2: crab down=2", "province crab_2", "province", "one facedown control token"),
    ("peace before the first resolution (Special Tokens)", "round: 1\nprovince mainland_1: - special=peace",
     "province mainland_1", "province", "special=peace: no special token"),
    ("a discard pile in round 1 without a shugenja played (Scout and Shugenja Cards)", "round: 1\ndiscard crab: a1",
     "discard crab", "discard", "(0 played)"),
]


@pytest.mark.parametrize("case, replaced, start, field, words", ROUND_ONE, ids=[c[0] for c in ROUND_ONE])
def test_before_the_first_resolution_only_setup_has_changed_the_board(case, replaced, start, field, words):
    """Setup 6 and 10 put one facedown control token a province; faceup control tokens, special tokens and discarded
    combat tokens come from resolution and cards, so none is there in round 1 (but a shugenja's discard)."""
    text = merged(BASE, replaced)
    with pytest.raises(FormatError, match=rf"^line {_line_of(text, start)} \({re.escape(field)}\): ") as e:
        from_position(text)
    assert words in str(e.value)
    # after one resolution each is possible
    assert from_position(merged(text, "round: 2")).round == 2


def test_scout_and_shugenja_cards_a_shugenja_discards_in_round_one():
    """Scout and Shugenja Cards: a shugenja played in round 1's placement discards an opponent's token."""
    s = state_of(merged(BASE, "round: 1\nshugenja phoenix: 0\ndiscard crab: a3"))
    assert len(s.discard[0]) == 1
