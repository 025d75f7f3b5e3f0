"""Old games are purged: finished ones after ``keep_finished``, abandoned ones after
``keep_abandoned``; and every field of a request is checked before the database sees it."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import update

from honeymoon.cli import main
from honeymoon.server.storage import Storage, games


def _age(storage: Storage, game_id: str, *, days: float, complete: bool) -> None:
    """Make a stored game look ``days`` old (and finished or not)."""
    with storage.engine.begin() as connection:
        connection.execute(
            update(games)
            .where(games.c.id == game_id)
            .values(updated_at=datetime.now(UTC) - timedelta(days=days), complete=complete)
        )


def _ids(storage: Storage) -> set[str]:
    with storage.engine.connect() as connection:
        return {row.id for row in connection.execute(games.select())}


def test_the_server_purges_old_games_and_keeps_the_rest(
    server_factory: Any, database_url: str
) -> None:
    with server_factory(database_url) as first:
        made = {name: first.create(opponent="friend")["game_id"] for name in "abcd"}
        storage = first.hub.storage
        _age(storage, made["a"], days=31, complete=True)  # finished, old: purged
        _age(storage, made["b"], days=29, complete=True)  # finished, recent: kept
        _age(storage, made["c"], days=91, complete=False)  # abandoned: purged
        _age(storage, made["d"], days=60, complete=False)  # unfinished, recent: kept
    days = 86400.0
    with server_factory(database_url, keep_finished=30 * days, keep_abandoned=90 * days) as again:
        deadline = time.monotonic() + 10
        while len(_ids(again.hub.storage)) > 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _ids(again.hub.storage) == {made["b"], made["d"]}
        with again.client.websocket_connect("/ws") as websocket:  # a purged seat is gone
            websocket.send_json({"type": "hello", "token": "x" * 32})
            assert websocket.receive_json()["code"] == "bad_token"


def test_a_game_the_server_purges_while_it_is_open_closes_its_sockets_with_game_gone(
    server_factory: Any, sqlite_url: str
) -> None:
    with server_factory(sqlite_url) as server:
        game = server.create(opponent="friend", seat="south")
        with server.seat(game["token"]) as south:
            _age(server.hub.storage, game["game_id"], days=91, complete=False)
            days = 86400.0
            assert server.client.portal.call(server.hub.purge, 30 * days, 90 * days) == 1
            assert south.expect("error")["code"] == "game_gone"
        with server.client.websocket_connect("/ws") as websocket:
            websocket.send_json({"type": "hello", "token": game["token"]})
            assert websocket.receive_json()["code"] == "bad_token"


def test_the_purge_command_deletes_what_the_flags_say(tmp_path: Any, capsys: Any) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    storage = Storage(url)
    storage.migrate()
    from honeymoon.server.storage import NewGame

    for number in range(3):
        params = NewGame(f"g{number}", "draw-discard", {}, number, 0, "friend", None, None)
        storage.create_game(params, {0: f"{number}a", 1: f"{number}b"})
    _age(storage, "g0", days=8, complete=True)
    _age(storage, "g1", days=6, complete=True)
    storage.close()
    assert main(["purge", "--database", url, "--keep-finished", "7d"]) == 0
    assert "deleted 1 games; 2 remain" in capsys.readouterr().out
    assert main(["purge", "--database", url, "--keep-finished", "soon"]) == 2
    assert "not a duration" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"opponent": "computer", "level": "x" * 100}, "unknown_level"),
        ({"opponent": "computer", "level": 7}, "unknown_level"),
        ({"variant": "v" * 1000}, "bad_request"),
        ({"variant": "draw", "options": {"o" * 1000: True}}, "bad_request"),
        ({"opponent": "friend", "colour": "red"}, "bad_request"),
    ],
)
def test_long_or_unknown_fields_get_a_typed_error_on_every_database(
    server_factory: Any, database_url: str, body: dict[str, Any], code: str
) -> None:
    with server_factory(database_url) as server:
        answer = server.client.post("/api/games", json=body)
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"]["code"] == code
        assert server.hub.storage.game_count() == 0


def test_a_database_error_never_shows_the_values_it_was_given(postgres_url: str) -> None:
    """A value too long for its column fails in PostgreSQL: the error (and so any traceback in
    the log) names the statement, never the parameters."""
    from honeymoon.server.storage import NewGame

    storage = Storage(postgres_url)
    storage.migrate()
    secret = "level-" + "s3cr3t" * 20
    params = NewGame("g-long", "draw-discard", {}, 1, 0, "computer", secret, 1)
    try:
        with pytest.raises(Exception) as failed:
            storage.create_game(params, {0: "hash"})
        assert "value too long" in str(failed.value)
        assert "s3cr3t" not in str(failed.value)
        assert "hidden due to hide_parameters" in str(failed.value)
    finally:
        storage.close()
