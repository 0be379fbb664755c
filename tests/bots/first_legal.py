"""A Python bot outside daimyo's own (``tests.bots.first_legal:FirstLegal``): the first legal action, by text."""

from daimyo.core.registry import game


class FirstLegal:
    games = ("rokugan", "senjutsu")

    def __init__(self, seed: int):
        self.seed = seed

    def choose(self, state, seat: int) -> str:
        name = "rokugan" if type(state).__module__.startswith("daimyo.rokugan") else "senjutsu"
        return game(name).move_text(state, seat, state.legal_moves(seat)[0])
