"""Rising Sun's War Phase in words, once for the terminal and the page (templates ``rs.*`` of the catalogue).

:class:`RisingSunWords` is, line for line, the page's ``rsEventText`` (each event as one sentence),
``rsActionWords`` (a legal action as a button's words) and ``rsStepName`` in ``daimyo/web/static/risingsun.js``:
clans, provinces, slots and figures are named from the catalogue (``rs.clan.*``, ``rs.province.*``,
``rs.step.*``, ``rs.figure.*``), never by their ids. A test runs both on the events of random War Phases and on
every legal action and checks they say the same text in every language. The terminal (``daimyo risingsun``)
prints the same sentences, laid out in lines (:meth:`RisingSunWords.lines`): a battle's two halves on two lines
and the revealed bids as a table.
"""

from __future__ import annotations

from daimyo.core.game import Event
from daimyo.words import t as _t
from daimyo.words.errors import catalogue_names

#: the four bid slots of the War tile, left to right (``RS_SLOTS`` in risingsun.js)
SLOTS = ("seppuku", "hostage", "ronin", "poets")
#: the events that open or close something (a war, the War Phase); the terminal indents every other one
_TOP = frozenset({"ronin-become-coins", "ronin-become-coins-count", "war", "war-phase-over"})
#: a rule message's params that name a printed thing, and the catalogue prefix naming it
_RULE_NAMES = {"step": "rs.step.", "clan": "rs.clan.", "province": "rs.province.", "kind": "rs.figure."}


def rule_params(params: dict, lang: str) -> dict:
    """A rule message's params (``rs.*`` codes, :mod:`daimyo.words.errors`) with its steps, clans, provinces and
    figures in words of ``lang``."""
    return catalogue_names(params, lang, _RULE_NAMES)



def tied_on_vp(winner: str, totals: dict[str, int]) -> list[str]:
    """The clans whose total VP equal the winner's (the winner left out), in the order ``totals`` gives: a winner with
    such clans won on the tie-break, Honor (``war-phase-over``'s ``totals``; a result's ``players``' totals)."""
    return [c for c, v in totals.items() if c != winner and v == totals[winner]]

class RisingSunWords:
    """The words of Rising Sun's War Phase in one language."""

    def __init__(self, lang: str = "en"):
        self.lang = lang

    def t(self, key: str, **params) -> str:
        return _t(key, params, self.lang)

    # -- names (rsClan, rsProvince, rsSlot, rsClanList, rsForces) ------------------------------------------------------
    def clan(self, c: str | None) -> str:
        return self.t("rs.clan." + c) if c else self.t("nobody")

    def province(self, p: str | None) -> str:
        return self.t("rs.province." + p) if p else ""

    def slot(self, s: str) -> str:
        return self.t("rs.step." + s)

    def clans(self, clans) -> str:
        return ", ".join(self.clan(c) for c in clans)

    def forces(self, forces: dict | None) -> str:
        return ", ".join(f"{self.clan(c)} {f}" for c, f in (forces or {}).items())

    def kind(self, k: str) -> str:
        return self.t("rs.figure." + k)

    def season(self, s: str) -> str:
        return self.t("rs.season." + s)

    def step(self, step: str | None) -> str:
        """A battle's step by name (``rsStepName``)."""
        return self.t("rs.step." + step) if step else ""

    # -- the events ----------------------------------------------------------------------------------------------------
    def _battle(self, d: dict) -> list[str]:
        shown = "; ".join(self.t("rs.shown", clan=self.clan(c), coins=v["coins"], ronin=v["ronin"]) for c, v in d["shown"].items())
        return [self.t("rs.event.battle", clans=self.clans(d["clans"])), self.t("rs.event.battle-shown", shown=shown)]

    def sentence(self, e: Event) -> str:
        """One event as one sentence, from the event's own data only (the page's log line)."""
        d, k, t = e.data, e.kind, self.t
        if k == "ronin-become-coins":
            return t("rs.event.ronin-become-coins", clan=self.clan(d["clan"]))
        if k == "ronin-become-coins-count":
            return t("rs.event.ronin-become-coins-count", clan=self.clan(d["clan"]), ronin=d["ronin"], coins=d["coins"])
        if k == "war":
            return t("rs.event.war", number=d["number"], province=self.province(d["province"]),
                     forces=self.forces(d["forces"]) or t("rs.nobody_has_force"))
        if k == "token-discarded":
            return t("rs.event.token-discarded", province=self.province(d["province"]))
        if k == "token-taken":
            return t("rs.event.token-taken-allies" if d.get("allies") else "rs.event.token-taken", clan=self.clan(d["clan"]),
                     province=self.province(d["province"]))
        if k == "battle":
            return " — ".join(self._battle(d))
        if k == "bid-placed":
            return t("rs.event.bid-placed", clan=self.clan(d["clan"]))
        if k == "your-bid":
            return t("rs.event.your-bid", clan=self.clan(d["clan"]), **d["bid"])
        if k == "bids-revealed":
            return t("rs.event.bids-revealed") + " " + "; ".join(f"{self.clan(c)} " + " ".join(str(b[s]) for s in SLOTS)
                                                                  for c, b in d["bids"].items())
        if k == "slot":
            if d["winner"] is None:
                return t("rs.event.slot-nobody", slot=self.slot(d["slot"]))
            return t("rs.event.slot", slot=self.slot(d["slot"]), clan=self.clan(d["winner"]), bid=d["bid"])
        if k == "declined":
            return t("rs.event.declined", clan=self.clan(d["clan"]), slot=self.slot(d["slot"]))
        if k == "seppuku":
            return t("rs.event.seppuku", clan=self.clan(d["clan"]), n=len(d["killed"]), vp=d["vp"],
                     honor=" > ".join(self.clan(c) for c in d["honor"]))
        if k == "hostage":
            return t("rs.event.hostage", clan=self.clan(d["clan"]), owner=self.clan(d["owner"]), figure=d["figure"],
                     kind=self.kind(d["figure_kind"]), vp=d["vp"])
        if k == "ronin-hired":
            return t("rs.event.ronin-hired", clan=self.clan(d["clan"]), force=d["force"])
        if k == "battle-won":
            return t("rs.event.battle-won-killed" if d["killed"] else "rs.event.battle-won", clan=self.clan(d["clan"]),
                     province=self.province(d["province"]), forces=self.forces(d["forces"]), n=len(d["killed"]))
        if k == "poets":
            return t("rs.event.poets", clan=self.clan(d["clan"]), vp=d["vp"])
        if k == "reparations":
            return t("rs.event.reparations", discarded=self.forces(d["discarded"]), by=self.clan(d["by"]), paid=self.forces(d["paid"]))
        if k == "war-phase-over":
            tied = tied_on_vp(d["winner"], d["totals"])
            if tied:   # the winner's VP tie with others': the rulebook's tie-break, Honor, decided it
                return t("rs.event.war-phase-over-honor", clan=self.clan(d["winner"]), clans=self.clans([d["winner"], *tied]))
            return t("rs.event.war-phase-over", clan=self.clan(d["winner"]))
        return t("event.unknown", kind=k)

    def lines(self, e: Event) -> list[str]:
        """One event as the terminal prints it: the sentence, its detail lines (those of one war) indented by two
        spaces; a battle's two halves on two lines; the revealed bids as a table, the clans down and the slots across."""
        if e.kind == "battle":
            return ["  " + part for part in self._battle(e.data)]
        if e.kind == "bids-revealed":
            bids = {self.clan(c): b for c, b in e.data["bids"].items()}
            heads = [self.slot(s) for s in SLOTS]
            width = max(len(c) for c in bids) + 1
            rows = [" " * (width + 1) + "  ".join(heads)]
            rows += [f"{c + ':':<{width}} " + "  ".join(str(b[s]).rjust(len(h)) for s, h in zip(SLOTS, heads, strict=True))
                     for c, b in bids.items()]
            return ["  " + self.t("rs.event.bids-revealed")] + ["    " + r.rstrip() for r in rows]
        return [("" if e.kind in _TOP else "  ") + self.sentence(e)]

    # -- the legal actions ---------------------------------------------------------------------------------------------
    def action(self, text: str, figures: list[dict]) -> str:
        """A legal action (not a bid) in words; ``figures`` are the view's, so that a hostage names whose figure it is."""
        verb, *rest = text.split(" ")
        if verb == "hostage":
            f = next((x for x in figures if rest and "#" + str(x["figure"]) == rest[0]), None)
            if f is None:
                return text
            return self.t("rs.act.hostage", kind=self.kind(f["kind"]), figure=f["figure"], owner=self.clan(f["owner"]), force=f["force"])
        if verb == "remainder":
            return self.t("rs.act.remainder", clans=self.clans(rest))
        return self.t("rs.act." + verb)


def lines(e: Event, lang: str = "en") -> list[str]:
    """One event as the terminal's lines of text (:meth:`RisingSunWords.lines`)."""
    return RisingSunWords(lang).lines(e)


def sentence(e: Event, lang: str = "en") -> str:
    """One event as one sentence (:meth:`RisingSunWords.sentence`, the page's log line)."""
    return RisingSunWords(lang).sentence(e)
