"""Durability, on SQLite and on a real PostgreSQL server: every move is committed before it is
acknowledged, and a new server on the same database continues every game, the computer's
turns included.
"""

from __future__ import annotations

import json
import random
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from helpers import run_apart

from honeymoon.game import Game
from honeymoon.server.storage import GameGone, NewGame, Storage, StorageConflict


def test_every_move_is_committed_before_it_is_acknowledged(
    server_factory: Any, database_url: str, ws: Any
) -> None:
    rng = random.Random(5)
    observer = Storage(database_url)  # a separate engine: sees only committed rows
    try:
        with server_factory(database_url) as server:
            game = server.create(opponent="friend", seat="south")
            with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
                ws.connect_pair(south, east)
                for _ in range(40):
                    mover, other = ws.turn(south, east)
                    ack = ws.play(mover, other, rng.choice(mover.legal()))
                    assert observer.action_count(game["game_id"]) == ack["version"]
    finally:
        observer.close()


def test_the_commit_happens_before_the_ack_is_queued(
    server_factory: Any, sqlite_url: str, ws: Any, monkeypatch: Any
) -> None:
    events: list[str] = []
    original = Storage.write_actions

    def recording(self: Storage, batch: list[dict[str, Any]]) -> list[Any]:
        results = original(self, batch)
        events.extend("committed" for _ in batch)
        return results

    monkeypatch.setattr(Storage, "write_actions", recording)
    with server_factory(sqlite_url) as server:
        game = server.create(opponent="friend", seat="south")
        with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
            ws.connect_pair(south, east)
            for _ in range(3):
                mover, other = ws.turn(south, east)
                mover.send_move(mover.legal()[0])
                # The ack is only ever sent after the commit returned.
                assert mover.expect("ack") and events.count("committed") >= 1
                events.append("acknowledged")
                mover.expect("state")
                other.expect("state")
    assert events == ["committed", "acknowledged"] * 3


def test_a_new_server_on_the_same_database_continues_the_game(
    server_factory: Any, database_url: str, ws: Any
) -> None:
    rng = random.Random(9)
    with server_factory(database_url) as first:
        game = first.create(opponent="friend", seat="south")
        with first.seat(game["token"]) as south, first.seat(game["opponent_token"]) as east:
            ws.connect_pair(south, east)
            for _ in range(70):  # into the auction or play of the first hand
                mover, other = ws.turn(south, east)
                ws.play(mover, other, rng.choice(mover.legal()))
            views = {"south": south.view, "east": east.view}
            version = south.version
            before: Game = first.game(game["game_id"])
            state = (before.phase, before.hand_number, before.to_act, before.actions)
    # The first server is gone; a second one starts on the same database.
    with (
        server_factory(database_url) as second,
        second.seat(game["token"]) as south,
        second.seat(game["opponent_token"]) as east,
    ):
        assert south.version == east.version == version
        assert south.view == views["south"] and east.view == views["east"]
        after = second.game(game["game_id"])
        assert (after.phase, after.hand_number, after.to_act, after.actions) == state
        ws.connect_pair(south, east)
        for _ in range(10):
            mover, other = ws.turn(south, east)
            ws.play(mover, other, rng.choice(mover.legal()))
        assert south.version == version + 10


def test_a_new_server_rebuilds_a_variant_game_with_its_options(
    server_factory: Any, database_url: str, ws: Any
) -> None:
    rng = random.Random(11)
    options = {"face_up_stock": True, "preliminary_follow_suit": True}
    with server_factory(database_url) as first:
        game = first.create(opponent="friend", seat="south", variant="draw", options=options)
        with first.seat(game["token"]) as south, first.seat(game["opponent_token"]) as east:
            ws.connect_pair(south, east)
            for _ in range(15):  # in the middle of the preliminary tricks
                mover, other = ws.turn(south, east)
                ws.play(mover, other, rng.choice(mover.legal()))
            views = {"south": south.view, "east": east.view}
            version = south.version
            before: Game = first.game(game["game_id"])
            rules = before.rules
            assert south.view["phase"] == "preliminary" and south.view["face_up"] is not None
    with (
        server_factory(database_url) as second,
        second.seat(game["token"]) as south,
        second.seat(game["opponent_token"]) as east,
    ):
        assert json.loads(south.texts[0])["game"]["options"] == options
        assert south.version == east.version == version
        assert south.view == views["south"] and east.view == views["east"]
        after = second.game(game["game_id"])
        assert after.rules == rules and after.rules.face_up_stock
        ws.connect_pair(south, east)
        while south.view["phase"] == "preliminary":  # the rest of the preliminary tricks
            mover, other = ws.turn(south, east)
            ws.play(mover, other, rng.choice(mover.legal()))
        assert south.version == version + 26 - 15  # two cards a trick, 13 tricks
        assert south.view["phase"] == "auction" and east.view["phase"] == "auction"
        assert len(south.view["preliminary_tricks"]) == 13
        assert south.view["stock_remaining"] == 0 and len(south.view["hand"]) == 13


def test_the_computer_moves_after_a_restart_when_it_is_its_turn(
    server_factory: Any, database_url: str
) -> None:
    # The first server's computer is too slow to move before the server goes away.
    with server_factory(database_url, bot_delay=3600.0) as first:
        game = first.create(opponent="computer", level="easy", seat="south")
        with first.seat(game["token"]) as south:
            if south.view["to_act"] == "south":
                south.send_move(south.legal()[0])
                south.expect("ack")
                south.expect("state")
            assert south.view["to_act"] == "east"
            version = south.version
    with server_factory(database_url, bot_delay=0.0) as second:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            room = second.hub.rooms.get(game["game_id"])
            if room is not None and room.version > version:
                break
            time.sleep(0.02)
        with second.seat(game["token"]) as south:
            assert south.version == version + 1
            assert south.view["to_act"] == "south"
            assert south.texts[0].count('"presence":{"south":"here","east":"computer"}') == 1


def test_storage_refuses_an_action_out_of_order(database_url: str) -> None:
    storage = Storage(database_url)
    try:
        storage.migrate()
        storage.migrate()  # a second start-up changes nothing
        params = NewGame("g1", "draw-discard", {}, 12345, 0, "friend", None, None)
        storage.create_game(params, {0: "a" * 64, 1: "b" * 64})
        storage.append_action("g1", 0, 1, 90, "m1")
        with pytest.raises(StorageConflict):
            storage.append_action("g1", 0, 1, 91, "m2")  # version 0 is taken
        with pytest.raises(StorageConflict):
            storage.append_action("g1", 5, 0, 91, "m3")  # not the next one
        with pytest.raises(StorageConflict):
            storage.append_action("g1", 1, 1, 91, "m1")  # the same move id again
        storage.append_action("g1", 1, 0, 91, "m1")  # another seat's ids are its own
        stored = storage.load_game("g1")
        assert stored is not None
        assert [(a.seat, a.action, a.move_id) for a in stored.actions] == [
            (1, 90, "m1"),
            (0, 91, "m1"),
        ]
        assert stored.params == params and storage.action_count("g1") == 2
        assert storage.find_seat("b" * 64) == ("g1", 1) and storage.find_seat("c" * 64) is None
    finally:
        storage.close()


@pytest.mark.parametrize("driver", [True, False], ids=["driver", "sqlalchemy"])
def test_storage_tells_a_game_that_is_gone_from_one_at_another_version(
    database_url: str, driver: bool
) -> None:
    run_apart(_game_gone_or_conflict(database_url, driver))


async def _game_gone_or_conflict(database_url: str, driver: bool) -> None:
    """An action for a game whose row was deleted (a purge beside the server) is refused with
    :class:`GameGone`, not as a version conflict: the hub then closes the game."""
    storage = Storage(database_url)
    if not driver:
        storage._driver_sql = None  # the SQLAlchemy path of other drivers
    try:
        storage.migrate()
        old = NewGame("old", "draw-discard", {}, 1, 0, "friend", None, None)
        storage.create_game(old, {0: "a" * 64, 1: "b" * 64})
        storage.append_action("old", 0, 1, 90, "m1")
        far = datetime.now(UTC) + timedelta(days=1)
        assert storage.purge(finished_before=far, abandoned_before=far) == ["old"]
        live = NewGame("live", "draw-discard", {}, 2, 0, "friend", None, None)
        storage.create_game(live, {0: "c" * 64, 1: "d" * 64})
        with pytest.raises(GameGone):
            storage.append_action("old", 1, 0, 91, "m2")
        with pytest.raises(GameGone):
            await storage.commit_action("old", 1, 0, 91, "m3")
        with pytest.raises(StorageConflict):
            storage.append_action("live", 3, 1, 90, "m1")  # there, at another version
        with pytest.raises(StorageConflict):
            await storage.commit_action("live", 3, 1, 90, "m1")
        await storage.commit_action("live", 0, 1, 90, "m1")
        assert storage.action_count("live") == 1 and storage.load_game("old") is None
    finally:
        storage.close()
