"""Battles: secret bids, Seppuku, Take Hostage, Hire Ronin, the outcome, Imperial Poets, reparations
(reference "A battle", "Honor", "Clans in war")."""

from __future__ import annotations

import pytest

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from tests.risingsun.helpers import act, bids, kinds, seat, snapshot, war

# a third player, Bonsai, has no Force anywhere: the battles are between Lotus and Dragonfly
TWO = ("honor: lotus dragonfly bonsai\nplayer lotus: coins=5 ronin=2 vp=3\nplayer dragonfly: coins=5 ronin=1 vp=3\n"
       "player bonsai: coins=0\nwar 1: kyoto\n")
THREE = ("honor: lotus dragonfly bonsai\nplayer lotus: coins=5 ronin=1 vp=3\nplayer dragonfly: coins=5 ronin=1 vp=3\n"
         "player bonsai: coins=5 ronin=1 vp=3\nwar 1: kyoto\n")


# ------------------------------------------------------------------ bids
def test_battle_1_coins_and_ronin_are_shown_at_the_start():
    """A battle 1: every participant shows its coins and ronin tokens openly."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly bushi\n")
    v = w.view(None)
    assert [p["coins"] for p in v["players"]] == [5, 5, None]      # Bonsai fights no battle: its screen stays closed
    assert [p["ronin"] for p in v["players"]] == [2, 1, None]


def test_battle_2_bids_are_simultaneous_and_secret():
    """A battle 2: all participants bid at once and in secret: to_act names them all; a bid is in no other view."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly bushi\n")
    assert w.to_act() == (0, 1)
    events = act(w, "dragonfly", "bid 1 2 0 1")
    assert w.to_act() == (0,)
    assert "bid" not in str(w.view(0)["battle"]).replace("bid_placed", "")
    assert [e.to_dict() for e in events if e.visible(0)] == [{"kind": "bid-placed", "province": "kyoto", "clan": "dragonfly"}]
    assert w.view(0)["players"][1]["coins"] == 5          # the others see the coins as shown, not after the bid
    assert w.view(1)["you"]["bid"] == {"seppuku": 1, "hostage": 2, "ronin": 0, "poets": 1}
    with pytest.raises(RuleViolation, match="already placed"):
        act(w, "dragonfly", "bid 0 0 0 0")
    events = act(w, "lotus", "bid 0 0 0 0")
    assert "bids-revealed" in kinds(events)
    assert w.view(0)["battle"]["bids"]["dragonfly"] == {"seppuku": 1, "hostage": 2, "ronin": 0, "poets": 1}


def test_battle_2_bid_may_name_slots():
    """A battle 2 (notation): ``bid hostage=2 poets=1`` is the same bid as ``bid 0 2 0 1``."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly bushi\n")
    act(w, "lotus", "bid hostage=2 poets=1")
    assert w.bids[0] == (0, 2, 0, 1)


@pytest.mark.parametrize("text,match", [
    ("bid 3 3 0 0", "bids 6 coins but has 5"),
    ("bid 1 1", "four amounts"),
    ("bid -1 0 0 0", "not a whole number"),
    ("bid a 0 0 0", "not a whole number"),
    ("bid cavalry=1", "unknown slot"),
    ("seppuku", "must place your bid"),
    ("hostage #1", "must place your bid"),
    ("fly", "unknown action"),
    ("", "empty action"),
])
def test_battle_2_illegal_bid_raises_and_changes_nothing(text, match):
    """A battle 2: a bid of more coins than you have, or a malformed one, is refused; nothing changes."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly bushi\n")
    act(w, "dragonfly", "bid 0 0 0 1")
    before = snapshot(w)
    with pytest.raises(RuleViolation, match=match):
        act(w, "lotus", text)
    assert snapshot(w) == before


def test_battle_2_error_message_never_tells_another_bid():
    """Hidden information: an illegal action's message tells nothing of another player's secret bid."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly bushi\n")
    act(w, "dragonfly", "bid 4 0 0 1")
    for text in ("bid 9 0 0 0", "seppuku", "remainder dragonfly", "bid 1"):
        with pytest.raises(RuleViolation) as e:
            act(w, "lotus", text)
        assert "4" not in str(e.value).replace("'bid 9 0 0 0'", "")


def test_battle_non_participant_cannot_bid():
    """A battle: only the players with Force in the province take part."""
    w = war(THREE + "figures kyoto: lotus bushi, dragonfly bushi\n")
    before = snapshot(w)
    with pytest.raises(RuleViolation, match="no part"):
        act(w, "bonsai", "bid 0 0 0 0")
    with pytest.raises(RuleViolation, match="no player seat"):
        w.apply(Action(7, "bid 0 0 0 0"))
    assert snapshot(w) == before


# -------------------------------------------------------------- the slots
def test_battle_3_slot_tie_goes_to_higher_honor():
    """A battle 3: each slot goes to the highest bid, a tie to the higher Honor."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly bushi x2\n")
    events = bids(w, lotus="0 0 2 0", dragonfly="0 0 2 0")
    slot = next(e.data for e in events if e.kind == "slot" and e.data["slot"] == "ronin")
    assert slot["winner"] == "lotus"


def test_battle_3_slot_without_any_coin_goes_to_nobody():
    """A battle 3 (reading L): a slot on which nobody bid a coin goes to nobody."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly bushi\n")
    events = bids(w, lotus="0 0 0 0", dragonfly="0 0 0 0")
    slots = [e.data for e in events if e.kind == "slot"]
    assert slots and all(d["winner"] is None for d in slots)
    assert "seppuku" not in kinds(events) and "ronin-hired" not in kinds(events)


def test_battle_3_winner_may_decline_each_slot():
    """A battle 3: "The winner of a slot may decline its effect"."""
    w = war(TWO + "figures kyoto: lotus bushi x2, dragonfly bushi x2\n")
    bids(w, lotus="1 1 1 1", dragonfly="0 0 0 0")
    for verb in ("seppuku", "hostage", "ronin"):
        assert ("decline",) in w.legal_moves(0), verb
        events = act(w, "lotus", "decline")
        assert events[0].kind == "declined" and events[0].data["slot"] == verb
    assert len(w.figures_in("kyoto", 0)) == 2 and w.captured[0] == [] and w.hired == {}


def test_battle_3_seppuku_kills_all_own_figures_gains_vp_and_honor_and_stays_in():
    """A battle 3 Seppuku: kill all your figures here; 1 VP and one step of Honor per figure; you stay in the battle."""
    text = ("honor: lotus dragonfly turtle\nplayer lotus: coins=3\nplayer dragonfly: coins=3\nplayer turtle: coins=3 vp=1\n"
            "war 1: kyoto\nfigures kyoto: lotus bushi, dragonfly bushi, turtle bushi x2\nstronghold kyoto: turtle\n")
    w = war(text)
    bids(w, lotus="0 0 0 0", dragonfly="0 0 0 0", turtle="1 0 0 0")
    events = act(w, "turtle", "seppuku")
    assert w.figures_in("kyoto", 2) == []
    assert w.vp[2] == 3
    assert [w.clans[p] for p in w.honor] == ["turtle", "lotus", "dragonfly"]
    assert events[0].data["honor"] == ["turtle", "lotus", "dragonfly"]
    # still in the battle: its stronghold's Force (1) ties Lotus and Dragonfly; Turtle now has the highest Honor
    act(w, "turtle", "remainder lotus")
    assert w.result["wars"][0]["winner"] == "turtle"
    assert w.result["wars"][0]["forces"] == {"lotus": 1, "dragonfly": 1, "turtle": 1}


def test_battle_3_seppuku_is_all_or_none():
    """A battle 3 Seppuku: all or none of your figures: the only choices are seppuku and decline."""
    w = war(TWO + "figures kyoto: lotus bushi x3, dragonfly bushi\n")
    bids(w, lotus="1 0 0 0", dragonfly="0 0 0 0")
    assert w.legal_moves(0) == [("seppuku",), ("decline",)]


def test_honor_seppuku_honor_change_counts_for_later_ties_in_the_battle_and_later_wars():
    """Honor / A battle 3: the new Honor counts for the later tie-breaks (this battle's slots and outcome, later wars)."""
    text = ("honor: lotus dragonfly koi\nplayer lotus: coins=4\nplayer dragonfly: coins=4\nplayer koi: coins=4\n"
            "war 1: kyoto\nwar 2: edo\nfigures kyoto: koi bushi x2, lotus bushi\nfigures edo: koi bushi, lotus bushi\n")
    w = war(text)
    bids(w, koi="1 0 0 1", lotus="0 0 0 1")
    act(w, "koi", "seppuku")                      # two steps: koi to the top
    assert [w.clans[p] for p in w.honor] == ["koi", "lotus", "dragonfly"]
    # Poets 1-1: now Koi's (it was below Lotus when the bids were revealed)
    assert w.decider() == seat(w, "koi") and w.step == 5
    act(w, "koi", "poets")
    assert w.vp[seat(w, "koi")] == 2 + 2
    # Edo: 1-1 in Force, no bids: Koi wins the tie by its new Honor
    bids(w, koi="0 0 0 0", lotus="0 0 0 0")
    assert w.result["wars"][1]["winner"] == "koi"


def test_honor_gain_at_the_top_changes_nothing():
    """Honor: "Gain Honor" swaps with the clan directly above; the highest has none above."""
    w = war(TWO + "figures kyoto: lotus bushi x2, dragonfly bushi\n")
    bids(w, lotus="1 0 0 0", dragonfly="0 0 0 0")
    act(w, "lotus", "seppuku")
    assert w.honor == [0, 1, 2]


def test_battle_3_hostage_takes_a_figure_off_the_board_and_one_vp():
    """A battle 3 Take Hostage: take one figure of another participant; it leaves the board (not killed); +1 VP from its owner."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly bushi, dragonfly shinto\n")
    bids(w, lotus="0 1 0 0", dragonfly="0 0 0 0")
    assert sorted(w.legal_moves(0)) == [("decline",), ("hostage", 2), ("hostage", 3)]
    act(w, "lotus", "hostage #3")
    assert [f[0] for f in w.captured[0]] == [3]
    assert 3 not in [f[0] for f in w.figures] and 3 not in [f[0] for f in w.killed]
    assert (w.vp[0], w.vp[1]) == (4, 2)


def test_battle_3_hostage_takes_no_vp_from_an_owner_without_any():
    """A battle 3 Take Hostage: you take 1 VP from its owner "if it has any"."""
    w = war(TWO.replace("dragonfly: coins=5 ronin=1 vp=3", "dragonfly: coins=5 ronin=1 vp=0")
            + "figures kyoto: lotus bushi, dragonfly bushi\n")
    bids(w, lotus="0 1 0 0", dragonfly="0 0 0 0")
    events = act(w, "lotus", "hostage #2")
    assert events[0].data["vp"] == 0 and (w.vp[0], w.vp[1]) == (3, 0)


def test_battle_3_hostage_may_take_an_allys_figure():
    """A battle 3 Take Hostage: another participant's figure, "an ally's too"."""
    w = war(THREE + "alliance: lotus bonsai\nfigures kyoto: lotus bushi, bonsai bushi, dragonfly bushi\n")
    bids(w, lotus="0 1 0 0", dragonfly="0 0 0 0", bonsai="0 0 0 0")
    assert ("hostage", 2) in w.legal_moves(0)
    act(w, "lotus", "hostage #2")
    assert w.captured[0][0][2] == seat(w, "bonsai")


def test_battle_3_hostage_is_a_figure_of_a_participant_not_of_a_clan_outside_the_battle():
    """A battle 3 Take Hostage: "take one figure of another participant there": Bonsai's Force-0 monster stands in
    Kyoto but Bonsai has no Force there and takes no part, so its figure is neither offered nor taken."""
    w = war(THREE + "figures kyoto: lotus bushi, dragonfly bushi, bonsai monster force=0\n")
    assert w.participants == (seat(w, "lotus"), seat(w, "dragonfly"))
    bids(w, lotus="0 1 0 0", dragonfly="0 0 0 0")
    assert w.legal_moves(0) == [("hostage", 2), ("decline",)]
    before = snapshot(w)
    with pytest.raises(RuleViolation, match="figure #3 belongs to no participant of this battle"):
        act(w, "lotus", "hostage #3")
    assert snapshot(w) == before
    act(w, "lotus", "hostage #2")
    assert [f.number for f in w.captured[0]] == [2] and w.vp[seat(w, "bonsai")] == 3


def test_clans_in_war_daimyo_cannot_be_taken_hostage():
    """Clans in war: "Daimyo figures cannot be taken hostage"."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly daimyo, dragonfly bushi\n")
    bids(w, lotus="0 1 0 0", dragonfly="0 0 0 0")
    assert ("hostage", 2) not in w.legal_moves(0)
    before = snapshot(w)
    with pytest.raises(RuleViolation, match="daimyo figure cannot be taken hostage"):
        act(w, "lotus", "hostage #2")
    assert snapshot(w) == before
    for bad, match in (("hostage #1", "own figure"), ("hostage #9", "no figure #9"), ("hostage 3", "hostage #N")):
        with pytest.raises(RuleViolation, match=match):
            act(w, "lotus", bad)
    assert snapshot(w) == before


def test_clans_in_war_only_a_daimyo_left_hostage_slot_passes_by():
    """Clans in war: with only a Daimyo to take, Take Hostage has no effect and the battle goes on."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly daimyo\n")
    bids(w, lotus="0 2 0 0", dragonfly="0 0 0 0")
    assert w.is_terminal()
    assert w.captured == [[], [], []]


def test_battle_3_hire_ronin_adds_a_force_per_token_and_keeps_them():
    """A battle 3 Hire Ronin: +1 Force for each ronin token you hold; the tokens are kept."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly bushi x2\n")
    bids(w, lotus="0 0 1 0", dragonfly="0 0 0 0")
    act(w, "lotus", "hire")
    assert w.result["wars"][0]["forces"] == {"lotus": 3, "dragonfly": 2}
    assert w.result["wars"][0]["winner"] == "lotus"
    assert w.ronin[0] == 2


def test_clans_in_war_koi_ronin_become_coins_and_reserve_coins_count_as_ronin():
    """Clans in war, Koi: at the start of the War Phase its ronin become coins; hiring counts its reserve coins, not those bid."""
    w = war("honor: lotus koi bonsai\nplayer lotus: coins=3\nplayer koi: coins=2 ronin=3\nplayer bonsai: coins=0\nwar 1: kyoto\n"
            "figures kyoto: lotus bushi x4, koi bushi\n")
    k = seat(w, "koi")
    assert (w.coins[k], w.ronin[k]) == (5, 0)
    bids(w, lotus="0 0 0 0", koi="0 0 2 0")
    assert w.coins[k] == 3
    act(w, "koi", "hire")
    assert w.result["wars"][0]["forces"] == {"lotus": 4, "koi": 1 + 3}
    assert w.result["wars"][0]["winner"] == "lotus"          # 4-4: Lotus has the higher Honor


def test_clans_in_war_koi_ronin_count_is_private_until_shown():
    """Clans in war, Koi: how many ronin became coins is told to Koi alone."""
    w = war("honor: lotus koi dragonfly\nplayer lotus: coins=3\nplayer koi: coins=2 ronin=3\nplayer dragonfly: coins=1\n"
            "war 1: kyoto\nfigures kyoto: lotus bushi, dragonfly bushi\n")
    assert w.view(0)["players"][1]["coins"] is None and w.view(0)["players"][1]["ronin"] is None
    assert w.view(1)["players"][1]["coins"] == 5
    assert w.view(0)["players"][2]["coins"] == 1          # shown at the battle


def test_clans_in_war_turtle_strongholds_count_force_but_are_not_figures():
    """Clans in war, Turtle: each stronghold counts 1 Force; strongholds are no figures: not killed, not taken, not for Poets."""
    w = war("honor: lotus turtle bonsai\nplayer lotus: coins=3\nplayer turtle: coins=3 vp=2\nplayer bonsai: coins=0\nwar 1: kyoto\n"
            "figures kyoto: lotus bushi x2, turtle bushi\nstronghold kyoto: turtle\n")
    assert w.force("kyoto", 1) == 2
    bids(w, lotus="0 1 0 1", turtle="0 0 0 0")
    assert w.legal_moves(0) == [("hostage", 3), ("decline",)]
    act(w, "lotus", "hostage #3")
    # Turtle: stronghold only (1) against Lotus 2: Lotus wins; the stronghold stays; no figure died, so Poets has nothing
    assert w.is_terminal()
    assert w.result["wars"][0]["forces"] == {"lotus": 2, "turtle": 1}
    assert w.strongholds["kyoto"] == [1]
    assert w.vp[0] == 1


def test_battle_4_highest_force_wins_losers_figures_die():
    """A battle 4: highest Force wins and takes the token; every figure of every loser in the province dies."""
    w = war(THREE + "figures kyoto: lotus bushi, dragonfly bushi x3, bonsai bushi x2, bonsai monster force=2\n"
            "figures edo: lotus bushi\n")
    bids(w, lotus="0 0 0 0", dragonfly="0 0 0 0", bonsai="0 0 0 0")
    assert w.result["wars"][0]["winner"] == "bonsai"
    assert w.result["wars"][0]["forces"] == {"lotus": 1, "dragonfly": 3, "bonsai": 4}
    assert [f[2] for f in w.figures_in("kyoto")] == [2, 2, 2]
    assert sorted(f[0] for f in w.killed) == [1, 2, 3, 4]
    assert len(w.figures_in("edo")) == 1                  # only this province
    assert w.tokens[2] == [("kyoto", "spring")]


def test_battle_4_force_tie_goes_to_higher_honor():
    """A battle 4 / Honor: a tie in Force goes to the higher Honor."""
    w = war(THREE + "figures kyoto: lotus bushi, dragonfly bushi x2, bonsai bushi x2\n")
    bids(w, lotus="0 0 0 0", dragonfly="0 0 0 0", bonsai="0 0 0 0")
    assert w.result["wars"][0]["winner"] == "dragonfly"


def test_battle_4_nobody_has_force_highest_honor_participant_wins():
    """A battle 4: if nobody has Force (after Seppuku and hostages), the highest-Honor participant wins."""
    w = war("honor: lotus dragonfly bonsai\nplayer lotus: coins=3\nplayer dragonfly: coins=3\nplayer bonsai: coins=3\n"
            "war 1: kyoto\nfigures kyoto: dragonfly bushi, bonsai bushi\n")
    bids(w, dragonfly="1 0 0 0", bonsai="0 1 0 0")
    act(w, "dragonfly", "seppuku")
    # Bonsai takes nothing: Dragonfly has no figure left; nobody has Force: Dragonfly (now highest of the two) wins
    assert w.result["wars"][0]["forces"] == {"dragonfly": 0, "bonsai": 1}
    w = war("honor: lotus dragonfly bonsai\nplayer lotus: coins=3\nplayer dragonfly: coins=3\nplayer bonsai: coins=3\n"
            "war 1: kyoto\nfigures kyoto: dragonfly bushi, bonsai bushi\n")
    bids(w, dragonfly="1 0 0 0", bonsai="1 0 0 0")
    act(w, "dragonfly", "seppuku")                       # Dragonfly has the higher Honor: it wins the Seppuku tie
    assert w.captured == [[], [], []]
    bids_left = w.to_act()
    assert bids_left == ()                               # Bonsai won nothing; nobody decides
    assert w.result["wars"][0]["forces"] == {"dragonfly": 0, "bonsai": 1}
    assert w.result["wars"][0]["winner"] == "bonsai"
    w = war("honor: lotus dragonfly bonsai\nplayer lotus: coins=3\nplayer dragonfly: coins=3\nplayer bonsai: coins=3\n"
            "war 1: kyoto\nfigures kyoto: dragonfly bushi, bonsai bushi\n")
    bids(w, dragonfly="1 1 0 0", bonsai="0 0 0 0")
    act(w, "dragonfly", "seppuku")
    act(w, "dragonfly", "hostage #2")
    assert w.result["wars"][0]["forces"] == {"dragonfly": 0, "bonsai": 0}
    assert w.result["wars"][0]["winner"] == "dragonfly"


def test_battle_4_allied_loser_keeps_its_figures():
    """A battle 4: every loser's figure dies "except those of a loser allied with the winner"."""
    w = war(THREE + "alliance: dragonfly bonsai\nfigures kyoto: lotus bushi, dragonfly bushi x3, bonsai bushi x2\n")
    bids(w, lotus="0 0 0 0", dragonfly="0 0 0 0", bonsai="0 0 0 0")
    assert w.result["wars"][0]["winner"] == "dragonfly"
    assert len(w.figures_in("kyoto", seat(w, "bonsai"))) == 2
    assert w.figures_in("kyoto", seat(w, "lotus")) == []


def test_battle_5_poets_counts_every_figure_killed_including_seppuku_not_hostages():
    """A battle 5 Imperial Poets: 1 VP per figure killed in this battle, any owner, any cause (Seppuku too), hostages not."""
    w = war(THREE + "figures kyoto: lotus bushi x2, dragonfly bushi x3, bonsai bushi x2\n")
    bids(w, lotus="0 0 0 0", dragonfly="0 1 0 0", bonsai="1 0 0 2")
    act(w, "bonsai", "seppuku")                # 2 die
    act(w, "dragonfly", "hostage #1")          # taken, not killed
    act(w, "bonsai", "poets")
    act(w, "dragonfly", "remainder bonsai")
    # Dragonfly 3 wins; Lotus's remaining bushi dies: 2 + 1 killed in all
    assert w.result["wars"][0]["winner"] == "dragonfly"
    assert w.vp[seat(w, "bonsai")] == 3 + 2 + 3
    assert w.vp[seat(w, "dragonfly")] == 3 + 1


def test_battle_6_reparations_losers_discard_winner_pays_losers():
    """A battle 6: losers discard the coins they bid; the winner's bid is divided among the losers."""
    w = war(THREE + "figures kyoto: lotus bushi x3, dragonfly bushi, bonsai bushi\n")
    bids(w, lotus="0 0 0 4", dragonfly="0 0 0 2", bonsai="0 0 0 1")
    act(w, "lotus", "decline")                 # no figure killed yet? poets comes after: 2 killed
    assert w.result["wars"][0]["reparations"] == {"dragonfly": 2, "bonsai": 2}
    assert w.coins == [1, 3 + 2, 4 + 2]
    assert w.discarded == 3


def test_battle_6_winner_chooses_who_gets_the_odd_coin():
    """A battle 6: the winner divides its coins as evenly as it can and chooses who gets the remainder."""
    w = war(THREE + "figures kyoto: lotus bushi x3, dragonfly bushi, bonsai bushi\n")
    bids(w, lotus="0 0 0 5", dragonfly="0 0 0 0", bonsai="0 0 0 0")
    act(w, "lotus", "poets")
    assert w.to_act() == (0,)
    assert w.legal_moves(0) == [("remainder", 1), ("remainder", 2)]
    before = snapshot(w)
    for bad, match in (("remainder", "name 1 different loser"), ("remainder lotus", "not a loser"),
                       ("remainder bonsai dragonfly", "name 1"), ("remainder crab", "no player plays")):
        with pytest.raises(RuleViolation, match=match):
            act(w, "lotus", bad)
        assert snapshot(w) == before
    act(w, "lotus", "remainder bonsai")
    assert w.result["wars"][0]["reparations"] == {"dragonfly": 2, "bonsai": 3}


def test_battle_6_two_odd_coins_go_to_two_different_losers():
    """A battle 6: with two odd coins among three losers, the winner names two of them."""
    w = war("honor: lotus dragonfly bonsai koi\nplayer lotus: coins=5\nplayer dragonfly: coins=0\nplayer bonsai: coins=0\n"
            "player koi: coins=0\nwar 1: kyoto\nfigures kyoto: lotus bushi, dragonfly bushi, bonsai bushi, koi bushi\n")
    bids(w, lotus="0 0 0 5", dragonfly="0 0 0 0", bonsai="0 0 0 0", koi="0 0 0 0")
    act(w, "lotus", "poets")
    assert len(w.legal_moves(0)) == 3
    act(w, "lotus", "remainder koi dragonfly")
    assert w.result["wars"][0]["reparations"] == {"dragonfly": 2, "bonsai": 1, "koi": 2}


def test_battle_6_single_loser_takes_all_the_winners_coins():
    """A battle 6: one loser gets every coin the winner bid; no choice to make."""
    w = war(TWO + "figures kyoto: lotus bushi x2, dragonfly bushi\n")
    bids(w, lotus="0 0 0 3", dragonfly="0 0 0 1")
    act(w, "lotus", "poets")
    assert w.is_terminal()
    assert w.coins == [2, 4 + 3, 0]
    assert w.discarded == 1


def test_battle_6_reparations_reach_an_allied_loser_too():
    """A battle 6 (reading): the winner's coins go to every loser, a loser allied with the winner included."""
    w = war(THREE + "alliance: lotus bonsai\nfigures kyoto: lotus bushi x3, dragonfly bushi, bonsai bushi\n")
    bids(w, lotus="0 0 0 4", dragonfly="0 0 0 0", bonsai="0 0 0 0")
    act(w, "lotus", "poets")
    assert w.result["wars"][0]["reparations"] == {"dragonfly": 2, "bonsai": 2}
    assert len(w.figures_in("kyoto", seat(w, "bonsai"))) == 1          # and its figure lives


def test_war_phase_a_force_zero_figure_gives_no_force():
    """War Phase (reading): a player whose only figure there has Force 0 has no Force, and takes no part."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly monster force=0\n")
    assert w.history[0]["case"] == "alone" and w.history[0]["winner"] == "lotus"


def test_interface_legal_actions_are_text_that_apply_accepts():
    """The game interface: legal_actions lists Action(seat, text) for every seat to act, and apply takes them."""
    w = war(TWO + "figures kyoto: lotus bushi, dragonfly bushi\n")
    acts = w.legal_actions()
    assert {a.player for a in acts} == {0, 1}
    assert Action(0, "bid 0 0 0 5") in acts and Action(0, "bid 0 0 0 6") not in acts
    assert w.legal_actions(1) == [a for a in acts if a.player == 1]
    c = w.clone()
    c.apply(Action(0, "bid 0 0 0 5"))
    assert w.bids == {} and c.bids == {0: (0, 0, 0, 5)}     # a clone is independent
    assert w.returns() == [0.0, 0.0, 0.0] and not w.is_terminal()
