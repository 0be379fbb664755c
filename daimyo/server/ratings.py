"""Ratings of signed-in players in rated games, one per game and player count (openskill's Plackett-Luce model).

- **Rated games.** A table is rated or not, chosen at creation (``"rated": true``, daimyo/server/new_games.py): every
  seat human (no bots), not a practice game, a table that waits for its players, and it starts only when every seat
  is held by a signed-in player (rooms.py, ``begin``).
- **The update.** When a rated game ends, its seats are placed by their result (the winners first, then by final
  score where the game has one; equal results share a place) and every player's rating at this game and player count
  moves by openskill's rank-aware multiplayer update (a shared place: the mean over every order of its seats), with
  the record of each change, in the very transaction that stores the game's end (its last action, or the resignation
  that ends it: :func:`rating_step`): a game is never stored over without its ratings, whenever the server dies.
  At its start the server rates any finished rated game that has no rating yet (one stored over by a server from
  before this rule: :func:`rate_unrated`); a game is rated once at most, whatever process tries again
  (:func:`update_in` finds its changes, and ``rating_changes``' key refuses a second set).
- **Leaving.** A seat whose player had left (a stand-in bot still played it at the end, whether the player was away or
  ran out of time and never came back) is placed last, after everyone who stayed (leavers share the last place), and
  its mu then loses :data:`LEAVE_PENALTY` more.
- **Shown rating.** ``1000 + 40 * (mu - 3 sigma)``: 1000 for a new player, rising as the player wins and as the
  rating becomes surer. A rating is provisional for its first :data:`PROVISIONAL_GAMES` games.
- **Bots** never play rated games; they have fixed published ratings, measured in the arena on the same scale
  (daimyo/server/bot_ratings.json, each with the arena command that measured it), shown beside their names.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import json
import logging
from pathlib import Path
from typing import Any

from sqlalchemy import and_, column, insert, select, table, update

from daimyo.bots.levels import level_of, level_playing, levels
from daimyo.server.schema import OVER, games
from daimyo.server.store import GameRow, InTransaction, SeatRow, in_transaction, now, rating_changes, ratings

log = logging.getLogger("daimyo.server")

#: a player's first rated games at a game and player count: the rating is marked provisional until then
PROVISIONAL_GAMES = 5
#: what a leaver's mu loses beyond its last place (40 * 3 = 120 points of the shown rating)
LEAVE_PENALTY = 3.0
#: openskill's defaults: a new rating's mu and sigma
MU, SIGMA = 25.0, 25.0 / 3
#: the accounts' names (the table is daimyo/server/accounts.py's, which imports the rooms: named here, not imported)
USERS = table("users", column("id"), column("name"), column("name_key"))
BOT_RATINGS = Path(__file__).resolve().parent / "bot_ratings.json"


@functools.cache
def model():
    from openskill.models import PlackettLuce
    return PlackettLuce(mu=MU, sigma=SIGMA)


def shown(mu: float, sigma: float) -> int:
    """The rating people see: 1000 + 40 * (mu - 3 sigma)."""
    return round(1000 + 40 * (mu - 3 * sigma))


def rating_dict(mu: float, sigma: float, games: int) -> dict:
    return {"rating": shown(mu, sigma), "provisional": games < PROVISIONAL_GAMES, "games": games}


def places(returns: list[float], scores: list[float] | None, left: set[int]) -> list[int]:
    """Each seat's place (1: first) by its result, then its score; equal results share a place; seats in ``left``
    share the last place, after every seat that stayed."""
    n = len(returns)
    key = [(returns[i], scores[i] if scores else 0) for i in range(n)]
    stayed = [i for i in range(n) if i not in left]
    return [1 + len(stayed) if i in left else 1 + sum(key[j] > key[i] for j in stayed) for i in range(n)]


def new_ratings(before: list[tuple[float, float]], place: list[int], left: set[int]) -> list[tuple[float, float]]:
    """(mu, sigma) of each seat after a game in which it took ``place``; leavers lose :data:`LEAVE_PENALTY` more.

    Seats that share a place get the mean of the updates over every order of them (openskill's own handling of a
    tie would give a seat placed after two tied winners their mu), so equal places move equal ratings equally and a
    better place never ends lower."""
    m = model()
    n = len(place)
    groups: dict[int, list[int]] = {}
    for seat, p in enumerate(place):
        groups.setdefault(p, []).append(seat)
    tied = [g for g in groups.values() if len(g) > 1]
    total = [[0.0, 0.0] for _ in range(n)]
    orders = 0
    for perm in itertools.product(*[list(itertools.permutations(g)) for g in tied]):
        within = {seat: j for order in perm for j, seat in enumerate(order)}
        ranks = [0] * n
        for r, seat in enumerate(sorted(range(n), key=lambda i: (place[i], within.get(i, 0)))):
            ranks[seat] = r + 1
        after = m.rate([[m.rating(mu=mu, sigma=sigma)] for mu, sigma in before], ranks=ranks)
        for seat, team in enumerate(after):
            total[seat][0] += team[0].mu
            total[seat][1] += team[0].sigma
        orders += 1
    return [(mu / orders - (LEAVE_PENALTY if i in left else 0.0), sigma / orders) for i, (mu, sigma) in enumerate(total)]


def game_places(room: Any) -> tuple[list[int], set[int]]:
    """The places of a finished game's seats and the seats whose players left (a stand-in played them at the end,
    or they resigned). A game its resignations ended (its rules' state not over) places the seats that did not
    resign first and the resigners after them."""
    state, rules = room.state, room.rules
    left = {s.seat for s in room.row.seats if s.kind == "human" and room.seats.stood_in(s.seat)}
    if not state.is_terminal():
        gone = set(room.seats.resigned())
        return places([0.0 if seat in gone else 1.0 for seat in range(room.row.players)], None, left), left
    scores = rules.scores(state) if rules.scores is not None else None
    return places(list(state.returns()), scores, left), left


def _has_changes(conn, game_id: str) -> bool:
    """Whether game ``game_id`` has its rating changes stored (it was rated)."""
    return conn.execute(select(rating_changes.c.seat).where(rating_changes.c.game_id == game_id)).first() is not None


def update_in(conn, row: GameRow, place: list[int], left: set[int], at: str) -> bool:
    """Rate a finished rated game inside the writer's transaction (once: a game already rated is left as it is);
    whether it rated it now."""
    if _has_changes(conn, row.id):
        return False
    users = [s.user_id for s in row.seats]
    if any(u is None for u in users) or len(set(users)) != len(users):
        log.warning("rated game %s: a seat without its own account; not rated", row.id)
        return False
    board = and_(ratings.c.game == row.game, ratings.c.players == row.players)
    held = {r.user_id: r for r in conn.execute(select(ratings).where(board, ratings.c.user_id.in_(users)))}
    before = [(held[u].mu, held[u].sigma) if u in held else (MU, SIGMA) for u in users]
    after = new_ratings(before, place, left)
    for seat, u in enumerate(users):
        mu, sigma = after[seat]
        if u in held:
            conn.execute(update(ratings).where(board, ratings.c.user_id == u)
                         .values(mu=mu, sigma=sigma, games=held[u].games + 1, updated=at))
        else:
            conn.execute(insert(ratings).values(user_id=u, game=row.game, players=row.players, mu=mu, sigma=sigma,
                                                games=1, updated=at))
        conn.execute(insert(rating_changes).values(
            game_id=row.id, seat=seat, user_id=u, game=row.game, players=row.players, place=place[seat],
            leaver=seat in left, mu_before=before[seat][0], sigma_before=before[seat][1], mu=mu, sigma=sigma, at=at))
    return True


@in_transaction("ratings")
def _rate_in(conn, args: dict) -> bool:
    """:func:`update_in` as the database writer calls it (its arguments plain JSON: they may come from another process)."""
    row = GameRow(args["game_id"], args["game"], args["players"], 0, [], "", "", None,
                  [SeatRow(seat, "human", user_id=u) for seat, u in enumerate(args["users"])])
    return update_in(conn, row, list(args["place"]), set(args["left"]), args["at"])


def rating_step(room: Any) -> list[InTransaction]:
    """The rating update of a rated game whose last action or resignation is being stored (its state and seats as
    they are at its end), as a part of that write's transaction; none for another game."""
    row = room.row
    if not row.rated:
        return []
    place, left = game_places(room)
    return [InTransaction("ratings", {"game_id": row.id, "game": row.game, "players": row.players,
                                      "users": [s.user_id for s in row.seats], "place": place, "left": sorted(left),
                                      "at": now()})]


def show_ratings(room: Any, tell: bool = False) -> None:
    """After the end of a rated game was stored with its ratings: its players' ratings are read again for the summary
    the table is told (told now when ``tell``)."""
    if room.row.rated:
        room.row.ratings_of = None
        if tell:
            room.tell_table()


def unrated_ids(store: Any) -> list[str]:
    """The finished rated games that have no rating change stored, oldest first."""
    rated = select(rating_changes.c.game_id).where(rating_changes.c.game_id == games.c.id).exists()
    with store.engine.connect() as conn:
        return list(conn.execute(select(games.c.id).where(games.c.rated.is_(True), games.c.status == OVER, ~rated)
                                 .order_by(games.c.created, games.c.id)).scalars())


def _rated(store: Any, game_id: str) -> bool:
    with store.engine.connect() as conn:
        return _has_changes(conn, game_id)


async def rate_unrated(store: Any, rebuild: Any, mine: Any = lambda game_id: True) -> int:
    """Rate every finished rated game of this process's share (``mine``) that has no rating yet: each rebuilt from its
    stored actions and seats by ``rebuild`` (a coroutine: game id -> its room, not served) and rated as its end would
    have been. Another process that rates one of them meanwhile rates it alone (:func:`update_in` finds its changes,
    or ``rating_changes``' key refuses the second set, whose transaction then stores nothing). How many were rated."""
    done = 0
    for game_id in await asyncio.to_thread(unrated_ids, store):
        if not mine(game_id):
            continue
        try:
            room = await rebuild(game_id)
            rated = await store.write(*rating_step(room))
        except Exception:
            if not await asyncio.to_thread(_rated, store, game_id):   # else another process rated it meanwhile
                log.exception("finished rated game %s could not be rated", game_id)
            continue
        if rated:   # else another process rated it meanwhile, or update_in said why it could not
            log.warning("finished rated game %s had no rating (its server stopped at its end): rated now", game_id)
            done += 1
    return done


# ----------------------------------------------------------------- shown
def shown_ratings(store: Any, row: GameRow) -> None:
    """Fill in ``row.seat_ratings`` for a rated game whose seats' accounts changed since they were last read."""
    fill_seat_ratings(store, [row])


def fill_seat_ratings(store: Any, rows: list[GameRow]) -> None:
    """Fill in ``seat_ratings`` of every rated game of ``rows`` whose seats' accounts changed since they were last
    read (a games list's page: the rows read from the database), with one query for them all: each signed-in
    seat's rating at its game and player count (new players at 1000, provisional) and its account's name (a link
    to the player's page). Other games' seats show none."""
    todo = [r for r in rows if r.rated and r.ratings_of != tuple(s.user_id for s in r.seats)]
    users = sorted({s.user_id for r in todo for s in r.seats if s.user_id is not None})
    names: dict[str, str] = {}
    held: dict[tuple[str, str, int], Any] = {}
    if users:
        query = (select(USERS.c.id, USERS.c.name, ratings.c.game, ratings.c.players, ratings.c.mu, ratings.c.sigma,
                        ratings.c.games)
                 .select_from(USERS.outerjoin(ratings, ratings.c.user_id == USERS.c.id))
                 .where(USERS.c.id.in_(users)))
        with store.engine.connect() as conn:
            for rec in conn.execute(query):
                names[rec.id] = rec.name
                if rec.game is not None:
                    held[(rec.id, rec.game, rec.players)] = rec
    for row in todo:
        shown_seats = {}
        for s in row.seats:
            if s.user_id is None:
                continue
            h = held.get((s.user_id, row.game, row.players))
            shown_seats[s.seat] = {**(rating_dict(h.mu, h.sigma, h.games) if h is not None else rating_dict(MU, SIGMA, 0)),
                                   "account": names.get(s.user_id)}
        row.seat_ratings, row.ratings_of = shown_seats, tuple(s.user_id for s in row.seats)


@functools.cache
def _bot_table() -> dict:
    return json.loads(BOT_RATINGS.read_text(encoding="utf-8"))["ratings"]


def bot_rating(game: str, players: int, spec: str | None) -> dict | None:
    """A bot's fixed published rating at this game and player count (measured in the arena); where that bot was not
    measured at this count, the rating of the level that plays it (levels.json: measured at the count its file says);
    None for any other bot."""
    if spec is None:
        return None
    entry = _bot_table().get(game, {}).get(str(players), {}).get(spec)
    if entry is None:
        level = level_playing(game, spec)
        if level is None:
            return None
        entry = level.rating
    return {"rating": shown(entry["mu"], entry["sigma"]), "provisional": False, "fixed": True, "games": None}


def level_dicts(game: str) -> list[dict]:
    """A game's bot levels as the pages read them (``/api/registry``, ``/api/bots``): each with its measured rating,
    that rating on the scale people see (``shown``), and by player count the rating its bot has beside its name at a
    table of that many players (``shown_at``: :func:`bot_rating`), which the lobby offers for the count chosen."""
    from daimyo.core.registry import game as info
    counts = range(info(game).min_players, info(game).max_players + 1)
    return [{**level.to_dict(), "shown": shown(level.rating["mu"], level.rating["sigma"]),
             "shown_at": {str(n): rated["rating"] for n in counts if (rated := bot_rating(game, n, level.bot))}}
            for level in levels(game)]


def bot_board(game: str, players: int) -> list[dict]:
    """The published bot ratings of a leaderboard, best first; each names the level its bot plays (None for a bot that is
    no level's), which the page shows, as the lobby and the tables do."""
    out = [{"bot": spec, "level": level_of(game, spec), **(bot_rating(game, players, spec) or {}), "measured": entry["measured"]}
           for spec, entry in _bot_table().get(game, {}).get(str(players), {}).items()]
    return sorted(out, key=lambda e: -e["rating"])


__all__ = ["LEAVE_PENALTY", "PROVISIONAL_GAMES", "USERS", "bot_board", "bot_rating", "fill_seat_ratings", "game_places", "level_dicts",
           "new_ratings", "places", "rate_unrated", "rating_dict", "rating_step", "show_ratings", "shown",
           "shown_ratings", "unrated_ids", "update_in"]
