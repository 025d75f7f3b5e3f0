"""Whole hands played through the browser client against the real server."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from helpers import shoot

pytestmark = pytest.mark.slow


def test_two_people_play_a_hand_to_the_score_sheet(server: Any, browser: Any, table: Any) -> None:
    game = table.create_game(server, {"opponent": "friend", "seat": "south"})
    south = table.open_seat(browser, game["link"], width=360, height=740)
    assert south.get_by_text("away: the game waits").count() == 1
    east = table.open_seat(browser, game["opponent_link"])
    south.wait_for_selector(".badge.here")
    players = [table.Player(south), table.Player(east)]
    table.play_until(players, lambda: all(p.hand_number() >= 1 for p in players))
    for page in (south, east):
        page.get_by_text("Hands played (1)").click()
        assert page.locator(".history li").count() == 1
        page.get_by_text("Score sheet").click()
        assert page.locator(".paper .points").count() >= 1
        assert page.locator(".rubber-over").count() == 0
    south.context.close()
    east.context.close()


def test_one_person_plays_a_hand_against_the_computer(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "east"})
    assert "opponent_link" not in game
    page = table.open_seat(browser, game["link"])
    player = table.Player(page)
    # The first move by keyboard alone: Tab to the Keep button, Enter.
    page.wait_for_selector(".draw button:not([disabled])", timeout=15000)
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.getAttribute('aria-label') || ''")
        if focused.startswith("Keep the"):
            break
    else:
        raise AssertionError("the Keep button cannot be reached with the keyboard")
    before = player.version()
    page.keyboard.press("Enter")
    player.wait_version(before + 1)
    table.play_until([player], lambda: player.hand_number() >= 1)
    page.get_by_text("Score sheet").click()
    assert page.locator(".paper .points").count() >= 1
    page.context.close()


def test_both_pages_reconnect_after_the_server_is_killed(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "friend", "seat": "south"})
    south = table.open_seat(browser, game["link"])
    east = table.open_seat(browser, game["opponent_link"])
    players = [table.Player(south), table.Player(east)]
    table.play_until(players, lambda: min(p.version() for p in players) >= 31)
    acknowledged = players[0].version()
    server.kill()
    for page in (south, east):
        page.wait_for_selector('#connection[data-status="waiting"]', timeout=15000)
    server.start()
    for page in (south, east):
        page.wait_for_selector('#connection[data-status="connected"]', timeout=30000)
    assert all(p.version() == acknowledged for p in players)
    table.play_until(players, lambda: all(p.hand_number() >= 1 for p in players))
    south.context.close()
    east.context.close()


def test_the_lobby_creates_both_kinds_of_game(server: Any, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.goto(server.url + "/")
    page.get_by_role("button", name="Create a game for two").click()
    link = page.get_by_label("Send this link to the other player", exact=False).input_value()
    assert link.startswith(server.url + "/play#")
    page.get_by_role("link", name="Go to your seat").click()
    page.wait_for_selector(".table")
    friend = browser.new_context().new_page()
    friend.goto(link)
    friend.wait_for_selector(".table")
    page.wait_for_selector(".badge.here")
    assert page.locator(".mine .seat").inner_text() != friend.locator(".mine .seat").inner_text()
    page.goto(server.url + "/")
    assert page.get_by_role("link", name="With a friend").count() == 1  # remembered
    page.get_by_role("button", name="Play against the computer: easy").click()
    page.wait_for_selector(".table")
    assert "Computer" in page.locator(".opponent h2").inner_text()
    assert not errors, errors
    friend.context.close()
    context.close()


def test_the_end_of_the_rubber_and_the_full_record(server: Any, browser: Any, table: Any) -> None:
    # A rubber played to its end by two heuristic players, stored as the server stores one.
    token = table.store_finished_rubber(server, "draw-discard", "heuristic")

    context = browser.new_context(accept_downloads=True, viewport={"width": 360, "height": 780})
    page = context.new_page()
    page.goto(f"{server.url}/play#{token}")
    page.wait_for_selector(".rubber-over")
    if os.environ.get("HONEYMOON_SCREENSHOTS"):
        page.get_by_text("Score sheet").click()
        shoot(page, "rubber-over-phone", full_page=True)
    text = page.locator(".rubber-over").inner_text()
    assert "won the rubber" in text and "Totals" in text
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the full record").click()
    with open(download.value.path(), encoding="utf-8") as record_file:
        record = json.load(record_file)
    assert record["complete"] is True and record["seed"] == 4242
    page.context.close()
