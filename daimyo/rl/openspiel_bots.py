"""OpenSpiel's ISMCTS bot seated in daimyo's arena, simulations and terminal: the bot spec ``openspiel:ismcts``.

``openspiel:ismcts`` (or ``openspiel:ismcts:N``, N simulations a decision, default :data:`SIMULATIONS`) plays every
game whose OpenSpiel game (``openspiel_game`` in its registration) resamples worlds from a seat's information (Battle
for Rokugan, Senjutsu, Rising Sun's War Phase) with ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` over the games
of :mod:`daimyo.rl.openspiel`, set up as docs/rl.md says (a random-rollout evaluator, one rollout, UCT constant 1.4,
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


def games() -> list[str]:
    """The games the bot plays: those whose registration's OpenSpiel game resamples worlds."""
    from daimyo.rl.openspiel import game_class
    from daimyo.rl.registered import offering
    return [info.name for info in offering("openspiel_game") if game_class(info.name).spiel.resample is not None]


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

    def __init__(self, game: str, seed: int, simulations: int = SIMULATIONS):
        try:
            import numpy as np
            import pyspiel  # noqa: F401  (the extra's presence)
            from open_spiel.python.algorithms import ismcts, mcts
        except ImportError:
            raise ValueError("bot 'openspiel:ismcts' needs OpenSpiel: pip install 'daimyo[openspiel]'") from None
        from daimyo.rl.openspiel import game_class
        playable = games()
        if game not in playable:
            game_class(game)         # a game with no OpenSpiel game at all is refused here, naming the field
            raise ValueError(f"bot 'openspiel:ismcts' plays {', '.join(playable)}, not {game} (its OpenSpiel game "
                             f"cannot resample a state from a seat's information)")
        self.cls = game_class(game)
        self.game, self.simulations = game, simulations
        self._rng = Rng(seed)
        self._np = np.random.RandomState(seed % 2**32)
        self._ismcts, self._mcts = ismcts, mcts
        self._bots: dict[tuple[int, int], Any] = {}

    def _codec(self, state):
        """The OpenSpiel codec the game gives for ``state`` (its ``state_codec``); None: the game's own codec for
        the parameters' defaults and the state's seats as ``players``."""
        state_codec = self.cls.spiel.state_codec
        return state_codec(state) if state_codec is not None else None

    def _bot(self, state):
        """The OpenSpiel game for ``state`` and an ISMCTS bot on it (made once for each shape of game, kept)."""
        codec = self._codec(state)
        key = (state.n, codec.actions if codec is not None else 0)
        if key not in self._bots:
            spiel_game = self.cls({"players": state.n}) if codec is None else self.cls(None, codec)
            evaluator = self._mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._np)
            self._bots[key] = (spiel_game, self._ismcts.ISMCTSBot(spiel_game, evaluator, UCT_C, self.simulations,
                                                                  random_state=self._np))
        return self._bots[key]

    def choose(self, state, seat: int):
        from daimyo.rl.openspiel import DaimyoState
        spiel_game, bot = self._bot(state)
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


__all__ = ["SIMULATIONS", "OpenSpielISMCTS", "games", "openspiel_bot"]
