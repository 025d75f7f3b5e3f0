"""Hand-made positions whose answers are worked out by hand, through the public API."""

from __future__ import annotations

from honeymoon.cards import Card, CardSet, Strain
from honeymoon.solver import Solution, card_values_raw, solve, solve_tricks


def values(solution: Solution) -> dict[str, int]:
    return {str(card): value for card, value in solution.card_values.items()}


def test_trump_control_draw_trumps_first() -> None:
    # ♠ trumps. Drawing trumps (♠A, ♠K: the ♠QJ fall) leaves ♥AKQ good: all 5 tricks.
    # A heart lead is ruffed with ♠J; whatever the second hand leads next, the first hand wins
    # the rest (it ruffs a diamond or wins the trump lead, then draws the last trump): 4.
    solution = solve(CardSet.parse("♠AK ♥AKQ"), CardSet.parse("♠QJ ♦AKQ"), Strain.SPADES, 0)
    assert solution.player == 0
    assert solution.tricks == 5
    assert values(solution) == {"♠A": 5, "♠K": 5, "♥A": 4, "♥K": 4, "♥Q": 4}
    assert [str(card) for card in solution.best_cards] == ["♠K", "♠A"]


def test_the_same_cards_at_no_trump_cannot_be_ruffed() -> None:
    # At no trump the second hand's diamonds are never reached: the first hand keeps the lead.
    solution = solve(CardSet.parse("♠AK ♥AKQ"), CardSet.parse("♠QJ ♦AKQ"), Strain.NOTRUMP, 0)
    assert solution.tricks == 5
    assert set(values(solution).values()) == {5}


def test_winners_without_an_entry_are_squeezed_out() -> None:
    # ♥KQJ would set up after the ♥A goes, but the first hand never gets the lead back: the
    # second hand wins with an ace, then cashes its other ace and two diamonds while the first
    # hand, void in both, must throw its hearts. Every lead takes nothing.
    solution = solve(CardSet.parse("♥KQJ ♠2"), CardSet.parse("♥A ♠A ♦32"), Strain.NOTRUMP, 0)
    assert solution.tricks == 0
    assert set(values(solution).values()) == {0}


def test_forced_discards_cash_winners_first() -> None:
    # ♣A, ♣K: the second hand must throw two of ♠K ♥K ♦K and keeps ♠K, which then beats ♠Q: 2.
    # Leading ♠Q first loses to ♠K; the second hand leads ♥K and ♦K and the first hand, void,
    # has to throw both clubs: 0.
    solution = solve(CardSet.parse("♣AK ♠Q"), CardSet.parse("♠K ♥K ♦K"), Strain.NOTRUMP, 0)
    assert solution.tricks == 2
    assert values(solution) == {"♣A": 2, "♣K": 2, "♠Q": 0}


def test_second_hand_on_lead() -> None:
    # The same hands with the second hand to lead: ♥K and ♦K win (the first hand is void), and
    # ♠K last beats ♠Q if the first hand kept it. The clubs are never led to: 3 tricks.
    solution = solve(CardSet.parse("♣AK ♠Q"), CardSet.parse("♠K ♥K ♦K"), Strain.NOTRUMP, 1)
    assert solution.player == 1
    assert solution.tricks == 3


def test_follower_with_a_lead_on_the_table() -> None:
    # ♣2 is led from ♥K ♣2; the first hand, void in clubs, discards. Throwing ♥2 keeps ♥A over
    # the ♥K (1 trick); throwing ♥A lets ♥K win (0).
    solution = solve(CardSet.parse("♥A2"), CardSet.parse("♥K"), 4, 1, Card.parse("♣2"))
    assert solution.player == 0
    assert solution.tricks == 1
    assert values(solution) == {"♥2": 1, "♥A": 0}


def test_follower_must_follow_suit() -> None:
    # ♠5 led into ♠K2 ♥A: only spades are legal. ♠K wins and the first hand cashes ♥A, then
    # ♠2 loses to ♠A: 2 tricks. Ducking with ♠2 loses the trick to ♠5, and the leader's ♠A
    # then drops ♠K: only ♥A scores, 1 trick.
    solution = solve(
        CardSet.parse("♠K2 ♥A"), CardSet.parse("♠A ♥Q"), Strain.NOTRUMP, 1, Card.parse("♠5")
    )
    assert values(solution) == {"♠K": 2, "♠2": 1}
    assert solution.tricks == 2


def test_ruffing_in_a_trump_contract() -> None:
    # Hearts trumps: the second hand leads ♠A and the first hand, void in spades, ruffs with
    # ♥2 and cashes ♣A: 2 tricks. Discarding ♣A lets ♠A win; ♥2 then ruffs ♠K: 1 trick.
    solution = solve(
        CardSet.parse("♥2 ♣A"), CardSet.parse("♠K"), Strain.HEARTS, 1, Card.parse("♠A")
    )
    assert values(solution) == {"♣A": 1, "♥2": 2}


def test_empty_hands() -> None:
    solution = solve(CardSet(), CardSet(), Strain.NOTRUMP, 0)
    assert solution.tricks == 0
    assert solution.card_values == {}


def test_cards_outside_both_hands_take_no_part() -> None:
    # ♠Q is the top spade in play once ♠AK are elsewhere.
    assert solve_tricks(CardSet.parse("♠Q").mask, CardSet.parse("♠J").mask, 4) == 1
    assert solve_tricks(CardSet.parse("♠2").mask, CardSet.parse("♠3").mask, 4) == 0


def test_a_full_deal_solves_with_equal_sequences() -> None:
    # Each hand holds a whole suit and a half: at no trump the leader runs its long suit.
    first = CardSet.parse("♠AKQJ1098765432")
    second = CardSet.parse("♥AKQJ1098765432")
    assert solve(first, second, Strain.NOTRUMP, 0).tricks == 13
    assert solve(first, second, Strain.HEARTS, 0).tricks == 0
    raw = card_values_raw(first.mask, second.mask, Strain.HEARTS)
    assert raw == [(card_id, 0) for card_id in range(39, 52)]
