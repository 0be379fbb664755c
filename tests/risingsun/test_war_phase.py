"""War Phase: the order of the wars and the four cases (seed, War Phase page; reference "War Phase")."""

from __future__ import annotations

import pytest

from daimyo.core.errors import FormatError
from daimyo.core.rng import GameKey
from daimyo.risingsun import from_text
from daimyo.risingsun.position import to_text
from tests.risingsun.helpers import act, bids, seat, war

THREE = """honor: lotus dragonfly bonsai
player lotus: coins=3
player dragonfly: coins=3
player bonsai: coins=3
"""


def test_war_phase_wars_resolve_in_ascending_war_number_whatever_the_file_order():
    """War Phase: "Starting with the number 1 Province, and proceeding in ascending order"."""
    w = war(THREE + "war 3: kyoto\nwar 1: edo\nwar 2: oshu\n"
            "figures kyoto: lotus bushi\nfigures edo: dragonfly bushi\nfigures oshu: bonsai bushi\n")
    assert w.wars == ["edo", "oshu", "kyoto"]
    assert [h["province"] for h in w.history] == ["edo", "oshu", "kyoto"]
    assert [h["number"] for h in w.history] == [1, 2, 3]


def test_war_phase_war_only_in_provinces_with_a_war_number_token():
    """War Phase: "there will only be war in the Provinces marked with a War Number token": Edo (two clans not
    allied) and Oshu (one clan) have no War Number, so no battle is fought there, nobody dies and nobody takes
    their tokens; only Kyoto's war is resolved."""
    w = war(THREE + "war 1: kyoto\nfigures kyoto: bonsai bushi\nfigures edo: lotus bushi x2, dragonfly bushi\n"
            "figures oshu: dragonfly shinto\n")
    assert w.is_terminal()
    assert [(h["province"], h["winner"]) for h in w.history] == [("kyoto", "bonsai")]
    assert w.tokens == [[], [], [("kyoto", "spring")]]
    assert w.killed == []
    assert len(w.figures_in("edo")) == 3 and len(w.figures_in("oshu")) == 1
    assert w.result["winner"] == "bonsai"


def test_war_phase_war_numbers_may_be_drawn_from_the_seed():
    """Reference "War Phase" 2: the War Number tokens are drawn at random; the same seed draws the same order."""
    base = THREE + "wars: kyoto edo oshu kansai nagato\n"
    orders = {tuple(war(base + f"seed: {k}\n").wars) for k in range(12)}
    assert len(orders) > 1
    assert all(sorted(o) == sorted(["kyoto", "edo", "oshu", "kansai", "nagato"]) for o in orders)
    assert war(base + "seed: 5\n").wars == war(base + "seed: 5\n").wars


def test_war_phase_nobody_has_force_token_discarded():
    """War Phase: "If nobody has any Force in the Province ... its War Province token is simply discarded"."""
    w = war(THREE + "war 1: kyoto\nstronghold kyoto: lotus\n")   # a Lotus stronghold is no Force
    assert w.history[0]["case"] == "nobody"
    assert all(ts == [] for ts in w.tokens)
    assert w.is_terminal()


def test_war_phase_only_one_player_takes_the_token():
    """War Phase: "If only 1 player has any Force ... they simply take the corresponding War Province token"."""
    w = war(THREE + "war 1: kyoto\nfigures kyoto: bonsai bushi x2\n", season="summer")
    assert w.tokens[seat(w, "bonsai")] == [("kyoto", "summer")]
    assert w.history[0]["case"] == "alone"


def test_war_phase_two_allies_no_battle_more_force_takes_the_token():
    """War Phase: only 2 Allied players have Force: no Battle; the player with the most Force takes the token; nobody dies."""
    w = war(THREE + "alliance: lotus bonsai\nwar 1: kyoto\nfigures kyoto: lotus bushi, bonsai bushi x2\n")
    assert w.history[0]["case"] == "allies"
    assert w.tokens[seat(w, "bonsai")] == [("kyoto", "spring")]
    assert len(w.figures_in("kyoto")) == 3 and w.killed == []
    assert w.to_act() == ()


def test_war_phase_two_allies_tie_goes_to_higher_honor():
    """War Phase: "if there's a tie, the tied player with the highest Honor is considered to have the most Force"."""
    w = war(THREE + "alliance: dragonfly bonsai\nwar 1: kyoto\nfigures kyoto: bonsai bushi, dragonfly bushi\n")
    assert w.tokens[seat(w, "dragonfly")] == [("kyoto", "spring")]
    w = war("honor: bonsai lotus dragonfly\nplayer lotus: coins=3\nplayer dragonfly: coins=3\nplayer bonsai: coins=3\n"
            "alliance: dragonfly bonsai\nwar 1: kyoto\nfigures kyoto: bonsai bushi, dragonfly bushi\n")
    assert w.tokens[seat(w, "bonsai")] == [("kyoto", "spring")]


def test_war_phase_two_players_not_allied_battle():
    """War Phase: "If at least 2 players who are not Allied have Force in the Province, a Battle takes place"."""
    w = war(THREE + "war 1: kyoto\nfigures kyoto: lotus bushi, dragonfly bushi\n")
    assert w.province() == "kyoto" and w.step == 0
    assert sorted(w.clans[p] for p in w.to_act()) == ["dragonfly", "lotus"]


def test_war_phase_battle_includes_allies_when_a_third_is_not_allied():
    """Reference "War Phase" 4: a battle among every player with Force there, allies included."""
    w = war(THREE + "alliance: lotus bonsai\nwar 1: kyoto\nfigures kyoto: lotus bushi, bonsai bushi, dragonfly bushi\n")
    assert sorted(w.clans[p] for p in w.to_act()) == ["bonsai", "dragonfly", "lotus"]


def test_war_phase_unbid_coins_can_be_bid_in_later_battles():
    """Reference "A battle" 2: coins kept off the tile return to the reserve and can be bid in later battles."""
    w = war(THREE + "war 1: kyoto\nwar 2: edo\nfigures kyoto: lotus bushi, dragonfly bushi\n"
            "figures edo: lotus bushi, bonsai bushi\n")
    bids(w, lotus="0 0 0 1", dragonfly="0 0 0 0")
    act(w, "lotus", "poets")
    assert w.coins[seat(w, "lotus")] == 2
    assert w.province() == "edo"
    assert ("bid", 0, 0, 0, 2) in w.legal_moves(seat(w, "lotus"))
    assert ("bid", 0, 0, 0, 3) not in w.legal_moves(seat(w, "lotus"))


def test_war_phase_no_gifts_there_is_no_action_to_give_coins():
    """War Phase IMPORTANT: players cannot give each other coins or ronin: no action does it outside reparations."""
    w = war(THREE + "war 1: kyoto\nfigures kyoto: lotus bushi, dragonfly bushi\n")
    verbs = {m[0] for p in w.to_act() for m in w.legal_moves(p)}
    assert verbs == {"bid"}


def test_war_phase_start_of_war_happens_once():
    """War Phase: "Start of War" effects happen once per War Phase, not at each battle (Koi's ronin become coins once)."""
    text = ("format: risingsun-war\nseason: spring\nhonor: koi lotus bonsai\nplayer koi: coins=1 ronin=2\nplayer lotus: coins=0\nplayer bonsai: coins=0\n"
            "war 1: kyoto\nwar 2: edo\nfigures kyoto: koi bushi, lotus bushi\nfigures edo: koi bushi, lotus bushi\n")
    w = from_text(text)
    assert w.coins[0] == 3 and w.ronin[0] == 0
    assert w.start() == []          # a second start does nothing
    assert w.coins[0] == 3


def test_war_phase_war_numbers_may_be_drawn_with_a_secret_key():
    """Reference "War Phase" 2 under a GameKey: the same key draws the same order, the file keeps the key."""
    base = THREE + "wars: kyoto edo oshu kansai nagato\ngenerator: blake2b-keyed\n"
    keys = [GameKey(bytes([k]) * 32) for k in range(12)]
    orders = {tuple(war(base + f"key: {k.hex()}\n").wars) for k in keys}
    assert len(orders) > 1
    first = war(base + f"key: {keys[0].hex()}\n")
    assert first.wars == war(base + f"key: {keys[0].hex()}\n").wars
    assert first.seed == keys[0]
    text = to_text(first)
    assert f"generator: blake2b-keyed\nkey: {keys[0].hex()}" in text


def test_war_phase_a_malformed_key_is_refused():
    with pytest.raises(FormatError, match="^line 9: field 'key': a game key is 64 hex digits, got 3 characters"):
        war(THREE + "wars: kyoto edo\ngenerator: blake2b-keyed\nkey: abc\n")


@pytest.mark.parametrize(("lang", "allied", "stronghold", "wrong"), [
    ("en", "allied", "stronghold", ("coins on no slot", "bids coins (and ronin)", "With nobody's figures")),
    ("pl", "sprzymierzone", "twierdz", ("niepostawione", "monety (i roninów)", "nie ma tam niczyich figurek")),
])
def test_war_phase_the_rules_in_brief_state_the_four_cases(lang, allied, stronghold, wrong):
    """War Phase: the rules page's paragraph on the wars and the outside bot's brief say what the page says: Force
    (figures and Turtle's strongholds) decides the case, only two allies fight no battle, and unbid coins and ronin
    tokens are no bid and no Force (reference "A battle" 2, 4)."""
    from daimyo.words import catalogue
    words = catalogue(lang)
    for key in ("rules.risingsun.2.p", "bot.rs.brief"):
        text = words[key]
        assert allied in text and stronghold in text, (key, text)
        assert not any(w in text for w in wrong), (key, text)
