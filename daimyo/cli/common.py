"""Small helpers the commands share."""

from __future__ import annotations

import sys

import click


def fail_on_file(path, e: Exception) -> None:
    """Say what is wrong with a file (``path: line N: message``) and exit with status 1."""
    msg = str(e)
    line = getattr(e, "lineno", None)
    if line is not None and str(line) not in msg:
        msg = f"line {line}: {msg}"
    click.echo(f"{path}: {msg}", err=True)
    sys.exit(1)


def replay_file(path, replay_text):
    """Replay the record or position at ``path`` with a game's ``replay_text``; a bad file exits with its line."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        fail_on_file(path, ValueError(f"line {line}: the file is not UTF-8 text (byte 0x{data[e.start]:02x} at column "
                                      f"{column}); save it as UTF-8"))
    try:
        return replay_text(text)
    except ValueError as e:
        fail_on_file(path, e)


def echo_replay(rep, describe, as_json: bool, first: str) -> None:
    """Print a replay's public events, a line per action (``first`` names the starting step), or all as JSON."""
    import json

    if as_json:
        events = [{"line": line, **e.to_dict()} for line, _actor, _action, evs in rep.steps for e in evs if e.visible(None)]
        click.echo(json.dumps({"state": rep.state.view(None), "events": events}, default=list))
        return
    for line, actor, action, evs in rep.steps:
        click.echo(f"line {line}: {actor}: {action}" if action is not None else first)
        for e in evs:
            if e.visible(None):
                for text in describe(e):
                    click.echo(f"    {text.strip()}")


def split_list(value: str, option: str) -> list[str]:
    """A comma-separated option value (the one list separator of every command) as its items.

    A value with spaces but no comma (``"kaze tetsu"``, the old Senjutsu form) is refused with the
    comma form, so that a bot command with spaces (``exec:python3 bot.py``) stays one item."""
    import click

    items = [x.strip() for x in value.split(",") if x.strip()]
    if not items:
        raise click.BadParameter("give at least one item", param_hint=option)
    return items
