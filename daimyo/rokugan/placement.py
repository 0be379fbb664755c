"""Placing Combat Tokens: where each token may go, and the helpers that put, show and remove board tokens.

``placement_reason`` is every placement rule (army, navy, shinobi, blessing,
diplomacy, raid, bluff, ronin and the special tokens); ``Targets`` and
``MoveList`` list the legal placements of a turn quickly. Territory cards
(:mod:`.cards`) and the moves (:mod:`.moves`) build on these helpers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from daimyo.core.errors import Reason, reason
from daimyo.core.game import Event, private_event, public_event
from daimyo.rokugan.board import loc_text, source_of_border
from daimyo.rokugan.data import RULES
from daimyo.rokugan.records import BATTLEFIELD, HARBOR, N_PROVINCES, PEACE, SCORCHED, SHRINE, BoardToken, PlaceKind, SeenToken

if TYPE_CHECKING:
    from daimyo.rokugan.state import RokuganState

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


# --------------------------------------------------------------- placement
def touch_reason(s: RokuganState, seat: int, p: int) -> Reason | None:
    sp = s.special[p]
    name = RULES.province_names[p]
    if sp == SCORCHED:
        return reason("rk.holds_scorched_earth_token", "{province} holds a scorched earth token: no combat token may be placed in it or on its "
                      "borders", S_SCORCHED, province=name)
    if sp == PEACE:
        return reason("rk.peace_token_bars_combat", "{province} holds a peace token: no combat token may be placed in it or on its borders",
                      S_PEACE, province=name)
    if sp == SHRINE and s.owner[p] != seat:
        return reason("rk.holds_shrine_token_only", "{province} holds the shrine token: only the player who controls it may place tokens in it "
                      "or on its borders", S_SHRINE, province=name)
    return None


def _occupied(s: RokuganState, loc: str, a: int) -> bool:
    return any(t.place == loc and t.site == a for t in s.tokens)


def placement_reason(s: RokuganState, seat: int, kind: str, loc: str, a: int, b: int, reveal: bool = False) -> Reason | None:
    """Why placing a token of ``kind`` there breaks a placement rule, or None if it is legal.

    With ``reveal`` it is the check of resolution step 2 (the token is already on
    the board): border occupancy is not checked again, and a blessing whose token
    was removed before it (a bluff, unless Lion's defending one) is illegal.
    """
    owner = s.owner
    ronin = s.ronin[seat]
    if kind == "blessing":
        if loc != "o":
            return reason("rk.blessing_placed_faceup_top", "a blessing is placed faceup on top of one of your own facedown army, navy or "
                          "shinobi tokens", S_BLESSING)
        base = next((t for t in s.tokens if t.number == a), None)
        if base is None:
            if reveal:
                return reason("rk.token_under_blessing_was", "the token under this blessing (#{token}) was removed from the board",
                              S_BLESSING, token=a)
            return reason("rk.no_such_combat_token", "there is no combat token #{token} on the board", S_BLESSING, token=a)
        if base.owner != seat:
            return reason("rk.token_not_yours", "token #{token} is not yours: a blessing goes on your own token", S_BLESSING, token=a)
        if base.place == "o":
            return reason("rk.blessing_goes_army_navy", "a blessing goes on an army, navy or shinobi token, not on another blessing", S_BLESSING)
        bk = s.kind_of(seat, base.clan_token).kind
        # a bluff still on the board in step 2 is Lion's defending bluff (every other bluff is removed first):
        # the blessing still lies on a token and stays (docs/rokugan-rules.md, "A blessing on Lion's bluff")
        if bk not in ("army", "navy", "shinobi", "bluff"):
            return reason("rk.not_army_navy_shinobi", "token #{token} is not an army, navy or shinobi token", S_BLESSING, token=a)
        if not reveal and base.faceup:
            return reason("rk.token_faceup_blessing_goes", "token #{token} is faceup: a blessing goes on a facedown token", S_BLESSING, token=a)
        return None
    if kind == "bluff" and not reveal and s.spied[seat]:
        return reason("rk.spy_network_player_cannot", "Spy Network: this player cannot place its bluff this round", "Territory cards: Spy Network")
    if loc == "o":
        return reason("rk.only_blessing_placed_top", "only a blessing is placed on top of another token", S_BLESSING)
    if loc == "l":
        if kind not in ("army", "bluff"):
            return reason("rk.token_cannot_placed_land", "a {kind} token cannot be placed on a land border; armies attack across land borders",
                          S_ARMY if kind != "navy" else S_NAVY, kind=kind)
        if not reveal and _occupied(s, "l", a):
            return reason("rk.only_one_combat_token", "only one combat token can be placed on each border", S_PLACING)
        src, dst = source_of_border(a, b), b
        r = touch_reason(s, seat, src) or touch_reason(s, seat, dst)
        if r:
            return r
        if owner[dst] == seat:
            return reason("rk.you_cannot_attack_you", "you cannot attack {province}: you control it", S_PLACING, province=RULES.province_names[dst])
        if not ronin and owner[src] != seat:
            return reason("rk.army_attacks_across_land", "an army attacks across a land border from a province you control; you do not control "
                          "{province}", S_ARMY, province=RULES.province_names[src])
        return None
    if loc == "s":
        if kind not in ("navy", "bluff"):
            return reason("rk.token_cannot_placed_coastal", "a {kind} token cannot be placed on a coastal border; navies attack across coastal "
                          "borders", S_NAVY, kind=kind)
        if not s.is_coastal(a):
            return reason("rk.landlocked_no_coastal_border", "{province} is landlocked: it has no coastal border",
                          S_NAVY, province=RULES.province_names[a])
        if not reveal and _occupied(s, "s", a):
            return reason("rk.only_one_combat_token", "only one combat token can be placed on each border", S_PLACING)
        r = touch_reason(s, seat, a)
        if r:
            return r
        if owner[a] == seat:
            return reason("rk.you_cannot_attack_you", "you cannot attack {province}: you control it", S_PLACING, province=RULES.province_names[a])
        return None
    # the centre of a province
    p = a
    name = RULES.province_names[p]
    r = touch_reason(s, seat, p)
    if r:
        return r
    if kind == "army":
        if owner[p] != seat:
            return reason("rk.army_defends_only_province", "an army defends only a province you control ({province} is not yours); to attack, "
                          "place it on a land border", S_ARMY, province=name)
    elif kind == "navy":
        if owner[p] != seat:
            return reason("rk.navy_defends_only_coastal", "a navy defends only a coastal province you control ({province} is not yours)",
                          S_NAVY, province=name)
        if not s.is_coastal(p):
            return reason("rk.navy_defends_only_coastal2", "a navy defends only a coastal province; {province} is landlocked", S_NAVY, province=name)
    elif kind == "diplomacy":
        if ronin:
            return reason("rk.ronin_player_cannot_place", "a ronin player cannot place raid or diplomacy tokens", S_RONIN)
        if owner[p] != seat:
            return reason("rk.diplomacy_token_goes_province", "a diplomacy token goes in a province you control ({province} is not yours)",
                          S_DIPLOMACY, province=name)
        if s.special[p] == BATTLEFIELD:
            return reason("rk.battlefield_token_bars_diplomacy", "{province} holds the battlefield token: no diplomacy or raid token may be "
                          "placed there", S_BATTLEFIELD, province=name)
    elif kind == "raid":
        if ronin:
            return reason("rk.ronin_player_cannot_place", "a ronin player cannot place raid or diplomacy tokens", S_RONIN)
        if owner[p] == seat:
            return reason("rk.raid_token_goes_province", "a raid token goes in a province you do not control ({province} is yours)",
                          S_RAID, province=name)
        if s.special[p] == BATTLEFIELD:
            return reason("rk.battlefield_token_bars_diplomacy", "{province} holds the battlefield token: no diplomacy or raid token may be "
                          "placed there", S_BATTLEFIELD, province=name)
    return None


_CENTER = tuple(("c", p, -1) for p in range(N_PROVINCES))
_ALL_CENTERS = _CENTER
_ALL_TRUE = [True] * N_PROVINCES  # shared, never changed
_COASTAL = tuple(p for p in range(N_PROVINCES) if RULES.coastal[p])
# per clan and token index: (code, kind, the head of a placement move)
_SEA = tuple(("s", p, -1) for p in range(N_PROVINCES))
_BORDER = tuple((("l", bi, q), ("l", bi, p)) for bi, (p, q) in enumerate(RULES.borders))
# for each province: (border, neighbour, the place of an army attacking the neighbour across it)
_NEIGHBOURS = tuple(tuple((bi, q, ("l", bi, q)) for bi in RULES.province_borders[p] for q in RULES.borders[bi] if q != p)
                    for p in range(N_PROVINCES))


class _Reach:
    """Where a player may place tokens, as far as control, special tokens and ronin status decide.

    None of that changes while tokens are placed, so it is worked out once per
    (seat, ronin, control, special tokens) and remembered (a pure memo: the same
    inputs always give the same lists, which are tuples and never changed).
    """

    __slots__ = ("own", "centers", "aa", "aa_locs", "sea", "sea_locs", "own_centers", "own_coastal", "dip", "raid",
                 "_touch", "_special", "_owner", "_seat")
    dip: tuple | None
    raid: tuple | None

    def __init__(self, owner: list, special: list, seat: int, ronin: bool):
        if any(special):
            touch = [sp is None or not (sp in (PEACE, SCORCHED) or (sp == SHRINE and owner[p] != seat))
                     for p, sp in enumerate(special)]
            self.centers = tuple([_CENTER[p] for p in range(N_PROVINCES) if touch[p]])
        else:
            touch = _ALL_TRUE
            self.centers = _ALL_CENTERS
        own = tuple([p for p in range(N_PROVINCES) if owner[p] == seat and touch[p]])
        self.own = own
        if ronin:
            # Ronin: armies may be placed on any land border
            aa = []
            for bi, (p, q) in enumerate(RULES.borders):
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
            self.raid = tuple([_CENTER[p] for p in range(N_PROVINCES) if touch[p] and owner[p] != seat and special[p] != BATTLEFIELD])
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
    # the places (a list or a tuple) on the land and coastal borders not taken, None until first asked: read through
    # army_attack() and sea(), which fill them
    _aa: Any
    _sea: Any

    def __init__(self, s: RokuganState, seat: int):
        self.s = s
        self.seat = seat
        self.reach = _reach(s, seat)
        self._aa = self._sea = None

    def _borders_taken(self) -> None:
        """Only one combat token can be placed on each border: the land and coastal borders taken, in one pass."""
        land, sea = set(), set()
        for t in self.s.tokens:
            place = t.place
            if place == "l":
                land.add(t.site)
            elif place == "s":
                sea.add(t.site)
        self._aa = [loc for bi, loc in self.reach.aa if bi not in land] if land else self.reach.aa_locs
        self._sea = [loc for q, loc in self.reach.sea if q not in sea] if sea else self.reach.sea_locs

    def army_attack(self) -> Sequence[tuple]:
        if self._aa is None:
            self._borders_taken()
        return self._aa

    def sea(self) -> Sequence[tuple]:
        if self._sea is None:
            self._borders_taken()
        return self._sea

    def own(self) -> tuple[int, ...]:
        return self.reach.own

    def centers(self) -> tuple[tuple, ...]:
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
            kinds = s.rules.clan_tokens[s.clans[self.seat]]
            return [[("o", t.number, -1) for t in s.tokens
                     if t.owner == self.seat and not t.faceup and t.place != "o"
                     and kinds[t.clan_token].kind in ("army", "navy", "shinobi", "bluff")]]
        if kind == "diplomacy":
            return [reach.diplomacy()]
        if kind == "raid":
            return [reach.raids()]
        return []

    def for_kind(self, kind: str, spied: bool = False) -> Sequence[tuple]:
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

    def __getitem__(self, i: Any) -> Any:
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

    def __iter__(self) -> Iterator[tuple]:
        for head, items in self._pieces:
            if head:
                for x in items:
                    yield head + x
            else:
                yield from items

    def __contains__(self, move: Any) -> bool:
        for head, items in self._pieces:
            if head:
                if move[:len(head)] == head and move[len(head):] in items:
                    return True
            elif move in items:
                return True
        return False

    def __eq__(self, other: Any) -> bool:
        return list(self) == list(other)

    def __add__(self, other: Iterable[tuple]) -> list:
        return list(self) + list(other)

    def __radd__(self, other: Iterable[tuple]) -> list:
        return list(other) + list(self)

    def __repr__(self) -> str:
        return f"MoveList({list(self)!r})"


def placement_pieces(s: RokuganState, seat: int, tokens: list[int], targets: Targets | None = None) -> list:
    targets = targets or Targets(s, seat)
    info = s.rules.token_info[s.clans[seat]]
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
    return MoveList(placement_pieces(s, seat, tokens))


def can_place_any(s: RokuganState, seat: int, targets: Targets | None = None) -> bool:
    """Whether ``seat`` has any legal placement (cheapest checks first)."""
    kinds = s.rules.clan_tokens[s.clans[seat]]
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
    blessed = {t.site for t in tokens if t.place == "o"}
    mine = seat if who == "opponent" else -1
    return [t.number for t in tokens
            if t.place != "o" and t.owner != mine and not (facedown_only and t.faceup) and t.number not in blessed]


def unicorn_swappable(s: RokuganState, seat: int) -> list[int]:
    blessed = {t.site for t in s.tokens if t.place == "o"}
    return [t.number for t in s.tokens if t.owner == seat and t.place != "o" and t.number not in blessed]



def hand_codes(s: RokuganState, seat: int, exclude_bluff: bool = True) -> list[str]:
    kinds = s.rules.clan_tokens[s.clans[seat]]
    codes = []
    for t in s.hand[seat]:
        if exclude_bluff and t == s.rules.bluff_index:
            continue
        c = kinds[t].code
        if c not in codes:
            codes.append(c)
    return codes


def put_token(s: RokuganState, seat: int, tok: int, loc: PlaceKind, a: int, b: int, faceup: bool) -> BoardToken:
    """Put combat token ``tok`` of ``seat`` on the board at ``(loc, a, b)``; its owner knows it."""
    tid = s.next_id
    s.next_id += 1
    t = BoardToken(tid, seat, tok, loc, a, b, faceup, 1 << seat)
    s.tokens.append(t)
    return t


def placement_events(s: RokuganState, seat: int, t: BoardToken) -> list[Event]:
    code = s.rules.clan_tokens[s.clans[seat]][t.clan_token].code
    where = loc_text(t.place, t.site, t.attacked)
    clan = s.clans[seat]
    if t.faceup:
        return [Event("place", {"clan": clan, "token": t.number, "at": where, "code": code, "faceup": True})]
    return [Event("place", {"clan": clan, "token": t.number, "at": where}),
            Event("place-own", {"clan": clan, "token": t.number, "at": where, "code": code}, frozenset((seat,)))]


def learn(s: RokuganState, seat: int, t: BoardToken, source: str) -> list[Event]:
    """``seat`` secretly looks at board token ``t``."""
    idx = s.tokens.index(t)
    s.tokens[idx] = BoardToken(t.number, t.owner, t.clan_token, t.place, t.site, t.attacked, t.faceup, t.known_by | (1 << seat))
    code = s.code_of(t.owner, t.clan_token)
    s.seen[seat].append(SeenToken(source, t.number, s.clan_of(t.owner), code))
    return [public_event("look", clan=s.clan_of(seat), source=source, token=t.number, owner=s.clan_of(t.owner)),
            private_event(seat, "saw", clan=s.clan_of(seat), source=source, token=t.number, owner=s.clan_of(t.owner), code=code)]


def reveal_and_discard(s: RokuganState, t: BoardToken, source: str) -> list[Event]:
    code = s.code_of(t.owner, t.clan_token)
    s._discard_board_token(t)
    return [public_event("discard", source=source, token=t.number, owner=s.clan_of(t.owner), code=code)]
