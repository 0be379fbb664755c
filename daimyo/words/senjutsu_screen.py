"""A Senjutsu duel's view as text: the battlefield (:func:`draw_board`), the duellists (:func:`describe_seats`) and
the terminal's screen (:class:`DuelScreen`), in the words of the catalogue (:mod:`daimyo.words`, keys ``term.sj.*``
and the browser's ``sj.*``). Only a view is read, so nothing hidden from its seat can be written. The terminal
(``daimyo senjutsu duel``, :mod:`daimyo.cli.senjutsu_terminal`), the RL environment's text picture
(:mod:`daimyo.rl.senjutsu`) and the text that outside bots receive (:mod:`daimyo.bots.text`) print the same lines.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from daimyo.words import t as _t
from daimyo.words.senjutsu import CardWords, SenjutsuWords

TERRAIN_MARK = {"rock": "#rk", "shrine": "#sh", "tree": "#tr", "torii": "#to", "bamboo": "#bb", "cart": "#ct"}
WIDTH = 80


def draw_board(view: dict) -> str:
    """The battlefield as text: flat-topped hexes in columns; a character shows as seat+facing (``1n``, ``2se``),
    terrain as ``#rk`` and the like, an empty hex as its coordinates."""
    from daimyo.senjutsu.hexgrid import battlefield, hex_text

    hexes = battlefield(view["board"])
    who = {s["hex"]: f"{s['seat'][1]}{s['facing']}" for s in view["seats"] if s["hex"] and not s["defeated"]}
    qs = [q for q, _ in hexes]
    ys = [2 * r + q for q, r in hexes]
    qmin, ymin = min(qs), min(ys)
    width = (max(qs) - qmin + 1) * 6 + 6
    rows = [[" "] * width for _ in range(max(ys) - ymin + 1)]
    for q, r in hexes:
        h = hex_text((q, r))
        text = who.get(h) or TERRAIN_MARK.get(view["terrain"].get(h, ""), "") or h
        text = f"[{text}]" if h in who else text
        x, y = (q - qmin) * 6, 2 * r + q - ymin
        for k, ch in enumerate(text.center(7)):
            if 0 <= x + k < width and ch != " ":
                rows[y][x + k] = ch
    return "\n".join("".join(r).rstrip() for r in rows)


def wrap(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken between words only."""
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent + "  ", break_long_words=False,
                         break_on_hyphens=False) or [indent]


def columns(items: list[str], width: int = WIDTH) -> list[str]:
    """Numbered items (``[3] turn left``) in as many columns as fit ``width``, filled down each column; an item
    never breaks, and one wider than the terminal takes a line of its own, wrapped between words."""
    cells = [f"[{i}] {text}" for i, text in enumerate(items, 1)]
    if not cells:
        return []
    cell = max(len(c) for c in cells) + 2
    ncols = max(1, min(len(cells), width // cell))
    if ncols == 1:
        return [line for c in cells for line in wrap(c, "", width)]
    nrows = -(-len(cells) // ncols)
    out = []
    for r in range(nrows):
        row = [cells[c * nrows + r] for c in range(ncols) if c * nrows + r < len(cells)]
        out.append("".join(x.ljust(cell) for x in row).rstrip())
    return out


@dataclass
class DuelScreen:
    """The words of one duel in one language: seats, cards, actions and questions, from a seat's view."""

    words: SenjutsuWords
    cards: CardWords
    lang: str = "en"

    def t(self, key: str, **params) -> str:
        return _t(key, params, self.lang)

    def seats(self, view: dict, me: str | None) -> list[str]:
        """Each duellist in words (where, facing, Kamae, focus, wounds...), then the advantage order."""
        out = []
        t = self.t
        for s in view["seats"]:
            name = self.words.who(s["seat"]) + (" " + t("term.sj.you") if s["seat"] == me else "")
            if s["defeated"]:
                out.extend(wrap(t("term.sj.seat.defeated", seat=s["seat"], name=name)))
                continue
            where = (t("term.sj.seat.at", hex=s["hex"], facing=t("sj.facing." + s["facing"])) if s["hex"]
                     else t("term.sj.seat.not_placed"))
            facts = [where, t("term.sj.seat.kamae", kamae=t("sj.kamae." + s["kamae"])), t("sj.focus_n", n=s["focus"]),
                     t("term.sj.seat.wounds", n=s["wounds"] + s["bleeding"], limit=s["wound_limit"])]
            if s["bleeding"]:
                facts.append(t("sj.bleeding_n", n=s["bleeding"]))
            if s["stuns"]:
                facts.append(t("sj.stuns_n", n=s["stuns"]))
            if s["hobbles"]:
                facts.append(t("sj.hobbles_n", n=s["hobbles"]))
            if s["poison"]:
                facts.append(t("sj.status.poison"))
            facts.append(t("sj.cards_counts", hand=s["hand_size"], deck=s["deck_size"], discard=len(s["discard"])))
            out.extend(wrap(f"{s['seat']} {name}: " + ", ".join(facts)))
            if s.get("played"):
                out.extend(wrap(t("term.sj.seat.played", card=self.words.card(s["played"])), "    "))
        order = " > ".join(self.words.short_who(x) for x in view["advantage"])
        out.extend(wrap(t("sj.advantage_order", order=order)))
        return out

    def card(self, cid: str, indent: str = "  ") -> list[str]:
        """One card: its name and facts, then its lines of text, indented."""
        out = wrap(self.cards.head(cid), indent)
        for line in self.cards.text(cid):
            out.extend(wrap(line, indent + "    "))
        return out

    def hand(self, seat: dict) -> list[str]:
        """The human's hand, every card with its text, and the status cards held."""
        out = [self.t("term.sj.hand", n=seat["hand_size"])]
        for cid in dict.fromkeys(seat["hand"] or []):
            k = (seat["hand"] or []).count(cid)
            lines = self.card(cid)
            if k > 1:
                lines[0] += f" (x{k})"
            out.extend(lines)
        for cid, n in (("stun", seat["stuns"]), ("poison", 1 if seat["poison"] else 0)):
            if n:
                out.extend(wrap(f"{self.words.card(cid)} (x{n}): {self.t(f'sj.status.{cid}_text')}", "  "))
        return out

    def question(self, moves: list[str]) -> str:
        verb = moves[0].split(" ")[0]
        key = "term.sj.ask." + verb
        return self.t(key) if self.t(key) != key else self.t("sj.ask." + verb)



def describe_seats(view: dict, me: str | None, lang: str = "en") -> list[str]:
    """Each duellist in words, then the advantage order (:class:`DuelScreen`)."""
    words = SenjutsuWords(lang, {s["seat"]: s["name"] for s in view["seats"]}, {})
    return DuelScreen(words, CardWords(words, {}), lang).seats(view, me)


__all__ = ["TERRAIN_MARK", "WIDTH", "DuelScreen", "columns", "describe_seats", "draw_board", "wrap"]
