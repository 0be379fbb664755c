"""The arena: many games between bots, with seats and clans rotated, results stored, ratings and win rates.

``schedule`` decides who sits where with which clan, ``play`` plays one game and keeps its
record, ``run`` plays many (in worker processes or on a Ray cluster), ``store`` keeps one row
per game (SQLite), ``stats`` computes ratings and Wilson intervals, ``plot`` draws them and
``balance`` runs the balance study.
"""

from daimyo.arena.schedule import GameSpec, schedule
from daimyo.arena.stats import summarize, wilson

__all__ = ["GameSpec", "schedule", "summarize", "wilson"]
