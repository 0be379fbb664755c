"""What a player's profile and a game's leaderboard show, read from the database (routes/players.py serves them).

Nothing hidden leaks: a profile lists finished games only (a game in play would tell who is in it and where), and a
game that is not public is listed to its own player only; to anyone else its rating change is shown without the
game, its opponents or its choice.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

from sqlalchemy import and_, select

from daimyo.bots.levels import level_of
from daimyo.server.ratings import USERS, bot_board, rating_dict, shown
from daimyo.server.store import OVER, GameRow, Store, games, rating_changes, ratings, seats

#: the most games, rating changes and leaderboard rows one reply holds
MAX_GAMES, MAX_HISTORY, MAX_BOARD = 50, 500, 100


def find_account(store: Store, key: str) -> tuple[str, str] | None:
    """(id, shown name) of the account whose name's key (names.account_name) is ``key``."""
    users = USERS
    with store.engine.connect() as conn:
        r = conn.execute(select(users.c.id, users.c.name).where(users.c.name_key == key)).first()
    return (r.id, r.name) if r is not None else None


def leaderboard(store: Store, game: str, players: int) -> dict:
    """The players rated at ``game`` with ``players`` players, best shown rating first (at most :data:`MAX_BOARD`;
    equal ratings share a rank), and the bots' fixed published ratings."""
    users = USERS
    with store.engine.connect() as conn:
        rows = conn.execute(select(ratings.c.mu, ratings.c.sigma, ratings.c.games, users.c.name)
                            .join(users, users.c.id == ratings.c.user_id)
                            .where(ratings.c.game == game, ratings.c.players == players)
                            .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), users.c.name)
                            .limit(MAX_BOARD)).all()
    board = [{"rank": i + 1, "name": r.name, **rating_dict(r.mu, r.sigma, r.games)} for i, r in enumerate(rows)]
    for above, entry in pairwise(board):   # equal ratings shown share the rank of the first
        if entry["rating"] == above["rating"]:
            entry["rank"] = above["rank"]
    return {"game": game, "players": players, "ratings": board, "bots": bot_board(game, players)}


def winner_seats(row: GameRow) -> set[int]:
    """The seats that won a finished game, from its stored result (Rokugan: seats; Senjutsu: characters; Rising Sun:
    a clan)."""
    result = row.result or {}
    named = result.get("winners", [result["winner"]] if "winner" in result else [])
    out = set()
    for w in named:
        if isinstance(w, int) and 0 <= w < row.players:
            out.add(w)
        elif isinstance(w, str) and w in row.choices:
            out.add(row.choices.index(w))
    return out


def profile(store: Store, user_id: str, name: str, viewer: str | None) -> dict:
    """A player's page: ratings now and over time, finished games with results, favourite choices, recent opponents.
    ``viewer``: the signed-in account looking (None: nobody signed in)."""
    users = USERS
    own = viewer == user_id
    with store.engine.connect() as conn:
        now_rows = conn.execute(select(ratings).where(ratings.c.user_id == user_id)
                                .order_by(ratings.c.game, ratings.c.players)).all()
        mine = select(seats.c.game_id).where(seats.c.user_id == user_id)
        shown_games = games.c.status == OVER if own else and_(games.c.status == OVER, games.c.public.is_(True))
        ids = list(conn.execute(select(games.c.id).where(games.c.id.in_(mine), shown_games)
                                .order_by(games.c.created.desc(), games.c.id.desc()).limit(MAX_GAMES)).scalars())
        changes = conn.execute(select(rating_changes).where(rating_changes.c.user_id == user_id)
                               .order_by(rating_changes.c.at, rating_changes.c.game_id).limit(MAX_HISTORY)).all()
        changed = [c.game_id for c in changes]
        open_ids = set(conn.execute(select(games.c.id).where(games.c.id.in_(changed), games.c.public.is_(True)))
                       .scalars()) if changed and not own else set(changed)
        others = conn.execute(select(seats.c.game_id, seats.c.seat, users.c.name)
                              .join(users, users.c.id == seats.c.user_id).where(seats.c.game_id.in_(ids))).all() if ids else []
    rows = store.rows_of(ids)
    accounts = {(r.game_id, r.seat): r.name for r in others}
    places = {(c.game_id, c.seat): c for c in changes}
    out_games: list[dict] = []
    choices: Counter[tuple[str, str]] = Counter()
    opponents: Counter[str] = Counter()
    last_met: dict[str, str] = {}
    for row in rows:
        seat = next(s.seat for s in row.seats if s.user_id == user_id)
        won = winner_seats(row)
        change = places.get((row.id, seat))
        opp = []
        for s in row.seats:
            if s.seat == seat:
                continue
            who = accounts.get((row.id, s.seat))
            opp.append({"name": who or s.name, "account": who is not None, "bot": s.bot, "level": level_of(row.game, s.bot),
                        "choice": row.choices[s.seat]})
            if who is not None:
                opponents[who] += 1
                last_met.setdefault(who, row.created)
        choices[(row.game, row.choices[seat])] += 1
        out_games.append({"id": row.id, "game": row.game, "players": row.players, "created": row.created,
                          "choice": row.choices[seat], "won": seat in won, "shared": seat in won and len(won) > 1,
                          "rated": row.rated, "place": change.place if change is not None else None,
                          "left": bool(change.leaver) if change is not None else False,
                          "rating_change": (shown(change.mu, change.sigma) - shown(change.mu_before, change.sigma_before))
                          if change is not None else None,
                          "opponents": opp})
    history = [{"game": c.game, "players": c.players, "at": c.at, "rating": shown(c.mu, c.sigma),
                "change": shown(c.mu, c.sigma) - shown(c.mu_before, c.sigma_before), "place": c.place, "left": bool(c.leaver),
                "id": c.game_id if c.game_id in open_ids else None} for c in changes]
    return {
        "name": name,
        "you": own,
        "ratings": [{"game": r.game, "players": r.players, **rating_dict(r.mu, r.sigma, r.games)} for r in now_rows],
        "history": history,
        "games": out_games,
        "favourites": [{"game": g, "choice": c, "games": n} for (g, c), n in choices.most_common(5)],
        "opponents": _recent(opponents, last_met),
    }


def _recent(opponents: Counter, last_met: dict[str, str], limit: int = 10) -> list[dict[str, Any]]:
    """The accounts met in the listed games, the most recently met first."""
    order = sorted(opponents, key=lambda n: (last_met[n], n), reverse=True)
    return [{"name": n, "games": opponents[n], "last": last_met[n]} for n in order[:limit]]


__all__ = ["MAX_BOARD", "MAX_GAMES", "MAX_HISTORY", "find_account", "leaderboard", "profile", "winner_seats"]
