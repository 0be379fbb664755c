"""Bidding bots for the War Phase: random and heuristic, in any seat."""

from __future__ import annotations

import pytest

from daimyo.bots import make_bot as shared_make_bot
from daimyo.bots.risingsun import WarHeuristicBot, bot_names, make_bot, play_war
from daimyo.risingsun import examples, load_war, open_example
from tests.risingsun.helpers import war


@pytest.mark.parametrize("name", ["random", "heuristic"])
@pytest.mark.parametrize("example", ["seed-example", "worked-battle"])
def test_bots_play_every_seat_with_legal_moves(name, example):
    """Any bot can take any seat: each of its moves is among the legal ones."""
    for seed in range(5):
        s = load_war(open_example(example))
        bots = {p: make_bot(name, seed * 10 + p) for p in range(s.n)}
        while not s.is_terminal():
            for p in s.to_act():
                m = bots[p].choose(s, p)
                assert m in s.legal_moves(p)
                s.apply_move(p, m)
        assert s.result["winner"] in s.clans


def test_bots_mixed_seats_and_the_same_seed_plays_the_same_war():
    def run():
        s = load_war(open_example("seed-example"))
        bots = {0: make_bot("heuristic", 1), 1: make_bot("random", 2), 2: make_bot("random", 3), 3: make_bot("heuristic", 4)}
        moves = []
        play_war(s, bots, on_move=lambda p, m: moves.append((p, m)))
        return moves, s.result
    assert run() == run()


def test_heuristic_keeps_coins_for_later_battles():
    """The heuristic spends at most its share of coins when more battles are ahead of it."""
    s = war("honor: lotus koi bonsai\nplayer lotus: coins=6\nplayer koi: coins=6\nplayer bonsai: coins=0\nwar 1: kyoto\nwar 2: edo\nwar 3: oshu\n"
            "figures kyoto: lotus bushi, koi bushi x2\nfigures edo: lotus bushi, koi bushi\nfigures oshu: lotus bushi, koi bushi\n")
    bot = WarHeuristicBot(0)
    assert bot.battles_ahead(s, 0) == 2
    m = bot.choose(s, 0)
    assert sum(m[1:]) <= 2


def test_heuristic_commits_seppuku_when_its_figures_would_die():
    """The heuristic values Seppuku when it cannot win: its figures would die anyway."""
    s = war("honor: lotus koi bonsai\nplayer lotus: coins=4\nplayer koi: coins=0\nplayer bonsai: coins=0\nwar 1: kyoto\n"
            "figures kyoto: lotus bushi, koi bushi x4\n")
    bot = WarHeuristicBot(0)
    values = bot.slot_values(s, 0)
    assert values[0] > 0 and values[2] == 0          # no ronin to hire
    s.apply_move(1, ("bid", 0, 0, 0, 0))
    m = bot.choose(s, 0)
    assert m[1] > 0
    s.apply_move(0, m)
    assert s.step == 1 and bot.choose(s, 0) == ("seppuku",)


def test_heuristic_takes_no_hostage_from_an_ally_and_prefers_the_strongest_figure():
    s = war("honor: lotus koi bonsai\nalliance: lotus bonsai\nplayer lotus: coins=2\nplayer koi: coins=0\nplayer bonsai: coins=0\n"
            "war 1: kyoto\nfigures kyoto: lotus bushi, bonsai bushi, koi bushi, koi monster force=3\n")
    s.apply_move(1, ("bid", 0, 0, 0, 0))
    s.apply_move(2, ("bid", 0, 0, 0, 0))
    s.apply_move(0, ("bid", 0, 1, 0, 0))
    assert WarHeuristicBot(0).choose(s, 0) == ("hostage", 4)


def test_bot_names_and_registry():
    assert bot_names() == ["cfr", "heuristic", "random", "regret", "regret-python"]
    # Rokugan's registry does not offer Rising Sun's bots
    with pytest.raises(ValueError):
        shared_make_bot("rokugan", "risingsun-heuristic", 1)
    assert isinstance(make_bot("risingsun-heuristic", 1), WarHeuristicBot)
    with pytest.raises(ValueError, match="unknown Rising Sun bot"):
        make_bot("genius", 1)
    assert examples()
