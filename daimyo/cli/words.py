"""Battle for Rokugan events in English sentences, for the terminal game (``daimyo play --terminal``).

:func:`sentences` turns one engine event into one or more sentences. It reads only the
event's own data, so what it says is exactly what the event tells: feed it only the events
a seat may see (``event.visible(seat)``) and it can say nothing hidden from that seat.
:data:`SENTENCES` names every event kind the engine emits (setup, upkeep, placement, card
effects, resolution, scoring); a test checks that each kind seen in random games is there.
"""

from __future__ import annotations

from typing import Callable

from daimyo.core.game import Event
from daimyo.rokugan.data import RULES as R

_KIND_WORDS = {"a": "army", "n": "navy", "s": "shinobi", "b": "blessing"}


def token_name(code: str | None) -> str:
    """``a3`` -> ``army 3``, ``b2`` -> ``blessing +2``, ``dip`` -> ``diplomacy``; None -> ``facedown``."""
    if code is None:
        return "facedown"
    if code == "dip":
        return "diplomacy"
    if code in ("raid", "bluff"):
        return code
    kind = _KIND_WORDS.get(code[0])
    if kind is None or not code[1:].isdigit():
        return code
    return f"{kind} +{code[1:]}" if kind == "blessing" else f"{kind} {code[1:]}"


def clan_name(clan: str | None) -> str:
    """The clan's printed name (``Crab``); a seat without a clan yet stays ``seatN``."""
    if clan is None:
        return "no one"
    return R.clan_display.get(clan, clan)


def card_name(card: str) -> str:
    """A territory card, initiative card or start-of-turn card by its printed name."""
    if card in R.cards:
        return R.cards[card]["name"]
    if card in R.neutral_names:
        return R.neutral_names[card]
    if card in R.clan_display:
        return f"the {R.clan_display[card]} initiative card"
    return {"scout": "a scout card", "shugenja": "a shugenja card", "first-player": "the first player card"}.get(card, card)


def objective_name(oid: str | None) -> str:
    if oid is None:
        return "no objective"
    o = R.objectives.get(oid)
    return o["name"] if o else oid


def objective_condition(oid: str) -> str:
    """What an objective asks for, in words (from objectives.json)."""
    o = R.objectives[oid]
    c = o["condition"]
    if c == "territory_hold":
        return f"control every province of the {o['territory']} territory"
    if c == "connected_spread":
        return f"control {o['provinces']} connected provinces spread over at least {o['territories']} territories"
    if c == "coastal":
        return f"control at least {o['provinces']} coastal provinces"
    if c == "fewest_provinces":
        return "control the fewest provinces (ties included)"
    if c == "territory_spread":
        return f"control a province in at least {o['territories']} territories"
    if c == "provinces_all":
        return "control " + " and ".join(o["provinces_list"])
    return c.replace("_", " ")


def territory_name(tid: str) -> str:
    return tid.replace("_", " ")


def special_name(name: str | None) -> str:
    """``scorched_earth`` -> ``scorched earth``, ``honor_2`` -> ``+2 honor``, ``defense_1`` -> ``+1 defense``."""
    if name is None:
        return "none"
    kind, _, n = name.partition("_")
    if kind in ("honor", "defense") and n.isdigit():
        return f"+{n} {kind}"
    return name.replace("_", " ")


def place_words(at: str) -> str:
    """Where a combat token stands, in words: on a land border, a coast, in a province or on a token."""
    if at.startswith("#"):
        return f"on top of token {at}"
    if at.startswith("~"):
        return f"on the coast of {at[1:]} (attacking {at[1:]} from the sea)"
    if ">" in at:
        src, _, dst = at.partition(">")
        return f"on the border {src}>{dst} (from {src}, attacking {dst})"
    return f"in {at}"


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _token(t: dict) -> str:
    code = t.get("code")
    what = f" {token_name(code)}" if code else ""
    return f"{clan_name(t['owner'])}{what} #{t['token']} {place_words(t['at'])}"


def _tokens(ts: list[dict]) -> str:
    return "; ".join(_token(t) for t in ts) if ts else "none"


def _who(d: dict) -> str:
    return clan_name(d.get("clan"))


# ------------------------------------------------------------------ setup and upkeep
def _clan(d):
    return [f"Seat {d['seat']} chooses the {clan_name(d['clan'])} clan."]


def _objective_kept(d):
    return [f"{_who(d)} keeps one of its two secret objectives."]


def _objective(d):
    return [f"{_who(d)} keeps the objective {objective_name(d['objective'])} ({objective_condition(d['objective'])})."]


def _objectives_chosen(d):
    return ["Every player has chosen a secret objective."]


def _first_player(d):
    return [f"{_who(d)} becomes first player ({card_name(d['card'])} was drawn)."]


def _control(d):
    return [f"{_who(d)} places a starting control token facedown in {d['province']}."]


def _round(d):
    return [f"Round {d['round']} begins."]


def _ronin(d):
    return [f"{_who(d)} has no control token on the board and becomes ronin."]


def _ronin_ends(d):
    return [f"{_who(d)} has a control token on the board again and is no longer ronin."]


def _draw(d):
    return [f"{_who(d)} draws {_s(d['count'], 'combat token')}."]


def _drew(d):
    names = ", ".join(token_name(c) for c in d["tokens"]) or "nothing"
    return [f"{_who(d)} draws: {names}."]


def _placement(d):
    return ["The placement phase begins."]


def _pass(d):
    if d.get("ability"):
        return [f"{_who(d)} passes on the {clan_name(d['ability'])} ability."]
    if d.get("automatic"):
        return [f"{_who(d)} passes (no territory card to play)."]
    return [f"{_who(d)} passes."]


def _return_to_pool(d):
    if "token" in d:
        return [f"Token #{d['token']} goes back to {clan_name(d['owner'])}'s pool."]
    return [f"{_who(d)} returns {_s(d['count'], 'combat token')} from behind its screen to its pool."]


def _returned(d):
    return [f"{_who(d)} returns {token_name(d['code'])} to its pool."]


# ------------------------------------------------------------------ placement
def _place(d):
    if d.get("faceup"):
        return [f"{_who(d)} places {token_name(d['code'])} #{d['token']} faceup {place_words(d['at'])}."]
    return [f"{_who(d)} places token #{d['token']} facedown {place_words(d['at'])}."]


def _place_own(d):
    return [f"{_who(d)} places {token_name(d['code'])} #{d['token']} facedown {place_words(d['at'])}."]


def _play(d):
    return [f"{_who(d)} plays {card_name(d['card'])}."]


def _look(d):
    how = {"scout": "with a scout card", "first-player": "with the first player card", "scorpion": "with the Scorpion ability",
           "dark-favors": "through Dark Favors"}.get(d["source"], f"({d['source']})")
    return [f"{_who(d)} secretly looks at {clan_name(d['owner'])}'s token #{d['token']} {how}."]


def _saw(d):
    return [f"{_who(d)} sees that {clan_name(d['owner'])}'s token #{d['token']} is {token_name(d['code'])}."]


def _discard(d):
    return [f"{clan_name(d['owner'])}'s token #{d['token']} is revealed as {token_name(d['code'])} and discarded ({card_name(d['source'])})."]


def _swap(d):
    a, b = d["tokens"]
    return [f"{_who(d)} swaps the places of its tokens #{a} and #{b}."]


# ------------------------------------------------------------------ card effects
def _discard_from_hand(d):
    return [f"{_who(d)} discards {token_name(d['code'])} from behind its screen."]


def _take_from_discard(d):
    return [f"{_who(d)} takes {token_name(d['code'])} from its discard pile into its hand."]


def _control_added(d):
    n = d.get("faceup", d.get("count", 0))
    face = "faceup " if "faceup" in d else ""
    return [f"{_who(d)} adds {_s(n, face + 'control token')} to {d['province']}."]


def _control_removed(d):
    return [f"{_who(d)} removes one of its control tokens from {d['province']}."]


def _special(d):
    replaced = f", replacing the {special_name(d['replaced'])} token" if d.get("replaced") else ""
    return [f"The {special_name(d['token'])} token is put in {d['province']}{replaced}."]


def _special_removed(d):
    return [f"The {special_name(d['token'])} token is removed from {d['province']}."]


def _spy(d):
    return [f"{_who(d)} looks at {clan_name(d['target'])}'s hand; {clan_name(d['target'])} cannot place its bluff this round."]


def _saw_hand(d):
    names = ", ".join(token_name(c) for c in d["tokens"]) or "nothing"
    return [f"{_who(d)} sees {clan_name(d['target'])}'s hand: {names}."]


def _swap_control(d):
    a, b = d["provinces"]
    return [f"{_who(d)} swaps all control tokens between {a} and {b}."]


# ------------------------------------------------------------------ resolution
def _resolution(d):
    return [f"Resolution of round {d['round']}: every combat token on the board is revealed."]


def _reveal(d):
    if not d["tokens"]:
        return ["Revealed: no combat token is on the board."]
    return ["Revealed:"] + [f"  {_token(t)}" for t in d["tokens"]]


def _why_removed(why: str) -> str:
    return {"bluff": "a bluff"}.get(why, why)


def _removed(d):
    if not d["tokens"]:
        return ["No bluff or illegally placed token is discarded."]
    return [f"Discarded: {clan_name(t['owner'])} {token_name(t['code'])} #{t['token']} {place_words(t['at'])} ({_why_removed(t['why'])})."
            for t in d["tokens"]]


def _raid(d):
    out = [f"{_who(d)} raids {d['province']}."]
    if d["control_removed_from"]:
        out.append(f"  {clan_name(d['control_removed_from'])}'s control tokens are removed from {d['province']}.")
    out.append("  A scorched earth token is put there." if d["scorched_earth"] else "  No scorched earth token is left to put there.")
    out.append(f"  Tokens discarded: {_tokens(d['discarded'])}.")
    return out


def _raid_fails(d):
    return [f"{_who(d)}'s raid on {d['province']} fails: {d['why']}."]


def _diplomacy(d):
    out = [f"{_who(d)} makes peace in {d['province']}."]
    out.append("  A peace token is put there." if d["peace"] else "  No peace token is left to put there.")
    out.append(f"  Tokens discarded: {_tokens(d['discarded'])}.")
    return out


_DEFENSE_PARTS = (("combat_tokens", "from combat tokens"), ("printed", "printed defense"), ("faceup_control", "from faceup control tokens"),
                  ("special", "from a special token"), ("lion_bluff", "from the Lion bluff"))


def _battle(d):
    out = [f"Battle for {d['province']}:"]
    df = d["defender"]
    for a in d["attackers"]:
        src = ", ".join(f"{token_name(t['code'])} #{t['token']} {place_words(t['at'])}" for t in a["tokens"]) or "no token"
        faced = a.get("defense_faced", df["total"])
        note = f"; it faces a defense of {faced} (the capital's printed +2 does not count against Phoenix)" if faced != df["total"] else ""
        out.append(f"  attacker {clan_name(a['clan'])}: {a['total']} = {src}{note}")
    parts = []
    for key, label in _DEFENSE_PARTS:
        if df.get(key):
            parts.append(f"{df[key]} {label}")
    for key, v in df.items():  # any part the engine adds later is still shown
        if key not in ("clan", "total", "tokens") and key not in dict(_DEFENSE_PARTS) and v:
            parts.append(f"{v} {key.replace('_', ' ')}")
    who = clan_name(df["clan"]) if df["clan"] else "nobody (the province is uncontrolled)"
    out.append(f"  defender {who}: {df['total']} = {' + '.join(parts) if parts else 'nothing'}")
    if df["tokens"]:
        out.append(f"  defending tokens: {_tokens(df['tokens'])}")
    if d["outcome"] == "taken":
        out.append(f"  {clan_name(d['winner'])} wins and takes {d['province']}: its control tokens there become one facedown control token.")
    elif d["outcome"] == "defended":
        out.append(f"  {clan_name(d['winner'])} wins and holds {d['province']}, adding {_s(d['faceup_added'], 'faceup control token')}.")
    else:
        out.append(f"  Nobody takes {d['province']}.")
    return out


def _successful_defense(d):
    return [f"{_who(d)} holds {d['province']} ({d['why']}) and adds {_s(d['faceup_added'], 'faceup control token')}."]


def _territory_claimed(d):
    return [f"{_who(d)} controls every province of the {territory_name(d['territory'])} territory and claims its territory card."]


def _territory_card_returned(d):
    return [f"{_who(d)} no longer controls the whole {territory_name(d['territory'])} territory and gives its territory card back."]


def scoring_rows(d: dict) -> list[dict]:
    """The final-scoring event's rows, each with the objective in words."""
    rows = []
    for r in d["scores"]:
        obj = (f"{objective_name(r['objective'])} {'met' if r['objective_met'] else 'not met'}" if r["objective"] else "no objective")
        rows.append({**r, "objective_words": obj})
    return rows


def _final_scoring(d):
    out = ["Final scoring:"]
    for r in scoring_rows(d):
        terr = f" ({', '.join(territory_name(t) for t in r['territories'])})" if r["territories"] else ""
        out.append(f"  {clan_name(r['clan'])}: {r['total']} honor = {r['flowers']} from flowers + {r['faceup_control']} from faceup control tokens"
                   f" + {r['objective_honor']} from the objective ({r['objective_words']}) + {r['territory_honor']} from territory cards{terr}")
    ws = [clan_name(w) for w in d["winners"]]
    out.append(f"{' and '.join(ws)} win{'s' if len(ws) == 1 else ''} the game." if ws else "Nobody wins.")
    return out


#: every event kind the engine emits, with what says it in words
SENTENCES: dict[str, Callable[[dict], list[str]]] = {
    "clan": _clan, "objective-kept": _objective_kept, "objective": _objective, "objectives-chosen": _objectives_chosen,
    "first-player": _first_player, "control": _control, "round": _round, "ronin": _ronin, "ronin-ends": _ronin_ends,
    "draw": _draw, "drew": _drew, "placement": _placement, "pass": _pass, "return-to-pool": _return_to_pool, "returned": _returned,
    "place": _place, "place-own": _place_own, "play": _play, "look": _look, "saw": _saw, "discard": _discard, "swap": _swap,
    "discard-from-hand": _discard_from_hand, "take-from-discard": _take_from_discard, "control-added": _control_added,
    "control-removed": _control_removed, "special": _special, "special-removed": _special_removed, "spy": _spy,
    "saw-hand": _saw_hand, "swap-control": _swap_control,
    "resolution": _resolution, "reveal": _reveal, "removed": _removed, "raid": _raid, "raid-fails": _raid_fails,
    "diplomacy": _diplomacy, "battle": _battle, "successful-defense": _successful_defense,
    "territory-claimed": _territory_claimed, "territory-card-returned": _territory_card_returned, "final-scoring": _final_scoring,
}

#: a public event followed by the private event that tells its actor the same thing with more detail
_PRIVATE_DETAIL = {"place": "place-own", "look": "saw", "draw": "drew", "objective-kept": "objective",
                   "return-to-pool": "returned", "spy": "saw-hand"}


def sentences(e: Event) -> list[str]:
    """The event in one or more English sentences (lines after the first are indented details)."""
    say = SENTENCES.get(e.kind)
    if say is None:
        return [e.kind + (": " + ", ".join(f"{k} {v}" for k, v in e.data.items()) if e.data else "")]
    return say(e.data)


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


def narrate(events: list[Event], seat: int | None) -> list[str]:
    """Every event ``seat`` may see, in sentences."""
    lines: list[str] = []
    for e in seen_by(events, seat):
        lines.extend(sentences(e))
    return lines
