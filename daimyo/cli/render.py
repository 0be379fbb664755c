"""Battle for Rokugan states and events in words, for ``daimyo rokugan replay``."""

from __future__ import annotations

from daimyo.core.game import Event


def _tok(t: dict) -> str:
    code = t.get("code")
    return f"#{t['token']} {t['owner']} {code + ' ' if code else ''}at {t['at']}"


def _toks(ts: list[dict]) -> str:
    return ", ".join(_tok(t) for t in ts) if ts else "none"


def _battle(d: dict) -> list[str]:
    lines = [f"battle for {d['province']}:"]
    for a in d["attackers"]:
        faced = a.get("defense_faced", d["defender"]["total"])
        extra = f" (faces a defense of {faced}: the capital's printed +2 is ignored)" if faced != d["defender"]["total"] else ""
        lines.append(f"  attacker {a['clan']}: {a['total']} from {_toks(a['tokens'])}{extra}")
    df = d["defender"]
    parts = [f"{v} {k.replace('_', ' ')}" for k, v in df.items()
             if k not in ("clan", "total", "tokens") and v]
    src = " + ".join(parts) if parts else "nothing"
    who = df["clan"] or "no one (uncontrolled)"
    lines.append(f"  defender {who}: {df['total']} = {src}"
                 + (f" (tokens: {_toks(df['tokens'])})" if df["tokens"] else ""))
    if d["outcome"] == "taken":
        lines.append(f"  {d['winner']} takes {d['province']} (facedown control token placed)")
    elif d["outcome"] == "defended":
        lines.append(f"  {d['winner']} holds {d['province']} (+{d['faceup_added']} faceup control token)")
    else:
        lines.append("  no one takes it")
    return lines


def _scores(d: dict) -> list[str]:
    lines = ["final scoring:"]
    for r in d["scores"]:
        if r["objective"]:
            obj = f"objective {r['objective']} {'met' if r['objective_met'] else 'not met'} (+{r['objective_honor']})"
        else:
            obj = "no objective (+0)"
        terr = f" ({', '.join(r['territories'])})" if r["territories"] else ""
        lines.append(f"  {r['clan']}: {r['total']} honor = {r['flowers']} flowers + {r['faceup_control']} faceup control"
                     f" + {obj} + {r['territory_honor']} territories{terr}")
    lines.append(f"  winner{'s' if len(d['winners']) > 1 else ''}: {', '.join(d['winners'])}")
    return lines


def _generic(kind: str, d: dict) -> str:
    return kind + (": " + ", ".join(f"{k} {v}" for k, v in d.items()) if d else "")


def describe(e: Event) -> list[str]:
    """One or more lines telling a public event in words."""
    k, d = e.kind, e.data
    who = d.get("clan")
    if k == "clan":
        return [f"seat {d['seat']} chooses {who}"]
    if k == "objective-kept":
        return [f"{who} keeps a secret objective"]
    if k == "objectives-chosen":
        return ["every player has chosen an objective"]
    if k == "first-player":
        return [f"{who} is first player (initiative card: {d['card']})"]
    if k == "control":
        return [f"{who} places a starting control token in {d['province']}"]
    if k == "round":
        return [f"== round {d['round']} =="]
    if k == "draw":
        return [f"{who} draws {d['count']} combat token{'s' if d['count'] != 1 else ''}"]
    if k == "placement":
        return ["placement phase"]
    if k == "place":
        face = f"faceup {d['code']}" if d.get("faceup") else "facedown"
        return [f"{who} places token #{d['token']} at {d['at']} ({face})"]
    if k == "play":
        return [f"{who} plays {d['card']}"]
    if k == "look":
        return [f"{who} looks at #{d['token']} of {d['owner']} ({d['source']})"]
    if k == "discard":
        return [f"#{d['token']} of {d['owner']} ({d['code']}) is discarded ({d['source']})"]
    if k == "return-to-pool":
        if "token" in d:
            return [f"#{d['token']} of {d['owner']} returns to its owner's pool"]
        return [f"{who} returns {d['count']} combat token to the pool"]
    if k == "swap":
        return [f"{who} swaps tokens #{d['tokens'][0]} and #{d['tokens'][1]}"]
    if k == "pass":
        how = " (automatically: no card to play)" if d.get("automatic") else ""
        how = f" (using the {d['ability']} ability)" if d.get("ability") else how
        return [f"{who} passes{how}"]
    if k == "resolution":
        return [f"resolution phase of round {d['round']}"]
    if k == "reveal":
        return [f"revealed: {_toks(d['tokens'])}"]
    if k == "removed":
        if not d["tokens"]:
            return ["no bluff or illegally placed token to discard"]
        return [f"discarded: #{t['token']} {t['owner']} {t['code']} at {t['at']} ({t['why']})" for t in d["tokens"]]
    if k == "raid":
        lost = f"control of {d['control_removed_from']} removed" if d["control_removed_from"] else "no control to remove"
        scorched = "scorched earth placed" if d["scorched_earth"] else "no scorched earth token left"
        return [f"{who} raids {d['province']}: {lost}, {scorched}, tokens discarded: {_toks(d['discarded'])}"]
    if k == "raid-fails":
        return [f"{who}'s raid on {d['province']} fails: {d['why']}"]
    if k == "diplomacy":
        peace = "peace token placed" if d["peace"] else "no peace token left"
        return [f"{who} makes peace in {d['province']}: {peace}, tokens discarded: {_toks(d['discarded'])}"]
    if k == "battle":
        return _battle(d)
    if k == "successful-defense":
        return [f"{who} defends {d['province']} ({d['why']}): +{d['faceup_added']} faceup control token"]
    if k == "territory-claimed":
        return [f"{who} claims the {d['territory']} territory card"]
    if k == "territory-card-returned":
        return [f"{who} loses the {d['territory']} territory and returns its card"]
    if k == "ronin":
        return [f"{who} has no control token on the board and becomes ronin"]
    if k == "ronin-ends":
        return [f"{who} is no longer ronin"]
    if k == "final-scoring":
        return _scores(d)
    return [_generic(k, d)]


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
        lines.extend(_scores({"scores": v["result"]["scores"],
                              "winners": [clans[w] for w in v["result"]["winners"]]}))
    return lines
