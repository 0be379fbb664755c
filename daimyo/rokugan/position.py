"""The position format: any moment of a game as a text file a person can write.

One fact a line, ``key: value`` or ``key subject: value``; ``#`` followed by a
space starts a comment (``#7`` is token number 7). Only ``format`` and ``players`` are required; everything else has a
default (see docs/rokugan-positions.md). Example::

    format: rokugan-position
    players: phoenix scorpion dragon
    phase: placement
    round: 2
    province dragon_2: dragon up=1
    province phoenix_1: phoenix
    token #1: phoenix a1 phoenix_1>dragon_2
    hand dragon: a1 a2 bluff

:func:`to_position` writes every field, so ``to_position(from_position(t))`` is a
canonical form and two states are the same exactly when their positions are.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from daimyo.core.errors import FormatError
from daimyo.core.record import strip_comment
from daimyo.core.rng import KeyedRng, Rng, parse_rng, rng_text
from daimyo.rokugan.board import loc_text, parse_loc
from daimyo.rokugan.bounds import MAX_CARD_MEMO, MAX_CARD_STEP, MAX_POSITION_CHARS, MAX_POSITION_LINES, MAX_SEED, READ_LIMIT, check_size, count
from daimyo.rokugan.cards import CARDS
from daimyo.rokugan.data import RULES, SPECIALS, Rules
from daimyo.rokugan.position_checks import check_position, not_given
from daimyo.rokugan.records import (
    CARD,
    CLAN_ABILITIES,
    DRAGON_RETURN,
    N_PROVINCES,
    OVER,
    PHASES,
    PLACEMENT,
    SCORPION_LOOK,
    SPY_NETWORK,
    UNICORN_SWAP,
    UPKEEP,
    AbilityDecision,
    BoardToken,
    CardDecision,
    Decision,
    SeenHand,
    SeenToken,
)
from daimyo.rokugan.scoring import final_scoring
from daimyo.rokugan.state import FIELDS, RokuganState

FORMAT = "rokugan-position"
# keys that may be given on several lines (one fact each); any other fact is given once
REPEATED_KEYS = ("seen", "pending")
# the lines that carry a game's rules file, as in a record's header (data_variant.header_fields)
VARIANT_KEYS = ("variant", "variant-digest", "variant-rules")
# The fields written one line a player (``hand crab: a1 a2``) and the used/unused flags, from the state's table
SEAT_TEXTS = ("codes", "count", "cards", "objective", "objectives", "yes-no")
SEAT_FIELDS = {f.position_key: f for f in FIELDS if f.text in SEAT_TEXTS}
FLAG_FIELDS = {f.position_key: f for f in FIELDS if f.text == "used"}
SEAT_KEYS = (*SEAT_FIELDS, "seen")
FLAG_KEYS = tuple(FLAG_FIELDS)
#: ``seat_of(clan, where)``: the seat playing ``clan``, else a FormatError naming ``where``
SeatOf = Callable[[str, str], int]


def _yes(v: str, where: str) -> bool:
    if v in ("yes", "true", "used"):
        return True
    if v in ("no", "false", "unused"):
        return False
    raise FormatError(f"{where}: expected yes or no, got '{v}'")


def _int(v: str, where: str) -> int:
    """A count of control tokens, cards or passes: at most four digits here; the rules' own bounds (30 control tokens
    a clan, 2 scouts, ...) are checked once the whole position is read (position_checks.py)."""
    return count(v, where, -READ_LIMIT, READ_LIMIT, "a count of components")


def _generator_line(rng: Rng | KeyedRng) -> str:
    """``seed: N`` for the splitmix64 generator (its state), ``rng: blake2b-keyed <key> <label> <counter>`` for a keyed one."""
    return f"rng: {rng_text(rng)}" if isinstance(rng, KeyedRng) else f"seed: {rng.state}"


def to_position(s: RokuganState) -> str:
    """Write every fact of the state (hidden ones included: this is the referee's file)."""
    c = s.clan_of
    lines = [f"format: {FORMAT}", f"rules: {s.rules_version}"]
    # a game under a rules file carries the file whole, as its record does (``variant:``, ``variant-digest:``,
    # ``variant-rules:``); a standard game's position has none of these lines
    lines += [f"{key}: {value}" for key, value in s.rules.header.items()]
    lines += [f"players: {' '.join(c(p) for p in range(s.n))}",
             f"phase: {s.phase}", f"round: {s.round}", f"first: {c(s.first)}", f"turn: {c(s.turn)}",
             _generator_line(s.rng), f"initiative: {' '.join(s.initiative)}",
             "spaces: " + " ".join(f"{RULES.territory_names[t]}={s.space[t] or '-'}" for t in range(len(s.space))),
             f"played: {' '.join(s.played)}"]
    lines += [f"{key}: {'used' if getattr(s, f.name) else 'unused'}" for key, f in FLAG_FIELDS.items()]
    lines += [f"passes: {s.passes}", f"next-token: {s.next_id}"]
    for p in range(N_PROVINCES):
        if s.owner[p] >= 0 or s.special[p] is not None:
            parts = [c(s.owner[p]) if s.owner[p] >= 0 else "-"]
            if s.owner[p] >= 0:
                parts += [f"up={s.up[p]}", f"down={s.down[p]}"]
            if s.special[p]:
                parts.append(f"special={s.special[p]}")
            lines.append(f"province {RULES.province_names[p]}: {' '.join(parts)}")
    for t in s.tokens:
        words = [c(t.owner), s.code_of(t.owner, t.clan_token), loc_text(t.place, t.site, t.attacked)]
        if t.faceup:
            words.append("faceup")
        others = [c(q) for q in range(s.n) if q != t.owner and (t.known_by >> q) & 1]
        if others:
            words.append("seen=" + ",".join(others))
        lines.append(f"token #{t.number}: {' '.join(words)}")
    for p in range(s.n):
        cl = c(p)
        lines += [f"{key} {cl}: {_WRITE[f.text](s, p, getattr(s, f.name)[p])}" for key, f in SEAT_FIELDS.items()]
        for fact in s.seen[p]:
            lines.append(f"seen {cl}: {_seen_text(s, fact)}")
    for f in s.pending:
        lines.append(f"pending: {_decision_text(s, f)}")
    return "\n".join(lines) + "\n"


def _seen_text(s: RokuganState, fact: SeenToken | SeenHand) -> str:
    if isinstance(fact, SeenHand):
        return f"{SPY_NETWORK} {fact.clan} {','.join(fact.codes)}"
    return f"{fact.source} #{fact.token} {fact.owner} {fact.code}"


def _decision_text(s: RokuganState, decision: Decision) -> str:
    if isinstance(decision, CardDecision):
        memo = ",".join(str(x) for x in decision.memo)
        return f"card {s.clan_of(decision.seat)} {decision.card} step={decision.step} memo={memo}"
    drawn = f" drawn={','.join(decision.tokens)}" if decision.tokens else ""
    return f"{decision.kind.replace('_', '-')} {s.clan_of(decision.seat)}{drawn}"


def from_position(text: str, rules: Rules | None = None) -> RokuganState:
    """Read a position (played under the rules file its ``variant-rules:`` line carries, else under ``rules``, by
    default this process's default rules); a malformed one raises FormatError naming the line and field."""
    check_size(text, MAX_POSITION_CHARS, MAX_POSITION_LINES, "a position")
    entries: list[tuple[int, str, str | None, str]] = []
    where_of: dict[tuple[str, str | None], str] = {}  # where each fact was given: "line 7 (province)"
    for no, raw in enumerate(text.splitlines(), 1):
        line = strip_comment(raw)
        if not line:
            continue
        if ":" not in line:
            raise FormatError(f"line {no}: expected 'key: value', got '{raw.strip()}'")
        key, _, value = line.partition(":")
        kw = key.split()
        if not kw:
            raise FormatError(f"line {no}: missing key before ':'")
        if len(kw) > 2:
            raise FormatError(f"line {no}: expected 'key: value' or 'key subject: value', got '{key.strip()}'")
        fact = (kw[0], kw[1] if len(kw) > 1 else None)
        if fact in where_of and fact[0] not in REPEATED_KEYS:
            first = where_of[fact].split()[1]
            raise FormatError(f"line {no} ({kw[0]}): '{key.strip()}' is given twice (first on line {first}); one fact a line, once")
        where_of[fact] = f"line {no} ({kw[0]})"
        entries.append((no, kw[0], fact[1], value.strip()))
    top = {}
    for no, k, sub, v in entries:
        if sub is None and k not in ("pending",):
            top[k] = (no, v)
    if top.get("format", (0, ""))[1] != FORMAT:
        no = top["format"][0] if "format" in top else (entries[0][0] if entries else 1)
        raise FormatError(f"line {no} (format): a position starts with 'format: {FORMAT}'")
    if "players" not in top:
        raise FormatError(f"line {top['format'][0]} (players): a position needs a 'players:' line naming the clans in seat "
                          "order after its 'format:' line")
    rules = _position_rules(top, rules)
    no, v = top["players"]
    clans = v.split()
    for cl in clans:
        if cl not in rules.clan_names:
            raise FormatError(f"line {no} (players): unknown clan '{cl}'")
    if len(set(clans)) != len(clans) or not 2 <= len(clans) <= 5:
        raise FormatError(f"line {no} (players): 2 to 5 different clans are needed")
    n = len(clans)
    s = RokuganState.new_game(players=n, seed=0, clans=clans, rules=rules)
    seat = {cl: i for i, cl in enumerate(clans)}

    def seat_of(name: str, where: str) -> int:
        if name not in seat:
            raise FormatError(f"{where}: '{name}' is not a clan in this game ({' '.join(clans)})")
        return seat[name]

    # defaults for a placement-phase position
    s.phase = PLACEMENT
    s.round = 1
    s.first = 0
    s.turn = 0
    s.rng = Rng(0)
    s.initiative = []
    s.played = []
    s.first_player_card_used = n == 2
    s.tokens = []
    s.owner = [-1] * N_PROVINCES
    s.up = [0] * N_PROVINCES
    s.down = [0] * N_PROVINCES
    s.special = [None] * N_PROVINCES
    s.hand = [[] for _ in range(n)]
    s.pool = [None] * n  # type: ignore[list-item]  # None: not given by the text (the reader fills it in)
    s.offer = [()] * n
    s.objective = [None] * n
    s.supply = [None] * n  # type: ignore[list-item]  # None: not given by the text (the reader fills it in)
    given_spaces = None
    ronin_given = [False] * n
    known: dict[int, tuple[str, str]] = {}
    for no, k, sub, v in entries:
        where = f"line {no} ({k})"
        if sub is None:
            if k in ("format", "players", *VARIANT_KEYS):
                continue
            if k == "rules":
                if v != s.rules_version:
                    raise FormatError(f"{where}: this engine plays rules version {s.rules_version}, not '{v}'")
            elif k == "phase":
                if v not in PHASES:
                    raise FormatError(f"{where}: unknown phase '{v}' (phases: {' '.join(PHASES)})")
                s.phase = v
            elif k == "round":
                s.round = count(v, where, 0, s.rules.rounds, "round")
            elif k == "first":
                s.first = seat_of(v, where)
            elif k == "turn":
                s.turn = seat_of(v, where)
            elif k == "seed":
                if "rng" in top:
                    raise FormatError(f"{where}: give either 'seed:' or 'rng:', not both")
                s.rng = Rng(count(v, where, 0, MAX_SEED, "the generator's state"))
            elif k == "rng":
                try:
                    s.rng = parse_rng(v, "rng")
                except ValueError as e:
                    raise FormatError(f"{where}: {e}") from None
            elif k == "initiative":
                for card in v.split():
                    if card not in clans and card not in s.rules.neutral_cards:
                        raise FormatError(f"{where}: '{card}' is neither a clan in this game nor a neutral initiative card")
                s.initiative = v.split()
            elif k == "spaces":
                given_spaces = _spaces(s, v, where)
            elif k == "played":
                for card in v.split():
                    if card not in s.rules.cards:
                        raise FormatError(f"{where}: unknown territory card '{card}'")
                s.played = v.split()
            elif k in FLAG_FIELDS:
                setattr(s, FLAG_FIELDS[k].name, _yes(v, where))
            elif k == "passes":
                s.passes = _int(v, where)
            elif k == "next-token":
                s.next_id = count(v, where, -s.rules.max_token_number, s.rules.max_token_number + 1,
                                  "the next token's number (tokens are numbered from #1)")
            elif k == "pending":
                s.pending.append(_decision(s.rules, v, where, seat_of))
            else:
                raise FormatError(f"{where}: unknown key '{k}'")
            continue
        if k == "province":
            if sub not in RULES.province_index:
                raise FormatError(f"{where}: unknown province '{sub}'")
            _province_line(s, RULES.province_index[sub], v, where, seat_of)
        elif k == "token":
            if not re.fullmatch(r"#[0-9]+", sub):
                raise FormatError(f"{where}: write the token number as #7, got '{sub}'")
            number = count(sub[1:], where, 0, s.rules.max_token_number, "a token's number (tokens are numbered from #1 in a game)")
            if number < 1:
                raise FormatError(f"{where}: combat tokens are numbered from #1 in the order they are placed, not '{sub}'")
            if number in known:
                raise FormatError(f"{where}: token #{number} appears twice (also {known[number][1]})")
            known[number] = (v, where)
            where_of[("token", f"#{number}")] = where
        elif k in SEAT_KEYS:
            q = seat_of(sub, where)
            _seat_line(s, k, q, v, where, ronin_given, seat_of)
        else:
            raise FormatError(f"{where}: unknown key '{k}'")
    # tokens on the board (in the order of their numbers)
    for tid in sorted(known):
        v, where = known[tid]
        _token_line(s, tid, v, where, seat_of)
    if s.tokens and ("next-token", None) not in where_of:
        s.next_id = max(s.next_id, max(t.number for t in s.tokens) + 1)
    # combat tokens: give each code a token index; what no list names is in the pool
    for q in range(n):
        _assign_tokens(s, q, where_of)
    for q in range(n):
        on_board = s.control_tokens_on_board(q)
        if s.set_aside[q] < 0:
            raise FormatError(f"{where_of[('set-aside', clans[q])]}: {clans[q]} cannot have {s.set_aside[q]} control tokens set aside")
        if s.supply[q] is None:
            s.supply[q] = s.rules.control_tokens - on_board - s.set_aside[q]
        if s.supply[q] < 0 or s.supply[q] + on_board + s.set_aside[q] != s.rules.control_tokens:
            # the line at fault: the supply or set-aside line if given, else the clan's province lines
            lines = [where_of[f] for f in (("supply", clans[q]), ("set-aside", clans[q])) if f in where_of]
            lines += [where_of[("province", RULES.province_names[p])] for p in s.provinces_of(q)]
            raise FormatError(f"{lines[0] if lines else where_of[('players', None)]}: control tokens of {clans[q]}: {on_board} on the board + "
                              f"{s.set_aside[q]} set aside + {s.supply[q]} in supply is not {s.rules.control_tokens}"
                              + (f" (see {', '.join(x.split(' (')[0] for x in lines[1:])})" if len(lines) > 1 else ""))
        if not ronin_given[q]:
            # Upkeep Phase: a player with no control token on the board becomes ronin as the round starts
            s.ronin[q] = on_board == 0 and s.phase in (UPKEEP, PLACEMENT)
    _count_specials(s, where_of)
    _place_cards(s, given_spaces, where_of)
    check_position(s, where_of)
    if s.phase == OVER:
        final_scoring(s)
    return s


def _position_rules(top: dict[str, tuple[int, str]], rules: Rules | None) -> Rules:
    """The rules a position is read under: the rules file its ``variant-rules:`` line carries (checked against its
    ``variant-digest:``, as a record's is), else ``rules``, by default this process's default rules. A file that
    carries a rules file is refused under other rules given by the caller."""
    from daimyo.rokugan.data_variant import default_rules, variant_named

    if "variant-rules" not in top:
        for key in ("variant", "variant-digest"):
            if key in top:
                raise FormatError(f"line {top[key][0]} ({key}): needs the rules file itself on a 'variant-rules:' line")
        return rules if rules is not None else default_rules()
    no, canonical = top["variant-rules"]
    if "variant-digest" not in top:
        raise FormatError(f"line {no} (variant-rules): needs its 'variant-digest:' line")
    variant = variant_named(canonical, top["variant-digest"][1], f"line {no} (variant-rules)")
    if "variant" in top and top["variant"][1] != variant.name:
        raise FormatError(f"line {top['variant'][0]} (variant): the rules file is named '{variant.name}', "
                          f"not '{top['variant'][1]}'")
    if rules is None:
        return variant.rules
    if rules.header.get("variant-digest") != variant.digest:
        raise FormatError(f"line {no} (variant-rules): the position is of the rules file '{variant.name}', not of the "
                          "rules it is read under")
    return rules


def _count_specials(s: RokuganState, where_of: dict) -> None:
    """The special tokens left in the pile; more of a kind on the board than the game has is refused at the province
    line that goes past the count (Components: special tokens)."""
    s.specials_left = dict(s.rules.special_supply)
    for p in sorted(range(N_PROVINCES), key=lambda p: _line_no(where_of.get(("province", RULES.province_names[p])))):
        sp = s.special[p]
        if sp:
            s.specials_left[sp] -= 1
            if s.specials_left[sp] < 0:
                raise FormatError(f"{where_of[('province', RULES.province_names[p])]}: special={sp}: more {sp} tokens on the "
                                  f"board than the game has ({s.rules.special_supply[sp]}) [Components]")


def _line_no(where: str | None) -> int:
    """The number in ``line 7 (province)``; 0 for a fact no line gave."""
    return int(where.split()[1]) if where else 0


def _place_cards(s: RokuganState, given_spaces: dict | None, where_of: dict) -> None:
    """Territory cards: held, played or on the board's spaces, each in one place; the spaces default to the first
    card of each territory no card of which is held or played."""
    places: dict[str, list[str]] = {}  # each card held or played: the lines that say so
    for q, clan in enumerate(s.clans):
        for c in s.cards[q]:
            places.setdefault(c, []).append(where_of[("cards", clan)])
    for c in s.played:
        places.setdefault(c, []).append(where_of[("played", None)])
    for c, lines in places.items():
        if len(lines) > 1:
            lines = sorted(lines, key=_line_no)
            also = f" (also {lines[0].split(' (')[0]})" if lines[0] != lines[-1] else ""
            raise FormatError(f"{lines[-1]}: territory card '{c}' is in more than one place{also}; each card is held, "
                              "played or under its territory's space [Setup 2. Randomize Territory Cards]")
    spaces_line = where_of.get(("spaces", None)) or not_given(where_of, "spaces")
    s.space = [None] * len(RULES.territory_names)
    for t, name in enumerate(RULES.territory_names):
        cs = s.rules.territory_cards[t]
        held = [c for c in cs if c in places]
        if given_spaces is not None and name in given_spaces:
            s.space[t] = given_spaces[name]
            if s.space[t] is not None and s.space[t] not in cs:
                raise FormatError(f"{spaces_line}: '{s.space[t]}' is not a card of territory {name}")
        elif not held:
            s.space[t] = cs[0]
        if s.space[t] is not None and held:
            raise FormatError(f"{spaces_line}: territory {name} has a card on its space and '{held[0]}' held or played "
                              f"({places[held[0]][0].split(' (')[0]}); one card of each territory is in the game "
                              "[Setup 2. Randomize Territory Cards]")
        if len(held) > 1:
            lines = sorted((places[c][0] for c in held), key=_line_no)
            also = f", also {lines[0].split(' (')[0]}" if lines[0] != lines[-1] else ""
            raise FormatError(f"{lines[-1]}: both cards of territory {name} are in the game ('{held[0]}' and '{held[1]}'"
                              f"{also}); one card of each territory is placed under its space and "
                              "the other returned to the box [Setup 2. Randomize Territory Cards]")
        if s.space[t] is None and not held:
            raise FormatError(f"{spaces_line}: territory {name} has no card on its space and none held or played; one card "
                              "of each territory is in the game [Setup 2. Randomize Territory Cards]")


def _spaces(s: RokuganState, v: str, where: str) -> dict:
    out = {}
    for item in v.split():
        t, _, c = item.partition("=")
        if t not in RULES.territory_index:
            raise FormatError(f"{where}: unknown territory '{t}'")
        if c != "-" and c not in s.rules.cards:
            raise FormatError(f"{where}: unknown territory card '{c}'")
        out[t] = None if c == "-" else c
    return out


def _province_line(s: RokuganState, p: int, v: str, where: str, seat_of: SeatOf) -> None:
    words = v.split()
    if not words:
        raise FormatError(f"{where}: expected an owner clan or '-'")
    owner = -1 if words[0] == "-" else seat_of(words[0], where)
    up = down = None
    fields = set()
    for w in words[1:]:
        key, _, val = w.partition("=")
        if key in fields:
            raise FormatError(f"{where}: '{key}=' is given twice; a province holds one special token and one count of each face")
        fields.add(key)
        if key == "up":
            up = _int(val, where)
        elif key == "down":
            down = _int(val, where)
        elif key == "special":
            if val not in SPECIALS:
                raise FormatError(f"{where}: unknown special token '{val}' (special tokens: {' '.join(SPECIALS)})")
            s.special[p] = val
        else:
            raise FormatError(f"{where}: unknown field '{key}' (up=, down=, special=)")
    if owner >= 0:
        if up is None and down is None:
            down = 1
        up, down = up or 0, down or 0
        if up + down == 0 or up < 0 or down < 0:
            raise FormatError(f"{where}: a controlled province holds at least one control token")
        s.owner[p], s.up[p], s.down[p] = owner, up, down
    elif up or down:
        raise FormatError(f"{where}: control tokens need an owner clan")
    if s.special[p] == "scorched_earth" and owner >= 0:
        raise FormatError(f"{where}: a province with scorched earth cannot be controlled")


def _token_line(s: RokuganState, tid: int, v: str, where: str, seat_of: SeatOf) -> None:
    words = v.split()
    if len(words) < 3:
        raise FormatError(f"{where}: expected '<clan> <code> <place> [faceup] [seen=clan,...]'")
    q = seat_of(words[0], where)
    code = words[1]
    toks = s.rules.clan_tokens[s.clans[q]]
    if code not in {t.code for t in toks}:
        raise FormatError(f"{where}: {s.clans[q]} has no combat token '{code}'")
    try:
        loc = parse_loc(words[2])
    except FormatError as e:
        raise FormatError(f"{where}: {e}") from None
    faceup, mask = False, 1 << q
    for w in words[3:]:
        if w == "faceup":
            faceup = True
        elif w.startswith("seen="):
            for cl in w[5:].split(","):
                mask |= 1 << seat_of(cl, where)
        else:
            raise FormatError(f"{where}: unknown word '{w}' (faceup, seen=clan,...)")
    kind = next(t.kind for t in toks if t.code == code)
    if (kind == "blessing") != (loc[0] == "o"):
        raise FormatError(f"{where}: blessings (and only blessings) stand on another token (#n)")
    if kind == "blessing":
        faceup = True
    if any(t.number == tid for t in s.tokens):
        raise FormatError(f"{where}: token #{tid} appears twice")
    # the token index is fixed later (_assign_tokens); keep the code for now
    s.tokens.append(BoardToken(tid, q, code, loc[0], loc[1], loc[2], faceup, mask))  # type: ignore[arg-type]  # a code until _assign_tokens


def _codes(s: RokuganState, q: int, v: str, where: str) -> list[str]:
    toks = {t.code for t in s.rules.clan_tokens[s.clans[q]]}
    out = v.split()
    for c in out:
        if c not in toks:
            raise FormatError(f"{where}: {s.clans[q]} has no combat token '{c}'")
    return out


def _cards(s: RokuganState, q: int, v: str, where: str) -> list[str]:
    for c in v.split():
        if c not in s.rules.cards:
            raise FormatError(f"{where}: unknown territory card '{c}'")
    return v.split()


def _objective(s: RokuganState, q: int, v: str, where: str) -> str | None:
    if v != "-" and v not in s.rules.objectives:
        raise FormatError(f"{where}: unknown objective '{v}'")
    return None if v == "-" else v


def _objectives(s: RokuganState, q: int, v: str, where: str) -> tuple:
    for o in v.split():
        if o not in s.rules.objectives:
            raise FormatError(f"{where}: unknown objective '{o}'")
    return tuple(v.split())


# how each kind of per-player text is written and read (the kinds are the ``text`` of the state's fields)
_WRITE = {
    "codes": lambda s, p, v: " ".join(s.code_of(p, x) for x in v), "count": lambda s, p, v: str(v),
    "cards": lambda s, p, v: " ".join(v), "objective": lambda s, p, v: v or "-",
    "objectives": lambda s, p, v: " ".join(v), "yes-no": lambda s, p, v: "yes" if v else "no",
}
_READ = {
    "codes": _codes, "count": lambda s, q, v, where: _int(v, where), "cards": _cards, "objective": _objective,
    "objectives": _objectives, "yes-no": lambda s, q, v, where: _yes(v, where),
}


def _seat_line(s: RokuganState, k: str, q: int, v: str, where: str, ronin_given: list[bool], seat_of: SeatOf) -> None:
    if k in SEAT_FIELDS:
        f = SEAT_FIELDS[k]
        getattr(s, f.name)[q] = _READ[f.text](s, q, v, where)
        if k == "ronin":
            ronin_given[q] = True
    elif k == "seen":
        w = v.split()
        if len(w) == 3 and w[0] == SPY_NETWORK:
            s.seen[q].append(SeenHand(SPY_NETWORK, seat_of(w[1], where), w[1], tuple(w[2].split(","))))
        elif len(w) == 4 and w[1].startswith("#"):
            s.seen[q].append(SeenToken(w[0], count(w[1][1:], where, 1, s.rules.max_token_number, "a token's number"), w[2], w[3]))
        else:
            raise FormatError(f"{where}: expected 'SOURCE #n CLAN CODE' or 'spy-network CLAN codes'")


def _assign_tokens(s: RokuganState, q: int, where_of: dict) -> None:
    """Turn the codes of every list into token indices; the pool gets what no list names."""
    toks = s.rules.clan_tokens[s.clans[q]]
    free: dict[str, list[int]] = {}
    for i, t in enumerate(toks):
        free.setdefault(t.code, []).append(i)
    clan = s.clans[q]

    def take(code: Any, where: str) -> int:  # a code the reader put where a token index will be
        if not free.get(code):
            raise FormatError(f"{where}: {clan} has more '{code}' tokens than the game gives it ({toks_count(code)})")
        return free[code].pop(0)

    def toks_count(code: Any) -> int:
        return sum(1 for t in toks if t.code == code)

    def line(key: str) -> str:
        return where_of.get((key, clan)) or not_given(where_of, key, clan)

    for i, bt in enumerate(s.tokens):
        if bt.owner == q:
            s.tokens[i] = BoardToken(bt.number, bt.owner, take(bt.clan_token, where_of[("token", f"#{bt.number}")]), bt.place,
                                     bt.site, bt.attacked, bt.faceup, bt.known_by)
    s.hand[q] = [take(c, line("hand")) for c in s.hand[q]]
    s.discard[q] = [take(c, line("discard")) for c in s.discard[q]]
    s.out[q] = [take(c, line("out")) for c in s.out[q]]
    if s.pool[q] is None:
        s.pool[q] = [i for lst in free.values() for i in lst if i != s.rules.bluff_index]
        s.pool[q].sort()
        if s.rules.bluff_index in free.get("bluff", []):
            raise FormatError(f"{line('hand')}: {clan}'s bluff is nowhere: put it in the hand, on the board or out")
    else:
        s.pool[q] = [take(c, line("pool")) for c in s.pool[q]]
        left = [c for c, lst in free.items() for _ in lst]
        if left:
            raise FormatError(f"{line('pool')}: {len(left)} combat tokens of {clan} are nowhere ({' '.join(sorted(left))}); "
                              f"each clan has {len(toks)}")


_ABILITY_CLAN = {DRAGON_RETURN: "dragon", SCORPION_LOOK: "scorpion", UNICORN_SWAP: "unicorn"}


def _decision(rules: Rules, v: str, where: str, seat_of: SeatOf) -> Decision:
    w = v.split()
    if len(w) < 2:
        raise FormatError(f"{where}: expected 'pending: KIND CLAN ...'")
    kind = w[0].replace("-", "_")
    q = seat_of(w[1], where)
    if kind in CLAN_ABILITIES:
        clan = _ABILITY_CLAN[kind]
        if w[1] != clan:
            raise FormatError(f"{where}: {w[0]} is the {clan.capitalize()} clan's ability, not {w[1]}'s")
        drawn: tuple = ()
        for x in w[2:]:
            key, _, val = x.partition("=")
            if kind != DRAGON_RETURN or key != "drawn" or not val:
                raise FormatError(f"{where}: unknown field '{x}'" + (" (drawn=CODE,...)" if kind == DRAGON_RETURN else ""))
            if val.count(",") > rules.hand_size:
                raise FormatError(f"{where}: Dragon draws at most {rules.hand_size + 1} tokens in an upkeep")
            drawn = tuple(val.split(","))
        return AbilityDecision(kind, q, drawn)
    if kind == CARD:
        if len(w) < 3 or w[2] not in CARDS:
            raise FormatError(f"{where}: expected 'pending: card CLAN CARD step=N memo=...'")
        step = 0
        memo: tuple[int, ...] = ()
        for x in w[3:]:
            key, _, val = x.partition("=")
            if key == "step":
                step = count(val, where, 0, MAX_CARD_STEP, "a card's step")
            elif key == "memo":
                if val.count(",") >= MAX_CARD_MEMO:
                    raise FormatError(f"{where}: a card being resolved remembers at most {MAX_CARD_MEMO} things")
                memo = tuple(count(m, where, 0, rules.max_token_number, "a card's memo") for m in val.split(",") if m)
            else:
                raise FormatError(f"{where}: unknown field '{key}'")
        return CardDecision(CARD, q, w[2], step, memo)
    raise FormatError(f"{where}: unknown pending decision '{w[0]}' (dragon-return, scorpion-look, unicorn-swap, card)")
