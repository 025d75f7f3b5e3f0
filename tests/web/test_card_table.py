"""The table as a bridge player reads it, on a phone: the auction in view for the whole play
without a click, the trick just won still in view when the next one is led, a call made in two
taps where the page asks for it, and every toggle showing that it opens."""

from __future__ import annotations

import re
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


def test_a_first_game_against_the_computer_walks_through_the_drawing(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"], walkthrough=True, **PHONE)
    title = page.locator("#walkthrough-title")
    title.wait_for(timeout=15000)  # at South's first drawing turn, inside the real deal
    assert title.inner_text() == "How the drawing works (1 of 3)"
    assert page.locator(".draw button[aria-label^='Keep the']").is_visible()
    page.get_by_role("button", name="Next", exact=True).click()
    assert title.inner_text() == "How the drawing works (2 of 3)"
    assert "discards" in page.locator(".walkthrough").inner_text()
    page.get_by_role("button", name="Skip the walkthrough").click()
    assert page.locator(".walkthrough").count() == 0
    assert page.evaluate("localStorage.getItem('honeymoon.walkthrough')") == "done"
    page.reload()
    page.wait_for_selector(".draw button:not([disabled])", timeout=15000)
    assert page.locator(".walkthrough").count() == 0  # seen once: not again
    page.get_by_role("button", name="How the drawing works").click()
    assert title.inner_text() == "How the drawing works (1 of 3)"
    for _ in range(2):
        page.get_by_role("button", name="Next", exact=True).click()
    page.get_by_role("button", name="Done", exact=True).click()
    assert page.locator(".walkthrough").count() == 0
    page.context.close()


def _animations(page: Any, selector: str) -> list[float]:
    """The durations of the animations running on the elements ``selector`` selects."""
    return page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector))
          .flatMap((el) => el.getAnimations())
          .map((a) => a.effect.getTiming().duration)""",
        selector,
    )


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_card_played_travels_to_the_trick_at_the_chosen_speed(
    server: Any, browser: Any, table: Any, motion: str
) -> None:
    game = table.create_game(server, {"opponent": "friend", "seat": "south"})
    south = table.open_seat(browser, game["link"], reduced_motion=motion, **PHONE)
    east = table.open_seat(browser, game["opponent_link"], reduced_motion=motion)
    players = [table.Player(south), table.Player(east)]
    south.get_by_label("Card speed").select_option("slow")
    assert south.evaluate("localStorage.getItem('honeymoon.speed')") == "slow"
    table.play_until(players, lambda: east.locator(".hand button.card:not([disabled])").count() > 0)
    # East plays to the trick; on South's page that card arrives, moving at the slow speed.
    version = players[0].version()
    east.locator(".hand button.card:not([disabled])").first.click()
    players[0].wait_version(version + 1)
    moving = _animations(south, ".center .trick li")
    assert moving == ([] if motion == "reduce" else [600]), moving
    south.context.close()
    east.context.close()


def _trick_motion(page: Any) -> list[dict[str, Any]]:
    """The animations on the trick in the middle of the four-hand table: each one's timing,
    the direction of the slot its card is in, the slot's centre on the page (where the card
    rests), and how far its first and last keyframes move the card from there."""
    return list(
        page.evaluate(
            """() => Array.from(document.querySelectorAll('.trick-area .slot .face'))
              .flatMap((face) => face.getAnimations().map((a) => {
                const frames = a.effect.getKeyframes();
                const timing = a.effect.getTiming();
                const r = face.closest('.slot').getBoundingClientRect();
                return {direction: face.closest('.slot').dataset.direction,
                  duration: timing.duration, delay: timing.delay,
                  centre: [r.x + r.width / 2, r.y + r.height / 2],
                  first: frames[0].transform, last: frames[frames.length - 1].transform};
              }))"""
        )
    )


def _boxes(page: Any) -> list[Any]:
    """Where the hands and the trick's slots are on the page."""
    return list(
        page.evaluate(
            """() => Array.from(document.querySelectorAll('.board .seat-hand, .trick-area .slot'),
              (el) => { const r = el.getBoundingClientRect();
                return [r.x, r.y, r.width, r.height]; })"""
        )
    )


def _lands_in(page: Any, moving: dict[str, Any], frame: str, direction: str) -> bool:
    """True if keyframe ``frame`` (first or last) puts the card over the hand ``direction``."""
    found = re.findall(r"translate\(([-\d.e]+)px, ([-\d.e]+)px\)", moving[frame])
    if not found:
        return False
    x = moving["centre"][0] + float(found[0][0])
    y = moving["centre"][1] + float(found[0][1])
    box = page.locator(f'.board .seat-hand[data-direction="{direction}"]').bounding_box()
    return bool(
        box["x"] - 1 <= x <= box["x"] + box["width"] + 1
        and box["y"] - 1 <= y <= box["y"] + box["height"] + 1
    )


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_at_the_four_hand_table_a_card_travels_from_its_hand_and_the_trick_goes_to_its_winner(
    server: Any, browser: Any, table: Any, motion: str
) -> None:
    game = table.create_game(
        server, {"opponent": "friend", "seat": "south", "variant": "double-dummy"}
    )
    south = table.open_seat(browser, game["link"], reduced_motion=motion, **PHONE)
    east = table.open_seat(browser, game["opponent_link"], reduced_motion=motion)
    players = [table.Player(south), table.Player(east)]
    south.get_by_label("Card speed").select_option("slow")
    east_card = east.locator(".table.phase-play .board button.card:not([disabled])")
    swept = False
    for _ in range(60):  # East plays half the cards: one ends a trick within a few tricks
        table.play_until(players, lambda: east_card.count() > 0)
        hand = east.locator(".board .seat-hand.to-play").get_attribute("data-direction")
        version = players[0].version()
        east_card.first.click()
        players[0].wait_version(version + 1)
        moving = _trick_motion(south)
        if motion == "reduce":
            assert moving == [], moving
        else:
            # East's card comes from the hand that played it (East's own or its dummy).
            arriving = [m for m in moving if m["delay"] == 0]
            assert [(m["direction"], m["duration"]) for m in arriving] == [(hand, 600)], moving
            assert _lands_in(south, arriving[0], "first", str(hand)), arriving
        if "won by" not in south.locator(".trick-caption").inner_text():
            continue
        if motion != "reduce":
            # The trick is held (the card's travel and as long again), then swept to the
            # winner's side; nothing around it moves meanwhile.
            winner = south.locator(".trick-area .face.won").evaluate(
                "face => face.closest('.slot').dataset.direction"
            )
            sweeps = [m for m in moving if m["delay"] > 0]
            assert len(sweeps) == 4 and {m["delay"] for m in sweeps} == {1200}, moving
            assert all(m["duration"] == 600 for m in sweeps), moving
            assert all(_lands_in(south, m, "last", winner) for m in sweeps), (winner, sweeps)
            held = _boxes(south)
            south.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
            south.wait_for_selector(".trick-area.swept")
            assert _boxes(south) == held
        swept = True
        break
    assert swept, "no trick ended with East's card"
    south.context.close()
    east.context.close()


def _in_view(page: Any, locator: Any) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_the_review_on_a_phone_opens_at_its_top_and_keeps_the_hands_in_view(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"], **PHONE)
    player = table.Player(page)
    # The first hand with tricks to step through (a hand can be passed out).
    for hand in range(4):
        table.play_until([player], lambda hand=hand: player.hand_number() > hand, timeout=180)
        dialog = table.open_review(page, hand)
        if dialog.get_by_role("button", name="Next trick ▶").is_enabled():
            break
        dialog.get_by_role("button", name="Close").click()
    else:
        raise AssertionError("no hand with tricks in four")
    assert dialog.evaluate("d => d.scrollTop") == 0
    mine = dialog.locator(".review-hands section").first
    assert _in_view(page, mine)
    for step in range(1, 4):
        dialog.get_by_role("button", name="Next trick ▶").click()
        assert f"Trick {step} of" in dialog.locator(".review-trick").inner_text()
        # The hands, the trick and the step buttons stay on the screen while stepping.
        assert _in_view(page, mine), step
        assert _in_view(page, dialog.get_by_role("button", name="Next trick ▶")), step
    page.context.close()
