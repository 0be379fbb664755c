"""``daimyo bot connect URL --cmd COMMAND``: an outside program takes a seat in a live game on a play server.

The URL is a seat's play link (``http://host/game/<id>#seat=0&token=...``) or an invitation
(``http://host/join/<id>#code=...``, then ``--seat`` picks the open seat to claim). The program speaks
the bot protocol of docs/bot-protocol.md on its stdin and stdout; this command relays between it and
the server's WebSocket until the game is over.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import click

from daimyo.bots.external import BotError, Program, answer_text, end_message, observation, result_of, start_message
from daimyo.bots.text import sentences


def parse_link(url: str) -> tuple[str, str, dict[str, str]]:
    """(base URL, game id, fragment fields) of a play link or an invitation; ValueError naming what is wrong."""
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError as e:   # a bracketed host that is no IPv6 address
        raise ValueError(f"URL: {e}") from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError("URL: a link beginning with http:// or https://")
    segments = [p for p in parts.path.split("/") if p]
    if len(segments) != 2 or segments[0] not in ("game", "join"):
        raise ValueError("URL: a seat's play link (/game/<id>#seat=N&token=...) or an invitation (/join/<id>#code=...)")
    fields = dict(urllib.parse.parse_qsl(parts.fragment))
    return f"{parts.scheme}://{parts.netloc}", segments[1], fields


def claim(base: str, game_id: str, code: str, seat: int, name: str | None) -> tuple[int, str]:
    body = json.dumps({"code": code, "seat": seat, "name": name}).encode()
    req = urllib.request.Request(f"{base}/api/games/{game_id}/claim", data=body, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            reply = json.loads(r.read())
    except urllib.error.HTTPError as e:
        raise click.ClickException(f"the server refused the seat: {json.loads(e.read() or b'{}').get('error', e.reason)}") from None
    return reply["seat"], reply["token"]


def table_rules(game: str, welcome: dict) -> Any:
    """The game's own data the server's ``welcome`` gives (its ``table``, read by the game's table options: a Battle
    for Rokugan table's rules file, checked against its digest), or None for a game without one; ClickException
    naming the field that does not fit."""
    table = welcome.get("table")
    if table is None:
        return None
    from daimyo.core.registry import game as game_info

    options = game_info(game).table_options
    try:
        if options is None:
            raise ValueError("field 'table.format': this game's welcome carries no table file")
        return options.read_welcome_table(table)
    except ValueError as e:
        raise click.ClickException(f"the server's welcome: {e}") from None


#: the server's refusals of an answer after which the program is asked the same decision again, with the reason
ASK_AGAIN = ("illegal", "bad-message", "bad-json")
#: refusals of the program's answers in a row after which ``bot connect`` gives up
MAX_REFUSALS = 5


def relay(base: str, game_id: str, seat: int, token: str, program: Program, lang: str, echo=click.echo,
          text_only: bool = False) -> dict:
    """Play ``seat`` with ``program`` until the game is over; the final view's result (:func:`result_of`). A refused
    answer (illegal, or a message the server cannot take) is asked for again with the server's reason, at most
    ``MAX_REFUSALS`` times in a row; an answer the game moved past (another seat acted first at a simultaneous
    choice) is sent again for the same decision without asking, or the program is told why it is asked anew; a
    connection the server closes ends the relay with the server's reason."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    ws_url = base.replace("http", "ws", 1) + f"/ws/games/{game_id}"
    with connect(ws_url, open_timeout=30) as ws:
        try:
            return Relay(ws, seat, program, lang, echo, text_only).run(token)
        except ConnectionClosed as e:
            code, reason = (e.rcvd.code, e.rcvd.reason) if e.rcvd is not None else (1006, "")
            raise click.ClickException(f"the server closed the connection ({code}{': ' + reason if reason else ''})") from None


class Relay:
    """The relay's loop over an open WebSocket ``ws`` (anything with ``send`` and ``recv``), for :func:`relay`.

    One answer is in flight at a time (``pending``): a state that offers the seat a decision meanwhile is kept
    (``waiting``) until the server acknowledges or refuses the answer. A ``stale`` refusal means the game moved
    on before the answer arrived: when the seat's legal actions are still the same (a simultaneous choice where
    another seat acted first), the same answer is sent again at the new step, and the program is not asked twice;
    otherwise the program is asked with ``error`` saying why."""

    def __init__(self, ws, seat: int, program: Program, lang: str, echo, text_only: bool = False):
        self.ws, self.seat, self.program, self.lang, self.echo, self.text_only = ws, seat, program, lang, echo, text_only
        self.game = "rokugan"
        self.cards: Any = None   # the game's rules file's rules (the welcome's "table"), None for the standard rules
        self.started = False
        self.events: list[str] = []
        self.refusals = 0
        self.pending: dict | None = None    # the answer sent and not yet acknowledged: its state and action
        self.waiting: dict | None = None    # a state offering a decision, come while an answer was in flight
        self.moved_on: tuple[dict, str] | None = None   # an answer the game moved past, and the server's reason

    def run(self, token: str) -> dict:
        # each answer's acknowledgement comes inside the state that follows it (one message, docs/server-protocol.md)
        self.ws.send(json.dumps({"type": "hello", "seat": self.seat, "token": token, "ack_in_state": True}))
        while True:
            msg = json.loads(self.ws.recv())
            kind = msg["type"]
            if kind == "error":
                self.refused(msg)
            elif kind == "ack":
                self.acknowledged(msg["seq"])
                self.next()
            elif kind == "welcome":
                self.game = msg["game"]["game"]
                self.cards = table_rules(self.game, msg)
            elif kind == "log":
                self.events = sentences(self.game, msg["events"], self.lang, cards=self.cards)
            elif kind == "state":
                if "ack" in msg:   # the answer in flight was taken: the state it led to follows at once
                    self.acknowledged(msg["ack"])
                view = msg["view"]
                if not self.started:
                    self.program.tell(start_message(self.game, self.seat, view, self.text_only, self.lang, self.cards))
                    self.started = True
                self.events += sentences(self.game, msg["events"], self.lang, view, self.cards)
                if not msg["to_act"]:
                    self.program.tell(end_message(self.game, self.seat, view, self.events, self.text_only, self.lang, self.cards))
                    return result_of(view)
                self.waiting = msg if msg["legal"] else None
                if self.pending is None:
                    self.next()

    def acknowledged(self, seq: int) -> None:
        self.pending, self.refusals = None, 0
        if self.waiting is not None and self.waiting["seq"] < seq:
            self.waiting = None   # offered before this answer was taken: the next state says what comes now

    def refused(self, msg: dict) -> None:
        if msg.get("code") in ("bad-token", "no-such-game"):
            raise click.ClickException(f"the server refused: {msg['message']}")
        self.echo(f"refused: {msg['message']}")
        answered, self.pending = self.pending, None
        if answered is None:
            return
        if msg.get("code") in ("stale", "not-your-turn"):
            self.moved_on = (answered, msg["message"])
            self.next()
        elif msg.get("code") in ASK_AGAIN:
            self.refusals += 1
            if self.refusals >= MAX_REFUSALS:
                raise click.ClickException(f"the server refused the program's answer {self.refusals} time(s) in a row "
                                           f"(the last: {msg['message']})")
            state, self.waiting = self.waiting or answered["state"], None
            self.ask(state, msg["message"])   # the same decision again, with the reason

    def next(self) -> None:
        """Answer the decision waiting, if any: again with an answer the game moved past when the decision is the
        same, else by asking the program (told why, when its last answer was dropped)."""
        state, self.waiting = self.waiting, None
        if state is None:
            return
        moved_on, self.moved_on = self.moved_on, None
        if moved_on is not None and moved_on[0]["state"]["legal"] == state["legal"]:
            self.echo(f"step {state['seq']}: the same decision (another seat acted first); its answer is sent again")
            self.send(state, moved_on[0]["action"])
        elif moved_on is not None:
            self.ask(state, f"your last answer ({moved_on[0]['action']}) came after the game had moved on "
                            f"({moved_on[1]}); this is a new decision")
        else:
            self.ask(state)

    def ask(self, state: dict, error: str | None = None) -> None:
        message = observation(self.game, self.seat, state["view"], state["legal"], self.events, self.text_only, self.lang,
                              self.cards)
        if error is not None:
            message["error"] = error
        action = answer_text(self.program.ask(message))
        self.events = []
        self.send(state, action)

    def send(self, state: dict, action: str) -> None:
        self.echo(f"step {state['seq']}: {action}")
        self.ws.send(json.dumps({"type": "act", "action": action, "seq": state["seq"]}))
        self.pending = {"state": state, "action": action}


@click.group()
def bot() -> None:
    """Outside programs as players (docs/bot-protocol.md)."""


@bot.command()
@click.argument("url")
@click.option("--cmd", "command", required=True, help="The command that runs the bot program (it reads and writes JSON lines).")
@click.option("--seat", type=click.IntRange(0, 4), default=None, help="With an invitation link: the open seat to claim.")
@click.option("--name", default=None, help="With an invitation link: the name shown for the seat.")
@click.option("--timeout", type=click.FloatRange(0.1, 3600), default=60.0, show_default=True, help="Seconds the program may take to answer.")
@click.option("--lang", type=click.Choice(["en", "pl"]), default="en", show_default=True, help="The language of the events and texts sent to the program.")
@click.option("--text", "text_only", is_flag=True, help="Send the game in words only (a language model's protocol): no view, no list of legal actions.")
def connect(url: str, command: str, seat: int | None, name: str | None, timeout: float, lang: str, text_only: bool) -> None:
    """Let the program COMMAND play a seat of the live game at URL until the game is over."""
    try:
        base, game_id, fields = parse_link(url)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="URL") from None
    if "code" in fields:
        if seat is None:
            raise click.BadParameter("an invitation link needs --seat (the open seat to claim)", param_hint="--seat")
        seat, token = claim(base, game_id, fields["code"], seat, name)
    elif "token" in fields:
        if fields.get("seat") not in [str(n) for n in range(5)]:   # not int(): 5000 digits are a ValueError
            raise click.BadParameter("the link's seat is a number from 0 to 4 (#seat=N&token=...)", param_hint="URL")
        seat, token = int(fields["seat"]), fields["token"]
    else:
        raise click.BadParameter("the link carries neither a seat's token (#seat=N&token=...) nor an invitation (#code=...)",
                                 param_hint="URL")
    try:
        program = Program(command, timeout)
    except BotError as e:
        raise click.ClickException(str(e)) from None
    try:
        result = relay(base, game_id, seat, token, program, lang, text_only=text_only)
    except BotError as e:
        raise click.ClickException(str(e)) from None
    finally:
        program.close()
    click.echo(f"the game is over: {json.dumps(result)}")
