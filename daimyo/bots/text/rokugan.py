"""Battle for Rokugan in words for an outside program: the map and codes at the start, the seat's view at each
decision (the catalogue's ``term.sum.*`` lines of ``daimyo rokugan replay``, the seat's own screen, pool, objective
and cards), and the legal actions grouped so that a placement's hundreds of actions fit in a few lines.

Each function's ``cards`` is the game's :class:`~daimyo.rokugan.data.Rules` (``state.rules``: the standard ones or a
rules file's), so a variant's map numbers, tokens, cards and objectives are said; without it, this process's default
rules."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from daimyo.rokugan.data import Rules
from daimyo.words import has, t as words
from daimyo.words.rokugan import RokuganWords

#: the kinds of combat token, in the order the legend lists them
_KINDS = ("army", "navy", "shinobi", "blessing", "diplomacy", "raid", "bluff")


def _t(lang: str, key: str, **params) -> str:
    return words(key, params, lang)


def _rules(cards: Any) -> Rules:
    """The game's rules: ``cards`` where it is a game's Rules, else this process's default rules."""
    if isinstance(cards, Rules):
        return cards
    from daimyo.rokugan.data_variant import default_rules
    return default_rules()


def _codes(rules: Rules) -> list[str]:
    """Every combat token's code, each once (the common tokens, then each clan's special one)."""
    codes = dict.fromkeys(tok.code for tok in rules.common_tokens)
    for clan in rules.clan_names:
        codes.update(dict.fromkeys(tok.code for tok in rules.clan_tokens[clan]))
    return sorted(codes, key=lambda c: (next((i for i, k in enumerate(_KINDS) if c.startswith(k[0]) or c == k), 9), c))


def facts(view: dict, seat: int, lang: str = "en", cards: Any = None) -> dict:
    """The map (each province's territory, coast, capital, defense, flowers, land borders), the token codes, the
    territory cards, objectives and clan abilities, in words, under the game's rules (``cards``)."""
    rules = _rules(cards)
    w = RokuganWords(lang, rules)
    provinces = {}
    for i, name in enumerate(rules.province_names):
        provinces[name] = {"name": w.province(name), "territory": rules.territory_names[rules.province_territory[i]],
                           "coastal": rules.coastal[i], "capital_of": rules.capital_of[i], "defense": rules.printed_defense[i],
                           "flowers": rules.flowers[i], "borders": [rules.province_names[j] for j in rules.adjacent[i]]}
    return {"provinces": provinces,
            "tokens": {code: w.token(code) for code in _codes(rules)},
            "cards": {cid: {"name": w.card(cid), "text": words(f"cardtext.{cid}", None, lang)} for cid in rules.cards},
            "objectives": {oid: {"name": w.objective(oid), "text": w.objective_text(oid)} for oid in rules.objectives},
            "abilities": {clan: words(f"ability.{clan}", None, lang) for clan in rules.clan_names}}


def facts_text(view: dict, seat: int, lang: str = "en", cards: Any = None) -> str:
    f = facts(view, seat, lang, cards)
    lines = [_t(lang, "bot.rules"), _t(lang, "bot.rk.brief"), "", _t(lang, "bot.rk.map")]
    for name, p in f["provinces"].items():
        marks = [_t(lang, "bot.rk.defense", n=p["defense"])]
        if p["coastal"]:
            marks.append(_t(lang, "bot.rk.coastal"))
        if p["capital_of"]:
            marks.append(_t(lang, "bot.rk.capital", clan=RokuganWords(lang).clan(p["capital_of"])))
        if p["flowers"]:
            marks.append(_t(lang, "bot.rk.flowers", n=p["flowers"]))
        lines.append(f"  {name} ({', '.join(marks)}): {' '.join(p['borders']) or '-'}")
    lines += ["", _t(lang, "bot.rk.codes")] + [f"  {code}: {text}" for code, text in f["tokens"].items()]
    lines += ["", _t(lang, "bot.rk.places")]
    lines += ["", _t(lang, "bot.rk.abilities")] + [f"  {clan}: {text}" for clan, text in f["abilities"].items()]
    lines += ["", _t(lang, "bot.rk.cards")] + [f"  {cid} ({c['name']}): {c['text']}" for cid, c in f["cards"].items()]
    lines += ["", _t(lang, "bot.rk.objectives")] + [f"  {oid} ({o['name']}): {o['text']}" for oid, o in f["objectives"].items()]
    return "\n".join(lines)


def _counted(codes: list[str]) -> str:
    return " ".join(f"{c}x{n}" if n > 1 else c for c, n in sorted(Counter(codes).items())) or "-"


def awaiting(view: dict, lang: str, cards: Any = None) -> str:
    """What the seat is asked to decide, in words (the terminal's ``term.awaiting.*``), under the game's rules (``cards``)."""
    a = view["awaiting"] or ""
    if a.startswith("card:"):
        c = a[5:]
        if c in _rules(cards).cards:
            return _t(lang, "term.awaiting.card", card=RokuganWords(lang).card(c), effect=words(f"cardtext.{c}", None, lang))
        return _t(lang, "term.awaiting.card_unknown", card=c)
    if has(f"term.awaiting.{a}"):
        return _t(lang, f"term.awaiting.{a}")
    return _t(lang, "term.awaiting.other", awaiting=a)


def board(view: dict, lang: str) -> list[str]:
    """Whose each province is, its specials, the tokens on the board and every player's counts (``term.sum.*``)."""
    w = RokuganWords(lang)
    lines = [_t(lang, "term.sum.provinces")]
    by_owner: dict[str | None, list[str]] = defaultdict(list)
    for name, p in view["provinces"].items():
        cell = name
        if p["owner"]:
            cell += f" {p['faceup']}/{p['facedown']}"
        if p["special"]:
            cell += f" [{p['special']}]"
        by_owner[p["owner"]].append(cell)
    for owner, cells in by_owner.items():
        if owner:
            lines.append(f"  {w.clan(owner)}: {', '.join(cells)}")
    if by_owner.get(None):
        lines.append("  " + _t(lang, "term.sum.uncontrolled_list", provinces=", ".join(by_owner[None])))
    lines.append("  " + _t(lang, "bot.rk.control_legend"))
    if view["tokens"]:
        lines.append(_t(lang, "term.sum.tokens"))
        for tok in view["tokens"]:
            what = tok["code"] if tok["faceup"] else _t(lang, "term.sum.facedown")
            lines.append("  " + _t(lang, "term.sum.token", n=tok["token"], clan=w.clan(tok["owner"]), at=tok["at"], what=what))
    lines.append(_t(lang, "term.sum.players"))
    for p in view["players"]:
        clan = w.clan(p["clan"]) if p["clan"] else _t(lang, "term.players.seat_n", n=p["seat"])
        flags = [_t(lang, k) for k, on in (("term.players.first_player", p["first_player"]), ("term.players.ronin", p["ronin"])) if on]
        lines.append("  " + _t(lang, "term.sum.player", clan=clan, hand=p["hand_size"], pool=p["pool_size"], discard=len(p["discard"]),
                               board=p["control_on_board"], supply=p["control_supply"], scouts=p["scouts"], shugenja=p["shugenja"],
                               cards=p["territory_cards"]) + (f" [{', '.join(flags)}]" if flags else ""))
    return lines


def mine(view: dict, lang: str, cards: Any = None) -> list[str]:
    """The seat's own hidden things: its screen, pool, objective (or the objectives dealt), territory cards, what it has
    seen; the objectives as the game's rules (``cards``) have them."""
    w = RokuganWords(lang, _rules(cards))
    you = view.get("you") or {}
    lines = [_t(lang, "bot.rk.you", clan=w.clan(you.get("clan")) if you.get("clan") else "-", seat=you.get("seat"))]
    if you.get("objective"):
        lines.append(_t(lang, "bot.rk.objective", id=you["objective"], name=w.objective(you["objective"]),
                        text=w.objective_text(you["objective"])))
    for oid in you.get("objectives_dealt") or []:
        lines.append(_t(lang, "bot.rk.objective_dealt", id=oid, name=w.objective(oid), text=w.objective_text(oid)))
    if "hand" in you:
        lines.append(_t(lang, "bot.rk.hand", tokens=_counted(you["hand"])))
    if "pool" in you:
        lines.append(_t(lang, "bot.rk.pool", tokens=_counted(you["pool"])))
    if you.get("territory_cards"):
        lines.append(_t(lang, "bot.rk.territory_cards", cards=", ".join(you["territory_cards"])))
    if you.get("seen"):
        lines.append(_t(lang, "bot.rk.seen", tokens="; ".join(_seen(entry, w) for entry in you["seen"])))
    return lines


def _seen(entry, w: RokuganWords) -> str:
    """A token the seat has looked at: ``#4 Crab a4 (how it was seen)``."""
    if isinstance(entry, list | tuple) and len(entry) == 4:
        source, token, owner, code = entry
        how = w.source(source) if has(f"source.{source}") else source
        return f"#{token} {w.clan(owner)} {code} ({how})"
    return str(entry)


def legal_lines(legal: list[str]) -> list[str]:
    """The legal actions, each once; placements grouped: ``place {a1|a2} {crab_1|crab_1>crab_2}`` for the places
    that take the same tokens."""
    from daimyo.bots.text import alternatives, grouped
    places: dict[str, list[str]] = defaultdict(list)
    other = []
    for text in legal:
        parts = text.split()
        if len(parts) == 3 and parts[0] == "place":
            places[parts[2]].append(parts[1])
        else:
            other.append(text)
    lines = grouped(other)
    groups: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for at, codes in places.items():
        groups[tuple(sorted(set(codes)))].append(at)
    for kinds, ats in groups.items():
        lines.append(f"  place {alternatives(list(kinds))} {alternatives(ats)}")
    return lines


def render(view: dict, seat: int, legal: list[str], lang: str = "en", cards: Any = None) -> str:
    """The seat's view and legal actions as text: the round and phase, who acts, the seat's own things, the board,
    what is asked, and the legal actions (grouped; answer with one action in the notation), under the game's rules
    (``cards``)."""
    rules = _rules(cards)
    w = RokuganWords(lang, rules)
    phase = words("phase." + view["phase"], None, lang) if has("phase." + view["phase"]) else view["phase"]
    head = _t(lang, "term.sum.head", round=view["round"], phase=phase)
    if view["first_player"]:
        head += ", " + _t(lang, "term.sum.first_player", clan=w.clan(view["first_player"]))
    if view["to_act"]:
        head += ", " + _t(lang, "term.sum.to_act", who=", ".join(w.clan(c) if c in rules.clan_names else c for c in view["to_act"]))
    lines = [head, *mine(view, lang, rules), *board(view, lang)]
    if view.get("result"):
        lines.append(_t(lang, "bot.rk.result", winners=", ".join(w.clan(view["result"]["scores"][i]["clan"])
                                                                  for i in view["result"]["winners"])))
    if legal:
        lines += [awaiting(view, lang, rules), _t(lang, "bot.legal", n=len(legal)), *legal_lines(legal)]
    return "\n".join(lines)
