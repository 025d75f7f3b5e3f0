"""Trick play (RULES.md 1.3): following suit and who wins a trick."""

from __future__ import annotations

import itertools

import pytest

from honeymoon.cards import ALL_CARDS, Card, CardSet
from honeymoon.tricks import (
    BEATS,
    NO_TRUMP,
    TWO_HANDS,
    Trick,
    beats,
    next_hands,
    playable_mask,
    playing_order,
    trick_winner,
    trick_won_by,
)


def ids(*texts: str) -> list[int]:
    return [Card.parse(t).id for t in texts]


@pytest.mark.parametrize(
    ("cards", "trump", "winner"),
    [
        (("HK", "HA"), NO_TRUMP, 1),  # higher of the led suit
        (("HA", "HK"), NO_TRUMP, 0),
        (("H2", "SA"), NO_TRUMP, 0),  # a discard of another suit never wins at NT
        (("H2", "SA"), 0, 0),  # nor when clubs are trumps
        (("HK", "C2"), 0, 1),  # the lowest trump beats the led suit
        (("C2", "HA"), 0, 0),  # a trump lead: a non-trump cannot win
        (("C2", "C3"), 0, 1),  # trump against trump: the higher
        (("D10", "DJ"), 3, 1),
        (("SA", "S2", "SK", "H3"), 2, 3),  # four-card tricks: the one trump wins
        (("SQ", "S2", "SK", "DA"), 2, 2),  # no trump played: highest spade
        (("SQ", "H2", "HK", "DA"), 2, 2),  # two trumps: the higher
    ],
)
def test_trick_winner(cards: tuple[str, ...], trump: int, winner: int) -> None:
    assert trick_winner(ids(*cards), trump) == winner


def test_beats_exhaustively_against_the_rule() -> None:
    for trump in range(5):
        for led, follow in itertools.permutations(ALL_CARDS, 2):
            same_suit = follow.suit == led.suit
            expected = follow.rank > led.rank if same_suit else follow.suit == trump
            assert beats(follow.id, led.id, trump) is expected, (follow, led, trump)


def test_playable_must_follow_suit_if_able() -> None:
    hand = CardSet.parse("♠AK ♥2 ♣QJ")
    assert CardSet(playable_mask(hand.mask, -1)) == hand  # leading: anything
    assert CardSet(playable_mask(hand.mask, 3)) == CardSet.parse("♠AK")
    assert CardSet(playable_mask(hand.mask, 2)) == CardSet.parse("♥2")
    assert CardSet(playable_mask(hand.mask, 1)) == hand  # void: any card, no duty to trump


def test_trick_value() -> None:
    trick = Trick(0, tuple(Card.parse(t) for t in ("HK", "HA")), 1)
    assert trick.led_suit == 2 and trick.winner == 1
    assert Trick(1, ()).led_suit is None


def test_the_beats_table_is_the_rule() -> None:
    for trump in range(5):
        for best, card in itertools.permutations(range(52), 2):
            assert BEATS[trump][best << 6 | card] == beats(card, best, trump)


@pytest.mark.parametrize(
    ("leader", "order", "expected"),
    [
        (0, TWO_HANDS, (0, 1)),
        (1, TWO_HANDS, (1, 0)),
        (2, (0, 3, 2, 1), (2, 1, 0, 3)),  # four hands, clockwise from hand 2
        (1, (2, 0, 1), (1, 2, 0)),
    ],
)
def test_playing_order_follows_the_tables_rotation(
    leader: int, order: tuple[int, ...], expected: tuple[int, ...]
) -> None:
    assert playing_order(leader, order) == expected
    following = next_hands(order)
    assert [following[hand] for hand in expected[:-1]] == list(expected[1:])
    assert following[expected[-1]] == leader


def test_the_winning_hand_of_a_trick_of_any_size() -> None:
    # Four hands in the order 0, 3, 2, 1: hand 3 leads, so hand 0 plays the only trump last.
    order = (0, 3, 2, 1)
    assert trick_won_by(ids("SA", "S2", "SK", "H3"), 3, 2, order) == 0
    assert trick_won_by(ids("SA", "S2", "SK", "H3"), 3, 4, order) == 3
    assert trick_won_by(ids("SQ", "S2", "SK", "DA"), 0, 2, order) == 2
    assert trick_won_by(ids("HK", "HA"), 1, 4) == 0
    trick = Trick(2, tuple(Card.parse(t) for t in ("SQ", "S2", "SK")), order=order)
    assert trick.players == (2, 1, 0)
