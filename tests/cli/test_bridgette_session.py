"""Claims and the analysis at the terminal in Bridgette: the session judges a claim with the
solver that knows the Colons and plays an accepted one out (a Colon by its own action number),
and gives the analysis of a finished deal as the analysis module does for the player."""

from __future__ import annotations

import random

from bridgette_packs import exchange_back, pack
from textual.widgets import Static

from honeymoon.actions import PASS
from honeymoon.analysis import analyze_hand
from honeymoon.auction import Call
from honeymoon.bots import RandomBot
from honeymoon.bridgette import BridgetteGame
from honeymoon.cards import Card, CardSet
from honeymoon.claims import judge_claim
from honeymoon.cli import render
from honeymoon.cli.session import Table
from honeymoon.cli.tui import HoneymoonApp
from honeymoon.cli.tui.review import ReviewScreen
from honeymoon.cli.tui.screens import TextScreen
from honeymoon.engines import new_game
from honeymoon.game import Phase
from honeymoon.rules import BRIDGETTE
from honeymoon.seats import Seat
from honeymoon.solver.colons import bridgette_tricks

SOUTH, EAST = Seat.SOUTH, Seat.EAST


def bar_deal() -> BridgetteGame:
    """South deals and plays 1♠; East, on lead, holds ♠AK and eleven hearts, South the ♠2,
    eleven diamonds and the Grand Colon (both discard back what they take in the exchange).
    East takes every trick by leading the ♠K first (the Grand Colon does not match it)."""
    east = CardSet.parse("♠AK ♥AKQJ10987654")
    south = CardSet.parse("♠2 ♦AKQJ10987654 :G")
    stock = pack(str(east), str(south), "H2")
    game = exchange_back(new_game(BRIDGETTE, seed=1, stocks=[stock], first_dealer=SOUTH))
    game.apply(Call.parse("1S"), SOUTH)
    game.apply(PASS, EAST)
    assert game.hand(EAST) == east and game.hand(SOUTH) == south
    return game


def test_a_good_claim_in_bridgette_is_played_out_at_the_terminal_colon_included() -> None:
    game = bar_deal()
    verdict = judge_claim(game, EAST)
    assert verdict.accepted and Card.parse(":G") in verdict.line
    table = Table(game, EAST, RandomBot(1))
    lines = table.claim()
    assert lines[0] == render.claim_accepted_words(13)
    assert game.history[0].actions[-26:] == tuple(card.action for card in verdict.line)
    assert game.history[0].result.declarer_tricks == 0


def test_a_refused_claim_in_bridgette_is_refused_after_a_spoiling_colon() -> None:
    game = bar_deal()
    table = Table(game, SOUTH, RandomBot(1))
    game.apply(Card.parse("SA").action, EAST)
    table.play(Card.parse(":G").action)
    assert game.barred_suit == 3 and game.to_act == EAST
    # South claims the twelve left: East, barred from spades, still takes eleven of them
    # (the count is told once the deal is over).
    verdict = judge_claim(game, SOUTH)
    assert (verdict.guaranteed, verdict.remaining) == (1, 12)
    lines = table.claim()
    assert lines == [render.claim_refused_words()]
    assert game.phase is Phase.PLAY and len(game.completed_tricks) == 1


def test_the_session_analyses_a_finished_bridgette_deal() -> None:
    game = bar_deal()
    table = Table(game, EAST, RandomBot(1))
    rng = random.Random(4)
    deadline = 200
    while table.view().hand_number == 0:
        deadline -= 1
        assert deadline > 0, "the deal did not end"
        if table.computer_to_act:
            table.computer_move()
        else:
            table.play(rng.choice(table.view().legal_actions))
    mine = table.analysis(0)
    assert mine == analyze_hand(game, 0, drawing=False).for_seat(EAST)
    assert mine.table is not None and mine.deal is not None and mine.play is not None
    east, south = mine.deal[EAST].mask, mine.deal[SOUTH].mask
    assert mine.table.tricks(EAST, 3, leader=EAST) == bridgette_tricks(east, south, 3) == 13
    lost = table.tricks_lost()
    assert (
        lost == mine.lost and mine.play.taken[EAST] == 13 - game.history[0].result.declarer_tricks
    )


async def test_the_full_screen_table_offers_the_claim_and_reviews_with_the_analysis() -> None:
    game = bar_deal()
    app = HoneymoonApp(Table(game, EAST, RandomBot(1)), delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        keys = str(app.game_screen.query_one("#keys", Static).render())
        assert "claim" in keys
        await pilot.press("c", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.analysis == analyze_hand(game, 0, drawing=False).for_seat(EAST)
        shown = "\n".join(str(widget.render()) for widget in screen.query(Static))
        assert "Par:" in shown
