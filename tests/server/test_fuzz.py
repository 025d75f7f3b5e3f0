"""The protocol fuzzer: every kind of client message with fields of every type, and text that
is not a message at all (deep nesting, long strings, escapes, numbers, unicode), sent on a
seat's socket of a live game. Each gets typed answers, the socket stays open, and the game
changes only by the moves the server acknowledged."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from honeymoon.server.protocol import MAX_FIELDS

#: What the server may answer a client message with.
ANSWER_TYPES = {"ack", "error", "state", "review", "analysis", "claim", "hint", "pong", "presence"}
#: The request that closes each example: its refusal marks the end of the answers before it.
MARKER_HAND = 987_654_321
MARKER = json.dumps({"type": "review", "hand": MARKER_HAND})

KINDS = ("hello", "move", "sync", "review", "analysis", "claim", "hint", "ping")
FIELDS = ("type", "action", "version", "move_id", "hand", "token")

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.sampled_from(KINDS),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def message_like(draw: st.DrawFn) -> str:
    """A message of a real kind whose fields are drawn from every type (often a valid one)."""
    kind = draw(st.sampled_from(KINDS))
    fields: dict[str, Any] = {"type": kind}
    for name in draw(st.lists(st.sampled_from(FIELDS[1:]), unique=True, max_size=4)):
        fields[name] = draw(values | st.integers(min_value=0, max_value=120))
    extra = draw(st.dictionaries(st.text(max_size=10), values, max_size=3))
    return json.dumps({**extra, **fields}, ensure_ascii=draw(st.booleans()))


@st.composite
def malformed(draw: st.DrawFn) -> str:
    """Text that is not a valid message: cut, nested, long, escaped, numeric or unicode."""
    choice = draw(st.integers(min_value=0, max_value=6))
    size = draw(st.integers(min_value=1, max_value=2047))
    if choice == 0:
        return draw(message_like())[: draw(st.integers(min_value=0, max_value=30))]
    if choice == 1:
        opener = draw(st.sampled_from(["[", "{", '{"a":', '["', "[{"]))
        return (opener * size)[:4096]
    if choice == 2:
        return '"' + draw(st.sampled_from(['\\"', "\\\\", "\\u00e9", "\\ud800", "x"])) * size
    if choice == 3:
        return '{"type":"move","action":' + "9" * size + "}"
    if choice == 4:
        return (
            "{" + ",".join(f'"k{n}":{n}' for n in range(draw(st.integers(MAX_FIELDS, 300)))) + "}"
        )
    if choice == 5:
        return draw(st.text(min_size=1, max_size=200))
    return draw(st.text(alphabet='\U0001f0a1\u200b\x00\ufeff"\\{}[]:,', min_size=1, max_size=300))


def _answers_until_marker(websocket: Any) -> list[dict[str, Any]]:
    answers = []
    while True:
        message = websocket.receive_json()
        if message.get("type") == "error" and f"hand {MARKER_HAND} " in message.get("message", ""):
            return answers
        answers.append(message)


@settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_client_text_gets_typed_answers_and_changes_nothing_unacknowledged(
    server_factory: Any, sqlite_url: str, data: st.DataObject
) -> None:
    with server_factory(sqlite_url) as server:
        game = server.create(opponent="friend", seat="south")
        room = server.hub.rooms[game["game_id"]]
        with server.seat(game["token"]) as south, server.seat(game["opponent_token"]):
            for _ in range(data.draw(st.integers(min_value=1, max_value=6), label="messages")):
                text = data.draw(message_like() | malformed(), label="text")
                version = room.version
                stored = server.hub.storage.action_count(room.id)
                south.ws.send_text(text)
                south.ws.send_text(MARKER)
                answers = _answers_until_marker(south.ws)
                acks = [a for a in answers if a["type"] == "ack" and not a.get("duplicate")]
                for answer in answers:
                    assert answer.get("type") in ANSWER_TYPES, answer
                    if answer["type"] == "error":
                        assert answer["code"] and answer["code"].replace("_", "").isalpha()
                        assert answer["message"]
                assert answers, "every message is answered"
                assert room.version == version + len(acks)
                assert server.hub.storage.action_count(room.id) == stored + len(acks)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    first=message_like()
    | malformed()
    | st.builds(
        lambda token: json.dumps({"type": "hello", "token": token}),
        st.text(max_size=300) | st.sampled_from(["\ud800", "\x00", "a" * 257, "é"]),
    )
)
def test_any_first_frame_without_a_seat_token_gets_a_typed_refusal(
    server_factory: Any, sqlite_url: str, first: str
) -> None:
    with server_factory(sqlite_url) as server, server.client.websocket_connect("/ws") as websocket:
        websocket.send_text(first)
        answer = websocket.receive_json()
        assert answer["type"] == "error" and answer["code"] in ("bad_token", "bad_message")
        assert set(answer) == {"type", "code", "message"}
        with pytest.raises(WebSocketDisconnect) as closed:
            websocket.receive_json()
        assert closed.value.code == 4401
