"""A seat's game in words, for outside programs (a language model among them): what they are told at the start of a
game, at each decision and at the end, in the message catalogue's words (:mod:`daimyo.words`).

* :func:`start_text` and :func:`start_facts`: the static facts of the game for one seat (Battle for Rokugan's map,
  token codes, card and objective texts; Senjutsu's cards with their lines; Rising Sun's bid slots), and the seat's
  rules in brief;
* :func:`render`: the seat's view and its legal actions as text a person could play from (the legal actions
  grouped where they are many, such as Battle for Rokugan's placements);
* :func:`sentences`: events in words, as the terminal and the browser say them.

Each game's words are in its own module (:mod:`.rokugan`, :mod:`.senjutsu`, :mod:`.risingsun`); everything here is
read from the seat's view, so a rendering never holds what the seat may not know.
"""

from __future__ import annotations

import json
from importlib import import_module
from typing import Any

from daimyo.core.game import Event

_MODULES = {"rokugan": "daimyo.bots.text.rokugan", "senjutsu": "daimyo.bots.text.senjutsu",
            "risingsun": "daimyo.bots.text.risingsun"}
#: the most characters of events a text decision carries (the latest are kept)
EVENTS_CHARS = 1600


def _game(game: str):
    if game not in _MODULES:
        raise ValueError(f"game: no text rendering for '{game}' (games: {', '.join(_MODULES)})")
    return import_module(_MODULES[game])


def start_facts(game: str, view: dict, seat: int, lang: str = "en", cards: Any = None) -> dict:
    """The static facts of ``game`` for ``seat`` as data (the map, codes, cards...); ``cards`` is Senjutsu's card set
    when the game uses one other than the sample set."""
    return _game(game).facts(view, seat, lang, cards)


def start_text(game: str, view: dict, seat: int, lang: str = "en", cards: Any = None) -> str:
    """The static facts of ``game`` for ``seat`` in words, with the seat's rules in brief."""
    return _game(game).facts_text(view, seat, lang, cards)


def render(game: str, view: dict, seat: int, legal: list[str], lang: str = "en", cards: Any = None) -> str:
    """The seat's view and its legal actions (in the game's notation) as text a person could play from."""
    return _game(game).render(view, seat, legal, lang, cards)


def _speaker(game: str, lang: str, view: dict | None, cards: Any = None):
    """One event in words, for ``game`` (the message catalogue); None for a game without words here."""
    if game == "rokugan":
        from daimyo.words.rokugan import sentence
        return lambda event: [sentence(event, lang)]
    if game == "senjutsu":
        from daimyo.senjutsu.cards import sample_set
        from daimyo.words.senjutsu import SenjutsuWords
        words = SenjutsuWords.of_view(lang, view, {cid: c.name for cid, c in (cards or sample_set()).cards.items()})
        return lambda event: [words.sentence(event)]
    if game == "risingsun":
        from daimyo.words.risingsun import lines
        return lambda event: lines(event, lang)
    return None


def sentences(game: str, events: list[dict] | list[Event], lang: str = "en", view: dict | None = None,
              cards: Any = None) -> list[str]:
    """The events (dicts as the server sends them, or :class:`Event`) in words, as a player reads them; ``view``
    names Senjutsu's seats."""
    if not events:
        return []
    speak = _speaker(game, lang, view, cards)
    out: list[str] = []
    for e in events:
        event = e if isinstance(e, Event) else Event(e.get("kind", ""), {k: v for k, v in e.items() if k != "kind"})
        try:
            if speak is None:
                raise KeyError(game)
            out.extend(line.strip() for line in speak(event))
        except Exception:   # an event the words do not know: its data, plainly
            out.append(json.dumps(event.to_dict(), ensure_ascii=False))
    return out


def alternatives(options: list[str]) -> str:
    """``{a|b|c}``, or the one option itself."""
    return options[0] if len(options) == 1 else "{" + "|".join(options) + "}"


def grouped(legal: list[str], at_least: int = 4) -> list[str]:
    """The legal actions as lines, those that differ only in their last word written once when ``at_least`` share
    the rest (``play scout {#1|#2|#5}``), each other as it is; the order of first appearance is kept."""
    by_prefix: dict[str, list[str]] = {}
    for text in legal:
        prefix, _, last = text.rpartition(" ")
        by_prefix.setdefault(prefix if prefix else text, []).append(last if prefix else "")
    lines = []
    for prefix, lasts in by_prefix.items():
        if len(lasts) >= at_least and all(lasts):
            lines.append(f"  {prefix} {alternatives(lasts)}")
        else:
            lines.extend(f"  {prefix} {last}".rstrip() for last in lasts)
    return lines


def latest(lines: list[str], limit: int = EVENTS_CHARS, lang: str = "en") -> list[str]:
    """The latest of ``lines`` that fit in ``limit`` characters, after a line saying how many earlier ones are left out."""
    from daimyo.words import t
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) > limit:
            break
        kept.append(line)
        size += len(line)
    kept.reverse()
    if len(kept) < len(lines):
        kept.insert(0, t("bot.events_left_out", {"n": len(lines) - len(kept)}, lang))
    return kept


__all__ = ["EVENTS_CHARS", "alternatives", "grouped", "latest", "render", "sentences", "start_facts", "start_text"]
