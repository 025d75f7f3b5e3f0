"""Signing in from the lobby in real Chromium, with the code read from a real SMTP server: a
game made on one signed-in browser is resumed from the account's list on another, and
signing out leaves the lobby's sign-in form."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import axe_violations
from server_process import ServerProcess

pytestmark = pytest.mark.slow


@pytest.fixture
def mailing_server(tmp_path: Path, inbox: Any) -> Iterator[ServerProcess]:
    """A server that mails its sign-in codes to the test's SMTP server."""
    process = ServerProcess(tmp_path, bot_delay=0.05, env=inbox.environment)
    process.start()
    yield process
    process.stop()


def _sign_in(page: Any, inbox: Any, email: str, count: int) -> None:
    """Sign in from the lobby: the address, then the code from the ``count``-th mail."""
    page.get_by_label("Email address").fill(email)
    page.get_by_role("button", name="Send me a code").click()
    code = inbox.code_for(email, count)
    page.get_by_label("Code from the mail").fill(code)
    page.get_by_role("button", name="Sign in").click()


def test_a_game_made_on_one_browser_is_resumed_on_another(
    mailing_server: ServerProcess, browser: Any, inbox: Any
) -> None:
    phone = browser.new_context()
    laptop = browser.new_context()
    try:
        page = phone.new_page()
        page.goto(mailing_server.url + "/")
        _sign_in(page, inbox, "ada@example.org", 1)
        page.get_by_role("textbox", name="Name").fill("Ada")
        page.get_by_role("button", name="Save the name").click()
        page.get_by_role("heading", name="Signed in as Ada").wait_for()
        page.get_by_text("None yet").wait_for()
        page.get_by_role("button", name="Play against the computer: easy").click()
        page.wait_for_url("**/play#*")
        page.locator(".table").wait_for(timeout=15000)
        first_token = page.url.split("#", 1)[1]

        other = laptop.new_page()
        other.goto(mailing_server.url + "/")
        _sign_in(other, inbox, "ada@example.org", 2)
        other.get_by_role("heading", name="Signed in as Ada").wait_for()
        entry = other.locator(".account-games li")
        entry.wait_for()
        assert "against the computer (easy)" in entry.inner_text()
        assert "in progress" in entry.inner_text()
        assert "@" not in other.locator("#account").inner_text().replace("ada@example.org", "")
        entry.get_by_role("button", name="Resume").click()
        other.wait_for_url("**/play#*")
        other.wait_for_function(
            "() => document.getElementById('connection').dataset.status === 'connected'",
            timeout=15000,
        )
        other.locator(".table").wait_for(timeout=15000)
        assert other.url.split("#", 1)[1] != first_token
        # The first browser's link was replaced by the resumed one.
        page.get_by_text("This seat has a new link").wait_for(timeout=15000)

        # The first browser revokes the second's sign-in from its list of devices.
        page.goto(mailing_server.url + "/")
        devices = page.locator(".account-sessions li")
        devices.nth(1).wait_for()
        assert devices.count() == 2
        assert "(this device)" in devices.first.inner_text()
        assert "Chrome on Linux" in devices.nth(1).inner_text()
        devices.nth(1).get_by_role("button", name="Revoke").click()
        page.locator(".account-sessions li").nth(1).wait_for(state="detached")
        other.goto(mailing_server.url + "/")
        other.get_by_label("Email address").wait_for()

        # Signed in again, the second browser signs out.
        _sign_in(other, inbox, "ada@example.org", 3)
        other.get_by_role("button", name="Sign out", exact=True).click()
        other.get_by_label("Email address").wait_for()
        other.reload()
        other.get_by_label("Email address").wait_for()
    finally:
        phone.close()
        laptop.close()


def test_the_account_screens_pass_the_accessibility_scan(
    mailing_server: ServerProcess, browser: Any, inbox: Any
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        page.goto(mailing_server.url + "/")
        page.get_by_label("Email address").wait_for()
        seen = {"sign in": axe_violations(page)}
        page.get_by_label("Email address").fill("ada@example.org")
        page.get_by_role("button", name="Send me a code").click()
        page.get_by_label("Code from the mail").wait_for()
        seen["code"] = axe_violations(page)
        page.get_by_label("Code from the mail").fill(inbox.code_for("ada@example.org"))
        page.get_by_role("button", name="Sign in").click()
        page.get_by_role("textbox", name="Name").wait_for()
        seen["name"] = axe_violations(page)
        page.get_by_role("textbox", name="Name").fill("Ada")
        page.get_by_role("button", name="Save the name").click()
        page.locator(".account-sessions li").wait_for()
        seen["signed in"] = axe_violations(page)
        assert seen == {"sign in": [], "code": [], "name": [], "signed in": []}
    finally:
        context.close()
