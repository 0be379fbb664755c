"""A live game's chat: each line and each mute stored (the room's write, under its lock) before it is
acknowledged or anyone hears of it; what each connection receives follows daimyo/server/chat.py's channels and mutes.
"""

from __future__ import annotations

from typing import Any

from daimyo.server.chat import Chat, ChatError, ChatLine, chat_text
from daimyo.server.store import chat, games, mutes, now
from daimyo.server.wire import ActError, Connection, Host


class RoomChat:
    """The chat of one room (its lines and mutes as stored: :attr:`chat`)."""

    def __init__(self, room: Host):
        self.room = room
        self.chat = Chat(spectators_on=room.row.spectator_chat)

    def load(self, lines: list[ChatLine], muted: list[tuple[int, int]]) -> None:
        self.chat.lines = list(lines)
        for seat, other in muted:
            self.chat.mutes.setdefault(seat, set()).add(other)

    def message(self, seat: int | None) -> dict:
        """The chat a connection at ``seat`` sees: the lines that reach it, its mutes, and the spectators' switch."""
        return {"type": "chat-log", "lines": self.chat.history(seat), "muted": sorted(self.chat.mutes.get(seat, ()))
                if seat is not None else [], "spectators": self.chat.spectators_on}

    async def say(self, conn: Connection, text: Any) -> int:
        """Store one chat line of ``conn``, acknowledge it, and send it to whoever it reaches. Returns its seq."""
        try:
            text = chat_text(text, self.room.settings.chat_max_chars)
            channel = self.chat.channel_for(conn.seat)
        except ChatError as e:
            raise ActError(e.code, e.message) from None
        row, seat = self.room.row, conn.seat
        name = "spectator" if seat is None else (row.seats[seat].name or row.choices[seat])
        async with self.room.lock:
            self.room.check_open()
            line = ChatLine(len(self.chat.lines), channel, seat, name, text, now())
            try:
                await self.room.write(chat.insert().values(game_id=row.id, **line.to_dict()), what=f"chat line {line.seq}")
            except ActError:
                raise ActError("server", "the server could not save that chat line; nothing was sent") from None
            self.chat.lines.append(line)
            conn.put({"type": "chat-ack", "seq": line.seq})
            for c in list(self.room.conns):
                if self.chat.reaches(line, c.seat):
                    c.put({"type": "chat", "line": line.to_dict()})
        return line.seq

    async def mute(self, seat: int, other: Any, muted: Any) -> None:
        """Seat ``seat`` mutes (or hears again) seat ``other``'s chat; stored, then told to that seat's connections."""
        players = self.room.row.players
        if not isinstance(other, int) or isinstance(other, bool) or not 0 <= other < players or other == seat:
            raise ActError("bad-message", f"mute: 'seat' is another seat's number, from 0 to {players - 1}")
        if not isinstance(muted, bool):
            raise ActError("bad-message", "mute: 'muted' is true or false")
        async with self.room.lock:
            self.room.check_open()
            game_id = self.room.row.id
            if (other in self.chat.mutes.get(seat, set())) != muted:
                key = (mutes.c.game_id == game_id) & (mutes.c.seat == seat) & (mutes.c.muted == other)
                statement = mutes.insert().values(game_id=game_id, seat=seat, muted=other) if muted \
                    else mutes.delete().where(key)
                await self.room.write(statement, what="a mute")
                self.chat.mutes.setdefault(seat, set()).symmetric_difference_update({other})
            for c in list(self.room.conns):
                if c.seat == seat:
                    c.put(self.message(seat))

    async def set_spectators(self, on: bool) -> None:
        """The host turns the spectators' chat on or off (stored first)."""
        async with self.room.lock:
            row = self.room.row
            await self.room.write(games.update().where(games.c.id == row.id).values(spectator_chat=on),
                                  what="the spectators' chat switch")
            row.spectator_chat = self.chat.spectators_on = on
            for c in list(self.room.conns):
                c.put(self.message(c.seat))


__all__ = ["RoomChat"]
