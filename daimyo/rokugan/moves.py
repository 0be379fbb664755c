"""Legal moves, the reasons a move is illegal, and applying moves.

A move is a tuple; its text form is in :mod:`daimyo.rokugan.notation`:

==========================  ======================================================
``("clan", "crab")``         Setup 3: choose a clan
``("objective", id)``        Setup 5: keep one of the two objectives dealt
``("control", p)``           Setup 10: place a starting control token
``("return", code)``         Dragon: return a token to the pool; card choices
``("pass",)``                pass (territory cards, Scorpion, Unicorn)
``("play", card)``           play a territory card
``("play", card, tid)``      play a scout, shugenja or first player card on token #tid
``("place", code, l, a, b)`` place a combat token (location as in :mod:`.board`)
``("look", tid)``            Scorpion: look at a token
``("swap", t1, t2)``         Unicorn: swap two tokens
``("province", p)``, ``("token", tid)``, ``("take", code)``, ``("discard", code)``,
``("player", seat)``, ``("special", p)``, ``("done",)``: choices inside cards
==========================  ======================================================
"""

from __future__ import annotations

from collections.abc import Sequence

from daimyo.core.game import Event
from daimyo.rokugan.board import loc_text, source_of_border
from daimyo.rokugan.data import RULES as R
from daimyo.rokugan.state import (
    BATTLEFIELD, BLUFF, HARBOR, NP, PEACE, PLACEMENT, SCORCHED, SETUP_CLANS, SETUP_CONTROL,
    SETUP_OBJECTIVES, SHRINE, UPKEEP, RokuganState, ev, pev,
)

S_PLACING = "Placing Combat Tokens"
S_ARMY = "The Combat Tokens: Army"
S_NAVY = "The Combat Tokens: Navy"
S_SHINOBI = "The Combat Tokens: Shinobi"
S_BLESSING = "The Combat Tokens: Blessing"
S_DIPLOMACY = "The Combat Tokens: Diplomacy"
S_RAID = "The Combat Tokens: Raid"
S_BLUFF = "The Combat Tokens: Bluff"
S_RONIN = "Additional Rules: Ronin"
S_SCORCHED = "Special Tokens: Scorched Earth"
S_PEACE = "Special Tokens: Peace"
S_SHRINE = "Special Tokens: Shrine"
S_BATTLEFIELD = "Special Tokens: Battlefield"

START_OF_TURN = ("scout", "shugenja", "first-player")


# --------------------------------------------------------------- placement
def touch_reason(s: RokuganState, seat: int, p: int):
    sp = s.special[p]
    name = R.province_names[p]
    if sp == SCORCHED:
        return (f"{name} holds a scorched earth token: no combat token may be placed in it or on its borders", S_SCORCHED)
    if sp == PEACE:
        return (f"{name} holds a peace token: no combat token may be placed in it or on its borders", S_PEACE)
    if sp == SHRINE and s.owner[p] != seat:
        return (f"{name} holds the shrine token: only the player who controls it may place tokens in it or on its borders", S_SHRINE)
    return None


def _occupied(s: RokuganState, loc: str, a: int) -> bool:
    for t in s.tokens:
        if t[3] == loc and t[4] == a:
            return True
    return False


def placement_reason(s: RokuganState, seat: int, kind: str, loc: str, a: int, b: int, reveal: bool = False):
    """Why placing a token of ``kind`` there breaks a placement rule, or None if it is legal.

    With ``reveal`` it is the check of resolution step 2 (the token is already on
    the board): border occupancy is not checked again and a bluff under a
    blessing makes the blessing illegal.
    """
    owner = s.owner
    ronin = s.ronin[seat]
    if kind == "blessing":
        if loc != "o":
            return ("a blessing is placed faceup on top of one of your own facedown army, navy or shinobi tokens", S_BLESSING)
        base = next((t for t in s.tokens if t[0] == a), None)
        if base is None:
            if reveal:
                return (f"the token under this blessing (#{a}) was removed from the board", S_BLESSING)
            return (f"there is no combat token #{a} on the board", S_BLESSING)
        if base[1] != seat:
            return (f"token #{a} is not yours: a blessing goes on your own token", S_BLESSING)
        if base[3] == "o":
            return ("a blessing goes on an army, navy or shinobi token, not on another blessing", S_BLESSING)
        bk = s.kind_of(seat, base[2]).kind
        allowed = ("army", "navy", "shinobi") if reveal else ("army", "navy", "shinobi", "bluff")
        if bk not in allowed:
            return (f"token #{a} is not an army, navy or shinobi token", S_BLESSING)
        if not reveal and base[6]:
            return (f"token #{a} is faceup: a blessing goes on a facedown token", S_BLESSING)
        return None
    if kind == "bluff" and not reveal and s.spied[seat]:
        return ("Spy Network: this player cannot place its bluff this round", "Territory cards: Spy Network")
    if loc == "o":
        return ("only a blessing is placed on top of another token", S_BLESSING)
    if loc == "l":
        if kind not in ("army", "bluff"):
            return (f"a {kind} token cannot be placed on a land border; armies attack across land borders", S_ARMY if kind != "navy" else S_NAVY)
        if not reveal and _occupied(s, "l", a):
            return ("only one combat token can be placed on each border", S_PLACING)
        src, dst = source_of_border(a, b), b
        r = touch_reason(s, seat, src) or touch_reason(s, seat, dst)
        if r:
            return r
        if owner[dst] == seat:
            return (f"you cannot attack {R.province_names[dst]}: you control it", S_PLACING)
        if not ronin and owner[src] != seat:
            return (f"an army attacks across a land border from a province you control; you do not control {R.province_names[src]}", S_ARMY)
        return None
    if loc == "s":
        if kind not in ("navy", "bluff"):
            return (f"a {kind} token cannot be placed on a coastal border; navies attack across coastal borders", S_NAVY)
        if not s.is_coastal(a):
            return (f"{R.province_names[a]} is landlocked: it has no coastal border", S_NAVY)
        if not reveal and _occupied(s, "s", a):
            return ("only one combat token can be placed on each border", S_PLACING)
        r = touch_reason(s, seat, a)
        if r:
            return r
        if owner[a] == seat:
            return (f"you cannot attack {R.province_names[a]}: you control it", S_PLACING)
        return None
    # the centre of a province
    p = a
    name = R.province_names[p]
    r = touch_reason(s, seat, p)
    if r:
        return r
    if kind == "army":
        if owner[p] != seat:
            return (f"an army defends only a province you control ({name} is not yours); to attack, place it on a land border", S_ARMY)
    elif kind == "navy":
        if owner[p] != seat:
            return (f"a navy defends only a coastal province you control ({name} is not yours)", S_NAVY)
        if not s.is_coastal(p):
            return (f"a navy defends only a coastal province; {name} is landlocked", S_NAVY)
    elif kind == "diplomacy":
        if ronin:
            return ("a ronin player cannot place raid or diplomacy tokens", S_RONIN)
        if owner[p] != seat:
            return (f"a diplomacy token goes in a province you control ({name} is not yours)", S_DIPLOMACY)
        if s.special[p] == BATTLEFIELD:
            return (f"{name} holds the battlefield token: no diplomacy or raid token may be placed there", S_BATTLEFIELD)
    elif kind == "raid":
        if ronin:
            return ("a ronin player cannot place raid or diplomacy tokens", S_RONIN)
        if owner[p] == seat:
            return (f"a raid token goes in a province you do not control ({name} is yours)", S_RAID)
        if s.special[p] == BATTLEFIELD:
            return (f"{name} holds the battlefield token: no diplomacy or raid token may be placed there", S_BATTLEFIELD)
    return None


_CENTER = tuple(("c", p, -1) for p in range(NP))
_ALL_CENTERS = _CENTER
_ALL_TRUE = [True] * NP  # shared, never changed
_COASTAL = tuple(p for p in range(NP) if R.coastal[p])
# per clan and token index: (code, kind, the head of a placement move)
_TOKEN_INFO = {clan: [(t.code, t.kind, ("place", t.code)) for t in toks] for clan, toks in R.clan_tokens.items()}
_SEA = tuple(("s", p, -1) for p in range(NP))
_CONTROL = tuple(("control", p) for p in range(NP))
_BORDER = tuple((("l", bi, q), ("l", bi, p)) for bi, (p, q) in enumerate(R.borders))
# for each province: (border, neighbour, the place of an army attacking the neighbour across it)
_NEIGHBOURS = tuple(tuple((bi, q, ("l", bi, q)) for bi in R.province_borders[p] for q in R.borders[bi] if q != p)
                    for p in range(NP))


class _Reach:
    """Where a player may place tokens, as far as control, special tokens and ronin status decide.

    None of that changes while tokens are placed, so it is worked out once per
    (seat, ronin, control, special tokens) and remembered (a pure memo: the same
    inputs always give the same lists, which are tuples and never changed).
    """

    __slots__ = ("own", "centers", "aa", "aa_locs", "sea", "sea_locs", "own_centers", "own_coastal", "dip", "raid",
                 "_touch", "_special", "_owner", "_seat")

    def __init__(self, owner: list, special: list, seat: int, ronin: bool):
        if any(special):
            touch = [sp is None or not (sp == PEACE or sp == SCORCHED or (sp == SHRINE and owner[p] != seat))
                     for p, sp in enumerate(special)]
            self.centers = tuple([_CENTER[p] for p in range(NP) if touch[p]])
        else:
            touch = _ALL_TRUE
            self.centers = _ALL_CENTERS
        own = tuple([p for p in range(NP) if owner[p] == seat and touch[p]])
        self.own = own
        if ronin:
            # Ronin: armies may be placed on any land border
            aa = []
            for bi, (p, q) in enumerate(R.borders):
                if touch[p] and touch[q]:
                    if owner[q] != seat:
                        aa.append((bi, _BORDER[bi][0]))
                    if owner[p] != seat:
                        aa.append((bi, _BORDER[bi][1]))
            self.aa = tuple(aa)
        else:
            self.aa = tuple([(bi, loc) for p in own for bi, q, loc in _NEIGHBOURS[p] if touch[q] and owner[q] != seat])
        self.aa_locs = tuple([loc for _, loc in self.aa])
        coastal = _COASTAL
        if HARBOR in special:
            coastal = tuple(sorted(_COASTAL + (special.index(HARBOR),)))
        self.sea = tuple([(q, _SEA[q]) for q in coastal if touch[q] and owner[q] != seat])
        self.sea_locs = tuple([loc for _, loc in self.sea])
        self.own_centers = tuple([_CENTER[p] for p in own])
        self.own_coastal = tuple([_CENTER[p] for p in own if p in coastal])
        # diplomacy and raid places are rarer questions: worked out when first asked
        self.dip = self.raid = () if ronin else None
        self._touch, self._special, self._owner, self._seat = touch, tuple(special), tuple(owner), seat

    def diplomacy(self) -> tuple:
        if self.dip is None:
            self.dip = tuple([_CENTER[p] for p in self.own if self._special[p] != BATTLEFIELD])
        return self.dip

    def raids(self) -> tuple:
        if self.raid is None:
            touch, owner, special, seat = self._touch, self._owner, self._special, self._seat
            self.raid = tuple([_CENTER[p] for p in range(NP) if touch[p] and owner[p] != seat and special[p] != BATTLEFIELD])
        return self.raid


_REACH: dict[tuple, _Reach] = {}


def _reach(s: RokuganState, seat: int) -> _Reach:
    key = (seat, s.ronin[seat], *s.owner, *s.special)
    r = _REACH.get(key)
    if r is None:
        if len(_REACH) >= 4096:
            _REACH.clear()
        r = _REACH[key] = _Reach(s.owner, s.special, seat, s.ronin[seat])
    return r


class Targets:
    """Every legal place for each kind of token of one player now (borders already taken left out)."""

    __slots__ = ("s", "seat", "reach", "_aa", "_sea")

    def __init__(self, s: RokuganState, seat: int):
        self.s = s
        self.seat = seat
        self.reach = _reach(s, seat)
        self._aa = self._sea = None

    def army_attack(self):
        if self._aa is None:
            used = {t[4] for t in self.s.tokens if t[3] == "l"}
            self._aa = [loc for bi, loc in self.reach.aa if bi not in used] if used else self.reach.aa_locs
        return self._aa

    def sea(self):
        if self._sea is None:
            used = {t[4] for t in self.s.tokens if t[3] == "s"}
            self._sea = [loc for q, loc in self.reach.sea if q not in used] if used else self.reach.sea_locs
        return self._sea

    def own(self):
        return self.reach.own

    def centers(self):
        return self.reach.centers

    def pieces(self, kind: str, spied: bool = False) -> list:
        """The legal places of a token of ``kind``, as the few lists they are made of (nothing copied)."""
        reach = self.reach
        if kind == "shinobi":
            return [reach.centers]
        if kind == "army":
            return [self.army_attack(), reach.own_centers]
        if kind == "bluff":
            return [] if spied else [self.army_attack(), self.sea(), reach.centers]
        if kind == "navy":
            return [self.sea(), reach.own_coastal]
        if kind == "blessing":
            s = self.s
            kinds = R.clan_tokens[s.clans[self.seat]]
            return [[("o", t[0], -1) for t in s.tokens
                     if t[1] == self.seat and not t[6] and t[3] != "o"
                     and kinds[t[2]].kind in ("army", "navy", "shinobi", "bluff")]]
        if kind == "diplomacy":
            return [reach.diplomacy()]
        if kind == "raid":
            return [reach.raids()]
        return []

    def for_kind(self, kind: str, spied: bool = False):
        """The legal places of a token of ``kind``, as one sequence."""
        pieces = self.pieces(kind, spied)
        if len(pieces) == 1:
            return pieces[0]
        out = []
        for piece in pieces:
            out += piece
        return out


class MoveList(Sequence):
    """A read-only list of moves built from shared pieces, without making every tuple up front.

    Each piece is (head, items): a move is ``head + item`` (or the item itself when head is
    empty). It behaves as a list (len, index, iterate, ``in``, ``==``, ``+``), like
    python-chess's ``legal_moves``: choosing one move from thousands costs one tuple.
    """

    __slots__ = ("_pieces", "_len")

    def __init__(self, pieces: list[tuple[tuple, list]]):
        kept = []
        total = 0
        for p in pieces:
            n = len(p[1])
            if n:
                kept.append(p)
                total += n
        self._pieces = kept
        self._len = total

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self._len
        if i >= 0:
            for head, items in self._pieces:
                n = len(items)
                if i < n:
                    return head + items[i] if head else items[i]
                i -= n
        raise IndexError("move index out of range")

    def __iter__(self):
        for head, items in self._pieces:
            if head:
                for x in items:
                    yield head + x
            else:
                yield from items

    def __contains__(self, move) -> bool:
        for head, items in self._pieces:
            if head:
                if move[:len(head)] == head and move[len(head):] in items:
                    return True
            elif move in items:
                return True
        return False

    def __eq__(self, other) -> bool:
        return list(self) == list(other)

    def __add__(self, other) -> list:
        return list(self) + list(other)

    def __radd__(self, other) -> list:
        return list(other) + list(self)

    def __repr__(self) -> str:
        return f"MoveList({list(self)!r})"


def _placement_pieces(s: RokuganState, seat: int, tokens: list[int], targets: Targets | None = None) -> list:
    targets = targets or Targets(s, seat)
    info = _TOKEN_INFO[s.clans[seat]]
    spied = s.spied[seat]
    pieces = []
    seen_codes = set()
    for tok in tokens:
        code, kind, head = info[tok]
        if code in seen_codes:
            continue
        seen_codes.add(code)
        for piece in targets.pieces(kind, spied):
            pieces.append((head, piece))
    return pieces


def placement_moves(s: RokuganState, seat: int, tokens: list[int]) -> MoveList:
    """Every legal placement of the distinct tokens among ``tokens`` (a hand, or a discard pile)."""
    return MoveList(_placement_pieces(s, seat, tokens))


def can_place_any(s: RokuganState, seat: int, targets: Targets | None = None) -> bool:
    """Whether ``seat`` has any legal placement (cheapest checks first)."""
    kinds = R.clan_tokens[s.clans[seat]]
    have = {kinds[t].kind for t in s.hand[seat]}
    spied = s.spied[seat]
    targets = targets or Targets(s, seat)
    # a bluff may stand wherever a shinobi may (and every border it may use touches such a province)
    if ("shinobi" in have or ("bluff" in have and not spied)) and targets.centers():
        return True
    if "army" in have and (targets.own() or targets.army_attack()):
        return True
    return any(targets.for_kind(kind, spied) for kind in have - {"shinobi", "bluff", "army"})


# --------------------------------------------------------- other choices
def board_token_targets(s: RokuganState, seat: int, who: str, facedown_only: bool) -> list[int]:
    """Token numbers a card or ability may target: never a blessing or a blessed token.

    ``who`` is "opponent" or "any".
    """
    tokens = s.tokens
    blessed = {t[4] for t in tokens if t[3] == "o"}
    mine = seat if who == "opponent" else -1
    return [t[0] for t in tokens
            if t[3] != "o" and t[1] != mine and not (facedown_only and t[6]) and t[0] not in blessed]


def unicorn_swappable(s: RokuganState, seat: int) -> list[int]:
    blessed = {t[4] for t in s.tokens if t[3] == "o"}
    return [t[0] for t in s.tokens if t[1] == seat and t[3] != "o" and t[0] not in blessed]


_SCOUT, _SHUGENJA, _FIRST = ("play", "scout"), ("play", "shugenja"), ("play", "first-player")


def _start_of_turn_pieces(s: RokuganState, seat: int) -> list:
    """Scout and Shugenja Cards, the First Player card and the Shadowlands cards, as MoveList pieces."""
    pieces = []
    scouts, shugenja, first = s.scouts[seat] > 0, s.shugenja[seat] > 0, seat == s.first and not s.fp_used
    if (scouts or shugenja or first) and s.tokens:
        tokens = s.tokens
        blessed = {t[4] for t in tokens if t[3] == "o"}
        free = [t for t in tokens if t[3] != "o" and t[0] not in blessed]
        if scouts or shugenja:
            theirs = [t for t in free if t[1] != seat]
            if scouts:
                pieces.append((_SCOUT, [(t[0],) for t in theirs if not t[6]]))
            if shugenja:
                pieces.append((_SHUGENJA, [(t[0],) for t in theirs]))
        if first:
            pieces.append((_FIRST, [(t[0],) for t in free]))
    cards = [("play", c) for c in s.cards[seat] if CARDS[c].timing == "placement" and CARDS[c].playable(s, seat)]
    if cards:
        pieces.append(((), cards))
    return pieces


def upkeep_card_moves(s: RokuganState, seat: int) -> list[tuple]:
    return [("play", c) for c in s.cards[seat] if CARDS[c].timing == "upkeep" and CARDS[c].playable(s, seat)]


def hand_codes(s: RokuganState, seat: int, exclude_bluff: bool = True) -> list[str]:
    kinds = R.clan_tokens[s.clans[seat]]
    codes = []
    for t in s.hand[seat]:
        if exclude_bluff and t == BLUFF:
            continue
        c = kinds[t].code
        if c not in codes:
            codes.append(c)
    return codes


def legal_moves(s: RokuganState, seat: int | None = None) -> list[tuple]:
    acting = s.to_act()
    if seat is None:
        if not acting:
            return []
        seat = acting[0]
    if seat not in acting:
        return []
    if s.pending:
        return frame_moves(s, s.pending[-1])
    ph = s.phase
    if ph == SETUP_CLANS:
        return [("clan", c) for c in R.clan_names if c not in s.clans]
    if ph == SETUP_OBJECTIVES:
        return [("objective", o) for o in s.offer[seat]]
    if ph == SETUP_CONTROL:
        owner = s.owner
        return [_CONTROL[p] for p in range(NP) if owner[p] < 0]
    if ph == UPKEEP:
        return upkeep_card_moves(s, seat) + [("pass",)]
    if ph == PLACEMENT:
        cached = s._targets
        targets = cached[1] if cached is not None and cached[0] == seat else None
        return MoveList(_start_of_turn_pieces(s, seat) + _placement_pieces(s, seat, s.hand[seat], targets))
    return []


def frame_moves(s: RokuganState, frame: tuple) -> list[tuple]:
    kind, seat = frame[0], frame[1]
    if kind == "dragon_return":
        return [("return", c) for c in hand_codes(s, seat)]
    if kind == "scorpion_look":
        return [("look", t) for t in board_token_targets(s, seat, "opponent", True)] + [("pass",)]
    if kind == "unicorn_swap":
        ts = unicorn_swappable(s, seat)
        return [("swap", a, b) for i, a in enumerate(ts) for b in ts[i + 1:]] + [("pass",)]
    if kind == "card":
        return CARDS[frame[2]].options(s, seat, frame[3], frame[4])
    return []


# -------------------------------------------------------------- reasons
def _expected(moves_, s, seat):
    opts = [move_text(s, seat, m) for m in moves_]
    shown = ", ".join(opts[:12]) + (f", ... ({len(opts)} in all)" if len(opts) > 12 else "")
    return shown or "none"


def explain_illegal(s: RokuganState, seat: int, move: tuple):
    """None if ``move`` is legal for ``seat`` now, else (message, rulebook section)."""
    legal = legal_moves(s, seat)
    if move in legal:
        return None
    verb = move[0]
    if s.pending:
        frame = s.pending[-1]
        section = {"dragon_return": "Clans: Dragon", "scorpion_look": "Clans: Scorpion",
                   "unicorn_swap": "Clans: Unicorn"}.get(frame[0])
        if frame[0] == "card":
            section = f"Territory cards: {R.cards[frame[2]]['name']}"
        return (f"'{verb}' is not a choice here; {s.clan_of(seat)} must choose one of: {_expected(legal, s, seat)}", section)
    ph = s.phase
    if ph == PLACEMENT and verb == "place":
        code, loc, a, b = move[1], move[2], move[3], move[4]
        kinds = R.clan_tokens[s.clans[seat]]
        toks = [t for t in s.hand[seat] if kinds[t].code == code]
        if not toks:
            have = " ".join(sorted(kinds[t].code for t in s.hand[seat]))
            return (f"{s.clan_of(seat)} has no {code} token behind the screen (hand: {have})", "Placement Phase")
        r = placement_reason(s, seat, kinds[toks[0]].kind, loc, a, b)
        if r:
            return r
        return ("that placement is not legal", S_PLACING)
    if ph == PLACEMENT and verb == "play":
        card = move[1]
        if card == "scout":
            if s.scouts[seat] <= 0:
                return ("you have no scout card left", "Scout and Shugenja Cards")
            return ("a scout looks at one facedown combat token of an opponent that no blessing protects", "Scout and Shugenja Cards")
        if card == "shugenja":
            if s.shugenja[seat] <= 0:
                return ("you have no shugenja card left", "Scout and Shugenja Cards")
            return ("a shugenja discards one combat token of an opponent that no blessing protects", "Scout and Shugenja Cards")
        if card == "first-player":
            if seat != s.first or s.fp_used:
                return ("only the first player may play the first player card, once a round (never with two players)", "Upkeep Phase 1. Determine First Player")
            return ("the first player card targets a combat token that no blessing protects", "Upkeep Phase 1. Determine First Player")
        if card not in s.cards[seat]:
            return (f"{s.clan_of(seat)} does not hold the territory card '{card}'", "Playing Territory Cards")
        if card in R.cards and R.cards[card]["timing"] != "placement":
            return (f"'{card}' is played in the upkeep phase, not the placement phase", "Playing Territory Cards")
        return (f"'{card}' cannot be played now: nothing it could affect", "Playing Territory Cards")
    if ph == UPKEEP and verb == "play":
        card = move[1]
        if card in START_OF_TURN:
            return (f"the {card} card is played at the start of a turn in the placement phase, not in upkeep",
                    "Scout and Shugenja Cards")
        if card not in s.cards[seat]:
            return (f"{s.clan_of(seat)} does not hold the territory card '{card}'", "Upkeep Phase 3. Play Territory Cards")
        if R.cards.get(card, {}).get("timing") == "placement":
            return ("Shadowlands cards are played at the start of a turn in the placement phase", "The Shadowlands")
        return (f"'{card}' cannot be played now: nothing it could affect", "Upkeep Phase 3. Play Territory Cards")
    if ph == SETUP_CONTROL and verb == "control":
        return (f"{R.province_names[move[1]]} already contains a control token", "Setup 10. Place Starting Control Tokens")
    if ph == SETUP_OBJECTIVES and verb == "objective":
        return (f"{s.clan_of(seat)} was not dealt that objective; choose one of: {_expected(legal, s, seat)}", "Setup 5. Distribute Secret Objectives")
    if ph == SETUP_CLANS and verb == "clan":
        return (f"clan '{move[1]}' is taken or unknown; choose one of: {_expected(legal, s, seat)}", "Setup 3. Choose Clans")
    section = {SETUP_CLANS: "Setup 3. Choose Clans", SETUP_OBJECTIVES: "Setup 5. Distribute Secret Objectives",
               SETUP_CONTROL: "Setup 10. Place Starting Control Tokens", UPKEEP: "Upkeep Phase 3. Play Territory Cards",
               PLACEMENT: "Placement Phase"}.get(ph, "Playing the Game")
    return (f"'{verb}' is not an action of the {ph} phase; legal now: {_expected(legal, s, seat)}", section)


# ---------------------------------------------------------------- apply
def _take_from(lst: list[int], seat_kinds, code: str) -> int:
    for i, t in enumerate(lst):
        if seat_kinds[t].code == code:
            return lst.pop(i)
    raise ValueError(code)


def put_token(s: RokuganState, seat: int, tok: int, loc: str, a: int, b: int, faceup: bool) -> tuple:
    tid = s.next_id
    s.next_id += 1
    t = (tid, seat, tok, loc, a, b, faceup, 1 << seat)
    s.tokens.append(t)
    return t


def placement_events(s: RokuganState, seat: int, t: tuple) -> list[Event]:
    code = R.clan_tokens[s.clans[seat]][t[2]].code
    where = loc_text(t[3], t[4], t[5])
    clan = s.clans[seat]
    if t[6]:
        return [Event("place", {"clan": clan, "token": t[0], "at": where, "code": code, "faceup": True})]
    return [Event("place", {"clan": clan, "token": t[0], "at": where}),
            Event("place-own", {"clan": clan, "token": t[0], "at": where, "code": code}, frozenset((seat,)))]


def learn(s: RokuganState, seat: int, t: tuple, source: str) -> list[Event]:
    """``seat`` secretly looks at board token ``t``."""
    idx = s.tokens.index(t)
    s.tokens[idx] = t[:7] + (t[7] | (1 << seat),)
    code = s.code_of(t[1], t[2])
    s.seen[seat].append((source, t[0], s.clan_of(t[1]), code))
    return [ev("look", clan=s.clan_of(seat), source=source, token=t[0], owner=s.clan_of(t[1])),
            pev(seat, "saw", clan=s.clan_of(seat), source=source, token=t[0], owner=s.clan_of(t[1]), code=code)]


def reveal_and_discard(s: RokuganState, t: tuple, source: str) -> list[Event]:
    code = s.code_of(t[1], t[2])
    s._discard_board_token(t)
    return [ev("discard", source=source, token=t[0], owner=s.clan_of(t[1]), code=code)]


def do_move(s: RokuganState, seat: int, move: tuple) -> list[Event]:
    verb = move[0]
    clan = s.clan_of(seat)
    if s.pending:
        return _do_frame(s, seat, move)
    ph = s.phase
    if ph == SETUP_CLANS:
        s.clans[seat] = move[1]
        events = [ev("clan", seat=seat, clan=move[1])]
        if seat + 1 < s.n:
            s.turn = seat + 1
        else:
            s._setup_after_clans()
        return events
    if ph == SETUP_OBJECTIVES:
        s.objective[seat] = move[1]
        return [ev("objective-kept", clan=clan), pev(seat, "objective", clan=clan, objective=move[1])]
    if ph == SETUP_CONTROL:
        p = move[1]
        s.set_aside[seat] -= 1
        s.supply[seat] += 1  # the set-aside token is the one placed
        s._add_control(seat, p, down=1)
        s.turn = (seat + 1) % s.n
        return [ev("control", clan=clan, province=R.province_names[p])]
    if ph == UPKEEP:
        s.turn = (seat + 1) % s.n
        if verb == "pass":
            s.passes += 1
            return [ev("pass", clan=clan)]
        s.passes = 0
        return play_territory_card(s, seat, move[1])
    if ph == PLACEMENT:
        if verb == "place":
            kinds = R.clan_tokens[s.clans[seat]]
            tok = _take_from(s.hand[seat], kinds, move[1])
            t = put_token(s, seat, tok, move[2], move[3], move[4], kinds[tok].kind == "blessing")
            events = placement_events(s, seat, t)
            s.turn = (seat + 1) % s.n
            if s.clans[seat] == "scorpion" and not s.scorpion_used and board_token_targets(s, seat, "opponent", True):
                s.pending.append(("scorpion_look", seat))
            return events
        if verb == "play":
            card = move[1]
            if card in START_OF_TURN:
                t = s.token(move[2])
                if card == "scout":
                    s.scouts[seat] -= 1
                    return [ev("play", clan=clan, card="scout")] + learn(s, seat, t, "scout")
                if card == "shugenja":
                    s.shugenja[seat] -= 1
                    return [ev("play", clan=clan, card="shugenja")] + reveal_and_discard(s, t, "shugenja")
                s.fp_used = True
                events = [ev("play", clan=clan, card="first-player")] + learn(s, seat, t, "first-player")
                t = s.token(t[0])
                s.tokens.remove(t)
                s.pool[t[1]].append(t[2])
                events.append(ev("return-to-pool", token=t[0], owner=s.clan_of(t[1])))
                return events
            return play_territory_card(s, seat, card)
    raise AssertionError(f"unhandled move {move} in phase {ph}")


def play_territory_card(s: RokuganState, seat: int, card: str) -> list[Event]:
    """Playing Territory Cards: read and resolve the card, then it leaves the game."""
    s.cards[seat].remove(card)
    s.played.append(card)
    s.pending.append(("card", seat, card, 0, ()))
    return [ev("play", clan=s.clan_of(seat), card=card)]


def _do_frame(s: RokuganState, seat: int, move: tuple) -> list[Event]:
    frame = s.pending.pop()
    kind = frame[0]
    clan = s.clan_of(seat)
    if kind == "dragon_return":
        kinds = R.clan_tokens[s.clans[seat]]
        tok = _take_from(s.hand[seat], kinds, move[1])
        s.pool[seat].append(tok)
        return [ev("return-to-pool", clan=clan, count=1), pev(seat, "returned", clan=clan, code=move[1])]
    if kind == "scorpion_look":
        if move[0] == "pass":
            return [ev("pass", clan=clan, ability="scorpion")]
        s.scorpion_used = True
        return learn(s, seat, s.token(move[1]), "scorpion")
    if kind == "unicorn_swap":
        if move[0] == "pass":
            return [ev("pass", clan=clan, ability="unicorn")]
        t1, t2 = s.token(move[1]), s.token(move[2])
        i1, i2 = s.tokens.index(t1), s.tokens.index(t2)
        s.tokens[i1] = t1[:3] + t2[3:6] + t1[6:]
        s.tokens[i2] = t2[:3] + t1[3:6] + t2[6:]
        return [ev("swap", clan=clan, tokens=[t1[0], t2[0]])]
    if kind == "card":
        card, step, memo = frame[2], frame[3], frame[4]
        eff = CARDS[card]
        nxt, memo, events = eff.choose(s, seat, step, memo, move)
        while nxt is not None and not eff.options(s, seat, nxt, memo):
            nxt = eff.skip(s, seat, nxt, memo)
        if nxt is None:
            events.extend(eff.finish(s, seat, memo))
        else:
            s.pending.append(("card", seat, card, nxt, memo))
        return events
    raise AssertionError(f"unknown frame {frame}")


from daimyo.rokugan.cards import CARDS  # noqa: E402  (cards build on the helpers above)
from daimyo.rokugan.notation import move_text  # noqa: E402
