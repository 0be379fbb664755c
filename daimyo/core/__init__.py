"""Interfaces shared by every game: actions, states, views, seeded randomness and records."""

from daimyo.core.errors import FormatError, RuleViolation
from daimyo.core.game import Action, Event, GameState
from daimyo.core.rng import Rng

__all__ = ["Action", "Event", "FormatError", "GameState", "Rng", "RuleViolation"]
