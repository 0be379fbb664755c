"""What every daimyo AEC environment does when the selected agent's move is applied (Battle for Rokugan's
:class:`daimyo.rl.rokugan.raw_env`, and :class:`daimyo.rl.turns.TurnEnv` for Senjutsu and Rising Sun).

The environment names its agents ``possible_agents`` in seat order, keeps the game in ``game`` (read through
``_game()``, which refuses a use before ``reset()``), and selects the next agent in ``_select()``.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any


def action_number(action: Any, agent: str) -> int:
    """``action`` as an index of the action space: a whole number (a Python or NumPy integer, a one-entry integer
    array, a float without a fraction). Anything else is a ValueError naming the agent, None included (the action of
    an agent that is done), where ``int()`` would raise a bare TypeError or cut 1.5 down to action 1 and play it."""
    if action is None:
        raise ValueError(f"action None for {agent}, who is to act (None is the action of an agent that is done); "
                         f"give an action the mask allows")
    if isinstance(action, (str, bytes)):
        raise ValueError(f"action {action!r} for {agent}: an action is a whole number, an index of the action space")
    try:
        return operator.index(action)
    except TypeError:
        pass
    try:
        value = float(action)
    except (TypeError, ValueError):
        raise ValueError(f"action {action!r} for {agent}: an action is a whole number, an index of the action "
                         f"space") from None
    if not value.is_integer():
        raise ValueError(f"action {action!r} for {agent}: not a whole number; an action is an index of the action "
                         f"space")
    return int(value)


class MoveStepping:
    """:meth:`play_move`: apply the selected agent's move, pay the returns at the end, select the next agent."""

    possible_agents: list[str]
    agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    infos: dict[str, dict]

    if TYPE_CHECKING:      # the environment's own (and PettingZoo's AECEnv's), declared for the type checker only
        def _game(self) -> Any: ...
        def _select(self) -> None: ...
        def _accumulate_rewards(self) -> None: ...

    def play_move(self, move: Any) -> None:
        """Step the selected agent with one of its legal moves itself (as a bot gives it), not by action number."""
        agent = self.agent_selection
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        s = self._game()
        s.apply_move(seat, move)
        self._moved(s)

    def _moved(self, s: Any) -> None:
        """After the selected agent's move: pay the returns at the end, else select the next agent."""
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if s.is_terminal():
            for a, r in zip(self.possible_agents, s.returns(), strict=True):
                self.rewards[a] = float(r)
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            for a in self.agents:
                self.infos[a] = {}
            self.agent_selection = self.agents[0]   # every agent is dead now: each is stepped with None in turn
            return
        self._accumulate_rewards()
        self._select()
