"""Senjutsu's events in words: one sentence per event, from the event's own data and the names of the
characters and cards.

The same code, line for line, is ``eventText`` in ``daimyo/web/static/senjutsu.js``; a test runs both
on the events of random duels and checks they say the same text in every language.
"""

from __future__ import annotations

import re

from daimyo.core.game import Event
from daimyo.words import catalogue, t as _t

#: the engine's reasons for harm (English) and their words; "collided with <terrain>" names the piece
_WHY = {"empty deck": "sj.why.empty_deck", "moved off the battlefield": "sj.why.off_field", "collision": "sj.why.collision",
        "attack": "sj.why.attack", "counter": "sj.why.counter"}
_COLLIDED = re.compile(r"^collided with (\w+)$")


class SenjutsuWords:
    """Sentences of Senjutsu in one language; ``characters`` names each seat (``p1``...) by its character,
    ``people`` (optional) adds who sits there (``bot random``), ``cards`` names each card id."""

    def __init__(self, lang: str, characters: dict[str, str], cards: dict[str, str], people: dict[str, str] | None = None):
        self.lang = lang
        self.characters = characters
        self.cards = cards
        self.people = people or {}

    def t(self, key: str, params: dict | None = None) -> str:
        return _t(key, params, self.lang)

    def who(self, seat: str) -> str:
        name = self.characters.get(seat)
        if name is None:
            return seat
        label = self.people.get(seat, "")
        return f"{name} ({label})" if label else name

    def short_who(self, seat: str) -> str:
        name = self.characters.get(seat)
        return name.split(" ")[0] if name is not None else seat

    def card(self, cid: str) -> str:
        if cid == "stun":
            return self.t("sj.status.stun")
        if cid == "poison":
            return self.t("sj.status.poison")
        if cid == "face-down":
            return self.t("sj.face_down")
        name = self.cards.get(cid, cid)
        return self.t("sj.cardname." + cid) if catalogue("en").get("sj.cardname." + cid) == name else name

    def terrain(self, val: str) -> str:
        key = "sj.terrain." + val
        word = self.t(key)
        if word == key:
            return self.t("sj.a_character") if val == "character" else val
        return word

    def why(self, why: str) -> str:
        if why in _WHY:
            return self.t(_WHY[why])
        m = _COLLIDED.match(why)
        if m:
            return self.t("sj.why.collided", {"terrain": self.terrain(m.group(1))})
        return why

    def sentence(self, e: Event) -> str:
        """One sentence for an event, from its own data only."""
        p: dict = {}
        for k, val in e.data.items():
            if k in ("seat", "target", "by"):
                p[k] = self.who(val)
            elif k in ("card", "old"):
                p[k] = self.card(val)
            elif k in ("targets", "winners"):
                p[k] = ", ".join(self.short_who(s) for s in val) or self.t("nobody")
            elif k == "facing":
                p[k] = self.t("sj.facing." + val)
            elif k == "kamae":
                p[k] = self.t("sj.kamae." + val)
            elif k == "effect":
                p[k] = self.t("sj.effect." + val)
            elif k == "hand":
                p[k] = ", ".join(self.card(c) for c in val)
            elif k in ("terrain", "into"):
                p[k] = self.terrain(val)
            elif k == "cards":
                p[k] = ", ".join(f"{self.short_who(s)}: {self.card(c)}" for s, c in val.items())
            elif k == "segments":
                p[k] = ", ".join(f"{self.short_who(s)} ({n})" for s, n in val)
            elif k == "plan":
                p[k] = self.t("sj.act.no_move") if val == "-" else ", ".join(self.t("sj.atom." + x) for x in val.split(" "))
            elif k == "cells":
                p[k] = ", ".join("+".join(self.t("sj.cell." + part) for part in c.split("+")) for c in val)
            elif k == "hexes":
                p[k] = " ".join(val)
            elif k == "why":
                p[k] = self.why(val)
            else:
                p[k] = val
        d = e.data
        if e.kind == "speed":
            return self.t("sj.event.speed-alt" if d.get("alternative") else "sj.event.speed-normal", p)
        if e.kind == "attack":
            return self.t("sj.event.attack-hit" if d.get("successful") else "sj.event.attack-miss", p)
        if e.kind == "cancel-active":
            c = d.get("cancelled")
            return self.t("sj.event.cancel-active" if c == "card" else "sj.event.cancel-movement" if c == "movement" else "sj.event.cancel-nothing", p)
        return self.t("sj.event." + e.kind, p)


#: event kinds whose sentence is one of several templates, by what the data says
SPLIT = {"speed": ("speed-alt", "speed-normal"), "attack": ("attack-hit", "attack-miss"),
         "cancel-active": ("cancel-active", "cancel-movement", "cancel-nothing")}
