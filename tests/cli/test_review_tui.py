"""The review of a finished hand and the auction and tricks so far, in the full-screen table,
driven with Textual's pilot: offered when a hand ends, reachable with ``b`` for any finished
hand, ← → through the tricks; ``a`` and the side panel on a wide terminal during play."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from helpers import random_action
from textual.containers import VerticalScroll
from textual.widgets import Static

from honeymoon.actions import KEEP
from honeymoon.analysis import HandAnalysis, analyze_game, analyze_hand
from honeymoon.bots import RandomBot
from honeymoon.cards import Strain
from honeymoon.cli import render, session, tui
from honeymoon.cli.session import Table
from honeymoon.cli.tui import GameScreen, HoneymoonApp
from honeymoon.cli.tui.review import ReviewScreen
from honeymoon.cli.tui.screens import TextScreen
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game, Phase
from honeymoon.seats import Seat
from honeymoon.views import review_for

SIZE = (80, 24)


def _one_card_from_the_end(seed: str) -> tuple[Game, int]:
    """A game of ``seed`` one action before the end of its first hand, which has a contract
    and was played out; and the number of actions that takes. Random play, seeded."""
    for attempt in range(50):
        probe = Game(seed=f"{seed}:{attempt}", first_dealer=Seat.EAST)
        rng = random.Random(attempt)
        actions = []
        while probe.hand_number == 0:
            action = random_action(probe, rng, pass_chance=0.3)
            probe.apply(action)
            actions.append(action)
        if probe.history[0].result.contract is not None:
            game = Game(seed=f"{seed}:{attempt}", first_dealer=Seat.EAST)
            for action in actions[:-1]:
                game.apply(action)
            return game, len(actions)
    raise AssertionError("no seed bid a contract")


def dialog_text(app: HoneymoonApp) -> str:
    return "\n".join(str(widget.render()) for widget in app.screen.query(Static))


async def _finish_the_hand(app: HoneymoonApp, pilot: object) -> None:
    screen = app.game_screen
    if isinstance(app.screen, GameScreen) and screen.view().my_turn:
        await pilot.press("right", "enter")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]


async def test_the_review_is_offered_after_the_hand_and_steps_through_the_tricks() -> None:
    game, _ = _one_card_from_the_end("review")
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(7)), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _finish_the_hand(app, pilot)
        assert isinstance(app.screen, TextScreen)
        assert "Press b to review the hand" in dialog_text(app)
        # the headline: the hand's result and its last trick, from the engine's events
        table = app.table
        result = table.view().results[-1]
        assert table.describe_result(result) in dialog_text(app)
        assert table.last_trick is not None
        last_words = render.trick_words(table.last_trick, Seat.SOUTH)
        assert f"Last trick: {last_words}" in dialog_text(app)
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        # At 80×24 the analysis is below the score: PgDn scrolls to it, PgUp back.
        body = screen.query_one("#dialog-body", VerticalScroll)
        assert body.scroll_y == 0 and body.max_scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert body.scroll_y > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert body.scroll_y == 0
        review = review_for(game, Seat.SOUTH, 0)
        shown = dialog_text(app)
        assert "Hand 1 of 1:" in shown
        assert "Your hand (13)" in shown and "East's hand (13)" in shown
        assert "The hands after the drawing" in shown
        # East's discards were never seen: they are nowhere in the review
        east_discards = review_for(game, Seat.EAST, 0).discards
        assert east_discards
        for card in east_discards:
            assert str(card) not in shown, card
        assert f"Your discards ({len(review.discards)})" in shown
        # → steps through the tricks, ← back; each trick in the core's words
        for number in (1, 2, 3):
            await pilot.press("right")
            await pilot.pause()
            trick = review.tricks[number - 1]
            assert f"Trick {number} of 13: {render.trick_words(trick, Seat.SOUTH)}" in (
                dialog_text(app)
            )
        await pilot.press("left")
        await pilot.pause()
        shown = dialog_text(app)
        assert f"Trick 2 of 13: {render.trick_words(review.tricks[1], Seat.SOUTH)}" in shown
        # before trick 2, each hand has lost the card it played to trick 1
        assert "Your hand (12)" in shown and "East's hand (12)" in shown
        await pilot.press("end")
        await pilot.pause()
        shown = dialog_text(app)
        last = review.tricks[-1]
        assert f"Trick 13 of 13: {render.trick_words(last, Seat.SOUTH)}" in shown
        won = review.tricks_won
        assert f"Tricks so far: You {won[0]} · East {won[1]}" in shown
        for entry in review.score:
            assert f"{entry.points} {entry.line.value}" in shown
        await pilot.press("right")  # past the last trick: stays on it
        await pilot.pause()
        assert "Trick 13 of 13" in dialog_text(app)
        # Esc: back to the sheet, Enter: the next hand; b reviews the finished hand again
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "b review" in str(app.screen.query_one("#keys", Static).render())
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.number == 0
        await pilot.press("up", "down")  # only one finished hand: stays on it
        await pilot.pause()
        assert app.screen.number == 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_b_before_any_hand_is_finished_says_so() -> None:
    app = HoneymoonApp(Table(Game(seed="early", first_dealer=Seat.EAST), Seat.SOUTH, RandomBot(7)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "No hand is finished yet" in str(app.screen.query_one("#log", Static).render())


async def test_a_shows_the_auction_and_the_tricks_and_a_wide_table_keeps_them_in_view() -> None:
    game, _ = _one_card_from_the_end("so-far")
    # Back up to the middle of the play of the same hand.
    probe_actions = game.actions
    game = Game(seed=game.seed, first_dealer=Seat.EAST)
    for action in probe_actions[:-8]:
        game.apply(action)
    assert game.phase is Phase.PLAY
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(7)), delay=0)
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        view = screen.view()
        panel = app.screen.query_one("#so-far", Static)
        assert panel.display and panel.size.width > 0
        shown = str(panel.render())
        assert "Auction" in shown and f"Contract {view.contract}" in shown
        for number, trick in enumerate(view.tricks, start=1):
            assert f"{number:>2} {render.trick_words(trick, Seat.SOUTH)}" in shown
        await pilot.press("a", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        text = dialog_text(app)
        assert "The auction and the tricks so far" in text or "Auction" in text
        assert f"Trick 1: {render.trick_words(view.tricks[0], Seat.SOUTH)}" in text
        await pilot.press("escape")
        await pilot.pause()
    narrow = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(7)), delay=0)
    async with narrow.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not narrow.screen.query_one("#so-far", Static).display


async def test_the_end_of_the_rubber_offers_the_review_of_every_hand() -> None:
    probe = Game(seed="review-end", first_dealer=Seat.EAST)
    rng = random.Random(5)
    actions = []
    while not probe.is_over:
        action = random_action(probe, rng)
        probe.apply(action)
        actions.append(action)
    game = Game(seed="review-end", first_dealer=Seat.EAST)
    for action in actions[:-1]:
        game.apply(action)
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(7)), delay=0, write_record=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await _finish_the_hand(app, pilot)
        assert isinstance(app.screen, TextScreen)
        assert "Press b to review the hands" in dialog_text(app)
        await pilot.press("b")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        hands = len(probe.history)
        assert review.count == hands and review.number == hands - 1
        assert f"Hand {hands} of {hands}:" in dialog_text(app)
        # The rubber's summary: the tricks each player lost to its own cards.
        lost = analyze_game(game, drawing=False).for_seat(Seat.SOUTH).lost
        assert (
            f"Tricks lost to play errors this rubber (double dummy): you {lost[0]}, "
            f"East {lost[1]}." in dialog_text(app)
        )
        await pilot.press("up")
        await pilot.pause()
        assert review.number == hands - 2
        assert f"Hand {hands - 1} of {hands}:" in dialog_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)  # back on the final sheet
        assert "The rubber is over" in dialog_text(app)
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_value == 0


async def test_a_in_the_auction_lists_the_calls_so_far() -> None:
    game = Game(seed="calls-so-far", first_dealer=Seat.SOUTH)
    while game.phase is Phase.DRAWING:
        game.apply(KEEP)
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(7)), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        view = app.game_screen.view()
        assert view.phase is Phase.AUCTION and view.my_turn and view.auction
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        shown = dialog_text(app)
        assert "Auction" in shown and str(view.auction[0]) in shown
        assert "East" in shown and "South" in shown


def test_the_table_gives_the_review_and_the_screen_keeps_off_its_game() -> None:
    game, count = _one_card_from_the_end("table-review")
    table = Table(game, Seat.SOUTH, RandomBot(7))
    with pytest.raises(HoneymoonError) as refused:
        table.review(0)  # not finished yet
    assert refused.value.code == "no_such_hand"
    table.play(table.view().legal_actions[0])
    assert table.review(0) == review_for(game, Seat.SOUTH, 0)
    # The full-screen table reads the game only through the table's public methods.
    private = []
    for path in sorted(Path(tui.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "table"
            ):
                private.append(f"{path.name}:{node.lineno} table.{node.attr}")
    assert not private, private


def _rows(shown: str) -> dict[str, list[int]]:
    """The double-dummy table as shown: a name and five figures a row."""
    rows = {}
    for line in shown.splitlines():
        words = line.split()
        if len(words) == 6 and words[0] in ("You", "East") and all(w.isdigit() for w in words[1:]):
            rows[words[0]] = [int(word) for word in words[1:]]
    return rows


async def test_the_review_shows_the_analysis_worked_out_when_it_opens(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []
    real = session.analyze_hand

    def counted(game: Game, number: int, **options: object) -> HandAnalysis:
        asked.append(number)
        return real(game, number, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(session, "analyze_hand", counted)
    game, _ = _one_card_from_the_end("review")
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(7)), delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await _finish_the_hand(app, pilot)
        assert asked == []  # nothing is worked out before the review opens
        await pilot.press("b")
        await pilot.pause()
        assert asked == [0]
        expected = analyze_hand(game, 0, drawing=False).for_seat(Seat.SOUTH)
        assert expected.table is not None and expected.par is not None
        assert expected.play is not None
        shown = dialog_text(app)
        rows = _rows(shown)
        assert rows["You"] == [expected.table.tricks(Seat.SOUTH, s) for s in Strain]
        assert rows["East"] == [expected.table.tricks(Seat.EAST, s) for s in Strain]
        (par,) = [line for line in shown.splitlines() if line.startswith("Par: ")]
        outcome = expected.par.outcome
        assert outcome is not None
        net = outcome.net(Seat.SOUTH)
        assert par.startswith(f"Par: {outcome.contract} by ")
        assert f"{outcome.tricks} tricks" in par and par.endswith(f"{abs(net)}.")
        assert ("+" if net >= 0 else "−") in par
        lost, start = expected.play.lost, expected.play.start
        assert f"best play gives you {start[0]} and East {start[1]} tricks" in shown
        assert f"lost to their own cards: you {lost[0]}, East {lost[1]}." in shown
        # Each costly card is marked in its trick, with the better card.
        costly = expected.play.costly
        assert costly, "random play makes mistakes"
        for number in range(13):
            await pilot.press("right")
            await pilot.pause()
            trick_text = str(app.screen.query_one("#review-trick", Static).render())
            here = [c for c in costly if c.trick == number]
            assert trick_text.count("Costly: ") == len(here)
            for cost in here:
                who = "You" if cost.seat is Seat.SOUTH else "East"
                words = "1 trick" if cost.cost == 1 else f"{cost.cost} tricks"
                assert f"Costly: {who} {cost.card} cost {words} ({cost.better} was better)" in (
                    trick_text
                )
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert asked == [0]  # kept, not worked out again


def test_the_line_by_line_review_is_the_same_review_in_words() -> None:
    game, _ = _one_card_from_the_end("plain-review")
    table = Table(game, Seat.SOUTH, RandomBot(7))
    assert table.review_lines() == ["No hand is finished yet: review shows one once it is over."]
    game.apply(game.legal_actions()[0])
    lines = table.review_lines(1)
    assert lines[0].startswith("Hand 1 of 1: ")
    assert "Trick 13 of 13: " in "\n".join(lines)
    assert "Double dummy, tricks as declarer:" in lines
    assert table.review_lines(2) == ["There is no finished hand 2: hands 1 to 1 are finished."]
