"""Fixtures for the server tests: an app on a fresh database, seats talking over websockets.

The storage tests run against SQLite and against a real PostgreSQL server, found through
``HONEYMOON_TEST_POSTGRES_URL`` (default: what ``scripts/test-services.sh`` sets up). Outside
CI an unreachable server skips those tests; in CI (``CI=true``) it fails them.
"""

from __future__ import annotations

import json
import os
import secrets
import warnings
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError, ProgrammingError

with warnings.catch_warnings():
    # Starlette asks for httpx2; the pinned httpx works the same for these tests.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from honeymoon.server import Settings, create_app

DEFAULT_POSTGRES_URL = "postgresql+psycopg://honeymoon:honeymoon@127.0.0.1:54329/honeymoon_test"


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A SQLite database file of this test's own."""
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database on the test server, dropped afterwards."""
    url = os.environ.get("HONEYMOON_TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL)
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        connection = engine.connect()
    except OperationalError as error:
        engine.dispose()
        message = (
            f"PostgreSQL is not reachable ({type(error).__name__}); run scripts/test-services.sh"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    name = f"honeymoon_t_{secrets.token_hex(6)}"
    try:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    except ProgrammingError:  # no CREATEDB: use the given database, emptied
        for table in (
            "account_seats",
            "sessions",
            "sign_in_codes",
            "accounts",
            "actions",
            "seat_tokens",
            "games",
            "alembic_version",
        ):
            connection.execute(text(f"DROP TABLE IF EXISTS {table}"))
        yield url
    else:
        yield make_url(url).set(database=name).render_as_string(hide_password=False)
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        connection.close()
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest) -> str:
    """Each storage test runs once on SQLite and once on PostgreSQL."""
    name = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    return str(request.getfixturevalue(name))


class SeatSocket:
    """One seat's websocket, keeping every text message it received."""

    def __init__(self, websocket: Any) -> None:
        self.ws = websocket
        self.texts: list[str] = []
        self.view: dict[str, Any] = {}
        self.version = -1
        self.presence: dict[str, str] = {}
        #: The fair-play setting as last told (hello or fair_play).
        self.fair_play: dict[str, Any] = {}
        self._count = 0
        #: The action of each move sent, by move id.
        self.sent: dict[str, int] = {}

    def hello(self, token: str) -> dict[str, Any]:
        self.ws.send_text(json.dumps({"type": "hello", "token": token}))
        message = self.recv()
        assert message["type"] == "hello", message
        return message

    def recv(self) -> dict[str, Any]:
        raw = self.ws.receive_text()
        self.texts.append(raw)
        message: dict[str, Any] = json.loads(raw)
        if message["type"] in ("hello", "state"):
            self.view = message["view"]
            self.version = message["version"]
        if message["type"] in ("hello", "presence"):
            self.presence = message.get("presence") or message.get("seats") or {}
        if message["type"] == "hello":
            self.fair_play = message["fair_play"]
        if message["type"] == "fair_play":
            self.fair_play = {k: v for k, v in message.items() if k != "type"}
        return message

    def expect(self, kind: str) -> dict[str, Any]:
        """Receive until a message of this type (presence and fair-play messages, which
        either seat may get at any time, are skipped)."""
        while True:
            message = self.recv()
            if message["type"] == kind:
                return message
            assert message["type"] in ("presence", "fair_play"), f"expected {kind}, got {message}"

    def send_move(self, action: int, version: int | None = None, move_id: str | None = None) -> str:
        self._count += 1
        move_id = move_id or f"m{self._count}-{secrets.token_hex(3)}"
        self.sent[move_id] = action
        self.ws.send_text(
            json.dumps(
                {
                    "type": "move",
                    "action": action,
                    "version": self.version if version is None else version,
                    "move_id": move_id,
                }
            )
        )
        return move_id

    def legal(self) -> list[int]:
        return [entry["action"] for entry in self.view["legal_actions"]]

    @property
    def seat(self) -> str:
        return str(self.view["seat"])


#: The tests play at machine speed: the rate limits meant for strangers are raised for them
#: (tests/security checks the limits themselves).
FAST_CLIENT = {
    "messages_per_second": 10_000.0,
    "address_messages_per_second": 10_000.0,
    "hellos_per_minute": 1e6,
    "games_per_hour": 1e9,
    "games_burst": 10_000,
    "hints_per_minute": 1e6,
    "codes_per_hour": 1e9,
    "codes_burst": 10_000,
    "sign_ins_per_hour": 1e9,
    "sign_ins_burst": 10_000,
    "account_requests_per_minute": 1e9,
}


class Server:
    """An app on one database, entered as a TestClient (lifespan included)."""

    def __init__(self, url: str, bot_delay: float = 0.0, **settings: Any) -> None:
        self.url = url
        # Every game a test makes is seeded (HONEYMOON_DEAL_SEED), unless the test says.
        defaults = {"deal_seed": "test:1", **FAST_CLIENT}
        config = Settings(database_url=url, bot_delay=bot_delay, **{**defaults, **settings})
        self.client = TestClient(create_app(config))
        self._stack = ExitStack()

    def __enter__(self) -> Server:
        self._stack.enter_context(self.client)
        return self

    def __exit__(self, *exc: object) -> None:
        self._stack.close()

    @property
    def hub(self) -> Any:
        return self.client.app_state["hub"]

    def create(self, **body: Any) -> dict[str, Any]:
        answer = self.client.post("/api/games", json=body)
        assert answer.status_code == 201, answer.text
        result: dict[str, Any] = answer.json()
        return result

    @contextmanager
    def seat(self, token: str) -> Iterator[SeatSocket]:
        with self.client.websocket_connect("/ws") as websocket:
            socket = SeatSocket(websocket)
            socket.hello(token)
            yield socket

    def game(self, game_id: str) -> Any:
        return self.hub.rooms[game_id].game


@pytest.fixture
def server_factory() -> Callable[..., Server]:
    """``server_factory(url, bot_delay=0.0)``: a :class:`Server` to use in a ``with``."""
    return Server


@pytest.fixture
def ws() -> SimpleNamespace:
    """Helpers: ``ws.play(mover, other, action)`` makes an accepted move and reads the views."""

    def play(mover: SeatSocket, other: SeatSocket | None, action: int) -> dict[str, Any]:
        move_id = mover.send_move(action)
        ack = mover.expect("ack")
        assert ack["move_id"] == move_id, ack
        mover.expect("state")
        if other is not None:
            other.expect("state")
        return ack

    def turn(a: SeatSocket, b: SeatSocket) -> tuple[SeatSocket, SeatSocket]:
        """The seat to act and the other, from their latest views."""
        return (a, b) if a.view["to_act"] == a.seat else (b, a)

    def connect_pair(a: SeatSocket, b: SeatSocket) -> None:
        """Read the presence message the first seat gets when the second arrives."""
        assert a.expect("presence")["seats"][b.seat] == "here"

    def agree_hints(offered: SeatSocket, answering: SeatSocket) -> None:
        """The answering seat accepts the other's offer of hints (a game created with
        ``hints=True``); both are told that hints are on."""
        answering.ws.send_text(json.dumps({"type": "hints", "agree": True}))
        for socket in (answering, offered):
            assert socket.expect("fair_play")["state"] == "on", socket.fair_play

    return SimpleNamespace(play=play, turn=turn, connect_pair=connect_pair, agree_hints=agree_hints)
