"""Live games: each room holds one game's state, applies actions through the rules engine, has them committed
before acknowledging them, and tells every connection what its seat may see.

A room composes its parts: :class:`~daimyo.server.seats.Seats` (tokens, presence, ready, clocks, stand-ins),
:class:`~daimyo.server.room_chat.RoomChat` (chat lines and mutes) and :class:`~daimyo.server.room_bots.RoomBots`
(the bot seats and stand-ins, played through :meth:`Room.act`). The room itself only acts and commits (acting,
taking back, writing, the state and log messages, the summary, the table's life); callers reach the parts directly
(``room.seats.set_ready``, ``room.chat.say``, ``room.bots.kick``), and tests/server/test_room_api.py keeps
pass-throughs from coming back. What the protocol shares (errors, connections) is in daimyo/server/wire.py.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from daimyo.bots.levels import level_of
from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action, Event
from daimyo.server.clocks import SeatClock, clock_from_text
from daimyo.server.games import hosted, set_up_from_file, start_state
from daimyo.server.ratings import bot_rating, rating_step, show_ratings, shown_ratings
from daimyo.server.room_bots import RoomBots
from daimyo.server.room_chat import RoomChat
from daimyo.server.seats import Seats
from daimyo.server.settings import Settings
from daimyo.server.store import IN_PROGRESS, OVER, WAITING, Fenced, GameRow, Store, actions, games
from daimyo.server.wire import MAX_ACTION, ActError, Connection, Shared, Stats, canonical_action, hash_token, rule_reason, tell

log = logging.getLogger("daimyo.server")


class Room:
    """One live game: acting and committing here; seats, chat and bots in the parts it composes."""

    def __init__(self, row: GameRow, store: Store, bot_delay: float = 0.0, stats: Stats | None = None,
                 settings: Settings | None = None, bot_pool: Executor | None = None):
        self.row = row
        rules = hosted(row.game)
        if rules is None:
            raise ActError("no-such-game", f"game {row.id} is of an unknown kind '{row.game}'")
        self.rules = rules
        self.store = store
        self.bot_delay = bot_delay
        self.settings = settings or Settings()
        self.bot_pool = bot_pool
        self.randomness = row.randomness()
        self.state = start_state(self.rules, row)
        engine_rules = str(getattr(self.state, "rules_version", "1"))
        if row.rules is None:
            row.rules = engine_rules
        elif row.rules != engine_rules:
            raise ActError("rules-version", f"game {row.id} was played under rules version {row.rules}; "
                                            f"this server plays version {engine_rules}")
        self.actions: list[tuple[int, str]] = []        # (seat, text), in order
        self.events: list[Event] = []                   # every event, in order
        # per seat, the legal texts its last state offered, with the state and step they were offered at: a text
        # chosen among them is the notation's own already (Room.act need not read it again)
        self.offered: dict[int, tuple[Any, int, frozenset[str]]] = {}
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.stats = stats or Stats()
        self.idle_since = time.monotonic()              # when the last connection left (the hub unloads: real time)
        self.on_lost: Callable[[Room], None] | None = None     # told when a write fails (the hub may drop the room)
        self.fence: Callable[[], list] = list                  # the lease check every write of the game carries (cluster)
        self.on_turn: Callable[[Room, list[int], bool], None] | None = None   # told whose clock started (mail: never waits)
        self.seen = stamp(row.opened or row.created)    # when a page was last open on the game (wall clock)
        self.closed = False                             # a table cancelled by its host or closed unopened
        self.take_back: TakeBack | None = None          # the last action, while its player may still take it back
        self.bots = RoomBots(self, row)
        self.seats = Seats(self, self.settings.time_source)
        self.chat = RoomChat(self)

    # -------------------------------------------------------------- rebuild
    def replay(self, rows: list[tuple[int, int, str]]) -> None:
        """Apply the stored actions (seq, seat, text); they were all legal when stored."""
        for seq, seat, text in rows:
            if seq != len(self.actions):
                raise ValueError(f"game {self.row.id}: action {seq} missing from the database")
            self.events.extend(self.state.apply(Action(seat, text)))
            self.actions.append((seat, text))

    # ---------------------------------------------------------------- views
    @property
    def seq(self) -> int:
        return len(self.actions)

    def shown_seat(self, seat: int | None) -> int | None:
        """Whose view a connection at ``seat`` gets: its own once the game has started; at the table, before the
        start, everyone's is the public view, since what a seat is dealt follows from the choices (clans, characters)
        the host may still change (rules: clans are chosen before objectives are dealt)."""
        return None if self.waiting else seat

    def state_message(self, seat: int | None, events: list[Event]) -> dict:
        s = self.state
        seat = self.shown_seat(seat)
        over = self.over
        playing = seat is not None and not over and seat in s.to_act() and seat not in self.seats.resigned()
        legal = [a.text for a in s.legal_actions(seat)] if playing else []
        if legal and seat is not None:
            self.offered[seat] = (s, self.seq, frozenset(legal))
        msg = {"type": "state", "seq": self.seq, "view": s.view(seat), "legal": legal,
               "to_act": [] if over else [self.row.choices[p] for p in s.to_act()],
               "events": [e.to_dict() for e in events if e.visible(seat)]}
        if self.seats.shown:
            msg["clocks"] = self.seats.clocks.view()
        if seat is not None and self.take_back is not None and self.take_back.seat == seat and not over:
            msg["undo"] = True   # this seat may take its last action back
        return msg

    def tell_states(self, events: list[Event], acked: Connection | None = None, received: float | None = None) -> None:
        """Every connection gets the state as its seat sees it: each seat's message (and the spectators') built and
        encoded once, however many connections it has. ``acked``, the connection whose action was just committed
        (received at ``received``) and which asked for it (``ack_in_state``), gets its acknowledgement in its state:
        ``"ack": seq``."""
        built: dict[int | None, Shared] = {}
        for c in list(self.conns):
            msg = built.get(c.seat)
            if msg is None:
                msg = built[c.seat] = Shared(self.state_message(c.seat, events))
            if c is acked:
                c.put(Shared({**msg, "ack": self.seq}), received)
            else:
                c.put(msg)

    def log_message(self, seat: int | None) -> dict:
        seat = self.shown_seat(seat)
        return {"type": "log", "events": [e.to_dict() for e in self.events if e.visible(seat)]}

    def summary(self) -> dict:
        s = self.state
        shown_ratings(self.store, self.row)   # a rated game's players' ratings, read again when a seat changed hands
        connected, away = self.seats.presence()
        rnd, phase = self.rules.progress(s)
        return summary_of(self.row, round=rnd, phase=phase, connected=connected, away=away,
                          absent_after=self.settings.absent_after,
                          result=self.final_result() if self.over else None, resigned=self.seats.resigned(),
                          to_act=[] if self.over else [self.row.choices[p] for p in s.to_act()])

    @property
    def over(self) -> bool:
        """The game is over: by its rules, or ended by a resignation (the rules' state is then not terminal)."""
        return self.seats.over

    def final_result(self) -> Any:
        """The result of a game over: the rules' (with the seats that resigned, if any), or the resignation's."""
        if not self.state.is_terminal():
            return self.row.result
        result = self.rules.result(self.state)
        gone = self.seats.resigned()
        if gone and isinstance(result, dict):
            result = {**result, "resigned": [self.row.choices[p] for p in gone]}
        return result

    # --------------------------------------------------------------- writes
    async def write(self, *statements, what: str = "a change") -> None:
        """Store ``statements`` (of this game) in one transaction with the game's lease check (cluster mode: the
        fencing token, daimyo/server/store.py); a write that fails in any way makes the hub drop the game, and the
        caller gets an ActError("server") (nothing was stored)."""
        try:
            await self.store.write(*self.fence(), *statements)
        except Exception as e:
            self.write_failed(e, what)
            raise ActError("server", "the server could not save that; nothing changed") from None

    def write_failed(self, e: Exception, what: str) -> None:
        """Say in the log why ``what`` was not stored (one line when the lease was lost), and tell the hub."""
        if isinstance(e, Fenced):
            log.warning("%s of game %s was not saved: another server process holds the game now", what, self.row.id)
        else:
            log.error("could not save %s of game %s", what, self.row.id, exc_info=e)
        if self.on_lost is not None:
            self.on_lost(self)

    # -------------------------------------------------------------- actions
    async def act(self, seat: int, text: str, seq: int | None = None, conn: Connection | None = None, bot: bool = False) -> int:
        """Apply ``text`` for ``seat``, commit it, acknowledge it, and tell everyone. Returns the new seq.

        The action is stored as the notation's canonical text: one line, single spaces. A player whose
        seat a stand-in plays takes it back by acting; a bot's move for a seat no longer its own is stale."""
        received = time.perf_counter()
        text = canonical_action(text)
        if not bot and seat in self.seats.resigned():
            raise ActError("resigned", "you resigned this game; a bot plays your seat to the end")
        if not bot and self.seats.stood_in(seat):
            await self.seats.resume(seat)
        async with self.lock:
            s = self.state
            self._check_turn(seat, seq, bot)
            before = s.clone()
            try:
                events = s.apply(Action(seat, text))
            except RuleViolation as e:
                raise ActError.illegal(e, self.rules.rule_codes) from None
            offered = self.offered.get(seat)
            if offered is None or offered[0] is not s or offered[1] != len(self.actions) or text not in offered[2]:
                text = self.rules.canonical(before, seat, text)
            clocks_before = self.seats.clocks.copy()
            changed = self.seats.turn(set() if s.is_terminal() else set(s.to_act()))
            try:
                result = self.final_result() if s.is_terminal() else None
                # a rated game's end carries its players' new ratings: stored together or not at all (ratings.py)
                await self.store.append_action(self.row.id, self.seq, seat, text, result,
                                               extra=[*self.fence(), *self.seats.statements(changed),
                                                      *(rating_step(self) if s.is_terminal() else [])])
            except Exception as e:
                self.state = before
                self.seats.clocks.restore(clocks_before)
                self.write_failed(e, f"action {self.seq}")
                raise ActError("server", "the server could not save that action; nothing changed") from None
            if changed:
                self.seats.turn_stored()
            self.actions.append((seat, text))
            self.events.extend(events)
            self.take_back = TakeBack(seat, before, clocks_before, len(events)) if (
                not bot and self._may_take_back(seat, before, events)) else None
            if s.is_terminal():
                self.row.status, self.row.result = OVER, result
            if conn is not None:
                if not conn.ack_in_state:
                    conn.put({"type": "ack", "seq": self.seq}, received)
                self.stats.add_committed(time.perf_counter() - received)
            self.tell_states(events, conn if conn is not None and conn.ack_in_state else None, received)
        if s.is_terminal():
            show_ratings(self, tell=True)   # a rated game's players see their new ratings (daimyo/server/ratings.py)
        self.bots.kick()
        return self.seq

    @property
    def rated(self) -> bool:
        """Whether the game counts for ratings (then no action is taken back)."""
        return self.row.rated

    def _may_take_back(self, seat: int, before: Any, events: list[Event]) -> bool:
        """Whether the action just played by ``seat`` (from ``before``, telling ``events``) may be taken back (BGA's
        rule, issue 30): in an unrated game, an action that did not end it and revealed nothing hidden: no private
        event but the game's echoes of the actor's own choice (:attr:`GameInfo.undo_echoes`, told to the actor
        only), no draw from the game's randomness, and no change of round or phase (a resolution, a reveal of
        bids or chosen cards, a deal). It stays possible until anyone else acts."""
        after = self.state
        if self.rated or after.is_terminal():
            return False
        if any(e.visible_to is not None and (e.visible_to != {seat} or e.kind not in self.rules.undo_echoes) for e in events):
            return False
        return _drawn(before) == _drawn(after) and self.rules.progress(before) == self.rules.progress(after)

    async def undo(self, seat: int) -> None:
        """The player of ``seat`` takes back its own last action (:meth:`_may_take_back`): its row is deleted and the
        game is as it was before it (stored first), so the record and replays never hold it; everyone is told
        ({"type": "undone"}), the log says so, and each connection gets its log and state again."""
        async with self.lock:
            self.check_open()
            if self.rated:
                raise ActError("no-undo", "undo: a rated game allows no take-back")
            last = self.take_back
            if last is None or last.seat != seat or self.over:
                raise ActError("no-undo", "undo: only your own last action, before anyone else acts and while it "
                                          "revealed nothing hidden")
            seq = self.seq - 1
            changed = [s for s in set(last.clocks) | set(self.seats.clocks.seats)
                       if last.clocks.get(s) != self.seats.clocks.seats.get(s)]
            clocks_now = self.seats.clocks.copy()
            self.seats.clocks.restore(last.clocks)
            try:
                await self.write(actions.delete().where((actions.c.game_id == self.row.id) & (actions.c.seq == seq)),
                                 *self.seats.statements([s for s in changed if s in self.seats.clocks.seats]),
                                 what=f"the take-back of action {seq}")
            except ActError:
                self.seats.clocks.restore(clocks_now)
                raise
            self.seats.turn_stored()
            self.state = last.state
            self.actions.pop()
            del self.events[len(self.events) - last.events:]
            choice = self.row.choices[seat]
            self.events.append(Event("undo", {"note": True, "seat": seat, "choice": choice}))
            self.take_back = None
            for c in list(self.conns):
                c.put({"type": "undone", "seat": seat, "choice": choice, "seq": self.seq})
                c.put(self.log_message(c.seat))
                c.put(self.state_message(c.seat, []))

    def _check_turn(self, seat: int, seq: int | None, bot: bool) -> None:
        """Refuse an action out of turn: before the start, for a seat its bot no longer plays, after the end, chosen
        at another step, or of a seat not to act."""
        s = self.state
        if self.waiting:
            raise ActError("not-started", "the game has not started: the host starts it once every player is ready")
        if bot and not self.bots.plays(seat):
            raise ActError("stale", "that seat's player is back")
        if self.over:
            raise ActError("game-over", "the game is over")
        if seq is not None and seq != self.seq:
            raise ActError("stale", f"that action was chosen at step {seq}, but the game is at step {self.seq}")
        if seat not in s.to_act():
            waiting = ", ".join(self.row.choices[p] for p in s.to_act())
            raise ActError("not-your-turn", f"it is not your turn: waiting for {waiting}")

    # ------------------------------------------------- seats joining, resigning
    async def resign(self, seat: int) -> None:
        """The player of ``seat`` resigns (:meth:`Seats.resign`); a game that ends so is shown over to everyone."""
        self.take_back = None
        if await self.seats.resign(seat) is not None:
            for c in list(self.conns):
                c.put(self.state_message(c.seat, []))
            show_ratings(self)   # a rated game ended so rated its players too, the resigners last
            self.tell_table()

    def connected(self, conn: Connection) -> None:
        self.seen = self.settings.time_source.time()
        self.conns.add(conn)
        self.seats.connected(conn)

    def disconnected(self, conn: Connection) -> None:
        self.conns.discard(conn)
        self.idle_since, self.seen = time.monotonic(), self.settings.time_source.time()
        self.seats.disconnected(conn)

    # ---------------------------------------------------------------- table
    @property
    def waiting(self) -> bool:
        """At the table: seats may still change; nobody acts until the host starts the game."""
        return self.row.status == WAITING

    def check_open(self) -> None:
        """Refuse a request to a table that was cancelled or closed meanwhile (its rows are gone)."""
        if self.closed:
            raise ActError("no-such-game", f"game {self.row.id} was closed")

    def close_table(self, reason: str) -> None:
        """The table is gone (``reason``: "cancelled" by its host, or "abandoned"): every connection is told, then closed."""
        self.closed = True
        for c in list(self.conns):
            c.put({"type": "closed", "reason": reason})
            c.close("closed")

    def reset(self, row: GameRow) -> None:
        """The host changed the table: the game as it would start from ``row`` (no action was played yet)."""
        self.row = row
        self.state = start_state(self.rules, row)
        self.offered.clear()
        self.bots.reset(row)
        self.seats.reset(row)
        self.tell_table()
        self.tell_states([])

    def tell_table(self) -> None:
        """Everyone at the game gets the seats as they are now (after a seat was taken, changed or got ready)."""
        tell(self.conns, {"type": "table", "game": self.summary()})

    async def begin(self) -> None:
        """The host starts the game: every human seat taken and ready (stored first); clocks and bots go."""
        async with self.lock:
            if not self.waiting:
                raise ActError("bad-request", "the game has already started")
            missing = [s.seat for s in self.row.seats if s.kind == "human" and (s.token_hash is None or not s.ready)]
            if missing:
                raise ActError("not-ready", f"seats {', '.join(map(str, missing))}: every player takes a seat and says ready first")
            unsigned = [s.seat for s in self.row.seats if self.row.rated and s.user_id is None]
            if unsigned:
                raise ActError("not-ready", f"seats {', '.join(map(str, unsigned))}: a rated game is played by signed-in "
                                            "players only; sign in, then take the seat again")
            held = [s.user_id for s in self.row.seats]
            doubled = [s.seat for s in self.row.seats if self.row.rated and held.count(s.user_id) > 1]
            if doubled:
                raise ActError("not-ready", f"seats {', '.join(map(str, doubled))}: one account holds them; in a rated "
                                            "game every seat is a player of its own")
            self.check_open()
            await self.write(games.update().where(games.c.id == self.row.id).values(status=IN_PROGRESS), what="the start")
            self.row.status = IN_PROGRESS
        await self.seats.start()   # before the states go out: they show the clocks that now run
        tell(self.conns, {"type": "started", "game": self.summary()})
        self.tell_states([])   # and each seat its own view: what it was dealt is its from now on
        self.bots.kick()

    # ---------------------------------------------------------------- close
    def evict(self) -> None:
        """Close every connection: the game is now served elsewhere (its clients reconnect and find it there)."""
        for c in list(self.conns):
            c.close("moved")

    async def close(self) -> None:
        await self.seats.close()
        await self.bots.close()


@dataclass(frozen=True)
class TakeBack:
    """The last action while its player may take it back: its seat, the state and clocks before it, how many events
    it told."""

    seat: int
    state: Any
    clocks: dict[int, SeatClock]
    events: int


def _drawn(state: Any) -> Any:
    """Where the state's random stream stands (an action that moves it drew something hidden), or None: asked of
    the state itself, since a native engine's state that were read field by field would hand its game over to the
    Python engine for good (every later view, legal list and action then made in Python)."""
    draws = getattr(state, "draws", None)
    return draws() if draws is not None else None


def stamp(iso: str) -> float:
    """Seconds since the epoch of a stored time (ISO 8601, as :func:`daimyo.server.store.now` writes it)."""
    from datetime import datetime
    return datetime.fromisoformat(iso).timestamp()


#: why a seat's connections close when its account signed out everywhere (said by the process that answered, and in
#: cluster mode by the one that serves the game once it finds the stored token changed: Hub.sync_seat_tokens)
SIGNED_OUT = "this seat's token ended: its account signed out everywhere; sign in and open the game from your games"


def summary_of(row: GameRow, **live) -> dict:
    """A game's public summary (no tokens, nothing hidden)."""
    connected, away = live.get("connected", {}), live.get("away", {})
    return {
        "id": row.id, "game": row.game, "created": row.created, "status": row.status,
        "players": row.players, "round": live.get("round"), "phase": live.get("phase"),
        "to_act": live.get("to_act", []),
        "practice": row.practice,
        # set up from a file (Rising Sun's war file): whoever has the file knows the hidden amounts it wrote
        "from_file": set_up_from_file(row),
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "choice": row.choices[s.seat],
                   "level": level_of(row.game, s.bot) if s.kind == "bot" else None,
                   "open": s.kind == "human" and s.token_hash is None, "ready": s.ready,
                   "resigned": s.seat in live.get("resigned", ()),
                   "connected": bool(connected.get(s.seat)), "away": away.get(s.seat),
                   # a rated game's player's rating, or a bot's fixed published one (daimyo/server/ratings.py)
                   "rating": row.seat_ratings.get(s.seat) if s.kind == "human" else bot_rating(row.game, row.players, s.bot)}
                  for s in row.seats],
        "rated": row.rated,
        "absent_after": live.get("absent_after"),
        "public": row.public,
        "result": live.get("result", row.result),
        "rematch": row.rematch,
        "clock": clock_from_text(row.clock).to_dict(),
    }




__all__ = ["MAX_ACTION", "SIGNED_OUT", "ActError", "Connection", "Room", "Stats", "canonical_action", "hash_token",
           "rule_reason", "stamp", "summary_of"]
