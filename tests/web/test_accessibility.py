"""An automated accessibility scan (axe-core, in Chromium) of every screen of the browser
client, on a phone and on a desktop: the lobby, the drawing (with the walkthrough of a first
game), the auction and the play of the
two-hand table, the score sheet, the review of a hand, the four-hand table, Bridgette and the
offline page. No violation of serious or critical impact is allowed."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import axe_violations

pytestmark = pytest.mark.slow

PHONE = (360, 740)
DESKTOP = (1280, 800)
#: The screens are scanned at rest: with cards in flight (faded on their way) a scan would read
#: a moment, not a screen (the motion itself is tested in test_card_table.py).
STILL = {"reduced_motion": "reduce"}


def _scan(page: Any, screen: str, found: dict[str, list[str]]) -> None:
    page.wait_for_timeout(50)
    violations = axe_violations(page)
    if violations:
        found[screen] = violations


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_two_hand_table_in_every_phase(
    server: Any, browser: Any, table: Any, size: tuple[int, int]
) -> None:
    found: dict[str, list[str]] = {}
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#variant[data-loaded]")
    _scan(page, "lobby", found)
    page.get_by_role("button", name="Create a game for two").click()
    page.wait_for_selector("#friend-link")
    _scan(page, "lobby with a link to send", found)
    context.close()

    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(
        browser, game["link"], width=size[0], height=size[1], walkthrough=True, **STILL
    )
    player = table.Player(page)
    page.wait_for_selector(".table.phase-drawing .walkthrough")
    _scan(page, "drawing, with its walkthrough", found)
    page.get_by_role("button", name="Skip the walkthrough").click()
    table.play_until([player], lambda: page.locator(".table.phase-auction").count() > 0)
    _scan(page, "auction", found)
    table.play_until(
        [player], lambda: page.locator(".table.phase-play").count() > 0 or player.hand_number() > 0
    )
    _scan(page, "play (or the next hand)", found)
    page.get_by_text("Score sheet").first.click()
    _scan(page, "score sheet open", found)
    table.play_until([player], lambda: player.hand_number() >= 1)
    table.open_review(page, 0)
    _scan(page, "review of a hand", found)
    page.context.close()
    assert not found, found


@pytest.mark.parametrize("variant", ["double-dummy", "widow", "bridgette"])
def test_the_other_tables(server: Any, browser: Any, table: Any, variant: str) -> None:
    found: dict[str, list[str]] = {}
    game = table.create_game(
        server, {"opponent": "computer", "level": "easy", "seat": "south", "variant": variant}
    )
    page = table.open_seat(browser, game["link"], width=PHONE[0], height=PHONE[1], **STILL)
    player = table.Player(page)
    _scan(page, f"{variant}: first turn", found)
    table.play_until([player], lambda: player.version() >= 12, timeout=60)
    _scan(page, f"{variant}: later", found)
    page.context.close()
    assert not found, found


def test_the_offline_page(server: Any, browser: Any) -> None:
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_function("async () => !!(await navigator.serviceWorker.ready).active")
    page.wait_for_function("async () => (await caches.match('/static/app.js')) !== undefined")
    context.set_offline(True)
    page.reload()
    page.get_by_role("heading", name="You are offline").wait_for()
    found: dict[str, list[str]] = {}
    _scan(page, "offline", found)
    context.close()
    assert not found, found
