"""``daimyo study``: a designer's studies across games; ``compare`` plays a baseline and a variant on the same deals
(docs/designers.md)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from daimyo.cli.arena import _bot_names, _game_names, _need_arena_extra, check_bots
from daimyo.cli.common import write_report
from daimyo.cli.rokugan.rules import rules_option


@click.group()
def study() -> None:
    """Studies for game designers: compare a variant with the standard game, the shape of a game (docs/designers.md)."""


def _files(paths: tuple[Path, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((str(p), p.read_text(encoding="utf-8")) for p in paths)


def _rules_file(path: Path | None, option: str) -> tuple[str, str] | None:
    """(file name, checked canonical text) of a rules file, or None; a mistake names the file and field."""
    if path is None:
        return None
    from daimyo.core.errors import FormatError
    from daimyo.rokugan.data_variant import read_variant

    try:
        return path.name, read_variant(path).canonical
    except FormatError as e:
        raise click.BadParameter(str(e), param_hint=option) from None


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
@click.option("--rules", "rules", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Battle for Rokugan: the baseline's rules file (default: the standard rules).")
@click.option("--variant-rules", "variant_rules", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="Battle for Rokugan: the variant's rules file (docs/designers.md).")
@click.option("--characters", "choices_text", default=None,
              help="Senjutsu: the characters of the round robin (default: every character both arms have).")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes (default: the CPU count).")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("compare-results"),
              show_default=True, help="Folder for compare.md, compare.json and the plot.")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as one JSON object.")
def compare(game_name: str, players: int | None, games: int, seed: int, bots_text: str, variant_bots_text: str | None,
            cards: tuple[Path, ...], variant_decks: tuple[str, ...], wars: tuple[Path, ...], variant_wars: tuple[Path, ...],
            rules: Path | None, variant_rules: Path | None, choices_text: str | None, workers: int | None, out: Path,
            as_json: bool) -> None:
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
    if (rules or variant_rules) and info.rules_files is None:
        raise click.UsageError(f"--rules and --variant-rules: {info.title} takes no rules file; give --game rokugan")
    if not (variant_bots_text or cards or variant_decks or variant_wars or variant_rules):
        raise click.UsageError("name the variant: --variant-bots (any game), --variant-rules (Battle for Rokugan), "
                               "--cards (Senjutsu) or --variant-war (Rising Sun)")
    base_rules, var_rules = _rules_file(rules, "--rules"), _rules_file(variant_rules, "--variant-rules")
    baseline = Arm(tuple(bots), wars=_files(wars), rules=base_rules)
    variant = Arm(tuple(variant_bots), cards=_files(cards), decks=_decks(variant_decks),
                  wars=_files(variant_wars) if variant_wars else _files(wars), rules=var_rules or base_rules)
    choices = [c.strip() for c in choices_text.split(",") if c.strip()] if choices_text else None
    try:
        result = run_compare(game_name, players, games, seed, baseline, variant, workers or os.cpu_count() or 1, choices)
    except FormatError as e:
        raise click.ClickException(str(e)) from None
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    title = f"{info.title}: variant against baseline"
    write_report(result, out, "compare", title, plot_compare, report_lines, as_json, alt="differences")


@study.command()
@click.option("--game", "game_name", type=click.Choice(_game_names()), default="rokugan", show_default=True,
              help="The game whose shape is measured.")
@click.option("--players", type=click.IntRange(2, 5), default=None,
              help="Study this player count only (default: the arena's, every count the game has).")
@click.option("--games", type=click.IntRange(min=1), default=70, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="The first seed.")
@click.option("--bots", "bots_text", default="heuristic", show_default=True,
              help="The bots that play, comma-separated; seats rotate among them as in the arena.")
@click.option("--war", "wars", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Rising Sun: the war files played (default: the examples).")
@click.option("--records", "records", type=click.Path(exists=True, file_okay=False, path_type=Path), default=None,
              help="Measure the game records of this folder (an arena run's OUT/records) instead of playing games.")
@rules_option
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Worker processes (default: the CPU count).")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("shape-results"),
              show_default=True, help="Folder for shape.md, shape.json and the plot.")
@click.option("--json", "as_json", is_flag=True, help="Print every figure as one JSON object.")
def shape(game_name: str, players: int | None, games: int, seed: int, bots_text: str, wars: tuple[Path, ...],
          records: Path | None, variant, workers: int | None, out: Path, as_json: bool) -> None:
    """The shape of a game: length, draws and shared wins, the winner's margin, lead changes by round,
    decisiveness, first-player and seat advantage, kingmaking (3 to 5 players), per player count."""
    from daimyo.arena.shape import plot_shape, report_lines, shape as measure_shape
    from daimyo.core.registry import game

    _need_arena_extra()
    info = game(game_name)
    if variant is not None and info.rules_files is None:
        raise click.UsageError(f"--rules: {info.title} takes no rules file; give --game rokugan")
    if wars and game_name != "risingsun":
        raise click.UsageError("--war: Rising Sun's war files; give --game risingsun")
    if records is not None:
        paths = sorted(p for p in records.iterdir() if p.is_file() and p.suffix in (".txt", ".record"))
        texts = [p.read_text(encoding="utf-8") for p in paths]
        if not texts:
            raise click.UsageError(f"--records: no game records (*.txt, *.record) in {records}")
    else:
        from daimyo.arena.run import run_games
        from daimyo.arena.schedule import schedule

        bots = check_bots(game_name, _bot_names(bots_text))
        starts = _files(wars) or None
        try:
            specs = schedule(players, games, bots, seed, game_name, starts=list(starts) if starts else None)
            rows = run_games(specs, workers=workers or os.cpu_count() or 1,
                             rules=variant.canonical if variant is not None else None)
        except ValueError as e:
            raise click.UsageError(str(e)) from None
        texts = [row["record"] for row in rows]
        paths = []
    try:
        result = measure_shape(game_name, texts, [str(p) for p in paths] or None)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    if players is not None:
        result["by_players"] = {k: v for k, v in result["by_players"].items() if int(k) == players}
        if not result["by_players"]:
            raise click.UsageError(f"--players: no game of {players} players among the records")
    if variant is not None:
        result["rules"] = {"name": variant.name, "digest": variant.digest}
    write_report(result, out, "shape", f"{info.title}: the shape of the game", plot_shape, report_lines, as_json)
