"""Instant Cards: Instant Additional cards (with their conditions) and plain Instant cards, each in its window.

The single Instant Ability Card a turn; Instant Replacement cards are a step of the Reveal (``turn``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from daimyo.core.game import Event
from daimyo.senjutsu import resolution
from daimyo.senjutsu.records import STATUS_CARDS, Frame, event, seat_name

if TYPE_CHECKING:
    from daimyo.senjutsu.cards import Card
    from daimyo.senjutsu.state import SenjutsuState


def line_additional(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    """Instant Additional: one instant a turn, never after a core card; with a condition, right after it is met."""
    seat = f.seat
    e = s.played.get(seat)
    d = s.duellists[seat]
    if not e or e["instant"] or seat in s.instants_used or e["card"] in STATUS_CARDS or s.card(e["card"]).core:
        f.line += 1
        return []
    cond = line["_instant"]
    cards = sorted({c for c in d.hand if s.card(c).instant == "additional" and s.card(c).condition == cond
                    and s.card(c).focus <= d.focus and (not s.card(c).kamae or s.card(c).kamae == d.kamae)})
    opts = ["instant no"] + [f"instant {c}" for c in cards]
    return resolution.ask(s, f, seat, "_instant", opts if cards else [], "Instant Additional Cards")


def _pay_instant(s: SenjutsuState, seat: int, text: str) -> tuple[str, Card]:
    """The Instant card named by ``instant <card>``: taken from the hand, its focus paid, the seat's one Instant
    of the turn used. Returns (card id, card)."""
    cid = text.split()[1]
    d = s.duellists[seat]
    c = s.card(cid)
    d.hand.remove(cid)
    d.focus -= c.focus
    s.instants_used.add(seat)
    return cid, c


def additional_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    resolution.advance_line(f)
    if text == "instant no":
        return []
    cid, c = _pay_instant(s, seat, text)
    s.played[seat]["instant"] = True
    s.played[seat]["extra"].append(cid)
    # the instant resolves in its entirety now, against the same targets
    below = s.stack[-2] if len(s.stack) >= 2 else None
    targets = below.targets if below and below.seat == seat else None
    s.stack.append(Frame(seat, cid, list(c.lines), f.initiative, own=False, targets=targets, success=bool(targets)))
    return [event("instant", seat=seat_name(seat), card=cid)]


def may_play_instant(s: SenjutsuState, seat: int) -> bool:
    """Instant Cards: a single Instant Ability Card a turn, and none once you have played a core card (a played
    stun or poison counts as no ability card and closes the window too)."""
    if seat in s.instants_used or s.duellists[seat].defeated:
        return False
    e = s.played.get(seat)
    return not (e and (e["instant"] or e["card"] in STATUS_CARDS or s.card(e["card"]).core))


def owns_instant(s: SenjutsuState, seat: int, when: str) -> bool:
    """Whether the duellist's own cards (deck, hand, discard, played) include an Instant card for this timing.
    This is all a window depends on besides public facts, so asking it reveals nothing about the hand."""
    ids = s.card_set.instant_ids(when)
    if not ids:
        return False
    d = s.duellists[seat]
    e = s.played.get(seat)
    return (any(c in ids for c in d.hand) or any(c in ids for c in d.deck) or any(c in ids for c, _ in d.discard)
            or bool(e and e["card"] in ids))


def playable_instants(s: SenjutsuState, seat: int, when: str) -> list[str]:
    d = s.duellists[seat]
    return sorted({c for c in d.hand if s.card(c).instant == "instant" and s.card(c).play == when
                   and s.card(c).focus <= d.focus and (not s.card(c).kamae or s.card(c).kamae == d.kamae)})


def line_instant(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    """An Instant card window: its holder may play one Instant card of this timing (Instant Cards). The question is
    asked whenever the duellist owns such a card and may play an instant, even with none in hand, so that being
    asked gives nothing away."""
    seat, when = f.seat, line["_plain"]
    if not may_play_instant(s, seat) or not owns_instant(s, seat, when):
        f.line += 1
        return []
    s.pending = {"seat": seat, "kind": "_plain", "depth": resolution.depth(s, f), "rule": "Instant Cards",
                 "options": ["instant no"] + [f"instant {c}" for c in playable_instants(s, seat, when)]}
    return []


def instant_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    """The Instant card is revealed, its focus paid, and it resolves at once in its entirety, then lies face-up on
    the discard pile; during an attack it resolves at that attack's initiative (a block in it can stop the attack)."""
    resolution.advance_line(f)
    if text == "instant no":
        return []
    cid, c = _pay_instant(s, seat, text)
    s.duellists[seat].discard.append((cid, False))
    if seat in s.played:
        s.played[seat]["instant"] = True
    s.stack.append(Frame(seat, cid, list(c.lines), f.initiative, own=False))
    return [event("instant", seat=seat_name(seat), card=cid, timing=line["_plain"])]
