"""``daimyo risingsun``: resolve a War Phase from a war file, simulate many wars, and replay war records."""

from __future__ import annotations

import json
from pathlib import Path

import click

from daimyo.cli.common import aligned, echo_replay, fail_on_file, lang_option, replay_file
from daimyo.words import t
from daimyo.words.errors import rule_text
from daimyo.words.risingsun import RisingSunWords, lines, tied_on_vp


@click.group()
def risingsun() -> None:
    """Rising Sun: the War Phase."""


def describe(e, lang: str = "en") -> list[str]:
    """One event as lines of text: the page's sentences, laid out for the terminal (:mod:`daimyo.words.risingsun`),
    each broken between words to the terminal's width (the terminal would break it inside a word)."""
    return [part for line in lines(e, lang) for part in fit(line)]


def fit(line: str, width: int | None = None) -> list[str]:
    """``line`` in lines of at most ``width`` columns (the terminal's), broken between words; a continuation is
    indented two more than the line. A word longer than the width stays whole."""
    import shutil
    import textwrap

    width = width or shutil.get_terminal_size((80, 24)).columns
    if len(line) <= width:
        return [line]
    indent = line[:len(line) - len(line.lstrip())]
    return textwrap.wrap(line, width, subsequent_indent=indent + "  ", break_long_words=False, break_on_hyphens=False) or [line]


def _result_lines(result: dict, lang: str = "en") -> list[str]:
    """The War Phase's result as an aligned table (clan, VP, war tokens by season and bonus, total, coins)."""
    w = RisingSunWords(lang)
    head = [t(f"term.rs.col.{c}", None, lang) for c in ("clan", "vp", "season", "bonus", "tokens", "total", "coins")]

    def token(text: str) -> str:
        province, _, season = text.partition("@")
        return t("term.rs.war_token", {"province": w.province(province), "season": w.season(season)}, lang)

    rows = [[w.clan(clan), r["vp"], r["war_tokens"]["by_season"], r["war_tokens"]["bonus"], ", ".join(map(token, r["tokens"])) or "-",
             r["total"], r["coins"]] for clan, r in result["players"].items()]
    return ["", *aligned(head, rows, right={1, 2, 3, 5, 6}),
            *fit(t("term.rs.honor", {"order": " > ".join(map(w.clan, result["honor"]))}, lang)), *fit(_leader(result, lang))]


def _leader(result: dict, lang: str) -> str:
    """Who leads; when others tie on VP, that Honor (the tie-break) decided it."""
    w = RisingSunWords(lang)
    winner = result["winner"]
    tied = tied_on_vp(winner, {c: r["total"] for c, r in result["players"].items()})
    if tied:
        return t("term.rs.leader_honor", {"clan": w.clan(winner), "clans": w.clans([winner, *tied])}, lang)
    return t("term.rs.leader", {"clan": w.clan(winner)}, lang)


def option_words(state, seat: int, text: str, lang: str = "en") -> str:
    """A legal action in words, as the page's button says it; a hostage names whose figure it is."""
    return RisingSunWords(lang).action(text, state.view(seat)["figures"])


class _Quit(Exception):
    """The human typed ``quit``: the War Phase is left where it stands."""


def _read(prompt: str, hidden: bool, as_json: bool, lang: str) -> str:
    """A line the human typed; ``?`` or ``help`` shows the help and asks again, ``quit`` leaves (:class:`_Quit`)."""
    while True:
        text = click.prompt(prompt, hide_input=hidden, err=as_json).strip()
        if text.lower() == "quit":
            raise _Quit
        if text.lower() not in ("?", "help"):
            return text
        for part in fit(t("term.rs.help", None, lang)):
            click.echo(part, err=as_json)


def _ask(state, seat: int, as_json: bool, lang: str = "en") -> str:
    """Ask the human at ``seat`` for an action (a number or the action's text); a bid is typed hidden."""
    from daimyo.risingsun.state import BID
    w = RisingSunWords(lang)
    v = state.view(seat)
    me = v["you"]
    clan = w.clan(me["clan"])
    if state.step == BID:
        others = w.clans(c for c in v["battle"]["participants"] if c != me["clan"])
        for part in fit(t("term.rs.battle", {"clan": clan, "province": w.province(v["province"]), "others": others, "coins": me["coins"],
                                             "ronin": me["ronin_for_hire"]}, lang)):
            click.echo(part, err=as_json)
        text = _read(t("term.rs.bid_prompt", {"clan": clan}, lang), True, as_json, lang)
        return text if text.startswith("bid") else f"bid {text}"
    options = [a.text for a in state.legal_actions(seat)]
    for part in fit(t("term.rs.choose", {"clan": clan, "step": w.step(v["step"])}, lang)):
        click.echo(part, err=as_json)
    for i, o in enumerate(options, 1):
        for part in fit(f"  [{i}] {option_words(state, seat, o, lang)}"):
            click.echo(part, err=as_json)
    text = _read(t("term.rs.prompt", {"clan": clan, "n": len(options)}, lang), False, as_json, lang)
    return options[int(text) - 1] if text.isdigit() and 1 <= int(text) <= len(options) else text


def _war_text(name: str) -> tuple[str, str]:
    """The war file to play and how to name it: a file's path, else the name of an example the package ships."""
    from daimyo.risingsun import examples, open_example
    path = Path(name)
    if path.is_file():
        return path.read_text(encoding="utf-8"), str(path)
    if name in examples():
        return open_example(name), name
    raise click.BadParameter(f"'{name}' is neither a war file nor an example (examples: {', '.join(examples())}; "
                             f"a war file of your own: docs/risingsun-war.md)", param_hint="FILE")


@risingsun.command()
@click.argument("file", default="seed-example", metavar="[FILE]")
@click.option("--json", "as_json", is_flag=True, help='Print {"result": ..., "events": [...], "record": ...} as JSON.')
@click.option("--human", "humans", multiple=True, metavar="CLAN", help="A clan played at this terminal (repeatable); bids are typed hidden.")
@click.option("--bot", default="heuristic", show_default=True, help="The bot in the other seats: heuristic, random or regret[:budget] (cfr).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the bots.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, path_type=Path), help="Write the war's record to this file.")
@lang_option
def war(file: str, as_json: bool, humans: tuple[str, ...], bot: str, seed: int, record_path: Path | None, lang: str) -> None:
    """Resolve the War Phase of a war file: bots in every seat, or humans at the terminal. FILE is a war file or the
    name of an example the package ships (seed-example, the default; worked-battle)."""
    from daimyo.bots.random_bot import bot_seed
    from daimyo.bots.risingsun import make_bot
    from daimyo.core.errors import FormatError, RuleViolation
    from daimyo.core.game import Action
    from daimyo.risingsun.record import Recorder

    text, where = _war_text(file)
    try:
        rec = Recorder(text)
    except FormatError as e:
        fail_on_file(where, e)
    s = rec.state
    for h in humans:
        if h not in s.clans:
            raise click.BadParameter(f"'{h}' plays no part in this war (clans: {' '.join(s.clans)})", param_hint="--human")
    try:
        bots = {p: make_bot(bot, bot_seed(seed, p)) for p in range(s.n) if s.clans[p] not in humans}
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--bot") from None
    events = list(rec.start_events)

    def show(evs):
        for e in evs:
            if e.visible(None) and not as_json:
                for line in describe(e, lang):
                    click.echo(line)

    show(events)
    while not s.is_terminal():
        for seat in s.to_act():
            if seat not in s.to_act():
                break
            if seat in bots:
                evs = rec.apply_move(seat, bots[seat].choose(s, seat))
            else:
                while True:
                    try:
                        evs = rec.apply(Action(seat, _ask(s, seat, as_json, lang)))
                        break
                    except _Quit:
                        click.echo(t("term.rs.left", None, lang), err=as_json)
                        if record_path is not None:
                            record_path.write_text(rec.text(), encoding="utf-8")
                        return
                    except RuleViolation as e:
                        for part in fit(t("term.rs.not_allowed", {"message": rule_text(e, lang, with_rule=True, game="risingsun")}, lang)):
                            click.echo(part, err=True)
            events.extend(evs)
            show(evs)
    if record_path is not None:
        record_path.write_text(rec.text(), encoding="utf-8")
    if as_json:
        click.echo(json.dumps({"result": s.result, "events": [e.to_dict() for e in events if e.visible(None)], "record": rec.text()}))
        return
    assert s.result is not None  # the war is over
    for line in _result_lines(s.result, lang):
        click.echo(line)


@risingsun.command()
@click.option("--players", type=int, default=3, show_default=True, help="Players per war (the example war files of that many).")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help="Wars to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="War i is played with seed SEED+i.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--engine", type=click.Choice(["native", "python"]), default=None,
              help="The engine that plays: native (C++, each war in one call) or python (the reference); native where it is built.")
def simulate(players: int, games: int, seed: int, as_json: bool, engine: str | None) -> None:
    """Play GAMES wars of the example war files between random bots (daimyo simulate --game risingsun), the same
    wars and results on either engine."""
    from daimyo.bots.risingsun import native
    from daimyo.cli.simulate import run_command

    if engine == "native" and not native.available():
        raise click.UsageError(f"--engine native: {native.MISSING}")
    run_command("risingsun", players, games, seed, as_json, engine=engine or ("native" if native.available() else "python"))


@risingsun.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help='Print {"state": ..., "events": [...]} as JSON.')
@lang_option
def replay(file: Path, as_json: bool, lang: str) -> None:
    """Replay a war record and show the public events and the result."""
    from daimyo.risingsun.record import replay as replay_text

    rep = replay_file(file, replay_text)
    echo_replay(rep, lambda e: describe(e, lang), as_json, t("term.replay.start", None, lang), lang)
    if as_json:
        return
    if rep.state.result is not None:
        for line in _result_lines(rep.state.result, lang):
            click.echo(line)
    else:
        click.echo("\n" + t("term.rs.stops", {"who": RisingSunWords(lang).clans(rep.state.view(None)["to_act"])}, lang))
