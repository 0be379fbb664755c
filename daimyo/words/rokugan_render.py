"""Battle for Rokugan states and events in words, for ``daimyo rokugan replay`` (events: :mod:`daimyo.words.rokugan_events`)."""

from __future__ import annotations

from daimyo.core.game import Event
from daimyo.words import has, t as words
from daimyo.words.rokugan import RokuganWords
from daimyo.words.rokugan_events import sentences


def describe(e: Event, lang: str = "en") -> list[str]:
    """One or more lines telling a public event in words (the same sentences as the terminal game and the browser)."""
    return sentences(e, lang)


def phase_name(phase: str, lang: str = "en") -> str:
    """A phase in words (``phase.<id>`` of the catalogue; the id itself if it has none)."""
    return words("phase." + phase, None, lang) if has("phase." + phase, "en") else phase


def state_summary(v: dict, lang: str = "en") -> list[str]:
    """A readable summary of a spectator's view (``state.view(None)``), in ``lang``."""
    w = RokuganWords(lang)

    def t(key: str, **params) -> str:
        return words(key, params, lang)

    head = t("term.sum.head", round=v["round"], phase=phase_name(v["phase"], lang))
    if v["first_player"]:
        head += ", " + t("term.sum.first_player", clan=w.clan(v["first_player"]))
    if v["to_act"]:
        head += ", " + t("term.sum.to_act", who=", ".join(w.clan(c) if c in w_clans() else c for c in v["to_act"]))
    lines = [head, t("term.sum.provinces")]
    for name, p in v["provinces"].items():
        if p["owner"] is None and p["special"] is None:
            continue
        ctl = t("term.sum.faceup_facedown", clan=w.clan(p["owner"]), faceup=p["faceup"], facedown=p["facedown"]) if p["owner"] \
            else t("term.sum.uncontrolled")
        lines.append(f"  {w.province(name):<22} {ctl}" + (f", {w.special(p['special'])}" if p["special"] else ""))
    empty = [w.province(n) for n, p in v["provinces"].items() if p["owner"] is None and p["special"] is None]
    if empty:
        lines.append("  " + t("term.sum.uncontrolled_list", provinces=", ".join(empty)))
    if v["tokens"]:
        lines.append(t("term.sum.tokens"))
        for tok in v["tokens"]:
            what = w.token(tok["code"]) if tok["faceup"] else t("term.sum.facedown")
            lines.append("  " + t("term.sum.token", n=tok["token"], clan=w.clan(tok["owner"]), at=w.place(tok["at"]), what=what))
    lines.append(t("term.sum.players"))
    for p in v["players"]:
        clan = w.clan(p["clan"]) if p["clan"] else t("term.players.seat_n", n=p["seat"])
        flags = [t(key) for key, on in (("term.players.first_player", p["first_player"]), ("term.players.ronin", p["ronin"])) if on]
        lines.append("  " + t("term.sum.player", clan=clan, hand=p["hand_size"], pool=p["pool_size"], discard=len(p["discard"]),
                               board=p["control_on_board"], supply=p["control_supply"], scouts=p["scouts"], shugenja=p["shugenja"],
                               cards=p["territory_cards"]) + (f" [{', '.join(flags)}]" if flags else ""))
    if v["result"]:
        clans = [r["clan"] for r in v["result"]["scores"]]
        lines.extend(sentences(Event("final-scoring", {"scores": v["result"]["scores"],
                                                       "winners": [clans[w] for w in v["result"]["winners"]]}), lang))
    return lines


def w_clans() -> tuple[str, ...]:
    from daimyo.rokugan.data import RULES
    return tuple(RULES.clan_names)
