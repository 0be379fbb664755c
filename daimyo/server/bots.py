"""Bots on the server: specs checked against the server's budget caps, and the fallback move.

A bot spec from a request (``ismcts:2s``) may ask for at most ``bot_seconds`` of thinking or
``bot_iterations`` iterations a decision; a spec stored before these caps (or by an older
server) is clamped to them when the game is loaded. Whatever the spec, the room abandons a
decision past ``bot_deadline`` and plays :func:`fallback_move` instead.
"""

from __future__ import annotations

import logging
import math

from daimyo.bots.levels import is_reference, offered_bots
from daimyo.bots.registry import bot_names, game_bot
from daimyo.core.registry import game
from daimyo.core.rng import GameKey, Rng, generator
from daimyo.server.settings import Settings

log = logging.getLogger("daimyo.server")


def check_budget(bot, settings: Settings) -> None:
    """ValueError naming the cap when ``bot`` asks for more thinking than this server allows."""
    seconds = getattr(bot, "seconds", None)
    iterations = getattr(bot, "iterations", None)
    if seconds is not None and not (math.isfinite(seconds) and 0 < seconds <= settings.bot_seconds):
        raise ValueError(f"a bot may think at most {settings.bot_seconds:g} s a decision on this server")
    if iterations is not None and not 0 < iterations <= settings.bot_iterations:
        raise ValueError(f"a bot may search at most {settings.bot_iterations} iterations a decision on this server")


def validate_spec(rules, spec, settings: Settings) -> str:
    """The bot spec of a request, checked: a known bot within the server's caps (ValueError saying why not)."""
    if not isinstance(spec, str) or not spec or len(spec) > 40:
        raise ValueError(f"a bot name of at most 40 characters ({', '.join(offered_bots(rules.name))})")
    if is_reference(rules.name, spec):
        raise ValueError(f"'{spec.partition(':')[0]}' is a reference implementation, not offered to players "
                         f"(bots: {', '.join(offered_bots(rules.name))}; or a level)")
    try:
        bot = game_bot(rules.name, spec, 0)
    except ValueError:
        if spec.partition(":")[0] in bot_names(rules.name):   # a bad budget: its own words
            raise
        title = game(rules.name).title
        raise ValueError(f"unknown {title} bot '{spec}' (bots: {', '.join(offered_bots(rules.name))}; or a level)") from None
    check_budget(bot, settings)
    return spec


def server_bot(rules, spec: str | None, seed: int, settings: Settings):
    """The bot of a stored seat, its budget clamped to the server's caps and its time bounded."""
    if spec is None:
        raise ValueError("bot: a bot seat names its bot")
    bot = game_bot(rules.name, spec, seed)
    try:
        check_budget(bot, settings)
    except ValueError:
        log.warning("a stored bot spec asks for more than this server allows; it is held to the caps")
        if getattr(bot, "seconds", None) is not None:
            bot.seconds = settings.bot_seconds
        if getattr(bot, "iterations", None) is not None:
            bot.iterations = min(bot.iterations, settings.bot_iterations)
    if hasattr(bot, "max_seconds"):
        bot.max_seconds = settings.bot_seconds
    return bot


def fallback_move(state, seat: int, randomness, at: int) -> str:
    """A uniformly random legal action of ``seat`` at step ``at``, from the game's own randomness."""
    legal = [a.text for a in state.legal_actions(seat)]
    if isinstance(randomness, GameKey):
        rng = generator(randomness, f"fallback/{seat}/{at}")
    else:
        from daimyo.bots import bot_seed
        rng = Rng(bot_seed(randomness, seat) + at)
    return legal[rng.below(len(legal))]
