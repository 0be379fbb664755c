"""Battle for Rokugan states and events in words, for ``daimyo rokugan replay`` (events: :mod:`daimyo.cli.rokugan.words`)."""

from __future__ import annotations

from daimyo.cli.rokugan.words import sentences
from daimyo.core.game import Event


def describe(e: Event, lang: str = "en") -> list[str]:
    """One or more lines telling a public event in words (the same sentences as the terminal game and the browser)."""
    return sentences(e, lang)


def state_summary(v: dict) -> list[str]:
    """A readable summary of a spectator's view (``state.view(None)``)."""
    lines = [f"round {v['round']}, phase {v['phase']}"
             + (f", first player {v['first_player']}" if v["first_player"] else "")
             + (f", to act: {', '.join(v['to_act'])}" if v["to_act"] else "")]
    lines.append("provinces:")
    for name, p in v["provinces"].items():
        if p["owner"] is None and p["special"] is None:
            continue
        ctl = f"{p['owner']} ({p['faceup']} faceup, {p['facedown']} facedown)" if p["owner"] else "uncontrolled"
        lines.append(f"  {name:<18} {ctl}" + (f", {p['special']}" if p["special"] else ""))
    empty = [n for n, p in v["provinces"].items() if p["owner"] is None and p["special"] is None]
    if empty:
        lines.append(f"  uncontrolled: {' '.join(empty)}")
    if v["tokens"]:
        lines.append("combat tokens on the board:")
        for t in v["tokens"]:
            lines.append(f"  #{t['token']} {t['owner']} at {t['at']} " + (t["code"] if t["faceup"] else "(facedown)"))
    lines.append("players:")
    for p in v["players"]:
        clan = p["clan"] or f"seat{p['seat']}"
        flags = [f for f, on in (("first player", p["first_player"]), ("ronin", p["ronin"])) if on]
        lines.append(f"  {clan:<9} hand {p['hand_size']}, pool {p['pool_size']}, discard {len(p['discard'])},"
                     f" control {p['control_on_board']} on board / {p['control_supply']} in supply,"
                     f" scouts {p['scouts']}, shugenja {p['shugenja']}, territory cards {p['territory_cards']}"
                     + (f" [{', '.join(flags)}]" if flags else ""))
    if v["result"]:
        clans = [r["clan"] for r in v["result"]["scores"]]
        lines.extend(sentences(Event("final-scoring", {"scores": v["result"]["scores"],
                                                       "winners": [clans[w] for w in v["result"]["winners"]]})))
    return lines
