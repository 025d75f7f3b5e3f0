"""Hints in words with the numbers on request, and how cards are written (``--letters``,
``--ten``, bigger cards on a big terminal), at the full-screen table and line by line."""

from __future__ import annotations

import argparse
import re
import threading
from typing import Any

from textual.widgets import Static

from honeymoon.bots import HeuristicBot, RandomBot
from honeymoon.cards import CardSet
from honeymoon.cli.play import PlainSession, build_table, register
from honeymoon.cli.render import CardStyle, hand_lines
from honeymoon.cli.session import Table
from honeymoon.cli.tui import GameScreen, HoneymoonApp
from honeymoon.cli.tui.screens import TextScreen
from honeymoon.game import Game, Phase
from honeymoon.seats import Seat

SYMBOLS = re.compile("[♠♥♦♣]")
LETTERS = CardStyle(letters=True, ten="T")


def _table(seed: str, style: CardStyle | None = None) -> Table:
    game = Game(seed=seed, first_dealer=Seat.EAST)  # South draws first
    table = Table(game, Seat.SOUTH, RandomBot(3), adviser=lambda: HeuristicBot(1))
    if style is not None:
        table.style = style
    return table


def _scripted(answers: list[str]) -> object:
    queue = list(answers)

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read


def _plain(table: Table, answers: list[str]) -> tuple[list[str], list[str]]:
    output: list[str] = []
    prompts: list[str] = []
    read = _scripted(answers)

    def reading(prompt: str) -> str:
        prompts.append(prompt)
        return read(prompt)  # type: ignore[operator]

    session = PlainSession(None, Seat.SOUTH, None, read=reading, write=output.append, table=table)  # type: ignore[arg-type]
    assert session.run() == 0
    return output, prompts


# -- line by line --------------------------------------------------------------------------


def test_plain_hint_is_words_and_hint_more_gives_the_numbers_counted_once() -> None:
    table = _table("hint-words")
    output, _ = _plain(table, ["hint", "hint more", "quit", "q"])
    hint = next(line for line in output if line.startswith("Hint ("))
    assert re.match(r"Hint \(heuristic\): (keep|reject) [♠♥♦♣]", hint), hint
    assert "value" not in hint and "compared" not in hint
    after = output[output.index(hint) + 1 :]
    assert after[0] == "The choices compared:", after
    assert after[1].lstrip().startswith(("keep ", "reject ")) and "value" in after[1]
    assert table.hints_used == 1


def test_plain_numbers_asked_first_come_with_the_hint() -> None:
    table = _table("hint-why")
    output, _ = _plain(table, ["why", "quit", "q"])
    first = next(i for i, line in enumerate(output) if line.startswith("Hint ("))
    assert output[first + 1] == "The choices compared:"
    assert table.hints_used == 1


def test_plain_play_with_letters_and_t_writes_no_suit_symbol() -> None:
    table = _table("letters", LETTERS)
    answers = ["hand", "hint", "hint more", "k"] * 8 + ["quit", "q"]
    output, prompts = _plain(table, answers)
    text = "\n".join(output + prompts)
    assert not SYMBOLS.search(text), SYMBOLS.findall(text)[:5]
    assert re.search(r"You look at [SHDC][2-9TJQKA]\. ", "\n".join(prompts))
    hand = [line for line in output if re.match(r"^[SHDC] ", line)]
    assert len(hand) >= 4
    assert not any("10" in line for line in hand)


def test_each_display_option_on_its_own() -> None:
    hand = CardSet.parse("AT5.K.QT9.2")
    assert hand_lines(hand) == ["♠ A 10 5", "♥ K", "♦ Q 10 9", "♣ 2"]
    assert hand_lines(hand, CardStyle(ten="T")) == ["♠ A T 5", "♥ K", "♦ Q T 9", "♣ 2"]
    assert hand_lines(hand, CardStyle(letters=True)) == ["S A 10 5", "H K", "D Q 10 9", "C 2"]


def test_the_options_reach_the_table() -> None:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["play", "--letters", "--ten", "T", "--seed", "1", "--no-record"])
    table, _ = build_table(args)
    assert table.style == LETTERS
    plain = parser.parse_args(["play", "--seed", "1"])
    assert build_table(plain)[0].style == CardStyle()


# -- the full-screen table -----------------------------------------------------------------


def _app(seed: str, style: CardStyle | None = None) -> HoneymoonApp:
    return HoneymoonApp(_table(seed, style), delay=0)


def _text(app: HoneymoonApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def _dialog(app: HoneymoonApp) -> str:
    return "\n".join(str(widget.render()) for widget in app.screen.query(Static))


async def test_h_gives_the_hint_in_words_and_h_again_the_numbers() -> None:
    app = _app("tui-hint")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("h")
        await pilot.pause()
        kind, hint = screen.messages[-1]
        assert kind == "hint" and hint.startswith("Hint (heuristic): ")
        assert "compared" not in hint and not isinstance(app.screen, TextScreen)
        await pilot.press("h")  # the same decision: the numbers behind it
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        body = _dialog(app)
        assert "The choices compared:" in body and "value" in body
        await pilot.press("escape")
        assert screen.table.hints_used == 1
        await pilot.press("k")  # a new decision: h gives a new hint, not numbers
        await pilot.pause()
        while not screen.view().my_turn:
            await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert screen.messages[-1][0] == "hint" and screen.table.hints_used == 2


async def test_letters_and_t_on_the_whole_table() -> None:
    app = _app("tui-letters", LETTERS)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(13):
            while not screen.view().my_turn:
                await pilot.pause()
            if screen.view().phase is not Phase.DRAWING:
                break
            await pilot.press("h", "k")
            await pilot.pause()
        shown = "\n".join(
            str(widget.render()) for widget in screen.query(Static) if widget.id != "keys"
        )
        assert not SYMBOLS.search(shown), SYMBOLS.findall(shown)[:5]
        hand = _text(app, "#hand")
        assert re.search(r"^S ", hand, re.M) and re.search(r"^C ", hand, re.M)
        assert "10" not in hand
        assert any("Hint (heuristic)" in text for _, text in screen.messages)


async def test_a_big_terminal_draws_bigger_cards_and_a_longer_log() -> None:
    small, big = _app("tui-big"), _app("tui-big")
    async with small.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        card = _text(small, "#table-left").splitlines()
        small_log = small.screen.query_one("#log").size.height
    async with big.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bigger = _text(big, "#table-left").splitlines()
        big_log = big.screen.query_one("#log").size.height
    assert len(card) == 5 and len(card[0]) == 7
    assert len(bigger) == 7 and len(bigger[0]) == 9
    assert big_log > small_log


def test_the_numbers_behind_a_hint_word_every_figure_given_in_order() -> None:
    # Every figure the advice gives has its words, in a fixed order; one it does not give is
    # left out (the candidates' value here, the advice's margin).
    from honeymoon.bots.advice import Advice, Candidate, Figures, Reason
    from honeymoon.cards import Suit
    from honeymoon.cli.hints import numbers_lines

    figures = Figures(
        suit=Suit.SPADES,
        length=5,
        points=12,
        shape=(5, 3, 3, 2),
        tricks=8.44,
        score=120.0,
        chance=0.78,
        value=3.25,
        layouts=40,
    )
    advice = Advice(
        58,
        Reason.BEST_CALL,
        figures,
        (Candidate(58, score=120.0, tricks=8.44), Candidate(52, score=-50.0, tricks=7.0)),
    )
    assert numbers_lines(advice) == [
        "The choices compared, over 40 layouts of the unseen cards:",
        "  bid 1♠        +120 points  8.4 tricks",
        "  pass          -50 points  7.0 tricks",
        "Each layout is a guess at the cards you cannot see; none is shown.",
        "Figures: 12 high-card points, 5 spades, shape 5-3-3-2, about 8.4 tricks expected, "
        "hand value 3.2, chance 78%, expected +120 points.",
    ]


class _SlowAdviser(HeuristicBot):
    """The heuristic bot, thinking until told to answer (a hint the strongest bot takes a
    second or more over)."""

    def __init__(self, go: threading.Event) -> None:
        super().__init__(seed=1)
        self.go = go

    def advise(self, view: Any) -> Any:
        assert self.go.wait(30), "the test never let the adviser answer"
        return super().advise(view)


def _slow_hint_app(go: threading.Event) -> tuple[HoneymoonApp, Table]:
    """South to draw first, with an adviser that answers once ``go`` is set."""
    game = Game(seed="tui-slow-hint", first_dealer=Seat.EAST)
    table = Table(game, Seat.SOUTH, RandomBot(2), adviser=lambda: _SlowAdviser(go))
    return HoneymoonApp(table, delay=0), table


async def test_a_slow_hint_says_it_is_thinking_and_the_table_keeps_answering() -> None:
    go = threading.Event()
    app, table = _slow_hint_app(go)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.view().my_turn
        await pilot.press("h")
        await pilot.pause()
        assert screen.messages[-1] == ("info", "Thinking about a hint…")
        await pilot.press("question_mark")  # the table still answers keys while it thinks
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        await pilot.press("escape")
        go.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        kind, hint = screen.messages[-1]
        assert kind == "hint" and hint.startswith("Hint (heuristic): "), screen.messages
        assert table.hints_used == 1


async def test_a_slow_hint_for_a_decision_passed_is_dropped() -> None:
    go = threading.Event()
    app, table = _slow_hint_app(go)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("k")  # the player decides without waiting for the hint
        await pilot.pause()
        go.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert all(kind != "hint" for kind, _ in screen.messages)
        assert table.hints_used == 0


async def test_the_numbers_dialog_passes_the_next_key_to_the_table() -> None:
    app = _app("tui-hint")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        before = len(screen.view().hand)
        await pilot.press("k")  # not swallowed: it closes the numbers and keeps the card
        for _ in range(20):
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(screen.view().hand) == before + 1


def test_a_figure_of_one_card_is_a_card_not_cards() -> None:
    from honeymoon.bots.advice import Advice, Figures, Reason
    from honeymoon.cards import Card, Suit
    from honeymoon.cli import hints

    advice = Advice(2, Reason.DISCARD, Figures(card=Card.parse("C4"), suit=Suit.HEARTS, length=1))
    assert hints.numbers_lines(advice)[-1] == "Figures: 1 heart."
