"""The table at a phone's width and a desktop's: nothing overflows, every control is a named
button, and screenshots for the documentation.

Set ``HONEYMOON_SCREENSHOTS=docs/screenshots`` to write ``web-*.png`` there.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 860}


def _check_page(page: Any, width: int) -> None:
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= width, f"the page is {overflow} px wide in a {width} px window"
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('button')]
            .filter(b => !(b.getAttribute('aria-label') || b.textContent).trim()).length"""
    )
    assert unnamed == 0
    assert page.locator("[onclick], div[role=button], span[role=button]").count() == 0


def _shoot(page: Any, name: str, full_page: bool = False) -> None:
    target = os.environ.get("HONEYMOON_SCREENSHOTS")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(target) / f"web-{name}.png"), full_page=full_page)


def test_table_fits_a_phone_and_a_desktop(server: Any, browser: Any, table: Any) -> None:
    lobby = browser.new_context(viewport=PHONE).new_page()
    lobby.goto(server.url + "/")
    lobby.wait_for_selector("#variant[data-loaded]")
    _check_page(lobby, PHONE["width"])
    _shoot(lobby, "lobby-phone")
    lobby.context.close()

    game = table.create_game(server, {"opponent": "friend", "seat": "south"})
    south = table.open_seat(browser, game["link"], **PHONE)
    east = table.open_seat(browser, game["opponent_link"], **DESKTOP)
    players = [table.Player(south), table.Player(east)]
    # Finish the first hand, so the score sheet has entries; then stop in the second
    # hand's drawing, auction and play to look at each.
    table.play_until(players, lambda: all(p.hand_number() >= 1 for p in players))
    south.wait_for_selector(".phase-drawing")
    _check_page(south, PHONE["width"])
    _check_page(east, DESKTOP["width"])
    drawing = next(p for p in (south, east) if p.locator(".draw button:not([disabled])").count())
    _shoot(drawing, "drawing")
    table.play_until(players, lambda: south.locator(".phase-auction").count() > 0)
    table.play_until(
        players, lambda: south.locator(".phase-auction .bidbox button:not([disabled])").count() > 0
    )
    _check_page(south, PHONE["width"])
    _shoot(south, "auction-phone", full_page=True)
    table.play_until(players, lambda: south.locator(".phase-play").count() > 0)
    table.play_until(
        players,
        lambda: (
            east.locator(".trick li").count() == 1
            and south.locator(".hand button.card:not([disabled])").count() > 0
        ),
    )
    for page in (south, east):
        page.get_by_text("Score sheet").click()
    _check_page(south, PHONE["width"])
    _check_page(east, DESKTOP["width"])
    _shoot(south, "play-phone", full_page=True)
    _shoot(east, "play-desktop")
