"""``daimyo senjutsu``: duel a bot in the terminal, watch two bots, replay a record, check card files."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from daimyo.cli.common import fail_on_file, lang_option
from daimyo.cli.senjutsu_terminal import draw_board
from daimyo.words.senjutsu import SenjutsuWords

#: the answers that mean yes, in every language of the catalogue
YES = ("y", "yes", "t", "tak")


def describe_seats(view: dict, me: str | None, lang: str = "en") -> list[str]:
    """Each duellist in words, then the advantage order (:class:`daimyo.cli.senjutsu_terminal.DuelScreen`)."""
    from daimyo.cli.senjutsu_terminal import DuelScreen
    from daimyo.words.senjutsu import CardWords

    words = SenjutsuWords(lang, {s["seat"]: s["name"] for s in view["seats"]}, {})
    return DuelScreen(words, CardWords(words, {}), lang).seats(view, me)


def event_words(g, lang: str = "en"):
    """The sentences of a duel's events (the catalogue's ``sj.event.*``, the same as the browser's log)."""
    return SenjutsuWords(lang, {s["seat"]: s["name"] for s in g.view(None)["seats"]}, {cid: c.name for cid, c in g.card_set.cards.items()})


def _game(characters, seed, board, terrain, cards, pieces=None, prepare=False):
    from daimyo.senjutsu import new_game
    from daimyo.senjutsu.cards import load_files
    from daimyo.senjutsu.record import parse_terrain

    cs = load_files([Path(c) for c in cards]) if cards else None
    return new_game(list(characters), seed=seed, board=board, terrain=parse_terrain(terrain) if terrain else [], cards=cs,
                    terrain_pieces=pieces.split() if pieces else None, prepare=prepare)


@click.group()
def senjutsu() -> None:
    """Senjutsu: duels on a hex battlefield."""


@senjutsu.command()
@click.option("--character", default="kaze", show_default=True, help="Your character (sample set: kaze, hana, tetsu, ishi).")
@click.option("--opponent", default="tetsu", show_default=True, help="The bot's character.")
@click.option("--bot", type=click.Choice(["random", "heuristic"]), default="heuristic", show_default=True, help="The bot you duel.")
@click.option("--seed", type=int, default=None, help="The duel's seed (the same seed, the same duel); random if not given, and printed.")
@click.option("--board", type=click.Choice(["one", "two"]), default="one", show_default=True, help="One battlefield board or two joined.")
@click.option("--terrain", default="rock 0,0", show_default=True, help="Terrain pieces such as 'rock 0,0; bamboo 2,-3'.")
@click.option("--terrain-pieces", "pieces", default="", help="Terrain the players place in turns instead, such as 'rock rock bamboo'.")
@click.option("--prepare", is_flag=True, help="Players choose prepared cards from their decks before the duel (Player Setup 7).")
@click.option("--cards", multiple=True, type=click.Path(exists=True, dir_okay=False), help="Extra card files (docs/senjutsu-cards.md).")
@click.option("--bots-only", is_flag=True, help="Watch two bots duel.")
@click.option("--record", "record_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the duel's record here (without it, you are asked at the end).")
@lang_option
def duel(character, opponent, bot, seed, board, terrain, pieces, prepare, cards, bots_only, record_file, lang) -> None:
    """Duel a bot in the terminal (your card choice is typed hidden), or watch two bots with --bots-only."""
    import secrets

    from daimyo.bots.senjutsu import make
    from daimyo.cli.senjutsu_terminal import DuelScreen, Quit, TerminalDuel, save_record
    from daimyo.core.errors import FormatError, RuleViolation
    from daimyo.senjutsu.record import parse_terrain, record_header, record_text
    from daimyo.words import t
    from daimyo.words.senjutsu import CardWords

    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        g = _game([character, opponent], seed, board, "" if pieces else terrain, cards, pieces, prepare)
    except (RuleViolation, FormatError, ValueError) as e:
        raise click.UsageError(str(e)) from None
    click.echo(t("term.sj.seed", {"seed": seed}, lang))
    words = event_words(g, lang)
    bots = {1: make(bot, seed + 1)}
    if bots_only:
        bots[0] = make(bot, seed + 2)

    def read(prompt: str, hidden: bool) -> str:
        try:
            return click.prompt(prompt, hide_input=hidden, default="", show_default=False, prompt_suffix=" ")
        except click.Abort:
            raise Quit from None

    play = TerminalDuel(g, bots, None if bots_only else 0, DuelScreen(words, CardWords(words, g.card_set.cards, cells=True), lang), click.echo, read)
    try:
        play.run()
        for line in play.result():
            click.echo(line)
    except Quit:
        click.echo(t("term.sj.left", None, lang))
    header = record_header([character, opponent], seed, board, terrain=None if pieces else parse_terrain(terrain),
                           terrain_pieces=pieces.split() if pieces else None, prepare=prepare)
    text = record_text(header, play.actions)
    if record_file is None and not bots_only:
        default = f"senjutsu-{character}-{opponent}-seed{seed}.txt"
        try:
            if click.prompt(t("term.save.ask", None, lang), default="", show_default=False, prompt_suffix="").strip().lower() in YES:
                record_file = Path(click.prompt(t("term.save.file", {"default": default}, lang), default="", show_default=False,
                                                prompt_suffix="") or default)
        except click.Abort:
            record_file = None
    if record_file:
        save_record(record_file, text, click.echo, lang)


@senjutsu.command()
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help="How many duels to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Duel i is played with seed SEED+i.")
@click.option("--characters", default="kaze,tetsu", show_default=True, help="Comma-separated characters by seat (2 to 4).")
@click.option("--bots", default="heuristic,random", show_default=True, help="Comma-separated bots by seat (random, heuristic).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate(games, seed, characters, bots, as_json) -> None:
    """Play GAMES duels between bots and report wins by seat, draws, turns and speed."""
    import json
    import time

    from daimyo.bots.random_bot import play
    from daimyo.bots.senjutsu import make
    from daimyo.cli.common import split_list
    from daimyo.senjutsu import new_game

    chars, names = split_list(characters, "--characters"), split_list(bots, "--bots")
    if len(names) != len(chars):
        raise click.UsageError("give one bot per character (--bots and --characters are comma-separated lists)")
    wins = [0.0] * len(chars)
    draws = actions = turns = 0
    start = time.perf_counter()
    for k in range(games):
        g = new_game(chars, seed=seed + k, terrain=[("rock", [(0, 0)])])
        actions += play(g, {i: make(n, seed + k + 101 * i) for i, n in enumerate(names)})
        turns += g.turn
        assert g.result is not None  # the duel is over
        draws += len(g.result) > 1
        wins = [w + r for w, r in zip(wins, g.returns(), strict=False)]
    secs = time.perf_counter() - start
    result = {"games": games, "characters": chars, "bots": names, "wins": wins, "draws": draws,
              "mean_turns": round(turns / games, 1), "seconds": round(secs, 3), "duels_per_second": round(games / secs, 1),
              "actions_per_second": round(actions / secs)}
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(f"{games} duels in {secs:.2f} s ({result['duels_per_second']} duels/s, {result['actions_per_second']} actions/s), "
               f"{result['mean_turns']} turns on average, {draws} draws")
    for i, (c, n) in enumerate(zip(chars, names, strict=False)):
        click.echo(f"p{i + 1} {c} ({n}): {wins[i]:g} wins ({wins[i] / games:.0%})")


@senjutsu.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--cards", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The card files the duel was played with (docs/senjutsu-cards.md), read with the sample set.")
@click.option("--json", "as_json", is_flag=True, help='Print {"state": ..., "events": [...]} as JSON.')
@lang_option
def replay(file: Path, cards: tuple[Path, ...], as_json: bool, lang: str) -> None:
    """Replay a record (or a position followed by actions) and show the public events and the final board."""
    import json

    from daimyo.senjutsu.cards import load_files
    from daimyo.senjutsu.record import replay as replay_text

    cs = None
    if cards:
        try:
            cs = load_files(list(cards))
        except ValueError as e:
            click.echo(str(e), err=True)
            sys.exit(1)
    try:
        rep = replay_text(file.read_text(encoding="utf-8"), cs)
    except ValueError as e:
        fail_on_file(file, e)
    words = event_words(rep.state, lang)
    if as_json:
        events = [{"line": line, **e.to_dict(), "text": words.sentence(e)}
                  for line, _actor, _action, evs in rep.steps for e in evs if e.visible(None)]
        click.echo(json.dumps({"state": rep.state.view(None), "events": events}, default=list))
        return
    for _line, _actor, _action, evs in rep.steps:
        for event in evs:
            if event.visible(None):
                click.echo(words.sentence(event))
    view = rep.state.view(None)
    click.echo(draw_board(view))
    for line in describe_seats(view, None, lang):
        click.echo(line)


@senjutsu.command("check-cards")
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
def check_cards(files) -> None:
    """Check card files (with the sample set): format, characters, Kamae trees and deck construction."""
    from daimyo.core.errors import FormatError
    from daimyo.senjutsu.cards import load_files

    try:
        cs = load_files(list(files))
    except FormatError as e:
        click.echo(str(e), err=True)
        sys.exit(1)
    click.echo(f"ok: {len(cs.cards)} cards, {len(cs.characters)} characters, {len(cs.decks)} decks")
