"""Claims at the terminal: an accepted claim plays the hand out as ordinary moves and says so;
a refused one says only that (the same words whatever the opponent's hidden cards), names no
card the player has not seen while the hand is in play, tells the count and the line that beat
it once the hand is over, and stops undo. In the session, the line-by-line mode and the
full-screen table."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from helpers import random_action, refused_claim_twins
from textual.widgets import Static

from honeymoon import records
from honeymoon.bots import RandomBot
from honeymoon.cards import Card
from honeymoon.claims import ClaimVerdict, judge_claim
from honeymoon.cli import render
from honeymoon.cli.play import PlainSession
from honeymoon.cli.session import Table
from honeymoon.cli.tui import GameScreen, HoneymoonApp
from honeymoon.cli.tui.screens import TextScreen
from honeymoon.game import Game, Phase
from honeymoon.seats import SEATS, Seat
from honeymoon.views import TrickView


def _position(wanted: Callable[[ClaimVerdict], bool], seed: str) -> tuple[Game, ClaimVerdict]:
    """A game in the play of its first hand, South to move, where South's claim is judged as
    ``wanted`` says. Random play, seeded; the verdict is the solver's."""
    _, game, verdict = _table_at(wanted, seed)
    return game, verdict


def _table_at(
    wanted: Callable[[ClaimVerdict], bool], seed: str
) -> tuple[Table, Game, ClaimVerdict]:
    """A table in the play of its first hand, South to move after South has played a card
    there that undo could take back (it won the trick it completed), where South's claim is
    judged as ``wanted`` says. South's cards are played through the table, the computer's by a
    seeded random bot."""
    for attempt in range(200):
        game = Game(seed=f"{seed}:{attempt}", first_dealer=Seat.EAST)
        rng = random.Random(attempt)
        while game.phase is not Phase.PLAY and game.hand_number == 0:
            game.apply(random_action(game, rng, pass_chance=0.2))
        if game.hand_number != 0:
            continue
        table = Table(game, Seat.SOUTH, RandomBot(attempt))
        played = False
        while table.view().hand_number == 0:
            if table.computer_to_act:
                table.computer_move()
                continue
            if played and table.can_undo:
                verdict = judge_claim(game, Seat.SOUTH)
                if wanted(verdict):
                    return table, game, verdict
            table.play(rng.choice(table.view().legal_actions))
            played = True
    raise AssertionError("no such position in 200 random games")


def _refused(verdict: ClaimVerdict) -> bool:
    return not verdict.accepted and verdict.remaining >= 3 and verdict.guaranteed >= 1


def _accepted(verdict: ClaimVerdict) -> bool:
    return verdict.accepted and verdict.remaining >= 3


def _unseen(game: Game, seat: Seat) -> list[str]:
    """The opponent's cards still in its hand: the player has not seen them."""
    return [str(card) for card in game.hand(seat.other)]


def test_an_accepted_claim_plays_the_hand_out_as_ordinary_moves() -> None:
    game, verdict = _position(_accepted, "claim-good")
    before = len(game.actions)
    table = Table(game, Seat.SOUTH, RandomBot(3))
    lines = table.claim()
    assert lines[0] == render.claim_accepted_words(verdict.remaining)
    assert lines[0] == f"Claim accepted: you take the last {verdict.remaining} tricks."
    # The hand is over, played along the verdict's line, one card at a time.
    assert table.view().hand_number == 1
    played = game.history[0].actions[before:]
    assert played == tuple(card.id for card in verdict.line)
    result = table.view().results[0]
    assert table.describe_result(result) in lines
    assert result.declarer_tricks is not None
    # The record is an ordinary record: read back, it replays to the same hand.
    again = records.loads(table.record_text()).to_game()
    assert again.history[0].actions == game.history[0].actions
    assert table.has_played and table.beaten_claim(0) is None


def test_a_refused_claim_says_only_that_then_the_count_and_the_line_once_the_hand_is_over() -> None:
    table, game, verdict = _table_at(_refused, "claim-bad")
    assert table.can_undo  # South's last card could be taken back before the claim
    actions = game.actions
    secret = _unseen(game, Seat.SOUTH)
    lines = table.claim()
    assert game.actions == actions  # nothing was played
    expected = render.claim_refused_words()
    assert lines == [expected]
    assert not re.search(r"\d", expected)  # no count: it depends on the hidden cards
    for card in secret:
        assert card not in "\n".join(lines)
    # Undo does not go back past the claim: the count was told.
    assert table.can_undo is False
    assert table.undo().startswith("Undo stops here: your claim was judged")
    # The rest of the hand: no message names a card the opponent still holds.
    line_words = render.claim_line_words(
        14 - verdict.remaining,
        _tricks_of(game, verdict.line),
        Seat.SOUTH,
        guaranteed=verdict.guaranteed,
    )
    count = f"you take {verdict.guaranteed} of the {verdict.remaining} tricks"
    assert count in line_words
    said: list[str] = []
    while table.view().hand_number == 0:
        if table.computer_to_act:
            out = table.computer_move()
        else:
            out = table.play(table.view().legal_actions[-1])
        if table.view().hand_number == 0:
            for card in _unseen(game, Seat.SOUTH):  # still in the opponent's hand
                assert card not in "\n".join(out), (card, out)
        said += out
    # Once the hand is over, the line that beat the claim is told, naming its cards.
    assert line_words in said
    assert table.beaten_claim(0) == line_words
    assert table.beaten_claim(1) is None
    for card in verdict.line:
        assert str(card) in line_words


def _tricks_of(game: Game, line: tuple[Card, ...]) -> list[TrickView]:
    """The tricks of ``line`` from the position of ``game``, as the engine gives them."""
    play = game.clone()
    hand = play.hand_number
    for card in line:
        play.apply(card.id)
    log = play.history[hand].log
    done = len(game.completed_tricks)
    return [
        TrickView(SEATS[t.leader], t.cards, None if t.winner is None else SEATS[t.winner])
        for t in log.tricks[done:]
    ]


def test_claim_outside_the_play_says_when_it_can_be_made() -> None:
    table = Table(Game(seed="claim-early", first_dealer=Seat.EAST), Seat.SOUTH, RandomBot(3))
    assert table.view().phase is Phase.DRAWING
    assert table.claim() == ["A claim is made during the play of a hand, after the auction."]
    assert table.undo() == "There is nothing to undo."


def test_claim_is_a_command_of_the_line_by_line_mode() -> None:
    game, verdict = _position(_accepted, "claim-plain")
    output: list[str] = []
    answers = iter(["claim"])

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    session = PlainSession(
        None, Seat.SOUTH, None, read, output.append, table=Table(game, Seat.SOUTH, RandomBot(3))
    )
    session.run()
    assert render.claim_accepted_words(verdict.remaining) in output
    at = output.index(render.claim_accepted_words(verdict.remaining))
    # then the hand's result and the next hand's announcement
    assert output[at + 1].startswith("Hand 1: ")
    assert any(line.startswith("Hand 2: ") for line in output[at:])

    game, verdict = _position(_refused, "claim-plain-bad")
    output.clear()
    answers = iter(["claim", "help"])
    session = PlainSession(
        None, Seat.SOUTH, None, read, output.append, table=Table(game, Seat.SOUTH, RandomBot(3))
    )
    session.run()
    refused = render.claim_refused_words()
    assert refused in output
    assert any(line.strip().startswith("claim ") for line in output)  # listed in help
    for card in _unseen(game, Seat.SOUTH):
        assert card not in "\n".join(output)


def _log(app: HoneymoonApp) -> str:
    return str(app.game_screen.query_one("#log", Static).render())


async def test_c_and_enter_claims_in_the_full_screen_table() -> None:
    game, verdict = _position(_refused, "claim-tui-bad")
    secret = _unseen(game, Seat.SOUTH)
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(3)), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "c⏎ claim" in str(app.screen.query_one("#keys", Static).render())
        await pilot.press("c", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        refused = render.claim_refused_words()
        assert refused.split(": ")[1][:40] in _log(app).replace("\n", " ")
        assert app.table.view().hand_number == 0 and len(game.completed_tricks) == (
            13 - verdict.remaining
        )
        messages = "\n".join(text for _, text in app.game_screen.messages)
        assert refused in messages
        for card in secret:
            assert card not in messages

    game, verdict = _position(_accepted, "claim-tui-good")
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(3)), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", "enter")
        await pilot.pause()
        # The hand is over: its sheet, headed by the result and the last trick.
        assert isinstance(app.screen, TextScreen)
        shown = "\n".join(str(w.render()) for w in app.screen.query(Static))
        result = app.table.view().results[0]
        assert app.table.describe_result(result) in shown
        assert "Last trick: " in shown
        await pilot.press("enter")
        await pilot.pause()
        assert "Claim accepted" in "\n".join(text for _, text in app.game_screen.messages)


def _plain_output(table: Table, commands: list[str]) -> list[str]:
    """What the line-by-line mode prints at ``table`` for ``commands``, then the end of input."""
    output: list[str] = []
    answers = iter(commands)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    PlainSession(None, table.human, None, read, output.append, table=table).run()
    return output


def test_a_refused_claim_says_the_same_whatever_the_opponents_hidden_cards() -> None:
    """Two deals alike in everything the player has seen, whose best defence leaves the
    player a different count: the line-by-line mode says the same words in both."""
    said = []
    for game in refused_claim_twins("claim-plain-swap")[:2]:
        claimant = game.to_act
        assert claimant is not None
        output = _plain_output(Table(game, claimant, RandomBot(3)), ["claim"])
        assert any(line.startswith("Claim refused") for line in output)
        said.append(output)
    assert said[0] == said[1]
