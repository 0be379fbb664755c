"""``daimyo risingsun``: resolve a War Phase from a war file, and replay war records."""

from __future__ import annotations

import json
from pathlib import Path

import click

from daimyo.cli.common import echo_replay, fail_on_file, replay_file
from daimyo.words.risingsun import lines


@click.group()
def risingsun() -> None:
    """Rising Sun: the War Phase."""


def describe(e, lang: str = "en") -> list[str]:
    """One event as lines of text (the catalogue's ``rs.*`` templates, :mod:`daimyo.words.risingsun`)."""
    return lines(e, lang)


def _result_lines(result: dict) -> list[str]:
    lines = ["", "clan        VP  war tokens (season + bonus)  total  coins"]
    for clan, r in result["players"].items():
        t = r["war_tokens"]
        lines.append(f"{clan:<10} {r['vp']:>3}  {t['by_season']:>3} + {t['bonus']:<3} ({', '.join(r['tokens']) or '-'})"
                     f"  {r['total']:>5}  {r['coins']:>5}")
    lines.append(f"Honor: {' > '.join(result['honor'])}")
    lines.append(f"Leader: {result['winner']}")
    return lines


def _ask(state, seat: int, as_json: bool) -> str:
    """Ask the human at ``seat`` for an action; a bid is typed hidden."""
    from daimyo.risingsun.state import BID
    v = state.view(seat)
    me = v["you"]
    clan = me["clan"]
    if state.step == BID:
        others = ", ".join(c for c in v["battle"]["participants"] if c != clan)
        click.echo(f"[{clan}] battle of {v['province']} against {others}: you have {me['coins']} coins and "
                   f"{me['ronin_for_hire']} ronin for hire", err=as_json)
        text = click.prompt(f"[{clan}] your secret bid: seppuku hostage ronin poets (e.g. 1 0 2 0)", hide_input=True, err=as_json)
        return text if text.strip().startswith("bid") else f"bid {text}"
    options = [a.text for a in state.legal_actions(seat)]
    return click.prompt(f"[{clan}] choose ({' | '.join(options)})", err=as_json)


@risingsun.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help='Print {"result": ..., "events": [...], "record": ...} as JSON.')
@click.option("--human", "humans", multiple=True, metavar="CLAN", help="A clan played at this terminal (repeatable); bids are typed hidden.")
@click.option("--bot", default="heuristic", show_default=True, help="The bot in the other seats: heuristic, random or regret[:budget] (cfr).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the bots.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, path_type=Path), help="Write the war's record to this file.")
def war(file: Path, as_json: bool, humans: tuple[str, ...], bot: str, seed: int, record_path: Path | None) -> None:
    """Resolve the War Phase of a war file: bots in every seat, or humans at the terminal."""
    from daimyo.bots.random_bot import bot_seed
    from daimyo.bots.risingsun import make_bot
    from daimyo.core.errors import FormatError, RuleViolation
    from daimyo.core.game import Action
    from daimyo.risingsun.record import Recorder

    try:
        rec = Recorder(file.read_text(encoding="utf-8"))
    except FormatError as e:
        fail_on_file(file, e)
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
                for line in describe(e):
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
                        evs = rec.apply(Action(seat, _ask(s, seat, as_json)))
                        break
                    except RuleViolation as e:
                        click.echo(f"  not allowed: {e}", err=True)
            events.extend(evs)
            show(evs)
    if record_path is not None:
        record_path.write_text(rec.text(), encoding="utf-8")
    if as_json:
        click.echo(json.dumps({"result": s.result, "events": [e.to_dict() for e in events if e.visible(None)], "record": rec.text()}))
        return
    assert s.result is not None  # the war is over
    for line in _result_lines(s.result):
        click.echo(line)


@risingsun.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help='Print {"state": ..., "events": [...]} as JSON.')
def replay(file: Path, as_json: bool) -> None:
    """Replay a war record and show the public events and the result."""
    from daimyo.risingsun.record import replay as replay_text

    rep = replay_file(file, replay_text)
    echo_replay(rep, describe, as_json, "start")
    if as_json:
        return
    if rep.state.result is not None:
        for line in _result_lines(rep.state.result):
            click.echo(line)
    else:
        click.echo(f"\nthe record stops before the end: waiting for {', '.join(rep.state.view(None)['to_act'])}")
