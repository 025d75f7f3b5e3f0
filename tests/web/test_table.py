"""The four-hand table in the browser (Double Dummy and Single Dummy Bridge): a person plays a
whole hand against the computer, playing their own hand's cards and their dummy's in turn; two
people go through Single Dummy Bridge's choice of dummy; the twelve and two placement. The page
shows only what the server sent: a hand the seat may not see is card backs with a count.

Set ``HONEYMOON_SCREENSHOTS=docs/screenshots`` to write ``web-table-*.png`` there.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from helpers import shoot

pytestmark = pytest.mark.slow

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1200, "height": 900}


def _check_page(page: Any, width: int) -> None:
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= width, f"the page is {overflow} px wide in a {width} px window"
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('button')]
            .filter(b => !(b.getAttribute('aria-label') || b.textContent).trim()).length"""
    )
    assert unnamed == 0


def _place(page: Any, place: str) -> str:
    """The direction of the hand shown at ``place`` (top, left, right, bottom)."""
    value = page.locator(f".board .place-{place}").get_attribute("data-direction")
    assert value is not None
    return str(value)


def _faces(page: Any, direction: str) -> int:
    """The cards of a hand shown face up: faces, card buttons, or ranks in suit rows."""
    section = f'.board section[data-direction="{direction}"]'
    return int(
        page.locator(
            f"{section} .face, {section} button.card, {section} .suit-rows > li > span.rank"
        ).count()
    )


def _backs(page: Any, direction: str) -> int:
    return int(page.locator(f'.board section[data-direction="{direction}"] .back').count())


def _errors(page: Any, errors: list[str] | None = None) -> list[str]:
    """The page's script errors as they come, in ``errors`` (a new list unless given)."""
    errors = [] if errors is None else errors
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    return errors


def _against_the_computer(server: Any, browser: Any, table: Any) -> tuple[Any, list[str], Any]:
    """South's page of a Double Dummy game against the easy computer, on a desktop, once the
    board is drawn: the page, its script errors as they come, and its player."""
    game = table.create_game(
        server,
        {"opponent": "computer", "level": "easy", "seat": "south", "variant": "double-dummy"},
    )
    page = table.open_seat(browser, game["link"], **DESKTOP)
    errors = _errors(page)
    player = table.Player(page)
    page.wait_for_selector(".board")
    return page, errors, player


def _step(page: Any, player: Any) -> None:
    """The player acts if it is their turn (and waits for the new version), else waits a
    moment for the computer."""
    before = player.version()
    if player.act():
        player.wait_version(before + 1)
    else:
        page.wait_for_timeout(50)


def _two_friends(
    server: Any,
    browser: Any,
    table: Any,
    variant: str,
    options: dict[str, Any] | None = None,
    east_viewport: dict[str, int] = PHONE,
) -> tuple[dict[str, Any], list[str]]:
    """A game of ``variant`` between two people, South on a desktop and East on
    ``east_viewport``: their pages by seat, and one list of both pages' script errors."""
    body: dict[str, Any] = {"opponent": "friend", "seat": "south", "variant": variant}
    if options:
        body["options"] = options
    game = table.create_game(server, body)
    pages = {
        "south": table.open_seat(browser, game["link"], **DESKTOP),
        "east": table.open_seat(browser, game["opponent_link"], **east_viewport),
    }
    errors: list[str] = []
    for page in pages.values():
        _errors(page, errors)
    return pages, errors


def test_a_table_hand_is_played_to_the_end_against_the_computer(
    server: Any, browser: Any, table: Any
) -> None:
    page, errors, player = _against_the_computer(server, browser, table)
    assert page.locator("#variant-name").inner_text() == "Double Dummy Bridge"
    # South sits at the bottom with North, their dummy, opposite; West (East's dummy) plays
    # after South, on South's left.
    assert [_place(page, p) for p in ("bottom", "top", "left", "right")] == [
        "south",
        "north",
        "west",
        "east",
    ]
    assert _faces(page, "south") == 13
    for hidden in ("north", "east", "west"):  # the auction: only the own hand is seen
        assert _faces(page, hidden) == 0 and _backs(page, hidden) == 13
    turns: set[str] = set()
    shot = False
    deadline = time.monotonic() + 180
    while player.hand_number() < 1:
        assert time.monotonic() < deadline, "the hand did not end in time"
        if page.locator(".phase-play").count():
            turn = page.locator(".controls .turn").inner_text()
            turns.add(turn)
            assert _faces(page, "east") == 0  # the computer's own hand: never seen
            trick_cards = page.locator(".trick-area .face").count()
            if "Your turn" in turn and trick_cards >= 2 and not shot:
                shoot(page, "table-double-dummy")
                shot = True
        _step(page, player)
    assert "Your turn: play from your dummy (North)" in turns
    assert "Your turn: play from your hand" in turns
    # (the text, shown or not: the computer's next call may draw the list again, closed)
    result = page.locator(".history li").first.text_content() or ""
    assert "tricks" in result and ("made" in result or "down" in result), result
    # The review, as at two hands, with the four hands as the play began and their analysis.
    dialog = table.open_review(page, 0)
    sections = dialog.locator(".review-hands section[data-place]")
    assert sections.count() == 4
    for index in range(4):
        assert sections.nth(index).locator("li").count() == 13
    headings = dialog.locator(".review-hands h3").all_inner_texts()
    assert headings[:2] == ["Your hand (13)", "Your dummy (13)"], headings
    assert "The hands as the play began" in dialog.inner_text()
    dialog.get_by_role("button", name="Next trick ▶").click()
    assert "Trick 1 of 13" in dialog.inner_text()
    dialog.locator("section.analysis table.dd").wait_for(timeout=60000)
    assert dialog.locator("table.dd tbody tr").count() == 2
    assert dialog.locator("p.par").count() == 1
    dialog.get_by_role("button", name="Close").click()
    _check_page(page, DESKTOP["width"])
    assert not errors, errors
    page.context.close()


def test_two_people_play_single_dummys_choice_of_dummy(
    server: Any, browser: Any, table: Any
) -> None:
    pages, errors = _two_friends(server, browser, table, "single-dummy")
    south, east = pages["south"], pages["east"]
    for page in pages.values():
        page.wait_for_selector(".board")
    exposed = south.locator(".board section:has(.badge:text('dealt face up'))").get_attribute(
        "data-direction"
    )
    assert exposed in ("north", "west")
    other = "west" if exposed == "north" else "north"
    for page in pages.values():  # the exposed dummy face up for both, the other face down
        assert _faces(page, exposed) == 13
        assert _faces(page, other) == 0 and _backs(page, other) == 13
    # On the phone the hand and the bidding box share the first screen, without scrolling.
    for selector in (".place-bottom .cards li:last-child", ".bidbox .bids button:last-child"):
        box = east.locator(selector).bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], (selector, box)
    # The first to call bids 1NT, the other passes: the bidder is declarer and chooses.
    first = next(p for p in pages.values() if p.locator(".bidbox button:not([disabled])").count())
    second = east if first is south else south
    version = table.Player(first).version()
    first.get_by_role("button", name="Level 1").click()
    first.get_by_role("button", name="Bid 1 no trump").click()
    table.Player(first).confirm_call()
    table.Player(second).wait_version(version + 1)
    second.get_by_role("button", name="Pass").click()
    table.Player(second).confirm_call()
    first.wait_for_selector(".phase-dummy_choice")
    second.wait_for_selector(".phase-dummy_choice")
    assert "is choosing a dummy" in second.locator(".controls").inner_text()
    take_other = first.get_by_role("button", name="Take the other dummy")
    assert first.get_by_role("button", name="Take the exposed dummy").is_enabled()
    shoot(first, "table-single-dummy-choice")
    declarer = "south" if first is south else "east"
    version = table.Player(first).version()
    take_other.click()
    for page in pages.values():
        table.Player(page).wait_version(version + 1)
        page.wait_for_selector(".phase-play")
    # Declarer took the face-down dummy: it now sits opposite declarer, the exposed one went
    # to the defender; both are face up for both players, each at the top of its owner's page.
    own_dummy = "north" if declarer == "south" else "west"
    for seat, page in pages.items():
        mine = "north" if seat == "south" else "west"
        assert _place(page, "top") == mine
        for dummy in ("north", "west"):
            assert _faces(page, dummy) == 13, (seat, dummy)
    assert own_dummy in ("north", "west")
    leader_page = next(
        p for p in pages.values() if p.locator(".board button.card:not([disabled])").count()
    )
    assert "Your turn: play from" in leader_page.locator(".controls .turn").inner_text()
    shoot(leader_page, "table-single-dummy")
    _check_page(east, PHONE["width"])
    _check_page(south, DESKTOP["width"])
    assert not errors, errors
    for page in pages.values():
        page.context.close()


def test_twelve_and_two_extra_cards_are_placed_in_the_browser(
    server: Any, browser: Any, table: Any
) -> None:
    pages, errors = _two_friends(
        server, browser, table, "double-dummy", {"twelve_and_two": True}, DESKTOP
    )
    south, east = pages["south"], pages["east"]
    for seat, page in pages.items():
        page.wait_for_selector(".board")
        assert "twelve and two" in page.locator("#variant-name").inner_text()
        own, dummy = ("south", "north") if seat == "south" else ("east", "west")
        assert _faces(page, own) == 12 and _faces(page, dummy) == 12  # the own dummy is seen
    first = next(p for p in pages.values() if p.locator(".bidbox button:not([disabled])").count())
    second = east if first is south else south
    version = table.Player(first).version()
    first.get_by_role("button", name="Bid 1 club").click()
    table.Player(first).confirm_call()
    table.Player(second).wait_version(version + 1)
    second.get_by_role("button", name="Pass").click()
    table.Player(second).confirm_call()
    # Declarer places first; the defender sees their own two cards waiting.
    first.wait_for_selector(".controls button.extra:not([disabled])")
    second.wait_for_selector(".phase-extra_cards")
    assert second.locator(".extra-line .face").count() == 2
    assert first.locator(".controls button.extra").count() == 2
    shoot(first, "table-twelve-and-two")
    for page in (first, second):
        player = table.Player(page)
        page.wait_for_selector(".controls button.extra:not([disabled])")
        version = player.version()
        chosen = page.locator(".controls button.extra").first.get_attribute("aria-label") or ""
        assert chosen.startswith("Put the ") and "goes to your dummy" in chosen
        page.locator(".controls button.extra").first.click()
        player.wait_version(version + 1)
    for seat, page in pages.items():
        page.wait_for_selector(".phase-play")
        own, dummy = ("south", "north") if seat == "south" else ("east", "west")
        assert _faces(page, own) == 13 and _faces(page, dummy) == 13
    assert not errors, errors
    for page in pages.values():
        page.context.close()


def test_the_end_of_a_table_rubber_and_its_full_record(
    server: Any, browser: Any, table: Any
) -> None:
    # A Double Dummy rubber played to its end by two bots, stored as the server stores one.
    token = table.store_finished_rubber(server, "double-dummy", "easy")

    context = browser.new_context(accept_downloads=True, viewport=DESKTOP)
    page = context.new_page()
    errors = _errors(page)
    page.goto(f"{server.url}/play#{token}")
    page.wait_for_selector(".four-hands .rubber-over")
    text = page.locator(".rubber-over").inner_text()
    assert "won the rubber" in text and "Totals" in text
    # The end of the rubber takes the table's place, beside the score.
    end = page.locator(".rubber-end").bounding_box()
    score = page.locator(".score").bounding_box()
    assert end is not None and score is not None
    assert abs(end["y"] - score["y"]) < 5 and end["x"] < score["x"], (end, score)
    _check_page(page, DESKTOP["width"])
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the full record").click()
    with open(download.value.path(), encoding="utf-8") as record_file:
        record = json.load(record_file)
    assert record["complete"] is True and record["variant"]["name"] == "double-dummy"
    assert not errors, errors
    context.close()


def test_semi_exposed_dummies_lie_as_rows_of_covered_cards(
    server: Any, browser: Any, table: Any
) -> None:
    pages, errors = _two_friends(server, browser, table, "semi-exposed")
    south, east = pages["south"], pages["east"]
    for page in pages.values():
        page.wait_for_selector(".board")
        for dummy in ("north", "west"):  # seven places, six face-up cards over a card back
            section = f'.board section[data-direction="{dummy}"]'
            assert page.locator(f"{section} .pile").count() == 7
            assert page.locator(f"{section} .pile .back.under").count() == 6
            assert page.locator(f"{section} .pile .face").count() == 7
    players = [table.Player(south), table.Player(east)]
    dummy_turn = ".place-top.to-play button.card:not([disabled])"
    table.play_until(
        players,
        lambda: (
            south.locator(dummy_turn).count() > 0
            and south.locator(".trick-area .face").count() >= 1
        ),
    )
    # The dummy's turn: only its face-up cards are buttons; a card back never is.
    top = south.locator(".place-top")
    assert top.locator(".back.under button, button .back").count() == 0
    assert top.locator("button.card").count() == top.locator(".pile button.card").count()
    shoot(south, "table-semi-exposed")
    _check_page(east, PHONE["width"])
    assert not errors, errors
    for page in pages.values():
        page.context.close()


def test_the_widow_split_and_the_choice_of_leader_in_the_browser(
    server: Any, browser: Any, table: Any
) -> None:
    pages, errors = _two_friends(server, browser, table, "widow", east_viewport=DESKTOP)
    south, east = pages["south"], pages["east"]
    for page in (south, east):
        page.wait_for_selector(".board")
        assert page.locator(".widow-pile .back").count() == 4
    first = next(p for p in (south, east) if p.locator(".bidbox button:not([disabled])").count())
    second = east if first is south else south
    version = table.Player(first).version()
    first.get_by_role("button", name="Bid 1 no trump").click()
    table.Player(first).confirm_call()
    table.Player(second).wait_version(version + 1)
    second.get_by_role("button", name="Pass").click()
    table.Player(second).confirm_call()
    # Declarer: a card of the widow to the hand, then one to the dummy.
    first.wait_for_selector(".phase-widow_hand .controls button.extra:not([disabled])")
    assert first.locator(".controls button.extra").count() == 4
    assert "taking the widow" in second.locator(".controls").inner_text()
    shoot(first, "table-widow")
    for step, buttons in (("widow_hand", 4), ("widow_dummy", 3)):
        player = table.Player(first)
        first.wait_for_selector(f".phase-{step} .controls button.extra:not([disabled])")
        assert first.locator(".controls button.extra").count() == buttons
        version = player.version()
        first.locator(".controls button.extra").first.click()
        player.wait_version(version + 1)
    # The defender places the two cards given to them.
    second.wait_for_selector(".phase-extra_cards .controls button.extra:not([disabled])")
    assert second.locator(".controls button.extra").count() == 2
    assert "gave you two of its cards" in second.locator(".controls").inner_text()
    version = table.Player(second).version()
    second.locator(".controls button.extra").first.click()
    # Declarer has the defender's dummy lead.
    first.wait_for_selector(".phase-lead_choice .controls button.choice:not([disabled])")
    assert first.locator(".extra-line .face").count() == 4  # the widow, as declarer saw it
    first.get_by_role("button", name="The defender's dummy leads").click()
    second.wait_for_selector(".phase-play")
    second.wait_for_selector(".place-top.to-play button.card:not([disabled])")
    assert "Your turn: play from your dummy" in second.locator(".controls .turn").inner_text()
    assert not errors, errors
    for page in (south, east):
        page.context.close()


def test_a_hint_at_the_table_says_which_hand_the_card_comes_from(
    server: Any, browser: Any, table: Any
) -> None:
    """A hint in the auction, then one when the card to play comes from the player's dummy:
    worded for the table ("from your dummy"), one of the dummy's playable cards."""
    page, errors, player = _against_the_computer(server, browser, table)
    seen: list[str] = []
    deadline = time.monotonic() + 180
    while not any("from your dummy" in text for text in seen):
        assert time.monotonic() < deadline, f"no hint from the dummy: {seen}"
        controls = page.locator(".controls")
        turn = page.locator(".controls .turn")
        mine = page.locator("button[data-hint]:not([disabled])")
        if mine.count() and (
            not turn.count() or "from your dummy" in turn.inner_text() or not seen
        ):
            mine.click()
            words = page.locator(".controls .hint-box .hint-words")
            words.wait_for(timeout=30000)
            text = str(words.text_content())
            seen.append(text)
            if "from your dummy" in text:
                played = text.split("Play ", 1)[1].split(" from", 1)[0]
                dummy = page.locator('.board section[data-direction="north"]')
                names = dummy.locator("button.card:not([disabled])").evaluate_all(
                    "(buttons) => buttons.map((b) => b.textContent.replace(/\\s+/g, ''))"
                )
                # A button shows the rank over the suit; the hint writes the suit first.
                assert sorted(played) in [sorted(name) for name in names], (played, names)
        _step(page, player)
        assert controls.count()
    assert seen[0].startswith(("Hint: Pass", "Hint: Bid", "Hint: Double")), seen[0]
    assert not errors, errors
    page.context.close()


def test_a_claim_at_the_table_in_the_browser(server: Any, browser: Any, table: Any) -> None:
    """Late in the play the player claims the rest from the table's play tools; the verdict
    is told in one line (accepted: the hand is played out); once the hand is over the review
    shows the claim's line trick by trick, each card named by its hand."""
    page, errors, player = _against_the_computer(server, browser, table)
    deadline = time.monotonic() + 180
    note = page.locator(".controls .claim-note")
    while not note.count():
        assert time.monotonic() < deadline, "no claim in three minutes"
        done = page.locator(".tricks-recap summary")
        late = done.count() and int(done.inner_text().split("(")[1].rstrip(")")) >= 10
        claim = page.locator(".controls button[data-claim]:not([disabled])")
        if (
            late
            and claim.count()
            and page.locator(".controls .turn").inner_text().startswith("Your turn")
        ):
            hand = player.hand_number()
            left = 13 - int(done.inner_text().split("(")[1].rstrip(")"))
            claim.click()
            note.wait_for(timeout=30000)
            break
        _step(page, player)
    text = note.inner_text()
    assert text.startswith("You claimed the rest ("), text
    assert text.endswith(("accepted. The hand is played out.", "refused. Play on.")), text
    table.play_until([player], lambda: player.hand_number() > hand, timeout=120)
    dialog = table.open_review(page, hand)
    tricks = dialog.locator(".claims li.claim .claim-tricks > li")
    assert tricks.count() == left
    hands = {"You", "Your dummy", "Computer", "Computer's dummy"}
    for trick in tricks.all():
        played = trick.locator(".played").all()
        assert len(played) == 4
        assert {span.get_attribute("data-seat") for span in played} == {
            "north",
            "east",
            "south",
            "west",
        }
        names = {span.locator(".who").inner_text() for span in played}
        assert names <= hands, names
        assert trick.locator(".played.won").count() == 1
    assert not errors, errors
    page.context.close()
