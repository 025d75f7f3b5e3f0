"""Graceful shutdown (the hub finishes the moves in flight before it stops) and health."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from helpers import run_apart

from honeymoon.seats import SEATS
from honeymoon.server.connections import Connection
from honeymoon.server.hub import Hub
from honeymoon.server.protocol import Move
from honeymoon.server.storage import Storage
from honeymoon.views import view_for


def test_close_finishes_a_move_in_flight(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run_apart(_close_finishes_a_move_in_flight(tmp_path, monkeypatch))


async def _close_finishes_a_move_in_flight(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'games.db'}")
    storage.migrate()
    hub = Hub(storage, bot_delay=0.0)
    await hub.start()
    game_id, _creator, _tokens = await hub.create_game(opponent="friend")
    room = hub.rooms[game_id]
    seat = int(room.game.to_act)  # type: ignore[arg-type]
    connection = Connection(seat)
    assert hub.join(room, connection)
    action = view_for(room.game, SEATS[seat]).legal_actions[0]
    commit = storage.commit_action
    started = asyncio.Event()

    async def slow_commit(*args: Any, **kwargs: Any) -> None:
        started.set()
        await asyncio.sleep(0.3)  # a slow disk: the move is still in flight at shutdown
        await commit(*args, **kwargs)

    monkeypatch.setattr(storage, "commit_action", slow_commit)
    move = asyncio.create_task(hub.move(room, connection, Move(action, 0, "m1")))
    await started.wait()
    await hub.close()
    assert move.done(), "the hub stopped before the move in flight was finished"
    assert storage.action_count(game_id) == 1
    assert room.version == 1
    storage.close()


def test_health_of_a_node_on_its_own(server_factory: Any, sqlite_url: str) -> None:
    with server_factory(sqlite_url) as server:
        answer = server.client.get("/health")
        assert answer.status_code == 200, answer.text
        report = answer.json()
        assert report["status"] == "ok" and report["database"] is True
        assert report["shared"] is False and report["redis"] is None
        server.create(opponent="friend")
        assert server.client.get("/health").json()["games"] == 1
