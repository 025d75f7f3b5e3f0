"""Hints and the card display option in Chromium against the real server: a hint in words on
the player's turn with the numbers behind it on request, and suits as letters and the ten as T,
remembered by the page. Set ``HONEYMOON_SCREENSHOTS=docs/screenshots`` to write
``web-hint.png`` there."""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import shoot

pytestmark = pytest.mark.slow

_SYMBOLS = re.compile("[♠♥♦♣]")
#: True while the player's hand and discards show a suit symbol.
_SHOWS_SYMBOLS = (
    "() => /[\\u2660\\u2665\\u2666\\u2663]/.test(document.querySelector('.mine').textContent)"
)


def _my_turn(page: Any) -> None:
    page.wait_for_selector("button[data-hint]:not([disabled])", timeout=15000)


def test_a_hint_in_words_with_the_numbers_on_request(server: Any, browser: Any, table: Any) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"])
    player = table.Player(page)
    for _ in range(2):  # a hint while drawing, then one in the auction or the play
        _my_turn(page)
        page.locator("button[data-hint]").click()
        words = page.locator(".hint-box .hint-words")
        words.wait_for(timeout=20000)
        text = str(words.text_content())
        assert re.match(r"Hint: (Keep|Reject|Pass|Bid|Double|Redouble|Play)\b", text), text
        numbers = page.locator(".hint-box details.hint-numbers")
        assert numbers.get_attribute("open") is None  # the numbers wait for the player
        assert not page.locator(".hint-box .hint-numbers p").first.is_visible()
        page.locator(".hint-box details.hint-numbers summary").click()
        assert page.locator(".hint-box .hint-numbers p").first.is_visible()
        if page.locator(".hint-table").count():
            shoot(page, "hint", element=".mine")
        shown = str(numbers.text_content())
        assert "compared" in shown or "rule of thumb" in shown, shown
        best = page.locator(".hint-table tr.best th")
        if best.count():
            # The chosen action leads the table, worded as in the hint.
            assert str(best.text_content()).lower() in text.lower()
        table.play_until(
            [player],
            lambda: _hint_phase(page) not in ("", "drawing"),
            timeout=120,
        )
    page.context.close()


def _hint_phase(page: Any) -> str:
    classes = page.locator(".table").get_attribute("class") or ""
    return next((c[6:] for c in classes.split() if c.startswith("phase-")), "")


def test_suits_as_letters_and_ten_as_t_are_kept_by_the_page(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"])
    player = table.Player(page)
    table.play_until([player], lambda: _hint_phase(page) != "drawing", timeout=120)
    hand = page.locator(".mine")
    assert _SYMBOLS.search(str(hand.text_content()))
    tens = page.locator('.mine .cards [aria-label^="ten of"] .rank')
    page.locator("input[data-letters]").check()
    page.locator("input[data-ten]").check()
    page.wait_for_function(f"() => !({_SHOWS_SYMBOLS})()")
    suits = page.locator(".mine .cards .suit").all_text_contents()
    assert suits and set(suits) <= {"S", "H", "D", "C"}, suits
    assert set(tens.all_text_contents()) <= {"T"}
    assert "10" not in "".join(page.locator(".mine .cards .rank").all_text_contents())
    # Screen readers still hear the cards' names (a card the player may play now is a button
    # named for the play: the auction may be over by the time the drawing is).
    names = page.locator(".mine .cards [aria-label]").evaluate_all("e => e.map(x => x.ariaLabel)")
    card_name = re.compile(r"(Play the )?\w+ of (spades|hearts|diamonds|clubs)")
    assert names and all(card_name.fullmatch(n) for n in names), names
    page.reload()
    page.wait_for_selector(".table", timeout=15000)
    assert page.locator("input[data-letters]").is_checked()
    assert page.locator("input[data-ten]").is_checked()
    assert not _SYMBOLS.search(str(page.locator(".mine").text_content()))
    page.locator("input[data-letters]").uncheck()
    page.wait_for_function(_SHOWS_SYMBOLS)
    page.context.close()


def test_the_page_words_each_kind_of_action_for_its_phase(
    server: Any, browser: Any, table: Any
) -> None:
    """The page's own wording of a hint's action (``hints.js``), run in Chromium: a card of
    Bridgette's exchange is a discard, a Colon is named, and the four-hand table's decisions
    say where a card goes and which hand it comes from."""
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"])
    cases = [
        (51, {}, "play ♠A"),
        (2, {"phase": "exchange"}, "discard ♣4"),
        (97, {"phase": "play"}, "play ⁝R"),
        (96, {"phase": "exchange"}, "discard ⁝L"),
        (51, {"phase": "play", "fromDummy": True}, "play ♠A from your dummy"),
        (51, {"phase": "widow_hand"}, "put ♠A in your hand"),
        (51, {"phase": "extra_cards"}, "put ♠A in your hand (the other to your dummy)"),
        (93, {"phase": "dummy_choice"}, "take the other dummy"),
        (95, {"phase": "lead_choice"}, "have the defender lead from their dummy"),
        (52, {"phase": "auction"}, "pass"),
    ]
    worded = page.evaluate(
        """async (cases) => {
            const hints = await import('/static/hints.js');
            return cases.map(([action, context]) => hints.actionWords(action, {}, context));
        }""",
        [[action, context] for action, context, _ in cases],
    )
    assert worded == [words for _, _, words in cases]
    page.context.close()
