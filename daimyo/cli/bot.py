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

import click

from daimyo.bots.external import BotError, Program, answer_text, observation


def parse_link(url: str) -> tuple[str, str, dict[str, str]]:
    """(base URL, game id, fragment fields) of a play link or an invitation; ValueError naming what is wrong."""
    parts = urllib.parse.urlsplit(url)
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


def _speaker(game: str, lang: str, view: dict | None):
    """One event in words, for ``game`` (the message catalogue); None for a game without words here."""
    if game == "rokugan":
        from daimyo.words.rokugan import sentence
        return lambda event: [sentence(event, lang)]
    if game == "senjutsu":
        from daimyo.senjutsu.cards import sample_set
        from daimyo.words.senjutsu import SenjutsuWords
        seats = {s["seat"]: s["name"] for s in (view or {}).get("seats", [])}
        words = SenjutsuWords(lang, seats, {cid: c.name for cid, c in sample_set().cards.items()})
        return lambda event: [words.sentence(event)]
    if game == "risingsun":
        from daimyo.words.risingsun import lines
        return lambda event: lines(event, lang)
    return None


def sentences(game: str, events: list[dict], lang: str, view: dict | None = None) -> list[str]:
    """The events in words (the message catalogue), as a player reads them; ``view`` names Senjutsu's seats."""
    from daimyo.core.game import Event
    if not events:
        return []
    speak = _speaker(game, lang, view)
    out: list[str] = []
    for e in events:
        try:
            if speak is None:
                raise KeyError(game)
            out.extend(speak(Event(e.get("kind", ""), {k: v for k, v in e.items() if k != "kind"})))
        except Exception:   # an event the words do not know: its data, plainly
            out.append(json.dumps(e, ensure_ascii=False))
    return out


#: the server's refusals of an answer after which the program is asked the same decision again, with the reason
ASK_AGAIN = ("illegal", "bad-message", "bad-json")
#: refusals of the program's answers in a row after which ``bot connect`` gives up
MAX_REFUSALS = 5


def relay(base: str, game_id: str, seat: int, token: str, program: Program, lang: str, echo=click.echo) -> dict:
    """Play ``seat`` with ``program`` until the game is over; the final view's result. A refused answer (illegal,
    or a message the server cannot take) is asked for again with the server's reason, at most ``MAX_REFUSALS``
    times in a row; a connection the server closes ends the relay with the server's reason."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    ws_url = base.replace("http", "ws", 1) + f"/ws/games/{game_id}"
    with connect(ws_url, open_timeout=30) as ws:
        try:
            return _relay(ws, seat, token, program, lang, echo)
        except ConnectionClosed as e:
            code, reason = (e.rcvd.code, e.rcvd.reason) if e.rcvd is not None else (1006, "")
            raise click.ClickException(f"the server closed the connection ({code}{': ' + reason if reason else ''})") from None


def _relay(ws, seat: int, token: str, program: Program, lang: str, echo) -> dict:
    """The relay's loop over an open WebSocket (:func:`relay`)."""
    ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
    game, last, refusals = "rokugan", None, 0
    events: list[str] = []

    def decide(state: dict, error: str | None = None) -> None:
        nonlocal events
        message = observation(game, seat, state["view"], state["legal"], events)
        if error is not None:
            message["error"] = error
        action = answer_text(program.ask(message))
        events = []
        echo(f"step {state['seq']}: {action}")
        ws.send(json.dumps({"type": "act", "action": action, "seq": state["seq"]}))

    while True:
        msg = json.loads(ws.recv())
        kind = msg["type"]
        if kind == "error":
            if msg.get("code") in ("bad-token", "no-such-game"):
                raise click.ClickException(f"the server refused: {msg['message']}")
            echo(f"refused: {msg['message']}")
            if msg.get("code") in ASK_AGAIN:
                refusals += 1
                if last is None or refusals >= MAX_REFUSALS:
                    raise click.ClickException(f"the server refused the program's answer {refusals} time(s) in a row "
                                               f"(the last: {msg['message']})")
                decide(last, msg["message"])   # the same decision again, with the reason
        elif kind == "welcome":
            game = msg["game"]["game"]
        elif kind == "log":
            events = sentences(game, msg["events"], lang)
        elif kind == "state":
            events += sentences(game, msg["events"], lang, msg["view"])
            if not msg["to_act"]:
                program.tell({"type": "end", "protocol": 1, "game": game, "seat": seat, "view": msg["view"], "events": events})
                return msg["view"].get("result") or {}
            if msg["legal"]:
                last, refusals = msg, 0
                decide(msg)


@click.group()
def bot() -> None:
    """Outside programs as players (docs/bot-protocol.md)."""


@bot.command()
@click.argument("url")
@click.option("--cmd", "command", required=True, help="The command that runs the bot program (it reads and writes JSON lines).")
@click.option("--seat", type=click.IntRange(0, 4), default=None, help="With an invitation link: the open seat to claim.")
@click.option("--name", default=None, help="With an invitation link: the name shown for the seat.")
@click.option("--timeout", type=click.FloatRange(0.1, 3600), default=60.0, show_default=True, help="Seconds the program may take to answer.")
@click.option("--lang", type=click.Choice(["en", "pl"]), default="en", show_default=True, help="The language of the events sent to the program.")
def connect(url: str, command: str, seat: int | None, name: str | None, timeout: float, lang: str) -> None:
    """Let the program COMMAND play a seat of the live game at URL until the game is over."""
    try:
        base, game_id, fields = parse_link(url)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="URL") from None
    if "code" in fields:
        if seat is None:
            raise click.BadParameter("an invitation link needs --seat (the open seat to claim)", param_hint="--seat")
        seat, token = claim(base, game_id, fields["code"], seat, name)
    elif "token" in fields and fields.get("seat", "").isdecimal():
        seat, token = int(fields["seat"]), fields["token"]
    else:
        raise click.BadParameter("the link carries neither a seat's token (#seat=N&token=...) nor an invitation (#code=...)",
                                 param_hint="URL")
    try:
        program = Program(command, timeout)
    except BotError as e:
        raise click.ClickException(str(e)) from None
    try:
        result = relay(base, game_id, seat, token, program, lang)
    except BotError as e:
        raise click.ClickException(str(e)) from None
    finally:
        program.close()
    click.echo(f"the game is over: {json.dumps(result)}")
