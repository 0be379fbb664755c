"""Small helpers the commands share."""

from __future__ import annotations

import sys

import click


def env_lang() -> str:
    """The language of the environment (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``, as POSIX orders them):
    ``pl_PL.UTF-8`` -> ``pl``; a language the catalogue lacks (or none, ``C``, ``POSIX``) -> ``en``."""
    import os

    from daimyo.words import LANGS

    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGS else LANGS[0]
    return LANGS[0]


def lang_option(f):
    """``--lang``: the language of what a command prints (default: the environment's, see :func:`env_lang`)."""
    from daimyo.words import LANGS

    return click.option("--lang", type=click.Choice(list(LANGS)), default=env_lang, show_default="from LC_ALL / LANG, else en",
                        help="The language of what is printed (the catalogue daimyo/words).")(f)


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


def echo_replay(rep, describe, as_json: bool, first: str, lang: str = "en") -> None:
    """Print a replay's public events, a line per action (``first`` names the starting step), or all as JSON."""
    import json

    from daimyo.words import t

    if as_json:
        events = [{"line": line, **e.to_dict()} for line, _actor, _action, evs in rep.steps for e in evs if e.visible(None)]
        click.echo(json.dumps({"state": rep.state.view(None), "events": events}, default=list))
        return
    for line, actor, action, evs in rep.steps:
        click.echo(t("term.replay.line", {"line": line, "actor": actor, "action": action}, lang) if action is not None else first)
        for e in evs:
            if e.visible(None):
                for text in describe(e):
                    click.echo(f"    {text.strip()}")


def aligned(headers: list[str], rows: list[list], right: set[int] | None = None, indent: str = "") -> list[str]:
    """A table as lines of text, each column as wide as its widest cell; the columns in ``right`` (numbers)
    aligned to the right, the others to the left."""
    right = right or set()
    cells = [[str(c) for c in row] for row in [headers, *rows]]
    widths = [max(len(r[k]) for r in cells) for k in range(len(headers))]
    return [indent + "  ".join(c.rjust(w) if k in right else c.ljust(w) for k, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()
            for row in cells]


def split_list(value: str, option: str) -> list[str]:
    """A comma-separated option value (the one list separator of every command) as its items.

    A value with spaces but no comma (``"kaze tetsu"``, the old Senjutsu form) is refused with the
    comma form, so that a bot command with spaces (``exec:python3 bot.py``) stays one item."""
    import click

    items = [x.strip() for x in value.split(",") if x.strip()]
    if not items:
        raise click.BadParameter("give at least one item", param_hint=option)
    return items


def write_report(result: dict, out, name: str, title: str, plot, report_lines, as_json: bool,
                 alt: str | None = None) -> None:
    """Write a study's ``NAME.md`` (its plot and report lines), ``NAME.json`` and plots (``plot(result, path, title)``)
    into the folder ``out`` (``alt``: the plot's words in the md, else ``name``), then print the result as JSON or as its report lines and the files written."""
    import json

    out.mkdir(parents=True, exist_ok=True)
    plots = plot(result, out / name, title)
    (out / f"{name}.md").write_text("\n".join([f"# {title}", "", f"![{alt or name}]({name}.svg)", "", *report_lines(result)]),
                                   encoding="utf-8")
    result["written"] = [str(out / f"{name}.md"), str(out / f"{name}.json"), *map(str, plots)]
    (out / f"{name}.json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    if as_json:
        click.echo(json.dumps(result))
        return
    for line in report_lines(result):
        click.echo(line)
    click.echo(f"written: {', '.join(result['written'])}")
