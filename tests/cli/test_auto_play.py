"""Forced cards play themselves: with auto-play on (``honeymoon play``'s default), the player's
only legal card is played for them, narrated as any card, in the full-screen table after the
pause and in the line-by-line mode at once; off, the table waits for the player."""

from __future__ import annotations

import random

import pytest
from helpers import random_action
from textual.widgets import Static

from honeymoon.bots import RandomBot
from honeymoon.cards import Card
from honeymoon.cli import build_parser
from honeymoon.cli.play import PlainSession, build_table
from honeymoon.cli.session import Table
from honeymoon.cli.tui import GameScreen, HoneymoonApp
from honeymoon.game import Game, Phase
from honeymoon.seats import Seat


def _forced(seed: str) -> Game:
    """A game in the play of a hand, South to move with exactly one legal card, before the
    last trick (so it is a card of the suit led, not only the last card)."""
    for attempt in range(200):
        game = Game(seed=f"{seed}:{attempt}", first_dealer=Seat.EAST)
        rng = random.Random(attempt)
        while not game.is_over:
            if (
                game.phase is Phase.PLAY
                and game.to_act == Seat.SOUTH
                and len(game.legal_actions()) == 1
                and len(game.completed_tricks) < 12
            ):
                return game
            game.apply(random_action(game, rng, pass_chance=0.2))
    raise AssertionError("no forced card in 200 random games")


def test_the_forced_card_is_offered_only_with_auto_play_and_undo_skips_it() -> None:
    game = _forced("forced")
    assert Table(game, Seat.SOUTH, RandomBot(1)).forced_card is None
    table = Table(game, Seat.SOUTH, RandomBot(1), auto_play=True)
    (only,) = game.legal_actions()
    assert table.forced_card == only
    actions = len(game.actions)
    lines = table.play_forced()
    assert lines[0] == f"You play {Card.from_id(only)}."
    assert game.actions[actions] == only
    assert table.forced_card is None or table.forced_card != only
    # It was no decision: undo has nothing of it to take back.
    assert table.undo() == "There is nothing to undo."


def test_the_line_by_line_mode_plays_the_forced_card_without_asking() -> None:
    game = _forced("forced-plain")
    (only,) = game.legal_actions()
    card = str(Card.from_id(only))
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        raise EOFError

    for auto_play in (True, False):
        copy = game.clone()
        output: list[str] = []
        prompts.clear()

        table = Table(copy, Seat.SOUTH, RandomBot(1), auto_play=auto_play)
        PlainSession(None, Seat.SOUTH, None, read, output.append, table=table).run()
        if auto_play:
            assert f"You play {card}." in output
            assert copy.actions[len(game.actions)] == only
        else:
            assert f"You play {card}." not in output
            assert len(copy.actions) == len(game.actions)
            assert f"Legal: {card}." in prompts[0]


@pytest.mark.parametrize("flag", [None, "--auto-play", "--no-auto-play"])
def test_auto_play_is_on_unless_turned_off(flag: str | None) -> None:
    args = build_parser().parse_args(["play", "--seed", "1"] + ([flag] if flag else []))
    table, _ = build_table(args)
    assert table.auto_play is (flag != "--no-auto-play")


async def test_the_full_screen_table_plays_the_forced_card_after_the_pause() -> None:
    game = _forced("forced-tui")
    (only,) = game.legal_actions()
    before = len(game.actions)
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(1), auto_play=True), delay=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert game.actions[before:] == () or game.actions[before] == only
        for _ in range(40):
            await pilot.pause(0.05)
            if len(game.actions) > before:
                break
        assert game.actions[before] == only
        messages = [text for _, text in app.game_screen.messages]
        assert f"You play {Card.from_id(only)}." in messages
    game = _forced("forced-tui")
    before = len(game.actions)
    off = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(1)), delay=0)
    async with off.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause(0.2)
        assert isinstance(off.screen, GameScreen)
        assert len(game.actions) == before  # waits for the player
        assert "Your card" in str(off.screen.query_one("#prompt", Static).render())
