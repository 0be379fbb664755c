"""Properties over random war situations played by random bots.

* Conservation (reference "A battle" 3-6): every figure is in place, killed or captured, once;
  every coin is in a reserve, on the War tile or discarded (Koi's converted ronin added); every
  state keeps the war file's bounds (docs/risingsun-war.md, "Bounds").
* Hidden information (reference "A battle" 2): while bids are secret, what one player bids
  changes nothing in any other player's view, nor in the events they see.
"""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from daimyo.bots.random_bot import RandomBot
from daimyo.risingsun import check_bounds, from_text
from daimyo.risingsun.data import RULES as R
from daimyo.risingsun.state import BID

CLANS = ["lotus", "turtle", "koi", "dragonfly", "bonsai"]
KINDS = ["bushi", "shinto", "monster"]


@st.composite
def war_files(draw) -> str:
    n = draw(st.integers(3, 5))
    clans = draw(st.permutations(CLANS))[:n]
    honor = draw(st.permutations(clans))
    provinces = draw(st.permutations(list(R.provinces)))[: draw(st.integers(1, 4))]
    lines = ["format: risingsun-war", f"season: {draw(st.sampled_from(list(R.seasons)))}", f"honor: {' '.join(honor)}"]
    if draw(st.booleans()):
        a, b = draw(st.permutations(clans))[:2]
        lines.append(f"alliance: {a} {b}")
    for k, prov in enumerate(provinces, 1):
        lines.append(f"war {k}: {prov}")
    for c in clans:
        lines.append(f"player {c}: coins={draw(st.integers(0, 3))} ronin={draw(st.integers(0, 1))} vp={draw(st.integers(0, 4))}")
    # each clan owns its pieces once (reference "Clans in war"); monsters within the project's bound
    left = {c: {k: n for k, n in R.per_clan.items() if n is not None} for c in clans}
    monsters = R.bounds["monsters"]
    for prov in provinces:
        groups = []
        for c in clans:
            for _ in range(draw(st.integers(0, 2))):
                kind = draw(st.sampled_from(KINDS + ["daimyo"]))
                if (kind == "monster" and monsters == 0) or (kind != "monster" and left[c][kind] == 0):
                    kind = "bushi"
                    if left[c][kind] == 0:
                        continue
                if kind == "monster":
                    monsters -= 1
                else:
                    left[c][kind] -= 1
                force = f" force={draw(st.integers(1, 3))}" if kind == "monster" else ""
                groups.append(f"{c} {kind}{force}")
        if groups:
            lines.append(f"figures {prov}: {', '.join(groups)}")
        if "turtle" in clans and draw(st.booleans()):
            lines.append(f"stronghold {prov}: turtle")
    return "\n".join(lines) + "\n"


def _figure_ids(s) -> list[int]:
    return [f[0] for f in s.figures] + [f[0] for f in s.killed] + [f[0] for p in range(s.n) for f in s.captured[p]]


def _coins(s) -> int:
    return sum(s.coins) + sum(sum(b) for b in s.bids.values()) + s.discarded


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=war_files(), seed=st.integers(0, 2**32))
def test_property_coins_and_figures_are_conserved(text, seed):
    """Every figure is in place, killed or captured (each once); coins only move between reserves, the tile and the discard.
    So every state of the War Phase keeps the war file's bounds (check_bounds: a clan's figures, coins and ronin, tokens)."""
    s = from_text(text, start=False)
    figures = sorted(_figure_ids(s))
    coins = sum(s.coins) + sum(s.ronin[p] for p in range(s.n) if R.has(s.clans[p], "coins-as-ronin"))
    s.start()
    bot = RandomBot(seed)
    while not s.is_terminal():
        assert sorted(_figure_ids(s)) == figures
        assert _coins(s) == coins
        check_bounds(s)
        for p in s.to_act():
            s.apply_move(p, bot.choose(s, p))
    assert sorted(_figure_ids(s)) == figures
    assert _coins(s) == coins
    check_bounds(s)
    assert len(s.history) == len(s.wars)
    assert s.result["winner"] in s.clans


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=war_files(), seed=st.integers(0, 2**32))
def test_property_no_view_or_event_shows_another_players_bid_before_the_reveal(text, seed):
    """A bid is in no other seat's view, nor in the events it sees, until every bid is in."""
    s = from_text(text)
    bot = RandomBot(seed)
    checked = 0
    while not s.is_terminal():
        acting = s.to_act()
        if s.step == BID and len(acting) >= 2:
            bidder = acting[0]
            moves = s.legal_moves(bidder)
            a, b = moves[0], moves[-1]          # spend nothing / everything on the last slot
            one, two = s.clone(), s.clone()
            ev1, ev2 = one.apply_move(bidder, a), two.apply_move(bidder, b)
            for seat in [None] + [p for p in range(s.n) if p != bidder]:
                assert one.view(seat) == two.view(seat)
                assert [e.to_dict() for e in ev1 if e.visible(seat)] == [e.to_dict() for e in ev2 if e.visible(seat)]
            assert one.view(bidder) != two.view(bidder) or a == b
            checked += 1
        for p in s.to_act():
            s.apply_move(p, bot.choose(s, p))
    assume(checked > 0)             # only situations with a battle of two or more still to bid count


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(text=war_files(), seed=st.integers(0, 2**32))
def test_property_unshown_coins_are_hidden(text, seed):
    """Coins and ronin are behind the clan screen until a battle shows them: changing them changes no other view."""
    s = from_text(text)
    bot = RandomBot(seed)
    checked = 0
    while not s.is_terminal():
        for h in range(s.n):
            if s.shown[h]:
                continue
            other = s.clone()
            other.coins[h] += 7
            other.ronin[h] += 2
            for seat in [None] + [p for p in range(s.n) if p != h]:
                assert s.view(seat) == other.view(seat)
            checked += 1
        for p in s.to_act():
            s.apply_move(p, bot.choose(s, p))
    assume(checked > 0)
