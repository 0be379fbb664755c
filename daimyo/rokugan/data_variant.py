"""Rules files: a variant of Battle for Rokugan written by a designer, laid over the standard data files.

A rules file is one JSON object (docs/designers.md, "Battle for Rokugan variants"); every field is optional but
``format`` and ``name``::

    {"format": "rokugan-rules", "name": "long-sail",
     "components": {"rounds": 5, "hand_size": 6, "starting_control_tokens": {"2": 11},
                    "combat_tokens": [...], "special_tokens": {"peace": 15}, ...},
     "provinces": {"crab_1": {"flowers": 2, "printed_defense": 3}},
     "clans": {"lion": {"special_token": {"kind": "army", "strength": 5}}},
     "clans_in_game": ["crab", "crane", ...], "cards_in_game": ["bushido", ...],
     "objectives": {"way-of-the-sail": {"honor": 16},
                    "inland-empire": {"name": "Inland Empire", "honor": 8, "condition": "territory_spread",
                                      "territories": 5}},
     "objectives_in_game": ["way-of-the-sail", ...]}

:func:`parse_variant` checks a file and refuses the first mistake with a :class:`~daimyo.core.errors.FormatError`
naming the file and the field (``rules.json: field 'components.rounds': ...``); it raises nothing else, whatever
the text. A variant's :attr:`Variant.rules` is a :class:`~daimyo.rokugan.data.Rules` object of its own: a game made
with it (``new_game(..., rules=variant.rules)``) carries it and every engine function reads the game's rules, so
games under different rules are played side by side in one process. :func:`activate` sets the default rules of new
games in this process (the command-line tools' ``--rules``); :func:`activate` with None puts the standard rules back.
A game record made under a variant carries the variant whole in its header (:func:`header_fields`), so replaying it
plays under the same rules (:func:`variant_named`), changing nothing in the process. A variant the native engine
cannot play (an objective argument it does not take, a territory card left out) says why in
:attr:`Variant.not_native`, and such games are played by the Python engine.

The map (provinces, borders, territories, coasts), the territory cards' effects (but the few numbers of
:data:`~daimyo.rokugan.data_derived.CARD_NUMBERS`) and a clan's 30 control tokens are not part of a rules file.
"""

from __future__ import annotations

import copy
import copyreg
import hashlib
import json
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from daimyo.core.errors import FormatError
from daimyo.rokugan.data import FILES, KINDS, RULES, SPECIALS, Rules
from daimyo.rokugan.data_derived import CARD_NUMBERS
from daimyo.rokugan.objectives import check_objective, not_native

FORMAT = "rokugan-rules"
MAX_CHARS = 64 * 1024
"""A rules file: the longest sensible one (every province and objective changed) is under 10,000 characters."""
MAX_DEPTH = 8
MAX_DIGITS = 6
MAX_PLAYERS = 5

#: the ``components`` numbers a rules file may set: JSON field -> (lowest, highest)
COMPONENT_NUMBERS = {
    "rounds": (1, 6),
    "hand_size": (1, 12),
    "initiative_deck_size": (0, 4),
    "scout_cards_per_player": (0, 5),
    "shugenja_cards_per_player": (0, 5),
    "objectives_dealt": (1, 4),
}
TOP_FIELDS = ("format", "name", "about", "components", "provinces", "clans", "clans_in_game", "cards_in_game",
              "card_numbers", "objectives", "objectives_in_game")
COMPONENT_FIELDS = (*COMPONENT_NUMBERS, "starting_control_tokens", "combat_tokens", "special_tokens")
PROVINCE_NUMBERS = {"flowers": (0, 9), "printed_defense": (0, 9)}
MAX_TOKEN_COUNT, MAX_STRENGTH, MAX_TOKENS = 8, 9, 32
MAX_SPECIAL = 30


@dataclass(frozen=True)
class Variant:
    """A checked rules file: its name, its canonical JSON (what a record carries), digest, rules and native verdict."""

    name: str
    canonical: str
    digest: str
    rules: Rules
    #: why the native engine cannot play it, or None
    not_native: str | None
    #: the data files as the variant makes them (the play server's page shows their numbers, daimyo/rokugan/table.py)
    files: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def spec(self) -> dict:
        return json.loads(self.canonical)


class _Digits(ValueError):
    pass


def _number(text: str, kind: type = int) -> Any:
    if len(text.lstrip("-").replace(".", "").split("e")[0].split("E")[0]) > MAX_DIGITS or len(text) > 3 * MAX_DIGITS:
        raise _Digits(text)
    return kind(text)


def _constant(name: str) -> Any:
    raise _Digits(name)


def _depth(value: Any) -> int:
    """How deep lists and objects nest (iteratively: a deep value cannot exhaust the stack)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, level = stack.pop()
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            break
        children = v.values() if isinstance(v, dict) else v if isinstance(v, list) else ()
        stack.extend((child, level + 1) for child in children)
    return deepest


def read_json(source: str, text: Any) -> Any:
    """The JSON value of a rules file's text; a FormatError naming ``source`` (and line and column) otherwise."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise FormatError(f"{source}: not UTF-8 text (byte {e.start})") from None
    if not isinstance(text, str):
        raise FormatError(f"{source}: a rules file is JSON text, got {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise FormatError(f"{source}: a rules file has at most {MAX_CHARS} characters; this one has {len(text)}")
    if max(text.count("["), text.count("{")) > 2000:
        raise FormatError(f"{source}: more than 2000 lists and objects: not a rules file")
    try:
        value = json.loads(text, parse_int=_number, parse_float=lambda t: _number(t, float), parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise FormatError(f"{source}: not JSON: line {e.lineno}, column {e.colno}: {e.msg}") from None
    except _Digits as e:
        raise FormatError(f"{source}: the number {str(e)[:20]} is not allowed: numbers have at most {MAX_DIGITS} "
                          f"digits (no NaN or Infinity)") from None
    except RecursionError:
        raise FormatError(f"{source}: lists and objects nest deeper than {MAX_DEPTH} levels") from None
    if _depth(value) > MAX_DEPTH:
        raise FormatError(f"{source}: lists and objects nest deeper than {MAX_DEPTH} levels")
    return value


def _close(word: Any, known: Iterable[str]) -> str:
    import difflib

    near = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6) if isinstance(word, str) else []
    return f" (did you mean '{near[0]}'?)" if near else ""


def _show(v: Any) -> str:
    text = json.dumps(v) if not isinstance(v, float) or v == v else repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


class _Check:
    """Checks of one file, each naming ``source`` and the field's dotted path."""

    def __init__(self, source: str):
        self.source = source

    def fail(self, field: str, why: str) -> FormatError:
        return FormatError(f"{self.source}: field '{field}': {why}")

    def obj(self, v: Any, field: str, known: tuple | None = None) -> dict:
        if not isinstance(v, dict):
            raise self.fail(field, f"must be an object {{...}}, got {_show(v)}")
        if known is not None:
            for key in v:
                if key not in known:
                    raise self.fail(f"{field}.{key}" if field else key,
                                    f"not a field here{_close(key, known)}; the fields: {', '.join(known)}")
        return v

    def whole(self, v: Any, field: str, lo: int, hi: int) -> int:
        if type(v) is not int or not lo <= v <= hi:
            raise self.fail(field, f"must be a whole number from {lo} to {hi}, got {_show(v)}")
        return v

    def names(self, v: Any, field: str, known: Sequence[str], least: int) -> list[str]:
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise self.fail(field, f"must be a list of names, got {_show(v)}")
        for i, x in enumerate(v):
            if x not in known:
                raise self.fail(f"{field}[{i}]", f"unknown name '{x[:40]}'{_close(x, known)}")
            if x in v[:i]:
                raise self.fail(f"{field}[{i}]", f"'{x}' is listed twice")
        if len(v) < least:
            raise self.fail(field, f"at least {least} are needed, {len(v)} are listed")
        return v


def _standard_files() -> dict[str, dict]:
    base = resources.files("daimyo.rokugan") / "data"
    return {name: json.loads((base / name).read_text(encoding="utf-8")) for name in FILES}


_STANDARD = _standard_files()
RULES_STANDARD_CARDS = tuple(c["id"] for c in _STANDARD["territory_cards.json"]["cards"])


def _token(c: _Check, t: Any, field: str, special: bool) -> dict:
    keys = ("kind", "strength") if special else ("kind", "strength", "count")
    c.obj(t, field, keys)
    for key in keys:
        if key not in t:
            raise c.fail(field, f"needs field '{key}'")
    kinds = [k for k in KINDS if not (special and k == "bluff")]
    if t["kind"] not in kinds:
        raise c.fail(f"{field}.kind", f"must be one of {', '.join(kinds)}, got {_show(t['kind'])}")
    fighting = t["kind"] in ("army", "navy", "shinobi", "blessing")
    lo, hi = (1, MAX_STRENGTH) if fighting else (0, 0)
    c.whole(t["strength"], f"{field}.strength", lo, hi)
    if not special:
        c.whole(t["count"], f"{field}.count", 1 if t["kind"] == "bluff" else 0, 1 if t["kind"] == "bluff" else MAX_TOKEN_COUNT)
    return dict(t)


def _components(c: _Check, d: Any, comp: dict) -> None:
    c.obj(d, "components", COMPONENT_FIELDS)
    for key, (lo, hi) in COMPONENT_NUMBERS.items():
        if key in d:
            comp[key] = c.whole(d[key], f"components.{key}", lo, hi)
    if "starting_control_tokens" in d:
        sct = c.obj(d["starting_control_tokens"], "components.starting_control_tokens", ("2", "3", "4", "5"))
        most = comp["control_tokens_per_clan"] - 1  # one goes to the capital (Setup 6)
        for k, v in sct.items():
            comp["starting_control_tokens"][k] = c.whole(v, f"components.starting_control_tokens.{k}", 0, most)
    if "combat_tokens" in d:
        tokens = d["combat_tokens"]
        if not isinstance(tokens, list) or not tokens:
            raise c.fail("components.combat_tokens", f"must be a non-empty list of tokens, got {_show(tokens)}")
        comp["combat_tokens"] = [_token(c, t, f"components.combat_tokens[{i}]", False) for i, t in enumerate(tokens)]
        if sum(1 for t in comp["combat_tokens"] if t["kind"] == "bluff") != 1:
            raise c.fail("components.combat_tokens", "exactly one bluff token (count 1) is needed")
    if "special_tokens" in d:
        for k, v in c.obj(d["special_tokens"], "components.special_tokens", SPECIALS).items():
            comp["special_tokens"][k] = c.whole(v, f"components.special_tokens.{k}", 0, MAX_SPECIAL)
    per_clan = sum(t["count"] for t in comp["combat_tokens"]) + 1
    if per_clan > MAX_TOKENS:
        raise c.fail("components.combat_tokens", f"a clan holds at most {MAX_TOKENS} combat tokens with its special "
                                                 f"token; these make {per_clan}")
    if comp["hand_size"] > per_clan - 1:
        raise c.fail("components.hand_size", f"a hand of {comp['hand_size']} is more than the {per_clan - 1} combat "
                                             f"tokens a clan has besides its bluff")


def _objectives(c: _Check, d: Any, standard: list[dict]) -> list[dict]:
    by_id = {o["id"]: dict(o) for o in standard}
    c.obj(d, "objectives")
    for oid, change in d.items():
        field = f"objectives.{oid}"
        c.obj(change, field, ("name", "honor", "condition", "territory", "provinces", "territories", "provinces_list"))
        if not (0 < len(oid) <= 40 and oid.replace("-", "").isalnum() and oid.isascii() and oid == oid.lower()):
            raise c.fail(field, "an objective id is 1 to 40 lower-case letters, digits and hyphens")
        if oid not in by_id:
            for key in ("name", "honor", "condition"):
                if key not in change:
                    raise c.fail(field, f"a new objective needs field '{key}'{_close(oid, by_id)}")
            by_id[oid] = {"id": oid}
        o = by_id[oid]
        if "condition" in change:  # a new condition brings its own arguments
            o = {k: o[k] for k in ("id", "name", "honor") if k in o}
        o.update(change)
        if not isinstance(o["name"], str) or not 0 < len(o["name"]) <= 60:
            raise c.fail(f"{field}.name", f"must be a name of 1 to 60 characters, got {_show(o['name'])}")
        c.whole(o["honor"], f"{field}.honor", 0, 99)
        check_objective(o, f"{c.source}: objective '{oid}'", RULES)  # the board is the standard one in every variant
        by_id[oid] = o
    return list(by_id.values())


def parse_variant(text: Any, source: str = "rules file") -> Variant:
    """Check a rules file's text and build its rules; FormatError naming ``source`` and the field otherwise."""
    c = _Check(source)
    spec = c.obj(read_json(source, text), "", TOP_FIELDS)
    if spec.get("format") != FORMAT:
        raise c.fail("format", f"must be \"{FORMAT}\", got {_show(spec.get('format'))}")
    name = spec.get("name")
    if not (isinstance(name, str) and 0 < len(name) <= 40 and all(ch.isalnum() or ch in "-_." for ch in name)):
        raise c.fail("name", f"must be 1 to 40 letters, digits, '-', '_' or '.', got {_show(name)}")
    if "about" in spec and not isinstance(spec["about"], str):
        raise c.fail("about", f"must be text, got {_show(spec['about'])}")
    files = copy.deepcopy(_STANDARD)
    comp, board, clans = files["components.json"], files["board.json"], files["clans.json"]
    if "components" in spec:
        _components(c, spec["components"], comp)
    if "provinces" in spec:
        ids = [p["id"] for p in board["provinces"]]
        for pid, change in c.obj(spec["provinces"], "provinces", tuple(ids)).items():
            c.obj(change, f"provinces.{pid}", tuple(PROVINCE_NUMBERS))
            p = board["provinces"][ids.index(pid)]
            for key, (lo, hi) in PROVINCE_NUMBERS.items():
                if key in change:
                    p[key] = c.whole(change[key], f"provinces.{pid}.{key}", lo, hi)
    clan_ids = [x["id"] for x in clans["clans"]]
    if "clans" in spec:
        for cid, change in c.obj(spec["clans"], "clans", tuple(clan_ids)).items():
            c.obj(change, f"clans.{cid}", ("special_token",))
            if "special_token" in change:
                clans["clans"][clan_ids.index(cid)]["special_token"] = _token(c, change["special_token"],
                                                                              f"clans.{cid}.special_token", True)
    if "clans_in_game" in spec:
        keep = c.names(spec["clans_in_game"], "clans_in_game", clan_ids, MAX_PLAYERS)
        clans["clans"] = [x for x in clans["clans"] if x["id"] in keep]
    if "cards_in_game" in spec:
        cards = files["territory_cards.json"]["cards"]
        keep = c.names(spec["cards_in_game"], "cards_in_game", [x["id"] for x in cards], 1)
        for t in board["territories"]:
            if not any(x["territory"] == t["id"] and x["id"] in keep for x in cards):
                raise c.fail("cards_in_game", f"territory '{t['id']}' needs one of its cards in the game "
                                              f"({', '.join(x['id'] for x in cards if x['territory'] == t['id'])})")
        files["territory_cards.json"]["cards"] = [x for x in cards if x["id"] in keep]
    card_numbers: dict[str, dict[str, int]] = {}
    if "card_numbers" in spec:
        for cid, change in c.obj(spec["card_numbers"], "card_numbers", tuple(CARD_NUMBERS)).items():
            c.obj(change, f"card_numbers.{cid}", tuple(CARD_NUMBERS[cid]))
            for key, value in change.items():
                attr, _printed, lo, hi = CARD_NUMBERS[cid][key]
                card_numbers.setdefault(cid, {})[attr] = c.whole(value, f"card_numbers.{cid}.{key}", lo, hi)
    objectives = files["objectives.json"]
    if "objectives" in spec:
        objectives["objectives"] = _objectives(c, spec["objectives"], objectives["objectives"])
    in_game = [o["id"] for o in objectives["objectives"]]
    if "objectives_in_game" in spec:
        in_game = c.names(spec["objectives_in_game"], "objectives_in_game", in_game, 1)
    objectives["objectives"] = [o for o in objectives["objectives"] if o["id"] in in_game]
    need = comp["objectives_dealt"] * MAX_PLAYERS
    if len(objectives["objectives"]) < need:
        raise c.fail("objectives_in_game", f"{len(objectives['objectives'])} objectives cannot deal "
                                           f"{comp['objectives_dealt']} to each of {MAX_PLAYERS} players ({need})")
    try:
        rules = Rules(files)
    except FormatError as e:  # not reached: every field is checked above; said all the same, naming the data file
        raise FormatError(f"{source}: {e}") from None
    rules.card_numbers = card_numbers
    canonical = json.dumps(spec, sort_keys=True, separators=(",", ":"), ensure_ascii=True).replace("#", "\\u0023")
    digest = hashlib.sha256(canonical.encode()).hexdigest()[:16]
    rules.digest = digest
    rules.header = {"variant": name, "variant-digest": digest, "variant-rules": canonical}
    rules.not_native = _native_refusal(rules)
    return Variant(name, canonical, digest, rules, rules.not_native, files)


def _native_refusal(rules: Rules) -> str | None:
    if len(rules.cards) != len(RULES_STANDARD_CARDS):
        return f"cards_in_game: the native engine plays with all {len(RULES_STANDARD_CARDS)} territory cards"
    for oid in rules.objective_ids:
        why = not_native(rules.objectives[oid])
        if why:
            return why
    return None


def read_variant(path: str | Path) -> Variant:
    """Read and check the rules file at ``path`` (FormatError naming the file; an unreadable file too)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise FormatError(f"{path}: cannot be read ({e.strerror or e})") from None
    return parse_variant(data, path.name)


# -- the default rules of new games in this process --------------------------------
_ACTIVE: Variant | None = None


def active() -> Variant | None:
    """The variant new games in this process are played under by default (None: the standard rules)."""
    return _ACTIVE


def default_rules() -> Rules:
    """The rules a game made without ``rules=`` is played under: the active variant's, else the standard ones."""
    return _ACTIVE.rules if _ACTIVE is not None else RULES


def activate(variant: Variant | None) -> None:
    """Make ``variant``'s rules (None: the standard rules) the default of the games made from now on in this process
    (the command-line tools' ``--rules``). Games already made keep their own rules."""
    global _ACTIVE
    _ACTIVE = variant


_NAMED: dict[str, Variant] = {}
_NAMED_LOCK = threading.Lock()


def variant_named(canonical: str, digest: str, source: str) -> Variant:
    """A record's embedded rules file, checked against its digest (FormatError if it does not fit); the same digest
    gives the same Variant (and so the same Rules object), made once."""
    known = _NAMED.get(digest)
    if known is not None and known.canonical == canonical:
        return known
    variant = parse_variant(canonical, source)
    if variant.digest != digest:
        raise FormatError(f"{source}: the rules' digest is {variant.digest}, its 'variant-digest:' line says {digest}: the "
                          f"rules were changed after the game")
    with _NAMED_LOCK:
        if len(_NAMED) >= 64:  # a bound on what a process keeps; one dropped is made again when met
            _NAMED.pop(next(iter(_NAMED)))
        return _NAMED.setdefault(digest, variant)


def _variant_rules(canonical: str, digest: str) -> Rules:
    """A rules file's Rules again, from what a pickle or a deep copy kept of them (:func:`_reduce_rules`)."""
    return variant_named(canonical, digest, "rules").rules


def _reduce_rules(rules: Rules) -> Any:
    """How a pickle or a deep copy keeps a Rules object: a rules file's by its file and digest; the standard ones
    (and any other) as :meth:`Rules.__reduce__` says."""
    if rules.header:
        return (_variant_rules, (rules.header["variant-rules"], rules.header["variant-digest"]))
    return rules.__reduce__()


copyreg.pickle(Rules, _reduce_rules)


def header_fields(rules: Rules | None = None) -> dict[str, str]:
    """The record header lines of ``rules`` (by default the default rules): none for the standard rules."""
    return dict((rules or default_rules()).header)


def describe(variant: Variant) -> list[str]:
    """What a variant changes, one line a field, for ``check-rules``."""
    spec = variant.spec
    lines: list[str] = []
    for key in TOP_FIELDS[3:]:
        if key not in spec:
            continue
        value = spec[key]
        if key == "card_numbers":   # one line a number, with the printed one it replaces
            lines.extend(f"card_numbers.{cid}.{field}: {n} (printed {CARD_NUMBERS[cid][field][1]})"
                         for cid, fields in value.items() for field, n in fields.items())
        elif isinstance(value, dict):
            lines.extend(f"{key}.{k}: {json.dumps(v)}" for k, v in value.items())
        else:
            lines.append(f"{key}: {json.dumps(value)}")
    return lines
