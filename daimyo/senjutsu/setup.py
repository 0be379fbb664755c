"""Setup: the battlefield and its terrain, the players' decks and hands, and placing the characters.

Battlefield Setup 2 (terrain pieces placed in turns), Player Setup 7-8 (prepared cards, then the shuffle),
Player Setup 10 (the advantage order), 11-12 (placing the characters) and 13 (dealing the hands).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from daimyo.core.errors import violation
from daimyo.core.game import Event
from daimyo.core.rng import GameKey, generator
from daimyo.senjutsu.cards import CardSet, sample_set
from daimyo.senjutsu.hexgrid import FACINGS, battlefield, distance, hex_text, neighbour
from daimyo.senjutsu.records import PLACE, PREPARE, TERRAIN, TERRAIN_PHASE, Duellist, event, seat_name

if TYPE_CHECKING:
    from daimyo.senjutsu.state import SenjutsuState


def new_game(cls: type[SenjutsuState], characters: list[str], seed: int | GameKey, decks: list[str] | None, board: str,
             terrain: Sequence[tuple[str, Sequence]] | None, cards: CardSet | None, weapons: list[str] | None,
             terrain_pieces: list[str] | None, prepare: bool) -> SenjutsuState:
    """See SenjutsuState.new_game."""
    card_set = cards or sample_set()
    if not 2 <= len(characters) <= 4:
        raise violation("sj.senjutsu_played_by_duellists", "Senjutsu is played by 2 to 4 duellists", "Setup")
    s = cls(card_set=card_set, board_kind=board, board=battlefield(board))
    for kind, hexes in terrain or []:
        add_terrain(s, kind, hexes)
    s.rng = generator(seed)
    for i, ch in enumerate(characters):
        if ch not in card_set.characters:
            raise violation("sj.unknown_character_known", "unknown character '{character}' (known: {known})",
                            "Player Setup", character=ch, known=', '.join(card_set.characters))
        c = card_set.characters[ch]
        deck_id = decks[i] if decks else f"{ch}-sample"
        if deck_id not in card_set.decks or card_set.decks[deck_id].character != ch:
            raise violation("sj.not_a_deck_of", "'{deck}' is not a deck of {character}", "Player Setup", deck=deck_id, character=c.name)
        deck = card_set.decks[deck_id]
        weapon = weapons[i] if weapons else deck.weapon
        if weapon not in c.weapons:
            raise violation("sj.not_a_core_weapon", "'{weapon}' is not a core weapon of {character}", "Player Setup", weapon=weapon, character=c.name)
        d = Duellist(ch, list(deck.cards), [c.core_ability, weapon])
        if not prepare:
            s.rng.shuffle(d.deck)
        s.duellists.append(d)
    # Setup 10: advantage order by the characters' advantage numbers, equal numbers in random order
    keys = {i: (card_set.characters[d.character].advantage, s.rng.next64()) for i, d in enumerate(s.duellists)}
    s.advantage = sorted(range(len(s.duellists)), key=lambda i: keys[i], reverse=True)
    s.preparing = set(range(len(s.duellists))) if prepare else set()
    s.phase = PREPARE if prepare else PLACE
    if terrain_pieces:
        for kind in terrain_pieces:
            if kind not in TERRAIN:
                raise violation("sj.unknown_terrain", "unknown terrain '{terrain}' ({known})", "Terrain", terrain=kind, known=', '.join(TERRAIN))
        s.terrain_left = list(terrain_pieces)
        s.terrain_turn = s.rng.below(len(s.duellists))
        s.phase = TERRAIN_PHASE
    return s


def add_terrain(s: SenjutsuState, kind: str, hexes: Sequence[Any]) -> None:
    """Battlefield Setup 2: a piece of terrain, never within two hexes of terrain placed before."""
    if kind not in TERRAIN:
        raise violation("sj.unknown_terrain", "unknown terrain '{terrain}' ({known})", "Terrain", terrain=kind, known=', '.join(TERRAIN))
    hexes = [tuple(h) for h in hexes]
    if kind == "torii":
        if len(hexes) != 2 or distance(*hexes) != 2 or not any(neighbour(neighbour(hexes[0], d), d) == hexes[1] for d in range(6)):
            raise violation("sj.torii_gate_two_pillar", "a torii gate is two pillar hexes in a line with one free hex between", "Terrain: Torii Gate")
    elif len(hexes) != 1:
        raise violation("sj.covers_one_hex", "{terrain} covers one hex", "Terrain", terrain=kind)
    for h in hexes:
        if h not in s.board:
            raise violation("sj.off_battlefield", "{hex} is not on the battlefield", "Battlefield Setup", hex=hex_text(h))
        if any(distance(h, t) <= 2 for t in s.terrain):
            raise violation("sj.at_within_two_hexes", "{terrain} at {hex} is within two hexes of other terrain",
                            "Battlefield Setup", terrain=kind, hex=hex_text(h))
    for h in hexes:
        s.terrain[h] = kind


# --- Battlefield Setup 2: terrain pieces placed in turns
def terrain_options(s: SenjutsuState) -> list[str]:
    """Battlefield Setup 2: any chosen piece, on hexes not within two hexes of terrain placed before."""
    ok = [h for h in sorted(s.board) if all(distance(h, t) > 2 for t in s.terrain)]
    out = []
    for kind in sorted(set(s.terrain_left)):
        if kind != "torii":
            out += [f"terrain {kind} {hex_text(h)}" for h in ok]
            continue
        okset = set(ok)
        for h in ok:
            for d in range(3):
                far = neighbour(neighbour(h, d), d)
                if far in okset:
                    out.append(f"terrain torii {hex_text(h)} {hex_text(far)}")
    return out


def place_terrain(s: SenjutsuState, seat: int, text: str) -> list[Event]:
    kind, *hexes = text.split()[1:]
    add_terrain(s, kind, [tuple(int(x) for x in h.split(",")) for h in hexes])
    s.terrain_left.remove(kind)
    s.terrain_turn = (s.terrain_turn + 1) % s.n
    out = [event("terrain", seat=seat_name(seat), terrain=kind, hexes=hexes)]
    if not s.terrain_left:
        s.phase = PREPARE if s.preparing else PLACE
    return out


# --- Player Setup 7-8: prepared cards
def prepare_options(s: SenjutsuState, seat: int) -> list[str]:
    """Player Setup 7: prepared cards from the deck, up to the hand limit, never two with the same name."""
    d = s.duellists[seat]
    names = {s.card(c).name for c in d.hand if c not in d.core}
    out = ["prepare done"]
    if len(d.hand) - len(d.core) < s.character(seat).hand_limit:
        out += [f"prepare {c}" for c in sorted(set(d.deck)) if s.card(c).name not in names]
    return out


def prepare(s: SenjutsuState, seat: int, text: str) -> list[Event]:
    cid = text.split()[1]
    if cid == "done":
        s.preparing.discard(seat)
        out = [event("prepared", seat=seat_name(seat))]
        if not s.preparing:   # Player Setup 8: shuffle the rest of each deck
            for d in s.duellists:
                s.rng.shuffle(d.deck)
            s.phase = PLACE
        return out
    d = s.duellists[seat]
    d.deck.remove(cid)
    d.hand.append(cid)
    return [event("prepared-card", {seat}, seat=seat_name(seat), card=cid)]


# --- Player Setup 11-12: placing the characters, lowest advantage first
def next_placer(s: SenjutsuState) -> int | None:
    for i in reversed(s.advantage):
        if s.duellists[i].pos is None:
            return i
    return None


def to_place(s: SenjutsuState) -> tuple[int, ...]:
    nxt = next_placer(s)
    return () if nxt is None else (nxt,)


def placement_options(s: SenjutsuState, seat: int) -> list[str]:
    """Player Setup 11-12: an empty hex not within four hexes of a placed character, else as far as possible."""
    placed = [d.pos for d in s.duellists if d.pos is not None]
    empty = [h for h in sorted(s.board) if h not in s.terrain and h not in placed]
    if placed:
        far = {h: min(distance(h, p) for p in placed) for h in empty}
        ok = [h for h in empty if far[h] > 4]
        if not ok:
            best = max(far.values())
            ok = [h for h in empty if far[h] == best]
        empty = ok
    return [f"place {hex_text(h)} {f}" for h in empty for f in FACINGS]


def place(s: SenjutsuState, seat: int, text: str) -> list[Event]:
    _, h, f = text.split()
    d = s.duellists[seat]
    q, r = h.split(",")
    d.pos, d.facing = (int(q), int(r)), FACINGS.index(f)
    return [event("placed", seat=seat_name(seat), hex=h, facing=f)]


def deal(s: SenjutsuState) -> list[Event]:
    """Player Setup 13: draw up to the hand limit (core cards do not count)."""
    out = []
    for i in s.advantage[::-1]:
        d = s.duellists[i]
        while d.deck and s.hand_count(i) < s.character(i).hand_limit:
            d.hand.append(d.deck.pop(0))
        out.append(event("dealt", {i}, seat=seat_name(i), hand=sorted(c for c in d.hand if c not in d.core)))
    return out


def advance(s: SenjutsuState) -> tuple[list[Event], bool]:
    """Setup on until a player must act; True once every character is placed and the hands are dealt."""
    while True:
        if s.phase == TERRAIN_PHASE:
            if terrain_options(s):
                return [], False
            s.terrain_left = []     # no room for the rest of the pieces
            s.phase = PREPARE if s.preparing else PLACE
            continue
        if s.phase == PREPARE or next_placer(s) is not None:
            return [], False
        return deal(s), True
