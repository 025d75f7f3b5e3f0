"""The review of a finished hand in the browser: offered with the hand's result and in the
list of hands played; the dialog shows both hands, the auction, the tricks one at a time (back
and forth, buttons and arrow keys) and the score of the hand, as the server's review sent it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import shoot

pytestmark = pytest.mark.slow


def test_a_finished_hand_is_reviewed_trick_by_trick(server: Any, browser: Any, table: Any) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"])
    reviews: list[dict[str, Any]] = []

    def on_socket(socket: Any) -> None:
        def received(payload: Any) -> None:
            message = json.loads(payload)
            if message.get("type") == "review":
                reviews.append(message["review"])

        socket.on("framereceived", received)

    page.on("websocket", on_socket)
    page.reload()
    page.wait_for_selector(".table", timeout=15000)
    player = table.Player(page)
    # The deal is the server's own, so a hand can be passed out (no tricks to step through):
    # review the first hand that was played, up to five hands in.
    review: dict[str, Any] = {}
    for hand in range(5):
        table.play_until([player], lambda hand=hand: player.hand_number() > hand)
        # Offered with the last hand's result, and in the list of hands played.
        assert page.locator(f'.history button[data-review="{hand}"]').count() == 1
        dialog = table.open_review(page, hand)
        assert len(reviews) == hand + 1
        review = reviews[-1]
        assert review["hand"] == hand and review["seat"] == "south"
        assert f"Hand {hand + 1}" in dialog.inner_text()
        if review["tricks"]:
            break
        dialog.get_by_role("button", name="Close").click()
    played = len(review["tricks"])
    assert played == 13, "a hand was bid and played out in the first five"
    assert dialog.locator(".review-hands section").nth(0).locator("li").count() == 13
    assert dialog.locator(".review-hands section").nth(1).locator("li").count() == 13
    assert dialog.locator(".calls .call").count() == len(review["auction"])
    # Next trick, twice; then the arrow key back.
    next_button = dialog.get_by_role("button", name="Next trick ▶")
    next_button.click()
    assert "Trick 1 of 13" in dialog.inner_text()
    next_button.click()
    assert "Trick 2 of 13" in dialog.inner_text()
    shoot(page, "review")
    # before trick 2, the cards of trick 1 are marked as played; trick 2's are outlined
    assert dialog.locator("li.played").count() == len(review["tricks"][0]["cards"])
    assert dialog.locator("li.in-trick").count() == len(review["tricks"][1]["cards"])
    page.keyboard.press("ArrowLeft")
    assert "Trick 1 of 13" in dialog.inner_text()
    for _ in range(20):
        page.keyboard.press("ArrowRight")
    text = dialog.inner_text()
    assert "Trick 13 of 13" in text
    won = sum(1 for t in review["tricks"] if t["winner"] == "south")
    assert f"Tricks so far: you {won}" in text
    assert dialog.get_by_role("button", name="Next trick ▶").is_disabled()
    for entry in review["score"]:
        assert f"{entry['points']} {entry['line']}" in text
    # The player's own discards are there; nothing of the computer's.
    own = set(review["discards"])
    assert len(own) == 13 and not own & set(review["hands"][1])
    dialog.get_by_role("button", name="Close").click()
    assert page.locator("dialog.review[open]").count() == 0
    page.context.close()
