"""Attacks on the accounts: guessing a code is stopped (per address and per client), a code
works once and expires, one account's session cannot act for another, no address reaches
another player or the log, and a page on another site can change nothing."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from account_devices import Device

from honeymoon.server import account_routes


def _mail(inbox: Any, **more: Any) -> dict[str, Any]:
    return {"smtp_host": inbox.host, "smtp_port": inbox.port, **more}


def _from(server: Any, host: str) -> None:
    """Later requests of the test's client come from ``host``."""
    server.client._transport.client = (host, 50000)


def _try(device: Device, email: str, code: str) -> tuple[int, str]:
    answer = device.post("/api/sign-in", {"email": email, "code": code})
    return answer.status_code, answer.json()["error"]["code"] if answer.status_code != 200 else ""


def _wrong(code: str) -> str:
    """A well-formed code that is not ``code``."""
    return ("A" if code[0] != "A" else "B") + code[1:]


def test_guessing_a_code_is_stopped_for_the_address_and_the_client(
    server_factory: Any, sqlite_url: str, inbox: Any
) -> None:
    limits = {"code_tries": 5, "sign_ins_burst": 6, "sign_ins_per_hour": 0.001}
    with server_factory(sqlite_url, **_mail(inbox, **limits)) as server:
        _from(server, "10.0.0.1")
        attacker = Device(server.client, inbox)
        attacker.ask_code("ada@example.org")
        code = inbox.code_for("ada@example.org")
        tries = [_try(attacker, "ada@example.org", _wrong(code)) for _ in range(5)]
        assert tries == [(401, "wrong_code")] * 5
        # Five wrong codes: the code itself stops working, even the right one.
        assert _try(attacker, "ada@example.org", code) == (401, "wrong_code")
        assert _try(attacker, "ada@example.org", code)[1] == "rate_limited"
        # The address is refused from another client too, even with a fresh code.
        _from(server, "10.0.0.2")
        ada = Device(server.client, inbox)
        ada.ask_code("ada@example.org")
        fresh = inbox.code_for("ada@example.org", 2)
        answer = ada.post("/api/sign-in", {"email": "ada@example.org", "code": fresh})
        assert answer.status_code == 429 and answer.json()["error"]["code"] == "rate_limited"
        assert int(answer.headers["Retry-After"]) > 0
        # The first client is refused for any address.
        _from(server, "10.0.0.1")
        attacker.ask_code("bob@example.org")
        bobs = inbox.code_for("bob@example.org")
        assert _try(attacker, "bob@example.org", bobs) == (429, "rate_limited")
        # Another client and address are served.
        _from(server, "10.0.0.3")
        bob = Device(server.client, inbox)
        assert _try(bob, "bob@example.org", bobs) == (200, "")


def test_asking_for_codes_is_limited_per_address_and_per_client(
    server_factory: Any, sqlite_url: str, inbox: Any
) -> None:
    limits = {"codes_burst": 2, "codes_per_hour": 0.001}
    with server_factory(sqlite_url, **_mail(inbox, **limits)) as server:
        _from(server, "10.0.0.1")
        device = Device(server.client, inbox)
        assert device.ask_code("ada@example.org").status_code == 202
        _from(server, "10.0.0.2")
        assert device.ask_code("ada@example.org").status_code == 202
        _from(server, "10.0.0.3")
        refused = device.ask_code("ada@example.org")
        assert refused.status_code == 429 and "email address" in refused.json()["error"]["message"]
        # The refused try counted for this client too (charged before the work).
        assert device.ask_code("bob@example.org").status_code == 202
        refused = device.ask_code("dee@example.org")
        assert refused.status_code == 429 and "from this address" in refused.text
        assert len(inbox.to("ada@example.org")) == 2 and inbox.to("dee@example.org") == []


def test_a_code_works_once_and_a_new_code_replaces_the_old(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    with server_factory(database_url, **_mail(inbox)) as server:
        device = Device(server.client, inbox)
        device.ask_code("ada@example.org")
        old = inbox.code_for("ada@example.org")
        device.ask_code("ada@example.org")
        new = inbox.code_for("ada@example.org", 2)
        if old != new:
            assert _try(device, "ada@example.org", old) == (401, "wrong_code")
        assert _try(device, "ada@example.org", new) == (200, "")
        assert _try(Device(server.client), "ada@example.org", new) == (401, "wrong_code")


def test_a_code_expires_after_ten_minutes(
    server_factory: Any, sqlite_url: str, inbox: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with server_factory(sqlite_url, **_mail(inbox)) as server:
        device = Device(server.client, inbox)
        device.ask_code("ada@example.org")
        code = inbox.code_for("ada@example.org")
        later = datetime.now(UTC) + timedelta(minutes=10, seconds=5)
        monkeypatch.setattr(account_routes, "_now", lambda: later)
        assert _try(device, "ada@example.org", code) == (401, "wrong_code")
        monkeypatch.undo()
        assert _try(device, "ada@example.org", code) == (401, "wrong_code")  # gone for good


def test_one_accounts_session_cannot_act_for_another(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    with server_factory(database_url, **_mail(inbox)) as server:
        ada = Device(server.client, inbox)
        ada.sign_in("ada@example.org", name="Ada")
        game = ada.post("/api/games", {"opponent": "computer", "level": "easy"}).json()
        ada_session = ada.get("/api/account/sessions").json()["sessions"][0]["id"]
        bob = Device(server.client, inbox)
        bob.sign_in("bob@example.org", name="Bob")
        assert bob.get("/api/account/games").json() == {"games": []}
        taken = bob.post(f"/api/account/games/{game['game_id']}/seat-link")
        assert taken.status_code == 404 and taken.json()["error"]["code"] == "no_such_game"
        revoked = bob.post(f"/api/account/sessions/{ada_session}/revoke")
        assert revoked.status_code == 404
        assert [s["id"] for s in bob.get("/api/account/sessions").json()["sessions"]] != [
            ada_session
        ]
        # Ada's seat and session are untouched.
        assert ada.get("/api/account").json()["name"] == "Ada"
        assert len(ada.get("/api/account/games").json()["games"]) == 1
        # A cookie that is not a session's opens nothing.
        forged = Device(server.client)
        forged.secret = ada_session
        assert forged.get("/api/account").json() == {"signed_in": False}
        assert forged.get("/api/account/games").status_code == 401


def test_no_address_reaches_the_other_player_or_the_log(
    server_factory: Any, sqlite_url: str, inbox: Any, caplog: pytest.LogCaptureFixture
) -> None:
    with server_factory(sqlite_url, **_mail(inbox)) as server, caplog.at_level(logging.DEBUG):
        ada = Device(server.client, inbox)
        ada.sign_in("ada@example.org", name="Ada")
        game = ada.post("/api/games", {"opponent": "friend"}).json()
        bob = Device(server.client, inbox)
        bob.sign_in("bob@example.org", name="Bob")
        seen: list[str] = [bob.get("/api/account/games").text, ada.get("/api/account/games").text]
        with bob.websocket() as websocket:
            websocket.send_text(json.dumps({"type": "hello", "token": game["opponent_token"]}))
            seen.append(websocket.receive_text())
        with ada.websocket() as websocket:
            websocket.send_text(json.dumps({"type": "hello", "token": game["token"]}))
            seen.append(websocket.receive_text())
        seen.append(bob.get("/api/account/games").text)
        seen.append(ada.get("/api/account/games").text)
        assert "Ada" in seen[-2] and "Bob" in seen[-1]
    assert not [text for text in seen if "@" in text]
    # Everything logged but by the test's own mail server, which logs the mails it gets.
    logged = "\n".join(r.getMessage() for r in caplog.records if not r.name.startswith("mail."))
    assert "signed in" in logged and "example.org" not in logged


#: Every account route that changes something, with a body it would accept.
CHANGING = [
    ("/api/sign-in/code", {"email": "ada@example.org"}),
    ("/api/sign-in", {"email": "ada@example.org", "code": "ABCDEF"}),
    ("/api/sign-out", {}),
    ("/api/account/name", {"name": "Mallory"}),
    ("/api/account/sessions/SESSION/revoke", {}),
    ("/api/account/games/GAME/seat-link", {}),
]


@pytest.mark.parametrize(("path", "body"), CHANGING)
def test_a_page_on_another_site_changes_nothing(
    server_factory: Any, sqlite_url: str, inbox: Any, path: str, body: dict[str, Any]
) -> None:
    with server_factory(sqlite_url, **_mail(inbox)) as server:
        ada = Device(server.client, inbox)
        ada.sign_in("ada@example.org", name="Ada")
        game = ada.post("/api/games", {"opponent": "friend"}).json()
        session = ada.get("/api/account/sessions").json()["sessions"][0]["id"]
        path = path.replace("SESSION", session).replace("GAME", game["game_id"])
        mails = len(inbox.mails)
        hostile = ada.post(path, body, headers={"Origin": "https://evil.example"})
        assert hostile.status_code == 403, hostile.text
        assert hostile.json()["error"]["code"] == "origin_refused"
        form = ada.client.post(
            path,
            content=json.dumps(body).encode(),
            headers={"Content-Type": "text/plain", "Cookie": f"honeymoon_session={ada.secret}"},
        )
        assert form.status_code in (403, 415), form.text
        assert len(inbox.mails) == mails
        assert ada.get("/api/account").json()["name"] == "Ada"
        assert ada.get("/api/account/sessions").json()["sessions"][0]["id"] == session
        resumed = ada.post(f"/api/account/games/{game['game_id']}/seat-link")
        assert resumed.status_code == 200
        assert resumed.json()["token"] != game["token"]


def test_account_requests_are_charged_to_the_client_before_any_work(
    server_factory: Any, sqlite_url: str, inbox: Any
) -> None:
    with server_factory(sqlite_url, **_mail(inbox, account_requests_per_minute=3)) as server:
        device = Device(server.client, inbox)
        answers = [device.get("/api/account").status_code for _ in range(3)]
        refused = device.post("/api/sign-out")
        assert answers == [200, 200, 200]
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
        assert int(refused.headers["Retry-After"]) >= 1
        _from(server, "10.0.0.9")
        assert device.get("/api/account").status_code == 200


def test_a_code_tried_twice_at_once_signs_in_once(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from honeymoon.server.accounts import AccountStore

    with server_factory(database_url, **_mail(inbox)) as server:
        Device(server.client, inbox).ask_code("ada@example.org")
        code = inbox.code_for("ada@example.org")
        store = AccountStore(server.hub.storage.engine)
        now = datetime.now(UTC)
        with ThreadPoolExecutor(4) as pool:
            tries = list(
                pool.map(lambda _: store.use_code("ada@example.org", code, now, 5), range(4))
            )
        assert sorted(tries) == [False, False, False, True]
