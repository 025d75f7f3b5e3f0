"""The game state machine for the default profile, Draw and Discard Bridge (RULES.md 2)."""

from __future__ import annotations

import hashlib
import random

import pytest
from helpers import (
    DrawStep,
    call_all,
    cards,
    draw_all,
    play_randomly,
    snapshot,
    stock_for_hands,
)

from honeymoon.actions import KEEP, PASS, REJECT, action_of
from honeymoon.auction import Call, Contract
from honeymoon.cards import ALL_CARDS, Card, CardSet
from honeymoon.engines import new_game
from honeymoon.errors import HoneymoonError, IllegalActionError, NotationError
from honeymoon.game import Game, Phase, shuffled_stock
from honeymoon.rules import DEFAULT_RULES
from honeymoon.scoring import Line
from honeymoon.seats import Seat
from honeymoon.views import view_for

SOUTH, EAST = Seat.SOUTH, Seat.EAST


def refuse(game: Game, action: int | Card | Call, seat: Seat | None = None) -> str:
    """Apply an action that must be refused; check nothing changed; return the error code."""
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action, seat)
    assert snapshot(game) == before
    assert not game.is_legal(action, seat)
    return caught.value.code


def game_after_drawing(
    non_dealer: str, dealer: str, dealer_seat: Seat = SOUTH, **options: bool
) -> Game:
    """A game whose first hand gives the players these hands, drawn and ready to call."""
    stock, draws = stock_for_hands(cards(non_dealer), cards(dealer))
    rules = DEFAULT_RULES.with_options(**options) if options else DEFAULT_RULES
    game = new_game(rules, stocks=[stock], first_dealer=dealer_seat, seed=1)
    draw_all(game, draws)
    return game


# -- drawing -----------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [SOUTH, EAST])
def test_non_dealer_draws_first_then_turns_alternate(dealer: Seat) -> None:
    game = Game(seed=5, first_dealer=dealer)
    assert game.phase is Phase.DRAWING and game.dealer is dealer
    drawers = []
    rng = random.Random(1)
    while game.phase is Phase.DRAWING:
        drawers.append(game.to_act)
        assert game.legal_actions() == (KEEP, REJECT)
        game.apply(rng.choice((KEEP, REJECT)), game.to_act)
    assert drawers == [dealer.other, dealer] * 13
    assert len(game.hand(SOUTH)) == len(game.hand(EAST)) == 13
    assert len(game.discards(SOUTH)) == len(game.discards(EAST)) == 13
    assert game.stock_remaining == 0
    everything = game.hand(SOUTH) | game.hand(EAST) | game.discards(SOUTH) | game.discards(EAST)
    assert everything == CardSet.full_deck()


def test_keep_takes_the_top_card_and_discards_the_next() -> None:
    stock = list(range(52))  # top card ♣2, then ♣3, ♣4 …
    game = Game(stocks=[stock], first_dealer=SOUTH)
    assert game.to_act is EAST and game.looking_at() == Card.parse("C2")
    game.apply(KEEP, EAST)
    assert game.hand(EAST) == CardSet.parse("♣2")
    assert game.discards(EAST) == CardSet.parse("♣3")
    assert game.stock_remaining == 50
    assert game.to_act is SOUTH and game.looking_at() == Card.parse("C4")
    game.apply(REJECT, SOUTH)
    assert game.hand(SOUTH) == CardSet.parse("♣5")
    assert game.discards(SOUTH) == CardSet.parse("♣4")
    assert game.hand(EAST) == CardSet.parse("♣2")  # the opponent never takes a rejected card
    assert game.stock_remaining == 48


def test_reject_discards_the_top_card_and_keeps_the_next() -> None:
    stock = list(reversed(range(52)))  # top card ♠A, then ♠K
    game = Game(stocks=[stock], first_dealer=EAST)
    assert game.to_act is SOUTH
    game.apply(REJECT, SOUTH)
    assert game.hand(SOUTH) == CardSet.parse("♠K")
    assert game.discards(SOUTH) == CardSet.parse("♠A")
    assert Card.parse("SA") not in game.hand(SOUTH)


def test_the_auction_follows_the_drawing() -> None:
    game = Game(seed=3, first_dealer=EAST)
    draw_all(game, [KEEP] * 26)
    assert game.phase is Phase.AUCTION
    assert game.first_caller is SOUTH and game.to_act is SOUTH  # non-dealer calls first
    assert game.looking_at() is None
    assert game.legal_actions()[0] == PASS and len(game.legal_actions()) == 36


# -- the auction in the game -----------------------------------------------------------------


def test_defender_leads_and_the_winner_leads_next() -> None:
    game = game_after_drawing(
        non_dealer="♠A ♣AKQJ109876543",  # East: the ace of spades and twelve clubs
        dealer="♥2 ♠KQJ1098765432",  # South: a heart and twelve spades
        dealer_seat=SOUTH,
    )
    call_all(game, ["pass", "1H", "pass"])  # East passes, South bids 1♥, East passes
    assert game.phase is Phase.PLAY
    assert game.contract == Contract.parse("1H") and game.declarer is SOUTH
    assert game.to_act is EAST  # the defender leads
    trumped = game.clone()
    # East leads ♣3; South, void in clubs, trumps with ♥2 and wins, then leads
    trumped.apply(Card.parse("C3"), EAST)
    assert set(trumped.legal_actions()) == {c.id for c in trumped.hand(SOUTH)}  # void: any card
    trumped.apply(Card.parse("H2"), SOUTH)
    assert trumped.completed_tricks[-1].winner == SOUTH
    assert trumped.tricks_won == (1, 0) and trumped.to_act is SOUTH
    assert trumped.current_trick is not None and trumped.current_trick.leader == SOUTH
    # South discards the spade king on ♣3 instead: a card of another non-trump suit never wins
    game.apply(Card.parse("C3"), EAST)
    game.apply(Card.parse("SK"), SOUTH)
    assert game.completed_tricks[-1].winner == EAST
    assert game.tricks_won == (0, 1) and game.to_act is EAST
    # East leads the spade ace: South must follow with a spade
    game.apply(Card.parse("SA"), EAST)
    assert set(game.legal_actions()) == {c.id for c in game.hand(SOUTH).suit(3)}
    assert refuse(game, Card.parse("H2")) == "must_follow_suit"


def test_play_errors() -> None:
    game = game_after_drawing("♠AKQJ ♥AKQJ ♦AKQJ ♣A", "♠2345 ♥2345 ♦2345 ♣2", dealer_seat=SOUTH)
    call_all(game, ["1NT", "pass"])
    assert game.declarer is EAST and game.to_act is SOUTH
    assert refuse(game, Card.parse("SA")) == "card_not_in_hand"
    assert refuse(game, Card.parse("S2"), EAST) == "not_your_turn"
    assert refuse(game, PASS) == "wrong_phase"  # a call during play
    assert refuse(game, KEEP) == "wrong_phase"  # drawing during play
    assert refuse(game, REJECT) == "wrong_phase"
    assert refuse(game, 92) == "unknown_action"
    assert refuse(game, -1) == "unknown_action"
    game.apply(Card.parse("H2"), SOUTH)
    assert refuse(game, Card.parse("SA"), EAST) == "must_follow_suit"
    assert refuse(game, Card.parse("H3"), EAST) == "card_not_in_hand"
    with pytest.raises(IllegalActionError, match="you must follow suit: ♥ was led"):
        game.apply(Card.parse("CA").id)
    game.apply(Card.parse("HA"), EAST)
    assert game.tricks_won == (0, 1)


def test_auction_errors_in_the_game() -> None:
    game = Game(seed=11, first_dealer=SOUTH)
    assert refuse(game, Card.parse("SA")) == "wrong_phase"  # a card while drawing
    assert refuse(game, PASS) == "wrong_phase"  # a call while drawing
    assert refuse(game, KEEP, SOUTH) == "not_your_turn"
    assert refuse(game, 1000) == "unknown_action"
    draw_all(game, [REJECT] * 26)
    assert game.to_act is EAST
    assert refuse(game, Card.parse("SA")) == "wrong_phase"  # a card during the auction
    assert refuse(game, KEEP) == "wrong_phase"
    assert refuse(game, Call.parse("1C"), SOUTH) == "not_your_turn"
    assert refuse(game, Call.parse("X")) == "cannot_double"
    assert refuse(game, Call.parse("XX")) == "cannot_redouble"
    call_all(game, ["2H"])
    assert refuse(game, Call.parse("2D")) == "bid_too_low"
    assert refuse(game, Call.parse("XX")) == "cannot_redouble"
    call_all(game, ["X"])
    assert refuse(game, Call.parse("X")) == "cannot_double"
    call_all(game, ["XX", "pass"])
    assert game.contract == Contract.parse("2HXX") and game.declarer is EAST
    assert game.phase is Phase.PLAY and game.to_act is SOUTH


def test_illegal_action_error_takes_message_then_code_like_every_error() -> None:
    error = IllegalActionError("it is East's turn, not South's", "not_your_turn")
    base = HoneymoonError("it is East's turn, not South's", "not_your_turn")
    assert (error.message, error.code) == (base.message, base.code)
    assert error.message == str(error) == "it is East's turn, not South's"
    # The engine's own errors put their code and message in those places.
    game = Game(seed=2, first_dealer=SOUTH)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(PASS)
    assert caught.value.code == "wrong_phase" and " " in caught.value.message
    draw_all(game, [KEEP] * 26)
    call_all(game, ["1H"])
    with pytest.raises(IllegalActionError) as caught:
        game.apply(Call.parse("1C"))
    assert caught.value.code == "bid_too_low" and "1♣" in caught.value.message


@pytest.mark.parametrize("action", ["keep", "SA", 1.0, None, True, b"\x00", [0]])
def test_an_action_that_is_not_a_number_card_or_call_is_refused_with_a_code(
    action: object,
) -> None:
    game = Game(seed=3, first_dealer=SOUTH)
    assert refuse(game, action) == "not_an_action"  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="parse_action"):
        game.check(action)  # type: ignore[arg-type]
    assert not game.is_legal(action)  # type: ignore[arg-type]
    game.apply(KEEP)  # the game goes on


def test_error_messages_name_whose_turn_it_is() -> None:
    game = Game(seed=2, first_dealer=SOUTH)
    with pytest.raises(IllegalActionError, match="it is East's turn, not South's"):
        game.apply(KEEP, SOUTH)


def test_game_over_refuses_everything() -> None:
    game = Game(seed=4)
    play_randomly(game, random.Random(4))
    assert game.is_over and game.phase is Phase.COMPLETE and game.to_act is None
    assert game.legal_actions() == ()
    for action in (KEEP, PASS, 0, 51, 89, 92):
        assert refuse(game, action) == "game_over"
    with pytest.raises(NotationError):
        game.parse_action("keep")


# -- hands, dealers and chance ----------------------------------------------------------------


def test_a_passed_out_hand_scores_nothing_and_the_deal_passes() -> None:
    game = Game(seed=21, first_dealer=SOUTH)
    first_stock = game.stock_for_hand(0)
    draw_all(game, [KEEP] * 26)
    call_all(game, ["pass", "pass"])
    assert game.hand_number == 1 and game.dealer is EAST
    assert game.phase is Phase.DRAWING and game.to_act is SOUTH  # the new non-dealer draws
    assert game.score_sheet.entries == () and game.score_sheet.totals == (0, 0)
    assert game.stock_remaining == 52 and game.actions == ()
    assert len(game.hand(SOUTH)) == len(game.hand(EAST)) == 0
    assert game.stock_for_hand(1) != first_stock  # a new shuffle
    (history,) = game.history
    assert history.result.passed_out and history.result.score is None
    assert history.dealer is SOUTH and history.stock == first_stock
    assert history.actions == (KEEP,) * 26 + (PASS, PASS)
    assert history.result.passed_out and not history.result.made
    # the deal passes again after the next hand
    draw_all(game, [REJECT] * 26)
    call_all(game, ["pass", "pass"])
    assert game.dealer is SOUTH and game.hand_number == 2


def test_dealer_alternates_after_played_hands() -> None:
    game = Game(seed=8, first_dealer=EAST)
    rng = random.Random(8)
    dealers = [game.dealer]
    while not game.is_over:
        number = game.hand_number
        while game.hand_number == number and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            dealers.append(game.dealer)
    assert all(a is not b for a, b in zip(dealers, dealers[1:], strict=False))
    assert [h.dealer for h in game.history] == dealers


def test_explicit_stocks_give_those_cards() -> None:
    first = list(range(52))
    second = [c.id for c in reversed(ALL_CARDS)]
    game = Game(stocks=[first, [Card.from_id(c) for c in second]], first_dealer=SOUTH)
    assert game.stock_for_hand(0) == tuple(first)
    assert game.stock_for_hand(1) == tuple(second)
    assert game.looking_at() == Card.from_id(first[0])
    draw_all(game, [KEEP] * 26)
    # East kept the first card of each of its turns: cards 0, 4, 8, …
    assert game.hand(EAST) == CardSet.from_ids(range(0, 52, 4))
    assert game.discards(EAST) == CardSet.from_ids(range(1, 52, 4))
    assert game.hand(SOUTH) == CardSet.from_ids(range(2, 52, 4))
    call_all(game, ["pass", "pass"])
    assert game.looking_at() == Card.parse("SA")  # hand 2 takes the second stock
    assert game.stock_for_hand(2) == shuffled_stock(game.seed, 2)  # and then the seed


@pytest.mark.parametrize("stock", [list(range(51)), [0] * 52, [*range(51), 51, 0]])
def test_a_stock_must_be_the_52_cards(stock: list[int]) -> None:
    with pytest.raises(NotationError, match="stock 1"):
        Game(stocks=[stock])


def test_the_same_seed_gives_the_same_game() -> None:
    games = [Game(seed=1234) for _ in range(3)] + [Game(seed=1235)]
    for game in games:
        play_randomly(game, random.Random(99), max_actions=400)
    first, again, third, other = games
    assert first.first_dealer == again.first_dealer == third.first_dealer
    assert [h.stock for h in first.history] == [h.stock for h in again.history]
    assert [h.actions for h in first.history] == [h.actions for h in again.history]
    assert first.score_sheet == again.score_sheet
    assert snapshot(first) == snapshot(again)
    assert shuffled_stock(1234, 0) == shuffled_stock(1234, 0) != shuffled_stock(1235, 0)
    assert shuffled_stock(1234, 0) != shuffled_stock(1234, 1)
    assert other.stock_for_hand(0) != first.stock_for_hand(0)
    assert sorted(shuffled_stock("text seed", 3)) == list(range(52))


def _fisher_yates(seed: int | str, hand_number: int) -> tuple[int, ...]:
    # The documented shuffle, one division at a time.
    digest = hashlib.blake2b(f"honeymoon:{seed}:{hand_number}".encode(), digest_size=48).digest()
    bits = int.from_bytes(digest, "big")
    order = list(range(52))
    for top in range(51, 0, -1):
        bits, pick = divmod(bits, top + 1)
        order[top], order[pick] = order[pick], order[top]
    return tuple(order)


@pytest.mark.parametrize("seed", [0, 1, 7, 2**64 - 1, "a", "rubber-9", "ü"])
def test_the_shuffle_is_the_documented_fisher_yates(seed: int | str) -> None:
    for hand_number in range(40):
        assert shuffled_stock(seed, hand_number) == _fisher_yates(seed, hand_number)


def test_without_a_seed_games_differ() -> None:
    assert Game().seed != Game().seed


def test_clone_is_independent() -> None:
    game = Game(seed=77)
    rng = random.Random(77)
    play_randomly(game, rng, max_actions=80)  # somewhere in the auction or the play
    before = snapshot(game)
    clone = game.clone()
    assert snapshot(clone) == before
    play_randomly(clone, random.Random(1), max_actions=200)
    assert snapshot(game) == before
    assert snapshot(clone) != before
    # and the original still plays on by itself
    play_randomly(game, random.Random(2), max_actions=50)
    assert snapshot(game) != before


def test_apply_takes_cards_calls_and_numbers() -> None:
    game = game_after_drawing("♠AKQJ ♥AKQJ ♦AKQJ ♣A", "♠2345 ♥2345 ♦2345 ♣2")
    game.apply(Call.parse("1S"))
    game.apply(Call.parse("pass").action)
    game.apply(Card.parse("S2"))
    game.apply(action_of(Card.parse("SA")))
    assert game.tricks_won == (0, 1)
    with pytest.raises(IllegalActionError) as caught:
        game.apply("SA")  # type: ignore[arg-type]
    assert caught.value.code == "not_an_action"


def test_parse_action_per_phase() -> None:
    game = Game(seed=3)
    assert game.parse_action("keep") == KEEP and game.parse_action("R") == REJECT
    with pytest.raises(NotationError, match="'3NT'.*keep"):
        game.parse_action("3NT")
    draw_all(game, [KEEP] * 26)
    assert game.parse_action("3nt") == Call.parse("3NT").action
    with pytest.raises(NotationError):
        game.parse_action("keep")
    call_all(game, ["1C", "pass"])
    assert game.parse_action("10h") == Card.parse("H10").id


# -- scoring in the game ---------------------------------------------------------------------


def test_honours_are_scored_only_when_asked_for() -> None:
    for honours in (False, True):
        game = game_after_drawing(
            "♣AKQJ1098765432", "♠AKQJ1098765432", dealer_seat=SOUTH, honours=honours
        )
        call_all(game, ["1C", "pass"])
        while game.phase is Phase.PLAY and game.hand_number == 0:
            game.apply(game.legal_actions()[0])
        sheet = game.score_sheet
        assert game.history[0].result.declarer_tricks == 13  # East trumps every trick
        honour_entries = [e for e in sheet.entries if e.reason == "honours"]
        if honours:
            assert [(e.seat, e.points) for e in honour_entries] == [(EAST, 150)]
            assert game.history[0].result.honours == (0, 150)
        else:
            assert honour_entries == []
        assert sheet.above(EAST) == 120 + (150 if honours else 0)
        assert sheet.progress == (0, 20)


def test_a_defeated_contract_scores_for_the_defender_by_declarers_vulnerability() -> None:
    # East holds every trump and wins all 13 tricks against South's 7♣ doubled, twice:
    # first South is not vulnerable, then (after South wins a game) vulnerable.
    south_wins = stock_for_hands(cards("♠AKQJ1098765432"), cards("♥AKQJ1098765432"))[0]
    east_trumps = stock_for_hands(cards("♣AKQJ1098765432"), cards("♠AKQJ1098765432"))[0]
    game = Game(stocks=[east_trumps, south_wins, east_trumps], first_dealer=SOUTH)

    def play_hand(calls: list[str]) -> None:
        draw_all(game, [KEEP] * 26)
        call_all(game, calls)
        number = game.hand_number
        while game.hand_number == number:
            game.apply(game.legal_actions()[0])

    play_hand(["pass", "7C", "X", "pass"])  # South (dealer) declares 7♣X; East ruffs everything
    assert game.history[-1].result.declarer_tricks == 0
    assert game.score_sheet.above(EAST) == 3500  # 100 + 400 + 300 * 10
    play_hand(["7S", "pass"])  # South, non-dealer now, makes 7♠ with all the spades
    assert game.score_sheet.games == (1, 0) and game.score_sheet.vulnerable(SOUTH)
    play_hand(["pass", "7C", "X", "pass"])
    assert game.score_sheet.above(EAST) == 3500 + 3800  # vulnerable: 200 + 300 * 12


# -- the worked example of RULES.md section 2 -------------------------------------------------

A_HAND = "♠2 ♥AKQJ10987 ♦AKQ ♣A"  # A is South, the non-dealer
B_HAND = "♠AKQJ10 ♥65 ♦J108 ♣KQJ"  # B is East, the dealer


def worked_example() -> Game:
    """Hand 1: East makes 1♣ (a part score); hand 2 is the worked example, South as A."""
    part_score = stock_for_hands(cards("♣AKQJ1098765432"), cards("♠AKQJ1098765432"))[0]
    example, _ = stock_for_hands(
        cards(A_HAND),
        cards(B_HAND),
        first_turns=[
            DrawStep(kept=Card.parse("HQ"), discarded=Card.parse("C4"), keep_top=False),
            DrawStep(kept=Card.parse("SA"), discarded=Card.parse("D9"), keep_top=True),
        ],
    )
    return Game(stocks=[part_score, example], first_dealer=SOUTH)


def test_the_worked_example() -> None:
    game = worked_example()
    # A first hand in which East scores a part score of 20 (1♣ with 13 tricks).
    draw_all(game, [KEEP] * 26)
    call_all(game, ["1C", "pass"])
    while game.hand_number == 0:
        game.apply(game.legal_actions()[0])
    assert game.score_sheet.progress == (0, 20)

    # Hand 2: East deals, so South (A) draws first.
    assert game.dealer is EAST and game.to_act is SOUTH
    a_view = view_for(game, SOUTH)
    assert a_view.looking_at == Card.parse("C4")
    game.apply(REJECT, SOUTH)  # A rejects 4♣ and must keep the next card, Q♥
    assert game.hand(SOUTH) == CardSet.parse("♥Q")
    assert game.discards(SOUTH) == CardSet.parse("♣4")
    assert view_for(game, SOUTH).draws[0].kept == Card.parse("HQ")
    assert view_for(game, SOUTH).draws[0].discarded == Card.parse("C4")
    # B sees A♠, not the rejected 4♣: there is no way to give 4♣ to B
    assert view_for(game, EAST).looking_at == Card.parse("SA")
    assert game.legal_actions() == (KEEP, REJECT)
    game.apply(KEEP, EAST)  # B keeps A♠ and must discard the next card, 9♦
    assert game.hand(EAST) == CardSet.parse("♠A")
    assert game.discards(EAST) == CardSet.parse("♦9")
    assert view_for(game, EAST).draws[0].kept_first
    # The other turns keep the cards the example needs.
    draw_all(game, [KEEP] * 24)
    assert game.hand(SOUTH) == CardSet.parse(A_HAND)
    assert game.hand(EAST) == CardSet.parse(B_HAND)
    assert Card.parse("C4") in game.discards(SOUTH)
    assert Card.parse("D9") in game.discards(EAST)

    # Later A bids 3NT and B passes.
    assert game.to_act is SOUTH
    call_all(game, ["3NT", "pass"])
    assert game.contract == Contract.parse("3NT") and game.declarer is SOUTH

    # B leads K♣; A, holding A♣, must follow and wins.
    assert game.to_act is EAST
    game.apply(Card.parse("CK"), EAST)
    assert game.legal_actions() == (Card.parse("CA").id,)
    assert refuse(game, Card.parse("HA"), SOUTH) == "must_follow_suit"
    game.apply(Card.parse("CA"), SOUTH)
    assert game.completed_tricks[0].winner == SOUTH and game.to_act is SOUTH

    # A runs the hearts; B follows twice, then discards.
    b_cards = ["H6", "H5", "CQ", "CJ", "D8", "D10", "DJ", "S10"]
    for a_card, b_card in zip(cards("♥AKQJ10987"), b_cards, strict=True):
        game.apply(a_card, SOUTH)
        game.apply(Card.parse(b_card), EAST)
    game.apply(Card.parse("DA"), SOUTH)
    game.apply(Card.parse("SJ"), EAST)
    assert game.tricks_won == (10, 0)
    # A gives up the rest: ♠2 to B's ace, then B's spades win.
    for card, seat in [("S2", SOUTH), ("SA", EAST), ("SK", EAST), ("DK", SOUTH)]:
        game.apply(Card.parse(card), seat)
    game.apply(Card.parse("SQ"), EAST)
    game.apply(Card.parse("DQ"), SOUTH)

    # A ends with 10 tricks: 40 + 30 + 30 = 100 below and 30 above.
    result = game.history[-1].result
    assert result.declarer is SOUTH and result.declarer_tricks == 10
    assert result.score is not None
    assert (result.score.declarer_below, result.score.declarer_above) == (100, 30)
    assert result.made
    sheet = game.score_sheet
    hand_entries = [(e.seat, e.line, e.points) for e in sheet.entries if e.hand == 1]
    assert hand_entries == [(SOUTH, Line.BELOW, 100), (SOUTH, Line.ABOVE, 30)]
    # A wins a game and becomes vulnerable; both players' progress restarts at 0.
    assert sheet.games == (1, 0) and sheet.game_winners == (SOUTH,)
    assert sheet.vulnerable(SOUTH) and not sheet.vulnerable(EAST)
    assert sheet.progress == (0, 0)
    assert sheet.below(EAST) == 20  # East's part score stays in the totals
    assert not sheet.is_complete
    # No separate game bonus: South has exactly the 100 and the 30.
    assert sheet.total(SOUTH) == 130
    assert game.hand_number == 2 and game.dealer is SOUTH and game.phase is Phase.DRAWING


def test_restock_deals_the_hand_again_before_its_first_action() -> None:
    from honeymoon.rules import MEMORY_BRIDGE

    game = new_game(MEMORY_BRIDGE, seed=4, first_dealer=0)
    assert isinstance(game, Game)
    stock = list(range(52))
    game.restock(stock)
    # Non-dealer (East) is dealt first: the even places.
    assert game.hand(Seat.EAST).mask == CardSet.from_ids(stock[0:26:2]).mask
    assert game.stock_for_hand(0) == tuple(stock)
    # The same as a game made on that stock.
    twin = new_game(MEMORY_BRIDGE, seed=4, stocks=[stock], first_dealer=0)
    assert view_for(game, Seat.SOUTH) == view_for(twin, Seat.SOUTH)


def test_restock_after_the_first_action_changes_only_the_places_not_used() -> None:
    game = Game(seed=5, first_dealer=0)
    game.apply(KEEP)
    game.apply(REJECT)
    used = list(game.stock_for_hand(0)[: 52 - game.stock_remaining])
    assert used
    rest = sorted(set(range(52)) - set(used))
    game.restock(used + rest)
    assert game.stock_for_hand(0) == tuple(used + rest)
    with pytest.raises(IllegalActionError) as refused:
        game.restock(list(reversed(used)) + rest)
    assert refused.value.code == "stock_in_use"
    with pytest.raises(NotationError) as bad:
        game.restock([0] * 52)
    assert bad.value.code == "bad_stock"


def test_the_rubber_bonus_is_looked_up_once_a_rubber_not_once_a_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Looking it up reads every entry of the sheet: once a hand, a long rubber is quadratic.
    from honeymoon.scoring import ScoreSheet

    looked_up: list[int] = []
    lookup = ScoreSheet.rubber_bonus
    monkeypatch.setattr(
        ScoreSheet,
        "rubber_bonus",
        lambda sheet, hand: looked_up.append(hand) or lookup(sheet, hand),
    )
    game = Game(seed=5)
    chooser = random.Random(5)
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions()))
    played = [h for h in game.history if h.result.contract is not None]
    assert len(played) > 1
    assert looked_up == [game.history[-1].number]
    assert game.history[-1].result.rubber_bonus in (500, 700)
    assert all(h.result.rubber_bonus == 0 for h in game.history[:-1])
