"""daimyo: play, simulate and study samurai board games.

Folders show the architecture: ``core`` (interfaces shared by every game),
one folder per game (``rokugan``), ``bots`` and ``cli``. Nothing in a game's
rules imports from the bots or the command line.
"""

__version__ = "0.1.0"
