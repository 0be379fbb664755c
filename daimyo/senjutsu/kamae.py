"""Kamae Positions: changing and switching Kamae, focus, and the card lines that gain focus or draw cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from daimyo.core.game import Event
from daimyo.senjutsu import resolution, turn
from daimyo.senjutsu.cards import KAMAE
from daimyo.senjutsu.records import FOCUS_CAP, Frame, event, seat_name

if TYPE_CHECKING:
    from daimyo.senjutsu.state import SenjutsuState


def gain_focus(s: SenjutsuState, seat: int, count: int) -> None:
    """Changing Kamae Positions: never more than three focus; more is lost."""
    d = s.duellists[seat]
    d.focus = min(FOCUS_CAP, d.focus + count)


def line_gain_focus(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    gain_focus(s, f.seat, line["gain_focus"])
    resolution.advance_line(f)
    return [event("focus", seat=seat_name(f.seat), focus=s.duellists[f.seat].focus)]


def line_draw(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    resolution.advance_line(f)
    return turn.draw(s, f.seat, line["draw"])


def kamae_paths(s: SenjutsuState, seat: int, up_to: int) -> list[tuple]:
    ch = s.character(seat)
    paths: list[tuple[str, ...]] = [()]
    frontier: list[tuple[str, tuple[str, ...]]] = [(s.duellists[seat].kamae, ())]
    for _ in range(up_to):
        nxt = []
        for pos, path in frontier:
            for to, _focus in ch.moves_from(pos):
                nxt.append((to, path + (to,)))
        paths += [p for _, p in nxt]
        frontier = nxt
    return sorted(set(paths), key=lambda p: (len(p), p))


def line_change(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    """Changing Kamae: slide up to X branches, never against an arrow; a pink branch gives a focus."""
    opts = ["kamae " + (" ".join(p) if p else "-") for p in kamae_paths(s, f.seat, line["change"])]
    return resolution.ask(s, f, f.seat, "change", opts, "Changing Kamae Positions")


def change_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    d = s.duellists[seat]
    ch = s.character(seat)
    for to in text.split()[1:]:
        if to == "-":
            break
        gives = next(g for a, b, g in ch.branches if a == d.kamae and b == to)
        d.kamae = to
        if gives:
            gain_focus(s, seat, 1)
    resolution.advance_line(f)
    return [event("kamae", seat=seat_name(seat), kamae=d.kamae, focus=d.focus)]


def line_switch(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    """Switching Kamae: straight to a position, no branches, no focus; 'any' never means the start position."""
    target = line["switch"]
    opts = [f"switch {k}" for k in (KAMAE[1:] if target == "any" else (target,))]
    return resolution.ask(s, f, f.seat, "switch", opts, "Switching Kamae Positions")


def switch_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    d = s.duellists[seat]
    d.kamae = text.split()[1]
    resolution.advance_line(f)
    return [event("kamae", seat=seat_name(seat), kamae=d.kamae, focus=d.focus)]
