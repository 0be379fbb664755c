"""A game's chat: plain text lines, stored with the game before anyone is told of them.

Two channels: the players' (seated connections write; everyone reads) and the spectators'
(spectators write and read; the host can turn it off). A seat can mute another seat: its
connections then receive none of that seat's lines, now or in the history. A line is text,
never markup: the pages show it as text (docs/server-protocol.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field

PLAYERS, SPECTATORS = "players", "spectators"


class ChatError(ValueError):
    """A chat line or mute the server refuses; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


@dataclass(frozen=True, slots=True)
class ChatLine:
    seq: int                 # the line's number in its game, from 0
    channel: str             # PLAYERS or SPECTATORS
    seat: int | None         # who wrote it (None: a spectator)
    name: str                # how the writer is shown: the seat's name or clan, or "spectator"
    text: str
    at: str                  # when it was stored (ISO 8601, UTC)

    def to_dict(self) -> dict:
        return {"seq": self.seq, "channel": self.channel, "seat": self.seat, "name": self.name,
                "text": self.text, "at": self.at}


def chat_text(text: object, max_chars: int) -> str:
    """The line as it is stored: one line, spaces collapsed; a clear ChatError for anything else."""
    if not isinstance(text, str):
        raise ChatError("bad-message", "a 'chat' message needs a 'text' string")
    if len(text) > max_chars:
        raise ChatError("bad-message", f"chat text: at most {max_chars} characters")
    if not text.isprintable():
        raise ChatError("bad-message", "chat text: one line, without control characters")
    text = " ".join(text.split())
    if not text:
        raise ChatError("bad-message", "chat text is empty")
    return text


@dataclass
class Chat:
    """The lines and mutes of one game, as stored."""

    lines: list[ChatLine] = field(default_factory=list)
    mutes: dict[int, set[int]] = field(default_factory=dict)   # seat -> the seats it muted
    spectators_on: bool = True

    def channel_for(self, seat: int | None) -> str:
        if seat is not None:
            return PLAYERS
        if not self.spectators_on:
            raise ChatError("chat-off", "the host turned the spectators' chat off")
        return SPECTATORS

    def reaches(self, line: ChatLine, seat: int | None) -> bool:
        """Whether a connection at ``seat`` (None: a spectator) receives ``line``."""
        if line.channel == SPECTATORS:
            return seat is None
        return seat is None or line.seat is None or line.seat not in self.mutes.get(seat, set())

    def history(self, seat: int | None) -> list[dict]:
        return [line.to_dict() for line in self.lines if self.reaches(line, seat)]


__all__ = ["PLAYERS", "SPECTATORS", "Chat", "ChatError", "ChatLine", "chat_text"]
