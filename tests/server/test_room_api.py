"""Issue 26 item 7: `Room` only acts and commits; callers reach its parts (room.seats, room.chat, room.bots) directly,
so one-line pass-throughs to them do not come back."""

from daimyo.server.room_bots import RoomBots
from daimyo.server.room_chat import RoomChat
from daimyo.server.rooms import Room
from daimyo.server.seats import Seats

#: the public methods and properties Room keeps (acting, taking back, writing, views, summary, the table's life)
ROOM_PUBLIC = 25


def public(cls: type) -> set[str]:
    return {n for n in vars(cls) if not n.startswith("_")}


def test_room_has_at_most_its_own_public_methods():
    names = public(Room)
    assert len(names) <= ROOM_PUBLIC, f"Room grew to {len(names)} public names: {sorted(names)}"


def test_room_passes_nothing_through_by_a_new_name():
    # the names the parts were reached by before the split's pass-throughs went away
    gone = {"check_seat", "end_token", "load_clocks", "start_clocks", "ask_stand_in", "resume", "set_ready",
            "bot_plays", "load_chat", "chat_message", "say", "mute", "set_spectator_chat", "kick_bots"}
    assert not gone & public(Room)
    # and what the parts do is theirs: the calls that replaced them exist there
    assert {"check_seat", "end_token", "load", "start", "ask_stand_in", "resume", "set_ready"} <= public(Seats)
    assert {"load", "message", "say", "mute", "set_spectators"} <= public(RoomChat)
    assert {"stand_in", "kick"} <= public(RoomBots)
