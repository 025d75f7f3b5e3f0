"""The compiled kernel, the pure-Python reference and a plain minimax agree."""

from __future__ import annotations

import random
from functools import cache

import pytest

from honeymoon.cards import CARD_MASK, mask_to_card_ids
from honeymoon.solver import _reference

try:
    from honeymoon.solver import _kernel
except ImportError:  # the kernel is optional; the reference is still checked
    _kernel = None

BACKENDS = [pytest.param(_reference, id="python")]
if _kernel is not None:
    BACKENDS.append(pytest.param(_kernel, id="compiled"))


def trick_goes_to_follower(lead: int, reply: int, trump: int) -> bool:
    if reply // 13 == lead // 13:
        return reply > lead
    return reply // 13 == trump


@cache
def minimax(to_move: int, other: int, trump: int, led: int) -> int:
    """Tricks for the player to move, by trying every legal card (no pruning at all)."""
    if led == -1:
        if not to_move:
            return 0
        cards = to_move.bit_count()
        return max(
            cards - minimax(other, to_move & ~CARD_MASK[card], trump, card)
            for card in mask_to_card_ids(to_move)
        )
    return max(reply_value(to_move, other, trump, led, card) for card in legal(to_move, led))


def legal(to_move: int, led: int) -> list[int]:
    mine = mask_to_card_ids(to_move)
    following = [card for card in mine if card // 13 == led // 13]
    return following or list(mine)


def reply_value(to_move: int, other: int, trump: int, led: int, reply: int) -> int:
    rest = to_move & ~CARD_MASK[reply]
    if trick_goes_to_follower(led, reply, trump):
        return 1 + minimax(rest, other, trump, -1)
    return rest.bit_count() - minimax(other, rest, trump, -1)


def minimax_values(to_move: int, other: int, trump: int, led: int) -> list[tuple[int, int]]:
    if led == -1:
        cards = to_move.bit_count()
        return [
            (card, cards - minimax(other, to_move & ~CARD_MASK[card], trump, card))
            for card in mask_to_card_ids(to_move)
        ]
    return [(card, reply_value(to_move, other, trump, led, card)) for card in legal(to_move, led)]


def random_position(rng: random.Random, cards: int, lead: bool) -> tuple[int, int, int, int]:
    """(mask to move, other mask, trump, led card id or -1), sometimes from a few suits only."""
    suits = rng.choice([4, 4, 3, 2])
    deck = [card for card in range(52) if card // 13 < suits]
    rng.shuffle(deck)
    first = deck[:cards]
    second = deck[cards : 2 * cards]
    trump = rng.randrange(5)
    to_move = sum(CARD_MASK[card] for card in first)
    other = sum(CARD_MASK[card] for card in second)
    if lead and cards:
        led = second[0]
        return to_move, other & ~CARD_MASK[led], trump, led
    return to_move, other, trump, -1


@pytest.mark.parametrize("backend", BACKENDS)
def test_matches_plain_minimax_on_small_endings(backend: object) -> None:
    rng = random.Random(20260101)
    for _ in range(1500):
        cards = rng.randint(1, 6)
        position = random_position(rng, cards, lead=rng.random() < 0.35)
        expected = minimax(*position)
        assert backend.tricks(*position) == expected, position
        best, values = backend.values(*position)
        assert best == expected, position
        assert values == minimax_values(*position), position


def _kernel_and_reference_agree(seed: int, sizes: range, per_size: int) -> int:
    assert _kernel is not None
    rng = random.Random(seed)
    checked = 0
    for cards in sizes:
        for index in range(per_size):
            position = random_position(rng, cards, lead=index % 3 == 2)
            expected = _reference.tricks(*position)
            assert _kernel.tricks(*position) == expected, position
            if index % 4 == 0:  # every card's value too, on a quarter of them
                assert _kernel.values(*position) == _reference.values(*position), position
            checked += 1
    return checked


@pytest.mark.skipif(_kernel is None, reason="the compiled kernel is not built")
def test_kernel_agrees_with_reference_on_every_size() -> None:
    checked = _kernel_and_reference_agree(7, range(0, 9), 200)
    checked += _kernel_and_reference_agree(8, range(9, 14), 50)
    assert checked == 2050


@pytest.mark.slow
@pytest.mark.skipif(_kernel is None, reason="the compiled kernel is not built")
def test_kernel_agrees_with_reference_on_many_full_deals() -> None:
    assert _kernel_and_reference_agree(9, range(10, 14), 300) == 1200


def test_answers_do_not_depend_on_the_table() -> None:
    """Solving with a warm table, after clearing it, and in another order gives the same."""
    rng = random.Random(11)
    positions = [random_position(rng, 8, lead=False) for _ in range(30)]
    for backend in [param.values[0] for param in BACKENDS]:
        first = [backend.values(*position) for position in positions]
        backend.clear()
        second = [backend.values(*position) for position in reversed(positions)]
        assert first == second[::-1]


def test_lead_values_match_the_followers_solutions() -> None:
    """A lead's value is what the follower, solving with that card on the table, leaves."""
    rng = random.Random(12)
    for cards in (1, 4, 9, 13):
        for _ in range(10):
            to_move, other, trump, _ = random_position(rng, cards, lead=False)
            best, values = _reference.values(to_move, other, trump, -1)
            assert best == max(value for _, value in values)
            for card, value in values:
                reply_best = _reference.tricks(other, to_move & ~CARD_MASK[card], trump, card)
                assert value == cards - reply_best
