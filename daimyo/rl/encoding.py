"""Fixed-size encodings of Battle for Rokugan moves and of one seat's view, for learning agents.

**Actions.** Every move any seat can ever make maps to one entry of a fixed catalogue. A move
that names a board token (a blessing's base, a scout, a shugenja, the first player card, the
Scorpion's look, a card's token choice, the Unicorn's swap) names it by the *place* it stands
(a province's centre, a coastal border or a directed land border), so the catalogue does not
grow with token numbers; when several legal moves share an entry (two of one's tokens in the
same province), the entry stands for the first of them in the legal move list. A card's
``("player", seat)`` choice is written relative to the acting seat.

**Observations.** A flat float32 vector built only from what the seat may know: provinces
(owner relative to the seat, control tokens, special tokens), the tokens at each place (by
relative owner: how many, and the known strength), the seat's own hand, pool and discard pile
by token code, every player's public counts and clan, the round, phase and pending choice, the seat's
objective and territory cards, and the seat's own pending decisions as its view holds them (``you.pending``): the
territory card being resolved, its step and what was already chosen (provinces; the places of the tokens looked at
with Dark Favors; the armies taken with Reinforcements), and Dragon's tokens drawn this upkeep. Two states with the
same observation give the seat to act the same legal actions.

**Engines.** A game the native engine plays (:class:`daimyo.rokugan.native.NativeRokuganState`) is encoded by the
native engine itself: its legal actions come as catalogue ids (and a mask written into a NumPy array), an action is
applied by id, and the observation is written into a NumPy array, all in C++ (native/src/encode.cpp), from the layout
this module hands over at import (:func:`native_layout`). The Python encoders (:func:`legal_index_python`,
:func:`observe_python`) are the reference: tests/rl/test_native_encoding.py compares both over random games, entry for
entry. A game handed over to the Python engine is encoded in Python.
"""

from __future__ import annotations

from typing import TypeGuard

import numpy as np

from daimyo.bots.rokugan.knowledge import known
from daimyo.rokugan import native
from daimyo.rokugan.data import RULES as R, SPECIALS
from daimyo.rokugan.native import NativeRokuganState
from daimyo.rokugan.records import DRAGON_RETURN, N_PROVINCES, PHASES, PLACEMENT, CardDecision
from daimyo.rokugan.views import COUNT_MEMO, TOKEN_MEMO

MAX_PLAYERS = 5
CODES = tuple(sorted({t.code for c in R.clan_names for t in R.clan_tokens[c]}))
NB = len(R.borders)
NPLACE = 2 * N_PROVINCES + 2 * NB
CARD_IDS = tuple(sorted(R.cards))
OBJECTIVES = tuple(R.objective_ids)
PENDING = ("card", "dragon_return", "scorpion_look", "unicorn_swap")


def place_index(loc: str, a: int, b: int) -> int:
    """Centre of p -> p; coastal border of p -> N_PROVINCES + p; land border bi towards q -> 2 N_PROVINCES + 2 bi (+1 for the second province)."""
    if loc == "c":
        return a
    if loc == "s":
        return N_PROVINCES + a
    return 2 * N_PROVINCES + 2 * a + (0 if b == R.borders[a][0] else 1)


def _catalogue() -> list[tuple]:
    keys: list[tuple] = []
    keys += [("clan", c) for c in R.clan_names]
    keys += [("objective", o) for o in OBJECTIVES]
    keys += [("control", p) for p in range(N_PROVINCES)]
    keys += [("pass",), ("done",)]
    keys += [("play", c) for c in CARD_IDS]
    keys += [("play", c, i) for c in ("scout", "shugenja", "first-player") for i in range(NPLACE)]
    keys += [("place", code, i) for code in CODES for i in range(NPLACE)]
    keys += [("look", i) for i in range(NPLACE)] + [("token", i) for i in range(NPLACE)]
    keys += [("swap", i, j) for i in range(NPLACE) for j in range(i, NPLACE)]
    keys += [(v, p) for v in ("province", "special") for p in range(N_PROVINCES)]
    keys += [("player", k) for k in range(1, MAX_PLAYERS)]
    keys += [(v, code) for v in ("take", "discard", "return") for code in CODES]
    return keys


KEYS = _catalogue()
INDEX = {k: i for i, k in enumerate(KEYS)}
N_ACTIONS = len(KEYS)


def _token_place(s, tid: int) -> int:
    for t in s.tokens:
        if t.number == tid:
            if t.place == "o":
                return _token_place(s, t.site)
            return place_index(t.place, t.site, t.attacked)
    raise KeyError(tid)


def fields(s):
    """The state whose fields the encoders read: a native game's Python copy (no hand-over), else ``s`` itself."""
    return s.python_state() if isinstance(s, NativeRokuganState) else s


def move_key(s, seat: int, m: tuple) -> tuple:
    """The catalogue entry of legal move ``m`` of ``seat``."""
    s = fields(s)
    v = m[0]
    if v == "place":
        if m[2] == "o":
            return ("place", m[1], _token_place(s, m[3]))
        return ("place", m[1], place_index(m[2], m[3], m[4]))
    if v == "play" and len(m) == 3:
        return ("play", m[1], _token_place(s, m[2]))
    if v in ("look", "token"):
        return (v, _token_place(s, m[1]))
    if v == "swap":
        i, j = _token_place(s, m[1]), _token_place(s, m[2])
        return ("swap", min(i, j), max(i, j))
    if v == "player":
        return ("player", (m[1] - seat) % s.n)
    return m


def legal_index(s, seat: int) -> dict[int, tuple]:
    """Action index -> the legal move it stands for (the first legal move of each entry)."""
    if on_native(s):
        return s.legal_index(seat)
    return legal_index_python(s, seat)


def legal_index_python(s, seat: int) -> dict[int, tuple]:
    """:func:`legal_index` by the Python encoder (the reference), whichever engine plays ``s``."""
    out: dict[int, tuple] = {}
    py = fields(s)
    for m in s.legal_moves(seat):
        i = INDEX[move_key(py, seat, m)]
        if i not in out:
            out[i] = m
    return out


# ------------------------------------------------------------------ observations
_SPECIAL_INDEX = {name: i for i, name in enumerate(SPECIALS)}
_CODE_INDEX = {c: i for i, c in enumerate(CODES)}
_PROVINCE = MAX_PLAYERS + 1 + 2 + len(SPECIALS)
_PLACE = 2 * MAX_PLAYERS
_PLAYER = 10 + len(R.clan_names)
CARD_STEPS = 4     # a territory card's steps, from 0 (Ashigaru Levies, Reinforcements, Purge the Weak: 3)
# the seat's own pending decisions: the card (one-hot), its step, the provinces and token places chosen, the armies
# taken (Reinforcements), the codes of the tokens Dragon drew
_OWN = len(CARD_IDS) + CARD_STEPS + N_PROVINCES + NPLACE + 1 + len(CODES)
OBS_SIZE = (N_PROVINCES * _PROVINCE + NPLACE * _PLACE + 3 * len(CODES) + MAX_PLAYERS * _PLAYER
            + (R.rounds + 1) + len(PHASES) + len(PENDING) + len(OBJECTIVES) + len(CARD_IDS) + len(R.clan_names) + _OWN)


#: The most any entry of the vector can hold: a count of one clan's combat tokens (all of them at one place); every
#: other entry is a smaller count (code counts, control tokens / 5, strengths / 5, cards / 5) or a 0/1 flag.
OBS_HIGH = float(max(len(R.clan_tokens[c]) for c in R.clan_names))


def observe(s, seat: int) -> np.ndarray:
    """The seat's observation (see the module docstring); same length in every state of every game."""
    if on_native(s):
        x = np.empty(OBS_SIZE, dtype=np.float32)
        s.observe_into(seat, x)
        return x
    return observe_python(s, seat)


def observe_python(s, seat: int) -> np.ndarray:
    """:func:`observe` by the Python encoder (the reference), whichever engine plays ``s``."""
    s = fields(s)
    n = s.n
    rel = [(q - seat) % n for q in range(n)]
    x = np.zeros(OBS_SIZE, dtype=np.float32)
    o = 0
    for p in range(N_PROVINCES):
        own = s.owner[p]
        x[o + (rel[own] if own >= 0 else MAX_PLAYERS)] = 1
        x[o + MAX_PLAYERS + 1] = s.up[p] / 5
        x[o + MAX_PLAYERS + 2] = s.down[p] / 5
        if s.special[p] is not None:
            x[o + MAX_PLAYERS + 3 + _SPECIAL_INDEX[s.special[p]]] = 1
        o += _PROVINCE
    for t in s.tokens:
        base = t
        if t.place == "o":
            base = next((u for u in s.tokens if u.number == t.site), None)
            if base is None or base.place == "o":
                continue
        i = place_index(base.place, base.site, base.attacked)
        r = rel[t.owner]
        x[o + i * _PLACE + r] += 1
        if known(s, seat, t):
            x[o + i * _PLACE + MAX_PLAYERS + r] += s.rules.clan_tokens[s.clans[t.owner]][t.clan_token].strength / 5
    o += NPLACE * _PLACE
    if s.clans[seat]:
        ks = s.rules.clan_tokens[s.clans[seat]]
        for k, pile in enumerate((s.hand[seat], s.pool[seat], s.discard[seat])):
            for tok in pile:
                x[o + k * len(CODES) + _CODE_INDEX[ks[tok].code]] += 1
    o += 3 * len(CODES)
    for q in range(n):
        b = o + rel[q] * _PLAYER
        # places no more this phase: skipped (Ronin), or one token left
        done = s.done[q] or (s.phase == PLACEMENT and len(s.hand[q]) <= 1)
        x[b:b + 10] = (len(s.hand[q]) / 7, len(s.pool[q]) / 27, s.supply[q] / 30, s.scouts[q] / 2, s.shugenja[q],
                       len(s.cards[q]) / 5, s.ronin[q], done, q == s.first, s.control_tokens_on_board(q) / 30)
        if s.clans[q]:
            x[b + 10 + R.clan_names.index(s.clans[q])] = 1
    o += MAX_PLAYERS * _PLAYER
    x[o + min(s.round, R.rounds)] = 1
    o += R.rounds + 1
    x[o + PHASES.index(s.phase)] = 1
    o += len(PHASES)
    if s.pending:
        x[o + PENDING.index(s.pending[-1].kind)] = 1
    o += len(PENDING)
    if s.objective[seat]:
        x[o + OBJECTIVES.index(s.objective[seat])] = 1
    else:
        for oid in s.offer[seat]:
            x[o + OBJECTIVES.index(oid)] = 0.5
    o += len(OBJECTIVES)
    for c in s.cards[seat]:
        x[o + CARD_IDS.index(c)] = 1
    o += len(CARD_IDS)
    if s.clans[seat]:
        x[o + R.clan_names.index(s.clans[seat])] = 1
    o += len(R.clan_names)
    for d in s.pending:
        if d.seat == seat:
            _own_decision(s, d, x, o)
    return x


def _own_decision(s, d, x: np.ndarray, o: int) -> None:
    """The seat's own pending decision (views.own_decision): card, step, what it chose; Dragon's drawn tokens."""
    if isinstance(d, CardDecision):  # kind CARD
        x[o + CARD_IDS.index(d.card)] = 1
        x[o + len(CARD_IDS) + min(d.step, CARD_STEPS - 1)] = 1
        o += len(CARD_IDS) + CARD_STEPS
        if d.card in COUNT_MEMO:
            x[o + N_PROVINCES + NPLACE] = d.memo[0] / 2 if d.memo else 0
        elif d.card in TOKEN_MEMO:
            for tid in d.memo:
                if any(t.number == tid for t in s.tokens):
                    x[o + N_PROVINCES + _token_place(s, tid)] += 1
        else:
            for p in d.memo:
                x[o + p] = 1
    elif d.kind == DRAGON_RETURN:
        o += len(CARD_IDS) + CARD_STEPS + N_PROVINCES + NPLACE + 1
        for code in d.tokens:
            x[o + _CODE_INDEX[code]] += 1


def on_native(s) -> TypeGuard[NativeRokuganState]:
    """Whether the native encoder encodes ``s``: a game the native engine plays now, the module built with the
    encoder (a module built before it encodes nothing: the Python encoders do)."""
    return NATIVE_ENCODER and isinstance(s, NativeRokuganState) and s.engine == "native"


def native_layout() -> dict:
    """What the native encoder needs of the catalogue and the observation: where each kind of entry starts, each
    clan token's code position, each card's position, the sizes (checked there against its own sum)."""
    first = {
        "clan": ("clan", R.clan_names[0]), "objective": ("objective", OBJECTIVES[0]), "control": ("control", 0),
        "pass": ("pass",), "play_card": ("play", CARD_IDS[0]), "play": ("play", "scout", 0),
        "place": ("place", CODES[0], 0), "look": ("look", 0), "token": ("token", 0), "swap": ("swap", 0, 0),
        "province": ("province", 0), "special": ("special", 0), "player": ("player", 1), "take": ("take", CODES[0]),
        "discard": ("discard", CODES[0]), "return": ("return", CODES[0]),
    }
    # the native encoder counts from each first entry: the entries of each kind follow it in this order
    assert INDEX[("done",)] == INDEX[("pass",)] + 1 and INDEX[("play", "first-player", 0)] == INDEX[("play", "scout", 0)] + 2 * NPLACE
    return {
        "n_actions": N_ACTIONS, "obs_size": OBS_SIZE, "nplace": NPLACE, "n_codes": len(CODES),
        "max_players": MAX_PLAYERS, "card_steps": CARD_STEPS, "offsets": {k: INDEX[key] for k, key in first.items()},
        "code_pos": [[_CODE_INDEX[t.code] for t in R.clan_tokens[c]] for c in R.clan_names],
        "card_pos": {c: i for i, c in enumerate(CARD_IDS)},
        "count_memo": COUNT_MEMO[0], "token_memo": TOKEN_MEMO[0],
    }


#: whether the native module has the encoder (then it has the layout, made for the standard rules)
NATIVE_ENCODER = native.available(R) and hasattr(native.require(R), "load_encoding")
if NATIVE_ENCODER:
    native.require(R).load_encoding(native.tables(R), native_layout())
