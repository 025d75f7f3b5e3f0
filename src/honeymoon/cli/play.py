"""``honeymoon play``: a whole rubber against the computer, one prompt per decision.

The plain line-by-line mode works in any terminal, with screen readers, pipes and scripts:
it reads one answer per line (``keep``/``reject``, a call such as ``1NT``, a card such as
``SA`` or ``10H``) plus a few commands (``help``, ``hand``, ``discards``, ``score``,
``auction``, ``quit``). Nothing typed can crash the game: a bad answer gets one line saying
what would be accepted, and the same question again.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from honeymoon.actions import KEEP, describe
from honeymoon.bots import BOTS, Bot, make_bot
from honeymoon.cli import render
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game, Phase
from honeymoon.rules import find_variant
from honeymoon.seats import SEATS, Seat
from honeymoon.tricks import trick_winner
from honeymoon.views import SeatView, view_for

_HELP = """Commands at any prompt:
  help or ?     this help
  hand          your hand
  discards      the cards you have discarded this hand
  auction       the calls so far
  score         the score sheet
  quit          leave the game
Answers: while drawing 'keep' (k) or 'reject' (r); in the auction a call such as 'pass' (p),
'1C', '3NT', 'X' (double), 'XX' (redouble); in play a card such as 'SA', 'AS', '10H' or 'TH'."""


class QuitGame(Exception):
    """The player asked to leave."""


class PlainSession:
    """One person (``human``) against ``bot`` in ``game``, over ``read`` and ``write``.

    ``read(prompt)`` returns one line (raising EOFError at the end of input); ``write(text)``
    prints one line.
    """

    def __init__(
        self,
        game: Game,
        human: Seat,
        bot: Bot,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
    ) -> None:
        self.game = game
        self.human = human
        self.bot = bot
        self.read = read
        self.write = write

    def run(self) -> int:
        """Play until the rubber ends or the player quits; returns an exit status."""
        game = self.game
        self.write(
            f"You are {self.human.label}; the computer ({self.bot.name}) is "
            f"{self.human.other.label}. Type 'help' for commands."
        )
        self._announce_hand()
        try:
            while not game.is_over:
                seat = game.to_act
                assert seat is not None
                if seat == self.human:
                    action = self._ask()
                else:  # the computer gets its own view, never the game itself
                    action = self.bot.act(view_for(game, seat))
                self._apply(seat, action)
        except QuitGame:
            self.write("Game abandoned.")
            return 0
        self.write("The rubber is over.")
        for line in render.score_sheet_lines(game.score_sheet):
            self.write(line)
        return 0

    # -- one decision -------------------------------------------------------------------------

    def _view(self) -> SeatView:
        return view_for(self.game, self.human)

    def _ask(self) -> int:
        while True:
            view = self._view()
            prompt = self._prompt(view)
            try:
                text = self.read(prompt)
            except EOFError:
                raise QuitGame from None
            answer = text.strip()
            if not answer:
                continue
            if self._command(answer.lower(), view):
                continue
            try:
                action = self.game.parse_action(answer)
                self.game.check(action, self.human)
            except HoneymoonError as error:
                self.write(f"{error} (legal now: {render.legal_action_words(view)})")
                continue
            return action

    def _prompt(self, view: SeatView) -> str:
        if view.phase is Phase.DRAWING:
            assert view.looking_at is not None
            return (
                f"[stock {view.stock_remaining}] You look at {view.looking_at}. "
                "Keep or reject? (k/r) "
            )
        if view.phase is Phase.AUCTION:
            current = f"current bid {view.contract}" if view.contract else "no bid yet"
            return f"[{current}] Your call ({render.legal_action_words(view)}): "
        trick = view.current_trick
        on_table = " ".join(str(c) for c in trick.cards) if trick and trick.cards else "you lead"
        hand = " ".join(render.hand_lines(view.hand))
        return f"[{on_table}] Your hand: {hand}. Your card: "

    def _command(self, word: str, view: SeatView) -> bool:
        if word in ("help", "?", "h"):
            self.write(_HELP)
        elif word == "hand":
            for line in render.hand_lines(view.hand):
                self.write(line)
        elif word == "discards":
            self.write("Your discards: " + (str(view.discards) if view.discards else "none yet"))
        elif word == "auction":
            lines = render.auction_table(view)
            for line in lines or ["The auction has not started."]:
                self.write(line)
        elif word == "score":
            for line in render.score_sheet_lines(view.score_sheet):
                self.write(line)
        elif word in ("quit", "exit"):
            raise QuitGame
        else:
            return False
        return True

    # -- narration ----------------------------------------------------------------------------

    def _apply(self, seat: Seat, action: int) -> None:
        game = self.game
        phase = game.phase
        hand_number = game.hand_number
        trick_before = game.current_trick
        contract = game.contract
        game.apply(action, seat)
        who = "You" if seat == self.human else seat.label
        if phase is Phase.DRAWING:
            if seat == self.human:
                draws = view_for(game, self.human).draws if game.hand_number == hand_number else ()
                if draws:
                    turn = draws[-1]
                    if action == KEEP:
                        self.write(
                            f"You keep {turn.kept} and discard the next card, {turn.discarded}."
                        )
                    else:
                        self.write(
                            f"You reject {turn.discarded} and take the next card, {turn.kept}."
                        )
            else:
                self.write(f"{who} draws: one card kept, one discarded.")
            if game.phase is Phase.AUCTION:
                game_view = view_for(game, self.human)
                self.write("Drawing is over. Your hand:")
                for line in render.hand_lines(game_view.hand):
                    self.write(line)
                self.write(f"The auction begins; {game_view.first_caller} calls first.")
        elif phase is Phase.AUCTION:
            self.write(f"{who} {'call' if seat == self.human else 'calls'} {describe(action)}.")
            if game.phase is Phase.PLAY:
                self.write(f"Contract: {game.contract} by {game.declarer}. {game.to_act} leads.")
        elif phase is Phase.PLAY:
            self.write(f"{who} {'play' if seat == self.human else 'plays'} {describe(action)}.")
            if trick_before is not None and trick_before.cards and contract is not None:
                cards = [c.id for c in trick_before.cards] + [action]
                winner = SEATS[
                    (trick_before.leader + trick_winner(cards, int(contract.strain))) % 2
                ]
                self.write(f"{winner} wins the trick.")
        if game.hand_number != hand_number or game.is_over:
            result = game.history[-1].result
            self.write(result.summary())
            for line in render.score_sheet_lines(game.score_sheet):
                self.write(line)
            if not game.is_over:
                self._announce_hand()

    def _announce_hand(self) -> None:
        view = self._view()
        self.write("")
        self.write(
            f"Hand {view.hand_number + 1}: {view.dealer} deals; {view.dealer.other} draws first."
        )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` sub-command."""
    parser = subparsers.add_parser(
        "play",
        help="play a rubber against the computer",
        description="Play a whole rubber of Honeymoon Bridge against the computer.",
    )
    parser.add_argument("--seed", help="seed for a repeatable game")
    parser.add_argument("--bot", default="random", help=f"computer opponent: {', '.join(BOTS)}")
    parser.add_argument("--variant", default="draw-discard", help="the variant to play")
    parser.add_argument("--seat", default="south", help="your seat: south or east")
    parser.add_argument(
        "--plain", action="store_true", help="line-by-line mode (the default for now)"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Start the game."""
    rules = find_variant(args.variant)
    human = Seat.parse(args.seat)
    game = Game(rules, seed=args.seed)
    bot = make_bot(args.bot, seed=f"{game.seed}:bot")
    try:
        return PlainSession(game, human, bot).run()
    except KeyboardInterrupt:
        sys.stdout.write("\nGame abandoned.\n")
        return 130
