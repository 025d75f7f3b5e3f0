"""Tokens, refused moves and their codes, repeated move ids, presence."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from honeymoon.actions import KEEP, PASS, REJECT


@pytest.fixture
def server(server_factory: Any, sqlite_url: str) -> Any:
    with server_factory(sqlite_url) as running:
        yield running


def test_a_wrong_token_is_refused_and_the_socket_closed(server: Any) -> None:
    server.create(opponent="friend")
    with server.client.websocket_connect("/ws") as websocket:
        websocket.send_text(json.dumps({"type": "hello", "token": "not-a-seat-token"}))
        message = websocket.receive_json()
        assert message["type"] == "error" and message["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            websocket.receive_json()
        assert closed.value.code == 4401


def test_a_wrong_token_in_the_url_is_refused(server: Any) -> None:
    with server.client.websocket_connect("/ws?token=nothing") as websocket:
        assert websocket.receive_json()["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect):
            websocket.receive_json()


@pytest.mark.parametrize(
    "first",
    [
        {"type": "move", "action": 90, "version": 0, "move_id": "x"},
        {"type": "hello"},
        {"type": "hello", "token": ""},
        {"type": "sync"},
    ],
)
def test_a_missing_token_is_refused(server: Any, first: dict[str, Any]) -> None:
    server.create(opponent="friend")
    with server.client.websocket_connect("/ws") as websocket:
        websocket.send_text(json.dumps(first))
        message = websocket.receive_json()
        assert message["type"] == "error" and message["code"] == "bad_token"
        assert set(message) == {"type", "code", "message"}  # no game, no view
        with pytest.raises(WebSocketDisconnect):
            websocket.receive_json()


def test_a_valid_token_in_the_url_is_refused_too(server: Any) -> None:
    """An address is written to logs and histories: the token goes in the hello only."""
    game = server.create(opponent="friend", seat="east")
    with server.client.websocket_connect(f"/ws?token={game['token']}") as websocket:
        message = websocket.receive_json()
        assert message["type"] == "error" and message["code"] == "bad_token"
        assert "hello" in message["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            websocket.receive_json()
        assert closed.value.code == 4401


def test_out_of_turn_illegal_and_stale_moves_get_their_codes(server: Any, ws: Any) -> None:
    game = server.create(opponent="friend", seat="south")
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
        mover, waiter = ws.turn(south, east)
        # Out of turn.
        move_id = waiter.send_move(KEEP)
        error = waiter.expect("error")
        assert (error["code"], error["move_id"], error["version"]) == ("not_your_turn", move_id, 0)
        # A call while drawing.
        mover.send_move(PASS)
        assert mover.expect("error")["code"] == "wrong_phase"
        # Not an action at all.
        mover.send_move(500)
        assert mover.expect("error")["code"] == "unknown_action"
        # Made on a version that is not current: refused, and the current state follows.
        mover.send_move(KEEP, version=7)
        error = mover.expect("error")
        assert (error["code"], error["version"]) == ("stale_version", 0)
        assert mover.expect("state")["version"] == 0
        # Nothing was applied by any of these.
        assert server.hub.rooms[game["game_id"]].version == 0
        ws.play(mover, waiter, REJECT)
        assert south.version == east.version == 1
        # The old version is now stale for the next mover too.
        mover, waiter = ws.turn(south, east)
        mover.send_move(KEEP, version=0)
        assert mover.expect("error")["code"] == "stale_version"
        mover.expect("state")


def test_a_repeated_move_id_is_applied_once(server: Any, ws: Any) -> None:
    game = server.create(opponent="friend", seat="south")
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
        mover, waiter = ws.turn(south, east)
        move_id = mover.send_move(KEEP, version=0, move_id="same-move")
        assert mover.expect("ack") == {"type": "ack", "move_id": move_id, "version": 1}
        mover.expect("state")
        waiter.expect("state")
        for _ in range(3):
            mover.send_move(KEEP, version=0, move_id="same-move")
            again = mover.expect("ack")
            assert again == {"type": "ack", "move_id": "same-move", "version": 1, "duplicate": True}
        assert server.hub.rooms[game["game_id"]].version == 1
        mover_token = game["token"] if mover is south else game["opponent_token"]
    # After a reconnect too (the client resends a move it never saw answered).
    with server.seat(mover_token) as again_socket:
        assert again_socket.version == 1
        again_socket.send_move(KEEP, version=0, move_id="same-move")
        assert again_socket.expect("ack")["duplicate"] is True
    assert server.hub.storage.action_count(game["game_id"]) == 1


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        json.dumps({"type": "shout"}),
        json.dumps({"type": "move", "action": "SA", "version": 0, "move_id": "a"}),
        json.dumps({"type": "move", "action": 90, "version": 0}),
        json.dumps({"type": "move", "action": 90, "version": 0, "move_id": "bad id!"}),
        json.dumps({"type": "move", "action": True, "version": 0, "move_id": "a"}),
    ],
)
def test_bad_messages_get_bad_message(server: Any, text: str) -> None:
    game = server.create(opponent="friend")
    with server.seat(game["token"]) as seat:
        seat.ws.send_text(text)
        message = seat.expect("error")
        assert message["code"] == "bad_message"
        seat.ws.send_bytes(b"\x00\x01")
        assert seat.expect("error")["code"] == "bad_message"
        seat.ws.send_text(json.dumps({"type": "ping"}))
        assert seat.expect("pong") == {"type": "pong"}


def test_the_opponent_sees_who_is_away_and_back(server: Any, ws: Any) -> None:
    game = server.create(opponent="friend", seat="south")
    with server.seat(game["token"]) as south:
        assert south.presence == {"south": "here", "east": "away"}
        with server.seat(game["opponent_token"]) as east:
            assert east.presence == {"south": "here", "east": "here"}
            assert south.expect("presence")["seats"]["east"] == "here"
        assert south.expect("presence")["seats"] == {"south": "here", "east": "away"}
        with server.seat(game["opponent_token"]):
            assert south.expect("presence")["seats"]["east"] == "here"


def test_the_same_seat_on_two_devices_gets_every_update(server: Any, ws: Any) -> None:
    game = server.create(opponent="friend", seat="south")
    with (
        server.seat(game["token"]) as phone,
        server.seat(game["token"]) as laptop,
        server.seat(game["opponent_token"]) as east,
    ):
        phone.expect("presence")
        mover, other = ws.turn(phone, east)
        ws.play(mover, other, KEEP)
        assert laptop.expect("state")["version"] == 1


def test_a_socket_without_a_seat_gets_no_update(server: Any, ws: Any) -> None:
    game = server.create(opponent="friend", seat="south")
    with server.client.websocket_connect("/ws") as stranger:
        # Moves happen while a socket is open but has not said who it is.
        with (
            server.seat(game["token"]) as south,
            server.seat(game["opponent_token"]) as east,
        ):
            ws.connect_pair(south, east)
            for _ in range(4):
                mover, other = ws.turn(south, east)
                ws.play(mover, other, KEEP)
        stranger.send_text(json.dumps({"type": "hello", "token": "wrong"}))
        first = stranger.receive_json()
        assert first["type"] == "error" and first["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect):
            stranger.receive_json()


_SERVER = Path(__file__).parents[2] / "src" / "honeymoon" / "server"


def _message_literals(path: Path) -> list[int]:
    """Lines of ``path`` that write a websocket message's ``type`` themselves: a dict literal
    with a ``"type"`` key (not an ASGI event's ``http.*`` or ``websocket.*``), or JSON text
    holding ``"type":``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "type":
                    asgi = isinstance(value, ast.Constant) and str(value.value).startswith(
                        ("http.", "websocket.")
                    )
                    if not asgi:
                        found.append(node.lineno)
        elif isinstance(node, ast.Constant) and '"type":' in str(node.value):
            found.append(node.lineno)
    return found


def test_every_message_the_server_sends_is_built_in_the_protocol_module() -> None:
    """The wire format is written in one place: no server module but ``protocol.py`` builds
    a message (a ``"type"`` written by hand), and each kind it builds is documented."""
    built = {
        path.name: lines
        for path in sorted(_SERVER.glob("*.py"))
        if path.name != "protocol.py" and (lines := _message_literals(path))
    }
    assert built == {}
    assert _message_literals(_SERVER / "protocol.py")  # the scan sees a message written
    from honeymoon.server import protocol

    documented = (Path(__file__).parents[2] / "docs" / "web-protocol.md").read_text()
    server_part = documented.split("### Server → client")[1].split("### Client → server")[0]
    builders = [name for name in protocol.__all__ if name.endswith("_message")]
    kinds = [name.removesuffix("_message") for name in builders if name != "parse_client_message"]
    assert len(kinds) == 12
    assert [kind for kind in kinds if f"`{kind}`:" not in server_part] == []
