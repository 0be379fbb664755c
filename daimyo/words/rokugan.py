"""Battle for Rokugan in words: names of the printed components, and one sentence per event.

The same code, line for line, is in the browser: the names in ``daimyo/web/static/common.js``
(``clanName``, ``provinceName``, ``tokenName``, ``placeName``...) and the sentences in
``daimyo/web/static/events.js`` (``describe``, ``battleSentence``); a test runs both on the events of
random games and checks they say the same text in every language. A sentence reads only the event's
own data (and the printed names), so it can tell no more than the event: feed it only the events a
seat may see.
"""

from __future__ import annotations

import re

from daimyo.core.game import Event
from daimyo.rokugan.data import RULES as R, Rules
from daimyo.rokugan.data_variant import default_rules
from daimyo.words import has, t as _t
from daimyo.words.errors import catalogue_names, said
from daimyo.words.rokugan_places import province_name, territory_name

_TOKEN = re.compile(r"^([ansb])(\d)$")
_TOKEN_KINDS = {"a": "army", "n": "navy", "s": "shinobi", "b": "blessing"}
_CLANS = ("crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn")
#: the engine's reasons (English) that have their own words
_WHY = {"bluff": "why.bluff", "defended and not attacked": "why.defended_not_attacked",
        "every attack on it failed": "why.attacks_failed",
        "no shinobi of the raider in the province and no adjacent province controlled by it": "why.raid_no_reach"}
#: a rule message's params that name a printed thing, and the catalogue prefix naming it (provinces: province_name)
_RULE_NAMES = {"clan": "clan.", "card": "card.", "kind": "err.kind.", "phase": "phase."}


def rule_params(params: dict, lang: str) -> dict:
    """A rule message's params (``rk.*`` codes, :mod:`daimyo.words.errors`) with its clans, cards, token kinds,
    phases and provinces in words of ``lang``."""
    out = catalogue_names(params, lang, _RULE_NAMES)
    if out.get("province") in R.province_index:
        out["province"] = province_name(out["province"], lang)
    return out


class RokuganWords:
    """The names and sentences of Battle for Rokugan in one language."""

    def __init__(self, lang: str = "en", rules: Rules | None = None):
        """``rules``: the game's rules, whose objectives are named (by default this process's default rules)."""
        self.lang = lang
        self.rules = rules

    def t(self, key: str, params: dict | None = None) -> str:
        return _t(key, params, self.lang)

    # -------------------------------------------------------------- names (common.js)
    def clan(self, c: str | None) -> str:
        return self.t("clan." + c) if c else self.t("nobody")

    def territory(self, tid: str) -> str:
        return territory_name(tid, self.lang)

    def province(self, p: str) -> str:
        return province_name(p, self.lang)

    def card(self, cid: str) -> str:
        return self.t("card." + cid)

    def objective(self, oid: str | None) -> str:
        if not oid:
            return "—"
        objectives = (self.rules or default_rules()).objectives
        if not has("objective." + oid) and oid in objectives:   # an objective a rules file adds: its own name
            return str(objectives[oid]["name"])
        return self.t("objective." + oid)

    def objective_text(self, oid: str) -> str:
        """What a secret objective asks for and is worth (objectives.json: the scoring rules read the same file)."""
        o = (self.rules or default_rules()).objectives.get(oid)
        if not o:
            return ""
        provinces = ", ".join(self.province(p) for p in o["provinces_list"]) if isinstance(o.get("provinces_list"), list) else o.get("provinces")
        return self.t("objcond." + o["condition"], {"territory": self.territory(o["territory"]) if o.get("territory") else "",
                                                    "honor": o["honor"], "provinces": provinces, "territories": o.get("territories")})

    def special(self, s: str) -> str:
        return self.t("special." + s)

    def token(self, code: str | None) -> str:
        if not code:
            return self.t("token.hidden")
        m = _TOKEN.match(code)
        if m:
            return self.t("token." + _TOKEN_KINDS[m.group(1)], {"n": m.group(2)})
        return self.t("token." + code)

    def place(self, at: str | None) -> str:
        if not at:
            return ""
        if at.startswith("#"):
            return self.t("place.token", {"n": at[1:]})
        if at.startswith("~"):
            return self.t("place.coast", {"province": self.province(at[1:])})
        if ">" in at:
            a, _, b = at.partition(">")
            return self.t("place.border", {"from": self.province(a), "to": self.province(b)})
        return self.province(at)

    # -------------------------------------------------------------- sentences (events.js)
    def why(self, why: str | None) -> str:
        if not why:
            return ""
        if why in _WHY:
            return self.t(_WHY[why])
        # a rule message of the engine (English): say it was illegal, and the rule message in this language
        return why if self.lang == "en" else f"{self.t('why.illegal')} ({said(why, 'rk.', self.lang)})"

    def source(self, src: str) -> str:
        return self.t("source." + src)

    def _tok_list(self, tokens: list | None) -> str:
        return ", ".join(f"{self.clan(x['owner'])} {self.token(x.get('code'))} ({self.place(x['at'])})" for x in tokens or [])

    def sentence(self, e: Event) -> str:
        """One sentence for an event, from its own data only."""
        d, k = e.data, e.kind
        p = {"clan": self.clan(d.get("clan")), "province": self.province(d["province"]) if d.get("province") else "",
             "owner": self.clan(d.get("owner")), "token": d.get("token"), "code": self.token(d.get("code")), "count": d.get("count"),
             "round": d.get("round"), "territory": self.territory(d["territory"]) if d.get("territory") else "", "target": self.clan(d.get("target"))}
        t = self.t
        if k == "clan":
            return t("event.clan", {"seat": d["seat"] + 1, "clan": self.clan(d["clan"])})
        if k == "objective":
            return t("event.objective", {**p, "objective": self.objective(d["objective"])})
        if k in ("control", "objective-kept", "objectives-chosen", "resolution", "round", "placement", "draw", "spy", "territory-claimed",
                 "territory-card-returned", "take-from-discard", "discard-from-hand", "control-removed", "ronin", "ronin-ends"):
            return t("event." + k, p)
        if k in ("drew", "saw-hand"):
            return t("event." + k, {**p, "tokens": ", ".join(self.token(c) for c in d.get("tokens") or [])})
        if k == "first-player":
            card = t("initiative.clan", {"clan": self.clan(d["card"])}) if d["card"] in _CLANS else t("initiative." + d["card"])
            return t("event.first-player", {**p, "card": card})
        if k == "pass":
            if d.get("ability"):
                return t("event.pass-ability." + d["ability"], p)
            return t("event.pass-automatic" if d.get("automatic") else "event.pass", p)
        if k == "play":
            return t("event.play", {**p, "card": self.card(d["card"])})
        if k in ("place", "place-own"):
            return t("event." + k, {**p, "place": self.place(d["at"]), "n": d["token"]})
        if k == "return-to-pool":
            if d.get("owner"):
                return t("event.return-to-pool-token", {**p, "n": d["token"]})
            return t("event.return-to-pool", p)
        if k == "returned":
            return t("event.returned", p)
        if k in ("look", "saw", "discard"):
            return t("event." + k, {**p, "source": self.source(d["source"]), "n": d["token"]})
        if k == "swap":
            a, b = (list(d.get("tokens") or []) + [None, None])[:2]
            return t("event.swap", {**p, "a": a, "b": b})
        if k == "swap-control":
            return t("event.swap-control", {**p, "a": self.province(d["provinces"][0]), "b": self.province(d["provinces"][1])})
        if k == "control-added":
            faceup = "faceup" in d
            return t("event.control-added-faceup" if faceup else "event.control-added", {**p, "count": d["faceup"] if faceup else d.get("count")})
        if k == "special":
            return t("event.special-replaced" if d.get("replaced") else "event.special",
                     {**p, "special": self.special(d["token"]), "replaced": self.special(d["replaced"]) if d.get("replaced") else ""})
        if k == "special-removed":
            return t("event.special-removed", {**p, "special": self.special(d["token"])})
        if k == "reveal":
            return t("event.reveal", {"tokens": self._tok_list(d.get("tokens")) or t("none")})
        if k == "removed":
            if not d.get("tokens"):
                return t("event.removed-none")
            return t("event.removed", {"tokens": "; ".join(
                f"{self.clan(x['owner'])} {self.token(x.get('code'))} ({self.place(x['at'])}): {self.why(x.get('why'))}" for x in d["tokens"])})
        if k == "raid":
            return t("event.raid" if d.get("control_removed_from") else "event.raid-empty",
                     {**p, "from": self.clan(d.get("control_removed_from")), "tokens": self._tok_list(d.get("discarded")) or t("none")})
        if k == "raid-fails":
            return t("event.raid-fails", {**p, "why": self.why(d.get("why"))})
        if k == "diplomacy":
            return t("event.diplomacy", {**p, "tokens": self._tok_list(d.get("discarded")) or t("none")})
        if k == "successful-defense":
            return t("event.successful-defense", {**p, "why": self.why(d.get("why")), "count": d.get("faceup_added")})
        if k == "battle":
            return self._battle(d)
        if k == "final-scoring":
            return t("event.final-scoring", {"clans": ", ".join(self.clan(c) for c in d.get("winners") or [])})
        return t("event.unknown", {"kind": k})

    def _battle(self, d: dict) -> str:
        sides = ", ".join(self.t("battle.side", {"clan": self.clan(a["clan"]), "total": a["total"]}) for a in d["attackers"])
        base = {"province": self.province(d["province"]), "attackers": sides, "defender": self.clan(d["defender"]["clan"]),
                "defense": d["defender"]["total"]}
        if d["outcome"] == "taken":
            key = "event.battle-taken-empty" if d.get("control_placed") == 0 else "event.battle-taken"
            return self.t(key, {**base, "winner": self.clan(d["winner"])})
        if d["outcome"] == "defended":
            return self.t("event.battle-defended", {**base, "winner": self.clan(d["winner"])})
        return self.t("event.battle-nothing", base)

    def battle_detail(self, d: dict) -> list[tuple[str, str, str, int]]:
        """The rows of a battle's detail (events.js ``battleDetail``): (side, attack or defense, where it came from, total)."""
        rows = []
        for a in d["attackers"]:
            parts = " + ".join(f"{self.token(x.get('code'))} ({self.place(x['at'])})" for x in a["tokens"]) or "0"
            rows.append((self.clan(a["clan"]), self.t("battle.attack"), parts, a["total"]))
            if a.get("defense_faced") != d["defender"]["total"]:
                rows.append(("", "", self.t("battle.defense_faced", {"clan": self.clan(a["clan"]), "n": a.get("defense_faced")}), None))
        df = d["defender"]
        pieces = []
        if df.get("combat_tokens"):
            pieces.append(self.t("battle.part.tokens", {"n": df["combat_tokens"], "tokens": " + ".join(self.token(x.get("code")) for x in df["tokens"])}))
        for key, label in (("printed", "printed"), ("faceup_control", "faceup"), ("special", "special"), ("lion_bluff", "lion")):
            if df.get(key):
                pieces.append(self.t("battle.part." + label, {"n": df[key]}))
        rows.append((self.clan(df["clan"]) if df["clan"] else self.t("battle.nobody"), self.t("battle.defense"), " + ".join(pieces) or "0", df["total"]))
        return rows

    def lines(self, e: Event) -> list[str]:
        """The event's sentence, and for a battle the detail of each side (indented), for the terminal."""
        out = [self.sentence(e)]
        if e.kind == "battle":
            for side, what, parts, total in self.battle_detail(e.data):
                out.append(f"  {side} {what}: {parts} = {total}" if total is not None else f"  {parts}")
        return out


def sentence(e: Event, lang: str = "en") -> str:
    """One event in one sentence of ``lang``."""
    return RokuganWords(lang).sentence(e)
