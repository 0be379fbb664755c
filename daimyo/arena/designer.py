"""Senjutsu for card designers: duels between bots with the designer's own card file, and what they show.

``daimyo senjutsu simulate`` and ``daimyo senjutsu balance`` play duels (:func:`play_duel`) with the sample set and
the designer's card files (checked by :func:`daimyo.senjutsu.cards.load_data`, the loader every Senjutsu tool uses),
then :func:`study` reports

* each character's win rate overall and against each other character (``matchups``: its win rate in the duels
  that character took part in);
* each card's effect, for each character holding it: in how many of that character's duels it was played, how
  often, and the character's win rate in the duels it was played in (with a 95% Wilson interval) against its win
  rate in the duels it was not.

A card counts as played by a seat when it is revealed as that seat's card (Reveal), chosen as an instant
replacement, or played as a plain Instant card; core cards count too. A tie (duellists defeated at the same moment)
splits the win, as in the arena. :func:`round_robin` is the balance study's schedule: every ordered pairing of
distinct characters, the duels of one pairing and of its mirror played on the same seeds (the same terrain and
shuffles, sides swapped), which cuts the noise of a small sample as the arena's paired seeds do.
:func:`plan_arms` and :func:`play_arms` are Senjutsu's ``comparison`` in its registration: ``daimyo study compare``
plays a card-file variant against the sample set on those duels.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from daimyo.arena.play import tell
from daimyo.arena.stats import wilson
from daimyo.bots.random_bot import bot_seed
from daimyo.bots.registry import make_bot
from daimyo.senjutsu.cards import CardSet, load_data, sample_set

if TYPE_CHECKING:
    from daimyo.arena.compare import Arm

#: (file name, JSON text) of each of the designer's card files, read together with the sample set
CardTexts = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Duel:
    """One designer duel: seat ``i`` plays ``characters[i]`` with deck ``decks[i]``, moved by bot ``bots[i]``."""

    index: int
    seed: int
    characters: tuple[str, ...]
    decks: tuple[str, ...]
    bots: tuple[str, ...]


@lru_cache(maxsize=8)
def card_set(texts: CardTexts) -> CardSet:
    """The sample set with the designer's files (a FormatError naming the file, card and field for a bad one)."""
    return load_data(list(texts), sample_set()) if texts else sample_set()


def default_deck(cs: CardSet, character: str) -> str:
    """A character's deck when none is named: ``<character>-sample`` if the set has it, else its first deck."""
    if character not in cs.characters:
        raise ValueError(f"characters: unknown character '{character}' (known: {', '.join(cs.characters)})")
    own = [d.id for d in cs.decks.values() if d.character == character]
    if not own:
        raise ValueError(f"decks: character '{character}' has no deck in the card files")
    return f"{character}-sample" if f"{character}-sample" in own else own[0]


def decks_for(cs: CardSet, characters: list[str], decks: list[str] | None) -> list[str]:
    """The deck of each seat: those named (one per character, each the character's own), else each one's default."""
    if not decks:
        return [default_deck(cs, c) for c in characters]
    if len(decks) != len(characters):
        raise ValueError(f"decks: give one deck per character ({len(characters)}), not {len(decks)}")
    for c, d in zip(characters, decks, strict=True):
        default_deck(cs, c)
        if d not in cs.decks:
            raise ValueError(f"decks: unknown deck '{d}' (decks: {', '.join(cs.decks)})")
        if cs.decks[d].character != c:
            raise ValueError(f"decks: '{d}' is a deck of {cs.decks[d].character}, not of {c} (Player Setup)")
    return list(decks)


def fixed_seats(games: int, characters: list[str], decks: list[str], bots: list[str], seed: int) -> list[Duel]:
    """``games`` duels with the same seats; duel ``i`` on seed ``seed + i`` (``daimyo senjutsu simulate``)."""
    return [Duel(i, seed + i, tuple(characters), tuple(decks), tuple(bots)) for i in range(games)]


def round_robin(cs: CardSet, characters: list[str], games: int, bot: str, seed: int,
                decks: dict[str, str] | None = None) -> list[Duel]:
    """Every pairing of two distinct characters, ``games`` duels from each side; duel ``k`` of a pairing and of its
    mirror share seed ``seed + 1000 * pairing + k`` (``daimyo senjutsu balance``)."""
    deck = {c: (decks or {}).get(c) or default_deck(cs, c) for c in characters}
    out: list[Duel] = []
    pairing = 0
    for x, a in enumerate(characters):
        for b in characters[x + 1:]:
            for k in range(games):
                s = seed + 1000 * pairing + k
                for pair in ((a, b), (b, a)):
                    out.append(Duel(len(out), s, pair, (deck[pair[0]], deck[pair[1]]), (bot, bot)))
            pairing += 1
    return out


def play_duel(duel: Duel, texts: CardTexts = ()) -> dict:
    """Play one duel to its end; its row: the characters, returns (a tie splits the win), turns, and each seat's
    card ids at setup (``held``) and plays (``played``: card id -> times)."""
    from daimyo.senjutsu import new_game
    from daimyo.senjutsu.game import terrain

    cs = card_set(texts)
    g = new_game(list(duel.characters), seed=duel.seed, decks=list(duel.decks), cards=cs, terrain=terrain(duel.seed))
    held = [sorted(set(d.deck) | set(d.hand) | set(d.core)) for d in g.duellists]
    played: list[dict[str, int]] = [{} for _ in duel.characters]
    bots = {p: make_bot("senjutsu", name, bot_seed(duel.seed, p)) for p, name in enumerate(duel.bots)}
    seat_of = {f"p{p + 1}": p for p in range(len(duel.characters))}

    def count(seat_text: str, cid: str) -> None:
        if cid in cs.cards and seat_text in seat_of:
            plays = played[seat_of[seat_text]]
            plays[cid] = plays.get(cid, 0) + 1

    actions = 0
    while not g.is_terminal():
        for seat in g.to_act():
            if g.is_terminal() or seat not in g.to_act():
                break
            actions += 1
            events = g.apply_move(seat, bots[seat].choose(g, seat))
            for e in events:
                if e.kind == "reveal":
                    for who, cid in e.data["cards"].items():
                        count(who, cid)
                elif e.kind in ("replaced", "instant"):
                    count(e.data["seat"], e.data["card"])
            tell(bots, "observe", g, events)   # an outside program's events, as in the arena
    tell(bots, "finish", g)                    # and its end message
    return {"duel": duel.index, "seed": duel.seed, "characters": list(duel.characters), "decks": list(duel.decks),
            "bots": list(duel.bots), "returns": g.returns(), "turns": g.turn, "actions": actions, "held": held, "played": played}


def play_duels(duels: list[Duel], texts: CardTexts = (), workers: int = 1,
               on_row: Callable[[dict], None] | None = None) -> list[dict]:
    """Play ``duels`` (in ``workers`` processes when more than one); the rows in duel order."""
    many = workers > 1 and len(duels) > 1
    rows_iter: Iterable[dict] = _in_processes(duels, texts, workers) if many else (play_duel(d, texts) for d in duels)
    rows = []
    for row in rows_iter:
        rows.append(row)
        if on_row is not None:
            on_row(row)
    return sorted(rows, key=lambda r: r["duel"])


def _in_processes(duels: list[Duel], texts: CardTexts, workers: int) -> Iterable[dict]:
    with ProcessPoolExecutor(max_workers=min(workers, os.cpu_count() or 1, len(duels))) as pool:
        for f in as_completed([pool.submit(play_duel, d, texts) for d in duels]):
            yield f.result()


def plan_arms(games: int, seed: int, baseline: Arm, variant: Arm, choices: list[str] | None) -> tuple[list[Duel], list[Duel]]:
    """A comparison's two arms (``daimyo study compare --game senjutsu``, :mod:`daimyo.arena.compare`): the round
    robin of the characters both card sets have (or ``choices``) with the baseline's decks, then the same duels with
    the variant's card files, decks and bot."""
    if len(baseline.bots) != 1:
        raise ValueError("bots: a Senjutsu comparison names one bot an arm (it plays both sides of every duel)")
    cs_base, cs_var = card_set(baseline.cards), card_set(variant.cards)
    common = [c for c in cs_base.characters if c in cs_var.characters]
    chars = choices or common
    for c in chars:
        if c not in cs_base.characters or c not in cs_var.characters:
            where = "the baseline's" if c not in cs_base.characters else "the variant's"
            raise ValueError(f"characters: '{c}' is not among {where} characters ({', '.join(common)}); a character of "
                             "a card file alone has nothing to be compared with")
    if len(chars) < 2:
        raise ValueError("characters: a comparison needs two characters or more")

    def decks(cs, arm: Arm) -> dict[str, str]:
        chosen = dict(arm.decks)
        out = {}
        for c in chars:
            own = [d for d, deck in cs.decks.items() if deck.character == c and d not in card_set(()).decks]
            deck = chosen.get(c) or (own[0] if own else default_deck(cs, c))
            if deck not in cs.decks or cs.decks[deck].character != c:
                raise ValueError(f"deck: '{deck}' is not a deck of {c}")
            out[c] = deck
        return out

    base = round_robin(cs_base, chars, games, baseline.bots[0], seed, decks(cs_base, baseline))
    var_decks = decks(cs_var, variant)
    var = [replace(d, decks=tuple(var_decks[c] for c in d.characters), bots=(variant.bots[0],) * len(d.bots)) for d in base]
    return base, var


def play_arms(base: list[Duel], var: list[Duel], baseline: Arm, variant: Arm, workers: int,
              on_row: Callable[[dict], None] | None = None) -> tuple[list[dict], list[dict], dict]:
    """Both arms' duels played, each with its card files; and the decks each character played in each arm."""
    def decks(duels: list[Duel]) -> list[str]:
        return [f"{c}: {d}" for c, d in sorted({pair for s in duels for pair in zip(s.characters, s.decks, strict=True)})]

    return (play_duels(base, baseline.cards, workers, on_row=on_row), play_duels(var, variant.cards, workers, on_row=on_row),
            {"decks": {"baseline": decks(base), "variant": decks(var)}})


def _rate(wins: float, n: int) -> dict:
    lo, hi = wilson(wins, n)
    return {"duels": n, "wins": round(wins, 6), "win_rate": round(wins / n, 6) if n else None,
            "ci95": [round(lo, 6), round(hi, 6)]}


def study(rows: list[dict], cs: CardSet) -> dict:
    """Characters' win rates (overall and against each other) and each card's effect for each character that held it
    (``cards[character][card]``), from the duels' rows."""
    overall: dict[str, list[float]] = {}
    versus: dict[str, dict[str, list[float]]] = {}
    # character -> card -> [duels held, duels played in, plays, wins when played, wins when not played]
    cards: dict[str, dict[str, list[float]]] = {}
    draws = turns = 0
    standard = sample_set().cards   # a card not in it is the designer's own: marked new in the report and plots
    for row in rows:
        chars, rets = row["characters"], row["returns"]
        draws += sum(1 for r in rets if r > 0) > 1
        turns += row["turns"]
        for p, (c, r) in enumerate(zip(chars, rets, strict=True)):
            o = overall.setdefault(c, [0.0, 0])
            o[0] += r
            o[1] += 1
            for q, other in enumerate(chars):
                if q != p:
                    v = versus.setdefault(c, {}).setdefault(other, [0.0, 0])
                    v[0] += r
                    v[1] += 1
            for cid in row["held"][p]:
                t = cards.setdefault(c, {}).setdefault(cid, [0, 0, 0, 0.0, 0.0])
                n = row["played"][p].get(cid, 0)
                t[0] += 1
                if n:
                    t[1] += 1
                    t[2] += n
                    t[3] += r
                else:
                    t[4] += r
    return {
        "duels": len(rows), "draws": draws, "mean_turns": round(turns / len(rows), 2) if rows else None,
        "characters": {c: {**_rate(w, int(n)), "name": cs.characters[c].name} for c, (w, n) in sorted(overall.items())},
        "matchups": {c: {o: _rate(w, int(n)) for o, (w, n) in sorted(v.items())} for c, v in sorted(versus.items())},
        "cards": {c: {cid: {**_card(cs, cid, *t), "new": cid not in standard} for cid, t in sorted(by_card.items())}
                  for c, by_card in sorted(cards.items())},
    }


def _card(cs: CardSet, cid: str, held: float, games: float, plays: float, won: float, won_not: float) -> dict:
    played = _rate(won, int(games))
    not_played = _rate(won_not, int(held - games))
    return {
        "name": cs.cards[cid].name, "held": int(held), "played": int(games),
        "play_rate": round(games / held, 6), "play_ci95": [round(x, 6) for x in wilson(games, held)],
        "plays_per_duel": round(plays / held, 4),
        "win_rate_played": played["win_rate"], "win_ci95": played["ci95"],
        "win_rate_not_played": not_played["win_rate"], "not_played_ci95": not_played["ci95"],
        "effect": (round(played["win_rate"] - not_played["win_rate"], 6)
                   if played["win_rate"] is not None and not_played["win_rate"] is not None else None),
    }


def card_rows(result: dict, characters: list[str] | None = None) -> list[tuple[str, str, dict]]:
    """(character, card id, figures) of every card of ``characters`` (default all), in the order of the holder's win
    rate when played, highest first (cards never played last)."""
    rows = [(c, cid, v) for c, by_card in result["cards"].items() if characters is None or c in characters
            for cid, v in by_card.items()]
    return sorted(rows, key=lambda r: (r[2]["win_rate_played"] is None, -(r[2]["win_rate_played"] or 0), r[0], r[1]))


def _pct(v: dict, rate: str = "win_rate", ci: str = "ci95") -> str:
    if v[rate] is None:
        return "-"
    return f"{v[rate]:.0%} ({v[ci][0]:.0%}-{v[ci][1]:.0%})"


def report_lines(result: dict) -> list[str]:
    """The study as Markdown: characters, matchups and cards (sorted by the holder's win rate when played)."""
    chars = list(result["characters"])
    lines = [f"{result['duels']} duels ({result['draws']} draws, {result['mean_turns']} turns on average). Win rates "
             "are the character's share of wins (a draw splits the win) with 95% Wilson intervals.", "",
             "## Characters", "", "| character | duels | win rate (95% CI) |", "|---|---:|---:|"]
    lines += [f"| {v['name']} (`{c}`) | {v['duels']} | {_pct(v)} |" for c, v in result["characters"].items()]
    lines += ["", "## Matchups", "", "The row's character against the column's: its win rate in the duels both took part in.", "",
              "| | " + " | ".join(chars) + " |", "|---|" + "---:|" * len(chars)]
    for a in chars:
        cells = [_pct(result["matchups"][a][b]) if b in result["matchups"].get(a, {}) else "" for b in chars]
        lines.append(f"| **{a}** | " + " | ".join(cells) + " |")
    lines += ["", "## Cards", "",
              "For each character and each card it held (in its deck or as a core card): its duels, the share of them "
              "the card was played in, how many times it was played per duel, and the character's win rate in the duels "
              "the card was played in and in those it was not. A card whose two intervals do not overlap is one the "
              "duels tell apart; a card played in most duels it is held in is one the bots find worth playing. A card "
              "of your own files (not in the sample set) is marked **new**.", ""]
    for c in result["cards"]:
        lines += [f"### {result['characters'][c]['name']} (`{c}`)", "",
                  "| card | duels | played in (95% CI) | plays per duel | win rate when played (95% CI) | "
                  "when not played (95% CI) |", "|---|---:|---:|---:|---:|---:|"]
        for _, cid, v in card_rows(result, [c]):
            lines.append(f"| {v['name']} (`{cid}`){' **new**' if v.get('new') else ''} | {v['held']} | {_pct(v, 'play_rate', 'play_ci95')} | "
                         f"{v['plays_per_duel']:.2f} | {_pct(v, 'win_rate_played', 'win_ci95')} | "
                         f"{_pct(v, 'win_rate_not_played', 'not_played_ci95')} |")
        lines.append("")
    return lines
