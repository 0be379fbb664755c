"""The board picture moved to :mod:`daimyo.rokugan.board_svg` (it draws Battle for Rokugan's board from the game's
own data, and the reinforcement-learning pictures use it too); this name stays for those who import it."""

from daimyo.rokugan.board_svg import *  # noqa: F403
