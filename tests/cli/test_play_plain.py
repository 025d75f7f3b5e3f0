"""The plain line-by-line game: a whole rubber driven from a script, bad input refused at
every kind of prompt, undo, hints, saving and resuming."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest
from helpers import random_action

from honeymoon.actions import PASS, describe
from honeymoon.bots import RandomBot
from honeymoon.cli import main
from honeymoon.cli.play import PlainSession
from honeymoon.cli.session import Table
from honeymoon.game import Game, Phase
from honeymoon.seats import Seat
from honeymoon.views import SeatView, view_for

GARBAGE = ["", "zz", "8S", "XXX", "??", "S1", "keepx", "1Q", "13", "♠"]


class CautiousBot:
    """Passes often and bids low, so that test rubbers end in a few hands."""

    name = "cautious"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions
        if view.phase is Phase.AUCTION:
            if PASS in legal and self._rng.random() < 0.6:
                return PASS
            low = [a for a in legal if a != PASS][:4]
            return self._rng.choice(low or list(legal))
        return self._rng.choice(legal)


def ascii_answer(action: int) -> str:
    """An action written as a person types it: ``SA``, ``1NT``, ``keep``."""
    return describe(action).replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")


def test_whole_rubber_from_a_script_with_bad_input_between() -> None:
    game = Game(seed="plain-rubber", first_dealer=Seat.EAST)
    rng = random.Random(5)
    output: list[str] = []
    answers = 0
    table = Table(game, Seat.SOUTH, CautiousBot(3))

    def read(prompt: str) -> str:
        nonlocal answers
        answers += 1
        if answers % 7 == 0:
            return rng.choice(GARBAGE)
        if answers % 11 == 0:
            return rng.choice(["help", "hand", "score", "auction", "discards", "last", "rules"])
        view = table.view()
        assert view.my_turn, "asked for an answer when it is not the player's turn"
        if view.phase is Phase.AUCTION:
            if PASS in view.legal_actions and rng.random() < 0.6:
                return "p"
            return ascii_answer(rng.choice([a for a in view.legal_actions if a != PASS][:4]))
        return ascii_answer(rng.choice(view.legal_actions))

    session = PlainSession(None, Seat.SOUTH, None, read=read, write=output.append, table=table)
    assert session.run() == 0
    assert table.is_over
    text = "\n".join(output)
    assert "The rubber is over." in text
    assert "rubber won by" in text
    # The hand that won the rubber says it wrote the rubber bonus too.
    last = game.history[-1].result
    assert last.rubber_bonus in (500, 700)
    assert f"and {last.rubber_bonus} above for the rubber" in text
    assert sum(1 for line in output if "legal now:" in line) > 3
    # Every hand's result line was shown.
    results = view_for(game, Seat.SOUTH).results
    assert sum(
        1
        for line in output
        if line.startswith("Hand ") and ":" in line and ("passed out" in line or "tricks" in line)
    ) == len(results)


def _scripted(answers: list[str]) -> tuple[list[str], object]:
    queue = list(answers)

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return queue, read


def test_bad_input_at_every_kind_of_prompt_is_refused_and_the_game_goes_on() -> None:
    game = Game(seed=4, first_dealer=Seat.EAST)
    table = Table(game, Seat.SOUTH, CautiousBot(1))
    output: list[str] = []
    rng = random.Random(0)
    seen: dict[Phase, list[str]] = {Phase.DRAWING: [], Phase.AUCTION: [], Phase.PLAY: []}
    pending: list[str] = []

    def read(prompt: str) -> str:
        view = table.view()
        if view.phase is Phase.PLAY and len(view.tricks) >= 2:
            raise EOFError
        if pending:
            return pending.pop(0)
        if not seen[view.phase]:
            seen[view.phase].append(prompt)
            bad = {Phase.DRAWING: "maybe", Phase.AUCTION: "8NT", Phase.PLAY: "zz"}[view.phase]
            pending.extend(["frobnicate", ascii_answer(random_action(game, rng))])
            return bad
        return ascii_answer(random_action(game, rng))

    PlainSession(None, Seat.SOUTH, None, read=read, write=output.append, table=table).run()
    refusals = [line for line in output if "legal now:" in line]
    assert any("keep' (k) or 'reject' (r)" in line for line in refusals)
    assert any("'8NT'" in line for line in refusals)
    assert any("'zz' is not a card" in line for line in refusals)
    assert sum(1 for line in output if "'frobnicate'" in line) == 3
    assert all(seen.values())


def test_undo_hint_and_commands() -> None:
    game = Game(seed=8, first_dealer=Seat.EAST)
    table = Table(game, Seat.SOUTH, CautiousBot(2))
    output: list[str] = []
    _, read = _scripted(["k", "r", "undo", "hint", "u", "quit", "go on", "quit", "q"])
    session = PlainSession(None, Seat.SOUTH, None, read=read, write=output.append, table=table)  # type: ignore[arg-type]
    assert session.run() == 0
    text = "\n".join(output)
    assert "Undo stops here: you have seen" in text and "since your reject." in text
    assert "You take back your" not in text
    assert "Hint (" in text
    assert "There is nothing to undo." in text
    assert "Playing on." in text
    assert (table.undos_used, table.hints_used) == (0, 1)


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


def test_ctrl_c_offers_to_save_and_resume_continues(tmp_path: Path) -> None:
    record = tmp_path / "saved.json"
    game = Game(seed="resume-me", first_dealer=Seat.EAST)
    table = Table(game, Seat.SOUTH, CautiousBot(4))
    output: list[str] = []
    answers = iter(["k", "k", "r"])

    def read(prompt: str) -> str:
        if prompt.startswith("Leave the game?"):
            return "s"
        answer = next(answers, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    session = PlainSession(
        None, Seat.SOUTH, None, read=read, write=output.append, table=table, record_path=record
    )
    assert session.run() == 0
    assert any(line.startswith(f"Saved to {record}") for line in output)
    before = table.view()
    resumed, _ = Table.resume(record, level="easy")
    after = resumed.view()
    assert resumed.human is Seat.SOUTH
    assert (after.hand, after.discards, after.draws) == (before.hand, before.discards, before.draws)
    assert after.stock_remaining == before.stock_remaining == 40
    assert after.legal_actions == before.legal_actions


def test_command_line_plain_mode_saves_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("k\nr\nsave\n"))
    status = main(["play", "--plain", "--seed", "7", "--level", "easy", "--record", str(record)])
    assert status == 0
    assert record.exists()
    monkeypatch.setattr(sys, "stdin", io.StringIO("discards\nbogus\n"))
    assert main(["play", "--resume", str(record), "--no-record"]) == 0
    out = capsys.readouterr().out
    assert "resume with: honeymoon play --resume" in out
    assert out.count("Your discards: ") == 1
    assert "'bogus'" in out


def test_command_line_refuses_a_missing_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--plain", "--resume", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


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


def _play_prompts_and_output(answers_in_play: list[str]) -> tuple[list[str], list[str], Table]:
    """Draw and bid at random up to the second trick, then give ``answers_in_play``."""
    game = Game(seed="plain-prompt", first_dealer=Seat.EAST)
    table = Table(game, Seat.SOUTH, CautiousBot(4))
    rng = random.Random(3)
    prompts: list[str] = []
    output: list[str] = []
    queue = list(answers_in_play)

    def read(prompt: str) -> str:
        view = table.view()
        if view.phase is Phase.PLAY:
            prompts.append(prompt)
            if len(view.tricks) >= 1 and view.current_trick and view.current_trick.cards:
                if not queue:
                    raise EOFError
                return queue.pop(0)
        return ascii_answer(random_action(game, rng))

    PlainSession(None, Seat.SOUTH, None, read=read, write=output.append, table=table).run()
    return prompts, output, table


def test_the_play_prompt_lists_the_cards_that_may_be_played() -> None:
    prompts, _output, table = _play_prompts_and_output([])
    view = table.view()
    assert view.phase is Phase.PLAY and view.my_turn
    last = prompts[-1]
    legal = [card for card in view.hand.cards_high_to_low() if card.id in view.legal_actions]
    listed = last.split("Legal: ")[-1] if "Legal: " in last else last.split("hand: ")[-1]
    for card in view.hand:
        assert (str(card) in listed) == (card in legal), (card, last)


def test_tricks_status_and_auction_are_commands_during_play() -> None:
    _prompts, output, table = _play_prompts_and_output(["tricks", "status", "auction"])
    view = table.view()
    text = "\n".join(output)
    assert "is not a card" not in text
    first = view.tricks[0]
    assert any(line.startswith("Trick 1: ") and str(first.cards[0]) in line for line in output)
    assert any(line.startswith("Now: ") for line in output)
    assert f"Contract {view.contract} by" in text and "tricks needed" in text
    assert f"Trick {len(view.tricks) + 1} of 13; won: you {view.tricks_won[Seat.SOUTH]}" in text
    assert any(line.startswith("Vulnerable: ") for line in output)
    calls = [str(call) for call in view.auction]
    assert any(line.split() == calls[:2] for line in output), "the auction table's first row"
