"""Bad input raises SolverInputError (a HoneymoonError and a ValueError) with a code."""

from __future__ import annotations

import pytest

from honeymoon.cards import Card, CardSet
from honeymoon.errors import HoneymoonError, SolverInputError
from honeymoon.solver import _reference, card_values_raw, solve, solve_tricks

try:
    from honeymoon.solver import _kernel
except ImportError:
    _kernel = None

SPADES_AK = CardSet.parse("♠AK")
HEARTS_AK = CardSet.parse("♥AK")


@pytest.mark.parametrize(
    ("first", "second", "trump", "leader", "led", "code"),
    [
        ("♠AK", "♠K2", 4, 0, None, "card_in_both_hands"),
        ("♠AK", "♥A", 4, 0, None, "unequal_hands"),
        ("♠AK", "♥AK", 5, 0, None, "bad_strain"),
        ("♠AK", "♥AK", -1, 0, None, "bad_strain"),
        ("♠AK", "♥AK", 4, 2, None, "bad_leader"),
        ("♠AK", "♥AK", 4, 0, "♠A", "bad_led_card"),  # still in the leader's hand
        ("♠A", "♥AK", 4, 1, "♦2", "unequal_hands"),  # the follower must be one card longer
        ("♠AK", "♥AK", 4, 0, "♦2", "unequal_hands"),
        ("♠AKQJ1098765432 ♥A", "♥KQJ1098765432 ♦AK", 4, 0, None, "too_many_cards"),
    ],
)
def test_solve_rejects(
    first: str, second: str, trump: int, leader: int, led: str | None, code: str
) -> None:
    led_card = Card.parse(led) if led else None
    with pytest.raises(SolverInputError) as caught:
        solve(CardSet.parse(first), CardSet.parse(second), trump, leader, led_card)
    assert caught.value.code == code
    assert isinstance(caught.value, HoneymoonError)
    assert isinstance(caught.value, ValueError)
    assert caught.value.message


def test_messages_name_the_cards() -> None:
    with pytest.raises(SolverInputError, match="♠K in both hands"):
        solve(CardSet.parse("♠AK"), CardSet.parse("♠K2"), 4, 0)


def test_bad_types() -> None:
    with pytest.raises(SolverInputError) as caught:
        solve("♠AK", HEARTS_AK, 4, 0)  # type: ignore[arg-type]
    assert caught.value.code == "bad_mask"
    with pytest.raises(SolverInputError) as caught:
        solve(SPADES_AK, HEARTS_AK, 4, 0, led_card=52)
    assert caught.value.code == "bad_led_card"
    with pytest.raises(SolverInputError) as caught:
        solve(1 << 13, HEARTS_AK, 4, 0)  # bit 13 is outside the suit lane
    assert caught.value.code == "bad_mask"


BACKENDS = [_reference] + ([_kernel] if _kernel is not None else [])


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda backend: backend.__name__)
@pytest.mark.parametrize(
    ("to_move", "other", "trump", "led", "code"),
    [
        (SPADES_AK.mask, SPADES_AK.mask, 4, -1, "card_in_both_hands"),
        (SPADES_AK.mask, 1, 4, -1, "unequal_hands"),
        (SPADES_AK.mask, HEARTS_AK.mask, 7, -1, "bad_strain"),
        (SPADES_AK.mask, HEARTS_AK.mask, 4, 60, "bad_led_card"),
        (SPADES_AK.mask, HEARTS_AK.mask, 4, Card.parse("♠A").id, "bad_led_card"),
        (SPADES_AK.mask, HEARTS_AK.mask, 4, 0, "unequal_hands"),
        (-1, 0, 4, -1, "bad_mask"),
        (1 << 14, 1, 4, -1, "bad_mask"),
        (1 << 70, 1, 4, -1, "bad_mask"),
    ],
)
def test_raw_entry_points_reject(
    backend: object, to_move: int, other: int, trump: int, led: int, code: str
) -> None:
    for function in (backend.tricks, backend.values):  # type: ignore[attr-defined]
        with pytest.raises(SolverInputError) as caught:
            function(to_move, other, trump, led)
        assert caught.value.code == code


def test_public_raw_entry_points_reject() -> None:
    with pytest.raises(SolverInputError):
        solve_tricks(SPADES_AK.mask, SPADES_AK.mask, 4)
    with pytest.raises(SolverInputError):
        card_values_raw(SPADES_AK.mask, 1, 4)
