"""The arena: many games between bots in any registered game, with seats and clans rotated, seeds paired per
rotation block, results stored, ratings and win rates.

``schedule`` decides who sits where with which clan (or character, or war file) and on which seed, ``play`` plays
one game through the game registry and keeps its record, ``run`` plays many (in worker processes or on a Ray
cluster), ``store`` keeps one row per game (SQLite), ``stats`` computes ratings and Wilson intervals, ``plot`` draws
them, ``balance`` runs Battle for Rokugan's balance study and ``designer`` the Senjutsu card designer's duels.
"""

from daimyo.arena.schedule import GameSpec, schedule
from daimyo.arena.stats import summarize, wilson

__all__ = ["GameSpec", "schedule", "summarize", "wilson"]
