"""OpenSpiel's ISMCTS bot seated in daimyo's arena, simulations and terminal: the bot spec ``openspiel:ismcts``.

``openspiel:ismcts`` (or ``openspiel:ismcts:N``, N simulations a decision, default :data:`SIMULATIONS`) plays Battle
for Rokugan and Senjutsu with ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` over the games of
:mod:`daimyo.rl.openspiel`, set up as docs/rl.md says (a random-rollout evaluator, one rollout, UCT constant 1.4,
the games' information-state strings as its keys). At each decision the bot wraps a copy of the game in an OpenSpiel
state and searches worlds drawn from the seat's information alone (``resample_from_infostate``), so it never reads
a fact hidden from its seat. It needs the ``openspiel`` extra.
"""

from __future__ import annotations

from typing import Any

from daimyo.core.rng import Rng

SIMULATIONS = 20
MAX_SIMULATIONS = 100_000
UCT_C = 1.4
GAMES = ("rokugan", "senjutsu")


def _parse(spec: str) -> int:
    parts = spec.split(":")
    if len(parts) not in (2, 3) or parts[0] != "openspiel" or parts[1] != "ismcts":
        raise ValueError(f"bot '{spec}': OpenSpiel's bots are openspiel:ismcts or openspiel:ismcts:N "
                         f"(N simulations a decision, 1 to {MAX_SIMULATIONS})")
    if len(parts) == 2:
        return SIMULATIONS
    if not parts[2].isdigit() or not 1 <= int(parts[2]) <= MAX_SIMULATIONS:
        raise ValueError(f"bot '{spec}': the simulations a decision are a whole number from 1 to {MAX_SIMULATIONS}, "
                         f"not '{parts[2]}'")
    return int(parts[2])


class OpenSpielISMCTS:
    """OpenSpiel's ISMCTS bot as a daimyo bot: ``choose(state, seat)`` returns one of the seat's legal moves."""

    games = GAMES

    def __init__(self, game: str, seed: int, simulations: int = SIMULATIONS):
        try:
            import numpy as np
            import pyspiel  # noqa: F401  (the extra's presence)
            from open_spiel.python.algorithms import ismcts, mcts
        except ImportError:
            raise ValueError("bot 'openspiel:ismcts' needs OpenSpiel: pip install 'daimyo[openspiel]'") from None
        if game not in GAMES:
            raise ValueError(f"bot 'openspiel:ismcts' plays {' and '.join(GAMES)}, not {game} (its states cannot be "
                             f"resampled from a seat's information)")
        import daimyo.rl.openspiel  # noqa: F401  (registers the games)
        self.game, self.simulations = game, simulations
        self._rng = Rng(seed)
        self._np = np.random.RandomState(seed % 2**32)
        self._ismcts, self._mcts = ismcts, mcts
        self._bots: dict[int, Any] = {}

    def _bot(self, players: int):
        """The OpenSpiel game for this many players and an ISMCTS bot on it (made once, kept)."""
        if players not in self._bots:
            import pyspiel
            spiel_game = pyspiel.load_game(f"python_daimyo_{self.game}", {"players": players})
            evaluator = self._mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._np)
            self._bots[players] = (spiel_game, self._ismcts.ISMCTSBot(spiel_game, evaluator, UCT_C, self.simulations,
                                                                      random_state=self._np))
        return self._bots[players]

    def choose(self, state, seat: int):
        from daimyo.rl.openspiel import DaimyoState
        spiel_game, bot = self._bot(state.n)
        world = state.clone()
        # OpenSpiel's games take a simultaneous choice seat by seat: a seat asked before the seats ahead of it have
        # chosen searches a world where they chose at random (their choice is hidden from it in any case)
        while world.to_act() and world.to_act()[0] != seat:
            ahead = world.to_act()[0]
            moves = world.legal_moves(ahead)
            world.apply_move(ahead, moves[self._rng.below(len(moves))])
        wrapped = DaimyoState(spiel_game, world)
        action = int(bot.step(wrapped))
        return spiel_game.codec.legal(state, seat)[action]


def openspiel_bot(game: str, spec: str, seed: int) -> OpenSpielISMCTS:
    """The bot ``spec`` names (``openspiel:ismcts`` or ``openspiel:ismcts:N``) for ``game``, seeded with ``seed``."""
    return OpenSpielISMCTS(game, seed, _parse(spec))


__all__ = ["GAMES", "SIMULATIONS", "OpenSpielISMCTS", "openspiel_bot"]
