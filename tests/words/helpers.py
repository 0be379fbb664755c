"""Random games of every game with events, for the catalogue tests."""

from __future__ import annotations

import random

from daimyo.core.game import Event


def rokugan_events(games: int, seed0: int = 0):
    """(event, seat to act) of random Battle for Rokugan games of 2 to 5 players, some with clans given."""
    from daimyo.rokugan import new_game

    clans_all = ["crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"]
    for seed in range(seed0, seed0 + games):
        rnd = random.Random(seed)
        n = 2 + seed % 4
        g = new_game(players=n, seed=seed, clans=None if seed % 3 == 0 else rnd.sample(clans_all, n))
        while not g.is_terminal():
            seat = g.to_act()[0]
            for e in g.apply(rnd.choice(g.legal_actions(seat))):
                yield e, seat


def senjutsu_duels(duels: int, seed0: int = 0):
    """(event, names of the characters by seat) of random Senjutsu duels of 2 to 4 duellists."""
    from daimyo.senjutsu import new_game
    from daimyo.senjutsu.cards import sample_set
    from daimyo.senjutsu.game import terrain as senjutsu_terrain

    chars = list(sample_set().characters)
    for seed in range(seed0, seed0 + duels):
        rnd = random.Random(seed)
        g = new_game(rnd.sample(chars, 2 + seed % 3), seed=seed, terrain=senjutsu_terrain(seed))
        names = {s["seat"]: s["name"] for s in g.view(None)["seats"]}
        while not g.is_terminal():
            seat = g.to_act()[0]
            for e in g.apply(rnd.choice(g.legal_actions(seat))):
                yield e, names


def risingsun_events(wars: int) -> list[Event]:
    """Every event of random War Phases of the example war files."""
    from daimyo.bots.random_bot import RandomBot
    from daimyo.risingsun import open_example
    from daimyo.risingsun.record import Recorder

    out: list[Event] = []
    for k in range(wars):
        rec = Recorder(open_example(("seed-example", "worked-battle")[k % 2]))
        out += rec.start_events
        bot = RandomBot(k)
        s = rec.state
        while not s.is_terminal():
            seat = s.to_act()[0]
            out += rec.apply_move(seat, bot.choose(s, seat))
    return out


def risingsun_choices(wars: int) -> list[tuple[list[dict], list[str]]]:
    """(the figures of the acting seat's view, its legal actions) at every decision other than a secret bid of
    random War Phases of the example war files: what the terminal lists and the page draws as buttons."""
    from daimyo.bots.random_bot import RandomBot
    from daimyo.risingsun import open_example
    from daimyo.risingsun.record import Recorder

    out: list[tuple[list[dict], list[str]]] = []
    for k in range(wars):
        rec = Recorder(open_example(("seed-example", "worked-battle")[k % 2]))
        bot = RandomBot(100 + k)
        s = rec.state
        while not s.is_terminal():
            seat = s.to_act()[0]
            actions = [a.text for a in s.legal_actions(seat)]
            if not actions[0].startswith("bid "):
                out.append((s.view(seat)["figures"], actions))
            rec.apply_move(seat, bot.choose(s, seat))
    return out


def senjutsu_cards() -> dict[str, str]:
    from daimyo.senjutsu.cards import sample_set

    return {cid: c.name for cid, c in sample_set().cards.items()}
