"""``daimyo study``: a designer's studies across games; ``compare`` plays a baseline and a variant on the same deals
(docs/designers.md)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from daimyo.cli.arena import _bot_names, _game_names, _need_arena_extra, check_bots


@click.group()
def study() -> None:
    """Studies for game designers: compare a variant with the standard game (docs/designers.md)."""


def _files(paths: tuple[Path, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((str(p), p.read_text(encoding="utf-8")) for p in paths)


def _decks(values: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    out = []
    for v in values:
        c, sep, d = v.partition("=")
        if not sep or not c.strip() or not d.strip():
            raise click.BadParameter(f"'{v}': write CHARACTER=DECK, e.g. kaze=kaze-fast", param_hint="--variant-deck")
        out.append((c.strip(), d.strip()))
    return tuple(out)


@study.command()
@click.option("--game", "game_name", type=click.Choice(_game_names()), default="rokugan", show_default=True,
              help="The game: rokugan, senjutsu or risingsun (Rising Sun's War Phase, from war files).")
@click.option("--players", type=click.IntRange(2, 5), default=None,
              help="Players per game (Battle for Rokugan; default 2). Rising Sun takes them from its war files.")
@click.option("--games", type=click.IntRange(min=1), default=70, show_default=True,
              help="Games of each arm (Senjutsu: duels of each pairing from each side).")
@click.option("--seed", type=int, default=0, show_default=True, help="The first seed; both arms play the same seeds.")
@click.option("--bots", "bots_text", default="heuristic", show_default=True,
              help="The baseline's bots (comma list, rotated through the seats as in the arena).")
@click.option("--variant-bots", "variant_bots_text", default=None,
              help="The variant's bots, in place of the baseline's (as many; default: the same bots).")
@click.option("--cards", "cards", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Senjutsu: the variant's card file (repeatable); its characters play the file's decks.")
@click.option("--variant-deck", "variant_decks", multiple=True,
              help="Senjutsu: CHARACTER=DECK, the deck the character plays in the variant (repeatable).")
@click.option("--war", "wars", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Rising Sun: the baseline's war file (repeatable; default the examples).")
@click.option("--variant-war", "variant_wars", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Rising Sun: the variant's war file, one for each --war in order.")
@click.option("--characters", "choices_text", default=None,
              help="Senjutsu: the characters of the round robin (default: every character both arms have).")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes (default: the CPU count).")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("compare-results"),
              show_default=True, help="Folder for compare.md, compare.json and the plot.")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as one JSON object.")
def compare(game_name: str, players: int | None, games: int, seed: int, bots_text: str, variant_bots_text: str | None,
            cards: tuple[Path, ...], variant_decks: tuple[str, ...], wars: tuple[Path, ...], variant_wars: tuple[Path, ...],
            choices_text: str | None, workers: int | None, out: Path, as_json: bool) -> None:
    """Play a baseline and a variant on the same seeds and seatings, and report each clan's, character's and seat's
    win-rate difference with a paired 95% interval, and a plot."""
    from daimyo.arena.compare import Arm, plot_compare, report_lines, run_compare
    from daimyo.core.errors import FormatError
    from daimyo.core.registry import game, games as registered

    _need_arena_extra()
    info = game(game_name)
    bots = check_bots(game_name, _bot_names(bots_text))
    variant_bots = check_bots(game_name, _bot_names(variant_bots_text)) if variant_bots_text else bots
    own = " or ".join(f"--game {n}" for n in registered() if game(n).comparison is not None)   # card files, round robins
    from_files = " or ".join(f"--game {n}" for n in registered() if game(n).starts_from_file)
    if (cards or variant_decks) and info.comparison is None:
        raise click.UsageError(f"--cards and --variant-deck make a card-file variant, not one of {info.title}; give {own}")
    if (wars or variant_wars) and not info.starts_from_file:
        raise click.UsageError(f"--war and --variant-war make a start-file variant, not one of {info.title}; give {from_files}")
    if choices_text and info.comparison is None:
        raise click.UsageError(f"--characters: the characters of a round robin ({own}); {info.title} rotates every "
                               f"{info.seat_word}")
    if not (variant_bots_text or cards or variant_decks or variant_wars):
        raise click.UsageError("name the variant: --variant-bots (any game), --cards (Senjutsu) or --variant-war "
                               "(Rising Sun)")
    baseline = Arm(tuple(bots), wars=_files(wars))
    variant = Arm(tuple(variant_bots), cards=_files(cards), decks=_decks(variant_decks),
                  wars=_files(variant_wars) if variant_wars else _files(wars))
    choices = [c.strip() for c in choices_text.split(",") if c.strip()] if choices_text else None
    try:
        result = run_compare(game_name, players, games, seed, baseline, variant, workers or os.cpu_count() or 1, choices)
    except FormatError as e:
        raise click.ClickException(str(e)) from None
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    out.mkdir(parents=True, exist_ok=True)
    title = f"{info.title}: variant against baseline"
    plots = plot_compare(result, out / "compare", title)
    (out / "compare.md").write_text("\n".join([f"# {title}", "", "![differences](compare.svg)", "",
                                               *report_lines(result)]), encoding="utf-8")
    result["written"] = [str(out / "compare.md"), str(out / "compare.json"), *map(str, plots)]
    (out / "compare.json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    if as_json:
        click.echo(json.dumps(result))
        return
    for line in report_lines(result):
        click.echo(line)
    click.echo(f"written: {', '.join(result['written'])}")
