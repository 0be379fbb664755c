"""``daimyo senjutsu``: duel a bot in the terminal, watch two bots, replay a record, check card files, and the card
designer's tools (``simulate`` and ``balance`` with your own card files: daimyo/arena/designer.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from daimyo.cli.common import fail_on_file, lang_option
from daimyo.words.senjutsu import SenjutsuWords
from daimyo.words.senjutsu_screen import describe_seats, draw_board

#: the answers that mean yes, in every language of the catalogue
YES = ("y", "yes", "t", "tak")


def event_words(g, lang: str = "en"):
    """The sentences of a duel's events (the catalogue's ``sj.event.*``, the same as the browser's log)."""
    return SenjutsuWords.of_view(lang, g.view(None), {cid: c.name for cid, c in g.card_set.cards.items()})


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
@click.option("--bot", default="heuristic", show_default=True, help="The bot you duel: random, heuristic or smmcts[:budget] (smmcts:0.5s).")
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
    from daimyo.senjutsu.record import merge_card_files, parse_terrain, record_header, record_text
    from daimyo.words import t
    from daimyo.words.senjutsu import CardWords

    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        g = _game([character, opponent], seed, board, "" if pieces else terrain, cards, pieces, prepare)
    except (RuleViolation, FormatError, ValueError) as e:
        raise click.UsageError(str(e)) from None
    click.echo(t("term.sj.seed", {"seed": seed}, lang))
    words = event_words(g, lang)
    try:
        bots = {1: make(bot, seed + 1)}
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--bot") from None
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
                           terrain_pieces=pieces.split() if pieces else None, prepare=prepare,
                           card_file=merge_card_files([Path(c).read_text(encoding="utf-8") for c in cards]) if cards else None)
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


def _designer_cards(cards: tuple[Path, ...]):
    """The card files' texts and the card set they make with the sample set; a bad file stops with the loader's
    message (the file, the card and the field)."""
    from daimyo.arena.designer import card_set
    from daimyo.core.errors import FormatError

    texts = tuple((str(p), Path(p).read_text(encoding="utf-8")) for p in cards)
    try:
        return texts, card_set(texts)
    except FormatError as e:
        raise click.ClickException(str(e)) from None


def _designer_bots(names: list[str], option: str = "--bots") -> list[str]:
    """``names`` if each is a Senjutsu bot (or an outside one); else the arena's message: an unknown bot, or a bad
    budget, module or command in the spec's own words."""
    from daimyo.cli.arena import check_bots

    return check_bots("senjutsu", names, option)


def _run_duels(duels, texts, workers, as_json, label):
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from daimyo.arena.designer import play_duels

    err = Console(stderr=True)
    progress = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=err,
                        disable=as_json or not err.is_terminal)
    with progress:
        task = progress.add_task("duels", total=len(duels))
        return play_duels(duels, texts, workers, on_row=lambda row: progress.advance(task))


def _write_designer(study: dict, out: Path, stem: str, title: str, command: str, focus: list[str] | None = None) -> list[str]:
    """OUT/STEM.md (the report), OUT/STEM.json (the figures) and the plots; returns the files written."""
    import importlib.util
    import json

    if importlib.util.find_spec("matplotlib") is None:
        raise click.ClickException("plots need matplotlib: install the arena extra, pip install 'daimyo[arena]'")
    from daimyo.arena.designer import report_lines
    from daimyo.arena.plot import plot_designer

    out.mkdir(parents=True, exist_ok=True)
    plots = plot_designer(study, out / stem, title, focus)
    lines = [f"# {title}", "", f"Written by `{command}`.", "",
             f"![characters]({stem}-characters.svg)", "", f"![cards]({stem}-cards.svg)", "", *report_lines(study), ""]
    (out / f"{stem}.md").write_text("\n".join(lines), encoding="utf-8")
    (out / f"{stem}.json").write_text(json.dumps(study, indent=1), encoding="utf-8")
    return [str(out / f"{stem}.md"), str(out / f"{stem}.json"), *map(str, plots)]


def _print_designer(study: dict, top: int) -> None:
    from rich.console import Console
    from rich.table import Table

    from daimyo.arena.designer import card_rows

    def pct(v, rate="win_rate", ci="ci95"):   # 55% 43-67: the rate and its 95% interval, in percent
        return "-" if v[rate] is None else f"{v[rate]:.0%} {v[ci][0] * 100:.0f}-{v[ci][1] * 100:.0f}"

    con = Console()
    chars = list(study["characters"])
    t = Table(title="win rate (95% CI): overall, and the row's character against the column's")
    for col in ("character", "duels", "overall", *chars):
        t.add_column(col, justify="left" if col == "character" else "right")
    for c, v in study["characters"].items():
        t.add_row(c, str(v["duels"]), pct(v), *[pct(study["matchups"][c][o]) if o in study["matchups"].get(c, {}) else ""
                                                for o in chars])
    con.print(t)
    for c in chars:
        rows = sorted(card_rows(study, [c]), key=lambda r: (-r[2]["played"], r[1]))[:top]
        t = Table(title=f"{c}: the {len(rows)} cards played in most duels, and its win rate (95% CI)")
        for col in ("card", "duels", "played in", "plays/duel", "win if played", "if not"):
            t.add_column(col, justify="left" if col == "card" else "right")
        for _, cid, v in rows:
            t.add_row(cid, str(v["held"]), pct(v, "play_rate", "play_ci95"), f"{v['plays_per_duel']:.2f}",
                      pct(v, "win_rate_played", "win_ci95"), pct(v, "win_rate_not_played", "not_played_ci95"))
        con.print(t)


@senjutsu.command()
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help="How many duels to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Duel i is played with seed SEED+i.")
@click.option("--characters", default="kaze,tetsu", show_default=True, help="Comma-separated characters by seat (2 to 4).")
@click.option("--bots", default="heuristic,random", show_default=True, help="Comma-separated bots by seat (random, heuristic, ...).")
@click.option("--cards", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Your card files (docs/senjutsu-cards.md), read with the sample set (repeatable).")
@click.option("--decks", default=None, help="Comma-separated deck ids by seat (default: each character's sample deck, "
                                           "or its first deck in the card files).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Also write the report (simulate.md, simulate.json) and its plots to this folder.")
@click.option("--top", type=click.IntRange(min=1), default=15, show_default=True, help="Cards shown in the table.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate(games, seed, characters, bots, cards, decks, workers, out, top, as_json) -> None:
    """Play GAMES duels between bots with the sample set and your card files; report wins by seat, each character's
    win rate against the others and each card's effect (win rate when played, how often played, 95% intervals)."""
    import json
    import time

    from daimyo.arena.designer import decks_for, fixed_seats, study as study_of
    from daimyo.cli.common import split_list

    chars, names = split_list(characters, "--characters"), split_list(bots, "--bots")
    if len(names) != len(chars):
        raise click.UsageError("give one bot per character (--bots and --characters are comma-separated lists)")
    if not 2 <= len(chars) <= 4:
        raise click.UsageError("--characters: Senjutsu is played by 2 to 4 duellists (Setup)")
    _designer_bots(names)
    texts, cs = _designer_cards(cards)
    try:
        deck_ids = decks_for(cs, chars, split_list(decks, "--decks") if decks else None)
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    start = time.perf_counter()
    rows = _run_duels(fixed_seats(games, chars, deck_ids, names, seed), texts, workers, as_json, "duels")
    secs = time.perf_counter() - start
    wins = [sum(r["returns"][i] for r in rows) for i in range(len(chars))]
    study = study_of(rows, cs)
    actions = sum(r["actions"] for r in rows)
    result = {"games": games, "characters": chars, "decks": deck_ids, "bots": names, "card_files": [t[0] for t in texts],
              "wins": wins, "draws": study["draws"], "mean_turns": study["mean_turns"], "seconds": round(secs, 3),
              "duels_per_second": round(games / secs, 1), "actions_per_second": round(actions / secs),
              "by_character": study["characters"], "matchups": study["matchups"], "cards": study["cards"]}
    if out is not None:
        cmd = f"daimyo senjutsu simulate --games {games} --seed {seed} --characters {','.join(chars)} --bots {','.join(names)}" \
              + "".join(f" --cards {t[0]}" for t in texts) + f" --decks {','.join(deck_ids)} --out {out}"
        result["written"] = _write_designer(study, out, "simulate", "Senjutsu duels: " + " v ".join(chars), cmd)
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(f"{games} duels in {secs:.2f} s ({result['duels_per_second']} duels/s, {result['actions_per_second']} actions/s), "
               f"{result['mean_turns']} turns on average, {result['draws']} draws")
    for i, (c, n) in enumerate(zip(chars, names, strict=False)):
        click.echo(f"p{i + 1} {c} ({n}, deck {deck_ids[i]}): {wins[i]:g} wins ({wins[i] / games:.0%})")
    _print_designer(study, top)
    if out is not None:
        click.echo("written: " + ", ".join(result["written"]))


@senjutsu.command()
@click.option("--games", type=click.IntRange(min=1), default=20, show_default=True,
              help="Duels for each pairing of two characters from each side (2*GAMES per pairing).")
@click.option("--characters", default=None, help="Comma-separated characters (default: every character of the sample "
                                                 "set and your card files).")
@click.option("--cards", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Your card files (docs/senjutsu-cards.md), read with the sample set (repeatable).")
@click.option("--decks", default=None, help="Comma-separated deck ids, each replacing its character's default deck.")
@click.option("--bot", default="heuristic", show_default=True, help="The bot that plays every seat.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Duel k of the p-th pairing is played, from both sides, with seed SEED+1000p+k.")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes (default: the CPU count).")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("senjutsu-balance"),
              show_default=True, help="Folder for balance.md, balance.json and the plots.")
@click.option("--top", type=click.IntRange(min=1), default=15, show_default=True, help="Cards shown in the table.")
@click.option("--json", "as_json", is_flag=True, help="Print the study as JSON.")
def balance(games, characters, cards, decks, bot, seed, workers, out, top, as_json) -> None:
    """Balance study for card designers: every pairing of characters from both sides on paired seeds; each
    character's win rate against each other and each card's effect, with 95% intervals, a report and plots."""
    import json
    import os

    from daimyo.arena.designer import round_robin, study as study_of
    from daimyo.cli.common import split_list
    from daimyo.senjutsu.cards import sample_set

    _designer_bots([bot], "--bot")
    texts, cs = _designer_cards(cards)
    chars = split_list(characters, "--characters") if characters else list(cs.characters)
    if len(chars) < 2:
        raise click.UsageError("--characters: name at least two characters")
    chosen: dict[str, str] = {}
    for d in split_list(decks, "--decks") if decks else []:
        if d not in cs.decks:
            raise click.UsageError(f"--decks: unknown deck '{d}' (decks: {', '.join(cs.decks)})")
        chosen[cs.decks[d].character] = d
    try:
        duels = round_robin(cs, chars, games, bot, seed, chosen)
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    rows = _run_duels(duels, texts, workers or os.cpu_count() or 1, as_json, "balance")
    study = study_of(rows, cs)
    study.update(characters_played=chars, decks={d.characters[0]: d.decks[0] for d in duels}, bot=bot, seed=seed,
                 games_per_side=games,
                 card_files=[t[0] for t in texts])
    cmd = (f"daimyo senjutsu balance --games {games} --characters {','.join(chars)} --bot {bot} --seed {seed}"
           + "".join(f" --cards {t[0]}" for t in texts) + (f" --decks {decks}" if decks else "") + f" --out {out}")
    own = [c for c in chars if c not in sample_set().characters]   # the designer's characters: their cards are plotted
    study["written"] = _write_designer(study, out, "balance", "Senjutsu balance", cmd, own or None)
    if as_json:
        click.echo(json.dumps(study))
        return
    click.echo(f"{study['duels']} duels ({len(chars)} characters, {games} from each side of each pairing), "
               f"{study['draws']} draws, {study['mean_turns']} turns on average")
    _print_designer(study, top)
    click.echo("written: " + ", ".join(study["written"]))


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
