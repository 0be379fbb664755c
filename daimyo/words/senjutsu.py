"""Senjutsu's events in words: one sentence per event, from the event's own data and the names of the
characters and cards.

The same code, line for line, is ``eventText`` in ``daimyo/web/static/senjutsu.js``; a test runs both
on the events of random duels and checks they say the same text in every language.
"""

from __future__ import annotations

import re

from daimyo.core.game import Event
from daimyo.words import catalogue, t as _t
from daimyo.words.errors import catalogue_names

#: the engine's reasons for harm (English) and their words; "collided with <terrain>" names the piece
_WHY = {"empty deck": "sj.why.empty_deck", "moved off the battlefield": "sj.why.off_field", "collision": "sj.why.collision",
        "attack": "sj.why.attack", "counter": "sj.why.counter"}
_COLLIDED = re.compile(r"^collided with (\w+)$")
#: a rule message's params that name a printed thing, and the catalogue prefix naming it
_RULE_NAMES = {"kamae": "sj.kamae.", "phase": "sj.phase.", "kind": "sj.phase.", "terrain": "sj.terrain."}


def rule_params(params: dict, lang: str) -> dict:
    """A rule message's params (``sj.*`` codes, :mod:`daimyo.words.errors`) with its Kamae, phases and terrain in
    words of ``lang``."""
    return catalogue_names(params, lang, _RULE_NAMES)


class SenjutsuWords:
    """Sentences of Senjutsu in one language; ``characters`` names each seat (``p1``...) by its character,
    ``people`` (optional) adds who sits there (``bot random``), ``cards`` names each card id."""

    def __init__(self, lang: str, characters: dict[str, str], cards: dict[str, str], people: dict[str, str] | None = None,
                 ids: dict[str, str] | None = None):
        self.lang = lang
        self.characters = characters
        self.cards = cards
        self.people = people or {}
        self.ids = ids or {}   # each seat's character id, where known (a sample character's short name is its own)

    @classmethod
    def of_view(cls, lang: str, view: dict | None, cards: dict[str, str]) -> SenjutsuWords:
        """The words of a duel whose seats a view lists (each seat's character's name and id)."""
        seats = (view or {}).get("seats", [])
        return cls(lang, {s["seat"]: s["name"] for s in seats}, cards,
                   ids={s["seat"]: s["character"] for s in seats if s.get("character")})

    def t(self, key: str, params: dict | None = None) -> str:
        return _t(key, params, self.lang)

    def who(self, seat: str) -> str:
        name = self.characters.get(seat)
        if name is None:
            return seat
        label = self.people.get(seat, "")
        return f"{name} ({label})" if label else name

    def short_who(self, seat: str) -> str:
        """The short name, as the page's ``shortWho``: a sample character's own name ("Tetsu" of "Master Tetsu"),
        else the first word."""
        name = self.characters.get(seat)
        if name is None:
            return seat
        cid = self.ids.get(seat)
        if cid and catalogue("en").get("sj.charname." + cid) == name:
            return cid[0].upper() + cid[1:]
        return name.split(" ")[0]

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
            elif k == "kamae":   # the one event naming a Kamae says who is now in it: the form after "in"
                p[k] = self.t("sj.kamae_in." + val)
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


class CardWords:
    """A Senjutsu card's printed text and the actions of a duel in words (the terminal's twin of ``lineText``,
    ``cardBox`` and ``actionWords`` in ``daimyo/web/static/senjutsu.js``, from the same templates).

    ``words`` names the characters and cards; ``cards`` holds the card data by id (:class:`daimyo.senjutsu.cards.Card`)."""

    def __init__(self, words: SenjutsuWords, cards: dict, cells: bool = False):
        self.w = words
        self.cards = cards
        self.cells = cells  # a grid attack names each hex it hits (the terminal draws no grid)

    def t(self, key: str, params: dict | None = None) -> str:
        return self.w.t(key, params)

    def kamae(self, k: str) -> str:
        return self.t("sj.kamae." + k)

    def kamae_in(self, k: str) -> str:
        """The Kamae's name after "in" (Polish: "w Agresji", not "w Agresja")."""
        return self.t("sj.kamae_in." + k)

    def line(self, ln: dict) -> str:
        """One line of a card's text."""
        t = self.t
        pre = []
        if ln.get("kamae"):
            pre.append(t("sj.line.in_kamae", {"kamae": self.kamae_in(ln["kamae"])}))
        if ln.get("focus"):
            pre.append(t("sj.line.pay_focus", {"n": ln["focus"]}))
        if ln.get("if") == "successful":
            pre.append(t("sj.line.if_successful"))
        if ln.get("when"):
            pre.append(t("sj.line.when." + ln["when"]))
        if ln.get("range") and not ln.get("attack"):
            pre.append(t("sj.line.in_range", {"range": ln["range"]}))
        body = ""
        if ln.get("move"):
            atoms = [t("sj.line.step." + m["step"], {"n": m.get("n") or 1}) if m.get("step") else t("sj.line.rotate", {"n": m.get("rotate")})
                     for m in ln["move"]]
            body = t("sj.line.move_mandatory" if ln.get("mandatory") else "sj.line.move",
                     {"atoms": (t("sj.line.then") if ln.get("then") else ", ").join(atoms)})
        elif ln.get("attack"):
            a = ln["attack"]
            if a.get("grid") and self.cells:
                body = t("sj.line.attack_grid", {"effects": ", ".join(f"{cell} " + " + ".join(t("sj.effect." + e) for e in effs)
                                                                     for cell, effs in a["grid"].items())})
            elif a.get("grid"):
                effects = list(dict.fromkeys(e for effs in a["grid"].values() for e in effs))
                body = t("sj.line.attack_grid", {"effects": ", ".join(t("sj.effect." + e) for e in effects)})
            elif a.get("lower"):
                body = t("sj.line.attack_lower", {"effects": ", ".join(t("sj.effect." + e) for e in a["effects"]), "range": a.get("range") or "∞"})
            else:
                body = t("sj.line.attack_range", {"effects": ", ".join(t("sj.effect." + e) for e in a["effects"]), "range": a.get("range")})
        elif ln.get("block"):
            body = t("sj.line.block", {"cells": " ".join(ln["block"])})
            if ln.get("counter"):
                body += " " + t("sj.line.counter", {"speeds": ", ".join(str(x) for x in ln["counter"])})
        elif ln.get("or"):
            body = f" {t('sj.line.or')} ".join(self.line(x) for x in ln["or"])
        else:
            for k in ("push", "pull", "rotate_target", "discard", "draw", "gain_focus", "change"):
                if k in ln:
                    body = t("sj.line." + k, {"n": ln[k]})
            if "swap" in ln:
                body = t("sj.line.swap")
            if "advantage" in ln:
                body = t("sj.line.advantage")
            if "search" in ln:
                top = (ln["search"] or {}).get("top") if isinstance(ln["search"], dict) else None
                body = t("sj.line.search_top", {"n": top}) if top else t("sj.line.search")
            if "cancel_active" in ln:
                body = t("sj.line.cancel." + ln["cancel_active"])
            if "switch" in ln:
                body = t("sj.line.switch", {"kamae": t("sj.line.any_kamae") if ln["switch"] == "any" else self.kamae(ln["switch"])})
        return (" ".join(pre) + ": " if pre else "") + body

    def head(self, cid: str) -> str:
        """A card's name, type, initiative and the facts printed beside it (``Quick Cut — attack · initiative 7``)."""
        c = self.cards.get(cid)
        if c is None:
            return self.w.card(cid)
        t = self.t
        hi, lo = c.initiative
        facts = [f"{t('sj.card.initiative')} {hi}" if hi == lo else f"{t('sj.card.initiative')} {hi}-{lo}"]
        if c.alt:
            facts.append(t("sj.card.alt_kamae" if c.alt.get("kamae") else "sj.card.alt_focus",
                           {"n": c.alt["initiative"], "kamae": self.kamae_in(c.alt["kamae"]) if c.alt.get("kamae") else "", "focus": c.alt.get("focus") or 0}))
        if c.split:
            facts.append(t("sj.card.split", {"n": c.split["initiative"]}))
        if c.focus:
            facts.append(t("sj.card.focus_cost", {"n": c.focus}))
        if c.kamae:
            facts.append(t("sj.card.needs_kamae", {"kamae": self.kamae(c.kamae)}))
        if c.instant:
            facts.append(t("sj.card.instant." + c.instant) + (" · " + t("sj.card.play." + c.play) if c.play else ""))
        kind = t("sj.type." + ("core_" + c.core if c.core else c.type))
        return f"{self.w.card(cid)} — {kind} · " + " · ".join(facts)

    def text(self, cid: str) -> list[str]:
        """A card's lines of text (a status card: what it does)."""
        if cid in ("stun", "poison"):
            return [self.t(f"sj.status.{cid}_text")]
        c = self.cards.get(cid)
        if c is None:
            return []
        out = [("— " if c.split and i >= c.split["line"] else "") + self.line(ln) for i, ln in enumerate(c.lines)]
        if c.asterisk:
            out.append("✱ " + "; ".join(self.line(ln) for ln in c.asterisk))
        return out

    def action(self, a: str, resolving: str | None = None) -> str:
        """A legal action in words; ``resolving`` is the card whose -OR- line an ``or N`` action picks."""
        t, w = self.t, self.w
        verb, _, arg = a.partition(" ")
        rest = arg.split(" ") if arg else []
        if verb == "place" and len(rest) == 2:
            return t("term.sj.act.place", {"hex": rest[0], "facing": t("sj.facing." + rest[1])})
        if verb == "move":
            return t("sj.act.no_move") if arg == "-" else t("sj.act.move", {"atoms": ", ".join(t("sj.atom." + x) for x in rest)})
        if verb == "target":
            return t("sj.act.target", {"who": w.who(arg)})
        if verb in ("push", "pull"):
            return t("sj.act." + verb, {"dirs": ", ".join(t("sj.facing." + x) for x in rest)})
        if verb == "kamae":
            return t("sj.act.kamae_stay") if arg == "-" else t("sj.act.kamae", {"path": " → ".join(self.kamae(x) for x in rest)})
        if verb == "switch":
            return t("sj.act.switch", {"kamae": self.kamae(arg)})
        if verb in ("turn", "speed", "focus"):
            return t(f"sj.act.{verb}.{arg}")
        if verb in ("initiative", "order"):
            return t("sj.act." + verb, {"n": arg})
        if verb == "or":
            c = self.cards.get(resolving or "")
            ln = next((x for x in (*c.lines, *c.asterisk) if x.get("or")), None) if c else None
            n = int(arg) if arg.isdigit() else 0
            text = self.line(ln["or"][n - 1]) if ln and 1 <= n <= len(ln["or"]) else ""
            return t("sj.act.or", {"n": arg, "text": text})
        if verb == "play":
            return t("sj.act.play", {"card": w.card(arg)})
        if verb == "prepare":
            return t("sj.act.prepare_done") if arg == "done" else t("sj.act.prepare", {"card": w.card(arg)})
        if verb == "terrain" and rest:
            return t("sj.act.terrain", {"terrain": w.terrain(rest[0]), "hexes": " ".join(rest[1:])})
        if verb in ("discard", "replace", "counter", "instant", "search"):
            return t(f"sj.act.{verb}_no") if arg in ("no", "none") else t("sj.act." + verb, {"card": w.card(arg)})
        return a
