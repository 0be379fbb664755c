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
from daimyo.senjutsu.cards import COPIES, DECK_SIZE, KAMAE, MAX_GOLD, MAX_JADE, Card, CardSet, Character, sample_set
from daimyo.senjutsu.harm import check_defeat
from daimyo.senjutsu.hexgrid import FACINGS, battlefield, hex_text, parse_hex
from daimyo.senjutsu.state import CHOOSE, FOCUS_CAP, HOBBLE_TURNS, POSITION_FIELDS, STATUS_SUPPLY, TERRAIN_PIECES, Duellist, SenjutsuState, seat_name

FORMAT = "senjutsu-position"
_SEAT = re.compile(r"^p([1-4]) (character|hand|deck|discard)$")
_HEAD = ("format", "rules", "board", "seed", "rng", "turn", "terrain", "advantage", "poison", "instant-used")
# the fields of a character line: the duellist's fields declared for positions (state.Duellist), then the weapon
# (the core weapon card) and the deck the 'rest' of the deck comes from
CHARACTER_FIELDS = tuple(name for _, name in POSITION_FIELDS) + ("weapon", "deck")
_WRITE = {"pos": hex_text, "facing": lambda f: FACINGS[f], "hobbles": lambda h: _hobbles(h)}
# whole-file bounds, checked before anything is read: a position is a header and four lines a seat (with room for
# comments); a written one is about 2,000 characters
MAX_POSITION_CHARS = 64_000
MAX_POSITION_LINES = 400
_WHOLE = re.compile(r"-?[0-9]{1,20}")
_HEX = re.compile(r"(-?[0-9]{1,3}),(-?[0-9]{1,3})")
_U64 = 1 << 64


class PositionError(FormatError):
    """A position refused: ``lineno`` is the line it names (the message starts ``line N:``), ``detail`` the rest."""

    def __init__(self, lineno: int, detail: str):
        self.lineno, self.detail = lineno, detail
        super().__init__(f"line {lineno}: {detail}")


def _whole(no: int, fld: str, text: str, lo: int, hi: int, why: str = "") -> int:
    """A whole number from ``lo`` to ``hi`` (its digits checked before it is converted)."""
    if not _WHOLE.fullmatch(text) or not lo <= int(text) <= hi:
        raise PositionError(no, f"field '{fld}': a whole number from {lo} to {hi}{why}, got '{text[:30]}'")
    return int(text)


def from_position(text: str, cards: CardSet | None = None) -> SenjutsuState:
    """Build the state a position file describes; every mistake is a PositionError (a FormatError) naming its line
    and field, and every count is bounded by the rules before anything is built from it."""
    cs = cards or sample_set()
    if not isinstance(text, str):
        raise PositionError(1, f"a position is text, got {type(text).__name__}")
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError(text.count("\n", 0, MAX_POSITION_CHARS) + 1,
                            f"a position has at most {MAX_POSITION_CHARS} characters")
    lines = text.splitlines()
    if len(lines) > MAX_POSITION_LINES:
        raise PositionError(MAX_POSITION_LINES + 1, f"a position has at most {MAX_POSITION_LINES} lines")
    head: dict[str, tuple[int, str]] = {}
    seats: dict[int, dict[str, tuple[int, str]]] = {}
    last = 1
    for no, raw in enumerate(lines, 1):
        line = strip_comment(raw)
        if not line:
            continue
        last = no
        key, sep, val = line.partition(":")
        if not sep:
            raise PositionError(no, f"expected 'key: value', got '{line[:60]}'")
        key, val = key.strip(), val.strip()
        m = _SEAT.match(key)
        where = seats.setdefault(int(m.group(1)) - 1, {}) if m else head
        name = m.group(2) if m else key
        if not m and key not in _HEAD:
            raise PositionError(no, f"unknown field '{key[:40]}'")
        if name in where:
            raise PositionError(no, f"field '{key}': given twice (first on line {where[name][0]})")
        where[name] = (no, val)
    if "format" not in head:
        raise PositionError(1, f"field 'format': missing; a position starts with 'format: {FORMAT}'")
    if head["format"][1] != FORMAT:
        raise PositionError(head["format"][0], f"field 'format': expected {FORMAT}")
    if "rules" in head and head["rules"][1] != SenjutsuState.rules_version:
        raise PositionError(head["rules"][0], f"field 'rules': this engine plays rules version {SenjutsuState.rules_version}")
    n = len(seats)
    for i in sorted(seats):
        if i > 0 and i - 1 not in seats:
            raise PositionError(min(no for no, _ in seats[i].values()), f"seat {seat_name(i)} without {seat_name(i - 1)}: "
                                "seats are p1, p2 and so on in order (Setup: 2 to 4 characters)")
    if n < 2:
        raise PositionError(last, "a position has seats p1, p2 (up to p4), each with a 'character' line (Setup: 2 to 4 characters)")

    board_kind = head.get("board", (0, "one"))[1]
    try:
        s = SenjutsuState(card_set=cs, board_kind=board_kind, board=battlefield(board_kind))
    except ValueError as e:
        raise PositionError(head["board"][0], f"field 'board': {e}") from None
    if "terrain" in head:
        _terrain(s, *head["terrain"])
    if "rng" in head:
        if "seed" in head:
            raise PositionError(head["seed"][0], "field 'seed': give either 'seed:' or 'rng:', not both")
        no, val = head["rng"]
        if any(len(w) > 64 for w in val.split()):
            raise PositionError(no, "field 'rng': a key is 64 hex digits, a label and a counter are shorter")
        try:
            s.rng = parse_rng(val, "rng")
        except ValueError as e:
            raise PositionError(no, str(e)) from None
        if isinstance(s.rng, KeyedRng) and s.rng.counter >= _U64:
            raise PositionError(no, "field 'rng': the counter (the words drawn so far) is below 2^64")
    else:
        s.rng = Rng(_whole(head["seed"][0], "seed", head["seed"][1], 0, _U64 - 1) if "seed" in head else 0)
    for i in range(n):
        s.duellists.append(_duellist(s, cs, i, seats[i]))
    # Draw: no card goes back into a deck, one is drawn each turn, and a draw from an empty deck deals a wound, so a
    # duel reaches no turn past a deck's forty cards and the largest wound limit at the table
    most = DECK_SIZE + max(cs.characters[d.character].wound_limit for d in s.duellists)
    s.turn = _whole(head["turn"][0], "turn", head["turn"][1], 1, most, " (Draw: 40 cards, then a wound each turn)") if "turn" in head else 1
    names = [seat_name(i) for i in range(n)]
    if "advantage" in head:
        no, val = head["advantage"]
        order = val.split()
        if sorted(order) != sorted(names):
            raise PositionError(no, "field 'advantage': list every seat once, top of the tracker first")
        s.advantage = [int(x[1:]) - 1 for x in order]
    else:
        s.advantage = sorted(range(n), key=lambda i: -cs.characters[s.duellists[i].character].advantage)
    if "poison" in head:
        no, val = head["poison"]
        if val not in names:
            raise PositionError(no, "field 'poison': a seat such as p1 (Poison: one poison card)")
        s.poison_holder = int(val[1:]) - 1
    if "instant-used" in head:   # Instant Cards: these seats already played their single Instant card this turn
        no, val = head["instant-used"]
        used = val.split()
        if any(x not in names for x in used) or len(set(used)) != len(used):
            raise PositionError(no, "field 'instant-used': seats such as p1 p2, each once (Instant Cards: one a turn)")
        s.instants_used = {int(x[1:]) - 1 for x in used}
    seen: dict[tuple | None, int] = {}
    for i, d in enumerate(s.duellists):
        no = seats[i]["character"][0]
        if d.pos in s.terrain:
            raise PositionError(no, f"field 'hex': {hex_text(d.placed_at)} is not an empty battlefield hex (terrain there)")
        if d.pos in seen:
            raise PositionError(no, f"field 'hex': {hex_text(d.placed_at)} is {seat_name(seen[d.pos])}'s hex; two characters "
                                "never share a hex (Moving into Another Character)")
        seen[d.pos] = i
    s.phase, s.stage = CHOOSE, "choose"
    for i in range(n):
        check_defeat(s, i)
    return s


def parse_terrain(val: str) -> list[tuple[str, list]]:
    """A terrain line's pieces (``rock 0,0; torii -2,3 0,2``), no more of a kind than the box holds (Components);
    a ValueError naming the piece otherwise. Where they may lie is Battlefield Setup 2's (``add_terrain``)."""
    out: list[tuple[str, list]] = []
    kinds: Counter[str] = Counter()
    for piece in filter(None, (p.strip() for p in val.split(";"))):
        kind, *hexes = piece.split()
        kinds[kind] += 1
        if kinds[kind] > TERRAIN_PIECES.get(kind, 0):
            raise ValueError(too_many(kind, kinds[kind]))
        if len(hexes) > 2 or not all(_HEX.fullmatch(h) for h in hexes):
            raise ValueError(f"'{piece[:40]}' is a kind of terrain and its hex (two for a torii gate), such as rock 0,0")
        out.append((kind, [parse_hex(h) for h in hexes]))
    return out


def too_many(kind: str, n: int) -> str:
    """Why ``n`` pieces of terrain ``kind`` are refused (Components)."""
    if kind not in TERRAIN_PIECES:
        return f"unknown terrain '{kind[:20]}' ({', '.join(TERRAIN_PIECES)})"
    return f"{n} pieces of {kind}; the box has {TERRAIN_PIECES[kind]} (Components)"


def _terrain(s: SenjutsuState, no: int, val: str) -> None:
    """The terrain line: pieces the box holds, each laid as Battlefield Setup 2 allows."""
    try:
        for kind, hexes in parse_terrain(val):
            s.add_terrain(kind, hexes)
    except (ValueError, RuleViolation) as e:
        raise PositionError(no, f"field 'terrain': {e}") from None


def _duellist(s: SenjutsuState, cs: CardSet, i: int, lines: dict) -> Duellist:
    name = seat_name(i)
    if "character" not in lines:
        raise PositionError(min(no for no, _ in lines.values()), f"{name}: missing '{name} character:' line")
    no, val = lines["character"]
    ch_id, *pairs = val.split() or [""]
    if ch_id not in cs.characters:
        raise PositionError(no, f"field 'character': unknown character '{ch_id[:40]}'")
    ch = cs.characters[ch_id]
    fields = {}
    for p in pairs:
        k, eq, v = p.partition("=")
        if not eq or k not in CHARACTER_FIELDS:
            raise PositionError(no, f"'{p[:40]}' is not a field=value of a character ({', '.join(CHARACTER_FIELDS)})")
        if k in fields:
            raise PositionError(no, f"field '{k}': given twice")
        fields[k] = v
    deck_id = fields.get("deck", f"{ch_id}-sample")
    if deck_id not in cs.decks:
        raise PositionError(no, f"field 'deck': unknown deck '{deck_id[:40]}'")
    deck = cs.decks[deck_id]
    weapon = fields.get("weapon", deck.weapon)
    if weapon not in ch.weapons:
        raise PositionError(no, f"field 'weapon': '{weapon[:40]}' is not a core weapon of {ch.name}")
    d = Duellist(ch_id, [], [ch.core_ability, weapon])
    if "hex" not in fields:
        raise PositionError(no, "field 'hex': missing")
    m = _HEX.fullmatch(fields["hex"])
    if not m or (int(m.group(1)), int(m.group(2))) not in s.board:
        raise PositionError(no, f"field 'hex': '{fields['hex'][:20]}' is not a hex of the battlefield (write q,r such as 0,-2)")
    d.pos = (int(m.group(1)), int(m.group(2)))
    if fields.get("facing", "n") not in FACINGS:
        raise PositionError(no, f"field 'facing': one of {', '.join(FACINGS)}")
    d.facing = FACINGS.index(fields.get("facing", "n"))
    if fields.get("kamae", "neutral") not in KAMAE:
        raise PositionError(no, f"field 'kamae': one of {', '.join(KAMAE)}")
    d.kamae = fields.get("kamae", "neutral")
    d.focus = _whole(no, "focus", fields.get("focus", "0"), 0, FOCUS_CAP, " (Focus: at most three)")
    # Winning the Game: a character with wounds (bleeding wounds count) at its wound limit, or stuns at its hand size,
    # is defeated, and a position holds undefeated characters only
    d.wounds = _whole(no, "wounds", fields.get("wounds", "0"), 0, ch.wound_limit - 1, f" (Wounds: {ch.name}'s wound limit is {ch.wound_limit})")
    d.bleeding = _whole(no, "bleeding", fields.get("bleeding", "0"), 0, ch.wound_limit - 1 - d.wounds,
                        f" (Bleeding Wound: counts as a wound; {ch.name}'s wound limit is {ch.wound_limit}, {d.wounds} wounds)")
    d.stuns = _whole(no, "stuns", fields.get("stuns", "0"), 0, ch.hand_limit - 1, f" (Stun: {ch.name}'s hand size is {ch.hand_limit})")
    hob = fields.get("hobbles", "-")
    parts = [] if hob == "-" else hob.split(",")
    if len(parts) > STATUS_SUPPLY:
        raise PositionError(no, f"field 'hobbles': at most {STATUS_SUPPLY} (Components: {STATUS_SUPPLY} status cards)")
    d.hobbles = [_whole(no, "hobbles", x, 0, HOBBLE_TURNS - 1, " quarter turns a hobble has made (Hobble)") for x in parts]
    hand = lines.get("hand", (no, ""))[1].split()
    discard = lines.get("discard", (no, ""))[1].split()
    dno, dval = lines.get("deck", (no, "rest"))
    tokens = dval.split()
    top = tokens[:-1] if tokens[-1:] == ["rest"] else tokens
    # Deck Construction: every non-core card a character holds (hand, deck, discard) is one of its forty
    held: Counter[str] = Counter()
    ranks: Counter[str | None] = Counter()
    for at, where, items in sorted([(lines.get("hand", (no,))[0], "hand", hand), (dno, "deck", top),
                                    (lines.get("discard", (no,))[0], "discard", [c.lstrip("~") for c in discard])]):
        if len(items) > DECK_SIZE:
            raise PositionError(at, f"field '{where}': {len(items)} cards; a character has {DECK_SIZE} ability cards (Deck Construction)")
        for c in items:
            if c not in cs.cards:
                raise PositionError(at, f"field '{where}': unknown card '{c[:40]}'")
            card = cs.cards[c]
            if card.core:
                raise PositionError(at, f"field '{where}': core card '{c}' is always in hand; do not list it")
            _deck_rules(at, where, ch, card, held, ranks)
    d.hand = [ch.core_ability, weapon] + hand
    d.discard = [(c.lstrip("~"), c.startswith("~")) for c in discard]
    if tokens[-1:] == ["rest"]:   # the named deck's other copies, shuffled with the seed, up to forty cards in all
        below = sorted((Counter(deck.cards) - held).elements())
        s.rng.shuffle(below)
        below = below[:DECK_SIZE - held.total()]
        for c in below:
            _deck_rules(dno, "deck", ch, cs.cards[c], held, ranks)
        top = top + below
    d.deck = top
    return d


def _deck_rules(no: int, where: str, ch: Character, card: Card, held: Counter, ranks: Counter) -> None:
    """Deck Construction (Guidelines): count ``card`` among those a character holds (``held`` by id, ``ranks`` by
    rank), and refuse what no deck of forty can hold."""
    held[card.id] += 1
    ranks[card.rank] += 1
    if held.total() > DECK_SIZE:
        raise PositionError(no, f"field '{where}': more than {DECK_SIZE} ability cards in {ch.name}'s hand, deck and discard pile (Deck Construction)")
    if held[card.id] > COPIES[card.rank]:
        raise PositionError(no, f"field '{where}': {held[card.id]} copies of {card.rank} card '{card.id}' in {ch.name}'s hand, deck and "
                            f"discard pile; a deck holds at most {COPIES[card.rank]} (Deck Construction Guidelines: {str(card.rank).title()})")
    for rank, most in (("gold", MAX_GOLD), ("jade", MAX_JADE)):
        if card.rank == rank and ranks[rank] > most:
            raise PositionError(no, f"field '{where}': more than {most} {rank} cards in {ch.name}'s hand, deck and discard pile "
                                f"(Deck Construction Guidelines: {rank.title()})")
    if card.signature and card.signature != ch.id:
        raise PositionError(no, f"field '{where}': '{card.id}' is a signature card of '{card.signature}', not of {ch.id} "
                            "(Basic Ability Cards and Signature Ability Cards)")


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
