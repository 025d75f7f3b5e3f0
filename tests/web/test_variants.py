"""Every variant in the browser: the lobby's variant and options, the preliminary tricks of
Draw Bridge (two people, the face-up stock) and Memory Bridge (against the computer, through
the memory award), and the drawing panel of the keep-ends-the-turn variation.

Set ``HONEYMOON_SCREENSHOTS=docs/screenshots`` to write ``web-draw-preliminary.png`` there.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import shoot

pytestmark = pytest.mark.slow

PHONE = {"width": 360, "height": 780}


def _no_overflow(page: Any, width: int) -> None:
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width, f"the page is {scroll} px wide in a {width} px window"
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('button')]
            .filter(b => !(b.getAttribute('aria-label') || b.textContent).trim()).length"""
    )
    assert unnamed == 0


def _drawn(page: Any) -> list[str]:
    """The names of the cards listed under "Your drawn cards"."""
    labels: list[str] = page.locator(".drawn .face").evaluate_all(
        "faces => faces.map(f => f.getAttribute('aria-label'))"
    )
    return labels


def _center(page: Any) -> str:
    text: str = page.locator(".center").inner_text()
    return text


def test_two_people_play_draw_bridge_with_the_face_up_stock(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(
        server,
        {
            "opponent": "friend",
            "seat": "south",
            "variant": "draw",
            "options": {"face_up_stock": True},
        },
    )
    south = table.open_seat(browser, game["link"], **PHONE)
    east = table.open_seat(browser, game["opponent_link"])
    players = [table.Player(south), table.Player(east)]
    for page in (south, east):
        assert page.locator("#variant-name").inner_text() == "Draw Bridge (face-up stock)"
        page.wait_for_selector(".phase-preliminary")
        assert "Preliminary trick 1 of 13" in _center(page)
        assert "26 cards in the stock" in _center(page)
        assert len(page.locator(".mine .cards.hand li").all()) == 13
    # Both see the same face-up card: the one the winner of the trick will draw.
    shown = {page.locator(".face-up").get_attribute("aria-label") for page in (south, east)}
    assert len(shown) == 1 and next(iter(shown)).startswith("The winner gets the ")

    table.play_until(players, lambda: all(p.version() >= 6 for p in players))
    for page in (south, east):
        page.wait_for_function("() => document.querySelectorAll('.drawn .face').length === 3")
        assert "Preliminary trick 4 of 13" in _center(page)
        assert "20 cards in the stock" in _center(page)
    # Each sees the cards it drew, never the other's.
    assert not set(_drawn(south)) & set(_drawn(east))
    table.play_until(
        players, lambda: south.locator(".hand button.card:not([disabled])").count() > 0
    )
    _no_overflow(south, PHONE["width"])
    shoot(south, "draw-preliminary", full_page=True)

    # Through the preliminary tricks into the auction: the dealer calls first.
    table.play_until(
        players, lambda: all(p.page.locator(".phase-auction").count() for p in players)
    )
    for page in (south, east):
        summary = page.locator(".prelim-recap summary").inner_text()
        assert re.search(r"Preliminary tricks: you \d+ · opponent \d+", summary), summary
        assert len(page.locator(".drawn .face").all()) == 13
        assert len(page.locator(".mine .cards.hand li").all()) == 13
    dealer_page = next(
        p for p in (south, east) if "you deal" in p.locator(".hand-line").inner_text()
    )
    assert dealer_page.locator(".calls thead th").first.inner_text() == "You"
    _no_overflow(south, PHONE["width"])
    # And to the end of the hand.
    table.play_until(players, lambda: all(p.hand_number() >= 1 for p in players))
    for page in (south, east):
        page.wait_for_selector(".phase-preliminary")
        assert "Preliminary trick 1 of 13" in _center(page)
        assert "Last hand" in _center(page)
    south.context.close()
    east.context.close()


def test_memory_bridge_against_the_computer_through_the_award(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(
        server, {"opponent": "computer", "level": "easy", "seat": "south", "variant": "memory"}
    )
    page = table.open_seat(browser, game["link"], **PHONE)
    player = table.Player(page)
    assert page.locator("#variant-name").inner_text() == "Memory Bridge"
    page.wait_for_selector(".phase-preliminary")
    assert "Memory trick 1 of 13" in _center(page)
    assert "Toward seven: you 0 · computer 0" in _center(page)
    assert page.locator(".drawn").count() == 0 and page.locator(".face-up").count() == 0
    table.play_until([player], lambda: page.locator(".phase-auction, .phase-play").count() > 0)
    summary = page.locator(".prelim-recap summary").inner_text()
    match = re.search(
        r"Memory tricks: you (\d+) · computer (\d+): (you score|computer scores)", summary
    )
    assert match, summary
    mine, theirs = int(match[1]), int(match[2])
    assert mine + theirs == 13
    assert (mine >= 7) == (match[3] == "you score")
    over = max(mine, theirs) - 7
    assert f"the award, 40 below and {100 + 30 * over} above" in " ".join(summary.split())
    # The second deal: 13 new cards; the award is on the score sheet.
    assert len(page.locator(".mine .cards.hand li").all()) == 13
    page.get_by_text("Score sheet").click()
    assert page.locator(".paper .reason", has_text="memory tricks bonus").count() == 1
    _no_overflow(page, PHONE["width"])
    table.play_until([player], lambda: player.hand_number() >= 1)
    # (the text, shown or not: the computer's next call may draw the list again, closed)
    assert "memory tricks" in (page.locator(".history li").first.text_content() or "")
    page.context.close()


def test_the_lobby_offers_every_variant_and_its_options(server: Any, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.goto(server.url + "/")
    page.wait_for_selector("#variant[data-loaded]")
    titles = page.locator("#variant optgroup").first.locator("option").all_inner_texts()
    assert titles == [
        "Draw and Discard Bridge",
        "Draw and Discard Bridge, keeping without discarding",
        "Draw Bridge",
        "Memory Bridge",
        "Bridgette",
    ]
    # The variants in which each player has a dummy, in a group of their own.
    four = page.locator("#variant optgroup").nth(1)
    assert "four hands" in (four.get_attribute("label") or "").lower()
    assert {"Double Dummy Bridge", "Single Dummy Bridge"} <= set(
        four.locator("option").all_inner_texts()
    )
    page.get_by_label("Variant").select_option("draw")
    follow = page.get_by_label("Follow suit in the preliminary tricks")
    assert not follow.is_checked()  # any card may be played by default (seeds 002 and 004)
    face_up = page.get_by_label("Face-up stock", exact=False)
    assert not face_up.is_checked()
    # Keyboard: the checkbox is reachable and toggled with Space.
    face_up.focus()
    page.keyboard.press("Space")
    assert face_up.is_checked()
    follow.check()
    _no_overflow(page, PHONE["width"])
    page.get_by_role("button", name="Create a game for two").click()
    page.get_by_role("link", name="Go to your seat").click()
    page.wait_for_selector(".phase-preliminary")
    name = page.locator("#variant-name").inner_text()
    assert name == "Draw Bridge (follow suit, face-up stock)", name
    assert page.locator(".face-up").count() == 1

    # The variation where keeping ends the turn, against the computer.
    page.goto(server.url + "/")
    page.wait_for_selector("#variant[data-loaded]")
    page.get_by_label("Variant").select_option("draw-discard-no-discard")
    assert page.get_by_label("Score honours").count() == 1
    page.get_by_role("button", name="Play against the computer: easy").click()
    page.wait_for_selector(".draw button:not([disabled])", timeout=15000)
    assert "Keep: your turn ends." in page.locator(".draw .hint").inner_text()
    keep = page.get_by_role("button", name=re.compile(r"^Keep the .*: your turn ends$"))
    player_version = int(page.locator(".table").get_attribute("data-version") or 0)
    keep.click()
    page.wait_for_function(
        "v => Number(document.querySelector('.table')?.dataset.version) > v", arg=player_version
    )
    page.wait_for_selector(".last-draw")
    assert "(your turn ended)" in page.locator(".last-draw").inner_text()
    assert not errors, errors
    context.close()
