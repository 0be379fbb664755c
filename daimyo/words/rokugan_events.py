"""Battle for Rokugan events in sentences, for the terminal (``daimyo play --terminal``, ``daimyo rokugan replay``).

The sentences are the catalogue's templates (:mod:`daimyo.words`) filled by
:class:`daimyo.words.rokugan.RokuganWords`: the same words the browser shows, in English or Polish.
:func:`sentences` turns one engine event into one or more lines. It reads only the event's own data,
so what it says is exactly what the event tells: feed it only the events a seat may see
(``event.visible(seat)``) and it can say nothing hidden from that seat. Every event kind is declared
in :mod:`daimyo.rokugan.events`.
"""

from __future__ import annotations

from daimyo.core.game import Event
from daimyo.words.rokugan import RokuganWords


def token_name(code: str | None, lang: str = "en") -> str:
    """``a3`` -> ``army 3``, ``dip`` -> ``diplomacy``; None -> ``facedown token``."""
    return RokuganWords(lang).token(code)


def clan_name(clan: str | None, lang: str = "en") -> str:
    """The clan's printed name (``Crab``); no clan -> ``nobody``."""
    return RokuganWords(lang).clan(clan)


def card_name(card: str, lang: str = "en") -> str:
    """A territory card, scout, shugenja or first player card by its printed name."""
    return RokuganWords(lang).card(card)


def objective_name(oid: str | None, lang: str = "en") -> str:
    return RokuganWords(lang).objective(oid)


def objective_condition(oid: str, lang: str = "en") -> str:
    """What an objective asks for and is worth, in words (from objectives.json, which the scoring reads too)."""
    return RokuganWords(lang).objective_text(oid)


def territory_name(tid: str, lang: str = "en") -> str:
    return RokuganWords(lang).territory(tid)


def special_name(name: str | None, lang: str = "en") -> str:
    """``scorched_earth`` -> ``scorched earth``, ``honor_2`` -> ``+2 honor``; None -> ``none``."""
    w = RokuganWords(lang)
    return w.special(name) if name else w.t("none")


def place_words(at: str, lang: str = "en") -> str:
    """Where a combat token stands: ``Crab 2 → Crab 3`` (a border), ``the coast of Crab 1``, ``token #5``, ``Crab 2``."""
    return RokuganWords(lang).place(at)


def scoring_rows(d: dict, lang: str = "en") -> list[dict]:
    """The final-scoring event's rows, each with the objective in words."""
    w = RokuganWords(lang)
    rows = []
    for r in d["scores"]:
        if r["objective"]:
            obj = w.t("scores.objective_met" if r["objective_met"] else "scores.objective_not_met", {"objective": w.objective(r["objective"])})
        else:
            obj = w.t("scores.no_objective")
        rows.append({**r, "objective_words": obj})
    return rows


def sentences(e: Event, lang: str = "en") -> list[str]:
    """The event in one or more lines: its sentence, then (indented) a battle's sides or each clan's final score."""
    w = RokuganWords(lang)
    if e.kind == "final-scoring":
        out = []
        for r in scoring_rows(e.data, lang):
            terr = ", ".join(w.territory(t) for t in r["territories"])
            out.append("  " + w.t("scores.line", {"clan": w.clan(r["clan"]), "total": r["total"], "flowers": r["flowers"],
                                                  "faceup": r["faceup_control"], "objective_honor": r["objective_honor"],
                                                  "objective": r["objective_words"], "territory_honor": r["territory_honor"],
                                                  "territories": terr or w.t("none")}))
        return out + [w.sentence(e)]
    return w.lines(e)


#: a public event followed by the private event that tells its actor the same thing with more detail
_PRIVATE_DETAIL = {"place": "place-own", "look": "saw", "draw": "drew", "objective-kept": "objective",
                   "return-to-pool": "returned", "spy": "saw-hand"}


def seen_by(events: list[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see, leaving out a public event when the next one tells the seat the same in more detail."""
    vis = [e for e in events if e.visible(seat)]
    out = []
    for i, e in enumerate(vis):
        nxt = vis[i + 1] if i + 1 < len(vis) else None
        if nxt is not None and _PRIVATE_DETAIL.get(e.kind) == nxt.kind and nxt.visible_to is not None and e.data.get("clan") == nxt.data.get("clan"):
            continue
        out.append(e)
    return out


def narrate(events: list[Event], seat: int | None, lang: str = "en") -> list[str]:
    """Every event ``seat`` may see, in sentences."""
    lines: list[str] = []
    for e in seen_by(events, seat):
        lines.extend(sentences(e, lang))
    return lines

