"""Live games: each room holds one game's state, applies actions through the rules engine,
has them committed before acknowledging them, plays its bot seats and tells every
connection what its seat may see.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

from daimyo.bots import bot_names as shared_bot_names
from daimyo.bots import bot_seed
from daimyo.bots import make_bot as shared_make_bot
from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action, Event
from daimyo.core.rng import Rng
from daimyo.server.store import IN_PROGRESS, OVER, GameRow, SeatRow, Store, now

log = logging.getLogger("daimyo.server")

MAX_SEED = 2**63
_CLAN_SALT = 0xC1A2_5EA7
_TERRAIN_SALT = 0x7E22_A1A5


class ActError(Exception):
    """An action or request the server refuses; ``code`` is one of the protocol's error codes."""

    def __init__(self, code: str, message: str, rule: str | None = None):
        super().__init__(message)
        self.code, self.message, self.rule = code, message, rule

    def to_message(self) -> dict:
        msg = {"type": "error", "code": self.code, "message": self.message}
        if self.rule:
            msg["rule"] = self.rule
        return msg


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# ----------------------------------------------------------------- the games
class RokuganRules:
    """What the server needs to know of Battle for Rokugan."""

    name = "rokugan"
    min_players, max_players = 2, 5
    seat_word, unique_rule = "clan", "Setup 3. Choose Clans"

    @staticmethod
    def bot_names() -> list[str]:
        return shared_bot_names()

    @staticmethod
    def make_bot(spec: str, seed: int):
        return shared_make_bot(spec, seed)

    @staticmethod
    def progress(state) -> tuple[int, str]:
        """(round, phase) for the games list."""
        return state.round, state.phase

    @staticmethod
    def result(state) -> dict:
        return state.result

    @staticmethod
    def clan_names() -> list[str]:
        from daimyo.rokugan.data import RULES
        return list(RULES.clan_names)

    @staticmethod
    def new_state(players: int, seed: int, clans: list[str]):
        from daimyo.rokugan import new_game
        return new_game(players=players, seed=seed, clans=clans)

    @staticmethod
    def move_text(state, seat: int, move) -> str:
        from daimyo.rokugan.notation import move_text
        return move_text(state, seat, move)

    @staticmethod
    def record(row: GameRow, acts: list[tuple[int, str]]) -> str:
        from daimyo.rokugan.record import record_text
        header = {"players": row.players, "seed": row.seed, "clans": " ".join(row.clans)}
        return record_text(header, [(row.clans[seat], text) for seat, text in acts])


class SenjutsuRules:
    """What the server needs to know of Senjutsu: a seat's "clan" is its character, 2 to 4 duellists (Setup)."""

    name = "senjutsu"
    min_players, max_players = 2, 4
    seat_word, unique_rule = "character", "Player Setup"

    @staticmethod
    def clan_names() -> list[str]:
        from daimyo.senjutsu.cards import sample_set
        return list(sample_set().characters)

    @staticmethod
    def terrain(seed: int) -> list[tuple[str, list]]:
        """Battlefield Setup 2, as the server lays it out: two pieces drawn from the game's seed, inside the ring of
        hexes one or two from the centre and more than two hexes apart (the two-hex rule), so a duel is its seed and actions."""
        from daimyo.senjutsu.hexgrid import distance
        rng = Rng(seed ^ _TERRAIN_SALT)
        kinds = ["rock", "tree", "bamboo", "shrine", "cart"]
        spots = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if 1 <= distance((q, r), (0, 0)) <= 2]
        first = spots[rng.below(len(spots))]
        far = [h for h in spots if distance(h, first) > 2]
        second = far[rng.below(len(far))]
        a = kinds.pop(rng.below(len(kinds)))
        return [(a, [first]), (kinds[rng.below(len(kinds))], [second])]

    @classmethod
    def new_state(cls, players: int, seed: int, clans: list[str]):
        from daimyo.senjutsu import new_game
        return new_game(list(clans), seed=seed, terrain=cls.terrain(seed))

    @staticmethod
    def move_text(state, seat: int, move) -> str:
        return move  # Senjutsu bots answer with the action's text

    @staticmethod
    def bot_names() -> list[str]:
        return ["heuristic", "random"]

    @staticmethod
    def make_bot(spec: str, seed: int):
        from daimyo.bots.senjutsu import make
        return make(spec, seed)

    @staticmethod
    def progress(state) -> tuple[int, str]:
        return state.turn, state.phase

    @staticmethod
    def result(state) -> dict:
        """The characters left standing (several when they fell at the same moment: a shared draw)."""
        return {"winners": [state.duellists[i].character for i in state.result]}

    @classmethod
    def record(cls, row: GameRow, acts: list[tuple[int, str]]) -> str:
        from daimyo.senjutsu.record import record_text
        from daimyo.senjutsu.state import seat_name
        terrain = "; ".join(f"{kind} " + " ".join(f"{q},{r}" for q, r in hexes) for kind, hexes in cls.terrain(row.seed))
        header = {"seed": row.seed, "board": "one", "characters": " ".join(row.clans), "terrain": terrain}
        return record_text(header, [(seat_name(seat), text) for seat, text in acts])


GAMES = {"rokugan": RokuganRules, "senjutsu": SenjutsuRules}


# ------------------------------------------------------------- connections
@dataclass(eq=False)
class Connection:
    """One WebSocket: its seat (None for a spectator) and its queue of outgoing messages."""

    seat: int | None
    send: Callable[[dict], Any]
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    on_sent: Callable[[float], Any] | None = None   # told how long an ack took, once it is on the socket

    def put(self, msg: dict, received: float | None = None) -> None:
        """Queue ``msg``; ``received`` (perf_counter) marks an ack whose latency is measured when sent."""
        self.outbox.put_nowait((msg, received))


class Stats:
    """How busy the server is: actions accepted, how long each took to be committed (received ->
    committed, ack queued) and to be acknowledged (received -> ack handed to the socket)."""

    def __init__(self, keep: int = 100_000):
        self.actions = 0
        self.committed: deque[float] = deque(maxlen=keep)
        self.acknowledged: deque[float] = deque(maxlen=keep)

    def add_committed(self, seconds: float) -> None:
        self.actions += 1
        self.committed.append(seconds)

    def add(self, seconds: float) -> None:
        self.acknowledged.append(seconds)

    @staticmethod
    def _percentiles(values) -> dict:
        lat = sorted(values)

        def pct(p: float):
            return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else None

        return {"p50": pct(0.5), "p90": pct(0.9), "p99": pct(0.99), "max": round(1000 * lat[-1], 2) if lat else None}

    def summary(self) -> dict:
        return {"actions": self.actions, "latency_ms": self._percentiles(self.acknowledged),
                "commit_latency_ms": self._percentiles(self.committed)}


class Room:
    """One live game."""

    def __init__(self, row: GameRow, store: Store, bot_delay: float = 0.0, stats: Stats | None = None):
        self.row = row
        self.rules = GAMES[row.game]
        self.store = store
        self.bot_delay = bot_delay
        self.state = self.rules.new_state(row.players, row.seed, row.clans)
        self.actions: list[tuple[int, str]] = []        # (seat, text), in order
        self.events: list[Event] = []                   # every event, in order
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.bots = {s.seat: self.rules.make_bot(s.bot, bot_seed(row.seed, s.seat)) for s in row.seats if s.kind == "bot"}
        self._bot_task: asyncio.Task | None = None
        self.stats = stats or Stats()

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

    def state_message(self, seat: int | None, events: list[Event]) -> dict:
        s = self.state
        legal = [a.text for a in s.legal_actions(seat)] if seat is not None and seat in s.to_act() else []
        return {"type": "state", "seq": self.seq, "view": s.view(seat), "legal": legal,
                "to_act": [self.row.clans[p] for p in s.to_act()],
                "events": [e.to_dict() for e in events if e.visible(seat)]}

    def log_message(self, seat: int | None) -> dict:
        return {"type": "log", "events": [e.to_dict() for e in self.events if e.visible(seat)]}

    def summary(self) -> dict:
        s = self.state
        connected = {}
        for c in self.conns:
            if c.seat is not None:
                connected[c.seat] = True
        rnd, phase = self.rules.progress(s)
        return summary_of(self.row, round=rnd, phase=phase, connected=connected,
                          result=self.rules.result(s) if s.is_terminal() else None,
                          to_act=[self.row.clans[p] for p in s.to_act()])

    # ---------------------------------------------------------------- seats
    def check_seat(self, seat: Any, token: Any) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.row.players:
            raise ActError("bad-token", f"there is no seat {seat!r} in this {self.row.players}-player game")
        info = self.row.seats[seat]
        if info.kind != "human":
            raise ActError("bad-token", f"seat {seat} is played by the server's bot")
        if not isinstance(token, str) or not hmac.compare_digest(hash_token(token), info.token_hash or ""):
            raise ActError("bad-token", f"wrong or missing token for seat {seat}")
        return seat

    # -------------------------------------------------------------- actions
    async def act(self, seat: int, text: str, seq: int | None = None, conn: Connection | None = None) -> int:
        """Apply ``text`` for ``seat``, commit it, acknowledge it, and tell everyone. Returns the new seq."""
        received = time.perf_counter()
        async with self.lock:
            s = self.state
            if s.is_terminal():
                raise ActError("game-over", "the game is over")
            if seq is not None and seq != self.seq:
                raise ActError("stale", f"that action was chosen at step {seq}, but the game is at step {self.seq}")
            if seat not in s.to_act():
                waiting = ", ".join(self.row.clans[p] for p in s.to_act())
                raise ActError("not-your-turn", f"it is not your turn: waiting for {waiting}")
            before = s.clone()
            try:
                events = s.apply(Action(seat, text))
            except RuleViolation as e:
                raise ActError("illegal", e.message, e.rule) from None
            try:
                await self.store.append_action(self.row.id, self.seq, seat, text, self.rules.result(s) if s.is_terminal() else None)
            except Exception:
                log.exception("could not save action %d of game %s", self.seq, self.row.id)
                self.state = before
                raise ActError("server", "the server could not save that action; nothing changed") from None
            self.actions.append((seat, text))
            self.events.extend(events)
            if s.is_terminal():
                self.row.status, self.row.result = OVER, self.rules.result(s)
            if conn is not None:
                conn.put({"type": "ack", "seq": self.seq}, received)
                self.stats.add_committed(time.perf_counter() - received)
            for c in list(self.conns):
                c.put(self.state_message(c.seat, events))
        self.kick_bots()
        return self.seq

    # ----------------------------------------------------------------- bots
    def kick_bots(self) -> None:
        """Start the bot loop if a bot is to act and the loop is not running."""
        if self._bot_task is None or self._bot_task.done():
            if not self.state.is_terminal() and any(p in self.bots for p in self.state.to_act()):
                self._bot_task = asyncio.get_running_loop().create_task(self._bot_loop())

    async def _bot_loop(self) -> None:
        fallback = False  # after a bot's failure, one random legal move instead
        while not self.state.is_terminal():
            seats = [p for p in self.state.to_act() if p in self.bots]
            if not seats:
                return
            seat = seats[0]
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            snapshot, at = self.state.clone(), self.seq
            try:
                if fallback:
                    legal = [a.text for a in snapshot.legal_actions(seat)]
                    text = legal[Rng(bot_seed(self.row.seed, seat) + at).below(len(legal))]
                else:
                    move = await asyncio.to_thread(self.bots[seat].choose, snapshot, seat)
                    text = self.rules.move_text(snapshot, seat, move)
            except Exception as e:  # a bot's bug must not stop the game
                log.error("the bot at seat %d of game %s failed (%s); it plays a random move", seat, self.row.id, type(e).__name__)
                fallback = True
                continue
            try:
                await self.act(seat, text, seq=at)
                fallback = False
            except ActError as e:
                if e.code in ("stale", "not-your-turn"):
                    continue  # a human acted meanwhile: choose again
                # the rule's message may name the bot's hidden tokens: the log says only what happened
                log.error("the rules refused a move of the bot at seat %d of game %s (%s); it plays a random move",
                          seat, self.row.id, e.code)
                if fallback or e.code != "illegal":
                    return
                fallback = True

    async def close(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
            try:
                await self._bot_task
            except (asyncio.CancelledError, Exception):
                pass


def summary_of(row: GameRow, **live) -> dict:
    """A game's public summary (no tokens, nothing hidden)."""
    connected = live.get("connected", {})
    return {
        "id": row.id, "game": row.game, "created": row.created, "status": row.status,
        "players": row.players, "round": live.get("round"), "phase": live.get("phase"),
        "to_act": live.get("to_act", []),
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "clan": row.clans[s.seat],
                   "connected": bool(connected.get(s.seat))} for s in row.seats],
        "result": live.get("result", row.result),
    }


# --------------------------------------------------------------------- hub
class Hub:
    """Every game the server knows: live rooms in memory, the rest in the database."""

    def __init__(self, store: Store, bot_delay: float = 0.0):
        self.store = store
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self.stats = Stats()

    async def start(self) -> None:
        """Rebuild every unfinished game from its stored actions and let its bots go on."""
        for row in await asyncio.to_thread(self.store.game_rows, IN_PROGRESS):
            await self.load(row)
        for room in self.rooms.values():
            room.kick_bots()

    async def stop(self) -> None:
        for room in self.rooms.values():
            await room.close()

    async def load(self, row: GameRow) -> Room:
        if row.game not in GAMES:
            raise ActError("no-such-game", f"game {row.id} is of an unknown kind '{row.game}'")
        room = Room(row, self.store, self.bot_delay, self.stats)
        room.replay(await asyncio.to_thread(self.store.action_rows, row.id))
        self.rooms[row.id] = room
        return room

    async def room(self, game_id: str) -> Room:
        """The live room of ``game_id``, loading a finished game on demand."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        row = await asyncio.to_thread(self.store.game_row, game_id) if isinstance(game_id, str) and len(game_id) <= 32 else None
        if row is None:
            raise ActError("no-such-game", f"there is no game '{game_id}'")
        return await self.load(row)

    async def create(self, request: Any) -> dict:
        """Create a game from a lobby request (docs/server-protocol.md); returns the reply with seat tokens."""
        row, tokens = self._new_row(request)
        await self.store.write(*self.store.new_game_statements(row))
        room = Room(row, self.store, self.bot_delay, self.stats)
        self.rooms[row.id] = room
        room.kick_bots()
        seats_out = []
        for s in row.seats:
            out = {"seat": s.seat, "kind": s.kind, "name": s.name, "clan": row.clans[s.seat]}
            if s.kind == "human":
                out["token"] = tokens[s.seat]
                out["join"] = f"/game/{row.id}#seat={s.seat}&token={tokens[s.seat]}"
            else:
                out["bot"] = s.bot
            seats_out.append(out)
        return {"id": row.id, "seats": seats_out}

    def _new_row(self, req: Any) -> tuple[GameRow, dict[int, str]]:
        if not isinstance(req, dict):
            raise ActError("bad-request", "the request must be a JSON object")
        game = req.get("game", "rokugan")
        rules = GAMES.get(game)
        if rules is None:
            raise ActError("bad-request", f"game: unknown game '{game}' (games: {', '.join(GAMES)})")
        seat_reqs = req.get("seats")
        if not isinstance(seat_reqs, list) or not rules.min_players <= len(seat_reqs) <= rules.max_players:
            raise ActError("bad-request", f"seats: a list of {rules.min_players} to {rules.max_players} seats is needed")
        seed = req.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
            raise ActError("bad-request", "seed: a whole number from 0 to 2**63-1, or null")
        clan_names = rules.clan_names()
        seat_rows, clans, tokens = [], [], {}
        for i, sr in enumerate(seat_reqs):
            where = f"seats[{i}]"
            if not isinstance(sr, dict):
                raise ActError("bad-request", f"{where}: a seat is an object with 'kind'")
            kind = sr.get("kind")
            name = sr.get("name")
            if name is not None and (not isinstance(name, str) or len(name) > 40):
                raise ActError("bad-request", f"{where}.name: a text of at most 40 characters")
            clan = sr.get("clan")
            word = rules.seat_word
            if clan is not None and clan not in clan_names:
                raise ActError("bad-request", f"{where}.clan: unknown {word} '{clan}' ({word}s: {', '.join(clan_names)})")
            if clan is not None and clan in clans:
                raise ActError("bad-request", f"{where}.clan: {clan} is taken by another seat ({rules.unique_rule})")
            clans.append(clan)
            if kind == "human":
                token = secrets.token_urlsafe(24)
                tokens[i] = token
                seat_rows.append(SeatRow(i, "human", name or None, None, hash_token(token)))
            elif kind == "bot":
                bot = sr.get("bot", "random")
                if not isinstance(bot, str):
                    raise ActError("bad-request", f"{where}.bot: a bot name ({', '.join(rules.bot_names())})")
                try:
                    rules.make_bot(bot, 0)
                except ValueError as e:
                    raise ActError("bad-request", f"{where}.bot: {e}") from None
                seat_rows.append(SeatRow(i, "bot", name or None, bot, None))
            else:
                raise ActError("bad-request", f"{where}.kind: 'human' or 'bot', not {kind!r}")
        free = [c for c in clan_names if c not in clans]
        Rng(seed ^ _CLAN_SALT).shuffle(free)
        clans = [c if c is not None else free.pop() for c in clans]
        row = GameRow(id=f"g-{secrets.token_hex(5)}", game=game, players=len(seat_rows), seed=seed, clans=clans,
                      created=now(), status=IN_PROGRESS, result=None, seats=seat_rows)
        return row, tokens

    def load_summary(self) -> dict:
        """Public figures of the server's load (no game's content)."""
        live = [r for r in self.rooms.values() if not r.state.is_terminal()]
        return {"games_live": len(live), "connections": sum(len(r.conns) for r in self.rooms.values()),
                **self.stats.summary()}

    async def summaries(self) -> list[dict]:
        rows = await asyncio.to_thread(self.store.game_rows)
        return [self.rooms[r.id].summary() if r.id in self.rooms else summary_of(r) for r in rows]
