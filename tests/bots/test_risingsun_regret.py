"""Rising Sun's equilibrium bidder (regret): legal moves to the end of a war, a bid that cannot depend on facts
hidden from its seat (A battle 2. Secret bids; the coins behind an unshown clan's screen), and a solution no fixed
bid of the menus exploits."""

from __future__ import annotations

import pytest

from daimyo.bots.registry import bot_names, make_bot
from daimyo.bots.risingsun import RegretBidBot, WarHeuristicBot
from daimyo.bots.risingsun import regret as rg
from daimyo.risingsun.state import BID
from tests.risingsun.helpers import act, war

# two battles: Lotus and Koi at Nagato, then Turtle (not shown until Edo) and Koi at Edo
SMALL = ("honor: lotus koi turtle\nwar 1: nagato\nwar 2: edo\n"
         "player lotus: coins=2 vp=1\nplayer koi: coins=2 vp=1\nplayer turtle: coins=3 ronin=1 vp=2\n"
         "figures nagato: lotus bushi, koi bushi x2\nfigures edo: turtle bushi, koi bushi\n")


def test_the_small_war_starts_with_a_battle_and_an_unshown_clan():
    s = war(SMALL)
    assert s.step == BID and [s.clans[p] for p in s.participants] == ["lotus", "koi"]
    assert not s.shown[s.clans.index("turtle")]


def test_bid_and_solution_do_not_depend_on_hidden_facts():
    """Koi's secret bid (placed or not, of any amount) and Turtle's unshown coins and ronin change nothing in Lotus's
    world, its solution or its bid, for equally seeded bots."""
    lotus = 0
    base = war(SMALL)
    other = war(SMALL)
    act(other, "koi", "bid 2 0 0 0")
    third = war(SMALL)
    act(third, "koi", "bid 0 0 1 0")
    turtle = third.clans.index("turtle")
    third.coins[turtle], third.ronin[turtle] = 9, 4
    worlds = [repr([getattr(rg.seat_world(s, lotus), k) for k in s.__slots__]) for s in (base, other, third)]
    assert worlds[0] == worlds[1] == worlds[2]
    choices, solutions = [], []
    for s in (base, other, third):
        rg._CACHE.clear()   # each solution computed afresh, not recalled
        bot = RegretBidBot(5, iterations=60)
        choices.append(bot.choose(s, lotus))
        solutions.append((bot.last_solution.menus, bot.last_solution.strategies))
    assert choices[0] == choices[1] == choices[2]
    assert solutions[0] == solutions[1] == solutions[2]


def test_the_solution_is_not_exploitable_by_a_fixed_bid():
    """Each participant's average strategy gains almost nothing from switching to any single bid of its menu, while a
    fixed bid (the heuristic's) leaves the other a gain."""
    s = war(SMALL)
    rg._CACHE.clear()
    sol = rg.solve(rg.seat_world(s, 0), iterations=400)
    assert max(rg.exploitability(sol)) < 0.02
    fixed = rg.BidSolution(sol.participants, sol.menus, sol.payoffs, [list(x) for x in sol.strategies])
    h = sol.menus[1].index(WarHeuristicBot(0).bid(rg.seat_world(s, 0), sol.participants[1]))
    fixed.strategies[1] = [1.0 if a == h else 0.0 for a in range(len(sol.menus[1]))]
    # against a fixed Koi bid, Lotus's best reply gains more than against the equilibrium mix
    assert rg.exploitability(fixed)[0] >= rg.exploitability(sol)[0]


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_regret_plays_the_war_to_its_end_with_legal_moves(seat):
    """The War Phase to its end (scoring) with the bot in any seat, heuristics in the others, every move legal."""
    s = war(SMALL)
    bots = {p: WarHeuristicBot(p) for p in range(s.n)}
    bots[seat] = RegretBidBot(seat, iterations=40)
    bids = 0
    while not s.is_terminal():
        for p in s.to_act():
            if p not in s.to_act():
                break
            m = bots[p].choose(s, p)
            assert m in s.legal_moves(p)
            bids += p == seat and m[0] == "bid"
            s.apply_move(p, m)
    assert s.result is not None and bids >= 1


def test_names_and_budgets_in_the_registry():
    assert {"regret", "cfr"} <= set(bot_names("risingsun"))
    b = make_bot("risingsun", "regret:50", 0)
    assert isinstance(b, RegretBidBot) and b.iterations == 50
    assert make_bot("risingsun", "cfr", 0).iterations == rg.ITERATIONS
    capped = make_bot("risingsun", "regret:2s", 0)
    assert capped.seconds == 2.0 and capped.iterations == rg.ITERATIONS
    for bad in ("0", "x", "0s", "-1s"):
        with pytest.raises(ValueError, match="bad regret budget"):
            make_bot("risingsun", f"regret:{bad}", 0)


def test_out_of_time_the_bid_is_the_heuristics():
    """A time cap too short to learn the sub-game's payoffs: the bot bids as the heuristic does, a legal bid."""
    s = war(SMALL)
    rg._CACHE.clear()
    bot = RegretBidBot(3, seconds=1e-9)
    m = bot.choose(s, 0)
    assert bot.last_solution is None
    assert m == WarHeuristicBot(0).bid(s, 0) and m in s.legal_moves(0)
