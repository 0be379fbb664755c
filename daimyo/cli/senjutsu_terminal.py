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

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from daimyo.core.game import Action
from daimyo.words import t as _t
from daimyo.words.senjutsu_screen import WIDTH, DuelScreen, columns, draw_board, wrap

__all__ = ["WIDTH", "DuelScreen", "Quit", "TerminalDuel", "columns", "draw_board", "save_record", "wrap"]


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
