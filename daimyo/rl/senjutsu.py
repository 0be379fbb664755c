"""Senjutsu as PettingZoo environments (AEC and Parallel; :mod:`daimyo.rl.turns` explains slots and ``wait``).

>>> from daimyo.rl.senjutsu import env, parallel_env
>>> e = env(players=2)
>>> e.reset(seed=1)

The characters are dealt from the reset seed unless ``characters`` is given; the battlefield is board ``one`` with
the registration's terrain for that seed. The observation is a flat float32 vector read from the seat's view alone
(:func:`encode`): the terrain on each hex; for every seat, relative to the observer (itself first): its character,
hex, facing, Kamae, focus, wounds, bleeding, limits, hobbles, stuns, poison, hand and deck sizes, face-up discards
by card (and how many face down), whether it is defeated, has chosen, its revealed card, initiative, place on the
advantage tracker and whether it is to act; the observer's own hand and chosen card; the turn, phase and the kind of
question pending; and the question the observer itself must answer, as its view holds it: the card and line asking
it and its options, slot by slot (each option's words as vocabulary indices scaled to at most 1), so that two
states with the same observation give the seat the same slots.

A duel the native engine plays (:class:`daimyo.senjutsu.native.NativeSenjutsuState`, the default wherever the module
is built) is encoded by the engine itself, straight into the vector (native/src/sj_encode.cpp, from the vocabularies
:func:`native_layout` hands over): :func:`observe`. :func:`encode` is the reference (tests/rl/test_sj_native_encoding.py
compares both over random duels, every seat, every step); a duel handed over to the Python engine is encoded by it.
The engine also writes the action mask and plays a slot's move as its own int, without the move's text or events
(:class:`NativeSlots`; :class:`daimyo.rl.turns.Slots` is the reference, tests/rl/test_sj_native_slots.py).
"""

from __future__ import annotations

import atexit
from functools import cache
from typing import Any

import numpy as np

from daimyo.rl import draw
from daimyo.rl.turns import GameSpec, Legal, SimultaneousEnv, Slots, TurnEnv

MAX_SEATS = 4
SLOTS = 512        # board one: 37 hexes x 6 facings = 222 placements, the most of any decision
PHASES = ("terrain", "prepare", "place", "choose", "decide", "over")
QUESTIONS = ("target", "_counter", "_instant", "change", "switch", "move", "_bump", "focus", "or", "enddiscard",
             "order", "pick", "search", "_plain", "kwdiscard", "rotate_target", "shove", "alt", "replace",
             "variable")   # pending kinds; any other falls in one more slot
OPTION_SLOTS = 128  # the options of the observer's own question encoded (a movement line lists up to about 75)
OPTION_WORDS = 6    # the words of each option encoded (a verb and up to five atoms, facings or names)
VERBS = ("place", "play", "move", "kamae", "switch", "target", "turn", "discard", "search", "instant", "replace",
         "initiative", "order", "speed", "focus", "counter", "or", "push", "pull")
PLAIN_WORDS = ("-", "no", "none", "pay", "skip", "alt", "normal", "left", "right", "any", "L", "R")


@cache
def _vocabulary():
    from daimyo.senjutsu.cards import KAMAE, sample_set
    from daimyo.senjutsu.hexgrid import FACINGS, battlefield, hex_text
    from daimyo.senjutsu.state import TERRAIN
    cs = sample_set()
    cards = sorted(cs.cards)
    return {
        "characters": list(cs.characters), "cards": cards, "card": {c: i for i, c in enumerate(cards)},
        "played": cards + ["stun", "poison"], "hexes": {hex_text(h): i for i, h in enumerate(sorted(battlefield("one")))},
        "facings": list(FACINGS), "kamae": list(KAMAE), "terrain": list(TERRAIN),
        "words": _words(cards, list(cs.characters), list(FACINGS), list(KAMAE)),
    }


def _words(cards: list[str], characters: list[str], facings: list[str], kamae: list[str]) -> dict:
    """Every word an option may hold -> its index from 1 (0: no word); a word outside it counts as one more."""
    from daimyo.senjutsu.hexgrid import RELATIVE
    from daimyo.senjutsu.state import seat_name
    words = [*VERBS, *PLAIN_WORDS, *RELATIVE, *facings, *kamae, *(seat_name(i) for i in range(MAX_SEATS)),
             *(str(k) for k in range(41)), *cards, "stun", "poison", *characters]
    return {w: i + 1 for i, w in enumerate(dict.fromkeys(words))}


@cache
def _sizes() -> tuple[int, int]:
    v = _vocabulary()
    seat = (1 + len(v["characters"]) + len(v["hexes"]) + len(v["facings"]) + len(v["kamae"]) + 12
            + len(v["cards"]) + 1 + 4 + len(v["played"]) + 1)
    total = (len(v["hexes"]) * len(v["terrain"]) + MAX_SEATS * seat + 2 * len(v["cards"]) + 1 + len(PHASES)
             + len(QUESTIONS) + 1 + MAX_SEATS + _own_size())
    return seat, total


def _own_size() -> int:
    """The observer's own question: its card (the played cards' vocabulary, or another), its line, its options."""
    return len(_vocabulary()["played"]) + 1 + 1 + OPTION_SLOTS * OPTION_WORDS


def obs_size() -> int:
    return _sizes()[1]


@cache
def obs_high() -> float:
    """The most any entry holds: a whole deck face down in the discard pile, counted / 10 (every other entry is a
    smaller count over its scale or a 0/1 flag); :func:`encode` clips there, so the bound holds for any card set."""
    from daimyo.senjutsu.cards import sample_set
    return max(len(d.cards) for d in sample_set().decks.values()) / 10


def encode(view: dict, seat: int, players: int) -> np.ndarray:
    """The observation of ``seat`` from its view (``SenjutsuState.view(seat)``)."""
    v = _vocabulary()
    per_seat, size = _sizes()
    x = np.zeros(size, dtype=np.float32)
    hexes, nt = v["hexes"], len(v["terrain"])
    for h, kind in view["terrain"].items():
        if h in hexes:
            x[hexes[h] * nt + v["terrain"].index(kind)] = 1
    o = len(hexes) * nt
    names = [s["seat"] for s in view["seats"]]
    acting = set(view["to_act"])
    for i, s in enumerate(view["seats"]):
        b = o + ((i - seat) % players) * per_seat
        f = [1.0]
        f += [c == s["character"] for c in v["characters"]]
        f += [h == s["hex"] for h in hexes]
        f += [d == s["facing"] for d in v["facings"]]
        f += [k == s["kamae"] for k in v["kamae"]]
        f += [s["focus"] / 3, s["wounds"] / 10, s["bleeding"] / 10, s["wound_limit"] / 10, s["hand_limit"] / 10,
              s["hobbles"] / 4, s["stuns"] / 4, s["poison"], s["hand_size"] / 20, s["deck_size"] / 60,
              s["defeated"], s["chosen"] is not None and s["chosen"] is not False]
        discard = [0.0] * len(v["cards"])
        down = 0
        for c in s["discard"]:
            if c in v["card"]:
                discard[v["card"][c]] += 1 / 3
            else:
                down += 1
        f += discard + [down / 10]
        rank = view["advantage"].index(s["seat"]) if s["seat"] in view["advantage"] else -1
        f += [r == rank for r in range(4)]
        f += [c == s["played"] for c in v["played"]]
        f += [s["seat"] in acting]
        x[b:b + len(f)] = f
    o += MAX_SEATS * per_seat
    me = view["seats"][seat]
    for c in me["hand"] or []:
        if c in v["card"]:
            x[o + v["card"][c]] += 1 / 3
    o += len(v["cards"])
    if isinstance(me["chosen"], str) and me["chosen"] in v["card"]:
        x[o + v["card"][me["chosen"]]] = 1
    o += len(v["cards"])
    x[o] = min(view["turn"], 50) / 50
    o += 1
    if view["phase"] in PHASES:
        x[o + PHASES.index(view["phase"])] = 1
    o += len(PHASES)
    pending = view["pending"]
    if pending:
        kind = pending["kind"]
        x[o + (QUESTIONS.index(kind) if kind in QUESTIONS else len(QUESTIONS))] = 1
        x[o + len(QUESTIONS) + 1 + (names.index(pending["seat"]) - seat) % players] = 1
    o += len(QUESTIONS) + 1 + MAX_SEATS
    if pending and "options" in pending:        # the observer's own question (its view alone holds the options)
        _own_question(pending, x, o)
    return np.minimum(x, obs_high(), out=x)


def native_layout() -> dict:
    """The vocabularies and sizes :func:`encode` reads, by name, for the native encoder (sj_encode_bind.cpp)."""
    v = _vocabulary()
    per_seat, size = _sizes()
    return {"characters": v["characters"], "cards": v["cards"], "hexes": list(v["hexes"]), "facings": v["facings"],
            "kamae": v["kamae"], "terrain": v["terrain"], "phases": list(PHASES), "questions": list(QUESTIONS),
            "words": v["words"], "per_seat": per_seat, "size": size, "max_seats": MAX_SEATS,
            "option_slots": OPTION_SLOTS, "option_words": OPTION_WORDS, "high": obs_high()}


@cache
def native_encoder() -> bool:
    """Whether the native Senjutsu module is built with its encoder (a module built before it plays without it)."""
    from daimyo.senjutsu import native
    return native.available() and hasattr(native.require(), "ObsLayout")


_LAYOUTS: dict[int, tuple] = {}   # id(card set) -> (it, its native card set, its observation layout, the vector's size)
atexit.register(_LAYOUTS.clear)   # the native layouts let go before the module is (no leak report at exit)


@cache
def _native_parts() -> tuple:
    """What :func:`observe` reads of daimyo.senjutsu.native, imported once: the native duel's class (None where the
    module is built without its encoder), ``cards_of`` and the compiled module."""
    from daimyo.senjutsu.native import NativeSenjutsuState, cards_of, require
    return (NativeSenjutsuState if native_encoder() else None), cards_of, (require() if native_encoder() else None)


def observe(state, seat: int, players: int) -> np.ndarray:
    """``encode(state.view(seat), seat, players)``, written by the native engine where it plays the duel."""
    native_class, cards_of, core = _native_parts()
    g = state.native_game if type(state) is native_class else None
    if g is None:
        return encode(state.view(seat), seat, players)
    cs = state.card_set
    known = _LAYOUTS.get(id(cs))
    if known is None or known[0] is not cs or known[1] is not cards_of(cs):   # the native card set the duel was made with
        cards = cards_of(cs)
        known = _LAYOUTS[id(cs)] = (cs, cards, core.ObsLayout(cards.handle, native_layout()), obs_size())
    x = np.empty(known[3], dtype=np.float32)
    g.encode(known[2], seat, players, x)
    return x


@cache
def native_slots() -> bool:
    """Whether the native Senjutsu module is built with its slots (the mask writer and the quiet slot step)."""
    from daimyo.senjutsu import native
    return native.available() and hasattr(native.require().Game, "apply_slot")


class NativeSlots(Slots):
    """The slots of a duel the native engine plays, read and played by the engine itself (native/src/sj_actions.cpp,
    sj_encode.cpp): the mask written straight into the buffer, a slot's move applied as the engine's int without
    making its text or its events. :class:`~daimyo.rl.turns.Slots` is the reference (tests/rl/test_sj_native_slots.py
    compares both over random duels); a duel handed over to the Python engine is read and played by it."""

    def __init__(self) -> None:
        from daimyo.senjutsu.native import NativeSenjutsuState
        self._native = NativeSenjutsuState if native_slots() else None

    def _game(self, state) -> Any:
        """The compiled game of a duel the native engine plays (None: the Python engine plays it, or none is built)."""
        return state.native_game if type(state) is self._native else None

    def mask(self, s, seat: int, out: np.ndarray, wait: bool = False, legal: Legal | None = None) -> int:
        g = self._game(s)
        if g is None:
            return super().mask(s, seat, out, wait, legal)
        return g.mask(seat, out, wait)

    def pick(self, s, seat: int, slot: int, legal: Legal | None = None):
        g = self._game(s)
        if g is None:
            return super().pick(s, seat, slot, legal)
        if slot < 1:
            raise IndexError(slot)
        return g.slot_act(seat, slot - 1)

    def play(self, s, seat: int, move) -> bool:
        g = self._game(s)
        if g is None:
            return super().play(s, seat, move)
        return g.apply_act(seat, move)

    def play_slot(self, s, seat: int, slot: int, legal: Legal | None = None) -> None:
        g = self._game(s)
        if g is None:
            super().play_slot(s, seat, slot, legal)
        elif slot < 1:
            raise IndexError(slot)
        else:
            g.apply_slot(seat, slot - 1)


def _own_question(pending: dict, x: np.ndarray, o: int) -> None:
    v = _vocabulary()
    played, words = v["played"], v["words"]
    card = pending.get("card")
    if card is not None:
        x[o + (played.index(card) if card in played else len(played))] = 1
    o += len(played) + 1
    line = pending.get("line")
    x[o] = 0 if line is None else (line + 1) / 50
    o += 1
    scale = len(words) + 1
    for k, option in enumerate(pending["options"][:OPTION_SLOTS]):
        for j, w in enumerate(option.split()[:OPTION_WORDS]):
            x[o + k * OPTION_WORDS + j] = words.get(w, scale) / scale


def text(view: dict, seat: int | None) -> str:
    """The terminal's picture of a view: the battlefield and each character (the seat's own hand only)."""
    from daimyo.words.senjutsu_screen import describe_seats, draw_board
    me = view["seats"][seat]["seat"] if seat is not None else None
    return "\n".join([draw_board(view), *describe_seats(view, me)])


def spec(players: int = 2, characters: list[str] | None = None) -> GameSpec:
    from daimyo.core.registry import game
    from daimyo.core.rng import Rng
    info = game("senjutsu")
    if not info.min_players <= players <= info.max_players:
        raise ValueError(f"players: Senjutsu is a duel of {info.min_players} to {info.max_players}, not {players}")
    if characters is not None:
        characters = list(characters)
        if len(characters) != players:
            raise ValueError(f"characters: {players} players need {players} characters, not {len(characters)}")
        unknown = [c for c in characters if c not in info.seat_choices()]
        if unknown or len(set(characters)) != players:
            raise ValueError(f"characters: each once, from {', '.join(info.seat_choices())} (Player Setup)")

    def deal(seed: int):
        chosen = characters
        if chosen is None:
            names = list(info.seat_choices())
            Rng(seed ^ 0x5E7).shuffle(names)
            chosen = names[:players]
        return info.setup(players, seed, chosen)

    return GameSpec(name="senjutsu_v0", game="senjutsu", players=players, slots=SLOTS, obs_size=obs_size(),
                    deal=deal, encode=encode, text=text, draw=draw.senjutsu,
                    obs_high=obs_high(), observe=observe, moves=NativeSlots())


def raw_env(players: int = 2, characters: list[str] | None = None, render_mode: str | None = None,
            action_names: bool = False) -> TurnEnv:
    return TurnEnv(spec(players, characters), render_mode=render_mode, action_names=action_names)


def env(players: int = 2, characters: list[str] | None = None, render_mode: str | None = None, parallel: bool = False,
        action_names: bool = False):
    """The AEC environment in PettingZoo's order-enforcing wrapper; ``parallel=True``: the Parallel one."""
    if parallel:
        return parallel_env(players=players, characters=characters, render_mode=render_mode, action_names=action_names)
    from pettingzoo.utils import wrappers
    return wrappers.OrderEnforcingWrapper(raw_env(players, characters, render_mode, action_names))


def parallel_env(players: int = 2, characters: list[str] | None = None, render_mode: str | None = None,
                 action_names: bool = False) -> SimultaneousEnv:
    return SimultaneousEnv(spec(players, characters), render_mode=render_mode, action_names=action_names)


# ------------------------------------------------------------------ OpenSpiel (daimyo.rl.openspiel)
def resample(engine, seat: int, rng):
    """Senjutsu's determinization, with each card another seat already chose (hidden until all have chosen) drawn
    again from its redrawn hand, so the seat to act is the same as in the true state."""
    from daimyo.bots.senjutsu.smmcts import determinize
    world = determinize(engine, seat, rng)
    for other in sorted(engine.chosen):
        if other != seat and other not in world.chosen:
            moves = world.legal_moves(other)
            world.apply_move(other, moves[rng.below(len(moves))])
    return world


def openspiel_game():
    """Senjutsu for :mod:`daimyo.rl.openspiel`: parameter ``players``, the environment's legal-move slots, and worlds
    resampled by :func:`resample`."""
    from daimyo.rl.openspiel import SpielGame, slot_codec
    return SpielGame(parameters={"players": 2}, codec=lambda params: slot_codec(spec(players=params["players"])),
                     resample=resample)
