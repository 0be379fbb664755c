"""Duel positions as text a person can write (docs/senjutsu-notation.md).

A position is the state at the Choose step of a turn (cards drawn, nothing chosen yet)::

    format: senjutsu-position
    rules: 1
    board: one
    seed: 7                               # or: rng: blake2b-keyed <64 hex digits> <label> <counter>
    turn: 3
    terrain: rock 0,0; torii -2,3 0,2
    advantage: p2 p1                      # top of the tracker first
    poison: p1                            # optional: who holds the poison card
    instant-used: p2                      # optional: seats that played an Instant card before Choose this turn

    p1 character: kaze hex=0,2 facing=n kamae=neutral focus=1 wounds=2 bleeding=1 hobbles=0,2 stuns=1 weapon=kaze-katana
                                          # hobbles: quarter turns each hobble has made, '-' for none
    p1 hand: quick-cut lunge              # core cards are always in hand and are not listed
    p1 deck: t-atk5 rest                  # top first; 'rest': the deck's other cards, shuffled with the seed
    p1 discard: heavy-chop ~still-water   # ~ marks a face-down card
"""

from __future__ import annotations

import re
from collections import Counter

from daimyo.core.errors import FormatError, RuleViolation
from daimyo.core.record import strip_comment
from daimyo.core.rng import KeyedRng, Rng, parse_rng, rng_text
from daimyo.senjutsu.cards import KAMAE, CardSet, sample_set
from daimyo.senjutsu.harm import check_defeat
from daimyo.senjutsu.hexgrid import FACINGS, battlefield, hex_text, parse_hex
from daimyo.senjutsu.state import CHOOSE, POSITION_FIELDS, Duellist, SenjutsuState, seat_name

FORMAT = "senjutsu-position"
_SEAT = re.compile(r"^p([1-4]) (character|hand|deck|discard)$")
# the fields of a character line: the duellist's fields declared for positions (state.Duellist), then the weapon
# (the core weapon card) and the deck the 'rest' of the deck comes from
CHARACTER_FIELDS = tuple(name for _, name in POSITION_FIELDS) + ("weapon", "deck")
_WRITE = {"pos": hex_text, "facing": lambda f: FACINGS[f], "hobbles": lambda h: _hobbles(h)}


def from_position(text: str, cards: CardSet | None = None) -> SenjutsuState:
    """Build the state a position file describes; every mistake is a FormatError naming the line and field."""
    cs = cards or sample_set()
    head: dict[str, tuple[int, str]] = {}
    seats: dict[int, dict[str, tuple[int, str]]] = {}
    for no, raw in enumerate(text.splitlines(), 1):
        line = strip_comment(raw)
        if not line:
            continue
        key, sep, val = line.partition(":")
        if not sep:
            raise FormatError(f"line {no}: expected 'key: value', got '{line}'")
        key, val = key.strip(), val.strip()
        m = _SEAT.match(key)
        if m:
            seats.setdefault(int(m.group(1)) - 1, {})[m.group(2)] = (no, val)
        elif key in ("format", "rules", "board", "seed", "rng", "turn", "terrain", "advantage", "poison", "instant-used"):
            head[key] = (no, val)
        else:
            raise FormatError(f"line {no}: unknown field '{key}'")
    if "format" not in head:
        raise FormatError(f"line 1: field 'format': missing; a position starts with 'format: {FORMAT}'")
    if head["format"][1] != FORMAT:
        raise FormatError(f"line {head['format'][0]}: field 'format': expected {FORMAT}")
    if "rules" in head and head["rules"][1] != SenjutsuState.rules_version:
        raise FormatError(f"line {head['rules'][0]}: field 'rules': this engine plays rules version {SenjutsuState.rules_version}")
    n = len(seats)
    if not 2 <= n <= 4 or sorted(seats) != list(range(n)):
        raise FormatError("a position has seats p1, p2 (up to p4), each with a 'character' line")

    def num(key, default):
        if key not in head:
            return default
        try:
            return int(head[key][1])
        except ValueError:
            raise FormatError(f"line {head[key][0]}: field '{key}': expected a whole number") from None

    board_kind = head.get("board", (0, "one"))[1]
    try:
        s = SenjutsuState(card_set=cs, board_kind=board_kind, board=battlefield(board_kind))
    except ValueError as e:
        raise FormatError(f"line {head['board'][0]}: field 'board': {e}") from None
    if "terrain" in head:
        no, val = head["terrain"]
        for piece in filter(None, (p.strip() for p in val.split(";"))):
            kind, *hexes = piece.split()
            try:
                s.add_terrain(kind, [parse_hex(h) for h in hexes])
            except (ValueError, RuleViolation) as e:
                raise FormatError(f"line {no}: field 'terrain': {e}") from None
    if "rng" in head:
        if "seed" in head:
            raise FormatError(f"line {head['seed'][0]}: field 'seed': give either 'seed:' or 'rng:', not both")
        try:
            s.rng = parse_rng(head["rng"][1], "rng")
        except ValueError as e:
            raise FormatError(f"line {head['rng'][0]}: {e}") from None
    else:
        s.rng = Rng(num("seed", 0))
    s.turn = num("turn", 1)
    for i in range(n):
        s.duellists.append(_duellist(s, cs, i, seats[i]))
    if "advantage" in head:
        no, val = head["advantage"]
        names = val.split()
        if sorted(names) != sorted(seat_name(i) for i in range(n)):
            raise FormatError(f"line {no}: field 'advantage': list every seat once, top of the tracker first")
        s.advantage = [int(x[1:]) - 1 for x in names]
    else:
        s.advantage = sorted(range(n), key=lambda i: -cs.characters[s.duellists[i].character].advantage)
    if "poison" in head:
        no, val = head["poison"]
        if val not in [seat_name(i) for i in range(n)]:
            raise FormatError(f"line {no}: field 'poison': a seat such as p1")
        s.poison_holder = int(val[1:]) - 1
    if "instant-used" in head:   # Instant Cards: these seats already played their single Instant card this turn
        no, val = head["instant-used"]
        for name in val.split():
            if name not in [seat_name(i) for i in range(n)]:
                raise FormatError(f"line {no}: field 'instant-used': seats such as p1 p2")
            s.instants_used.add(int(name[1:]) - 1)
    placed = [d.pos for d in s.duellists]
    if len(set(placed)) != n:
        raise FormatError("two characters share a hex")
    for i, d in enumerate(s.duellists):
        if d.pos not in s.board or d.pos in s.terrain:
            raise FormatError(f"line {seats[i]['character'][0]}: field 'hex': {hex_text(d.placed_at)} is not an empty battlefield hex")
    s.phase, s.stage = CHOOSE, "choose"
    for i in range(n):
        check_defeat(s, i)
    return s


def _duellist(s, cs: CardSet, i: int, lines: dict) -> Duellist:
    name = seat_name(i)
    if "character" not in lines:
        raise FormatError(f"{name}: missing '{name} character:' line")
    no, val = lines["character"]
    ch_id, *pairs = val.split()
    if ch_id not in cs.characters:
        raise FormatError(f"line {no}: field 'character': unknown character '{ch_id}'")
    ch = cs.characters[ch_id]
    fields = {}
    for p in pairs:
        k, eq, v = p.partition("=")
        if not eq or k not in CHARACTER_FIELDS:
            raise FormatError(f"line {no}: '{p}' is not a field=value of a character ({', '.join(CHARACTER_FIELDS)})")
        fields[k] = v
    deck_id = fields.get("deck", f"{ch_id}-sample")
    if deck_id not in cs.decks:
        raise FormatError(f"line {no}: field 'deck': unknown deck '{deck_id}'")
    deck = cs.decks[deck_id]
    weapon = fields.get("weapon", deck.weapon)
    if weapon not in ch.weapons:
        raise FormatError(f"line {no}: field 'weapon': '{weapon}' is not a core weapon of {ch.name}")
    d = Duellist(ch_id, [], [ch.core_ability, weapon])
    try:
        d.pos = parse_hex(fields["hex"])
    except KeyError:
        raise FormatError(f"line {no}: field 'hex': missing") from None
    except ValueError as e:
        raise FormatError(f"line {no}: field 'hex': {e}") from None
    if fields.get("facing", "n") not in FACINGS:
        raise FormatError(f"line {no}: field 'facing': one of {', '.join(FACINGS)}")
    d.facing = FACINGS.index(fields.get("facing", "n"))
    if fields.get("kamae", "neutral") not in KAMAE:
        raise FormatError(f"line {no}: field 'kamae': one of {', '.join(KAMAE)}")
    d.kamae = fields.get("kamae", "neutral")
    try:
        d.focus = int(fields.get("focus", 0))
        d.wounds = int(fields.get("wounds", 0))
        d.bleeding = int(fields.get("bleeding", 0))
        d.stuns = int(fields.get("stuns", 0))
        hob = fields.get("hobbles", "-")
        d.hobbles = [] if hob == "-" else [int(x) for x in hob.split(",")]
    except ValueError:
        raise FormatError(f"line {no}: focus, wounds, bleeding, stuns are whole numbers; hobbles '-' or quarter turns such as 0,2") from None
    if any(not 0 <= h < 4 for h in d.hobbles):
        raise FormatError(f"line {no}: field 'hobbles': each hobble has made 0 to 3 quarter turns")
    if not 0 <= d.focus <= 3:
        raise FormatError(f"line {no}: field 'focus': 0 to 3")
    for name in ("wounds", "bleeding", "stuns"):
        if getattr(d, name) < 0:
            raise FormatError(f"line {no}: field '{name}': a whole number of at least 0, got {getattr(d, name)}")
    hand = lines.get("hand", (no, ""))[1].split()
    discard = lines.get("discard", (no, ""))[1].split()
    for where, items in (("hand", hand), ("discard", [c.lstrip("~") for c in discard])):
        for c in items:
            if c not in cs.cards:
                raise FormatError(f"line {lines.get(where, (no,))[0]}: field '{where}': unknown card '{c}'")
            if cs.cards[c].core:
                raise FormatError(f"line {lines.get(where, (no,))[0]}: field '{where}': core card '{c}' is always in hand; do not list it")
    d.hand = [ch.core_ability, weapon] + hand
    d.discard = [(c.lstrip("~"), c.startswith("~")) for c in discard]
    dno, dval = lines.get("deck", (no, "rest"))
    used = Counter(hand) + Counter(c for c, _ in d.discard)
    whole = Counter(deck.cards)
    # a position may hold any cards of the card set; 'rest' fills the deck with the named deck's other copies
    tokens = dval.split()
    top = tokens[:-1] if tokens[-1:] == ["rest"] else tokens
    for c in top:
        if c not in cs.cards or cs.cards[c].core:
            raise FormatError(f"line {dno}: field 'deck': '{c}' is not a non-core card")
    if tokens[-1:] == ["rest"]:
        below = sorted((whole - used - Counter(top)).elements())
        s.rng.shuffle(below)
        top = top + below
    d.deck = top
    return d


def to_position(s: SenjutsuState) -> str:
    """Write a state at the Choose step (nothing chosen yet) as a position; the deck order is written out in full."""
    if s.phase != CHOOSE or s.chosen:
        raise ValueError("a position is written at the Choose step, before anyone has chosen")
    lines = [f"format: {FORMAT}", f"rules: {s.rules_version}", f"board: {s.board_kind}",
             f"rng: {rng_text(s.rng)}" if isinstance(s.rng, KeyedRng) else f"seed: {s.rng.state}", f"turn: {s.turn}"]
    if s.terrain:
        pieces, seen = [], set()
        for h, k in sorted(s.terrain.items()):
            if h in seen:
                continue
            if k == "torii":
                other = next((g for g, kk in s.terrain.items() if kk == "torii" and g != h and g not in seen), None)
                assert other is not None  # a torii gate is a pair of pieces (Terrain)
                seen.update({h, other})
                pieces.append(f"torii {hex_text(h)} {hex_text(other)}")
            else:
                pieces.append(f"{k} {hex_text(h)}")
        lines.append("terrain: " + "; ".join(pieces))
    lines.append("advantage: " + " ".join(seat_name(i) for i in s.advantage))
    if s.poison_holder is not None:
        lines.append(f"poison: {seat_name(s.poison_holder)}")
    if s.instants_used:
        lines.append("instant-used: " + " ".join(seat_name(i) for i in sorted(s.instants_used)))
    lines.append("")
    for i, d in enumerate(s.duellists):
        if d.defeated:
            raise ValueError("a position holds undefeated characters only")
        n = seat_name(i)
        values = " ".join(f"{key}={_WRITE.get(name, str)(getattr(d, name))}" for name, key in POSITION_FIELDS)
        lines.append(f"{n} character: {d.character} {values} weapon={d.core[1]}")
        lines.append(f"{n} hand: " + " ".join(c for c in d.hand if c not in d.core))
        lines.append(f"{n} deck: " + " ".join(d.deck))
        lines.append(f"{n} discard: " + " ".join(("~" if down else "") + c for c, down in d.discard))
    return "\n".join(lines) + "\n"


def _hobbles(h: list[int]) -> str:
    """Hobbles as the quarter turns each has made (``0,2``), or ``-`` for none."""
    return ",".join(str(x) for x in h) if h else "-"
