"""Interfaces shared by every game: actions, states, views, seeded randomness and records."""

from daimyo.core.errors import FormatError, RuleViolation
from daimyo.core.game import Action, Event, GameState
from daimyo.core.rng import GameKey, KeyedRng, Rng, generator

__all__ = ["Action", "Event", "FormatError", "GameKey", "GameState", "KeyedRng", "Rng", "RuleViolation", "generator"]
