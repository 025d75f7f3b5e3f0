"""The double-dummy table and the cost of each card, against the solver's own answers and
positions worked out by hand."""

from __future__ import annotations

from helpers import call_all, draw_all, stock_for_hands
from hypothesis import given, settings
from hypothesis import strategies as st

from honeymoon.analysis import analyze_hand, analyze_tricks, trick_table
from honeymoon.cards import ALL_CARDS, Card, CardSet, Strain
from honeymoon.game import Game, Phase
from honeymoon.seats import Seat
from honeymoon.solver import card_values_raw, solve
from honeymoon.tricks import Trick

SOUTH = CardSet.parse("♠AKJ742 ♥AKQ7 ♦5 ♣K3")
EAST = CardSet.parse("♠5 ♥4 ♦QT9862 ♣A9842")


def test_table_is_the_solvers_answer_for_every_strain_and_leader() -> None:
    table = trick_table(SOUTH, EAST)
    for strain in Strain:
        for leader in Seat:
            hands = (SOUTH, EAST)
            on_lead = solve(hands[0], hands[1], strain, leader=int(leader)).tricks
            assert table.tricks(leader, strain, leader) == on_lead
            assert table.tricks(leader.other, strain, leader) == 13 - on_lead
        # Declarer's opponent leads unless told otherwise.
        assert table.tricks(Seat.SOUTH, strain) == table.tricks(Seat.SOUTH, strain, Seat.EAST)


def test_table_of_a_hand_worked_deal() -> None:
    # South holds every heart and every spade honour; East every club and diamond. In hearts
    # South ruffs East's minor-suit lead and draws no trumps (East has none): all 13 tricks.
    south = CardSet.parse("♠AKQJT98 ♥AKQJT9")
    east = CardSet.parse("♣AKQJT98 ♦AKQJT9")
    table = trick_table(south, east)
    assert table.tricks(Seat.SOUTH, Strain.HEARTS) == 13
    assert table.tricks(Seat.EAST, Strain.CLUBS) == 13
    # At no trump the player on lead runs its suits: the leader takes all 13.
    assert table.tricks(Seat.SOUTH, Strain.NOTRUMP, Seat.SOUTH) == 13
    assert table.tricks(Seat.SOUTH, Strain.NOTRUMP) == 0
    assert table.makeable_level(Seat.SOUTH, Strain.NOTRUMP) == 0
    assert table.makeable_level(Seat.SOUTH, Strain.SPADES) == 7


def test_a_planted_discard_of_a_winner_costs_a_trick_and_names_the_better_card() -> None:
    # No trump, South on lead with ♦A ♠2, East holds ♠A ♥2. South cashes ♦A; East, void, must
    # discard: throwing ♥2 keeps ♠A for the last trick (1 each); throwing ♠A (planted) makes
    # South's ♠2 good (South takes both). Leading ♠2 first would give East both tricks.
    hands = (CardSet.parse("♦A ♠2"), CardSet.parse("♠A ♥2"))
    tricks = [
        Trick(0, (Card.parse("DA"), Card.parse("SA")), 0),
        Trick(0, (Card.parse("S2"), Card.parse("H2")), 0),
    ]
    play = analyze_tricks(hands, Strain.NOTRUMP, tricks)
    lead, discard, second_lead, last = play.cards
    assert (lead.card, lead.cost, lead.best_cards) == (Card.parse("DA"), 0, (Card.parse("DA"),))
    assert lead.better is None
    assert discard.seat is Seat.EAST
    assert discard.cost == 1
    assert discard.better == Card.parse("H2")
    assert discard.best_cards == (Card.parse("H2"),)
    assert second_lead.cost == 0 and last.cost == 0
    assert play.start == (1, 1)
    assert play.taken == (2, 0)
    assert play.lost == (0, 1)
    assert play.complete
    assert [card.expected for card in play.cards] == [(1, 1), (1, 1), (2, 0), (2, 0)]


def test_a_planted_opening_lead_costs_a_trick_and_the_better_card_is_named() -> None:
    # No trump, South on lead with ♠AQ ♦2 against East's ♠K3 ♦A. Leading ♦2 first makes East
    # win ♦A and lead a spade into South's ♠AQ: South takes 2. Cashing ♠A (planted) leaves ♠Q
    # to lose to ♠K, and East's ♦A takes the last trick: South takes 1.
    hands = (CardSet.parse("♠AQ ♦2"), CardSet.parse("♠K3 ♦A"))
    values = {Card.from_id(c): v for c, v in card_values_raw(hands[0].mask, hands[1].mask, 4)}
    assert values == {Card.parse("D2"): 2, Card.parse("SQ"): 1, Card.parse("SA"): 1}
    tricks = [
        Trick(0, (Card.parse("SA"), Card.parse("S3")), 0),
        Trick(0, (Card.parse("SQ"), Card.parse("SK")), 1),
        Trick(1, (Card.parse("DA"), Card.parse("D2")), 1),
    ]
    play = analyze_tricks(hands, Strain.NOTRUMP, tricks)
    lead = play.cards[0]
    assert (lead.seat, lead.card, lead.cost) == (Seat.SOUTH, Card.parse("SA"), 1)
    # No spade is as good, so the better card is the one best card, ♦2.
    assert lead.better == Card.parse("D2")
    assert lead.best_cards == (Card.parse("D2"),)
    assert [card.cost for card in play.cards[1:]] == [0, 0, 0, 0, 0]
    assert play.start == (2, 1)
    assert play.taken == (1, 2)
    assert play.lost == (1, 0)
    assert play.costly == (lead,)


def test_the_better_card_is_of_the_suit_played_else_the_lowest_best_card() -> None:
    # No trump, South on lead. ♠J ♥A3 against ♠7 ♥4 ♣2: ♥A and ♠J both keep all three tricks
    # (East must follow twice, then cannot follow the last heart); ♥3 lets East win ♥4 and cash
    # ♣2: South takes one. The better card named is the heart, ♥A, though ♠J ranks lower.
    hands = (CardSet.parse("♠J ♥A3"), CardSet.parse("♠7 ♥4 ♣2"))
    trick = Trick(0, (Card.parse("H3"), Card.parse("H4")), 1)
    first = analyze_tricks(hands, Strain.NOTRUMP, [trick]).cards[0]
    assert first.cost == 2
    assert set(first.best_cards) == {Card.parse("HA"), Card.parse("SJ")}
    assert first.better == Card.parse("HA")
    # ♠K ♦2 ♣8 against ♥7 ♦K ♣3: ♣8 or ♠K first keeps two tricks; ♦2 lets East win ♦K and
    # cash ♥7: one. No diamond is as good, so the lowest best card is named: ♣8, not ♠K.
    hands = (CardSet.parse("♠K ♦2 ♣8"), CardSet.parse("♥7 ♦K ♣3"))
    trick = Trick(0, (Card.parse("D2"), Card.parse("DK")), 1)
    first = analyze_tricks(hands, Strain.NOTRUMP, [trick]).cards[0]
    assert first.cost == 1
    assert set(first.best_cards) == {Card.parse("C8"), Card.parse("SK")}
    assert first.better == Card.parse("C8")


def _deal(data: st.DataObject) -> tuple[CardSet, CardSet]:
    cards = data.draw(st.permutations(ALL_CARDS), label="deck")
    return CardSet.of(cards[:13]), CardSet.of(cards[13:26])


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_table_agrees_with_the_solver_on_any_deal(data: st.DataObject) -> None:
    south, east = _deal(data)
    table = trick_table(south, east)
    strain = data.draw(st.sampled_from(list(Strain)), label="strain")
    leader = data.draw(st.sampled_from(list(Seat)), label="leader")
    expected = solve(south, east, strain, leader=int(leader)).tricks
    assert table.tricks(leader, strain, leader) == expected
    assert table.tricks(Seat.SOUTH, strain, leader) + table.tricks(Seat.EAST, strain, leader) == 13


def _game_with_contract(data: st.DataObject, south: CardSet, east: CardSet) -> tuple[Game, Seat]:
    # South deals, so East draws first and calls first (Draw and Discard Bridge).
    stock, actions = stock_for_hands(list(east), list(south))
    game = Game(stocks=[stock], first_dealer=Seat.SOUTH, seed=1)
    draw_all(game, actions)
    assert game.hand(Seat.SOUTH) == south
    level = data.draw(st.integers(1, 3), label="level")
    strain = data.draw(st.sampled_from("CDHS") | st.just("NT"), label="strain")
    call_all(game, [f"{level}{strain}", "pass"])
    declarer = game.declarer
    assert declarer is Seat.EAST and game.phase is Phase.PLAY
    return game, declarer


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_every_cost_moves_the_double_dummy_result_by_exactly_that_much(
    data: st.DataObject,
) -> None:
    # Whatever is played, each card's cost is the solver's best value minus the card's value,
    # and the tricks taken are the double-dummy result from the opening lead moved by every
    # cost: taken = start - own losses + the opponent's.
    south, east = _deal(data)
    game, declarer = _game_with_contract(data, south, east)
    cards_to_play = data.draw(st.integers(0, 26), label="cards")
    for _ in range(cards_to_play):
        game.apply(data.draw(st.sampled_from(game.legal_actions()), label="card"))
    hand = analyze_hand(game, 0, drawing=False)
    play = hand.play
    assert play is not None and hand.table is not None
    assert len(play.cards) == cards_to_play
    contract = game.hand_log(0).contract
    assert contract is not None
    assert play.start[declarer] == hand.table.tricks(declarer, contract.strain)
    for card in play.cards:
        assert card.cost >= 0
        assert (card.cost == 0) == (card.card in card.best_cards)
        assert (card.better is None) == (card.cost == 0)
        if card.better is not None:
            assert card.better in card.best_cards
            same_suit = [c for c in card.best_cards if c.suit == card.card.suit]
            if same_suit:
                assert card.better.suit == card.card.suit
        assert sum(card.expected) == 13
    if play.complete:
        for seat in Seat:
            assert play.taken[seat] == play.start[seat] - play.lost[seat] + play.lost[seat.other]
    # Each expected result follows from the previous card's value: best play keeps it, and a
    # costly card moves it by its cost against the player who played it.
    for before, after in zip(play.cards, play.cards[1:], strict=False):
        moved = list(before.expected)
        moved[before.seat] -= before.cost
        moved[before.seat.other] += before.cost
        assert tuple(moved) == after.expected
