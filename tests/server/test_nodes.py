"""Several ``honeymoon serve`` nodes on one PostgreSQL database, told of each other's moves
through Redis: real servers (``tests/server_process.py``), real PostgreSQL and real Redis.

PostgreSQL is found as the storage tests find it (``HONEYMOON_TEST_POSTGRES_URL``); Redis
through ``HONEYMOON_TEST_REDIS_URL`` (default: what ``scripts/test-services.sh`` starts). The
test that restarts Redis starts a redis-server of its own (on the PATH, or
``HONEYMOON_TEST_REDIS_SERVER``). Outside CI a missing service skips these tests; in CI
(``CI=true``) it fails them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import random
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
import redis
from helpers import free_port, run_apart
from server_process import ServerProcess
from sqlalchemy import create_engine, event, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from honeymoon.seats import SEATS
from honeymoon.server.connections import Connection
from honeymoon.server.hub import Hub
from honeymoon.server.rooms import Room, replay
from honeymoon.server.storage import Storage, hash_token
from honeymoon.views import view_for

DEFAULT_REDIS_URL = "redis://127.0.0.1:63799/0"
#: Machine-speed clients: the limits meant for strangers are raised (tests/security checks them).
FAST = {
    "HONEYMOON_MESSAGES_PER_SECOND": "10000",
    "HONEYMOON_ADDRESS_MESSAGES_PER_SECOND": "10000",
    "HONEYMOON_HELLOS_PER_MINUTE": "1000000",
    "HONEYMOON_GAMES_PER_HOUR": "1000000000",
    "HONEYMOON_GAMES_BURST": "10000",
}
#: Longest wait for any one thing a test expects to happen.
WAIT = 30.0


def _missing(message: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)


def _redis_answers(url: str) -> bool:
    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
    finally:
        client.close()


@pytest.fixture
def redis_url() -> str:
    """The test Redis server (scripts/test-services.sh starts it)."""
    url = os.environ.get("HONEYMOON_TEST_REDIS_URL", DEFAULT_REDIS_URL)
    if not _redis_answers(url):
        _missing("Redis is not reachable; run scripts/test-services.sh")
    return url


class RedisServer:
    """A redis-server of one test's own, on a free loopback port: stoppable and startable
    again on the same port."""

    def __init__(self, binary: str, folder: Path) -> None:
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        command = [
            self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
            "--appendonly", "no", "--dir", str(self.folder),
        ]  # fmt: skip
        with (self.folder / "redis.log").open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + WAIT
        while not _redis_answers(self.url):
            assert time.monotonic() < deadline, "the test's redis-server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A redis-server of this test's own (to restart it without disturbing other tests)."""
    binary = os.environ.get("HONEYMOON_TEST_REDIS_SERVER") or shutil.which("redis-server")
    if binary is None:
        _missing("no redis-server; run scripts/test-services.sh as root to install it")
    assert binary is not None
    server = RedisServer(binary, tmp_path / "redis")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def nodes(tmp_path: Path, postgres_url: str) -> Iterator[Callable[..., ServerProcess]]:
    """``nodes(redis_url, **environment)``: a started node on the test's PostgreSQL database."""
    started: list[ServerProcess] = []

    def start(redis: str, **env: str) -> ServerProcess:
        settings = {
            **FAST,
            "HONEYMOON_REDIS_URL": redis,
            "HONEYMOON_NODE_ID": f"node{len(started)}",
            "HONEYMOON_LEASE_SECONDS": "2",
            **env,
        }
        node = ServerProcess(
            tmp_path / f"node{len(started)}", env=settings, database_url=postgres_url
        )
        started.append(node)
        return node.start()

    yield start
    for node in started:
        node.stop()


class Seat:
    """One seat's websocket to one node: its latest view and version, and every message."""

    def __init__(self, node: ServerProcess, token: str) -> None:
        self.node = node
        self._stack = ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(node.ws_url, open_timeout=WAIT)
        )
        self.messages: list[dict[str, Any]] = []
        self.version = -1
        self.view: dict[str, Any] = {}
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        hello = self.recv()
        assert hello["type"] == "hello", hello

    def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        try:
            raw = self.ws.recv(timeout=timeout)
        except TimeoutError:
            raise AssertionError(
                f"no message from {self.node.url} within {timeout} s (at version {self.version})"
            ) from None
        message: dict[str, Any] = json.loads(raw)
        self.messages.append(message)
        if message["type"] in ("hello", "state") and message["version"] >= self.version:
            self.version = message["version"]
            self.view = message["view"]
        return message

    def wait_version(self, version: int, what: str) -> None:
        """Read until this seat has seen ``version`` (fails saying ``what`` did not arrive)."""
        deadline = time.monotonic() + WAIT
        while self.version < version:
            left = deadline - time.monotonic()
            assert left > 0, f"{what}: the seat stayed at version {self.version}, not {version}"
            self.recv(timeout=left)

    def answer(self, move_id: str) -> dict[str, Any]:
        """The ack or the error that answers a move."""
        deadline = time.monotonic() + WAIT
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"move {move_id} got no answer"
            message = self.recv(timeout=left)
            if message["type"] in ("ack", "error") and message.get("move_id") == move_id:
                return message

    def presence(self) -> dict[str, str]:
        """The latest presence this seat was told of (in its hello or a presence message)."""
        for message in reversed(self.messages):
            if message["type"] == "presence":
                return dict(message["seats"])
            if message["type"] == "hello":
                return dict(message["presence"])
        return {}

    def wait_presence(self, seat: str, state: str) -> None:
        """Read until this seat is told that ``seat`` is ``state``."""
        deadline = time.monotonic() + WAIT
        while self.presence().get(seat) != state:
            left = deadline - time.monotonic()
            assert left > 0, f"{seat} was never shown {state}, but {self.presence()}"
            self.recv(timeout=left)

    def send_move(self, action: int, move_id: str) -> None:
        self.ws.send(
            json.dumps(
                {"type": "move", "action": action, "version": self.version, "move_id": move_id}
            )
        )

    def move(self, action: int, move_id: str) -> dict[str, Any]:
        self.send_move(action, move_id)
        answer = self.answer(move_id)
        assert answer["type"] == "ack", answer
        return answer

    @property
    def to_act(self) -> bool:
        return bool(self.view.get("to_act") == self.view["seat"] and self.view["legal_actions"])

    def legal(self) -> list[int]:
        return [entry["action"] for entry in self.view["legal_actions"]]

    def close(self) -> None:
        self._stack.close()


def _friend_game(node: ServerProcess) -> tuple[str, str, str]:
    answer = node.create({"opponent": "friend", "seat": "south"})
    assert answer.status == 201, answer.text
    return answer.json["game_id"], answer.json["token"], answer.json["opponent_token"]


def _stored(database_url: str, game_id: str) -> tuple[int, list[tuple[int, int]]]:
    """The stored version of a game and its actions (seat, action) in order."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            version = connection.execute(
                text("SELECT version FROM games WHERE id = :id"), {"id": game_id}
            ).scalar_one()
            rows = connection.execute(
                text(
                    "SELECT number, seat, action FROM actions WHERE game_id = :id ORDER BY number"
                ),
                {"id": game_id},
            ).all()
    finally:
        engine.dispose()
    assert [row.number for row in rows] == list(range(len(rows))), "the action log has a gap"
    return int(version), [(row.seat, row.action) for row in rows]


def _replays(database_url: str, game_id: str) -> Any:
    """The stored game rebuilt from its log (each action checked by ``Game.apply``)."""
    storage = Storage(database_url)
    try:
        stored = storage.load_game(game_id)
    finally:
        storage.close()
    assert stored is not None
    return replay(stored)


def _hand_over(seat: Seat) -> bool:
    return bool(seat.view["results"]) or seat.view["hand_number"] >= 1


def _play_turn(seats: list[Seat], rng: random.Random, tag: str) -> None:
    """The seat to act makes a random legal move; every seat then sees the new version."""
    mover = next((seat for seat in seats if seat.to_act), None)
    assert mover is not None, f"no seat has a move at version {seats[0].version}"
    ack = mover.move(rng.choice(mover.legal()), f"{tag}-{mover.version}")
    for seat in seats:
        seat.wait_version(ack["version"], f"the move to version {ack['version']}")


def _race(seats: list[Seat], actions: list[int], move_ids: list[str]) -> list[dict[str, Any]]:
    """Each seat sends its move at the same moment (one thread each); their answers."""
    start = threading.Barrier(len(seats))
    answers: list[dict[str, Any]] = [{} for _ in seats]

    def race(index: int) -> None:
        start.wait()
        seats[index].send_move(actions[index], move_ids[index])
        answers[index] = seats[index].answer(move_ids[index])

    threads = [threading.Thread(target=race, args=(index,)) for index in range(len(seats))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    return answers


def test_racing_moves_on_two_nodes_apply_once(
    nodes: Callable[..., ServerProcess], redis_url: str, postgres_url: str
) -> None:
    first = nodes(redis_url)
    second = nodes(redis_url)
    game_id, south_token, east_token = _friend_game(first)
    south_here = Seat(first, south_token)
    south_there = Seat(second, south_token)  # the same player, on a second device
    east = Seat(second, east_token)
    rng = random.Random(18)
    races = 0
    wins = {"first": 0, "second": 0}
    while races < 12 and not _hand_over(east):
        version = east.version
        south_here.wait_version(version, "the first node's view")
        south_there.wait_version(version, "the second node's view")
        if not south_here.to_act:
            _play_turn([east, south_here, south_there], rng, "east")
            continue
        choices = [rng.choice(south_here.legal()), rng.choice(south_there.legal())]
        ids = [f"race{races}-a", f"race{races}-b"]
        answers = _race([south_here, south_there], choices, ids)
        kinds = sorted(answer.get("type", "none") for answer in answers)
        assert kinds == ["ack", "error"], answers
        lost = next(answer for answer in answers if answer["type"] == "error")
        assert lost["code"] == "stale_version", lost
        won = next(i for i, answer in enumerate(answers) if answer["type"] == "ack")
        wins["first" if won == 0 else "second"] += 1
        stored_version, log = _stored(postgres_url, game_id)
        assert stored_version == version + 1, "a raced move was stored twice, or not at all"
        assert log[-1] == (0, choices[won]), "the stored move is not the one acknowledged"
        for seat in (east, south_here, south_there):
            seat.wait_version(version + 1, "the winning move")
        races += 1
    assert races >= 1, "south never had a move to race"
    _replays(postgres_url, game_id)


def test_two_seats_on_two_nodes_play_a_hand(
    nodes: Callable[..., ServerProcess], redis_url: str, postgres_url: str
) -> None:
    # The database check comes rarely here: the other seat's views come through Redis.
    first = nodes(redis_url, HONEYMOON_RESYNC_SECONDS="60")
    second = nodes(redis_url, HONEYMOON_RESYNC_SECONDS="60")
    game_id, south_token, east_token = _friend_game(first)
    south = Seat(first, south_token)
    east = Seat(second, east_token)
    south.wait_presence("east", "here")  # connected on the other node
    east.wait_presence("south", "here")
    rng = random.Random(7)
    moves = 0
    while not _hand_over(south):
        _play_turn([south, east], rng, "p")
        moves += 1
        assert moves < 400, "the hand did not end"
    assert _hand_over(east)
    stored_version, log = _stored(postgres_url, game_id)
    assert stored_version == len(log) == south.version == east.version == moves
    assert {seat for seat, _ in log} == {0, 1}
    game = _replays(postgres_url, game_id)
    assert game.hand_number >= 1 or game.is_over
    east.close()
    south.wait_presence("east", "away")
    health = first.request("GET", "/health")
    assert health.status == 200 and health.json["redis"] is True, health.text
    assert health.json["database"] is True and health.json["node"] == "node0"


@pytest.mark.parametrize("opponent", ["computer", "friend"])
def test_a_node_killed_mid_hand_its_seats_finish_on_the_other(
    nodes: Callable[..., ServerProcess], redis_url: str, postgres_url: str, opponent: str
) -> None:
    first = nodes(redis_url, HONEYMOON_RESYNC_SECONDS="0.5")
    second = nodes(redis_url, HONEYMOON_RESYNC_SECONDS="0.5")
    answer = first.create({"opponent": opponent, "seat": "south", "level": "easy"})
    assert answer.status == 201, answer.text
    game_id = answer.json["game_id"]
    tokens = [answer.json["token"]] + (
        [answer.json["opponent_token"]] if opponent == "friend" else []
    )
    seats = [Seat(first, token) for token in tokens]
    rng = random.Random(3)
    # Play until each seat has moved a few times (the computer too), then kill the node
    # right after a move of the person: the computer may be in the middle of its turn.
    while len(_stored(postgres_url, game_id)[1]) < 12:
        if seats[0].to_act or opponent == "friend":
            _play_turn(seats, rng, "before")
        else:
            seats[0].wait_version(seats[0].version + 1, "the computer's move")
    if seats[0].to_act:
        _play_turn(seats[:1], rng, "last")
    first.kill()
    seats = [Seat(second, token) for token in tokens]
    moves = 0
    while not _hand_over(seats[0]):
        if any(seat.to_act for seat in seats):
            _play_turn(seats, rng, "after")
        else:
            seats[0].wait_version(seats[0].version + 1, "the computer's move on the other node")
        moves += 1
        assert moves < 400, "the hand did not end"
    stored_version, log = _stored(postgres_url, game_id)
    assert stored_version == len(log) >= seats[0].version
    if opponent == "computer":
        assert any(seat == 1 for seat, _ in log[12:]), "the computer never moved after the kill"
        assert "moves for the computer" in second.log_text()
    _replays(postgres_url, game_id)  # every stored action legal, each turn taken once


def test_redis_restarted_mid_hand_loses_no_move(
    nodes: Callable[..., ServerProcess], own_redis: RedisServer, postgres_url: str
) -> None:
    first = nodes(own_redis.url, HONEYMOON_RESYNC_SECONDS="0.5")
    second = nodes(own_redis.url, HONEYMOON_RESYNC_SECONDS="0.5")
    game_id, south_token, east_token = _friend_game(first)
    south = Seat(first, south_token)
    east = Seat(second, east_token)
    rng = random.Random(11)
    for _ in range(6):
        _play_turn([south, east], rng, "up")
    own_redis.stop()
    deadline = time.monotonic() + WAIT
    while first.request("GET", "/health").json["redis"] is not False:
        assert time.monotonic() < deadline, "the node did not notice that Redis went away"
        time.sleep(0.1)
    assert first.request("GET", "/health").json["status"] == "degraded"
    for _ in range(6):  # the other node learns of these from the database alone
        _play_turn([south, east], rng, "down")
    own_redis.start()
    deadline = time.monotonic() + WAIT
    while not all(node.request("GET", "/health").json["redis"] for node in (first, second)):
        assert time.monotonic() < deadline, "the nodes did not reconnect to Redis"
        time.sleep(0.1)
    moves = 12
    while not _hand_over(south):
        _play_turn([south, east], rng, "again")
        moves += 1
        assert moves < 400, "the hand did not end"
    stored_version, log = _stored(postgres_url, game_id)
    assert stored_version == len(log) == moves == south.version == east.version
    _replays(postgres_url, game_id)


def test_a_node_stopped_finishes_its_move_and_its_seats_go_on_elsewhere(
    nodes: Callable[..., ServerProcess], redis_url: str, postgres_url: str
) -> None:
    first = nodes(redis_url, HONEYMOON_LOG_FORMAT="json", HONEYMOON_RESYNC_SECONDS="0.5")
    second = nodes(redis_url, HONEYMOON_RESYNC_SECONDS="0.5")
    game_id, south_token, east_token = _friend_game(first)
    south = Seat(first, south_token)
    east = Seat(second, east_token)
    rng = random.Random(5)
    for _ in range(8):
        _play_turn([south, east], rng, "up")
    mover = south if south.to_act else east
    before = mover.version
    mover.send_move(rng.choice(mover.legal()), "in-flight")
    if mover is south:
        assert first.process is not None
        first.process.terminate()  # SIGTERM while the move may still be in flight
    else:
        east.answer("in-flight")
        assert first.process is not None
        first.process.terminate()
    # uvicorn shuts down, then ends by the signal it was sent (or exits 0).
    assert first.process.wait(20) in (0, -signal.SIGTERM), first.log_text()[-2000:]
    assert "Application shutdown complete" in first.log_text()
    stored_version, _log = _stored(postgres_url, game_id)
    acked = any(m.get("type") == "ack" and m.get("move_id") == "in-flight" for m in mover.messages)
    # An acknowledged move is stored; a stored move was acknowledged or is found on resync.
    assert stored_version in (before, before + 1)
    assert not acked or stored_version == before + 1
    south = Seat(second, south_token)
    east.wait_version(stored_version, "the move stored at shutdown")
    moves = 0
    while not _hand_over(south):
        _play_turn([south, east], rng, "after")
        moves += 1
        assert moves < 400, "the hand did not end"
    assert _stored(postgres_url, game_id)[0] == south.version == east.version
    lines = [line for line in first.log_text().splitlines() if line.startswith("{")]
    entries = [json.loads(line) for line in lines]
    assert entries and all(entry["node"] == "node0" for entry in entries)
    assert any(entry.get("game") == game_id for entry in entries)
    assert south_token not in first.log_text() and east_token not in first.log_text()


def test_a_link_replaced_on_one_node_closes_its_sockets_on_the_other(
    nodes: Callable[..., ServerProcess], redis_url: str
) -> None:
    first = nodes(redis_url)
    second = nodes(redis_url)
    _game_id, south_token, east_token = _friend_game(first)
    south_there = Seat(second, south_token)
    east = Seat(second, east_token)
    answer = first.request(
        "POST", "/api/seat-link", b"", {"Authorization": f"Bearer {south_token}"}
    )
    assert answer.status == 200, answer.text
    deadline = time.monotonic() + WAIT
    while not any(m.get("code") == "seat_link_replaced" for m in south_there.messages):
        left = deadline - time.monotonic()
        assert left > 0, "the other node kept the socket opened with the replaced link"
        south_there.recv(timeout=left)
    assert not any(m.get("code") == "seat_link_replaced" for m in east.messages)
    refused = connect(second.ws_url, open_timeout=WAIT)
    with refused:
        refused.send(json.dumps({"type": "hello", "token": south_token}))
        assert json.loads(refused.recv(timeout=WAIT))["code"] == "bad_token"
    Seat(second, answer.json["token"]).close()  # the new link opens the seat there


def _redis_down(own_redis: RedisServer, *nodes_: ServerProcess) -> None:
    """Stop the test's Redis and wait until every node has noticed."""
    own_redis.stop()
    deadline = time.monotonic() + WAIT
    while any(node.request("GET", "/health").json["redis"] is not False for node in nodes_):
        assert time.monotonic() < deadline, "a node did not notice that Redis went away"
        time.sleep(0.1)


def _replaced_link_game(first: ServerProcess, second: ServerProcess) -> tuple[str, Seat, Seat, str]:
    """A game between friends: the seat to act connected on the second node with its link,
    its opponent on the first; returns the game id, both seats and the mover's token."""
    game_id, south_token, east_token = _friend_game(first)
    south = Seat(second, south_token)
    if south.to_act:
        return game_id, south, Seat(first, east_token), south_token
    south.close()
    return game_id, Seat(second, east_token), Seat(first, south_token), east_token


def _refused_as_replaced(seat: Seat, move_id: str | None, within: float = WAIT) -> None:
    """Read a seat until its socket is closed (within ``within`` seconds); check that it was
    closed as a replaced link (code 4401) without acknowledging the move ``move_id``."""
    deadline = time.monotonic() + within
    try:
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"the socket of the replaced link was still open after {within} s"
            with contextlib.suppress(AssertionError):  # no message yet: the deadline decides
                seat.recv(timeout=min(left, 0.5))
    except ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == 4401, closed
    assert not any(m["type"] == "ack" and m.get("move_id") == move_id for m in seat.messages)
    assert any(m.get("code") == "seat_link_replaced" for m in seat.messages), seat.messages


def _never_saw_a_move(seat: Seat) -> None:
    """Ask for the current state: the seat is still at version 0 and never saw another."""
    seat.ws.send(json.dumps({"type": "sync"}))
    while seat.recv()["type"] != "state":
        pass
    assert seat.version == 0, seat.messages


def _replaced_while_redis_is_down(
    nodes: Callable[..., ServerProcess], own_redis: RedisServer, *, resync: str
) -> tuple[ServerProcess, str, Seat, Seat, Any]:
    """Two nodes resyncing every ``resync`` seconds; a game whose mover is connected to the
    second; Redis stopped, then the mover's link replaced on the first (its notice lost).
    Returns the second node, the game id, the mover's and the opponent's sockets and the
    replacement's answer."""
    first = nodes(own_redis.url, HONEYMOON_RESYNC_SECONDS=resync)
    second = nodes(own_redis.url, HONEYMOON_RESYNC_SECONDS=resync)
    game_id, mover, opponent, token = _replaced_link_game(first, second)
    _redis_down(own_redis, first, second)
    answer = first.request("POST", "/api/seat-link", b"", {"Authorization": f"Bearer {token}"})
    assert answer.status == 200, answer.text
    return second, game_id, mover, opponent, answer


def test_a_link_replaced_while_redis_is_down_closes_its_socket_on_the_other_node(
    nodes: Callable[..., ServerProcess], own_redis: RedisServer, postgres_url: str
) -> None:
    # The notice of the replacement is lost: the resync finds the replaced link by itself.
    second, game_id, mover, opponent, answer = _replaced_while_redis_is_down(
        nodes, own_redis, resync="0.5"
    )
    # Nothing is sent on the old link: the resync alone closes its socket.
    _refused_as_replaced(mover, None, within=10 * 0.5)  # ten resyncs
    with pytest.raises(ConnectionClosed):  # a move can no longer be sent on it
        mover.send_move(mover.legal()[0], "after-replacement")
    own_redis.start()
    assert _stored(postgres_url, game_id) == (0, [])
    Seat(second, answer.json["token"]).close()  # the new link opens the seat there
    _never_saw_a_move(opponent)


def test_a_move_sent_with_a_replaced_link_is_refused_by_the_database(
    nodes: Callable[..., ServerProcess], own_redis: RedisServer, postgres_url: str
) -> None:
    # No notice and no resync (a minute away) has told the other node: the commit itself
    # finds that the token no longer opens the seat.
    second, game_id, mover, opponent, answer = _replaced_while_redis_is_down(
        nodes, own_redis, resync="60"
    )
    mover.send_move(mover.legal()[0], "after-replacement")
    refusal = mover.answer("after-replacement")
    assert refusal["type"] == "error" and refusal["code"] == "seat_link_replaced", refusal
    _refused_as_replaced(mover, "after-replacement")
    assert _stored(postgres_url, game_id) == (0, [])
    _never_saw_a_move(opponent)
    new = Seat(second, answer.json["token"])  # the new link plays
    new.move(new.legal()[0], "with-the-new-link")
    assert _stored(postgres_url, game_id)[0] == 1


def test_presence_is_written_again_after_redis_restarts_and_a_dead_nodes_seats_go_away(
    nodes: Callable[..., ServerProcess], own_redis: RedisServer
) -> None:
    first = nodes(own_redis.url, HONEYMOON_RESYNC_SECONDS="0.5")
    second = nodes(own_redis.url, HONEYMOON_RESYNC_SECONDS="0.5")
    _game_id, south_token, east_token = _friend_game(first)
    south = Seat(first, south_token)
    east = Seat(second, east_token)
    east.wait_presence("south", "here")
    own_redis.stop()  # Redis forgets every node's seats
    own_redis.start()
    deadline = time.monotonic() + WAIT
    while not all(node.request("GET", "/health").json["redis"] for node in (first, second)):
        assert time.monotonic() < deadline, "the nodes did not reconnect to Redis"
        time.sleep(0.1)
    # The nodes write their seats again (and read each other's once both are back), so a
    # second device of east, arriving now, is told that south is here.
    deadline = time.monotonic() + WAIT
    while True:
        device = Seat(second, east_token)
        shown = device.presence().get("south")
        device.close()
        if shown == "here":
            break
        assert time.monotonic() < deadline, "south's seat was not shared again after the restart"
        time.sleep(0.5)
    first.kill()  # its seats lapse once it stops renewing them
    east.wait_presence("south", "away")
    south.close()


def test_an_idle_node_does_the_same_work_however_many_games_it_holds(
    postgres_url: str, own_redis: RedisServer
) -> None:
    run_apart(_idle_work(postgres_url, own_redis.url))


#: Redis commands that are not the node's presence work (the test's own, health checks).
_NOT_PRESENCE = {"cmdstat_info", "cmdstat_config|resetstat", "cmdstat_config", "cmdstat_ping"}


async def _idle_work(postgres_url: str, redis_url: str) -> None:
    storage = Storage(postgres_url, shared=True)
    storage.migrate()
    other = Storage(postgres_url, shared=True)  # another node's writes, whose notices are lost
    hub = Hub(storage, redis_url=redis_url, node_id="counted", resync_seconds=3600.0)
    sql = {"statements": 0, "rows": 0}

    @event.listens_for(storage.engine, "after_cursor_execute")
    def count(*args: Any) -> None:
        sql["statements"] += 1
        sql["rows"] += max(args[1].rowcount, 0)

    stats = redis.Redis.from_url(redis_url)

    def redis_calls() -> int:
        found = stats.info("commandstats")
        return sum(int(v["calls"]) for k, v in found.items() if k not in _NOT_PRESENCE)

    def reset() -> None:
        sql.update(statements=0, rows=0)
        stats.config_resetstat()

    await hub.start()
    try:
        deadline = time.monotonic() + WAIT
        while hub.notifier is None or not hub.notifier.connected:
            assert time.monotonic() < deadline, "the hub did not reach Redis"
            await asyncio.sleep(0.05)
        rooms: list[Room] = []
        work: list[tuple[int, int, int]] = []
        for games in (3, 30):
            while len(rooms) < games:
                _game_id, _creator, tokens = await hub.create_game(opponent="friend")
                for token in tokens.values():
                    found = await hub.authenticate(token)
                    assert found is not None
                    room, seat = found
                    assert hub.join(room, Connection(seat, hash_token(token)))
                rooms.append(room)
            await asyncio.sleep(0.5)  # the arrivals are shared with the other nodes
            # A pass first, so that the one counted finds nothing new to catch up or read.
            await hub.resync()
            hub._presence_renewed = -math.inf
            await hub._renew_presence()
            reset()
            # One pass of the watch, but for the computer's due turns (one indexed query).
            await hub.resync()
            hub._presence_renewed = -math.inf  # due now, whenever it was last renewed
            await hub._renew_presence()
            work.append((sql["statements"], sql["rows"], redis_calls()))
        assert work[0] == work[1], (
            "the statements, rows and Redis commands of an idle pass grew with the games "
            f"connected: {work[0]} with 3 games, {work[1]} with 30"
        )
        # A move stored by another node, whose notice is lost: the next resync finds it,
        # reading one row more than an idle pass.
        room = rooms[7]
        mover = room.game.to_act
        assert mover is not None
        action = view_for(room.game, SEATS[int(mover)]).legal_actions[0]
        other.append_action(room.id, 0, int(mover), action, None)
        reset()
        assert await hub.resync() == 1
        assert room.version == 1
        assert sql["rows"] == work[1][1] + 1, sql
    finally:
        await hub.close()
        storage.close()
        other.close()
        stats.close()


# -- budgets shared by the nodes ------------------------------------------------------------

#: One seat's message budget: 2 a second, in bursts of 4 (the rest at machine speed).
TIGHT = {"HONEYMOON_MESSAGES_PER_SECOND": "2"}


def _pongs(seat: Seat, sent: int) -> int:
    """How many of ``sent`` pings were answered (the others were refused)."""
    pongs = 0
    for _ in range(sent):
        while True:
            message = seat.recv()
            if message["type"] == "pong":
                pongs += 1
                break
            if message["type"] == "error":
                assert message["code"] == "rate_limited", message
                break
    return pongs


def test_a_seats_message_budget_is_shared_by_the_nodes(
    nodes: Callable[..., Any], redis_url: str
) -> None:
    first = nodes(redis_url, **TIGHT)
    second = nodes(redis_url, **TIGHT)
    _, south, _ = _friend_game(first)
    here, there = Seat(first, south), Seat(second, south)
    started = time.monotonic()
    for _ in range(6):
        here.ws.send(json.dumps({"type": "ping"}))
        there.ws.send(json.dumps({"type": "ping"}))
    pongs = _pongs(here, 6) + _pongs(there, 6)
    elapsed = time.monotonic() - started
    here.close()
    there.close()
    # Each node alone would have given a burst of 4: 8 pongs at least.
    assert pongs <= 4 + 2 * elapsed + 1


def _fair_play(seat: Seat) -> dict[str, Any]:
    """The latest fair-play setting this seat was told of (hello or fair_play)."""
    for message in reversed(seat.messages):
        if message["type"] == "fair_play":
            return {k: v for k, v in message.items() if k != "type"}
        if message["type"] == "hello":
            return dict(message["fair_play"])
    return {}


def _until(seat: Seat, found: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
    """Read until a message ``found`` accepts (fails saying ``what`` did not arrive)."""
    deadline = time.monotonic() + WAIT
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"{what} never arrived"
        message = seat.recv(timeout=left)
        if found(message):
            return message


def test_an_offer_of_hints_accepted_on_one_node_holds_on_the_other(
    nodes: Callable[..., ServerProcess], redis_url: str, postgres_url: str
) -> None:
    """South offers hints on node one, East accepts on node two: South's hint on node one is
    not refused, though node one (which looks at the database rarely here) held the offer as
    unanswered: the database decides, and South is told. South's hint is counted, and East,
    on a node that looks often, is told of the count."""
    first = nodes(redis_url, HONEYMOON_RESYNC_SECONDS="60")
    second = nodes(redis_url, HONEYMOON_RESYNC_SECONDS="0.5")
    answer = first.create({"opponent": "friend", "seat": "south", "hints": True})
    assert answer.status == 201, answer.text
    south = Seat(first, answer.json["token"])
    east = Seat(second, answer.json["opponent_token"])
    assert _fair_play(south)["state"] == _fair_play(east)["state"] == "offered"
    east.ws.send(json.dumps({"type": "hints", "agree": True}))
    _until(east, lambda m: m["type"] == "fair_play" and m["state"] == "on", "east's answer")
    moves = 0
    while not south.to_act:
        moves += 1
        east.move(east.legal()[0], f"e{moves}")
        east.wait_version(moves, "east's own move")
        south.wait_version(moves, "east's move")
    assert _fair_play(south)["state"] == "offered"  # node one was not told
    south.ws.send(json.dumps({"type": "hint", "version": south.version}))
    hint = _until(south, lambda m: m["type"] in ("hint", "error"), "the hint")
    assert hint["type"] == "hint", hint
    assert _fair_play(south)["state"] == "on"
    _until(
        east,
        lambda m: m["type"] == "fair_play" and m["asked"]["south"] == 1,
        "the hint's count",
    )


def _account_request(
    node: ServerProcess, path: str, body: Any = None, secret: str | None = None
) -> Any:
    """One account request to a node, as a page would send it (JSON, the session cookie)."""
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers["Cookie"] = f"honeymoon_session={secret}"
    data = json.dumps(body).encode() if body is not None else None
    return node.request("POST" if data is not None else "GET", path, data, headers)


def _session_secret(answer: Any) -> str:
    cookie = str(answer.headers["Set-Cookie"])
    return cookie.split(";")[0].split("=", 1)[1]


def test_an_account_is_served_by_any_node_and_guessing_counts_on_all(
    nodes: Callable[..., ServerProcess], own_redis: Any, inbox: Any
) -> None:
    limits = {"HONEYMOON_SIGN_INS_BURST": "6", "HONEYMOON_SIGN_INS_PER_HOUR": "0.001"}
    first = nodes(own_redis.url, **inbox.environment, **limits)
    second = nodes(own_redis.url, **inbox.environment, **limits)
    email = "ada@example.org"
    assert _account_request(first, "/api/sign-in/code", {"email": email}).status == 202
    signed = _account_request(
        second, "/api/sign-in", {"email": email, "code": inbox.code_for(email)}
    )
    assert signed.status == 200, signed.text
    secret = _session_secret(signed)
    created = first.request(
        "POST",
        "/api/games",
        json.dumps({"opponent": "friend"}).encode(),
        {"Content-Type": "application/json", "Cookie": f"honeymoon_session={secret}"},
    )
    game = created.json
    listed = _account_request(second, "/api/account/games", secret=secret).json
    assert [entry["game_id"] for entry in listed["games"]] == [game["game_id"]]
    resumed = _account_request(
        second, f"/api/account/games/{game['game_id']}/seat-link", {}, secret=secret
    )
    assert resumed.status == 200
    token = resumed.json["token"]
    old = {"Authorization": f"Bearer {game['token']}"}
    assert first.request("GET", "/api/record", None, old).status == 401
    new = {"Authorization": f"Bearer {token}"}
    assert first.request("GET", "/api/record", None, new).status == 200
    # The tries for an address are counted over both nodes: 6 in all (one was the sign-in).
    wrong = {"email": email, "code": "ABCDEF"}
    statuses = [_account_request(node, "/api/sign-in", wrong).status for node in (first, second)]
    statuses += [_account_request(node, "/api/sign-in", wrong).status for node in (first, second)]
    assert statuses == [401, 401, 401, 401]
    assert _account_request(first, "/api/sign-in", wrong).status == 401
    assert _account_request(second, "/api/sign-in", wrong).status == 429
    assert _account_request(first, "/api/sign-in", wrong).status == 429
