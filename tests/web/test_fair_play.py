"""Fair play between two people in Chromium: hints are off unless both agreed. The maker of
the game offers them in the lobby, the other player is asked on opening their seat, both see
the setting and how many hints each asked; without an offer there is no Hint button."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import axe_violations, shoot
from server_process import ServerProcess

pytestmark = pytest.mark.slow


def _mover(first: Any, second: Any) -> tuple[Any, Any]:
    """The page whose seat is to act (it has a control to use), and the other."""
    first.wait_for_selector(".table", timeout=15000)
    for _ in range(100):
        for page, other in ((first, second), (second, first)):
            if page.locator(".center button:not([disabled])").count():
                return page, other
        first.wait_for_timeout(100)
    raise AssertionError("neither seat has anything to do")


def test_hints_offered_in_the_lobby_are_on_once_the_other_player_accepts(
    server: Any, browser: Any
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_init_script("localStorage.setItem('honeymoon.autoplay', 'off')")
    maker = context.new_page()
    maker.goto(server.url + "/")
    maker.get_by_label("Offer hints to both of us").check()
    maker.get_by_role("button", name="Create a game for two").click()
    link = maker.get_by_label("Send this link to the other player", exact=False).input_value()
    maker.get_by_role("link", name="Go to your seat").click()
    maker.wait_for_selector(".fair-play")
    assert "until your opponent accepts" in maker.locator(".fair-play").inner_text()
    assert maker.locator("button[data-hint]").count() == 0
    friend_context = browser.new_context(viewport={"width": 360, "height": 740})
    friend_context.add_init_script("localStorage.setItem('honeymoon.autoplay', 'off')")
    friend = friend_context.new_page()
    friend.goto(link)
    offer = friend.get_by_role("region", name="Hints")
    offer.wait_for(timeout=15000)
    assert "offers hints to both of you" in offer.inner_text()
    assert axe_violations(friend) == []
    shoot(friend, "hints-offer")
    offer.get_by_role("button", name="Allow hints").click()
    for page in (maker, friend):
        page.wait_for_selector('.fair-play[data-hints="on"]', timeout=15000)
        assert "Hints are on for both of you" in page.locator(".fair-play").inner_text()
    maker.wait_for_selector("text=Your opponent accepted", timeout=15000)
    mover, other = _mover(maker, friend)
    mover.locator("button[data-hint]").click()
    mover.locator(".hint-box .hint-words").wait_for(timeout=20000)
    other.wait_for_selector("text=hints asked: you 0, opponent 1", timeout=15000)
    mover.wait_for_selector("text=hints asked: you 1, opponent 0", timeout=15000)
    friend_context.close()
    context.close()


def test_without_an_offer_neither_player_has_a_hint_button(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "friend", "seat": "south"})
    pages = {
        "south": table.open_seat(browser, game["link"], 360, 740),
        "east": table.open_seat(browser, game["opponent_link"], 360, 740),
    }
    mover, other = _mover(pages["south"], pages["east"])
    for page in (mover, other):
        assert page.locator('.fair-play[data-hints="off"]').inner_text() == (
            "Hints are off: neither of you can ask for them"
        )
        assert page.locator("button[data-hint]").count() == 0
        assert page.get_by_role("button", name="Allow hints").count() == 0
    for page in pages.values():
        page.context.close()


def test_against_the_computer_the_hint_button_stays_and_no_setting_is_shown(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"])
    page.wait_for_selector("button[data-hint]:not([disabled])", timeout=15000)
    assert page.locator(".fair-play").count() == 0
    page.context.close()


def test_a_rubber_left_by_the_other_player_is_ended_and_both_pages_say_so(
    tmp_path: Path, browser: Any, table: Any
) -> None:
    server = ServerProcess(tmp_path, env={"HONEYMOON_LEAVE_AFTER": "1s"})
    server.start()
    try:
        _end_a_left_rubber(server, browser, table)
    finally:
        server.stop()


def _end_a_left_rubber(server: Any, browser: Any, table: Any) -> None:
    """East closes the page; South ends the rubber once East has been away a second; both
    pages (East's opened again) say who left it."""
    game = table.create_game(server, {"opponent": "friend", "seat": "south"})
    south = table.open_seat(browser, game["link"], 360, 740)
    east = table.open_seat(browser, game["opponent_link"], 360, 740)
    south.wait_for_selector(".badge.here", timeout=15000)
    assert south.locator("button[data-end-rubber]").count() == 0  # the opponent is here
    east.close()
    button = south.get_by_role("button", name="End the rubber")
    button.wait_for(timeout=15000)
    south.wait_for_timeout(1200)
    button.click()
    south.wait_for_selector(".left-rubber", timeout=15000)
    text = south.locator(".left-rubber").inner_text()
    assert "Your opponent left this rubber" in text and "not as a result on points" in text
    assert axe_violations(south) == []
    shoot(south, "rubber-left")
    again = table.open_seat(browser, game["opponent_link"], 360, 740)
    again.wait_for_selector(".left-rubber", timeout=15000)
    assert "You left this rubber" in again.locator(".left-rubber").inner_text()
    for page in (south, again):
        page.context.close()
