"""Rising Sun's War Phase in words, for the terminal (``daimyo risingsun``): each event in one or more
lines, from the event's own data only (templates ``rs.*`` of the catalogue)."""

from __future__ import annotations

from daimyo.core.game import Event
from daimyo.words import t as _t


def lines(e: Event, lang: str = "en") -> list[str]:
    """One event as lines of text; detail lines start with two spaces (the events of one war)."""
    d, k = e.data, e.kind

    def t(key: str, **params) -> str:
        return _t("rs." + key, params, lang)

    if k == "ronin-become-coins":
        return [t("event.ronin-become-coins", clan=d["clan"])]
    if k == "ronin-become-coins-count":
        return [t("event.ronin-become-coins-count", clan=d["clan"], ronin=d["ronin"], coins=d["coins"])]
    if k == "war":
        forces = ", ".join(f"{c} {f}" for c, f in d["forces"].items()) or t("nobody_has_force")
        return [t("event.war", number=d["number"], province=d["province"], forces=forces)]
    if k == "token-discarded":
        return ["  " + t("event.token-discarded", province=d["province"])]
    if k == "token-taken":
        return ["  " + t("event.token-taken-allies" if d.get("allies") else "event.token-taken", clan=d["clan"], province=d["province"])]
    if k == "battle":
        shown = "; ".join(t("shown", clan=c, coins=v["coins"], ronin=v["ronin"]) for c, v in d["shown"].items())
        return ["  " + t("event.battle", clans=", ".join(d["clans"])), "  " + t("event.battle-shown", shown=shown)]
    if k == "bid-placed":
        return ["  " + t("event.bid-placed", clan=d["clan"])]
    if k == "your-bid":
        b = d["bid"]
        return ["  " + t("event.your-bid", clan=d["clan"], seppuku=b["seppuku"], hostage=b["hostage"], ronin=b["ronin"], poets=b["poets"])]
    if k == "bids-revealed":
        # a table: the clans down, the four slots across, each amount under its slot's name
        slots = ("seppuku", "hostage", "ronin", "poets")
        heads = [t("slot." + x) for x in slots]
        width = max(len(c) for c in d["bids"]) + 1
        rows = [" " * (width + 1) + "  ".join(heads)]
        rows += [f"{c + ':':<{width}} " + "  ".join(str(b[x]).rjust(len(h)) for x, h in zip(slots, heads, strict=True))
                 for c, b in d["bids"].items()]
        return ["  " + t("event.bids-revealed")] + ["    " + r.rstrip() for r in rows]
    if k == "slot":
        if d["winner"] is None:
            return ["  " + t("event.slot-nobody", slot=t("slot." + d["slot"]))]
        return ["  " + t("event.slot", slot=t("slot." + d["slot"]), clan=d["winner"], bid=d["bid"])]
    if k == "declined":
        return ["  " + t("event.declined", clan=d["clan"], slot=t("slot." + d["slot"]))]
    if k == "seppuku":
        return ["  " + t("event.seppuku", clan=d["clan"], n=len(d["killed"]), vp=d["vp"], honor=" > ".join(d["honor"]))]
    if k == "hostage":
        return ["  " + t("event.hostage", clan=d["clan"], owner=d["owner"], figure=d["figure"], kind=t("figure." + d["figure_kind"]), vp=d["vp"])]
    if k == "ronin-hired":
        return ["  " + t("event.ronin-hired", clan=d["clan"], force=d["force"])]
    if k == "battle-won":
        forces = ", ".join(f"{c} {f}" for c, f in d["forces"].items())
        key = "event.battle-won-killed" if d["killed"] else "event.battle-won"
        return ["  " + t(key, clan=d["clan"], province=d["province"], forces=forces, n=len(d["killed"]))]
    if k == "poets":
        return ["  " + t("event.poets", clan=d["clan"], vp=d["vp"])]
    if k == "reparations":
        paid = ", ".join(f"{c} {v}" for c, v in d["paid"].items())
        disc = ", ".join(f"{c} {v}" for c, v in d["discarded"].items())
        return ["  " + t("event.reparations", discarded=disc, by=d["by"], paid=paid)]
    if k == "war-phase-over":
        return [t("event.war-phase-over", clan=d["winner"])]
    return ["  " + _t("event.unknown", {"kind": k}, lang)]
