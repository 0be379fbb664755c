"""``daimyo play --terminal``: a game of Battle for Rokugan against bots, in the terminal.

One seat is the human's; every other seat is a bot named as in :func:`daimyo.bots.rokugan.make_bot`.
Everything printed comes from the human seat's view (``state.view(seat)``) and from the
events that seat may see (``event.visible(seat)``), told in words by :mod:`daimyo.cli.rokugan.words`;
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

from collections.abc import Callable
from pathlib import Path

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from daimyo.bots import bot_seed
from daimyo.bots.rokugan import make_bot
from daimyo.cli.rokugan.words import (
    card_name,
    clan_name,
    objective_condition,
    objective_name,
    scoring_rows,
    seen_by,
    sentences,
    special_name,
    territory_name,
    token_name,
)
from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action, Event
from daimyo.core.rng import Rng
from daimyo.rokugan.data import RULES as R
from daimyo.rokugan.record import Recorder

#: how many legal actions are listed by themselves at each decision (more: ask with ? or moves)
LIST_AT_MOST = 24
_CLAN_SALT = 0xC1A7_5EA7

ReadLine = Callable[[], str]
PAUSE_PROMPT = "[Enter] next step of the resolution "
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


def _token_cell(t: dict, you: str | None) -> Text:
    at = t["at"]
    if at.startswith("#"):
        pos = f"on {at}"
    elif at.startswith("~"):
        pos = "from the sea"
    elif ">" in at:
        pos = f"from {at.partition('>')[0]}"
    else:
        pos = "inside"
    mine = t["owner"] == you
    if t["faceup"]:
        what, style = t["code"], "bold"
    elif t["code"] is not None:
        what, style = f"{t['code']} ({'yours' if mine else 'seen'})", "italic"
    else:
        what, style = "facedown", "dim"
    return Text.assemble((f"#{t['token']} {clan_name(t['owner'])} ", "bold" if mine else ""), (what, style), f" {pos}")


def board_table(view: dict) -> Table:
    """The board: provinces grouped by territory, with control, special tokens, flowers, printed defense and combat tokens."""
    you = view.get("you", {}).get("clan")
    table = Table(title=f"The board (round {view['round']})", box=box.SIMPLE_HEAD, show_lines=False, pad_edge=False, expand=False)
    table.add_column("province", no_wrap=True)
    table.add_column("flw/def", justify="right", no_wrap=True)
    table.add_column("control up/down")
    table.add_column("special")
    table.add_column("combat tokens", ratio=1)
    by_province: dict[str, list[dict]] = {}
    where = token_province(view)
    for t in view["tokens"]:
        by_province.setdefault(where.get(t["token"], "?"), []).append(t)
    for ti, terr in enumerate(R.territory_names):
        unclaimed = view["territory_spaces"].get(terr)
        card = "card unclaimed" if unclaimed else "card claimed"
        table.add_row(Text(territory_name(terr).upper(), style="bold underline"), "", Text(card, style="italic"), "", "")
        for p in R.territory_provinces[ti]:
            name = R.province_names[p]
            pv = view["provinces"][name]
            label = name + (" (capital)" if R.capital_of[p] else "") + (" ~" if R.coastal[p] else "")
            if pv["owner"]:
                ctl = Text(f"{clan_name(pv['owner'])} {pv['faceup']}/{pv['facedown']}", style="bold" if pv["owner"] == you else "")
            else:
                ctl = Text("-", style="dim")
            toks = by_province.get(name, [])
            cell = Text("\n").join(_token_cell(t, you) for t in toks) if toks else Text("")
            table.add_row(label, f"{R.flowers[p]}/{R.printed_defense[p]}", ctl, special_name(pv["special"]) if pv["special"] else "", cell)
        table.add_section()
    table.caption = ("flw/def: flowers and printed defense; ~ coastal province; control up/down: faceup and facedown control tokens; "
                     "a token 'from X' attacks across the border from X, 'from the sea' across the coast, 'inside' stands in the province; "
                     "(yours)/(seen): a facedown token you placed or looked at")
    return table


def status_text(view: dict) -> Text:
    """Round, phase, first player and whose turn it is."""
    parts = [f"Round {view['round']} of {R.rounds}" if view["round"] else "Setup", f"phase: {view['phase']}"]
    if view["first_player"] and view["phase"] not in _BEFORE_FIRST_PLAYER:
        parts.append(f"first player: {clan_name(view['first_player'])}")
    if view["to_act"]:
        parts.append("to act: " + ", ".join(clan_name(c) if c in R.clan_display else c for c in view["to_act"]))
    elif view["phase"] == "over":
        parts.append("the game is over")
    left = ", ".join(f"{special_name(k)} {v}" for k, v in view["specials_left"].items())
    return Text(" | ".join(parts) + f"\nspecial tokens left: {left}")


def players_table(view: dict) -> Table:
    """Every player's public counts."""
    you = view.get("you", {}).get("seat")
    table = Table(title="Players", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("seat", "clan", "hand", "pool", "disc.", "control", "scout", "shug.", "cards"):
        table.add_column(col, justify="left" if col == "clan" else "right", no_wrap=col != "clan", ratio=1 if col == "clan" else None)
    for p in view["players"]:
        notes = []
        if p["first_player"] and view["phase"] not in _BEFORE_FIRST_PLAYER:
            notes.append("first player" + (" (card used)" if view["first_player_card_used"] else ""))
        if p["ronin"]:
            notes.append("ronin")
        if view["phase"] == "placement" and p["done_placing"]:
            notes.append("done placing")
        if p["spied"]:
            notes.append("bluff barred (Spy Network)")
        if view["phase"] == "setup-objectives":
            notes.append("objective chosen" if p["objective_chosen"] else "choosing objective")
        if p["seat"] == you:
            notes.insert(0, "you")
        clan = clan_name(p["clan"]) if p["clan"] else f"seat{p['seat']}"
        style = "bold" if p["seat"] == you else ""
        table.add_row(str(p["seat"]), Text(clan + (f" ({', '.join(notes)})" if notes else ""), style=style), str(p["hand_size"]),
                      str(p["pool_size"]), str(len(p["discard"])), f"{p['control_on_board']}/{p['control_supply']}",
                      str(p["scouts"]), str(p["shugenja"]), str(p["territory_cards"]))
    table.caption = ("hand: combat tokens behind the screen; disc.: discard pile; control: control tokens on the board/in supply; "
                     "scout, shug.: scout and shugenja cards; cards: territory cards")
    piles = "; ".join(f"{clan_name(p['clan'])}: {_codes(p['discard'])}" for p in view["players"] if p["clan"])
    if piles:
        table.caption += f"\ndiscard piles (faceup): {piles}"
    return table


def _codes(codes: list[str]) -> str:
    return ", ".join(codes) if codes else "none"


def screen_panel(view: dict) -> Panel:
    """Your screen: hand, pool and discard, cards, territory cards, secret objective, what you saw this round."""
    me = view["you"]
    mine = next(p for p in view["players"] if p["seat"] == me["seat"])
    lines = [Text(f"You are {clan_name(me['clan']) if me['clan'] else 'seat ' + str(me['seat'])} (seat {me['seat']}).", style="bold")]
    if me.get("objective"):
        o = me["objective"]
        lines.append(Text(f"Secret objective: {objective_name(o)}: {objective_condition(o)}"))
    elif me.get("objectives_dealt"):
        lines.append(Text("Objectives dealt to you (keep one): "
                          + "; ".join(f"{objective_name(o)}: {objective_condition(o)}" for o in me["objectives_dealt"])))
    if "hand" in me:
        lines.append(Text(f"Behind your screen ({len(me['hand'])}): {_codes(me['hand'])}"))
        lines.append(Text(f"Your pool ({len(me['pool'])}): {_codes(me['pool'])}"))
        lines.append(Text(f"Your discard pile ({len(mine['discard'])}): {_codes(mine['discard'])}"))
    fp = ""
    if mine["first_player"] and view["phase"] not in _BEFORE_FIRST_PLAYER:
        fp = "; you hold the first player card" + (" (used this round)" if view["first_player_card_used"] else " (unused)")
    lines.append(Text(f"Scout cards: {mine['scouts']}; shugenja cards: {mine['shugenja']}{fp}"))
    if me["territory_cards"]:
        lines.append(Text("Territory cards:"))
        for c in me["territory_cards"]:
            info = R.cards[c]
            lines.append(Text(f"  {info['name']} ({territory_name(info['territory'])}, played in {info['timing']}): {info['effect']}"))
    else:
        lines.append(Text("Territory cards: none"))
    for fact in me["seen"]:
        if fact[0] == "spy-network":
            lines.append(Text(f"Seen this round (Spy Network): {clan_name(fact[2])}'s hand was {', '.join(fact[3])}"))
        else:
            lines.append(Text(f"Seen this round ({card_name(fact[0])}): {clan_name(fact[2])}'s token #{fact[1]} is {token_name(fact[3])}"))
    return Panel(Group(*lines), title="Your screen", expand=False)


def scores_table(data: dict) -> Table:
    """The final scoring table of a ``final-scoring`` event, with the breakdown of each total."""
    table = Table(title="Final scoring", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("clan", ratio=1)
    table.add_column("flowers", justify="right", no_wrap=True)
    table.add_column("faceup control", justify="right")
    table.add_column("objective", ratio=2)
    table.add_column("territory cards", ratio=2)
    table.add_column("total", justify="right", no_wrap=True)
    winners = set(data["winners"])
    for r in scoring_rows(data):
        won = r["clan"] in winners
        terr = ", ".join(territory_name(t) for t in r["territories"])
        table.add_row(Text(clan_name(r["clan"]) + (" (winner)" if won else ""), style="bold" if won else ""),
                      str(r["flowers"]), str(r["faceup_control"]), f"+{r['objective_honor']} {r['objective_words']}",
                      f"+{r['territory_honor']}" + (f" {terr}" if terr else ""), Text(str(r["total"]), style="bold"))
    return table


def awaiting_text(view: dict) -> str:
    """What the human is asked to decide now, in words."""
    a = view["awaiting"]
    if a.startswith("card:"):
        c = a[5:]
        return f"You are resolving {card_name(c)}: {R.cards[c]['effect']}" if c in R.cards else f"You are resolving {c}."
    return {
        "setup-clans": "Choose your clan.",
        "setup-objectives": "Keep one of the two secret objectives dealt to you.",
        "setup-control": "Place one of your starting control tokens (Setup 10).",
        "upkeep": "Play a territory card or pass.",
        "placement": "Your placement turn: place a combat token (or first play a scout, shugenja, first player or Shadowlands card).",
        "scorpion_look": "Scorpion ability: you may look at one facedown token of an opponent, or pass.",
        "dragon_return": "Dragon ability: return one token from behind your screen to your pool.",
        "unicorn_swap": "Unicorn ability: you may swap the places of two of your tokens on the board, or pass.",
    }.get(a, f"Your decision ({a}).")


#: the Resolution Phase's steps, by the rulebook's names, and the events each step gives
_STEPS = {"reveal": "Step 1: Reveal Combat Tokens", "removed": "Step 2: Discard Bluff and Illegally Placed Tokens",
          "raid": "Step 3: Resolve Raid Tokens", "raid-fails": "Step 3: Resolve Raid Tokens", "diplomacy": "Step 4: Resolve Diplomacy Tokens",
          "battle": "Step 5: Resolve Battles", "successful-defense": "Step 5: Resolve Battles",
          "territory-claimed": "Step 6: Claim Territories", "territory-card-returned": "Step 6: Claim Territories"}


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
            if e.kind == "round":
                self._step = None
                self.console.rule(Text(f"Round {e.data['round']}", style="bold"))
            elif e.kind == "resolution":
                self._step = None
                self.console.rule(Text(f"Resolution of round {e.data['round']}", style="bold"))
            elif e.kind == "placement":
                self._step = None
            step = _STEPS.get(e.kind)
            if step and step != self._step:
                if self.pause_steps and self._step is not None:
                    self.ask(PAUSE_PROMPT)
                self._step = step
                self.say(step, style="bold underline")
            lines = sentences(e, self.lang)
            self.log.extend(lines)
            if e.kind == "final-scoring":
                self.final = e.data
                self.console.print(scores_table(e.data))
                self.say(lines[-1], style="bold")
                continue
            for line in lines:
                self.say(line, style="bold" if e.visible_to is not None else None)

    def draw(self) -> None:
        """The board, the players' counts, the human's screen and whose turn it is, from the human's view."""
        v = self.view()
        self.console.print(board_table(v))
        self.console.print(players_table(v))
        self.console.print(screen_panel(v))
        self.console.print(status_text(v))
        self._drawn = v

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
        shown = [(i, a) for i, a in enumerate(actions, 1) if not words or all(w in a for w in words)]
        if not shown:
            self.say(f"No legal action contains {' '.join(words or [])}.")
            return
        for i, a in shown:
            self.say(f"  {i:>3}. {a}", whole=True)

    def help(self, actions: list[str]) -> None:
        self.say("Type an action in the notation (for example: place a3 crab_2>crab_3, play scout #5, pass),")
        self.say("or the number of a legal action. Commands: ? or help (this list), moves WORD (legal actions containing WORD),")
        self.say("board (draw the board again), log (the game so far), quit (leave the game).")
        self.say(f"Legal actions ({len(actions)}):")
        self.list_actions(actions)

    def human_turn(self) -> None:
        """Ask the human for one action until a legal one is given, and apply it."""
        v = self.view()
        if v != self._drawn:
            self.draw()
        actions = [a.text for a in self.state.legal_actions(self.human)]
        self.say(awaiting_text(v), style="bold")
        if len(actions) <= LIST_AT_MOST:
            self.list_actions(actions)
        else:
            self.say(f"{len(actions)} legal actions: type ? to list them all, or moves WORD to filter them (moves crab_2).")
        me = clan_name(self.state.clans[self.human]) if self.state.clans[self.human] else f"seat{self.human}"
        while True:
            line = self.ask(f"{me} [1-{len(actions)}, action, ?, board, quit]> ")
            if not line:
                continue
            word, _, rest = line.partition(" ")
            if line in ("?", "help"):
                self.help(actions)
                continue
            if word == "moves":
                self.list_actions(actions, rest.split())
                continue
            if line == "board":
                self.draw()
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
                    self.say(f"There is no action number {k}: choose 1 to {len(actions)}.", style="red")
                    continue
                line = actions[k - 1]
            try:
                events = self.rec.apply(Action(self.human, line))
            except RuleViolation as e:
                msg = str(e)
                if e.rule and msg.endswith(f" [{e.rule}]"):
                    msg = msg[: -len(e.rule) - 3]
                self.say(f"Illegal action: {msg}", style="red", whole=True)
                if e.rule:
                    self.say(f"Rule: {e.rule}", style="red", whole=True)
                continue
            self.say(f"You: {line}", style="bold")
            self.show_events(events)
            return

    # -------------------------------------------------------------- the whole game
    def intro(self) -> None:
        s = self.state
        self.console.rule(Text("Battle for Rokugan", style="bold"))
        who = ", ".join(f"seat {q}: {'you' if q == self.human else self.bot_names[q] + ' bot'}"
                        + (f" ({clan_name(s.clans[q])})" if s.clans[q] else "") for q in range(s.n))
        self.say(f"{s.n} players, seed {self.seed}. {who}.")
        self.say("Type ? at any prompt for the legal actions and the commands.")

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
            self.say("You leave the game.", style="bold")
            self.offer_save()
            return self.rec
        self.draw()
        if self.final is not None:  # the scores again, under the final board
            self.console.print(scores_table(self.final))
            self.say(sentences(Event("final-scoring", self.final), self.lang)[-1], style="bold")
        self.offer_save()
        return self.rec

    def offer_save(self) -> None:
        """Ask whether to save the game record (it holds every player's actions: read it only once the game is over)."""
        try:
            yes = self.ask("Save the game record? [y/N] ").lower() in ("y", "yes")
            if not yes:
                return
            default = f"rokugan-{self.state.n}p-seed{self.seed}.txt"
            name = self.ask(f"File name [{default}]: ") or default
        except Quit:
            return
        path = Path(name)
        try:
            path.write_text(self.rec.text(), encoding="utf-8")
        except OSError as e:
            self.say(f"Could not save the record: {e}", style="red", whole=True)
            return
        self.say(f"Record saved to {path}; replay it with: daimyo rokugan replay {path}", whole=True)


def fill_clans(players: int, seed: int, clans: list[str | None] | None) -> list[str] | None:
    """The clans of a new game: None (or all None): chosen in the game as actions; else every None drawn from the clans left."""
    if clans is None or all(c is None for c in clans):
        return None
    if len(clans) != players:
        raise ValueError(f"{players} players need {players} clan choices, got {len(clans)}")
    for c in clans:
        if c is not None and c not in R.clan_names:
            raise ValueError(f"unknown clan '{c}' (clans: {', '.join(R.clan_names)})")
    chosen = [c for c in clans if c is not None]
    if len(set(chosen)) != len(chosen):
        raise ValueError("each player must play a different clan")
    left = [c for c in R.clan_names if c not in chosen]
    Rng(seed ^ _CLAN_SALT).shuffle(left)
    return [c if c is not None else left.pop() for c in clans]


def bot_specs(players: int, human_seat: int, bots: list[str]) -> dict[int, str]:
    """The bot of each seat but the human's: one name for all, or one name per bot seat in seat order."""
    seats = [q for q in range(players) if q != human_seat]
    bots = [b.strip() for b in bots if b.strip()] or ["random"]
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
