"""``daimyo senjutsu duel``: a Senjutsu duel against a bot in the terminal (or two bots watched).

Everything printed comes from the human seat's view (``state.view(seat)``) and the events that seat may
see (``event.visible(seat)``), in the words of the catalogue (:mod:`daimyo.words`, keys ``term.sj.*`` and
the browser's ``sj.*``), so nothing hidden from the human can be printed. Cards are shown by name with
their printed text; the legal actions are laid out in numbered columns that fit the terminal's width.
The human types a number or the action's notation; ``?`` lists the commands, ``hand`` shows the hand's
cards with their text, ``board`` redraws the battlefield, ``quit`` leaves. At the end (or on ``quit``)
the duel's record can be saved for ``daimyo senjutsu replay``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from daimyo.core.game import Action
from daimyo.words import t as _t
from daimyo.words.senjutsu import CardWords, SenjutsuWords

TERRAIN_MARK = {"rock": "#rk", "shrine": "#sh", "tree": "#tr", "torii": "#to", "bamboo": "#bb", "cart": "#ct"}
WIDTH = 80


class Quit(Exception):
    """The human left the duel."""


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


ReadLine = Callable[[str, bool], str]


@dataclass
class TerminalDuel:
    """One duel at the terminal: the game, the bots, the human's seat (None: bots only), what has been done."""

    game: Any
    bots: dict
    human: int | None
    screen: DuelScreen
    echo: Callable[[str], None]
    read: ReadLine
    actions: list = field(default_factory=list)
    _shown_turn: int = -1

    def say(self, lines) -> None:
        for line in [lines] if isinstance(lines, str) else lines:
            self.echo(line)

    def show(self, view: dict, me: str | None) -> None:
        self.say(draw_board(view))
        self.say(self.screen.seats(view, me))

    def run(self) -> None:
        g = self.game
        me = None if self.human is None else f"p{self.human + 1}"
        while not g.is_terminal():
            for seat in g.to_act():
                if g.is_terminal() or seat not in g.to_act():
                    break
                if seat in self.bots:
                    move = self.bots[seat].choose(g, seat)
                else:
                    view = g.view(seat)
                    if g.turn != self._shown_turn or g.phase == "place":
                        self.show(view, me)
                        if g.phase in ("choose", "prepare"):
                            self.say(self.screen.hand(view["seats"][seat]))
                        self._shown_turn = g.turn
                    move = self.ask(seat)
                self.actions.append((f"p{seat + 1}", move))
                for event in g.apply(Action(seat, move)):
                    if event.visible(self.human):
                        self.say(wrap(self.screen.words.sentence(event)))

    def ask(self, seat: int) -> str:
        """The human's choice among the legal actions: a number, the action's notation, or a command."""
        g, scr = self.game, self.screen
        moves = g.legal_moves(seat)
        view = g.view(seat)
        mine = view["seats"][seat]
        hidden = g.phase in ("choose", "prepare")
        labels = [scr.cards.action(m, mine.get("played")) for m in moves]
        self.say(wrap(scr.question(moves)))
        self.say(columns(labels))
        prompt = scr.t("term.sj.prompt", n=len(moves))
        while True:
            raw = self.read(prompt, hidden).strip()
            if not raw and len(moves) == 1:
                return moves[0]
            if raw in ("?", "help"):
                self.say(wrap(" ".join(scr.t(f"term.sj.help.{k}") for k in (1, 2, 3))))
                continue
            if raw == "hand":
                self.say(scr.hand(mine))
                continue
            if raw == "board":
                self.show(view, f"p{seat + 1}")
                continue
            if raw in ("options", "moves"):
                self.say(columns(labels))
                continue
            if raw.startswith("card "):
                cid = self._card_named(raw[5:])
                self.say(scr.card(cid) if cid else [scr.t("term.sj.no_card", name=raw[5:])])
                continue
            if raw == "quit":
                raise Quit
            if raw.isascii() and raw.isdigit() and 1 <= int(raw) <= len(moves):
                return moves[int(raw) - 1]
            if " ".join(raw.split()) in moves:
                return " ".join(raw.split())
            self.say(scr.t("term.sj.not_legal", n=len(moves)))

    def _card_named(self, name: str) -> str | None:
        name = name.strip().lower()
        for cid, c in self.screen.cards.cards.items():
            if name in (cid, c.name.lower()):
                return cid
        return None

    def result(self) -> list[str]:
        view = self.game.view(self.human)
        me = None if self.human is None else f"p{self.human + 1}"
        out = [draw_board(view), *self.screen.seats(view, me)]
        who = ", ".join(self.screen.words.who(w) for w in view["winners"])
        key = "term.sj.winner" if len(view["winners"]) == 1 else "term.sj.draw"
        return out + wrap(self.screen.t(key, who=who))


def save_record(path: Path, text: str, echo: Callable[[str], None], lang: str) -> bool:
    """Write a duel's record; say where, or why it failed."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        echo(_t("term.save.failed", {"error": e}, lang))
        return False
    echo(_t("term.sj.saved", {"path": path}, lang))
    return True
