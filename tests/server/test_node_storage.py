"""The storage that nodes share, on SQLite and on PostgreSQL: the version check between two
writers, the computer's lease, and the migration that makes old games due."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import text

from honeymoon.server.storage import (
    MIGRATIONS,
    GameChange,
    NewGame,
    SeatLinkReplaced,
    Storage,
    StorageConflict,
)


def _params(game_id: str, opponent: str = "computer") -> NewGame:
    return NewGame(
        id=game_id,
        variant="draw-discard",
        options={},
        seed=1,
        first_dealer=0,
        opponent=opponent,
        bot="easy" if opponent == "computer" else None,
        bot_seat=1 if opponent == "computer" else None,
    )


def test_two_writers_at_one_version_store_one_move(database_url: str) -> None:
    first, second = Storage(database_url, shared=True), Storage(database_url, shared=True)
    try:
        first.migrate()
        first.create_game(_params("g1", "friend"), {0: "a" * 64, 1: "b" * 64})
        first.append_action("g1", 0, 1, 10, "m-first")
        with pytest.raises(StorageConflict):
            second.append_action("g1", 0, 1, 11, "m-second")
        second.append_action("g1", 1, 0, 12, "m-next")
        assert [a.action for a in second.actions_since("g1", 0)] == [10, 12]
        assert [a.move_id for a in first.actions_since("g1", 1)] == ["m-next"]
        assert first.versions(["g1", "gone"]) == {"g1": 2}
    finally:
        first.close()
        second.close()


def test_one_node_at_a_time_holds_the_computers_turn(database_url: str) -> None:
    storage = Storage(database_url, shared=True)
    try:
        storage.migrate()
        now = datetime.now(UTC)
        storage.create_game(_params("g2"), {0: "c" * 64}, bot_due=now)
        storage.create_game(_params("g3"), {0: "d" * 64}, bot_due=now + timedelta(hours=1))
        later = now + timedelta(seconds=1)
        assert storage.due_bots(later) == ["g2"]
        assert storage.claim_bot("g2", "a", later, later + timedelta(seconds=10))
        assert not storage.claim_bot("g2", "b", later, later + timedelta(seconds=10))
        assert storage.due_bots(later) == []
        # Node a died: once its lease has run out, node b takes the turn.
        expired = later + timedelta(seconds=11)
        assert storage.due_bots(expired) == ["g2"]
        assert storage.claim_bot("g2", "b", expired, expired + timedelta(seconds=10))
        storage.release_bot("g2", "a", settled_at=0)  # not a's any more: changes nothing
        assert not storage.claim_bot("g2", "c", expired, expired + timedelta(seconds=10))
        storage.release_bot("g2", "b", settled_at=0)  # a person's turn: nothing due
        assert storage.due_bots(expired) == []
        assert not storage.claim_bot("g3", "a", later, later + timedelta(seconds=10))
    finally:
        storage.close()


def test_the_migration_makes_unfinished_computer_games_due(database_url: str) -> None:
    storage = Storage(database_url)
    try:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with storage.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "r0001")
        with storage.engine.begin() as connection:
            for game_id, opponent in (("old-c", "computer"), ("old-f", "friend")):
                connection.execute(
                    text(
                        "INSERT INTO games (id, variant, options, seed, first_dealer, opponent,"
                        " bot, bot_seat, version, complete, created_at, updated_at) VALUES"
                        " (:id, 'draw-discard', '{}', '1', 0, :opponent, NULL, NULL, 0,"
                        " false, :now, :now)"
                    ),
                    {"id": game_id, "opponent": opponent, "now": datetime.now(UTC)},
                )
        storage.migrate()
        assert storage.due_bots(datetime.now(UTC) + timedelta(seconds=1)) == ["old-c"]
    finally:
        storage.close()


@pytest.fixture(params=["driver", "sqlalchemy"])
def write_path(request: pytest.FixtureRequest) -> str:
    """Moves are written straight on the driver (PostgreSQL's and SQLite's usual drivers)
    or through SQLAlchemy (any other driver): each test runs on both."""
    return str(request.param)


def _shared(database_url: str, write_path: str) -> Storage:
    storage = Storage(database_url, shared=True)
    if write_path == "sqlalchemy":
        storage._driver_sql = None
    return storage


def test_a_move_sent_with_a_replaced_link_is_not_stored(database_url: str, write_path: str) -> None:
    storage = _shared(database_url, write_path)
    try:
        storage.migrate()
        storage.create_game(_params("g4", "friend"), {0: "a" * 64, 1: "b" * 64})
        storage.append_action("g4", 0, 0, 10, "m1", link=("a" * 64, 0))
        assert storage.replace_seat_token("a" * 64, "c" * 64) == ("g4", 0)
        with pytest.raises(SeatLinkReplaced):
            storage.append_action("g4", 1, 0, 11, "m2", link=("a" * 64, 0))
        with pytest.raises(SeatLinkReplaced):  # the other seat's token does not open this one
            storage.append_action("g4", 1, 0, 11, "m2", link=("b" * 64, 0))
        with pytest.raises(StorageConflict):  # a good link on an old version
            storage.append_action("g4", 0, 0, 11, "m2", link=("c" * 64, 0))
        assert storage.action_count("g4") == 1
        storage.append_action("g4", 1, 0, 11, "m2", link=("c" * 64, 0))
        storage.append_action("g4", 2, 1, 12, None)  # the computer's kind of move: no link
        assert [a.action for a in storage.actions_since("g4", 0)] == [10, 11, 12]
        assert storage.find_link("c" * 64) == ("g4", 0, 1)
    finally:
        storage.close()


def test_changes_since_finds_each_move_and_replaced_link(
    database_url: str, write_path: str
) -> None:
    storage = _shared(database_url, write_path)
    try:
        storage.migrate()
        for game_id, first in (("g5", "d"), ("g6", "e")):
            storage.create_game(_params(game_id, "friend"), {0: first * 64, 1: first * 63 + "f"})
        horizon = storage.change_horizon()
        assert storage.changes_since(horizon)[0] == []  # creating a game changes nothing
        storage.append_action("g5", 0, 0, 10, None)
        changes, following = storage.changes_since(horizon)
        assert changes == [GameChange("g5", 1, 0, "on", (0, 0))]
        assert following > horizon or database_url.startswith("postgresql")
        storage.replace_seat_token("e" * 64, "x" * 64)
        changes, following = storage.changes_since(following)
        assert GameChange("g6", 0, 1, "on", (0, 0)) in changes
        assert all(c.id in ("g5", "g6") for c in changes)
        # Fair play is a change too: another node tells its seats of an answer or a hint.
        assert storage.answer_hints("g5", "on", "declined-south")
        assert not storage.answer_hints("g5", "on", "declined-south")  # it is no longer "on"
        assert storage.count_hint("g5", 1) == (0, 1)
        changes, _ = storage.changes_since(following)
        assert GameChange("g5", 1, 0, "declined-south", (0, 1)) in changes
    finally:
        storage.close()


def test_a_change_that_commits_late_is_not_missed(postgres_url: str) -> None:
    # Two nodes' transactions commit in another order than their numbers: a change numbered
    # before the last one read, committed after it, is read by the next call.
    storage = Storage(postgres_url, shared=True)
    try:
        storage.migrate()
        for game_id, first in (("g7", "g"), ("g8", "h")):
            storage.create_game(_params(game_id, "friend"), {0: first * 64, 1: first * 63 + "i"})
        horizon = storage.change_horizon()
        with storage.engine.connect() as late:
            late.execute(
                text(
                    "UPDATE games SET version = 1,"
                    " change_number = pg_current_xact_id()::text::bigint WHERE id = 'g7'"
                )
            )
            late.execute(
                text(
                    "INSERT INTO actions (game_id, number, seat, action, move_id, created_at)"
                    " VALUES ('g7', 0, 0, 10, NULL, now())"
                )
            )
            storage.append_action("g8", 0, 0, 10, None)  # numbered after g7, committed first
            changes, horizon = storage.changes_since(horizon)
            assert GameChange("g8", 1, 0, "on", (0, 0)) in changes and "g7" not in [
                c.id for c in changes
            ]
            late.commit()
        changes, horizon = storage.changes_since(horizon)
        assert GameChange("g7", 1, 0, "on", (0, 0)) in changes
    finally:
        storage.close()
