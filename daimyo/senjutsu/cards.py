"""Cards, characters, Kamae trees and decks read from data files (docs/senjutsu-cards.md), checked on load.

Every problem is a FormatError naming the file, the card (or character or deck) and the field;
deck construction rules (Deck Construction) name the card and the rule broken.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn

from daimyo.core.errors import FormatError
from daimyo.senjutsu.hexgrid import RELATIVE

TYPES = ("defence", "attack", "meditation")  # also the tie order (Resolve); core cards come after them
CORE_KINDS = ("ability", "weapon")
RANKS = ("wood", "steel", "gold", "jade")
KAMAE = ("neutral", "aggression", "balance", "determination")
CELL_EFFECTS = ("target", "wound", "wound2", "bleeding", "execution", "asterisk", "hobble", "stun", "poison", "advantage")
STEP_KINDS = ("forward", "front", "any")
KEYWORD_EFFECTS = ("push", "pull", "rotate_target", "discard", "swap", "cancel_active", "search", "advantage", "gain_focus", "draw",
                   "change", "switch")
TARGETED_EFFECTS = ("push", "pull", "rotate_target", "discard", "swap", "cancel_active")   # act on the Targeted character(s)
CANCEL_KINDS = ("card", "movement")    # cancel_active: the whole active card, or only its active movement (FAQ: Cancel Active)
# Turn Timing Sequence: 1 'At Start of Turn', 2 pre-draw, 4 after the draw (before Choose); and the Discard step
WHEN = ("start-of-turn", "pre-draw", "post-draw", "end-of-turn")
# when a plain Instant card can be played (Instant Cards: "each card explains when it can be played")
INSTANT_TIMINGS = ("start-of-turn", "post-draw", "after-reveal", "when-attacked", "end-of-turn")
LINE_EFFECTS = ("move", "attack", "block") + KEYWORD_EFFECTS + ("or",)
DECK_SIZE = 40
COPIES: dict[str | None, int] = {"wood": 3, "steel": 2, "gold": 1, "jade": 1}
TOP_FIELDS = ("format", "cards", "characters", "decks", "comment", "$schema")   # $schema: for editors
MAX_GOLD = 8
MAX_JADE = 1
# the bounds of a card file, checked before it is parsed (as the server bounds a WebSocket message's JSON): its size,
# how deep its lists and objects nest (the format itself needs 8; an '-OR-' line inside another adds 2) and how many
# digits a number may have (every number in the format is below 100)
MAX_CARD_FILE = 256_000
MAX_DEPTH = 16
MAX_DIGITS = 6
SCHEMA_FILE = "cards.schema.json"   # the JSON Schema of a card file, for editors (data/cards.schema.json)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    type: str
    rank: str | None
    initiative: tuple[int, int]           # (high, low); equal for a fixed speed
    lines: tuple[dict, ...]
    keywords: tuple[str, ...] = ()
    focus: int = 0
    kamae: str | None = None
    alt: dict | None = None               # {"initiative": n, "kamae": k} or {"initiative": n, "focus": c}
    instant: str | None = None            # replacement | additional | instant
    play: str | None = None               # a plain Instant card: when it can be played (INSTANT_TIMINGS)
    condition: str | None = None          # attack-successful | block-successful (instant additional)
    split: dict | None = None             # {"initiative": n, "line": index of the first line below the dividing line}
    asterisk: tuple[dict, ...] = ()
    signature: str | None = None
    core: str | None = None               # ability | weapon
    text: str = ""

    @property
    def variable(self) -> bool:
        return self.initiative[0] != self.initiative[1]

    def tie_rank(self) -> int:
        """Tie order (Resolve): defence, attack, meditation, then core."""
        return 3 if self.core else TYPES.index(self.type)


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    advantage: int
    hand_limit: int
    wound_limit: int
    positions: tuple[str, ...]
    branches: tuple[tuple[str, str, bool], ...]   # (from, to, gives focus)
    core_ability: str
    weapons: tuple[str, ...]

    def moves_from(self, kamae: str) -> list[tuple[str, bool]]:
        return [(b, f) for a, b, f in self.branches if a == kamae]


@dataclass(frozen=True)
class Deck:
    id: str
    character: str
    weapon: str
    cards: tuple[str, ...]        # the 40 ability cards, with repeats


@dataclass
class CardSet:
    cards: dict[str, Card] = field(default_factory=dict)
    characters: dict[str, Character] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    _instants: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def card(self, cid: str) -> Card:
        return self.cards[cid]

    def instant_ids(self, when: str) -> frozenset[str]:
        """The ids of the Instant cards played at timing ``when`` (Instant Cards), worked out once for each timing
        (again if cards were added since)."""
        known = self._instants.get(when)
        if known is None or known[0] != len(self.cards):
            ids = frozenset(cid for cid, c in self.cards.items() if c.instant == "instant" and c.play == when)
            known = self._instants[when] = (len(self.cards), ids)
        return known[1]


def _show(v: object) -> str:
    """A value as an error shows it: its repr, cut short (a refused value may be a whole file)."""
    text = repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _err(where: str, what: str, fld: str, msg: str) -> FormatError:
    text = f"{where}: {what}, field '{fld}': {msg}"
    return FormatError(text if len(text) <= 400 else text[:397] + "...")


class _NumberTooLong(Exception):
    """A number in a card file with more than MAX_DIGITS digits (raised by the JSON reader's number hooks)."""


def _number(text: str, kind: Callable[[str], float] = int) -> float:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NumberTooLong(text)
    return kind(text)


def _constant(text: str) -> NoReturn:
    raise _NumberTooLong(text)   # NaN, Infinity and -Infinity are not JSON numbers


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def _nesting(text: str) -> tuple[int, int]:
    """How deep the lists and objects of a JSON text nest (strings skipped), and the line where MAX_DEPTH is passed
    (0 when it is not): counted without parsing, so no reader recursion can run out of stack."""
    bare = _STRING.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    level = deepest = 0
    for m in _BRACKETS.finditer(bare):
        level += 1 if m.group(0) in "[{" else -1
        if level > deepest:
            deepest = level
            if deepest > MAX_DEPTH:
                return deepest, bare.count("\n", 0, m.start()) + 1
    return deepest, 0


def read_json(where: str, text: object) -> Any:
    """A card file's JSON text as Python values, within the bounds above; anything else is a FormatError naming the
    file (and the line where the text breaks a bound or stops being JSON). Never raises anything but FormatError."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise FormatError(f"{where}: not UTF-8 text (byte {e.start})") from None
    if not isinstance(text, str):
        raise FormatError(f"{where}: a card file is JSON text, got {type(text).__name__}")
    if len(text) > MAX_CARD_FILE:
        raise FormatError(f"{where}: line {text.count(chr(10), 0, MAX_CARD_FILE) + 1}: a card file has at most "
                          f"{MAX_CARD_FILE} characters; this one has {len(text)}")
    _, line = _nesting(text)
    if line:
        raise FormatError(f"{where}: line {line}: lists and objects nest deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, parse_int=_number, parse_float=lambda t: _number(t, float), parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise FormatError(f"{where}: not JSON: line {e.lineno}, column {e.colno}: {e.msg}") from None
    except _NumberTooLong as e:
        shown = str(e) if len(str(e)) <= 20 else str(e)[:17] + "..."
        raise FormatError(f"{where}: the number {shown} is not allowed: numbers in a card file have at most "
                          f"{MAX_DIGITS} digits (no NaN or Infinity)") from None
    except RecursionError:   # not reached after the nesting bound above; a clear error all the same
        raise FormatError(f"{where}: lists and objects nest deeper than {MAX_DEPTH} levels") from None


def _int(v: object, where: str, what: str, fld: str, lo: int = 0, hi: int = 20) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise _err(where, what, fld, f"expected a whole number from {lo} to {hi}, got {_show(v)}")
    return v


def _str(v: object, where: str, what: str, fld: str) -> str:
    if not isinstance(v, str) or not v:
        raise _err(where, what, fld, f"expected a non-empty string, got {_show(v)}")
    return v


def _strings(v: object, where: str, what: str, fld: str) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise _err(where, what, fld, f"expected a list of strings, got {_show(v)}")
    return tuple(v)


def _close(word: object, known: Iterable[object]) -> str:
    """' (did you mean 'x'?)' when ``word`` is close to one of ``known``; '' otherwise."""
    import difflib

    if not isinstance(word, str):
        return ""
    near = difflib.get_close_matches(word, [k for k in known if isinstance(k, str)], n=1, cutoff=0.6)
    return f" (did you mean '{near[0]}'?)" if near else ""


def _name(d: dict, kind: str) -> str:
    """How an error names a card, character or deck: its id when that is a string."""
    cid = d.get("id")
    return f"{kind} '{cid[:60]}'" if isinstance(cid, str) else f"{kind} '?'"


def _check_fields(d: dict, known: Iterable[str], needed: Iterable[str], where: str, what: str) -> None:
    """An unknown field first (a misspelt one is named as written, with the nearest field), then a missing one."""
    unknown = sorted(k for k in d if k not in known)
    if unknown:
        raise _err(where, what, str(unknown[0])[:60], f"unknown field{_close(unknown[0], known)}")
    for k in needed:
        if k not in d:
            raise _err(where, what, k, "missing")


def _check_effects(effects: object, where: str, what: str, fld: str) -> None:
    if not isinstance(effects, list) or not effects:
        raise _err(where, what, fld, "expected a non-empty list of effects")
    for e in effects:
        if e not in CELL_EFFECTS:
            raise _err(where, what, fld, f"unknown effect '{e}' (one of {', '.join(CELL_EFFECTS)})")


def _check_cell(path: object, where: str, what: str, fld: str) -> None:
    parts = path.split("+") if isinstance(path, str) else [None]
    if any(p not in RELATIVE for p in parts):
        raise _err(where, what, fld, f"'{path}' is not a grid cell (relative directions {', '.join(RELATIVE)} joined by +)")


def _check_line(line: object, where: str, what: str, fld: str) -> None:
    if not isinstance(line, dict):
        raise _err(where, what, fld, f"a line is an object, got {_show(line)}")
    others = ("kamae", "focus", "if", "mandatory", "then", "counter", "text", "when", "range")
    unknown = set(line) - set(LINE_EFFECTS) - set(others)
    if unknown:
        bad = sorted(map(str, unknown))
        raise _err(where, what, fld, f"unknown effect or key '{bad[0]}'{_close(bad[0], LINE_EFFECTS + others)} "
                                     f"(effects: {', '.join(LINE_EFFECTS)}; other keys: {', '.join(others)})")
    effects = [k for k in LINE_EFFECTS if k in line]
    if len(effects) != 1:
        raise _err(where, what, fld, f"a line has exactly one effect of {', '.join(LINE_EFFECTS)}; found {effects or 'none'}")
    if "kamae" in line and line["kamae"] not in KAMAE:
        raise _err(where, what, fld + ".kamae", f"unknown Kamae {_show(line['kamae'])} (one of {', '.join(KAMAE)})")
    if "focus" in line:
        _int(line["focus"], where, what, fld + ".focus", 1, 3)
    if "range" in line:
        if not any(k in line for k in TARGETED_EFFECTS):
            raise _err(where, what, fld + ".range", f"a range goes on an attack, or on {', '.join(TARGETED_EFFECTS)}")
        _int(line["range"], where, what, fld + ".range", 1, 12)
    if "when" in line and line["when"] not in WHEN:
        raise _err(where, what, fld + ".when", f"'{line['when']}' is not a timing (one of {', '.join(WHEN)})")
    if "if" in line and line["if"] != "successful":
        raise _err(where, what, fld + ".if", "the only condition is 'successful'")
    for flag in ("mandatory", "then"):
        if flag in line and not isinstance(line[flag], bool):
            raise _err(where, what, f"{fld}.{flag}", f"write true or false, got {_show(line[flag])}")
    if "text" in line and not isinstance(line["text"], str):
        raise _err(where, what, fld + ".text", f"free text is a string, got {_show(line['text'])}")
    if "counter" in line and "block" not in line:
        raise _err(where, what, fld + ".counter", "countered speeds go on a block line")
    kind = effects[0]
    v = line[kind]
    f = f"{fld}.{kind}"
    if kind == "move":
        if not isinstance(v, list) or not v:
            raise _err(where, what, f, "a list of parts such as {\"step\": \"front\", \"n\": 1} or {\"rotate\": 1}")
        for part in v:
            if not isinstance(part, dict) or not (set(part) <= {"step", "n", "rotate"}):
                raise _err(where, what, f, f"bad movement part {_show(part)}")
            if "step" in part:
                if part["step"] not in STEP_KINDS:
                    raise _err(where, what, f, f"step direction '{part['step']}' is not one of {', '.join(STEP_KINDS)}")
                _int(part.get("n", 1), where, what, f + ".n", 1, 3)
            elif "rotate" in part:
                _int(part["rotate"], where, what, f + ".rotate", 1, 3)
            else:
                raise _err(where, what, f, f"bad movement part {_show(part)}")
    elif kind == "attack":
        if not isinstance(v, dict):
            raise _err(where, what, f, "an attack is an object with 'grid', or 'range'/'lower' and 'effects'")
        if "grid" in v:
            if not isinstance(v["grid"], dict) or not v["grid"]:
                raise _err(where, what, f + ".grid", "a grid maps cells such as \"F+F\" to lists of effects")
            for cell, effs in v["grid"].items():
                _check_cell(cell, where, what, f + ".grid")
                _check_effects(effs, where, what, f"{f}.grid.{cell}")
        else:
            _check_effects(v.get("effects"), where, what, f + ".effects")
            if "range" in v:
                _int(v["range"], where, what, f + ".range", 1, 12)
            elif not v.get("lower"):
                raise _err(where, what, f, "an attack without a grid needs a range or 'lower': true")
    elif kind == "block":
        if not isinstance(v, list) or not v:
            raise _err(where, what, f, "a block is a list of cells")
        for cell in v:
            _check_cell(cell, where, what, f)
        counter = line.get("counter", [])
        if not isinstance(counter, list):
            raise _err(where, what, fld + ".counter", f"a list of countered speeds such as [5, 6], got {_show(counter)}")
        for s in counter:
            _int(s, where, what, fld + ".counter", 0, 12)
    elif kind == "switch":
        if v not in KAMAE[1:] + ("any",):
            raise _err(where, what, f, f"switch to one of {', '.join(KAMAE[1:])} or any")
    elif kind == "or":
        if not isinstance(v, list) or len(v) < 2:
            raise _err(where, what, f, "'or' lists two or more lines")
        for i, sub in enumerate(v):
            _check_line(sub, where, what, f"{f}[{i}]")
    elif kind in ("swap", "advantage"):
        if v is not True:
            raise _err(where, what, f, "write true")
    elif kind == "cancel_active":
        if v not in CANCEL_KINDS:
            raise _err(where, what, f, f"cancel_active is one of {', '.join(CANCEL_KINDS)}")
    elif kind == "search":
        if not isinstance(v, dict) or set(v) - {"top"}:
            raise _err(where, what, f, "search is an object, optionally {\"top\": n}")
        if "top" in v:
            _int(v["top"], where, what, f + ".top", 1, DECK_SIZE)
    else:
        _int(v, where, what, f, 1, 6)


def _parse_card(d: dict, where: str, index: int = 0) -> Card:
    if not isinstance(d, dict):
        raise FormatError(f"{where}: cards[{index}]: every card is an object, got {_show(d)}")
    what = _name(d, "card")
    known = ("id", "name", "type", "rank", "initiative", "lines", "keywords", "focus", "kamae", "alt", "instant", "condition",
             "split", "asterisk", "signature", "core", "text", "play")
    _check_fields(d, known, ("id", "name", "type", "initiative", "lines"), where, what)
    for k in ("id", "name"):
        _str(d[k], where, what, k)
    for k in ("signature", "kamae", "text"):
        if d.get(k) is not None and not isinstance(d[k], str):
            raise _err(where, what, k, f"expected a string, got {_show(d[k])}")
    keywords = _strings(d.get("keywords", []), where, what, "keywords")
    if d["type"] not in TYPES:
        raise _err(where, what, "type", f"'{d['type']}' is not one of {', '.join(TYPES)}")
    core = d.get("core")
    if core is not None and core not in CORE_KINDS:
        raise _err(where, what, "core", "ability or weapon")
    rank = d.get("rank")
    if core is None and rank not in RANKS:
        raise _err(where, what, "rank", f"'{rank}' is not one of {', '.join(RANKS)}")
    init = d["initiative"]
    if isinstance(init, list):
        if len(init) != 2:
            raise _err(where, what, "initiative", "a variable initiative is [high, low]")
        hi, lo = (_int(x, where, what, "initiative", 1, 12) for x in init)
        if hi <= lo:
            raise _err(where, what, "initiative", "write the higher speed first")
        initiative = (hi, lo)
    else:
        v = _int(init, where, what, "initiative", 0, 12)
        initiative = (v, v)
    if not isinstance(d["lines"], list):
        raise _err(where, what, "lines", "a list of lines")
    for i, line in enumerate(d["lines"]):
        _check_line(line, where, what, f"lines[{i}]")
    if not isinstance(d.get("asterisk", []), list):
        raise _err(where, what, "asterisk", f"a list of lines, got {_show(d['asterisk'])}")
    for i, line in enumerate(d.get("asterisk", [])):
        _check_line(line, where, what, f"asterisk[{i}]")
    focus = _int(d.get("focus", 0), where, what, "focus", 0, 3)
    if d.get("kamae") is not None and d["kamae"] not in KAMAE:
        raise _err(where, what, "kamae", f"unknown Kamae {_show(d['kamae'])} (one of {', '.join(KAMAE)})")
    alt = d.get("alt")
    if alt is not None:
        if not isinstance(alt, dict) or "initiative" not in alt or (("kamae" in alt) == ("focus" in alt)):
            raise _err(where, what, "alt", "an alternative speed is {\"initiative\": n, \"kamae\": k} or {\"initiative\": n, \"focus\": c}")
        _int(alt["initiative"], where, what, "alt.initiative", 0, 12)
        if "kamae" in alt and alt["kamae"] not in KAMAE:
            raise _err(where, what, "alt.kamae", f"unknown Kamae {_show(alt['kamae'])} (one of {', '.join(KAMAE)})")
        if "focus" in alt:
            _int(alt["focus"], where, what, "alt.focus", 1, 3)
    instant = d.get("instant")
    if instant not in (None, "replacement", "additional", "instant"):
        raise _err(where, what, "instant", "replacement, additional or instant")
    play = d.get("play")
    if instant == "instant":
        if play not in INSTANT_TIMINGS:
            raise _err(where, what, "play", f"an Instant card names when it can be played: one of {', '.join(INSTANT_TIMINGS)}")
        if core is not None or d.get("split") or any("when" in ln for ln in d["lines"]):
            raise _err(where, what, "instant", "an Instant card resolves at once in its entirety: no core, split or 'when' lines")
    elif play is not None:
        raise _err(where, what, "play", "only an Instant card (\"instant\": \"instant\") has a 'play' timing")
    if instant == "additional" and any("when" in ln for ln in d["lines"]):
        raise _err(where, what, "instant", "an instant additional card resolves at once after the card it follows: no "
                                           "'when' lines")
    if d.get("condition") not in (None, "attack-successful", "block-successful") or (d.get("condition") and instant != "additional"):
        raise _err(where, what, "condition", "attack-successful or block-successful, on an instant additional card")
    split = d.get("split")
    if split is not None:
        if not isinstance(split, dict) or set(split) != {"initiative", "line"}:
            raise _err(where, what, "split", "{\"initiative\": n, \"line\": index}")
        _int(split["initiative"], where, what, "split.initiative", 0, 12)
        _int(split["line"], where, what, "split.line", 1, len(d["lines"]) - 1 if len(d["lines"]) > 1 else 1)
    return Card(id=d["id"], name=d["name"], type=d["type"], rank=rank, initiative=initiative, lines=tuple(d["lines"]),
                keywords=keywords, focus=focus, kamae=d.get("kamae"), alt=alt, instant=instant, play=play,
                condition=d.get("condition"), split=split, asterisk=tuple(d.get("asterisk", ())),
                signature=d.get("signature"), core=core, text=d.get("text", ""))


def _parse_character(d: dict, where: str, index: int = 0) -> Character:
    if not isinstance(d, dict):
        raise FormatError(f"{where}: characters[{index}]: every character is an object, got {_show(d)}")
    what = _name(d, "character")
    needed = ("id", "name", "advantage", "hand_limit", "wound_limit", "kamae", "core_ability", "weapons")
    _check_fields(d, (*needed, "text"), needed, where, what)
    for k in ("id", "name", "core_ability"):
        _str(d[k], where, what, k)
    kt = d["kamae"]
    if not isinstance(kt, dict) or set(kt) != {"branches"} or not isinstance(kt["branches"], list):
        raise _err(where, what, "kamae", "a Kamae tree is {\"branches\": [[from, to, focus], ...]}")
    branches = []
    for i, b in enumerate(kt["branches"]):
        f = f"kamae.branches[{i}]"
        if not (isinstance(b, list) and len(b) == 3):
            raise _err(where, what, f, f"bad branch {_show(b)} (write [from, to, gives_focus])")
        for side, v in (("from", b[0]), ("to", b[1])):
            if v not in KAMAE:
                raise _err(where, what, f, f"unknown Kamae {_show(v)} as '{side}'{_close(v, KAMAE)} (one of {', '.join(KAMAE)})")
        if not isinstance(b[2], bool):
            raise _err(where, what, f, f"gives_focus is true or false, got {_show(b[2])}")
        if b[0] == b[1]:
            raise _err(where, what, f, f"a branch joins two different Kamae, got '{b[0]}' to itself")
        branches.append(tuple(b))
    if not _strings(d["weapons"], where, what, "weapons"):
        raise _err(where, what, "weapons", "a non-empty list of core weapon card ids")
    return Character(id=d["id"], name=d["name"], advantage=_int(d["advantage"], where, what, "advantage", 0, 99),
                     hand_limit=_int(d["hand_limit"], where, what, "hand_limit", 1, 12),
                     wound_limit=_int(d["wound_limit"], where, what, "wound_limit", 1, 30),
                     positions=KAMAE, branches=tuple(branches), core_ability=d["core_ability"], weapons=tuple(d["weapons"]))


def check_deck(deck_id: str, character: Character, weapon: str, counts: dict[str, int], cards: dict[str, Card], where: str = "deck") -> None:
    """Deck Construction: 40 ability cards, rank limits, signature cards of this character only, core cards apart."""
    what = f"deck '{deck_id}'"
    if weapon not in character.weapons:
        raise _err(where, what, "weapon", f"'{weapon}' is not one of {character.name}'s core weapon options (Deck Construction)")
    for cid in (weapon, character.core_ability):
        if cid not in cards or not cards[cid].core:
            raise _err(where, what, "weapon", f"'{cid}' is not a known core card{_close(cid, [k for k, c in cards.items() if c.core])}")
    total = gold = jade = 0
    for cid, n in counts.items():
        if cid not in cards:
            raise _err(where, what, "cards", f"unknown card '{cid}'{_close(cid, cards)}")
        c = cards[cid]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise _err(where, what, f"cards.{cid}", f"expected a whole number of copies, at least 1, got {_show(n)}")
        if c.core:
            raise _err(where, what, f"cards.{cid}", f"card '{cid}' is a core card; core cards are not part of the forty (Deck Construction)")
        if c.signature and c.signature != character.id:
            raise _err(where, what, f"cards.{cid}", f"card '{cid}' is a signature card of '{c.signature}', not of {character.id} "
                       "(Basic Ability Cards and Signature Ability Cards)")
        if n > COPIES[c.rank]:
            raise _err(where, what, f"cards.{cid}", f"{n} copies of {c.rank} card '{cid}'; at most {COPIES[c.rank]} (Deck Construction Guidelines)")
        total += n
        gold += n if c.rank == "gold" else 0
        jade += n if c.rank == "jade" else 0
    if gold > MAX_GOLD:
        raise _err(where, what, "cards", f"{gold} gold cards; at most {MAX_GOLD} (Deck Construction Guidelines: Gold)")
    if jade > MAX_JADE:
        raise _err(where, what, "cards", f"{jade} jade cards; at most {MAX_JADE} (Deck Construction Guidelines: Jade)")
    if total != DECK_SIZE:
        raise _err(where, what, "cards", f"{total} ability cards; a deck has {DECK_SIZE} (Deck Construction)")


def load_data(texts: list[tuple[str, str]], base: CardSet | None = None) -> CardSet:
    """Read card files given as (name, JSON text), adding to ``base``; a later file may not redefine an id."""
    cs = CardSet(dict(base.cards), dict(base.characters), dict(base.decks)) if base else CardSet()
    raw_decks = []
    origin: dict[str, str] = {}   # the file each card and character of ``texts`` came from, for the checks below
    for where, text in texts:
        doc = read_json(where, text)
        if not isinstance(doc, dict) or doc.get("format") != "senjutsu-cards":
            raise FormatError(f"{where}: field 'format': a card file starts with \"format\": \"senjutsu-cards\"")
        unknown = set(doc) - set(TOP_FIELDS)
        if unknown:
            first = sorted(unknown)[0]
            raise FormatError(f"{where}: unknown top-level field(s) {sorted(unknown)}{_close(first, TOP_FIELDS)}")
        for part in ("cards", "characters", "decks"):
            if not isinstance(doc.get(part, []), list):
                raise FormatError(f"{where}: field '{part}': a list of objects, got {_show(doc[part])}")
        for i, d in enumerate(doc.get("cards", [])):
            c = _parse_card(d, where, i)
            if c.id in cs.cards:
                raise _err(where, f"card '{c.id}'", "id", "defined twice")
            cs.cards[c.id] = c
            origin["card " + c.id] = where
        for i, d in enumerate(doc.get("characters", [])):
            ch = _parse_character(d, where, i)
            if ch.id in cs.characters:
                raise _err(where, f"character '{ch.id}'", "id", "defined twice")
            cs.characters[ch.id] = ch
            origin["character " + ch.id] = where
        raw_decks += [(where, i, d) for i, d in enumerate(doc.get("decks", []))]
    for cid, c in cs.cards.items():
        if c.signature is not None and c.signature not in cs.characters:
            raise _err(origin.get("card " + cid, "cards"), f"card '{cid}'", "signature",
                       f"unknown character '{c.signature}'{_close(c.signature, cs.characters)}")
    for ch in cs.characters.values():
        at = origin.get("character " + ch.id, "characters")
        if ch.core_ability not in cs.cards or cs.cards[ch.core_ability].core != "ability":
            raise _err(at, f"character '{ch.id}'", "core_ability", f"'{ch.core_ability}' is not a core ability card"
                       f"{_close(ch.core_ability, [k for k, c in cs.cards.items() if c.core == 'ability'])}")
        for w in ch.weapons:
            if w not in cs.cards or cs.cards[w].core != "weapon":
                raise _err(at, f"character '{ch.id}'", "weapons", f"'{w}' is not a core weapon card"
                           f"{_close(w, [k for k, c in cs.cards.items() if c.core == 'weapon'])}")
    for where, i, d in raw_decks:
        if not isinstance(d, dict):
            raise FormatError(f"{where}: decks[{i}]: every deck is an object, got {_show(d)}")
        what = _name(d, "deck")
        _check_fields(d, ("id", "character", "weapon", "cards", "text"), ("id", "character", "weapon", "cards"), where, what)
        for k in ("id", "character", "weapon"):
            _str(d[k], where, what, k)
        if d["id"] in cs.decks:
            raise _err(where, what, "id", "defined twice")
        if d["character"] not in cs.characters:
            raise _err(where, what, "character", f"unknown character {_show(d['character'])}{_close(d['character'], cs.characters)}")
        if not isinstance(d["cards"], dict):
            raise _err(where, what, "cards", "an object of card id -> copies")
        check_deck(d["id"], cs.characters[d["character"]], d["weapon"], d["cards"], cs.cards, where)
        cs.decks[d["id"]] = Deck(d["id"], d["character"], d["weapon"], tuple(cid for cid, n in d["cards"].items() for _ in range(n)))
    return cs


_SAMPLE: CardSet | None = None


def sample_set() -> CardSet:
    """The project's own sample set (daimyo/senjutsu/data/*.json, not the schema): four characters and their decks."""
    global _SAMPLE
    if _SAMPLE is None:
        files = sorted((p.name, p.read_text(encoding="utf-8")) for p in resources.files("daimyo.senjutsu").joinpath("data").iterdir()
                       if p.name.endswith(".json") and p.name != SCHEMA_FILE)
        _SAMPLE = load_data(files)
    return _SAMPLE


def read_file(path: Path) -> str:
    """A card file's text, refused (FormatError naming the file) when it is larger than MAX_CARD_FILE allows,
    unreadable or not UTF-8; the size is checked before the file is read."""
    try:
        if Path(path).stat().st_size > 4 * MAX_CARD_FILE:   # at most 4 bytes a character in UTF-8
            raise FormatError(f"{path}: a card file has at most {MAX_CARD_FILE} characters")
        return Path(path).read_bytes().decode("utf-8")
    except UnicodeDecodeError as e:
        raise FormatError(f"{path}: not UTF-8 text (byte {e.start})") from None
    except OSError as e:
        raise FormatError(f"{path}: cannot be read ({e.strerror or e})") from None


def load_files(paths: list[Path], with_sample: bool = True) -> CardSet:
    """The sample set plus a user's own card files."""
    return load_data([(str(p), read_file(p)) for p in paths], sample_set() if with_sample else None)
