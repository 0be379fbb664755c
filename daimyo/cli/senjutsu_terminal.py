"""``daimyo senjutsu duel``: a Senjutsu duel against a bot in the terminal (or two bots watched).

Everything printed comes from the human seat's view (``state.view(seat)``) and the events that seat may
see (``event.visible(seat)``), in the words of the catalogue (:mod:`daimyo.words`, keys ``term.sj.*`` and
the browser's ``sj.*``), so nothing hidden from the human can be printed. Cards are shown by name with
their printed text; the legal actions are laid out in numbered columns that fit the terminal's width.
Each decision fits a terminal of 80 columns and 24 lines (:meth:`DuelScreen.decision`): the battlefield with the
duellists beside it, the question and the choices, the prompt; the battlefield is drawn again when the turn or a
duellist's place, facing or wounds changed since it was last shown. A placement asks for a hex and a facing
(``3 ne``, ``-3,2 ne``, or the hex alone and then its facing) instead of listing every pair. The human types a
number or the action's notation; ``?`` lists the commands, ``hand`` shows the hand's cards with their text,
``options`` every choice, ``board`` redraws the battlefield, ``quit`` leaves. At the end (or on ``quit``) the duel's
record can be saved for ``daimyo senjutsu replay``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from daimyo.core.game import Action
from daimyo.words import t as _t
from daimyo.words.senjutsu_screen import HEIGHT, WIDTH, DuelScreen, columns, draw_board, place_grid, wrap

__all__ = ["HEIGHT", "WIDTH", "DuelScreen", "Quit", "TerminalDuel", "columns", "draw_board", "save_record", "wrap"]


class Quit(Exception):
    """The human left the duel."""


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
    _shown: Any = None     # the turn and battlefield last drawn

    def say(self, lines) -> None:
        for line in [lines] if isinstance(lines, str) else lines:
            self.echo(line)

    def show(self, view: dict, me: str | None) -> None:
        self.say(self.screen.top(view, me))

    def run(self) -> None:
        g = self.game
        while not g.is_terminal():
            for seat in g.to_act():
                if g.is_terminal() or seat not in g.to_act():
                    break
                move = self.bots[seat].choose(g, seat) if seat in self.bots else self.ask(seat)
                self.actions.append((f"p{seat + 1}", move))
                for event in g.apply(Action(seat, move)):
                    if event.visible(self.human):
                        self.say(wrap(self.screen.words.sentence(event)))

    def ask(self, seat: int) -> str:
        """The human's choice among the legal actions: a number, the action's notation, or a command."""
        g, scr = self.game, self.screen
        moves = g.legal_moves(seat)
        view = g.view(seat)
        me = f"p{seat + 1}"
        mine = view["seats"][seat]
        hidden = g.phase in ("choose", "prepare")
        labels = [scr.cards.action(m, mine.get("played")) for m in moves]
        grid = place_grid(moves)
        drawn = (g.turn, view["terrain"], [(s["hex"], s["facing"], s["wounds"], s["bleeding"], s["defeated"])
                                           for s in view["seats"]])
        if drawn != self._shown:
            self.say(scr.decision(view, me, moves, labels))
            self._shown = drawn
        else:
            self.say(scr.choices(moves, labels, HEIGHT - 1))
        prompt = scr.t("term.sj.place_prompt") if grid else scr.t("term.sj.prompt", n=len(moves))
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
                self.show(view, me)
                continue
            if raw in ("options", "moves"):
                self.say(columns(grid[0] if grid else labels))
                continue
            if raw.startswith("card "):
                cid = self._card_named(raw[5:])
                self.say(scr.card(cid) if cid else [scr.t("term.sj.no_card", name=raw[5:])])
                continue
            if raw == "quit":
                raise Quit
            if grid and raw and not raw.startswith("place "):
                placed = self._place(raw, *grid)
                if placed is not None and placed in moves:
                    return placed
                self.say(scr.t("term.sj.not_legal", n=len(grid[0])))
                continue
            if raw.isascii() and raw.isdigit() and 1 <= int(raw) <= len(moves):
                return moves[int(raw) - 1]
            if " ".join(raw.split()) in moves:
                return " ".join(raw.split())
            self.say(scr.t("term.sj.not_legal", n=len(moves)))

    def _place(self, raw: str, hexes: list[str], facings: list[str]) -> str | None:
        """A placement typed as a hex (its number or coordinates) and a facing (its number or notation); the hex
        alone asks for the facing. None when either is not one of the choices."""
        parts = raw.split()
        if len(parts) > 2:
            return None
        h = parts[0]
        if h.isascii() and h.isdigit() and 1 <= int(h) <= len(hexes):
            h = hexes[int(h) - 1]
        if h not in hexes:
            return None
        if len(parts) == 2:
            f = parts[1]
        else:
            self.say(columns([self.screen.t("sj.facing." + x) for x in facings]))
            f = self.read(self.screen.t("term.sj.facing_prompt", n=len(facings), facings=" ".join(facings)), False).strip()
        if f.isascii() and f.isdigit() and 1 <= int(f) <= len(facings):
            f = facings[int(f) - 1]
        return f"place {h} {f}" if f in facings else None

    def _card_named(self, name: str) -> str | None:
        name = name.strip().lower()
        for cid, c in self.screen.cards.cards.items():   # its id, its printed name or its name in the duel's language
            if name in (cid, c.name.lower(), self.screen.cards.w.card(cid).lower()):
                return cid
        return None

    def result(self) -> list[str]:
        view = self.game.view(self.human)
        me = None if self.human is None else f"p{self.human + 1}"
        out = self.screen.top(view, me)
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
