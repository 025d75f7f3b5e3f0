"""What each seat may see: :func:`view_for` is the one place that decides it.

A seat sees its own hand, its own discards, the card it is looking at while it draws, how many
cards every pile holds, the public auction, every card played, the tricks, the results of
earlier hands and the score sheet. It never sees the opponent's hand, the opponent's discards,
the order of the stock or the seed. ``view_for(game, None)`` is a spectator's view: only what
is public.

>>> from honeymoon.game import Game
>>> from honeymoon.seats import Seat
>>> game = Game(seed=1, first_dealer=Seat.SOUTH)
>>> view = view_for(game, Seat.EAST)
>>> view.looking_at is not None, view_for(game, Seat.SOUTH).looking_at is None
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, overload

from honeymoon.actions import describe
from honeymoon.auction import Call, Contract
from honeymoon.bridgette import BridgetteGame
from honeymoon.cards import Card, CardSet, Strain, Suit
from honeymoon.engines import new_game
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game, HandResult, Phase, PreliminaryResult
from honeymoon.rules import RuleSet
from honeymoon.scoring import ScoreSheet, SheetEntry
from honeymoon.seats import SEATS, Direction, Seat
from honeymoon.table import TableGame
from honeymoon.tricks import Trick, playing_order

__all__ = [
    "SeatView",
    "TrickView",
    "DrawTurn",
    "HandReview",
    "TableView",
    "TableTrickView",
    "view_for",
    "review_for",
    "visible_hands",
]


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick as everyone saw it: who led, the cards in order, who won (None if unfinished)."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None = None

    @property
    def players(self) -> tuple[Seat, ...]:
        """The seat that played each card, in order (the order of play is the engine's).

        >>> TrickView(Seat.EAST, (Card.parse("HK"), Card.parse("HA"))).players
        (<Seat.EAST: 1>, <Seat.SOUTH: 0>)
        """
        return tuple(SEATS[hand] for hand in playing_order(self.leader))[: len(self.cards)]


@dataclass(frozen=True, slots=True)
class DrawTurn:
    """One of the seat's own drawing turns: the card it kept and the card it discarded.

    ``kept_first`` is True if the seat kept the top card (and so had to discard the next, except
    in the variation where keeping ends the turn: then ``discarded`` is None).
    """

    kept: Card
    discarded: Card | None
    kept_first: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat is entitled to know, and nothing else.

    ``seat`` is None for a spectator, whose ``hand``, ``discards`` and ``draws`` are empty.
    ``legal_actions`` is empty unless it is this seat's turn.
    """

    seat: Seat | None
    variant: str
    phase: Phase
    hand_number: int
    dealer: Seat
    to_act: Seat | None
    hand: CardSet
    discards: CardSet
    draws: tuple[DrawTurn, ...]
    looking_at: Card | None
    #: Draw Bridge: the cards this seat drew after each preliminary trick, in order.
    drawn: tuple[Card, ...]
    #: Draw Bridge with the face-up option: the stock card both can see.
    face_up: Card | None
    #: Draw and Memory Bridge: the preliminary tricks, once they are over.
    preliminary_tricks: tuple[TrickView, ...]
    hand_sizes: tuple[int, int]
    discard_counts: tuple[int, int]
    stock_remaining: int
    first_caller: Seat | None
    auction: tuple[Call, ...]
    contract: Contract | None
    declarer: Seat | None
    current_trick: TrickView | None
    tricks: tuple[TrickView, ...]
    tricks_won: tuple[int, int]
    #: The last trick of the previous hand (public), so a client can still show it once the
    #: next hand has begun; None for the first hand or after a hand without play.
    previous_last_trick: TrickView | None
    score_sheet: ScoreSheet
    results: tuple[HandResult, ...]
    legal_actions: tuple[int, ...]
    #: Draw and Memory Bridge: this hand's preliminary tricks taken by each seat and, in Memory
    #: Bridge, the memory award, once the preliminary tricks are over (None before).
    preliminary: PreliminaryResult | None = None
    #: The strain of the tricks being played (the contract's, or no trump in the preliminary
    #: tricks); None when no tricks are being played.
    trump: Strain | None = None
    #: The variant with its options, as this game plays it (public: both players know it).
    rules: RuleSet | None = None
    #: Bridgette's exchange: how many cards the seat to act must still discard (public).
    to_discard: int = 0
    #: Bridgette: the suit the leader may not lead to this trick after a matching Colon
    #: spoiled the last one (while holding another suit); None if none. Public.
    barred_suit: Suit | None = None

    @property
    def my_turn(self) -> bool:
        """True if this seat must act now."""
        return self.seat is not None and self.to_act == self.seat

    @property
    def vulnerable(self) -> tuple[bool, bool]:
        """South's and East's vulnerability."""
        return (self.score_sheet.vulnerable(0), self.score_sheet.vulnerable(1))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as ``"SA"``-style strings, calls as ``"3NT"``)."""
        return _view_to_dict(self)


@overload
def view_for(game: Game, seat: Seat | int | None) -> SeatView: ...


@overload
def view_for(game: TableGame, seat: Seat | int | None) -> TableView: ...


def view_for(game: Game | TableGame, seat: Seat | int | None) -> SeatView | TableView:
    """The view of ``seat`` (or of a spectator when ``seat`` is None) of ``game``: a
    :class:`SeatView` of the two-hand game, a :class:`TableView` of the four-hand table."""
    if isinstance(game, TableGame):
        return _table_view(game, None if seat is None else SEATS[int(seat)])
    me = None if seat is None else SEATS[int(seat)]
    phase = game.phase
    to_act = game.to_act
    hand = game.hand(me) if me is not None else CardSet()
    discards = game.discards(me) if me is not None else CardSet()
    draws = _own_draws(game, me) if me is not None else ()
    looking_at = game.looking_at() if me is not None and to_act == me else None
    current = game.current_trick
    if phase is Phase.DRAWING or phase is Phase.PRELIMINARY or phase is Phase.EXCHANGE:
        stock_remaining = game.stock_remaining
    else:
        stock_remaining = 0
    return SeatView(
        **_shared_fields(game, me),
        hand=hand,
        discards=discards,
        draws=draws,
        looking_at=looking_at,
        drawn=game.drawn_cards(me) if me is not None else (),
        face_up=game.face_up_card(),
        preliminary_tricks=_trick_views(game.preliminary_tricks),
        hand_sizes=(len(game.hand(0)), len(game.hand(1))),
        discard_counts=(len(game.discards(0)), len(game.discards(1))),
        stock_remaining=stock_remaining,
        current_trick=(
            TrickView(SEATS[current.leader], current.cards) if current is not None else None
        ),
        tricks=_trick_views(game.completed_tricks),
        previous_last_trick=(_trick_views(game.previous_hand_tricks[-1:]) or (None,))[0],
        preliminary=game.preliminary_result,
        **_bridgette_fields(game),
    )


def _bridgette_fields(game: Game) -> dict[str, Any]:
    # Bridgette's public facts of the exchange and the play (the upcard is ``face_up``).
    if not isinstance(game, BridgetteGame):
        return {}
    barred = game.barred_suit
    return {
        "to_discard": game.to_discard,
        "barred_suit": Suit(barred) if barred >= 0 and game.phase is Phase.PLAY else None,
    }


def _shared_fields(game: Game | TableGame, me: Seat | None) -> dict[str, Any]:
    # The fields both views read the same way: public, or the seat's own legal actions.
    to_act = game.to_act
    return {
        "seat": me,
        "variant": game.rules.name,
        "phase": game.phase,
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "to_act": to_act,
        "first_caller": game.first_caller,
        "auction": game.auction_calls,
        "contract": game.contract,
        "declarer": game.declarer,
        "tricks_won": game.tricks_won,
        "score_sheet": game.score_sheet,
        "results": tuple(h.result for h in game.history),
        "legal_actions": game.legal_actions() if me is not None and to_act == me else (),
        "trump": game.trump,
        "rules": game.rules,
    }


@dataclass(frozen=True, slots=True)
class HandReview:
    """A finished hand as one seat may look back on it (see :func:`review_for`).

    ``hands`` holds South's and East's hands as they were when the auction began (after the
    drawing: the thirteen cards each that were played), as far as this seat may see them: its
    own hand whole, of the other hand only the cards that were played face up (all of them in
    a hand played out; none in a passed-out hand). At the four-hand table it holds the four
    hands by Direction as the play began, by the same rule (the seat's own hand whole, of the
    others the cards played), and ``tricks`` are :class:`TableTrickView` (hands, not seats).
    ``draws``, ``discards`` and ``drawn`` are the seat's own (empty for a spectator); the
    opponent's stay secret.
    """

    seat: Seat | None
    variant: str
    #: The hand's number, 0-based, and how many hands of the rubber are finished.
    number: int
    finished_hands: int
    dealer: Seat
    hands: tuple[CardSet, ...]
    draws: tuple[DrawTurn, ...]
    discards: CardSet
    drawn: tuple[Card, ...]
    preliminary_tricks: tuple[TrickView, ...]
    preliminary: PreliminaryResult | None
    first_caller: Seat | None
    auction: tuple[Call, ...]
    contract: Contract | None
    declarer: Seat | None
    tricks: tuple[TrickView, ...] | tuple[TableTrickView, ...]
    tricks_won: tuple[int, int]
    result: HandResult
    #: The score sheet's entries for this hand.
    score: tuple[SheetEntry, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, in the same notation as :meth:`SeatView.to_dict`."""
        return {
            "seat": self.seat.name.lower() if self.seat is not None else None,
            "variant": self.variant,
            "hand": self.number,
            "finished_hands": self.finished_hands,
            "dealer": self.dealer.name.lower(),
            "hands": [_cards(hand) for hand in self.hands],
            "draws": [_draw_to_dict(t) for t in self.draws],
            "discards": _cards(self.discards),
            "drawn": _cards(self.drawn),
            "preliminary_tricks": [_trick_to_dict(t) for t in self.preliminary_tricks],
            "first_caller": _seat_name(self.first_caller),
            "auction": [call.pbn for call in self.auction],
            "contract": self.contract.pbn if self.contract is not None else None,
            "declarer": _seat_name(self.declarer),
            "tricks": [
                _table_trick_to_dict(t) if isinstance(t, TableTrickView) else _trick_to_dict(t)
                for t in self.tricks
            ],
            "tricks_won": list(self.tricks_won),
            "result": _result_to_dict(self.result),
            "score": [_entry_to_dict(e) for e in self.score],
        }


def review_for(game: Game | TableGame, seat: Seat | int | None, number: int) -> HandReview:
    """The review of finished hand ``number`` (0-based) of ``game`` for ``seat`` (None: a
    spectator, who gets only what is public).

    Everything comes from the game's history (:meth:`Game.hand_log`, the hand's result and
    the score sheet); the seat's own drawing turns come from the engine replaying the hand's
    drawing. Never the opponent's discards or unplayed cards, the stock order or the seed.

    :raises HoneymoonError: (code ``no_such_hand``) if hand ``number`` is not finished.
    """
    finished = len(game.history)
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < finished:
        span = f"0 to {finished - 1}" if finished else "none yet"
        raise HoneymoonError(
            f"hand {number!r:.20} is not a finished hand of this rubber "
            f"(finished hands, numbered from 0: {span})",
            "no_such_hand",
        )
    me = None if seat is None else SEATS[int(seat)]
    history = game.history[number]
    log = history.log
    mask = 0
    for trick in log.tricks:
        for card in trick.cards:
            mask |= card.mask
    played = CardSet(mask)
    tricks: tuple[TrickView, ...] | tuple[TableTrickView, ...]
    deal: tuple[CardSet, ...]
    own: int | None
    if log.four_hands:
        deal = log.hands if log.hands is not None else (CardSet(),) * 4
        own = me.direction if me is not None else None
        tricks = tuple(_table_trick_view(t) for t in log.tricks)
    else:
        deal = log.deal if log.deal is not None else (CardSet(), CardSet())
        own = me
        tricks = _trick_views(log.tricks)
    hands = tuple(cards if place == own else cards & played for place, cards in enumerate(deal))
    draws: tuple[DrawTurn, ...] = ()
    discards = CardSet()
    drawn: tuple[Card, ...] = ()
    if me is not None and isinstance(game, Game):
        # The engine replays the hand's drawing (on its own stock) to give back what this seat
        # drew and discarded; the opponent's side of it is never read.
        replay = new_game(game.rules, seed=0, stocks=[history.stock], first_dealer=history.dealer)
        assert isinstance(replay, Game)
        for action in history.actions:
            if replay.phase is not Phase.DRAWING and replay.phase is not Phase.PRELIMINARY:
                break
            replay.apply(action)
        draws = _own_draws(replay, me)
        discards = replay.discards(me)
        drawn = replay.drawn_cards(me)
    return HandReview(
        seat=me,
        variant=game.rules.name,
        number=number,
        finished_hands=finished,
        dealer=history.dealer,
        hands=hands,
        draws=draws,
        discards=discards,
        drawn=drawn,
        preliminary_tricks=_trick_views(log.preliminary_tricks),
        preliminary=log.preliminary,
        first_caller=log.first_caller,
        auction=log.calls,
        contract=log.contract,
        declarer=log.declarer,
        tricks=tricks,
        tricks_won=(log.tricks_won(0), log.tricks_won(1)),
        result=history.result,
        score=tuple(e for e in game.score_sheet.entries if e.hand == number),
    )


def _trick_views(tricks: tuple[Trick, ...]) -> tuple[TrickView, ...]:
    return tuple(
        TrickView(SEATS[t.leader], t.cards, SEATS[t.winner] if t.winner is not None else None)
        for t in tricks
    )


def _own_draws(game: Game, seat: Seat) -> tuple[DrawTurn, ...]:
    # The seat saw the cards of its own turns; the opponent's turns stay unknown.
    return tuple(
        DrawTurn(
            kept=Card.from_id(kept),
            discarded=Card.from_id(discarded) if discarded >= 0 else None,
            kept_first=kept_first,
        )
        for kept, discarded, kept_first in game.draw_turns(seat)
    )


def _cards(cards: CardSet | tuple[Card, ...]) -> list[str]:
    return [card.pbn for card in cards]


def _view_to_dict(view: SeatView) -> dict[str, Any]:
    return {
        "seat": view.seat.name.lower() if view.seat is not None else None,
        "variant": view.variant,
        "phase": view.phase.name.lower(),
        "hand_number": view.hand_number,
        "dealer": view.dealer.name.lower(),
        "to_act": view.to_act.name.lower() if view.to_act is not None else None,
        "hand": _cards(view.hand),
        "discards": _cards(view.discards),
        "draws": [
            {
                "kept": t.kept.pbn,
                "discarded": t.discarded.pbn if t.discarded is not None else None,
                "kept_first": t.kept_first,
            }
            for t in view.draws
        ],
        "looking_at": view.looking_at.pbn if view.looking_at is not None else None,
        "drawn": _cards(view.drawn),
        "face_up": view.face_up.pbn if view.face_up is not None else None,
        "preliminary_tricks": [_trick_to_dict(t) for t in view.preliminary_tricks],
        "hand_sizes": list(view.hand_sizes),
        "discard_counts": list(view.discard_counts),
        "stock_remaining": view.stock_remaining,
        "first_caller": view.first_caller.name.lower() if view.first_caller is not None else None,
        "auction": [call.pbn for call in view.auction],
        "contract": view.contract.pbn if view.contract is not None else None,
        "declarer": view.declarer.name.lower() if view.declarer is not None else None,
        "trump": view.trump.letter if view.trump is not None else None,
        "rules": view.rules.public_rules() if view.rules is not None else None,
        "current_trick": (
            {
                "leader": view.current_trick.leader.name.lower(),
                "cards": _cards(view.current_trick.cards),
            }
            if view.current_trick is not None
            else None
        ),
        "tricks": [_trick_to_dict(t) for t in view.tricks],
        "previous_last_trick": (
            _trick_to_dict(view.previous_last_trick)
            if view.previous_last_trick is not None
            else None
        ),
        "tricks_won": list(view.tricks_won),
        "score": _sheet_to_dict(view.score_sheet),
        "results": [_result_to_dict(r) for r in view.results],
        "legal_actions": [{"action": a, "text": describe(a)} for a in view.legal_actions],
        "to_discard": view.to_discard,
        "barred_suit": view.barred_suit.letter if view.barred_suit is not None else None,
    }


def _sheet_to_dict(sheet: ScoreSheet) -> dict[str, Any]:
    # The score sheet as both views write it.
    return {
        "above": [sheet.above(0), sheet.above(1)],
        "below": [sheet.below(0), sheet.below(1)],
        "totals": list(sheet.totals),
        "games": list(sheet.games),
        "progress": list(sheet.progress),
        "vulnerable": [sheet.vulnerable(0), sheet.vulnerable(1)],
        "match_deals": sheet.match_deals,
        "deals_scored": sheet.deals_scored,
        "rubber_winner": _seat_name(sheet.rubber_winner),
        "points_winner": _seat_name(sheet.points_winner) if sheet.is_complete else None,
        "entries": [_entry_to_dict(e) for e in sheet.entries],
    }


def _draw_to_dict(turn: DrawTurn) -> dict[str, Any]:
    return {
        "kept": turn.kept.pbn,
        "discarded": turn.discarded.pbn if turn.discarded is not None else None,
        "kept_first": turn.kept_first,
    }


def _entry_to_dict(entry: SheetEntry) -> dict[str, Any]:
    return {
        "hand": entry.hand,
        "seat": SEATS[entry.seat].name.lower(),
        "line": entry.line.value,
        "points": entry.points,
        "reason": entry.reason,
        "game": entry.game,
    }


def _trick_to_dict(trick: TrickView) -> dict[str, Any]:
    return {
        "leader": trick.leader.name.lower(),
        "cards": _cards(trick.cards),
        "winner": trick.winner.name.lower() if trick.winner is not None else None,
    }


def _seat_name(seat: int | None) -> str | None:
    return SEATS[seat].name.lower() if seat is not None else None


def _result_to_dict(result: HandResult) -> dict[str, Any]:
    score = result.score
    return {
        "hand": result.number,
        "dealer": result.dealer.name.lower(),
        "contract": result.contract.pbn if result.contract is not None else None,
        "declarer": result.declarer.name.lower() if result.declarer is not None else None,
        "declarer_tricks": result.declarer_tricks,
        "declarer_below": score.declarer_below if score else 0,
        "declarer_above": score.declarer_above if score else 0,
        "defender_above": score.defender_above if score else 0,
        "honours": list(result.honours),
        "preliminary": (
            {
                "tricks": list(result.preliminary.tricks),
                "award_seat": (
                    result.preliminary.award_seat.name.lower()
                    if result.preliminary.award_seat is not None
                    else None
                ),
                "award_below": result.preliminary.award.declarer_below
                if result.preliminary.award is not None
                else 0,
                "award_above": result.preliminary.award.declarer_above
                if result.preliminary.award is not None
                else 0,
            }
            if result.preliminary is not None
            else None
        ),
        "ended_by_award": result.ended_by_award,
    }


# -- the four-hand table -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableTrickView:
    """A trick of the four-hand table as everyone saw it: the hand that led, the cards in
    playing order, the hand that won (None if unfinished) and the table's playing order."""

    leader: Direction
    cards: tuple[Card, ...]
    winner: Direction | None = None
    order: tuple[Direction, ...] = tuple(Direction)

    @property
    def players(self) -> tuple[Direction, ...]:
        """The hand that played each card, in order.

        >>> TableTrickView(Direction.WEST, (Card.parse("HK"), Card.parse("HA"))).players
        (<Direction.WEST: 3>, <Direction.NORTH: 0>)
        """
        order = tuple(int(d) for d in self.order)
        return tuple(Direction(hand) for hand in playing_order(self.leader, order))[
            : len(self.cards)
        ]


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything one seat at the four-hand table is entitled to know, and nothing else.

    ``hands`` holds, by :class:`~honeymoon.seats.Direction`, the cards of each hand this seat
    may see now, and None for a hand it may not see (see :func:`visible_hands`); ``hand`` and
    ``dummy`` are the seat's own hand and its dummy (empty while it may not see the dummy,
    and both empty for a spectator). ``to_play`` is the hand whose card is to be played, its
    controller being ``to_act``; ``legal_actions`` is empty unless it is this seat's turn.
    """

    seat: Seat | None
    variant: str
    phase: Phase
    hand_number: int
    dealer: Seat
    to_act: Seat | None
    to_play: Direction | None
    hand: CardSet
    dummy: CardSet
    hands: tuple[CardSet | None, CardSet | None, CardSet | None, CardSet | None]
    #: How many cards each hand holds, by Direction (public).
    hand_sizes: tuple[int, int, int, int]
    first_caller: Seat
    auction: tuple[Call, ...]
    contract: Contract | None
    declarer: Seat | None
    #: The hands in their playing order this hand (public once the auction is over).
    order: tuple[Direction, ...]
    opening_leader: Direction | None
    current_trick: TableTrickView | None
    tricks: tuple[TableTrickView, ...]
    #: Tricks won by South's side and East's side.
    tricks_won: tuple[int, int]
    previous_last_trick: TableTrickView | None
    score_sheet: ScoreSheet
    results: tuple[HandResult, ...]
    legal_actions: tuple[int, ...]
    trump: Strain | None
    rules: RuleSet
    #: Single Dummy Bridge: where the dummy dealt face up lies until declarer's choice.
    exposed_dummy: Direction | None = None
    #: Twelve and two: this seat's two extra cards while they wait to be placed.
    extra_cards: CardSet = CardSet()
    #: Cards not dealt yet (twelve and two: four during the auction; the Widow: the widow's
    #: four until declarer takes it).
    stock_remaining: int = 0
    #: The Widow: the widow's cards this seat has seen this hand: declarer all four once the
    #: auction is over (those still to be placed are ``extra_cards``), the defender the two
    #: given to them; never which two declarer kept.
    widow: CardSet = CardSet()
    #: Semi-Exposed Dummies: each dummy as it lies on the table, by Direction (empty for the
    #: players' own hands and in other variants): one entry per place in its row, six covered
    #: places then the seventh card's, each the face-up card there (None once played) and
    #: whether a face-down card lies under it. A face-down card is never named: the number of
    #: True flags of hand ``d`` is ``hand_sizes[d] - len(hands[d])``.
    covers: tuple[tuple[tuple[Card | None, bool], ...], ...] = ((), (), (), ())

    @property
    def my_turn(self) -> bool:
        """True if this seat must act now."""
        return self.seat is not None and self.to_act == self.seat

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as ``"SA"``-style strings, calls as ``"3NT"``)."""
        return {
            "exposed_dummy": _direction_name(self.exposed_dummy),
            "covers": {
                direction.name.lower(): [
                    [card.pbn if card is not None else None, covered] for card, covered in places
                ]
                for direction, places in zip(Direction, self.covers, strict=True)
                if places
            },
            "extra_cards": _cards(self.extra_cards),
            "widow": _cards(self.widow),
            "stock_remaining": self.stock_remaining,
            "seat": _seat_name(self.seat),
            "variant": self.variant,
            "phase": self.phase.name.lower(),
            "hand_number": self.hand_number,
            "dealer": self.dealer.name.lower(),
            "to_act": _seat_name(self.to_act),
            "to_play": _direction_name(self.to_play),
            "hand": _cards(self.hand),
            "dummy": _cards(self.dummy),
            "hands": {
                direction.name.lower(): (_cards(cards) if cards is not None else None)
                for direction, cards in zip(Direction, self.hands, strict=True)
            },
            "hand_sizes": list(self.hand_sizes),
            "first_caller": self.first_caller.name.lower(),
            "auction": [call.pbn for call in self.auction],
            "contract": self.contract.pbn if self.contract is not None else None,
            "declarer": _seat_name(self.declarer),
            "order": [d.name.lower() for d in self.order],
            "opening_leader": _direction_name(self.opening_leader),
            "trump": self.trump.letter if self.trump is not None else None,
            "rules": self.rules.public_rules(),
            "current_trick": (
                _table_trick_to_dict(self.current_trick) if self.current_trick else None
            ),
            "tricks": [_table_trick_to_dict(t) for t in self.tricks],
            "previous_last_trick": (
                _table_trick_to_dict(self.previous_last_trick)
                if self.previous_last_trick is not None
                else None
            ),
            "tricks_won": list(self.tricks_won),
            "score": _sheet_to_dict(self.score_sheet),
            "results": [_result_to_dict(r) for r in self.results],
            "legal_actions": [{"action": a, "text": describe(a)} for a in self.legal_actions],
        }


def visible_hands(game: TableGame, seat: Seat | int | None) -> tuple[bool, bool, bool, bool]:
    """Which hands (by Direction) ``seat`` may see now (None: a spectator). The rule of
    RULES.md 5.2, 5.4 and 5.5 in one place:

    * a player always sees their own hand, and never the opponent's;
    * a player sees their own dummy once the auction is over (with twelve and two, from the
      deal on: RULES.md 5.5; in the Widow, from the end of the auction, while the widow is
      shared out: RULES.md 8.3);
    * once the opening lead is made both dummies are face up, seen by everyone, unless the
      variant keeps them in racks: then a dummy is seen by its owner only;
    * Single Dummy Bridge (RULES.md 6): the exposed dummy is seen by everyone from the deal,
      the other by no one until declarer has chosen a dummy; then both are face up;
    * Semi-Exposed Dummies (RULES.md 7): the face-up cards of both dummies are seen by
      everyone from the deal (a dummy is "shown" here; the view shows its face-up cards
      only, :meth:`TableGame.face_up`); its face-down cards by no one, its owner included.

    >>> from honeymoon.rules import DOUBLE_DUMMY
    >>> game = TableGame(DOUBLE_DUMMY, seed=3, first_dealer=Seat.SOUTH)
    >>> visible_hands(game, Seat.SOUTH), visible_hands(game, None)
    ((False, False, True, False), (False, False, False, False))
    """
    me = None if seat is None else int(seat)
    play = game.phase is Phase.PLAY
    # The owner sees their dummy after the auction, or from the deal with twelve and two.
    auction_over = game.phase is not Phase.AUCTION and game.phase is not Phase.COMPLETE
    own_dummy = play or game.rules.twelve_and_two or (game.rules.widow and auction_over)
    face_up = not game.rules.racks and game.opening_lead_made
    exposed = game.exposed_dummy
    shown = [False, False, False, False]
    for direction in Direction:
        owner = int(direction.owner)
        if not direction.is_dummy:
            shown[direction] = owner == me
        elif game.rules.semi_exposed:
            shown[direction] = True
        elif game.rules.exposed_dummy:
            shown[direction] = play or direction is exposed
        else:
            shown[direction] = (owner == me and own_dummy) or face_up
    return (shown[0], shown[1], shown[2], shown[3])


def _table_view(game: TableGame, me: Seat | None) -> TableView:
    shown = visible_hands(game, me)
    # A hand shown is shown as it lies face up: whole, but for a semi-exposed dummy's
    # face-down cards, which no view ever holds.
    hands = tuple(game.face_up(d) if shown[d] else None for d in Direction)
    own = game.hand(me) if me is not None else CardSet()
    dummy = game.face_up(me.dummy) if me is not None and shown[me.dummy] else CardSet()
    current = game.current_trick
    order = game.order
    return TableView(
        **_shared_fields(game, me),
        exposed_dummy=game.exposed_dummy,
        extra_cards=game.extra_cards(me) if me is not None else CardSet(),
        widow=game.widow_seen(me) if me is not None else CardSet(),
        stock_remaining=game.stock_remaining,
        to_play=game.to_play,
        hand=own,
        dummy=dummy,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        hand_sizes=(
            len(game.hand_at(0)),
            len(game.hand_at(1)),
            len(game.hand_at(2)),
            len(game.hand_at(3)),
        ),
        order=order,
        opening_leader=game.opening_leader,
        current_trick=_table_trick_view(current) if current is not None else None,
        tricks=tuple(_table_trick_view(t) for t in game.completed_tricks),
        previous_last_trick=(
            _table_trick_view(game.previous_hand_tricks[-1]) if game.previous_hand_tricks else None
        ),
        covers=(game.layout(0), game.layout(1), game.layout(2), game.layout(3)),
    )


def _table_trick_view(trick: Trick) -> TableTrickView:
    return TableTrickView(
        Direction(trick.leader),
        trick.cards,
        Direction(trick.winner) if trick.winner is not None else None,
        tuple(Direction(hand) for hand in trick.order),
    )


def _direction_name(direction: Direction | None) -> str | None:
    return direction.name.lower() if direction is not None else None


def _table_trick_to_dict(trick: TableTrickView) -> dict[str, Any]:
    return {
        "leader": trick.leader.name.lower(),
        "cards": _cards(trick.cards),
        "players": [d.name.lower() for d in trick.players],
        "winner": _direction_name(trick.winner),
    }
