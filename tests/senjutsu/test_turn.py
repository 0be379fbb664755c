"""The turn: Draw, Choose, Reveal, Resolve, Discard (Turn Structure In Detail; Revealing Cards)."""

import pytest

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from tests.senjutsu.helpers import kinds, play_turn, position

FAR = ("kaze hex=0,3 facing=n", "t-med5 t-atk5")
FAR2 = ("tetsu hex=0,-3 facing=s", "t-med5 t-atk5 t-atk3")


def test_draw_bleeding_mills_first_then_draws():
    """Draw / Bleeding Wound: at the start of the draw step the top card goes face-down to the discard, then a draw."""
    g = position(("kaze hex=0,3 facing=n bleeding=1", "t-med5", "", "t-atk5 t-def5 rest"), FAR2)
    top2 = g.duellists[0].deck[:2]
    assert top2 == ["t-atk5", "t-def5"]
    play_turn(g, {0: "t-med5", 1: "t-med5"})
    d = g.duellists[0]
    assert d.discard == [("t-med5", False), (top2[0], True)]   # the played card, then the milled card face-down
    assert top2[1] in d.hand                                     # then the draw
    assert g.view(1)["seats"][0]["discard"][-1] == "face-down"
    assert g.view(0)["seats"][0]["discard"][-1] == top2[0]


def test_draw_from_empty_deck_deals_a_wound():
    """Draw: with an empty ability card deck, gain a wound instead of drawing."""
    g = position(FAR, FAR2)
    g.duellists[0].deck = []
    play_turn(g, {0: "t-med5", 1: "t-med5"})
    assert g.duellists[0].wounds == 1 and g.duellists[1].wounds == 0


def test_choose_needs_focus_and_kamae():
    """Choose: a focus cost must be payable, and a mandatory Kamae must be the current one."""
    g = position(("kaze hex=0,3 facing=n focus=1", "t-costly t-aggro-only t-med5"), FAR2)
    legal = g.legal_moves(0)
    assert "play t-costly" not in legal and "play t-aggro-only" not in legal and "play t-med5" in legal
    with pytest.raises(RuleViolation, match="costs 2 focus"):
        g.apply(Action(0, "play t-costly"))
    with pytest.raises(RuleViolation, match="aggression"):
        g.apply(Action(0, "play t-aggro-only"))
    g2 = position(("kaze hex=0,3 facing=n focus=2 kamae=aggression", "t-costly t-aggro-only"), FAR2)
    assert {"play t-costly", "play t-aggro-only"} <= set(g2.legal_moves(0))


def test_instant_additional_cannot_be_chosen():
    """Instant Additional Cards cannot be selected during the Choose step."""
    g = position(("kaze hex=0,3 facing=n", "t-follow t-med5"), FAR2)
    assert "play t-follow" not in g.legal_moves(0)


def test_reveal_is_simultaneous_and_hidden():
    """Reveal: both choose at once (to_act names both); a chosen card is in no other seat's view or events."""
    g = position(FAR, FAR2)
    assert g.to_act() == (0, 1)
    events = g.apply(Action(0, "play t-atk5"))
    assert g.to_act() == (1,)
    for e in events:
        assert "t-atk5" not in repr(e.data) or not e.visible(1)
    assert "t-atk5" not in repr(g.view(1)["seats"][0]) and "t-atk5" not in repr(g.view(None))
    assert g.view(1)["seats"][0]["chosen"] is True
    assert g.view(0)["seats"][0]["chosen"] == "t-atk5"
    assert g.view(1)["seats"][0]["hand"] is None
    events = g.apply(Action(1, "play t-med5"))
    assert kinds(events, "reveal")[0]["cards"] == {"p1": "t-atk5", "p2": "t-med5"}


def test_reveal_pays_focus():
    """Revealing Cards 2: pay mandatory focus costs."""
    g = position(("kaze hex=0,3 facing=n focus=3", "t-costly"), FAR2)
    play_turn(g, {0: "t-costly", 1: "t-med5"})
    assert g.duellists[0].focus == 2   # 3 - 2 + 1 gained


def test_alternative_speed_kamae_is_mandatory():
    """Reveal: an alternative speed from a Kamae position is mandatory."""
    g = position(("kaze hex=0,0 facing=n kamae=aggression", "t-alt-kamae"), ("tetsu hex=0,-1 facing=s", "t-atk5"))
    ev = play_turn(g, {0: "t-alt-kamae", 1: "t-atk5"})
    assert kinds(ev, "order")[0]["segments"] == [["p1", 8], ["p2", 5]]


def test_alternative_speed_focus_is_optional_and_paid():
    """Reveal: an alternative speed with a focus cost is optional; choosing it pays the focus."""
    g = position(("kaze hex=0,0 facing=n focus=1", "t-alt-focus"), ("tetsu hex=0,-1 facing=s", "t-atk5"))
    g.apply(Action(0, "play t-alt-focus"))
    g.apply(Action(1, "play t-atk5"))
    assert g.to_act() == (0,) and g.legal_moves(0) == ["speed alt", "speed normal"]
    ev = g.apply(Action(0, "speed alt"))
    assert kinds(ev, "order")[0]["segments"][0] == ["p1", 8]
    assert g.duellists[0].focus == 0


def test_instant_replacement_swaps_type_and_refunds_focus():
    """Instant Replacement: a different type replaces the chosen card, which is discarded; its focus is regained."""
    g = position(("kaze hex=0,0 facing=n focus=2", "t-costly t-replace"), ("tetsu hex=0,-1 facing=s", "t-atk5"))
    g.apply(Action(0, "play t-costly"))
    g.apply(Action(1, "play t-atk5"))
    assert g.duellists[0].focus == 0
    assert g.legal_moves(0) == ["replace no", "replace t-replace"]
    ev = g.apply(Action(0, "replace t-replace"))
    assert kinds(ev, "replaced")[0] == {"seat": "p1", "old": "t-costly", "card": "t-replace"}
    assert g.duellists[0].focus == 2 and ("t-costly", False) in g.duellists[0].discard


def test_instant_replacement_must_differ_in_type():
    """Instant Replacement cards must be a different type than the card originally chosen."""
    g = position(("kaze hex=0,0 facing=n", "t-def5 t-replace"), ("tetsu hex=0,-1 facing=s", "t-atk5"))
    g.apply(Action(0, "play t-def5"))
    ev = g.apply(Action(1, "play t-atk5"))
    assert not kinds(ev, "replaced") and g.pending is None or g.pending["kind"] != "replace"


def test_variable_initiative_is_chosen():
    """Reveal: a variable initiative card chooses any number in its range."""
    g = position(("kaze hex=0,0 facing=n", "t-guard"), ("tetsu hex=0,-1 facing=s", "t-atk5"))
    g.apply(Action(0, "play t-guard"))
    g.apply(Action(1, "play t-atk5"))
    assert g.legal_moves(0) == [f"initiative {v}" for v in (7, 6, 5, 4, 3)]
    ev = g.apply(Action(0, "initiative 4"))
    assert kinds(ev, "order")[0]["segments"] == [["p2", 5], ["p1", 4]]


@pytest.mark.parametrize("a, b, first", [("t-def5", "t-atk5", "p1"), ("t-atk5", "t-def5", "p2"), ("t-med5", "t-atk5", "p2"),
                                          ("t-med5", "kaze-katana", "p1")])
def test_tie_order_defence_attack_meditation_core(a, b, first):
    """Resolve: tied initiatives resolve defence, then attack, then meditation, then core."""
    g = position(("kaze hex=0,3 facing=n", a), ("kaze hex=0,-3 facing=s", b.replace("kaze-katana", "")))
    ev = play_turn(g, {0: a, 1: b})
    assert kinds(ev, "resolve")[0]["seat"] == first


def test_tie_same_type_advantage_top_chooses():
    """Resolve: same initiative and type: the character highest on the advantage tracker chooses the order."""
    g = position(FAR, FAR2, advantage="p2 p1")
    g.apply(Action(0, "play t-med5"))
    g.apply(Action(1, "play t-med5"))
    assert g.to_act() == (1,) and g.legal_moves(1) == ["order 1", "order 2"]
    ev = g.apply(Action(1, "order 2"))
    assert kinds(ev, "order")[0]["segments"] == [["p1", 5], ["p2", 5]]


def test_discard_core_returns_to_hand_and_hand_limit():
    """Discard: a core card returns to the hand; more non-core cards than the hand limit must be discarded."""
    hand = "t-med5 t-atk5 t-def5 t-atk3 t-bleed t-exec"   # six non-core cards, kaze's hand limit is 5
    g = position(("kaze hex=0,3 facing=n", hand), FAR2)
    play_turn(g, {0: "kaze-katana", 1: "t-med5"}, answers=["discard t-exec"])
    d = g.duellists[0]
    assert "kaze-katana" in d.hand
    # the end of turn brought the hand back to 5 non-core cards, then the next turn drew one
    assert [c for c, _ in d.discard] == ["t-exec"]
    assert sum(1 for c in d.hand if c not in d.core) == 6


def test_illegal_action_changes_nothing():
    """Bad input: an illegal action raises RuleViolation naming the rule and leaves the state as it was."""
    g = position(FAR, FAR2)
    before = g.view(None), g.view(0), g.view(1)
    for bad in [Action(0, "play nothing"), Action(0, "place 0,0 n"), Action(7, "play t-med5")]:
        with pytest.raises(RuleViolation):
            g.apply(bad)
    assert (g.view(None), g.view(0), g.view(1)) == before


def test_stun_played_as_initiative_zero_returns_to_supply():
    """Stun: a stun can be played instead of a card at initiative zero and then returns to the supply."""
    g = position(("kaze hex=0,3 facing=n stuns=1", "t-med5"), FAR2)
    assert "play stun" in g.legal_moves(0)
    ev = play_turn(g, {0: "stun", 1: "t-med5"})
    assert kinds(ev, "order")[0]["segments"] == [["p2", 5], ["p1", 0]]
    assert g.duellists[0].stuns == 0


def test_hobble_lowers_initiative_min_one_and_wears_off():
    """Hobble: -1 initiative per hobble (minimum one), not for the card played the turn it came; it turns a
    quarter at each end of turn and leaves when it would be upright again."""
    g = position(("kaze hex=0,0 facing=n", "t-hobble t-med5 t-med5 t-med5 t-def5"), ("tetsu hex=0,-1 facing=s", "t-atk5 t-atk5 t-atk3 t-med5 t-med5"))
    ev = play_turn(g, {0: "t-hobble", 1: "t-atk5"})
    assert kinds(ev, "order")[0]["segments"] == [["p1", 9], ["p2", 5]]
    assert g.duellists[1].hobbles == [1]
    ev = play_turn(g, {0: "t-med5", 1: "t-atk5"})
    assert ["p2", 4] in kinds(ev, "order")[0]["segments"]
    g.duellists[1].hobbles = [1, 1, 1, 1, 1]
    ev = play_turn(g, {0: "t-med5", 1: "t-atk3"})
    assert ["p2", 1] in kinds(ev, "order")[0]["segments"]
    g.duellists[1].hobbles = [3]
    play_turn(g, {0: "t-med5", 1: "t-med5"})
    assert g.duellists[1].hobbles == []


def test_hobble_gained_at_the_start_of_the_turn_spares_that_turns_card():
    """Hobble: "Hobbles do not affect the initiative of any card you played in the turn that you gained the hobble",
    also when the hobble came before the card was chosen (a start-of-turn line, Turn Timing Sequence 1); from the
    next turn on it lowers the card's initiative."""
    g = position(("kaze hex=0,0 facing=n", "t-hook-hobble t-med5 t-med5"), ("tetsu hex=0,-1 facing=s", "t-atk5 t-atk5 t-med5"))
    ev = play_turn(g, {0: "t-hook-hobble", 1: "t-med5"})
    assert kinds(ev, "harm") == [{"seat": "p2", "effect": "hobble", "why": "attack"}]   # turn 2, step 1
    ev = play_turn(g, {0: "t-med5", 1: "t-atk5"})
    assert ["p2", 5] in kinds(ev, "order")[0]["segments"]
    ev = play_turn(g, {0: "t-med5", 1: "t-atk5"})
    assert ["p2", 4] in kinds(ev, "order")[0]["segments"]


def test_end_of_turn_lines_resolve_after_every_card():
    """Discard: effects marked 'end of turn' resolve after all cards have resolved."""
    g = position(("kaze hex=0,3 facing=n", "t-eot"), FAR2)
    ev = play_turn(g, {0: "t-eot", 1: "t-atk3"}, answers=["kamae aggression"])
    kinds_in_order = [e.kind for e in ev if e.kind in ("resolve", "kamae", "focus")]
    assert kinds_in_order == ["resolve", "focus", "resolve", "kamae"]
    assert g.duellists[0].kamae == "aggression"


def test_instant_replacements_declared_from_the_bottom_of_the_tracker():
    """Reveal: players declare instant replacements starting with the player at the bottom of the advantage tracker."""
    g = position(("kaze hex=0,3 facing=n", "t-med5 t-replace"), ("tetsu hex=0,-3 facing=s", "t-med5 t-replace-atk"), advantage="p1 p2")
    g.apply(Action(0, "play t-med5"))
    g.apply(Action(1, "play t-med5"))
    assert g.to_act() == (1,) and g.legal_moves(1) == ["replace no", "replace t-replace-atk"]
    g.apply(Action(1, "replace no"))
    assert g.to_act() == (0,) and g.legal_moves(0) == ["replace no", "replace t-replace"]


@pytest.mark.parametrize("kamae, options", [("aggression", None), ("neutral", ["or 2", "or 3"])])
def test_or_line_kamae_option_is_mandatory(kamae, options):
    """FAQ: with an -OR- effect, a Kamae-specific option must be chosen when in that Kamae (our reading: and it cannot
    be chosen out of it)."""
    g = position((f"kaze hex=0,3 facing=n kamae={kamae}", "t-or"), FAR2)
    g.apply(Action(0, "play t-or"))
    g.apply(Action(1, "play t-atk3"))
    if options is None:
        assert g.duellists[0].focus == 2            # taken without asking
    else:
        assert g.legal_moves(0) == options
        g.apply(Action(0, "or 2"))
        assert g.duellists[0].focus == 1
