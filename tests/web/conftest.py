"""Real-browser tests: the real server (uvicorn, in a subprocess) and Debian's Chromium driven
by Playwright (started in tests/conftest.py). Without Chromium these tests are skipped, except
in CI (``CI=true``), where a missing browser fails them: ``scripts/test-services.sh`` installs it.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_process import ServerProcess


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A running server with a fresh SQLite database; the computer moves after 50 ms."""
    process = ServerProcess(tmp_path, bot_delay=0.05)
    process.start()
    yield process
    process.stop()


@pytest.fixture(scope="session")
def browser(chromium_browser: Any) -> Any:
    """Chromium, headless, from the system: the one of this test process (tests/conftest.py)."""
    return chromium_browser


class Player:
    """One person at the table, acting through the page like a person would."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def version(self) -> int:
        value = self.page.locator(".table").get_attribute("data-version")
        return int(value) if value is not None else -1

    def hand_number(self) -> int:
        value = self.page.locator(".table").get_attribute("data-hand")
        return int(value) if value is not None else -1

    def wait_version(self, version: int, timeout: float = 15000) -> None:
        """Wait until the page shows version ``version`` or a later one."""
        self.page.wait_for_function(
            "v => Number(document.querySelector('.table')?.dataset.version) >= v",
            arg=version,
            timeout=timeout,
        )

    def controls(self) -> Any:
        return self.page.locator(
            ".center button:not([disabled]), .hand button.card:not([disabled])"
        )

    def act(self) -> bool:
        """Make one move if it is this player's turn; False if there is nothing to do (also
        when the control went away before the click: the computer's move changed the table)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            return self._act()
        except PlaywrightTimeout:
            return False

    def confirm_call(self) -> None:
        """Confirm the call just tapped, where the page asks for it (on small screens)."""
        confirm = self.page.locator(".confirm-call button[data-confirmed]")
        if confirm.count():
            confirm.click(timeout=3000)

    def _act(self) -> bool:
        page = self.page
        quick = 3000  # a control that disappears under the click is not waited for
        keep = page.locator(".draw button[aria-label^='Keep the']:not([disabled])")
        if keep.count():
            # Alternate keeping and rejecting, so both kinds of turn are played.
            choice = "Keep the" if self.version() % 4 < 2 else "Reject the"
            page.locator(f".draw button[aria-label^='{choice}']").first.click(timeout=quick)
            return True
        # The bidding box shows one level's bids: 1 club is there only while level 1 is open.
        one_club = page.locator('.bidbox button[aria-label="Bid 1 club"]:not([disabled])')
        pass_button = page.locator('.bidbox button[aria-label="Pass"]:not([disabled])')
        for call in (one_club, pass_button):
            if call.count():
                call.click(timeout=quick)
                self.confirm_call()
                return True
        # The four-hand table: declarer's choice of dummy, the extra cards of twelve and two.
        choice = page.locator(".controls button[data-action]:not([disabled])")
        if choice.count():
            choice.first.click(timeout=quick)
            return True
        # A card of the hand to play: the player's own, or (at the four-hand table) the dummy.
        cards = page.locator(
            ".hand button.card:not([disabled]), .board button.card:not([disabled])"
        )
        if cards.count():
            # A card of a fan is tapped where it shows: its top-left corner.
            cards.first.click(timeout=quick, position={"x": 6, "y": 8})
            return True
        return False


def play_until(players: list[Player], done: Any, timeout: float = 120.0) -> None:
    """Let the players act in turn until ``done()`` is true."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("the game did not reach the expected point in time")
        moved = False
        for player in players:
            before = player.version()
            if player.act():
                player.wait_version(before + 1)
                moved = True
                break
        if not moved:
            players[0].page.wait_for_timeout(50)


def create_game(server: Any, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{server.url}/api/games",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        result: dict[str, Any] = json.loads(answer.read())
    return result


def open_seat(
    browser: Any,
    link: str,
    width: int = 1000,
    height: int = 900,
    *,
    autoplay: bool = False,
    walkthrough: bool = False,
    **context_options: Any,
) -> Any:
    """A page at the seat's link. Forced cards play themselves only with ``autoplay`` (the
    page's default is on; the tests that act card by card turn it off), and the drawing's
    walkthrough of a first game against the computer is shown only with ``walkthrough``."""
    context = browser.new_context(viewport={"width": width, "height": height}, **context_options)
    if not autoplay:
        context.add_init_script("localStorage.setItem('honeymoon.autoplay', 'off')")
    if not walkthrough:
        context.add_init_script("localStorage.setItem('honeymoon.walkthrough', 'done')")
    page = context.new_page()
    page.goto(link)
    page.wait_for_selector(".table", timeout=15000)
    return page


def open_review(page: Any, hand: int) -> Any:
    """Open the review of ``hand`` (from 0) from the list of hands played, which stays open
    while the computer moves; returns the dialog. (The last hand's own Review button leaves
    the table once the next hand's play starts, so it is not the one to click.)"""
    listing = page.locator(".history details.played")
    if listing.get_attribute("open") is None:
        listing.locator("summary").click()
    page.locator(f'.history button[data-review="{hand}"]').click()
    dialog = page.locator("dialog.review[open]")
    dialog.wait_for(timeout=10000)
    return dialog


def store_finished_rubber(server: Any, variant: str, level: str) -> str:
    """A whole rubber of ``variant`` played by two ``level`` bots and stored as the server
    stores one (under the id ``finished``, seed 4242), with the server stopped meanwhile;
    returns South's token."""
    import secrets

    from honeymoon.bots import make_bot
    from honeymoon.server.rooms import build_game
    from honeymoon.server.storage import NewGame, Storage, hash_token
    from honeymoon.views import view_for

    server.stop()
    token = secrets.token_urlsafe(24)
    params = NewGame("finished", variant, {}, 4242, 1, "friend", None, None)
    game = build_game(params)
    bots = [make_bot(level, seed=1), make_bot(level, seed=2)]
    storage = Storage(f"sqlite:///{server.database}")
    try:
        storage.create_game(params, {0: hash_token(token), 1: hash_token(token + "x")})
        number = 0
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            action = bots[seat].act(view_for(game, seat))
            storage.append_action("finished", number, int(seat), action, None)
            game.apply(action, seat)
            number += 1
    finally:
        storage.close()
    server.start()
    return token


@pytest.fixture
def table() -> Any:
    """The helpers above, for the test modules (``table.Player``, ``table.create_game``...)."""
    from types import SimpleNamespace

    return SimpleNamespace(
        Player=Player,
        play_until=play_until,
        create_game=create_game,
        open_seat=open_seat,
        open_review=open_review,
        store_finished_rubber=store_finished_rubber,
    )
