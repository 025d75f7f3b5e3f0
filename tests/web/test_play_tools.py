"""Claims, the analysis in the review, forced cards that play themselves and the tricks so far,
in Chromium against the real server.

The analysis the page shows is checked against ``honeymoon.analysis`` run here on the seat's own
player-safe record (downloaded from ``/api/record``), not against the server's message."""

from __future__ import annotations

import json
import os
import re
import time
import urllib.request
from typing import Any

import pytest
from helpers import shoot
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from honeymoon.analysis import analyze_hand
from honeymoon.records import loads

pytestmark = pytest.mark.slow

STRAINS = ("C", "D", "H", "S", "NT")


def _frames(page: Any, *kinds: str) -> list[dict[str, Any]]:
    """Every message of a type in ``kinds`` the page receives from now on."""
    received: list[dict[str, Any]] = []

    def on_socket(socket: Any) -> None:
        def frame(payload: Any) -> None:
            message = json.loads(payload)
            if message.get("type") in kinds:
                received.append(message)

        socket.on("framereceived", frame)

    page.on("websocket", on_socket)
    page.reload()
    page.wait_for_selector(".table", timeout=15000)
    return received


def _notice(page: Any, part: str) -> str:
    """The notice over the table once it holds ``part`` (a notice shows for six seconds)."""
    page.wait_for_function(
        "s => document.getElementById('notice').textContent.includes(s)", arg=part
    )
    return str(page.locator("#notice").text_content())


def _phase(page: Any) -> str:
    classes = page.locator(".table").get_attribute("class") or ""
    return next((c[6:] for c in classes.split() if c.startswith("phase-")), "")


def test_a_claim_is_refused_or_accepted_as_the_server_judges_it(
    server: Any, browser: Any, table: Any
) -> None:
    def sit_down() -> tuple[Any, list[dict[str, Any]], Any]:
        game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
        page = table.open_seat(browser, game["link"])
        return page, _frames(page, "claim", "error"), table.Player(page)

    page, claims, player = sit_down()
    accepted = None
    hands_before = 0  # the hands of the rubbers that ended without an accepted claim
    deadline = time.monotonic() + 600
    # Claim at every card (the player's turn or not) until a claim is accepted: at the latest
    # that of the winner of a hand's last trick, south about one hand in two. On a loaded
    # machine the computer's card can overtake a click now and then, so allow thirty hands
    # (without one that would be a fault, not chance). A rubber that ends first is followed by
    # a new game: the finished one has nothing left to claim.
    while accepted is None:
        hands = hands_before + player.hand_number()
        assert hands < 30, "no claim was accepted in thirty hands"
        assert time.monotonic() < deadline, f"no claim was accepted in ten minutes ({hands} hands)"
        before = player.version()
        phase = _phase(page)
        if phase == "complete":
            hands_before = hands + 1
            page.context.close()
            page, claims, player = sit_down()
            continue
        if phase != "play":
            if not player.act():
                page.wait_for_timeout(30)
            continue
        answered = len(claims)
        try:
            page.locator("button[data-claim]:not([disabled])").click(timeout=5000)
        except PlaywrightTimeout:
            continue  # the hand moved on under the click (the computer's last card)
        for _ in range(400):
            if len(claims) > answered:
                break
            page.wait_for_timeout(25)
        if len(claims) == answered:
            continue  # the table moved under the click (the computer's card): claim again
        message = claims[-1]
        if message["type"] == "error":
            # claimed on a state the computer's card had just replaced: claim again
            assert message["code"] == "stale_version", message
            continue
        assert message["claimant"] == "south" and "line" not in message
        if message["accepted"]:
            accepted = message
            break
        assert "guaranteed" not in message
        note = _notice(page, "): refused. Play on")
        assert note.startswith("You claimed the rest")
        if player.act():  # the player's card; or the computer's comes by itself
            player.wait_version(before + 1)
        else:
            page.wait_for_timeout(50)
    hand = accepted["hand"]
    page.wait_for_function(f"() => Number(document.querySelector('.table').dataset.hand) > {hand}")
    note = _notice(page, "): accepted")
    assert note.startswith("You claimed the rest")
    # The review of the hand lists the claims, the line included, now that the hand is over.
    # (from the list of hands played: the last hand's line leaves the table as the drawing goes)
    dialog = table.open_review(page, hand)
    listed = dialog.locator(".claims li.claim")
    assert listed.count() >= 1
    *earlier, last = [item.inner_text() for item in listed.all()]
    assert all("refused" in text for text in earlier)
    assert "accepted" in last
    # the line trick by trick: every card left in both hands (a card already on the table
    # at the claim included)
    faces = listed.last.locator(".claim-tricks > li .face").count()
    assert faces == 2 * accepted["remaining"]
    assert listed.last.locator(".claim-tricks > li").count() == accepted["remaining"]
    page.context.close()


def test_a_refused_claim_is_worded_as_refused_and_nothing_more(
    server: Any, browser: Any, table: Any
) -> None:
    """The page words a refused claim from the verdict and the public position only: no count
    of the tricks the best defence leaves (it depends on the opponent's hidden cards); the
    review tells it once the hand is over."""
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"])
    claims = _frames(page, "claim", "error")
    player = table.Player(page)
    deadline = time.monotonic() + 180
    refused = None
    while refused is None:
        assert time.monotonic() < deadline, "no refused claim in three minutes"
        if _phase(page) != "play":
            if not player.act():
                page.wait_for_timeout(30)
            continue
        answered = len(claims)
        try:
            page.locator("button[data-claim]:not([disabled])").click(timeout=5000)
        except PlaywrightTimeout:
            continue
        for _ in range(400):
            if len(claims) > answered:
                break
            page.wait_for_timeout(25)
        if len(claims) > answered and claims[-1]["type"] == "claim":
            if not claims[-1]["accepted"]:
                refused = claims[-1]
            continue
    assert "guaranteed" not in refused and "line" not in refused
    note = _notice(page, "): refused")
    rest = refused["remaining"]
    trick_words = f"{rest} trick" if rest == 1 else f"{rest} tricks"
    assert note == (
        f"You claimed the rest ({trick_words}): refused. Play on; the review of the hand "
        "shows the best defence."
    )
    shown = str(page.locator(".claim-note").text_content())
    assert shown == note and not re.search(r"\d", shown.replace(trick_words, ""))
    page.context.close()


def test_the_review_shows_the_table_par_and_costly_cards_of_the_analysis(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"])
    analyses = _frames(page, "analysis")
    player = table.Player(page)
    # The tricks so far, shown during the play.
    table.play_until([player], lambda: page.locator(".tricks-recap").count() > 0)
    page.locator(".tricks-recap summary").click()
    assert page.locator(".tricks-recap li").count() >= 1
    # The list stays open as the cards are played (the table is drawn again at each card).
    table.play_until([player], lambda: page.locator(".tricks-recap li").count() >= 2)
    assert page.locator(".tricks-recap[open]").count() == 1
    table.play_until([player], lambda: player.hand_number() >= 1)
    dialog = table.open_review(page, 0)
    dialog.locator("table.dd").wait_for(timeout=10000)
    assert len(analyses) == 1
    request = urllib.request.Request(
        f"{server.url}/api/record", headers={"Authorization": f"Bearer {game['token']}"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        record = loads(answer.read().decode())
    expected = analyze_hand(record, 0, drawing=False).for_seat(0)
    assert expected.table is not None and expected.par is not None and expected.play is not None
    for seat, row in ((0, "south"), (1, "east")):
        cells = dialog.locator(f'table.dd tr[data-seat="{row}"] td')
        shown = [int(cells.nth(i).inner_text()) for i in range(5)]
        assert shown == [expected.table.tricks(seat, i) for i in range(5)]
    par = dialog.locator("p.par")
    outcome = expected.par.outcome
    assert par.get_attribute("data-contract") == ("" if outcome is None else outcome.contract.pbn)
    costly = [(c.card.pbn, c.cost, c.better.pbn if c.better else "") for c in expected.play.costly]
    items = dialog.locator("ul.costs li")
    assert [
        (
            items.nth(i).get_attribute("data-card"),
            int(items.nth(i).get_attribute("data-cost") or 0),
            items.nth(i).get_attribute("data-better"),
        )
        for i in range(items.count())
    ] == costly
    lost = expected.play.lost
    assert f"you {lost[0]} · computer {lost[1]}" in dialog.locator(".hand-lost").inner_text()
    assert f"you {lost[0]} · computer {lost[1]}" in dialog.locator(".rubber-lost").inner_text()
    # Stepping to a trick marks its costly cards with the better card.
    next_button = dialog.get_by_role("button", name="Next trick ▶")
    for trick in range(13):
        next_button.click()
        marks = dialog.locator(".review-trick .trick-cost:not(.none)")
        want = [c for c in expected.play.costly if c.trick == trick]
        assert marks.count() == len(want)
        for mark, cost in zip(marks.all(), want, strict=True):
            assert mark.get_attribute("data-card") == cost.card.pbn
    if os.environ.get("HONEYMOON_SCREENSHOTS"):
        # shown at the first trick with a costly card, the list of them open
        costly_tricks = [c.trick for c in expected.play.costly] or [12]
        for _ in range(12 - costly_tricks[0]):
            dialog.get_by_role("button", name="◀ Previous trick").click()
        if dialog.locator(".costs-list").count():
            dialog.locator(".costs-list summary").click()
        shoot(page, "review-analysis", full_page=True)
    page.context.close()


def test_forced_cards_play_themselves_unless_turned_off(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"], autoplay=True)
    player = table.Player(page)
    assert page.locator("input[data-autoplay]").is_checked()  # on by default
    table.play_until([player], lambda: _phase(page) == "play")
    forced = 0
    hand = player.hand_number()
    deadline = time.monotonic() + 300
    while player.hand_number() == hand:
        assert time.monotonic() < deadline, "the hand was not over in five minutes"
        cards = page.locator(".hand button.card:not([disabled])")
        if cards.count() == 1:
            # One legal card: nobody clicks, and it is played all the same.
            before = player.version()
            player.wait_version(before + 1)
            forced += 1
        elif cards.count() > 1:
            before = player.version()
            cards.first.click()
            player.wait_version(before + 1)
        else:
            page.wait_for_timeout(30)
    assert forced >= 1, "the last trick's card at least is forced"
    # Turned off, a forced card waits for the player (and the choice is remembered).
    page.locator("input[data-autoplay]").uncheck()
    page.reload()
    page.wait_for_selector(".table", timeout=15000)
    assert not page.locator("input[data-autoplay]").is_checked()
    deadline = time.monotonic() + 300
    while page.locator(".hand button.card:not([disabled])").count() != 1:
        assert time.monotonic() < deadline, "no forced card came in five minutes"
        before = player.version()
        if player.act():
            player.wait_version(before + 1)
        else:
            page.wait_for_timeout(30)
    before = player.version()
    page.wait_for_timeout(2000)
    assert player.version() == before
    page.locator(".hand button.card:not([disabled])").click()
    player.wait_version(before + 1)
    page.context.close()
