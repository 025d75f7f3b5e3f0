"""The review of a finished hand at the four-hand table, full screen, driven with Textual's
pilot: the same review screen as at two hands with the four hands as the play began, ← →
through the tricks, and the hand's double-dummy analysis (DDS) under it; for every variant."""

from __future__ import annotations

import random

import pytest
from table_helpers import TABLE_CASES, OpeningBot, shown_cards, table_rules
from textual.widgets import Static

from honeymoon.actions import PASS
from honeymoon.cards import Card
from honeymoon.cli.table_session import FourHandTable
from honeymoon.cli.tui import HoneymoonApp
from honeymoon.cli.tui.review import ReviewScreen
from honeymoon.cli.tui.screens import TextScreen
from honeymoon.seats import Seat
from honeymoon.table import TableGame

pytest.importorskip("endplay")

SIZE = (120, 50)


def played_first_hand(variant: str, options: dict[str, bool], seed: str) -> TableGame:
    """A game of the variant whose first hand was bid and played out at random (seeded)."""
    for attempt in range(20):
        game = TableGame(table_rules(variant, options), seed=f"{seed}:{attempt}", first_dealer=0)
        rng = random.Random(attempt)
        while not game.history:
            legal = [a for a in game.legal_actions() if a != PASS] or list(game.legal_actions())
            if game.auction_calls and rng.random() < 0.6:
                legal = [PASS] if PASS in game.legal_actions() else legal
            game.apply(rng.choice(legal))
        if game.history[0].result.contract is not None:
            return game
    raise AssertionError("no seed bid a contract")


def dialog_text(app: HoneymoonApp) -> str:
    return "\n".join(str(widget.render()) for widget in app.screen.query(Static))


@pytest.mark.parametrize(
    ("name", "variant", "options"), TABLE_CASES, ids=[c[0] for c in TABLE_CASES]
)
async def test_the_review_and_analysis_of_a_hand_at_the_table(
    name: str, variant: str, options: dict[str, bool]
) -> None:
    game = played_first_hand(variant, options, f"review-{name}")
    human = Seat.EAST if name == "clockwise" else Seat.SOUTH
    table = FourHandTable(game, human, OpeningBot())
    app = HoneymoonApp(table, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert len(screen.query(".review-hand")) == 4
        text = dialog_text(app)
        other = human.other
        for heading in (
            "Your hand (13)",
            f"Your dummy ({human.dummy.label}) (13)",
            f"{other.label}'s hand (13)",
            f"{other.label}'s dummy ({other.dummy.label}) (13)",
        ):
            assert heading in text
        assert "The hands as the play began" in text
        assert "Double dummy, tricks as declarer:" in text and "Par: " in text
        await pilot.press("right")
        await pilot.pause()
        assert "Trick 1 of 13: " in dialog_text(app)
        await pilot.press("end")
        await pilot.pause()
        text = dialog_text(app)
        assert "Trick 13 of 13: " in text
        # The hands before the last trick: one card each.
        assert text.count("(1)") == 4
        analysis = table.analysis(0)
        assert analysis.play is not None
        last = [cost for cost in analysis.play.costly if cost.trick == 12]
        assert text.count("Costly: ") == len(last)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)


async def test_the_review_of_a_passed_out_hand_shows_only_the_players_own_hand() -> None:
    game = TableGame(table_rules("single-dummy", {}), seed="passed", first_dealer=0)
    game.apply(PASS)
    game.apply(PASS)
    own = game.history[0].log.hands
    assert own is not None
    table = FourHandTable(game, Seat.SOUTH, OpeningBot())
    app = HoneymoonApp(table, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        text = dialog_text(app)
        assert "not seen:" in text
        hands = "\n".join(
            str(w.render())
            for w in app.screen.query(".review-hand")
            if "Your hand" in str(w.render())
        )
        assert shown_cards(text) == shown_cards(hands) == set(own[Seat.SOUTH.direction])


async def test_the_end_of_a_hand_offers_its_review() -> None:
    played = played_first_hand("double-dummy", {}, "offered")
    actions = played.history[0].actions
    game = TableGame(played.rules, seed="offered", stocks=[played.history[0].stock], first_dealer=0)
    for action in actions[:-1]:  # one card from the end of the hand
        game.apply(action)
    table = FourHandTable(game, game.to_act or Seat.SOUTH, OpeningBot())
    app = HoneymoonApp(table, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*Card.from_id(actions[-1]).pbn.lower(), "enter")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        assert "Press b to review the hand" in dialog_text(app)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert "Hand 1 of 1" in dialog_text(app)
