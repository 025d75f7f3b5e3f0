"""The analysis at the four-hand table: every variant's hand solved by DDS through the same
entry points as the two-hand game's, and a seat's copy naming no card it did not see."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from honeymoon import new_game
from honeymoon.actions import PASS
from honeymoon.analysis import HandAnalysis, analyze_game, analyze_hand
from honeymoon.cards import CardSet
from honeymoon.engines import Engine
from honeymoon.rules import TABLE_VARIANTS
from honeymoon.seats import SEATS, Direction
from tests.card_leaks import named_cards

pytest.importorskip("endplay")

VARIANTS = sorted(TABLE_VARIANTS)


@cache
def played_hand(name: str) -> tuple[Engine, HandAnalysis]:
    """A seeded game of ``name`` with its first hand played out at random, and its analysis."""
    game = new_game(TABLE_VARIANTS[name], seed=11, first_dealer=0)
    rng = random.Random(5)
    while not game.history:
        game.apply(rng.choice(game.legal_actions()))
    return game, analyze_hand(game, 0)


@pytest.mark.parametrize("name", VARIANTS)
def test_a_hand_played_out_is_analysed_from_the_four_hands(name: str) -> None:
    game, analysis = played_hand(name)
    log = game.hand_log(0)
    assert analysis.deal == log.hands and analysis.deal is not None
    assert all(len(hand) == 13 for hand in analysis.deal)
    assert analysis.table is not None and analysis.table.four_hands
    assert analysis.par is not None and analysis.play is not None
    play = analysis.play
    assert play.complete
    # The tricks each side took are the engine's, and a mistake moves the result by its cost.
    assert play.taken == (log.tricks_won(0), log.tricks_won(1))
    for seat in SEATS:
        other = seat.other
        assert play.taken[seat] == play.start[seat] - play.lost[seat] + play.lost[other]
    judged = play.cards
    if TABLE_VARIANTS[name].semi_exposed:
        assert any("face down" in note for note in analysis.notes)
        assert {cost.trick for cost in judged} <= set(range(13))
    else:
        assert len(judged) == 52
    for cost in judged:
        assert cost.hand is not None and cost.hand.owner is cost.seat
        assert cost.cost >= 0 and (cost.better is None) == (cost.cost == 0)
        assert cost.card in log.hands[cost.hand]
    for seat in SEATS:
        for strain in range(5):
            assert 0 <= analysis.table.tricks(seat, strain) <= 13
    data = analysis.to_dict()
    assert set(data["deal"]) == {"north", "east", "south", "west"}
    assert all(len(row) == 1 for side in data["table"].values() for row in side.values())
    json.dumps(data)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_first_lead_figure_is_the_tables(name: str) -> None:
    # Best play from the first lead gives declarer's side what the table says it makes.
    game, analysis = played_hand(name)
    assert analysis.play is not None and analysis.table is not None
    declarer = analysis.declarer
    contract = analysis.contract
    assert declarer is not None and contract is not None
    if not TABLE_VARIANTS[name].semi_exposed and not TABLE_VARIANTS[name].widow:
        # (the Widow's table takes declarer's better choice of leader, not the one made)
        expected = analysis.table.tricks(declarer, contract.strain)
        assert analysis.play.start[declarer] == expected


@pytest.mark.parametrize("name", VARIANTS)
def test_a_seat_sees_the_analysis_of_a_hand_played_out(name: str) -> None:
    game, analysis = played_hand(name)
    for seat in SEATS:
        own = analysis.for_seat(seat)
        assert own.deal == analysis.deal and own.play == analysis.play
        assert own.table == analysis.table


@pytest.mark.parametrize("name", VARIANTS)
def test_no_card_leaks_from_an_unfinished_or_passed_out_hand(name: str) -> None:
    rules = TABLE_VARIANTS[name]
    game = new_game(rules, seed=3, first_dealer=0)
    game.apply(PASS)
    game.apply(PASS)  # the first hand passed out
    rng = random.Random(2)
    while len(game.completed_tricks) < 3:
        game.apply(rng.choice(game.legal_actions()))
    for number in (0, 1):  # the passed-out hand, and the hand in progress
        analysis = analyze_hand(game, number)
        assert analysis.deal is not None  # the whole analysis knows the cards
        for seat in SEATS:
            text = json.dumps(analysis.for_seat(seat).to_dict(), ensure_ascii=False)
            assert named_cards(text) == set(), (number, seat)
    whole = analyze_game(game).for_seat(0)
    assert all(hand.deal is None and hand.play is None for hand in whole.hands)


def test_the_hands_are_by_direction() -> None:
    game, analysis = played_hand("double-dummy")
    assert analysis.deal is not None
    data = analysis.to_dict()["deal"]
    for direction in Direction:
        assert CardSet.parse(data[direction.name.lower()]) == analysis.deal[direction]
