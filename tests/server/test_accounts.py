"""Accounts: a code mailed through a real SMTP server signs a device in, the account is made
on the first sign-in, its name is chosen and changed, its sessions are listed and revoked, and
what is stored of codes and sessions is a hash. On SQLite and on PostgreSQL."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from account_devices import Device
from sqlalchemy import create_engine, text

from honeymoon.server.accounts import code_hash


def _rows(url: str, query: str) -> list[Any]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return list(connection.execute(text(query)).all())
    finally:
        engine.dispose()


def test_a_mailed_code_signs_in_and_makes_the_account(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    with server_factory(database_url, **_mail(inbox)) as server:
        phone = Device(server.client, inbox)
        assert phone.get("/api/account").json() == {"signed_in": False}
        asked = phone.ask_code("Ada@Example.org")
        assert asked.status_code == 202, asked.text
        assert asked.json() == {"sent": True, "expires_in": 600}
        mail = inbox.to("ada@example.org")[0]
        assert mail["To"] == "ada@example.org"
        assert "sign-in code" in mail["Subject"]
        code = inbox.code_for("ada@example.org")
        answer = phone.post("/api/sign-in", {"email": "ada@example.org", "code": code.lower()})
        assert answer.status_code == 200, answer.text
        assert answer.json() == {
            "signed_in": True,
            "name": None,
            "email": "ada@example.org",
            "new": True,
        }
        cookie = phone.last_set_cookie.lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
        assert "secure" not in cookie  # the server is not behind https
        named = phone.post("/api/account/name", {"name": "  Aunt   Ada "})
        assert named.json()["name"] == "Aunt Ada"
        assert phone.get("/api/account").json() == {
            "signed_in": True,
            "name": "Aunt Ada",
            "email": "ada@example.org",
        }
        # The same address on another device: the same account, not a new one.
        laptop = Device(server.client, inbox)
        assert laptop.sign_in("ada@example.org")["new"] is False
        assert laptop.get("/api/account").json()["name"] == "Aunt Ada"
    assert len(_rows(database_url, "SELECT id FROM accounts")) == 1


def test_the_cookie_is_secure_behind_an_https_public_url(
    server_factory: Any, sqlite_url: str, inbox: Any
) -> None:
    settings = _mail(inbox) | {"public_url": "https://bridge.example.org"}
    with server_factory(sqlite_url, **settings) as server:
        phone = Device(server.client, inbox)
        phone.sign_in("ada@example.org")
        assert "secure" in phone.last_set_cookie.lower()


def test_codes_and_sessions_are_stored_as_hashes_only(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    with server_factory(database_url, **_mail(inbox)) as server:
        phone = Device(server.client, inbox)
        phone.ask_code("ada@example.org")
        code = inbox.code_for("ada@example.org")
        (stored,) = _rows(database_url, "SELECT email, code_hash, tries FROM sign_in_codes")
        assert stored.email == "ada@example.org" and stored.tries == 0
        assert stored.code_hash == code_hash("ada@example.org", code) != code
        phone.post("/api/sign-in", {"email": "ada@example.org", "code": code})
        assert phone.secret is not None
        assert _rows(database_url, "SELECT email FROM sign_in_codes") == []  # used up
        (session,) = _rows(database_url, "SELECT id, token_hash FROM sessions")
        assert phone.secret not in (session.id, session.token_hash)


def test_signing_in_again_rotates_the_session_and_signing_out_ends_it(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    with server_factory(database_url, **_mail(inbox)) as server:
        phone = Device(server.client, inbox)
        phone.sign_in("ada@example.org")
        first = phone.secret
        phone.sign_in("ada@example.org")
        assert phone.secret is not None and phone.secret != first
        stale = Device(server.client)
        stale.secret = first
        assert stale.get("/api/account").json() == {"signed_in": False}
        assert len(_rows(database_url, "SELECT id FROM sessions")) == 1
        ended = phone.post("/api/sign-out")
        assert ended.status_code == 200 and ended.json() == {"signed_in": False}
        assert phone.secret is None
        assert _rows(database_url, "SELECT id FROM sessions") == []


def test_sessions_are_listed_and_one_is_revoked(
    server_factory: Any, database_url: str, inbox: Any
) -> None:
    with server_factory(database_url, **_mail(inbox)) as server:
        phone = Device(server.client, inbox)
        phone.sign_in("ada@example.org")
        laptop = Device(server.client, inbox)
        laptop.sign_in("ada@example.org")
        listed = phone.get("/api/account/sessions").json()["sessions"]
        assert len(listed) == 2
        assert [entry["current"] for entry in listed].count(True) == 1
        assert set(listed[0]) == {"id", "device", "signed_in_at", "last_seen_at", "current"}
        other = next(entry["id"] for entry in listed if not entry["current"])
        revoked = phone.post(f"/api/account/sessions/{other}/revoke")
        assert revoked.status_code == 200 and revoked.json() == {"revoked": other}
        assert laptop.get("/api/account").json() == {"signed_in": False}
        assert phone.get("/api/account").json()["signed_in"] is True
        again = phone.post(f"/api/account/sessions/{other}/revoke")
        assert again.status_code == 404 and again.json()["error"]["code"] == "no_such_session"
        bad = phone.post("/api/account/sessions/not%20an%20id/revoke")
        assert bad.status_code == 400


def test_without_a_mail_server_the_code_is_written_to_the_log(
    server_factory: Any, sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with server_factory(sqlite_url) as server, caplog.at_level(logging.INFO):
        phone = Device(server.client)
        assert phone.ask_code("ada@example.org").status_code == 202
        (line,) = [r.getMessage() for r in caplog.records if "sign-in code" in r.getMessage()]
        code = line.split()[2]
        answer = phone.post("/api/sign-in", {"email": "ada@example.org", "code": code})
        assert answer.status_code == 200, answer.text
    assert not [r for r in caplog.records if "ada@example.org" in r.getMessage()]


def test_a_mail_server_that_cannot_be_reached_is_reported(
    server_factory: Any, sqlite_url: str
) -> None:
    from helpers import free_port

    with server_factory(sqlite_url, smtp_host="127.0.0.1", smtp_port=free_port()) as server:
        answer = Device(server.client).ask_code("ada@example.org")
        assert answer.status_code == 502
        assert answer.json()["error"]["code"] == "mail_failed"


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/api/sign-in/code", {"email": "not an address"}, 400, "bad_email"),
        ("/api/sign-in/code", {"email": "a@b"}, 400, "bad_email"),
        ("/api/sign-in/code", {"email": "a,b@example.org"}, 400, "bad_email"),
        ("/api/sign-in/code", {"email": "ada@example.org\r\nBcc: b@example.org"}, 400, "bad_email"),
        ("/api/sign-in/code", {"email": "adé@example.org"}, 400, "bad_email"),
        ("/api/sign-in/code", {"email": ["ada@example.org"]}, 400, "bad_email"),
        ("/api/sign-in/code", {"email": "ada@example.org", "x": 1}, 400, "bad_request"),
        ("/api/sign-in/code", [1], 400, "bad_request"),
        ("/api/sign-in", {"email": "ada@example.org", "code": "12"}, 400, "bad_code"),
        ("/api/sign-in", {"email": "ada@example.org", "code": "ABCDE0"}, 400, "bad_code"),
        ("/api/sign-in", {"email": "ada@example.org", "code": "ABCDEF"}, 401, "wrong_code"),
        ("/api/account/name", {"name": "x"}, 401, "not_signed_in"),
        ("/api/account/games/abc/seat-link", {}, 401, "not_signed_in"),
        ("/api/sign-out", {"all": True}, 400, "bad_request"),
    ],
)
def test_bad_requests_say_what_was_wrong(
    server_factory: Any, sqlite_url: str, path: str, body: Any, status: int, code: str
) -> None:
    with server_factory(sqlite_url) as server:
        answer = Device(server.client).post(path, body)
        assert answer.status_code == status, answer.text
        assert answer.json()["error"]["code"] == code
        assert answer.json()["error"]["message"]


def test_a_name_must_be_short_and_printable(
    server_factory: Any, sqlite_url: str, inbox: Any
) -> None:
    with server_factory(sqlite_url, **_mail(inbox)) as server:
        phone = Device(server.client, inbox)
        phone.sign_in("ada@example.org", name="Ada")
        for name in ("", "   ", "x" * 33, "a\u0000b", 7):
            answer = phone.post("/api/account/name", {"name": name})
            assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_name"
        assert phone.get("/api/account").json()["name"] == "Ada"


def test_a_body_that_is_not_json_is_refused(server_factory: Any, sqlite_url: str) -> None:
    with server_factory(sqlite_url) as server:
        answer = server.client.post(
            "/api/sign-in/code",
            content=b'{"email": "ada@example.org"}',
            headers={"Content-Type": "text/plain"},
        )
        assert answer.status_code == 415


def _mail(inbox: Any) -> dict[str, Any]:
    return {"smtp_host": inbox.host, "smtp_port": inbox.port}


def test_the_accounts_migration_goes_down_and_up_again(database_url: str) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    from honeymoon.server.storage import MIGRATIONS, Storage

    storage = Storage(database_url)
    new = {"accounts", "sessions", "sign_in_codes", "account_seats"}
    try:
        storage.migrate()
        assert new <= set(inspect(storage.engine).get_table_names())
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with storage.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "r0004")
        assert not new & set(inspect(storage.engine).get_table_names())
        storage.migrate()
        assert new <= set(inspect(storage.engine).get_table_names())
    finally:
        storage.close()


def test_the_mail_server_can_be_named_by_a_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from honeymoon.cli.serve import settings_from_args
    from honeymoon.errors import HoneymoonError

    monkeypatch.setenv("HONEYMOON_SMTP_PORT", "2525")
    settings = settings_from_args(argparse.Namespace(smtp="mail.example.org"))
    assert (settings.smtp_host, settings.smtp_port) == ("mail.example.org", 2525)
    settings = settings_from_args(argparse.Namespace(smtp="mail.example.org:587"))
    assert (settings.smtp_host, settings.smtp_port) == ("mail.example.org", 587)
    with pytest.raises(HoneymoonError, match="HOST:PORT"):
        settings_from_args(argparse.Namespace(smtp="mail.example.org:smtp"))
