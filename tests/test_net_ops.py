"""Playing together across devices (issue 22, web/bridge/net.py) through the real Bridge dispatch: whole games
with the host, guests and computer seats, where every guest's View is exactly ``game.observation`` of its
seat and never holds another seat's hidden card, and every guest verifies the deal at the end; every bad
message a guest can send gets a reply with a clear key and the game goes on; a dropped guest's seat is
played by the computer and given back with the guest's hand; a host that reloads (its save resumed)
goes on and reveals a deal every guest verifies."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest
from bridge import Bridge, MemoryStore
from bridge.net import MAX_MESSAGE_CHARS, NetTable

from pygame_core import fairplay
from tests import aio, string_tables
from tests.worker.kit import CARD, _ints

ENGLISH = string_tables.strings("en")


class Host:
    """The host's worker (a Bridge with a store, called like the page calls it) and what each guest saw."""

    def __init__(self, store: MemoryStore | None = None) -> None:
        self.store = store or MemoryStore()
        self.bridge = Bridge(self.store)
        self.seen: dict[int, list[dict[str, Any]]] = {}
        self.said: dict[int, list[Any]] = {}
        self.guest_views: dict[int, dict[str, Any]] = {}

    def raw(self, request: Mapping[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(aio.run(self.bridge.call_async(json.dumps(request))))
        return answer

    def ok(self, request: Mapping[str, Any]) -> Any:
        answer = self.raw(request)
        assert answer["ok"], answer
        return answer["result"]

    def refused(self, request: Mapping[str, Any], key: str) -> None:
        answer = self.raw(request)
        assert answer["ok"] is False and answer["key"] == key, answer
        assert key in ENGLISH, key

    def session(self, sid: str) -> Any:
        return self.bridge.sessions.open[sid]

    def take(self, sid: str, remote: Mapping[str, Any]) -> None:
        """Each guest's View, as the host page sends it: checked against the truth, kept as the guest keeps it."""
        session = self.session(sid)
        game, state = session.game, session.state
        assert set(remote) == {str(s) for s, k in enumerate(session.seats) if k == "remote"}
        for key, view in remote.items():
            seat = int(key)
            text = json.dumps(view)
            assert view["seat"] == seat
            assert view["observation"] == json.loads(json.dumps(game.observation(state, seat)))
            assert view["actions"] == len(session.actions)
            to_act = -1 if game.is_terminal(state) else game.current_player(state)
            assert view["legal"] == (list(game.legal_actions(state)) if to_act == seat else [])
            if not game.is_terminal(state):
                hidden = set(game.hidden_cards(state, seat))
                assert not hidden & set(CARD.findall(text)), (seat, hidden & set(CARD.findall(text)))
                assert view["record"] is None and view["seed"] is None
                assert session.header.seed not in _ints(view)
            self.seen.setdefault(seat, []).append({"actions": view["actions"], "observation": view["observation"]})
            self.said.setdefault(seat, []).extend(view["say"])
            self.guest_views[seat] = view

    def host_view(self, sid: str, view: Mapping[str, Any]) -> None:
        """The host's own View at a net table: its seed stays hidden until the end; the guests' Views go with it."""
        assert "remote" in view, view.keys()
        if not view["terminal"]:
            assert view["seed"] is None and view["undo"] is False
        self.take(sid, view["remote"])

    def message(self, sid: str, seat: int, msg: Any) -> dict[str, Any]:
        text = msg if isinstance(msg, str) else json.dumps(msg)
        result: dict[str, Any] = self.ok({"op": "net_message", "session": sid, "seat": seat, "text": text})
        if result["host"] is not None:
            self.host_view(sid, {**result["host"], "remote": result["remote"]})
        return result


def open_table(host: Host, game: str, variant: str, seats: list[str], tamper: bool = False,
               debug: bool = False) -> tuple[dict[str, Any], dict[int, str]]:
    """Set up a table, every guest sends its secret, the host starts: the started answer and the secrets."""
    table = host.ok({"op": "net_host", "game": game, "variant": variant, "options": {"players": len(seats)},
                     "seats": seats, "fallback": "easy"})
    secrets = {s: fairplay.new_secret() for s, k in enumerate(seats) if k == "remote"}
    started = host.ok({"op": "net_start", "table": table["table"], "secrets": {str(s): v for s, v in secrets.items()},
                       "tamper": tamper, "debug": debug})
    assert started["net"] == {"commitment": table["commitment"], "secrets": [secrets[s] for s in sorted(secrets)]}
    assert started["undo"] is False and started["save"] is not None
    assert started["view"]["seed"] is None
    host.take(started["session"], started["remote"])
    return started, secrets


def play_out(host: Host, sid: str, rnd: random.Random, stop_after: int | None = None) -> dict[str, Any]:
    """Play until the end (or ``stop_after`` moves): the host's seat by ``act``, guests by their messages,
    computers by ``ai_step``. Returns the last host View."""
    session = host.session(sid)
    view: dict[str, Any] = host.ok({"op": "view", "session": sid})
    host.host_view(sid, view)
    moves = 0
    while not view["terminal"] and (stop_after is None or moves < stop_after):
        current = view["current"]
        kind = session.seats[current]
        if kind == "human":
            view = host.ok({"op": "act", "session": sid, "seat": current, "action": rnd.choice(view["legal"])})
            host.host_view(sid, view)
        elif kind == "remote":
            guest = host.guest_views[current]
            result = host.message(sid, current, {"t": "act", "action": rnd.choice(guest["legal"]), "at": guest["actions"]})
            assert result["reply"] is None and result["host"] is not None, result
            view = {**result["host"], "remote": result["remote"]}
        else:
            view = host.ok({"op": "ai_step", "session": sid})
            host.host_view(sid, view)
        moves += 1
    return view


def verify_all(host: Host, sid: str, secrets: Mapping[int, str], game: str) -> dict[int, dict[str, Any]]:
    """Every guest's own worker checks the revealed deal against what it saw."""
    reveal = host.ok({"op": "net_reveal", "session": sid})
    results = {}
    for seat in secrets:
        guest = Bridge()  # the guest's own worker
        results[seat] = json.loads(guest.call(json.dumps({
            "op": "net_verify", "record": reveal["record"], "secret": reveal["secret"], "game": game,
            "commitment": reveal["commitment"], "secrets": reveal["secrets"], "seat": seat, "seen": host.seen[seat]})))["result"]
    return results


@pytest.mark.parametrize(("game", "variant", "seats"), [
    ("primo", "base", ["human", "remote", "medium"]),
    ("primero", "waks", ["remote", "human"]),
    ("primero", "northpass", ["remote", "human", "remote", "medium"]),
    ("primiera", "kaleidos", ["human", "remote", "remote", "easy"]),
])
def test_a_whole_game_together_every_guest_sees_its_own_seat_only_and_verifies(game: str, variant: str,
                                                                               seats: list[str]) -> None:
    host = Host()
    started, secrets = open_table(host, game, variant, seats)
    sid = started["session"]
    first_log = {s: v["observation"].get("log_size") for s, v in host.guest_views.items()}
    view = play_out(host, sid, random.Random(3))
    assert view["terminal"] and view["seed"] is not None and view["record"] is not None
    session = host.session(sid)
    for seat in secrets:  # each guest's `say`, put together, is the public log since its first View, once each
        size = session.game.observation(session.state, seat)["log_size"]
        assert host.said[seat] == json.loads(json.dumps(
            list(session.game.log_entries(session.state, seat, first_log[seat], size))))
        assert host.guest_views[seat]["terminal"] and host.guest_views[seat]["record"] is not None
    assert verify_all(host, sid, secrets, game) == {s: {"ok": True, "problem": None} for s in secrets}


def test_a_host_that_deals_another_seed_is_caught_by_every_guest() -> None:
    host = Host()
    started, secrets = open_table(host, "primo", "base", ["human", "remote", "remote"], tamper=True, debug=True)
    play_out(host, started["session"], random.Random(1))
    assert verify_all(host, started["session"], secrets, "primo") == {
        s: {"ok": False, "problem": "net.verify.seed"} for s in secrets}
    # without `debug` the hook is not honoured
    honest = Host()
    started, secrets = open_table(honest, "primo", "base", ["human", "remote", "remote"], tamper=True)
    play_out(honest, started["session"], random.Random(1))
    assert all(r["ok"] for r in verify_all(honest, started["session"], secrets, "primo").values())


def _to_guest_turn(host: Host, sid: str, guest: int) -> None:
    """Play (host and computers) until it is the guest's turn."""
    rnd = random.Random(0)
    session = host.session(sid)
    while session.game.current_player(session.state) != guest:
        play_out(host, sid, rnd, stop_after=1)


def refused(result: Mapping[str, Any], key: str) -> dict[str, Any]:
    assert result["host"] is None and result["remote"] is None, result
    reply: dict[str, Any] = result["reply"]
    assert reply["t"] == "refused" and reply["key"] == key, reply
    assert key in ENGLISH
    return reply


def test_every_bad_message_gets_a_clear_reply_and_the_game_goes_on() -> None:
    host = Host()
    started, _ = open_table(host, "primo", "base", ["human", "remote", "medium"])
    sid = started["session"]
    _to_guest_turn(host, sid, 1)
    session = host.session(sid)
    actions = len(session.actions)
    legal = host.guest_views[1]["legal"]
    garbage = ["", "not json", "[1]", "null", '{"t": 5}', '{"t": "nope"}', '{"t": "act"}', "{" * 5000,
               "[" * 20 + "]" * 20, '{"t": "act", "action": 5, "at": 0}', '{"t": "act", "action": "x", "at": "0"}',
               '{"t": "act", "action": "x", "at": true}', json.dumps({"t": "act", "action": "x" * 2000, "at": actions}),
               json.dumps({"t": "act", "action": legal[0], "at": actions, "pad": "x" * MAX_MESSAGE_CHARS}),
               '{"t": "log", "start": "x"}', '{"t": "op", "name": 5}', '{"t": "op", "name": "coach", "fields": []}',
               '{"t": "log", "id": {"a": 1}}', '{"t":"act","t":"act"}']
    for text in garbage:
        refused(host.message(sid, 1, text), "net.refused.garbage")
    answer = host.ok({"op": "net_message", "session": sid, "seat": 1, "text": 12})  # not even text
    refused(answer, "net.refused.garbage")
    refused(host.message(sid, 1, {"t": "act", "action": legal[0], "at": actions, "seat": 2}), "net.refused.seat")
    refused(host.message(sid, 1, {"t": "act", "action": legal[0], "at": actions - 1}), "net.refused.stale")
    reply = refused(host.message(sid, 1, {"t": "act", "action": "no such move", "at": actions}), "net.refused.illegal")
    assert reply["args"]["why"]["key"] in ENGLISH or reply["args"]["why"]["key"].startswith("primo.")
    assert len(session.actions) == actions  # nothing changed: the guest plays on
    for heartbeat in ({"t": "ping"}, {"t": "pong"}, {"t": "secret", "secret": "x"}, {"t": "rematch"}):
        assert host.message(sid, 1, heartbeat) == {"host": None, "remote": None, "reply": None}
    result = host.message(sid, 1, {"t": "act", "action": legal[0], "at": actions})
    assert result["reply"] is None and result["host"]["actions"] == actions + 1
    while session.game.current_player(session.state) == 1:
        play_out(host, sid, random.Random(1), stop_after=1)
    view = host.guest_views[1]
    refused(host.message(sid, 1, {"t": "act", "action": legal[0], "at": view["actions"]}), "net.refused.turn")
    # a seat the computer plays now (its guest dropped): its old connection's moves are refused
    host.ok({"op": "net_seat", "session": sid, "seat": 1, "kind": "easy"})
    refused(host.message(sid, 1, {"t": "act", "action": legal[0], "at": len(session.actions)}), "net.refused.replaced")
    # the page's own mistakes are errors for the page (never a guest's input): not a guest's seat, no session
    host.refused({"op": "net_message", "session": sid, "seat": 0, "text": "{}"}, "err.request")
    host.refused({"op": "net_message", "session": "s999", "seat": 1, "text": "{}"}, "err.session")
    # over: no more moves
    play_out(host, sid, random.Random(2))
    host.ok({"op": "net_seat", "session": sid, "seat": 1, "kind": "remote"})
    refused(host.message(sid, 1, {"t": "act", "action": legal[0], "at": len(session.actions)}), "net.refused.over")


def test_a_guest_asks_for_its_own_log_and_its_own_coach() -> None:
    host = Host()
    started, _ = open_table(host, "primo", "base", ["human", "remote", "medium"])
    sid = started["session"]
    _to_guest_turn(host, sid, 1)
    play_out(host, sid, random.Random(5), stop_after=4)
    _to_guest_turn(host, sid, 1)
    session = host.session(sid)
    game, state = session.game, session.state
    size = game.observation(state, 1)["log_size"]
    reply = host.message(sid, 1, {"t": "log", "start": 0, "id": "q1"})["reply"]
    assert reply == {"t": "log", "id": "q1", "entries": json.loads(json.dumps(list(game.log_entries(state, 1, 0, size))))}
    reply = host.message(sid, 1, {"t": "op", "name": "coach", "fields": {"seed": 4}, "id": 7})["reply"]
    op = game.info.operation("coach")
    assert reply == {"t": "op", "id": 7, "name": "coach",
                     "result": json.loads(json.dumps(op.run({"seed": 4}, game.observation(state, 1))))}
    assert reply["result"] != json.loads(json.dumps(op.run({"seed": 4}, game.observation(state, 0))))
    reply = host.message(sid, 1, {"t": "op", "name": "why", "fields": {}})["reply"]
    assert reply["t"] == "op" and reply["error"]["key"] == "err.request", reply
    reply = host.message(sid, 1, {"t": "op", "name": "nosuchop"})["reply"]
    assert reply["t"] == "op" and "error" in reply, reply


def test_a_dropped_guest_is_played_by_the_computer_and_gets_its_hand_back() -> None:
    host = Host()
    started, secrets = open_table(host, "primiera", "kaleidos", ["human", "remote", "remote", "medium"])
    sid = started["session"]
    session = host.session(sid)
    play_out(host, sid, random.Random(4), stop_after=6)
    dropped = host.ok({"op": "net_seat", "session": sid, "seat": 2, "kind": "easy"})
    assert dropped["seats"] == ["human", "remote", "easy", "medium"] and set(dropped["remote"]) == {"1"}
    host.take(sid, dropped["remote"])
    before = len(session.actions)
    play_out(host, sid, random.Random(4), stop_after=12)
    assert 2 in session.actors[before:]  # the computer played the dropped guest's seat
    back = host.ok({"op": "net_seat", "session": sid, "seat": 2, "kind": "remote"})
    assert back["seats"] == ["human", "remote", "remote", "medium"] and set(back["remote"]) == {"1", "2"}
    assert back["remote"]["2"]["observation"] == json.loads(json.dumps(session.game.observation(session.state, 2)))
    assert back["remote"]["2"]["say"] == []
    host.take(sid, back["remote"])
    host.refused({"op": "net_seat", "session": sid, "seat": 0, "kind": "easy"}, "err.request")
    host.refused({"op": "net_seat", "session": sid, "seat": 2, "kind": "human"}, "err.seats")
    host.refused({"op": "undo", "session": sid, "seat": 0}, "err.undo.off")
    host.refused({"op": "show", "session": sid, "seat": 1}, "err.remote")
    play_out(host, sid, random.Random(4))
    assert all(r["ok"] for r in verify_all(host, sid, secrets, "primiera").values())


def test_a_reloaded_host_goes_on_and_reveals_a_deal_every_guest_verifies() -> None:
    host = Host()
    started, secrets = open_table(host, "primo", "base", ["human", "remote", "remote"])
    sid = started["session"]
    play_out(host, sid, random.Random(6), stop_after=9)
    saved = json.loads(host.store.data[started["save"]])
    assert saved["net"]["secret"] and saved["seats"] == ["human", "remote", "remote"]
    host.refused({"op": "net_reveal", "session": sid}, "err.record.later")  # not before the end
    # nor the record, which holds the seed: not even on the host's request
    host.refused({"op": "record", "session": sid, "export": True}, "net.record.later")
    host.refused({"op": "export_save", "save": started["save"]}, "net.record.later")
    # the host reloads: a new worker on the same store resumes the save
    again = Host(host.store)
    again.seen, again.said = host.seen, host.said
    listed = again.ok({"op": "saves"})["saves"]
    assert [(s["status"], s["net"]) for s in listed] == [("ok", True)]
    resumed = again.ok({"op": "resume", "save": started["save"]})
    sid = resumed["session"]
    assert resumed["seats"] == ["human", "easy", "easy"] and resumed["view"]["seed"] is None
    info = again.ok({"op": "net_info", "session": sid})
    assert info == {"seats": ["human", "easy", "easy"], "fallback": "easy", "commitment": started["net"]["commitment"],
                    "remote": [1, 2]}
    play_out(again, sid, random.Random(6), stop_after=4)  # the fallback plays the guests' seats meanwhile
    for seat in (1, 2):  # the guests rejoin
        again.take(sid, again.ok({"op": "net_seat", "session": sid, "seat": seat, "kind": "remote"})["remote"])
    play_out(again, sid, random.Random(6))
    assert verify_all(again, sid, secrets, "primo") == {s: {"ok": True, "problem": None} for s in secrets}


def test_a_net_save_that_is_damaged_is_listed_as_damaged() -> None:
    host = Host()
    started, _ = open_table(host, "primo", "base", ["human", "remote", "medium"])
    save = json.loads(host.store.data[started["save"]])
    for broken in ({**save["net"], "secret": "00" * 32}, {**save["net"], "remote": [7]}, "x", None):
        host.store.data["g" + "1" * 16] = json.dumps({**save, "id": "g" + "1" * 16, "net": broken})
        fresh = Host(host.store)
        by_id = {s["id"]: s for s in fresh.ok({"op": "saves"})["saves"]}
        assert by_id["g" + "1" * 16]["status"] == "corrupt" and by_id[started["save"]]["status"] == "ok"
    assert NetTable.from_save(save["net"], 3).remote == [1]


def test_a_table_is_set_up_with_one_host_a_guest_and_known_levels() -> None:
    host = Host()
    base = {"op": "net_host", "game": "primo", "variant": "base", "options": {"players": 3}}
    host.refused({**base, "seats": ["human", "medium", "medium"]}, "net.setup.remote")
    host.refused({**base, "seats": ["human", "human", "remote"]}, "net.setup.host")
    host.refused({**base, "seats": ["remote", "remote", "remote"]}, "net.setup.host")
    host.refused({**base, "seats": ["human", "remote", "genius"]}, "err.seats")
    host.refused({**base, "seats": ["human", "remote"]}, "err.seats")
    host.refused({**base, "seats": ["human", "remote", "easy"], "fallback": "genius"}, "net.setup.fallback")
    host.refused({"op": "new_game", "game": "primo", "options": {"players": 2}, "seats": ["human", "remote"]}, "err.seats")
    table = host.ok({**base, "seats": ["human", "remote", "easy"]})
    assert len(table["commitment"]) == 64 and "secret" not in json.dumps(table)
    host.refused({"op": "net_start", "table": table["table"], "secrets": {}}, "net.setup.secrets")
    host.refused({"op": "net_start", "table": table["table"], "secrets": {"1": "nope"}}, "net.refused.secret")
    host.refused({"op": "net_start", "table": "t99", "secrets": {"1": "ab" * 32}}, "net.table.gone")
    named = host.ok({"op": "net_start", "table": table["table"], "secrets": {"1": "ab" * 32}, "names": ["Ann", "Bo", "Cy"]})
    assert named["names"] == ["Ann", "Bo", "Cy"]
    host.refused({"op": "net_start", "table": table["table"], "secrets": {"1": "ab" * 32}}, "net.table.gone")
    local = host.ok({"op": "new_game", "game": "primo", "options": {"players": 2}, "seats": ["human", "easy"]})
    assert "remote" not in local["view"]
    host.refused({"op": "net_info", "session": local["session"]}, "net.notnet")
