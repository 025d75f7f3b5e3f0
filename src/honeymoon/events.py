"""What happened, as small typed events: ``apply(game, action)`` carries out an action and
reports it.

Each event is a frozen dataclass holding only what both players may know: who drew (not what),
the start of the auction and who calls first, each call, each card played, who won each trick
(and, in Draw Bridge, that both drew after it), the end of the auction, of the preliminary
tricks, of the hand and of the rubber. Everything in an event is read from the
:class:`~honeymoon.game.Game` after the action (its tricks, its hand logs, its history and
score sheet), so no client works a rule out again or reads it from a sentence; wording
belongs to whoever shows the events.

The engine's own ``Game.apply`` reports nothing and stays as fast; :func:`apply` is
``Game.apply`` plus the report.

>>> from honeymoon.game import Game
>>> from honeymoon.actions import KEEP
>>> game = Game(seed=7, first_dealer=0)
>>> apply(game, KEEP)
(Drew(seat=<Seat.EAST: 1>, discarded=True),)
"""

from __future__ import annotations

from dataclasses import dataclass

from honeymoon.actions import action_of, card_of_action
from honeymoon.auction import Call, Contract
from honeymoon.cards import Card
from honeymoon.game import Game, HandResult, Phase, PreliminaryResult
from honeymoon.scoring import ScoreSheet
from honeymoon.seats import Seat
from honeymoon.tricks import Trick

__all__ = [
    "Event",
    "Drew",
    "AuctionStarted",
    "Called",
    "AuctionOver",
    "CardPlayed",
    "TrickWon",
    "StockDrawn",
    "ExchangeDiscarded",
    "ExchangeDrawn",
    "PreliminaryOver",
    "HandOver",
    "HandStarted",
    "RubberOver",
    "apply",
]


@dataclass(frozen=True, slots=True)
class Drew:
    """``seat`` took a drawing turn (Draw and Discard Bridge). What it kept is its secret;
    ``discarded`` says whether a card went to its discards, which both see from the piles (in
    the variation where keeping ends the turn it tells a keep from a reject)."""

    seat: Seat
    discarded: bool = True


@dataclass(frozen=True, slots=True)
class Called:
    """``seat`` made ``call`` in the auction."""

    seat: Seat
    call: Call


@dataclass(frozen=True, slots=True)
class AuctionStarted:
    """The cards are all in (the drawing or the preliminary tricks are over, or the second
    deal is made) and the auction begins with ``first_caller``; ``stock_left`` cards of the
    stock stay unseen."""

    first_caller: Seat
    stock_left: int = 0


@dataclass(frozen=True, slots=True)
class AuctionOver:
    """The auction ended: with ``contract`` played by ``declarer``, ``leader`` leading to the
    first trick; or passed out (all three None)."""

    contract: Contract | None
    declarer: Seat | None
    leader: Seat | None = None


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` played ``card``; ``preliminary`` for a preliminary trick (Draw, Memory Bridge)."""

    seat: Seat
    card: Card
    preliminary: bool = False


@dataclass(frozen=True, slots=True)
class TrickWon:
    """``seat`` won ``trick`` (the ``number``-th of the hand's play or preliminary tricks, from
    1)."""

    seat: Seat
    trick: Trick
    number: int
    preliminary: bool = False


@dataclass(frozen=True, slots=True)
class StockDrawn:
    """Draw Bridge: after a preliminary trick both players drew from the stock, ``winner`` (who
    won the trick) first. What each drew is their secret, except ``shown``: the card the winner
    took when it lay face up (the face-up option), None otherwise."""

    winner: Seat
    shown: Card | None = None


@dataclass(frozen=True, slots=True)
class ExchangeDiscarded:
    """Bridgette's exchange: ``seat`` discarded a card face down, ``left`` still to discard.
    Which card stays its secret."""

    seat: Seat
    left: int


@dataclass(frozen=True, slots=True)
class ExchangeDrawn:
    """Bridgette's exchange: ``seat`` (the dealer, once non-dealer has discarded) took
    ``count`` cards from the stock (4, 8 or 12 by the upcard), unseen by the other player."""

    seat: Seat
    count: int


@dataclass(frozen=True, slots=True)
class PreliminaryOver:
    """The thirteen preliminary tricks are over: their ``result`` (the memory award in Memory
    Bridge)."""

    result: PreliminaryResult


@dataclass(frozen=True, slots=True)
class HandOver:
    """A hand ended (played, passed out, or ended by the memory award) with ``result``."""

    result: HandResult


@dataclass(frozen=True, slots=True)
class HandStarted:
    """Hand ``number`` (from 0) began, dealt by ``dealer``."""

    number: int
    dealer: Seat


@dataclass(frozen=True, slots=True)
class RubberOver:
    """The rubber is over: ``winner`` won two games (in a match of deals, Bridgette's six, the
    higher total, None on equal totals); ``sheet`` is the final score sheet."""

    winner: Seat | None
    sheet: ScoreSheet


Event = (
    Drew
    | AuctionStarted
    | Called
    | AuctionOver
    | CardPlayed
    | TrickWon
    | StockDrawn
    | ExchangeDiscarded
    | ExchangeDrawn
    | PreliminaryOver
    | HandOver
    | HandStarted
    | RubberOver
)


def apply(
    game: Game, action: int | Card | Call, seat: Seat | int | None = None
) -> tuple[Event, ...]:
    """Carry out ``action`` as :meth:`Game.apply <honeymoon.game.Game.apply>` does (same
    checks, same errors, nothing changed on a refusal) and return what happened, in order."""
    number, phase, actor = game.hand_number, game.phase, game.to_act
    face_up = game.face_up_card() if phase is Phase.PRELIMINARY else None
    game.apply(action, seat)
    assert actor is not None
    done = action_of(action)
    events: list[Event] = []
    hand_over = game.is_over or game.hand_number != number
    log = game.hand_log(number)
    if phase is Phase.DRAWING:
        # Whether the turn discarded a card shows in the pile; which card stays secret.
        events.append(Drew(actor, game.draw_turns(actor)[-1][1] >= 0))
    elif phase is Phase.AUCTION:
        events.append(Called(actor, Call(done)))
        if log.auction_over:
            events.append(AuctionOver(log.contract, log.declarer, log.opening_leader))
    elif phase is Phase.EXCHANGE:
        # Bridgette: who discarded, never what; then the dealer's draw, by its count.
        events.append(ExchangeDiscarded(actor, game.to_discard if game.to_act == actor else 0))
        if game.phase is Phase.EXCHANGE and game.to_act != actor:
            events.append(ExchangeDrawn(game.dealer, game.to_discard))
    else:
        preliminary = phase is Phase.PRELIMINARY
        done = card_of_action(done)  # a Colon's action is not its card id (Bridgette)
        events.append(CardPlayed(actor, Card.from_id(done), preliminary))
        tricks = log.preliminary_tricks if preliminary else log.tricks
        last = tricks[-1] if tricks else None
        if last is not None and last.winner is not None and done == last.cards[-1].id:
            taker = Seat(last.winner)
            events.append(TrickWon(taker, last, len(tricks), preliminary))
            drawn = game.drawn_cards(taker) if preliminary and not hand_over else ()
            if len(drawn) == len(tricks):
                # Draw Bridge: both drew; the winner's card is public only if it lay face up.
                events.append(StockDrawn(taker, face_up if drawn[-1] == face_up else None))
            if preliminary and len(tricks) == 13 and log.preliminary is not None:
                events.append(PreliminaryOver(log.preliminary))
    if not hand_over and phase is not Phase.AUCTION and game.phase is Phase.AUCTION:
        assert log.first_caller is not None
        events.append(AuctionStarted(log.first_caller, game.stock_remaining))
    if hand_over:
        events.append(HandOver(game.history[number].result))
        if game.is_over:
            sheet = game.score_sheet
            # A match of deals (Bridgette) is won on points; equal totals are a draw (None).
            winner = sheet.points_winner if sheet.match_deals else sheet.rubber_winner
            events.append(
                RubberOver(Seat(winner) if winner is not None else None, game.score_sheet)
            )
        else:
            events.append(HandStarted(game.hand_number, game.dealer))
    return tuple(events)
