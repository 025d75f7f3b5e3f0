"""The table at a phone's width and a desktop's: nothing overflows, every control is a named
button, a phone shows the hand and what to do with it on one screen, and screenshots for the
documentation.

Set ``HONEYMOON_SCREENSHOTS=docs/screenshots`` to write ``web-*.png`` there.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from helpers import shoot

pytestmark = pytest.mark.slow

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 860}


def _check_page(page: Any, width: int) -> None:
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= width, f"the page is {overflow} px wide in a {width} px window"
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('button')]
            .filter(b => !(b.getAttribute('aria-label') || b.textContent).trim()).length"""
    )
    assert unnamed == 0
    assert page.locator("[onclick], div[role=button], span[role=button]").count() == 0


def test_table_fits_a_phone_and_a_desktop(server: Any, browser: Any, table: Any) -> None:
    lobby = browser.new_context(viewport=PHONE).new_page()
    lobby.goto(server.url + "/")
    lobby.wait_for_selector("#variant[data-loaded]")
    _check_page(lobby, PHONE["width"])
    shoot(lobby, "lobby-phone")
    lobby.context.close()

    game = table.create_game(server, {"opponent": "friend", "seat": "south"})
    south = table.open_seat(browser, game["link"], **PHONE)
    east = table.open_seat(browser, game["opponent_link"], **DESKTOP)
    players = [table.Player(south), table.Player(east)]
    # Finish the first hand, so the score sheet has entries; then stop in the second
    # hand's drawing, auction and play to look at each.
    table.play_until(players, lambda: all(p.hand_number() >= 1 for p in players))
    south.wait_for_selector(".phase-drawing")
    _check_page(south, PHONE["width"])
    _check_page(east, DESKTOP["width"])
    drawing = next(p for p in (south, east) if p.locator(".draw button:not([disabled])").count())
    shoot(drawing, "drawing")
    table.play_until(players, lambda: south.locator(".phase-auction").count() > 0)
    table.play_until(
        players, lambda: south.locator(".phase-auction .bidbox button:not([disabled])").count() > 0
    )
    _check_page(south, PHONE["width"])
    shoot(south, "auction-phone", full_page=True)
    table.play_until(players, lambda: south.locator(".phase-play").count() > 0)
    table.play_until(
        players,
        lambda: (
            east.locator(".trick li").count() == 1
            and south.locator(".hand button.card:not([disabled])").count() > 0
        ),
    )
    for page in (south, east):
        page.get_by_text("Score sheet").click()
    _check_page(south, PHONE["width"])
    _check_page(east, DESKTOP["width"])
    shoot(south, "play-phone", full_page=True)
    shoot(east, "play-desktop")


SMALL_PHONE = {"width": 360, "height": 740}

# What a player must see at once, by phase, besides the whole hand: for the auction, the
# header and the latest call of the auction, whose table may scroll within its box.
ON_SCREEN = {
    "drawing": [".draw"],
    "auction": [
        ".center .calls thead",
        ".center .calls tbody tr:last-child",
        ".center .turn",
        ".bidbox",
    ],
    "play": [".contract", ".trick", ".center .turn"],
    "preliminary": [".prelim-title", ".trick", ".center .turn", ".face-up"],
}


def _off_screen(page: Any, phase: str) -> list[str]:
    """The parts of what must be seen that lie beyond the first screen, in words."""
    page.wait_for_selector(f".phase-{phase}")
    page.wait_for_timeout(200)  # the last state message, laid out
    parts = [".mine .cards.hand", *ON_SCREEN[phase]]
    boxes: list[list[Any]] = page.evaluate(
        """parts => parts.flatMap(selector => [...document.querySelectorAll(selector)]
            .filter(el => el.getClientRects().length)
            .map(el => {
                const r = el.getBoundingClientRect();
                return [selector, r.top + scrollY, r.bottom + scrollY, r.left, r.right];
            }))""",
        parts,
    )
    found = {box[0] for box in boxes}
    missing = [p for p in parts if p not in found and p != ".face-up"]
    assert not missing, f"{phase}: nothing shows {missing}"
    cards = page.locator(".mine .cards.hand li").count()
    height, width = page.viewport_size["height"], page.viewport_size["width"]
    return [
        f"{phase} (a hand of {cards}): {selector} spans {top:.0f}-{bottom:.0f} px"
        f" of a {height} px screen"
        for selector, top, bottom, left, right in boxes
        if top < 0 or bottom > height or left < 0 or right > width
    ]


def _pair(
    server: Any, browser: Any, table: Any, body: dict[str, Any]
) -> tuple[Any, Any, list[Any]]:
    game = table.create_game(server, {"opponent": "friend", "seat": "south", **body})
    south = table.open_seat(browser, game["link"], **SMALL_PHONE)
    east = table.open_seat(browser, game["opponent_link"], **SMALL_PHONE)
    return south, east, [table.Player(south), table.Player(east)]


def _caller(*pages: Any) -> Any:
    """The page whose call it is, once it shows its bids (the others wait)."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        for page in pages:
            if page.locator(".bidbox .bids button:not([disabled])").count():
                return page
        pages[0].wait_for_timeout(50)
    raise AssertionError("no page has a bid to make")


def _cheapest_bid(page: Any) -> bool:
    """Make the lowest bid open, if it is this page's call."""
    bids = page.locator(".bidbox .bids button:not([disabled])")
    if not bids.count():
        return False
    before = int(page.locator(".table").get_attribute("data-version") or 0)
    bids.first.click()
    confirm = page.locator(".confirm-call button[data-confirmed]")
    if confirm.count():  # on a phone a call waits for its confirm tap
        confirm.click()
    page.wait_for_function(
        "v => Number(document.querySelector('.table')?.dataset.version) > v", arg=before
    )
    return True


def _each_turn(players: list[Any], phase: str, mine: Any, off: list[str]) -> int:
    """Measure the first player's screen at each of its turns in ``phase`` (the last one
    shot as ``phone-<phase>``), the others playing theirs; how many turns it had."""
    page = players[0].page
    turns = 0
    deadline = time.monotonic() + 120
    while page.locator(f".phase-{phase}").count():
        assert time.monotonic() < deadline, f"the {phase} did not end in time"
        # Only the first player's own controls say it is its turn: never move for it blind.
        if mine.count():
            off += _off_screen(page, phase)
            shoot(page, f"phone-{phase}")
            turns += 1
            before = players[0].version()
            assert players[0].act()
            players[0].wait_version(before + 1)
            continue
        for other in players[1:]:
            before = other.version()
            if other.act():
                other.wait_version(before + 1)
                break
        else:
            page.wait_for_timeout(50)
    return turns


def test_a_phone_shows_the_hand_and_the_controls_on_one_screen(
    server: Any, browser: Any, table: Any
) -> None:
    """At 360 x 740 the hand, the auction and the calls (the card looked at and its buttons,
    the trick) are on the first screen in every phase: each drawing turn, the first of a
    hand included, a long auction, the play, the preliminary tricks of Draw Bridge."""
    off: list[str] = []
    south, east, players = _pair(server, browser, table, {})
    can_draw = south.locator(".draw button:not([disabled])")
    mine = south.locator(".hand button.card:not([disabled])")
    turns = _each_turn(players, "drawing", can_draw, off)
    assert turns == 13, turns
    # A long auction: the cheapest bid each time, eight bids or more, until it is South's call
    # (a pass would end it).
    bids = 0
    while True:
        caller = _caller(south, east)
        if caller is south and bids >= 8:
            break
        assert _cheapest_bid(caller)
        bids += 1
    assert south.locator(".center .calls tbody tr").count() >= 4
    off += _off_screen(south, "auction")
    shoot(south, "phone-auction")
    table.play_until(players, lambda: south.locator(".phase-play").count() > 0 and mine.count())
    off += _off_screen(south, "play")
    shoot(south, "phone-play")
    table.play_until(players, lambda: players[0].hand_number() >= 1 and can_draw.count() > 0)
    off += _off_screen(south, "drawing")
    south.context.close()
    east.context.close()

    assert not off, "\n".join(off)


@pytest.mark.parametrize("face_up", [True, False])
def test_a_phone_shows_the_hand_and_the_trick_in_draw_bridge(
    server: Any, browser: Any, table: Any, face_up: bool
) -> None:
    """At 360 x 740, each preliminary trick of Draw Bridge (the cards drawn listed under the
    hand), then the auction and the play, with the hand and the controls on one screen."""
    off: list[str] = []
    body = {"variant": "draw", "options": {"face_up_stock": face_up}}
    south, east, players = _pair(server, browser, table, body)
    mine = south.locator(".hand button.card:not([disabled])")
    bidding = south.locator(".bidbox button:not([disabled])")
    turns = _each_turn(players, "preliminary", mine, off)
    assert turns == 13, turns
    table.play_until(players, lambda: bidding.count() > 0)
    off += _off_screen(south, "auction")
    table.play_until(players, lambda: south.locator(".phase-play").count() > 0 and mine.count())
    off += _off_screen(south, "play")
    south.context.close()
    east.context.close()
    assert not off, "\n".join(off)
