"""The beginner (the ``easy`` level): sensible bids, simple play, a few mistakes, never random."""

from __future__ import annotations

import pytest
from helpers import call_all, cards, draw_all, stock_for_hands

from honeymoon.actions import KEEP, REJECT
from honeymoon.auction import DOUBLE, PASS, REDOUBLE, Call
from honeymoon.bots import NoviceBot, make_bot
from honeymoon.bots.advice import Reason
from honeymoon.bots.novice import novice_tricks
from honeymoon.cards import Card, Suit
from honeymoon.game import Game, Phase
from honeymoon.rules import VARIANTS
from honeymoon.seats import Seat
from honeymoon.views import view_for


def _game_with_hands(east: str, south: str, calls: list[str]) -> Game:
    stock, draws = stock_for_hands(cards(east), cards(south))
    game = Game(stocks=[stock], first_dealer=Seat.SOUTH)  # East draws and calls first
    draw_all(game, draws)
    call_all(game, calls)
    return game


STRONG = "♠AKQJ1087 ♥AK2 ♦A3 ♣2"
WEAK = "♠65 ♥J9876 ♦9876 ♣J9"


def test_it_opens_with_values_and_passes_when_weak() -> None:
    game = _game_with_hands(east=WEAK, south=STRONG, calls=[])
    bot = NoviceBot(1, mistake_rate=0.0)
    advice = bot.advise(view_for(game, Seat.EAST))
    assert advice.action == PASS and advice.code is Reason.PASS_WEAK
    game.apply(PASS, Seat.EAST)
    advice = bot.advise(view_for(game, Seat.SOUTH))
    call = Call(advice.action)
    # 21 points and seven spades: it counts 9.9 tricks, so it bids the spade game at once.
    assert str(call) == "4♠", advice
    assert advice.code is Reason.BID
    assert (advice.figures.points, advice.figures.suit, advice.figures.length) == (
        21,
        Suit.SPADES,
        7,
    )


def test_it_competes_in_its_suit_up_to_its_count_and_no_further() -> None:
    south = "♠AQJ1087 ♥K2 ♦A3 ♣Q32"  # 16 points, six spades: counts 8.6 tricks
    east = "♠2 ♥AQJ1098 ♦KQ4 ♣AK4"
    game = _game_with_hands(east=east, south=south, calls=["1H"])
    bot = NoviceBot(1, mistake_rate=0.0)
    assert str(Call(bot.act(view_for(game, Seat.SOUTH)))) == "1♠"
    game = _game_with_hands(east=east, south=south, calls=["4H"])
    assert bot.act(view_for(game, Seat.SOUTH)) == PASS  # 4♠ needs ten tricks: too high


def test_its_bids_follow_its_count_and_a_mistake_is_one_level_at_most() -> None:
    """Never random: every bid is within one level of what its count says, slams only with
    twelve tricks counted, and it never redoubles."""
    bids = 0
    for seed in range(150):
        game = Game(seed=f"novice:{seed}", first_dealer=Seat.SOUTH)
        bots = {Seat.SOUTH: make_bot("easy", seed), Seat.EAST: make_bot("medium", seed)}
        # to the end of the auction (the play has no bid to check)
        while not game.history and game.phase is not Phase.PLAY:
            seat = game.to_act
            assert seat is not None
            view = view_for(game, seat)
            action = bots[seat].act(view)
            if seat is Seat.SOUTH and view.phase is Phase.AUCTION:
                assert action != REDOUBLE
                call = Call(action)
                if call.level is not None:
                    bids += 1
                    assert call.strain is not None
                    count = novice_tricks(view.hand.mask)[int(call.strain)]
                    assert call.level <= int(count + 0.3) - 6 + 1, (seed, str(call), count)
                    assert call.level < 6 or count >= 12
            game.apply(action, seat)
    assert bids > 50


def test_it_makes_some_mistakes_but_not_many() -> None:
    decisions = mistakes = 0
    for seed in range(30):
        game = Game(seed=f"mistakes:{seed}", first_dealer=Seat.SOUTH)
        careless = NoviceBot(seed)
        careful = NoviceBot(seed, mistake_rate=0.0)
        while not game.history:
            seat = game.to_act
            assert seat is not None
            view = view_for(game, seat)
            action = careless.act(view)
            decisions += 1
            mistakes += action != careful.act(view)
            game.apply(action, seat)
    assert 0.01 * decisions < mistakes < 0.12 * decisions


def test_it_keeps_high_cards_and_length_and_lets_low_cards_go() -> None:
    bot = NoviceBot(0, mistake_rate=0.0)
    seen = set()
    for seed in range(20):
        game = Game(seed=seed, first_dealer=Seat.SOUTH)
        while game.phase is Phase.DRAWING:
            seat = game.to_act
            assert seat is not None
            view = view_for(game, seat)
            top = view.looking_at
            assert top is not None
            action = bot.act(view)
            if REJECT in view.legal_actions:
                expected = int(top.rank) >= 11 or view.hand.count(top.suit) >= 3
                assert (action == KEEP) == expected, (str(top), str(view.hand))
                seen.add(action)
            game.apply(action, seat)
    assert seen == {KEEP, REJECT}


def test_it_follows_low_and_wins_cheaply() -> None:
    game = _game_with_hands(
        east="♠AKQ2 ♥AKQ2 ♦AKQ2 ♣A",
        south="♠J1098 ♥J1098 ♦J1098 ♣K",
        calls=["1NT", "pass"],
    )
    game.apply(Card.parse("SJ").id, Seat.SOUTH)
    bot = NoviceBot(1, mistake_rate=0.0)
    advice = bot.advise(view_for(game, Seat.EAST))
    assert advice.action == Card.parse("SQ").id and advice.code is Reason.WIN_CHEAPLY
    game.apply(advice.action, Seat.EAST)
    game.apply(Card.parse("SA").id, Seat.EAST)
    assert bot.act(view_for(game, Seat.SOUTH)) == Card.parse("S8").id


def test_it_doubles_only_high_contracts_with_a_strong_hand() -> None:
    game = _game_with_hands(east=WEAK, south="♠AKQJ ♥AKQ ♦AKQJ ♣AK", calls=["4H"])
    advice = NoviceBot(1, mistake_rate=0.0).advise(view_for(game, Seat.SOUTH))
    assert advice.action in (DOUBLE, *range(55, 90))
    game = _game_with_hands(east=WEAK, south="♠AKQJ ♥AKQ ♦AKQJ ♣AK", calls=["1H"])
    assert NoviceBot(1, mistake_rate=0.0).act(view_for(game, Seat.SOUTH)) != DOUBLE


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_it_plays_every_variant_legally(variant: str) -> None:
    game = Game(VARIANTS[variant], seed=f"variant:{variant}")
    bots = [NoviceBot("s"), NoviceBot("e")]
    while not game.is_over and game.hand_number < 3:
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        action = bots[seat].act(view)
        assert action in view.legal_actions
        game.apply(action, seat)
