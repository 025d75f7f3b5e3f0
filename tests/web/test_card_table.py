"""The table as a bridge player reads it, on a phone: the auction in view for the whole play
without a click, the trick just won still in view when the next one is led, a call made in two
taps where the page asks for it, and every toggle showing that it opens."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.slow

PHONE = {"width": 360, "height": 740}


def test_the_auction_and_the_trick_just_won_stay_in_view(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"], **PHONE)
    player = table.Player(page)

    def computer_won_and_led() -> bool:
        # The trick in progress was led by the computer, who won the trick before it.
        last = page.locator(".trick.last .won")
        return last.count() == 1 and "you" not in last.inner_text()

    table.play_until([player], computer_won_and_led, timeout=180)
    last = page.locator(".trick.last")
    assert last.is_visible() and last.locator(".face").count() == 2
    assert "Last trick" in last.inner_text()
    assert page.locator(".trick:not(.last)").locator(".face").count() == 1  # the new lead
    strip = page.locator(".auction-strip")
    assert strip.is_visible() and strip.locator("details").count() == 0
    calls = strip.locator("li")
    assert calls.count() >= 2  # a bid and the passes that ended the auction
    assert calls.last.locator(".call").get_attribute("aria-label") == "pass"
    page.context.close()


def _my_call_turn(page: Any, player: Any, table: Any) -> None:
    table.play_until(
        [player],
        lambda: page.locator('.bidbox button[aria-label="Pass"]:not([disabled])').count() > 0,
        timeout=120,
    )


def test_a_call_needs_the_confirm_tap_on_a_phone_and_not_on_a_desktop(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "friend", "seat": "south"})
    south = table.open_seat(browser, game["link"], **PHONE)
    east = table.open_seat(browser, game["opponent_link"], width=1280, height=800)
    players = [table.Player(south), table.Player(east)]
    # Both draw until the auction; then whoever is to call first.
    table.play_until(players, lambda: south.locator(".table.phase-auction").count() > 0)
    callers = [
        index
        for index, page in enumerate((south, east))
        if page.locator('.bidbox button[aria-label="Pass"]:not([disabled])').count()
    ]
    assert len(callers) == 1, "one player to call"
    page, player = (south, east)[callers[0]], players[callers[0]]
    version = player.version()
    page.locator('.bidbox button[aria-label="Pass"]').click()
    if page is south:
        # On the phone the call waits: the question, Confirm and Cancel; nothing was sent.
        confirm = south.locator(".confirm-call")
        assert confirm.is_visible() and "Pass?" in confirm.inner_text()
        south.wait_for_timeout(300)
        assert player.version() == version
        south.get_by_role("button", name="Cancel").click()
        assert south.locator(".confirm-call").count() == 0
        south.locator('.bidbox button[aria-label="Pass"]').click()
        south.get_by_role("button", name="Confirm: pass").click()
    # On the desktop the one tap made the call.
    player.wait_version(version + 1)
    # The other player's call: the desktop in one tap, the phone in two.
    other, other_player = (east, players[1]) if page is south else (south, players[0])
    version = other_player.version()
    other.locator('.bidbox button[aria-label="Pass"]:not([disabled])').click()
    if other is south:
        south.get_by_role("button", name="Confirm: pass").click()
    other_player.wait_version(version + 1)
    # The option turns it off on the phone (and the page remembers it).
    south.get_by_label("Confirm each call").uncheck()
    assert south.evaluate("localStorage.getItem('honeymoon.confirm-calls')") == "off"
    south.context.close()
    east.context.close()


def test_every_toggle_shows_a_marker_that_turns_when_open(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"], **PHONE)
    page.wait_for_selector(".table details > summary")
    markers = page.evaluate(
        """() => Array.from(document.querySelectorAll('details > summary'), (s) => {
          const before = getComputedStyle(s, '::before');
          return [s.textContent.trim(), before.content, before.transform];
        })"""
    )
    assert markers, "toggles on the table"
    for text, content, _ in markers:
        assert "▸" in content, (text, content)
    page.locator(".table details > summary").first.click()
    turned = page.evaluate(
        "() => getComputedStyle(document.querySelector('details[open] > summary'), '::before')"
        ".transform"
    )
    assert turned not in ("none", ""), turned
    page.context.close()
