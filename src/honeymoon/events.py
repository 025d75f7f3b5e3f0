"""What happened, as small typed events: ``apply(game, action)`` carries out an action of any
engine (the two-hand game, Bridgette, the four-hand table) and reports it.

Each event is a frozen dataclass holding only what both players may know: who drew (not what),
the start of the auction and who calls first, each call, each card played (at the four-hand
table, by which hand), who won each trick (and, in Draw Bridge, that both drew after it), the
end of the auction, of the preliminary tricks, of the hand and of the rubber; at the table,
declarer's choice of dummy and of opening leader, that an extra or widow card was placed (never
which), the start of the play and the face-down cards of a semi-exposed dummy as they turn
up. Everything in an event is read from the game after the action (its tricks, its hand logs,
its history and score sheet), so no client works a rule out again or reads it from a sentence;
wording belongs to whoever shows the events.

The engines' own ``apply`` reports nothing and stays as fast; :func:`apply` is ``apply`` plus
the report.

>>> from honeymoon.game import Game
>>> from honeymoon.actions import KEEP
>>> game = Game(seed=7, first_dealer=0)
>>> apply(game, KEEP)
(Drew(seat=<Seat.EAST: 1>, discarded=True),)
"""

from __future__ import annotations

from dataclasses import dataclass

from honeymoon.actions import TAKE_EXPOSED, action_of, card_of_action
from honeymoon.auction import Call, Contract
from honeymoon.cards import Card, CardSet
from honeymoon.game import Game, HandLog, HandResult, Phase, PreliminaryResult
from honeymoon.scoring import ScoreSheet
from honeymoon.seats import Direction, Seat
from honeymoon.table import TableGame
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
    "DummyChosen",
    "ExtraPlaced",
    "LeaderChosen",
    "PlayStarted",
    "TurnedUp",
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
    """``seat`` played ``card``; ``preliminary`` for a preliminary trick (Draw, Memory Bridge);
    at the four-hand table ``hand`` is the hand it came from (the seat's own or its dummy)."""

    seat: Seat
    card: Card
    preliminary: bool = False
    hand: Direction | None = None


@dataclass(frozen=True, slots=True)
class TrickWon:
    """``seat`` won ``trick`` (the ``number``-th of the hand's play or preliminary tricks, from
    1); at the four-hand table the trick's winner is a hand, and ``seat`` its owner's side."""

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


@dataclass(frozen=True, slots=True)
class DummyChosen:
    """Single Dummy Bridge: ``declarer`` took the dummy dealt face up (``exposed``) or the
    other one; the dummies now sit where the choice put them (RULES.md 6)."""

    declarer: Seat
    exposed: bool


@dataclass(frozen=True, slots=True)
class ExtraPlaced:
    """At the four-hand table with extra cards (twelve and two, the Widow), ``seat`` placed
    one: in ``phase`` ``EXTRA`` one of its two extra cards to its hand and the other to its
    dummy; ``WIDOW_HAND`` a widow card to declarer's hand, ``WIDOW_DUMMY`` one to declarer's
    dummy, the other two going to the defender. Which card went where is the seat's secret."""

    seat: Seat
    phase: Phase


@dataclass(frozen=True, slots=True)
class LeaderChosen:
    """The Widow: ``declarer`` chose ``leader``, the defender's hand or its dummy, to make the
    opening lead."""

    declarer: Seat
    leader: Direction


@dataclass(frozen=True, slots=True)
class PlayStarted:
    """The play of the hand began at the four-hand table: ``leader`` (a hand) leads, played by
    its owner's side."""

    leader: Direction


@dataclass(frozen=True, slots=True)
class TurnedUp:
    """Semi-Exposed Dummies: ``card`` of the dummy at ``hand`` lay face down and is face up now
    (its cover was played in the trick just won: RULES.md 7.3)."""

    hand: Direction
    card: Card


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
    | DummyChosen
    | ExtraPlaced
    | LeaderChosen
    | PlayStarted
    | TurnedUp
)


def apply(
    game: Game | TableGame, action: int | Card | Call, seat: Seat | int | None = None
) -> tuple[Event, ...]:
    """Carry out ``action`` as the game's own ``apply`` does (same checks, same errors,
    nothing changed on a refusal) and return what happened, in order."""
    number, phase, actor = game.hand_number, game.phase, game.to_act
    if isinstance(game, TableGame):
        hand = game.to_play
        face_down = [game.face_down(d) for d in Direction] if phase is Phase.PLAY else []
        game.apply(action, seat)
        assert actor is not None
        events = _table_events(game, phase, actor, action_of(action), hand, face_down, number)
    else:
        face_up = game.face_up_card() if phase is Phase.PRELIMINARY else None
        game.apply(action, seat)
        assert actor is not None
        events = _two_hand_events(game, phase, actor, action_of(action), face_up, number)
    hand_over = game.is_over or game.hand_number != number
    if not hand_over and phase is not Phase.AUCTION and game.phase is Phase.AUCTION:
        log = game.hand_log(number)
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
            first = game.hand_log().first_caller
            if game.phase is Phase.AUCTION and first is not None:
                # The four-hand table deals straight to the auction.
                events.append(AuctionStarted(first, game.stock_remaining))
    return tuple(events)


def _auction_events(log: HandLog, actor: Seat, done: int, leader: Seat | None) -> list[Event]:
    events: list[Event] = [Called(actor, Call(done))]
    if log.auction_over:
        events.append(AuctionOver(log.contract, log.declarer, leader))
    return events


def _trick_won(log: HandLog, done: int, preliminary: bool) -> tuple[Trick, int] | None:
    # The trick the card ``done`` completed and its number, if it completed one.
    tricks = log.preliminary_tricks if preliminary else log.tricks
    last = tricks[-1] if tricks else None
    if last is None or last.winner is None or done != last.cards[-1].id:
        return None
    return last, len(tricks)


def _two_hand_events(
    game: Game, phase: Phase, actor: Seat, done: int, face_up: Card | None, number: int
) -> list[Event]:
    log = game.hand_log(number)
    hand_over = game.is_over or game.hand_number != number
    if phase is Phase.DRAWING:
        # Whether the turn discarded a card shows in the pile; which card stays secret.
        return [Drew(actor, game.draw_turns(actor)[-1][1] >= 0)]
    if phase is Phase.AUCTION:
        return _auction_events(log, actor, done, log.opening_leader)
    if phase is Phase.EXCHANGE:
        # Bridgette: who discarded, never what; then the dealer's draw, by its count.
        events: list[Event] = [
            ExchangeDiscarded(actor, game.to_discard if game.to_act == actor else 0)
        ]
        if game.phase is Phase.EXCHANGE and game.to_act != actor:
            events.append(ExchangeDrawn(game.dealer, game.to_discard))
        return events
    preliminary = phase is Phase.PRELIMINARY
    done = card_of_action(done)  # a Colon's action is not its card id (Bridgette)
    events = [CardPlayed(actor, Card.from_id(done), preliminary)]
    won = _trick_won(log, done, preliminary)
    if won is not None:
        trick, count = won
        assert trick.winner is not None
        taker = Seat(trick.winner)
        events.append(TrickWon(taker, trick, count, preliminary))
        drawn = game.drawn_cards(taker) if preliminary and not hand_over else ()
        if len(drawn) == count:
            # Draw Bridge: both drew; the winner's card is public only if it lay face up.
            events.append(StockDrawn(taker, face_up if drawn[-1] == face_up else None))
        if preliminary and count == 13 and log.preliminary is not None:
            events.append(PreliminaryOver(log.preliminary))
    return events


def _table_events(
    game: TableGame,
    phase: Phase,
    actor: Seat,
    done: int,
    hand: Direction | None,
    face_down: list[CardSet],
    number: int,
) -> list[Event]:
    log = game.hand_log(number)
    events: list[Event]
    if phase is Phase.AUCTION:
        events = _auction_events(log, actor, done, log.opening_leader)
    elif phase is Phase.DUMMY_CHOICE:
        events = [DummyChosen(actor, done == TAKE_EXPOSED)]
    elif phase is Phase.LEAD_CHOICE:
        leader = game.opening_leader
        assert leader is not None
        events = [LeaderChosen(actor, leader)]
    elif phase is not Phase.PLAY:
        # A card of the widow or of the player's extra cards placed: which one is secret.
        events = [ExtraPlaced(actor, phase)]
    else:
        assert hand is not None
        events = [CardPlayed(actor, Card.from_id(done), False, hand)]
        won = _trick_won(log, done, False)
        if won is not None:
            trick, count = won
            assert trick.winner is not None
            events.append(TrickWon(Direction(trick.winner).owner, trick, count))
            for direction in Direction:
                for card in face_down[direction] - game.face_down(direction):
                    # Its cover was played: face up now, unless it was played itself.
                    if card in game.hand_at(direction):
                        events.append(TurnedUp(direction, card))
        return events
    if game.phase is Phase.PLAY and game.hand_number == number:
        leader = game.opening_leader
        assert leader is not None
        events.append(PlayStarted(leader))
    return events
