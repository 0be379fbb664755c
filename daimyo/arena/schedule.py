"""Who sits where, with which clan or character, on which deal: a rotation that favours no bot.

The arena plays any game of the registry (:mod:`daimyo.core.registry`). Games come in **rotation blocks** of ``k``
games (``k`` bots): game ``i`` (from 0) is in block ``i // k`` and seats bot ``bots[(i + j) % k]`` at seat ``j``, so
within every block each bot sits each seat once. Everything else about a game is the block's:

* its **seed**: every game of block ``b`` is played with seed ``seed + b`` (paired seeds), so the seatings of a
  block play the same deal (the same shuffles, terrain, secret draws) and differ only in who sits where;
* its **seat choices** (a game set up from seats): in Battle for Rokugan seat ``j`` of block ``b`` plays clan
  ``CLANS[(b + j * step) % 7]`` (step 2 for 2-3 players, 1 for more), so over 7 blocks each bot plays each clan from
  each seat equally often; a game with few choices (Senjutsu's characters) goes through every ordered choice of
  distinct seat choices, each followed by its rotations (kaze-tetsu, then tetsu-kaze), so each pairing is played
  from every side;
* its **start file** (a game that starts from one, Rising Sun's war files): block ``b`` plays war file
  ``b % len(files)``, whose clans are the seats' choices.

The seat choices of a run go through whole **cycles** (:func:`cycle`: 7 blocks for the step rotation, every ordered
choice for the other), which give each choice each seat equally often. When the run's blocks end inside a cycle,
its last, partial cycle plays those of the cycle's blocks that keep the counts even (:func:`even_rows`): each choice
sits each seat as often as any other, give or take one, and takes part in as many blocks, give or take one. At two
players, 200 games of one bot used to give the clans 56 to 58 games each (the cycle's first four blocks); now 57 or
58, and 28 or 29 at each seat. This holds for every pool of up to eight choices but a narrowed six at two players
and eight at three, whose step rotation cannot for a few counts (their seats stay even). The whole cycles play the
blocks they always did, so a run of whole cycles keeps its games and its results digest.

Counted in games, the same holds for one bot. With ``k`` bots the counts are even in blocks: a block plays its seat
choices in ``k`` games (the block's structure: one deal, the seats turned between the bots), so two choices' games
at a seat differ by ``k`` where their blocks differ by one, and a partial last block plays its choices in fewer
games than the others. War files are played in turn and keep their own clans.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from daimyo.core.registry import GameInfo, game

#: the default game and its clans (Battle for Rokugan; the balance study is that game's)
GAME = "rokugan"
CLANS = tuple(game(GAME).seat_choices())
#: a game with at most this many ordered seat choices plays every one of them (else the step rotation)
ALL_ORDERS = 24


@dataclass(frozen=True)
class GameSpec:
    """One arena game: everything that decides it (bots are seeded from ``seed`` and their seat)."""

    index: int
    seed: int
    bots: tuple[str, ...]
    clans: tuple[str, ...]              # the seat choices in seat order (clans, characters)
    game: str = GAME
    start: str | None = None            # the start file's text (a war file) for a game that starts from one
    start_name: str | None = None       # its name (an example's name or the file's path)
    block: int = 0                      # its rotation block: the games of a block share seed, seat choices and start

    @property
    def players(self) -> int:
        return len(self.clans)

def seating(index: int, players: int, bots: list[str]) -> tuple[str, ...]:
    k = len(bots)
    return tuple(bots[(index + j) % k] for j in range(players))


def _step_choices(block: int, players: int, choices: tuple[str, ...]) -> tuple[str, ...]:
    n = len(choices)
    step = 2 if players <= 3 else 1
    while len({(j * step) % n for j in range(players)}) < players:
        step += 1
    return tuple(choices[(block + j * step) % n] for j in range(players))


def _all_orders(players: int, choices: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every ordered choice of distinct seat choices, each followed by its rotations (a, b), (b, a), (a, c), (c, a)..."""
    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for order in permutations(choices, players):
        if order in seen:
            continue
        for r in range(players):
            turned = order[r:] + order[:r]
            seen.add(turned)
            out.append(turned)
    return out


def cycle(players: int, choices: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The seat choices of one whole cycle of blocks: distinct in each block, each choice at each seat equally often."""
    if len(choices) < players:
        raise ValueError(f"players: {players} seats need {players} distinct choices, there are {len(choices)}")
    if _count_orders(len(choices), players) <= ALL_ORDERS:
        return _all_orders(players, choices)
    return [_step_choices(b, players, choices) for b in range(len(choices))]


def choices_for(block: int, players: int, choices: tuple[str, ...]) -> tuple[str, ...]:
    """The seat choices of rotation block ``block`` in an endless rotation (:func:`cycle`, block by block)."""
    rows = cycle(players, choices)
    return rows[block % len(rows)]


def even_rows(rows: list[tuple[str, ...]], m: int) -> list[int]:
    """The first (in the cycle's order) ``m`` of a cycle's ``rows`` whose choices are as even as ``m`` blocks allow:
    at every seat each choice's count is ``m // n`` or one more, and so is each choice's count over all seats (of
    ``m * players`` places); the rows are kept in the cycle's order. A search with those counts as ceilings: a count
    may reach its ceiling for at most ``m % n`` choices (``m * players % n`` over all seats), which with the sum
    fixed keeps every count at least the floor. None found (the step rotation of a narrowed pool has none for a few
    ``m``: six choices at two players, eight at three): the cycle's first ``m``, whose seats are still even (each
    seat of a step cycle takes every choice once)."""
    if m <= 0:
        return []
    players = len(rows[0])
    names = sorted({c for row in rows for c in row})
    n = len(names)

    def limits(total: int) -> tuple[int, int]:   # (ceiling, how many may reach it)
        return -(-total // n), (total % n or n)

    seat_top, seat_full = limits(m)
    all_top, all_full = limits(m * players)
    seat_counts = [dict.fromkeys(names, 0) for _ in range(players)]
    seat_at_top = [0] * players
    totals = dict.fromkeys(names, 0)
    at_top = [0]
    chosen: list[int] = []
    budget = [200_000]

    def fits(row: tuple[str, ...]) -> bool:
        extra = at_top[0]
        for j, c in enumerate(row):
            k = seat_counts[j][c] + 1
            if k > seat_top or (k == seat_top and seat_at_top[j] >= seat_full):
                return False
            t = totals[c] + 1
            if t > all_top or (t == all_top and extra >= all_full):
                return False
            extra += t == all_top
        return True

    def take(row: tuple[str, ...], d: int) -> None:
        for j, c in enumerate(row):
            seat_counts[j][c] += d
            seat_at_top[j] += d * (seat_counts[j][c] == seat_top if d > 0 else seat_counts[j][c] + 1 == seat_top)
            totals[c] += d
            at_top[0] += d * (totals[c] == all_top if d > 0 else totals[c] + 1 == all_top)

    def search(start: int) -> bool:
        if len(chosen) == m:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        for i in range(start, len(rows) - (m - len(chosen)) + 1):
            if fits(rows[i]):
                take(rows[i], 1)
                chosen.append(i)
                if search(i + 1):
                    return True
                chosen.pop()
                take(rows[i], -1)
        return False

    return chosen if search(0) else list(range(m))


def _count_orders(n: int, players: int) -> int:
    count = 1
    for j in range(players):
        count *= n - j
    return count


def clans_for(index: int, players: int, k: int) -> tuple[str, ...]:
    """Battle for Rokugan's clans of game ``index`` (rotation blocks of ``k`` games)."""
    return choices_for(index // k, players, CLANS)


def schedule(players: int | None, games: int, bots: list[str], seed: int = 0, game_name: str = GAME,
             starts: list[tuple[str, str]] | None = None, choices: list[str] | None = None) -> list[GameSpec]:
    """The games of an arena run: ``games`` games of ``game_name`` between ``bots``, in rotation blocks.

    ``players`` is the seats of a game set up from seats; a game that starts from a file takes its seats from each
    of ``starts`` ((name, text) pairs; by default the game's examples), and ``players``, when given, must agree.
    ``choices`` narrows the seat choices (clans, characters) the rotation goes through."""
    info = game(game_name)
    if not bots:
        raise ValueError("bots: name at least one bot")
    k = len(bots)
    if info.starts_from_file:
        files = starts or [(name, _open(info, name)) for name in info.examples()]
        seats = [_file_seats(info, name, text) for name, text in files]
        if players is not None:
            wrong = [name for (name, _), s in zip(files, seats, strict=True) if len(s) != players]
            if wrong:
                raise ValueError(f"players: {', '.join(wrong)} is not a {players}-player {info.start_file} "
                                 f"({info.title} takes its players from its {info.start_file})")
        out = []
        for i in range(games):
            b = i // k
            name, text = files[b % len(files)]
            clans = seats[b % len(files)]
            out.append(GameSpec(i, seed + b, seating(i, len(clans), bots), clans, info.name, text, name, b))
        return out
    if players is None:
        players = info.min_players
    if not info.min_players <= players <= info.max_players:
        raise ValueError(f"players: {info.title} is played by {info.min_players} to {info.max_players} players, not {players}")
    pool = tuple(info.seat_choices())
    if choices:
        unknown = [c for c in choices if c not in pool]
        if unknown:
            raise ValueError(f"{info.seat_word}: unknown {', '.join(unknown)} ({', '.join(pool)})")
        pool = tuple(dict.fromkeys(choices))
    rows = cycle(players, pool)
    blocks = -(-games // k)
    whole = blocks - blocks % len(rows)
    last = even_rows(rows, blocks - whole)

    def choices_of(b: int) -> tuple[str, ...]:
        return rows[b % len(rows)] if b < whole else rows[last[b - whole]]

    return [GameSpec(i, seed + i // k, seating(i, players, bots), choices_of(i // k), info.name, block=i // k)
            for i in range(games)]


def _open(info: GameInfo, name: str) -> str:
    assert info.open_example is not None  # a game that starts from a file gives open_example (GameInfo checks)
    return info.open_example(name)


def _file_seats(info: GameInfo, name: str, text: str) -> tuple[str, ...]:
    """The seats a start file names (the clans of a war file); a bad file is a ValueError naming it."""
    assert info.new_from_file is not None and info.seat_names is not None
    try:
        return tuple(info.seat_names(info.new_from_file(text)))
    except ValueError as e:
        raise ValueError(f"{name}: {e}") from None
