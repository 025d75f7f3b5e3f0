"""The table's words: counts agree with their nouns ("1 card", "2 cards"), and the drawing
panel says once, and rightly for the variant, what keeping and rejecting do.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

pytestmark = pytest.mark.slow

PHONE = {"width": 360, "height": 740}

# A count of one with a plural noun, or a count other than one with a singular noun.
WRONG_NUMBER = re.compile(
    r"(?<![\d.,])(?:1 (?:cards|tricks|games|discards)\b"
    r"|(?:0|[2-9]|\d{2,}) (?:card|trick|game|discard)\b(?!s))"
)


def _words(page: Any) -> str:
    """Everything the page says: its text and its controls' accessible names."""
    text: str = page.evaluate(
        """() => document.body.innerText + '\\n' +
            [...document.querySelectorAll('[aria-label]')]
                .map(e => e.getAttribute('aria-label')).join('\\n')"""
    )
    return text


def test_counts_agree_with_their_nouns_through_a_whole_hand(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "friend", "seat": "south"})
    south = table.open_seat(browser, game["link"], **PHONE)
    east = table.open_seat(browser, game["opponent_link"], **PHONE)
    players = [table.Player(south), table.Player(east)]
    seen: set[str] = set()
    deadline = time.monotonic() + 120
    while not all(p.hand_number() >= 1 for p in players):
        assert time.monotonic() < deadline, "the hand did not end in time"
        for page in (south, east):
            words = _words(page)
            wrong = WRONG_NUMBER.findall(words)
            assert not wrong, f"wrong number in {wrong!r}"
            seen.update(re.findall(r"\b1 (?:card|trick)\b", words))
        for player in players:
            before = player.version()
            if player.act():
                player.wait_version(before + 1)
                break
        else:
            south.wait_for_timeout(50)
    # The singular forms were on the screen, so the check above had counts of one to look at.
    assert "1 card" in seen and "1 trick" in seen, seen
    south.context.close()
    east.context.close()


@pytest.mark.parametrize(
    ("variant", "keep_rule"),
    [
        ("draw-discard", "Keep: the next card is discarded."),
        ("draw-discard-no-discard", "Keep: your turn ends."),
    ],
)
def test_the_drawing_hint_says_what_keeping_does_once(
    server: Any, browser: Any, table: Any, variant: str, keep_rule: str
) -> None:
    game = table.create_game(server, {"opponent": "friend", "seat": "south", "variant": variant})
    south = table.open_seat(browser, game["link"], **PHONE)
    east = table.open_seat(browser, game["opponent_link"], **PHONE)
    players = [table.Player(south), table.Player(east)]
    # South keeps on its first turn, then waits for its second.
    keep_first = south.locator(".draw button:not([disabled])")
    table.play_until(players[1:], lambda: keep_first.count() > 0)
    before = players[0].version()
    south.locator('.draw button[data-key="keep"]').click()
    players[0].wait_version(before + 1)
    table.play_until(players[1:], lambda: keep_first.count() > 0)
    panel = south.locator(".center").inner_text()
    hint = south.locator(".draw .hint").inner_text()
    assert "unseen" not in panel, panel
    # The rule for keeping, as the variant has it, said once.
    assert hint.count(keep_rule) == 1 and panel.count(keep_rule) == 1, panel
    assert "Reject: this card is discarded and you keep the next." in hint
    # The line under the hint shows this seat's own discard, which the hint agrees with.
    last = south.locator(".last-draw").inner_text()
    if variant == "draw-discard":
        assert "discarded" in last and south.locator(".last-draw .face").count() == 2
    else:
        assert "(your turn ended)" in last
    assert "Only you see your discards." in hint
    south.context.close()
    east.context.close()
