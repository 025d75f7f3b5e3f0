"""Bridgette (the 55-card game with three Colons) in Chromium against the real server: the
page shows the Colons as cards, the upcard and the exchange (how many cards are left to
discard, one discard button per card), and a whole deal is played against the computer and
between two people with no script error (the lobby's list is checked in test_variants.py).

Set ``HONEYMOON_SCREENSHOTS=docs/screenshots`` to write ``web-bridgette.png`` there.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from helpers import shoot

from honeymoon.engines import new_game

pytestmark = pytest.mark.slow

PHONE = {"width": 360, "height": 780}
#: The strains as the analysis names them, in the page's column order.
STRAINS = ("C", "D", "H", "S", "NT")


def test_the_page_shows_a_colon_as_a_card(server: Any, browser: Any, table: Any) -> None:
    game = table.create_game(server, {"opponent": "friend", "variant": "bridgette"})
    page = table.open_seat(browser, game["link"])
    faces = page.evaluate(
        """async () => {
            const cards = await import('/static/cards.js');
            return [':G', ':R', ':L'].map((pbn) => {
              const c = cards.card(pbn);
              return [c.label, c.name, c.id, c.action];
            }).concat([cards.sortHand(['SA', ':L', ':G', 'D2']).map((c) => c.pbn)]);
        }"""
    )
    assert faces[:3] == [
        ["⁝G", "Grand Colon", 54, 98],
        ["⁝R", "Royal Colon", 53, 97],
        ["⁝L", "Little Colon", 52, 96],
    ]
    assert faces[3] == ["SA", "D2", ":G", ":L"]  # the Colons after the suits, highest first


def test_a_bridgette_deal_against_the_computer(server: Any, browser: Any, table: Any) -> None:
    game = table.create_game(
        server, {"opponent": "computer", "level": "hard", "seat": "south", "variant": "bridgette"}
    )
    page = table.open_seat(browser, game["link"], **PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    player = table.Player(page)
    assert page.locator("#variant-name").inner_text() == "Bridgette"
    page.wait_for_selector(".phase-exchange")
    assert re.search(r"Upcard", page.locator(".center").inner_text())
    assert page.locator(".upcard .face").get_attribute("aria-label")
    # The exchange: the seat to discard sees how many cards are left, and a discard button
    # on every card of its hand (the computer exchanges first when South deals).
    deadline = time.monotonic() + 60
    while not page.locator(".exchange-turn").count():
        assert time.monotonic() < deadline, "the exchange never came to South"
        page.wait_for_timeout(50)
    turn = page.locator(".exchange-turn").inner_text()
    left = int(re.search(r"discard\s+(\d+) more card", turn).group(1))  # type: ignore[union-attr]
    assert left in (2, 4, 8, 12)
    buttons = page.locator(".hand button.card[aria-label^='Discard the']:not([disabled])")
    assert buttons.count() == page.locator(".hand li").count() == 13 + left
    shoot(page, "bridgette", full_page=True)
    before = player.version()
    buttons.first.click(position={"x": 6, "y": 8})  # a fan's card, by its corner
    player.wait_version(before + 1)
    table.play_until([player], lambda: player.hand_number() >= 1, timeout=240)
    assert page.locator(".hand li").count() > 0
    assert not errors, errors


def test_two_people_play_a_bridgette_deal(server: Any, browser: Any, table: Any) -> None:
    game = table.create_game(
        server, {"opponent": "friend", "seat": "south", "variant": "bridgette"}
    )
    pages = [
        table.open_seat(browser, game["link"]),
        table.open_seat(browser, game["opponent_link"]),
    ]
    errors: list[str] = []
    for page in pages:
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.wait_for_selector(".phase-exchange")
        # Both see the same upcard; only the seat to discard has discard buttons.
        assert page.locator(".upcard .face").get_attribute("aria-label")
    upcards = {page.locator(".upcard .face").get_attribute("aria-label") for page in pages}
    assert len(upcards) == 1
    discarding = [p.locator(".hand button[aria-label^='Discard the']").count() > 0 for p in pages]
    assert sorted(discarding) == [False, True]
    players = [table.Player(page) for page in pages]
    table.play_until(players, lambda: players[0].hand_number() >= 1, timeout=240)
    assert not errors, errors


def _barred_view() -> dict[str, Any]:
    """South's view of a Bridgette deal played by two heuristic bots, at the first trick whose
    lead a Colon spoiled (the view's ``barred_suit`` is set)."""
    from honeymoon.bots import make_bot
    from honeymoon.game import Phase
    from honeymoon.rules import BRIDGETTE
    from honeymoon.views import view_for

    for seed in range(200):
        game = new_game(BRIDGETTE, seed=seed, first_dealer=0)
        bots = [make_bot("heuristic", 1), make_bot("heuristic", 2)]
        while game.hand_number == 0 and not game.is_over:
            view = view_for(game, 0)
            if view.barred_suit is not None and game.phase is Phase.PLAY:
                return view.to_dict()
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].act(view_for(game, seat)), seat)
    raise AssertionError("no deal of 200 had a lead spoiled by a Colon")


def test_the_page_names_the_suit_a_colon_barred(server: Any, browser: Any, table: Any) -> None:
    view = _barred_view()
    game = table.create_game(server, {"opponent": "friend", "variant": "bridgette"})
    page = table.open_seat(browser, game["link"])
    text = page.evaluate(
        """async (view) => {
            const { Table } = await import('/static/table.js');
            const root = document.createElement('div');
            document.body.append(root);
            const table = new Table(root, { move: () => false }, 'token');
            table.game = { seat: 'south', opponent: 'friend', variant: 'bridgette',
                           variant_title: 'Bridgette', rules: view.rules, options: {} };
            table.presence = { south: 'here', east: 'here' };
            table.setView(1, view, true);
            return root.querySelector('.barred').textContent;
        }""",
        view,
    )
    suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[view["barred_suit"]]
    assert "A Colon spoiled the last lead" in text and suit in text


def _played_deal() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """South's view in the play of a Bridgette deal played by two heuristic bots, then South's
    review and analysis messages of that deal once it is over (a deal with a contract)."""
    from honeymoon.analysis import analyze_hand
    from honeymoon.bots import make_bot
    from honeymoon.game import Phase
    from honeymoon.rules import BRIDGETTE
    from honeymoon.views import review_for, view_for

    for seed in range(50):
        game = new_game(BRIDGETTE, seed=seed, first_dealer=0)
        bots = [make_bot("heuristic", 1), make_bot("heuristic", 2)]
        in_play = None
        while game.hand_number == 0 and not game.is_over:
            if in_play is None and game.phase is Phase.PLAY:
                in_play = view_for(game, 0).to_dict()
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].act(view_for(game, seat)), seat)
        if in_play is None:
            continue  # passed out: dealt again
        mine = analyze_hand(game, 0, drawing=False).for_seat(0)
        analysis = {
            "type": "analysis",
            "hand": 0,
            "analysis": mine.to_dict(),
            "rubber": {"hands": 1, "lost": {"south": mine.lost[0], "east": mine.lost[1]}},
        }
        review = {"type": "review", "hand": 0, "review": review_for(game, 0, 0).to_dict()}
        return in_play, review, analysis
    raise AssertionError("every deal of 50 games was passed out")


def test_the_claim_and_the_reviews_analysis_are_offered_in_bridgette(
    server: Any, browser: Any, table: Any
) -> None:
    view, review, analysis = _played_deal()
    game = table.create_game(server, {"opponent": "friend", "variant": "bridgette"})
    page = table.open_seat(browser, game["link"])
    shown = page.evaluate(
        """async ([view, review, analysis]) => {
            const { Table } = await import('/static/table.js');
            const root = document.createElement('div');
            document.body.append(root);
            const table = new Table(root, { move: () => false, send: () => true }, 'token');
            table.game = { seat: 'south', opponent: 'friend', variant: 'bridgette',
                           variant_title: 'Bridgette', rules: view.rules, options: {} };
            table.presence = { south: 'here', east: 'here' };
            table.setView(1, view, true);
            const claim = root.querySelector('button.claim');
            table.onMessage(analysis);
            table.onMessage(review);
            const cells = [...document.querySelectorAll('dialog.review table.dd td')];
            return { claim: claim ? claim.textContent : null,
                     cells: cells.map((td) => Number(td.textContent)),
                     par: document.querySelector('dialog.review .par').textContent };
        }""",
        [view, review, analysis],
    )
    assert shown["claim"] == "Claim the rest"
    dd = analysis["analysis"]["table"]
    rows = (("south", "east"), ("east", "south"))
    expected = [dd[seat][k][f"{leads}_leads"] for seat, leads in rows for k in STRAINS]
    assert shown["cells"] == expected
    assert "Par:" in shown["par"]
