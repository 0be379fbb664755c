"""A room's chat alone (daimyo/server/room_chat.py), against a stand-in room: each line and mute written under the
room's lock before it is acknowledged or sent; lines reach by channel and mutes; a line or mute that could not be
written is neither kept nor sent (issue 15; issue 26's split)."""

from __future__ import annotations

import asyncio

import pytest

from daimyo.server.chat import ChatLine
from daimyo.server.room_chat import RoomChat
from daimyo.server.settings import Settings
from daimyo.server.wire import ActError
from tests.server.parts import Table, humans, inbox


def _texts(messages):
    return [m["line"]["text"] for m in messages if m["type"] == "chat"]


def test_a_line_is_written_then_acknowledged_and_sent_to_whom_it_reaches():
    table = Table(humans(2))
    chat = RoomChat(table)
    p0, p1, watcher = table.join(0), table.join(1), table.join(None)
    assert asyncio.run(chat.say(p0, "  good   luck ")) == 0
    assert table.written == [("chat line 0", 1, [0, 0, 0])]      # nobody was told before it was written
    assert inbox(p0) == [{"type": "chat-ack", "seq": 0}, {"type": "chat", "line": chat.chat.lines[0].to_dict()}]
    assert _texts(inbox(p1)) == _texts(inbox(watcher)) == ["good luck"]
    line = chat.chat.lines[0]
    assert (line.seat, line.name, line.channel) == (0, "p0", "players")
    assert asyncio.run(chat.say(watcher, "who wins?")) == 1
    assert _texts(inbox(p0)) == _texts(inbox(p1)) == [] and inbox(watcher)[0] == {"type": "chat-ack", "seq": 1}


def test_a_line_that_could_not_be_written_is_neither_kept_nor_sent():
    table = Table(humans(2))
    chat = RoomChat(table)
    p0, p1 = table.join(0), table.join(1)
    table.refuse = True
    with pytest.raises(ActError) as refused:
        asyncio.run(chat.say(p0, "hello"))
    assert refused.value.code == "server" and "nothing was sent" in refused.value.message
    assert chat.chat.lines == [] and inbox(p0) == inbox(p1) == []


@pytest.mark.parametrize(("text", "words"), [(None, "'text' string"), ("x" * 21, "at most 20"), ("a\nb", "one line")])
def test_a_bad_line_is_refused_before_anything_is_written(text, words):
    table = Table(humans(2), settings=Settings(chat_max_chars=20))
    chat = RoomChat(table)
    with pytest.raises(ActError, match=words):
        asyncio.run(chat.say(table.join(0), text))
    assert table.written == [] and chat.chat.lines == []


def test_a_mute_is_written_once_and_told_to_the_muting_seat_only():
    table = Table(humans(3))
    chat = RoomChat(table)
    p0, p1, other = table.join(0), table.join(1), table.join(2)
    asyncio.run(chat.mute(1, 0, True))
    asyncio.run(chat.mute(1, 0, True))             # already muted: nothing to write
    assert [w[0] for w in table.written] == ["a mute"]
    assert [m["muted"] for m in inbox(p1)] == [[0], [0]] and inbox(p0) == inbox(other) == []
    asyncio.run(chat.say(p0, "you will lose"))
    assert _texts(inbox(p1)) == [] and _texts(inbox(other)) == ["you will lose"]
    assert chat.message(1)["lines"] == [] and [line["text"] for line in chat.message(2)["lines"]] == ["you will lose"]
    for other_seat, muted, words in ((1, True, "another seat"), (3, True, "from 0 to 2"), (0, "yes", "true or false")):
        with pytest.raises(ActError, match=words):
            asyncio.run(chat.mute(1, other_seat, muted))
    table.refuse = True
    with pytest.raises(ActError):
        asyncio.run(chat.mute(1, 0, False))
    assert chat.chat.mutes[1] == {0}              # not written: still muted


def test_the_spectators_switch_is_written_then_everyone_gets_the_chat_again():
    table = Table(humans(2))
    chat = RoomChat(table)
    p0, watcher = table.join(0), table.join(None)
    asyncio.run(chat.set_spectators(False))
    assert table.written == [("the spectators' chat switch", 1, [0, 0])] and table.row.spectator_chat is False
    assert inbox(p0)[0]["spectators"] is False and inbox(watcher)[0]["spectators"] is False
    with pytest.raises(ActError) as off:
        asyncio.run(chat.say(watcher, "still here"))
    assert off.value.code == "chat-off" and len(table.written) == 1


def test_stored_lines_and_mutes_are_loaded():
    chat = RoomChat(Table(humans(2)))
    lines = [ChatLine(0, "players", 0, "p0", "one", "t"), ChatLine(1, "spectators", None, "spectator", "two", "t")]
    chat.load(lines, [(1, 0)])
    assert chat.message(1) == {"type": "chat-log", "lines": [], "muted": [0], "spectators": True}
    assert [line["text"] for line in chat.message(None)["lines"]] == ["one", "two"]
