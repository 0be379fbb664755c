"""The war file: one season's War Phase as a text file a person can write.

One fact a line, ``key: value`` or ``key subject: value``; ``#`` followed by a space starts a
comment (``#7`` is figure number 7). See docs/risingsun-war.md. Example::

    format: risingsun-war
    season: spring
    honor: lotus turtle koi dragonfly      # highest Honor first
    alliance: turtle lotus
    war 1: kyoto
    war 2: nagato
    player lotus: coins=5 vp=3
    player turtle: coins=4 ronin=1 vp=2
    player koi: coins=3 ronin=2
    player dragonfly: coins=6 tokens=edo@spring
    figures nagato: turtle bushi x2, lotus bushi, koi monster force=3, koi daimyo
    stronghold nagato: turtle

Figures are numbered in the order written (#1, #2, ...); ``#9 koi bushi`` gives one a number.
Instead of ``war N:`` lines, ``wars: kyoto nagato`` with ``seed: 7`` draws the War Numbers
(or, drawn with a secret key, ``generator: blake2b-keyed`` and ``key: <64 hex digits>``).

:func:`to_text` writes a state before a war's bids (or when all is over) in the same format,
so ``to_text(from_text(t))`` is a canonical form.
"""

from __future__ import annotations

import difflib
import re

from daimyo.core.errors import FormatError
from daimyo.core.record import ReplayError, header_seed, seed_header, strip_comment
from daimyo.core.rng import GameKey, generator
from daimyo.risingsun.bounds import BOUNDS, MAX_DIGITS, RULE_FIGURES, Tally, check_size, shown, whole_number
from daimyo.risingsun.data import RULES as R
from daimyo.risingsun.state import BID, OVER, Figure, RisingSunWar

FORMAT = "risingsun-war"
_KEY = re.compile(r"^([a-z][a-z-]*)(?:\s+([a-z0-9_-]+))?\s*:\s*(.*)$")
PLAYER_FIELDS = ("coins", "ronin", "vp", "tokens")
SINGLE = ("format", "rules", "season", "honor", "wars", "seed", "generator", "key", "players", "shown")
# every field a war file may have, in the order docs/risingsun-war.md lists them
FIELDS = ("format", "rules", "season", "seed", "generator", "key", "players", "honor", "shown", "alliance", "war", "wars",
          "player", "figures", "stronghold", "hostages")


def _digits(text: str) -> bool:
    """Whole numbers are written in the digits 0-9 (``str.isdigit`` and ``\\d`` also accept other digits)."""
    return re.fullmatch(r"[0-9]+", text) is not None


def _int(v: str, where: str, ceiling: int) -> int:
    return whole_number(v, where, ceiling)


def _clan(v: str, clans: list[str], where: str) -> int:
    if v not in clans:
        known = " ".join(clans) if clans else "(no 'player CLAN:' lines yet)"
        raise FormatError(f"{where}: '{v}' is not a player of this war (players: {known})")
    return clans.index(v)


def _province(v: str, where: str) -> str:
    if v not in R.provinces:
        raise FormatError(f"{where}: unknown province '{v}' (provinces: {' '.join(R.provinces)})")
    return v


def check_war_file(text: str) -> None:
    """Refuse a war file that is malformed or breaks a bound (docs/risingsun-war.md, "Bounds") with a FormatError
    naming its line, field and rule; return None for a good one. Nothing is started: a server calls it on a stored
    game's file (``from_text`` checks the same, so every reader of a war file is held to it)."""
    from_text(text, start=False)


def from_text(text: str, start: bool = True) -> RisingSunWar:
    """Read a war file. A malformed file, or one that holds more than the rules allow (docs/risingsun-war.md,
    "Bounds"), raises FormatError naming the line and field; every count is checked before anything is built for it.

    With ``start`` (the default) the War Phase begins at once: Start of War, and every war up
    to the first battle is resolved.
    """
    check_size(text)
    lines: list[tuple[int, str, str | None, str]] = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = strip_comment(raw)
        if not line:
            continue
        m = _KEY.match(line)
        if not m:
            raise FormatError(f"line {no}: expected 'key: value' or 'key subject: value', got '{line}'")
        lines.append((no, m.group(1), m.group(2), m.group(3).strip()))
    for no, key, subj, _val in lines:   # before any missing field: a misspelt one is named where it is written
        if key not in FIELDS:
            near = difflib.get_close_matches(key, FIELDS, n=1, cutoff=0.6)
            raise FormatError(f"line {no}: unknown field '{key}{' ' + subj if subj else ''}'"
                              f"{f' (did you mean {near[0]!r}?)' if near else ''} (fields: {' '.join(FIELDS)})")

    single: dict[str, tuple[int, str]] = {}
    for no, key, subj, val in lines:
        if key in SINGLE and subj is None:
            if key in single:
                raise FormatError(f"line {no}: field '{key}' given twice (first on line {single[key][0]})")
            single[key] = (no, val)
    if "format" not in single:
        raise FormatError("line 1: field 'format' is missing (write 'format: risingsun-war')")
    no, fmt = single["format"]
    if fmt != FORMAT:
        raise FormatError(f"line {no}: field 'format': expected {FORMAT}, got '{fmt}'")
    if "rules" in single and single["rules"][1] != RisingSunWar.rules_version:
        raise FormatError(f"line {single['rules'][0]}: field 'rules': this engine plays rules version {RisingSunWar.rules_version}, "
                          f"not '{single['rules'][1]}'")
    top = single["format"][0]   # a missing field is reported at the file's first line
    if "season" not in single:
        raise FormatError(f"line {top}: field 'season' is missing (spring, summer or autumn)")
    no, season = single["season"]
    if season not in R.seasons:
        raise FormatError(f"line {no}: field 'season': expected one of {', '.join(R.seasons)}, got '{season}'")

    # the players, in the order of their 'player' lines (or of 'players:')
    clans: list[str] = []
    if "players" in single:
        no, val = single["players"]
        clans = val.split()
        for c in clans:
            if c not in R.clans:
                raise FormatError(f"line {no}: field 'players': unknown clan '{c}' (clans: {' '.join(R.clans)})")
    player_lines = [(no, subj, val) for no, key, subj, val in lines if key == "player"]
    for no, subj, _val in player_lines:
        where = f"line {no}: field 'player'"
        if subj is None:
            raise FormatError(f"{where}: write 'player CLAN: coins=N ronin=N vp=N tokens=PROVINCE@SEASON,...'")
        if subj not in R.clans:
            raise FormatError(f"{where}: unknown clan '{subj}' (clans: {' '.join(R.clans)})")
        if "players" not in single:
            if subj in clans:
                raise FormatError(f"{where}: clan '{subj}' has two 'player' lines")
            clans.append(subj)
    if len(set(clans)) != len(clans):
        raise FormatError(f"line {single['players'][0]}: field 'players': a clan is named twice")
    if not R.min_players <= len(clans) <= R.max_players:
        # the line of the player past the most, or of the last player named (the first line if none is)
        named = [single["players"][0]] if "players" in single else [no for no, _subj, _val in player_lines]
        at = named[min(R.max_players, len(named) - 1)] if named else top
        raise FormatError(f"line {at}: field 'player': the War Phase needs {R.min_players} to {R.max_players} players, "
                          f"got {len(clans)}")

    s = RisingSunWar.blank(clans, season)
    tally = Tally(clans, season)
    seen_player: set[str] = set()
    for no, subj, val in player_lines:
        if subj not in clans:
            raise FormatError(f"line {no}: field 'player': '{subj}' is not in 'players:'")
        if subj in seen_player:
            raise FormatError(f"line {no}: field 'player': clan '{subj}' has two 'player' lines")
        seen_player.add(subj)
        _read_player(s, tally, clans.index(subj), val, no)

    if "honor" not in single:
        raise FormatError(f"line {top}: field 'honor' is missing (the clans from highest to lowest Honor)")
    no, val = single["honor"]
    order = val.split()
    if sorted(order) != sorted(clans) or len(set(order)) != len(order):
        raise FormatError(f"line {no}: field 'honor': must name each player's clan exactly once (players: {' '.join(clans)})")
    s.honor = [clans.index(c) for c in order]

    numbered: dict[int, str] = {}
    figure_ids: set[int] = set()
    next_id = 1
    for no, key, subj, val in lines:
        where = f"line {no}: field '{key}'"
        if (key in SINGLE and subj is None) or key == "player":
            continue
        if key == "alliance" and subj is None:
            pair = val.split()
            if len(pair) != 2 or pair[0] == pair[1]:
                raise FormatError(f"{where}: an alliance names two different clans, got '{val}'")
            a, b = (_clan(c, clans, where) for c in pair)
            for p in (a, b):
                if s.ally[p] >= 0:
                    raise FormatError(f"{where}: {clans[p]} is already allied with {clans[s.ally[p]]} (a clan has one ally at most)")
            s.ally[a], s.ally[b] = b, a
        elif key == "war" and subj is not None:
            if not _digits(subj) or not subj.strip("0"):
                raise FormatError(f"{where}: the War Number must be a whole number from 1, got '{shown(subj)}'")
            k = whole_number(subj, f"{where}: War Number", len(R.provinces),
                             f"a season has at most one war in each of the {len(R.provinces)} provinces")
            if k in numbered:
                raise FormatError(f"{where}: War Number {k} is given twice")
            prov = _province(val, where)
            if prov in numbered.values():
                raise FormatError(f"{where}: {prov} already has a War Number")
            numbered[k] = prov
        elif key == "figures" and subj is not None:
            prov = _province(subj, where)
            next_id = _read_figures(s, tally, prov, val, where, figure_ids, next_id)
        elif key == "stronghold" and subj is not None:
            prov = _province(subj, where)
            for c in val.split():
                seat = _clan(c, clans, where)
                tally.add_stronghold(where, prov, seat)
                s.strongholds.setdefault(prov, []).append(seat)
        elif key == "hostages" and subj is not None:
            seat = _clan(subj, clans, where)
            before = len(s.figures)
            next_id = _read_figures(s, tally, "-", val, where, figure_ids, next_id, holder=seat)
            s.captured[seat].extend(s.figures[before:])
            del s.figures[before:]
        else:
            raise FormatError(f"line {no}: unknown field '{key}{' ' + subj if subj else ''}' (fields: {' '.join(FIELDS)})")

    if "shown" in single:
        no, val = single["shown"]
        for c in val.split():
            s.shown[_clan(c, clans, f"line {no}: field 'shown'")] = True
    if "wars" in single:
        no, val = single["wars"]
        if numbered:
            raise FormatError(f"line {no}: field 'wars': give either 'war N:' lines or 'wars:', not both")
        provs = [_province(p, f"line {no}: field 'wars'") for p in val.split()]
        if len(set(provs)) != len(provs):
            raise FormatError(f"line {no}: field 'wars': a province is named twice")
        s.seed = _seed(single)
        # the War Number tokens are drawn at random (reference "War Phase" 2)
        generator(s.seed).shuffle(provs)
        s.wars = provs
    else:
        s.seed = _seed(single)
        s.wars = [numbered[k] for k in sorted(numbered)]
    tally.check_wars(s.wars)
    if start:
        s.start()
    return s


def _seed(single: dict[str, tuple[int, str]]) -> int | GameKey:
    """The seed (``seed:``) or secret key (``generator: blake2b-keyed``, ``key:``) the War Numbers are drawn with."""
    if "seed" in single:
        _int(single["seed"][1], f"line {single['seed'][0]}: field 'seed'", R.bounds["seed"])
    try:
        return header_seed(single)
    except ReplayError as e:
        raise FormatError(str(e)) from None


def _read_player(s: RisingSunWar, tally: Tally, seat: int, val: str, no: int) -> None:
    given: set[str] = set()
    for word in val.split():
        name, eq, v = word.partition("=")
        where = f"line {no}: field 'player {s.clans[seat]}'"
        if not eq or name not in PLAYER_FIELDS:
            raise FormatError(f"{where}: expected {'=N '.join(PLAYER_FIELDS[:3])}=N tokens=PROVINCE@SEASON,..., "
                              f"got '{shown(word)}'")
        if name in given:
            raise FormatError(f"{where}: '{name}' is given twice")
        given.add(name)
        if name == "tokens":
            for t in v.split(","):
                prov, at, season = t.partition("@")
                if not at or season not in R.seasons:
                    raise FormatError(f"{where}: a War Province token is PROVINCE@SEASON (seasons: {' '.join(R.seasons)}), "
                                      f"got '{shown(t)}'")
                tally.add_token(where, seat, _province(prov, where), season)
                s.tokens[seat].append((prov, season))
        elif name == "vp":
            s.vp[seat] = _int(v, f"{where}: vp", R.bounds["vp"])
        else:
            amount = _int(v, f"{where}: {name}", R.bounds["coins_and_ronin"])
            tally.add_money(f"{where}: {name}={amount}", amount)
            getattr(s, name)[seat] = amount


def _read_figures(s: RisingSunWar, tally: Tally, prov: str, val: str, where: str, ids: set[int], next_id: int,
                  holder: int | None = None) -> int:
    """Comma-separated groups ``[#N] OWNER KIND [force=F] [xK]``; numbers follow on from the last.

    Each group is counted (:class:`~daimyo.risingsun.bounds.Tally`) before its figures are made."""
    most = R.bounds["figure_number"]
    for group in val.split(","):
        words = group.split()
        if not words:
            raise FormatError(f"{where}: an empty figure between commas")
        if words[0].startswith("#"):
            if not _digits(words[0][1:]) or not words[0][1:].strip("0"):
                raise FormatError(f"{where}: a figure number is #1, #2, ..., got '{shown(words[0])}'")
            next_id = whole_number(words[0][1:], f"{where}: figure number #", most)
            words = words[1:]
        if len(words) < 2:
            raise FormatError(f"{where}: a figure is 'OWNER KIND [force=N] [xN]', got '{group.strip()}'")
        owner = _clan(words[0], s.clans, where)
        kind = words[1]
        if kind not in R.figure_force:
            raise FormatError(f"{where}: unknown figure kind '{kind}' (kinds: {' '.join(R.figure_force)})")
        force, count = R.figure_force[kind], 1
        for w in words[2:]:
            if w.startswith("force="):
                force = _int(w[6:], f"{where}: force", R.bounds["force"])
            elif re.fullmatch(r"x0*[1-9][0-9]*", w):
                count = _figure_count(w, where)
            else:
                raise FormatError(f"{where}: expected 'force=N' or 'xN' after the kind, got '{shown(w)}'")
        tally.add_figures(where, owner, kind, count, force, holder)
        if next_id + count - 1 > most:
            raise FormatError(f"{where}: figure number #{next_id + count - 1} is more than {most} ({BOUNDS})")
        for _ in range(count):
            if next_id in ids:
                raise FormatError(f"{where}: figure number #{next_id} is used twice")
            ids.add(next_id)
            s.figures.append(Figure(next_id, prov, owner, kind, force))
            next_id += 1
    return next_id


def _figure_count(word: str, where: str) -> int:
    """The K of ``xK``; a number longer than any bound is refused unread (the tally checks the clan's pieces)."""
    digits = word[1:].lstrip("0")
    if len(digits) > MAX_DIGITS:
        raise FormatError(f"{where}: {shown(word)}: more figures than any war file holds ({RULE_FIGURES})")
    return int(digits)


def _figure_groups(figs: list[Figure], clans: list[str], expect: int) -> tuple[str, int]:
    """Write figures as groups; a number is written only where it does not follow on from ``expect``."""
    parts = []
    i = 0
    while i < len(figs):
        f = figs[i]
        j = i + 1
        while (j < len(figs) and (figs[j].owner, figs[j].kind, figs[j].force) == (f.owner, f.kind, f.force)
               and figs[j].number == figs[j - 1].number + 1 and f.kind != "daimyo"):
            j += 1
        words = [] if f.number == expect else [f"#{f.number}"]
        words += [clans[f.owner], f.kind]
        if f.force != R.figure_force[f.kind]:
            words.append(f"force={f.force}")
        if j - i > 1:
            words.append(f"x{j - i}")
        parts.append(" ".join(words))
        expect = figs[j - 1].number + 1
        i = j
    return ", ".join(parts), expect


def to_text(s: RisingSunWar) -> str:
    """Write the situation before the next war (every fact, hidden ones included: this is the referee's file)."""
    if s.phase != OVER and s.step is not None and (s.step != BID or s.bids):
        raise FormatError(f"a war file is written before a war's bids; the battle of {s.province()} is under way (write its record instead)")
    c = s.clans
    lines = [f"format: {FORMAT}", f"rules: {s.rules_version}", f"season: {s.season}", f"players: {' '.join(c)}",
             f"honor: {' '.join(c[p] for p in s.honor)}"]
    if s.seed:
        lines += [f"{k}: {v}" for k, v in seed_header(s.seed).items()]
    if any(s.shown):
        lines.append(f"shown: {' '.join(c[p] for p in range(s.n) if s.shown[p])}")
    done = set()
    for p in range(s.n):
        if s.ally[p] >= 0 and p not in done:
            lines.append(f"alliance: {c[p]} {c[s.ally[p]]}")
            done |= {p, s.ally[p]}
    remaining = s.wars[s.at:] if s.phase != OVER else []
    for k, prov in enumerate(remaining, s.at + 1):
        lines.append(f"war {k}: {prov}")
    for p in range(s.n):
        words = [f"coins={s.coins[p]}", f"ronin={s.ronin[p]}", f"vp={s.vp[p]}"]
        if s.tokens[p]:
            words.append("tokens=" + ",".join(f"{prov}@{season}" for prov, season in s.tokens[p]))
        lines.append(f"player {c[p]}: {' '.join(words)}")
    # every figure in one id order, so that the numbers read back the same
    everything = sorted([(f, None) for f in s.figures] + [(f, p) for p in range(s.n) for f in s.captured[p]],
                        key=lambda placed: placed[0].number)
    runs: list[tuple[str, list[Figure]]] = []
    for f, holder in everything:
        key = f"hostages {c[holder]}" if holder is not None else f"figures {f.province}"
        if runs and runs[-1][0] == key:
            runs[-1][1].append(f)
        else:
            runs.append((key, [f]))
    expect = 1
    for key, figs in runs:
        text, expect = _figure_groups(figs, c, expect)
        lines.append(f"{key}: {text}")
    for prov in R.provinces:
        if s.strongholds.get(prov):
            lines.append(f"stronghold {prov}: {' '.join(c[p] for p in s.strongholds[prov])}")
    return "\n".join(lines) + "\n"
