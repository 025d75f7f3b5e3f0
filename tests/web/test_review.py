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


def _card_names(trick: dict[str, Any]) -> list[tuple[str, str]]:
    """Each card of a claim's trick with its seat, the cards on the table first."""
    return [(e["seat"], e["card"]) for e in trick["on_table"] + trick["cards"]]


def test_the_review_shows_a_claims_line_trick_by_trick_with_seats(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"])
    reviews: list[dict[str, Any]] = []
    claims: list[dict[str, Any]] = []

    def on_socket(socket: Any) -> None:
        def received(payload: Any) -> None:
            message = json.loads(payload)
            if message.get("type") == "review":
                reviews.append(message)
            elif message.get("type") == "claim":
                claims.append(message)

        socket.on("framereceived", received)

    page.on("websocket", on_socket)
    page.reload()
    page.wait_for_selector(".table", timeout=15000)
    player = table.Player(page)
    # South claims at its first card of a hand played (the computer waits for it then).
    my_card = page.locator(".table.phase-play .hand button.card:not([disabled])")
    table.play_until([player], lambda: my_card.count() > 0, timeout=180)
    hand = player.hand_number()
    page.locator("button[data-claim]:not([disabled])").click()
    page.wait_for_function("() => !document.querySelector('button[data-claim][disabled]')")
    assert len(claims) == 1 and claims[0]["claimant"] == "south", claims
    table.play_until([player], lambda: player.hand_number() > hand, timeout=180)
    dialog = table.open_review(page, hand)
    claim = reviews[-1]["claims"][0]
    assert claim["seat"] == "south" and claim["tricks"]
    # Every trick of the line as the server gave it: its number, who played each card (by
    # name: you or the computer), the winner's card marked and the winner named.
    shown = dialog.locator(".claims li.claim .claim-tricks > li")
    assert shown.count() == len(claim["tricks"]) == claim["remaining"]
    assert dialog.locator(".claim-tricks").get_attribute("start") == str(claim["trick"])
    names = {"south": "You", "east": "Computer"}
    for item, trick in zip(shown.all(), claim["tricks"], strict=True):
        assert item.get_attribute("data-leader") == trick["leader"]
        assert item.get_attribute("data-winner") == trick["winner"]
        played = item.locator(".played")
        seated = [
            (span.get_attribute("data-seat"), span.get_attribute("data-card"))
            for span in played.all()
        ]
        assert seated == _card_names(trick)
        assert played.locator(".face").count() == len(seated)
        for span, (seat, _) in zip(played.all(), _card_names(trick), strict=True):
            assert span.locator(".who").inner_text() == names[seat]
        assert item.locator(".played.won").get_attribute("data-seat") == trick["winner"]
        assert item.locator(".winner").inner_text() == f"won by {names[trick['winner']].lower()}"
        assert item.locator(".played.before").count() == len(trick["on_table"])
    line = [e["card"] for trick in claim["tricks"] for e in trick["cards"]]
    assert line == claim["line"]
    page.context.close()
