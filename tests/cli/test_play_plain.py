"""The plain line-by-line game: a whole rubber driven from a script, bad input refused."""

from __future__ import annotations

import random

from honeymoon.actions import describe
from honeymoon.bots import RandomBot
from honeymoon.cli.play import PlainSession
from honeymoon.game import Game
from honeymoon.seats import Seat
from honeymoon.views import view_for

GARBAGE = ["", "zz", "8S", "XXX", "??", "S1", "keepx", "1Q", "13", "♠"]


def test_whole_rubber_from_a_script_with_bad_input_between() -> None:
    game = Game(seed="plain-rubber", first_dealer=Seat.EAST)
    rng = random.Random(5)
    output: list[str] = []
    answers = 0
    refusals_before = 0

    def read(prompt: str) -> str:
        nonlocal answers
        answers += 1
        if answers % 7 == 0:
            return rng.choice(GARBAGE)
        if answers % 11 == 0:
            return rng.choice(["help", "hand", "score", "auction", "discards"])
        view = view_for(game, Seat.SOUTH)
        assert view.my_turn, "asked for an answer when it is not the player's turn"
        return (
            describe(rng.choice(view.legal_actions))
            .replace("♠", "S")
            .replace("♥", "H")
            .replace("♦", "D")
            .replace("♣", "C")
        )

    session = PlainSession(game, Seat.SOUTH, RandomBot(3), read=read, write=output.append)
    assert session.run() == 0
    assert game.is_over
    text = "\n".join(output)
    assert "The rubber is over." in text
    assert "rubber won by" in text
    refusals = sum(1 for line in output if "legal now:" in line)
    assert refusals > refusals_before
    # Every hand's result line was shown.
    assert sum(
        1
        for line in output
        if line.startswith("Hand ") and ":" in line and ("passed out" in line or "tricks" in line)
    ) == len(game.history)


def test_end_of_input_abandons_cleanly() -> None:
    game = Game(seed=1)
    output: list[str] = []

    def read(prompt: str) -> str:
        raise EOFError

    session = PlainSession(
        game, game.to_act or Seat.SOUTH, RandomBot(1), read=read, write=output.append
    )
    assert session.run() == 0
    assert output[-1] == "Game abandoned."


def test_output_never_names_the_opponents_hand() -> None:
    game = Game(seed="secret", first_dealer=Seat.SOUTH)
    output: list[str] = []
    rng = random.Random(2)

    def read(prompt: str) -> str:
        output.append(prompt)
        view = view_for(game, Seat.SOUTH)
        # Check at the start of the auction: the opponent's 13 cards and discards are unseen.
        if view.phase.name == "AUCTION" and len(view.auction) < 1:
            text = "\n".join(output)
            hidden = game.hand(Seat.EAST) | game.discards(Seat.EAST)
            for card in hidden:
                assert str(card) not in text, f"{card} leaked into the player's screen"
        if view.phase.name == "PLAY":
            raise EOFError
        return describe(rng.choice(view.legal_actions))

    PlainSession(game, Seat.SOUTH, RandomBot(9), read=read, write=output.append).run()
