"""Each probe of the security review, against a real server on loopback.

Every test here failed on the server as it was before the review (a ``cmd:`` level started a
program; bodies, frames and silent connections had no limit; tokens were read from the URL
and written to the log; seat links could not be replaced).
"""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

pytestmark = pytest.mark.slow


def hello(websocket: Any, token: str) -> dict[str, Any]:
    websocket.send(json.dumps({"type": "hello", "token": token}))
    message: dict[str, Any] = json.loads(websocket.recv(timeout=10))
    return message


def receive_until(websocket: Any, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        message: dict[str, Any] = json.loads(websocket.recv(timeout=deadline - time.monotonic()))
        if message["type"] == kind:
            return message


# -- 1. nothing a request carries starts a program -------------------------------------------


def _marker_command(marker: Path) -> str:
    return f"{sys.executable} -c \"open(r'{marker}', 'w').write('ran')\""


def _a_computer_moves(server: Any) -> None:
    """A proper game against the computer, played until the computer has moved: the server's
    computer turns have run since anything asked before it."""
    created = server.create({"opponent": "computer", "level": "easy", "seat": "east"})
    assert created.status == 201
    with connect(server.ws_url) as websocket:
        message = hello(websocket, created.json["token"])
        if message["view"]["to_act"] == "east" and message["version"] == 0:
            # east acts first: one move, and the computer's answer comes next
            action = message["view"]["legal_actions"][0]["action"]
            websocket.send(
                json.dumps({"type": "move", "action": action, "version": 0, "move_id": "a"})
            )
            message = receive_until(websocket, "state")
        deadline = time.monotonic() + 10
        while message["view"]["to_act"] != "east" and time.monotonic() < deadline:
            message = receive_until(websocket, "state")
        assert message["view"]["to_act"] == "east"


@pytest.mark.parametrize(
    "level",
    [
        "cmd:{command}",
        "CMD:{command}",
        " cmd:{command}",
        "{python}",
        "/bin/sh",
        "../../../../bin/sh",
        "honeymoon.bots.external:ExternalBot",
        "heuristic",
        "expert-strong",
        "x" * 5000,
    ],
)
def test_a_level_that_is_not_a_level_is_refused_and_starts_nothing(
    live_server: Any, tmp_path: Path, level: str
) -> None:
    server = live_server()
    marker = tmp_path / "marker"
    level = level.format(command=_marker_command(marker), python=sys.executable)
    answer = server.create({"opponent": "computer", "level": level, "seat": "south"})
    assert answer.status == 400 and answer.code == "unknown_level"
    assert "easy, medium, hard" in answer.json["error"]["message"]
    assert server.game_count() == 0
    _a_computer_moves(server)  # the computer's turns have run since the refusal
    assert not marker.exists()


def test_a_stored_command_level_starts_nothing_after_a_restart(
    live_server: Any, tmp_path: Path
) -> None:
    """A game stored with a command for a level (as the old server accepted) plays at the
    default level after a restart; the command never runs."""
    server = live_server()
    created = server.create({"opponent": "computer", "level": "easy", "seat": "east"})
    assert created.status == 201
    server.stop()
    marker = tmp_path / "marker"
    with sqlite3.connect(server.database) as connection:
        connection.execute("UPDATE games SET bot = ?", ("cmd:" + _marker_command(marker),))
    server.start()
    # The computer (south) is dealer or not; either way a person can play the game through.
    with connect(server.ws_url) as websocket:
        message = hello(websocket, created.json["token"])
        assert message["type"] == "hello"
        deadline = time.monotonic() + 10
        while message["view"]["to_act"] != "east" and time.monotonic() < deadline:
            message = receive_until(websocket, "state")
        assert message["view"]["to_act"] == "east"
    assert not marker.exists()
    assert "unknown level" in server.log_text()


# -- 2. a page on another site cannot create games or open sockets ---------------------------


def test_a_text_plain_body_is_refused(live_server: Any) -> None:
    server = live_server()
    body = json.dumps({"opponent": "computer"}).encode()
    answer = server.request("POST", "/api/games", body, {"Content-Type": "text/plain"})
    assert answer.status == 415 and answer.code == "unsupported_media_type"
    assert server.game_count() == 0


def test_another_origin_is_refused_by_the_api_and_the_websocket(live_server: Any) -> None:
    server = live_server()
    evil = {"Origin": "http://127.0.0.1:1"}
    answer = server.create({"opponent": "friend"}, **evil)
    assert answer.status == 403 and answer.code == "origin_refused"
    assert server.game_count() == 0
    own = server.create({"opponent": "friend"}, Origin=server.url)
    assert own.status == 201
    with pytest.raises(InvalidStatus) as refused:
        connect(server.ws_url, origin="http://127.0.0.1:1")  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    with connect(server.ws_url, origin=server.url) as websocket:  # type: ignore[arg-type]
        assert hello(websocket, own.json["token"])["type"] == "hello"


def test_an_allowed_origin_can_be_configured(live_server: Any) -> None:
    server = live_server(HONEYMOON_ALLOWED_ORIGINS="https://club.example.org")
    answer = server.create({"opponent": "friend"}, Origin="https://club.example.org")
    assert answer.status == 201
    assert server.create({"opponent": "friend"}, Origin="https://other.example").status == 403


# -- 3. sizes are checked before anything is buffered -------------------------------------


def _raw_post(port: int, headers: bytes, body_chunks: list[bytes]) -> bytes:
    """Send a request's headers and then what of its body the server lets through; return
    the start of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + b"\r\n")
        try:
            for chunk in body_chunks:
                raw.sendall(chunk)
        except OSError:
            pass  # the server answered and closed before the whole body was sent
        answer = b""
        while b"}}" not in answer:
            data = raw.recv(4096)
            if not data:
                break
            answer += data
        return answer


def test_a_large_body_gets_413_before_it_is_read(live_server: Any) -> None:
    server = live_server()
    # A declared length over the limit is refused before a byte of the body is sent.
    reply = _raw_post(
        server.port, b"Content-Type: application/json\r\nContent-Length: 1000000\r\n", []
    )
    assert reply.startswith(b"HTTP/1.1 413") and b"body_too_large" in reply
    # Without a Content-Length (chunked), the body is counted as it arrives.
    chunk = b"x" * 65536
    reply = _raw_post(
        server.port,
        b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n",
        [b"%x\r\n%s\r\n" % (len(chunk), chunk)] * 16,
    )
    assert reply.startswith(b"HTTP/1.1 413")
    assert server.game_count() == 0


def test_huge_websocket_frames_are_refused_without_buffering(live_server: Any) -> None:
    server = live_server()
    frame = "x" * 15_000_000
    closes: list[int | None] = []

    def send_huge() -> None:
        try:
            with connect(server.ws_url, max_size=None, open_timeout=20) as websocket:
                try:
                    websocket.send(frame)
                    websocket.recv(timeout=20)
                except ConnectionClosed as closed:
                    closes.append(closed.rcvd.code if closed.rcvd else None)
                except OSError:
                    closes.append(None)
        except (ConnectionClosed, OSError):
            closes.append(None)

    before = server.rss_bytes()
    threads = [threading.Thread(target=send_huge) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    grown = server.rss_bytes() - before
    assert len(closes) == 20
    assert grown < 30 * 2**20, f"the server grew by {grown / 2**20:.0f} MB"
    assert 1009 in closes  # "message too big", from the frame's header
    assert server.create({"opponent": "friend"}).status == 201


def test_nested_json_gets_a_typed_error_and_no_traceback(live_server: Any) -> None:
    server = live_server()
    nested = ("[" * 5000 + "]" * 5000).encode()
    answer = server.request("POST", "/api/games", nested, {"Content-Type": "application/json"})
    assert answer.status == 400 and answer.code == "bad_request"
    assert "nested" in answer.json["error"]["message"]
    game = server.create({"opponent": "friend"}).json
    with connect(server.ws_url) as websocket:
        assert hello(websocket, game["token"])["type"] == "hello"
        websocket.send("[" * 2000 + "]" * 2000)
        message = receive_until(websocket, "error")
        assert message["code"] == "bad_message"
        websocket.send(json.dumps({"type": "ping"}))
        assert receive_until(websocket, "pong")["type"] == "pong"  # still open
    log = server.log_text()
    assert "Traceback" not in log and "RecursionError" not in log


# -- 4. connections that say nothing do not lock players out ------------------------------


def test_silent_connections_leave_a_new_player_able_to_play(live_server: Any) -> None:
    # 512 descriptors: 600 silent connections used to take them all, for good.
    server = live_server(descriptors=512, HONEYMOON_HEADER_TIMEOUT="2")
    silent = []
    for _ in range(600):
        try:
            silent.append(socket.create_connection(("127.0.0.1", server.port), timeout=5))
        except OSError:
            break
    assert len(silent) == 600
    try:
        time.sleep(3)
        game = None
        deadline = time.monotonic() + 15
        while game is None and time.monotonic() < deadline:
            try:
                answer = server.create({"opponent": "computer", "level": "easy", "seat": "south"})
                game = answer.json if answer.status == 201 else None
            except OSError:
                time.sleep(0.2)
        assert game is not None, "a new player could not create a game"
        with connect(server.ws_url, open_timeout=10) as websocket:
            message = hello(websocket, game["token"])
            while message["view"]["to_act"] != "south":
                message = receive_until(websocket, "state")
            action = message["view"]["legal_actions"][0]["action"]
            websocket.send(
                json.dumps(
                    {
                        "type": "move",
                        "action": action,
                        "version": message["version"],
                        "move_id": "a",
                    }
                )
            )
            assert receive_until(websocket, "ack")["move_id"] == "a"
        # The silent connections were closed by the server (or refused at once).
        closed = 0
        for connection in silent:
            connection.settimeout(5)
            try:
                data = connection.recv(1024)
                closed += data == b"" or data.startswith(b"HTTP/1.1 503")
            except OSError:
                closed += 1
        assert closed == 600
    finally:
        for connection in silent:
            connection.close()
    assert "Too many open files" not in server.log_text()


def test_a_socket_that_sends_no_hello_or_goes_silent_is_closed(live_server: Any) -> None:
    server = live_server(HONEYMOON_HELLO_TIMEOUT="1", HONEYMOON_IDLE_TIMEOUT="1")
    with connect(server.ws_url) as websocket:
        message = json.loads(websocket.recv(timeout=5))
        assert message["code"] == "bad_token" and "within 1 seconds" in message["message"]
        with pytest.raises(ConnectionClosed):
            websocket.recv(timeout=5)
    game = server.create({"opponent": "friend"}).json
    with connect(server.ws_url, ping_interval=None) as websocket:
        hello(websocket, game["token"])
        assert receive_until(websocket, "error", timeout=5)["code"] == "idle"
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                websocket.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408


def test_sockets_per_seat_are_capped(live_server: Any) -> None:
    server = live_server(HONEYMOON_MAX_SOCKETS_PER_SEAT="3")
    game = server.create({"opponent": "friend"}).json
    with ExitStack() as stack:
        sockets = [stack.enter_context(connect(server.ws_url)) for _ in range(4)]
        answers = [hello(websocket, game["token"]) for websocket in sockets]
        assert [a["type"] for a in answers[:3]] == ["hello"] * 3
        assert answers[3]["type"] == "error" and answers[3]["code"] == "too_many_sockets"
        with connect(server.ws_url) as other:  # the other seat is not affected
            assert hello(other, game["opponent_token"])["type"] == "hello"


def test_sockets_per_address_are_capped(live_server: Any) -> None:
    server = live_server(HONEYMOON_MAX_SOCKETS_PER_ADDRESS="3")
    game = server.create({"opponent": "friend"}).json
    address = {"X-Forwarded-For": "203.0.113.7"}
    with ExitStack() as stack:
        sockets = [
            stack.enter_context(connect(server.ws_url, additional_headers=address))
            for _ in range(4)
        ]
        refused = json.loads(sockets[3].recv(timeout=5))
        assert refused["code"] == "too_many_sockets"
        assert hello(sockets[0], game["token"])["type"] == "hello"
        with connect(server.ws_url) as other:  # another address is not affected
            assert hello(other, game["opponent_token"])["type"] == "hello"


# -- 5. floods get typed refusals ------------------------------------------------------------


def test_a_creation_flood_gets_429_with_retry_after(live_server: Any) -> None:
    server = live_server(HONEYMOON_GAMES_PER_HOUR="60", HONEYMOON_GAMES_BURST="10")
    answers = [server.create({"opponent": "friend"}) for _ in range(30)]
    statuses = [answer.status for answer in answers]
    assert statuses[:10] == [201] * 10
    assert set(statuses[10:]) == {429}
    refused = answers[-1]
    assert refused.code == "rate_limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert server.game_count() == 10
    # Another address has its own allowance.
    other = server.create({"opponent": "friend"}, **{"X-Forwarded-For": "203.0.113.9"})
    assert other.status == 201


def test_pipelined_moves_are_each_answered_and_the_socket_stays_open(live_server: Any) -> None:
    server = live_server()
    game = server.create({"opponent": "friend", "seat": "south"}).json
    with connect(server.ws_url) as websocket:
        first = hello(websocket, game["token"])
        legal = [entry["action"] for entry in first["view"]["legal_actions"]] or [90]
        sent = [f"p{number}" for number in range(1000)]
        for move_id in sent:
            websocket.send(
                json.dumps({"type": "move", "action": legal[0], "version": 0, "move_id": move_id})
            )
        answered: dict[str, str] = {}
        deadline = time.monotonic() + 60
        while len(answered) < len(sent) and time.monotonic() < deadline:
            message = json.loads(websocket.recv(timeout=30))
            if message["type"] in ("ack", "error") and message.get("move_id"):
                answered[message["move_id"]] = message.get("code", "ack")
        assert set(answered) == set(sent)
        assert "rate_limited" in answered.values()
        time.sleep(1.0)  # the allowance of messages fills up again
        websocket.send(json.dumps({"type": "ping"}))
        assert receive_until(websocket, "pong")["type"] == "pong"


# -- 6. seat links: replaceable, built from the configured address, never logged ----------


def test_a_replaced_seat_link_stops_working_at_once(live_server: Any) -> None:
    server = live_server()
    game = server.create({"opponent": "friend", "seat": "south"}).json
    old = game["token"]
    with connect(server.ws_url) as mine, connect(server.ws_url) as theirs:
        hello(mine, old)
        hello(theirs, game["opponent_token"])
        answer = server.request(
            "POST", "/api/seat-link", headers={"Authorization": f"Bearer {old}"}
        )
        assert answer.status == 200
        new = answer.json["token"]
        assert new != old and answer.json["seat"] == "south"
        assert receive_until(mine, "error")["code"] == "seat_link_replaced"
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                mine.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
        # The other seat hears only that south is away; nothing names the new token.
        heard = []
        try:
            while True:
                heard.append(theirs.recv(timeout=1))
        except TimeoutError:
            pass
        assert all(json.loads(text)["type"] == "presence" for text in heard)
        assert not any(new in text for text in heard)
    with connect(server.ws_url) as again:
        assert hello(again, old)["code"] == "bad_token"
    with connect(server.ws_url) as again:
        assert hello(again, new)["type"] == "hello"
    record = server.request("GET", "/api/record", headers={"Authorization": f"Bearer {old}"})
    assert record.status == 401


def test_a_game_purged_beside_the_server_is_closed_and_its_links_open_nothing(
    live_server: Any,
) -> None:
    """``honeymoon purge`` run beside a live server deletes a game that is open: the next move
    finds its row gone, so every socket of the game gets ``game_gone`` and is closed (4410),
    and the old links open nothing (not from the server's memory either)."""
    server = live_server()
    game = server.create({"opponent": "friend", "seat": "south"}).json
    tokens = {"south": game["token"], "east": game["opponent_token"]}
    with connect(server.ws_url) as south, connect(server.ws_url) as east:
        sockets = {"south": south, "east": east}
        views = {seat: hello(sockets[seat], tokens[seat])["view"] for seat in sockets}
        record = server.request(
            "GET", "/api/record", headers={"Authorization": f"Bearer {tokens['south']}"}
        )
        assert record.status == 200
        time.sleep(1.1)  # older than the one second kept below
        purge = subprocess.run(
            [sys.executable, "-m", "honeymoon", "purge", "--database", server.database_url,
             "--keep-abandoned", "1s"],
            capture_output=True, text=True, timeout=60, cwd=server.folder,
        )  # fmt: skip
        assert purge.returncode == 0 and "deleted 1 games" in purge.stdout, purge
        to_act = views["south"]["to_act"]
        mover = sockets[to_act]
        action = views[to_act]["legal_actions"][0]["action"]
        move = {"type": "move", "action": action, "version": 0, "move_id": "after-purge"}
        mover.send(json.dumps(move))
        for socket in (south, east):
            assert receive_until(socket, "error")["code"] == "game_gone"
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    socket.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
    for token in tokens.values():
        with connect(server.ws_url) as again:
            assert hello(again, token)["code"] == "bad_token"
        record = server.request("GET", "/api/record", headers={"Authorization": f"Bearer {token}"})
        assert record.status == 401 and record.code == "bad_token"


def test_seat_links_use_the_public_url_and_never_a_strangers_host(live_server: Any) -> None:
    server = live_server()
    stranger = {"X-Forwarded-For": "203.0.113.5", "Host": "evil.example"}
    answer = server.create({"opponent": "friend"}, **stranger)
    assert answer.status == 201
    assert answer.json["link"] == f"/play#{answer.json['token']}"  # relative: no Host used
    local = server.create({"opponent": "friend"})
    assert local.json["link"].startswith(f"{server.url}/play#")
    public = live_server(HONEYMOON_PUBLIC_URL="https://bridge.example.org")
    answer = public.create({"opponent": "friend"}, Host="evil.example")
    assert answer.json["link"] == f"https://bridge.example.org/play#{answer.json['token']}"


def test_the_page_may_connect_to_its_own_server_only(live_server: Any) -> None:
    server = live_server()
    policy = server.request("GET", "/").headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["connect-src"] == "'self'"


def test_no_token_reaches_the_log(live_server: Any) -> None:
    server = live_server(HONEYMOON_LOG_LEVEL="debug")
    game = server.create({"opponent": "friend"}).json
    token = game["token"]
    with connect(f"{server.ws_url}?token={token}") as websocket:
        refused = json.loads(websocket.recv(timeout=5))
        assert refused["code"] == "bad_token" and "hello" in refused["message"]
    with connect(server.ws_url) as websocket:
        assert hello(websocket, token)["type"] == "hello"
    server.request("GET", "/api/record", headers={"Authorization": f"Bearer {token}"})
    replaced = server.request(
        "POST", "/api/seat-link", headers={"Authorization": f"Bearer {token}"}
    ).json["token"]
    server.request("GET", f"/api/record?token={replaced}")
    log = server.log_text()
    assert "WebSocket" in log  # uvicorn did log the socket, with the address redacted
    for secret in (token, replaced, game["opponent_token"]):
        assert secret not in log
