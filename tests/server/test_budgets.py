"""What a client's messages may cost: budgets charged before any parsing, per seat and per
address, kept across sockets and reconnections; and the one reader of client text, linear.

The server here is in this process (a TestClient, one client address for every socket), with
small budgets so that a few messages spend them; the parser is wrapped to count what it reads.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from honeymoon.server import app as server_app
from honeymoon.server import connections as server_hub
from honeymoon.server import limits, protocol


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every client text the server parses, in order."""
    texts: list[str] = []
    real = protocol.parse_client_message

    def counting(text: str) -> Any:
        texts.append(text)
        return real(text)

    monkeypatch.setattr(server_app, "parse_client_message", counting)
    monkeypatch.setattr(server_hub, "parse_client_message", counting)
    return texts


def _tight(server_factory: Any, url: str, **budgets: float) -> Any:
    """A server whose message budget is 2 a second (bursts of 4) unless told otherwise."""
    chosen: dict[str, float] = {
        "messages_per_second": 2.0,
        "address_messages_per_second": 10_000.0,
        "hellos_per_minute": 1e6,
        **budgets,
    }
    return server_factory(url, **chosen)


def _pongs(websocket: Any, pings: int) -> int:
    """Send ``pings`` pings, then read their answers: how many were answered ``pong`` (the
    others were refused)."""
    for _ in range(pings):
        websocket.send_text('{"type":"ping"}')
    return sum(answer["type"] == "pong" for answer in _answers(websocket, pings))


def _answers(websocket: Any, sent: int) -> list[dict[str, Any]]:
    """The answers to ``sent`` messages (presence messages skipped)."""
    answers: list[dict[str, Any]] = []
    while len(answers) < sent:
        message = websocket.receive_json()
        if message["type"] != "presence":
            answers.append(message)
    return answers


def test_a_message_past_the_budget_is_refused_without_being_parsed(
    server_factory: Any, sqlite_url: str, parsed: list[str]
) -> None:
    hostile = '"' + '\\"' * 2047  # the frame that cost 60 ms to read before
    with _tight(server_factory, sqlite_url) as server:
        game = server.create(opponent="friend")
        with server.seat(game["token"]) as seat:
            parsed.clear()
            for _ in range(12):
                seat.ws.send_text(hostile)
            answers = _answers(seat.ws, 12)
    refused = [a for a in answers if a.get("code") == "rate_limited"]
    assert len(refused) >= 12 - 4 - 2  # a burst of 4, and 2 a second refilled at most
    # Only the messages within the budget were read at all.
    assert len(parsed) == 12 - len(refused)
    assert all(a["code"] == "bad_message" for a in answers if a not in refused)


def test_a_refused_move_is_named_without_parsing_it(
    server_factory: Any, sqlite_url: str, parsed: list[str]
) -> None:
    with _tight(server_factory, sqlite_url) as server:
        game = server.create(opponent="friend")
        with server.seat(game["token"]) as seat:
            parsed.clear()
            texts = [
                json.dumps({"type": "move", "action": 90, "version": 99, "move_id": f"m{n}"})
                for n in range(10)
            ]
            for text in texts:
                seat.ws.send_text(text)
            answered: dict[str, str] = {}  # the code each move id was answered with
            while len(answered) < 10:
                message = seat.ws.receive_json()
                if message["type"] == "error" and "move_id" in message:
                    answered[message["move_id"]] = message["code"]
    refused = [move_id for move_id, code in answered.items() if code == "rate_limited"]
    assert refused and set(answered) == {f"m{n}" for n in range(10)}
    assert len(parsed) == 10 - len(refused)


def test_reconnecting_does_not_refill_the_seats_budget(
    server_factory: Any, sqlite_url: str
) -> None:
    with _tight(server_factory, sqlite_url) as server:
        game = server.create(opponent="friend")
        started = time.monotonic()
        accepted = 0
        for _ in range(5):  # one socket after another, as a reconnecting client
            with server.seat(game["token"]) as seat:
                accepted += _pongs(seat.ws, 6)
        elapsed = time.monotonic() - started
    # One budget for the seat: a burst of 4 and 2 a second since (each socket alone would
    # have had a burst of its own: 20 pongs).
    assert accepted <= 4 + 2 * elapsed + 1


def test_the_sockets_of_one_seat_share_its_budget(server_factory: Any, sqlite_url: str) -> None:
    with _tight(server_factory, sqlite_url) as server:
        game = server.create(opponent="friend")
        started = time.monotonic()
        with server.seat(game["token"]) as first, server.seat(game["token"]) as second:
            for _ in range(6):
                first.ws.send_text('{"type":"ping"}')
                second.ws.send_text('{"type":"ping"}')
            pongs = sum(a["type"] == "pong" for a in _answers(first.ws, 6))
            pongs += sum(a["type"] == "pong" for a in _answers(second.ws, 6))
        elapsed = time.monotonic() - started
    assert pongs <= 4 + 2 * elapsed + 1


def test_the_seats_of_one_address_share_its_budget(server_factory: Any, sqlite_url: str) -> None:
    budgets = {"messages_per_second": 10_000.0, "address_messages_per_second": 2.0}
    with _tight(server_factory, sqlite_url, **budgets) as server:
        games = [server.create(opponent="friend") for _ in range(3)]
        started = time.monotonic()
        pongs = 0
        for game in games:  # three seats of three games, from the one address
            with server.seat(game["token"]) as seat:
                pongs += _pongs(seat.ws, 5)
        elapsed = time.monotonic() - started
    assert pongs <= 4 + 2 * elapsed + 1


def test_a_hello_past_the_addresss_budget_is_refused_unread(
    server_factory: Any, sqlite_url: str, parsed: list[str]
) -> None:
    with _tight(server_factory, sqlite_url, hellos_per_minute=6.0) as server:  # bursts of 3
        game = server.create(opponent="friend")
        codes = []
        parsed.clear()
        for _ in range(6):
            with server.client.websocket_connect("/ws") as websocket:
                websocket.send_text(json.dumps({"type": "hello", "token": game["token"]}))
                codes.append(websocket.receive_json().get("code", "hello"))
                if codes[-1] == "rate_limited":
                    with pytest.raises(WebSocketDisconnect) as closed:
                        websocket.receive_json()
                    assert closed.value.code == 4429
    assert codes[:3] == ["hello"] * 3
    assert codes[3:] == ["rate_limited"] * 3
    assert len(parsed) == 3


# -- the reader of client text --------------------------------------------------------------


@given(st.text(alphabet='"\\ab[]{}\n', max_size=60))
def test_a_string_once_opened_is_read_to_its_end_in_one_match(tail: str) -> None:
    """Why the depth check is linear: a match of a string never fails once it has started
    at a quote, so the scan is never tried again from a later quote (the quadratic case:
    an unterminated string of escaped quotes)."""
    text = '"' + tail
    match = limits._STRING.match(text)
    assert match is not None
    # It stops only at the closing quote, a lone backslash at the end, or the end.
    rest = text[match.end() :]
    assert rest in ("", "\\") or match.group().endswith('"')


@pytest.mark.parametrize(
    "text",
    [
        '"' + '\\"' * 2047,
        "[]" * 2047,
        "[" * 4095,
        '{"a":' * 819,
        "[" + ",".join(["1"] * 2040) + "]",
        '{"type":"move","action":' + "9" * 4000 + "}",
        "{" + ",".join(f'"k{n}":{n}' for n in range(380)) + "}",
    ],
)
def test_hostile_messages_are_refused_before_the_json_parser_works_on_them(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nesting, many fields and long numbers are refused by one pass over the text, before
    the parser builds anything (a long number is refused by the parser as it reads it)."""
    loads: list[str] = []
    real = json.loads

    def counting(raw: str, **options: Any) -> Any:
        loads.append(raw)
        return real(raw, **options)

    monkeypatch.setattr(protocol.json, "loads", counting)
    with pytest.raises(protocol.ProtocolError) as refused:
        protocol.parse_client_message(text)
    assert refused.value.code == "bad_message"
    if text.startswith("[") or "{" in text[1:] or text.count(",") > protocol.MAX_FIELDS:
        assert loads == []


@settings(max_examples=300)
@given(st.text(max_size=300))
def test_any_text_gets_a_message_or_a_typed_refusal(text: str) -> None:
    try:
        message = protocol.parse_client_message(text)
    except protocol.ProtocolError as error:
        assert error.code in (protocol.BAD_MESSAGE, protocol.BAD_TOKEN)
        assert error.message
    else:
        assert isinstance(message, protocol.ClientMessage)
