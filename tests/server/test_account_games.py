"""An account's games: a game created, or a seat opened, while signed in is on the account's
list (in progress and finished, with the other player's name and never an address), and the
account resumes its seat on any signed-in device through a new seat link. On SQLite and on
PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from account_devices import Device


def _mail(inbox: Any) -> dict[str, Any]:
    return {"smtp_host": inbox.host, "smtp_port": inbox.port}


def _hello(device: Device, token: str) -> dict[str, Any]:
    with device.websocket() as websocket:
        websocket.send_text(json.dumps({"type": "hello", "token": token}))
        message: dict[str, Any] = json.loads(websocket.receive_text())
    return message


def test_a_game_made_and_a_seat_opened_while_signed_in_are_listed_with_names(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    with server_factory(database_url, **_mail(inbox)) as server:
        ada = Device(server.client, inbox)
        ada.sign_in("ada@example.org", name="Ada")
        made = ada.post("/api/games", {"opponent": "friend", "seat": "south"})
        assert made.status_code == 201, made.text
        game = made.json()
        (listed,) = ada.get("/api/account/games").json()["games"]
        assert listed["game_id"] == game["game_id"]
        assert listed["seat"] == "south" and listed["opponent"] == "friend"
        assert listed["opponent_name"] is None and listed["finished"] is False
        bob = Device(server.client, inbox)
        bob.sign_in("bob@example.org", name="Bob")
        assert bob.get("/api/account/games").json() == {"games": []}
        assert _hello(bob, game["opponent_token"])["type"] == "hello"
        (bobs,) = bob.get("/api/account/games").json()["games"]
        assert bobs["seat"] == "east" and bobs["opponent_name"] == "Ada"
        (adas,) = ada.get("/api/account/games").json()["games"]
        assert adas["opponent_name"] == "Bob"
        for device, other in ((ada, "bob@"), (bob, "ada@")):
            assert other not in device.get("/api/account/games").text


def test_computer_games_and_finished_games_are_listed(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    with server_factory(database_url, **_mail(inbox)) as server:
        ada = Device(server.client, inbox)
        ada.sign_in("ada@example.org", name="Ada")
        first = ada.post("/api/games", {"opponent": "computer", "level": "easy"}).json()
        second = ada.post("/api/games", {"opponent": "friend"}).json()
        server.hub.storage.mark_complete(first["game_id"])
        games = {g["game_id"]: g for g in ada.get("/api/account/games").json()["games"]}
        assert set(games) == {first["game_id"], second["game_id"]}
        assert games[first["game_id"]]["finished"] is True
        assert games[first["game_id"]]["opponent"] == "computer"
        assert games[first["game_id"]]["level"] == "easy"
        assert games[second["game_id"]]["finished"] is False


def test_a_guest_game_and_a_second_seat_of_the_same_account_are_not_listed(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    with server_factory(database_url, **_mail(inbox)) as server:
        guest = server.create(opponent="friend")
        ada = Device(server.client, inbox)
        ada.sign_in("ada@example.org")
        _hello(ada, guest["token"])  # opening a guest's seat while signed in: now Ada's
        own = ada.post("/api/games", {"opponent": "friend"}).json()
        _hello(ada, own["opponent_token"])  # Ada tries her friend's seat: it stays free
        games = ada.get("/api/account/games").json()["games"]
        assert sorted(g["game_id"] for g in games) == sorted([guest["game_id"], own["game_id"]])
        bob = Device(server.client, inbox)
        bob.sign_in("bob@example.org")
        _hello(bob, own["opponent_token"])
        assert [g["game_id"] for g in bob.get("/api/account/games").json()["games"]] == [
            own["game_id"]
        ]


def test_the_account_resumes_its_seat_on_another_device(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    with server_factory(database_url, **_mail(inbox)) as server:
        phone = Device(server.client, inbox)
        phone.sign_in("ada@example.org")
        game = phone.post("/api/games", {"opponent": "friend", "seat": "east"}).json()
        laptop = Device(server.client, inbox)
        laptop.sign_in("ada@example.org")
        resumed = laptop.post(f"/api/account/games/{game['game_id']}/seat-link")
        assert resumed.status_code == 200, resumed.text
        link = resumed.json()
        assert link["seat"] == "east" and link["link"].endswith("/play#" + link["token"])
        assert link["token"] != game["token"]
        hello = _hello(laptop, link["token"])
        assert hello["type"] == "hello" and hello["view"]["seat"] == "east"
        refused = _hello(phone, game["token"])  # the old link opens nothing now
        assert refused["type"] == "error" and refused["code"] == "bad_token"
        unknown = laptop.post("/api/account/games/nosuchgame/seat-link")
        assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "no_such_game"


def test_purging_a_game_forgets_the_seats_held_by_accounts(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    with server_factory(database_url, **_mail(inbox)) as server:
        ada = Device(server.client, inbox)
        ada.sign_in("ada@example.org")
        game = ada.post("/api/games", {"opponent": "friend"}).json()
        later = datetime.now(UTC) + timedelta(days=1)
        purged = server.hub.storage.purge(finished_before=later, abandoned_before=later)
        assert purged == [game["game_id"]]
        assert ada.get("/api/account/games").json() == {"games": []}


def test_the_purge_deletes_expired_sessions_and_codes(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    from sqlalchemy import update

    from honeymoon.server.storage import sessions, sign_in_codes

    with server_factory(database_url, **_mail(inbox)) as server:
        ada = Device(server.client, inbox)
        ada.sign_in("ada@example.org")
        Device(server.client, inbox).ask_code("bob@example.org")
        storage = server.hub.storage
        past = datetime.now(UTC) - timedelta(seconds=1)
        with storage.engine.begin() as connection:
            connection.execute(update(sessions).values(expires_at=past))
            connection.execute(update(sign_in_codes).values(expires_at=past))
        long_ago = datetime.now(UTC) - timedelta(days=1)
        storage.purge(finished_before=long_ago, abandoned_before=long_ago)
        with storage.engine.connect() as connection:
            assert connection.execute(sessions.select()).all() == []
            assert connection.execute(sign_in_codes.select()).all() == []
