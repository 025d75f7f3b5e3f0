"""The storage that nodes share, on SQLite and on PostgreSQL: the version check between two
writers, the computer's lease, and the migration that makes old games due."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import text

from honeymoon.server.storage import MIGRATIONS, NewGame, Storage, StorageConflict


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
