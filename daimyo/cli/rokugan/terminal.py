"""``daimyo play --terminal``: a game of Battle for Rokugan against bots, in the terminal.

One seat is the human's; every other seat is a bot named as in :func:`daimyo.bots.rokugan.make_bot`.
Everything printed comes from the human seat's view (``state.view(seat)``) and from the
events that seat may see (``event.visible(seat)``), told in words by :mod:`daimyo.words.rokugan_events`;
the true state is never read for display, so nothing hidden from the human can be printed.
The actions of the bots are never printed either (a bot's placement names its token): only
the events they cause.

The human types an action in the notation of docs/rokugan-notation.md, or the number of a
legal action. ``?`` or ``help`` lists the legal actions, ``moves WORD`` lists those that
contain WORD, ``board`` redraws the board, ``log`` prints the game so far, ``quit`` leaves.
An illegal action prints the engine's message and the rule it breaks, and asks again.
At the end (or on ``quit``) the game record can be saved for ``daimyo rokugan replay``.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from daimyo.bots import bot_seed
from daimyo.bots.rokugan import make_bot
from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action, Event
from daimyo.core.rng import Rng
from daimyo.rokugan.data import RULES as R
from daimyo.rokugan.data_variant import default_rules
from daimyo.rokugan.record import Recorder
from daimyo.words import t as words
from daimyo.words.errors import rule_name, rule_text
from daimyo.words.rokugan_events import (
    card_name,
    clan_name,
    objective_condition,
    objective_name,
    place_words as place_name,
    scoring_rows,
    seen_by,
    sentences,
    special_name,
    territory_name,
    token_name,
)
from daimyo.words.rokugan_render import phase_name

#: how many legal actions are listed by themselves at each decision (more: ask with ? or moves)
LIST_AT_MOST = 24
_CLAN_SALT = 0xC1A7_5EA7

ReadLine = Callable[[], str]
PAUSE_PROMPT = words("term.pause")
#: the first player is drawn at Setup 8, after the objectives: before that no one holds the card
_BEFORE_FIRST_PLAYER = ("setup-clans", "setup-objectives")


class Quit(Exception):
    """The human left the game."""


# ====================================================================== what is shown (from a view only)
def token_province(view: dict) -> dict[int, str]:
    """The province each combat token on the board concerns: the one it attacks, defends or is in (a blessing: its token's)."""
    where: dict[int, str] = {}
    pending = []
    for t in view["tokens"]:
        at = t["at"]
        if at.startswith("#"):
            pending.append((t["token"], int(at[1:])))
        elif at.startswith("~"):
            where[t["token"]] = at[1:]
        elif ">" in at:
            where[t["token"]] = at.partition(">")[2]
        else:
            where[t["token"]] = at
    for _ in range(len(pending)):  # blessings on blessings are followed down
        for tid, under in pending:
            if tid not in where and under in where:
                where[tid] = where[under]
    return where


def _token_cell(t: dict, you: str | None, lang: str = "en") -> Text:
    at = t["at"]
    if at.startswith("#"):
        pos = words("term.token.on", {"at": at}, lang)
    elif at.startswith("~"):
        pos = words("term.token.sea", None, lang)
    elif ">" in at:
        pos = words("term.token.from", {"province": at.partition(">")[0]}, lang)
    else:
        pos = words("term.token.inside", None, lang)
    mine = t["owner"] == you
    if t["faceup"]:
        what, style = t["code"], "bold"
    elif t["code"] is not None:
        what, style = words("term.token.yours" if mine else "term.token.seen", {"code": t["code"]}, lang), "italic"
    else:
        what, style = words("board.facedown", None, lang), "dim"
    return Text.assemble((f"#{t['token']} {clan_name(t['owner'], lang)} ", "bold" if mine else ""), (what, style), f" {pos}")


def board_table(view: dict, lang: str = "en") -> Table:
    """The board: provinces grouped by territory, with control, special tokens, flowers, printed defense and combat tokens."""
    you = view.get("you", {}).get("clan")
    table = Table(title=words("term.board.title", {"round": view["round"]}, lang), box=box.SIMPLE_HEAD, show_lines=False,
                  pad_edge=False, expand=False)
    table.add_column(words("term.board.province", None, lang), no_wrap=True)
    table.add_column(words("term.board.flw_def", None, lang), justify="right", no_wrap=True)
    table.add_column(words("term.board.control", None, lang))
    table.add_column(words("term.board.special", None, lang))
    table.add_column(words("term.board.combat", None, lang), ratio=1)
    by_province: dict[str, list[dict]] = {}
    where = token_province(view)
    for t in view["tokens"]:
        by_province.setdefault(where.get(t["token"], "?"), []).append(t)
    for ti, terr in enumerate(R.territory_names):
        unclaimed = view["territory_spaces"].get(terr)
        card = words("term.board.card_unclaimed" if unclaimed else "term.board.card_claimed", None, lang)
        table.add_row(Text(territory_name(terr, lang).upper(), style="bold underline"), "", Text(card, style="italic"), "", "")
        for p in R.territory_provinces[ti]:
            name = R.province_names[p]
            pv = view["provinces"][name]
            label = name + (words("term.board.capital", None, lang) if R.capital_of[p] else "") + (" ~" if R.coastal[p] else "")
            if pv["owner"]:
                ctl = Text(f"{clan_name(pv['owner'], lang)} {pv['faceup']}/{pv['facedown']}", style="bold" if pv["owner"] == you else "")
            else:
                ctl = Text("-", style="dim")
            toks = by_province.get(name, [])
            cell = Text("\n").join(_token_cell(t, you, lang) for t in toks) if toks else Text("")
            table.add_row(label, f"{default_rules().flowers[p]}/{default_rules().printed_defense[p]}", ctl,
                          special_name(pv["special"], lang) if pv["special"] else "", cell)
        table.add_section()
    table.caption = words("term.board.caption", None, lang)
    return table


def _clan_short(clan: str, lang: str) -> str:
    """A clan in four letters (``Crab``, ``Cran``, ``Jedn``): the compact board's cells."""
    return clan_name(clan, lang)[:4]


def compact_board(view: dict, lang: str = "en") -> list:
    """The board in few lines, for an 80x24 terminal: a row per territory (its provinces in columns: number, ``~``
    for the coast, the controlling clan in four letters with its faceup/facedown control tokens, ``*`` a special
    token, ``+N`` combat tokens), then the special tokens and the combat tokens by province. ``board full`` shows
    :func:`board_table` instead (flowers and printed defense too)."""
    you = view.get("you", {}).get("clan")
    table = Table(title=words("term.board.title", {"round": view["round"]}, lang), box=None, pad_edge=False,
                  padding=(0, 1), show_header=False, expand=False)
    table.add_column(no_wrap=True, overflow="ellipsis", max_width=20)
    width = max(len(ps) for ps in R.territory_provinces)
    for _ in range(width):
        table.add_column(no_wrap=True)
    where = token_province(view)
    by_province: dict[str, list[dict]] = {}
    for t in view["tokens"]:
        by_province.setdefault(where.get(t["token"], "?"), []).append(t)
    specials = []
    for ti, terr in enumerate(R.territory_names):
        cells = []
        for p in R.territory_provinces[ti]:
            name = R.province_names[p]
            pv = view["provinces"][name]
            number = name.rsplit("_", 1)[1] if name[-1].isdigit() else ""
            ctl = f"{_clan_short(pv['owner'], lang)} {pv['faceup']}/{pv['facedown']}" if pv["owner"] else "-"
            marks = (" *" if pv["special"] else "") + (f" +{len(by_province[name])}" if by_province.get(name) else "")
            style = "bold" if pv["owner"] and pv["owner"] == you else ""
            cells.append(Text(f"{number}{'~' if R.coastal[p] else ' '} {ctl}{marks}", style=style))
            if pv["special"]:
                specials.append(f"{place_name(name, lang)} {special_name(pv['special'], lang)}")
        label = territory_name(terr, lang) + (" ◆" if view["territory_spaces"].get(terr) else "")
        table.add_row(Text(label, style="bold"), *cells, *[""] * (width - len(cells)))
    out: list = [table]
    if specials:
        out.append(Text(words("term.board.specials", {"list": ", ".join(specials)}, lang)))
    for name, toks in sorted(by_province.items(), key=lambda kv: R.province_index.get(kv[0], 99)):
        out.append(Text.assemble(f"{place_name(name, lang)}: ", *[x for i, t in enumerate(toks)
                                                                for x in (("; " if i else ""), _token_cell(t, you, lang))]))
    return out


def _seat_label(label: str, lang: str) -> str:
    """A seat without a clan yet (the view's ``seat0``), counted from 1 as every screen counts seats (``seat1``)."""
    n = label.removeprefix("seat")
    return words("term.players.seat_n", {"n": int(n) + 1}, lang) if n.isdigit() else label


def status_line(view: dict, lang: str = "en") -> str:
    """Round, phase, first player and whose turn it is, in one line."""
    rounds = default_rules().rounds
    rnd = words("term.status.round", {"round": view["round"], "rounds": rounds}, lang) if view["round"] else words("term.status.setup", None, lang)
    parts = [rnd, words("term.status.phase", {"phase": phase_name(view["phase"], lang)}, lang)]
    if view["first_player"] and view["phase"] not in _BEFORE_FIRST_PLAYER:
        parts.append(words("term.status.first_player", {"clan": clan_name(view["first_player"], lang)}, lang))
    if view["to_act"]:
        who = ", ".join(clan_name(c, lang) if c in default_rules().clan_display else _seat_label(c, lang) for c in view["to_act"])
        parts.append(words("term.status.to_act", {"who": who}, lang))
    elif view["phase"] == "over":
        parts.append(words("term.status.over", None, lang))
    return " | ".join(parts)


def status_text(view: dict, lang: str = "en") -> Text:
    """Round, phase, first player and whose turn it is; the special tokens left."""
    left = ", ".join(f"{special_name(k, lang)} {v}" for k, v in view["specials_left"].items())
    return Text(status_line(view, lang) + "\n" + words("term.status.specials_left", {"left": left}, lang))


_PLAYER_COLUMNS = ("seat", "clan", "hand", "pool", "discard", "control", "scout", "shugenja", "cards")


def players_table(view: dict, lang: str = "en", legend: bool = True) -> Table:
    """Every player's public counts (``legend``: with the columns explained under the table)."""
    you = view.get("you", {}).get("seat")
    table = Table(title=words("term.players.title", None, lang), box=box.SIMPLE_HEAD, pad_edge=False)
    for col in _PLAYER_COLUMNS:
        table.add_column(words(f"term.players.{col}", None, lang), justify="left" if col == "clan" else "right",
                         no_wrap=col != "clan", ratio=1 if col == "clan" else None)
    for p in view["players"]:
        notes = []
        if p["first_player"] and view["phase"] not in _BEFORE_FIRST_PLAYER:
            notes.append(words("term.players.first_player", None, lang)
                         + (words("term.players.card_used", None, lang) if view["first_player_card_used"] else ""))
        if p["ronin"]:
            notes.append(words("term.players.ronin", None, lang))
        if view["phase"] == "placement" and p["done_placing"]:
            notes.append(words("term.players.done", None, lang))
        if p["spied"]:
            notes.append(words("term.players.spied", None, lang))
        if view["phase"] == "setup-objectives":
            notes.append(words("term.players.objective_chosen" if p["objective_chosen"] else "term.players.choosing_objective", None, lang))
        if p["seat"] == you:
            notes.insert(0, words("term.players.you", None, lang))
        clan = clan_name(p["clan"], lang) if p["clan"] else words("term.players.seat_n", {"n": p["seat"] + 1}, lang)
        style = "bold" if p["seat"] == you else ""
        table.add_row(str(p["seat"] + 1), Text(clan + (f" ({', '.join(notes)})" if notes else ""), style=style), str(p["hand_size"]),
                      str(p["pool_size"]), str(len(p["discard"])), f"{p['control_on_board']}/{p['control_supply']}",
                      str(p["scouts"]), str(p["shugenja"]), str(p["territory_cards"]))
    captions = [words("term.players.caption", None, lang)] if legend else []
    piles = "; ".join(f"{clan_name(p['clan'], lang)}: {_codes(p['discard'], lang)}" for p in view["players"] if p["clan"] and p["discard"])
    if piles and legend:
        captions.append(words("term.players.piles", {"piles": piles}, lang))
    table.caption = "\n".join(captions) or None
    table.caption_justify = "left"
    return table


def _codes(codes: list[str], lang: str = "en") -> str:
    return ", ".join(codes) if codes else words("term.none", None, lang)


def dealt_objectives(me: dict, lang: str = "en") -> str:
    """The secret objectives dealt to this seat, each with its condition, as one line ("Way of the Sail: Control at
    least 6 coastal provinces: 10 honor. The Den of Secrets: ..."; each condition is a sentence of its own)."""
    return " ".join(f"{objective_name(o, lang)}: {objective_condition(o, lang)}" for o in me["objectives_dealt"])


def screen_panel(view: dict, lang: str = "en") -> Panel:
    """Your screen: hand, pool and discard, cards, territory cards, secret objective, what you saw this round."""
    me = view["you"]
    mine = next(p for p in view["players"] if p["seat"] == me["seat"])

    def line(key: str, **params) -> Text:
        return Text(words(key, params, lang))

    seat = me["seat"] + 1   # before the clans are chosen the seat is all there is to say ("You are seat 2.")
    you = (words("term.screen.you_are", {"who": clan_name(me["clan"], lang), "seat": seat}, lang) if me["clan"]
           else words("term.screen.you_are_seat", {"seat": seat}, lang))
    lines = [Text(you, style="bold")]
    if me.get("objective"):
        o = me["objective"]
        lines.append(line("term.screen.objective", objective=objective_name(o, lang), condition=objective_condition(o, lang)))
    elif me.get("objectives_dealt"):
        lines.append(line("term.screen.dealt", objectives=dealt_objectives(me, lang)))
    if "hand" in me:
        lines.append(line("term.screen.hand", n=len(me["hand"]), tokens=_codes(me["hand"], lang)))
        lines.append(line("term.screen.pool", n=len(me["pool"]), tokens=_codes(me["pool"], lang)))
        lines.append(line("term.screen.discard", n=len(mine["discard"]), tokens=_codes(mine["discard"], lang)))
    fp = ""
    if mine["first_player"] and view["phase"] not in _BEFORE_FIRST_PLAYER:
        fp = words("term.screen.first_player_card_used" if view["first_player_card_used"] else "term.screen.fp_unused", None, lang)
    lines.append(line("term.screen.cards", scouts=mine["scouts"], shugenja=mine["shugenja"], first_player=fp))
    if me["territory_cards"]:
        lines.append(line("term.screen.territory_cards"))
        for c in me["territory_cards"]:
            info = default_rules().cards[c]
            lines.append(line("term.screen.territory_card", card=card_name(c, lang), territory=territory_name(info["territory"], lang),
                              timing=words(f"phase.{info['timing']}", None, lang), effect=words(f"cardtext.{c}", None, lang)))
    else:
        lines.append(line("term.screen.no_territory_cards"))
    for fact in me["seen"]:
        if fact[0] == "spy-network":
            lines.append(line("term.screen.seen_hand", clan=clan_name(fact[2], lang), tokens=", ".join(fact[3])))
        else:
            lines.append(line("term.screen.seen_token", card=card_name(fact[0], lang), clan=clan_name(fact[2], lang), n=fact[1],
                              token=token_name(fact[3], lang)))
    return Panel(Group(*lines), title=words("term.screen.title", None, lang), expand=False)


def scores_table(data: dict, lang: str = "en") -> Table:
    """The final scoring table of a ``final-scoring`` event, with the breakdown of each total."""
    table = Table(title=words("term.scores.title", None, lang), box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(words("term.scores.clan", None, lang), ratio=1)
    table.add_column(words("term.scores.flowers", None, lang), justify="right", no_wrap=True)
    table.add_column(words("term.scores.faceup", None, lang), justify="right")
    table.add_column(words("term.scores.objective", None, lang), ratio=2)
    table.add_column(words("term.scores.territory_cards", None, lang), ratio=2)
    table.add_column(words("term.scores.total", None, lang), justify="right", no_wrap=True)
    winners = set(data["winners"])
    for r in scoring_rows(data, lang):
        won = r["clan"] in winners
        terr = ", ".join(territory_name(t, lang) for t in r["territories"])
        table.add_row(Text(clan_name(r["clan"], lang) + (words("term.scores.winner", None, lang) if won else ""), style="bold" if won else ""),
                      str(r["flowers"]), str(r["faceup_control"]), f"+{r['objective_honor']} {r['objective_words']}",
                      f"+{r['territory_honor']}" + (f" {terr}" if terr else ""), Text(str(r["total"]), style="bold"))
    return table


#: the decisions the terminal explains (``term.awaiting.<decision>`` in the catalogue)
_AWAITING = ("setup-clans", "setup-objectives", "setup-control", "upkeep", "placement", "scorpion_look", "dragon_return",
             "unicorn_swap")


def awaiting_text(view: dict, lang: str = "en") -> str:
    """What the human is asked to decide now, in words."""
    a = view["awaiting"]
    if a.startswith("card:"):
        c = a[5:]
        if c in default_rules().cards:
            return words("term.awaiting.card", {"card": card_name(c, lang), "effect": words(f"cardtext.{c}", None, lang)}, lang)
        return words("term.awaiting.card_unknown", {"card": c}, lang)
    if a in _AWAITING:
        return words(f"term.awaiting.{a}", None, lang)
    return words("term.awaiting.other", {"awaiting": a}, lang)


#: the Resolution Phase's steps (the rulebook's names: ``term.step.N``), by the events each step gives
_STEPS = {"reveal": 1, "removed": 2, "raid": 3, "raid-fails": 3, "diplomacy": 4, "battle": 5, "successful-defense": 5,
          "territory-claimed": 6, "territory-card-returned": 6}


# ====================================================================== the game loop
class TerminalGame:
    """One terminal game: the record, the bots, the human's seat, and what has been printed."""

    def __init__(self, players: int, seed: int, human_seat: int, clans: list[str | None] | None, bots: list[str],
                 console: Console, read_line: ReadLine, pause_steps: bool = False, lang: str = "en"):
        if not 0 <= human_seat < players:
            raise ValueError(f"seat {human_seat} is not a seat of a {players}-player game (seats 0 to {players - 1})")
        self.human = human_seat
        self.console = console
        self.read_line = read_line
        self.seed = seed
        self.rec = Recorder(players=players, seed=seed, clans=fill_clans(players, seed, clans))
        specs = bot_specs(players, human_seat, bots)
        self.bots = {seat: make_bot(spec, bot_seed(seed, seat)) for seat, spec in specs.items()}
        self.bot_names = specs
        self.log: list[str] = []
        #: wait for Enter between the steps of a resolution
        self.pause_steps = pause_steps
        #: the language of the events' sentences (the catalogue daimyo/words/<lang>.json)
        self.lang = lang
        self._drawn: dict | None = None
        self._step: str | None = None
        #: the events shown now are the upkeep phase's (between a round's start and its placement phase)
        self._upkeep = False
        #: the final-scoring event's data, once the game is over
        self.final: dict | None = None

    @property
    def state(self):
        return self.rec.state

    def view(self) -> dict:
        return self.state.view(self.human)

    # -------------------------------------------------------------- output
    def say(self, text: str = "", style: str | None = None, whole: bool = False) -> None:
        """Print a line; ``whole`` keeps it unbroken by rich (a file name or a message to copy)."""
        self.console.print(Text(text, style=style or ""), highlight=False, soft_wrap=whole)

    def show_events(self, events: list[Event]) -> None:
        """Print, in words, the events the human may see; resolution step by step."""
        for e in seen_by(events, self.human):
            if e.kind == "pass" and e.data.get("automatic") and self._upkeep:
                continue   # Upkeep 3: a clan with no territory card to play passes by itself; nothing to tell
            if e.kind in ("round", "placement"):
                self._upkeep = e.kind == "round"
            if e.kind == "round":
                self._step = None
                self.console.rule(Text(self.words("term.round", round=e.data["round"]), style="bold"))
            elif e.kind == "resolution":
                self._step = None
                self.console.rule(Text(self.words("term.resolution", round=e.data["round"]), style="bold"))
            elif e.kind == "placement":
                self._step = None
            number = _STEPS.get(e.kind)
            step = self.words(f"term.step.{number}") if number else None
            if step and step != self._step:
                if self.pause_steps and self._step is not None:
                    self.ask(self.words("term.pause"))
                self._step = step
                self.say(step, style="bold underline")
            lines = sentences(e, self.lang)
            self.log.extend(lines)
            if e.kind == "final-scoring":
                self.final = e.data
                self.console.print(scores_table(e.data, self.lang))
                self.say(lines[-1], style="bold")
                continue
            for line in lines:
                self.say(line, style="bold" if e.visible_to is not None else None)

    def draw(self, full: bool = False) -> None:
        """The board (compact, or ``full``), the players' counts, the human's screen and whose turn it is, from the
        human's view."""
        v = self.view()
        for part in [board_table(v, self.lang)] if full else compact_board(v, self.lang):
            self.console.print(part)
        self.console.print(players_table(v, self.lang, legend=full))
        self.console.print(screen_panel(v, self.lang))
        self.console.print(status_text(v, self.lang))
        self._drawn = v

    def height(self, *parts) -> int:
        """How many lines ``parts`` take on this console (its width)."""
        out = io.StringIO()
        probe = Console(file=out, width=self.console.width, color_system=None, force_terminal=False)
        for part in parts:
            probe.print(part, highlight=False)
        return len(out.getvalue().splitlines())

    def turn_screen(self, v: dict, actions: list[str]) -> None:
        """What the human needs to decide, within one screen (the console's height, 24 lines on an 80x24 terminal):
        when the view changed, the compact board, whose turn it is and the tokens behind the screen; then what is to
        be decided and the legal actions. The combat and special tokens by province, the players and your screen
        follow the board when they fit (``board`` shows them all)."""
        rows = self.console.height or 24
        asked = Text(awaiting_text(v, self.lang), style="bold")
        listed = self.action_rows(actions) if len(actions) <= LIST_AT_MOST else []
        many = Text(self.words("term.many_actions", n=len(actions)))
        prompt_rows = 1
        if v == self._drawn:
            parts: list = []
        else:
            board = compact_board(v, self.lang)
            me = v.get("you") or {}
            mine = [Text(self.words("term.screen.hand", n=len(me["hand"]), tokens=_codes(me["hand"], self.lang)))] if "hand" in me else []
            if me.get("objectives_dealt") and not me.get("objective"):   # the two to choose from, with their conditions
                mine.append(Text(self.words("term.screen.dealt", objectives=dealt_objectives(me, self.lang))))
            status = [Text(status_line(v, self.lang)), *mine]
            below: list = [Text(row) for row in listed] or [many]
            room = rows - self.height(board[0], *status, asked, *below) - prompt_rows
            # the combat tokens by province first, then your screen, the players and the special tokens by province,
            # each while it fits (a line kept for the note saying what is left out, unless the last one fits)
            specials = board[1:2] if any(pv["special"] for pv in v["provinces"].values()) else []
            shown: dict[str, list] = {}
            left_out = False
            extras = (("tokens", board[1 + len(specials):]), ("screen", [screen_panel(v, self.lang)] if me else []),
                      ("players", [players_table(v, self.lang, legend=False)]), ("specials", specials))
            for name, extra in extras:
                lines = self.height(*extra) if extra else 0
                if lines <= room - 1 or (not left_out and name == "specials" and lines <= room):
                    shown[name] = extra
                    room -= lines
                elif extra:
                    left_out = True
            parts = [board[0], *shown.get("specials", []), *shown.get("tokens", []), *shown.get("players", []),
                     *shown.get("screen", []), *status]
            if left_out:
                parts.append(Text(self.words("term.turn.more"), style="dim"))
            self._drawn = v
        if listed and self.height(*parts, asked, *listed) + prompt_rows > rows:
            listed = []   # the list would push the board off the screen: ? lists it
        for part in parts:
            self.console.print(part, highlight=False)
        self.console.print(asked, highlight=False)
        if listed:
            for row in listed:
                self.say(row, whole=True)
        else:
            self.console.print(many, highlight=False)

    def words(self, key: str, **params) -> str:
        """The catalogue's template ``key`` in the game's language, filled with ``params``."""
        return words(key, params, self.lang)

    # -------------------------------------------------------------- input
    def ask(self, prompt: str) -> str:
        self.console.print(Text(prompt), end="")
        try:
            line = self.read_line()
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        if line is None:
            raise Quit
        return line.strip()

    def list_actions(self, actions: list[str], words: list[str] | None = None) -> None:
        rows = self.action_rows(actions, words)
        if not rows:
            self.say(self.words("term.no_action_contains", words=" ".join(words or [])))
        for row in rows:
            self.say(row, whole=True)

    def action_rows(self, actions: list[str], words: list[str] | None = None) -> list[str]:
        """The numbered legal actions (those containing every one of ``words``) in columns, as lines."""
        shown = [(i, a) for i, a in enumerate(actions, 1) if not words or all(w in a for w in words)]
        if not shown:
            return []
        width = max(len(f"{i:>3}. {a}") for i, a in shown) + 2
        per_line = max(1, (self.console.width - 2) // width)
        rows = -(-len(shown) // per_line)
        return ["  " + "".join(f"{i:>3}. {a}".ljust(width) for i, a in
                               [shown[c * rows + r] for c in range(per_line) if c * rows + r < len(shown)]).rstrip()
                for r in range(rows)]

    def help(self, actions: list[str]) -> None:
        for line in ("term.help.1", "term.help.2", "term.help.3", "term.board.legend"):
            self.say(self.words(line))
        self.say(self.words("term.legal_actions", n=len(actions)))
        self.list_actions(actions)

    def human_turn(self) -> None:
        """Ask the human for one action until a legal one is given, and apply it."""
        v = self.view()
        actions = [a.text for a in self.state.legal_actions(self.human)]
        clan = self.state.clans[self.human]
        me = clan_name(clan, self.lang) if clan else self.words("term.players.seat_n", n=self.human + 1)
        self.turn_screen(v, actions)
        while True:
            line = self.ask(self.words("term.prompt", who=me, n=len(actions)))
            if not line:
                continue
            word, _, rest = line.partition(" ")
            if line in ("?", "help"):
                self.help(actions)
                continue
            if word == "moves":
                self.list_actions(actions, rest.split())
                continue
            if line in ("board", "board full"):
                self.draw(full=line == "board full")
                continue
            if line == "log":
                for text in self.log:
                    self.say(text)
                continue
            if line == "quit":
                raise Quit
            if line.isdigit():
                k = int(line)
                if not 1 <= k <= len(actions):
                    self.say(self.words("term.no_action_number", k=k, n=len(actions)), style="red")
                    continue
                line = actions[k - 1]
            try:
                events = self.rec.apply(Action(self.human, line))
            except RuleViolation as e:
                self.say(self.words("term.illegal", message=rule_text(e, self.lang)), style="red", whole=True)
                if e.rule:
                    self.say(self.words("term.rule", rule=rule_name(e.rule, self.lang, "rk")), style="red", whole=True)
                continue
            self.say(self.words("term.you_played", action=line), style="bold")
            self.show_events(events)
            return

    # -------------------------------------------------------------- the whole game
    def intro(self) -> None:
        s = self.state
        self.console.rule(Text(self.words("term.title"), style="bold"))
        who = ", ".join((self.words("term.intro.seat_you", seat=q + 1) if q == self.human
                         else self.words("term.intro.seat_bot", seat=q + 1, bot=self.bot_names[q]))
                        + (f" ({clan_name(s.clans[q], self.lang)})" if s.clans[q] else "") for q in range(s.n))
        self.say(self.words("term.intro", n=s.n, seed=self.seed, who=who))
        self.say(self.words("term.intro.help"))
        self.say(self.words("term.board.legend"), style="dim")

    def step(self) -> None:
        """One action: a bot's (bots at a simultaneous node act before the human), else the human's."""
        s = self.state
        acting = s.to_act()
        bot = next((q for q in acting if q != self.human), None)
        if bot is not None:
            self.show_events(self.rec.apply_move(bot, self.bots[bot].choose(s, bot)))
        elif self.human in acting:
            self.human_turn()
        else:
            raise RuntimeError("the game is not over but nobody is to act")

    def run(self) -> Recorder:
        """Play until the game is over or the human quits; then offer to save the record."""
        self.intro()
        s = self.state
        try:
            while not s.is_terminal():
                self.step()
        except Quit:
            self.say(self.words("term.leave"), style="bold")
            self.offer_save()
            return self.rec
        self.draw()
        if self.final is not None:  # the scores again, under the final board
            self.console.print(scores_table(self.final, self.lang))
            self.say(sentences(Event("final-scoring", self.final), self.lang)[-1], style="bold")
        self.offer_save()
        return self.rec

    def offer_save(self) -> None:
        """Ask whether to save the game record (it holds every player's actions: read it only once the game is over)."""
        try:
            yes = self.ask(self.words("term.save.ask")).lower() in ("y", "yes", "t", "tak")
            if not yes:
                return
            default = f"rokugan-{self.state.n}p-seed{self.seed}.txt"
            name = self.ask(self.words("term.save.file", default=default)) or default
        except Quit:
            return
        path = Path(name)
        try:
            path.write_text(self.rec.text(), encoding="utf-8")
        except OSError as e:
            self.say(self.words("term.save.failed", error=e), style="red", whole=True)
            return
        self.say(self.words("term.save.done", path=path), whole=True)


def fill_clans(players: int, seed: int, clans: list[str | None] | None) -> list[str] | None:
    """The clans of a new game: None (or all None): chosen in the game as actions; else every None drawn from the clans left."""
    if clans is None or all(c is None for c in clans):
        return None
    if len(clans) != players:
        raise ValueError(f"{players} players need {players} clan choices, got {len(clans)}")
    for c in clans:
        if c is not None and c not in default_rules().clan_names:
            raise ValueError(f"unknown clan '{c}' (clans: {', '.join(default_rules().clan_names)})")
    chosen = [c for c in clans if c is not None]
    if len(set(chosen)) != len(chosen):
        raise ValueError("each player must play a different clan")
    left = [c for c in default_rules().clan_names if c not in chosen]
    Rng(seed ^ _CLAN_SALT).shuffle(left)
    return [c if c is not None else left.pop() for c in clans]


def bot_specs(players: int, human_seat: int, bots: list[str]) -> dict[int, str]:
    """The bot of each seat but the human's: one name for all, or one name per bot seat in seat order."""
    seats = [q for q in range(players) if q != human_seat]
    bots = [b.strip() for b in bots if b.strip()] or ["heuristic"]
    if len(bots) == 1:
        bots = bots * len(seats)
    if len(bots) != len(seats):
        raise ValueError(f"{len(seats)} bot seats need one bot name or {len(seats)} names, got {len(bots)}: {','.join(bots)}")
    return dict(zip(seats, bots, strict=False))


def play_terminal(players: int, seed: int, human_seat: int, clans: list[str | None] | None, bots: list[str],
                  console: Console, read_line: ReadLine, *, pause_steps: bool = False, lang: str = "en") -> Recorder:
    """Play one game of Battle for Rokugan in the terminal: the human at ``human_seat``, bots elsewhere.

    ``clans``: None (everyone chooses a clan in the game), or one entry per seat, None for a random
    clan. ``bots``: one bot name for every bot seat, or one per bot seat in seat order
    (``make_bot`` names, such as ``random``). ``read_line()`` returns the human's next line
    (raising EOFError ends the game). Returns the game's recorder (its state and record).
    With ``pause_steps`` the human presses Enter between the steps of each resolution.
    ``lang`` (``en`` or ``pl``) is the language of the events' sentences.
    Bad arguments raise ValueError with the reason.
    """
    return TerminalGame(players, seed, human_seat, clans, bots, console, read_line, pause_steps, lang).run()
