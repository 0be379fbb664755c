"""Resolving Ability Cards: the stack of frames, one line at a time, and the tables of line handlers.

A frame (``state.Frame``) holds some lines of a card resolving for one seat. The line on top of the stack first
meets the checks every line shares (its Kamae, Cancel Active, 'If Successful', an -OR- choice, an Optional Focus
Cost), then the handler of its kind in ``LINE_HANDLERS``. A handler either resolves the line or asks its seat a
question (``ask``); the answer comes back through ``answer`` to the decision handler of that question's kind in
``DECISIONS``. The handlers live in the rules modules of each section, which call this module's ``ask`` and
``advance_line``; :mod:`daimyo.senjutsu.lines` puts them in the tables and checks them when it is imported (every
kind of card line in the card format, ``cards.LINE_EFFECTS``, and every engine line has a handler).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from daimyo.core.game import Event
from daimyo.senjutsu.records import Frame, event, seat_name
from daimyo.senjutsu.targeting import would_target

if TYPE_CHECKING:
    from daimyo.senjutsu.state import SenjutsuState


def step_frame(s: SenjutsuState) -> list[Event]:
    """Resolve the next line of the frame on top of the stack, from top to bottom of the card."""
    f = s.stack[-1]
    seat = f.seat
    cancelled = cancelled_part(s, f)
    e = s.played.get(seat)
    if s.duellists[seat].defeated or (f.own and e is not None and e["stopped"]) or f.line >= len(f.lines) \
            or cancelled == "card":
        s.stack.pop()
        if f.offer_instant and not s.duellists[seat].defeated:
            s.stack.append(Frame(seat, None, [{"_instant": None}], f.initiative))
        return []
    line = f.lines[f.line]
    if f.or_choice is not None:
        line = line["or"][f.or_choice]
    if "kamae" in line and line["kamae"] != s.duellists[seat].kamae:
        f.line += 1
        return []
    if cancelled == "movement" and "move" in line:
        advance_line(f)   # Cancel Active: active movement (rotations and steps) is not resolved
        return [event("move-cancelled", seat=seat_name(seat))]
    if line.get("if") == "successful" and f.attacked and not f.success:
        # an 'If Successful' line follows the attack (or block) before it in the same part of the card; the
        # part of a split card below the line resolves regardless of the part above (FAQ)
        f.line += 1
        return []
    kind = next(k for k in line if k in LINE_HANDLERS)
    if kind == "or":   # the -OR- choice comes first; the chosen option then meets every check above again
        return LINE_HANDLERS["or"](s, f, line)
    if "focus" in line and f.focus_asked_line != f.line:
        d = s.duellists[seat]
        if d.focus < line["focus"]:
            f.line += 1
            return []
        opts = ["focus pay", "focus skip"]
        if "attack" in line and would_target(s, seat, line, f.initiative):
            opts = ["focus pay"]   # Commit to Hit: pay an optional focus cost if that is what lets you target
        elif kind in COMMIT_TO_HIT and COMMIT_TO_HIT[kind](s, f, line):
            opts = ["focus pay"]   # ... also a movement line's, when moving is what lets the card's attack target
        return ask(s, f, seat, "focus", opts, "Optional Focus Cost")
    return LINE_HANDLERS[kind](s, f, line)


def cancelled_part(s: SenjutsuState, f: Frame) -> str | None:
    """Cancel Active: 'card' or 'movement' when the frame holds effects of its seat's cancelled active card."""
    e = s.played.get(f.seat)
    if e and e["cancelled"] and f.card is not None and f.card == e["card"]:
        return e["cancelled"]
    return None


def depth(s: SenjutsuState, f: Frame) -> int:
    return next(k for k, x in enumerate(s.stack) if x is f)


def advance_line(f: Frame) -> None:
    f.line += 1
    f.or_choice = None


def ask(s: SenjutsuState, f: Frame, seat: int, kind: str, opts: list[str], rule: str) -> list[Event]:
    """Ask ``seat`` to choose among ``opts`` for the line of frame ``f``; with none the line is passed over."""
    if not opts:
        f.line += 1
        return []
    return ask_now(s, f, seat, kind, opts, rule)


def ask_now(s: SenjutsuState, f: Frame, seat: int, kind: str, opts: list[str], rule: str) -> list[Event]:
    """Ask ``seat`` to choose among ``opts`` for the line of frame ``f``; a single option is taken at once."""
    if len(opts) == 1:
        return decided(s, seat, kind, depth(s, f), opts[0])
    s.pending = {"seat": seat, "kind": kind, "options": opts, "rule": rule, "depth": depth(s, f)}
    return []


def answer(s: SenjutsuState, seat: int, text: str) -> list[Event]:
    """An answer to the pending question (already known to be legal)."""
    q = s.pending
    assert q is not None  # answered only in the Decide phase, which has a question
    s.pending = None
    return decided(s, q["seat"], q["kind"], q["depth"], text)


def decided(s: SenjutsuState, seat: int, kind: str, at: int | None, text: str) -> list[Event]:
    """Apply ``seat``'s answer ``text`` to a question of ``kind``; ``at`` is the depth of its frame, if any."""
    if at is None:
        return STAGE_DECISIONS[kind](s, seat, text)
    f = s.stack[at]
    line = f.lines[f.line]
    if f.or_choice is not None:
        line = line["or"][f.or_choice]
    return DECISIONS[kind](s, f, line, seat, text)


# --- the shared checks that ask: -OR- lines and optional focus costs
def line_or(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    """An -OR- line: a Kamae-specific option must be taken when in that Kamae (FAQ)."""
    current = s.duellists[f.seat].kamae
    forced = [k for k, sub in enumerate(line["or"]) if sub.get("kamae") == current]
    open_ = [k for k, sub in enumerate(line["or"]) if "kamae" not in sub]
    opts = [f"or {k + 1}" for k in (forced or open_)]
    return ask(s, f, f.seat, "or", opts, "Ability Card Effects and Kamae")


def or_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    f.or_choice = int(text.partition(" ")[2]) - 1
    return []


def focus_answered(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    """Optional Focus Cost: pay it and resolve the line, or skip the line."""
    f.focus_asked_line = f.line
    if text == "focus skip":
        advance_line(f)
        return []
    s.duellists[seat].focus -= line["focus"]
    return [event("focus-paid", seat=seat_name(seat), focus=line["focus"])]


# --- the tables, filled by :mod:`daimyo.senjutsu.lines` with the handlers of the rules modules (which import this
# one: the tables are filled from above, so this module imports none of them)
# kind of line -> handler(state, frame, line); the kinds starting with "_" are lines the engine puts on the stack
LINE_HANDLERS: dict[str, Callable[..., list[Event]]] = {"or": line_or}
ENGINE_LINES = ("_bump", "_counter", "_instant", "_plain")
# kind of question about a line -> handler(state, frame, line, seat, answer)
DECISIONS: dict[str, Callable[..., list[Event]]] = {"or": or_chosen, "focus": focus_answered}
# kind of line -> whether Commit to Hit makes its optional focus cost mandatory (state, frame, line); attack lines
# are checked above
COMMIT_TO_HIT: dict[str, Callable[..., bool]] = {}
# kind of question asked by a stage of the turn -> handler(state, seat, answer)
STAGE_DECISIONS: dict[str, Callable[..., list[Event]]] = {}
