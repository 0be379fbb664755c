"""Playing Territory Cards: every card's effect and choices (Reference: Territory cards table).

Upkeep cards are played in round 2's upkeep (Upkeep Phase 3. Play Territory Cards);
the Shadowlands cards at the start of the holder's turn in the placement phase
(The Shadowlands).
"""

from __future__ import annotations

import pytest

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from daimyo.rokugan.cards import CARDS
from daimyo.rokugan.data import RULES
from daimyo.rokugan.data_derived import CARD_NUMBERS
from daimyo.rokugan.position import to_position
from tests.rokugan.helpers import P, codes, state_of

CRAB, PHOENIX = 0, 1


def _holds(card, body):
    """Crab holds ``card``, so it controls the card's territory (claimed in Resolution Phase 6): a control token in
    each of its provinces that ``body`` does not state otherwise."""
    from daimyo.rokugan.data import RULES
    t = RULES.territory_index[RULES.cards[card]["territory"]] if card in RULES.cards else None
    if t is None:
        return ""
    stated = {line.split(":")[0].split()[-1] for line in body.splitlines() if line.strip().startswith("province ")}
    return "".join(f"\nprovince {RULES.province_names[p]}: crab" for p in RULES.territory_provinces[t]
                   if RULES.province_names[p] not in stated and RULES.province_names[p] != "crab_1")


def _merged(base, body):
    """``base`` then ``body``, leaving out base's facts that ``body`` states again (a fact is given once)."""
    def key(line):
        return line.split(":")[0].strip()
    given = {key(x) for x in body.splitlines() if x.strip()}
    return "\n".join(x for x in base.splitlines() if key(x) not in given) + "\n" + body


def upkeep(card, body="", hands="a1 a2 bluff"):
    """Crab holds ``card`` in round 2's upkeep and may play it now."""
    return state_of(_merged(f"""
        format: rokugan-position
        players: crab phoenix
        phase: upkeep
        round: 2
        first: crab
        turn: crab
        cards crab: {card}
        hand crab: {hands}
        hand phoenix: a1 a2 bluff
        province crab_1: crab
        province phoenix_1: phoenix
    """, body + _holds(card, body)))


def placement(card, body="", hand="a1 a2 s1 bluff"):
    """Crab holds Shadowlands card ``card`` at the start of its placement turn."""
    return state_of(_merged(f"""
        format: rokugan-position
        players: crab phoenix
        phase: placement
        round: 2
        first: crab
        turn: crab
        cards crab: {card}
        hand crab: {hand}
        hand phoenix: a1 a2 bluff
        province crab_1: crab
        province phoenix_1: phoenix
    """, body + _holds(card, body)))


def act(s, *texts, seat=CRAB):
    events = []
    for t in texts:
        events += s.apply(Action(seat, t))
    return events


def choices(s, seat=CRAB):
    return {a.text for a in s.legal_actions(seat)}


def rejects(s, text, match="must choose one of", seat=CRAB):
    before = to_position(s)
    with pytest.raises(RuleViolation, match=match):
        s.apply(Action(seat, text))
    assert to_position(s) == before


def card_done(s, card):
    assert not s.pending and card in s.played and all(card not in c for c in s.cards)


# ------------------------------------------------------------ general
def test_a_played_card_leaves_the_game_and_the_upkeep_ends_when_all_pass():
    """Rulebook: Playing Territory Cards (return it to the game box) and Upkeep Phase 3 (until all pass)."""
    s = upkeep("bountiful-harvest")
    assert choices(s) == {"play bountiful-harvest", "pass"}
    act(s, "play bountiful-harvest", "province crab_1")
    card_done(s, "bountiful-harvest")
    assert s.phase == "placement" and s.turn == CRAB


def test_a_player_may_pass_and_play_later_unless_all_others_pass_too():
    """Rulebook: Upkeep Phase 3 (a player who passes can still play later, unless all other players also pass)."""
    s = state_of("""
        format: rokugan-position
        players: crab phoenix
        phase: upkeep
        round: 2
        first: crab
        turn: crab
        cards crab: bountiful-harvest
        cards phoenix: port-of-prosperity
        hand crab: a1 a2 bluff
        hand phoenix: a1 a2 bluff
        province crab_1: crab
        province phoenix_1: phoenix
        province mainland_1: crab
        province mainland_2: crab
        province mainland_3: crab
        province islands_1: phoenix
        province islands_2: phoenix
        province islands_3: phoenix
    """)
    act(s, "pass")
    assert s.turn == PHOENIX
    act(s, "play port-of-prosperity", "province phoenix_1", seat=PHOENIX)
    assert s.phase == "upkeep" and s.turn == CRAB      # crab may play after all
    act(s, "pass")
    assert s.phase == "placement" and s.cards[CRAB] == ["bountiful-harvest"]


def test_an_upkeep_card_cannot_be_played_in_the_placement_phase():
    """Rulebook: Playing Territory Cards (played during the upkeep phase)."""
    s = placement("bountiful-harvest")
    rejects(s, "play bountiful-harvest", "upkeep phase")


def test_a_shadowlands_card_cannot_be_played_in_the_upkeep():
    """Rulebook: The Shadowlands (Shadowlands cards are not played during the upkeep phase)."""
    s = upkeep("inspire-fear", "province crab_2: crab")
    assert "play inspire-fear" not in choices(s)
    rejects(s, "play inspire-fear", "start of a turn in the placement phase")


def test_a_card_not_held_cannot_be_played():
    """Rulebook: Playing Territory Cards."""
    s = upkeep("bountiful-harvest")
    rejects(s, "play promotion", "does not hold")


# ------------------------------------------------------------ crab
def test_feats_of_engineering_puts_the_harbor_in_a_landlocked_province():
    """Reference: Feats of Engineering (harbor in a landlocked province; it becomes coastal)."""
    s = upkeep("feats-of-engineering")
    act(s, "play feats-of-engineering")
    assert "province crab_1" not in choices(s)          # crab_1 is coastal
    rejects(s, "province crab_1")
    act(s, "province crab_2")
    card_done(s, "feats-of-engineering")
    assert s.special[P("crab_2")] == "harbor" and s.is_coastal(P("crab_2"))


def test_promotion_takes_a_token_from_the_discard_then_returns_one():
    """Reference: Promotion (take an army, navy or shinobi from the discard; discard or return one from the hand)."""
    s = upkeep("promotion", "discard crab: n2 raid b2 a3")
    act(s, "play promotion")
    assert choices(s) == {"take n2", "take a3"}
    rejects(s, "take raid")
    rejects(s, "take b2")
    act(s, "take n2")
    assert codes(s, CRAB, s.hand[CRAB]) == ["a1", "a2", "bluff", "n2"]
    assert "discard bluff" not in choices(s) and "return bluff" not in choices(s)
    pool_before = len(s.pool[CRAB])
    act(s, "return a1")
    card_done(s, "promotion")
    assert codes(s, CRAB, s.hand[CRAB]) == ["a2", "bluff", "n2"]
    assert len(s.pool[CRAB]) == pool_before + 1 and "a1" in codes(s, CRAB, s.pool[CRAB])
    assert codes(s, CRAB, s.discard[CRAB]) == ["a3", "b2", "raid"]


def test_promotion_can_discard_instead_of_returning():
    """Reference: Promotion (discard one token from your hand)."""
    s = upkeep("promotion", "discard crab: s2")
    act(s, "play promotion", "take s2", "discard a2")
    assert codes(s, CRAB, s.hand[CRAB]) == ["a1", "bluff", "s2"]
    assert codes(s, CRAB, s.discard[CRAB]) == ["a2"]


def test_promotion_needs_a_token_to_take():
    """Reference: Promotion; Rulebook: Playing Territory Cards."""
    s = upkeep("promotion", "discard crab: raid b2")
    assert "play promotion" not in choices(s)
    rejects(s, "play promotion", "cannot be played now")


# ------------------------------------------------------------ crane
def test_code_of_honor_puts_two_honor_tokens_in_different_provinces():
    """Reference: Code of Honor (+1 honor token in each of two different non-Shadowlands provinces)."""
    s = upkeep("code-of-honor")
    act(s, "play code-of-honor")
    rejects(s, "province shadowlands_north")
    act(s, "province crab_3")
    rejects(s, "province crab_3")
    act(s, "province phoenix_1")
    card_done(s, "code-of-honor")
    assert s.special[P("crab_3")] == "honor_1" and s.special[P("phoenix_1")] == "honor_1"
    assert s.specials_left["honor_1"] == 0


def test_diplomatic_mission_in_an_opponents_province_adds_two_faceup_tokens():
    """Reference: Diplomatic Mission (peace anywhere; in an opponent's province, two faceup tokens in yours)."""
    s = upkeep("diplomatic-mission", "province crab_2: crab")
    act(s, "play diplomatic-mission", "province phoenix_1")
    assert s.special[P("phoenix_1")] == "peace" and s.owner[P("phoenix_1")] == PHOENIX
    # crab holds the card, so it controls the Crane territory too
    assert choices(s) == {"province crab_1", "province crab_2", "province crane_1", "province crane_2", "province crane_3"}
    rejects(s, "province phoenix_1")
    act(s, "province crab_2")
    card_done(s, "diplomatic-mission")
    assert s.up[P("crab_2")] == 2 and s.supply[CRAB] == 30 - 5 - 2


def test_diplomatic_mission_in_an_own_or_empty_province_ends_there():
    """Reference: Diplomatic Mission (the bonus only for an opponent's province)."""
    for target in ("crab_1", "crab_3"):
        s = upkeep("diplomatic-mission")
        act(s, "play diplomatic-mission", f"province {target}")
        card_done(s, "diplomatic-mission")
        assert s.special[P(target)] == "peace" and s.up[P("crab_1")] == 0


@pytest.mark.parametrize("card,pile", [("diplomatic-mission", "peace"), ("pirate-raids", "scorched_earth")])
def test_a_card_whose_special_token_pile_is_empty_cannot_be_played(card, pile):
    """Rulebook: Components (15 peace and 15 scorched earth tokens); Reference: Diplomatic Mission, Pirate Raids;
    docs/rokugan-rules.md (a card is played only when its first choice has an option): with all fifteen on the
    board there is no token to put, so the card stays in the hand."""
    spread = [p for p in RULES.province_names if not p.startswith(("crab", "crane", "islands"))][:15]
    body = "\n".join(f"province {p}: - special={pile}" for p in spread)
    s = upkeep(card, body)
    assert s.specials_left[pile] == 0
    assert f"play {card}" not in choices(s)
    rejects(s, f"play {card}", "cannot be played now")
    body = "\n".join(f"province {p}: - special={pile}" for p in spread[:14])
    s = upkeep(card, body)
    assert s.specials_left[pile] == 1
    act(s, f"play {card}", "province crab_3")
    assert s.special[P("crab_3")] == pile and s.specials_left[pile] == 0


# ------------------------------------------------------------ dragon
def test_strength_of_purpose_adds_a_faceup_token_to_two_different_provinces():
    """Reference: Strength of Purpose (two different provinces you control, one faceup token each)."""
    s = upkeep("strength-of-purpose", "province crab_2: crab")
    act(s, "play strength-of-purpose")
    rejects(s, "province phoenix_1")
    act(s, "province crab_1")
    rejects(s, "province crab_1")
    act(s, "province crab_2")
    card_done(s, "strength-of-purpose")
    assert s.up[P("crab_1")] == 1 and s.up[P("crab_2")] == 1


def test_strength_of_purpose_needs_two_provinces():
    """Reference: Strength of Purpose (two different provinces)."""
    # crab claimed the card with the Dragon territory, then Cultural Exchange took those provinces away
    s = upkeep("strength-of-purpose", "played: cultural-exchange\nprovince dragon_1: phoenix\nprovince dragon_2: phoenix\n"
               "province dragon_3: phoenix")
    rejects(s, "play strength-of-purpose", "cannot be played now")


def test_sacred_ground_puts_the_shrine_in_any_province():
    """Reference: Sacred Ground (the shrine token in a province)."""
    s = upkeep("sacred-ground")
    act(s, "play sacred-ground", "province phoenix_1")
    card_done(s, "sacred-ground")
    assert s.special[P("phoenix_1")] == "shrine" and s.specials_left["shrine"] == 0


# ------------------------------------------------------------ lion
def test_bushido_puts_the_four_honor_token_outside_the_shadowlands():
    """Reference: Bushido (the 4-honor token on a non-Shadowlands province)."""
    s = upkeep("bushido")
    act(s, "play bushido")
    rejects(s, "province shadowlands_south")
    act(s, "province crab_1")
    card_done(s, "bushido")
    assert s.special[P("crab_1")] == "honor_4"
    from daimyo.rokugan.scoring import province_flowers
    assert province_flowers(s, P("crab_1")) == 4


def test_honorable_fight_puts_the_battlefield_token():
    """Reference: Honorable Fight (the battlefield token in a province)."""
    s = upkeep("honorable-fight")
    act(s, "play honorable-fight", "province crab_1")
    card_done(s, "honorable-fight")
    assert s.special[P("crab_1")] == "battlefield"
    assert "place dip crab_1" not in choices(s)          # now in the placement phase


# ------------------------------------------------------------ phoenix
def test_aid_of_the_kami_puts_the_two_defense_token_outside_the_shadowlands():
    """Reference: Aid of the Kami (the +2 defense token in a non-Shadowlands province)."""
    s = upkeep("aid-of-the-kami")
    act(s, "play aid-of-the-kami")
    rejects(s, "province shadowlands_north")
    act(s, "province crab_1")
    assert s.special[P("crab_1")] == "defense_2"


def test_bless_the_lands_removes_scorched_earth_and_adds_two_control_tokens():
    """Reference: Bless the Lands (remove a scorched earth token; one faceup and one facedown control token there)."""
    s = upkeep("bless-the-lands", "province crab_3: - special=scorched_earth")
    act(s, "play bless-the-lands")
    assert choices(s) == {"province crab_3"}
    rejects(s, "province crab_2")
    act(s, "province crab_3")
    card_done(s, "bless-the-lands")
    p = P("crab_3")
    assert s.special[p] is None and (s.owner[p], s.up[p], s.down[p]) == (CRAB, 1, 1)
    assert s.specials_left["scorched_earth"] == 15


def test_bless_the_lands_needs_scorched_earth():
    """Reference: Bless the Lands."""
    s = upkeep("bless-the-lands")
    rejects(s, "play bless-the-lands", "cannot be played now")


# ------------------------------------------------------------ scorpion
def test_foment_rebellion_in_an_own_province_adds_two_faceup_tokens():
    """Reference: Foment Rebellion (remove a peace token; if you control it, two faceup tokens there)."""
    s = upkeep("foment-rebellion", "province crab_2: crab special=peace")
    act(s, "play foment-rebellion")
    rejects(s, "province crab_1")
    act(s, "province crab_2")
    card_done(s, "foment-rebellion")
    p = P("crab_2")
    assert s.special[p] is None and s.up[p] == 2 and s.specials_left["peace"] == 15


def test_foment_rebellion_in_another_province_only_removes_the_peace():
    """Reference: Foment Rebellion."""
    s = upkeep("foment-rebellion", "province phoenix_2: phoenix special=peace")
    act(s, "play foment-rebellion", "province phoenix_2")
    card_done(s, "foment-rebellion")
    p = P("phoenix_2")
    assert s.special[p] is None and s.up[p] == 0 and s.owner[p] == PHOENIX
    assert s.supply[CRAB] == 30 - 4          # crab_1 and the Scorpion territory its card came with; nothing added


def test_spy_network_shows_a_hand_and_forbids_that_players_bluff():
    """Reference: Spy Network (look at another player's hand; that player cannot place its bluff this round)."""
    s = upkeep("spy-network")
    act(s, "play spy-network")
    assert choices(s) == {"player phoenix"}
    rejects(s, "player crab")
    events = act(s, "player phoenix")
    seen = [e.data for e in events if e.kind == "saw-hand"][0]
    assert seen["tokens"] == ["a1", "a2", "bluff"]
    assert [e.visible_to for e in events if e.kind == "saw-hand"] == [frozenset({CRAB})]
    assert s.spied[PHOENIX] and not s.spied[CRAB]
    assert s.phase == "placement"
    act(s, "place a1 crab_1")
    assert s.turn == PHOENIX
    assert not any(t.startswith("place bluff") for t in choices(s, PHOENIX))
    rejects(s, "place bluff ~crab_1", "Spy Network", seat=PHOENIX)


def test_spy_network_in_a_five_player_game_may_target_any_of_the_four_others():
    """Reference: Spy Network (look at another player's hand; that player cannot place its bluff this round), in a
    five-player game: each of the four others is a choice, and only the one chosen loses its bluff."""
    s = state_of("""
        format: rokugan-position
        players: crab phoenix lion crane unicorn
        phase: upkeep
        round: 2
        first: lion
        turn: unicorn
        passes: 2
        cards unicorn: spy-network
        hand crab: a1 a2 bluff
        hand phoenix: a1 a2 bluff
        hand lion: a1 a2 bluff
        hand crane: a1 a2 bluff
        hand unicorn: a1 a2 bluff
        province crab_1: crab
        province phoenix_1: phoenix
        province lion_1: lion
        province crane_1: crane
        province unicorn_1: unicorn
        province scorpion_1: unicorn
        province scorpion_2: unicorn
        province scorpion_3: unicorn
    """)
    act(s, "play spy-network", seat=4)
    assert choices(s, 4) == {"player crab", "player phoenix", "player lion", "player crane"}
    rejects(s, "player unicorn", seat=4)
    act(s, "player crane", seat=4)
    assert s.spied == [False, False, False, True, False]
    assert s.phase == "placement" and s.turn == 2      # the others had no card to play: placement, lion first


def test_spy_network_lasts_one_round():
    """Reference: Spy Network (this round)."""
    s = upkeep("spy-network")
    act(s, "play spy-network", "player phoenix")
    s._start_round()
    assert not s.spied[PHOENIX]


# ------------------------------------------------------------ unicorn
def test_cultural_exchange_swaps_all_control_tokens_keeping_faces():
    """Reference: Cultural Exchange (swap all control tokens, faces kept, between your province and an opponent's)."""
    s = upkeep("cultural-exchange", "province crab_2: crab up=2 down=1\nprovince phoenix_2: phoenix up=1 down=1")
    before = s.supply[:]
    act(s, "play cultural-exchange")
    rejects(s, "province phoenix_2")
    act(s, "province crab_2")
    rejects(s, "province crab_1")
    act(s, "province phoenix_2")
    card_done(s, "cultural-exchange")
    a, b = P("crab_2"), P("phoenix_2")
    assert (s.owner[a], s.up[a], s.down[a]) == (PHOENIX, 1, 1)
    assert (s.owner[b], s.up[b], s.down[b]) == (CRAB, 2, 1)
    assert s.supply == before        # the tokens change places, none goes back to a supply


def test_cultural_exchange_needs_a_province_an_opponent_controls():
    """Reference: Cultural Exchange (between a province you control and one an opponent controls); docs/rokugan-
    rules.md (a card is played only when its choices can be made): no opponent controls a province, so it waits."""
    s = upkeep("cultural-exchange", "province phoenix_1: -\nprovince crab_2: crab")
    assert s.provinces_of(PHOENIX) == []
    assert "play cultural-exchange" not in choices(s)
    rejects(s, "play cultural-exchange", "cannot be played now")


def test_reinforcements_takes_two_armies_then_discards_or_returns_two():
    """Reference: Reinforcements (up to two armies from the discard; then discard or return each of two)."""
    s = upkeep("reinforcements", "discard crab: a3 n1 a4 a1")
    act(s, "play reinforcements")
    assert choices(s) == {"take a3", "take a4", "take a1"}
    rejects(s, "take n1")
    rejects(s, "done")
    act(s, "take a3")
    assert "done" in choices(s)
    act(s, "take a4")
    assert codes(s, CRAB, s.hand[CRAB]) == ["a1", "a2", "a3", "a4", "bluff"]
    act(s, "discard a1", "return a4")
    card_done(s, "reinforcements")
    assert codes(s, CRAB, s.hand[CRAB]) == ["a2", "a3", "bluff"]
    assert codes(s, CRAB, s.discard[CRAB]) == ["a1", "a1", "n1"]
    assert "a4" in codes(s, CRAB, s.pool[CRAB])


def test_reinforcements_may_stop_after_one_army():
    """Reference: Reinforcements (up to two)."""
    s = upkeep("reinforcements", "discard crab: a5 a2")
    act(s, "play reinforcements", "take a5", "done", "return a1", "return a2")
    card_done(s, "reinforcements")
    assert codes(s, CRAB, s.hand[CRAB]) == ["a5", "bluff"]
    assert codes(s, CRAB, s.discard[CRAB]) == ["a2"]


# ------------------------------------------------------------ islands
def test_port_of_prosperity_puts_the_two_honor_token_outside_the_shadowlands():
    """Reference: Port of Prosperity (+2 honor token in a non-Shadowlands province)."""
    s = upkeep("port-of-prosperity")
    act(s, "play port-of-prosperity")
    rejects(s, "province shadowlands_north")
    act(s, "province crab_1")
    assert s.special[P("crab_1")] == "honor_2"


def test_pirate_raids_on_an_own_province_gives_three_faceup_tokens_elsewhere():
    """Reference: Pirate Raids (scorched earth anywhere; if you controlled it, three faceup tokens in another)."""
    s = upkeep("pirate-raids", "province crab_2: crab down=2")
    act(s, "play pirate-raids", "province crab_2")
    assert s.special[P("crab_2")] == "scorched_earth" and s.owner[P("crab_2")] == -1
    assert choices(s) == {"province crab_1", "province islands_1", "province islands_2", "province islands_3"}
    act(s, "province crab_1")
    card_done(s, "pirate-raids")
    assert s.up[P("crab_1")] == 3 and s.supply[CRAB] == 30 - 4 - 3


def test_pirate_raids_on_an_opponent_removes_its_control_and_ends():
    """Reference: Pirate Raids."""
    s = upkeep("pirate-raids", "province phoenix_2: phoenix up=1")
    act(s, "play pirate-raids")
    act(s, "province phoenix_2")
    card_done(s, "pirate-raids")
    assert s.owner[P("phoenix_2")] == -1 and s.supply[PHOENIX] == 29
    assert s.up[P("crab_1")] == 0


def test_pirate_raids_cannot_scorch_a_peaceful_province():
    """Reference: Pirate Raids; Rulebook: Special Tokens (peace is never replaced)."""
    s = upkeep("pirate-raids", "province crab_2: crab special=peace")
    act(s, "play pirate-raids")
    rejects(s, "province crab_2")


def test_pirate_raids_on_the_only_own_province_ends_without_a_bonus():
    """Reference: Pirate Raids (another province you control: none left)."""
    # crab claimed the card with the Islands, then Cultural Exchange took them away
    s = upkeep("pirate-raids", "played: cultural-exchange\nprovince islands_1: phoenix\nprovince islands_2: phoenix\n"
               "province islands_3: phoenix")
    act(s, "play pirate-raids", "province crab_1")
    card_done(s, "pirate-raids")
    assert s.provinces_of(CRAB) == [] and s.supply[CRAB] == 30


# ------------------------------------------------------------ mainland
def test_bountiful_harvest_adds_two_faceup_tokens_to_one_province():
    """Reference: Bountiful Harvest (two faceup control tokens in one province you control)."""
    s = upkeep("bountiful-harvest")
    act(s, "play bountiful-harvest")
    rejects(s, "province phoenix_1")
    act(s, "province crab_1")
    assert s.up[P("crab_1")] == 2 and s.supply[CRAB] == 30 - 4 - 2   # crab_1, the mainland, two added


def test_bountiful_harvest_adds_only_what_the_supply_holds():
    """Rulebook: Control and Combat Tokens (30 per clan): an effect adds only what the supply holds."""
    s = upkeep("bountiful-harvest", "province crab_2: crab down=25")   # with crab_1 and the mainland: 29
    assert s.supply[CRAB] == 1
    events = act(s, "play bountiful-harvest", "province crab_1")
    assert s.up[P("crab_1")] == 1 and s.supply[CRAB] == 0
    assert [e.data["faceup"] for e in events if e.kind == "control-added"] == [1]


def test_ashigaru_levies_puts_three_defense_tokens_in_different_provinces():
    """Reference: Ashigaru Levies (+1 defense token in each of three different non-Shadowlands provinces)."""
    s = upkeep("ashigaru-levies")
    act(s, "play ashigaru-levies", "province crab_1")
    rejects(s, "province crab_1")
    rejects(s, "province shadowlands_north")
    act(s, "province crab_2", "province phoenix_1")
    card_done(s, "ashigaru-levies")
    assert [s.special[P(x)] for x in ("crab_1", "crab_2", "phoenix_1")] == ["defense_1"] * 3


# ------------------------------------------------------------ shadowlands
def test_dark_favors_may_look_at_and_discard_a_faceup_token():
    """Reference: Dark Favors ("look at up to four combat tokens on the board", no owner or face named):
    a faceup token (put there by Animate the Dead) may be chosen and discarded."""
    s = placement("dark-favors", """
        province crab_2: crab
        province phoenix_2: phoenix
        token #1: phoenix a4 phoenix_2 faceup
        played: animate-the-dead
        hand phoenix: a1 bluff
    """)
    act(s, "play dark-favors", "province crab_2", "token #1", "done", "token #1")
    card_done(s, "dark-favors")
    assert s.tokens == [] and codes(s, PHOENIX, s.discard[PHOENIX]) == ["a4"]


def test_shadowlands_card_is_played_at_the_start_of_the_turn():
    """Rulebook: The Shadowlands (played at the start of a player's turn during the placement phase)."""
    s = placement("inspire-fear", "province crab_2: crab")
    assert "play inspire-fear" in choices(s)
    assert "play inspire-fear" not in {a.text for a in s.legal_actions(PHOENIX)}
    with pytest.raises(RuleViolation, match="not phoenix's turn"):
        s.apply(Action(PHOENIX, "play inspire-fear"))


def test_dark_favors_sacrifice_look_then_discard_one():
    """Reference: Dark Favors (remove a control token from a non-Shadowlands province; look at up to four
    combat tokens on the board, any player's, facedown or faceup; reveal and discard one of them); Rulebook:
    The Combat Tokens: Blessing (a blessing and the token under it cannot be targeted by card effects)."""
    s = placement("dark-favors", """
        province crab_2: crab up=1 down=1
        province shadowlands_north: crab
        province phoenix_2: phoenix
        token #1: phoenix a3 phoenix_2>lion_2
        token #2: phoenix a1 phoenix_1
        token #3: phoenix s2 lion_3
        token #4: phoenix b2 #2
        token #5: crab a1 crab_1
        hand phoenix: a1 bluff
    """)
    act(s, "play dark-favors")
    rejects(s, "province shadowlands_north")
    rejects(s, "province phoenix_1")
    act(s, "province crab_2")
    assert (s.up[P("crab_2")], s.down[P("crab_2")]) == (0, 1)      # faceup removed first
    # "look at up to four combat tokens on the board": its own token too, never a blessed one (#2) or a blessing (#4)
    assert choices(s) == {"token #1", "token #3", "token #5"}
    rejects(s, "token #2", match="'token #2' is not a choice here")   # the argument is named, not the verb
    rejects(s, "token #4")
    events = act(s, "token #1")
    saw = [e for e in events if e.kind == "saw"]
    assert saw[0].data["code"] == "a3" and saw[0].visible_to == frozenset({CRAB})
    assert choices(s) == {"token #3", "token #5", "done"}
    act(s, "done")
    assert choices(s) == {"token #1"}
    rejects(s, "token #3")
    act(s, "token #1")
    card_done(s, "dark-favors")
    assert [t.number for t in s.tokens] == [2, 3, 4, 5]
    assert codes(s, PHOENIX, s.discard[PHOENIX]) == ["a3"]
    assert s.turn == CRAB and s.phase == "placement"               # crab now places as usual
    act(s, "place a2 crab_1")
    assert s.turn == PHOENIX


def test_dark_favors_looks_at_four_tokens_at_most():
    """Reference: Dark Favors ("look at up to four combat tokens on the board, then reveal and discard one of them"):
    after the fourth look the card goes on to the discard, among the four looked at only."""
    s = placement("dark-favors", """
        province crab_2: crab
        province phoenix_2: phoenix
        token #1: phoenix a1 phoenix_1
        token #2: phoenix a2 phoenix_1
        token #3: phoenix a3 phoenix_2
        token #4: phoenix a1 phoenix_2
        token #5: phoenix s1 crab_2
        hand phoenix: a4 bluff
    """)
    act(s, "play dark-favors", "province crab_2", "token #1", "token #2", "token #3")
    assert choices(s) == {"token #4", "token #5", "done"}
    events = act(s, "token #5")
    assert [e.data["token"] for e in events if e.kind == "saw"] == [5]
    assert choices(s) == {"token #1", "token #2", "token #3", "token #5"}   # no fifth look, no "done"
    rejects(s, "token #4")
    rejects(s, "done")
    act(s, "token #3")
    card_done(s, "dark-favors")
    assert sorted(t.number for t in s.tokens) == [1, 2, 4, 5]
    assert codes(s, PHOENIX, s.discard[PHOENIX]) == ["a3"]
    assert s.turn == CRAB


def test_purge_the_weak_discards_from_hand_then_two_board_tokens_and_ends_the_turn():
    """Reference: Purge the Weak (discard a token from your hand and place none; reveal and discard two on the board)."""
    s = placement("purge-the-weak", """
        province crab_2: crab
        token #1: phoenix s2 crab_2
        token #2: crab a1 crab_2
        token #3: phoenix s1 crab_1
        hand phoenix: a1 bluff
    """)
    act(s, "play purge-the-weak")
    rejects(s, "discard a5")
    act(s, "discard a2")
    assert codes(s, CRAB, s.hand[CRAB]) == ["a1", "bluff", "s1"] and codes(s, CRAB, s.discard[CRAB]) == ["a2"]
    act(s, "token #1", "token #2")                # any player's tokens, own included
    card_done(s, "purge-the-weak")
    assert [t.number for t in s.tokens] == [3]
    assert codes(s, PHOENIX, s.discard[PHOENIX]) == ["s2"]
    assert codes(s, CRAB, s.discard[CRAB]) == ["a1", "a2"]
    assert s.turn == PHOENIX                      # crab places none this turn


def test_purge_the_weak_a_discarded_bluff_stays_out_for_the_round():
    """Reference: Purge the Weak (the discarded bluff stays out, faceup, for the round)."""
    s = placement("purge-the-weak", "token #1: phoenix n2 ~crab_1\nhand phoenix: a1 bluff")
    act(s, "play purge-the-weak", "discard bluff", "token #1")
    assert codes(s, CRAB, s.out[CRAB]) == ["bluff"] and "bluff" not in codes(s, CRAB, s.hand[CRAB])
    card_done(s, "purge-the-weak")
    s._start_round()
    assert "bluff" in codes(s, CRAB, s.hand[CRAB]) and s.out[CRAB] == []


def test_purge_the_weak_never_targets_a_blessing_and_ends_when_no_target_is_left():
    """Reference: Purge the Weak (reveal and discard two combat tokens on the board); Rulebook: The Combat Tokens:
    Blessing (a blessing and the token under it cannot be targeted by card effects); docs/rokugan-rules.md (a later
    step without an option ends the card): with one token it may target, the card discards it and ends, and the
    turn still passes."""
    s = placement("purge-the-weak", """
        province phoenix_2: phoenix
        token #1: phoenix a3 phoenix_1
        token #2: phoenix b2 #1
        token #3: phoenix a1 phoenix_2
        hand phoenix: a2 a4 bluff
    """)
    act(s, "play purge-the-weak", "discard s1")
    assert choices(s) == {"token #3"}
    rejects(s, "token #1")
    rejects(s, "token #2")
    act(s, "token #3")
    card_done(s, "purge-the-weak")
    assert sorted(t.number for t in s.tokens) == [1, 2]
    assert codes(s, PHOENIX, s.discard[PHOENIX]) == ["a1"]
    assert s.turn == PHOENIX


def test_animate_the_dead_places_a_discarded_token_faceup_then_a_normal_placement():
    """Reference: Animate the Dead (remove a control token; put a discarded token faceup by the placement
    rules; then place from the hand as usual)."""
    s = placement("animate-the-dead", """
        province crab_2: crab down=2
        province crab_3: phoenix
        discard crab: a4 n2
    """)
    act(s, "play animate-the-dead", "province crab_2")
    assert s.down[P("crab_2")] == 1
    opts = choices(s)
    assert "place a4 crab_2>crab_3" in opts and "place n2 crab_1" in opts
    assert not any(o.startswith("place a1") for o in opts)        # from the discard pile only
    rejects(s, "place a1 crab_2>crab_3")
    rejects(s, "place n2 crab_2")                                  # crab_2 is landlocked
    act(s, "place a4 crab_2>crab_3")
    card_done(s, "animate-the-dead")
    (t,) = s.tokens
    assert s.code_of(CRAB, t.clan_token) == "a4" and t.faceup is True          # faceup
    assert codes(s, CRAB, s.discard[CRAB]) == ["n2"]
    assert s.turn == CRAB
    act(s, "place a2 crab_1")
    assert s.turn == PHOENIX and len(s.tokens) == 2


def test_animate_the_dead_needs_a_discarded_token():
    """Reference: Animate the Dead."""
    s = placement("animate-the-dead", "province crab_2: crab")
    assert "play animate-the-dead" not in choices(s)


def test_inspire_fear_removes_up_to_two_special_tokens():
    """Reference: Inspire Fear (remove a control token; remove up to two special tokens, peace and scorched
    earth included)."""
    s = placement("inspire-fear", """
        province crab_2: crab
        province crab_3: - special=scorched_earth
        province crab_4: - special=peace
        played: sacred-ground
        province phoenix_1: phoenix special=shrine
    """)
    act(s, "play inspire-fear")
    rejects(s, "province phoenix_1")
    act(s, "province crab_2")
    assert s.owner[P("crab_2")] == -1 and s.supply[CRAB] == 30 - 2   # crab_1 and the Shadowlands province left
    assert choices(s) == {"special crab_3", "special crab_4", "special phoenix_1", "done"}
    rejects(s, "special crab_1")
    act(s, "special crab_3", "special phoenix_1")
    card_done(s, "inspire-fear")
    assert s.special[P("crab_3")] is None and s.special[P("phoenix_1")] is None
    assert s.special[P("crab_4")] == "peace"
    assert s.specials_left["scorched_earth"] == 15 and s.specials_left["shrine"] == 1
    assert "place s1 crab_3" in choices(s)        # no longer scorched


def test_inspire_fear_may_stop_after_one():
    """Reference: Inspire Fear (up to two)."""
    s = placement("inspire-fear", "province crab_2: crab special=peace")
    act(s, "play inspire-fear", "province crab_1", "special crab_2", "done")
    card_done(s, "inspire-fear")
    assert s.special[P("crab_2")] is None and s.owner[P("crab_1")] == -1


def test_shadowlands_sacrifice_must_come_from_outside_the_shadowlands():
    """Reference: Dark Favors / Animate the Dead / Inspire Fear (a control token from a non-Shadowlands province)."""
    s = state_of("""
        format: rokugan-position
        players: crab phoenix
        phase: placement
        round: 2
        turn: crab
        cards crab: inspire-fear
        hand crab: a1 a2 bluff
        hand phoenix: a1 a2 bluff
        province shadowlands_south: crab up=2
        province phoenix_1: phoenix special=peace
    """)
    assert "play inspire-fear" not in choices(s)
    rejects(s, "play inspire-fear", "cannot be played now")


def test_honorable_fight_cannot_go_on_scorched_earth():
    """Reference: Honorable Fight; Rulebook: Special Tokens (scorched earth is never replaced)."""
    s = upkeep("honorable-fight", "province crab_2: - special=scorched_earth")
    act(s, "play honorable-fight")
    rejects(s, "province crab_2")
    act(s, "province crab_3")
    assert s.special[P("crab_3")] == "battlefield" and s.special[P("crab_2")] == "scorched_earth"


def test_the_card_numbers_a_file_may_set_are_the_printed_ones_by_default():
    """Playing Territory Cards: each number a rules file may set (data_derived.py CARD_NUMBERS) is, unset, the one
    printed on the card, which its effect holds; the standard rules change none of them."""
    for cid, fields in CARD_NUMBERS.items():
        for field, (attr, printed, lo, hi) in fields.items():
            assert getattr(CARDS[cid], attr) == printed and lo <= printed <= hi, (cid, field)
            assert RULES.card_number(cid, attr, printed) == printed
