"""Rising Sun's War Phase in words for an outside program: the rules in brief at the start, and at each decision the
war at hand, every clan's standing, the figures in the province, the seat's own coins and ronin, and the legal actions
(a bid as its rule when every bid up to the seat's coins is legal, which are thousands with many coins)."""

from __future__ import annotations

from math import comb
from typing import Any

from daimyo.words import t as words
from daimyo.words.risingsun import SLOTS, RisingSunWords


def facts(view: dict, seat: int, lang: str = "en", cards: Any = None) -> dict:
    """The bid slots in their order and the wars of this War Phase."""
    w = RisingSunWords(lang)
    return {"slots": {s: w.slot(s) for s in SLOTS},
            "wars": [{"number": x["number"], "province": x["province"], "name": w.province(x["province"])} for x in view["wars"]]}


def facts_text(view: dict, seat: int, lang: str = "en", cards: Any = None) -> str:
    w = RisingSunWords(lang)
    wars = ", ".join(f"{x['number']}. {w.province(x['province'])}" for x in view["wars"])
    return "\n".join([words("bot.rules", None, lang), words("bot.rs.brief", None, lang), "", wars])


def _bids(legal: list[str]) -> int | None:
    """The most coins of a bid when ``legal`` is every bid of four slots up to that many coins; else None."""
    if not legal or not all(a.startswith("bid ") and len(a.split()) == 5 for a in legal):
        return None
    most = max(sum(int(x) for x in a.split()[1:]) for a in legal)
    return most if len(set(legal)) == comb(most + len(SLOTS), len(SLOTS)) else None


def render(view: dict, seat: int, legal: list[str], lang: str = "en", cards: Any = None) -> str:
    """The war at hand and the seat's legal actions in words."""
    w = RisingSunWords(lang)
    you = view.get("you") or {}
    lines = [words("bot.rs.you", {"clan": w.clan(you.get("clan")), "seat": you.get("seat"), "coins": you.get("coins"),
                                  "ronin": you.get("ronin_for_hire")}, lang)]
    if view.get("province"):
        lines.append(words("bot.rs.war", {"n": view.get("war_number"), "province": w.province(view["province"]),
                                          "step": w.step(view.get("step")) or "-"}, lang))
    for p in view["players"]:
        lines.append("  " + words("bot.rs.player", {"clan": w.clan(p["clan"]), "vp": p["vp"], "ally": w.clan(p["ally"]) if p["ally"] else "-",
                                                    "coins": "?" if p["coins"] is None else p["coins"],
                                                    "ronin": "?" if p["ronin"] is None else p["ronin"],
                                                    "tokens": ", ".join(p["tokens"]) or "-"}, lang))
    if view.get("province"):
        here = [f"#{f['figure']} {w.clan(f['owner'])} {w.kind(f['kind'])} ({f['force']})" for f in view["figures"]
                if f["province"] == view["province"]]
        lines.append(words("bot.rs.figures", {"province": w.province(view["province"]), "figures": ", ".join(here) or "-"}, lang))
    if view.get("result"):
        lines.append(words("bot.rs.result", {"clan": w.clan(view["result"]["winner"])}, lang))
    if legal:
        lines.append(words("bot.legal", {"n": len(legal)}, lang))
        most = _bids(legal)
        if most is not None:
            lines.append("  " + words("bot.rs.bid", {"most": most}, lang))
        else:
            lines += [f"  {a}" if a.startswith("bid ") else f"  {a}: {w.action(a, view['figures'])}" for a in legal]
    return "\n".join(lines)
