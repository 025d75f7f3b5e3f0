"""Typed events: what ``events.apply`` reports agrees with the game, in every variant."""

from __future__ import annotations

import pytest
from helpers import events_of_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from honeymoon import events
from honeymoon.actions import KEEP, PASS
from honeymoon.engines import new_game
from honeymoon.errors import IllegalActionError
from honeymoon.events import (
    AuctionOver,
    AuctionStarted,
    Called,
    CardPlayed,
    Drew,
    HandOver,
    HandStarted,
    PreliminaryOver,
    RubberOver,
    StockDrawn,
    TrickWon,
)
from honeymoon.game import Game, Phase
from honeymoon.rules import VARIANTS, Procedure
from honeymoon.seats import Seat


@settings(max_examples=12, deadline=None)
@given(st.data())
def test_the_events_of_a_rubber_agree_with_the_game(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(VARIANTS)), label="variant")
    rules = VARIANTS[name]
    if "face_up_stock" in rules.option_names and data.draw(st.booleans(), label="face up"):
        rules = rules.with_options(face_up_stock=True)
    game = new_game(rules, seed=data.draw(st.integers(0, 999), label="seed"))
    reported: list[object] = []
    while not game.is_over and game.hand_number < 4:
        seat, phase = game.to_act, game.phase
        assert seat is not None
        discards, face_up = len(game.discards(seat)), game.face_up_card()
        said = events.apply(game, data.draw(st.sampled_from(game.legal_actions())))
        for event in said:
            if isinstance(event, Drew):
                assert event.discarded == (len(game.discards(seat)) > discards)
            if isinstance(event, StockDrawn):
                # Only a card that lay face up is told, and it is the one the winner took.
                assert event.shown == face_up
                assert face_up is None or game.drawn_cards(event.winner)[-1] == face_up
        first = said[0]
        # The first event is the action itself, by the seat that was to act.
        expected = {
            Phase.DRAWING: Drew,
            Phase.AUCTION: Called,
            Phase.PLAY: CardPlayed,
            Phase.PRELIMINARY: CardPlayed,
        }[phase]
        assert isinstance(first, expected) and first.seat == seat
        reported.extend(said)
    for hand in game.history:
        of_hand = events_of_hand(reported, hand.number)
        log = hand.log
        assert [e.call for e in of_hand if isinstance(e, Called)] == list(log.calls)
        assert [e.seat for e in of_hand if isinstance(e, Called)][:1] == (
            [log.first_caller] if log.first_caller is not None else []
        )
        won = [e for e in of_hand if isinstance(e, TrickWon)]
        assert [e.trick for e in won if e.preliminary] == list(log.preliminary_tricks)
        assert [e.trick for e in won if not e.preliminary] == list(log.tricks)
        assert all(e.seat == e.trick.winner for e in won)
        played = [e.card for e in of_hand if isinstance(e, CardPlayed) and not e.preliminary]
        assert played == [card for trick in log.tricks for card in trick.cards]
        over = [e for e in of_hand if isinstance(e, AuctionOver)]
        if log.auction_over:
            assert over == [AuctionOver(log.contract, log.declarer, log.opening_leader)]
        else:
            assert over == []
        started = [e for e in of_hand if isinstance(e, AuctionStarted)]
        assert [e.first_caller for e in started] == (
            [log.first_caller] if log.first_caller is not None else []
        )
        drew = [e for e in of_hand if isinstance(e, StockDrawn)]
        drawing = game.rules.procedure is Procedure.DRAW
        assert [e.winner for e in drew] == (
            [Seat(t.winner) for t in log.preliminary_tricks if t.winner is not None]
            if drawing
            else []
        )
        assert all(e.shown is None for e in drew) or game.rules.face_up_stock
        assert [e.result for e in of_hand if isinstance(e, PreliminaryOver)] == (
            [log.preliminary] if log.preliminary is not None else []
        )
        assert [e for e in of_hand if isinstance(e, HandOver)] == [HandOver(hand.result)]
    rubber = [e for e in reported if isinstance(e, RubberOver)]
    assert rubber == (
        [RubberOver(game.score_sheet.rubber_winner, game.score_sheet)] if game.is_over else []
    )
    started = [e for e in reported if isinstance(e, HandStarted)]
    assert [(e.number, e.dealer) for e in started] == [
        (h.number + 1, h.dealer.other) for h in game.history[: len(started)]
    ]


def test_a_refused_action_reports_nothing_and_changes_nothing() -> None:
    game = Game(seed=1, first_dealer=Seat.SOUTH)
    with pytest.raises(IllegalActionError) as caught:
        events.apply(game, PASS)
    assert caught.value.code == "wrong_phase"
    assert game.actions == () and game.to_act is Seat.EAST
    assert events.apply(game, KEEP) == (Drew(Seat.EAST, discarded=True),)


def test_events_are_frozen_values() -> None:
    event = Drew(Seat.SOUTH)
    with pytest.raises(AttributeError):
        event.seat = Seat.EAST  # type: ignore[misc]
    assert event == Drew(Seat.SOUTH) and hash(event) == hash(Drew(Seat.SOUTH))


def test_the_opener_is_the_seat_to_act_when_each_hand_begins() -> None:
    for name in sorted(VARIANTS):
        game = Game(VARIANTS[name], seed=3)
        assert game.to_act == game.opener != game.dealer
        while not game.is_over and game.hand_number < 3:
            for event in events.apply(game, game.legal_actions()[0]):
                if isinstance(event, HandStarted):
                    assert game.to_act == game.opener != event.dealer
