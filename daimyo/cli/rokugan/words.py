"""Moved to :mod:`daimyo.words.rokugan_events` (the words layer, which the RL environment's picture uses too); this
name stays for those who import it."""

from daimyo.words.rokugan_events import *  # noqa: F403
