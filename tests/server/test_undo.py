"""Undo (issue 30, BGA's rule): in an unrated game a player takes back their own last action until anyone else acts or
anything hidden is revealed; everyone sees it in the log, and the record never holds the action taken back."""

from __future__ import annotations

from daimyo.server.rooms import Room
from tests.server.conftest import create, humans, join, next_of


class Table:
    """Two players at a practice game of Battle for Rokugan and a spectator, each with the last state it got."""

    def __init__(self, client, seed: int | None = 4):
        self.client = client
        self.game = create(client, humans(2), seed=seed)
        self.gid = self.game["id"]
        self.ws, self.last = {}, {}
        for seat in (0, 1, None):
            token = self.game["seats"][seat]["token"] if seat is not None else None
            self.ws[seat], _, _, self.last[seat] = join(client, self.gid, seat, token)

    def to_act(self) -> int:
        return [s["choice"] for s in self.game["seats"]].index(self.last[None]["to_act"][0])

    def act(self, seat: int, index: int = 0) -> None:
        self.ws[seat].send_json({"type": "act", "action": self.last[seat]["legal"][index], "seq": self.last[seat]["seq"]})
        assert next_of(self.ws[seat], "ack")
        for s, ws in self.ws.items():
            self.last[s] = next_of(ws, "state")

    def undo(self, seat: int | None) -> dict:
        self.ws[seat].send_json({"type": "undo"})
        while (m := self.ws[seat].receive_json())["type"] not in ("undone", "error"):
            pass
        return m

    def stored(self) -> int:
        return len(self.client.app.app.state.store.action_rows(self.gid))


def test_a_player_takes_back_their_last_action_until_the_other_acts_and_everyone_sees_it(client):
    t = Table(client)
    while t.last[None]["view"]["phase"] != "setup-control":
        t.act(t.to_act())
    mover = t.to_act()
    other = 1 - mover
    seq = t.last[None]["seq"]
    t.act(mover, 0)
    assert t.last[mover].get("undo") is True and "undo" not in t.last[other] and "undo" not in t.last[None]
    assert t.stored() == seq + 1
    assert t.undo(other)["code"] == "no-undo"   # not the other's action
    told = t.undo(mover)
    assert told == {"type": "undone", "seat": mover, "choice": t.game["seats"][mover]["choice"], "seq": seq}
    for s, ws in t.ws.items():
        if s != mover:
            assert next_of(ws, "undone")["seat"] == mover
        log = next_of(ws, "log")["events"]
        assert log[-1] == {"kind": "undo", "note": True, "seat": mover, "choice": t.game["seats"][mover]["choice"]}
        t.last[s] = next_of(ws, "state")
        assert t.last[s]["seq"] == seq and "undo" not in t.last[s]
    assert t.stored() == seq   # the action taken back is not in the record
    assert t.last[mover]["legal"] and t.to_act() == mover
    # the player plays another action; once the other player acts, it can no longer be taken back
    t.act(mover, 1)
    t.act(other, 0)
    assert "undo" not in t.last[mover] and t.last[other].get("undo") is True
    assert t.undo(mover)["code"] == "no-undo"
    assert t.undo(None)["code"] == "bad-message"   # a spectator takes nothing back


def test_no_take_back_once_something_hidden_is_revealed_or_dealt(client):
    t = Table(client)
    # choosing the secret objective tells the chooser a private fact besides its choice: no take-back
    t.act(t.to_act())
    assert not any(t.last[s].get("undo") for s in t.ws)
    # the last control token ends the setup: the first cards are drawn (hidden facts dealt): no take-back
    while t.last[None]["view"]["phase"] != "placement":
        mover = t.to_act()
        t.act(mover)
    assert "undo" not in t.last[mover]
    assert t.undo(mover)["code"] == "no-undo"
    # a token placed face down is the placer's own choice: it may be taken back
    placer = t.to_act()
    t.act(placer)
    assert t.last[placer].get("undo") is True
    seq = t.last[placer]["seq"]
    assert t.undo(placer)["type"] == "undone"
    assert next_of(t.ws[placer], "state")["seq"] == seq - 1


def test_a_rated_game_allows_no_take_back(client, monkeypatch):
    monkeypatch.setattr(Room, "rated", property(lambda self: True))
    t = Table(client)
    while t.last[None]["view"]["phase"] != "setup-control":
        t.act(t.to_act())
    mover = t.to_act()
    t.act(mover)
    assert "undo" not in t.last[mover]
    refused = t.undo(mover)
    assert refused["code"] == "no-undo" and "rated" in refused["message"]


def test_undo_keeps_the_record_exact(client):
    t = Table(client)
    while t.last[None]["view"]["phase"] != "setup-control":
        t.act(t.to_act())
    mover = t.to_act()
    t.act(mover, 0)
    t.undo(mover)
    for s, ws in t.ws.items():
        t.last[s] = next_of(ws, "state")
    t.act(mover, 2)
    room = client.app.app.state.hub.rooms[t.gid]
    stored = client.app.app.state.store.action_rows(t.gid)
    assert [(seat, text) for _seq, seat, text in stored] == room.actions
    assert [seq for seq, _, _ in stored] == list(range(len(stored)))


def test_a_keyed_game_stays_on_the_native_engine_and_a_draw_from_its_stream_is_seen(client):
    """Whether an action drew from the game's random stream is asked of the state itself: a native game is not handed
    to the Python engine for it (every later view and legal list would then be made in Python), and a keyed game's
    stream (the server's, a KeyedRng without a ``state`` integer) is compared by the words drawn from it."""
    from daimyo.core.rng import GameKey
    from daimyo.rokugan.native import available, new_game
    from daimyo.server.rooms import _drawn

    if not available():
        return
    t = Table(client, seed=None)   # keyed, as every game that is not practice
    room = client.app.state.hub.rooms[t.gid]
    for _ in range(3):
        t.act(t.to_act())
    assert room.state.engine == "native" and t.last[t.to_act()]["legal"]
    s = new_game(players=2, seed=GameKey(bytes(range(32))))
    before = _drawn(s)
    py = s.python_state()
    assert py.draws() == before == ("game", py.rng.counter)
    py.rng.next64()
    assert py.draws() != before
    assert s.engine == "native"
