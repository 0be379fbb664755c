"""Senjutsu in words for an outside program: the seat's deck with every card's grid and lines at the start, and at
each decision the terminal duel's screen (:mod:`daimyo.words.senjutsu_screen`: the battlefield, each duellist, the
hand with its text) and the legal actions with their words."""

from __future__ import annotations

from typing import Any

from daimyo.words import t as words
from daimyo.words.senjutsu import CardWords, SenjutsuWords
from daimyo.words.senjutsu_screen import DuelScreen, draw_board, wrap


def _cards(cards: Any):
    if cards is not None:
        return cards
    from daimyo.senjutsu.cards import sample_set
    return sample_set()


def _screen(view: dict, lang: str, cards: Any) -> DuelScreen:
    card_set = _cards(cards)
    w = SenjutsuWords.of_view(lang, view, {cid: c.name for cid, c in card_set.cards.items()})
    return DuelScreen(w, CardWords(w, card_set.cards, cells=True), lang)


def _me(view: dict, seat: int) -> dict:
    return view["seats"][seat]


def deck_cards(view: dict, seat: int, cards: Any = None) -> list[str]:
    """The cards of the seat's character's decks in the card set, and those in its hand, each once."""
    card_set = _cards(cards)
    me = _me(view, seat)
    ids = [cid for deck in card_set.decks.values() if deck.character == me["character"]
           for cid in (deck.weapon, *deck.cards) if cid]
    return list(dict.fromkeys([*ids, *(me.get("hand") or [])]))


def facts(view: dict, seat: int, lang: str = "en", cards: Any = None) -> dict:
    """Every card of the seat's deck: its name and facts, and its lines of text with each hex its grid hits."""
    screen = _screen(view, lang, cards)
    return {"cards": {cid: {"head": screen.cards.head(cid), "lines": screen.cards.text(cid)}
                      for cid in deck_cards(view, seat, cards) if cid in screen.cards.cards}}


def facts_text(view: dict, seat: int, lang: str = "en", cards: Any = None) -> str:
    screen = _screen(view, lang, cards)
    lines = [words("bot.rules", None, lang), words("bot.sj.brief", None, lang), "", words("bot.sj.cards", None, lang)]
    for cid in deck_cards(view, seat, cards):
        if cid in screen.cards.cards:
            card = screen.card(cid)
            card[0] = f"  {cid}: {card[0].strip()}"
            lines.extend(card)
    return "\n".join(lines)


def render(view: dict, seat: int, legal: list[str], lang: str = "en", cards: Any = None) -> str:
    """The duel as the terminal shows it to the seat, the seat's hand with its text, and the legal actions."""
    screen = _screen(view, lang, cards)
    me = _me(view, seat)
    lines = [words("bot.sj.you", {"name": me["name"], "seat": me["seat"]}, lang), draw_board(view),
             *screen.seats(view, me["seat"])]
    if me.get("hand") is not None:
        lines += screen.hand(me)
    if view.get("winners"):
        who = ", ".join(screen.words.who(w) for w in view["winners"])
        lines += wrap(screen.t("term.sj.winner" if len(view["winners"]) == 1 else "term.sj.draw", who=who))
    if legal:
        lines += wrap(screen.question(legal))
        lines.append(words("bot.legal", {"n": len(legal)}, lang))
        lines += legal_lines(screen, legal, me.get("played"))
    return "\n".join(lines)


def legal_lines(screen: DuelScreen, legal: list[str], played: str | None) -> list[str]:
    """Each legal action with its words; placements (a hex and a facing each) grouped by the facings a hex allows."""
    from daimyo.bots.text import alternatives
    facings: dict[str, list[str]] = {}
    lines = []
    for a in legal:
        parts = a.split()
        if len(parts) == 3 and parts[0] == "place":
            facings.setdefault(parts[1], []).append(parts[2])
            continue
        said = screen.cards.action(a, played)
        lines.append(f"  {a}" if said == a else f"  {a}: {said}")
    hexes: dict[tuple[str, ...], list[str]] = {}
    for hex_, fs in facings.items():
        hexes.setdefault(tuple(fs), []).append(hex_)
    for turns, hs in hexes.items():
        lines.append(f"  place {alternatives(hs)} {alternatives(list(turns))}")
    return lines
