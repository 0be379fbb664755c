"""A Senjutsu duel's view as text: the battlefield (:func:`draw_board`), the duellists (:func:`describe_seats`) and
the terminal's screen (:class:`DuelScreen`; a decision's screen, :meth:`DuelScreen.decision`, fits ``HEIGHT`` lines of
``WIDTH`` columns with the prompt), in the words of the catalogue (:mod:`daimyo.words`, keys ``term.sj.*``
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
HEIGHT = 24
#: the narrowest status column beside the battlefield; narrower, the duellists go under it
PANEL = 30


def draw_board(view: dict, step: int = 6) -> str:
    """The battlefield as text: flat-topped hexes in columns ``step`` characters apart; a character shows as
    seat+facing (``1n``, ``2se``), terrain as ``#rk`` and the like, an empty hex as its coordinates. Hexes of one
    row are two columns apart, so a step of 5 still leaves a space between any two of them."""
    from daimyo.senjutsu.hexgrid import battlefield, hex_text

    hexes = battlefield(view["board"])
    who = {s["hex"]: f"{s['seat'][1]}{s['facing']}" for s in view["seats"] if s["hex"] and not s["defeated"]}
    qs = [q for q, _ in hexes]
    ys = [2 * r + q for q, r in hexes]
    qmin, ymin = min(qs), min(ys)
    width = (max(qs) - qmin + 1) * step + 6
    rows = [[" "] * width for _ in range(max(ys) - ymin + 1)]
    for q, r in hexes:
        h = hex_text((q, r))
        text = who.get(h) or TERRAIN_MARK.get(view["terrain"].get(h, ""), "") or h
        text = f"[{text}]" if h in who else text
        x, y = (q - qmin) * step, 2 * r + q - ymin
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

    # --- the compact screen of a decision: HEIGHT lines of WIDTH columns, the prompt on its last line

    def _facts(self, s: dict) -> tuple[str, list[str]]:
        """A duellist's where, Kamae and focus, wounds and what hurts, cards: (where, [kamae, wounds, cards])."""
        t = self.t
        where = (t("term.sj.seat.at", hex=s["hex"], facing=t("sj.facing." + s["facing"])) if s["hex"]
                 else t("term.sj.seat.not_placed"))
        hurt = [t("term.sj.seat.wounds", n=s["wounds"] + s["bleeding"], limit=s["wound_limit"])]
        for key, n in (("sj.bleeding_n", s["bleeding"]), ("sj.stuns_n", s["stuns"]), ("sj.hobbles_n", s["hobbles"])):
            if n:
                hurt.append(t(key, n=n))
        if s["poison"]:
            hurt.append(t("sj.status.poison"))
        kamae = t("term.sj.seat.kamae", kamae=t("sj.kamae." + s["kamae"])) + ", " + t("sj.focus_n", n=s["focus"])
        cards = t("sj.cards_counts", hand=s["hand_size"], deck=s["deck_size"], discard=len(s["discard"]))
        return where, [kamae, ", ".join(hurt), cards]

    def _name(self, s: dict, me: str | None) -> str:
        return f"{s['seat']} {self.words.who(s['seat'])}" + (" " + self.t("term.sj.you") if s["seat"] == me else "")

    def panel(self, view: dict, me: str | None, width: int) -> list[str]:
        """The duellists as a column ``width`` wide beside the battlefield: a name line, then where, Kamae and focus,
        wounds, cards (and the card played), each wrapped in the column; then the advantage order."""
        out: list[str] = []
        for s in view["seats"]:
            if s["defeated"]:
                out.extend(wrap(self.t("term.sj.seat.defeated", seat=s["seat"], name=self.words.who(s["seat"])),
                                width=width))
                continue
            out.extend(wrap(self._name(s, me), width=width))
            where, facts = self._facts(s)
            for fact in [where, *facts]:
                out.extend(wrap(fact, " ", width))
            if s.get("played"):
                out.extend(wrap(self.t("term.sj.seat.played", card=self.words.card(s["played"])), " ", width))
        order = " > ".join(self.words.short_who(x) for x in view["advantage"])
        return out + wrap(self.t("sj.advantage_order", order=order), width=width)

    def lines(self, view: dict, me: str | None, width: int = WIDTH) -> list[str]:
        """The duellists in a line each (wrapped only when their statuses are many), then the advantage order: under
        a battlefield too wide to have them beside it."""
        out: list[str] = []
        for s in view["seats"]:
            short = f"{s['seat']} {self.words.short_who(s['seat'])}" + (" " + self.t("term.sj.you") if s["seat"] == me else "")
            if s["defeated"]:
                out.extend(wrap(self.t("term.sj.seat.defeated", seat=s["seat"], name=self.words.short_who(s["seat"])),
                                width=width))
                continue
            _, (kamae, hurt, _cards) = self._facts(s)
            where = f"{s['hex']} {s['facing']}" if s["hex"] else self.t("term.sj.seat.not_placed")
            facts = [where, kamae, hurt, self.t("term.sj.seat.hand", n=s["hand_size"])]
            out.extend(wrap(f"{short}: " + ", ".join(facts), "", width))
        order = " > ".join(self.words.short_who(x) for x in view["advantage"])
        return out + wrap(self.t("sj.advantage_order", order=order), width=width)

    def top(self, view: dict, me: str | None, width: int = WIDTH) -> list[str]:
        """The battlefield with the duellists beside it; a battlefield too wide for that is drawn narrower, and the
        duellists go under it, a line each (:meth:`lines`)."""
        board = draw_board(view).splitlines()
        if max(map(len, board)) + 2 + PANEL > width:
            board = draw_board(view, 5).splitlines()
        left = max(map(len, board)) + 2
        if left + PANEL > width:
            return board + self.lines(view, me, width)
        panel = self.panel(view, me, width - left)
        rows = max(len(board), len(panel))
        board += [""] * (rows - len(board))
        panel += [""] * (rows - len(panel))
        return [(b.ljust(left) + p).rstrip() for b, p in zip(board, panel, strict=True)]

    def decision(self, view: dict, me: str | None, moves: list[str], labels: list[str], height: int = HEIGHT,
                 width: int = WIDTH) -> list[str]:
        """A decision's screen above its prompt: :meth:`top`, the question and the choices, in ``height - 1`` lines
        of ``width`` columns (the prompt takes the last line)."""
        top = self.top(view, me, width)
        return top + self.choices(moves, labels, height - 1 - len(top), width)

    def choices(self, moves: list[str], labels: list[str], room: int, width: int = WIDTH) -> list[str]:
        """The question and the numbered choices in ``room`` lines: a placement as its hexes (:func:`place_grid`),
        else the choices' words in columns (without their first word when every choice shares it), else their
        notations (shorter), else as many as fit and a line saying how many more there are and how to see them
        (``options``) or name one."""
        grid = place_grid(moves)
        if grid is not None:
            hexes, facings = grid
            ask = wrap(self.t("term.sj.ask.place_grid", facings=" ".join(facings), example=f"1 {facings[0]}",
                              hex=f"{hexes[0]} {facings[0]}"), width=width)
            return ask + self._cut(hexes, [f"place {h} {facings[0]}" for h in hexes], room - len(ask), width)
        ask = wrap(self.question(moves), width=width)
        if len(ask) + len(columns(labels, width)) <= room:
            return ask + columns(labels, width)
        first = {x.split(" ", 1)[0] for x in labels}
        if len(first) == 1 and all(" " in x for x in labels):   # play X, play Y: the question says "play"
            bare = [x.split(" ", 1)[1] for x in labels]
            if len(ask) + len(columns(bare, width)) <= room:
                return ask + columns(bare, width)
        short = [m.split(" ", 1)[1] if " " in m else m for m in moves]
        return ask + self._cut(short, moves, room - len(ask), width)

    def _cut(self, items: list[str], moves: list[str], room: int, width: int) -> list[str]:
        """``items`` in columns if they fit ``room`` lines, else the most that fit with a line about the rest."""
        if len(columns(items, width)) <= room:
            return columns(items, width)
        for shown in range(len(items) - 1, 0, -1):
            more = wrap(self.t("term.sj.more", n=len(items) - shown, example=moves[shown]), width=width)
            if len(columns(items[:shown], width)) + len(more) <= room:
                return columns(items[:shown], width) + more
        return wrap(self.t("term.sj.more", n=len(items), example=moves[0]), width=width)


def place_grid(moves: list[str]) -> tuple[list[str], list[str]] | None:
    """A placement's choices as (hexes, facings) when they are every facing of every hex in the same order (each
    hex's choices together), else None: the terminal then asks for a hex and a facing instead of one of 6 x N."""
    if not moves or any(not m.startswith("place ") or len(m.split()) != 3 for m in moves):
        return None
    hexes = list(dict.fromkeys(m.split()[1] for m in moves))
    facings = list(dict.fromkeys(m.split()[2] for m in moves))
    if moves != [f"place {h} {f}" for h in hexes for f in facings] or len(facings) < 2:
        return None
    return hexes, facings


def describe_seats(view: dict, me: str | None, lang: str = "en") -> list[str]:
    """Each duellist in words, then the advantage order (:class:`DuelScreen`)."""
    words = SenjutsuWords.of_view(lang, view, {})
    return DuelScreen(words, CardWords(words, {}), lang).seats(view, me)


__all__ = ["HEIGHT", "TERRAIN_MARK", "WIDTH", "DuelScreen", "columns", "describe_seats", "draw_board", "place_grid", "wrap"]
